#!/usr/bin/env bash
# One benchmark table: each row Qili next to its anchor, measured in the same
# run, and their ratio. Builds what it needs; writes target/bench.md and
# prints it.
#
#   bash scripts/bench.sh
#   PIKAFISH=/path/to/pikafish bash scripts/bench.sh   # the native perft anchor
#   BENCH_RUNS=5 bash scripts/bench.sh                 # timed runs, fastest kept (default 3)
#   BENCH_GAMES=300 bash scripts/bench.sh              # games of the whole-games table (default 2563)
#
# Rows:
#   perft(5) from the start, native            vs Pikafish `go perft 5` (if PIKAFISH is given)
#   perft in Wasm under Node (bench_wasm.sh)   vs ffish-es6 (Fairy-Stockfish in Wasm)
#   whole repetition games, native and Wasm    vs ffish-es6 push + result() (scripts/bench_games.sh)
#   the visible case batch; p50/p99 per move   vs the targets of the issues (no engine does this)
#   site first load, gzip and brotli           vs ffish.wasm alone
#   first render in headless Chromium          (no anchor)
# The ratio reads "Qili is N× the anchor": above 1, Qili is faster or smaller.
# Timings depend on the machine and its load, printed at the top: this is a
# measurement, not a test (scripts/test.sh never times anything).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_PROGRESS_WHEN=never

RUNS=${BENCH_RUNS:-3}
OUT=target/bench.md
mkdir -p target
rows=()

# row WHAT QILI ANCHOR RATIO
row() { rows+=("| $1 | $2 | $3 | $4 |"); }
now() { date +%s.%N; }
# calc EXPR: floating-point arithmetic.
calc() { awk "BEGIN { printf \"%.2f\", $1 }"; }

# best_time CMD...: the fastest of RUNS runs of CMD, in seconds (its output
# of the last run in $last_output).
best_time() {
    local best="" t0 t i
    for ((i = 0; i < RUNS; i++)); do
        t0=$(now)
        last_output=$("$@")
        t=$(calc "$(now) - $t0")
        if [[ -z $best ]] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi
    done
    echo "$best"
}

bash scripts/bootstrap.sh
echo "building the command line tool, the benches and the site..."
cargo build --quiet --release -p qili-cli
cargo bench --quiet -p qili --bench cases --no-run 2>/dev/null
trunk build index.html --release --offline >target/bench-trunk.log 2>&1 ||
    { cat target/bench-trunk.log >&2; exit 1; }

machine="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GB"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# --- perft(5) from the start, native, against Pikafish.
PERFT5=133312995
qili_perft() {
    local out
    out=$(target/release/qili perft 5)
    [[ ${out##*$'\n'} == "$PERFT5" ]] || { echo "qili perft 5: $out" >&2; exit 1; }
}
q=$(best_time qili_perft)
q_rate=$(calc "$PERFT5 / $q / 1e6")
if [[ -n ${PIKAFISH:-} ]]; then
    pikafish_perft() {
        local out
        out=$(printf 'position startpos\ngo perft 5\nquit\n' | "$PIKAFISH")
        grep -q "Nodes searched: $PERFT5" <<<"$out" || { echo "pikafish perft 5: $out" >&2; exit 1; }
    }
    pikafish_start() { printf 'isready\nquit\n' | "$PIKAFISH" >/dev/null; }
    # Its start-up (the network file it loads) is timed apart and taken off.
    p_all=$(best_time pikafish_perft)
    p_start=$(best_time pikafish_start)
    p=$(calc "$p_all - $p_start")
    row "perft(5) start, native" "$q s ($q_rate M nodes/s)" "Pikafish $p s (start-up $p_start s taken off)" "$(calc "$p / $q")×"
else
    row "perft(5) start, native" "$q s ($q_rate M nodes/s)" "Pikafish: absent (set PIKAFISH=path)" "—"
fi

# --- perft in WebAssembly under Node, against ffish-es6 (bench_wasm.sh).
wasm=$(bash scripts/bench_wasm.sh "$RUNS")
echo "$wasm"
node_version=$(node --version)
for name in start middlegame; do
    ql=$(grep -E "^qili +$name " <<<"$wasm")
    fl=$(grep -E "^ffish-es6 +$name " <<<"$wasm")
    ratio=$(grep -E "^ratio +$name " <<<"$wasm" | grep -oE '[0-9.]+x$')
    row "perft in Wasm, $name (Node $node_version)" \
        "$(grep -oE 'perft [0-9]+' <<<"$ql"): $(grep -oE '[0-9.]+ M nodes/s' <<<"$ql")" \
        "ffish-es6 $(grep -oE 'perft [0-9]+' <<<"$fl"): $(grep -oE '[0-9.]+ M nodes/s' <<<"$fl")" \
        "${ratio%x}×"
done

# --- BEGIN whole games (issue 20) -------------------------------------------
# Labelling every move of the 2,563 repetition games and ruling them, native
# and in Wasm, against ffish-es6 doing push + result() at every ply:
# scripts/bench_games.sh (the lead's, issue 20) prints its own Markdown tables
# (engine, rules, seconds, moves/s, ratio), written under this table as they are.
GAMES=${BENCH_GAMES:-2563}
games_md=""
if [[ -f scripts/bench_games.sh ]]; then
    games_md=$(bash scripts/bench_games.sh "$GAMES")
    echo "$games_md"
    row "whole repetition games, native and Wasm" "see \"Whole games\" below" "ffish-es6 push + result()" "below"
else
    row "whole repetition games, native and Wasm" "not measured: scripts/bench_games.sh (issue 20) is missing" "ffish-es6 push + result()" "—"
fi
# --- END whole games ----------------------------------------------------------

# --- the visible case batch, and the time per move over the corpus.
cases=$(QILI_BENCH_EDITION=all cargo bench --quiet -p qili --bench cases 2>&1)
echo "$cases"
batch=$(grep '^(a) case batch' <<<"$cases")
row "visible case batch ($(grep -oE '^\(a\) case batch: [0-9]+ cases \([0-9]+ moves' <<<"$batch" | sed -E 's/.*: ([0-9]+) cases \(([0-9]+) moves/\1 cases, \2 moves/')), native" \
    "$(grep -oE 'best [0-9.]+ ms' <<<"$batch" | cut -d' ' -f2-)" "target ≤ 50 ms" \
    "$(calc "50 / $(grep -oE 'best [0-9.]+' <<<"$batch" | cut -d' ' -f2)")×"
while IFS= read -r line; do
    edition=$(sed -E 's/^\(b\) classify, ([a-z0-9]+):.*/\1/' <<<"$line")
    p50=$(grep -oE 'p50 [0-9.]+' <<<"$line" | cut -d' ' -f2)
    p99=$(grep -oE 'p99 [0-9.]+' <<<"$line" | cut -d' ' -f2)
    n=$(grep -oE '[0-9]+ moves' <<<"$line")
    row "label one move, $edition ($n of the repetition games), native" \
        "p50 $p50 µs, p99 $p99 µs" "target p99 ≤ 1000 µs" "$(calc "1000 / $p99")×"
done < <(grep '^(b) classify' <<<"$cases")

# --- the site's first load against ffish.wasm alone, compressed.
site=$(node scripts/first_load.mjs dist)
ffish_wasm=target/bench-wasm/node_modules/ffish-es6/ffish.wasm
ffish=$(node scripts/first_load.mjs --files "$ffish_wasm")
field() { grep -oE "\"$1\":[0-9]+" <<<"$2" | cut -d: -f2; }
for enc in gzip brotli; do
    s=$(field "$enc" "$site")
    f=$(field "$enc" "$ffish")
    row "site first load, $enc (page, wasm, JS, CSS)" "$((s / 1000)) KB" "ffish.wasm alone $((f / 1000)) KB" "$(calc "$f / $s")×"
done

# --- first render in headless Chromium (the smoke test's measurement).
node tests/browser/run.mjs smoke >target/bench-browser.log 2>&1 ||
    { cat target/bench-browser.log >&2; exit 1; }
render=$(node -e 'const m = require("./tests/browser/artifacts/metrics.json").smoke;
console.log(m.first_render.value, m.wasm_fetch ? m.wasm_fetch.value : "?")')
row "first render in headless Chromium (title drawn; wasm fetch ${render#* } ms)" "${render%% *} ms" "— (no anchor)" "—"

{
    printf '# Qili benchmarks\n\n'
    printf '%s UTC, commit %s; %s; load before %s, after %s.\n\n' \
        "$(date -u +'%F %H:%M')" "$(git rev-parse --short HEAD)" "$machine" "$load_before" \
        "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'Best of %s runs where timed. Ratio: Qili is N× the anchor (above 1: faster or smaller).\n\n' "$RUNS"
    printf '| what | Qili | anchor | ratio |\n|---|---|---|---:|\n'
    printf '%s\n' "${rows[@]}"
    if [[ -n $games_md ]]; then
        printf '\n## Whole games (scripts/bench_games.sh %s)\n\n%s\n' "$GAMES" "$games_md"
    fi
} >"$OUT"
printf '\n'
cat "$OUT"
