#!/usr/bin/env bash
# One version, said three ways: `zoomcheck --version`, the CHANGELOG's newest version heading
# (`## X.Y.Z (date) — title`; an `## Unreleased` heading above it is allowed) and, when the
# clone has tags, the tag vX.Y.Z.
#
#   bash CI/version-check.sh [ZOOMCHECK]   # default: .build/debug/zoomcheck
#
# Checks, failing on any difference:
#   1. `ZOOMCHECK --version` prints `zoomcheck X.Y.Z`, a SemVer version;
#   2. the CHANGELOG's first `## X.Y.Z` heading is that version;
#   3. if the tag vX.Y.Z exists: the tagged commit is HEAD or an ancestor of it, and the
#      tagged tree's `--version` source says X.Y.Z too;
#   4. no tag names a higher version (the version never goes backwards).
# A clone without tags (a CI checkout often has none) passes 3 and 4, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
zoomcheck=${1:-.build/debug/zoomcheck}
source_file=Sources/ZoomCheckCLI/Commands/ZoomCheckMain.swift

printed=$("$zoomcheck" --version)
version=${printed#zoomcheck }
[[ "$printed" == "zoomcheck $version" && "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] \
    || { echo "version: '$printed' is not 'zoomcheck X.Y.Z'" >&2; exit 1; }

heading=$(sed -nE 's/^## ([0-9]+\.[0-9]+\.[0-9]+)([ ].*)?$/\1/p' CHANGELOG.md | head -n 1)
[ "$heading" = "$version" ] \
    || { echo "version: zoomcheck --version says $version, the CHANGELOG's newest version heading '${heading:-none}'" >&2; exit 1; }

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
echo "version $version: zoomcheck --version and the CHANGELOG agree; $tagged"
