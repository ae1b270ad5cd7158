#!/bin/sh
# A table without sensors (source = manual): pitbossd runs it, and its
# moves are those entered with 'pitboss table'. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 5

cat >"$tmp/manual.conf" <<EOC
database = $tmp/club.db
log-level = info
[table 1]
name = Side
game = kalah
players = Eve, Fay
source = manual
EOC
out=$("$PITBOSSD" -t -c "$tmp/manual.conf"); rc=$?
expect_match "pitbossd -t takes a table without sensors" "$rc: $out" \
	"table 1: kalah (standard rules) from manual"
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/manual.conf" ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
out=$("$PITBOSS" table start Side --db "$tmp/club.db" --wait 60)
expect_match "a game starts" "$out" "start 0 -: kalah"
out=$("$PITBOSS" table enter Side c --db "$tmp/club.db" --wait 60)
expect_match "an entered move is taken" "$out" "accept 1 c: S plays c"
out=$("$PITBOSS" table enter Side c --db "$tmp/club.db" --wait 60); rc=$?
expect_match "an illegal entry (pit c is empty) is refused" "$rc: $out" "1: foul 2 c"
out=$("$PITBOSS" table status Side --db "$tmp/club.db")
expect_match "and the record holds the move taken" "$out" "game 1: Eve v Fay, 1 move"
kill -TERM $pid
wait $pid
pid=
