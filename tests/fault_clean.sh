#!/bin/sh
# After a clean stop pitbossd opens its database without scanning it;
# after a crash it checks the file first, and a damaged one is refused
# before anything is written to it. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/fault.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-clean.XXXXXX")
db="$tmp/club.db"
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 8

# start LOG: pitbossd on one simulated table; waits (up to 30 s) until it
# is ready or has stopped. 0 when ready.
start() {
	"$PITBOSSD" -f --sim 1 --no-noise --speed 25 --db "$db" \
		--web-port 0 >"$1" 2>&1 &
	pid=$!
	tap_log "$1"
	for i in $(seq 300); do
		grep -q 'ready:' "$1" && return 0
		kill -0 $pid 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

stop() {
	kill -TERM $pid
	wait $pid
	rc=$?
	pid=
	return $rc
}

start "$tmp/1.log"; stop
expect_match "a new database is checked" "$(cat "$tmp/1.log")" \
	"checked (not closed cleanly)"
start "$tmp/2.log"; stop
expect_match "after a clean stop it is not scanned" "$(cat "$tmp/2.log")" \
	"closed cleanly, not scanned"
"$PITBOSS" player list --db "$db" >/dev/null
start "$tmp/3.log"; stop
expect_match "a reader in between changes nothing" "$(cat "$tmp/3.log")" \
	"closed cleanly, not scanned"

# A power cut: the next start checks the file.
start "$tmp/4.log"
sleep 1
kill -9 $pid; wait $pid 2>/dev/null; pid=
start "$tmp/5.log"; stop
expect_match "after a crash it is checked" "$(cat "$tmp/5.log")" \
	"checked (not closed cleanly)"
out=$("$PITBOSS" db check --db "$db" 2>&1)
expect_match "and the records are whole" "$out" ": ok ("

# A crash, then damage (every page but the first spoilt): refused.
start "$tmp/6.log"
sleep 1
kill -9 $pid; wait $pid 2>/dev/null; pid=
pages=$(($(wc -c <"$db") / 4096))
for p in $(seq 1 $((pages - 1))); do
	perl -e 'print "\xa5" x 4096' |
		dd of="$db" bs=4096 seek=$p conv=notrunc 2>/dev/null
done
start "$tmp/7.log"; rc=$?
[ $rc = 0 ] && stop
expect_eq "a damaged file after a crash is refused" "$rc" 1
expect_match "saying it is damaged" "$(cat "$tmp/7.log")" "is damaged"
expect_eq "and no table was opened" \
	"$(grep -c 'table 1' "$tmp/7.log")" 0
