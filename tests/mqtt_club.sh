#!/bin/sh
# A club night end to end: three pitbossd tables (simulated, at ten
# times speed, each its own database and mqtt-id) publish through a real
# mosquitto broker to one `pitbossd --hub`. While they play, the broker
# is killed and started again, one table is killed with SIGKILL and
# started again, so is the hub, and a table is asked to send its events
# again (copies). Meanwhile the third table, which reaches the broker
# through a TCP relay (tests/tcp_cut.c), has its network cut for a
# minute: it goes on recording, the broker gives it up (its will), the
# others go on reaching the hub; the network back, the hub catches up.
# Then the tables stop; afterwards the hub's
# games, seats, sides, moves and incidents equal the union of the
# tables' row by row (by the tables' game ids), every move once, every
# event kept once, and the ratings are the same. Every wait is bounded;
# no speed is measured. Without mosquitto it skips, except under
# CI=true, where it fails. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
src=${top_srcdir:-.}
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
TCP_CUT="${top_builddir:-.}/tests/tcp_cut"
# How long table tc's network is cut (s): well past its keepalive. The
# minute costs the test about 40 s more than the other steps take.
CUT=${CUT:-60}

. "${top_srcdir:-.}/tests/mqtt_broker.sh"
broker_needs

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-club.XXXXXX")
[ -n "$KEEP" ] && echo "# in $tmp"
broker_pid=
web_pid=
pid_ta= pid_tb= pid_tc= relay_pid=
cleanup() {
	for p in $broker_pid $web_pid $pid_ta $pid_tb $pid_tc $relay_pid; do
		kill -CONT "$p" 2>/dev/null
		kill -9 "$p" 2>/dev/null
	done
	wait 2>/dev/null
	[ -n "$KEEP" ] || rm -rf "$tmp"
}
trap cleanup EXIT
plan 24

TABLES="ta tb tc"
hubdb="$tmp/hub.db"

# until_ok TENTHS COMMAND...: COMMAND every 0.1 s until it succeeds, at
# most TENTHS times.
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
q() { sqlite3 -cmd '.timeout 10000' "$1" "$2"; }

# ---------------------------------------------------------- the broker
pick_broker
expect_eq "mosquitto started on a free port" "$started" "yes"
[ "$started" = yes ] || exit 1
restart_broker() {
	kill "$broker_pid"
	wait "$broker_pid" 2>/dev/null
	start_broker
}
# Table tc's way to the broker: a relay on another free port. The port
# is the relay's once it says so (a probe alone could be answered by
# another test's broker on that port) and it answers as the broker.
relay_up() {
	grep -q "relaying port $relay_port " "$tmp/relay.try" &&
		mosquitto_pub -p "$relay_port" -t pitboss/probe -m x 2>/dev/null
}
for try in 1 2 3 4 5 6 7 8; do
	rand=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
	relay_port=$((10000 + rand % 20000))
	[ "$relay_port" = "$broker_port" ] && continue
	: > "$tmp/relay.try"
	"$TCP_CUT" "$relay_port" "$broker_port" 2>> "$tmp/relay.try" &
	relay_pid=$!
	relay_ok=1
	for i in $(seq 300); do
		kill -0 "$relay_pid" 2>/dev/null || break
		relay_up && relay_ok=0 && break
		sleep 0.1
	done
	cat "$tmp/relay.try" >> "$tmp/relay.log"
	[ "$relay_ok" = 0 ] && break
	kill -9 "$relay_pid" 2>/dev/null
	wait "$relay_pid" 2>/dev/null
	relay_pid=
done
if [ -n "$relay_pid" ]; then ok "table tc's relay to the broker runs"
else not_ok "table tc's relay to the broker runs" "$(tail -n 8 "$tmp/relay.log")"; fi

# ------------------------------------------------------------- the hub
cat > "$tmp/hub.conf" <<EOF
database = $hubdb
web.listen = 127.0.0.1
mqtt.port = $broker_port
mqtt.keepalive = 5
log-level = info
EOF
start_hub() {
	: > "$tmp/hub.log.new"
	start_web "$tmp/hub.log.new" "$PITBOSSD" -f -c "$tmp/hub.conf" --hub ||
		return 1
	for i in $(seq 300); do
		grep -q 'mqtt: connected' "$tmp/hub.log.new" && break
		sleep 0.1
	done
	cat "$tmp/hub.log.new" >> "$tmp/hub.log"
	grep -q 'mqtt: connected' "$tmp/hub.log.new"
}

# ---------------------------------------------------------- the tables
# Table ta plays Ann and Bob at the board "Table A", and so on; a bit
# of noise makes incidents.
set -- "Table A" Ann,Bob 11 "Table B" Cyd,Dee 12 "Table C" Eve,Fay 13
for t in $TABLES; do
	port=$broker_port
	[ "$t" = tc ] && port=$relay_port
	cat > "$tmp/$t.conf" <<EOF
database = $tmp/$t.db
web.port = 0
log-level = info
mqtt.enable = yes
mqtt.port = $port
mqtt.keepalive = 5
[table 1]
name = $1
mqtt-id = $t
players = $2
source = sim
seed = $3
sim.level = moderate
EOF
	shift 3
done
start_table() { # start_table TABLE
	"$PITBOSSD" -f -c "$tmp/$1.conf" --speed 10 >> "$tmp/$1.log" 2>&1 &
	tap_log "$tmp/$1.log"
	eval "pid_$1=\$!"
}
table_pid() { eval "echo \$pid_$1"; }
written() { q "$tmp/$1.db" "SELECT coalesce(max(seq), 0) FROM outbox"; }
applied() { # the hub's last event of TABLE applied without a gap
	q "$hubdb" "SELECT coalesce((SELECT last_seq FROM hub_tables
		WHERE table_key = '$1'), 0)" 2>/dev/null || echo 0
}
applied_at_least() { [ "$(applied "$1")" -ge "$2" ]; }
# progress [TABLES]: every table's (or those TABLES') events up to what
# it had written when called are applied at the hub (within 120 s);
# says which did not.
progress() {
	pr_bad=
	pr_tables=${1:-$TABLES}
	for t in $pr_tables; do
		eval "pr_$t=\$(written $t)"
	done
	for t in $pr_tables; do
		eval "pr_n=\$pr_$t"
		until_ok 1200 applied_at_least "$t" "$pr_n" ||
			pr_bad="$pr_bad $t(at $(applied "$t") of $pr_n)"
	done
	[ -z "$pr_bad" ] && echo yes || echo "no:$pr_bad"
}
# played TABLE N: TABLE has written N events more than when asked.
grown() { [ "$(written "$1")" -ge "$2" ]; }
play_on() { # play_on N: every table writes N more events
	for t in $TABLES; do
		po_n=$(( $(written "$t") + $1 ))
		until_ok 1200 grown "$t" "$po_n" ||
			echo "# $t did not play on: $(tail -n 2 "$tmp/$t.log")"
	done
}

if start_hub; then ok "the hub connects to the broker"
else
	not_ok "the hub connects to the broker" "$(tail -n 5 "$tmp/hub.log")"
	exit 1
fi
for t in $TABLES; do start_table $t; done
# mqtt_said: each table's last words on its link (a failure's detail).
mqtt_said() {
	for t in $TABLES; do
		echo "$t wrote $(written "$t"); its link: $(grep -e \
			'mqtt: connected' -e 'mqtt: no connection' -e \
			'mqtt: .* refused' "$tmp/$t.log" | tail -n 2 |
			sed 's/^pitbossd: [a-z]*: //' | tr '\n' ' ')"
	done
}
ok=yes
for t in $TABLES; do
	until_ok 1200 applied_at_least $t 10 || ok="no ($t at $(applied $t))"
done
if [ "$ok" = yes ]; then ok "three tables play, the hub takes their events in"
else not_ok "three tables play, the hub takes their events in" \
	"got:  $ok" "want: yes" "$(mqtt_said)"; fi

# The broker killed mid-game and started again.
restart_broker && started=yes || started=no
expect_eq "the broker starts again" "$started" yes
play_on 5
expect_eq "after the broker's restart the hub catches up" "$(progress)" yes

# Table tc's network cut for $CUT s, from now; what follows goes on
# meanwhile for the two others.
cut_at=$(date +%s)
kill -USR1 "$relay_pid"
sleep 2
tc_written=$(written tc)
tc_applied=$(applied tc)

# A table killed with SIGKILL mid-game and started again.
kill -9 "$pid_tb"
wait "$pid_tb" 2>/dev/null
start_table tb
play_on 5
expect_eq "a table killed and started again: the hub catches up" \
	"$(progress "ta tb")" yes

# The hub killed with SIGKILL while the tables play, started again.
kill -9 "$web_pid"
wait "$web_pid" 2>/dev/null
web_pid=
play_on 5
if start_hub; then ok "the hub starts again"
else not_ok "the hub starts again" "$(tail -n 5 "$tmp/hub.log.new")"; fi
expect_eq "the hub killed and started again: it catches up" \
	"$(progress "ta tb")" yes

# The rest of the cut: tc records on, the hub has none of it, and the
# broker has given tc up (its will: offline).
left=$((cut_at + CUT - $(date +%s)))
[ "$left" -gt 0 ] && sleep "$left"
state() { q "$hubdb" "SELECT coalesce(state, '') FROM hub_tables WHERE table_key = '$1'"; }
expect_eq "cut off for $CUT s, tc records on; the hub has none of it, its will said offline" \
	"$([ "$(written tc)" -gt "$tc_written" ] && echo records) $(applied tc) $(state tc) $(state ta)" \
	"records $tc_applied offline online"
kill -USR2 "$relay_pid"
back=$(date +%s)
expect_eq "the network back, the hub catches up" "$(progress)" yes
online() { [ "$(state tc)" = online ]; }
until_ok 300 online
expect_eq "and tc is online again" "$(state tc)" online
echo "# tc caught up $(( $(date +%s) - back )) s after its network came back"

# Copies: table ta is asked for every event again.
dups() {
	q "$hubdb" "SELECT coalesce((SELECT duplicates FROM hub_tables
		WHERE table_key = 'ta'), 0)"
}
dups_before=$(dups)
n=$(written ta)
mosquitto_pub -p "$broker_port" -q 1 -t pitboss/v1/ta/resync \
	-m "{\"from\":1,\"to\":$n}"
more_dups() { [ "$(dups)" -ge $((dups_before + n)) ]; }
if until_ok 1200 more_dups; then ok "$n copies delivered, counted as copies"
else not_ok "copies delivered, counted as copies" \
	"duplicates: $dups_before, then $(dups)"; fi

# The night ends, once every table has finished a game: the tables stop
# cleanly, the hub takes in the rest.
play_on 5
finished() {
	[ "$(q "$tmp/$1.db" "SELECT count(*) FROM games
		WHERE status = 'finished' AND result <> 'void'")" -gt 0 ]
}
for t in $TABLES; do until_ok 3000 finished $t; done
rc=
for t in $TABLES; do
	p=$(table_pid $t)
	kill -TERM "$p"
	wait "$p"
	rc="$rc $?"
	eval "pid_$t="
done
expect_eq "the tables stop cleanly" "$rc" " 0 0 0"
expect_eq "the hub has every table's every event" "$(progress)" yes

# ------------------------------------------------------------ records
# Each table's records next to the hub's games at that table's board,
# by the table's game ids (hub_games).
for t in $TABLES; do
	board=$(q "$tmp/$t.db" "SELECT name FROM boards LIMIT 1")
	{ echo "CREATE TEMP VIEW gm AS SELECT id remote, id gid FROM games;"
	  cat "$src/tests/club_records.sql"; } |
		sqlite3 "$tmp/$t.db" >> "$tmp/tables.records"
	{ echo "CREATE TEMP VIEW gm AS SELECT hg.remote_game remote, g.id gid
		FROM games g JOIN boards b ON b.id = g.board_id
		LEFT JOIN hub_games hg ON hg.game_id = g.id
		AND hg.table_key = '$t' WHERE b.name = '$board';"
	  cat "$src/tests/club_records.sql"; } |
		sqlite3 "$hubdb" >> "$tmp/hub.records"
done
expect_eq "the hub's records equal the tables', row by row" \
	"$(diff "$tmp/tables.records" "$tmp/hub.records" | head -n 20)" ""
sum() { # sum SQL: SQL's number summed over the tables' databases
	s=0
	for t in $TABLES; do s=$((s + $(q "$tmp/$t.db" "$1"))); done
	echo $s
}
games=$(sum "SELECT count(*) FROM games")
moves=$(sum "SELECT count(*) FROM moves")
incidents=$(sum "SELECT count(*) FROM incidents")
expect_eq "the whole night: $games games, $moves moves, $incidents incidents" \
	"$(q "$hubdb" "SELECT (SELECT count(*) FROM games) || ' ' ||
		(SELECT count(*) FROM moves) || ' ' ||
		(SELECT count(*) FROM incidents)")" "$games $moves $incidents"
expect_eq "every move once" \
	"$(q "$hubdb" "SELECT count(*) FROM (SELECT game_id, ply FROM moves
		GROUP BY game_id, ply HAVING count(*) > 1)")" 0
expect_eq "each event kept once, none refused" \
	"$(q "$hubdb" "SELECT count(*) || ' ' || count(error) || ' ' ||
		count(applied) FROM hub_events")" \
	"$(sum "SELECT count(*) FROM outbox") 0 $(sum "SELECT count(*) FROM outbox")"
# The standings: the ratings lists' rows (without their ranks), the
# tables' together; each table's players are its own.
ratings() {
	PITBOSS_DB="$1" "$PITBOSS" rating list |
		awk '$1 ~ /^[0-9]+$/ && NF >= 6 { $1 = ""; print }'
}
for t in $TABLES; do ratings "$tmp/$t.db"; done | sort > "$tmp/tables.ratings"
ratings "$hubdb" | sort > "$tmp/hub.ratings"
expect_eq "six players rated" "$(wc -l < "$tmp/hub.ratings")" 6
expect_eq "the ratings are the same" \
	"$(diff "$tmp/tables.ratings" "$tmp/hub.ratings" | head -n 20)" ""

# The hub's clean stop: its offline status published, then a clean
# DISCONNECT (the broker's log tells it from a lost connection, after
# which the broker would publish the will).
hub_gone() { grep -c 'Client pitboss-hub [dc]' "$tmp/broker.log"; }
gone=$(hub_gone)
kill -TERM "$web_pid"
wait "$web_pid"
expect_eq "the hub stops cleanly" "$?" 0
web_pid=
expect_match "and its retained status says offline" \
	"$(mosquitto_sub -p "$broker_port" -t pitboss/v1/hub/status -C 1 -W 10 \
		2>&1)" '"state":"offline"'
gone_more() { [ "$(hub_gone)" -gt "$gone" ]; }
until_ok 300 gone_more
expect_eq "the hub said goodbye to the broker (a clean DISCONNECT)" \
	"$(grep 'Client pitboss-hub [dc]' "$tmp/broker.log" | tail -n 1 |
		sed 's/^[0-9]*: //')" "Client pitboss-hub disconnected."
exit $tap_failed
