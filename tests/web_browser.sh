#!/bin/sh
# The dashboard in a real browser: Debian's chromium, headless, driven by
# playwright-core (tests/browser) against three pitbossd on temporary
# databases and free ports: a --demo one (a tournament, its series and
# games), one with an arbiter's password whose tables replay traces, and
# a club's: two simulated tables, fast, an arbiter's password and an
# empty database, on which the test keeps a whole evening; and a
# Transport one: a table without sensors, one whose replayed occupancy
# board leaves a move held, and a round robin of Transport; and, where
# mosquitto and a pitbossd built with libmosquitto are at hand, a hub
# with a remote table faked through a real broker.
# tests/browser/dashboard.test.mjs checks every page, a live table, the
# arbiter's login and a correction, and a phone-sized screen, and runs
# club.test.mjs (the club's pages and evening), transport.test.mjs and
# hub.test.mjs (a command the remote table answers late); its TAP is
# passed through.
#
# Installs no system packages (./bootstrap does): without node or
# chromium it skips. playwright-core comes from npm (npm ci, once) into
# a cache: $PITBOSS_BROWSER_CACHE, else ~/.cache/pitboss/browser.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSSD="${top_builddir:-.}/pitbossd"
PITBOSS="${top_builddir:-.}/pitboss"
src="$(cd "${top_srcdir:-.}" && pwd)"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
tmp=$(mktemp -d)
demo='' live='' night='' fleet='' hub='' broker_pid=''
trap '[ -n "$demo" ] && kill -9 $demo 2>/dev/null; [ -n "$live" ] && kill -9 $live 2>/dev/null; [ -n "$night" ] && kill -9 $night 2>/dev/null; [ -n "$fleet" ] && kill -9 $fleet 2>/dev/null; [ -n "$hub" ] && kill -9 $hub 2>/dev/null; [ -n "$broker_pid" ] && kill $broker_pid 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "1..0 # SKIP node or npm not installed (Debian packages: nodejs npm; ./bootstrap installs them)"
	exit 0
fi
if [ ! -x "$CHROMIUM" ]; then
	echo "1..0 # SKIP $CHROMIUM not installed (Debian package: chromium; ./bootstrap installs it)"
	exit 0
fi
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)
case "$major" in
''|*[!0-9]*)
	echo "1..0 # SKIP node does not run: $(node --version 2>&1 | head -n 1)"
	exit 0 ;;
esac
if [ "$major" -lt 18 ]; then
	echo "1..0 # SKIP node $(node --version) is older than 18, which playwright-core needs"
	exit 0
fi

# playwright-core, installed once per package-lock.json. The source tree
# may be read-only (make distcheck): the tests run from a copy.
lock="$src/tests/browser/package-lock.json"
sum=$(cksum <"$lock" | cut -d' ' -f1)
cache="${PITBOSS_BROWSER_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/pitboss/browser}/$sum"
if [ ! -d "$cache/node_modules/playwright-core" ]; then
	if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then
		cache="$tmp/npm"
		mkdir -p "$cache"
	fi
	work=$(mktemp -d "$cache/install.XXXXXX")
	cp "$src/tests/browser/package.json" "$lock" "$work/"
	if ! (cd "$work" && npm ci --no-audit --no-fund --loglevel=error) >"$tmp/npm.log" 2>&1; then
		echo "1..0 # SKIP npm ci could not install playwright-core (no network?): $(grep -m 1 -i error "$tmp/npm.log")"
		rm -rf "$work"
		exit 0
	fi
	# Another run may have finished first; either copy is the same.
	[ -d "$cache/node_modules" ] || mv "$work/node_modules" "$cache/node_modules"
	rm -rf "$work"
fi
run="$tmp/run"
mkdir -p "$run"
cp "$src/tests/browser/package.json" "$src/tests/browser/"*.test.mjs "$run/"
ln -s "$cache/node_modules" "$run/node_modules"

password=club-secret
hash=$(perl -e 'print crypt($ARGV[0], q($6$pitbosstest$))' "$password")
cat >"$tmp/live.conf" <<EOC
database = $tmp/live.db
web.listen = 127.0.0.1
web.password-hash = $hash
log-level = info
[table 1]
name = Front
players = Ada, Bob
source = sim
seed = 7
player = greedy
analysis = live
[table 2]
name = Back
players = Cleo, Dev
source = replay
trace = $src/tests/traces/hand-skipped-pit.trace
[table 3]
name = Side
game = codegame
options = players=2 secrets=ask
players = Eve, Fay
pins = 1111, 2222
source = replay
trace = $tmp/code.trace
[table 4]
name = Corner
players = Gus, Hana
source = replay
trace = $tmp/held.trace
EOC
printf '# pitboss-trace 1\n# table 1 codegame players=2 secrets=ask\n0.000 1 start\n' \
	>"$tmp/code.trace"
# Table 4 stops on a move the referee holds for the arbiter.
sed -n '1,/^3.000 1 button S/p' "$src/tests/traces/hand-held-then-confirmed.trace" \
	>"$tmp/held.trace"

# A club night kept by hand: five players, a seeded knockout with
# byes, a third-place match, a forfeit, every series played out.
club() { PITBOSS_DB="$tmp/live.db" "$PITBOSS" "$@" >>"$tmp/club.log" 2>&1; }
club_night() {
	club db init || return 1
	for p in Ada Bob Cleo Dana Eve; do club player add "$p" || return 1; done
	club tournament create 'Club Night' --third-place --target 2 \
		-o 'pits=3 seeds=1' &&
		club tournament enter 1 Ada Bob Cleo Dana Eve &&
		club tournament seed 1 Dana 1 && club tournament draw 1 &&
		club tournament forfeit 1 Eve || return 1
	for s in 2 3 4 5; do
		club game add --series $s b A c C A a || return 1
	done
}
club_night ||
	{ printf '1..1\nnot ok 1 - the club night was kept with pitboss\n'; sed 's/^/# /' "$tmp/club.log"; exit 1; }

start_web "$tmp/demo.log" "$PITBOSSD" -f --demo --db "$tmp/demo.db" \
	--speed 20 --assets "$src/web/assets" ||
	{ printf '1..1\nnot ok 1 - the demo daemon started\n'; sed 's/^/# /' "$tmp/demo.log"; exit 1; }
demo=$web_pid
demo_port=$web_port
# At twice real time the simulated table plays a move every second or two,
# game after game, for as long as the pages are checked; the short trace
# ends after 5 s.
start_web "$tmp/live.log" "$PITBOSSD" -f -c "$tmp/live.conf" --speed 2 \
	--assets "$src/web/assets" ||
	{ printf '1..1\nnot ok 1 - the live daemon started\n'; sed 's/^/# /' "$tmp/live.log"; exit 1; }
live=$web_pid
live_port=$web_port

# The club's evening: two sensor tables (simulated, at 1000 times real
# time) and nothing else; the test enters the players and the
# tournaments as an organiser would.
cat >"$tmp/night.conf" <<EOC
database = $tmp/night.db
web.listen = 127.0.0.1
web.password-hash = $hash
log-level = info
[table 1]
name = Front
source = sim
seed = 11
[table 2]
name = Back
source = sim
seed = 12
EOC
start_web "$tmp/night.log" "$PITBOSSD" -f -c "$tmp/night.conf" --speed 1000 \
	--assets "$src/web/assets" ||
	{ printf '1..1\nnot ok 1 - the club'"'"'s daemon started\n'; sed 's/^/# /' "$tmp/night.log"; exit 1; }
night=$web_pid

night_port=$web_port

# Transport: a table without sensors whose moves the arbiter enters on
# its page, one whose occupancy board (a replayed trace) leaves a move
# held, and a round robin of Transport series kept with pitboss.
cat >"$tmp/fleet.conf" <<EOC
database = $tmp/fleet.db
web.listen = 127.0.0.1
web.password-hash = $hash
log-level = info
[table 1]
name = Bay
game = transport
options = size=8
players = Eve, Fay
source = manual
[table 2]
name = Cove
game = transport
options = size=8
players = Gil, Hal
source = replay
trace = $tmp/tp-held.trace
EOC
# Table 2 stops on a launch its occupancy board cannot point: c3
# filled, held for the direction.
cat >"$tmp/tp-held.trace" <<EOT
# pitboss-trace 1
# table 1 transport size=8
0.000 1 start
1.000 1 snapshot xx..x.xx/.x....x./......../......../......../..x...../.x....x./xx.x..xx
EOT
fleet() { PITBOSS_DB="$tmp/fleet.db" "$PITBOSS" "$@" >>"$tmp/fleet-cli.log" 2>&1; }
fleet_cup() {
	fleet db init || return 1
	for p in Ada Bob Cleo Dan; do fleet player add "$p" || return 1; done
	fleet tournament create 'Fleet Cup' --game transport -o size=8 \
		--target 2 --format round-robin &&
		fleet tournament enter 1 Ada Bob Cleo Dan &&
		fleet tournament draw 1 || return 1
	for i in 1 2; do
		fleet game add --series 1 C*c3:ne Da8-a7 Pc3-e5:n Da7-a6 \
			Pe5-e7:n Da6-a5 Pe7-e8 || return 1
	done
}
fleet_cup ||
	{ printf '1..1\nnot ok 1 - the Transport cup was kept with pitboss\n'; sed 's/^/# /' "$tmp/fleet-cli.log"; exit 1; }
start_web "$tmp/fleet.log" "$PITBOSSD" -f -c "$tmp/fleet.conf" \
	--assets "$src/web/assets" ||
	{ printf '1..1\nnot ok 1 - the Transport daemon started\n'; sed 's/^/# /' "$tmp/fleet.log"; exit 1; }
fleet=$web_pid

fleet_port=$web_port

# A hub with one remote table, "t1", faked with mosquitto_pub through a
# real broker: online, a game under way, its commands never answered
# but by the test (hub.test.mjs). Left out without mosquitto.
# Under CI=true a missing broker fails the hub's group (hub_missing).
hub_url='' hub_log='' hub_missing=''
. "$src/tests/mqtt_broker.sh"
for prog in mosquitto mosquitto_pub mosquitto_sub; do
	command -v "$prog" >/dev/null 2>&1 || hub_missing="$hub_missing $prog"
done
grep -q '^#define HAVE_MOSQUITTO 1' "${top_builddir:-.}/config.h" ||
	hub_missing="$hub_missing libmosquitto-dev(pitbossd-built-without-it)"
if [ -z "$hub_missing" ] && ! pick_broker; then
	hub_missing=" a-broker-that-starts(see-$tmp/broker.log)"
	sed 's/^/# broker: /' "$tmp/broker.log"
fi
if [ -z "$hub_missing" ]; then
	cat >"$tmp/hub.conf" <<EOC
database = $tmp/hub.db
web.listen = 127.0.0.1
web.password-hash = $hash
mqtt.port = $broker_port
log-level = info
EOC
	start_web "$tmp/hub.log" "$PITBOSSD" -f -c "$tmp/hub.conf" --hub \
		--assets "$src/web/assets" ||
		{ printf '1..1\nnot ok 1 - the hub started\n'; sed 's/^/# /' "$tmp/hub.log"; exit 1; }
	hub=$web_pid
	hub_log="$tmp/hub.log"
	# The hub says it is online (retained) once it has subscribed to
	# the tables' topics: the game's start (not retained) sent before
	# that would be lost.
	hub_status=$(mosquitto_sub -p "$broker_port" -t pitboss/v1/hub/status \
		-C 1 -W 120 2>&1)
	case "$hub_status" in
	*'"online"'*) ;;
	*) printf '1..1\nnot ok 1 - the hub said it was online within two minutes (%s)\n' "$hub_status"
	   sed 's/^/# /' "$tmp/hub.log"; exit 1 ;;
	esac
	mosquitto_pub -p "$broker_port" -q 1 -r -t pitboss/v1/t1/status \
		-m '{"v":1,"table":"t1","state":"online","seq":0,"at":"x"}'
	mosquitto_pub -p "$broker_port" -q 1 -t pitboss/v1/t1/event -m \
		'{"v":1,"table":"t1","seq":1,"kind":"game-start","at":"2026-11-24T03:00:00.000Z","payload":{"game":1,"kind":"kalah","options":"pits=3 seeds=1","board":"Table 1","seats":2,"first_seat":0,"first_how":"rules","started":"2026-11-24T03:00:00.000Z","position":"start","series":null,"hub_series":null,"game_no":1,"players":[{"seat":0,"member":0,"name":"Ann"},{"seat":1,"member":0,"name":"Bob"}]}}'
	hub_url="http://127.0.0.1:$web_port"
else
	broker_pid=
fi

PITBOSS_HUB_URL="$hub_url" PITBOSS_HUB_BROKER="$broker_port" \
PITBOSS_HUB_MISSING="$hub_missing" \
PITBOSS_TRANSPORT_URL="http://127.0.0.1:$fleet_port" \
PITBOSS_CLUB_URL="http://127.0.0.1:$night_port" PITBOSS_CLUB_DB="$tmp/night.db" \
PITBOSS_DEMO_URL="http://127.0.0.1:$demo_port" \
PITBOSS_LIVE_URL="http://127.0.0.1:$live_port" \
PITBOSS_PASSWORD="$password" CHROMIUM="$CHROMIUM" \
PITBOSS_CLI="$PITBOSS" PITBOSS_LIVE_DB="$tmp/live.db" \
	node "$run/dashboard.test.mjs"
status=$?

for p in $demo $live $night $fleet $hub; do
	kill -TERM "$p" 2>/dev/null
	wait "$p"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "# pitbossd (pid $p) exited $rc"
		status=1
	fi
done
demo='' live='' night='' fleet='' hub=''
if [ "$status" -ne 0 ]; then
	echo "# the daemons' logs, last lines:"
	tail -n 15 "$tmp/demo.log" "$tmp/live.log" "$tmp/night.log" "$tmp/fleet.log" $hub_log | sed 's/^/# /'
fi
exit "$status"
