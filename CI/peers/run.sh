#!/usr/bin/env bash
# ZoomCheck beside its peers in the same run (Documentation/performance.md, "Beside its peers"):
# `zoomcheck bench`, then swift-property-based beside PropertyCheck's expectProperty in one
# release test process (this package), then Hypothesis (PyPI) on the same checks; ROUNDS times,
# in turn, so that the machine's drift touches every side alike. Figures only: nothing is judged.
#
#   bash CI/peers/run.sh ZOOMCHECK [ROUNDS]      ZOOMCHECK: a release build; ROUNDS default 3
#
# Builds into $ZOOMCHECK_PEERS_BUILD (default ${TMPDIR:-/tmp}/zoomcheck-peers), outside the
# checkout. Needs swift-property-based 2.0.1 (fetched by SwiftPM) and, for its rows, python3
# with hypothesis installed (`pip install hypothesis`); without it those rows say skipped.
set -euo pipefail
zoomcheck=$(realpath "${1:?usage: bash CI/peers/run.sh ZOOMCHECK [ROUNDS]}")
rounds=${2:-3}
cd "$(dirname "$0")"
scratch=${ZOOMCHECK_PEERS_BUILD:-${TMPDIR:-/tmp}/zoomcheck-peers}
swift build -c release --build-tests --scratch-path "$scratch" 2>&1 | tail -n 1
for round in $(seq 1 "$rounds"); do
    echo "=== round $round $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
    (cd ../.. && "$zoomcheck" bench) | grep -E "^cases/s, one double|P1 latitude round trip|P1 engine overhead"
    PEER_CASES=200000 swift test -c release --skip-build --scratch-path "$scratch" --disable-xctest --no-parallel \
        2>&1 | grep PEER
    if python3 -c "import hypothesis" 2>/dev/null; then
        python3 hypothesis_bench.py 2000 | grep PEER
    else
        echo "PEER Hypothesis: skipped (python3 with hypothesis is not on this machine)"
    fi
done
