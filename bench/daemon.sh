#!/bin/sh
# bench/daemon.sh - pitbossd's footprint: start to ready, resident
# memory, CPU while playing and while idle, bytes written per move.
# Prints figures; asserts nothing. Run by 'make bench'.
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d "${TMPDIR:-/var/tmp}/pitboss-bench.XXXXXX")
trap 'kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT
hz=$(getconf CLK_TCK)

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status"; }
hwm_kb() { awk '/^VmHWM/ { print $2 }' "/proc/$1/status"; }
written() { awk '/^write_bytes/ { print $2 }' "/proc/$1/io"; }
moves() {
	"${top_builddir:-.}/pitboss" export --format csv --db "$1" 2>/dev/null |
	awk -F, 'NR > 1 { n += split($19, m, " ") } END { print n + 0 }'
}

echo "pitbossd footprint (database in $tmp)"

# Two simulated tables playing in real time, with a little noise.
"$PITBOSSD" -f --sim 2 --web-port 0 --db "$tmp/play.db" >"$tmp/play.log" 2>&1 &
pid=$!
sleep 1
ready=$(sed -n 's/.*started in \([0-9.]*\) ms.*/\1/p' "$tmp/play.log")
echo "start to ready (2 simulated tables, new database): $ready ms"
c0=$(cpu_ticks $pid); w0=$(written $pid); m0=$(moves "$tmp/play.db")
sleep 10
c1=$(cpu_ticks $pid); w1=$(written $pid); m1=$(moves "$tmp/play.db")
echo "resident memory while playing: $(rss_kb $pid) kB (peak $(hwm_kb $pid) kB)"
echo "CPU while 2 tables play, over 10 s: $(awk -v t=$((c1 - c0)) -v hz=$hz \
	'BEGIN { printf "%.2f%%", 100 * t / hz / 10 }')"
if [ $((m1 - m0)) -gt 0 ]; then
	echo "bytes written to disk per move (WAL and checkpoints included):" \
	     "$(( (w1 - w0) / (m1 - m0) )) ($((m1 - m0)) moves in 10 s)"
fi
kill -TERM $pid; wait $pid

# Idle: one table whose replayed trace is over.
printf '# pitboss-trace 1\n# table 1 kalah\n0.000 1 start\n' >"$tmp/idle.trace"
printf 'database = %s\nweb.port = 0\n[table 1]\nsource = replay\ntrace = %s\n' \
	"$tmp/idle.db" "$tmp/idle.trace" >"$tmp/idle.conf"
"$PITBOSSD" -f -c "$tmp/idle.conf" >"$tmp/idle.log" 2>&1 &
pid=$!
sleep 1
c0=$(cpu_ticks $pid)
sleep 10
c1=$(cpu_ticks $pid)
echo "CPU while idle, over 10 s: $(awk -v t=$((c1 - c0)) -v hz=$hz \
	'BEGIN { printf "%.2f%% (%d ticks of 1/%d s)", 100 * t / hz / 10, t, hz }')"
echo "resident memory idle: $(rss_kb $pid) kB"
kill -TERM $pid; wait $pid
