#!/usr/bin/env bash
# Fails, listing the changes, when a run wrote into the checkout (anything but .build): the
# last step of CI/gate.sh and of CI/nightly.sh. A new file in Corpus/ means a property failed.
set -euo pipefail
cd "$(dirname "$0")/.."
changes=$(git status --porcelain --untracked-files=all 2>/dev/null | grep -v '^?? \.build' || true)
if [ -n "$changes" ]; then
    echo "the run changed the checkout (a new regression in Corpus/ means a property failed):" >&2
    echo "$changes" >&2
    exit 1
fi
echo "checkout unchanged"
