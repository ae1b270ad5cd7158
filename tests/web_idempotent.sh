#!/bin/sh
# A command sent again with the same key (the dashboard's Idempotency-Key,
# `pitboss table --key`) is carried out once and answered alike each
# time: sent twice in a row, twice at once, again after pitbossd
# restarted, and from the command line; a key of another request is
# refused. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null; then
	echo "1..0 # SKIP curl not installed (Debian package: curl)"
	exit 0
fi
plan 18

hash=$(perl -e 'print crypt("club-secret", q($6$pitbosstest$))')
cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
web.listen = 127.0.0.1
web.password-hash = $hash
log-level = info
[table 1]
name = Side
game = kalah
players = Eve, Fay
source = manual
EOC

start() {
	start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" ||
		{ cat "$tmp/log"; exit 1; }
	pid=$web_pid
	base="http://127.0.0.1:$web_port"
	out=$(curl -sS -c "$tmp/jar" -w ' (HTTP %{http_code})' -X POST \
		-H 'Content-Type: application/json' \
		--data '{"password":"club-secret"}' "$base/api/login" 2>&1)
	csrf=$(printf '%s' "$out" | sed -n 's/.*"csrf":"\([0-9a-f]*\)".*/\1/p')
	# What the commands below need; said where the output shows it.
	[ -n "$csrf" ] || echo "# the arbiter's login got no CSRF token: $out"
}

# send FILE KEY BODY: a command with its key; "CODE BODY" into FILE.
send() {
	curl -s -o "$1.body" -w '%{http_code} ' -b "$tmp/jar" -X POST \
		-H 'Content-Type: application/json' -H "X-CSRF-Token: $csrf" \
		-H "Idempotency-Key: $2" --data "$3" \
		"$base/api/tables/1/commands" >"$1"
	cat "$1.body" >>"$1"
}

# An answer with its command's number as N.
said() { sed 's/"command":[0-9]*/"command":N/' "$1"; }

# The moves of the game under way, as `pitboss table status` counts them.
moves() {
	"$PITBOSS" table status Side --db "$tmp/club.db" |
		sed -n 's/^game [0-9]*: .*, \([0-9]*\) moves\{0,1\}.*/\1/p'
}

start
out=$("$PITBOSS" table start Side --db "$tmp/club.db" --wait 60)
expect_match "a game starts" "$out" "start 0 -: kalah"

send "$tmp/a1" entry-1 '{"kind":"entry","text":"c"}'
send "$tmp/a2" entry-1 '{"kind":"entry","text":"c"}'
expect_match "an entry with a key is carried out" "$(said "$tmp/a1")" \
	'200 {"command":N,"kind":"accept","cause":"entered","ply":1,"move":"c"'
expect_eq "sent again with its key: the same answer" "$(cat "$tmp/a2")" \
	"$(cat "$tmp/a1")"
expect_eq "and the move is played once (not refused as a foul)" "$(moves)" 1
expect_match "the second was not carried out" "$(cat "$tmp/log")" \
	'sent again (Idempotency-Key entry-1): answered with its first outcome'

# Three at once with one key: one command, three answers alike.
send "$tmp/e0" entry-0 '{"kind":"entry","text":"e"}'
expect_eq "another entry, another key: played" "$(moves)" 2
senders=
for i in 1 2 3; do
	send "$tmp/u$i" undo-1 '{"kind":"undo"}' &
	senders="$senders $!"
done
wait $senders
expect_match "an Undo sent three times at once is answered" \
	"$(said "$tmp/u1")" '200 {"command":N,"kind":"command","cause":"taken-back","ply":1'
same="$(cat "$tmp/u1")|$(cat "$tmp/u1")|$(cat "$tmp/u1")"
expect_eq "each time alike, one command" \
	"$(cat "$tmp/u1")|$(cat "$tmp/u2")|$(cat "$tmp/u3")" "$same"
expect_eq "and one move is taken back, not three" "$(moves)" 1

send "$tmp/d" undo-1 '{"kind":"entry","text":"d"}'
expect_match "a key sent with another request: 422" "$(cat "$tmp/d")" \
	"422 {\"error\":\"Idempotency-Key undo-1 was another request's\""
send "$tmp/b" 'not a key!' '{"kind":"undo"}'
expect_match "a key that cannot be one: 400" "$(cat "$tmp/b")" \
	'400 {"error":"Idempotency-Key: 1 to 64 letters'

# The outcome is kept with the command: a restart does not forget it.
send "$tmp/e1" entry-2 '{"kind":"entry","text":"d"}'
kill -TERM $pid
wait $pid
pid=
# entry-1's command done 8 days ago: its key is forgotten at the start,
# the command kept.
q() { sqlite3 -cmd '.timeout 10000' "$tmp/club.db" "$1"; }
if command -v sqlite3 >/dev/null; then
	q "UPDATE commands SET done = strftime('%Y-%m-%dT%H:%M:%fZ', 'now',
		'-8 days') WHERE request_key = 'entry-1'"
	commands=$(q "SELECT count(*) FROM commands")
fi
start
if command -v sqlite3 >/dev/null; then
	forgotten() { grep -q 'the keys of 1 command done more than 7 days ago forgotten' "$tmp/log"; }
	for i in $(seq 600); do forgotten && break; sleep 0.1; done
	expect_eq "a key of a command done 8 days ago is forgotten at the start, the command kept" \
		"$(q "SELECT count(*) FROM commands WHERE request_key = 'entry-1'") $(q "SELECT count(*) FROM commands") $(grep -c 'keys of 1 command done' "$tmp/log")" \
		"0 $commands 1"
else
	ok "a key of a command done 8 days ago is forgotten # SKIP sqlite3 not installed"
fi
send "$tmp/e2" entry-2 '{"kind":"entry","text":"d"}'
expect_match "after a restart, the key's first answer" "$(cat "$tmp/e2")" \
	'"kind":"accept","cause":"entered","ply":2,"move":"d"'
expect_eq "byte for byte" "$(cat "$tmp/e2")" "$(cat "$tmp/e1")"
expect_eq "and no second move" "$(moves)" 2

# The command line's door: `pitboss table --key`.
one=$("$PITBOSS" table undo Side --key cli-1 --json --db "$tmp/club.db" --wait 60)
two=$("$PITBOSS" table undo Side --key cli-1 --json --db "$tmp/club.db" --wait 60)
expect_eq "pitboss table --key twice: the same answer" "$two" "$one"
expect_eq "and one move taken back" "$(moves)" 1
out=$("$PITBOSS" table enter Side c --key cli-1 --db "$tmp/club.db" 2>&1); rc=$?
expect_match "the key of another command is refused" "$rc: $out" \
	"1: pitboss: --key cli-1 was command"
kill -TERM $pid
wait $pid
pid=
