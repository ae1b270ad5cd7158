#!/bin/sh
# What could hold one of the dashboard's few threads holds none: logins
# whose passwords are slow to hash (each from its own loopback address)
# and a command that waits for the database's write lock leave the
# files and the API answering meanwhile. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid= holder=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; touch "$tmp/release";
	[ -n "$holder" ] && wait $holder; rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null || ! command -v perl >/dev/null ||
   ! command -v sqlite3 >/dev/null; then
	echo "1..0 # SKIP curl, perl or sqlite3 not installed"
	exit 0
fi
curl -s -o /dev/null --interface 127.0.0.2 --max-time 2 http://127.0.0.1:1/
if [ $? -eq 45 ]; then
	echo "1..0 # SKIP no loopback address 127.0.0.2 to send from"
	exit 0
fi
plan 7
logins=8	# more than the dashboard's threads

# A hash many times slower than the dashboard's answers.
hash=$(perl -e 'print crypt("club-secret", q($6$rounds=2000000$pitbosstest$))')
cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
web.listen = 127.0.0.1
web.password-hash = $hash
log-level = debug
[table 1]
name = Side
game = kalah
players = Eve, Fay
source = manual
EOC
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"

# done FILES...: how many of the answers have arrived.
done_count() {
	n=0
	for f in "$@"; do
		[ -s "$f" ] && n=$((n + 1))
	done
	echo $n
}

# ---- logins hashed while the files are asked for
tries=
for i in $(seq $logins); do
	pw=wrong
	[ "$i" -eq 1 ] && pw=club-secret
	curl -s -o /dev/null -w '%{http_code}' --max-time 120 \
		--interface "127.0.0.$((i + 1))" -X POST \
		-H 'Content-Type: application/json' \
		--data "{\"password\":\"$pw\"}" "$base/api/login" \
		>"$tmp/login.$i" &
	tries="$tries $!"
done
# Every password counted, so each is hashed or waits to be.
for i in $(seq 600); do
	[ "$(grep -c 'dashboard: password tried' "$tmp/log")" -ge $logins ] &&
		break
	sleep 0.1
done
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 120 \
	"$base/static/app.js")
before=$(done_count "$tmp"/login.*)
code2=$(curl -s -o /dev/null -w '%{http_code}' --max-time 120 \
	"$base/api/tables")
before2=$(done_count "$tmp"/login.*)
wait $tries
echo "# logins answered before the file: $before; before the API: $before2"
expect_eq "/static/app.js answered while the $logins passwords are hashed" \
	"$code $before" "200 0"
expect_eq "/api/tables answered while the passwords are hashed" \
	"$code2 $before2" "200 0"
expect_eq "the right password logs in, the wrong ones do not" \
	"$(cat "$tmp"/login.* | tr -d '\n' | sed 's/401/x/g')" "200xxxxxxx"

# ---- a command that waits for the database's write lock
out=$(curl -s -c "$tmp/jar" -X POST -H 'Content-Type: application/json' \
	--data '{"password":"club-secret"}' "$base/api/login")
csrf=$(printf '%s' "$out" | sed -n 's/.*"csrf":"\([0-9a-f]*\)".*/\1/p')
expect_eq "logged in for the command" "${#csrf}" 64
# The write lock held until the checks are made.
{
	echo 'BEGIN IMMEDIATE;'
	echo "SELECT 'locked';"
	while [ ! -e "$tmp/release" ]; do sleep 0.1; done
	echo 'COMMIT;'
} | sqlite3 "$tmp/club.db" >"$tmp/holder" 2>&1 &
holder=$!
for i in $(seq 300); do
	grep -q locked "$tmp/holder" && break
	sleep 0.1
done
curl -s -o /dev/null -w '%{http_code}' --max-time 60 -b "$tmp/jar" \
	-X POST -H 'Content-Type: application/json' -H "X-CSRF-Token: $csrf" \
	--data '{"kind":"entry","text":"c"}' "$base/api/tables/1/commands" \
	>"$tmp/command" &
cmd=$!
sleep 1	# the command sent, waiting for the lock
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 \
	"$base/static/app.js")
code2=$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 \
	"$base/api/games?while=locked")
code3=$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 \
	-b "$tmp/jar" "$base/api/tables/1")
before=$(done_count "$tmp/command")
touch "$tmp/release"
wait $holder
holder=
wait $cmd
echo "# the command answered $(cat "$tmp/command") after the lock"
expect_eq "/static/app.js answered while a command waits for the lock" \
	"$code $before" "200 0"
expect_eq "the API answered while a command waits for the lock" \
	"$code2 $code3 $before" "200 200 0"
case $(cat "$tmp/command") in
200 | 202 | 500) ok "the command answered once the lock is let go" ;;
*) not_ok "the command answered once the lock is let go" \
	"got: $(cat "$tmp/command")" ;;
esac
