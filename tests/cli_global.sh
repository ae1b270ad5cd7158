#!/bin/sh
# The global options of pitboss, --db and --json, before the group,
# between the group and its command, or after them, as git, sqlite3 or
# systemctl take theirs. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset PITBOSS_DB

plan 11

out=$("$PITBOSS" --db "$tmp/club.db" db init 2>&1); rc=$?
expect_match "--db before the group" "$rc: $out" \
	"0: $tmp/club.db: schema version "

out=$("$PITBOSS" --db "$tmp/club.db" player add Ann 2>&1); rc=$?
expect_eq "pitboss --db FILE player add NAME" "$rc: $out" \
	"0: player 1 added: Ann"

after=$("$PITBOSS" player list --db "$tmp/club.db" --json)
out=$("$PITBOSS" --db="$tmp/club.db" --json player list)
expect_eq "--db=FILE and --json before the group" "$out" "$after"
out=$("$PITBOSS" player --json --db "$tmp/club.db" list)
expect_eq "between the group and its command" "$out" "$after"
out=$("$PITBOSS" --json player list --db "$tmp/club.db")
expect_eq "some before, some after" "$out" "$after"

out=$(PITBOSS_DB="$tmp/other.db" "$PITBOSS" --db "$tmp/club.db" player list)
expect_match "--db before the group goes over \$PITBOSS_DB" "$out" "Ann"

out=$("$PITBOSS" --json rules play kalah c f)
expect_eq "--json before rules" "$out" \
	"$("$PITBOSS" rules play kalah --json c f)"

out=$("$PITBOSS" --json history --db "$tmp/club.db"); rc=$?
expect_eq "--json before a group without commands" "$rc: $out" \
	'0: {"games":[]}'

out=$("$PITBOSS" --db 2>&1); rc=$?
expect_eq "--db without its value is a usage error" "$rc: $out" \
	"2: pitboss: option '--db' needs a value"
out=$("$PITBOSS" --db "$tmp/club.db" 2>&1); rc=$?
expect_eq "options without a group are a usage error" "$rc: $out" \
	"2: pitboss: a command group is missing (try 'pitboss --help')"
out=$("$PITBOSS" --db "$tmp/club.db" --bogus player list 2>&1); rc=$?
expect_eq "an option not global before the group is a usage error" \
	"$rc: $out" \
	"2: pitboss: unknown command group '--bogus' (try 'pitboss --help')"
