#!/usr/bin/env bash
# ZoomCheck's nightly profile: `bash CI/nightly.sh` (about 40 minutes on 2 cores). The gate
# (CI/gate.sh) at full counts (ZOOMCHECK_NIGHTLY=1: the in-process controls, mutants, false
# alarm classes and freedom space at their full counts), then the claims that need a release
# build or minutes of their own:
#
# - the README's dependency routes (branch, revision) resolve from a clone without tags
#   (CI/dependency-routes.sh);
# - `zoomcheck check` as two shards dealt by expected cost, in debug and in release, with
#   byte-identical reports (timings aside): determinism across build configurations;
# - Documentation/ci-recipes.md's script, run as printed (CI/ci-recipe.sh);
# - every control of the panel against every property at 10,000 cases (release);
# - the README's install and upgrade in a scratch HOME (CI/install-check.sh);
# - measured recall: a fixed sample of mechanical mutants of the Python adapter
#   (CI/mutation/run.py --sample gate; `--sample all --record` rewrites the record);
# - the fuzz package's harnesses compile against the products (CI/fuzz);
# - the freedom space through exec: (CI/freedom-space.sh; ZOOMCHECK_FREEDOMS=nightly for pairs);
# - `zoomcheck bench --quick` prints every side-by-side row (figures, never judged);
# - the libm canary: other libms change no case, verdict or figure (CI/libm-canary.sh).
#
# The exhaustive check of the correctly rounded sinf/logf is its own command
# (CI/exhaustive-libm.sh), and so is the full mutation record.
set -euo pipefail
cd "$(dirname "$0")/.."

ZOOMCHECK_NIGHTLY=1 bash CI/gate.sh

step() { printf '\n== [nightly, %d s] %s\n' "$SECONDS" "$*"; }
debug=".build/debug/zoomcheck"

step "the README's dependency routes (branch, revision) resolve from a clone without tags"
bash CI/dependency-routes.sh

step "zoomcheck check, as two shards dealt by expected cost (their cases within 1.5× of each other)"
"$debug" check --shard 1/2 | tee .build/check-shard-1.txt
"$debug" check --shard 2/2 | tee .build/check-shard-2.txt
shard_cases() { sed -nE 's/^([0-9]+) cases in .*/\1/p' "$1"; }
awk -v a="$(shard_cases .build/check-shard-1.txt)" -v b="$(shard_cases .build/check-shard-2.txt)" 'BEGIN {
    hi = a > b ? a : b; lo = a < b ? a : b
    if (lo == 0 || hi > 1.5 * lo) { print "shards are not balanced: " a " and " b " cases" > "/dev/stderr"; exit 1 }
    printf "shards balanced: %d and %d cases (%.2f×)\n", a, b, hi / lo }'

step "the release build"
swift build -c release --product zoomcheck
release=".build/release/zoomcheck"

step "debug and release give the same report for the same seed"
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

step "Documentation/ci-recipes.md's script for gating your own program, run as printed (passing, planted bug, replayed)"
# Skips, saying so, without python3. The script finds the release build above built.
bash CI/ci-recipe.sh

step "every control of the panel holds every property: zoomcheck check --impl controls, release, 10,000 cases"
# PanelVerdictTests, UndeclaredControlsTests and RegionReadingControlTests run the controls in
# process at a share of this count (Tests/TestSupport/TestProfile.swift; ZOOMCHECK_NIGHTLY=1
# runs them at the full count).
"$release" check --impl controls | tail -n 3

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

step "the fuzz package's harnesses compile against the products (CI/fuzz; the fuzzers themselves are run by CI/fuzz/run.sh)"
# A symbol of a product made package, which another package cannot see, broke the corpus
# harness once without anything noticing. Compiling needs no sanitizer; linking does.
for target in fuzz-eval fuzz-corpus fuzz-answer fuzz-regressions; do
    swift build --package-path CI/fuzz --scratch-path .build/fuzz-compile --target "$target" 2>&1 | tail -n 1
done

step "the freedom space through exec: every single freedom and 64 combinations the engine draws, zoomcheck eval --freedoms"
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
bash CI/checkout-unchanged.sh
