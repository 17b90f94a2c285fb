#!/usr/bin/env bash
# Build the npm package of the JS API and run its Node tests
# (tests/node/*.test.mjs with `node --test`). The adjudication test also
# compares with the `qili adjudicate` command, built here in debug mode.
#
#   bash scripts/test_node.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

command -v node >/dev/null 2>&1 || { echo "test_node: node not found (Node 20 is expected)" >&2; exit 1; }

bash scripts/build_npm.sh
cargo build -p qili-cli
QILI_CLI="$PWD/target/debug/qili" node --test tests/node/
