#!/usr/bin/env bash
# The README's routes for depending on ZoomCheck from another package, resolved as a user's
# package resolves them, from a clone that carries no tags (a CI checkout, a clone of main).
#
# The `.package(url: …)` lines of the README's block marked `<!-- dependency-routes -->` are
# taken as printed, with the example URL `file:///src/ZoomCheck` replaced by a tagless clone
# of this commit (its branch `main` at this commit) and `COMMIT` by the commit's hash. Each
# must resolve (`swift package resolve`) to this commit. A `from:` route must fail in the same
# clone: that is why the README offers none. Nothing is built; nothing is written into the
# checkout.
#
#   bash CI/dependency-routes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=$(mktemp -d "${TMPDIR:-/tmp}/zoomcheck-routes.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() { echo "dependency route: $*" >&2; exit 1; }

commit=$(git rev-parse HEAD)
git clone --quiet --no-tags --no-checkout "file://$root" "$scratch/ZoomCheck"
git -C "$scratch/ZoomCheck" checkout --quiet -B main "$commit"
git -C "$scratch/ZoomCheck" tag -l | grep -q . && fail "the scratch clone has tags"

routes=$(awk '/<!-- dependency-routes -->/ { on = 1; next } on && /^```/ { if (open) exit; open = 1; next }
    on && open && /\.package\(url:/ { print }' README.md)
[ "$(echo "$routes" | grep -c .)" -ge 2 ] || fail "README.md marks fewer than two url routes (<!-- dependency-routes -->)"
echo "$routes" | grep -q 'from:' && fail "README.md offers a from: route, which needs a tag"

# resolve NAME DEPENDENCY: a package depending on DEPENDENCY, resolved; prints swift's status.
resolve() {
    local package="$scratch/$1" status=0
    mkdir -p "$package/Sources/User"
    echo 'import ZoomProperties' > "$package/Sources/User/User.swift"
    cat > "$package/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "User",
    dependencies: [$2],
    targets: [.target(name: "User", dependencies: [.product(name: "ZoomProperties", package: "ZoomCheck")])])
SWIFT
    (cd "$package" && swift package resolve) > "$package.log" 2>&1 || status=$?
    echo "$status"
}

index=0
while IFS= read -r line; do
    index=$((index + 1))
    dependency=$(echo "$line" | sed -E 's|^ *||; s|\),? *//[^"]*$|)|; s|,$||' \
        | sed "s|file:///src/ZoomCheck|file://$scratch/ZoomCheck|; s|COMMIT|$commit|")
    status=$(resolve "route$index" "$dependency")
    [ "$status" = 0 ] || { cat "$scratch/route$index.log" >&2; fail "'$line' did not resolve (exit $status)"; }
    grep -qF "\"revision\" : \"$commit\"" "$scratch/route$index/Package.resolved" \
        || { cat "$scratch/route$index/Package.resolved" >&2; fail "'$line' resolved to another commit"; }
    echo "resolves from a tagless clone: $dependency"
done <<< "$routes"

version=$(sed -nE 's/^## ([0-9]+\.[0-9]+\.[0-9]+)([ ].*)?$/\1/p' CHANGELOG.md | head -n 1)
status=$(resolve tagged ".package(url: \"file://$scratch/ZoomCheck\", from: \"$version\")")
[ "$status" != 0 ] || fail "a from: route resolved in a clone without tags: the README could offer it"
echo "a from: route fails there, as it would for a reader: $(grep -m1 -o 'no versions.*' "$scratch/tagged.log" || tail -n 1 "$scratch/tagged.log")"
