#!/bin/sh
# `pitboss backup` killed with SIGKILL at random moments of its copy:
# the destination is then absent (no backup before) or the whole earlier
# backup, never a part of one, and no journal is left at it. Prints TAP
# and its figures.
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/fault.sh"
PITBOSS="${top_builddir:-.}/pitboss"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-backup.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
db="$tmp/club.db"
kills=$(soak 30 300)

plan 5

"$PITBOSS" db init --db "$db" >/dev/null
for name in Ada Bob; do "$PITBOSS" player add "$name" --db "$db" >/dev/null; done
# A copy long enough to be killed in the middle of: some megabytes.
if command -v sqlite3 >/dev/null 2>&1; then
	sqlite3 "$db" "CREATE TABLE pad (x); WITH RECURSIVE n(i) AS
		(SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000)
		INSERT INTO pad SELECT randomblob(900) FROM n;"
fi

# How long a whole backup takes here, to kill within it.
start=$(date +%s%N)
"$PITBOSS" backup "$tmp/first.db" --db "$db" >/dev/null
took_us=$((($(date +%s%N) - start) / 1000))
rm -f "$tmp/first.db"

# whole FILE: the file is a database that passes db check with both players.
whole() {
	[ ! -e "$1-journal" ] &&
	"$PITBOSS" db check --db "$1" >/dev/null 2>&1 &&
	[ "$("$PITBOSS" player list --db "$1" 2>/dev/null | wc -l)" = 3 ]
}

# kill_backup N DEST: a backup over DEST killed after a random part of
# its time; prints "midway" when it was killed with a copy under way.
kill_backup() {
	delay=$(awk -v s="$1" -v t="$took_us" 'BEGIN { srand(s);
		printf "%.6f", rand() * t / 1000000 }')
	"$PITBOSS" backup --force "$2" --db "$db" >/dev/null 2>&1 &
	bpid=$!
	sleep "$delay"
	kill -9 "$bpid" 2>/dev/null
	wait "$bpid" 2>/dev/null
	[ $? = 137 ] || return 0
	if ls "$2".partial-* >/dev/null 2>&1 ||
	   { [ -e "$2" ] && ! whole "$2"; }; then
		echo midway
	fi
}

killed=0
midway=0
damaged=0
for i in $(seq "$kills"); do
	r=$(kill_backup "$i" "$tmp/none.db")
	killed=$((killed + 1))
	[ "$r" = midway ] && midway=$((midway + 1))
	# With no backup before: nothing, or a whole one when it finished.
	if [ -e "$tmp/none.db" ] && ! whole "$tmp/none.db"; then
		damaged=$((damaged + 1))
	fi
	rm -f "$tmp"/none.db*
done
"$PITBOSS" backup "$tmp/kept.db" --db "$db" >/dev/null
for i in $(seq "$kills"); do
	r=$(kill_backup "$((i + 1000))" "$tmp/kept.db")
	killed=$((killed + 1))
	[ "$r" = midway ] && midway=$((midway + 1))
	whole "$tmp/kept.db" || damaged=$((damaged + 1))
	rm -f "$tmp"/kept.db.partial-*
done

figure "backups killed" "$killed ($midway in the middle of the copy)"
figure "destinations damaged" "$damaged"
expect_eq "a killed backup never leaves a part of a copy at its destination" \
	"$damaged" 0
if [ "$midway" -gt 0 ]; then
	ok "kills landed in the middle of copies ($midway of $killed)"
else
	not_ok "kills landed in the middle of copies" "0 of $killed"
fi
out=$("$PITBOSS" backup "$tmp/kept.db" --db "$db" 2>&1); rc=$?
expect_eq "an existing backup is kept without --force" "$rc" 1
"$PITBOSS" backup --force "$tmp/kept.db" --db "$db" >/dev/null
whole "$tmp/kept.db" && ok "a backup after the kills is whole" ||
	not_ok "a backup after the kills is whole"
left=$(ls "$tmp" | grep -c -- '-journal$')
expect_eq "no journal left anywhere" "$left" 0
