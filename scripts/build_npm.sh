#!/usr/bin/env bash
# Build the JS API (crates/qili-wasm) as npm-style package directories:
#
#   target/npm/qili/      for Node (CommonJS: require("…/qili") or ESM named imports)
#   target/npm/qili-web/  for browsers and bundlers (ES module; call the default
#                         export `init()` once before anything else)
#
# Each holds package.json (name, version from Cargo, main/types/files), the
# JS glue, its .d.ts and the .wasm. Needs the wasm32-unknown-unknown target
# and wasm-bindgen-cli of the exact version of the wasm-bindgen crate in
# Cargo.lock (scripts/bootstrap.sh installs both).
#
#   bash scripts/build_npm.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

die() { printf 'build_npm: %s\n' "$*" >&2; exit 1; }

# The version Cargo.lock pins for the wasm-bindgen crate; the CLI must equal it.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[[ -n $want ]] || die "no wasm-bindgen in Cargo.lock"
command -v wasm-bindgen >/dev/null 2>&1 ||
    die "wasm-bindgen not found: cargo install wasm-bindgen-cli --version $want (or run scripts/bootstrap.sh)"
have=$(wasm-bindgen --version | awk '{ print $2 }')
[[ $have == "$want" ]] ||
    die "wasm-bindgen $have installed, Cargo.lock needs $want: cargo install --force wasm-bindgen-cli --version $want"

version=$(awk -F'"' '/^version = / { print $2; exit }' crates/qili-wasm/Cargo.toml)
[[ -n $version ]] || die "no version in crates/qili-wasm/Cargo.toml"

cargo build -p qili-wasm --release --target wasm32-unknown-unknown
wasm=target/wasm32-unknown-unknown/release/qili_wasm.wasm

# package DIR NAME TARGET EXTRA_JSON: one package directory.
package() {
    local dir=$1 name=$2 target=$3 extra=$4
    rm -rf "$dir"
    mkdir -p "$dir"
    wasm-bindgen --target "$target" --out-dir "$dir" --out-name qili \
        --remove-name-section --remove-producers-section "$wasm"
    # wasm-bindgen writes a .gitignore of "*" into the output; a package has none.
    rm -f "$dir/.gitignore"
    cat >"$dir/package.json" <<EOF
{
  "name": "$name",
  "version": "$version",
  "description": "Xiangqi (Chinese chess) rules and the 棋例 repetition rules: legal moves, FEN, ICCS/WXF/Chinese notation, adjudication of perpetual check and chase (CXA 1999, CXA 2020, AXF)",
  "license": "MIT OR Apache-2.0",
  "keywords": ["xiangqi", "chinese-chess", "棋例", "wasm"],
$extra
  "main": "qili.js",
  "types": "qili.d.ts",
  "files": ["qili.js", "qili.d.ts", "qili_bg.wasm", "qili_bg.wasm.d.ts"]
}
EOF
}

package target/npm/qili qili nodejs '  "engines": { "node": ">=18" },'
package target/npm/qili-web qili-web web '  "type": "module",
  "module": "qili.js",
  "sideEffects": false,'

raw=$(stat -c %s target/npm/qili/qili_bg.wasm)
gz=$(gzip -9 -c target/npm/qili/qili_bg.wasm | wc -c)
printf 'build_npm: qili %s — target/npm/qili and target/npm/qili-web; qili_bg.wasm %d bytes, %d gzip\n' \
    "$version" "$raw" "$gz"
