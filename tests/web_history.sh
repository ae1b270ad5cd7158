#!/bin/sh
# Players' histories on the dashboard against a fixture database built
# with the CLI: friendlies at a table, two series,
# a three-player game; every filter of /api/players/N/history, a
# player's totals and a series' games, compared with the reviewed text
# in tests/golden/history.expected (times written as T). Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
golden="${top_srcdir:-.}/tests/golden/history.expected"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-history.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null; then
	echo "1..0 # SKIP curl not installed (Debian package: curl)"
	exit 0
fi
plan 3

PITBOSS_DB="$tmp/club.db"
export PITBOSS_DB
pb() { "$PITBOSS" "$@" >/dev/null || echo "failed: $*" >>"$tmp/failed"; }
WIN_FIRST="b A c C A a"
LOSE_FIRST="b B a C c A b B c"
DRAW="a C A c b c"
SHORT="pits=3 seeds=1"

pb db init
for name in Ada Bob Cyd Dee Eve "Zoë <&> \"Q\""; do pb player add "$name"; done
pb table add "Board 1" --location "back room"
pb game add --seat S=Ada --seat N=Bob --table "board 1" -o "$SHORT" $WIN_FIRST
pb game add --seat S=Bob --seat N=Ada -o "$SHORT" $LOSE_FIRST
pb game add --seat S=Ada --seat N=Cyd -o "$SHORT" $DRAW
pb game add --seat S=Eve --seat N=Ada -o "$SHORT" $WIN_FIRST
pb series start Cyd Dee -o "$SHORT" --target 2 --first A
pb game add --series 1 $LOSE_FIRST
pb game add --series 1 $WIN_FIRST
# (No tournament: its series' first movers are drawn by lot.)
pb series start Ada Eve -o "$SHORT" --target 3 --first B
pb game add --series 2 $DRAW
pb game add --series 2 $WIN_FIRST
pb game add --game codegame -o 'players=3 secrets=R3/G1/B2' --seat 1=Ada \
	--seat 2=Bob --seat 3=Cyd '1:claim=GBR-- 2:accept 3:accept'
expect_eq "the fixture is built" "$(cat "$tmp/failed" 2>/dev/null)" ""

printf "database = %s\n" "$PITBOSS_DB" >"$tmp/pitboss.conf"
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" \
	|| { cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"

for q in 1/history 2/history 6/history "1/history?limit=2" \
	"1/history?limit=2&offset=1" "1/history?opponent=Bob" \
	"1/history?result=win" "1/history?result=loss" \
	"1/history?result=draw" "1/history?tournament=1" "5/history" \
	"1/history?from=2000-01-01&to=2999-12-31" 1 2 6; do
	echo "GET /api/players/$q"
	curl -s "$base/api/players/$q"
	echo
done >"$tmp/got"
for s in 1 2; do
	echo "GET /api/series/$s"
	curl -s "$base/api/series/$s"
	echo
done >>"$tmp/got"
sed -i 's/"[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9:.]*Z"/"T"/g' "$tmp/got"
if [ -n "$PITBOSS_GOLDEN" ]; then
	cp "$tmp/got" "$golden"
fi
expect_eq "every history answer as reviewed" \
	"$(diff "$golden" "$tmp/got" && echo same)" same
expect_match "the answers hold games" "$(cat "$tmp/got")" '"sides":[{"seat"'
kill -TERM $pid; wait $pid; pid=
