#!/bin/sh
# A Transport table without sensors (source = manual): its moves entered
# with 'pitboss table', refused with the piece and square named, the game
# played to the sinking of a transport and recorded. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 6

cat >"$tmp/transport.conf" <<EOC
database = $tmp/club.db
log-level = info
[table 1]
name = Bay
game = transport
options = size=8
players = Eve, Fay
source = manual
EOC
out=$("$PITBOSSD" -t -c "$tmp/transport.conf"); rc=$?
expect_match "pitbossd -t takes a Transport table" "$rc: $out" \
	"table 1: transport size=8 from manual"
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/transport.conf" ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
enter() {
	"$PITBOSS" table enter Bay "$1" --db "$tmp/club.db" --wait 60
}
out=$("$PITBOSS" table start Bay --db "$tmp/club.db" --wait 60)
expect_match "a game starts from the deployment" "$out" \
	"S: Ua1! Cb1b2 Td1 Bg1g2 Dh1! reserve P2 H5 O4 / N:"
out=$(enter 'C*c3:ne')
expect_match "a launch is taken" "$out" "accept 1 C*c3:ne: S plays C*c3:ne"
out=$(enter 'Da8-b8' 2>&1); rc=$?
expect_match "an illegal move is refused, the square named" "$rc: $out" \
	"1: foul 2 Da8-b8"
for m in Da8-a7 Pc3-e5:n Da7-a6 Pe5-e7:n Da6-a5; do
	enter "$m" >/dev/null
done
out=$(enter 'Pe7-e8')
expect_match "the plane sinks the transport: South wins" "$out" \
	"over 7 -: S wins"
out=$("$PITBOSS" game show 1 --db "$tmp/club.db")
expect_match "the record holds the game, move by move" "$out" "Pe7-e8"
kill -TERM $pid
wait $pid
pid=
