#!/usr/bin/env bash
# Perft speed of qili in WebAssembly (Node.js) next to ffish-es6.
#
# Builds crates/qili/examples/wasm_perft.rs for wasm32-unknown-unknown, installs
# ffish-es6 into a scratch directory under target/ (nothing is added to the
# repository's package files) and runs scripts/bench_wasm.mjs.
#
# Usage: scripts/bench_wasm.sh [RUNS]     (RUNS timed runs each, fastest kept; default 3)
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${1:-3}

rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown
cargo build --quiet --release -p qili --example wasm_perft --target wasm32-unknown-unknown
WASM=target/wasm32-unknown-unknown/release/examples/wasm_perft.wasm

source scripts/ffish_es6.sh

echo "node $(node --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
node scripts/bench_wasm.mjs "$WASM" "$FFISH_DIR" "$RUNS"
