#!/bin/sh
# A club night from the CLI and the daemon: eight players, one absent,
# a knockout of seven (a bye) with a forfeit, played to its champion by
# two simulated tables from pitboss.conf that the arbiter calls series
# to (then auto call), the bracket complete and the standings
# consistent with it; then a round robin of five on another night.
# Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
[ -n "$KEEP" ] && echo "# in $tmp"
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; [ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
export PITBOSS_DB="$tmp/club.db"
pb() { "$PITBOSS" "$@"; }

plan 21

cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
web.port = 0
[table 1]
name = Front
source = sim
seed = 11
[table 2]
name = Back
source = sim
seed = 12
EOC

# The players and the draw, before the doors open.
pb db init >/dev/null
for p in Ada Bram Cleo Dev Edda Finn Gus Hana; do pb player add $p >/dev/null; done
pb tournament create "Club Cup" --target 6 >/dev/null
pb tournament enter "Club Cup" Ada Bram Cleo Dev Edda Finn Gus Hana >/dev/null
pb tournament withdraw "Club Cup" Hana >/dev/null	# absent
pb tournament seed "Club Cup" Ada 1 >/dev/null
out=$(pb tournament draw "Club Cup" --seed 2026); rc=$?
expect_eq "seven entrants drawn" "$rc" 0
out=$(pb tournament show "Club Cup" | grep -c ' bye$')
expect_eq "one bye, to the top seed" "$out" 1
# Gus does not come: he forfeits his first match.
out=$(pb tournament forfeit "Club Cup" Gus); rc=$?
expect_eq "a forfeit in round 1" "$rc" 0

assets="$(cd "${top_srcdir:-.}/web/assets" && pwd)"
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" --speed 200 \
	--assets "$assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
expect_match "the daemon runs the two tables" "$(cat "$tmp/log")" "ready: 2 tables"

# The arbiter calls the two due series of round 1 to the tables.
out=$(pb table assign Front next --wait 20); rc=$?
expect_match "the first call-up, through the door" "$rc:$out" \
	"0:command 0 -: series "
out=$(pb table assign Back next --wait 20); rc=$?
expect_match "the second call-up" "$rc:$out" "0:command 0 -: series "
front=$(pb table status Front --json | sed -n 's/.*"series":{"id":\([0-9]*\).*/\1/p')
out=$(pb table assign Back "${front:-1}" --wait 0 2>&1); rc=$?
expect_match "a series called to one table is not called to another" \
	"$rc:$out" "1:pitboss: series ${front:-1} is "
out=$(curl -s "http://127.0.0.1:$web_port/api/tables/1")
expect_match "the API's table state says the series, the players and next" \
	"$(printf '%s' "$out" | sed 's/"series":\(null\|{"id":[0-9]*\).*"players":\[.*\],"next":\(null\|{"id"\).*/SERIES PLAYERS NEXT/')" \
	"SERIES PLAYERS NEXT"
# From the semi-finals on, free tables call the next due series.
pb tournament auto-call "Club Cup" on >/dev/null

champion=
for i in $(seq 600); do
	champion=$(pb tournament show "Club Cup" | sed -n 's/^champion: *//p')
	[ -n "$champion" ] && break
	sleep 0.1
done
if [ -n "$champion" ]; then ok "the tables play the tournament to its champion"
else not_ok "the tables play the tournament to its champion" \
	"$(pb tournament show "Club Cup")" "$(tail -n 20 "$tmp/log")"; fi

show=$(pb tournament show "Club Cup")
out=$(printf '%s\n' "$show" | grep -Ec ' (playing|waiting)$')
expect_eq "the bracket is complete" "$out" 0
played=$(printf '%s\n' "$show" | grep -c ' wins$')
forfeits=$(printf '%s\n' "$show" | grep -c ' by forfeit$')
expect_eq "five series played at the tables, one forfeit" \
	"$played $forfeits" "5 1"
out=$(pb game list --tournament "Club Cup" | grep -c 'Front\|Back')
[ "$out" -ge 5 ] && ok "the games of the series were played at the two tables ($out)" ||
	not_ok "the games of the series were played at the two tables" "$out"
top=$(pb tournament standings "Club Cup" | awk 'NR == 4 {print $2}')
expect_eq "the standings open with the champion" "$top" "$champion"
out=$(pb tournament standings "Club Cup" --json | grep -o '"status":"[a-z]*"' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
expect_match "one champion, no one still alive" "$out" '1 "status":"champion"'

kill $pid
wait $pid 2>/dev/null
pid=

# Another night: a round robin of five, the tables calling its series
# themselves (auto call), a bye in every round.
pb tournament create "Thursday" --format round-robin --target 6 >/dev/null
pb tournament enter "Thursday" Ada Bram Cleo Dev Edda >/dev/null
pb tournament draw "Thursday" --seed 5 >/dev/null
pb tournament auto-call "Thursday" on >/dev/null
out=$(pb tournament show "Thursday" | grep -Ec '^[0-9]+ +round [1-5] ')
expect_eq "ten pairings in five rounds" "$out" 10
out=$(pb tournament show "Thursday" | sed -n 's/^byes: *//p' | tr ',' '\n' | awk '{print $3}' | sort -u | wc -l)
expect_eq "a bye a round, everyone once" "$out" 5
"$PITBOSSD" -f -c "$tmp/pitboss.conf" --speed 200 >"$tmp/log2" 2>&1 &
tap_log "$tmp/log2"
pid=$!
status=
for i in $(seq 900); do
	status=$(pb tournament show "Thursday" --json | sed -n 's/.*"status":"\([a-z]*\)".*"champion".*/\1/p')
	[ "$status" = finished ] && break
	sleep 0.1
done
expect_eq "the tables play the round robin to its end" "$status" finished
kill $pid
wait $pid 2>/dev/null
pid=
standings=$(pb tournament standings "Thursday")
out=$(printf '%s\n' "$standings" | awk 'NR > 3 {p += $3; w += substr($8, 1, index($8, "-") - 1); l += substr($8, index($8, "-") + 1); if ($8 != "") n++} END {print p, w, l, n}')
expect_eq "ten points for ten series, four series each" "$out" "10 10 10 5"
out=$(printf '%s\n' "$standings" | awk 'NR > 3 {if (NR > 4 && $3 > last) bad = 1; last = $3} END {print bad + 0}')
expect_eq "ranked by points" "$out" 0
champion=$(pb tournament show "Thursday" | sed -n 's/^champion: *//p')
top=$(printf '%s\n' "$standings" | awk 'NR == 4 {print $2}')
expect_eq "the winner is first in the standings" "$top" "$champion"
out=$(pb game list --tournament "Thursday" | grep -c 'Front\|Back')
[ "$out" -ge 10 ] && ok "its games were played at the two tables ($out)" ||
	not_ok "its games were played at the two tables" "$out"
exit $tap_failed
