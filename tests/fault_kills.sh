#!/bin/sh
# SIGKILL at random moments: pitbossd on four simulated tables is killed
# and restarted again and again, with commands queued for it before each
# start (moves entered by hand that are refused, each naming a token of
# its own that its refusal, kept with the game, repeats). After every
# kill each move the log announced is in the database, no move recorded
# before is lost and none is recorded twice; at the end every command is
# done once: its refusal kept once when its outcome says it was, never
# twice. Prints TAP and its figures; `make soak` kills ten times as
# often.
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/fault.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-kills.XXXXXX")
db="$tmp/kills.db"
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT
kills_wanted=$(soak 25 250)
tables=4

plan 8

run=0
start() {
	run=$((run + 1))
	"$PITBOSSD" -f --sim $tables --no-noise --speed 40 --seed "$run" \
		--db "$db" --web-port 0 >"$tmp/log.$run" 2>&1 &
	tap_logs="$tmp/log.$run"	# the run under way
	pid=$!
}

# Moves recorded, one "game ply move" line each.
moves() {
	"$PITBOSS" export --format csv --db "$db" 2>/dev/null |
	awk -F, 'NR > 1 { n = split($19, m, " ");
		for (i = 1; i <= n; i++) print $1, i, m[i] }' | sort
}

# The moves the log of run $1 announced that the database does not hold:
# for each table, the moves told since its last game started must all
# be those of one of the two newest games at its board.
unrecorded() {
	"$PITBOSS" export --format csv --db "$db" 2>/dev/null |
	awk -F, 'NR > 1 { print "game", $6, $1, $19 }' |
	sed 's/^game Table \([0-9]*\)/game \1/' >"$tmp/games"
	# (A verdict told as not recorded yet may rightly be lost.)
	# A verdict that "corrects" the referee's own last move (read before
	# the hand had finished) takes that move back first.
	grep -v 'not recorded yet' "$tmp/log.$1" |
	sed -n -e 's/^pitbossd: [a-z]*: table \([0-9]*\): \([a-z]*\) \([0-9]*\) \([^ :]*\): .*; corrects .*/undo \1\
told \1 \2 \3 \4/p' -e 't' \
	    -e 's/^pitbossd: [a-z]*: table \([0-9]*\): \([a-z]*\) \([0-9]*\) \([^ :]*\): .*/told \1 \2 \3 \4/p' \
		>"$tmp/told"
	cat "$tmp/games" "$tmp/told" | awk '
	$1 == "game" {
		# Games arrive newest first: keep the two newest of a board.
		if (++seen[$2] <= 2) {
			moves[$2, seen[$2]] = $4
			id[$2, seen[$2]] = $3
		}
		for (i = 5; i <= NF; i++) moves[$2, seen[$2]] = moves[$2, seen[$2]] " " $i
		next
	}
	$1 == "undo" { if (n[$2] > 0) n[$2]--; next }
	$3 == "start" { n[$2] = 0; next }
	$3 == "accept" || $3 == "warn" || $3 == "command" {
		if ($5 == "-") next
		k = ++n[$2]; ply[$2, k] = $4; mv[$2, k] = $5; tables[$2] = 1
	}
	END {
		lost = 0
		for (t in tables) {
			best = -1
			for (g = 1; g <= 2; g++) {
				c = split(moves[t, g], m, " "); miss = 0; why = ""
				for (k = 1; k <= n[t]; k++)
					if (m[ply[t, k]] != mv[t, k]) {
						miss++
						why = why sprintf(" ply %d told %s, recorded %s;",
							ply[t, k], mv[t, k],
							m[ply[t, k]] == "" ? "none" : m[ply[t, k]])
					}
				if (best < 0 || miss < best) {
					best = miss
					said = sprintf("table %s, game %s:%s", t,
						       id[t, g], why)
				}
			}
			lost += best
			if (best > 0)
				print said >"/dev/stderr"
		}
		print lost
	}' 2>>"$tmp/unrecorded"
}

# queue N: N commands for the tables, each entering the move "zzK",
# K counting on; refused, their refusal names it.
queued=0
queue() {
	for i in $(seq "$1"); do
		queued=$((queued + 1))
		"$PITBOSS" table enter "Table $((queued % tables + 1))" \
			"zz$queued" --wait 0 --db "$db" >/dev/null 2>&1
	done
}

kills=0
lost=0
unannounced=0
start
sleep 0.5
: >"$tmp/before"
while [ $kills -lt "$kills_wanted" ]; do
	# Every other kill within the start's burst of commands (about
	# 0.1 s), the others while the tables play.
	sleep "$(awk -v s=$kills 'BEGIN { srand(s * 7 + 3);
		printf "%.3f", s % 2 ? 0.3 + rand() * 0.9 : 0.01 + rand() * 0.1 }')"
	kill -9 $pid
	wait $pid 2>/dev/null
	kills=$((kills + 1))
	# Every move recorded before the last kill is still there.
	moves >"$tmp/after"
	lost=$((lost + $(comm -23 "$tmp/before" "$tmp/after" | wc -l)))
	mv "$tmp/after" "$tmp/before"
	missing=$(unrecorded $run)
	if [ "$missing" != 0 ]; then
		# Which move, and the log's lines for it, for whoever reads
		# the failure.
		sed "s/^/# run $run: /" "$tmp/unrecorded"
		tail -n 20 "$tmp/log.$run" | sed "s/^/# log.$run: /"
	fi
	: >"$tmp/unrecorded"
	unannounced=$((unannounced + missing))
	queue 30
	start
done
# The last commands, then time for all of them to be done.
queue 10
for i in $(seq 300); do
	left=$(sqlite3 "$db" "SELECT count(*) FROM commands WHERE done IS NULL")
	[ "$left" = 0 ] && break
	sleep 0.1
done
kill -TERM $pid
wait $pid
rc=$?
pid=

# Each command: done or not, whether its outcome names its token, and
# how many refusals kept with a game name it.
sqlite3 -separator ' ' "$db" "SELECT c.id, c.done IS NOT NULL,
	instr(coalesce(c.outcome, ''), '''' || c.text || '''') > 0,
	(SELECT count(*) FROM incidents i
	 WHERE instr(i.text, '''' || c.text || '''') > 0)
	FROM commands c WHERE c.kind = 'entry'" >"$tmp/commands"
twice=$(awk '$4 > 1' "$tmp/commands" | wc -l)
undone=$(awk '$2 == 0' "$tmp/commands" | wc -l)
# Done with a refusal kept: once. Done otherwise ("no game is on",
# stale): never kept.
astray=$(awk '$2 == 1 && $4 != ($3 ? 1 : 0)' "$tmp/commands" | wc -l)
ran=$(awk '$4 > 0' "$tmp/commands" | wc -l)
doubled=$(moves | awk '{ print $1, $2 }' | sort | uniq -d | wc -l)
total=$(moves | wc -l)

figure "kills survived" "$kills"
figure "moves recorded" "$total"
figure "moves lost or doubled" "$((lost + doubled))"
figure "moves announced but not in the database after a kill" "$unannounced"
figure "commands queued" "$queued ($ran carried out at a game)"
figure "commands run twice" "$twice"
expect_eq "every move the log announced was in the database after each kill" \
	"$unannounced" 0
expect_eq "no recorded move lost across $kills kills" "$lost" 0
expect_eq "no move recorded twice" "$doubled" 0
expect_eq "no command ran twice" "$twice" 0
expect_eq "every command is done" "$undone" 0
expect_eq "a command is done with all it did, or not at all" "$astray" 0
expect_eq "SIGTERM after the kills stops cleanly" "$rc" 0
"$PITBOSS" db check --db "$db" >/dev/null 2>&1 &&
	ok "the database passes db check" || not_ok "the database passes db check"
