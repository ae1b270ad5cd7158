#!/bin/sh
# The man pages pass mandoc's linter (warnings included). Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"

pages="pitboss.1 pitboss-rules.7"
if [ -z "${MANDOC:-}" ]; then
	echo "1..0 # SKIP mandoc not installed (Debian package: mandoc)"
	exit 0
fi
plan 2
for page in $pages; do
	out=$("$MANDOC" -Tlint -Wwarning "$top_srcdir/man/$page" 2>&1)
	if [ -z "$out" ]; then ok "$page"; else not_ok "$page" "$out"; fi
done
