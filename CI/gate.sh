#!/usr/bin/env bash
# ZoomCheck's CI gate — the README's test command: `bash CI/gate.sh`.
#
# 1. Builds everything (debug) and runs every Swift Testing suite: core, engine, catalogue
#    (10,000 cases per property and implementation), golden corpus, CLI.
# 2. Runs the CLI the way users do: the golden corpus, the property catalogue (same runner
#    as the tests, exit 1 on any unexpected outcome), and checks that the README's findings
#    table is the one the catalogue produces today.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "build (debug, with tests)"
swift build --build-tests

step "swift test"
swift test --skip-build --disable-xctest

zoomcheck=".build/debug/zoomcheck"

step "zoomcheck corpus"
"$zoomcheck" corpus

step "zoomcheck check"
"$zoomcheck" check

step "README findings table is current"
bash CI/readme-table.sh --check
