#!/usr/bin/env bash
# Builds the DocC catalogs of the library products MercatorCore, ZoomProtocol, PropertyCheck and
# ZoomProperties with the toolchain's own `docc` (no plugin, no package dependency), failing on
# any warning — a broken symbol or article link, an undocumented parameter — and on a top-level
# public symbol of a module that its catalog curates under no topic (CI/docc-curation.py); and
# checks every relative link of the repository's Markdown pages and every anchor such a link
# names (CI/markdown-anchors.py).
#
#   bash CI/docs.sh                 build into a temporary directory (removed afterwards)
#   bash CI/docs.sh --output DIR    keep the .doccarchive bundles in DIR (outside the checkout)
#
# Symbol graphs come from the modules the debug build already compiled
# (`swift symbolgraph-extract` on .build/debug/Modules), so this step adds no compilation; run
# `swift build` first (the gate's first step does).
set -euo pipefail
cd "$(dirname "$0")/.."

output=""
case "${1:-}" in
    --output) output=${2:?--output needs a directory} ;;
    "") ;;
    *) echo "usage: bash CI/docs.sh [--output DIR]" >&2; exit 64 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$output" ] || output="$work/archives"
mkdir -p "$output"

# The toolchain's docc sits beside its swift driver.
docc="$(dirname "$(command -v swift)")/docc"
[ -x "$docc" ] || docc=$(command -v docc || true)
if [ -z "$docc" ] || [ ! -x "$docc" ]; then
    echo "docc is not in this toolchain: the DocC catalogs were NOT built" >&2
    exit 1
fi
modules=.build/debug/Modules
triple=$(swift -print-target-info | sed -nE 's/^ *"triple": "([^"]+)".*/\1/p' | head -n 1)
# The curation check reads the symbol graph with python3; without it the catalogs are still
# built, and the check is said to be skipped.
curation=1
command -v python3 >/dev/null 2>&1 || curation=0

for module in MercatorCore ZoomProtocol PropertyCheck ZoomProperties; do
    [ -f "$modules/$module.swiftmodule" ] || { echo "$modules/$module.swiftmodule is missing: run swift build first" >&2; exit 1; }
    mkdir -p "$work/symbols/$module"
    swift symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$work/symbols/$module"
    # Only the module's own graph: extension graphs of other modules (module@Other.symbols.json)
    # would document their symbols here.
    find "$work/symbols/$module" -name '*@*.symbols.json' -delete
    # Every top-level public symbol is listed under a topic of the catalog, named as ``Symbol``:
    # a symbol that docc would otherwise file on its own, under "Structures" or "Enumerations",
    # is given its place in the module's story, or is made `package`.
    if [ "$curation" = 1 ]; then
        python3 CI/docc-curation.py "$module" "$work/symbols/$module/$module.symbols.json" \
            "Sources/$module/$module.docc"
    fi
    if ! "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/symbols/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.zoomcheck.$module" \
        --warnings-as-errors --output-dir "$output/$module.doccarchive" > "$work/$module.log" 2>&1; then
        echo "$module.docc: docc reported problems:" >&2
        grep -A 4 -E 'warning|error' "$work/$module.log" >&2 || cat "$work/$module.log" >&2
        exit 1
    fi
    echo "$module.docc: built without warnings"
done
[ "$curation" = 1 ] || echo "python3 is missing: the catalogs' curation of every public symbol was NOT checked"

# Relative links in Markdown: each must name a file or directory of the checkout (anchors are
# not checked). Pages that other work adds are listed as pending, so a link to them is allowed
# before they exist; once they exist they are checked like any other.
pending=""
broken=0
while IFS= read -r page; do
    directory=$(dirname "$page")
    # Inline links and images: ](target) — not http(s), mailto or pure anchors.
    while IFS= read -r target; do
        path=${target%%#*}
        [ -n "$path" ] || continue
        resolved=$(realpath -m --relative-to=. "$directory/$path")
        [ -e "$resolved" ] && continue
        case " $pending " in *" $resolved "*) echo "$page: $target is pending (added by other work)"; continue ;; esac
        echo "$page: broken link: $target" >&2
        broken=1
    done < <(grep -oE '\]\([^)[:space:]]+\)' "$page" | sed -E 's/^\]\(//; s/\)$//' | grep -vE '^(https?:|mailto:|#)' || true)
done < <(git ls-files --cached --others --exclude-standard '*.md' | grep -v '^CI/fuzz/seeds/')
[ "$broken" = 0 ] || exit 1
echo "Markdown: every relative link names a file of the checkout"

# Anchors: each `page.md#anchor` and `#anchor` names a heading of the page (CI/markdown-anchors.py).
if command -v python3 >/dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard '*.md' | grep -v '^CI/fuzz/seeds/' | python3 CI/markdown-anchors.py
else
    echo "python3 is missing: Markdown anchors were NOT checked"
fi
