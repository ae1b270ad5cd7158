#!/bin/sh
# Answers kept and sent again: the files compiled in (and those of an
# assets folder) with their ETag, 304 Not Modified when the client has
# them; the API's read answers kept until the data change, whoever
# changed them. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
assets="$(cd "${top_srcdir:-.}/web/assets" && pwd)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pitboss-cache.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v curl >/dev/null; then
	echo "1..0 # SKIP curl not installed (Debian package: curl)"
	exit 0
fi
plan 16

PITBOSS_DB="$tmp/club.db"
export PITBOSS_DB
"$PITBOSS" db init >/dev/null
"$PITBOSS" player add Ada >/dev/null
"$PITBOSS" player add Bob >/dev/null
game() {
	"$PITBOSS" game add --seat S=Ada --seat N=Bob -o 'pits=3 seeds=1' \
		b A c C A a >/dev/null
}
game
printf 'database = %s\n' "$PITBOSS_DB" >"$tmp/pitboss.conf"

# status URL [CURL-OPTIONS]: "CODE BYTES", the headers in $tmp/head.
status() {
	url=$1
	shift
	curl -s -D "$tmp/head" -o "$tmp/body" -w '%{http_code} %{size_download}' \
		"$@" "$base$url"
}
header() { sed -n "s/^$1: *//Ip" "$tmp/head" | tr -d '\r'; }

start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"

# Without a camera or MQTT, their libraries are not even mapped.
expect_eq "no camera nor MQTT library mapped" \
	"$(grep -c 'libmosquitto\|liblept\|libturbojpeg' "/proc/$pid/maps")" 0

size=$(wc -c <"$assets/app.js")
out=$(status /static/app.js)
etag=$(header ETag)
expect_eq "a file compiled in, whole" "$out" "200 $size"
expect_eq "the same bytes as the source" "$(cmp "$tmp/body" "$assets/app.js" && echo same)" same
expect_match "with an ETag" "$etag" '"'
expect_eq "asked for again with it" "$(header Cache-Control)" "no-cache"
out=$(status /static/app.js -H "If-None-Match: $etag")
expect_eq "the client has it: 304, no body" "$out" "304 0"
expect_eq "the 304 names the ETag" "$(header ETag)" "$etag"
out=$(status /static/app.js -H 'If-None-Match: "0000000000000000"')
expect_eq "another ETag: the file" "$out" "200 $size"
out=$(status /)
expect_match "a page too" "$(header ETag)" '"'

# The API: kept while nothing changes, new once another program wrote.
status /api/players/1/history >/dev/null
first=$(cat "$tmp/body")
status /api/players/1/history >/dev/null
expect_eq "a kept answer is the same" "$(cat "$tmp/body")" "$first"
expect_eq "and never kept by the browser" "$(header Cache-Control)" "no-store"
game
status /api/players/1/history >/dev/null
expect_eq "a game added by the CLI shows at once" \
	"$(grep -o '"id":[0-9]*,"game"' "$tmp/body" | wc -l)" 2
status "/api/players/1/history?limit=1" >/dev/null
expect_eq "the query is part of what is kept" \
	"$(grep -o '"id":[0-9]*,"game"' "$tmp/body" | wc -l)" 1
# More answers than are kept (WEB_CACHE): the oldest go, and each
# answer is still the right one.
pad=$(printf '%0200d' 0)
bad=0
for i in $(seq 80) $(seq 80); do
	status "/api/players/1/history?limit=$((i % 3 + 1))&pad=$pad$i" \
		>/dev/null
	[ "$(grep -o '"id":[0-9]*,"game"' "$tmp/body" | wc -l)" -eq \
		$(( i % 3 + 1 > 2 ? 2 : i % 3 + 1 )) ] || bad=$((bad + 1))
done
expect_eq "over what is kept, every answer is right" "$bad" 0
kill -TERM $pid; wait $pid; pid=

# An assets folder: the file as it is now, with an ETag of its own.
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/pitboss.conf" \
	--assets "$assets" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
base="http://127.0.0.1:$web_port"
status /static/app.js >/dev/null
etag=$(header ETag)
out=$(status /static/app.js -H "If-None-Match: $etag")
expect_eq "from a folder: 304 when the client has it" "$out" "304 0"
out=$(status /static/style.css -H "If-None-Match: $etag")
expect_eq "another file: not" "$(echo "$out" | cut -d' ' -f1)" 200
kill -TERM $pid; wait $pid; pid=
