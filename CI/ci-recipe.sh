#!/usr/bin/env bash
# Documentation/ci-recipes.md's "Gating your own program", run as a user's CI would run it.
#
# The script marked `<!-- ci-recipe: zoomcheck.sh -->` is taken as printed and run in a
# scratch repository holding the Python example adapter (at the path the recipe names), with
# ZOOMCHECK_SOURCE set to this checkout (CI/nightly.sh has built its release binary, so the
# recipe's `swift build` finds it built; the clone and checkout lines run only without one):
#   1. the adapter as shipped: exit 0, the JUnit and JSON files written, nothing failed;
#   2. with a bug planted in it: exit 1, the counterexample saved in zoomcheck-regressions/;
#   3. run again: the saved counterexample is replayed first — the failing property's JSON
#      result says "replayed": 1 and its failure's origin is "saved counterexample 1" — and it
#      fails again (exit 1).
# Both YAML recipes must run the script and keep its results. ZOOMCHECK_CASES (default here
# 1000) keeps the runs short. Nothing is written into the checkout.
#
#   bash CI/ci-recipe.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=$(mktemp -d "${TMPDIR:-/tmp}/zoomcheck-recipe.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() { echo "ci recipe: $*" >&2; exit 1; }
command -v python3 > /dev/null 2>&1 || { echo "python3 is not on this machine: the CI recipe was NOT run (skipped)"; exit 0; }

# block NAME: the fenced block after `<!-- ci-recipe: NAME -->`.
block() {
    awk -v marker="<!-- ci-recipe: $1 -->" '$0 == marker { on = 1; next }
        on && /^```/ { if (open) exit; open = 1; next } on && open { print }' Documentation/ci-recipes.md
}
block zoomcheck.sh > "$scratch/zoomcheck.sh"
[ -s "$scratch/zoomcheck.sh" ] || fail "Documentation/ci-recipes.md has no block marked ci-recipe: zoomcheck.sh"
for recipe in github gitlab; do
    text=$(block "$recipe")
    [ -n "$text" ] || fail "no $recipe recipe"
    for needed in "ci/zoomcheck.sh" "zoomcheck-results" "zoomcheck-regressions"; do
        grep -qF "$needed" <<< "$text" || fail "the $recipe recipe does not mention $needed"
    done
done

repository="$scratch/repository"
mkdir -p "$repository/ci" "$repository/adapter"
cp "$scratch/zoomcheck.sh" "$repository/ci/zoomcheck.sh"
cp Examples/python-adapter/zoomcheck_adapter.py "$repository/adapter/zoomcheck_adapter.py"
export ZOOMCHECK_SOURCE="$root" ZOOMCHECK_CASES="${ZOOMCHECK_CASES:-1000}"
unset GITHUB_ACTIONS

# run NAME: the recipe in the scratch repository; output to $scratch/NAME.txt; prints the status.
run() {
    local status=0
    (cd "$repository" && XDG_CACHE_HOME="$scratch/cache" sh ci/zoomcheck.sh) > "$scratch/$1.txt" 2>&1 || status=$?
    echo "$status"
}
json() { python3 -c "import json, sys; d = json.load(open('$repository/zoomcheck-results/results.json')); $1"; }

started=$SECONDS
status=$(run passing)
[ "$status" = 0 ] || { cat "$scratch/passing.txt" >&2; fail "the shipped adapter exited $status, not 0"; }
[ -s "$repository/zoomcheck-results/junit.xml" ] || fail "no JUnit file"
[ "$(json 'print(d["summary"]["failed"])')" = 0 ] || fail "results.json counts failures for the shipped adapter"
echo "the shipped adapter passes ($((SECONDS - started)) s at $ZOOMCHECK_CASES cases per property, the build included): $(grep -m1 " passed, " "$scratch/passing.txt")"

# The bug html-page.sh plants: the isometric latitude from two terms of its series.
original='        psi = math.asinh(math.tan(magnitude * RADIANS_PER_DEGREE))'
planted='        psi = magnitude * RADIANS_PER_DEGREE + (magnitude * RADIANS_PER_DEGREE) ** 3 / 6'
adapter="$repository/adapter/zoomcheck_adapter.py"
grep -qxF "$original" "$adapter" || fail "the adapter no longer has the line the bug is planted in"
python3 -c "import sys; p = sys.argv[1]; s = open(p).read(); open(p, 'w').write(s.replace(sys.argv[2], sys.argv[3], 1))" \
    "$adapter" "$original" "$planted"

status=$(run planted)
[ "$status" = 1 ] || { cat "$scratch/planted.txt" >&2; fail "the planted bug exited $status, not 1"; }
saved=$(find "$repository/zoomcheck-regressions" -type f | wc -l)
[ "$saved" -gt 0 ] || fail "the planted bug's counterexamples were not saved in zoomcheck-regressions/"
echo "the planted bug fails the gate (exit 1); $saved counterexample files saved"

status=$(run again)
[ "$status" = 1 ] || { cat "$scratch/again.txt" >&2; fail "the second run exited $status, not 1"; }
replayed=$(json '
rs = [r for r in d["results"] if r["verdict"] == "fails"]
first = [r for r in rs if r.get("replayed", 0) >= 1 and (r["failure"] or {}).get("origin") == "saved counterexample 1"]
print(len(rs), len(first), first[0]["property"] if first else "", first[0]["cases"] if first else "")')
read -r failing first name cases <<< "$replayed"
[ "$first" -ge 1 ] && [ "$first" = "$failing" ] \
    || fail "of $failing failing properties, $first say they failed on their replayed saved counterexample"
echo "run again, each of the $failing failures is its saved counterexample, replayed first (e.g. $name: \"replayed\": 1, \"cases\": $cases)"
