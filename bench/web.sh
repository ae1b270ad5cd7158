#!/bin/sh
# bench/web.sh - the dashboard's speed against a club-sized database (20
# tournaments, ~20,000 games, built by bench/records): requests per
# second and latency of the standings and the home page with wrk, and
# how fast one verdict reaches 200 open event streams. Prints figures;
# asserts nothing. Run by 'make bench' (needs wrk: apt-get install wrk).
top=${top_builddir:-.}
src=${top_srcdir:-.}
. "$src/tests/tap.sh"	# start_web
tmp=$(mktemp -d "${TMPDIR:-/var/tmp}/pitboss-web.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT
if ! command -v wrk >/dev/null; then
	echo "bench/web: wrk is not installed (Debian package: wrk); skipped"
	exit 0
fi
echo "web: building the club database (bench/records --keep)..."
"$top/bench/records" --keep "$tmp/club.db" | sed 's/^/  /'
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
start_web "$tmp/log" "$top/pitbossd" -f -c "$tmp/pitboss.conf" \
	--assets "$src/web/assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
port=$web_port
tid=$("$top/pitboss" tournament list --json --db "$tmp/club.db" |
	sed -n 's/^\[{"id":\([0-9]*\),.*/\1/p')
for path in "/api/tournaments/${tid:-1}/standings" "/" "/api/tables"; do
	out=$(wrk -t2 -c32 -d8s --latency "http://127.0.0.1:$port$path")
	rps=$(echo "$out" | sed -n 's/^Requests\/sec: *//p')
	p99=$(echo "$out" | sed -n 's/^ *99% *//p')
	p50=$(echo "$out" | sed -n 's/^ *50% *//p')
	echo "GET $path: $rps requests/s, latency median $p50, p99 $p99 (2 threads, 32 connections, 8 s)"
done
# The verdict is made through the API, as the arbiter would: the time
# counted runs from the request to each stream's event (the commands
# door, the referee, the commit and the delivery).
csrf=$(curl -s -c "$tmp/jar" -H 'Content-Type: application/json' \
	--data '{"password":"bench"}' "http://127.0.0.1:$port/api/login" |
	sed -n 's/.*"csrf":"\([0-9a-f]*\)".*/\1/p')
board=$("$top/pitboss" table list --json --db "$tmp/club.db" |
	sed -n 's/.*{"id":\([0-9]*\),"name":"Bench".*/\1/p')
"$top/bench/sse" "$port" 200 curl -s -o /dev/null -b "$tmp/jar" \
	-H 'Content-Type: application/json' -H "X-CSRF-Token: $csrf" \
	--data '{"kind":"entry","text":"c"}' \
	"http://127.0.0.1:$port/api/tables/$board/commands" | sed 's/^/SSE: /'
kill -TERM $pid; wait $pid; pid=
