#!/usr/bin/env bash
# The nightly exhaustive proof of ZoomCheck's own binary32 sinf and logf
# (Sources/MercatorCore/Portable/CorrectlyRounded.swift): every one of the 2^32 inputs of each
# rounds correctly. Opt-in (ZOOMCHECK_EXHAUSTIVE=1), in release; see Documentation/libm.md for
# its figures and time (about 40 minutes of CPU per function on this project's machine).
#
#   bash CI/exhaustive-libm.sh
#
# Builds in its own scratch directory (.build/exhaustive: release with -enable-testing, so the
# gate's release build is not rebuilt) and fails unless both functions were checked over all
# 4294967296 inputs: a filter that matches nothing would otherwise pass silently.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/exhaustive
swift build -c release --build-tests -Xswiftc -enable-testing --scratch-path "$scratch"
log="$scratch/exhaustive.txt"
status=0
ZOOMCHECK_EXHAUSTIVE=1 swift test -c release --skip-build --disable-xctest -Xswiftc -enable-testing --scratch-path "$scratch" \
    --filter 'CorrectlyRoundedTests/exhaustive' 2>&1 | tee "$log" || status=$?
for function in sinf logf; do
    if ! grep -q "^$function: 4294967296 inputs, " "$log"; then
        echo "the exhaustive test did not report all 2^32 inputs of $function" >&2
        exit 1
    fi
done
exit "$status"
