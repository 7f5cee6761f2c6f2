#!/bin/sh
# Builds (once) a Debian root for the Pi's architecture with the shogiban package's dependencies installed, under
# QEMU user emulation, and prints its directory. Usage: build-root.sh ARCH CACHE_DIR
#   ARCH      arm64 (64-bit Raspberry Pi OS) or armhf (32-bit)
#   CACHE_DIR where roots are kept between runs, one directory per key (suite, architecture, mirror, packages)
# The root is built into a temporary directory and renamed when complete, so an interrupted build leaves no root
# that looks finished. Needs root, mmdebstrap and qemu-user-static with binfmt_misc enabled (.ci/run sees to both).
set -eu
arch="$1"
cache="$2"
suite=trixie
# the mirror apt on this machine uses: the only one a CI machine is sure to reach
mirror="${SHOGIBAN_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# the package's Depends (first alternatives) and systemd, whose systemd-analyze checks the unit as the Pi sees it
packages="openjdk-21-jre-headless,adduser,init-system-helpers,systemd"
# what else shapes the root: the variant and what dpkg leaves out (the manual pages stay: OpenJDK's postinst links
# java.1.gz into /usr/share/man/man1 and fails where that directory is missing)
variant=apt
excluded="/usr/share/doc/* /usr/share/locale/*"
key=$(printf '%s\n' "$suite" "$arch" "$mirror" "$packages" "$variant" "$excluded" | sha256sum | cut -c1-16)
root="$cache/$suite-$arch-$key"
if [ -f "$root/.complete" ]; then
    echo "$root"
    exit 0
fi
mkdir -p "$cache"
work=$(mktemp -d "$cache/.building-$suite-$arch-XXXXXX")
trap 'rm -rf "$work"' EXIT
# --variant=apt: Essential packages and apt (what "apt install ./shogiban.deb" needs), nothing more
mmdebstrap --mode=root --variant="$variant" --architectures="$arch" --include="$packages" \
    --aptopt='Acquire::Retries "3"' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/shogiban/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    "$suite" "$work/root" "$mirror" >&2
touch "$work/root/.complete"
rm -rf "$root"
mv "$work/root" "$root"
echo "$root"
