#!/usr/bin/env bash
# Fuzz every target of fuzz/ (or those named) for SECONDS each, one after the
# other, and print a table: executions, coverage, crashes.
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]     (default 60 s, every target)
#   FUZZ_NICE=0 bash scripts/fuzz.sh 600 adjudicate
#   FUZZ_CORPUS=target/fuzz/smoke bash scripts/fuzz.sh 5   # another working corpus (test.sh)
#   FUZZ_KEEP_GOING=1 bash scripts/fuzz.sh 3600 adjudicate  # do not stop at the first crash
#
# cargo-fuzz is installed from crates.io if missing; it runs on the stable
# toolchain with RUSTC_BOOTSTRAP=1 (AddressSanitizer on, no nightly needed).
# Each target's working corpus is fuzz/corpus/TARGET (not committed), grown
# from the committed seeds fuzz/seeds/TARGET (scripts/fuzz_seeds.py). A
# crashing input lands in fuzz/artifacts/TARGET/ and libFuzzer's output in
# target/fuzz/corpus/TARGET.log; every run appends a line to target/fuzz/runs.tsv.
# Exits non-zero if any target crashed (or failed to build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

SECONDS_EACH=${1:-60}
shift || true
# Low priority by default: the machine is shared with builds.
NICE=${FUZZ_NICE:-19}
CORPUS=${FUZZ_CORPUS:-fuzz/corpus}
# Keep going after a crash: libFuzzer's fork mode with one worker (still one
# process fuzzing at a time), every crashing input saved.
keep_going=()
[[ -n ${FUZZ_KEEP_GOING:-} ]] && keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)

cargo fuzz --version >/dev/null 2>&1 || cargo install --locked cargo-fuzz
fuzz() { RUSTC_BOOTSTRAP=1 nice -n "$NICE" cargo +stable fuzz "$@"; }

targets=("$@")
((${#targets[@]})) || mapfile -t targets < <(cargo fuzz list)

# Logs by working corpus: a smoke run does not overwrite a long run's.
logs=target/fuzz/$(basename "$CORPUS")
mkdir -p "$logs"
rows=()
failed=0
for t in "${targets[@]}"; do
    mkdir -p "$CORPUS/$t" "fuzz/seeds/$t" "fuzz/artifacts/$t"
    before=$(find "fuzz/artifacts/$t" -type f ! -name 'slow-unit-*' | wc -l)
    log=$logs/$t.log
    printf '=== fuzz %s for %ss (log: %s)\n' "$t" "$SECONDS_EACH" "$log"
    rc=0
    fuzz run "$t" "$CORPUS/$t" "fuzz/seeds/$t" -- \
        -max_total_time="$SECONDS_EACH" -print_final_stats=1 "${keep_going[@]}" >"$log" 2>&1 || rc=$?
    # Executions: the final stats, or in fork mode the last status line's count.
    # (grep -a: a log may hold bytes of the inputs it prints.)
    execs=$(grep -a '^stat::number_of_executed_units:' "$log" | tail -1 | tr -dc 0-9 || true)
    [[ -n $execs ]] || execs=$(grep -aoE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    stats=$(grep -aE '^#[0-9]+' "$log" | grep -o 'cov: [0-9]* ft: [0-9]*' | tail -1 || true)
    # Crashes: the crashing inputs (crash-, timeout-, oom-, leak-) this run saved.
    crashes=$(($(find "fuzz/artifacts/$t" -type f ! -name 'slow-unit-*' | wc -l) - before))
    if ((rc != 0 || crashes > 0)); then
        ((crashes > 0)) || crashes=1
        failed=1
        grep -aE 'panicked|ERROR|Test unit written|error' "$log" | head -5 >&2 || tail -20 "$log" >&2
    fi
    row=$(printf '%s\t%s\t%s\t%s\t%s' "$t" "$SECONDS_EACH" "${execs:-?}" "${stats:-cov: ? ft: ?}" "$crashes")
    rows+=("$row")
    printf '%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$CORPUS" "$row" >>target/fuzz/runs.tsv
done

printf '\n| target | seconds | executions | coverage | crashes |\n|---|---:|---:|---|---:|\n'
for row in "${rows[@]}"; do
    IFS=$'\t' read -r t s e c k <<<"$row"
    printf '| %s | %s | %s | %s | %s |\n' "$t" "$s" "$e" "$c" "$k"
done
exit "$failed"
