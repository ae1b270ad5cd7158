#!/bin/sh
# bench/solve.sh - the Kalah solver from the start position: Kalah(6,3),
# Kalah(6,4) and Kalah(6,4) with empty-capture (and Kalah(6,5) with
# SOLVE_LONG=1: hours), each with its CPU time, peak resident memory and
# nodes, the endgame database's build timed apart (it is built once and
# kept in the cache folder).
# With CMANCALA set to a CMancala binary already built on this machine,
# runs it on the same position side by side; without it, says so and
# skips that part. Prints figures; asserts nothing. Run by 'make bench'.
PITBOSS="${top_builddir:-.}/pitboss"
tmp=$(mktemp -d "${TMPDIR:-/var/tmp}/pitboss-solve.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cache=${PITBOSS_CACHE:-$tmp}
export PITBOSS_CACHE="$cache"
egdb=${SOLVE_EGDB:-16}
memory=${SOLVE_MEMORY:-512}

# run LABEL COMMAND...: CPU seconds (user + system) and peak memory.
run() {
	label=$1
	shift
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
	read -r user sys kb <"$tmp/time"
	cpu=$(echo "$user $sys" | awk '{ printf "%.1f", $1 + $2 }')
	echo "$label: $(tr '\n' ' ' <"$tmp/out")"
	echo "    CPU $cpu s, peak memory $((kb / 1024)) MiB"
}

if [ ! -x /usr/bin/time ]; then
	echo "solve bench: skipped (needs /usr/bin/time)"
	exit 0
fi
echo "Kalah solver (transposition table $memory MiB, endgame database up to $egdb seeds, cache $cache)"
run "endgame database, built once" \
	"$PITBOSS" rules solve kalah --seeds 1 --egdb "$egdb" --memory 1
games="--seeds 3,--seeds 4,--seeds 4 --empty-capture"
[ -n "$SOLVE_LONG" ] && games="$games,--seeds 5"
IFS=,
set -- $games
unset IFS
for game in "$@"; do
	if [ "$game" = "--seeds 4 --empty-capture" ]; then
		run "database for empty-capture" "$PITBOSS" rules solve kalah \
			--seeds 1 --empty-capture --egdb "$egdb" --memory 1
	fi
	# shellcheck disable=SC2086
	run "kalah $game" "$PITBOSS" rules solve kalah $game \
		--egdb "$egdb" --memory "$memory"
done

if [ -z "$CMANCALA" ] || [ ! -x "$CMANCALA" ]; then
	echo "CMancala: skipped (set CMANCALA to a CMancala binary built on this machine to compare)"
	exit 0
fi
# CMancala reads its commands on standard input: a 4-seed board, no
# time or depth limit, and an analysis of the start position (override
# with CMANCALA_INPUT, a file of commands).
if [ -n "$CMANCALA_INPUT" ]; then
	cp "$CMANCALA_INPUT" "$tmp/cm.in"
else
	printf 'stones 4\ntime 0\ndepth 0\nstart\nanalyze\n' >"$tmp/cm.in"
fi
run "CMancala, kalah --seeds 4" sh -c '"$1" <"$2"' sh "$CMANCALA" "$tmp/cm.in"
