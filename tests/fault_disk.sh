#!/bin/sh
# A full disk under eight simulated tables: the database on a small
# tmpfs (in a mount namespace of the test's own) fills up while they
# play, stays full a while, then gets its space back. While full every
# table referees on and tells its verdicts, the log and the dashboard's
# table state say "database full: moves are not being recorded"; once
# space is back each table's games are written whole, each in its own
# row: every move the log told is in the database in its table's game
# and no other, no board keeps two games under way, every game replays
# through the rules to its recorded position, and db check passes.
# Prints TAP and its figures.
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/fault.sh"

if [ -z "$PITBOSS_FAULT_NS" ]; then
	if ! can_mount; then
		echo "1..0 # SKIP no mount namespace to make a small file system in"
		exit 0
	fi
	PITBOSS_FAULT_NS=1 private_mounts sh "$0" "$@"
	exit $?
fi

PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
assets="$(cd "${top_srcdir:-.}/web/assets" && pwd)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-disk.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; umount "$tmp/disk" 2>/dev/null;
	rm -rf "$tmp"' EXIT
tables=8
full_for=$(soak 4 60)

plan 12

mkdir "$tmp/disk"
mount -t tmpfs -o size=1200k tmpfs "$tmp/disk" || { echo "Bail out! mount"; exit 1; }
db="$tmp/disk/club.db"
"$PITBOSS" db init --db "$db" >/dev/null
start_web "$tmp/log" "$PITBOSSD" -f --sim $tables --no-noise --speed 50 \
	--db "$db" --assets "$assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"

# wait_for PATTERN COUNT SECONDS: until the log has COUNT such lines.
wait_for() {
	for i in $(seq $(($3 * 10))); do
		[ "$(grep -c -- "$1" "$tmp/log")" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}

if wait_for "database full: moves are not being recorded" $tables 60; then
	ok "the disk filled up and every table says so in the log"
else
	not_ok "the disk filled up and every table says so in the log" \
		"$(grep -c 'database full' "$tmp/log") of $tables tables"
fi
sleep "$full_for"
told_full=$(grep -c 'not recorded yet: database full' "$tmp/log")
if [ "$told_full" -gt 0 ]; then
	ok "the tables went on telling their verdicts ($told_full while full)"
else
	not_ok "the tables went on telling their verdicts"
fi
state=$(curl -s "$base/api/tables")
full_tables=$(printf '%s' "$state" |
	grep -o '"store":"database full: moves are not being recorded"' | wc -l)
expect_eq "the dashboard's table state says it for every table" \
	"$full_tables" "$tables"

mount -o remount,size=64m "$tmp/disk"
if wait_for "the database takes writes again" $tables 30; then
	ok "space back: every table writes what it kept"
else
	not_ok "space back: every table writes what it kept" \
		"$(grep -c 'takes writes again' "$tmp/log") of $tables tables"
fi
sleep 2
state=$(curl -s "$base/api/tables")
expect_eq "the dashboard says nothing more of it" \
	"$(printf '%s' "$state" | grep -c 'database full')" 0
kill -TERM $pid
wait $pid
rc=$?
pid=
expect_eq "SIGTERM stops it cleanly" "$rc" 0

out=$("$PITBOSS" db check --db "$db" 2>&1)
expect_match "db check: every move's player sits at its game" "$out" ": ok"

"$PITBOSS" export --format csv --db "$db" >"$tmp/games.csv"
games=$(($(wc -l <"$tmp/games.csv") - 1))
full_moves=$(grep 'not recorded yet: database full' "$tmp/log" |
	grep -c ': [a-z]* [0-9]* [^-][^ :]*: ')
if [ "$full_moves" -gt 0 ]; then
	ok "moves were made while the disk was full ($full_moves)"
else
	not_ok "moves were made while the disk was full"
fi
playing=$(awk -F, 'NR > 1 && $13 == "playing" { print $6 }' "$tmp/games.csv" |
	sort | uniq -d | wc -l)
expect_eq "no board has two games under way" "$playing" 0

moves_told "$tmp/log" >"$tmp/told"
moves_recorded "$tmp/games.csv" >"$tmp/recorded"
lost=$(comm -23 "$tmp/told" "$tmp/recorded" | wc -l)
doubled=$(comm -13 "$tmp/told" "$tmp/recorded" | wc -l)
moves=$(wc -l <"$tmp/recorded")
figure "disk full for" "about $full_for s, $told_full verdicts told meanwhile"
figure "moves recorded" "$moves in $games games at $tables tables"
figure "moves lost or doubled" "$((lost + doubled))"
expect_eq "every move the log told is recorded, in its table's game" \
	"$lost" 0
expect_eq "no move recorded that the log did not tell" "$doubled" 0

bad=""
while IFS=, read -r id started ended kind options table tournament series \
	game_no side1 side2 first result winner s1 s2 p1 p2 record more; do
	[ "$id" = game ] && continue
	json=$("$PITBOSS" rules play kalah --json $record 2>&1) ||
		{ bad="$bad game $id: $json;"; continue; }
	want=$(printf '%s' "$json" | sed 's/.*"position":"\([^"]*\)".*/\1/')
	have=$("$PITBOSS" game show "$id" --json --db "$db" |
		sed 's/.*"position":"\([^"]*\)","source".*/\1/')
	[ -z "$record" ] && have=$want
	[ "$want" = "$have" ] || bad="$bad game $id: position $have, replayed $want;"
done <"$tmp/games.csv"
expect_eq "every game replays to its recorded position" "$bad" ""
