#!/usr/bin/env bash
# Serve the Qili site at http://127.0.0.1:$PORT/ (default 8080), rebuilding on
# changes. Installs whatever is missing first (scripts/bootstrap.sh).
#
#   bash scripts/serve.sh                 # debug build, fast to rebuild
#   PORT=3000 bash scripts/serve.sh --release
#   HOST=0.0.0.0 bash scripts/serve.sh    # listen beyond loopback
#
# Extra arguments go to `trunk serve`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
# node_modules/.bin first: Trunk must find binaryen 132's wasm-opt, not Debian's.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

port=${PORT:-8080}
host=${HOST:-127.0.0.1}
echo "[serve] http://$host:$port/ (Ctrl-C stops)" >&2
exec trunk serve index.html --offline --address "$host" --port "$port" "$@"
