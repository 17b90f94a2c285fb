# Sourced by the benchmarks: installs ffish-es6 (Fairy-Stockfish in
# WebAssembly), the anchor they measure against, into a scratch directory
# under target/ (nothing is added to the repository's package files) and sets
# FFISH_DIR to the installed package.
FFISH_VERSION=0.7.10
FFISH_SCRATCH=target/bench-wasm
FFISH_DIR=$FFISH_SCRATCH/node_modules/ffish-es6
if [ ! -f "$FFISH_DIR/ffish.wasm" ] ||
    ! grep -q "\"version\": \"$FFISH_VERSION\"" "$FFISH_DIR/package.json"; then
    mkdir -p "$FFISH_SCRATCH"
    npm install --silent --no-save --no-package-lock --prefix "$FFISH_SCRATCH" "ffish-es6@$FFISH_VERSION"
fi
