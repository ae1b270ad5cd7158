#!/bin/sh
# embed_assets.sh OUT SRCDIR FILE... - writes OUT, a C file that holds
# each FILE (a path under SRCDIR) byte for byte in web_assets[], named
# by its base name: the dashboard's pages, script and style compiled
# into pitbossd (web/web_assets.h). Needs only od and sed.
set -eu

[ $# -ge 3 ] || { echo "usage: embed_assets.sh OUT SRCDIR FILE..." >&2; exit 2; }
out=$1
srcdir=$2
shift 2

names=" "
for f in "$@"; do
	name=${f##*/}
	case "$name" in
	"" | .* | *[!A-Za-z0-9._-]*)
		echo "embed_assets.sh: '$f': not a plain file name" >&2
		exit 1 ;;
	esac
	case "$names" in
	*" $name "*)
		echo "embed_assets.sh: '$name' is listed twice" >&2
		exit 1 ;;
	esac
	names="$names$name "
	[ -f "$srcdir/$f" ] || { echo "embed_assets.sh: $srcdir/$f: no such file" >&2; exit 1; }
done

{
	echo "/* Made by web/embed_assets.sh from the files it names: not to edit. */"
	echo "#include \"config.h\""
	echo
	echo "#include \"web/web_assets.h\""
	n=0
	for f in "$@"; do
		echo
		echo "/* $f */"
		echo "static const unsigned char asset_$n[] = {"
		# Each byte as 0xNN, 16 a line, and a NUL after the last.
		od -An -v -tx1 "$srcdir/$f" |
			sed -e 's/[ 	][ 	]*/ /g' -e 's/^ //' -e 's/ $//' \
			    -e '/^$/d' -e 's/\([0-9a-f][0-9a-f]\)/0x\1,/g' \
			    -e 's/^/	/'
		echo "	0"
		echo "};"
		n=$((n + 1))
	done
	echo
	echo "const struct web_asset web_assets[] = {"
	n=0
	for f in "$@"; do
		echo "	{ \"${f##*/}\", asset_$n, sizeof(asset_$n) - 1 },"
		n=$((n + 1))
	done
	echo "	{ 0, 0, 0 }"
	echo "};"
} >"$out.tmp"
mv "$out.tmp" "$out"
