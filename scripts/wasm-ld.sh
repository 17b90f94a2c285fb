#!/usr/bin/env bash
# The linker of every wasm build (.cargo/config.toml): rust-lld, without the
# exports of wasm-streams' three JS classes (IntoUnderlyingSource, -Sink,
# -ByteSource).
#
# Leptos depends on server_fn, which depends on wasm-streams, whose classes
# are `#[wasm_bindgen]` exports. An export is a root for the linker, so their
# code stays in, and with it everything it reaches: std's I/O error messages,
# the stream adapters. No Qili module streams anything; dropping the exports
# before the link lets the linker leave all of it out (about 5.7 KB gzip of
# the site's first load). wasm-opt's `--remove-exports` (index.html) comes too
# late: by then the code sits in the function table, which it cannot prune.
set -euo pipefail
host=$(rustc -vV | sed -n 's/^host: //p')
lld="$(rustc --print sysroot)/lib/rustlib/$host/bin/rust-lld"
args=()
while (($#)); do
    if [[ $1 == --export && ${2:-} == *intounderlying* ]]; then
        shift 2
        continue
    fi
    args+=("$1")
    shift
done
exec "$lld" "${args[@]}"
