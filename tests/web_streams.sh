#!/bin/sh
# Event streams on the dashboard's few threads: many open streams leave
# the API answering at once and every stream gets the verdicts; a stream
# with nothing to send gets its keep-alive line; the daemon stops
# cleanly with streams open; a waiting stream whose client has gone
# gives its place back before its keep-alive line. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null; then
	echo "1..0 # SKIP curl not installed"
	exit 0
fi
plan 12
streams=48	# more than the dashboard's threads, many times over

# ---- verdicts flowing: two simulated tables, fast
cat >"$tmp/busy.conf" <<EOC
database = $tmp/busy.db
log-level = info
[table 1]
source = sim
seed = 3
[table 2]
source = sim
seed = 4
EOC
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/busy.conf" --speed 20 ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"
curls=
for i in $(seq $streams); do
	curl -s -N --max-time 12 "$base/api/events" >"$tmp/s.$i" &
	curls="$curls $!"
done
sleep 2
# Each answer waited for in turn: none may hang behind the streams.
answered=0
for i in $(seq 30); do
	code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 \
		"$base/api/tables")
	[ "$code" = 200 ] && answered=$((answered + 1))
done
expect_eq "with $streams streams open, the API answers every request" \
	"$answered" 30
wait $curls	# the streams end at their --max-time
with=0 same=0
first=$(sed -n 's/^id: //p' "$tmp/s.1" | head -n 1)
for i in $(seq $streams); do
	grep -q '^event: verdict' "$tmp/s.$i" && with=$((with + 1))
	# ids follow one another, none left out
	ids=$(sed -n 's/^id: //p' "$tmp/s.$i")
	a=$(echo "$ids" | head -n 1) b=$(echo "$ids" | tail -n 1)
	n=$(echo "$ids" | grep -c .)
	[ -n "$a" ] && [ "$n" -eq $((b - a + 1)) ] && same=$((same + 1))
done
echo "# $streams streams: $with with verdicts; the first from id ${first:-none}"
expect_eq "every stream got verdicts" "$with" $streams
expect_eq "each stream every verdict after its start, in order" \
	"$same" $streams

# ---- nothing to send: one idle table
printf '# pitboss-trace 1\n# table 1 kalah\n0.000 1 start\n' >"$tmp/idle.trace"
cat >"$tmp/idle.conf" <<EOC
database = $tmp/idle.db
log-level = info
[table 1]
source = replay
trace = $tmp/idle.trace
EOC
kill -TERM $pid
wait $pid
pid=
start_web "$tmp/log2" "$PITBOSSD" -f -c "$tmp/idle.conf" ||
	{ cat "$tmp/log2"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"
curl -s -N --max-time 18 "$base/api/events" >"$tmp/idle" &
keep=$!
curls=
for i in $(seq 8); do
	curl -s -N --max-time 60 "$base/api/events" >/dev/null &
	curls="$curls $!"
done
sleep 1
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$base/api/tables")
expect_eq "idle streams leave the API answering" "$code" 200
wait $keep
expect_eq "a stream with nothing to send gets its keep-alive line" \
	"$(grep -c '^: keep-alive' "$tmp/idle")" 1
# The daemon stops with eight streams open and nothing to send.
started=$(date +%s)
kill -TERM $pid
wait $pid
rc=$?
pid=
took=$(($(date +%s) - started))
echo "# stopped in $took s with 8 streams open"
expect_eq "it stops cleanly with idle streams open" "$rc" 0
[ "$took" -lt 30 ] && stop_ok=yes
expect_eq "and at once, not at the streams' end" "${stop_ok:-no}" yes
grep -i 'panic\|suspended' "$tmp/log2" >"$tmp/bad"
expect_eq "nothing in its log about suspended connections" \
	"$(cat "$tmp/bad")" ""
wait $curls

# ---- a stream whose client has gone: its place freed while it waits,
# not at its next keep-alive line. Two streams fill the address's two
# places; one's client goes; a request gets in before the other stream
# (opened with it, so due its keep-alive line at the same time) has had
# its keep-alive line.
cat >"$tmp/gone.conf" <<EOC
database = $tmp/idle.db
log-level = debug
web.per-ip-limit = 2
[table 1]
source = replay
trace = $tmp/idle.trace
EOC
start_web "$tmp/log3" "$PITBOSSD" -f -c "$tmp/gone.conf" ||
	{ cat "$tmp/log3"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"
curl -s -N --max-time 60 -D "$tmp/witness.head" "$base/api/events" \
	>"$tmp/witness" &
witness=$!
curl -s -N --max-time 60 -D "$tmp/gone.head" "$base/api/events" >/dev/null &
gone=$!
# Both open (their answers begun): the address's places are taken.
for i in $(seq 300); do
	[ -s "$tmp/witness.head" ] && [ -s "$tmp/gone.head" ] && break
	sleep 0.1
done
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$base/api/tables")
expect_eq "two streams take the address's two places" "$code" 000
kill $gone
wait $gone 2>/dev/null
got=none keepalive=
for i in $(seq 600); do
	code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 \
		"$base/api/tables")
	# Whether the witness had its keep-alive before this answer.
	keepalive=$(grep -c '^: keep-alive' "$tmp/witness")
	[ "$code" = 200 ] && { got=200; break; }
	[ "$keepalive" -ge 1 ] && break
	sleep 0.2
done
echo "# the place was free at look $i (0.2 s apart)"
expect_eq "the gone client's place is free before the keep-alive line" \
	"$got $keepalive" "200 0"
expect_match "the log says so, with the streams left open" \
	"$(grep 'client has gone' "$tmp/log3")" "(1 open)"
for i in $(seq 600); do
	grep -q '^: keep-alive' "$tmp/witness" && break
	sleep 0.1
done
expect_eq "the other stream stays open, and gets its keep-alive line" \
	"$(kill -0 $witness 2>/dev/null && echo open) $(grep -c '^: keep-alive' "$tmp/witness")" \
	"open 1"
kill -TERM $pid
wait $pid
pid=
kill $witness 2>/dev/null
wait $witness 2>/dev/null
exit $tap_failed
