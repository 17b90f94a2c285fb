#!/usr/bin/env bash
# Whole games, labelled and ruled: Qili (native and Wasm through the JS API)
# next to Fairy-Stockfish's repetition check (ffish-es6), in one run.
#
# Builds the release `qili` CLI and the JS API's Node package
# (scripts/build_npm.sh), installs ffish-es6 into a scratch directory under
# target/ (nothing is added to the repository's package files) and runs
# scripts/bench_games.mjs, which prints Markdown tables.
#
# Usage: scripts/bench_games.sh [GAMES]   (games in the first table; default 300)
set -euo pipefail
cd "$(dirname "$0")/.."

CORPUS=${QILI_CORPUS:-../shared/corpus/games.jsonl.gz}
[ -f "$CORPUS" ] || { echo "bench_games: no corpus at $CORPUS" >&2; exit 1; }

cargo build --quiet --release -p qili-cli
bash scripts/build_npm.sh >/dev/null
source scripts/ffish_es6.sh

echo "node $(node --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
node scripts/bench_games.mjs target/npm/qili "$FFISH_DIR" \
    target/release/qili "$CORPUS" "${1:-300}"
