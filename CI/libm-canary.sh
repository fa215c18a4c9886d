#!/usr/bin/env bash
# The libm canary: everything ZoomCheck reports — generated cases, verdicts, minimal
# counterexamples, boundaries, messages, pins, the README's tables and the plots — must be the
# same bits under any faithful libm. ZoomCheck's own figures go through IEEE-exact arithmetic,
# its correctly rounded sinf/logf and its double-double functions (PortableMath,
# AccurateMercator), never the platform's libm; this step proves it by preloading other libms
# into zoomcheck and the test binary and comparing with glibc:
#
#   faithful-1, faithful-2   CI/libm-adversary/faithful.c with salts 1 and 2: glibc's double
#                            functions, but for half of the inputs (by a hash of the input bits
#                            and the salt) the other of the two doubles around the exact value —
#                            every result within 1 ulp, as in any faithful libm, with last bits
#                            chosen adversarially (needs cc)
#   musl                     musl's libm from Debian's musl-dev (apt-get install musl-dev)
#
#   bash CI/libm-canary.sh [zoomcheck binary]    (default .build/release/zoomcheck, else debug)
#
# Profiles: CI/nightly.sh runs faithful-2 and musl (each skipped, saying so, without cc or
# musl-dev); ZOOMCHECK_CANARY_SUITE=1 runs all three, and the whole Swift Testing suite
# under each instead of the libm-sensitive suites. ZOOMCHECK_CANARY_LIBMS="faithful-1 musl"
# chooses the libms.
#
# For each libm: (1) the preload takes effect (the corrected core, which calls the platform's
# libm as real code does, answers differently on some of 64 project requests, or for musl,
# `check --libm platform` names the library); (2) the Swift Testing suites pass with it
# preloaded; (3) `check --impl all --json`, its text report and `corpus` are identical to glibc's,
# timings and the binary's own path aside; (4) `CI/regenerate.sh --check --zoomcheck-only` finds
# every README table, plot, catalogue page and failure example current.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-}
if [ -z "$binary" ]; then
    binary=.build/release/zoomcheck
    [ -x "$binary" ] || binary=.build/debug/zoomcheck
fi
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
tests=.build/debug/ZoomCheckPackageTests.xctest
if [ ! -x "$tests" ]; then
    echo "the test binary $tests is missing: run swift build --build-tests first" >&2
    exit 1
fi
if [ "${ZOOMCHECK_CANARY_SUITE:-}" = 1 ]; then
    libms=${ZOOMCHECK_CANARY_LIBMS:-faithful-1 faithful-2 musl}
else
    libms=${ZOOMCHECK_CANARY_LIBMS:-faithful-2 musl}
fi

work=.build/libm-canary
rm -rf "$work"
mkdir -p "$work"

# build NAME: the preloadable library for NAME in $work/NAME.so, or a line saying why it is skipped.
build() {
    local name=$1
    case "$name" in
        faithful-*)
            if ! command -v cc >/dev/null 2>&1; then
                echo "skipped $name: no C compiler (apt-get install gcc) to build CI/libm-adversary/faithful.c"
                return 1
            fi
            cc -O2 -shared -fPIC -DSALT="${name#faithful-}" -o "$work/$name.so" CI/libm-adversary/faithful.c -ldl -lm
            ;;
        musl)
            local archive=/usr/lib/x86_64-linux-musl/libc.a
            if [ ! -f "$archive" ]; then
                echo "skipped musl: install musl-dev (apt-get install musl-dev) to run the musl libm canary"
                return 1
            fi
            # Every libm function the Swift sources call (the implementations under test among
            # them), and the internal helpers and tables they need.
            local functions="sinf logf sin cos tan asin acos atan atan2 exp exp2 log log2 log10 log1p expm1 sinh cosh
                tanh asinh acosh atanh pow remainder fmod
                __sin __cos __tan __sindf __cosdf __rem_pio2 __rem_pio2f __rem_pio2_large __expo2
                exp_data exp2f_data log_data log2_data logf_data pow_data
                __math_divzero __math_divzerof __math_invalid __math_invalidf __math_oflow __math_oflowf
                __math_uflow __math_uflowf __math_xflow __math_xflowf"
            local objects="" name_
            for name_ in $functions; do objects="$objects $name_.lo"; done
            mkdir -p "$work/musl-objects"
            (cd "$work/musl-objects" && ar x "$archive" $objects)
            cc -shared -o "$work/musl.so" "$work"/musl-objects/*.lo
            ;;
        *) echo "unknown libm $name (faithful-1, faithful-2 or musl)" >&2; exit 64 ;;
    esac
}

# Timings and the binary's own path are the only differences allowed.
strip() {
    sed -E 's/"(elapsedSeconds|milliseconds|seconds|durationMilliseconds)" *: *[0-9.e+-]+/"\1":0/g;
        s/, *[0-9]+ ms\)/)/g; s/ cases in [0-9.]+ s$/ cases/; s#[^ "]*/zoomcheck replay#zoomcheck replay#g' | tr -s ' '
}
run_outputs() {  # run_outputs PROGRAM TAG: the reports compared below
    "$1" check --impl all --seed 0x20100122 --cases 10000 --regressions Corpus/regressions \
        --json "$work/check-$2.json" > "$work/check-$2.txt" || true
    "$1" corpus > "$work/corpus-$2.txt"
}
# 64 project requests at a fractional zoom: the corrected core's y goes through the platform's
# atanh, sin, log and tan.
for i in $(seq 0 63); do
    printf '{"id":%d,"op":"project","lat":%s,"lon":0,"zoom":20.5}\n' "$i" "$(awk -v i="$i" 'BEGIN { printf "%.17g", -84 + i * 2.6328125 }')"
done > "$work/requests.jsonl"
"$binary" eval < "$work/requests.jsonl" > "$work/eval-glibc.jsonl"
run_outputs "$binary" glibc

ran=0
for libm in $libms; do
    build "$libm" || continue
    library=$(pwd)/$work/$libm.so
    program=$work/zoomcheck-$libm
    printf '#!/bin/sh\nLD_PRELOAD="%s" exec "%s" "$@"\n' "$library" "$binary" > "$program"
    chmod +x "$program"

    # (1) The preload takes effect.
    if [ "$libm" = musl ]; then
        named=$("$program" check --libm platform --impl seed --property y-within-one-pixel --cases 10 2>&1 \
            | grep -m1 'libm: the seed ports call' || true)
        case "$named" in
            *"$library"*) echo "musl's libm is preloaded: ${named#*libm: }" ;;
            *) echo "the preloaded musl did not take effect: $named" >&2; exit 1 ;;
        esac
    fi
    "$program" eval < "$work/requests.jsonl" > "$work/eval-$libm.jsonl"
    moved=$(paste -d '\n' "$work/eval-glibc.jsonl" "$work/eval-$libm.jsonl" | paste - - | awk -F '\t' '$1 != $2' | wc -l)
    if [ "$libm" != musl ] && [ "$moved" = 0 ]; then
        echo "$libm did not take effect: the corrected core's 64 answers are glibc's" >&2
        exit 1
    fi
    echo "$libm preloaded: the corrected core (platform libm) answers $moved of 64 project requests differently"

    # (2) The Swift Testing suites, run by their own binary with the libm preloaded: the whole
    # suite under ZOOMCHECK_CANARY_SUITE=1; otherwise, the suites whose expectations are figures the
    # reports below do not print (generated-case pins, the portable functions against mpmath,
    # the golden cases, the seed port's pinned values).
    if [ "${ZOOMCHECK_CANARY_SUITE:-}" = 1 ]; then
        selection=()
    else
        selection=(--filter 'GeneratedCasePins|GoldenCases|MercatorMath|PortableMath|CorrectlyRounded|SeedPort')
    fi
    if ! LD_PRELOAD="$library" "$tests" --testing-library swift-testing "${selection[@]}" > "$work/swift-test-$libm.txt" 2>&1
    then
        echo "swift test fails with $libm preloaded:" >&2
        grep -aE '✘|recorded an issue' "$work/swift-test-$libm.txt" | head -n 40 >&2
        exit 1
    fi
    summary=$(grep -a 'Test run with' "$work/swift-test-$libm.txt" | tail -n 1 | sed 's/\x1b\[[0-9;]*m//g')
    case "$summary" in
        *" passed after "*) echo "swift test with $libm: ${summary#*Test run }" ;;
        *) echo "swift test with $libm printed no passing summary: $summary" >&2; exit 1 ;;
    esac

    # (3) The same reports.
    run_outputs "$program" "$libm"
    for file in check-glibc.json check-glibc.txt corpus-glibc.txt; do
        if ! diff <(strip < "$work/$file") <(strip < "$work/${file/glibc/$libm}") > "$work/diff.txt"; then
            echo "$libm changes ${file/-glibc/}:" >&2
            head -n 40 "$work/diff.txt" >&2
            exit 1
        fi
    done
    echo "check --impl all (JSON and report) and corpus: identical under glibc and $libm, timings aside"

    # (4) Every generated artefact zoomcheck writes is current under it.
    ZOOMCHECK_BINARY="$program" bash CI/regenerate.sh --check --zoomcheck-only > "$work/regenerate-$libm.txt"
    echo "README tables, plots, catalogue and failure example: current under $libm"
    ran=$((ran + 1))
done
echo "libm canary: $ran of the libms ($libms) compared with glibc"
