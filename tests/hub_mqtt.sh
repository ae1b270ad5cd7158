#!/bin/sh
# A hub taking in three tables through a real mosquitto broker: the
# tables' records (a round robin's twelve games, played into a
# reference database with `pitboss game add`, and an incident per
# table) published as events with mosquitto_pub: copies of some,
# one table's out of order, one event of another held back until the
# hub asks for it on the resync topic (the fake tables answer resyncs
# by watching it with mosquitto_sub). The hub is killed with SIGKILL
# while events come and started again; the broker is stopped and
# started again. Afterwards the hub's games, seats, sides, moves,
# incidents, series and ratings equal the tables' row by row, and so
# do the standings; a command for a remote table goes out on its
# command topic and its answer, an event, closes it. An event on
# another table's topic is refused; a second pitbossd giving a table id
# pinned to another instance is refused and shown; a table's "gone"
# answer passes its events as lost; a status ahead of the hub has the
# rest asked for. Every wait is
# bounded; no speed is measured. Without mosquitto it skips, except
# under CI=true, where it fails. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
src=${top_srcdir:-.}
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"

. "${top_srcdir:-.}/tests/mqtt_broker.sh"
broker_needs

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-hub.XXXXXX")
broker_pid=
web_pid=
cleanup() {
	touch "$tmp/stop"
	[ -n "$web_pid" ] && kill -9 "$web_pid" 2>/dev/null
	[ -n "$broker_pid" ] && kill "$broker_pid" 2>/dev/null
	# The fake tables end within their subscriber's 5 s.
	wait 2>/dev/null
	[ -n "$KEEP" ] || rm -rf "$tmp"
}
trap cleanup EXIT
plan 25

pbdb() { db=$1; shift; PITBOSS_DB="$db" "$PITBOSS" "$@"; }

# --------------------------------------------------------- the tables
# Short games (3 pits, 1 seed) to a target of 2: LOSE_FIRST gives the
# second mover 1 point, WIN_FIRST the first mover 2, so each series of
# the round robin ends after its second game.
WIN_FIRST="b A c C A a"
LOSE_FIRST="b B a C c A b B c"
ref="$tmp/ref.db"
hubdb="$tmp/hub.db"
pbdb "$ref" db init >/dev/null
for p in Ann Bob Cyd Dee; do pbdb "$ref" player add "$p" >/dev/null; done
pbdb "$ref" tournament create Cup -o "pits=3 seeds=1" --target 2 \
	--format round-robin >/dev/null
pbdb "$ref" tournament enter Cup Ann Bob Cyd Dee >/dev/null
pbdb "$ref" tournament draw Cup >/dev/null
# The hub starts from the club's records before the night: the same
# players and the drawn tournament (its series are what the tables'
# games name as hub_series).
pbdb "$ref" backup "$hubdb" >/dev/null
s=1
for t in 1 2 3; do
	pbdb "$ref" table add "Table $t" >/dev/null
	for k in 1 2; do
		pbdb "$ref" game add --series $s --table "Table $t" $LOSE_FIRST \
			>/dev/null &&
		pbdb "$ref" game add --series $s --table "Table $t" $WIN_FIRST \
			>/dev/null || echo "# game add of series $s failed"
		s=$((s + 1))
	done
done
# A warning at ply 2 of each table's first game.
sqlite3 "$ref" "INSERT INTO incidents (game_id, ply, kind, player_id, text,
  at, cause, evidence) SELECT g.id, 2, 'warning', gp.player_id,
  'two seeds in \"c\"', m.at, 'no-fit', 'drops=2' FROM games g
  JOIN game_players gp ON gp.game_id = g.id AND gp.seat = 1
  JOIN moves m ON m.game_id = g.id AND m.ply = 2
  WHERE g.game_no = 1 AND g.series_id IN (1, 3, 5);"
sqlite3 "$ref" < "$src/tests/hub_events.sql" > "$tmp/all.events"
for t in t1 t2 t3; do
	awk -F '\t' -v t=$t '$1 == t { print $2 }' "$tmp/all.events" \
		> "$tmp/$t.events"
done
n1=$(wc -l < "$tmp/t1.events")
n2=$(wc -l < "$tmp/t2.events")
n3=$(wc -l < "$tmp/t3.events")
expect_eq "three tables' events made (2 series of 2 games each)" \
	"$n1 $n2 $n3" "39 39 39"

# ---------------------------------------------------------- the broker
pick_broker
expect_eq "mosquitto started on a free port" "$started" "yes"

pub() { # pub TABLE LINE-NUMBERS...: those events of TABLE, in that order
	t=$1
	shift
	for n in "$@"; do sed -n "${n}p" "$tmp/$t.events"; done |
		mosquitto_pub -p "$broker_port" -q 1 -t "pitboss/v1/$t/event" -l
}

# A fake table: answers each resync request with its events from..to.
# Its subscriber lives 5 s at a time (its session keeps what comes
# between), so that it ends once the test is over.
fake_table() {
	t=$1
	n=$(wc -l < "$tmp/$t.events")
	while [ ! -e "$tmp/stop" ]; do
		mosquitto_sub -p "$broker_port" -q 1 -c -i "fake-$t" -W 5 \
			-t "pitboss/v1/$t/resync" -t "pitboss/v1/$t/command" -v \
			2>/dev/null |
		while read -r topic body; do
			case $topic in
			*/command)
				echo "$body" >> "$tmp/$t.commands"
				continue ;;
			esac
			from=$(echo "$body" | sed -n 's/.*"from":\([0-9]*\).*/\1/p')
			to=$(echo "$body" | sed -n 's/.*"to":\([0-9]*\).*/\1/p')
			[ -n "$from" ] && [ -n "$to" ] || continue
			[ "$to" -gt "$n" ] && to=$n
			echo "$from $to" >> "$tmp/$t.resyncs"
			[ "$from" -le "$to" ] && pub "$t" $(seq "$from" "$to")
		done
		sleep 0.2
	done
}
for t in t1 t2 t3; do
	: > "$tmp/$t.resyncs"
	fake_table $t &
done

status() { # status TABLE STATE SEQ
	mosquitto_pub -p "$broker_port" -q 1 -r -t "pitboss/v1/$1/status" \
		-m "{\"v\":1,\"table\":\"$1\",\"state\":\"$2\",\"seq\":$3,\"at\":\"x\"}"
}

# ------------------------------------------------------------- the hub
cat > "$tmp/hub.conf" <<EOF
database = $hubdb
web.listen = 127.0.0.1
mqtt.port = $broker_port
log-level = info
EOF
start_hub() {
	start_web "$tmp/hub.log" "$PITBOSSD" -f -c "$tmp/hub.conf" --hub ||
		return 1
	# Connected and subscribed: the hub says it is online (retained).
	for i in $(seq 300); do
		[ "$(grep -c 'mqtt: connected' "$tmp/hub.log")" -ge 1 ] &&
			return 0
		sleep 0.1
	done
	return 1
}
applied() { # applied TABLE: the hub's last applied event of TABLE
	sqlite3 "$hubdb" "SELECT coalesce((SELECT last_seq FROM hub_tables
		WHERE table_key = '$1'), 0)" 2>/dev/null || echo 0
}
wait_applied() { # wait_applied TABLE SEQ: until the hub has applied it
	for i in $(seq 1200); do
		[ "$(applied "$1")" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}

if ! start_hub; then
	not_ok "the hub connects to the broker" "$(tail -n 5 "$tmp/hub.log")"
	exit 1
fi
ok "the hub connects to the broker"
for t in t1 t2 t3; do status $t online 0; done

# First part: t1 in order with every third event twice, t2 in pairs
# swapped, t3 with event 5 held back (its gap is asked for).
pub t1 $(seq 1 12) 3 6 9 12
pub t2 2 1 4 3 6 5 8 7 10 9 12 11
pub t3 1 2 3 4 6 7 8 9 10 11 12
ok=yes
for t in t1 t2 t3; do wait_applied $t 12 || ok="no ($t at $(applied $t))"; done
expect_eq "first part applied, copies and disorder notwithstanding" "$ok" yes
expect_eq "t3's held-back event came when the hub asked for it" \
	"$(awk '$1 <= 5 && $2 >= 5 { f = 1 } END { print f ? "asked" : "not asked" }' \
	   "$tmp/t3.resyncs")" "asked"

# Second part: the hub killed while events come, started again.
(pub t1 $(seq 13 25); pub t2 $(seq 13 25); pub t3 $(seq 13 25)) &
publisher=$!
wait_applied t1 14
kill -9 "$web_pid"
wait "$web_pid" 2>/dev/null
web_pid=
wait "$publisher"
start_hub || echo "# the hub did not start again: $(tail -n 3 "$tmp/hub.log")"
ok=yes
for t in t1 t2 t3; do wait_applied $t 25 || ok="no ($t at $(applied $t))"; done
expect_eq "after SIGKILL and a start, nothing lost" "$ok" yes

# Third part: the broker stopped and started again; then the rest.
kill "$broker_pid"
wait "$broker_pid" 2>/dev/null
connects=$(grep -c 'mqtt: connected' "$tmp/hub.log")
started=no
start_broker && started=yes
expect_eq "the broker starts again" "$started" yes
for i in $(seq 600); do
	[ "$(grep -c 'mqtt: connected' "$tmp/hub.log")" -gt "$connects" ] &&
		break
	sleep 0.1
done
expect_eq "the hub connects again by itself" \
	"$(grep -c 'mqtt: connected' "$tmp/hub.log")" "$((connects + 1))"
pub t1 $(seq 26 "$n1") 30 31
pub t2 $(seq "$n2" -1 26)
pub t3 $(seq 26 "$n3")
ok=yes
wait_applied t1 "$n1" || ok="no (t1 at $(applied t1))"
wait_applied t2 "$n2" || ok="no (t2 at $(applied t2))"
wait_applied t3 "$n3" || ok="no (t3 at $(applied t3))"
expect_eq "every event applied" "$ok" yes

# ------------------------------------------------------------ records
records() { sqlite3 "$1" < "$src/tests/hub_records.sql"; }
records "$ref" > "$tmp/ref.records"
records "$hubdb" > "$tmp/hub.records"
expect_eq "the hub's records equal the tables', row by row" \
	"$(diff "$tmp/ref.records" "$tmp/hub.records" | head -n 20)" ""
expect_eq "and they are the whole night (moves, incidents, games)" \
	"$(grep -c '^move|' "$tmp/hub.records") $(grep -c '^incident|' "$tmp/hub.records") $(grep -c '^game|' "$tmp/hub.records")" \
	"$(( (n1 + n2 + n3) - 3 * 4 * 2 - 3 )) 3 12"
expect_eq "the standings are the same" \
	"$(pbdb "$hubdb" tournament standings Cup)" \
	"$(pbdb "$ref" tournament standings Cup)"
expect_eq "each event kept once, none refused" \
	"$(sqlite3 "$hubdb" "SELECT count(*), count(error) FROM hub_events")" \
	"$((n1 + n2 + n3))|0"
expect_eq "copies counted" \
	"$(sqlite3 "$hubdb" "SELECT duplicates > 0 FROM hub_tables WHERE table_key = 't1'")" \
	"1"

# ------------------------------------------------- link state and lag
status t2 offline "$n2"
for i in $(seq 100); do
	[ "$(sqlite3 "$hubdb" "SELECT state FROM hub_tables WHERE table_key = 't2'")" = offline ] && break
	sleep 0.1
done
api=$(curl -s "http://127.0.0.1:$web_port/api/hub")
expect_match "the API shows each table's link and lag" "$api" \
	"\"table\":\"t2\",\"state\":\"offline\""
expect_match "and a table's board" "$api" \
	"\"table\":\"t1\",\"state\":\"online\",\"last_seq\":$n1"

# ------------------------------------------------------ remote command
pbdb "$hubdb" table confirm "Table 1" --wait 60 > "$tmp/confirm.out" 2>&1 &
confirm=$!
for i in $(seq 300); do
	[ -s "$tmp/t1.commands" ] && break
	sleep 0.1
done
cmd=$(cat "$tmp/t1.commands" 2>/dev/null)
expect_match "a command for a remote table goes out on its command topic" \
	"$cmd" '"kind":"confirm","text":""'
id=$(echo "$cmd" | sed -n 's/.*"id":"\([0-9]*\)".*/\1/p')
mosquitto_pub -p "$broker_port" -q 1 -t pitboss/v1/t1/event -m \
	"{\"v\":1,\"table\":\"t1\",\"seq\":$((n1 + 1)),\"kind\":\"command-done\",\"at\":\"2026-11-24T03:00:00.000Z\",\"payload\":{\"hub_command\":\"$id\",\"command\":9,\"outcome\":\"refused: nothing is held\",\"outcome_kind\":\"refused\",\"outcome_cause\":\"nothing-held\",\"outcome_ply\":null,\"outcome_move\":null}}"
wait "$confirm"
expect_match "its answer comes back as an event" "$(cat "$tmp/confirm.out")" \
	"nothing is held"
expect_eq "the hub logs the answer with its outcome" \
	"$(grep -c "hub: command $id (confirm) answered by table t1: refused: nothing is held" "$tmp/hub.log")" 1

# ------------------------------------------- a stream's wrong turnings
ev() { # ev TABLE INSTANCE SEQ: an event of a kind the records pass
	echo "{\"v\":1,\"table\":\"$1\",\"instance\":\"$2\",\"seq\":$3,\"kind\":\"later\",\"at\":\"2026-11-24T03:00:00.000Z\",\"payload\":{}}"
}
mqpub() { mosquitto_pub -p "$broker_port" -q 1 "$@"; }
mqpub -t pitboss/v1/t2/event -m "$(ev t1 aaaa $((n1 + 2)))"
for i in $(seq 100); do
	grep -q "an event of table t1 on table t2's topic" "$tmp/hub.log" && break
	sleep 0.1
done
expect_eq "an event on another table's topic is refused" \
	"$(grep -c "an event of table t1 on table t2's topic" "$tmp/hub.log") $(applied t1) $(applied t2)" \
	"1 $((n1 + 1)) $n2"

mqpub -t pitboss/v1/t4/event -m "$(ev t4 aaaa 1)"
wait_applied t4 1
mqpub -t pitboss/v1/t4/event -m "$(ev t4 bbbb 2)"
for i in $(seq 100); do
	grep -q "table t4: an event from another pitbossd (instance bbbb)" \
		"$tmp/hub.log" && break
	sleep 0.1
done
mqpub -t pitboss/v1/t4/event -m "$(ev t4 aaaa 2)"
wait_applied t4 2
expect_match "a second pitbossd giving a table's id: refused and shown" \
	"$(curl -s "http://127.0.0.1:$web_port/api/hub")" \
	"\"instance\":\"aaaa\",\"foreign\":{\"instance\":\"bbbb\",\"events\":1,"
expect_eq "its event not kept; the pinned one's taken" \
	"$(sqlite3 "$hubdb" "SELECT group_concat(seq || ':' || json_extract(body, '\$.instance')) FROM hub_events WHERE table_key = 't4'")" \
	"1:aaaa,2:aaaa"

mosquitto_sub -p "$broker_port" -t pitboss/v1/t5/resync -C 1 -W 30 \
	> "$tmp/t5.resync" 2>&1 &
t5sub=$!
sleep 0.5
mqpub -t pitboss/v1/t5/event -m "$(ev t5 cccc 1)"
mqpub -t pitboss/v1/t5/event -m "$(ev t5 cccc 4)"
wait "$t5sub"
mqpub -t pitboss/v1/t5/gone -m \
	'{"v":1,"table":"t5","instance":"cccc","from":2,"to":3}'
wait_applied t5 4
expect_eq "asked for 2..3, a table's gone answer passes them as lost" \
	"$(cat "$tmp/t5.resync") $(sqlite3 "$hubdb" "SELECT last_seq, lost FROM hub_tables WHERE table_key = 't5'") $(grep -c 'table t5: 2 events lost' "$tmp/hub.log")" \
	'{"from":2,"to":3,"instance":"cccc"} 4|2 1'

# A table's status gives more than the hub has (the last event lost
# with nothing after it to show the gap): the hub asks for the rest.
mosquitto_sub -p "$broker_port" -t pitboss/v1/t6/resync -C 1 -W 30 \
	> "$tmp/t6.resync" 2>&1 &
t6sub=$!
sleep 0.5
mqpub -t pitboss/v1/t6/event -m "$(ev t6 dddd 1)"
mqpub -t pitboss/v1/t6/status -m \
	'{"v":1,"table":"t6","instance":"dddd","state":"online","seq":3}'
wait "$t6sub"
expect_eq "a status ahead of the hub: the rest asked for" \
	"$(cat "$tmp/t6.resync")" '{"from":2,"to":3,"instance":"dddd"}'

# A gap of one before 1,199 waiting events filled: more than a turn
# applies (512), applied over the next turns, all of them.
# Sent 200 at a time, each lot kept before the next: a broker queues at
# most max_queued_messages (1000) for a subscriber that falls behind,
# and this table answers no resync.
kept_t7() {
	sqlite3 "$hubdb" "SELECT count(*) FROM hub_events WHERE table_key = 't7'"
}
for lot in 2 202 402 602 802 1002; do
	for i in $(seq "$lot" $((lot + 199 > 1200 ? 1200 : lot + 199))); do
		ev t7 eeee "$i"
	done > "$tmp/t7.events"
	mosquitto_pub -p "$broker_port" -q 1 -t pitboss/v1/t7/event -l \
		< "$tmp/t7.events"
	for i in $(seq 600); do
		[ "$(kept_t7)" -ge $((lot + 198 > 1199 ? 1199 : lot + 198)) ] &&
			break
		sleep 0.1
	done
done
mqpub -t pitboss/v1/t7/event -m "$(ev t7 eeee 1)"
wait_applied t7 1200
expect_eq "a large gap filled at once: every event applied, over turns" \
	"$(applied t7) $(sqlite3 "$hubdb" "SELECT count(applied) FROM hub_events WHERE table_key = 't7'")" \
	"1200 1200"

exit $tap_failed
