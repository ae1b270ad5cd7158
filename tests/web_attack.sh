#!/bin/sh
# The dashboard under attack, on loopback addresses only (127.0.0.2 and
# up need no setup on Linux): passwords tried in parallel and from many
# addresses against the login limit; requests sent a line at a time
# from many addresses to hold every connection; event streams that never
# read while the verdicts flow. Each part is bounded in time and
# count and prints its figures as TAP comments. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
CLIENT="${top_builddir:-.}/tests/web_client"
assets="$(cd "${top_srcdir:-.}/web/assets" && pwd)"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null || ! command -v perl >/dev/null; then
	echo "1..0 # SKIP curl or perl not installed"
	exit 0
fi
curl -s -o /dev/null --interface 127.0.0.2 --max-time 2 http://127.0.0.1:1/
if [ $? -eq 45 ]; then
	echo "1..0 # SKIP no loopback address 127.0.0.2 to send from"
	exit 0
fi
plan 12

# A slow hash (about 50 ms), so that parallel tries overlap.
hash=$(perl -e 'print crypt("club-secret", q($6$rounds=100000$pitbosstest$))')
cat >"$tmp/pitboss.conf" <<EOC
database = $tmp/club.db
web.listen = 127.0.0.1
web.password-hash = $hash
log-level = debug
EOC
# Four simulated tables, fast: verdicts flow all along.
for t in 1 2 3 4; do
	printf '[table %s]\nsource = sim\nseed = %s\n' $t $((t + 10)) \
		>>"$tmp/pitboss.conf"
done
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" --speed 50 \
	--assets "$assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"

# login FROM PASSWORD: the status of a login from address FROM.
login() {
	curl -s -o /dev/null -w '%{http_code}' --max-time 60 --interface "$1" \
		-X POST -H 'Content-Type: application/json' \
		--data "{\"password\":\"$2\"}" "$base/api/login"
}

# ---- the login limit: counted before the hash, per address, kept
started=$(date +%s)
tries=
for i in $(seq 60); do
	login 127.0.0.30 wrong >"$tmp/try.$i" &
	tries="$tries $!"
done
wait $tries
hashed=$(cat "$tmp"/try.* | grep -o 401 | wc -l)
refused=$(cat "$tmp"/try.* | grep -o 429 | wc -l)
echo "# 60 wrong passwords at once from one address: $hashed hashed," \
	"$refused refused (429)"
[ "$hashed" -le 5 ] && [ "$hashed" -ge 1 ] && [ $((hashed + refused)) -eq 60 ] &&
	hashed_ok=yes
expect_eq "60 parallel wrong logins: at most 5 are hashed, the rest refused" \
	"${hashed_ok:-no}" yes
expect_eq "the log says the address is blocked, once" \
	"$(grep -o 'dashboard: 5 passwords tried from 127.0.0.30 within a minute' \
		"$tmp/log" | wc -l)" 1
tries=
for i in $(seq 101 165); do
	login 127.0.0.$i wrong >"$tmp/other.$i" &
	tries="$tries $!"
done
wait $tries
out=$(login 127.0.0.30 club-secret)
expect_eq "65 other addresses failing once leave the first blocked" "$out" 429
out=$(login 127.0.0.166 club-secret)
expect_eq "while another address still logs in" "$out" 200
tried=$(grep -o 'dashboard: password tried' "$tmp/log" | wc -l)
echo "# login attempts hashed per minute: 5 at most per address; here $tried" \
	"from 66 addresses in $(( $(date +%s) - started + 1 )) s"
[ "$tried" -le $((5 + 65 + 1)) ] && [ "$tried" -ge 66 ] && tried_ok=yes
if [ "${tried_ok:-no}" = yes ]; then
	ok "every hash is logged, and no more than the limits allow"
else
	not_ok "every hash is logged, and no more than the limits allow" \
		"logged: $tried; want 66 to 71 (1 to 5 from 127.0.0.30, 65 others, 127.0.0.166)" \
		"the 65 others' answers (HTTP status: count):" \
		"$(cat "$tmp"/other.* | fold -w 3 | sort | uniq -c)" \
		"requests the daemon cut: $(grep -c 'was not whole within' "$tmp/log")"
fi

# ---- slow requests: 256 connections from 16 addresses, each sending a
# header line every 5 s and never finishing, for 30 s; meanwhile the
# arbiter's and the table pages are asked for from a 17th address.
"$CLIENT" loris "$web_port" 127.0.0.2 16 256 5 30 >"$tmp/loris" &
loris=$!
sleep 4
probes=0
answered=0
while kill -0 $loris 2>/dev/null; do
	for path in /admin /tables/1 /api/tables; do
		code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 \
			--interface 127.0.0.18 "$base$path")
		probes=$((probes + 1))
		[ "$code" = 200 ] && answered=$((answered + 1))
	done
	sleep 1
done
wait $loris
read -r figures <"$tmp/loris"
echo "# slowloris, 256 connections from 16 addresses for 30 s: $figures;" \
	"probes from another address answered: $answered of $probes"
[ "$probes" -ge 3 ] && [ "$answered" -eq "$probes" ] && probes_ok=yes
expect_eq "pages are served to another address all along" "${probes_ok:-no}" yes
longest=$(printf '%s\n' "$figures" | sed -n 's/.*longest=\([0-9]*\).*/\1/p')
cut=$(printf '%s\n' "$figures" | sed -n 's/.*cut=\([0-9]*\).*/\1/p')
[ "${cut:-0}" -ge 256 ] && [ "${longest:-30000}" -lt 25000 ] && cut_ok=yes
expect_eq "no request takes longer than its deadline to arrive (10 s)" \
	"${cut_ok:-no}" yes
logged=$(grep -o 'requests cut (not whole within 10 s)' "$tmp/log" | wc -l)
[ "$logged" -ge 1 ] && logged=yes
expect_eq "the log counts the requests cut" "$logged" yes
out=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$base/api/tables")
expect_eq "and afterwards the dashboard serves as before" "$out" 200

# ---- event streams that never read, while verdicts flow; a reader
# from another address all along.
rss() { sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' /proc/$pid/status; }
before=$(rss)
"$CLIENT" stall "$web_port" 127.0.0.50 40 30 >"$tmp/stall" &
stall=$!
curl -s -N --max-time 32 --interface 127.0.0.51 "$base/api/events" \
	>"$tmp/reader" &
reader=$!
peak=$before
for i in $(seq 30); do
	sleep 1
	now=$(rss)
	[ "${now:-0}" -gt "$peak" ] && peak=$now
done
wait $stall
wait $reader
read -r figures <"$tmp/stall"
dropped=$(grep -o 'event stream to 127.0.0.50 dropped' "$tmp/log" | wc -l)
first=$(sed -n 's/^id: //p' "$tmp/reader" | head -n 1)
last=$(sed -n 's/^id: //p' "$tmp/reader" | tail -n 1)
got=$(grep -c '^id: ' "$tmp/reader")
echo "# 40 event streams that never read, for 30 s: $figures, $dropped" \
	"dropped by the daemon; its memory: $before kB before, at most $peak kB" \
	"during; the reader got events $first to $last ($got)"
expect_eq "the streams that never read are dropped" "$figures:$dropped" \
	"streams=40 closed=40:40"
[ $((peak - before)) -lt 16384 ] && mem_ok=yes
expect_eq "and cost the daemon little memory (under 16 MiB for 40)" \
	"${mem_ok:-no}" yes
[ -n "$first" ] && [ $((last - first)) -ge 100 ] &&
	[ "$got" -eq $((last - first + 1)) ] && reader_ok=yes
expect_eq "while a reader gets every verdict all along" \
	"${reader_ok:-no}:$(grep -c 'event stream to 127.0.0.51' "$tmp/log")" \
	yes:0

kill -TERM $pid
wait $pid
pid=
