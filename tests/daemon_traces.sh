#!/bin/sh
# A table's trace (pitboss.conf(5) key 'traces'): pitbossd writes every
# observation its tables hand to the referee to a trace file, and
# 'pitboss replay' of that file gives the verdicts the daemon gave: a
# replayed table, a camera table (its snapshots, commands and frames)
# when the camera is compiled in. A folder that cannot be written to,
# and a disk that fills up, are said once in the log and the table
# referees on. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/fault.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
RENDER="${top_builddir:-.}/tests/render_frame"
traces="$(cd "${top_srcdir:-.}/tests/traces" && pwd)"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 15

# told LOG: the verdicts a daemon's log told, "KIND PLY MOVE: TEXT".
told() {
	sed -n 's/^pitbossd: [a-z]*: table [0-9]*: \([a-z]* [0-9]* [^ ]*: .*\)$/\1/p' "$1"
}

# replayed TRACE: the verdicts 'pitboss replay' gives of it, with the
# options its header names, the same way.
replayed() {
	opts=$(sed -n 's/^# replay: pitboss replay \(.*\) FILE$/\1/p' "$1")
	# shellcheck disable=SC2086
	"$PITBOSS" replay $opts "$1" | sed 's/^[0-9.]* [0-9]* //'
}

# wait_log LOG TEXT: until the log has TEXT (30 s at most).
wait_log() {
	for i in $(seq 300); do
		grep -q "$2" "$1" && return 0
		sleep 0.1
	done
	return 1
}

stop() {
	kill -TERM $pid 2>/dev/null
	wait $pid 2>/dev/null
	pid=
}

# ---- a replayed table, at ten times the speed
cat >"$tmp/replay.conf" <<EOC
database = $tmp/club.db
log-level = info
web.port = 0
[table 2]
source = replay
trace = $traces/hand-capture-and-sweep.trace
traces = $tmp/tr
EOC
"$PITBOSSD" -f -c "$tmp/replay.conf" --speed 10 >"$tmp/log" 2>&1 &
pid=$!
tap_log "$tmp/log"
wait_log "$tmp/log" "table 2: over " || true
stop
set -- "$tmp"/tr/table2-*.trace
if [ $# = 1 ] && [ -s "$1" ]; then ok "the table's trace is written"; else
	not_ok "the table's trace is written" "$(ls -l "$tmp/tr")"; fi
written=$1
expect_match "its header is the table's game" "$(head -n 2 "$written")" \
	"# table 2 kalah"
daemon=$(told "$tmp/log")
expect_match "the daemon gave its verdicts" "$daemon" "over 3 -: N wins 27-21"
expect_eq "replaying the trace gives the daemon's verdicts" \
	"$(replayed "$written")" "$daemon"
out=$("$PITBOSS" game show 1 --db "$tmp/club.db")
expect_match "and the recorded game is the replay's" "$out" "27"

# A second start: a new file, the first kept.
"$PITBOSSD" -f -c "$tmp/replay.conf" --speed 10 --db "$tmp/second.db" \
	>"$tmp/log2" 2>&1 &
pid=$!
wait_log "$tmp/log2" "table 2: over " || true
stop
expect_eq "each start of pitbossd writes a file of its own" \
	"$(ls "$tmp"/tr | wc -l | tr -d ' ')" 2

# ---- a folder that cannot be made: said once, the table goes on
: >"$tmp/plain"
sed "s|^traces = .*|traces = $tmp/plain/tr|" "$tmp/replay.conf" >"$tmp/bad.conf"
"$PITBOSSD" -f -c "$tmp/bad.conf" --speed 10 --db "$tmp/bad.db" \
	>"$tmp/log3" 2>&1 &
pid=$!
wait_log "$tmp/log3" "table 2: over " || true
stop
expect_eq "an unwritable folder is said once, with why" \
	"$(grep -c 'trace .*no more of this table is traced' "$tmp/log3")" 1
expect_match "naming the folder" "$(cat "$tmp/log3")" \
	"error: table 2: trace $tmp/plain/tr: Not a directory; no more of this table is traced"
expect_match "and the table referees on" "$(told "$tmp/log3")" \
	"over 3 -: N wins 27-21"

# ---- a game with secrets: not traced (its options hold the secrets)
cat >"$tmp/secret.trace" <<EOT
# pitboss-trace 1
# table 1 codegame players=2 secrets=O4/P2
0.000 1 start
1.000 1 entry 1:OP---
EOT
cat >"$tmp/secret.conf" <<EOC
database = $tmp/secret.db
log-level = info
web.port = 0
[table 1]
game = codegame
options = players=2 secrets=O4/P2
source = replay
trace = $tmp/secret.trace
traces = $tmp/str
EOC
"$PITBOSSD" -f -c "$tmp/secret.conf" --speed 10 >"$tmp/log5" 2>&1 &
pid=$!
wait_log "$tmp/log5" "table 1: not traced" || true
sleep 0.5
stop
expect_match "a game with secrets is not traced, and the log says so" \
	"$(cat "$tmp/log5")" "table 1: not traced: codegame is a game with secrets"
expect_eq "no file holds its secrets" \
	"$(grep -rl 'O4' "$tmp/str" 2>/dev/null | wc -l | tr -d ' ')" 0

# ---- a disk that fills up under a simulated table
if can_mount; then
	mkdir "$tmp/disk"
	cat >"$tmp/sim.conf" <<EOC
database = $tmp/sim.db
log-level = info
web.port = 0
[table 1]
source = sim
seed = 5
traces = $tmp/disk/tr
EOC
	private_mounts sh -c '
		mount -t tmpfs -o size=64k tmpfs "$1/disk" || exit 1
		"$2" -f -c "$1/sim.conf" --speed 50 >"$1/log4" 2>&1 &
		p=$!
		for i in $(seq 100); do
			grep -q "tracing to" "$1/log4" && break; sleep 0.1
		done
		dd if=/dev/zero of="$1/disk/fill" bs=4k 2>/dev/null
		for i in $(seq 300); do
			grep -q "no more of this table" "$1/log4" && break
			sleep 0.1
		done
		n=$(grep -c "accept [0-9]" "$1/log4")
		sleep 1
		echo "$n" >"$1/before"
		kill -TERM $p; wait $p
		umount "$1/disk"' sh "$tmp" "$PITBOSSD"
	if grep -q "error: table 1: trace $tmp/disk/tr/table1-[0-9-]*\.trace: No space left on device; no more of this table is traced" "$tmp/log4"
	then ok "a full disk is said with the file and why"; else
		not_ok "a full disk is said with the file and why" \
			"$(grep trace "$tmp/log4")"; fi
	expect_eq "once" "$(grep -c 'no more of this table' "$tmp/log4")" 1
	if [ "$(grep -c "accept [0-9]" "$tmp/log4")" -gt "$(cat "$tmp/before")" ]
	then ok "and the table referees on"; else
		not_ok "and the table referees on" "$(tail -n 5 "$tmp/log4")"; fi
else
	for i in 1 2 3; do ok "# SKIP no mount namespace for a small disk"; done
fi

# ---- a camera table: its snapshots and commands, replayed
if [ ! -x "$RENDER" ]; then
	ok "# SKIP the camera is not compiled in"
	exit 0
fi
mkdir "$tmp/frames"
"$RENDER" "$tmp/empty.jpg" --empty
"$RENDER" "$tmp/frames/f01.jpg" --seed 11 "4 4 4 4 4 4/4 4 4 4 4 4/0 0"
"$RENDER" "$tmp/frames/f02.jpg" --seed 12 --gain 0.85 "4 4 0 5 5 5/4 4 4 4 4 4/1 0"
"$RENDER" "$tmp/frames/f03.jpg" --seed 13 --hand "4 4 0 5 5 5/4 4 4 4 4 4/1 0"
"$RENDER" "$tmp/frames/f04.jpg" --seed 14 --shadow 0.3 --palette 1 "4 4 0 5 5 0/5 5 5 5 4 4/2 0"
"$RENDER" "$tmp/frames/f05.jpg" --seed 15 --palette 2 --shift 2,-1 "4 4 0 5 5 0/0 6 6 6 5 5/2 0"
"$PITBOSS" camera calibrate --out "$tmp/cal.txt" "$tmp/empty.jpg" >/dev/null 2>&1
cat >"$tmp/camera.conf" <<EOC
database = $tmp/cam.db
log-level = info
web.port = 0
[table 1]
name = Lens
players = Eve, Fay
snapshot-tolerance = 1
source = camera
camera = $tmp/frames
calibration = $tmp/cal.txt
frame-interval-ms = 200
frames = $tmp/kept
traces = $tmp/camtr
EOC
"$PITBOSSD" -f -c "$tmp/camera.conf" >"$tmp/log5" 2>&1 &
pid=$!
wait_log "$tmp/log5" "ready" || true
"$PITBOSS" table start Lens --db "$tmp/cam.db" --wait 60 >/dev/null
wait_log "$tmp/log5" "accept 3 " || true
sleep 1
stop
set -- "$tmp"/camtr/table1-*.trace
daemon=$(told "$tmp/log5")
if grep -q '^# frame ' "$1" && grep -q ' snapshot ' "$1" &&
   [ "$(replayed "$1")" = "$daemon" ] &&
   echo "$daemon" | grep -q "accept 3 A"; then
	ok "a camera table's trace replays to the daemon's verdicts"
else
	not_ok "a camera table's trace replays to the daemon's verdicts" \
		"$(cat "$1"; echo "-- daemon:"; echo "$daemon"; echo "-- replay:"; replayed "$1")"
fi
