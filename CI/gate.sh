#!/usr/bin/env bash
# ZoomCheck's CI gate — the README's test command: `bash CI/gate.sh` (556 s from a clean
# clone on the 2-core machine: build 184, Swift Testing 197, the rest 175).
# Each claim is made once here; the claims that need a release build,
# a full count or minutes of their own are made by the nightly profile, `bash CI/nightly.sh`,
# which runs this gate at full counts first (Tests/README.md: which profile makes which claim).
#
# 1. Builds everything (debug) and runs every Swift Testing suite: core, engine, catalogue
#    (every family against every shipped implementation), golden corpus, CLI, the controls,
#    mutants and freedom space in process at a share of their count (ZOOMCHECK_NIGHTLY=1: in
#    full; Tests/TestSupport/TestProfile.swift); checks that --version, the CHANGELOG and the
#    README's version statements agree (CI/version-check.sh).
# 2. Builds and tests the example package that adopts PropertyCheck by path
#    (Examples/PropertyCheckExample); the package made of the README's Swift blocks
#    (CI/readme-package.sh) is judged on canned outputs here and built nightly.
# 3. Runs the CLI the way users do, with the debug binary: the golden corpus; the planted-crash
#    self-test of the fuzz runner; the formatter and the 120-column rule; the DocC catalogs
#    (CI/docs.sh); every route's printed replay line from outside the checkout
#    (CI/replay-routes.sh); the Python example adapter through exec: (300 cases a property;
#    nightly 1,000); observation lines against Hypothesis's schema; the findings page of a
#    planted bug, rendered by Chromium when installed (CI/html-page.sh); every generated
#    artefact against what the code produces today, which runs the whole catalogue on the
#    first 1,000 cases of the pinned run and compares every pin and table (CI/regenerate.sh
#    --check --cases 1000; nightly at 10,000); a git bisect of a planted regression with the
#    documented step script (CI/bisect-recipe.sh). Last, nothing was written into the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== [%d s] %s\n' "$SECONDS" "$*"; }
# The nightly profile (CI/nightly.sh) runs this gate with ZOOMCHECK_NIGHTLY=1: the README's
# package, and the catalogue's runs below at their full counts.
nightly=${ZOOMCHECK_NIGHTLY:-0}
if [ "$nightly" = 1 ]; then catalogue_cases=10000 adapter_cases=1000; else catalogue_cases=1000 adapter_cases=300; fi

step "build (debug, with tests)"
swift build --build-tests

step "one version: zoomcheck --version, the CHANGELOG's newest heading, the README's statements"
bash CI/version-check.sh --self-test
bash CI/version-check.sh .build/debug/zoomcheck

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
if [ "$nightly" = 1 ]; then
    bash CI/readme-package.sh
else
    # A second build of ZoomCheck's products in a package of its own (about a minute): the
    # example package above already builds against the public products only.
    echo "the README's package is built and tested by the nightly profile (bash CI/nightly.sh), not here"
fi

debug=".build/debug/zoomcheck"

step "zoomcheck corpus"
"$debug" corpus

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

step "the Python example adapter passes every property (both classes), run from another directory (debug)"
if command -v python3 >/dev/null 2>&1; then
    python3 -m unittest discover -s Examples/python-adapter 2>&1 | tail -n 3
    elsewhere=$(mktemp -d)
    # No --regressions: an exec: program's counterexamples must go to the per-user cache
    # (here a scratch one), never into this checkout (checked by the last step).
    (cd "$elsewhere" && XDG_CACHE_HOME="$elsewhere/cache" "$OLDPWD/$debug" check --gate all --cases "$adapter_cases" \
        --impl "exec:python3 $OLDPWD/Examples/python-adapter/zoomcheck_adapter.py" | tail -n 4)
    rm -rf "$elsewhere"
else
    echo "python3 is not on this machine: the Python example adapter was NOT checked"
fi

step "observation lines: check --observe writes lines valid under Hypothesis's observation schema"
# CI/observability/schema.json transcribes the published schema's constraints; the validator
# uses the standard library (and jsonschema too when installed), and must reject a line
# without its status.
if command -v python3 >/dev/null 2>&1; then
    observed=$(mktemp -d)
    "$debug" check --impl corrected --impl seed --property fit-takes-the-short-way --property latitude-round-trip \
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
bash CI/html-page.sh "$debug"

step "every generated artefact is current: tables, plots, catalogue, failure example, golden corpus, reference values"
# The debug binary: the same outputs as release (CI/nightly.sh compares the two).
# At 1,000 cases per property here (the first 1,000 of the pinned run's 10,000, each finding's
# pinned minimal case replayed whatever the count), at 10,000 in the nightly profile.
ZOOMCHECK_BINARY="$debug" bash CI/regenerate.sh --check --cases "$catalogue_cases"

step "git bisect run with the documented step script names a planted regression (CI/bisect-recipe.sh)"
bash CI/bisect-recipe.sh "$debug"

step "nothing was written into the checkout"
bash CI/checkout-unchanged.sh
