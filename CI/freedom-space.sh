#!/usr/bin/env bash
# The freedom space through the protocol: `zoomcheck check` against `zoomcheck eval --freedoms`
# for every single freedom and COMBINATIONS combinations of them the engine draws
# (PROTOCOL.md, "What a correct program may do"), each at CASES cases per property. Every run must pass its gate:
# a correct program that fails a property is ZoomCheck's defect. The in-process half is
# FreedomSpaceTests (swift test).
#
#   bash CI/freedom-space.sh ZOOMCHECK [COMBINATIONS] [CASES]     defaults: 64, 300
#   ZOOMCHECK_FREEDOMS=nightly bash CI/freedom-space.sh ZOOMCHECK  the nightly profile: every pair too, 512
#                                                                  combinations, 2,000 cases
set -euo pipefail
zoomcheck=$(realpath "${1:?usage: bash CI/freedom-space.sh ZOOMCHECK [COMBINATIONS] [CASES]}")
if [ "${ZOOMCHECK_FREEDOMS:-}" = nightly ]; then combinations=${2:-512}; cases=${3:-2000}; else combinations=${2:-64}; cases=${3:-300}; fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$zoomcheck" eval --print-freedom-space "$combinations" > "$scratch/space"
[ "${ZOOMCHECK_FREEDOMS:-}" != nightly ] || "$zoomcheck" eval --print-freedom-pairs >> "$scratch/space"
total=$(wc -l < "$scratch/space")
failed=0
runs=0
while IFS= read -r freedoms; do
    runs=$((runs + 1))
    # No saved counterexamples: a fresh cache per run, outside any checkout.
    if ! XDG_CACHE_HOME="$scratch/cache" "$zoomcheck" check --cases "$cases" \
        --impl "exec:$zoomcheck eval --freedoms $freedoms" > "$scratch/run.txt" 2>&1; then
        echo "FAILED: --freedoms $freedoms" >&2
        grep -E '^=== |^Property |minimal counterexample|failure:|replay:' "$scratch/run.txt" | head -n 40 >&2
        failed=$((failed + 1))
    fi
done < "$scratch/space"
echo "freedom space through exec: $((runs - failed)) passed, $failed failed ($total variants, $cases cases per property)"
[ "$failed" = 0 ]
