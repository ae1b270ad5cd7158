#!/bin/sh
# `pitboss game void` and `game correct` end to end on a temporary
# database: a knockout of four to a target of 2, a semi-final's game
# voided (refused while the final has a game, undone with --force),
# corrected, the audit in `game show`, and the exit codes and messages
# of bad input. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-fix.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
PITBOSS_DB="$tmp/club.db"
export PITBOSS_DB
pb() { "$PITBOSS" "$@"; }

# Short games (3 pits, 1 seed): the first mover wins WIN_FIRST 5-1
# (2 points) and loses LOSE_FIRST 2-4 (1 point to the other).
WIN_FIRST="b A c C A a"
LOSE_FIRST="b B a C c A b B c"
SHORT="pits=3 seeds=1"

plan 23

pb db init >/dev/null
for name in Ada Bob Cyd Dee; do pb player add "$name" >/dev/null; done
pb tournament create Cup -o "$SHORT" --target 2 >/dev/null
pb tournament enter Cup Ada Bob Cyd Dee >/dev/null
pb tournament draw Cup >/dev/null
pb game add --series 1 $WIN_FIRST >/dev/null	# game 1: Ada wins match 1
pb game add --series 2 $WIN_FIRST >/dev/null	# game 2: Bob wins match 2
pb game add --series 3 $LOSE_FIRST >/dev/null	# game 3: the final's first
# Who moves first is drawn by lot: the names are read, not assumed.
fa=$(pb tournament show Cup | awk '$1 == 3 {print $3}')
fb=$(pb tournament show Cup | awk '$1 == 3 {print $4}')
sa=$(pb tournament show Cup | awk '$1 == 1 {print $3}')
sb=$(pb tournament show Cup | awk '$1 == 1 {print $4}')
out=$(pb tournament show Cup | awk '$1 == 3 {print $5}')
expect_eq "the final is series 3, between the semi-finals' winners" \
	"$out:$(echo "$fa $fb" | grep -c "Ada\|Dee")" "3:1"

out=$(pb game void 1 2>&1); rc=$?
expect_eq "a void needs a reason (usage)" "$rc:$out" \
	"2:pitboss: game void: say why with --reason TEXT (it is kept with the change)"
out=$(pb game void 1 --reason "wrong pair" --winner S 2>&1); rc=$?
expect_eq "a void takes no result" "$rc:$out" \
	"2:pitboss: game void: --winner is for 'game correct'"
out=$(pb game void 99 --reason x 2>&1); rc=$?
expect_eq "an unknown game is refused" "$rc:$out" "1:pitboss: there is no game 99"
before=$(pb export --format json)
out=$(pb game void 1 --reason "wrong pair" 2>&1); rc=$?
expect_eq "a later series played: refused, naming it" "$rc:$out" \
	"1:pitboss: game 1 decided match 1 ($sa v $sb), and later matches depend on it: match 3 (series 3, $fa v $fb) has 1 game played; give --force to undo them too (their games are voided)"
expect_eq "the refusal changed nothing" "$(pb export --format json)" "$before"
out=$(pb game show 1 | grep -c '^changes:'); rc=$?
expect_eq "and audited nothing" "$out" 0

out=$(pb game void 1 --reason "wrong pair" --force); rc=$?
expect_eq "forced: the final undone, the semi-final open again" "$rc:$out" \
	"0:game 1 voided; match 3 undone (series 3, $fa v $fb, 1 game voided); series 1 open again ($sa 0, $sb 0)"
out=$(pb tournament show Cup | awk '$1 == 1 || $1 == 3 {print $1, $NF}' | tr '\n' ' ')
expect_eq "match 1 playing again, the final waiting" "$out" "1 playing 3 waiting "
out=$(pb game show 1)
expect_match "game show: void" "$out" "status:   void: the game no longer counts"
expect_match "game show: who, what and why" "$out" \
	"voided by $(id -un)@cli: win seat 1; score 5 1; points 2 0 -> void; why: wrong pair"
expect_match "game show: what it undid" "$out" \
	"which also: match 3 undone (series 3, $fa v $fb, 1 game voided)"
out=$(pb game show 3)
expect_match "the final's game is void with the same reason" "$out" \
	"why: game 1 of series 3 (match 3) undone with game 1: wrong pair"
out=$(pb game show 1 --json | grep -o '"audit":\[{"at":"[^"]*","by":"[^"]*","action":"void"')
expect_match "game show --json: the audit" "$out" '"action":"void"'
out=$(pb history --tournament Cup | awk '$1 == 1' | grep -o 'voided\|wins')
expect_eq "history: voided, not a result" "$out" "voided"
out=$(pb history --result void | awk 'NR > 1 {print $1}' | sort -n | tr '\n' ' ')
expect_eq "history --result void: the voided games, no other result" "$out" "1 3 "
out=$(pb game void 1 --reason again 2>&1); rc=$?
expect_eq "voided once" "$rc:$out" "1:pitboss: game 1 is void already"

# Correct game 2 (S won): N wins it instead.
north=$(pb game show 2 | awk '$1 == "N" {print $2}')
out=$(pb game correct 2 --winner N --points S=0 --points N=2 --reason "seats swapped"); rc=$?
expect_eq "a correction turns the series" "$rc:$out" \
	"0:game 2 corrected; series 2 now won by $north"
out=$(pb tournament show Cup | awk '$1 == 2 {
	w = ($3 == n) ? "A" : "B"; print ($7 " " $8 == w " wins") ? "yes" : $0 }' n="$north")
expect_eq "the bracket follows: N's player wins match 2" "$out" "yes"
out=$(pb game correct 2 --winner N --points S=0 --points N=2 --reason again 2>&1); rc=$?
expect_eq "nothing to correct" "$rc:$out" "1:pitboss: game 2 is already so: nothing to correct"
out=$(pb game correct 2 --points S=1 --reason x 2>&1); rc=$?
expect_eq "every seat's points" "$rc:$out" \
	"2:pitboss: game correct: give every seat's value (seat 2 is missing)"
out=$(pb game correct 2 --winner W --reason x 2>&1); rc=$?
expect_eq "an unknown seat" "$rc:$out" "2:pitboss: game correct: the game has no seat 'W'"
out=$(pb game correct 2 --draw --points S=1 --points N=1 --reason x 2>&1); rc=$?
expect_eq "a draw counts no points" "$rc:$out" \
	"1:pitboss: a game without a winner counts 0 points to every seat"
