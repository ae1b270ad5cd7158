#!/bin/sh
# pitbossd's files: the configuration read without -c, the one the
# systemd unit names; the dashboard's pages, script and style built in,
# or served from a folder with --assets. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

plan 10

# One configuration path: the one read without -c is the one the unit
# names and the one make install puts the example beside.
conf_path="${sysconfdir:?run by make check}/pitboss/pitboss.conf"
out=$("$PITBOSSD" --help)
expect_match "--help names the default configuration" "$out" \
	"the configuration ($conf_path)"
out=$("$PITBOSSD" -t 2>&1)
expect_match "-t without -c checks the default configuration" "$out" \
	"$conf_path"
unit="${top_builddir:-.}/etc/pitbossd.service"
expect_eq "the systemd unit reads the same file" \
	"$(grep -c -- " -c $conf_path\$" "$unit")" 2

# The dashboard's files are built in: served from anywhere, byte for
# byte, with their types and the security headers.
assets="$(cd "${top_srcdir:-.}/web/assets" && pwd)"
pitboss_dir=$(cd "$(dirname "$PITBOSSD")" && pwd)
mkdir "$tmp/run"
cd "$tmp/run" || exit 1
if start_web "$tmp/web.log" "$pitboss_dir/pitbossd" -f --sim 1 \
	--no-noise --db "$tmp/web.db"; then
	pid=$web_pid
	url="http://127.0.0.1:$web_port"
	differ=
	for f in "$assets"/*; do
		name=${f##*/}
		curl -s "$url/static/$name" -o "$tmp/got" &&
			cmp -s "$tmp/got" "$f" || differ="$differ $name"
	done
	expect_eq "every file of web/assets is served, built in" "$differ" ""
	curl -s "$url/" -o "$tmp/got"
	cmp -s "$tmp/got" "$assets/index.html"
	expect_eq "/ is index.html" "$?" 0
	types=
	for name in index.html app.js style.css; do
		types="$types$(curl -s -o /dev/null -w '%{content_type}' \
			"$url/static/$name");"
	done
	expect_eq "each with its type" "$types" \
"text/html; charset=utf-8;text/javascript; charset=utf-8;text/css; charset=utf-8;"
	headers=$(curl -s -D - -o /dev/null "$url/static/app.js" | tr -d '\r')
	expect_match "and the security headers" "$headers" \
		"X-Content-Type-Options: nosniff"
	codes=
	for path in /static/nope.css /static/../web/web.c \
		/static/%2e%2e/web.c /static/assets/app.js /static/; do
		codes="$codes $(curl -s --path-as-is -o /dev/null \
			-w '%{http_code}' "$url$path")"
	done
	expect_eq "nothing else is served" "$codes" " 404 404 404 404 404"
	kill -TERM $pid
	wait $pid
	pid=
else
	for i in 1 2 3 4 5; do
		not_ok "the dashboard with its files built in" "$(cat "$tmp/web.log")"
	done
fi

# --assets DIR serves a folder instead (for changing the pages); one
# that is not there is refused at the start.
mkdir "$tmp/assets"
echo "a page being changed" >"$tmp/assets/index.html"
if start_web "$tmp/web2.log" "$pitboss_dir/pitbossd" -f --sim 1 \
	--no-noise --db "$tmp/web.db" --assets "$tmp/assets"; then
	pid=$web_pid
	expect_eq "--assets DIR serves that folder" \
		"$(curl -s "http://127.0.0.1:$web_port/")" "a page being changed"
	kill -TERM $pid
	wait $pid
	pid=
else
	not_ok "--assets DIR serves that folder" "$(cat "$tmp/web2.log")"
fi
if start_web "$tmp/web3.log" "$pitboss_dir/pitbossd" -f --sim 1 \
	--no-noise --db "$tmp/web.db" --assets "$tmp/no-such-folder"; then
	kill -TERM $web_pid
	wait $web_pid
	not_ok "a missing --assets folder is refused" "$(cat "$tmp/web3.log")"
else
	expect_match "a missing --assets folder is refused" \
		"$(cat "$tmp/web3.log")" "web assets $tmp/no-such-folder: "
fi
cd / || exit 1
