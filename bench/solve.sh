#!/bin/sh
# bench/solve.sh - the Kalah solver from the start position: Kalah(6,3),
# Kalah(6,4) and Kalah(6,4) with empty-capture (and Kalah(6,5) with
# SOLVE_LONG=1: hours), each with its CPU time, peak resident memory and
# nodes, the endgame databases' builds timed apart (each is built once
# and kept in the cache folder). Each value is checked against the
# published one (+2, +8, +10 with empty-capture, +10): a mismatch makes
# the bench fail.
# With CMANCALA set to a CMancala binary already built on this machine,
# runs it on the same position side by side; without it, says so and
# skips that part. Run by 'make bench'.
PITBOSS="${top_builddir:-.}/pitboss"
tmp=$(mktemp -d "${TMPDIR:-/var/tmp}/pitboss-solve.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cache=${PITBOSS_CACHE:-$tmp}
export PITBOSS_CACHE="$cache"
egdb=${SOLVE_EGDB:-20}
memory=${SOLVE_MEMORY:-512}
status=0

# run LABEL COMMAND...: the output's last lines, CPU seconds (user +
# system) and peak memory.
run() {
	label=$1
	shift
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
	read -r user sys kb <"$tmp/time"
	cpu=$(echo "$user $sys" | awk '{ printf "%.1f", $1 + $2 }')
	echo "$label: $(tail -n 6 "$tmp/out" | tr '\n' ' ')"
	echo "    CPU $cpu s, peak memory $((kb / 1024)) MiB"
}

# expect VALUE: the last run's value is the published one.
expect() {
	got=$(sed -n 's/^value: \([-+0-9]*\).*/\1/p' "$tmp/out")
	if [ "$got" = "$1" ]; then
		echo "    value $got: as published"
	else
		echo "    value '$got': MISMATCH, published $1"
		status=1
	fi
}

if [ ! -x /usr/bin/time ]; then
	echo "solve bench: skipped (needs /usr/bin/time)"
	exit 0
fi
echo "Kalah solver (transposition table $memory MiB, endgame database up to $egdb seeds, cache $cache)"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
run "endgame database, built once" \
	"$PITBOSS" rules solve kalah --seeds 1 --egdb "$egdb" --memory 1
games="--seeds 3=+2,--seeds 4=+8,--seeds 4 --empty-capture=+10"
[ -n "$SOLVE_LONG" ] && games="$games,--seeds 5=+10"
IFS=,
set -- $games
unset IFS
for entry in "$@"; do
	game=${entry%=*}
	if [ "$game" = "--seeds 4 --empty-capture" ]; then
		run "database for empty-capture, built once" "$PITBOSS" rules \
			solve kalah --seeds 1 --empty-capture --egdb "$egdb" \
			--memory 1
	fi
	# shellcheck disable=SC2086
	run "kalah $game" "$PITBOSS" rules solve kalah $game \
		--egdb "$egdb" --memory "$memory"
	expect "${entry##*=}"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

if [ -z "$CMANCALA" ] || [ ! -x "$CMANCALA" ]; then
	echo "CMancala: skipped (set CMANCALA to a CMancala binary built on this machine to compare)"
	exit $status
fi
# CMancala reads its commands on standard input: a 4-seed board, no
# time or depth limit, a table of 2^29 entries, then the game's menu
# and an analysis of the start position (override with CMANCALA_INPUT,
# a file of commands).
if [ -n "$CMANCALA_INPUT" ]; then
	cp "$CMANCALA_INPUT" "$tmp/cm.in"
else
	printf 'stones 4\ntime 0\ndepth 0\ncache 29\nstart\nmenu\nanalyze\nquit\n' \
		>"$tmp/cm.in"
fi
run "CMancala, kalah --seeds 4" sh -c '"$1" <"$2"' sh "$CMANCALA" "$tmp/cm.in"
exit $status
