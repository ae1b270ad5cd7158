#!/bin/sh
# pitbossd as an administrator runs it: configuration checks, usage
# errors, command-line settings over the file's, tables from a
# configuration file (simulated, replayed, a GPIO board that is not
# there), commands through the door with 'pitboss table', SIGHUP and
# SIGTERM, commands queued while it was down. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
traces="$(cd "${top_srcdir:-.}/tests/traces" && pwd)"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 45

cat >"$tmp/good.conf" <<EOC
database = $tmp/club.db
log-level = info
web.port = 0
[table 1]
name = Front
players = Ada, Bob
source = sim
seed = 3
[table 2]
source = replay
trace = $traces/hand-capture-and-sweep.trace
[table 3]
source = gpio
line.a = PB_NO_SUCH_A
line.b = PB_NO_SUCH_B
line.c = PB_NO_SUCH_C
line.d = PB_NO_SUCH_D
line.e = PB_NO_SUCH_E
line.f = PB_NO_SUCH_F
line.S = PB_NO_SUCH_S
line.A = PB_NO_SUCH_AA
line.B = PB_NO_SUCH_BB
line.C = PB_NO_SUCH_CC
line.D = PB_NO_SUCH_DD
line.E = PB_NO_SUCH_EE
line.F = PB_NO_SUCH_FF
line.N = PB_NO_SUCH_N
EOC

out=$("$PITBOSSD" -t -c "$tmp/good.conf"); rc=$?
expect_eq "-t checks a good configuration (exit 0)" "$rc: $(echo "$out" | head -n 1)" \
	"0: $tmp/good.conf: ok: 3 tables, database $tmp/club.db"

# The example as a new installation has it: no table, no password yet;
# -t says what to set, every source of this build named.
example="${top_srcdir:-.}/etc/pitboss.conf.example"
out=$("$PITBOSSD" -t -c "$example"); rc=$?
expect_match "-t on the example: no table yet (exit 0)" "$rc: $out" \
	"0: $example: ok: 0 tables"
expect_match "-t on the example: the password to set" "$out" \
	"pitboss passwd --config $example"
missing=
for s in $("$PITBOSSD" --help | sed -n 's/^source = \([a-z]*\):.*/\1/p'); do
	echo "$out" | grep -q "^       $s " || missing="$missing $s"
done
expect_eq "-t on the example: every source named" "$missing" ""
expect_eq "-t with tables: no table step" \
	"$(echo "$out" | grep -c 'To referee')$("$PITBOSSD" -t -c "$tmp/good.conf" | grep -c 'a table: ')" "10"

printf '[table 1]\nsource = sim\nnoise.miss = 2\n' >"$tmp/bad.conf"
out=$("$PITBOSSD" -t -c "$tmp/bad.conf" 2>&1); rc=$?
expect_match "-t refuses a bad one with FILE:LINE (exit 1)" "$rc: $out" \
	"1: pitbossd: $tmp/bad.conf:3: key 'noise.miss': "

printf '[table 1]\nsource = sim\nline.a = GPIO4\n' >"$tmp/bad.conf"
out=$("$PITBOSSD" -t -c "$tmp/bad.conf" 2>&1); rc=$?
expect_eq "a key of another source is refused with FILE:LINE" "$rc: $out" \
	"1: pitbossd: $tmp/bad.conf:3: key 'line.a': not for source sim (table 1)"

# -t refuses what the daemon would: each bad file, one line of the reason.
refused() {	# NAME CONF-TEXT EXPECTED-REASON
	printf '%b' "$2" >"$tmp/bad.conf"
	out=$("$PITBOSSD" -t -c "$tmp/bad.conf" 2>&1); rc=$?
	expect_match "$1" "$rc: $out" "1: pitbossd: $tmp/bad.conf:$3"
}
refused "-t: invalid UTF-8 in a table's name" \
	'[table 1]\nname = Fr\377nt\nsource = sim\n' \
	"2: key 'name': table name: byte 3 is not valid UTF-8"
refused "-t: invalid UTF-8 in a player's name" \
	'[table 1]\nsource = sim\nplayers = Ada, B\377b\n' \
	"3: key 'players': player name: byte 2 is not valid UTF-8"
refused "-t: a player's name that is a number" \
	'[table 1]\nsource = sim\nplayers = 42, Bob\n' \
	"3: key 'players': player name '42' is a number; numbers are taken as ids"
refused "-t: more players than the game's seats" \
	'[table 1]\nsource = sim\nplayers = Ada, Bob, Cyd\n' \
	"3: key 'players': 3 players for the 2 seats of kalah in [table 1]"
refused "-t: fewer players than the game's seats" \
	'[table 1]\nsource = sim\nplayers = Ada\n' \
	"3: key 'players': 1 player for the 2 seats of kalah in [table 1]"
refused "-t: one player twice" \
	'[table 1]\nsource = sim\nplayers = Ada, ada\n' \
	"3: key 'players': 'ada' is named twice"
refused "-t: two tables with one name" \
	'[table 1]\nname = Front\nsource = sim\n[table 2]\nname = front\nsource = sim\n' \
	"5: key 'name': table name 'front' is already the name of table 1"
refused "-t: a trace file that is not there" \
	"[table 1]\\nsource = replay\\ntrace = $tmp/none.trace\\n" \
	"3: key 'trace': $tmp/none.trace: No such file or directory"

# Scanned occupancy boards: checked against the game's places.
printf '[table 1]\nsource = gpio\nboard = shift-register\nload = GPIO5\nclock = GPIO6\ndata = GPIO13\n[table 2]\nsource = gpio\nboard = matrix\nrows = GPIO17, GPIO27\ncols = GPIO22, GPIO23, GPIO24, GPIO25, GPIO26, GPIO16, GPIO12\n' >"$tmp/scan.conf"
out=$("$PITBOSSD" -t -c "$tmp/scan.conf" 2>&1); rc=$?
expect_match "-t takes a chain and a matrix board (exit 0)" "$rc: $out" \
	"0: $tmp/scan.conf: ok: 2 tables"
refused "-t: a chain without its data line" \
	'[table 1]\nsource = gpio\nboard = shift-register\nload = A\nclock = B\n' \
	"2: key 'data': missing: a shift-register board needs its load, clock and data lines"
refused "-t: a chain too short for the board" \
	'[table 1]\nsource = gpio\nboard = shift-register\nload = A\nclock = B\ndata = C\nregisters = 1\n' \
	"2: key 'board': 14 squares on a board of 8 switches (kalah (default options) has 14 places)"
refused "-t: a drop line on a scanned board" \
	'[table 1]\nsource = gpio\nboard = matrix\nrows = A\ncols = B\nline.a = C\n' \
	"6: key 'line.a': a matrix board has no drop, lift, button or LED lines"
refused "-t: a board line used by two tables" \
	'[table 1]\nsource = gpio\nboard = shift-register\nload = A\nclock = B\ndata = C\n[table 2]\nsource = gpio\nboard = shift-register\nload = D\nclock = A\ndata = E\n' \
	"8: key 'clock': line 'A' is already used by load of table 1 on line 2"

printf '[table 1]\nsource = sim\n[table 2]\nsource = camera\n' >"$tmp/cam.conf"
out=$("$PITBOSSD" -t -c "$tmp/cam.conf" 2>&1); rc=$?
if "$PITBOSS" camera count 2>&1 | grep -q 'not compiled in'; then
	expect_eq "a source not compiled in is refused with FILE:LINE" "$rc: $out" \
		"1: pitbossd: $tmp/cam.conf:4: key 'source': source 'camera' is not compiled in"
else
	expect_eq "a camera table without its camera is refused with FILE:LINE" \
		"$rc: $out" \
		"1: pitbossd: $tmp/cam.conf:3: key 'camera': missing in [table 2]: source camera needs it"
fi

out=$("$PITBOSSD" -t -c "$tmp/good.conf" --db "$tmp/other.db"); rc=$?
expect_eq "--db goes over the file's database" "$rc: $(echo "$out" | head -n 1)" \
	"0: $tmp/good.conf: ok: 3 tables, database $tmp/other.db"
pitbossd_abs=$(cd "$(dirname "$PITBOSSD")" && pwd)/pitbossd
out=$(cd "$tmp" && "$pitbossd_abs" -t -c good.conf --db rel.db); rc=$?
expect_eq "a relative --db is from the working directory" \
	"$rc: $(echo "$out" | head -n 1)" \
	"0: good.conf: ok: 3 tables, database $(cd "$tmp" && pwd -P)/rel.db"

out=$("$PITBOSSD" -t -c "$tmp/good.conf" --web-port 65536 2>&1); rc=$?
expect_eq "a setting is checked as the key is (exit 2)" "$rc: $out" \
	"2: pitbossd: --web-port: key 'web.port': 65536 is out of range (0 to 65535)"

out=$("$PITBOSSD" -t -c "$tmp/none.conf" 2>&1); rc=$?
expect_match "a missing configuration (exit 1)" "$rc: $out" "1: pitbossd: "

"$PITBOSSD" --sim 0 2>/dev/null; a=$?
"$PITBOSSD" --demo -t -c "$tmp/good.conf" 2>/dev/null; b=$?
"$PITBOSSD" --bogus 2>/dev/null; c=$?
expect_eq "usage errors exit 2" "$a $b $c" "2 2 2"

out=$("$PITBOSSD" --help)
expect_match "--help lists the configuration keys" "$out" "noise.miss"

"$PITBOSSD" -f -c "$tmp/good.conf" --speed 10 >"$tmp/log" 2>&1 &
tap_log "$tmp/log"
pid=$!
sleep 3
expect_match "a GPIO board that is not there is offline, not fatal" \
	"$(cat "$tmp/log")" "not found on any GPIO chip (sensors offline)"
if kill -0 $pid 2>/dev/null; then ok "the daemon runs on"; else
	not_ok "the daemon runs on" "$(cat "$tmp/log")"; fi

out=$("$PITBOSS" game list --db "$tmp/club.db")
expect_match "the simulated table's game is recorded with its players" \
	"$out" "Ada (S) v Bob (N)"
expect_match "the replayed table's game is recorded" "$out" "Table 2"

out=$("$PITBOSS" table status Front --db "$tmp/club.db")
expect_match "table status shows the game under way" "$out" "Ada v Bob"

out=$("$PITBOSS" table enter 3 c --db "$tmp/club.db" --wait 30); rc=$?
expect_eq "a command is refused through the door (exit 1)" "$rc: $out" \
	"1: refused 0 -: entry refused: no game is on"

out=$("$PITBOSS" table start 3 --db "$tmp/club.db" --wait 30 &&
      "$PITBOSS" table enter 3 c --db "$tmp/club.db" --wait 30); rc=$?
expect_eq "commands are carried out through the door" "$rc: $(echo "$out" | tail -n 1)" \
	"0: accept 1 c: S plays c; moves again; entered by hand"

out=$("$PITBOSS" table enter 3 zz --db "$tmp/club.db" --wait 30 --json); rc=$?
expect_match "--json: the outcome's columns, decided by its kind (exit 1)" \
	"$rc: $out" '1: {"command":4,"kind":"refused","cause":"'

kill -HUP $pid
sleep 0.5
expect_match "SIGHUP re-reads the configuration" "$(cat "$tmp/log")" \
	"SIGHUP: $tmp/good.conf re-read"

kill -TERM $pid
wait $pid
rc=$?
pid=
expect_eq "SIGTERM stops it cleanly (exit 0)" "$rc" "0"

# Queued while pitbossd is down: carried out as it starts when queued in
# the 15 minutes before, closed unexecuted (the door's own cause) when
# older.
# A table that cannot open (here: its game under way has options its
# referee refuses) is logged and left out; the other tables run.
if command -v sqlite3 >/dev/null; then
	printf 'database = %s\nweb.port = 0\n[table 1]\nname = Front\nsource = sim\n[table 2]\nname = Back\nsource = sim\n' \
		"$tmp/two.db" >"$tmp/two.conf"
	# Table 2's game under way changed while the daemon is down: killed
	# once that game is in the records, and started again when the game
	# ended in between (the next one not yet begun), until a game under
	# way takes the change.
	two_changed=0
	for try in 1 2 3 4 5; do
		: >"$tmp/two.log"
		"$PITBOSSD" -f -c "$tmp/two.conf" --speed 10 >>"$tmp/two.log" 2>&1 &
		tap_log "$tmp/two.log"
		pid=$!
		for i in $(seq 600); do
			n=$(sqlite3 "$tmp/two.db" "SELECT count(*) FROM games JOIN
				boards ON boards.id = games.board_id WHERE
				boards.name = 'Back' AND status = 'playing'" 2>/dev/null)
			[ "${n:-0}" -ge 1 ] && break
			sleep 0.1
		done
		kill -9 $pid
		wait $pid 2>/dev/null
		two_changed=$(sqlite3 -cmd '.timeout 10000' "$tmp/two.db" \
			"UPDATE games SET options = 'no-such-option=1'
			WHERE status = 'playing' AND board_id =
			(SELECT id FROM boards WHERE name = 'Back');
			SELECT changes()")
		[ "${two_changed:-0}" -ge 1 ] && break
		echo "# try $try: no game under way at table 2 when killed; again"
	done
	: >"$tmp/two.log"	# emptied before the look for 'ready:' below
	"$PITBOSSD" -f -c "$tmp/two.conf" --speed 10 >>"$tmp/two.log" 2>&1 &
	tap_log "$tmp/two.log"
	pid=$!
	for i in $(seq 600); do grep -q 'ready:' "$tmp/two.log" && break; sleep 0.1; done
	expect_match "a table that cannot open is logged and left out" \
		"$(grep -e 'left out' -e 'ready:' "$tmp/two.log")" \
		"table 2 (Back) is left out"
	expect_match "the other tables run" \
		"$(grep 'ready:' "$tmp/two.log")" "ready: 1 table,"
	kill -TERM $pid
	wait $pid
	pid=
else
	ok "# SKIP sqlite3 not installed (Debian package: sqlite3)"
	ok "# SKIP sqlite3 not installed"
fi

if command -v sqlite3 >/dev/null; then
	"$PITBOSS" table undo 3 --db "$tmp/club.db" --wait 0 >/dev/null 2>&1
	"$PITBOSS" table end 3 --db "$tmp/club.db" --wait 0 >/dev/null 2>&1
	sqlite3 "$tmp/club.db" "UPDATE commands SET created =
		strftime('%Y-%m-%dT%H:%M:%S', 'now', '-20 minutes')
		WHERE kind = 'undo' AND done IS NULL"
	"$PITBOSSD" -f -c "$tmp/good.conf" --speed 10 >"$tmp/log2" 2>&1 &
	tap_log "$tmp/log2"
	pid=$!
	for i in $(seq 600); do
		grep -q '(end)' "$tmp/log2" && break
		sleep 0.1
	done
	out=$(sqlite3 "$tmp/club.db" "SELECT kind || ' ' || outcome_kind ||
		' ' || outcome_cause FROM commands WHERE kind = 'undo'
		ORDER BY id DESC LIMIT 1")
	expect_eq "a command queued 20 minutes before the start is not done" \
		"$out" "undo refused stale"
	out=$(sqlite3 "$tmp/club.db" "SELECT outcome FROM commands
		WHERE kind = 'end' ORDER BY id DESC LIMIT 1")
	expect_match "a fresh one is carried out as it starts" "$out" "over "
	kill -TERM $pid
	wait $pid
	pid=
else
	ok "# SKIP sqlite3 not installed (Debian package: sqlite3)"
	ok "# SKIP sqlite3 not installed"
fi

# --demo -c FILE: the demo's tables and database, the file's web keys
# (the arbiter's password); the file's own tables and database are not
# used.
hash=$(perl -e 'print crypt($ARGV[0], q($6$pitbosstest$))' secret)
cat >"$tmp/demo.conf" <<EOC
database = $tmp/club-of-demo.db
web.listen = 127.0.0.1
web.password-hash = $hash
[table 1]
source = sim
EOC
mkdir "$tmp/demo"
cd "$tmp/demo" || exit 1
if start_web "$tmp/demo.log" "$pitbossd_abs" --demo -c "$tmp/demo.conf"; then
	pid=$web_pid
	out=$(curl -s "http://127.0.0.1:$web_port/api/session")
	expect_match "--demo -c: the dashboard has the file's arbiter login" "$out" '"login":true'
	out=$(curl -s -H 'Content-Type: application/json' -d '{"password":"secret"}' \
		"http://127.0.0.1:$web_port/api/login")
	expect_match "and the file's password logs in" "$out" '"admin":true'
	expect_eq "the demo's database, not the file's" \
		"$(ls "$tmp/demo" | grep -c '^pitboss-demo.db$'):$(ls "$tmp" | grep -c club-of-demo)" "1:0"
	out=$(curl -s "http://127.0.0.1:$web_port/api/tables" | grep -o '"name":"Table [0-9]*","location"' | wc -l)
	expect_eq "the demo's two tables, not the file's one" "$out" 2
	kill -TERM $pid
	wait $pid
	pid=
else
	for i in 1 2 3 4; do not_ok "pitbossd --demo -c started" "$(cat "$tmp/demo.log")"; done
fi
cd - >/dev/null || exit 1
