# mqtt_broker.sh - sourced by the tests that need a real broker: a
# mosquitto on a free loopback port, its configuration and persistence in
# the test's $tmp, its log in $tmp/broker.log.
#
# start_broker: starts it on $broker_port (0 once it answers, 1 if not);
# sets $broker_pid.
# pick_broker: tries up to eight random ports; $started is yes or no.
# broker_needs: the test skips (fails under CI=true) without mosquitto,
# its clients, sqlite3, curl or a pitbossd built with libmosquitto.

broker_needs() {
	missing=
	for prog in mosquitto mosquitto_pub mosquitto_sub sqlite3 curl; do
		command -v "$prog" >/dev/null 2>&1 || missing="$missing $prog"
	done
	grep -q '^#define HAVE_MOSQUITTO 1' "${top_builddir:-.}/config.h" ||
		missing="$missing libmosquitto-dev(pitbossd-built-without-it)"
	if [ -n "$missing" ]; then
		if [ "$CI" = true ]; then
			echo "1..1"
			echo "not ok 1 - a broker test needs:$missing (Debian: mosquitto mosquitto-clients libmosquitto-dev sqlite3)"
			exit 1
		fi
		echo "1..0 # SKIP needs:$missing (Debian: mosquitto mosquitto-clients libmosquitto-dev sqlite3)"
		exit 0
	fi
}

start_broker() {
	cat > "$tmp/mosquitto.conf" <<EOC
listener $broker_port 127.0.0.1
allow_anonymous true
persistence true
persistence_location $tmp/
EOC
	sb_lines=$(cat "$tmp/broker.log" 2>/dev/null | wc -l)
	mosquitto -c "$tmp/mosquitto.conf" >> "$tmp/broker.log" 2>&1 &
	broker_pid=$!
	# Up once this broker says it runs (its port is its own: a probe
	# alone could be answered by another test's broker on that port)
	# and it answers.
	for i in $(seq 300); do
		kill -0 "$broker_pid" 2>/dev/null || return 1
		tail -n +"$((sb_lines + 1))" "$tmp/broker.log" |
			grep -q 'mosquitto version .* running' &&
			mosquitto_pub -p "$broker_port" -t pitboss/probe -m x \
				2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

pick_broker() {
	started=no
	for try in 1 2 3 4 5 6 7 8; do
		rand=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
		broker_port=$((10000 + rand % 20000))
		if start_broker; then started=yes; return 0; fi
		kill -9 "$broker_pid" 2>/dev/null
		wait "$broker_pid" 2>/dev/null
		broker_pid=
	done
	return 1
}
