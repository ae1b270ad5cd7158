#!/bin/sh
# Another process holds the database's write lock longer than the
# daemon waits for it (5 s): a simulated table's records and two
# commands (one for the table, one the door answers itself) fail to be
# written meanwhile. The table referees on and keeps its records; once
# the lock is gone each command is done, without anybody writing again,
# and every move the log told is recorded. Prints TAP and its figures.
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/fault.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-busy.XXXXXX")
db="$tmp/club.db"
pid=
holder=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null
	[ -n "$holder" ] && kill -9 $holder 2>/dev/null; rm -rf "$tmp"' EXIT

plan 6

"$PITBOSS" db init --db "$db" >/dev/null
"$PITBOSS" table add Other --db "$db" >/dev/null
"$PITBOSSD" -f --sim 1 --no-noise --speed 20 --db "$db" --web-port 0 \
	>"$tmp/log" 2>&1 &
tap_log "$tmp/log"
pid=$!
for i in $(seq 100); do
	grep -q 'ready:' "$tmp/log" && break
	sleep 0.1
done

# Held while the commands are queued: they are taken once it is there.
# The lock is let go without a commit: nothing changes for the daemon
# to notice, it must try again of itself.
# The daemon may stop inside a write of its own, and then nobody else
# may write: it is let go on and stopped again until it holds no lock.
for i in $(seq 100); do
	kill -STOP $pid
	sqlite3 "$db" "BEGIN IMMEDIATE" "ROLLBACK" >/dev/null 2>&1 && break
	kill -CONT $pid
	sleep 0.05
done
"$PITBOSS" table enter Other zzA --wait 0 --db "$db" >/dev/null 2>&1
"$PITBOSS" table enter "Table 1" zzB --wait 0 --db "$db" >/dev/null 2>&1
# Held until the daemon says a write failed (it waits 5 s of its own
# running time for the lock, which a loaded machine stretches), or a
# minute, then a second more.
printf '%s\n' "touch '$tmp/held'" "for i in \$(seq 600); do" \
	"	grep -q 'not carried out\\|database failing' '$tmp/log' && break" \
	"	sleep 0.1" "done" "sleep 1" >"$tmp/hold.sh"
sqlite3 "$db" "BEGIN IMMEDIATE" "UPDATE boards SET location = location" \
	".shell sh $tmp/hold.sh" "ROLLBACK" >/dev/null 2>&1 &
holder=$!
for i in $(seq 100); do
	[ -e "$tmp/held" ] && break
	sleep 0.1
done
kill -CONT $pid
wait $holder
holder=

# done: the commands done so far.
done_now() {
	sqlite3 "$db" "SELECT count(*) FROM commands WHERE done IS NOT NULL"
}
for i in $(seq 300); do
	[ "$(done_now)" = 2 ] && break
	sleep 0.1
done
expect_eq "both commands are done once the lock is gone" "$(done_now)" 2
failed=$(grep -c 'not carried out\|database failing: moves are not being recorded' \
	"$tmp/log")
if [ "$failed" -gt 0 ]; then
	ok "the lock made writes fail meanwhile ($failed said so)"
else
	not_ok "the lock made writes fail meanwhile"
fi
sleep 2
kill -TERM $pid
wait $pid
rc=$?
pid=
expect_eq "SIGTERM stops it cleanly" "$rc" 0
out=$("$PITBOSS" db check --db "$db" 2>&1)
expect_match "db check passes" "$out" ": ok"
"$PITBOSS" export --format csv --db "$db" >"$tmp/games.csv"
moves_told "$tmp/log" >"$tmp/told"
moves_recorded "$tmp/games.csv" >"$tmp/recorded"
lost=$(comm -23 "$tmp/told" "$tmp/recorded" | wc -l)
doubled=$(comm -13 "$tmp/told" "$tmp/recorded" | wc -l)
figure "moves recorded" "$(wc -l <"$tmp/recorded")"
figure "moves lost or doubled" "$((lost + doubled))"
expect_eq "every move the log told is recorded" "$lost" 0
expect_eq "no move recorded that the log did not tell" "$doubled" 0
