#!/bin/sh
# tests/trixie_build.sh on a machine without git (a fresh one, or a
# release tarball unpacked anywhere), from this tree whether or not it
# is configured in place: the source it builds from must configure out
# of tree. Only its first half runs (--source-only): nothing is
# downloaded. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
src="$(cd "${top_srcdir:-.}" && pwd)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

plan 3

# No git: a 'git' that fails, first on PATH.
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "git: not here" >&2\nexit 127\n' >"$tmp/bin/git"
chmod +x "$tmp/bin/git"

# The make running this test must not lend the script its settings.
status=0
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL PATH="$tmp/bin:$PATH" \
	TMPDIR="$tmp" sh "$src/tests/trixie_build.sh" --source-only \
	>"$tmp/out" 2>&1 || status=$?
expect_eq "the trixie build's source configures without git" "$status" 0
if [ -f "$src/config.status" ]; then
	expect_match "a tree configured in place is copied by make distdir" \
		"$(cat "$tmp/out")" "copying the distribution's files"
else
	expect_match "a tree not configured in place is built from as it is" \
		"$(cat "$tmp/out")" "configures out of tree: passed"
fi
[ "$status" -eq 0 ] || sed 's/^/# /' "$tmp/out"

out=$(sh "$src/tests/trixie_build.sh" --no-such-option 2>&1)
expect_match "an unknown option is a usage error" "$out" "usage: sh tests/trixie_build.sh"
