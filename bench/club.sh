#!/bin/sh
# bench/club.sh - a club over MQTT end to end on loopback: sixteen
# pitbossd tables (simulated, at ten times speed, each its own database)
# publish through a mosquitto broker to one `pitbossd --hub`.
#  - latency: from a table's verdict (its event's `at`, written in the
#    transaction that records the verdict) to the hub's records holding
#    it applied (the hub's `applied` stamp, taken in the transaction
#    that the dashboard and /api/hub read once committed); both clocks
#    are this machine's. p50, p99 and the worst, over a 30 s window;
#    and its two parts: up to the hub taking the event up (the table,
#    the broker, the hub's socket), and the hub's turn.
#  - the events per second the hub takes in while the tables play, and
#    when it catches up on a backlog: the hub stopped while the tables
#    play 20 s, the tables stopped, the hub started again on the
#    broker's queue.
# The load average is printed with the figures. Prints figures; asserts
# nothing. Run by `make bench`; needs mosquitto, sqlite3 and a pitbossd
# built with libmosquitto, else says so and does nothing.
PITBOSSD=${PITBOSSD:-${top_builddir:-.}/pitbossd}
TABLES=${TABLES:-16}
WINDOW=${WINDOW:-30}

for prog in mosquitto mosquitto_pub sqlite3; do
	command -v "$prog" >/dev/null 2>&1 || {
		echo "club over MQTT: skipped ($prog not installed)"; exit 0; }
done
grep -q '^#define HAVE_MOSQUITTO 1' "${top_builddir:-.}/config.h" || {
	echo "club over MQTT: skipped (pitbossd built without libmosquitto)"
	exit 0; }

tmp=$(mktemp -d "${TMPDIR:-/var/tmp}/pitboss-club.XXXXXX")
pids=
broker=
hub=
trap 'for p in $hub $pids $broker; do kill -9 $p 2>/dev/null; done;
	wait 2>/dev/null; rm -rf "$tmp"' EXIT
hubdb="$tmp/hub.db"
q() { sqlite3 -cmd '.timeout 10000' "$1" "$2"; }
stamp() { date -u +%Y-%m-%dT%H:%M:%S.%3NZ; }
load() { cut -d ' ' -f 1-3 /proc/loadavg; }

for try in 1 2 3 4 5 6 7 8; do
	port=$((10000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 20000))
	# The hub's queue at the broker unbounded: the backlog is kept whole.
	cat > "$tmp/mosquitto.conf" <<EOF
listener $port 127.0.0.1
allow_anonymous true
max_queued_messages 0
EOF
	mosquitto -c "$tmp/mosquitto.conf" >> "$tmp/broker.log" 2>&1 &
	broker=$!
	for i in $(seq 50); do
		mosquitto_pub -p $port -t probe -m x 2>/dev/null && break 2
		sleep 0.1
	done
	kill -9 $broker 2>/dev/null
	broker=
done
[ -n "$broker" ] || { echo "club over MQTT: no broker"; exit 0; }

cat > "$tmp/hub.conf" <<EOF
database = $hubdb
web.port = 0
mqtt.port = $port
log-level = info
EOF
start_hub() {
	"$PITBOSSD" -f -c "$tmp/hub.conf" --hub >> "$tmp/hub.log" 2>&1 &
	hub=$!
}
start_hub
i=1
while [ $i -le "$TABLES" ]; do
	cat > "$tmp/t$i.conf" <<EOF
database = $tmp/t$i.db
web.port = 0
mqtt.enable = yes
mqtt.port = $port
[table 1]
name = Table $i
mqtt-id = t$i
players = A$i,B$i
source = sim
seed = $i
EOF
	"$PITBOSSD" -f -c "$tmp/t$i.conf" --speed 10 >> "$tmp/t$i.log" 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done

echo "club over MQTT: $TABLES tables at 10x speed, one hub, loopback," \
	"$(nproc) CPUs (databases in $tmp)"
sleep 5
from=$(stamp)
load0=$(load)
sleep "$WINDOW"
to=$(stamp)
load1=$(load)
# Every event of the window applied (or 60 s more at most).
for i in $(seq 600); do
	[ "$(q "$hubdb" "SELECT count(*) FROM hub_events
		WHERE at BETWEEN '$from' AND '$to' AND applied IS NULL")" = 0 ] &&
		break
	sleep 0.1
done
# spread WHAT FROM TO: p50, p99 and the worst, in ms, of the window's
# events from the stamp FROM to the stamp TO.
spread() {
	q "$hubdb" "SELECT CAST(round((julianday($3) - julianday($2)) *
		86400000) AS INTEGER) FROM hub_events
		WHERE at BETWEEN '$from' AND '$to' AND applied IS NOT NULL" |
		sort -n > "$tmp/lat"
	n=$(wc -l < "$tmp/lat")
	[ "$n" -gt 0 ] || return 0
	p50=$(sed -n "$(( (n + 1) / 2 ))p" "$tmp/lat")
	p99=$(sed -n "$(( (n * 99 + 99) / 100 ))p" "$tmp/lat")
	echo "$1: p50 $p50 ms, p99 $p99 ms, worst $(tail -n 1 "$tmp/lat") ms" \
		"($n events)"
}
# The whole way, then its two parts: the table, the broker and the
# hub's socket (to the hub's `received` stamp, as it starts on the
# event), and the hub's own turn (to the `applied` stamp).
spread "verdict to the hub's records" at applied
spread " of which to the hub taking it up" at received
spread " and the hub's turn" received applied
# The table's part alone: from its verdict to the broker's PUBACK.
i=1
while [ $i -le "$TABLES" ]; do
	q "$tmp/t$i.db" "SELECT CAST(round((julianday(sent) - julianday(at)) *
		86400000) AS INTEGER) FROM outbox
		WHERE at BETWEEN '$from' AND '$to' AND sent IS NOT NULL"
	i=$((i + 1))
done | sort -n > "$tmp/lat"
n=$(wc -l < "$tmp/lat")
[ "$n" -gt 0 ] && echo " (at the tables, verdict to the broker's PUBACK:" \
	"p50 $(sed -n "$(( (n + 1) / 2 ))p" "$tmp/lat") ms, p99" \
	"$(sed -n "$(( (n * 99 + 99) / 100 ))p" "$tmp/lat") ms, worst" \
	"$(tail -n 1 "$tmp/lat") ms)"
echo "events taken in while playing: $(awk -v n="$n" -v w="$WINDOW" \
	'BEGIN { printf "%.1f", n / w }')/s (load average $load0, then $load1)"

# The backlog: the hub away while the tables play on, then the tables
# stopped and the hub back on the broker's queue.
kill -TERM $hub
wait $hub
hub=
sleep 20
for p in $pids; do kill -TERM $p; done
for p in $pids; do wait $p; done
pids=
total=0
i=1
while [ $i -le "$TABLES" ]; do
	# What the broker took: a record written as a table stops, after
	# its link closed, goes at its next start.
	total=$((total + $(q "$tmp/t$i.db" "SELECT count(*) FROM outbox
		WHERE sent IS NOT NULL")))
	i=$((i + 1))
done
load0=$(load)
back=$(stamp)
start_hub
for i in $(seq 3000); do
	got=$(q "$hubdb" "SELECT count(*) FROM hub_events
		WHERE applied IS NOT NULL")
	[ "$got" -ge "$total" ] && break
	sleep 0.1
done
# From the first event's arrival to the last one applied.
q "$hubdb" "SELECT count(*), (julianday(max(applied)) -
	julianday(min(received))) * 86400 FROM hub_events
	WHERE received >= '$back'" | {
	IFS='|' read -r n s
	echo "backlog of $n events taken in in $(awk -v s="$s" \
		'BEGIN { printf "%.2f", s }') s: $(awk -v n="$n" -v s="$s" \
		'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }') events/s" \
		"(load average $load0, then $(load))"
}
kill -TERM $hub
wait $hub
hub=
