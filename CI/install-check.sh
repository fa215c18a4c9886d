#!/usr/bin/env bash
# The README's install route, as printed: `swift package experimental-install --product
# zoomcheck`, then the installed `zoomcheck --version`, in a scratch HOME.
#
#   bash CI/install-check.sh [RELEASE-ZOOMCHECK]   # default .build/release/zoomcheck
#
# Run after `swift build -c release --product zoomcheck` (the gate's release build): the
# install builds the same product in the same configuration and scratch path, finds it built
# (about 4 s on the 2-core machine) and copies it. It must install a binary whose --version
# is the release build's.
#
# Where it lands: SwiftPM installs into Foundation's home directory, which is $HOME for a
# user but, for root (uid 0), the password database's home whatever $HOME says (measured:
# HOME=/tmp/x still installs to /root/.swiftpm/bin). So under root the install goes to the
# real ~/.swiftpm/bin: this script then moves a zoomcheck already there aside first, and
# afterwards removes what the install added and puts back what was there.
set -euo pipefail
cd "$(dirname "$0")/.."
release=${1:-.build/release/zoomcheck}
scratch=$(mktemp -d)
home="$scratch/home"
mkdir -p "$home"

# The directory the install will use: the scratch home unless Foundation ignores $HOME (root).
if [ "$(id -u)" = 0 ]; then
    bin="$(getent passwd 0 | cut -d: -f6)/.swiftpm/bin"
else
    bin="$home/.swiftpm/bin"
fi
created_bin=0
[ -d "$bin" ] || created_bin=1
if [ -e "$bin/zoomcheck" ]; then mv "$bin/zoomcheck" "$scratch/zoomcheck.before"; fi
restore() {
    rm -f "$bin/zoomcheck"
    [ ! -e "$scratch/zoomcheck.before" ] || mv "$scratch/zoomcheck.before" "$bin/zoomcheck"
    [ "$created_bin" = 0 ] || rmdir "$bin" 2>/dev/null || true
    rm -rf "$scratch"
}
trap restore EXIT

HOME="$home" swift package experimental-install --product zoomcheck | tee "$scratch/install.txt"
installed=$(sed -nE 's/.*was successfully installed to (.*)\.$/\1/p' "$scratch/install.txt")
[ "$installed" = "$bin/zoomcheck" ] \
    || { echo "install: SwiftPM installed to '${installed:-nowhere}', not $bin/zoomcheck" >&2; exit 1; }
version=$(PATH="$bin:$PATH" zoomcheck --version)
[ "$version" = "$("$release" --version)" ] \
    || { echo "install: the installed zoomcheck says '$version', the release build '$("$release" --version)'" >&2; exit 1; }
echo "installed and run from $bin (put it on PATH, as the README says): $version"
