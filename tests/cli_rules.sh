#!/bin/sh
# The `pitboss rules` commands as a user runs them: output, exit codes
# and messages. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
# The solver's endgame databases go to a folder of the test's own.
PITBOSS_CACHE=$(mktemp -d)
export PITBOSS_CACHE
trap 'rm -rf "$PITBOSS_CACHE"' EXIT

plan 34

out=$("$PITBOSS" rules perft kalah --depth 3)
expect_eq "perft prints one line per depth" "$out" "depth 1: 6
depth 2: 35
depth 3: 185"

out=$("$PITBOSS" rules perft kalah --pits 3 --seeds 1 --depth 1)
expect_eq "perft takes game options" "$out" "depth 1: 3"

a=$("$PITBOSS" rules perft kalah --empty-capture --depth 6 | tail -n 1)
b=$("$PITBOSS" rules perft kalah -o empty-capture --depth 6 | tail -n 1)
expect_eq "--NAME and -o NAME are the same option" "$a" "$b"

out=$("$PITBOSS" rules play kalah c f)
expect_eq "play prints the final position" "$out" "position: 4 4 0 5 5 0/5 5 5 5 4 4/2 0/N
to move:  N
stores:  S 2, N 0"

out=$("$PITBOSS" rules play kalah --json c f)
expect_eq "play --json" "$out" \
'{"game":"kalah","options":"","position":"4 4 0 5 5 0/5 5 5 5 4 4/2 0/N","plies":2,"to_move":"N","member":1,"over":false,"stores":{"S":2,"N":0},"winner":null,"points":{"S":0,"N":0},"hash":"'"$(printf '%s' "$out" | sed 's/.*"hash":"\([0-9a-f]*\)".*/\1/')"'"}'

out=$("$PITBOSS" rules play kalah --json --position '0 0 0 0 0 1/0 0 0 0 0 3/39 29/S' --seeds 6 f)
expect_match "a finished game has a winner and the patent's points" "$out" \
'"to_move":null,"member":0,"over":true,"stores":{"S":40,"N":32},"winner":"S","points":{"S":4,"N":0}'

out=$("$PITBOSS" rules play kalah 'c f' A)
expect_match "a move list may be one argument" "$out" "position: 4 4 0 5 5 0/0 6 6 6 5 5/2 0/S"

out=$("$PITBOSS" rules play kalah c c 2>&1); rc=$?
expect_eq "illegal move exits 1" "$rc" 1
expect_eq "illegal move names index and reason" "$out" "pitboss: move 2 'c': pit c is empty"

out=$("$PITBOSS" rules play kalah A 2>&1); rc=$?
expect_eq "opponent's pit refused" "$rc:$out" "1:pitboss: move 1 'A': pit A is North's; South (S) is to move"

out=$("$PITBOSS" rules play kalah --position '4 4 4 4 4 4/4 4 4 4 4 4/1 0/S' a 2>&1); rc=$?
expect_eq "bad position exits 1 with the reason" "$rc:$out" \
"1:pitboss: --position: the position holds 49 seeds; this game has 48 (6 pits x 4 seeds x 2)"

out=$("$PITBOSS" rules play kalah --pits 9 a 2>&1); rc=$?
expect_eq "bad option value exits 1" "$rc:$out" "1:pitboss: kalah: option 'pits': 9 is out of range 3..8"

out=$("$PITBOSS" rules perft kalah --frobnicate --depth 2 2>&1); rc=$?
expect_eq "unknown option is a usage error" "$rc" 2
expect_match "unknown option is named" "$out" "option '--frobnicate'"

out=$("$PITBOSS" rules perft kalah 2>&1); rc=$?
expect_eq "perft without depth is a usage error" "$rc:$out" "2:pitboss: rules perft: --depth D is required"

out=$("$PITBOSS" rules perft chess --depth 2 2>&1); rc=$?
expect_eq "unknown game is a usage error" "$rc" 2

"$PITBOSS" --help | grep -q "rules" 
expect_eq "--help lists the rules group" "$?" 0

out=$("$PITBOSS" rules play kalah --pie c f swap A 2>&1)
expect_match "pie swap through the CLI" "$out" "position: 4 4 0 5 5 0/0 6 6 6 5 5/2 0/S/swapped"

out=$("$PITBOSS" rules play codegame -o 'players=3 secrets=R3/G1/B2' --json 1:RG---)
expect_match "--json gives the seats in play, no more" "$out" \
	'"points":{"1":0,"2":0,"3":0},'

# The man pages' examples of 'pitboss rules', run as written.
man="${top_srcdir:-.}/man"
bad=
for line in $(sed -n 's/^\.Dl \$ pitboss rules /rules /p' "$man/pitboss.1" |
	tr ' ' '\001'); do
	line=$(printf '%s' "$line" | tr '\001' ' ')
	eval "set -- $line"
	"$PITBOSS" "$@" >/dev/null 2>&1 || bad="$bad
pitboss $line: exit $?"
done
expect_eq "pitboss(1)'s rules examples run" "$bad" ""
record=$(sed -n '/extra-turn moves simply following/,/^\.Dl/s/^\.Dl //p' \
	"$man/pitboss-rules.7")
out=$("$PITBOSS" rules play kalah $record 2>&1); rc=$?
expect_eq "pitboss-rules(7)'s game record is legal" "$rc: $record" "0: $record"

# Transport: perft by size, a whole game, a refusal naming the piece.
out=$("$PITBOSS" rules perft transport --size 8 --depth 2)
expect_eq "transport perft by size" "$out" "depth 1: 136
depth 2: 18496"

out=$("$PITBOSS" rules play transport --size 8 'C*c3:ne Da8-a7 Pc3-e5:n Da7-a6' Pe5-e7:n Da6-a5 Pe7-e8)
expect_eq "a whole game of Transport" "$out" "position: S: Ua1! Cb1b2 Td1 Bg1g2 Dh1! Pe8:n reserve P1 H5 O4 / N: Uh8! Cg8g7 Bb8b7 Da5 reserve P2 H5 O4 / S-won:sunk / 0
ships:  S 5, N 4
result:   S wins; points S 1, N 0"

out=$("$PITBOSS" rules play transport Tf1-f2 Tf11-f12 2>&1); rc=$?
expect_eq "a bad square is refused" "$rc:$out" "1:pitboss: move 2 'Tf11-f12': 'Tf11-f12': no square of the board after '-'"

out=$("$PITBOSS" rules play transport Dk1-i1 2>&1); rc=$?
expect_eq "an illegal move names piece and square" "$rc:$out" \
"1:pitboss: move 1 'Dk1-i1': destroyer k1-i1: S's own battleship is on i1 (a side has one piece per stratum on a square)"

out=$("$PITBOSS" rules perft transport --handicap S:shells-9 --depth 1 2>&1); rc=$?
expect_eq "a bad handicap is refused" "$rc:$out" "1:pitboss: transport: option 'handicap': S has only 5 shells"

record=$(sed -n '/South.s plane sinking North.s/,/^\.Dl/s/^\.Dl //p' \
	"$man/pitboss-rules.7")
out=$("$PITBOSS" rules play transport --size 8 $record 2>&1); rc=$?
expect_match "pitboss-rules(7)'s Transport game ends in a win" "$rc:$out" "/ S-won:sunk / 0"

cache=$(mktemp -d)
out=$(PITBOSS_CACHE="$cache" "$PITBOSS" rules solve kalah --pits 4 --seeds 3 --egdb 8 2>"$cache/err")
expect_eq "solve prints the perfect-play value and a best move" \
	"$(printf '%s\n' "$out" | head -n 2)" "value: +6 (perfect play)
best: b"
expect_eq "solve reports progress and nodes on stderr" \
	"$(grep -c '^solved: +6, [0-9]* nodes, ' "$cache/err")" 1
expect_match "the endgame database is built into the cache folder" \
	"$(ls "$cache")" "kalah-p4-n8-std.edb"
PITBOSS_CACHE="$cache" "$PITBOSS" rules solve kalah --pits 4 --seeds 3 --egdb 8 >/dev/null 2>"$cache/err"
expect_eq "a second run maps the database it built" \
	"$(grep -c building "$cache/err"):$(grep -c mapped "$cache/err")" "0:1"
out=$(PITBOSS_CACHE="$cache" "$PITBOSS" rules solve kalah --seeds 2 --egdb 0 --json \
	--position "2 2 0 3 3 2/2 2 2 2 2 2/0 0/N" 2>/dev/null)
expect_eq "solve --json from a position (North to move)" \
	"$(printf '%s' "$out" | sed 's/"depth":[0-9]*,/D,/; s/"nodes":.*//')" \
	'{"value":-8,"exact":true,D,"best":"E",'
out=$("$PITBOSS" rules solve kalah --cross --egdb 0 2>&1); rc=$?
expect_eq "a variant without a solver is refused" "$rc:$out" \
	"1:pitboss: rules solve: the solver does not play Cross-Kalah"
out=$(PITBOSS_CACHE="$cache" "$PITBOSS" rules solve kalah --seeds 6 --egdb 0 --time 0.2 2>/dev/null)
expect_eq "a time limit gives an answer, saying whether it is exact" \
	"$(printf '%s\n' "$out" | grep -c '^value: [-+][0-9]* (\(estimate\|perfect play\))$')" 1
rm -rf "$cache"
