#!/usr/bin/env bash
# The README's install route, as printed: `swift package experimental-install --product
# zoomcheck`, then the installed `zoomcheck --version`, in a scratch HOME; then its upgrade
# route: a second install over the copy fails (`zoomcheck is already installed`, which is why
# the README says to uninstall first), and `swift package experimental-uninstall zoomcheck`
# followed by the install line installs it again.
#
#   bash CI/install-check.sh [RELEASE-ZOOMCHECK]   # default .build/release/zoomcheck
#
# Run after `swift build -c release --product zoomcheck` (CI/nightly.sh's release build): the
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

# The upgrade route. Over an existing copy the install must refuse (if SwiftPM ever replaces
# it, the README's "uninstall first" is no longer needed: this fails so that it is updated).
status=0
HOME="$home" swift package experimental-install --product zoomcheck > "$scratch/again.txt" 2>&1 || status=$?
[ "$status" != 0 ] && grep -q "already installed" "$scratch/again.txt" \
    || { cat "$scratch/again.txt" >&2; echo "install: a second install exited $status without 'already installed'" >&2; exit 1; }
HOME="$home" swift package experimental-uninstall zoomcheck
[ ! -e "$bin/zoomcheck" ] || { echo "install: experimental-uninstall left $bin/zoomcheck" >&2; exit 1; }
HOME="$home" swift package experimental-install --product zoomcheck > "$scratch/upgrade.txt"
upgraded=$(PATH="$bin:$PATH" zoomcheck --version)
[ "$upgraded" = "$version" ] || { echo "install: after uninstall and install, zoomcheck says '$upgraded'" >&2; exit 1; }
echo "upgrade: a second install refuses ('already installed'); uninstall, then install, gives $upgraded"
