#!/usr/bin/env bash
# ZoomCheck's CI gate — the README's test command: `bash CI/gate.sh`.
#
# 1. Builds everything (debug) and runs every Swift Testing suite: core, engine, catalogue
#    (10,000 cases per property and implementation), golden corpus, CLI.
# 2. Runs the CLI the way users do: the golden corpus, the property catalogue (same runner
#    as the tests, exit 1 on any unexpected outcome), and checks that the README's findings
#    tables are the ones the catalogue produces today.
# 3. Builds the release binary and checks determinism across build configurations: the
#    same seed must give byte-identical reports (timings aside) in debug and release.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "build (debug, with tests)"
swift build --build-tests

step "swift test"
swift test --skip-build --disable-xctest

debug=".build/debug/zoomcheck"

step "zoomcheck corpus"
"$debug" corpus

step "zoomcheck check"
"$debug" check

step "README findings tables are current"
bash CI/readme-table.sh --check

step "debug and release give the same report for the same seed"
swift build -c release --product zoomcheck
release=".build/release/zoomcheck"
strip_timings() { sed -E 's/, [0-9]+ ms\)/)/g; s/ cases in [0-9.]+ s$/ cases/'; }
"$debug" check --impl all | strip_timings > .build/check-debug.txt
"$release" check --impl all | strip_timings > .build/check-release.txt
diff .build/check-debug.txt .build/check-release.txt
echo "identical: $(wc -l < .build/check-release.txt) lines"

step "nothing was written into Corpus/"
changes=$(git status --porcelain --untracked-files=all Corpus/ 2>/dev/null || true)
if [ -n "$changes" ]; then
    echo "the run changed Corpus/ (a new regression means a property failed):" >&2
    echo "$changes" >&2
    exit 1
fi
echo "Corpus/ unchanged"
