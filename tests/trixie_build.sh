#!/bin/sh
# trixie_build.sh - builds what differs on Raspberry Pi OS trixie against
# Debian trixie's own headers, on this machine: the libgpiod 2.x backend
# (gpio/gpio_v2.c) with its test, and web/ against libmicrohttpd 1.0.
#
# libgpiod-dev and libmicrohttpd-dev are fetched from Debian into a
# temporary directory (apt-get with its own lists and cache: nothing is
# installed, root or not) and only their headers are used. Nothing is
# linked against their libraries, which want a newer glibc: the test
# links no libgpiod, and libgpio.a and libweb.a are only compiled.
#
# The build reads the distribution's files: a tree configured in place
# is copied by its own 'make distdir' (no git needed), any other tree is
# built from as it is (it needs its ./configure: ./bootstrap).
#
# Usage: sh tests/trixie_build.sh [--source-only]
#   (TRIXIE_MIRROR overrides the mirror)
# Exits 0 when everything built with -Werror and the test passed.
# --source-only prepares the source and configures it out of tree with
# this machine's libraries, then stops: nothing is downloaded.
set -eu

source_only=no
case "${1:-}" in
--source-only) source_only=yes ;;
"") ;;
*) echo "usage: sh tests/trixie_build.sh [--source-only]" >&2; exit 2 ;;
esac

srcdir=$(cd "$(dirname "$0")/.." && pwd)
mirror=${TRIXIE_MIRROR:-http://deb.debian.org/debian}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-trixie.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

say() {
	echo "trixie build: $*"
}

# fail MESSAGE [LOG]: the end of the log, the message, exit 1.
fail() {
	if [ $# -gt 1 ] && [ -f "$2" ]; then
		echo "--- last lines of $(basename "$2"):" >&2
		tail -n 40 "$2" >&2
		echo "---" >&2
	fi
	echo "trixie build: $1" >&2
	exit 1
}

need() {
	command -v "$1" >/dev/null 2>&1 ||
		fail "$1 not found (Debian package: $2)"
}
need make make

# ----------------------------------------------------------- the source
# automake refuses a VPATH build from a tree configured in place, and a
# tree need not be a git checkout (a release tarball, a copy): such a
# tree's own 'make distdir' copies the files of the distribution, which
# build anywhere; a tree not configured in place is built from as it is.
# (Read as it is, by whoever runs this: someone else's tree too.)
if [ -f "$srcdir/config.status" ]; then
	src=$tmp/src
	say "copying the distribution's files ('make distdir' in $srcdir)"
	make -C "$srcdir" distdir distdir="$src" >"$tmp/distdir.log" 2>&1 ||
		fail "make distdir failed in $srcdir" "$tmp/distdir.log"
else
	src=$srcdir
	[ -x "$src/configure" ] || fail "no configure in $src: run ./bootstrap"
fi
build=$tmp/build
mkdir "$build"

if [ "$source_only" = yes ]; then
	say "configuring in a separate build directory, with this machine's libraries"
	(cd "$build" && "$src/configure" --enable-werror) \
		>"$build/configure.log" 2>&1 ||
		fail "configure failed" "$build/configure.log"
	say "the source configures out of tree: passed"
	exit 0
fi

# ---------------------------------------------------------- the headers
need apt-get apt
need dpkg-deb dpkg
apt_dir=$tmp/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" \
	"$apt_dir/debs"
echo "deb $mirror trixie main" >"$apt_dir/sources.list"
set -- \
	-o Dir::Etc::sourcelist="$apt_dir/sources.list" \
	-o Dir::Etc::sourceparts=/nonexistent \
	-o Dir::State::Lists="$apt_dir/lists" \
	-o Dir::Cache="$apt_dir/cache" \
	-o Dir::State::status=/dev/null
# As root, apt would hand the download to user _apt, who cannot write to
# our private temporary directory.
if [ "$(id -u)" -eq 0 ]; then
	set -- "$@" -o APT::Sandbox::User=root
fi
say "fetching libgpiod-dev and libmicrohttpd-dev from $mirror trixie"
apt_log=$tmp/apt.log
if ! apt-get "$@" update >"$apt_log" 2>&1 ||
   ! (cd "$apt_dir/debs" && apt-get "$@" download libgpiod-dev \
	libmicrohttpd-dev) >>"$apt_log" 2>&1; then
	fail "cannot download libgpiod-dev and libmicrohttpd-dev from $mirror (no network, or the mirror is unreachable); nothing was built" "$apt_log"
fi

# extract PACKAGE DIR: unpacks the package's .deb, says its upstream
# version (from its pkg-config file).
extract() {
	deb=$(ls "$apt_dir/debs/$1"_*.deb 2>/dev/null | head -n 1)
	[ -n "$deb" ] || fail "apt-get did not download $1" "$apt_log"
	dpkg-deb -x "$deb" "$2" || fail "cannot unpack $deb"
	pc=$(find "$2" -name "$3.pc" | head -n 1)
	[ -n "$pc" ] || fail "no $3.pc in $deb"
	sed -n 's/^Version: *//p' "$pc"
}
gpiod_version=$(extract libgpiod-dev "$tmp/gpiod" libgpiod)
mhd_version=$(extract libmicrohttpd-dev "$tmp/mhd" libmicrohttpd)
# Directories of their own: this machine's /usr/include has its own.
gpiod_inc=$tmp/gpiod/usr/include
mhd_inc=$tmp/mhd/usr/include
[ -f "$gpiod_inc/gpiod.h" ] || fail "no gpiod.h in libgpiod-dev"
[ -f "$mhd_inc/microhttpd.h" ] || fail "no microhttpd.h in libmicrohttpd-dev"
say "headers: libgpiod $gpiod_version, libmicrohttpd $mhd_version"

# -------------------------------------------------------------- the build
cd "$build"
# GPIOD_LIBS only feeds pitbossd, which is not linked here.
say "configuring in a separate build directory"
"$src/configure" --enable-werror \
	GPIOD_CFLAGS="-I$gpiod_inc" GPIOD_LIBS="-lgpiod" \
	GPIOD_VERSION="$gpiod_version" MHD_CFLAGS="-I$mhd_inc" \
	>configure.log 2>&1 || fail "configure failed" "$build/configure.log"
grep -q '^#define PB_GPIOD_API 2$' config.h ||
	fail "configure did not pick the libgpiod 2.x API" "$build/configure.log"

# The web objects must see the 1.0 header, not this machine's.
printf '#include <microhttpd.h>\n#if MHD_VERSION < 0x01000000\n#error old\n#endif\n' |
	${CC:-cc} -E -I"$mhd_inc" - >/dev/null 2>&1 ||
	fail "microhttpd.h from libmicrohttpd-dev $mhd_version is not 1.x"

say "building libgpio.a, libweb.a and tests/test_gpio_v2 with -Werror"
make -j2 libgpio.a libweb.a tests/test_gpio_v2 >make.log 2>&1 ||
	fail "the build failed" "$build/make.log"

say "running tests/test_gpio_v2"
status=0
./tests/test_gpio_v2 >test.log 2>&1 || status=$?
cat test.log
if [ "$status" -ne 0 ] || grep -q '^not ok' test.log ||
   ! grep -q '^ok ' test.log; then
	fail "tests/test_gpio_v2 failed"
fi
echo "trixie build: libgpiod $gpiod_version and libmicrohttpd $mhd_version headers: passed"
