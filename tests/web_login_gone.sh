#!/bin/sh
# Logins waiting for their password's hash (one worker hashes them in
# turn) whose client has gone: one that waits behind another's hash is
# resumed at the watchdog's next look, while the other is still hashed,
# and its password is never hashed, nor that of a client that only shut
# its sending side down (answered then, unchecked, unless libmicrohttpd
# closes its connection as it is resumed); one whose hash is under way is
# resumed too, and the worker goes on to the next login. Each client
# sends from its own loopback address; every wait is bounded, no speed
# is measured. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-login.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; wait 2>/dev/null;
	rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null || ! command -v perl >/dev/null; then
	echo "1..0 # SKIP curl or perl not installed"
	exit 0
fi
curl -s -o /dev/null --interface 127.0.0.2 --max-time 2 http://127.0.0.1:1/
if [ $? -eq 45 ]; then
	echo "1..0 # SKIP no loopback address 127.0.0.2 to send from"
	exit 0
fi
plan 8

# A hash that takes the worker a while (seconds), so that logins queue.
hash=$(perl -e 'print crypt("club-secret", q($6$rounds=30000000$pitbosstest$))')
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

# login N PASSWORD: a login from 127.0.0.N in the background, its status
# into $tmp/login.N once answered; $! its curl.
login() {
	curl -s -o /dev/null -w '%{http_code}' --max-time 300 \
		--interface "127.0.0.$1" -X POST \
		-H 'Content-Type: application/json' \
		--data "{\"password\":\"$2\"}" "$base/api/login" \
		>"$tmp/login.$1" &
}

# seen TEXT: waits (up to two minutes) until the log has a line with TEXT.
seen() {
	for i in $(seq 1200); do
		grep -q "$1" "$tmp/log" && return 0
		sleep 0.1
	done
	return 1
}

# ---- behind another's hash: one gone, one half-closed
login 2 club-secret
first=$!
seen 'password tried from 127.0.0.2 '
login 3 wrong
gone=$!
perl -MIO::Socket::INET -e '
	my ($port, $shut) = @ARGV;
	my $body = q({"password":"wrong"});
	alarm 300;
	my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1",
				      PeerPort => $port,
				      LocalAddr => "127.0.0.5")
		or die "connect: $!";
	print $s "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n",
	    "Content-Type: application/json\r\n",
	    "Content-Length: ", length($body), "\r\n\r\n", $body;
	$s->flush;
	# Shut down once the login waits (libmicrohttpd reading the end
	# with the request would end it at once, without a word).
	select(undef, undef, undef, 0.1) until -e $shut;
	shutdown($s, 1);
	local $/;
	my $r = <$s>;
	print defined $r ? $r : "";
' "$web_port" "$tmp/shut" >"$tmp/half.out" &
half=$!
seen 'password tried from 127.0.0.3 '
seen 'password tried from 127.0.0.5 '
touch "$tmp/shut"
kill "$gone" 2>/dev/null
wait "$gone" 2>/dev/null
seen 'login from 127.0.0.3 has gone'
wait "$half"
first_state=waiting
[ -s "$tmp/login.2" ] && first_state=answered
expect_eq "a login whose client has gone is resumed while the one before is hashed" \
	"$(grep -c 'login from 127.0.0.3 has gone' "$tmp/log") $first_state" \
	"1 waiting"
expect_eq "so is one whose client shut its sending side down" \
	"$(grep -c 'login from 127.0.0.5 has gone' "$tmp/log") $first_state" \
	"1 waiting"
# libmicrohttpd may close such a connection as it is resumed; when it
# does not, the answer says why.
half_status=$(head -n 1 "$tmp/half.out" | tr -d '\r')
case "$half_status" in
"") ok "its connection closed by libmicrohttpd on its resume" ;;
*) expect_match "its answer says its password was not checked" \
	"$half_status $(tail -n 1 "$tmp/half.out")" \
	"400 Bad Request {\"error\":\"login not checked" ;;
esac
wait "$first"
expect_eq "the login before them is answered as ever" \
	"$(cat "$tmp/login.2")" 200

# ---- gone while its own password is hashed
login 4 wrong
during=$!
seen 'hashing the password tried from 127.0.0.4'
kill "$during" 2>/dev/null
wait "$during" 2>/dev/null
seen 'login from 127.0.0.4 has gone'
expect_eq "a login whose client goes while its password is hashed is resumed" \
	"$(grep -c 'login from 127.0.0.4 has gone' "$tmp/log")" 1
login 6 club-secret
wait $!
expect_eq "the worker goes on to the next login once that hash ends" \
	"$(cat "$tmp/login.6")" 200
expect_eq "the passwords of logins gone before their turn are never hashed" \
	"$(sed -n 's/.*hashing the password tried from \([0-9.]*\).*/\1/p' \
	   "$tmp/log" | tr '\n' ' ')" "127.0.0.2 127.0.0.4 127.0.0.6 "
expect_eq "the dashboard still answers" \
	"$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 \
	   "$base/api/tables")" 200
exit $tap_failed
