#!/bin/sh
# The hidden-code game's secrets stay secret: a table plays a game of it
# (entered guesses and marks, replayed), and until the game ends no
# secret appears in any public page, API answer, live event or log line.
# Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
assets="$(cd "${top_srcdir:-.}/web/assets" && pwd)"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT
if ! command -v curl >/dev/null; then
	echo "1..0 # SKIP curl not installed (Debian package: curl)"
	exit 0
fi
plan 39

# Secrets: seat 1 holds orange at place 4, seat 2 purple at place 2.
cat >"$tmp/open.trace" <<EOT
# pitboss-trace 1
# table 1 codegame players=2 secrets=O4/P2
0.000 1 start
1.000 1 entry 1:OP---
2.000 1 entry 2:black
3.000 1 entry 2:-P-O-
4.000 1 entry 1:black
EOT
cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
log-level = debug
[table 1]
game = codegame
options = players=2 secrets=O4/P2
players = Ada, Bob
pins = 4711, 0815
source = replay
trace = $tmp/open.trace
EOC
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" --speed 4 \
	--assets "$assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
port=$web_port
sleep 2.5

expect_match "the game is under way" \
	"$("$PITBOSS" table status 1 --db "$tmp/club.db")" "4 moves"
: >"$tmp/public"
for path in / /tables/1 /play/1 /api/tables /api/tables/1 /api/games/1 \
	/api/players/1 /api/players/1/history /api/players/2; do
	curl -s "http://127.0.0.1:$port$path" >>"$tmp/public"
done
curl -s -N --max-time 1 -H "Last-Event-ID: 0" \
	"http://127.0.0.1:$port/api/events" >"$tmp/events"
secret() { grep -E 'O4|P2|secrets=|secrets [ROYGBP]' "$1"; }
"$PITBOSS" export --format csv --db "$tmp/club.db" >"$tmp/export.csv"
"$PITBOSS" export --format json --db "$tmp/club.db" >"$tmp/export.json"
"$PITBOSS" game show 1 --db "$tmp/club.db" >"$tmp/show"
cat "$tmp/export.csv" "$tmp/export.json" "$tmp/show" >"$tmp/exports"
expect_eq "no secret in the exports and game records" "$(secret "$tmp/exports")" ""
expect_eq "no secret in any public page or API answer" "$(secret "$tmp/public")" ""
if grep -q '^event: verdict' "$tmp/events"; then
	expect_eq "no secret in the live events" "$(secret "$tmp/events")" ""
else
	not_ok "no secret in the live events" "no events: $(head -c 200 "$tmp/events")"
fi
expect_eq "no secret in the log" "$(secret "$tmp/log")" ""
expect_match "the public position shows the secrets hidden" \
	"$(cat "$tmp/public")" 'secrets ? ?'

out=$("$PITBOSS" table secret 1 2 --db "$tmp/club.db")
expect_eq "a player's own secret, for the arbiter to show him alone" \
	"$out" "seat 2 holds P at place 2"
out=$("$PITBOSS" table secret 1 3 --db "$tmp/club.db" 2>&1); rc=$?
expect_eq "no such seat (exit 1)" "$rc: $out" "1: pitboss: game 1: seat 3: no such seat"

# The player page: a player's own secret with his PIN, and his own moves.
api() { curl -s -w ' %{http_code}' -H 'Content-Type: application/json' \
	--data "$2" "http://127.0.0.1:$port/api/tables/1/$1"; }
out=$(api secret '{"seat":"2","pin":"4711"}')
expect_match "another seat's PIN shows nothing (403)" "$out" '"error":"wrong seat or PIN","status":403}'
expect_eq "no secret in that refusal" "$(printf '%s' "$out" | grep -E 'P2|O4')" ""
out=$(api secret '{"seat":"2","pin":"0815"}')
expect_eq "his PIN shows a player his own secret" "$out" \
	'{"seat":2,"view":"seat 2 holds P at place 2"}
 200'
out=$(api play '{"seat":"1","pin":"4711","move":"2:pass"}')
expect_match "a player may not make another's move (403)" "$out" "403"
out=$(api play '{"seat":"1","pin":"4711","move":"1:R----"}')
expect_match "a player's own move goes through the door" "$out" \
	'"outcome":"accept 5 1:R----'

# The game ends with a right claim: now the secrets may show, and the
# spectators' analysis of every move is given.
"$PITBOSS" table enter 1 2:black --db "$tmp/club.db" >/dev/null
expect_match "a wrong mark is a foul kept against the marker, with its cause" \
	"$(curl -s "http://127.0.0.1:$port/api/games/1")" \
	'"kind":"foul","cause":"illegal","player":"Bob","text":"wrong mark by 2 on 1'"'"'s guess: black given, the correct mark is none"'
"$PITBOSS" table enter 1 2:none --db "$tmp/club.db" >/dev/null
"$PITBOSS" table enter 1 2:claim=-P-O- --db "$tmp/club.db" >/dev/null
out=$("$PITBOSS" table enter 1 1:accept --db "$tmp/club.db")
expect_match "a claim accepted ends the game" "$out" "over 8 -: 2 wins"
game=$(curl -s "http://127.0.0.1:$port/api/games/1")
expect_match "after the game, the analysis of each move" "$game" \
	'"analysis":["'
expect_match "after the game, the secrets are shown" "$game" 'secrets O4 P2'
kill -TERM $pid
wait $pid
pid=

# A table whose options leave the secrets out: every game draws its own
# from a fresh seed, kept in the record and shown nowhere before the end;
# a game started with secrets entered for it draws none; after a crash
# the game under way keeps its own secrets.
printf '# pitboss-trace 1\n# table 1 codegame players=2 seed=1\n' >"$tmp/idle.trace"
cat >"$tmp/fresh.conf" <<EOC
database = $tmp/fresh.db
log-level = debug
[table 1]
game = codegame
options = players=2
players = Ada, Bob
pins = 4711, 0815
source = replay
trace = $tmp/idle.trace
EOC
start_web "$tmp/fresh.log" "$PITBOSSD" -f -c "$tmp/fresh.conf" \
	--assets "$assets" || { cat "$tmp/fresh.log"; exit 1; }
pid=$web_pid
port=$web_port
run() { "$PITBOSS" table "$@" --db "$tmp/fresh.db"; }
out=$(run start 1)
expect_match "a game starts without secrets in the table's options" "$out" \
	"start 0 -: codegame players=2: secrets ? ?"
pub=$(curl -s "http://127.0.0.1:$port/api/tables/1"; curl -s "http://127.0.0.1:$port/api/games/1")
expect_eq "its drawn seed is in no public answer" \
	"$(printf '%s' "$pub" | grep -c 'seed')" "0"
run start 1 >/dev/null
out=$(run start 1 'secrets=R3/G1')
expect_match "a start with secrets entered for the game" "$out" "secrets ? ?"
expect_eq "each game's seed is its own, recorded" "$("$PITBOSS" export \
	--format json --db "$tmp/fresh.db" | sed -n 's/.*"options":"players=2 seed=\([0-9]*\)".*/\1/p' |
	sort -u | wc -l | tr -d ' ')" "2"
expect_eq "no seed or secret in the log" \
	"$(sed "s|$tmp||g" "$tmp/fresh.log" | grep -cE 'seed=|secrets=|R3')" "0"
kill -9 "$pid"
wait "$pid" 2>/dev/null
start_web "$tmp/fresh2.log" "$PITBOSSD" -f -c "$tmp/fresh.conf" \
	--assets "$assets" || { cat "$tmp/fresh2.log"; exit 1; }
pid=$web_pid
expect_eq "after a crash the game keeps the secrets entered for it" \
	"$(run secret 1 1)" "seat 1 holds R at place 3"
out=$(run start 1 'players=7'); rc=$?
expect_eq "bad options for a game are refused (exit 1)" "$rc: $out" \
	"1: refused 0 -: start refused: codegame: option 'players': 7 is out of range 2..5"

# secrets=ask: each player enters his own, on his page or at the CLI.
port=$web_port
api() { curl -s -H 'Content-Type: application/json' --data "$2" \
	"http://127.0.0.1:$port/api/tables/1/$1"; }
run start 1 'secrets=ask' >/dev/null
expect_match "an over-long secret is a bad request" \
	"$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
	--data '{"seat":"1","pin":"4711","enter":"R3R3R3R3R3R3R3R3R3R3"}' \
	"http://127.0.0.1:$port/api/tables/1/secret")" "400"
expect_match "a wrong PIN enters nothing" \
	"$(api secret '{"seat":"1","pin":"0815","enter":"P5"}')" "wrong seat or PIN"
expect_match "a player enters his secret on his page" \
	"$(api secret '{"seat":"1","pin":"4711","enter":"P5"}')" \
	"seat 1 entered a secret; waiting for the others"
expect_match "no guess before every secret is in" \
	"$(run enter 1 1:PO---)" "the players' secrets are not all entered yet"
expect_eq "another at the CLI, typed on standard input" \
	"$(echo O2 | run enter-secret 1 2)" \
	"command 0 -: seat 2 entered a secret; all are in: 1 to move"
g=$(run status 1 | sed -n 's/^game \([0-9]*\):.*/\1/p')
pub=$(curl -s "http://127.0.0.1:$port/api/tables/1"
	curl -s "http://127.0.0.1:$port/api/games/$g"; cat "$tmp/fresh2.log")
expect_match "the game's page lists the entries" "$pub" \
	"seat 2 entered a secret; all are in"
# (the test's own temporary path, a random name, is left out)
leak=$(printf '%s' "$pub" | sed "s|$tmp||g" | grep -E 'P5|O2|secrets=')
expect_eq "entered secrets are in no public answer or log line" \
	"$(printf '%s' "$leak" | grep -c .)" "0"
[ -z "$leak" ] || printf '%s\n' "$leak" | sed 's/^/# leak: /'

expect_match "no analysis while the game is played (analysis = after)" \
	"$pub" '"analysis":null'
kill -9 "$pid"
wait "$pid" 2>/dev/null
printf 'analysis = live\n' >>"$tmp/fresh.conf"
start_web "$tmp/fresh3.log" "$PITBOSSD" -f -c "$tmp/fresh.conf" \
	--assets "$assets" || { cat "$tmp/fresh3.log"; exit 1; }
pid=$web_pid
port=$web_port
expect_match "after a crash a player still sees the secret he entered" \
	"$(api secret '{"seat":"1","pin":"4711"}')" '"view":"seat 1 holds P at place 5"'
expect_match "and play goes on" "$(run enter 1 1:PO---)" "accept 1 1:PO---"
expect_match "the live state names the seat to act in the game's words" \
	"$(curl -s "http://127.0.0.1:$port/api/tables/1")" '"to_move":"2"' 
expect_match "analysis = live: the analysis while the game is played" \
	"$(curl -s "http://127.0.0.1:$port/api/games/$g")" \
	'"analysis":["'
expect_eq "and still no secret" "$(curl -s "http://127.0.0.1:$port/api/games/$g" |
	grep -cE 'P5|O2|secrets=')" "0"

# Queued while pitbossd is down: a new game, then a secret typed while
# the old one was still under way. The secret is not taken for the new.
kill -TERM $pid
wait $pid
pid=
run start 1 'secrets=ask' --wait 0 >/dev/null 2>&1
echo R3 | run enter-secret 1 1 --wait 0 >/dev/null 2>&1
start_web "$tmp/fresh4.log" "$PITBOSSD" -f -c "$tmp/fresh.conf" \
	--assets "$assets" || { cat "$tmp/fresh4.log"; exit 1; }
pid=$web_pid
for i in 1 2 3 4 5 6 7 8 9 10; do
	grep -q 'secret refused' "$tmp/fresh4.log" && break
	sleep 0.3
done
expect_eq "a secret meant for the game before is not taken for the next" \
	"$(run secret 1 1)" "seat 1 has not entered a secret yet"
expect_match "and the log says why" "$(cat "$tmp/fresh4.log")" \
	"secret refused: it was entered for game $g and game"
kill -TERM $pid
wait $pid
pid=
