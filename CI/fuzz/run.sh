#!/usr/bin/env bash
# Fuzzes ZoomCheck's input parsers with libFuzzer and AddressSanitizer (leak detection on):
# one target per parser, each with its committed seeds (CI/fuzz/seeds/NAME), dictionary
# (CI/fuzz/dictionaries/NAME.dict) and max_len.
#
#   bash CI/fuzz/run.sh [SECONDS] [TARGET...]    SECONDS per target (default 60; 0: no limit)
#   FUZZ_RUNS=100000000 bash CI/fuzz/run.sh 0    the nightly profile: 10^8 executions per target
#   bash CI/fuzz/run.sh --self-test              a planted crash must fail the run (seconds)
#
# Exits nonzero when any target crashed, leaked or timed out (every target still runs).
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
        corpus) echo 131072 ;;    # one case block is ~1-3 KB; room for thousands of repeated
                                  # keys in one case (seeds/corpus/case40.zc, ~98 KB), where a
                                  # quadratic case builder once hid
        answer) echo 1024 ;;      # an answer is ~100 bytes
        regressions) echo 1024 ;; # a header, a property and a few case lines
    esac
}

# Runs one fuzzer binary ($1: target name, then the binary and its arguments), shows
# libFuzzer's summary lines and any error, and returns the fuzzer's own status: libFuzzer
# exits nonzero on a crash, a leak or a timeout, and that status must reach the caller
# (a filter in the pipeline must not swallow it). Sanitizer reports start "==PID==ERROR:"
# or "==PID== ERROR:" (libFuzzer's own deadly-signal report has the space).
run_target() {
    local target="$1"; shift
    local log status=0
    log=$(mktemp)
    ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" SWIFT_BACKTRACE=enable=no "$@" > "$log" 2>&1 || status=$?
    grep -E '^(#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added|==[0-9]+== ?(ERROR|WARNING)|WARNING: no interesting inputs|SUMMARY|Done|.*deadly signal|.*artifact)' "$log" || true
    rm -f "$log"
    if [ "$status" != 0 ]; then
        echo "fuzz-$target FAILED (exit $status): see the artifact above in CI/fuzz/artifacts/" >&2
    fi
    return "$status"
}

# --self-test: the status handling above, with a planted crash (a stand-in fuzzer that
# prints libFuzzer's crash report and exits 1, as a crashing target does) and a clean run;
# seconds, no sanitizer build. The CI gate runs it.
if [ "$seconds" = "--self-test" ]; then
    fake=$(mktemp -d)
    printf '#!/bin/sh\necho "==4242== ERROR: libFuzzer: deadly signal"\necho "artifact_prefix=x; Test unit written to ./crash-0"\nexit 1\n' > "$fake/crash"
    printf '#!/bin/sh\necho "stat::average_exec_per_sec:     1000"\nexit 0\n' > "$fake/clean"
    chmod +x "$fake/crash" "$fake/clean"
    shown=$(run_target planted "$fake/crash" 2>&1) && { echo "self-test: a planted crash exited 0" >&2; exit 1; }
    grep -q '==4242== ERROR: libFuzzer: deadly signal' <<<"$shown" || { echo "self-test: the crash report was filtered out" >&2; exit 1; }
    run_target clean "$fake/clean" > /dev/null || { echo "self-test: a clean run failed" >&2; exit 1; }
    rm -rf "$fake"
    echo "self-test: a planted crash exits nonzero and shows its report; a clean run exits 0"
    exit 0
fi

for target in "${targets[@]}"; do
    swift build -c release --sanitize=fuzzer --sanitize=address --scratch-path .build-fuzz --product "fuzz-$target" 2>&1 | tail -n 1
done
mkdir -p artifacts
failed=()
for target in "${targets[@]}"; do
    corpus="$corpus_root/$target"
    mkdir -p "$corpus"
    # -timeout: an input that takes more than 10 s is reported (and fails the run): a
    # quadratic path is a finding, not a slow run.
    limits=(-max_len="$(max_len "$target")" -dict="dictionaries/$target.dict" -timeout=10)
    [ "$seconds" != 0 ] && limits+=(-max_total_time="$seconds")
    [ -n "${FUZZ_RUNS:-}" ] && limits+=(-runs="$FUZZ_RUNS")
    echo "== fuzz-$target (corpus $corpus, ${limits[*]})"
    run_target "$target" "./.build-fuzz/release/fuzz-$target" "${limits[@]}" -artifact_prefix="artifacts/$target-" \
        -print_final_stats=1 "$corpus" "seeds/$target" || failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found a problem in: ${failed[*]}" >&2
    exit 1
fi
