#!/bin/sh
# The dashboard's server against the real daemon on a temporary database
# and a free port: pages, the JSON API, live events with Last-Event-ID,
# the arbiter's login, commands and a forfeit through the door (rung
# by the dashboard, answered at once, carried out by the daemon), and
# bad requests
# (unknown routes, bad ids, a wrong method, an oversized body, malformed
# JSON, a key given twice, path traversal, a slow client) each answered
# and survived.
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
plan 43

hash=$(perl -e 'print crypt("club-secret", q($6$pitbosstest$))')
cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
web.listen = 127.0.0.1
web.password-hash = $hash
log-level = info
[table 1]
name = Front
players = Ada, Bob
source = sim
seed = 11
EOC
start_web "$tmp/log" "$PITBOSSD" -f -v -c "$tmp/pitboss.conf" --speed 8 \
	--assets "$assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
port=$web_port
base="http://127.0.0.1:$port"

get() { curl -s -o "$tmp/body" -w '%{http_code} %{content_type}' "$@"; }

out=$(get "$base/")
expect_eq "the home page" "$out" "200 text/html; charset=utf-8"
out=$(get "$base/static/app.js")
expect_eq "its script, from the assets folder" "$out" "200 text/javascript; charset=utf-8"
out=$(get "$base/api/tables")
expect_eq "GET /api/tables is JSON" "$out" "200 application/json"
expect_match "it has the live table with its players" "$(cat "$tmp/body")" '"name":"Front","location":""'
sleep 2
out=$(get "$base/api/tables/1"; cat "$tmp/body")
expect_match "GET /api/tables/1: live state and sensor health" "$out" '"lines":[{"line":"a"'
game=$(sed -n 's/.*"game":{"id":\([0-9]*\).*/\1/p' "$tmp/body")
out=$(get "$base/api/games/${game:-1}"; cat "$tmp/body")
expect_match "GET /api/games/N: moves and incidents" "$out" '"moves":['
out=$(get "$base/api/players/1"; cat "$tmp/body")
expect_match "GET /api/players/1" "$out" '"name":"Ada"'
out=$(get "$base/api/players/1/history?result=loss&limit=5")
expect_eq "history with filters" "$out" "200 application/json"
out=$(get "$base/api/ratings"; cat "$tmp/body")
expect_match "GET /api/ratings: the lists" "$out" '200 application/json{"stale":false,"lists":['
out=$(get "$base/api/ratings?list=nothing%20such"; cat "$tmp/body")
expect_eq "a list nobody is rated in is empty" "$out" \
	'200 application/json{"stale":false,"lists":[]}'
out=$(get "$base/api/ratings?list="; cat "$tmp/body")
expect_match "an empty list key: 400" "$out" "400 application/json"
out=$(get "$base/api/players/1/ratings"; cat "$tmp/body")
expect_match "GET /api/players/1/ratings" "$out" '{"player":1,"name":"Ada","ratings":['

out=$(get "$base/api/nothing"; cat "$tmp/body")
expect_eq "an unknown route: 404 in JSON" "$out" \
	'404 application/json{"error":"no such page or resource: /api/nothing","status":404}'
out=$(get "$base/api/games/99999")
expect_eq "a game that does not exist: 404" "$out" "404 application/json"
out=$(get "$base/api/games/abc")
expect_eq "an id that is not a number: 404" "$out" "404 application/json"
out=$(get "$base/api/players/1/history?limit=0"; cat "$tmp/body")
expect_match "a bad filter: 400 with the reason" "$out" "400 application/json"
out=$(get -X DELETE "$base/api/tables")
expect_eq "a wrong method: 405" "$out" "405 application/json"
head -c 20000 /dev/zero | tr '\0' 'a' >"$tmp/big"
out=$(get -X POST --data-binary @"$tmp/big" "$base/api/login")
expect_eq "a body over 16 KiB: 413" "$out" "413 application/json"
# A browser's request with 4 KiB of cookies (the most one cookie may
# hold) fits in what each connection is given.
cookie=$(head -c 4000 /dev/zero | tr '\0' 'c')
out=$(get -H "Cookie: other=$cookie" -H "Accept-Language: en-GB,en;q=0.9" \
	"$base/api/tables")
expect_eq "a request with 4 KiB of cookies is answered" "$out" \
	"200 application/json"
out=$(get --path-as-is "$base/static/../../../../etc/passwd")
expect_eq "path traversal: 404" "$out" "404 application/json"
out=$(get --path-as-is "$base/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd")
expect_eq "encoded path traversal: 404" "$out" "404 application/json"
out=$(get -X POST -H 'Content-Type: application/json' --data '{"password":' "$base/api/login")
expect_eq "malformed JSON: 400" "$out" "400 application/json"

# A slow client holds a connection open without finishing its request.
( exec 3<>/dev/tcp/127.0.0.1/$port; printf 'GET / HTTP/1.1\r\nHost: x\r\n' >&3;
  sleep 4 ) 2>/dev/null &
slow=$!
sleep 0.5
out=$(get "$base/api/tables")
expect_eq "the server keeps serving while a client dawdles" "$out" "200 application/json"
kill $slow 2>/dev/null

# Live events: the next verdict arrives; a reconnect resumes.
curl -s -N --max-time 6 "$base/api/events" >"$tmp/events" &
cpid=$!
sleep 5
wait $cpid
first=$(sed -n 's/^id: //p' "$tmp/events" | head -n 1)
if [ -n "$first" ] && grep -q '^event: verdict' "$tmp/events"; then
	ok "server-sent events carry the verdicts (first id $first)"
else
	not_ok "server-sent events carry the verdicts" "$(head -c 300 "$tmp/events")"
fi
curl -s -N --max-time 1 -H "Last-Event-ID: $first" "$base/api/events" >"$tmp/again"
next=$(sed -n 's/^id: //p' "$tmp/again" | head -n 1)
expect_eq "Last-Event-ID resumes after the event given" "$next" "$((first + 1))"

# The arbiter.
out=$(get -X POST -H 'Content-Type: application/json' --data '{"password":"nope"}' "$base/api/login")
expect_eq "a wrong password: 401" "$out" "401 application/json"
out=$(curl -s -c "$tmp/jar" -X POST -H 'Content-Type: application/json' \
	--data '{"password":"club-secret"}' "$base/api/login")
csrf=$(printf '%s' "$out" | sed -n 's/.*"csrf":"\([0-9a-f]*\)".*/\1/p')
cookie=$(grep pb_session "$tmp/jar" | grep -c HttpOnly_)
expect_eq "login gives an HttpOnly session and a CSRF token" "$cookie:${#csrf}" "1:64"
out=$(curl -s -D - -o /dev/null -X POST -H 'Content-Type: application/json' \
	--data '{"password":"club-secret"}' "$base/api/login" | tr -d '\r' |
	grep -i '^set-cookie: pb_session=' | grep -c Secure)
expect_eq "over plain HTTP it is not Secure (the browser would drop it)" "$out" 0
out=$(get -b "$tmp/jar" -X POST -H 'Content-Type: application/json' \
	--data '{"kind":"undo"}' "$base/api/tables/1/commands")
expect_eq "a command without the CSRF token: 403" "$out" "403 application/json"
out=$(curl -s -b "$tmp/jar" -X POST -H 'Content-Type: application/json' \
	-H "X-CSRF-Token: $csrf" --data '{"kind":"entry","text":"zz"}' \
	"$base/api/tables/1/commands")
expect_match "a command goes through the door and is answered" "$out" \
	"\"kind\":\"refused\",\"cause\":"
expect_match "the daemon took it when the dashboard rang" "$(cat "$tmp/log")" \
	"commands door: rung by the dashboard"
out=$(get -b "$tmp/jar" -X POST -H 'Content-Type: application/json' \
	-H "X-CSRF-Token: $csrf" --data '{"kind":"undo","text":"","kind":"entry"}' \
	"$base/api/tables/1/commands"; cat "$tmp/body")
expect_eq "a key given twice is refused, not taken last" "$out" \
	'400 application/json{"error":"the body has the key '"'kind'"' twice","status":400}'
out=$(get -X POST -H 'Content-Type: application/json' \
	--data '{"password":"x","password":"club-secret"}' "$base/api/login"; cat "$tmp/body")
expect_match "so is a password given twice" "$out" "400 application/json"

# Answered without polling: each of five commands wakes the daemon by the
# dashboard's bell (not the write-ahead log's 15 ms settle, nor a timer),
# and the handler by the answer. How fast is measured in bench/, not here.
for i in 1 2 3 4 5; do
	curl -s -o /dev/null -b "$tmp/jar" -X POST \
		-H 'Content-Type: application/json' -H "X-CSRF-Token: $csrf" \
		--data '{"kind":"entry","text":"zz"}' "$base/api/tables/1/commands"
done
rung=$(grep -c 'commands door: rung by the dashboard' "$tmp/log")
[ "$rung" -ge 6 ] && rung=yes
expect_eq "every dashboard command rang the door" "$rung" yes

# A forfeit is a command the daemon records; the handler writes nothing.
for p in Cyd Dee; do "$PITBOSS" player add $p --db "$tmp/club.db" >/dev/null; done
"$PITBOSS" tournament create Plate -o "pits=3 seeds=1" --target 2 \
	--db "$tmp/club.db" >/dev/null
"$PITBOSS" tournament enter Plate Ada Bob Cyd Dee --db "$tmp/club.db" >/dev/null
"$PITBOSS" tournament draw Plate --db "$tmp/club.db" >/dev/null
tid=$("$PITBOSS" tournament show Plate --json --db "$tmp/club.db" |
	sed -n 's/^{"id":\([0-9]*\).*/\1/p')
dee=$("$PITBOSS" player show Dee --json --db "$tmp/club.db" |
	sed -n 's/^{"player":{"id":\([0-9]*\).*/\1/p')
out=$(get -b "$tmp/jar" -X POST -H 'Content-Type: application/json' \
	-H "X-CSRF-Token: $csrf" --data "{\"player\":\"$dee\"}" \
	"$base/api/tournaments/$tid/forfeit"; cat "$tmp/body")
expect_match "a forfeit from the dashboard is answered" "$out" \
	"200 application/json{\"command\":"
expect_match "and recorded by the daemon through the door" "$(cat "$tmp/log")" \
	"(forfeit $tid $dee): command 0 -: player $dee forfeits in tournament $tid"
out=$("$PITBOSS" tournament show Plate --db "$tmp/club.db" | grep '^1 ' |
	awk '{print $(NF-1), $NF}')
expect_eq "the bracket has it" "$out" "by forfeit"
ada=$("$PITBOSS" player show Ada --json --db "$tmp/club.db" |
	sed -n 's/^{"player":{"id":\([0-9]*\).*/\1/p')
out=$(get -b "$tmp/jar" -X POST -H 'Content-Type: application/json' \
	-H "X-CSRF-Token: $csrf" --data "{\"player\":\"$ada\"}" \
	"$base/api/tournaments/$tid/forfeit"; cat "$tmp/body")
expect_match "a forfeit the tournament cannot take: 409 with the reason" \
	"$out" "409 application/json{\"error\":\"Ada's opponent in round 2"

codes=""
for i in 1 2 3 4 5 6; do
	codes="$codes $(curl -s -o /dev/null -w '%{http_code}' -X POST \
		-H 'Content-Type: application/json' --data '{"password":"x"}' \
		"$base/api/login")"
done
expect_eq "failed logins are rate-limited" "$codes" " 401 401 401 401 429 429"

kill -TERM $pid
wait $pid
pid=

# HTTPS with a certificate and key from the configuration.
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=localhost -days 1 \
	-keyout "$tmp/key.pem" -out "$tmp/cert.pem" >/dev/null 2>&1
printf 'web.tls-cert = %s\nweb.tls-key = %s\n' "$tmp/cert.pem" "$tmp/key.pem" |
	cat - "$tmp/pitboss.conf" >"$tmp/tls2.conf"
start_web "$tmp/tls.log" "$PITBOSSD" -f -c "$tmp/tls2.conf" --speed 8 \
	--assets "$assets" || { cat "$tmp/tls.log"; exit 1; }
pid=$web_pid
tport=$web_port
out=$(curl -sk -o /dev/null -w '%{http_code}' "https://127.0.0.1:$tport/api/tables")
expect_eq "HTTPS with the configured certificate" "$out" "200"
out=$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$tport/api/tables")
expect_eq "no plain HTTP on the HTTPS port" "$out" "000"
out=$(curl -sk -D - -o /dev/null -X POST -H 'Content-Type: application/json' \
	--data '{"password":"club-secret"}' "https://127.0.0.1:$tport/api/login" |
	tr -d '\r' | grep -i '^set-cookie: pb_session=')
expect_match "over HTTPS the session cookie is Secure" "$out" "; Secure"
out=$(curl -sk -D - -o /dev/null -X POST "https://127.0.0.1:$tport/api/logout" |
	tr -d '\r' | grep -i '^set-cookie: pb_session=')
expect_match "and so is its removal" "$out" "; Secure"
kill -TERM $pid
wait $pid
pid=
