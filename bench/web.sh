#!/bin/sh
# bench/web.sh - the dashboard against a club database (bench/records:
# 500 players, 20 tournaments, ~22,000 games, 1,000,000 moves) and
# against yardsticks measured in the same run:
#
#   - start to ready (READY=1 on the notify socket, bench/ready), after a
#     clean stop and after a crash (the file then scanned);
#   - a player's history, uncached (a different player each request) and
#     cached, at 32 connections;
#   - cached API answers (the tables, a tournament's standings) and a
#     file (/static/app.js) at 32 and 256 connections, each against
#     bench/yardstick, a bare libmicrohttpd server sending the same bytes
#     from memory (thread per connection; and a pool of 4 threads
#     polling with epoll, as many as pitbossd's WEB_THREADS);
#   - pitbossd's resident memory: idle, right after the loads, and
#     once they stopped (the memory freed handed back);
#   - how fast one verdict reaches 200 open event streams.
#
# Each figure is the median of ROUNDS rounds (3; BENCH_ROUNDS), the
# servers taking turns within each round. Prints figures; asserts
# nothing. Run by 'make bench' (needs wrk: apt-get install wrk);
# BENCH_DB=FILE uses a copy of a club database made before.
top=${top_builddir:-.}
src=${top_srcdir:-.}
. "$src/tests/tap.sh"	# start_web
rounds=${BENCH_ROUNDS:-3}
secs=${BENCH_SECONDS:-3}
tmp=$(mktemp -d "${TMPDIR:-/var/tmp}/pitboss-web.XXXXXX")
pid= ypid= ppid=
trap 'for p in $pid $ypid $ppid; do kill -9 $p 2>/dev/null; done; rm -rf "$tmp"' EXIT
if ! command -v wrk >/dev/null; then
	echo "bench/web: wrk is not installed (Debian package: wrk); skipped"
	exit 0
fi
if [ -n "$BENCH_DB" ]; then
	cp "$BENCH_DB" "$tmp/club.db"	# a club database made before
else
	echo "web: building the club database (bench/records --keep)..."
	"$top/bench/records" --keep "$tmp/club.db" | sed 's/^/  /'
fi
printf '# pitboss-trace 1\n# table 1 kalah\n0.000 1 start\n' >"$tmp/idle.trace"
hash=$(perl -e 'print crypt("bench", q($6$pitbossbench$))')
cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
web.password-hash = $hash
web.connection-limit = 2000
web.per-ip-limit = 2000
log-level = info
[table 1]
name = Bench
source = replay
trace = $tmp/idle.trace
EOC
size=$(du -m "$tmp/club.db" | cut -f1)

# median: the middle of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# --------------------------------------------------------- start to ready
# ready: ms from exec to READY=1; its own figure (from its loop's start,
# after exec and linking) goes to $tmp/own.
ready() {
	"$top/bench/ready" "$top/pitbossd" -f -c "$tmp/pitboss.conf" \
		--web-port 0 2>"$tmp/ready.log"
	sed -n 's/.*started in \([0-9.]*\) ms.*/\1/p' "$tmp/ready.log" >>"$tmp/own"
}
ready >/dev/null	# a new file: scanned once, then closed cleanly
: >"$tmp/own"
for r in $(seq 5); do ready; done >"$tmp/clean"
own=$(median <"$tmp/own")
for r in $(seq 3); do
	# A crash: killed with the file open; the next start scans it.
	"$top/pitbossd" -f -c "$tmp/pitboss.conf" --web-port 0 >/dev/null 2>&1 &
	p=$!
	sleep 1
	kill -9 $p; wait $p 2>/dev/null
	ready
done >"$tmp/crash"
echo "start to ready, ${size} MB club database: $(median <"$tmp/clean") ms after a clean stop" \
	"(median of 5, goal < 100 ms; $own ms of it in pitbossd's own start, after exec)," \
	"$(median <"$tmp/crash") ms after a crash (scanned first; median of 3)"

# ------------------------------------------------------------- the load
start_web "$tmp/log" "$top/pitbossd" -f -c "$tmp/pitboss.conf" ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
port=$web_port
base="http://127.0.0.1:$port"
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$pid/status"; }
# anon: of it, the process's own memory (the rest: its libraries' pages).
anon() { awk '/^RssAnon/ { print $2 }' "/proc/$pid/status"; }
sleep 1
rss0=$(rss)
anon0=$(anon)
tid=$("$top/pitboss" tournament list --json --db "$tmp/club.db" |
	sed -n 's/^\[{"id":\([0-9]*\),.*/\1/p')
standings="/api/tournaments/${tid:-1}/standings"
curl -s "$base/api/tables" >"$tmp/tables"
curl -s "$base$standings" >"$tmp/standings"
curl -s "$base/static/app.js" >"$tmp/app.js"
curl -s "$base/api/players/1/history" >"$tmp/history"
yard() {
	"$top/bench/yardstick" "$@" /api/tables "$tmp/tables" \
		"$standings" "$tmp/standings" /static/app.js "$tmp/app.js" \
		/api/players/1/history "$tmp/history" >"$tmp/yport" &
	while [ ! -s "$tmp/yport" ]; do sleep 0.1; done
}
yard
ypid=$!
yport=$(cat "$tmp/yport")
: >"$tmp/yport"
yard --pool 4
ppid=$!
pport=$(cat "$tmp/yport")
# Uncached histories: each request a different player (the cache keeps 64).
cat >"$tmp/players.lua" <<'EOL'
n = 0
request = function()
	n = n + 1
	return wrk.format(nil, "/api/players/" .. (n % 500 + 1) .. "/history")
end
EOL

# load PORT PATH CONNS [SCRIPT]: "requests/s p99-ms" of one run.
load() {
	wrk -t2 -c"$3" -d"${secs}s" --latency ${4:+-s "$4"} \
		"http://127.0.0.1:$1$2" 2>/dev/null | awk '
	/^Requests\/sec:/ { rps = $2 }
	/^ +99%/ { v = $2; u = v; sub(/[a-z]+$/, "", v); sub(/^[0-9.]+/, "", u)
		p99 = u == "s" ? v * 1000 : u == "us" ? v / 1000 : v }
	END { printf "%.0f %.2f\n", rps, p99 }'
}

# compare WHAT PATH CONNS: pitbossd, the yardsticks, their ratios.
compare() {
	for r in $(seq "$rounds"); do
		load "$port" "$2" "$3" >>"$tmp/p"
		load "$yport" "$2" "$3" >>"$tmp/y"
		load "$pport" "$2" "$3" >>"$tmp/e"
	done
	pr=$(cut -d' ' -f1 "$tmp/p" | median); pp=$(cut -d' ' -f2 "$tmp/p" | median)
	yr=$(cut -d' ' -f1 "$tmp/y" | median); yp=$(cut -d' ' -f2 "$tmp/y" | median)
	er=$(cut -d' ' -f1 "$tmp/e" | median); ep=$(cut -d' ' -f2 "$tmp/e" | median)
	rm -f "$tmp/p" "$tmp/y" "$tmp/e"
	printf '%-34s %4s | %7s %7s | %7s %7s %5s | %7s %7s %5s\n' "$1" "$3" \
		"$pr" "$pp" "$yr" "$yp" \
		"$(awk -v a="$pr" -v b="$yr" 'BEGIN { printf "%.2f", b ? a / b : 0 }')" \
		"$er" "$ep" \
		"$(awk -v a="$pr" -v b="$er" 'BEGIN { printf "%.2f", b ? a / b : 0 }')"
}

echo "requests/s and p99 (ms), median of $rounds rounds of ${secs} s, wrk -t2;"
echo "yardsticks: bare MHD, same bytes from memory: thread per connection | epoll pool of 4"
printf '%-34s %4s | %7s %7s | %7s %7s %5s | %7s %7s %5s\n' what conns \
	pitboss p99 bare p99 ratio pool p99 ratio
# cpu: pitbossd's processor time so far, in clock ticks.
cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
for r in $(seq "$rounds"); do
	c0=$(cpu)
	l=$(load "$port" /api/players/1/history 32 "$tmp/players.lua")
	# and the processor time of one answer, in ms
	echo "$l $(cpu) $c0" | awk -v hz="$(getconf CLK_TCK)" -v s="$secs" \
		'{ printf "%s %s %.3f\n", $1, $2, $1 ? ($3 - $4) * 1000 / hz / ($1 * s) : 0 }'
done >"$tmp/u"
printf '%-34s %4s | %7s %7s |  (any player: 64 kept answers, 500 players; %s ms of CPU an answer)\n' \
	"history, uncached" 32 "$(cut -d' ' -f1 "$tmp/u" | median)" \
	"$(cut -d' ' -f2 "$tmp/u" | median)" "$(cut -d' ' -f3 "$tmp/u" | median)"
compare "history (cached), $(wc -c <"$tmp/history") B" /api/players/1/history 32
for c in 32 256; do
	compare "/api/tables, $(wc -c <"$tmp/tables") B" /api/tables $c
	compare "standings, $(wc -c <"$tmp/standings") B" "$standings" $c
	compare "/static/app.js, $(wc -c <"$tmp/app.js") B" /static/app.js $c
	eval "rss$c=\$(rss)"
	sleep 1.5	# the requests stopped: the freed memory goes back
	eval "quiet$c=\$(rss) anon$c=\$(anon)"
done
echo "pitbossd resident memory (dashboard on, club database; goal < 12 MB):" \
	"$rss0 kB idle ($anon0 kB its own, the rest its libraries);" \
	"right after 32 connections $rss32 kB, 1.5 s later $quiet32 kB" \
	"($anon32 kB own); right after 256 $rss256 kB, 1.5 s later" \
	"$quiet256 kB ($anon256 kB own); peak" \
	"$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status") kB"
kill -TERM $ypid $ppid; wait $ypid $ppid 2>/dev/null; ypid= ppid=

# The verdict is made through the API, as the arbiter would: the time
# counted runs from the request to each stream's event (the commands
# door, the referee, the commit and the delivery).
csrf=$(curl -s -c "$tmp/jar" -H 'Content-Type: application/json' \
	--data '{"password":"bench"}' "$base/api/login" |
	sed -n 's/.*"csrf":"\([0-9a-f]*\)".*/\1/p')
board=$("$top/pitboss" table list --json --db "$tmp/club.db" |
	sed -n 's/.*{"id":\([0-9]*\),"name":"Bench".*/\1/p')
"$top/bench/sse" "$port" 200 curl -s -o /dev/null -b "$tmp/jar" \
	-H 'Content-Type: application/json' -H "X-CSRF-Token: $csrf" \
	--data '{"kind":"entry","text":"c"}' \
	"$base/api/tables/$board/commands" | sed 's/^/SSE: /'
kill -TERM $pid; wait $pid; pid=
