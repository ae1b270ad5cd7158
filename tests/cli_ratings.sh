#!/bin/sh
# pitboss rating end to end on a temporary database: games rated as
# they are entered, a list per kind of game, a player's history,
# recompute giving the same numbers, bad input refused, and a
# tournament seeded by rating. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-ratings.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
PITBOSS_DB="$tmp/club.db"
export PITBOSS_DB
pb() { "$PITBOSS" "$@"; }

# Short games (3 pits, 1 seed): the first mover wins WIN_FIRST; DRAW
# is drawn.
WIN_FIRST="b A c C A a"
DRAW="a C A c b c"
SHORT="pits=3 seeds=1"

plan 20

pb db init >/dev/null
for name in Ada Bob Cyd Dee Eve; do pb player add "$name" >/dev/null; done

out=$(pb rating list); rc=$?
expect_eq "no games, no ratings" "$rc:$out" "0:no rated games"
pb game add --seat S=Ada --seat N=Bob -o "$SHORT" $WIN_FIRST >/dev/null
pb game add --seat S=Ada --seat N=Bob -o "$SHORT" $WIN_FIRST >/dev/null
pb game add --seat S=Cyd --seat N=Dee -o "$SHORT" $DRAW >/dev/null
pb game add --seat S=Bob --seat N=Cyd -o "$SHORT" $WIN_FIRST >/dev/null

out=$(pb rating list --game kalah -o "$SHORT"); rc=$?
expect_eq "the list of a kind of game, headed by its key" \
	"$rc:$(echo "$out" | head -1)" "0:kalah pits=3 seeds=1"
expect_eq "best first: Ada, two wins, provisional" \
	"$(echo "$out" | sed -n 3p | awk '{print $1, $2, $3, $5, $6}')" \
	"1 Ada 1720? 2 2-0-0"
expect_eq "a draw between newcomers leaves 1500" \
	"$(echo "$out" | awk '$2 == "Dee" {print $3, $6}')" "1500? 0-0-1"
expect_eq "four players rated in it" "$(echo "$out" | tail -n +3 | wc -l)" 4

out=$(pb rating list --json)
expect_match "JSON: the list, the rating, the deviation now" "$out" \
	'{"list":"kalah pits=3 seeds=1","player":1,"name":"Ada","rating":1720.16,"rd":260.27,'
out=$(pb rating list --game kalah); rc=$?
expect_eq "another kind of game has its own list" "$rc:$out" \
	"0:no rated games of kalah pits=6 seeds=4"

out=$(pb rating show Ada)
expect_match "show: each list with its numbers" "$out" \
	"kalah pits=3 seeds=1: 1720? (provisional), RD 260 now"
expect_eq "show: a row per rated game, before and after" \
	"$(echo "$out" | awk '$1 ~ /^[0-9]+$/ {print $1, $3, $4, $6}' | tr '\n' ' ')" \
	"1 1500 1662 1/1 2 1662 1720 1/1 "
out=$(pb rating show Eve); rc=$?
expect_match "a player without rated games" "$rc:$out" "no rated games"

before=$(pb rating list --json; pb rating show Bob --json)
out=$(pb rating recompute); rc=$?
expect_eq "recompute rates every finished game" "$rc:$out" "0:4 games rated"
after=$(pb rating list --json; pb rating show Bob --json)
expect_eq "recompute gives the same numbers" "$after" "$before"

out=$(pb rating list -o "$SHORT" 2>&1); rc=$?
expect_eq "options without a game is a usage error" "$rc" 2
out=$(pb rating list --game chess 2>&1); rc=$?
expect_eq "an unknown game is refused" "$rc:$out" \
	"1:pitboss: there is no game 'chess'"
out=$(pb rating show Nobody 2>&1); rc=$?
expect_eq "an unknown player is refused" "$rc" 1
out=$(pb rating recompute --game kalah 2>&1); rc=$?
expect_eq "recompute takes every list" "$rc" 2

# A tournament drawn by rating: Ada, Dee, Bob, Cyd by their ratings,
# Eve (unrated in this list) after them, whatever the entry order.
pb tournament create Cup -o "$SHORT" >/dev/null
pb tournament enter Cup Eve Cyd Dee Bob Ada >/dev/null
pb tournament seed Cup Cyd 2 >/dev/null
out=$(pb tournament draw Cup --by-rating); rc=$?
expect_eq "draw --by-rating seeds the rated entrants not seeded by hand" \
	"$rc:$(echo "$out" | head -1)" "0:3 entrants seeded by rating"
seeds=$(pb tournament show Cup --json | tr '{' '\n' |
	sed -n 's/.*"seed":\([0-9]*\),"seeded":\(true\|false\),"name":"\([A-Za-z]*\)".*/\1=\3/p' |
	sort -un | tr '\n' ' ')
expect_eq "best rating first; the arbiter's seed kept; the unrated last" \
	"$seeds" "1=Ada 2=Cyd 3=Dee 4=Bob 5=Eve "
out=$(pb tournament draw Cup --by-rating 2>&1); rc=$?
expect_eq "a drawn tournament is not drawn again" "$rc" 1
out=$(pb tournament create Cup2 -o "$SHORT" >/dev/null;
      pb tournament enter Cup2 Ada >/dev/null;
      pb tournament draw Cup2 --by-rating 2>&1); rc=$?
pb tournament enter Cup2 Eve >/dev/null
pb tournament draw Cup2 >/dev/null
expect_eq "a refused draw leaves no seed by rating" \
	"$rc:$(pb tournament show Cup2 --json | grep -c '"seeded":true')" "1:0"
