#!/bin/sh
# A table's records through a real mosquitto broker: pitbossd plays a
# simulated table with mqtt.enable, a persistent mosquitto_sub session
# takes its events. The broker is restarted mid-game, then stopped while
# pitbossd is killed with SIGKILL and restarted; the hub's resync and
# command topics are used. Afterwards every outbox row has arrived, the
# seqs run 1..N without a gap, every event is its outbox row to the
# byte, and the moves received are the table's moves row by row; the
# retained status goes offline by the will when pitbossd is killed.
# The status comes again every mqtt.status-every seconds with the
# database's instance; a resync for pruned rows is answered gone. The
# broker is given by a host name (localhost, when it is 127.0.0.1 first),
# connected to in a thread of its own.
# Without mosquitto it skips, except under CI=true, where it fails.
# Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
MOSQUITTO=${MOSQUITTO:-$(command -v mosquitto || echo /usr/sbin/mosquitto)}
tmp=$(mktemp -d)
[ -n "$KEEP" ] && echo "# in $tmp"
pid='' broker='' sub=''
trap 'for p in $pid $sub $broker; do kill -CONT $p 2>/dev/null; kill -9 $p 2>/dev/null; done; [ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
db="$tmp/table.db"

missing() {
	if [ "${CI:-}" = true ]; then
		echo "1..1"
		echo "not ok 1 - $1: CI runs every test (./bootstrap installs it)"
		exit 1
	fi
	echo "1..0 # SKIP $1 (./bootstrap installs it)"
	exit 0
}
[ -x "$MOSQUITTO" ] || missing "mosquitto not installed"
command -v mosquitto_sub >/dev/null && command -v mosquitto_pub >/dev/null ||
	missing "mosquitto_sub and mosquitto_pub not installed"
command -v sqlite3 >/dev/null || missing "sqlite3 not installed"
grep -q 'define HAVE_MOSQUITTO 1' "${top_builddir:-.}/config.h" ||
	missing "pitbossd built without libmosquitto (libmosquitto-dev)"

plan 27

# until TENTHS COMMAND...: runs COMMAND every 0.1 s until it succeeds,
# at most TENTHS times.
until_ok() {
	ut_n=$1
	shift
	while [ "$ut_n" -gt 0 ]; do
		"$@" && return 0
		ut_n=$((ut_n - 1))
		sleep 0.1
	done
	return 1
}

q() { sqlite3 -cmd '.timeout 10000' "$db" "$1"; }
pub() { mosquitto_pub -h 127.0.0.1 -p "$port" -q 1 "$@"; }
broker_up() { pub -t pitboss-test/probe -m x 2>/dev/null; }

# This start's broker up: it says it runs (the port is its own: a probe
# alone could be answered by another test's broker on it) and answers.
broker_ours() {
	tail -n +"$((sb_lines + 1))" "$tmp/broker.log" |
		grep -q 'mosquitto version .* running' && broker_up
}
# The broker on $port (chosen free the first time), persistent, its
# files in the test's folder.
start_broker() {
	for sb_try in 1 2 3 4 5 6 7 8; do
		if [ -z "${port:-}" ] || [ "$1" = new ]; then
			sb_rand=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
			port=$((10000 + sb_rand % 20000))
		fi
		cat >"$tmp/mosquitto.conf" <<EOC
listener $port 127.0.0.1
allow_anonymous true
persistence true
persistence_location $tmp/
user $(id -un)
EOC
		sb_lines=$(cat "$tmp/broker.log" 2>/dev/null | wc -l)
		"$MOSQUITTO" -c "$tmp/mosquitto.conf" >>"$tmp/broker.log" 2>&1 &
		broker=$!
		for sb_i in $(seq 300); do
			kill -0 "$broker" 2>/dev/null || break
			broker_ours && return 0
			sleep 0.1
		done
		kill -9 "$broker" 2>/dev/null
		wait "$broker" 2>/dev/null
		[ "$1" = new ] || return 1
	done
	return 1
}

start_table() {
	"$PITBOSSD" -f -c "$tmp/pitboss.conf" --speed 10 >>"$tmp/log" 2>&1 &
	tap_log "$tmp/log"
	pid=$!
}

# Events received so far (distinct seqs), and the highest seq written.
received() { sed -n 's/.*"seq":\([0-9]*\),"kind".*/\1/p' "$tmp/got" | sort -un | wc -l; }
written() { q "SELECT coalesce(max(seq), 0) FROM outbox"; }
unsent() { q "SELECT count(*) FROM outbox WHERE sent IS NULL"; }
got_at_least() { [ "$(received)" -ge "$1" ]; }
has_unsent() { [ "$(unsent)" -gt 0 ]; }
status_is() {
	mosquitto_sub -h 127.0.0.1 -p "$port" -t pitboss/v1/front/status \
		-C 1 -W 5 2>/dev/null | grep -q "\"state\":\"$1\""
}
# Every event written up to $target is acknowledged and received.
received_upto() {
	sed -n 's/.*"seq":\([0-9]*\),"kind".*/\1/p' "$tmp/got" | sort -un |
		awk -v t="$1" '$1 <= t' | wc -l
}
caught_up() {
	[ "$(q "SELECT count(*) FROM outbox WHERE seq <= $target AND sent IS NULL")" = 0 ] &&
		[ "$(received_upto "$target")" = "$target" ]
}
all_received() { target=$(written); until_ok 600 caught_up; }

start_broker new || { echo "# $(cat "$tmp/broker.log")"; exit 1; }
# The broker by name when localhost is the broker's address first.
host=127.0.0.1
[ "$(getent ahosts localhost | awk 'NR == 1 { print $1 }')" = 127.0.0.1 ] &&
	host=localhost
[ "$host" = localhost ] || echo "# localhost is not 127.0.0.1 first here: the broker by its address"
cat >"$tmp/pitboss.conf" <<EOC
database = $db
web.port = 0
log-level = info
mqtt.enable = yes
mqtt.host = $host
mqtt.port = $port
mqtt.keepalive = 5
mqtt.home-assistant = yes
mqtt.status-every = 1
[table 1]
name = Front
source = sim
seed = 11
EOC

# The hub's persistent session, made before anything is published.
sub_args="-h 127.0.0.1 -p $port -q 1 -i pitboss-test-hub -c -v -t pitboss/v1/front/event"
# shellcheck disable=SC2086
mosquitto_sub $sub_args -E
# shellcheck disable=SC2086
mosquitto_sub $sub_args >>"$tmp/got" 2>>"$tmp/sub.log" &
sub=$!

start_table
if until_ok 300 got_at_least 10; then
	ok "events arrive as the table plays"
else
	not_ok "events arrive as the table plays" "$(tail -5 "$tmp/log")"
fi
expect_match "libmosquitto mapped once the link is used" \
	"$(grep -o 'libmosquitto[^ ]*' "/proc/$pid/maps" | head -n 1)" libmosquitto
if status_is online; then ok "the retained status says online"
else not_ok "the retained status says online"; fi
expect_eq "connected to the broker as mqtt.host gives it ($host)" \
	"$(grep -c "mqtt: connected to $host:$port" "$tmp/log")" 1
expect_match "Home Assistant's discovery of the table, retained" \
	"$(mosquitto_sub -h 127.0.0.1 -p "$port" -C 1 -W 5 \
		-t homeassistant/sensor/pitboss_front/state/config 2>&1)" \
	'"state_topic":"pitboss/v1/front/status"'

# The broker stops mid-game: the table goes on recording, its events
# wait in the outbox; the broker comes back on the same port.
kill -TERM "$broker"
wait "$broker" 2>/dev/null
before=$(written)
grown() { [ "$(written)" -gt "$before" ] && has_unsent; }
until_ok 300 grown
grew=$(( $(written) - before ))
kill -0 "$pid" 2>/dev/null && [ "$grew" -gt 0 ] &&
	ok "without the broker the table records on ($grew events waiting)" ||
	not_ok "without the broker the table records on" "grew: $grew"
start_broker same || { echo "# $(tail -5 "$tmp/broker.log")"; exit 1; }
if all_received; then
	ok "after the broker's restart every event arrives"
else
	not_ok "after the broker's restart every event arrives" \
		"received $(received), written $(written), unsent $(unsent)"
fi

# The broker freezes, so nothing is acknowledged; pitbossd dies by
# SIGKILL with events unsent; its will says offline.
# An event written after the stop: the broker cannot have acknowledged
# it (one written before may still be, by an acknowledgement already on
# its way to pitbossd).
kill -STOP "$broker"
stopped_at=$(written)
unsent_after_stop() {
	[ "$(q "SELECT count(*) FROM outbox WHERE sent IS NULL AND seq > $stopped_at")" -gt 0 ]
}
until_ok 600 unsent_after_stop
kill -9 "$pid"
wait "$pid" 2>/dev/null
waiting=$(unsent)
kill -CONT "$broker"
if until_ok 100 status_is offline; then
	ok "SIGKILL: the will sets the retained status offline"
else
	not_ok "SIGKILL: the will sets the retained status offline"
fi
[ "$waiting" -gt 0 ] && ok "events unacknowledged at the kill: $waiting" ||
	not_ok "events unacknowledged at the kill" "unsent: $waiting" \
		"written: $(written), $stopped_at when the broker was stopped"
start_table
if all_received; then
	ok "after the restart the unacknowledged events arrive"
else
	not_ok "after the restart the unacknowledged events arrive" \
		"received $(received), written $(written), unsent $(unsent)"
fi
if until_ok 50 status_is online; then ok "online again after the restart"
else not_ok "online again after the restart"; fi

# The hub asks for events 1..3 again.
count_seq1() { grep -c '"seq":1,"kind"' "$tmp/got"; }
first=$(count_seq1)
pub -t pitboss/v1/front/resync -m '{"from":1,"to":3}'
resent() { [ "$(count_seq1)" -gt "$first" ]; }
if until_ok 100 resent; then ok "a resync request publishes its range again"
else not_ok "a resync request publishes its range again"; fi

# The status comes again every second (mqtt.status-every), each with
# the last seq and the database's instance.
instance=$(q "SELECT id FROM instance")
statuses=$(mosquitto_sub -h 127.0.0.1 -p "$port" -t pitboss/v1/front/status \
	-C 3 -W 10 2>/dev/null)
expect_eq "the status is published again and again (3 in 10 s, 3 times)" \
	"$(echo "$statuses" | sed -n 's/.*"at":"\([^"]*\)".*/\1/p' | sort -u |
		wc -l)" 3
n=$(echo "$statuses" | grep -c "\"instance\":\"$instance\",\"state\":\"online\",\"seq\":[0-9]")
if [ "$n" = 3 ]; then ok "each status gives the database's instance ($instance)"
else not_ok "each status gives the database's instance ($instance)" \
	"got $n of 3 statuses with it, online; the statuses:" "$statuses"; fi

# Rows 1..5 pruned: a resync for 1..8 is answered gone for 1..5, and
# 6..8 are published again.
q "DELETE FROM outbox WHERE seq <= 5"
mosquitto_sub -h 127.0.0.1 -p "$port" -t pitboss/v1/front/gone -C 1 -W 20 \
	>"$tmp/gone" 2>&1 &
gone_sub=$!
sleep 0.5
count_seq8() { grep -c '"seq":8,"kind"' "$tmp/got"; }
first=$(count_seq8)
pub -t pitboss/v1/front/resync -m '{"from":1,"to":8}'
wait "$gone_sub"
resent8() { [ "$(count_seq8)" -gt "$first" ]; }
expect_eq "a resync for pruned rows is answered gone for them" \
	"$(cat "$tmp/gone")" \
	"{\"v\":1,\"table\":\"front\",\"instance\":\"$instance\",\"from\":1,\"to\":5}"
if until_ok 100 resent8; then ok "the rows of the range still kept are published again"
else not_ok "the rows of the range still kept are published again"; fi

# Commands of the hub, one delivered twice, one no table knows.
pub -t pitboss/v1/front/command -m '{"v":1,"id":"hub-7","kind":"confirm","text":""}'
pub -t pitboss/v1/front/command -m '{"v":1,"id":"hub-7","kind":"confirm","text":""}'
pub -t pitboss/v1/front/command -m '{"v":1,"id":"hub-8","kind":"no-such","text":""}'
done_for() { grep -q "\"kind\":\"command-done\".*\"hub_command\":\"$1\"" "$tmp/got"; }
if until_ok 100 done_for hub-7 && until_ok 100 done_for hub-8; then
	ok "each command of the hub is answered by a command-done event"
else
	not_ok "each command of the hub is answered by a command-done event" \
		"$(grep command "$tmp/log" | tail -4)"
fi
pub -t pitboss/v1/front/command -m '{"v":1,"id":"hub-9","kind":"confirm","text":"","instance":"0123456789abcdef"}'
other_said() { grep -q "a message of the hub for another pitbossd (instance 0123456789abcdef" "$tmp/log"; }
until_ok 100 other_said
expect_eq "a command for another instance of the table id is ignored" \
	"$(q "SELECT count(*) FROM commands WHERE hub_id = 'hub-9'")" 0
expect_eq "a command delivered twice is queued once" \
	"$(q "SELECT count(*) FROM commands WHERE hub_id = 'hub-7'")" 1
expect_match "an unknown command is refused, its answer sent" \
	"$(grep '"hub_command":"hub-8"' "$tmp/got" | head -n 1)" \
	'"outcome_kind":"refused"'

# hub-7's answer pruned before the hub took it in (the hub, told it is
# gone, sends hub-7 again while unanswered): answered again, once, with
# the same outcome, under a new seq.
answer7() {
	q "SELECT $1 FROM outbox WHERE kind = 'command-done' AND
		json_extract(body, '\$.payload.hub_command') = 'hub-7'"
}
sent7() { [ "$(answer7 "count(*)")" = 1 ] && [ -n "$(answer7 sent)" ]; }
until_ok 100 sent7
seq7=$(answer7 seq)
outcome7=$(answer7 "json_extract(body, '\$.payload.outcome')")
q "DELETE FROM outbox WHERE seq <= $seq7 AND sent IS NOT NULL"
pub -t pitboss/v1/front/command -m '{"v":1,"id":"hub-7","kind":"confirm","text":""}'
again7() { [ "$(grep -c '"kind":"command-done".*"hub_command":"hub-7"' "$tmp/got")" -ge 2 ]; }
until_ok 100 again7
expect_eq "a command sent again after its answer was pruned is answered again" \
	"$(answer7 "(seq > $seq7) || ' ' || json_extract(body, '\$.payload.outcome')")" \
	"1 $outcome7"
queued7() { [ "$(grep -c 'command hub-7 of the hub: queued already' "$tmp/log")" -ge 2 ]; }
pub -t pitboss/v1/front/command -m '{"v":1,"id":"hub-7","kind":"confirm","text":""}'
until_ok 100 queued7
expect_eq "sent once more, it is answered no third time" \
	"$(answer7 "count(*)") $(grep -c 'answered again' "$tmp/log")" "1 1"

# A clean stop says offline; then every event is checked.
kill -TERM "$pid"
wait "$pid"
rc=$?
pid=''
expect_eq "SIGTERM stops pitbossd cleanly" "$rc" 0
if status_is offline; then ok "a clean stop sets the status offline"
else not_ok "a clean stop sets the status offline"; fi
all_received
kill "$sub"
wait "$sub" 2>/dev/null
sub=''

# The events received, one JSON a row, next to the table's records.
sed 's/^[^ ]* //' "$tmp/got" | tr '\n' '\036' >"$tmp/got.ascii"
sqlite3 "$tmp/check.db" "CREATE TABLE got (j TEXT);" ".mode ascii" \
	".import $tmp/got.ascii got"
check() { sqlite3 -cmd "ATTACH '$db' AS t" "$tmp/check.db" "$1"; }
n=$(written)
expect_eq "the seqs received run 1..N without a gap (N = $n)" \
	"$(check "SELECT count(DISTINCT json_extract(j, '\$.seq')) || ' ' ||
		min(json_extract(j, '\$.seq')) || ' ' ||
		max(json_extract(j, '\$.seq')) FROM got")" "$n 1 $n"
expect_eq "every outbox row arrived as it was written" \
	"$(check "SELECT count(*) FROM t.outbox o
		WHERE NOT EXISTS (SELECT 1 FROM got WHERE j = o.body)")" 0
# The last event of each (game, ply) against the moves, both ways.
diff_moves=$(check "CREATE TEMP VIEW m AS SELECT
	json_extract(j, '\$.payload.game') g, json_extract(j, '\$.payload.ply') p,
	json_extract(j, '\$.payload.notation') n,
	json_extract(j, '\$.payload.position') pos,
	json_extract(j, '\$.payload.player') who, max(json_extract(j, '\$.seq')) s
	FROM got WHERE json_extract(j, '\$.kind') = 'move' GROUP BY g, p;
	SELECT (SELECT count(*) FROM t.moves mv LEFT JOIN t.players pl
		ON pl.id = mv.player_id WHERE NOT EXISTS (SELECT 1 FROM m
		WHERE m.g = mv.game_id AND m.p = mv.ply AND m.n = mv.notation
		AND m.pos = mv.position AND m.who IS pl.name)) || ' ' ||
	(SELECT count(*) FROM m) || ' ' || (SELECT count(*) FROM t.moves)")
moves=$(q "SELECT count(*) FROM moves")
expect_eq "the moves received are the table's, row by row ($moves moves)" \
	"$diff_moves" "0 $moves $moves"

exit $tap_failed
