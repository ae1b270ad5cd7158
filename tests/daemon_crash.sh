#!/bin/sh
# Power cuts: pitbossd on two simulated tables is killed with SIGKILL at
# 20 random moments and restarted each time. Afterwards every game in
# the database must replay through the rules engine to its recorded
# position and result, no recorded move may be lost or doubled, and the
# games cut short must have gone on. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
db="$tmp/crash.db"
trap 'kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 9

start() {
	"$PITBOSSD" -f --sim 2 --no-noise --speed 25 --seed "$1" --db "$db" --web-port 0 \
		>>"$tmp/log" 2>&1 &
	tap_log "$tmp/log"
	pid=$!
}

# Moves recorded so far, one "game ply move" line each.
moves() {
	"$PITBOSS" export --format csv --db "$db" 2>/dev/null |
	awk -F, 'NR > 1 { n = split($19, m, " ");
		for (i = 1; i <= n; i++) print $1, i, m[i] }' | sort
}

kills=0
lost=0
seed=1
start $seed
while [ $kills -lt 20 ]; do
	# A random moment between 0.3 and 1.2 s.
	sleep "$(awk -v s=$kills 'BEGIN { srand(s * 7 + 3);
		printf "%.2f", 0.3 + rand() * 0.9 }')"
	kill -9 $pid
	wait $pid 2>/dev/null
	kills=$((kills + 1))
	moves >"$tmp/before"
	seed=$((seed + 1))
	start $seed
	sleep 0.3
	moves >"$tmp/after"
	# Every move recorded before the cut is still there after it.
	missing=$(comm -23 "$tmp/before" "$tmp/after" | wc -l)
	lost=$((lost + missing))
done
# Backups taken while the daemon writes: each a whole database, each
# move in it also in the final record.
checked=""
for b in 1 2 3; do
	sleep 2
	"$PITBOSS" backup "$tmp/backup$b.db" --db "$db" >/dev/null 2>&1 ||
		checked="$checked backup $b failed;"
	"$PITBOSS" db check --db "$tmp/backup$b.db" >/dev/null 2>&1 ||
		checked="$checked backup $b is damaged;"
done
kill -TERM $pid
wait $pid
rc=$?
expect_eq "three backups taken while the daemon plays are whole" "$checked" ""
extra=0
moves >"$tmp/final"
for b in 1 2 3; do
	"$PITBOSS" export --format csv --db "$tmp/backup$b.db" 2>/dev/null |
	awk -F, 'NR > 1 { n = split($19, m, " ");
		for (i = 1; i <= n; i++) print $1, i, m[i] }' | sort >"$tmp/b$b"
	extra=$((extra + $(comm -23 "$tmp/b$b" "$tmp/final" | wc -l)))
done
[ -s "$tmp/b3" ] || extra="the last backup holds no move"
expect_eq "every move in a backup is in the final record" "$extra" "0"
expect_eq "SIGTERM after 20 SIGKILLs stops cleanly" "$rc" "0"
expect_eq "no recorded move lost across the restarts" "$lost" "0"

"$PITBOSS" export --format csv --db "$db" >"$tmp/games.csv"
games=$(($(wc -l <"$tmp/games.csv") - 1))
finished=$(awk -F, 'NR > 1 && $13 != "playing"' "$tmp/games.csv" | wc -l)
if [ "$games" -ge 3 ] && [ "$finished" -ge 2 ]; then
	ok "games were played and finished ($games games, $finished finished)"
else
	not_ok "games were played and finished" "games $games, finished $finished"
fi
playing=$(awk -F, 'NR > 1 && $13 == "playing"' "$tmp/games.csv" | wc -l)
expect_eq "only the games at the tables' boards are still open" \
	"$([ "$playing" -le 2 ] && echo yes)" "yes"

bad=""
while IFS=, read -r id started ended kind options table tournament series \
	game_no side1 side2 first result winner s1 s2 p1 p2 record more; do
	[ "$id" = game ] && continue
	json=$("$PITBOSS" rules play kalah --json $record 2>&1) ||
		{ bad="$bad game $id: $json;"; continue; }
	shown=$("$PITBOSS" game show "$id" --json --db "$db")
	want=$(printf '%s' "$json" | sed 's/.*"position":"\([^"]*\)".*/\1/')
	have=$(printf '%s' "$shown" | sed 's/.*"moves":.*"position":"\([^"]*\)","source".*/\1/')
	[ -z "$record" ] && have=$want
	[ "$want" = "$have" ] || bad="$bad game $id: position $have, replayed $want;"
	plies=$(printf '%s' "$shown" | sed 's/.*"plies":\([0-9]*\).*/\1/')
	n=$(echo $record | wc -w)
	[ "$plies" = "$n" ] || bad="$bad game $id: $plies plies, $n moves;"
	if [ "$result" != playing ]; then
		w=$(printf '%s' "$json" | sed 's/.*"winner":\("[^"]*"\|null\).*/\1/')
		case "$result:$w" in
		win:\"S\"|win:\"N\"|draw:\"draw\") ;;
		*) bad="$bad game $id: result $result, replayed $w;" ;;
		esac
	fi
done <"$tmp/games.csv"
expect_eq "every game replays to its recorded position and result" "$bad" ""

resumed=$(grep -c 'resumed after' "$tmp/log")
if [ "$resumed" -ge 10 ]; then
	ok "games cut short went on from their last move ($resumed resumes)"
else
	not_ok "games cut short went on from their last move" "$resumed resumes"
fi

dups=$(moves | sort | uniq -d | wc -l)
expect_eq "no move recorded twice" "$dups" "0"
