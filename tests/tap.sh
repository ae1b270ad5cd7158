# tap.sh - a few TAP helpers for the shell tests (sourced).
tap_n=0
tap_failed=0

plan() { echo "1..$1"; }

ok() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1"
}

# tap_log FILE: a daemon's log whose last lines each failure prints
# (start_web names its own), so that a failure can be read from the
# test's output alone.
tap_logs=
tap_log() {
	case " $tap_logs " in
	*" $1 "*) ;;
	*) tap_logs="$tap_logs $1" ;;
	esac
}

not_ok() {
	tap_n=$((tap_n + 1))
	tap_failed=1
	echo "not ok $tap_n - $1"
	shift
	for line in "$@"; do printf '%s\n' "$line" | sed 's/^/# /'; done
	for tap_f in $tap_logs; do
		[ -s "$tap_f" ] || continue
		printf '# %s, last lines:\n' "$tap_f"
		tail -n 12 "$tap_f" | sed 's/^/#   /'
	done
}

# expect_eq NAME GOT WANT
expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got:  $2" "want: $3"; fi
}

# expect_match NAME GOT FIXED-STRING
expect_match() {
	case "$2" in
	*"$3"*) ok "$1" ;;
	*) not_ok "$1" "got:  $2" "want (part): $3" ;;
	esac
}

# wait_http URL [CURL-OPTIONS...]: until the server answers (about 5 s).
wait_http() {
	url=$1
	shift
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
		curl -s -o /dev/null "$@" "$url" && return 0
		sleep 0.3
	done
	return 1
}

# start_web LOG COMMAND...: runs COMMAND --web-port PORT in the background,
# its output in LOG, on a port below the kernel's ephemeral range (so no
# outgoing connection holds it) and on another one when that port is
# taken. Waits (up to a minute) until the daemon says its dashboard is
# listening (and, when it logs at info, that it is ready); sets
# web_pid and web_port. Returns 1 when no port could be had or the daemon
# stopped for another reason (its log says why).
# sw_ready: a daemon that logs at info says when its tables and commands
# door are open ("ready: "); wait for that too, however busy the machine.
sw_ready() {
	grep -q ' info: ' "$sw_log" || return 0
	for sw_j in $(seq 600); do
		grep -q 'ready: ' "$sw_log" && return 0
		kill -0 "$web_pid" 2>/dev/null || return 0
		sleep 0.1
	done
}

start_web() {
	sw_log=$1
	shift
	tap_log "$sw_log"
	for sw_try in 1 2 3 4 5 6 7 8; do
		sw_rand=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
		web_port=$((10000 + sw_rand % 20000))
		# Emptied here, not by the redirection of the command in the
		# background, which may come after the look below: a log
		# used again (a restart) would show the last daemon's lines.
		: >"$sw_log"
		"$@" --web-port "$web_port" >>"$sw_log" 2>&1 &
		web_pid=$!
		for sw_i in $(seq 600); do
			if grep -q 'dashboard on ' "$sw_log"; then
				sw_ready
				return 0
			fi
			if ! kill -0 "$web_pid" 2>/dev/null; then
				break
			fi
			sleep 0.1
		done
		kill "$web_pid" 2>/dev/null	# silent for a minute: given up
		wait "$web_pid" 2>/dev/null
		web_pid=
		grep -q 'cannot listen' "$sw_log" || return 1
	done
	return 1
}
