#!/bin/sh
# The boards the API describes, so that the dashboard computes none of
# them: each table's and each game's start position and geometry (the
# sensed places in order and their groups), from the game's rules,
# options and sensing table, secrets hidden. Against the real daemon on
# a temporary database and a free port. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
assets="$(cd "${top_srcdir:-.}/web/assets" && pwd)"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null; then
	echo "1..0 # SKIP curl not installed (Debian package: curl)"
	exit 0
fi
plan 9

printf '# pitboss-trace 1\n# table 1 codegame players=2 seed=5\n0.000 1 start\n' \
	>"$tmp/code.trace"
printf '# pitboss-trace 1\n# table 1 kalah\n' >"$tmp/empty.trace"
cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
web.listen = 127.0.0.1
log-level = info
[table 1]
name = Front
players = Ada, Bob
source = sim
seed = 11
[table 2]
name = Small
options = pits=4 seeds=3
players = Cleo, Dev
source = sim
seed = 12
[table 3]
name = Side
game = codegame
options = players=2 seed=5
players = Eve, Fay
source = replay
trace = $tmp/code.trace
[table 4]
name = Idle
players = Gil, Hal
source = replay
trace = $tmp/empty.trace
EOC
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" --speed 8 \
	--assets "$assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"

# The JSON of one table, once its game is recorded.
table() {
	for i in $(seq 300); do
		curl -s "$base/api/tables/$1" >"$tmp/t$1"
		grep -q '"game":{"id"' "$tmp/t$1" && break
		sleep 0.2
	done
	cat "$tmp/t$1"
}

six='["a","b","c","d","e","f","A","B","C","D","E","F","S","N"]'
out=$(table 1)
expect_match "a Kalah table: the start position and the board's places" "$out" \
	"\"board\":{\"game\":\"kalah\",\"options\":\"\",\"start\":\"4 4 4 4 4 4/4 4 4 4 4 4/0 0/S\",\"geometry\":{\"places\":$six,\"groups\":[6,6,2]}}"
expect_match "its game carries them too" "$out" \
	"\"start\":\"4 4 4 4 4 4/4 4 4 4 4 4/0 0/S\",\"geometry\":{\"places\":$six,\"groups\":[6,6,2]},\"moves\":["

out=$(table 2)
expect_match "a table's options make its board: four pits of three" "$out" \
	'"board":{"game":"kalah","options":"pits=4 seeds=3","start":"3 3 3 3/3 3 3 3/0 0/S","geometry":{"places":["a","b","c","d","A","B","C","D","S","N"],"groups":[4,4,2]}}'

out=$(table 3)
expect_match "the hidden-code game: its start without the secrets, no sensed places" \
	"$out" '"board":{"game":"codegame","options":"players=2","start":"secrets ? ? | rows none | claims none | passed none","geometry":{"places":[],"groups":[]}}'
case "$out" in
*seed=5*) not_ok "and its options keep the secrets' seed to themselves" "$out" ;;
*) ok "and its options keep the secrets' seed to themselves" ;;
esac

curl -s "$base/api/tables/4" >"$tmp/t4"
expect_match "a table where no game was ever recorded has no board" \
	"$(cat "$tmp/t4")" '"game":null,"board":null,'

curl -s "$base/api/tables" >"$tmp/all"
n=$(grep -o '"board":{"game":"kalah"' "$tmp/all" | wc -l)
expect_eq "GET /api/tables describes every board (two of Kalah)" "$n" "2"

game=$(sed -n 's/.*"game":{"id":\([0-9]*\).*/\1/p' "$tmp/t2")
curl -s "$base/api/games/${game:-0}" >"$tmp/g"
expect_match "GET /api/games/N: the start position of the game's options" \
	"$(cat "$tmp/g")" '"start":"3 3 3 3/3 3 3 3/0 0/S","geometry":{"places":["a","b","c","d","A","B","C","D","S","N"],"groups":[4,4,2]}'

kill -TERM "$pid"
wait "$pid"
rc=$?
pid=
expect_eq "pitbossd stops cleanly" "$rc" "0"
exit $tap_failed
