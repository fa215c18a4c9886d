#!/usr/bin/env bash
# Fuzzes ZoomCheck's input parsers with libFuzzer and AddressSanitizer (leak detection on):
# one target per parser, each with its committed seeds (CI/fuzz/seeds/NAME), dictionary
# (CI/fuzz/dictionaries/NAME.dict) and max_len.
#
#   bash CI/fuzz/run.sh [SECONDS] [TARGET...]    SECONDS per target (default 60; 0: no limit)
#   FUZZ_RUNS=100000000 bash CI/fuzz/run.sh 0    the nightly profile: 10^8 executions per target
#
# Targets: eval (zoomcheck eval's JSON lines), corpus (golden *.zc files), answer (an exec:
# program's answer line), regressions (*.regressions files).
#
# The grown corpus is kept between runs outside git, in $ZOOMCHECK_FUZZ_CORPUS/NAME (default
# ${XDG_CACHE_HOME:-~/.cache}/zoomcheck/fuzz/NAME); merge findings worth keeping into the
# committed seeds deliberately: `... -merge=1 CI/fuzz/seeds/NAME "$corpus/NAME"`. Crash,
# leak and timeout files land in CI/fuzz/artifacts/ (ignored by git). Not part of the CI
# gate: it takes minutes and a sanitizer build.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(eval corpus answer regressions)
corpus_root="${ZOOMCHECK_FUZZ_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/zoomcheck/fuzz}"

# max_len per target: far above any real line or case, far below what makes each run slow.
max_len() {
    case "$1" in
        eval) echo 4096 ;;        # a request line is ~100 bytes; several lines per input
        corpus) echo 4096 ;;      # one case block is ~1-3 KB
        answer) echo 1024 ;;      # an answer is ~100 bytes
        regressions) echo 1024 ;; # a header, a property and a few case lines
    esac
}

for target in "${targets[@]}"; do
    swift build -c release --sanitize=fuzzer --sanitize=address --scratch-path .build-fuzz --product "fuzz-$target" 2>&1 | tail -n 1
done
mkdir -p artifacts
for target in "${targets[@]}"; do
    corpus="$corpus_root/$target"
    mkdir -p "$corpus"
    limits=(-max_len="$(max_len "$target")" -dict="dictionaries/$target.dict")
    [ "$seconds" != 0 ] && limits+=(-max_total_time="$seconds")
    [ -n "${FUZZ_RUNS:-}" ] && limits+=(-runs="$FUZZ_RUNS")
    echo "== fuzz-$target (corpus $corpus, ${limits[*]})"
    ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" SWIFT_BACKTRACE=enable=no \
        "./.build-fuzz/release/fuzz-$target" "${limits[@]}" -artifact_prefix="artifacts/$target-" \
        -print_final_stats=1 "$corpus" "seeds/$target" 2>&1 \
        | grep -E '^(#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added|==[0-9]+==ERROR|SUMMARY|Done|.*artifact)' || true
done
