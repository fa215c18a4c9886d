#!/usr/bin/env bash
# One version, said everywhere: `zoomcheck --version`, the CHANGELOG's newest version heading
# (`## X.Y.Z (date) — title`; an `## Unreleased` heading above it is allowed), every version
# the README states and, when the clone has tags, the tag vX.Y.Z.
#
#   bash CI/version-check.sh [ZOOMCHECK]   # default: .build/debug/zoomcheck
#   bash CI/version-check.sh --self-test   # the README judgement alone, on canned texts
#
# Checks, failing on any difference:
#   1. `ZOOMCHECK --version` prints `zoomcheck X.Y.Z`, a SemVer version;
#   2. the CHANGELOG's first `## X.Y.Z` heading is that version;
#   3. every X.Y.Z in README.md, and the `zoomcheck X.Y.Z` of Documentation/cli.md, is that
#      version; and the README depends on no tag: a clone carries none (a CI checkout, a
#      clone of main), so `.package(url:…, from:/exact:…)` and "the tag vX.Y.Z" would fail
#      there — the README's routes are by path, by branch and by revision;
#   4. if the tag vX.Y.Z exists: the tagged commit is HEAD or an ancestor of it, and the
#      tagged tree's `--version` source says X.Y.Z too;
#   5. no tag names a higher version (the version never goes backwards).
# A clone without tags passes 4 and 5, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."

# readme_problems FILE VERSION: prints one line per version statement of FILE that is not
# VERSION, and per route that needs a tag; prints nothing when FILE agrees.
readme_problems() {
    local file=$1 version=$2
    { grep -noE '[0-9]+\.[0-9]+\.[0-9]+' "$file" || true; } | while IFS=: read -r line stated; do
        [ "$stated" = "$version" ] || echo "$file:$line: states version $stated, not $version"
    done
    { grep -nE '(from|exact): *"[0-9]|upToNext(Major|Minor)|[Tt]he tag `?v[0-9]' "$file" || true; } | while IFS=: read -r line _; do
        echo "$file:$line: depends on a tag, which a clone does not carry (use path:, branch: or revision:)"
    done
}

if [ "${1:-}" = --self-test ]; then
    canned=$(mktemp)
    trap 'rm -f "$canned"' EXIT
    verdict() { printf '%b' "$1" > "$canned"; [ -z "$(readme_problems "$canned" 2.1.0)" ] && echo pass || echo fail; }
    [ "$(verdict 'ZoomCheck 2.1.0 (`zoomcheck --version` says so)\n.package(path: "../ZoomCheck")\n')" = pass ] \
        || { echo "self-test: a README stating the current version was judged stale" >&2; exit 1; }
    [ "$(verdict 'ZoomCheck 2.0.0 (`zoomcheck --version`)\n')" = fail ] \
        || { echo "self-test: a stale version statement passed" >&2; exit 1; }
    [ "$(verdict 'ZoomCheck 2.1.0\n.package(url: "file:///src/ZoomCheck", from: "2.1.0")\n')" = fail ] \
        || { echo "self-test: a route that needs a tag passed" >&2; exit 1; }
    [ "$(verdict 'ZoomCheck 2.1.0, and the tag `v2.1.0` agree\n')" = fail ] \
        || { echo "self-test: a statement that leans on a tag passed" >&2; exit 1; }
    [ "$(verdict '.package(url: "file:///src/ZoomCheck", branch: "main")\n.package(url: "u", revision: "3f2a")\n')" = pass ] \
        || { echo "self-test: the branch and revision routes were refused" >&2; exit 1; }
    echo "self-test: a stale version, a from: route and a tag statement fail; path, branch and revision pass"
    exit 0
fi

zoomcheck=${1:-.build/debug/zoomcheck}
source_file=Sources/ZoomCheckCLI/Commands/ZoomCheckMain.swift

printed=$("$zoomcheck" --version)
version=${printed#zoomcheck }
[[ "$printed" == "zoomcheck $version" && "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] \
    || { echo "version: '$printed' is not 'zoomcheck X.Y.Z'" >&2; exit 1; }

heading=$(sed -nE 's/^## ([0-9]+\.[0-9]+\.[0-9]+)([ ].*)?$/\1/p' CHANGELOG.md | head -n 1)
[ "$heading" = "$version" ] \
    || { echo "version: zoomcheck --version says $version, the CHANGELOG's newest version heading '${heading:-none}'" >&2; exit 1; }

problems=$(readme_problems README.md "$version")
stated=$({ grep -oE '[0-9]+\.[0-9]+\.[0-9]+' README.md || true; } | wc -l)
cli=$(grep -noE 'zoomcheck [0-9]+\.[0-9]+\.[0-9]+' Documentation/cli.md | grep -vF "zoomcheck $version" \
    | sed -E 's/^([0-9]+):/Documentation\/cli.md:\1: states /' || true)
problems=$(printf '%s\n%s' "$problems" "$cli" | sed '/^$/d')
[ -z "$problems" ] || { echo "version: zoomcheck --version says $version, but" >&2; echo "$problems" >&2; exit 1; }
[ "$stated" -gt 0 ] || { echo "version: README.md states no version (it should say which one it documents)" >&2; exit 1; }

tag="v$version"
if git rev-parse -q --verify "refs/tags/$tag" > /dev/null; then
    git merge-base --is-ancestor "$tag^{commit}" HEAD \
        || { echo "version: the tag $tag is not HEAD or an ancestor of it" >&2; exit 1; }
    git show "$tag:$source_file" | grep -qF "version = \"$version\"" \
        || { echo "version: the tree tagged $tag does not say version $version" >&2; exit 1; }
    tagged="the tag $tag is in this history and its tree says $version"
else
    tagged="no tag $tag in this clone (not checked)"
fi
higher=$(git tag --list 'v[0-9]*.[0-9]*.[0-9]*' | sed 's/^v//' | { cat; echo "$version"; } | sort -t. -k1,1n -k2,2n -k3,3n \
    | tail -n 1)
[ "$higher" = "$version" ] || { echo "version: the tag v$higher is newer than $version" >&2; exit 1; }
echo "version $version: zoomcheck --version, the CHANGELOG and every version the README states ($stated) agree, and the README needs no tag; $tagged"
