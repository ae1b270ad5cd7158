#!/bin/sh
# `pitboss sim` and `pitboss replay` as a user runs them: reproducible
# traces, replay agreeing with the live referee, errors and exit codes.
# Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

plan 32

"$PITBOSS" sim --seed 5 --games 2 --miss 0.02 --bounce 0.05 --illegal 0.05 \
	--output "$tmp/a.trace" --truth "$tmp/a.truth" --verdicts "$tmp/a.v"
"$PITBOSS" sim --seed 5 --games 2 --miss 0.02 --bounce 0.05 --illegal 0.05 \
	>"$tmp/b.trace"
if cmp -s "$tmp/a.trace" "$tmp/b.trace"; then
	ok "the same seed gives the same trace, byte for byte"
else
	not_ok "the same seed gives the same trace, byte for byte"
fi

"$PITBOSS" sim --seed 6 --games 2 --miss 0.02 >"$tmp/c.trace"
if cmp -s "$tmp/a.trace" "$tmp/c.trace"; then
	not_ok "another seed gives another trace"
else
	ok "another seed gives another trace"
fi

"$PITBOSS" replay "$tmp/a.trace" >"$tmp/replayed.v"
if cmp -s "$tmp/a.v" "$tmp/replayed.v"; then
	ok "replay gives the verdicts the simulated table got live"
else
	not_ok "replay gives the verdicts the simulated table got live" \
		"$(diff "$tmp/a.v" "$tmp/replayed.v" | head -n 5)"
fi

out=$("$PITBOSS" replay - <"$tmp/a.trace" | cmp - "$tmp/a.v" && echo same)
expect_eq "replay reads standard input" "$out" "same"

moves=$(grep -vc '^#' "$tmp/a.truth")
illegal=$(grep -c ' illegal:' "$tmp/a.truth")
accepted=$(grep -c ' ACCEPTED$' "$tmp/a.truth")
expect_eq "the truth file has a header" "$(head -n 1 "$tmp/a.truth")" "# pitboss-truth 1"
if [ "$moves" -gt 40 ] && [ "$illegal" -gt 0 ]; then
	ok "the truth lists every move, legal and illegal ($moves, $illegal illegal)"
else
	not_ok "the truth lists every move" "moves $moves, illegal $illegal"
fi
expect_eq "no illegal move of this trace was accepted" "$accepted" "0"

"$PITBOSS" sim --seed 9 --games 20 --stats --output /dev/null 2>"$tmp/stats"
legal=$(sed -n 's/^games [0-9]*, legal moves \([0-9]*\),.*/\1/p' "$tmp/stats")
taken=$(sed -n 's/^ *accepted *legal *\([0-9]*\)$/\1/p' "$tmp/stats")
if [ -n "$legal" ] && [ "$legal" -gt 300 ] && [ "$taken" = "$legal" ]; then
	ok "--stats: a clean board takes every legal move ($taken)"
else
	not_ok "--stats: a clean board takes every legal move" "$(cat "$tmp/stats")"
fi
expect_eq "--stats: nothing held, fouled or misread on a clean board" \
	"$(grep -E '(held|fouled|misread) +legal +[1-9]' "$tmp/stats")" ""

printf '# pitboss-trace 1\n# table 1 kalah\n0.000 1 start\n0.500 1 drop q\n' \
	>"$tmp/bad.trace"
out=$("$PITBOSS" replay "$tmp/bad.trace" 2>&1); rc=$?
expect_eq "a malformed trace is refused with FILE:LINE (exit 1)" "$rc: $out" \
	"1: pitboss: $tmp/bad.trace:4: drop: 'q' is not a hole of this kalah board"

out=$("$PITBOSS" replay "$tmp/none.trace" 2>&1); rc=$?
expect_eq "a missing trace (exit 1)" "$rc: $out" \
	"1: pitboss: $tmp/none.trace: No such file or directory"

out=$("$PITBOSS" replay 2>&1); rc=$?
expect_eq "replay without a file is a usage error (exit 2)" "$rc" "2"

out=$("$PITBOSS" sim --miss 2 2>&1); rc=$?
expect_eq "a chance above 1 is a usage error (exit 2)" "$rc: $out" \
	"2: pitboss: --miss: '2' is not a chance from 0 to 1"

out=$("$PITBOSS" sim -o pits=9 2>&1); rc=$?
expect_match "bad game options are refused (exit 1)" "$rc: $out" "1: pitboss: "

out=$("$PITBOSS" sim --game codegame 2>&1); rc=$?
expect_eq "a game without a simulated board is refused, by name (exit 1)" \
	"$rc: $out" \
	"1: pitboss: codegame cannot be simulated: the simulator has no board for it (it plays kalah, transport)"

out=$("$PITBOSS" sim --game chess 2>&1); rc=$?
expect_eq "an unknown game is refused (exit 1)" "$rc: $out" \
	"1: pitboss: no game 'chess'"

"$PITBOSS" sim --game kalah --seed 5 --games 2 --miss 0.02 --bounce 0.05 \
	--illegal 0.05 >"$tmp/d.trace"
if cmp -s "$tmp/a.trace" "$tmp/d.trace"; then
	ok "--game kalah is the default"
else
	not_ok "--game kalah is the default"
fi

"$PITBOSS" sim --seed 9 --games 20 --stats --output /dev/null 2>"$tmp/stats2"
expect_eq "--stats: the same seed gives the same figures" \
	"$(cat "$tmp/stats2")" "$(cat "$tmp/stats")"

# The physical board and players, at each level.
for level in clean moderate heavy; do
	"$PITBOSS" sim --level $level --seed 21 --games 3 --output "$tmp/$level.trace" \
		--truth "$tmp/$level.truth" --verdicts "$tmp/$level.v"
	"$PITBOSS" replay "$tmp/$level.trace" >"$tmp/$level.replayed"
	if cmp -s "$tmp/$level.v" "$tmp/$level.replayed" &&
	   [ "$(grep -c ' drop ' "$tmp/$level.trace")" -gt 300 ]; then
		ok "--level $level plays, and replay agrees with the live referee"
	else
		not_ok "--level $level plays, and replay agrees with the live referee"
	fi
done

"$PITBOSS" sim --level heavy --counts --seed 22 --games 2 >"$tmp/h1.trace"
"$PITBOSS" sim --level heavy --counts --seed 22 --games 2 >"$tmp/h2.trace"
snaps=$(grep -c ' snapshot ' "$tmp/h1.trace")
if cmp -s "$tmp/h1.trace" "$tmp/h2.trace" && [ "$snaps" -gt 20 ] &&
   [ "$(grep -c ' drop ' "$tmp/h1.trace")" -gt 200 ]; then
	ok "--level --counts: drops and snapshots, the same for the same seed"
else
	not_ok "--level --counts: drops and snapshots, the same for the same seed" \
		"snapshots $snaps"
fi

# The truth marks every move legal, overlapped or illegal, and how.
"$PITBOSS" sim --level moderate --seed 23 --games 10 --illegal 0.2 \
	--output /dev/null --truth "$tmp/m.truth"
odd=$(grep -v '^#' "$tmp/m.truth" | awk '{print $6}' | sort -u |
	grep -vxE 'legal|overlapped|illegal:(wrong-pit|skipped-seed|opponent-store|dropped-twice|wrong-direction|left-behind|out-of-turn|after-end|overlap)')
kinds=$(grep -o ' illegal:[a-z-]*' "$tmp/m.truth" | sort -u | wc -l)
expect_eq "the truth marks each move legal or illegal:KIND ($kinds kinds)" \
	"$odd" ""
if [ "$kinds" -ge 5 ]; then
	ok "the truth names the ways of illegal play ($kinds)"
else
	not_ok "the truth names the ways of illegal play" "$kinds kinds"
fi

# Clean gates: every seed that falls is one pulse, and nothing else is.
"$PITBOSS" sim --level clean --illegal 0 --seed 24 --games 5 --stats \
	--output "$tmp/clean.trace" 2>"$tmp/clean.stats"
line=$(grep '^  pieces' "$tmp/clean.stats")
pieces=$(echo "$line" | sed 's/^  pieces \([0-9]*\):.*/\1/')
drops=$(grep -c ' drop ' "$tmp/clean.trace")
expect_eq "--level clean: no seed merged or missed, no noise ($drops drops)" \
	"$line" "  pieces $drops: merged 0, missed 0; pulses $drops, of which noise 0; overlapped moves $(echo "$line" | sed 's/.*overlapped moves //')"
if [ "$pieces" = "$drops" ] && [ "$drops" -gt 300 ]; then
	ok "--level clean: every seed that fell was sensed once"
else
	not_ok "--level clean: every seed that fell was sensed once" "$line"
fi

"$PITBOSS" sim --level clean --world dirty=1 --world dirt-min=1 \
	--world dirt-max=1 --seed 25 >"$tmp/blind.trace"
expect_eq "--world: gates that miss every seed sense no drop" \
	"$(grep -c ' drop ' "$tmp/blind.trace")" "0"

out=$("$PITBOSS" sim --level filthy 2>&1); rc=$?
expect_eq "an unknown level is a usage error (exit 2)" "$rc: $out" \
	"2: pitboss: --level: 'filthy' is not clean, moderate or heavy"
out=$("$PITBOSS" sim --level moderate --miss 0.1 2>&1); rc=$?
expect_eq "a level does not mix with per-pulse noise (exit 2)" "$rc: $out" \
	"2: pitboss: --level, --world and --counts replace the per-pulse noise and --snapshots"
out=$("$PITBOSS" sim --world dirty=2 2>&1); rc=$?
expect_eq "a knob's chance above 1 is a usage error (exit 2)" "$rc: $out" \
	"2: pitboss: --world: dirty: '2' is not a chance from 0 to 1"

# The suite's simulated traces were made by tests/traces/generate.sh:
# the simulator must still make each of them, byte for byte.
mkdir "$tmp/gen"
cp "${top_srcdir:-.}/tests/traces/generate.sh" "$tmp/gen/"
sh "$tmp/gen/generate.sh" "$(cd "$(dirname "$PITBOSS")" && pwd)/$(basename "$PITBOSS")"
differ=''
for f in "${top_srcdir:-.}"/tests/traces/sim-*.trace; do
	cmp -s "$f" "$tmp/gen/$(basename "$f")" || differ="$differ $(basename "$f")"
done
made=$(ls "$tmp/gen"/sim-*.trace 2>/dev/null | wc -l)
if [ -z "$differ" ] && [ "$made" -gt 30 ]; then
	ok "generate.sh remakes the suite's $made simulated traces, byte for byte"
else
	not_ok "generate.sh remakes the suite's simulated traces, byte for byte" \
		"made $made; differ:$differ"
fi

# --evidence: each judgement of the board followed by what it rests on.
"$PITBOSS" replay "${top_srcdir:-.}/tests/traces/hand-left-behind-trusted.trace" \
	>"$tmp/plain.out"
"$PITBOSS" replay --evidence \
	"${top_srcdir:-.}/tests/traces/hand-left-behind-trusted.trace" \
	>"$tmp/evidence.out"
ev=$(grep -c '^# evidence move=.* decided=' "$tmp/evidence.out")
if [ "$ev" -gt 0 ] && [ "$(grep -v '^# evidence ' "$tmp/evidence.out")" = \
	"$(cat "$tmp/plain.out")" ]; then
	ok "replay --evidence adds $ev evidence lines, the verdicts unchanged"
else
	not_ok "replay --evidence adds evidence lines, the verdicts unchanged" \
		"$(head -5 "$tmp/evidence.out")"
fi
