#!/bin/sh
# A simulated Transport table (source = sim) on an occupancy board: the
# daemon referees it game after game and records each one, move by move
# as the simulated players made them. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 5

cat >"$tmp/transport.conf" <<EOC
database = $tmp/club.db
[table 1]
name = Bay
game = transport
options = size=8
players = Eve, Fay
source = sim
seed = 5
EOC
out=$("$PITBOSSD" -t -c "$tmp/transport.conf"); rc=$?
expect_match "pitbossd -t takes a simulated Transport table" "$rc: $out" \
	"table 1: transport size=8 from sim"
# The moves the simulated players make in the first game.
"$PITBOSS" sim --game transport -o size=8 --seed 5 --truth "$tmp/truth" \
	--output /dev/null
want=$(awk '!/^#/ && $6 == "legal" { printf "%s%s", n++ ? " " : "", $5 }' \
	"$tmp/truth")
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/transport.conf" --speed 40 ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
result=
for i in $(seq 1200); do
	result=$("$PITBOSS" game show 1 --db "$tmp/club.db" 2>/dev/null |
		 sed -n 's/^result: *//p')
	case $result in *wins*|*draw*) break ;; esac
	sleep 0.25
done
case $result in
*wins*|*draw*) ok "the first game is played to its result" ;;
*) not_ok "the first game is played to its result" "got: $result" \
	"$(tail -n 5 "$tmp/log")" ;;
esac
record=$("$PITBOSS" game show 1 --db "$tmp/club.db" |
	 sed -n 's/^record: *//p')
expect_eq "the record is the game the players made" "$record" "$want"
expect_eq "no legal move was called a foul" \
	"$(grep -c 'foul' "$tmp/log")" 0
out=$("$PITBOSS" game show 1 --db "$tmp/club.db" | grep -c ' sensor *$')
[ "$out" -gt 0 ] && ok "moves read from the board are recorded as sensed" ||
	not_ok "moves read from the board are recorded as sensed" "$out"
kill -TERM $pid
wait $pid
pid=
