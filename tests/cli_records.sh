#!/bin/sh
# The record-keeping commands end to end on a temporary database:
# players, a tournament of 5 with byes played to its champion,
# standings, history filters, export, backup, and bad input refused
# with its exit code and message and the database unchanged. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-records.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
PITBOSS_DB="$tmp/club.db"
export PITBOSS_DB
pb() { "$PITBOSS" "$@"; }
# The schema version this pitboss writes.
schema=$(sed -n 's/^#define DB_SCHEMA_VERSION \([0-9]*\).*/\1/p' \
	"${top_srcdir:-.}/db/db.h")

# Short games (3 pits, 1 seed) to a target of 2: the first mover wins
# WIN_FIRST 5-1 (2 points), loses LOSE_FIRST 2-4 (1 point to the other).
WIN_FIRST="b A c C A a"
LOSE_FIRST="b B a C c A b B c"
DRAW="a C A c b c"
SHORT="pits=3 seeds=1"

# Everything a user can see of the records, to prove a refusal changed
# nothing.
snapshot() {
	pb player list --all --json
	pb table list --json
	pb tournament list --json
	pb export --format json
}

plan 103

out=$(pb player list 2>&1); rc=$?
expect_eq "a missing database is a database error" "$rc" 3
expect_match "and says what to do" "$out" "give --db PATH or set PITBOSS_DB"

# The schema's version is the build's (db/db.h), not a number here.
schema=$(sed -n 's/^#define DB_SCHEMA_VERSION \([0-9]*\).*/\1/p' \
	"${top_srcdir:-.}/db/db.h")
out=$(pb db init); rc=$?
schema=${out##* }
case $schema in '' | *[!0-9]*) schema="not a number: $schema" ;; esac
expect_eq "db init creates the database" "$rc:$out" "0:$PITBOSS_DB: schema version $schema"

for name in Ada Bob Cyd Dee Eve; do
	pb player add "$name" >/dev/null || not_ok "player add $name"
done
out=$(pb player list | tail -n +2 | awk '{print $2}' | tr '\n' ' ')
expect_eq "five players listed in order" "$out" "Ada Bob Cyd Dee Eve "
out=$(pb player list | head -n 1)
expect_eq "aligned table heading" "$out" "ID  NAME  ADDED                     RETIRED"

out=$(pb player add "'; DROP TABLE players; --"); rc=$?
expect_eq "a name with SQL in it is just a name" "$rc" 0
out=$(pb player show "'; drop table PLAYERS; --" | head -n 2 | tail -n 1)
expect_eq "found again, case folded" "$out" "name:     '; DROP TABLE players; --"

before=$(snapshot)

out=$(pb player add ADA 2>&1); rc=$?
expect_eq "duplicate name differing in case refused" "$rc:$out" \
	"1:pitboss: the name 'ADA' is taken by player 1 ('Ada'); names are unique regardless of case"
out=$(pb player add "$(printf 'Tab\there')" 2>&1); rc=$?
expect_eq "control character refused" "$rc:$out" \
	"1:pitboss: player name: character 4 is a control character (U+0009)"
out=$(pb player add "$(printf 'bad\377utf8')" 2>&1); rc=$?
expect_eq "invalid UTF-8 refused" "$rc:$out" "1:pitboss: player name: byte 4 is not valid UTF-8"
out=$(pb player add "$(head -c 10240 /dev/zero | tr '\0' x)" 2>&1); rc=$?
expect_eq "a 10 KB name refused" "$rc:$out" \
	"1:pitboss: player name is too long: 10240 characters; at most 64"
out=$(pb player add "" 2>&1); rc=$?
expect_eq "empty name refused" "$rc:$out" "1:pitboss: player name is empty"
out=$(pb player add 42 2>&1); rc=$?
expect_eq "a number is not a name" "$rc:$out" \
	"1:pitboss: player name '42' is a number; numbers are taken as ids"
out=$(pb player show 99 2>&1); rc=$?
expect_eq "unknown player id" "$rc:$out" "1:pitboss: there is no player 99"
out=$(pb player rename Nobody Somebody 2>&1); rc=$?
expect_eq "unknown player name" "$rc:$out" "1:pitboss: there is no player named 'Nobody'"
out=$(pb player rename Bob ada 2>&1); rc=$?
expect_eq "rename onto another's name refused" "$rc" 1
out=$(pb player 2>&1); rc=$?
expect_eq "group without command is a usage error" "$rc" 2
out=$(pb player add 2>&1); rc=$?
expect_eq "missing argument is a usage error" "$rc:$out" "2:pitboss: player add: missing argument (see --help)"
out=$(pb player frob 2>&1); rc=$?
expect_eq "unknown command is a usage error" "$rc" 2
out=$(pb player list --frob 2>&1); rc=$?
expect_eq "unknown option is a usage error" "$rc" 2
out=$(pb history --limit many 2>&1); rc=$?
expect_eq "bad number is a usage error" "$rc:$out" \
	"2:pitboss: --limit: 'many' is not a whole number in 1..1000000"
out=$(pb history --result win 2>&1); rc=$?
expect_eq "whose win? a usage error" "$rc" 2
out=$(pb game add --seat S=Ada --seat N=Bob c c 2>&1); rc=$?
expect_eq "illegal move refused, naming it" "$rc:$out" "1:pitboss: game add: move 2 'c': pit c is empty"
out=$(pb game add --seat S=Ada --seat N=Bob c f A 2>&1); rc=$?
expect_match "an unfinished game is refused" "$rc:$out" "1:pitboss: game add: the moves end before the game does"
out=$(pb game add --seat S=Ada --seat N=Nobody c 2>&1); rc=$?
expect_eq "unknown player in a game refused" "$rc" 1
out=$(pb tournament show Nothing 2>&1); rc=$?
expect_eq "unknown tournament" "$rc:$out" "1:pitboss: there is no tournament 'Nothing'"
after=$(snapshot)
expect_eq "refused input changed nothing" "$after" "$before"

out=$(pb player rename Eve Evelyn); rc=$?
expect_eq "rename" "$rc:$out" "0:player 5 renamed: Eve -> Evelyn"
out=$(pb player show 5 | grep formerly | cut -c1-23)
expect_eq "the former name is kept" "$out" "formerly: Eve (until 20"
pb player rename Evelyn Eve >/dev/null

pb table add "Board 1" --location "back room" >/dev/null
out=$(pb table list | tail -n 1 | cut -c1-22)
expect_eq "table listed" "$out" "1   Board 1  back room"

# A friendly game on a table and a friendly series.
out=$(pb game add --seat S=Ada --seat N=Bob --table "board 1" -o "$SHORT" --game kalah $WIN_FIRST); rc=$?
expect_eq "a whole game entered and scored" "$rc:$out" "0:game 1 added: 6 moves, S wins, points S 2, N 0"
out=$(pb series start Cyd Dee -o "$SHORT" --target 2 --first A); rc=$?
expect_eq "series started, first mover set" "$rc:$out" \
	"0:series 1 started: Cyd v Dee to 2; Cyd moves first in game 1 (set)"
pb game add --series 1 $LOSE_FIRST >/dev/null
out=$(pb series show 1 --json | sed 's/.*"a":{[^}]*"total":\([0-9]*\)}.*"b":{[^}]*"total":\([0-9]*\)}.*/\1-\2/')
expect_eq "Dee leads 0-1 after game 1" "$out" "0-1"
out=$(pb game add --series 1 $WIN_FIRST)
expect_match "the first move alternates: Dee moves first in game 2" "$out" \
	"series 1: Cyd 0, Dee 3; Dee wins the series"
out=$(pb game add --series 1 $DRAW 2>&1); rc=$?
expect_eq "a finished series takes no game" "$rc:$out" \
	"1:pitboss: series 1 is finished (0-3); it cannot take another game"
out=$(pb game show 3 | grep '^S ')
expect_eq "game 2 of the series has Dee at S" "$out" "S         Dee (first)"

# A tournament of five: three byes, to the champion.
pb tournament create Cup -o "$SHORT" --target 2 >/dev/null
pb tournament enter Cup Ada Bob Cyd Dee Eve >/dev/null
out=$(pb tournament enter Cup Ada 2>&1); rc=$?
expect_eq "duplicate entry refused" "$rc:$out" "1:pitboss: Ada is already entered in tournament 'Cup'"
out=$(pb tournament seed Cup Ada 1 && pb tournament seed Cup Bob 1 2>&1); rc=$?
expect_match "a seed is held once" "$rc:$out" "seed 1 is already held by Ada"
out=$(pb tournament draw Cup --random --seed 7); rc=$?
expect_eq "random draw with a recorded seed" "$rc:$out" \
	"0:Cup drawn at random with seed 7 (the same seed gives the same draw)"
out=$(pb tournament show Cup | grep -c ' bye$')
expect_eq "three byes in round 1" "$out" 3
out=$(pb tournament show Cup --json | grep -o '"round":1,"third_place":false,"a":{"player":[0-9]*,"seed":[0-9]*,"seeded":[a-z]*,"name":"[A-Za-z]*","total":0},"b":null' | sed 's/.*"a":{"player":[0-9]*,//' | sed 's/"seed":\([0-9]*\).*/\1/' | sort | tr '\n' ' ')
expect_eq "byes to draw places 1, 2 and 3" "$out" "1 2 3 "
out=$(pb tournament show Cup | grep -o '[A-Za-z]* ([0-9]*)' | sort -u | tr '\n' ';')
expect_eq "a seed is shown only for the seeded player" "$out" "Ada (1);"
out=$(pb tournament standings Cup | awk 'NR > 3 {print $2 ":" $3}' | grep -v ':-$' | tr '\n' ';')
expect_eq "and only his in the standings" "$out" "Ada:1;"
out=$(pb tournament show Cup | grep '^1 ' | awk '{print $4}')
expect_eq "Ada keeps her seed 1" "$out" "Ada"
out=$(pb tournament draw Cup 2>&1); rc=$?
expect_eq "second draw refused" "$rc:$out" "1:pitboss: tournament 'Cup' has been drawn already"
out=$(pb tournament enter Cup "'; DROP TABLE players; --" 2>&1); rc=$?
expect_eq "entries closed after the draw" "$rc:$out" \
	"1:pitboss: tournament 'Cup' has been drawn; entries and seeds are closed"

# The same entries and seed draw the same bracket in another database.
PITBOSS_DB="$tmp/again.db" pb db init >/dev/null
for name in Ada Bob Cyd Dee Eve; do PITBOSS_DB="$tmp/again.db" pb player add "$name" >/dev/null; done
PITBOSS_DB="$tmp/again.db" pb tournament create Cup -o "$SHORT" --target 2 >/dev/null
PITBOSS_DB="$tmp/again.db" pb tournament enter Cup Ada Bob Cyd Dee Eve >/dev/null
PITBOSS_DB="$tmp/again.db" pb tournament seed Cup Ada 1 >/dev/null
PITBOSS_DB="$tmp/again.db" pb tournament draw Cup --random --seed 7 >/dev/null
a=$(pb tournament show Cup | grep 'round 1' | awk -F '  +' '{print $3 "|" $4}')
b=$(PITBOSS_DB="$tmp/again.db" pb tournament show Cup | grep 'round 1' | awk -F '  +' '{print $3 "|" $4}')
expect_eq "the draw reproduces from its seed" "$a" "$b"

# Calling the due series to tables, without a daemon: recorded at once.
pb table add Side >/dev/null
due=$(pb tournament show Cup | awk '$NF == "playing" {print $(NF-2); exit}')
out=$(pb table assign Side next --wait 0); rc=$?
expect_eq "table assign next calls the first due series (recorded)" \
	"$rc:$out" "0:series $due called to table Side (recorded; pitbossd takes it at the table's next game)"
out=$(pb table status Side --json | sed 's/.*"series":{"id":\([0-9]*\).*/\1/')
expect_eq "the table's status carries the series called to it" "$out" "$due"
out=$(pb table assign Side "$due" --wait 0 2>&1 >/dev/null; pb table add Far >/dev/null; pb table assign Far "$due" --wait 0 2>&1); rc=$?
expect_eq "a series called to another table is refused" "$rc:$out" \
	"1:pitboss: series $due is called to table Side; call it off first"
out=$(pb tournament auto-call Cup maybe 2>&1); rc=$?
expect_eq "auto-call takes on or off" "$rc:$out" \
	"2:pitboss: tournament auto-call: 'on' or 'off', not 'maybe'"

# Play every series as it becomes due: the first mover wins 2-0.
played=0
while [ $played -lt 10 ]; do
	series=$(pb tournament show Cup | awk '$NF == "playing" {print $(NF-2); exit}')
	[ -n "$series" ] || break
	pb game add --series "$series" --table 1 $WIN_FIRST >/dev/null || break
	played=$((played + 1))
done
expect_eq "four series played (five entrants, three byes)" "$played" 4
champion=$(pb tournament show Cup | sed -n 's/^champion: *//p')
status=$(pb tournament show Cup --json | sed 's/.*"status":"\([a-z]*\)".*"champion":.*/\1/')
expect_eq "the tournament is finished" "$status" "finished"
top=$(pb tournament standings Cup | sed -n '4p' | awk '{print $2, $4, $5}')
expect_eq "the champion heads the standings, round 4" "$top" "$champion 4 champion"
out=$(pb tournament standings Cup | tail -n +4 | grep -c 'out in round')
expect_eq "four eliminated" "$out" 4
out=$(pb tournament standings Cup --json | grep -o '"series_won":[0-9]*' | awk -F: '{n += $2} END {print n}')
expect_eq "series won add up to the series played" "$out" 4
out=$(pb tournament forfeit Cup "$champion" 2>&1); rc=$?
expect_match "no forfeit after the final" "$rc:$out" "1:pitboss: $champion has no match to forfeit"

# History and its filters.
out=$(pb history --tournament Cup | tail -n +2 | wc -l)
expect_eq "history of the tournament" "$out" 4
all=$(pb history --player "$champion" --tournament Cup | grep -c ' wins ')
out=$(pb history --player "$champion" --tournament Cup --result win | grep -c ' wins ')
expect_eq "the champion won every tournament game (2 or 3)" "$out" "$all"
out=$(pb history --player "$champion" --tournament Cup --result loss)
expect_match "and lost none" "$out" "no games"
out=$(pb history --player Cyd --opponent Dee | grep -c 'Cyd (S) v Dee (N)\|Dee (S) v Cyd (N)')
expect_eq "history against one opponent" "$out" \
	"$(pb history --player Cyd | grep -c 'Dee')"
out=$(pb history --table "Board 1" --json | grep -o '"id":' | wc -l)
expect_eq "history of a table" "$out" 5
out=$(pb history --from 2000-01-01 --to 2000-12-31)
expect_eq "history of a date range" "$out" "no games"
today=$(date -u +%Y-%m-%d)
out=$(pb history --from "$today" --to "$today" --limit 2 | tail -n +2 | wc -l)
expect_eq "history limited" "$out" 2
out=$(pb history --from 2026-13-01 2>&1); rc=$?
expect_eq "a bad date is a usage error" "$rc" 2

# Export, backup, check.
out=$(pb export --format csv | head -n 1)
expect_eq "CSV heading" "$out" \
	"game,started,ended,kind,options,table,tournament,series,game_no,side1,side2,first,result,winner,score1,score2,points1,points2,moves,side3,score3,points3,side4,score4,points4,side5,score5,points5"
out=$(pb export --format csv --series 1 | sed -n 2p | cut -d, -f4,5,8,9,12-)
expect_eq "CSV game record in move notation" "$out" \
	"kalah,pits=3 seeds=1,1,2,S,win,S,5,1,2,0,b A c C A a,,,,,,,,,"
out=$(pb export --format json --series 1 | grep -c '"record":"b B a C c A b B c"')
expect_eq "JSON export holds the record" "$out" 1
out=$(pb backup "$tmp/backup.db"); rc=$?
expect_eq "backup" "$rc" 0
a=$(snapshot)
b=$(PITBOSS_DB="$tmp/backup.db" snapshot)
expect_eq "the backup holds the same records" "$a" "$b"
out=$(pb backup "$tmp/backup.db" 2>&1); rc=$?
expect_eq "backup will not overwrite" "$rc" 1
out=$(pb db check); rc=$?
expect_eq "db check" "$rc:$out" "0:$PITBOSS_DB: ok (schema version $schema)"
printf 'this is not a database, just text long enough to look like a file header........' > "$tmp/junk.db"
out=$(pb --help >/dev/null; PITBOSS_DB="$tmp/junk.db" pb player list 2>&1); rc=$?
expect_eq "a file that is no database is a database error" "$rc" 3
# A copy whose every page but the first is spoilt: readers name the
# damage, a backup refuses to copy it, db check finds it.
cp "$tmp/backup.db" "$tmp/damaged.db"
size=$(wc -c <"$tmp/damaged.db")
perl -e 'print "\xa5" x ($ARGV[0] - 4096)' "$size" |
	dd of="$tmp/damaged.db" bs=4096 seek=1 conv=notrunc 2>/dev/null
out=$(PITBOSS_DB="$tmp/damaged.db" pb player list 2>&1); rc=$?
expect_match "a reader names the damage (exit 3)" "$rc:$out" \
	"3:pitboss: $tmp/damaged.db is damaged ("
out=$(PITBOSS_DB="$tmp/damaged.db" pb backup "$tmp/copy.db" 2>&1); rc=$?
expect_eq "a backup will not copy a damaged file" "$rc:$(test -e "$tmp/copy.db" && echo copied)" "3:"
out=$(PITBOSS_DB="$tmp/damaged.db" pb db check 2>&1); rc=$?
expect_eq "db check finds the damage" "$rc" 3

# Forfeit, withdrawal and the third-place series: four entrants seeded
# in entry order, 1 Ada v 4 Dee and 2 Bob v 3 Cyd.
pb tournament create Plate -o "$SHORT" --target 2 --third-place >/dev/null
pb tournament enter Plate Ada Bob Cyd Dee >/dev/null
pb tournament draw Plate >/dev/null
out=$(pb tournament forfeit Plate Dee); rc=$?
expect_eq "forfeit" "$rc:$out" "0:Dee forfeits the current match of Plate"
out=$(pb tournament show Plate | grep '^1 ' | awk -F '  +' '{print $3, $4, $NF}')
expect_eq "recorded as a forfeit, not as a series played" "$out" "Ada Dee A wins by forfeit"
out=$(pb tournament forfeit Plate Ada 2>&1); rc=$?
expect_eq "no forfeit before the opponent is known" "$rc:$out" \
	"1:pitboss: Ada's opponent in round 2 is not known yet; forfeit when the match is due, or withdraw"
out=$(pb tournament withdraw Plate Ada); rc=$?
expect_eq "withdrawal" "$rc:$out" "0:Ada withdrawn from Plate"
series=$(pb tournament show Plate | awk '$NF == "playing" {print $(NF-2); exit}')
pb game add --series "$series" $WIN_FIRST >/dev/null
out=$(pb tournament show Plate | awk '$2 == "final" {print $NF}')
expect_eq "the final goes to the other finalist by withdrawal" "$out" "withdrawal"
status=$(pb tournament show Plate --json | sed 's/.*"status":"\([a-z]*\)".*"champion":.*/\1/')
expect_eq "not finished while the third-place series is due" "$status" "drawn"
series=$(pb tournament show Plate | awk '$2 == "third" && $NF == "playing" {print $(NF-2)}')
pb game add --series "$series" $WIN_FIRST >/dev/null
status=$(pb tournament show Plate --json | sed 's/.*"status":"\([a-z]*\)".*"champion":.*/\1/')
expect_eq "finished after the third-place series" "$status" "finished"
out=$(pb tournament standings Plate | awk '$2 == "Ada" {print $5}')
expect_eq "Ada stands as withdrawn" "$out" "withdrawn"
out=$(pb tournament standings Plate | grep ' Dee ' | sed 's/.*\(out in round 1 by Ada (forfeit)\).*/\1/')
expect_eq "Dee out by forfeit" "$out" "out in round 1 by Ada (forfeit)"
out=$(pb tournament standings Plate --json | grep -o '"series_won":[0-9]*' | cut -d: -f2 | awk '{n += $1} END {print n}')
expect_eq "only played series count as won" "$out" 2
out=$(pb tournament standings Plate | awk 'NR > 3 {print $2}' | tr '\n' ' ')
third=$(pb tournament show Plate | awk -F '  +' '$2 == "third place" {print ($NF == "A wins" ? $3 " " $4 : $4 " " $3)}')
champion=$(pb tournament show Plate | sed -n 's/^champion: *//p')
expect_eq "the standings: champion, runner-up, then third place by its match" "$out" "$champion Ada $third "

# Out in round 1 by a forfeit before any game: after those who played,
# whatever the points.
pb tournament create Bowl -o "$SHORT" --target 2 >/dev/null
pb tournament enter Bowl Ada Bob Cyd Dee >/dev/null
pb tournament draw Bowl >/dev/null
pb tournament forfeit Bowl Dee >/dev/null
series=$(pb tournament show Bowl | awk '$NF == "playing" {print $(NF-2); exit}')
pb game add --series "$series" $WIN_FIRST >/dev/null
out=$(pb tournament standings Bowl | awk 'NR > 3 {print $2 ":" $NF}' | tail -n 2 | tr '\n' ' ' | sed 's/-[0-9]*/-N/')
loser=$(pb tournament standings Bowl --json | grep -o '"name":"[A-Za-z]*","seed":[0-9]*,"seeded":false,"round_reached":1,"status":"eliminated","out_round":1,"out_by":"[A-Za-z]*","forfeit":false' | sed 's/"name":"\([A-Za-z]*\)".*/\1/')
expect_eq "who forfeited without a game is last, below a loser with fewer points" "$out" "$loser:-N Dee:+0 "

# The hidden-code game with three players: three seats, no more.
out=$(pb game add --game codegame -o 'players=3 secrets=R3/G1/B2' \
	--seat 1=Ada --seat 2=Bob --seat 3=Cyd '1:claim=GBR-- 2:accept 3:accept')
expect_match "a three-player game entered whole" "$out" \
	"3 moves, 1 wins, points 1 1, 2 0, 3 0"
id=$(printf '%s' "$out" | sed -n 's/^game \([0-9]*\) added.*/\1/p')
out=$(pb game list --player Cyd | grep "^$id ")
expect_match "listed with its three players and points" "$out" \
	"Ada (1) v Bob (2) v Cyd (3)  Ada wins  1-0-0"
out=$(pb game add --game codegame -o 'players=3 secrets=R3/G1/B2' \
	--seat 1=Ada --seat 2=Bob --seat 4=Cyd '1:claim=GBR--' 2>&1); rc=$?
expect_eq "a seat the game does not have is refused" "$rc:$out" \
	"2:pitboss: --seat '4=Cyd': codegame has no seat '4'"
pb player add Gus >/dev/null
pb game add --game codegame -o 'players=3 secrets=R3/G1/B2' --seat 1=Ada \
	--seat 2=Bob --seat 3=Gus '3:claim=GBR-- 1:accept 2:accept' >/dev/null
out=$(pb player show Gus | tail -n 2 | tr '\n' ' ')
expect_eq "a third seat's totals are his own" "$out" \
	"games:    1 (won 1, lost 0, drawn 0) points:   1 for, 0 against "
out=$(pb export --format csv --player Gus | sed -n 2p | cut -d, -f10,11,17-)
expect_eq "CSV export: every seat of a three-seat game" "$out" \
	"Ada,Bob,0,0,3:claim=GBR-- 1:accept 2:accept,Gus,0,1,,,,,,"

# A round robin of five: a bye a round; due series skip the players at
# a table, so with two tables busy none is due.
rr() { PITBOSS_DB="$tmp/rr.db" pb "$@"; }
rr db init >/dev/null
for p in Ada Bob Cyd Dee Eve; do rr player add $p >/dev/null; done
rr table add T1 >/dev/null; rr table add T2 >/dev/null; rr table add T3 >/dev/null
out=$(rr tournament create Night --format round-robin --third-place 2>&1); rc=$?
expect_eq "no third place in a round robin" "$rc:$out" \
	"2:pitboss: --third-place is for a knockout"
rr tournament create Night --format round-robin -o "$SHORT" --target 2 >/dev/null
rr tournament enter Night Ada Bob Cyd Dee Eve >/dev/null
rr tournament draw Night >/dev/null
out=$(rr tournament show Night | grep -Ec '^[0-9]+ +round ')
expect_eq "ten series in five rounds" "$out" 10
out=$(rr table assign T1 next --key night-t1 --wait 0 &&
	rr table assign T2 next --wait 0)
expect_eq "the first two due series go to two tables" "$out" \
"series 1 called to table T1 (recorded; pitbossd takes it at the table's next game)
series 2 called to table T2 (recorded; pitbossd takes it at the table's next game)"
out=$(rr table assign T1 next --key night-t1 --wait 0 2>&1); rc=$?
expect_eq "assign sent again with its key: the same series, no other called" \
	"$rc:$out" "0:series 1 called to table T1 (recorded; pitbossd takes it at the table's next game)"
out=$(rr table assign T3 next --wait 0 2>&1); rc=$?
expect_eq "four players at tables: no series is due for the fifth" \
	"$rc:$out" "1:pitboss: no series is due"
out=$(rr table assign T1 3 --wait 0 2>&1); rc=$?
expect_eq "a table plays its series until it ends" "$rc:$out" \
	"1:pitboss: table 1 plays series 1 until it ends"
rr tournament withdraw Night Dee >/dev/null
out=$(rr tournament show Night | grep -c 'by withdrawal$')
expect_eq "a withdrawal gives all of the player's series" "$out" 4
played=0
while [ $played -lt 12 ]; do
	series=$(rr tournament show Night | awk '$NF == "playing" {print $(NF-2); exit}')
	[ -n "$series" ] || break
	rr game add --series "$series" $WIN_FIRST >/dev/null || break
	played=$((played + 1))
done
expect_eq "six series played" "$played" 6
out=$(rr tournament standings Night --json | grep -o '"points":[0-9]*' | cut -d: -f2 | awk '{s += $1} END {print s}')
expect_eq "ten points for ten series" "$out" 10
out=$(rr tournament list | awk '$2 == "Night" {print $6}')
expect_eq "the round robin is finished" "$out" finished

