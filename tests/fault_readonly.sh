#!/bin/sh
# A database nobody may write: a copy of mode 0444 in a folder of mode
# 0555, read by a user who owns neither, and the same copy on a
# read-only file system. Every command that only reads works and shows
# what the writable original shows; a command that writes is refused
# saying the file is read-only; a file that needs migrating says so.
# Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/fault.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-readonly.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
chmod 0755 "$tmp"
# Our own copy of the program, where any user may run it.
cp "${top_builddir:-.}/pitboss" "$tmp/pitboss"
PITBOSS="$tmp/pitboss"
db="$tmp/club.db"

plan 14

pb() { "$PITBOSS" "$@"; }
pb db init --db "$db" >/dev/null
for name in Ada Bob Cyd Dee; do pb player add "$name" --db "$db" >/dev/null; done
pb game add --seat S=Ada --seat N=Bob -o "pits=3 seeds=1" --db "$db" \
	b A c C A a >/dev/null
pb tournament create Cup -o "pits=3 seeds=1" --target 2 --db "$db" >/dev/null
pb tournament enter Cup Ada Bob Cyd Dee --db "$db" >/dev/null
pb tournament draw Cup --db "$db" >/dev/null

# What each read shows, on the writable original.
read_all() {
	run=$1
	file=$2
	for cmd in "player list" "game list" "tournament show Cup" \
		"export --format csv" "db check" "history --player Ada" \
		"game show 1"; do
		# shellcheck disable=SC2086
		out=$($run "$PITBOSS" $cmd --db "$file" 2>&1)
		echo "$cmd: rc $?"
		# The path differs between copies; the rest must not.
		printf '%s\n' "$out" | sed "s|$file|DB|g"
	done
}
read_all "" "$db" >"$tmp/want"

mkdir "$tmp/ro"
cp "$db" "$tmp/ro/club.db"
chmod 0444 "$tmp/ro/club.db"
chmod 0555 "$tmp/ro"
ro="$tmp/ro/club.db"

if as_other true; then
	read_all as_other "$ro" >"$tmp/got"
	for cmd in "player list" "game list" "tournament show Cup" \
		"export --format csv" "db check"; do
		got=$(grep "^$cmd: rc" "$tmp/got")
		expect_eq "mode 0444: $cmd works" "$got" "$cmd: rc 0"
	done
	figure "reads of a mode 0444 database that worked" \
		"$(grep -c ': rc 0$' "$tmp/got") of $(grep -c ': rc ' "$tmp/got")"
	if cmp -s "$tmp/want" "$tmp/got"; then
		ok "mode 0444: every read shows what the original shows"
	else
		not_ok "mode 0444: every read shows what the original shows" \
			"$(diff "$tmp/want" "$tmp/got" | head -n 20)"
	fi
	out=$(as_other "$PITBOSS" player add Eve --db "$ro" 2>&1); rc=$?
	expect_eq "mode 0444: a write is a database error" "$rc" 3
	expect_match "and says the file is read-only" "$out" "is read-only"
	ls -A "$tmp/ro" >"$tmp/left"
	expect_eq "nothing was left beside it" "$(cat "$tmp/left")" "club.db"
else
	for i in 1 2 3 4 5 6 7 8 9; do
		not_ok "mode 0444: no other user to be (setpriv missing)"
	done
fi

# An older file that only may be read: it cannot be brought up to date.
chmod 0755 "$tmp/ro"
cp "$db" "$tmp/ro/old.db"
# The schema version is the header's 4 bytes at 60 (user_version): the
# original's is the current one.
schema=$(od -An -tu1 -j60 -N4 "$db" |
	awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }')
printf '\000\000\000\005' |
	dd of="$tmp/ro/old.db" bs=1 seek=60 conv=notrunc 2>/dev/null
chmod 0444 "$tmp/ro/old.db"
chmod 0555 "$tmp/ro"
out=$(as_other "$PITBOSS" player list --db "$tmp/ro/old.db" 2>&1); rc=$?
expect_eq "an older read-only file is a database error" "$rc" 3
expect_match "saying it needs migrating" "$out" \
	"schema version 5 and needs migrating to $schema"
expect_match "and that it is read-only" "$out" "read-only"

# Read-only media: even root may not write there.
if can_mount; then
	private_mounts sh -c '
		mkdir "$1/media" && mount -t tmpfs -o size=4m tmpfs "$1/media" &&
		cp "$2" "$1/media/club.db" &&
		mount -o remount,ro "$1/media" || exit 99
		for cmd in "player list" "game list" "tournament show Cup" \
			"export --format csv" "db check" "history --player Ada" \
			"game show 1"; do
			out=$("$3" $cmd --db "$1/media/club.db" 2>&1)
			echo "$cmd: rc $?"
			printf "%s\n" "$out" | sed "s|$1/media/club.db|DB|g"
		done >"$1/media-got"
		"$3" player add Eve --db "$1/media/club.db" >"$1/media-write" 2>&1
		echo "rc $?" >>"$1/media-write"' sh "$tmp" "$db" "$PITBOSS"
	if cmp -s "$tmp/want" "$tmp/media-got"; then
		ok "read-only media: every read works as on the original"
	else
		not_ok "read-only media: every read works as on the original" \
			"$(diff "$tmp/want" "$tmp/media-got" 2>&1 | head -n 20)"
	fi
	out=$(cat "$tmp/media-write" 2>&1)
	expect_match "read-only media: a write is refused as read-only" \
		"$out" "is read-only"
else
	not_ok "read-only media: this system lets no test mount a file system"
	not_ok "read-only media: this system lets no test mount a file system"
fi
