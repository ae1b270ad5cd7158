#!/bin/sh
# The man pages pass mandoc's linter (warnings included). Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"

if [ -z "${MANDOC:-}" ]; then
	echo "1..0 # SKIP mandoc not installed (Debian package: mandoc)"
	exit 0
fi
# Every page under man/, so a new page is linted without a change here.
pages=$(cd "$top_srcdir/man" && ls -- *.[1-8])
plan $(echo "$pages" | wc -l)
for page in $pages; do
	out=$("$MANDOC" -Tlint -Wwarning "$top_srcdir/man/$page" 2>&1)
	if [ -z "$out" ]; then ok "$page"; else not_ok "$page" "$out"; fi
done
