#!/usr/bin/env bash
# Every route's replay line, taken exactly as printed and run from a directory outside the
# checkout, on a machine state with no saved regressions (a fresh XDG_CACHE_HOME, a fresh
# regressions directory): it must reproduce the same minimal counterexample and exit with the
# status every replay line keeps — 1 the failure reproduced, 0 the property held, 125 it could
# not run (git bisect's "skip"). Run by CI/gate.sh after it has built the debug binary and the example
# package (it builds nothing itself; the Swift routes' `swift test` finds them built).
#
#   1. the CLI with a built-in implementation (a documented finding of the seed port), named
#      by its path; as `zoomcheck` when it is the binary PATH finds; as `swift run zoomcheck`
#      from its package (that line runs in the package's directory, which the report names);
#   2. exec: with a relative program path (a wrapper around `zoomcheck eval` that answers
#      for the seed port), run from the program's directory, replayed from another;
#   3. a failure found beyond the default case count (10,000 per property);
#   4. a Swift Testing property in the example package, through the line its report prints;
#   5. a user's own ZoomImplementation in the example package (expectCatalogue), likewise;
#   6. lines that cannot run: an exec: program that is gone, a Swift test's line outside its
#      package, a filter that selects no test — each exits 125.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
debug="$root/.build/debug/zoomcheck"
example="$root/Examples/PropertyCheckExample"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "replay route: $*" >&2; exit 1; }

# The command of the first `replay:` line of FILE, as printed: its continuation lines (the
# report wraps at 100 columns with " \") joined, as a shell joins them.
replay_line() {
    awk '!on && /^ *replay: / { on = 1; line = $0; sub(/^ *replay: /, "", line) }
        on && continued { part = $0; sub(/^ +/, "", part); line = line " " part }
        on { if (line ~ / \\$/) { sub(/ \\$/, "", line); continued = 1; next } print line; exit }' "$1"
}

# Runs LINE with /bin/sh from a new directory outside the checkout, with a new, empty
# XDG_CACHE_HOME; output (both streams) to OUT; prints the exit status.
run_elsewhere() {
    local line=$1 out=$2 dir
    dir=$(mktemp -d "$scratch/elsewhere.XXXXXX")
    local status=0
    (cd "$dir" && XDG_CACHE_HOME="$dir/cache" /bin/sh -c "$line") > "$out" 2>&1 || status=$?
    echo "$status"
}

# expect_in FILE TEXT WHAT: FILE contains TEXT (fixed string), else fail naming WHAT.
expect_in() { grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$3: no '$2' in the output above"; }; }

# --- 1. the CLI, built-in implementation ------------------------------------------------
mkdir -p "$scratch/one"
(cd "$scratch/one" && "$debug" check --impl seed --property fit-covers-every-point --regressions "$scratch/one/regressions" > out.txt)
line=$(replay_line "$scratch/one/out.txt")
rm -rf "$scratch/one/regressions"
status=$(run_elsewhere "$line" "$scratch/one/replay.txt")
# 1: the failure reproduced (a documented finding is a failure that reproduces, as expected).
[ "$status" = 1 ] || { cat "$scratch/one/replay.txt" >&2; fail "built-in: the replay exited $status, not 1"; }
expect_in "$scratch/one/replay.txt" "replay: reproduced: fit-covers-every-point against seed fails, minimal counterexample [(0, 180), (57, 180)]" "built-in"
expect_in "$scratch/one/replay.txt" "— as expected" "built-in"
echo "built-in implementation: $line"

# --- 1b. the binary PATH finds: the line names it `zoomcheck` ----------------------------
mkdir -p "$scratch/path/bin"
ln -s "$debug" "$scratch/path/bin/zoomcheck"
(cd "$scratch/path" && PATH="$scratch/path/bin:$PATH" zoomcheck check --impl seed --property fit-covers-every-point \
    --regressions "$scratch/path/regressions" > out.txt)
line=$(replay_line "$scratch/path/out.txt")
case "$line" in "zoomcheck replay "*) ;; *) fail "on PATH: the line is '$line', not zoomcheck replay …" ;; esac
rm -rf "$scratch/path/regressions"
status=$(PATH="$scratch/path/bin:$PATH" run_elsewhere "$line" "$scratch/path/replay.txt")
[ "$status" = 1 ] || { cat "$scratch/path/replay.txt" >&2; fail "on PATH: the replay exited $status, not 1"; }
expect_in "$scratch/path/replay.txt" "replay: reproduced: fit-covers-every-point against seed fails, minimal counterexample [(0, 180), (57, 180)]" "on PATH"
echo "on PATH: $line"

# --- 1c. in the package: `swift run zoomcheck`, run from the directory the header names -----
(cd "$root" && "$debug" check --impl seed --property fit-covers-every-point --regressions "$scratch/package/regressions" \
    > "$scratch/package.txt")
line=$(replay_line "$scratch/package.txt")
case "$line" in "swift run zoomcheck replay "*) ;; *) fail "in the package: the line is '$line', not swift run zoomcheck replay …" ;; esac
expect_in "$scratch/package.txt" "replay lines run from $root" "in the package"
rm -rf "$scratch/package"
status=0
(cd "$root" && /bin/sh -c "$line") > "$scratch/package-replay.txt" 2>&1 || status=$?
[ "$status" = 1 ] || { cat "$scratch/package-replay.txt" >&2; fail "in the package: the replay exited $status, not 1"; }
expect_in "$scratch/package-replay.txt" "replay: reproduced: fit-covers-every-point against seed fails, minimal counterexample [(0, 180), (57, 180)]" "in the package"
echo "in the package: $line"

# --- 2. exec: with a relative program path ----------------------------------------------
mkdir -p "$scratch/two/program"
cat > "$scratch/two/program/seed-adapter.sh" <<EOF
#!/bin/sh
# Answers the JSON-lines protocol for ZoomCheck's seed port: every request gets "impl":"seed".
exec sed -u 's/^{/{"impl":"seed",/' | '$debug' eval
EOF
chmod +x "$scratch/two/program/seed-adapter.sh"
status=0
(cd "$scratch/two/program" && XDG_CACHE_HOME="$scratch/two/cache" "$debug" check --impl exec:./seed-adapter.sh \
    --property fit-covers-every-point --cases 500 > ../out.txt) || status=$?
[ "$status" = 1 ] || { cat "$scratch/two/out.txt" >&2; fail "exec: the check exited $status, not 1"; }
line=$(replay_line "$scratch/two/out.txt")
minimal=$(grep -m1 'minimal counterexample: ' "$scratch/two/out.txt" | sed -E 's/.*minimal counterexample: //')
status=$(run_elsewhere "$line" "$scratch/two/replay.txt")
# 1: the property fails where it should hold — the failure reproduced.
[ "$status" = 1 ] || { cat "$scratch/two/replay.txt" >&2; fail "exec: the replay exited $status, not 1"; }
# The program is labelled by the name it gives in describe (zoomcheck eval's seed port: "seed").
expect_in "$scratch/two/replay.txt" "replay: reproduced: fit-covers-every-point against exec:seed fails, minimal counterexample $minimal" "exec:"
echo "exec: with a relative path: $line"
# The same line once the program is gone: it cannot run (125), which git bisect skips.
mv "$scratch/two/program/seed-adapter.sh" "$scratch/two/program/seed-adapter.sh.gone"
status=$(run_elsewhere "$line" "$scratch/two/gone.txt")
[ "$status" = 125 ] || { cat "$scratch/two/gone.txt" >&2; fail "exec: with the program gone the replay exited $status, not 125"; }
mv "$scratch/two/program/seed-adapter.sh.gone" "$scratch/two/program/seed-adapter.sh"
echo "exec: with the program gone, the line exits 125"

# --- 3. a failure beyond the default case count -----------------------------------------
# The example Python adapter with a rare defect (10 px off at one latitude in 17,011 of the
# millionths of a degree): at the default seed latitude-round-trip first fails at case
# 22,668, so a line without the run's --cases would "replay" 10,000 passing cases.
if command -v python3 >/dev/null 2>&1; then
    mkdir -p "$scratch/three/program"
    cat > "$scratch/three/program/rare_adapter.py" <<PYTHON
import sys
sys.path.insert(0, "$root/Examples/python-adapter")
import zoomcheck_adapter as adapter

correct_project = adapter.project

def project(lat, lon, zoom, convention):
    """The example adapter's projection, 10 px too far south at one latitude in 17011 of the millionths of a degree."""
    pixel = correct_project(lat, lon, zoom, convention)
    if abs(lat) > 1 and int(abs(lat) * 1e6) % 17011 == 0:
        pixel = {"x": pixel["x"], "y": pixel["y"] + 10}
    return pixel

adapter.project = project
sys.exit(adapter.main())
PYTHON
    status=0
    (cd "$scratch/three/program" && XDG_CACHE_HOME="$scratch/three/cache" "$debug" check --impl 'exec:python3 rare_adapter.py' \
        --property latitude-round-trip --cases 30000 > ../out.txt) || status=$?
    [ "$status" = 1 ] || { cat "$scratch/three/out.txt" >&2; fail "beyond the default count: the check exited $status, not 1"; }
    expect_in "$scratch/three/out.txt" "after 22667 passing cases" "beyond the default count"
    line=$(replay_line "$scratch/three/out.txt")
    minimal=$(grep -m1 'minimal counterexample: ' "$scratch/three/out.txt" | sed -E 's/.*minimal counterexample: //')
    status=$(run_elsewhere "$line" "$scratch/three/replay.txt")
    [ "$status" = 1 ] || { cat "$scratch/three/replay.txt" >&2; fail "beyond the default count: the replay exited $status, not 1"; }
    # The adapter is labelled by its describe name, python-example.
    expect_in "$scratch/three/replay.txt" "replay: reproduced: latitude-round-trip against exec:python-example fails, minimal counterexample $minimal" "beyond the default count"
    # The same line without its --cases holds: the case count is what makes the case.
    status=$(run_elsewhere "${line/ --cases 30000/}" "$scratch/three/without.txt")
    [ "$status" = 0 ] || { cat "$scratch/three/without.txt" >&2; fail "a line that holds exited $status, not 0"; }
    expect_in "$scratch/three/without.txt" "holds with this seed and case count" "beyond the default count, without --cases"
    echo "beyond the default case count (first failure at case 22,668 of 30,000): $line"
else
    echo "python3 is not on this machine: the replay of a failure beyond the default case count was NOT checked"
fi

# --- 4 and 5. Swift Testing in the example package ----------------------------------------
# Each test keeps a known defect as a known issue: the report, with its replay line, is
# recorded and the test passes; its replay must record it again: the failure reproduced
# (exit 1, "known issues recorded again").
# The line (`ZOOMCHECK_SEED=… zoomcheck test 'Suite/test()'`, at most 120 characters) runs
# in the package, with zoomcheck on PATH; the same line with a test that does not exist must
# fail with 69 and say that it selected nothing (swift test alone exits 0).
in_package() {
    local line=$1 out=$2 status=0
    (cd "$example" && PATH="$root/.build/debug:$PATH" XDG_CACHE_HOME="$scratch/cache" /bin/sh -c "$line") > "$out" 2>&1 \
        || status=$?
    echo "$status"
}
swift_route() {
    local name=$1 filter=$2 minimal=$3 out="$scratch/$1.txt" replay="$scratch/$1-replay.txt"
    swift test --skip-build --disable-xctest --package-path "$example" --scratch-path "$example/.build" --filter "$filter" > "$out" 2>&1 \
        || { cat "$out" >&2; fail "$name: the test failed"; }
    local line
    line=$(replay_line "$out")
    [ -n "$line" ] || { cat "$out" >&2; fail "$name: no replay line"; }
    [ "${#line}" -le 120 ] || fail "$name: the replay line is ${#line} characters, over 120: $line"
    local status
    status=$(in_package "$line" "$replay")
    [ "$status" = 1 ] || { cat "$replay" >&2; fail "$name: the replay exited $status, not 1"; }
    expect_in "$replay" "minimal counterexample: $minimal" "$name"
    expect_in "$replay" "its known issues recorded again: the failure reproduces" "$name"
    # The same line outside its package cannot run (no --package-path when it would not fit).
    case "$line" in *" --package-path "*) ;; *)
        local status_outside
        status_outside=$(PATH="$root/.build/debug:$PATH" run_elsewhere "$line" "$scratch/$1-outside.txt")
        [ "$status_outside" = 125 ] || { cat "$scratch/$1-outside.txt" >&2; fail "$name: outside its package the line exited $status_outside, not 125"; }
        expect_in "$scratch/$1-outside.txt" "could not run" "$name, outside its package" ;;
    esac
    echo "$name: $line (${#line} characters)"
}
swift_route "Swift Testing property" 'RunLengthTests\.RunLengthPropertyTests/compactWithDigitsKnownIssue\(\)' 'a0'
swift_route "own ZoomImplementation" 'ClampedMercatorTests\.CatalogueTests/copiedFitMissesTheAntimeridian\(\)' '[(0, 180), (57, 180)]'
# A replay line whose test was renamed: the filter selects nothing, which must fail loudly.
line="ZOOMCHECK_SEED=0x20100122 zoomcheck test 'CatalogueTests/noSuchTest()'"
status=$(in_package "$line" "$scratch/nothing.txt")
[ "$status" = 125 ] || { cat "$scratch/nothing.txt" >&2; fail "a filter selecting nothing exited $status, not 125"; }
expect_in "$scratch/nothing.txt" "replay: the filter selected no test" "a filter selecting nothing"
echo "a replay line selecting no test exits 125: $line"
# A Swift test's line run where there is no package at all: swift test prints no summary.
status=$(PATH="$root/.build/debug:$PATH" run_elsewhere "ZOOMCHECK_SEED=0x20100122 zoomcheck test 'CatalogueTests/catalogue()'" "$scratch/nowhere.txt")
[ "$status" = 125 ] || { cat "$scratch/nowhere.txt" >&2; fail "a test line outside any package exited $status, not 125"; }
expect_in "$scratch/nowhere.txt" "could not run" "a test line outside any package"
echo "a Swift test's line outside any package exits 125"
echo "every replay route reproduces (the CLI's from outside the checkout, Swift Testing's in its package)"
