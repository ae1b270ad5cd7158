#!/bin/sh
# pitboss passwd: the password read from standard input, its crypt(3)
# hash written into the configuration in place (the other lines, the
# file's mode and a link kept), refusals with the file's line, and the
# daemon letting the arbiter in with that password. Prints TAP.
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

# hash_of FILE: the value of web.password-hash in FILE.
hash_of() { sed -n 's/^web\.password-hash = //p' "$1"; }
# matches PASSWORD HASH: crypt(3) gives HASH again for PASSWORD.
matches() {
	perl -e 'exit(crypt($ARGV[0], $ARGV[1]) eq $ARGV[1] ? 0 : 1)' "$1" "$2"
}

conf="$tmp/pitboss.conf"
cat >"$conf" <<EOC
# the club's configuration
database = $tmp/club.db
# web.password-hash = \$y\$...   (pitboss passwd)
web.listen = 127.0.0.1
log-level = info

[table 1]
source = sim
EOC
chmod 640 "$conf"
cp "$conf" "$tmp/before"

out=$(echo 'club secret' | "$PITBOSS" passwd --config "$conf" 2>&1)
expect_eq "set: says where ($out)" "$out" \
	"$conf:4: web.password-hash added; restart pitbossd to use it"
hash=$(hash_of "$conf")
expect_match "yescrypt hash written" "$hash" '$y$'
matches 'club secret' "$hash" && ok "the hash is the password's" ||
	not_ok "the hash is the password's" "$hash"
matches 'club secre' "$hash" && not_ok "another password does not match" ||
	ok "another password does not match"
expect_eq "every other line kept, the key after its comment" \
	"$(sed '4d' "$conf" | cmp - "$tmp/before" && sed -n 3p "$conf")" \
	"# web.password-hash = \$y\$...   (pitboss passwd)"
expect_eq "its mode kept" "$(stat -c %a "$conf")" 640
out=$("$PITBOSSD" -t -c "$conf" 2>&1)
expect_match "pitbossd -t takes it" "$out" "$conf: ok: 1 table"

# Set again: the line replaced, a link's target rewritten.
ln -s "$conf" "$tmp/link.conf"
printf 'other\n' | "$PITBOSS" passwd -c "$tmp/link.conf" >/dev/null 2>&1
expect_eq "set again: one key line" "$(grep -c '^web.password-hash' "$conf")" 1
matches other "$(hash_of "$conf")" && ok "set again: the new password's" ||
	not_ok "set again: the new password's"
[ -L "$tmp/link.conf" ] && ok "a link stays a link" || not_ok "a link stays a link"
expect_eq "no file left beside it" "$(ls "$tmp" | grep -c 'pitboss.conf.')" 0

# Refusals: nothing written.
cp "$conf" "$tmp/kept"
out=$(printf '\n' | "$PITBOSS" passwd -c "$conf" 2>&1; echo "exit $?")
expect_match "an empty password refused" "$out" "empty password"
expect_match "... exit 1" "$out" "exit 1"
out=$("$PITBOSS" passwd -c "$conf" </dev/null 2>&1; echo "exit $?")
expect_match "no input refused" "$out" "no password given"
printf 'web.password-hash = $6$x\n' >>"$conf"
cp "$conf" "$tmp/kept"
out=$(echo pw | "$PITBOSS" passwd -c "$conf" 2>&1; echo "exit $?")
expect_match "a key in a table section refused with its line" "$out" \
	"$conf:10: web.password-hash is a global key"
cmp -s "$conf" "$tmp/kept" && ok "... the file unchanged" ||
	not_ok "... the file unchanged"
printf 'web.password-hash = a\nweb.password-hash = b\n' >"$tmp/twice.conf"
out=$(echo pw | "$PITBOSS" passwd -c "$tmp/twice.conf" 2>&1)
expect_match "a key set twice refused with its lines" "$out" \
	"$tmp/twice.conf:2: web.password-hash set twice (first on line 1)"
out=$(echo pw | "$PITBOSS" passwd -c "$tmp/none.conf" 2>&1; echo "exit $?")
expect_match "a missing file refused" "$out" "No such file or directory"
out=$(echo pw | "$PITBOSS" passwd -c "$conf" extra 2>&1; echo "exit $?")
expect_match "an extra argument: usage error" "$out" "exit 2"

# No hint, no section, no final newline: the key added at the end.
printf 'database = %s/club.db' "$tmp" >"$tmp/bare.conf"
echo pw | "$PITBOSS" passwd -c "$tmp/bare.conf" >/dev/null
expect_eq "added at the end of a bare file" "$(sed -n 1p "$tmp/bare.conf"):$(sed -n 2p "$tmp/bare.conf" | cut -c1-22)" \
	"database = $tmp/club.db:web.password-hash = \$y"

# The daemon lets the arbiter in with it.
sed -i '$d' "$conf"
echo 'club secret' | "$PITBOSS" passwd -c "$conf" >/dev/null
start_web "$tmp/log" "$PITBOSSD" -f -c "$conf" || { cat "$tmp/log"; exit 1; }
pid=$web_pid
login() {
	curl -s -o /dev/null -w '%{http_code}' -X POST \
		-H 'Content-Type: application/json' \
		--data "{\"password\":\"$1\"}" "http://127.0.0.1:$web_port/api/login"
}
expect_eq "the dashboard takes the password set" "$(login 'club secret')" 200
expect_eq "... and refuses another" "$(login 'club')" 401
kill "$pid"
wait "$pid" 2>/dev/null
pid=

echo "1..$tap_n"
