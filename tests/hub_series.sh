#!/bin/sh
# A hub's knockout tournament played at remote tables: two simulated
# pitbossd tables (ten times speed, their own databases) and a
# `pitbossd --hub` through a real mosquitto broker. The hub's arbiter
# calls the semi-finals to the two remote tables; each table plays the
# hub's series as its own, its events name the hub's series, and the
# hub scores them into its bracket, which draws the final. The final is
# called while the broker is down and the hub is then killed: its call,
# kept in the hub's records, goes out once the hub is back. A command
# sent twice is queued once at the table. A game voided at a table
# afterwards is voided at the hub too; the tables' moves come on the
# hub's live event stream. Then the hub's bracket, series
# and standings equal those of the same games played into a copy of the
# hub's records by `pitboss game add`. Last, a tournament with auto
# call sends its series to a remote table by itself. Every wait is
# bounded; no speed is measured. Without mosquitto it skips, except
# under CI=true, where it fails. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"

. "${top_srcdir:-.}/tests/mqtt_broker.sh"
broker_needs

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-hubseries.XXXXXX")
[ -n "$KEEP" ] && echo "# in $tmp"
broker_pid=
web_pid=
pid_ta= pid_tb=
cleanup() {
	for p in $broker_pid $web_pid $pid_ta $pid_tb; do
		kill -CONT "$p" 2>/dev/null
		kill -9 "$p" 2>/dev/null
	done
	wait 2>/dev/null
	[ -n "$KEEP" ] || rm -rf "$tmp"
}
trap cleanup EXIT
plan 21

TABLES="ta tb"
hubdb="$tmp/hub.db"
ref="$tmp/ref.db"
OPTIONS="pits=3 seeds=2"

until_ok() { # until_ok TENTHS COMMAND...
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
pbdb() { db=$1; shift; PITBOSS_DB="$db" "$PITBOSS" "$@"; }

# ------------------------------------------------ the hub's tournament
pbdb "$hubdb" db init >/dev/null
for p in Ann Bob Cyd Dee; do pbdb "$hubdb" player add "$p" >/dev/null; done
pbdb "$hubdb" tournament create Cup -o "$OPTIONS" --target 2 >/dev/null
pbdb "$hubdb" tournament enter Cup Ann Bob Cyd Dee >/dev/null
pbdb "$hubdb" tournament draw Cup >/dev/null
# The reference: the same records before the night.
pbdb "$hubdb" backup "$ref" >/dev/null
semis=$(q "$hubdb" "SELECT group_concat(id, ' ') FROM series ORDER BY id")
expect_eq "two semi-finals drawn" "$(echo $semis | wc -w)" 2

# ---------------------------------------------------------- the broker
pick_broker
expect_eq "mosquitto started on a free port" "$started" "yes"
[ "$started" = yes ] || exit 1

# ------------------------------------------------------------- the hub
cat > "$tmp/hub.conf" <<EOF
database = $hubdb
web.listen = 127.0.0.1
mqtt.port = $broker_port
mqtt.keepalive = 5
log-level = info
EOF
hubs=0
start_hub() { # each run logs to its own hub.N.log
	hubs=$((hubs + 1))
	start_web "$tmp/hub.$hubs.log" "$PITBOSSD" -f -c "$tmp/hub.conf" \
		--hub || return 1
	until_ok 300 grep -q 'mqtt: connected' "$tmp/hub.$hubs.log"
}

# ---------------------------------------------------------- the tables
# Between series a table plays friendly games of its own players.
set -- "Table A" Gus,Hal 21 "Table B" Ivy,Jon 22
for t in $TABLES; do
	cat > "$tmp/$t.conf" <<EOF
database = $tmp/$t.db
web.port = 0
log-level = info
mqtt.enable = yes
mqtt.port = $broker_port
mqtt.keepalive = 5
[table 1]
name = $1
mqtt-id = $t
players = $2
options = $OPTIONS
source = sim
seed = $3
EOF
	shift 3
done
start_table() {
	"$PITBOSSD" -f -c "$tmp/$1.conf" --speed 10 >> "$tmp/$1.log" 2>&1 &
	tap_log "$tmp/$1.log"
	eval "pid_$1=\$!"
}
known() { # the hub knows remote table $1's board
	[ -n "$(q "$hubdb" "SELECT board_id FROM hub_tables
		WHERE table_key = '$1' AND board_id IS NOT NULL")" ]
}

if start_hub; then ok "the hub connects to the broker"
else
	not_ok "the hub connects to the broker" "$(tail -n 5 "$tmp/hub.1.log")"
	exit 1
fi
for t in $TABLES; do start_table $t; done
ok=yes
for t in $TABLES; do until_ok 1200 known $t || ok="no ($t)"; done
expect_eq "the tables' boards are known at the hub" "$ok" yes

# ------------------------------------------------------ the semi-finals
set -- $semis
pbdb "$hubdb" table assign "Table A" "$1" --wait 60 > "$tmp/assign1" 2>&1
pbdb "$hubdb" table assign "Table B" "$2" --wait 60 > "$tmp/assign2" 2>&1
expect_match "a hub's series called to a remote table, answered by it" \
	"$(cat "$tmp/assign1")" "called to table Table A"
expect_match "and the other" "$(cat "$tmp/assign2")" \
	"called to table Table B"
# The same call delivered twice more: queued once at the table.
cmd=$(grep -o 'command [0-9]* (assign) sent to table ta' "$tmp/hub.1.log" |
	head -n 1 | awk '{ print $2 }')
body=$(q "$hubdb" "SELECT json_object('v', 1, 'id', '$cmd', 'kind', 'assign',
	'text', text, 'series', json('{\"id\":' || text || '}'))
	FROM commands WHERE id = $cmd")
for i in 1 2; do
	mosquitto_pub -p "$broker_port" -q 1 -t pitboss/v1/ta/command -m "$body"
done
until_ok 100 grep -q "command $cmd of the hub: .*queued already" "$tmp/ta.log"
expect_eq "a call sent again is queued once at the table" \
	"$(q "$tmp/ta.db" "SELECT count(*) FROM commands WHERE hub_id = '$cmd'")" 1

# The dashboard's live events carry the remote tables' records.
curl -s -N --max-time 8 "http://127.0.0.1:$web_port/api/events" \
	> "$tmp/live" 2>/dev/null
expect_match "remote moves on the dashboard's live events" \
	"$(grep -m 1 '"remote":"t[ab]".*"kind":"accept"' "$tmp/live")" \
	' plays '

series_over() { # the hub's series $1 is finished
	[ "$(q "$hubdb" "SELECT status FROM series WHERE id = $1")" = finished ]
}
ok=yes
for s in $semis; do until_ok 3000 series_over $s || ok="no ($s)"; done
expect_eq "the semi-finals are played at the tables, scored at the hub" \
	"$ok" yes
expect_eq "the tables' games name the hub's series" \
	"$(q "$hubdb" "SELECT count(*) FROM games WHERE series_id IN
		($(echo $semis | tr ' ' ,)) AND status = 'finished'")" \
	"$(for t in $TABLES; do q "$tmp/$t.db" "SELECT count(*) FROM games g
		JOIN series s ON s.id = g.series_id
		WHERE s.hub_series IS NOT NULL AND g.status = 'finished'"; done |
		awk '{ n += $1 } END { print n }')"

# ------------------------------------------------------------ the final
final=$(q "$hubdb" "SELECT id FROM series WHERE status = 'playing'")
expect_eq "the bracket drew the final" "$(echo $final | wc -w)" 1
# Called while the broker is down; the hub then dies. The call is kept
# in the hub's records and goes out when it is back.
kill "$broker_pid"
wait "$broker_pid" 2>/dev/null
pbdb "$hubdb" table assign "Table B" "$final" --wait 3 > "$tmp/assign3" 2>&1
handed() {
	[ "$(q "$hubdb" "SELECT count(*) FROM commands WHERE handed_on IS NOT NULL
		AND done IS NULL")" -ge 1 ]
}
until_ok 300 handed
kill -9 "$web_pid"
wait "$web_pid" 2>/dev/null
web_pid=
start_broker || echo "# the broker did not start again"
start_hub || echo "# the hub did not start again: $(tail -n 3 "$tmp/hub.2.log")"
until_ok 3000 series_over "$final"
expect_eq "the final, called before the hub died, is played and scored" \
	"$(q "$hubdb" "SELECT status FROM series WHERE id = $final")" finished
expect_eq "the call was answered once" \
	"$(q "$hubdb" "SELECT count(*) FROM commands WHERE kind = 'assign'
		AND done IS NOT NULL AND outcome LIKE '%called to table%'")" 3

# ------------------------------------------- a game voided at a table
friendly=$(q "$tmp/ta.db" "SELECT max(id) FROM games WHERE series_id IS NULL
	AND status = 'finished'")
pbdb "$tmp/ta.db" game void "$friendly" --reason "wrong players" \
	> "$tmp/void.out" 2>&1
hub_void() {
	[ "$(q "$hubdb" "SELECT g.status FROM games g JOIN hub_games hg
		ON hg.game_id = g.id WHERE hg.table_key = 'ta'
		AND hg.remote_game = $friendly")" = void ]
}
until_ok 600 hub_void
expect_eq "a game voided at a table (pitboss game void) is void at the hub" \
	"$(q "$hubdb" "SELECT g.status || ' ' || a.reason FROM games g
		JOIN hub_games hg ON hg.game_id = g.id JOIN game_audit a
		ON a.game_id = g.id WHERE hg.table_key = 'ta'
		AND hg.remote_game = $friendly")" "void wrong players"

# ------------------------------------------------- the same games here
# Each finished game of a hub series at a table, in the order the hub
# took them in, added to the reference by `pitboss game add`; the
# final's first mover is the hub's draw.
hub_games() {
	for t in $TABLES; do
		q "$hubdb" "SELECT g.id, hg.remote_game, g.series_id, '$t'
			FROM games g JOIN hub_games hg ON hg.game_id = g.id
			AND hg.table_key = '$t' WHERE g.series_id IN (SELECT s.id
			FROM series s JOIN tournaments t ON t.id = s.tournament_id
			WHERE t.name = 'Cup') AND g.status = 'finished'"
	done | sort -t '|' -k1,1n
}
hub_games > "$tmp/games"
first=$(q "$hubdb" "SELECT first FROM series WHERE id = $final")
while IFS='|' read -r id remote sid t; do
	board=$(q "$tmp/$t.db" "SELECT name FROM boards LIMIT 1")
	moves=$(q "$tmp/$t.db" "SELECT group_concat(notation, ' ') FROM
		(SELECT notation FROM moves WHERE game_id = $remote ORDER BY ply)")
	pbdb "$ref" table add "$board" >/dev/null 2>&1	# once each
	[ "$sid" = "$final" ] &&
		q "$ref" "UPDATE series SET first = $first WHERE id = $final"
	pbdb "$ref" game add --series "$sid" --table "$board" $moves \
		>/dev/null 2>"$tmp/add.err" || echo "# game add: $(cat "$tmp/add.err")"
done < "$tmp/games"
expect_eq "the hub's tournament is over" \
	"$(q "$hubdb" "SELECT status FROM tournaments WHERE name = 'Cup'")" \
	"$(q "$ref" "SELECT status FROM tournaments WHERE name = 'Cup'")"
expect_eq "its bracket (the tournament shown) equals the same games played here" \
	"$(pbdb "$hubdb" tournament show Cup --json)" \
	"$(pbdb "$ref" tournament show Cup --json)"
series_rows() {
	q "$1" "SELECT id, player_a, player_b, first, status, decided_by, winner,
		total_a, total_b, games, won_a, won_b, drawn FROM series ORDER BY id"
}
expect_eq "and so are its series, row by row" \
	"$(series_rows "$hubdb")" "$(series_rows "$ref")"
expect_eq "and its standings" \
	"$(pbdb "$hubdb" tournament standings Cup)" \
	"$(pbdb "$ref" tournament standings Cup)"

# ------------------------------------------------ auto call, remotely
# A second tournament with auto call: its series goes by itself to the
# first remote table that starts a friendly game.
pbdb "$hubdb" tournament create Plate -o "$OPTIONS" --target 1 >/dev/null
pbdb "$hubdb" tournament enter Plate Cyd Dee >/dev/null
pbdb "$hubdb" tournament draw Plate >/dev/null
pbdb "$hubdb" tournament auto-call Plate on >/dev/null
plate=$(q "$hubdb" "SELECT s.id FROM series s JOIN tournaments t
	ON t.id = s.tournament_id WHERE t.name = 'Plate'")
until_ok 3000 series_over "$plate"
expect_eq "a series of a tournament with auto call goes to a remote table" \
	"$(q "$hubdb" "SELECT s.status || ' ' || (SELECT count(*) FROM commands
		WHERE kind = 'assign' AND text = '$plate' AND outcome LIKE
		'%called to table%') FROM series s WHERE s.id = $plate")" \
	"finished 1"
expect_eq "and its tournament ends" \
	"$(q "$hubdb" "SELECT status FROM tournaments WHERE name = 'Plate'")" \
	finished
expect_eq "no event refused" \
	"$(q "$hubdb" "SELECT count(error) FROM hub_events")" 0
exit $tap_failed
