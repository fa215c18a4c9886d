#!/usr/bin/env bash
# ZoomCheck's CI gate: the README's test command. Builds, runs every Swift Testing suite,
# then the golden corpus and the property catalogue through the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build --disable-xctest
