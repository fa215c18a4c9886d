#!/usr/bin/env bash
# The `git bisect run` recipe of Documentation/cli.md ("Bisecting a regression"), end to end:
# the documented bisect-step.sh, taken verbatim from between its markers, run by `git bisect
# run` in a scratch repository of eight commits of a program (a copy of the example Python
# adapter, built by `make` into ./my-mercator) where
#   - commit 4 cannot start (a syntax error): zoomcheck replay exits 125, bisect skips it;
#   - commit 5 mends it;
#   - commit 6 plants a regression, one line: every projected x three pixels east;
#   - the others touch nothing the property sees.
# It checks that bisect names commit 6 as the first bad commit and skipped commit 4.
#
#   bash CI/bisect-recipe.sh [ZOOMCHECK]    # default .build/debug/zoomcheck (built beforehand)
#
# Needs git, make and python3 (skipped, exit 0, with a message when one is missing). Writes
# only in a temporary directory (the repository, the per-user cache of its replays), never in
# the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
zoomcheck=${1:-.build/debug/zoomcheck}
case $zoomcheck in /*) ;; *) zoomcheck=$root/$zoomcheck ;; esac
[ -x "$zoomcheck" ] || { echo "bisect recipe: no zoomcheck binary at $zoomcheck (build it first)" >&2; exit 1; }
for tool in git make python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "bisect recipe: skipped: $tool is not installed"
        exit 0
    fi
done

fail() { echo "bisect recipe: $*" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_CACHE_HOME="$scratch/cache"
# zoomcheck as the documented script names it, first on PATH.
mkdir "$scratch/bin"
ln -s "$zoomcheck" "$scratch/bin/zoomcheck"
export PATH="$scratch/bin:$PATH"

# The documented script, verbatim: the ```sh block between the bisect-step markers.
step="$scratch/bisect-step.sh"
awk '/<!-- bisect-step:begin -->/ { inside = 1; next }
     /<!-- bisect-step:end -->/ { inside = 0 }
     inside && !/^```/ { print }' Documentation/cli.md > "$step"
grep -q 'zoomcheck replay' "$step" || fail "no bisect-step block in Documentation/cli.md"

repo="$scratch/my-mercator"
mkdir "$repo"
cd "$repo"
export GIT_AUTHOR_NAME=bisect GIT_AUTHOR_EMAIL=bisect@example.invalid
export GIT_COMMITTER_NAME=bisect GIT_COMMITTER_EMAIL=bisect@example.invalid
git init -q .
git config commit.gpgsign false
commit() { git add -A && git commit -q -m "$1" && git rev-parse HEAD; }

cp "$root/Examples/python-adapter/zoomcheck_adapter.py" .
printf 'my-mercator\n' > .gitignore
printf 'my-mercator: zoomcheck_adapter.py\n\tcp zoomcheck_adapter.py my-mercator\n\tchmod +x my-mercator\n' > Makefile
good=$(commit "1: the adapter")
printf '# my-mercator\n' > README.md
commit "2: a README" >/dev/null
printf '\nThe example adapter, built by make.\n' >> README.md
commit "3: the README says how it is built" >/dev/null
printf '\ndef broken(:\n' >> zoomcheck_adapter.py
broken=$(commit "4: a syntax error: the program cannot start")
sed -i '/^def broken(:$/d' zoomcheck_adapter.py
commit "5: the syntax error mended" >/dev/null
line='    return {"x": x_of_longitude(lon, world), "y": y_of_latitude(lat, world)}'
grep -qxF "$line" zoomcheck_adapter.py || fail "the adapter's project line moved: update the planted change"
sed -i 's|^    return {"x": x_of_longitude(lon, world), "y"|    return {"x": x_of_longitude(lon, world) + 3, "y"|' \
    zoomcheck_adapter.py
planted=$(commit "6: the regression: x three pixels east")
printf '\nChecked with zoomcheck.\n' >> README.md
commit "7: the README mentions zoomcheck" >/dev/null
printf '\n# End of the adapter.\n' >> zoomcheck_adapter.py
bad=$(commit "8: a comment")

# The planted change fails the replay, and the first commit holds it: a bisection to make.
sh "$step" && fail "the documented step passes at the last commit, which has the regression"
git checkout -q "$good"
sh "$step" || fail "the documented step fails at the first commit, which is good"
git checkout -q "$broken"
set +e
sh "$step" 2>/dev/null
status=$?
set -e
[ "$status" = 125 ] || fail "at the commit that cannot start the step exits $status, not 125"
git checkout -q "$bad"

git bisect start "$bad" "$good" >/dev/null
git bisect run sh "$step" > "$scratch/bisect.out" 2>&1 || { cat "$scratch/bisect.out" >&2; fail "git bisect run failed"; }
log=$(git bisect log)
[ -n "${BISECT_RECIPE_VERBOSE:-}" ] && echo "$log"
git bisect reset >/dev/null 2>&1
grep -q "^$planted is the first bad commit" "$scratch/bisect.out" \
    || { cat "$scratch/bisect.out" >&2; fail "bisect did not name the planted commit $planted"; }
echo "$log" | grep -q "^git bisect skip $broken" \
    || { echo "$log" >&2; fail "bisect never skipped the commit that cannot start ($broken)"; }
[ -z "$(git status --porcelain)" ] || fail "the bisection left the scratch repository changed"
echo "bisect recipe: git bisect named the planted regression ($planted) and skipped the commit that cannot start"
