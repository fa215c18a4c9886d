#!/usr/bin/env bash
# The second-libm canary: every verdict, pin, counterexample, generated case and README figure
# must be the same with musl's libm in place of glibc's. ZoomCheck's own judgements go through
# IEEE-exact arithmetic and its correctly rounded sinf/logf, so a libm whose last bits differ
# must change nothing it reports.
#
#   bash CI/musl-canary.sh [zoomcheck binary]    (default .build/release/zoomcheck, else debug)
#
# Also runs the libm-sensitive Swift Testing suites (the whole suite with
# ZOOMCHECK_CANARY_SUITE=1) from the debug test binary that `swift build --build-tests` leaves,
# .build/debug/ZoomCheckPackageTests.xctest, with musl preloaded: every pin, golden expectation
# and generated-case pin they hold must hold with either libm.
#
# Needs Debian's musl-dev (apt-get install musl-dev), whose libc.a holds musl's libm as
# position-independent objects: their `ar x` and a `cc -shared` make a library that, preloaded,
# replaces glibc's functions in zoomcheck (and nowhere else: the build is not preloaded).
set -euo pipefail
cd "$(dirname "$0")/.."

archive=/usr/lib/x86_64-linux-musl/libc.a
if [ ! -f "$archive" ]; then
    echo "skipped: install musl-dev (apt-get install musl-dev) to run the musl libm canary"
    exit 0
fi
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

work=.build/musl-canary
rm -rf "$work"
mkdir -p "$work/objects"
# Every libm function the Swift sources call (sinf and logf only through --libm platform; the
# double ones in the seed port, the panels, the oracles and the corpus evaluator), and the
# internal helpers and tables they need.
functions="sinf logf sin cos tan asin acos atan atan2 exp exp2 log log2 log10 log1p expm1 sinh cosh tanh asinh acosh atanh pow
    remainder fmod
    __sin __cos __tan __sindf __cosdf __rem_pio2 __rem_pio2f __rem_pio2_large __expo2
    exp_data exp2f_data log_data log2_data logf_data pow_data
    __math_divzero __math_divzerof __math_invalid __math_invalidf __math_oflow __math_oflowf __math_uflow __math_uflowf __math_xflow __math_xflowf"
objects=""
for name in $functions; do objects="$objects $name.lo"; done
(cd "$work/objects" && ar x "$archive" $objects)
cc -shared -o "$work/libmusl-m.so" "$work"/objects/*.lo
library=$(pwd)/$work/libmusl-m.so

# zoomcheck with musl's libm preloaded; nothing else is.
cat > "$work/zoomcheck" <<WRAPPER
#!/bin/sh
LD_PRELOAD="$library" exec "$binary" "\$@"
WRAPPER
chmod +x "$work/zoomcheck"

# The preload takes effect: the platform libm zoomcheck names is musl's.
named=$("$work/zoomcheck" check --libm platform --impl seed --property y-within-one-pixel --cases 10 2>&1 | grep -m1 'libm: the seed ports call' || true)
case "$named" in
    *"$library"*) echo "musl's libm is preloaded: ${named#*libm: }" ;;
    *) echo "the preloaded library did not take effect: $named" >&2; exit 1 ;;
esac
"$work/zoomcheck" check --libm platform --impl seed --property y-within-one-pixel --cases 10 2>&1 | grep -m1 'libm: at ' | sed 's/^ *//; s/^libm: /musl against the correctly rounded pair: /'

# The suite, run by its own binary (as swift test --disable-xctest runs it) with musl's libm
# preloaded into it alone. In the gate: the suites whose expectations go through a libm (the
# generated-case pins, the golden corpus, the reference values, the portable and correctly
# rounded functions, every family's pins); the whole suite with ZOOMCHECK_CANARY_SUITE=1 (the
# nightly profile: 474 tests, about 18 minutes on this loaded 2-core machine).
if [ "${ZOOMCHECK_CANARY_SUITE:-}" = 1 ]; then
    selection=()
    echo "the whole suite with musl's libm (ZOOMCHECK_CANARY_SUITE=1)"
else
    selection=(--filter 'GeneratedCasePins|GoldenCases|MercatorMath|PortableMath|CorrectlyRounded|EveryFamilySuite|SeedPort')
    echo "the libm-sensitive suites with musl's libm (the whole suite: ZOOMCHECK_CANARY_SUITE=1, nightly)"
fi
if ! LD_PRELOAD="$library" "$tests" --testing-library swift-testing "${selection[@]}" > "$work/swift-test.txt" 2>&1; then
    echo "swift test fails with musl's libm preloaded:" >&2
    grep -E '✘|recorded an issue' "$work/swift-test.txt" | head -n 40 >&2
    exit 1
fi
summary=$(grep -a 'Test run with' "$work/swift-test.txt" | tail -n 1 | sed 's/\x1b\[[0-9;]*m//g')
case "$summary" in
    *" passed after "*) echo "swift test with musl's libm: ${summary#*Test run }" ;;
    *) echo "swift test with musl's libm printed no passing summary: $summary" >&2; exit 1 ;;
esac

# Timings and the binary's own path are the only differences allowed.
strip() { sed -E 's/"(elapsedSeconds|milliseconds|seconds|durationMilliseconds)" *: *[0-9.e+-]+/"\1":0/g; s/, *[0-9]+ ms\)/)/g; s/ cases in [0-9.]+ s$/ cases/; s#[^ "]*/zoomcheck replay#zoomcheck replay#g' | tr -s ' '; }
for libm in glibc musl; do
    program=$binary
    [ "$libm" = musl ] && program=$work/zoomcheck
    "$program" check --impl all --seed 0x20100122 --cases 10000 --regressions Corpus/regressions --json "$work/check-$libm.json" > "$work/check-$libm.txt" || true
    "$program" corpus > "$work/corpus-$libm.txt"
done
for file in check-glibc.json check-glibc.txt corpus-glibc.txt; do
    if ! diff <(strip < "$work/$file") <(strip < "$work/${file/glibc/musl}") > "$work/diff.txt"; then
        echo "musl's libm changes ${file/-glibc/}:" >&2
        head -n 40 "$work/diff.txt" >&2
        exit 1
    fi
done
echo "check --impl all (JSON and report) and corpus: identical under glibc and musl, timings aside"

ZOOMCHECK_BINARY="$work/zoomcheck" bash CI/readme-table.sh --check
echo "README and PROTOCOL tables and CI/figures: current under musl's libm"
