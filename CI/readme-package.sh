#!/usr/bin/env bash
# The README's Swift route, built as a reader would build it: a new package whose files are
# the README's own code blocks, depending on this checkout, and its test run.
#
# A ```swift block belongs to the package when the line before it is
# `<!-- readme-package: PATH -->`; the block becomes the file PATH of the package, verbatim.
# Marked, not every block: the README may show a fragment that is not a file (and a marked
# block that does not compile fails here, so the front page cannot rot). The package is
# made in a temporary directory beside a link named ZoomCheck to this checkout, so that the
# README's `.package(path: "../ZoomCheck")` is used as printed. Nothing is written into the
# checkout.
#
# Passes when `swift test --disable-xctest` passes and ran exactly the tests the blocks
# declare (`@Test func NAME`), each passing: a zero exit alone is never trusted (a run of
# 0 tests exits 0). ZOOMCHECK_CASES (default here 1000) keeps the catalogue's run short.
#
#   bash CI/readme-package.sh [--keep]   # --keep: leave the scratch package and say where
#   bash CI/readme-package.sh --self-test  # the judgement alone, on canned swift test outputs
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# judge OUTPUT STATUS EXPECTED: passes when swift test exited 0, printed no failure line, and
# the tests that passed are exactly EXPECTED (sorted names, one a line).
judge() {
    local out=$1 status=$2 expected=$3 ran failed
    ran=$(sed -nE 's/^✔ Test ([A-Za-z_][A-Za-z0-9_]*)\(\) passed after .*/\1/p' "$out" | sort)
    failed=$(grep -c '^✘ Test ' "$out" || true)
    [ "$status" = 0 ] && [ "$failed" = 0 ] && [ "$ran" = "$expected" ] && return 0
    echo "readme package: swift test exited $status with $failed failure lines;" \
        "passed: [$(echo $ran)], expected: [$(echo $expected)]" >&2
    return 1
}

if [ "${1:-}" = --self-test ]; then
    canned=$(mktemp)
    trap 'rm -f "$canned"' EXIT
    verdict() { printf '%b' "$1" > "$canned"; if judge "$canned" "$2" catalogue 2>/dev/null; then echo pass; else echo fail; fi; }
    passed='✔ Test catalogue() passed after 1.0 seconds.\n✔ Test run with 1 test in 0 suites passed after 1.0 seconds.\n'
    [ "$(verdict "$passed" 0)" = pass ] || { echo "self-test: a passing run was judged a failure" >&2; exit 1; }
    [ "$(verdict '✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.\n' 0)" = fail ] \
        || { echo "self-test: a run of 0 tests (exit 0) passed" >&2; exit 1; }
    [ "$(verdict "✘ Test catalogue() recorded an issue at T.swift:1:1: x\n$passed" 0)" = fail ] \
        || { echo "self-test: a failure line passed" >&2; exit 1; }
    [ "$(verdict "$passed" 1)" = fail ] || { echo "self-test: exit 1 passed" >&2; exit 1; }
    [ "$(verdict "${passed}✔ Test other() passed after 1.0 seconds.\n" 0)" = fail ] \
        || { echo "self-test: a test the README does not declare passed unnoticed" >&2; exit 1; }
    echo "self-test: the judgement fails on 0 tests, a failure line, a nonzero exit and an unexpected test"
    exit 0
fi

keep=0
[ "${1:-}" = --keep ] && keep=1
scratch=$(mktemp -d "${TMPDIR:-/tmp}/zoomcheck-readme.XXXXXX")
[ "$keep" = 1 ] || trap 'rm -rf "$scratch"' EXIT
ln -s "$root" "$scratch/ZoomCheck"
package="$scratch/MyMercator"
mkdir -p "$package"

# Writes each marked block to its file; prints the paths.
python3 - "$root/README.md" "$package" <<'PYTHON'
import os, re, sys
readme, package = sys.argv[1], sys.argv[2]
lines = open(readme, encoding="utf-8").read().split("\n")
written = []
for index, line in enumerate(lines):
    marker = re.fullmatch(r"<!-- readme-package: (\S+) -->", line.strip())
    if not marker:
        continue
    if index + 1 >= len(lines) or lines[index + 1].strip() != "```swift":
        sys.exit(f"README.md:{index + 1}: a readme-package marker must sit right above a ```swift block")
    end = next((j for j in range(index + 2, len(lines)) if lines[j].strip() == "```"), None)
    if end is None:
        sys.exit(f"README.md:{index + 2}: the block is not closed")
    path = marker.group(1)
    if path.startswith("/") or ".." in path.split("/"):
        sys.exit(f"README.md:{index + 1}: {path} is not a path inside the package")
    target = os.path.join(package, path)
    os.makedirs(os.path.dirname(target) or package, exist_ok=True)
    with open(target, "w", encoding="utf-8") as file:
        file.write("\n".join(lines[index + 2:end]) + "\n")
    written.append(path)
if "Package.swift" not in written:
    sys.exit("README.md marks no Package.swift block (<!-- readme-package: Package.swift -->)")
if len(written) < 2:
    sys.exit("README.md marks no source file besides Package.swift")
print("\n".join(written))
PYTHON

# The tests the blocks declare: every `@Test func NAME` (a test with a display name too).
expected=$(cat $(find "$package" -name '*.swift' ! -name Package.swift) \
    | sed -nE 's/.*@Test(\([^)]*\))? +func +([A-Za-z_][A-Za-z0-9_]*).*/\2/p' | sort)
[ -n "$expected" ] || { echo "readme package: the README's blocks declare no @Test" >&2; exit 1; }

out="$scratch/test.txt"
status=0
ZOOMCHECK_CASES="${ZOOMCHECK_CASES:-1000}" swift test --disable-xctest --package-path "$package" > "$out" 2>&1 \
    || status=$?
judge "$out" "$status" "$expected" || { cat "$out" >&2; exit 1; }
grep -E '^. Test run with ' "$out" || true
echo "the README's package builds and its tests pass: $(echo $expected)"
[ "$keep" = 0 ] || echo "kept: $package"
