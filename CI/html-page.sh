#!/usr/bin/env bash
# The findings page of `zoomcheck check --html DIR` for an exec: program with a planted bug,
# rendered to PNG with headless Chromium (Debian's `chromium` package) when it is installed.
#
#   bash CI/html-page.sh ZOOMCHECK [OUT]
#
# The program is the Python example adapter with two lines changed: its isometric latitude
# from two terms of the series, good only near the equator, and its fit's longitudes as a
# bounding box (two pins either side of ±180° fitted the long way round, the most common real
# fit bug). The check must fail (exit 1) and write OUT/index.html with a section per failure,
# a plot of at least one failure's neighbourhood and a picture of the minimal cases: the fit's
# on a world map with the antimeridian marked and the correct region across it in two pieces,
# a position's with its arrow; with Chromium, OUT/page.png is the page rendered 1280 px wide. OUT defaults
# to a scratch directory, removed afterwards. Without python3 or Chromium the step says what
# it skipped and why. CHROMIUM names the browser (default: chromium or chromium-browser on
# PATH; CHROMIUM=none skips the rendering).
set -euo pipefail
zoomcheck=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
out=${2:-$scratch/page}
if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 is not on this machine: the findings page of an exec: program was NOT written (skipped)"
    exit 0
fi
original='        psi = math.asinh(math.tan(magnitude * RADIANS_PER_DEGREE))'
planted='        psi = magnitude * RADIANS_PER_DEGREE + (magnitude * RADIANS_PER_DEGREE) ** 3 / 6'
arc='    arc_length, center_longitude = shortest_longitude_arc([lon for _, lon in points])'
box='    arc_length, center_longitude = max(lon for _, lon in points) - min(lon for _, lon in points), (max(lon for _, lon in points) + min(lon for _, lon in points)) / 2'
grep -qxF "$original" "$root/Examples/python-adapter/zoomcheck_adapter.py"
grep -qxF "$arc" "$root/Examples/python-adapter/zoomcheck_adapter.py"
quote() { printf '%s' "$1" | sed 's/[.*/&[]/\\&/g'; }
sed -e "s/^$(quote "$original")\$/$(quote "$planted")/" -e "s/^$(quote "$arc")\$/$(quote "$box")/" \
    "$root/Examples/python-adapter/zoomcheck_adapter.py" > "$scratch/planted_bug_adapter.py"
[ "$(diff "$root/Examples/python-adapter/zoomcheck_adapter.py" "$scratch/planted_bug_adapter.py" | grep -c '^>')" = 2 ]
status=0
"$zoomcheck" check --impl "exec:python3 $scratch/planted_bug_adapter.py" --cases 300 \
    --property latitude-round-trip --property map-point-is-half-seed-pixel --property project-matches-the-reference \
    --property pixel-y-round-trip --property bad-latitude-is-refused --property fit-takes-the-short-way \
    --regressions "$scratch/regressions" \
    --html "$out" > "$scratch/report.txt" 2>&1 || status=$?
if [ "$status" != 1 ]; then
    echo "the planted bug was not caught (exit $status, expected 1):" >&2
    cat "$scratch/report.txt" >&2
    exit 1
fi
page="$out/index.html"
sections=$(grep -c '^<section class="failure"' "$page" || true)
plots=$(grep -c '^<svg ' "$page" || true)
if [ "$sections" -lt 3 ] || [ "$plots" -lt 1 ] || ! grep -q '^<section id="coverage">' "$page"; then
    echo "the page lacks what it must show: $sections failure sections, $plots plots, coverage" >&2
    exit 1
fi
# The pictures of the minimal cases: one SVG each (class "counterexample"); the fit's on the
# world map, the antimeridian on both edges, the correct region in two pieces across it.
pictures=$(grep -c '^<svg [^>]*class="counterexample"' "$page" || true)
fit=$(sed -n '/^<svg [^>]*id="picture-failure-fit-takes-the-short-way--/,/^<\/svg>/p' "$page")
if [ "$pictures" -lt 3 ] || [ "$(printf '%s\n' "$fit" | grep -c 'class="antimeridian"')" -lt 2 ] ||
    [ "$(printf '%s\n' "$fit" | grep -c 'class="region expected" data-piece="2"')" -lt 1 ] ||
    ! grep -q '<line class="arrow"' "$page"; then
    echo "the page lacks its pictures: $pictures pictures; the fit's antimeridian, two-piece region or an arrow" >&2
    exit 1
fi
echo "wrote $page: $sections failing properties, $plots figures ($pictures pictures of minimal cases)"
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$chromium" ] || [ "$chromium" = none ]; then
    echo "chromium is not installed (apt-get install chromium): the page was NOT rendered to PNG (skipped)"
    exit 0
fi
# Headless, no sandbox (CI runs as root), a fixed width and a height that holds the page.
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,9000 \
    --screenshot="$out/page.png" "file://$page" > "$scratch/chromium.log" 2>&1 || {
    cat "$scratch/chromium.log" >&2
    exit 1
}
if [ "$(head -c 8 "$out/page.png" | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ]; then
    echo "chromium wrote no PNG at $out/page.png" >&2
    exit 1
fi
echo "rendered $out/page.png ($(wc -c < "$out/page.png") bytes) with $("$chromium" --version 2>/dev/null | head -n 1)"
