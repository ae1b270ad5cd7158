#!/bin/sh
# Logins waiting for their password's hash (one worker hashes them in
# turn) whose client has gone: one that waits behind another's hash is
# resumed at the watchdog's next look, while the other is still hashed,
# and its password is never hashed, nor that of a client that only shut
# its sending side down (answered then, unchecked, unless libmicrohttpd
# closes its connection as it is resumed), and their tries are given
# back to their address; one whose hash is under way is resumed too, its
# try still counted, and the worker goes on to the next login. Each
# client sends from its own loopback address. The hash is scaled to
# take some seconds on this machine as it is now; every wait is for a
# line in the log or an answer, bounded generously; no speed is
# measured. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-login.XXXXXX")
pid=
bg=
trap 'for j in $bg; do kill -9 $j 2>/dev/null; done
	[ -n "$pid" ] && kill -9 $pid 2>/dev/null; wait 2>/dev/null
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
plan 11

# A hash that takes the worker a while (about HASH_S seconds here and
# now), so that logins queue behind it: the rounds of sha512-crypt scaled
# from the time one of a million rounds takes.
HASH_S=8
rounds=$(perl -MTime::HiRes=time -e '
	my ($s, $r) = @ARGV;
	my $t0 = time();
	my $h = crypt("calibration", "\$6\$rounds=$r\$pitbosscalib\$");
	my $t = time() - $t0;
	die "no sha512-crypt\n" unless defined $h && $h =~ /^\$6\$/;
	$t = 0.001 if $t < 0.001;
	my $n = int($r * $s / $t);
	$n = 1000 if $n < 1000;
	$n = 999999999 if $n > 999999999;
	print $n;
' "$HASH_S" 1000000) || { echo "Bail out! cannot time sha512-crypt"; exit 1; }
hash=$(perl -e 'print crypt($ARGV[0], $ARGV[1])' club-secret \
	"\$6\$rounds=$rounds\$pitbosstest\$")
case "$hash" in
"\$6\$"*) ;;
*) echo "Bail out! no sha512-crypt hash"; exit 1 ;;
esac
echo "# sha512-crypt with $rounds rounds (about $HASH_S s here)"
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
	curl -s -o /dev/null -w '%{http_code}' --max-time 900 \
		--interface "127.0.0.$1" -X POST \
		-H 'Content-Type: application/json' \
		--data "{\"password\":\"$2\"}" "$base/api/login" \
		>"$tmp/login.$1" &
	bg="$bg $!"
}

# seen TEXT [N]: waits (up to five minutes) until the log has N (1) lines
# with TEXT; fails the test at once when the daemon has stopped.
seen() {
	for i in $(seq 3000); do
		[ "$(grep -c -F "$1" "$tmp/log")" -ge "${2:-1}" ] && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	echo "Bail out! no ${2:-1} log lines with '$1'"
	cat "$tmp/log"
	exit 1
}

# tries N: the counts logged for the tries from 127.0.0.N, in turn.
tries() {
	sed -n "s/.*password tried from 127\.0\.0\.$1 (\([0-9]*\) of .*/\1/p" \
		"$tmp/log" | tr '\n' ' '
}

# again N K: once the login from 127.0.0.N has gone (K times), another
# from there, counted, then dropped before its turn.
again() {
	login "$1" wrong
	again_pid=$!
	seen "password tried from 127.0.0.$1 " "$2"
	kill "$again_pid" 2>/dev/null
	wait "$again_pid" 2>/dev/null
	seen "login from 127.0.0.$1 has gone" "$2"
}

# ---- behind another's hash: one gone, one half-closed
login 2 club-secret
first=$!
seen 'hashing the password tried from 127.0.0.2'
login 3 wrong
gone=$!
perl -MIO::Socket::INET -e '
	my ($port, $shut) = @ARGV;
	my $body = q({"password":"wrong"});
	alarm 900;
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
bg="$bg $half"
seen 'password tried from 127.0.0.3 '
seen 'password tried from 127.0.0.5 '
touch "$tmp/shut"
kill "$gone" 2>/dev/null
wait "$gone" 2>/dev/null
seen 'login from 127.0.0.3 has gone'
seen 'login from 127.0.0.5 has gone'
wait "$half"
first_state=waiting
[ -s "$tmp/login.2" ] && first_state=answered
# Tried again from there while the first is still hashed: given back.
again 3 2
again 5 2
again_state=waiting
[ -s "$tmp/login.2" ] && again_state=answered
expect_eq "a login whose client has gone is resumed while the one before is hashed" \
	"$(grep -c 'login from 127.0.0.3 has gone' "$tmp/log") $first_state" \
	"2 waiting"
expect_eq "so is one whose client shut its sending side down" \
	"$(grep -c 'login from 127.0.0.5 has gone' "$tmp/log") $first_state" \
	"2 waiting"
# libmicrohttpd may close such a connection as it is resumed; when it
# does not, the answer says why.
half_status=$(head -n 1 "$tmp/half.out" | tr -d '\r')
case "$half_status" in
"") ok "its connection closed by libmicrohttpd on its resume" ;;
*) expect_match "its answer says its password was not checked" \
	"$half_status $(tail -n 1 "$tmp/half.out")" \
	"400 Bad Request {\"error\":\"login not checked" ;;
esac
expect_eq "a gone login never hashed is not counted against its address" \
	"$(tries 3)$again_state" "1 1 waiting"
expect_eq "nor is a half-closed one, however libmicrohttpd ended it" \
	"$(tries 5)$again_state" "1 1 waiting"
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
again 4 2
expect_eq "and its try stays counted (its hash had started)" \
	"$(tries 4)$(grep -c 'hashing the password tried from 127.0.0.4' \
	   "$tmp/log")" "1 2 1"
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
