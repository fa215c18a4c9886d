#!/usr/bin/env bash
# ZoomCheck's CI gate — the README's test command: `bash CI/gate.sh`.
#
# 1. Builds everything (debug) and runs every Swift Testing suite: core, engine, catalogue
#    (10,000 cases per property and implementation), golden corpus, CLI (the in-process
#    control suites at a share of their count, which the release steps run in full;
#    ZOOMCHECK_NIGHTLY=1 runs them in full: Tests/TestSupport/TestProfile.swift); then builds and
#    tests the example package that adopts PropertyCheck by path (Examples/PropertyCheckExample)
#    and a new package made of the README's Swift blocks (CI/readme-package.sh); checks that
#    --version, the CHANGELOG, the README's version statements and the tag agree
#    (CI/version-check.sh), and that the README's branch and revision routes resolve from a
#    clone without tags (CI/dependency-routes.sh).
# 2. Runs the CLI the way users do: the golden corpus, the property catalogue (same runner
#    as the tests, exit 1 on any unexpected outcome; as two shards, which must be balanced),
#    and checks that every generated artefact (CI/regenerate.sh --check: the README's verdict
#    summary, Documentation/'s findings, catalogue and failure example, the plots, the golden
#    corpus and the mpmath reference values) is what the code produces today; builds the DocC
#    catalogs with the toolchain's docc, failing on a warning or broken link (CI/docs.sh);
#    then replays a printed failure line of every route from outside the checkout
#    (CI/replay-routes.sh).
# 3. Builds the release binary, runs every control of the panel against every property at
#    10,000 cases, installs it as the README says in a scratch HOME (swift
#    package experimental-install) and checks determinism across build configurations: the
#    same seed must give byte-identical reports (timings aside) in debug and release; runs
#    the CI recipe for gating one's own program as printed (CI/ci-recipe.sh). Runs
#    the freedom space through the protocol (CI/freedom-space.sh): the corrected core taking
#    every single freedom of a correct program, and 64 combinations, passes every property.
#    Then `zoomcheck bench --quick` must print every side-by-side row (figures only, never
#    judged: a missing row fails, a slow one does not).
# 4. The libm canary (CI/libm-canary.sh): the same cases, verdicts, counterexamples and figures
#    with a faithful libm of adversarial last bits preloaded in place of glibc's, and with musl's
#    when musl-dev is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== [%d s] %s\n' "$SECONDS" "$*"; }

step "build (debug, with tests)"
swift build --build-tests

step "one version: zoomcheck --version, the CHANGELOG's newest heading, the README's statements, the tag if any"
bash CI/version-check.sh --self-test
bash CI/version-check.sh .build/debug/zoomcheck

step "the README's dependency routes (branch, revision) resolve from a clone without tags"
bash CI/dependency-routes.sh

step "swift test"
swift test --skip-build --disable-xctest

step "the example package (Examples/PropertyCheckExample): its own properties, ZoomCheck's public products only"
example=Examples/PropertyCheckExample
swift build --build-tests --package-path "$example" --scratch-path "$example/.build"
swift test --skip-build --disable-xctest --package-path "$example" --scratch-path "$example/.build" 2>&1 | tail -n 3
# A replay command filters by the test's identifier: it must select exactly that test.
selected=$(swift test --skip-build --disable-xctest --package-path "$example" --scratch-path "$example/.build" \
    --filter 'RunLengthTests\.RunLengthPropertyTests/roundTrip\(\)' 2>&1 | grep -c '^✔ Test "Decoding the encoding' || true)
if [ "$selected" != 1 ]; then
    echo "a replay filter by test identifier selected $selected tests, not 1" >&2
    exit 1
fi
echo "a filter by test identifier selects that one test"

step "the README's Swift blocks, as a new package depending on this checkout (CI/readme-package.sh)"
bash CI/readme-package.sh --self-test
bash CI/readme-package.sh

debug=".build/debug/zoomcheck"

step "zoomcheck corpus"
"$debug" corpus

step "zoomcheck check, as two shards dealt by expected cost (their cases within 1.5× of each other)"
"$debug" check --shard 1/2 | tee .build/check-shard-1.txt
"$debug" check --shard 2/2 | tee .build/check-shard-2.txt
shard_cases() { sed -nE 's/^([0-9]+) cases in .*/\1/p' "$1"; }
awk -v a="$(shard_cases .build/check-shard-1.txt)" -v b="$(shard_cases .build/check-shard-2.txt)" 'BEGIN {
    hi = a > b ? a : b; lo = a < b ? a : b
    if (lo == 0 || hi > 1.5 * lo) { print "shards are not balanced: " a " and " b " cases" > "/dev/stderr"; exit 1 }
    printf "shards balanced: %d and %d cases (%.2f×)\n", a, b, hi / lo }'

step "CI/fuzz/run.sh reports a crash (a planted one; the fuzzers themselves are not run here)"
bash CI/fuzz/run.sh --self-test


step "swift format lint --strict (.swift-format at the root, found without flags), and no Swift line over 120 columns"
if swift format --version >/dev/null 2>&1; then
    swift format lint --strict --recursive Sources Tests Package.swift
    echo "swift format lint: clean"
else
    echo "swift format is not in this toolchain: the lint is skipped (the width check below still runs)"
fi
# Columns are characters (° and − are one), counted by Python; skipped, saying so, without it.
if command -v python3 >/dev/null 2>&1; then
    git ls-files 'Sources/*.swift' 'Tests/*.swift' Package.swift | python3 -c '
import sys
wide = [f"{path}:{number}: {len(line)} columns" for path in sys.stdin.read().split()
        for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1) if len(line) > 120]
print("\n".join(wide) if wide else "no Swift line over 120 columns")
sys.exit(1 if wide else 0)'
else
    echo "python3 is missing: the 120-column check is skipped"
fi

step "the DocC catalogs build with the toolchain's docc without warnings; Markdown links resolve"
bash CI/docs.sh

step "every route's replay line reproduces from outside the checkout, with no saved regressions"
bash CI/replay-routes.sh

step "debug and release give the same report for the same seed"
swift build -c release --product zoomcheck
release=".build/release/zoomcheck"
# Timings differ, and so does the command each replay line names (`swift run zoomcheck` for
# the debug binary, `swift run -c release zoomcheck` for the release one: CI/shorten-replay.sed).
strip_timings() { sed -E 's/, *[0-9]+ ms\)/)/g; s/ cases in [0-9.]+ s$/ cases/' | sed -E -f CI/shorten-replay.sed; }
# The debug reports are the two shards the catalogue step printed; the release binary deals
# the same shards.
for shard in 1 2; do
    strip_timings < ".build/check-shard-$shard.txt" > ".build/check-debug-$shard.txt"
    "$release" check --shard "$shard/2" | strip_timings > ".build/check-release-$shard.txt"
    diff ".build/check-debug-$shard.txt" ".build/check-release-$shard.txt"
done
echo "identical: $(cat .build/check-release-1.txt .build/check-release-2.txt | wc -l) lines in two shards"

step "the Python example adapter passes every property (both classes), run from another directory (release)"
if command -v python3 >/dev/null 2>&1; then
    python3 -m unittest discover -s Examples/python-adapter 2>&1 | tail -n 3
    elsewhere=$(mktemp -d)
    # No --regressions: an exec: program's counterexamples must go to the per-user cache
    # (here a scratch one), never into this checkout (checked by the last step).
    (cd "$elsewhere" && XDG_CACHE_HOME="$elsewhere/cache" "$OLDPWD/$release" check --gate all --cases 1000 \
        --impl "exec:python3 $OLDPWD/Examples/python-adapter/zoomcheck_adapter.py" | tail -n 4)
    rm -rf "$elsewhere"
else
    echo "python3 is not on this machine: the Python example adapter was NOT checked"
fi

step "Documentation/ci-recipes.md's script for gating your own program, run as printed (passing, planted bug, replayed)"
# Skips, saying so, without python3. The script finds the release build above built.
bash CI/ci-recipe.sh

step "every control of the panel holds every property: zoomcheck check --impl controls, release, 10,000 cases"
# PanelVerdictTests, UndeclaredControlsTests and RegionReadingControlTests run the controls in
# process at a share of this count (Tests/TestSupport/TestProfile.swift; ZOOMCHECK_NIGHTLY=1
# runs them at the full count).
"$release" check --impl controls | tail -n 3

step "observation lines: check --observe writes lines valid under Hypothesis's observation schema"
# CI/observability/schema.json transcribes the published schema's constraints; the validator
# uses the standard library (and jsonschema too when installed), and must reject a line
# without its status.
if command -v python3 >/dev/null 2>&1; then
    observed=$(mktemp -d)
    "$release" check --impl corrected --impl seed --property fit-takes-the-short-way --property latitude-round-trip \
        --cases 2000 --observe "$observed/lines" --regressions "$observed/regressions" > /dev/null
    python3 CI/observability/validate.py CI/observability/schema.json "$observed"/lines/*.jsonl
    grep -m1 '"test_case"' "$observed/lines/latitude-round-trip@seed.jsonl" \
        | python3 -c 'import json, sys; line = json.load(sys.stdin); del line["status"]; print(json.dumps(line))' \
        > "$observed/no-status.jsonl"
    if python3 CI/observability/validate.py CI/observability/schema.json "$observed/no-status.jsonl" 2>/dev/null; then
        echo "the validator accepted a test_case line without its status" >&2
        exit 1
    fi
    echo "a line without its status is rejected"
    rm -rf "$observed"
else
    echo "python3 is not on this machine: the observation lines were NOT validated"
fi

step "the findings page of an exec: program with a planted bug (check --html), rendered by headless Chromium if installed"
# Skips the rendering, saying so, when Debian's chromium package is not installed.
bash CI/html-page.sh "$release"

step "every generated artefact is current: tables, plots, catalogue, failure example, golden corpus, reference values"
# With the release binary: the same outputs as debug (checked above), in a third of the time.
ZOOMCHECK_BINARY="$release" bash CI/regenerate.sh --check

step "the README's install and upgrade: experimental-install in a scratch HOME, --version, then uninstall and install"
# It finds the release build above built (same product, configuration and scratch path) and
# copies it; under root SwiftPM ignores HOME, and the script leaves ~/.swiftpm/bin as it was.
bash CI/install-check.sh "$release"

step "measured recall: the catalogue against a fixed sample of mechanical mutants of the Python adapter"
# Every first-order mutant of the adapter's arithmetic is in CI/mutation/results.tsv (the
# nightly profile, `python3 CI/mutation/run.py --sample all`, regenerates it); the gate runs a
# fixed twentieth and fails if a mutant recorded as killed now survives. The release binary: the
# verdicts are the same in debug and release (checked above); 138 s against 220 s in debug.
# Two mutants at once (--jobs 2; the same output in the same order): 112 s against 150 s.
# Each kill's line ends with its tests to failure, and a line before the time gives their
# distribution for the sample (Documentation/mutation-report.md, "Tests to failure").
if command -v python3 >/dev/null 2>&1; then
    python3 CI/mutation/run.py --zoomcheck "$release" --sample gate --jobs 2 | tail -n 20
else
    echo "python3 is not on this machine: the mutation sample was NOT run"
fi

step "the freedom space through exec: every single freedom and 64 sampled combinations, zoomcheck eval --freedoms"
# A correct program that fails a property is ZoomCheck's defect (PROTOCOL.md, "What a correct
# program may do"); FreedomSpaceTests runs the same space in process. ZOOMCHECK_FREEDOMS=nightly
# runs 512 combinations at 2,000 cases.
bash CI/freedom-space.sh "$release"

step "zoomcheck bench --quick prints every side-by-side row (the speed targets; the figures are not judged)"
"$release" bench --quick > .build/bench-quick.txt
missing=0
for row in "P1 engine overhead: bare loop / engine" "P1 through the observed loop expectProperty runs" \
    "P1 through the loop that keeps scores" \
    "catalogue (corrected and seed, as zoomcheck check runs it)" "catalogue in process (corrected)" \
    "catalogue through exec:zoomcheck eval, window 1:" "catalogue through exec:zoomcheck eval, window 256:" \
    "catalogue through exec:zoomcheck eval, window 8 on threads:" \
    "catalogue through the Python adapter, window 256:|Python adapter: skipped" "fit family:" "boundary search:"; do
    # A row is one of its '|'-separated texts, found as a fixed string.
    line=""
    IFS='|' read -ra texts <<< "$row"
    for text in "${texts[@]}"; do line=$(grep -F -m1 -- "$text" .build/bench-quick.txt) && break; done
    if [ -n "$line" ]; then echo "$line"; else echo "missing: $row" >&2; missing=1; fi
done
[ "$missing" = 0 ]

step "other libms: a faithful libm with adversarial last bits, and musl's, change no case, verdict, counterexample or figure"
# Each skips, saying so, without cc (the faithful one) or musl-dev (musl's).
bash CI/libm-canary.sh "$release"

step "nothing was written into the checkout"
changes=$(git status --porcelain --untracked-files=all 2>/dev/null | grep -v '^?? \.build' || true)
if [ -n "$changes" ]; then
    echo "the run changed the checkout (a new regression in Corpus/ means a property failed):" >&2
    echo "$changes" >&2
    exit 1
fi
echo "checkout unchanged"
