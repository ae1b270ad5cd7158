#!/bin/sh
# The database's instance bound to the machine pitbossd runs on: the
# same machine keeps it across restarts; a copy of the database started
# on another machine (an SD card cloned for a second table) draws an id
# of its own and says so, so that a hub never takes the copy's events
# for its original's; the original keeps its id. The machine is given
# by $PITBOSS_MACHINE_ID, as on a board without a serial number.
# Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 7

# run LOG DB MACHINE: pitbossd on DB as MACHINE, until it is ready, then
# stopped; 1 when it did not start or stop cleanly.
run() {
	PITBOSS_MACHINE_ID=$3 start_web "$1" "$PITBOSSD" -f --sim 1 \
		--no-noise --db "$2" || { cat "$1" >&2; return 1; }
	pid=$web_pid
	kill -TERM "$pid"
	wait "$pid"
	rc=$?
	pid=
	return "$rc"
}
instance() { sqlite3 "$1" 'SELECT id FROM instance'; }

command -v sqlite3 >/dev/null || { not_ok "sqlite3 is installed (Debian package: sqlite3)"; exit 1; }
run "$tmp/first.log" "$tmp/pi1.db" pi-serial-0001 ||
	{ not_ok "pitbossd started and stopped"; exit 1; }
first=$(instance "$tmp/pi1.db")
[ -n "$first" ] || { not_ok "the database has an instance"; exit 1; }
run "$tmp/again.log" "$tmp/pi1.db" pi-serial-0001 || not_ok "restarted"
expect_eq "restarted on the same machine, the database keeps its instance" \
	"$(instance "$tmp/pi1.db")" "$first"
expect_eq "and says nothing of it" \
	"$(grep -c 'another machine' "$tmp/first.log" "$tmp/again.log" |
	   cut -d: -f2 | tr '\n' ' ')" "0 0 "

cp "$tmp/pi1.db" "$tmp/pi2.db"
run "$tmp/copy.log" "$tmp/pi2.db" pi-serial-0002 || not_ok "the copy started"
copy=$(instance "$tmp/pi2.db")
case $copy in
"$first"|"") not_ok "a copy started on another machine draws its own instance" \
	"still $copy" ;;
*) ok "a copy started on another machine draws its own instance" ;;
esac
expect_match "and its log says so, naming both ids" "$(cat "$tmp/copy.log")" \
	"was last run on another machine (\$PITBOSS_MACHINE_ID differs): it is a copy, and its instance is now $copy (was $first)"
expect_match "and what to do" "$(cat "$tmp/copy.log")" \
	"give its tables their own mqtt-id"
run "$tmp/copy2.log" "$tmp/pi2.db" pi-serial-0002 || not_ok "the copy restarted"
expect_eq "the copy keeps its new instance on its machine" \
	"$(instance "$tmp/pi2.db")" "$copy"
run "$tmp/orig.log" "$tmp/pi1.db" pi-serial-0001 || not_ok "the original restarted"
expect_eq "and the original keeps its own" "$(instance "$tmp/pi1.db")" "$first"
