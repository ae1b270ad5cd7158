#!/bin/sh
# Every command of README.md's examples (its lines indented by four
# spaces), as written, in order, in an empty folder where ./pitboss and
# ./pitbossd are the built programs and no database exists yet:
#  - ./pitboss and shell lines (export, for) run, and must exit 0;
#  - ./pitbossd lines start a daemon (on a free port, start_web's
#    --web-port added), which must come up and serve its dashboard, and
#    is stopped at the end (it must exit 0);
#  - build lines (./bootstrap, ./configure, make, sh tests/...) are what
#    CI runs (.ci/run): here their parts must exist (the script, each
#    configure option, each make target); 'make demo' starts the daemon
#    its recipe names, as the demo would;
#  - ./pitboss camera lines run on photos rendered here by
#    tests/render_frame: empty.jpg, an empty board, and f01.jpg ...
#    f04.jpg, the frames of a short legal game from the start position;
#    they must exit 0, and follow must accept every frame. In a build
#    without the camera (no tests/render_frame) they must be refused as
#    not compiled in (exit 1);
#  - lines of output shown after a command are known by their form;
#  - in the section on the Debian package, the lines run as root on the
#    installed system (sudo, sudoedit) are run by tests/deb_install.sh,
#    in a Debian root the package is installed into: here they are
#    only counted, each one of a form that script runs.
# Any other indented line fails: a new example is run or named here.
# Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
src="$(cd "${top_srcdir:-.}" && pwd)"
build="$(cd "${top_builddir:-.}" && pwd)"
tmp=$(mktemp -d)
daemons=
trap 'for p in $daemons; do kill -9 "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT

mkdir "$tmp/run"
ln -s "$build/pitboss" "$tmp/run/pitboss"
ln -s "$build/pitbossd" "$tmp/run/pitbossd"
unset PITBOSS_DB
cd "$tmp/run" || exit 1

# The photos of README's camera section: the empty board, then S plays c
# (an extra turn) and f, N plays A, in changing light, palette and view.
camera=no
if [ -x "$build/tests/render_frame" ]; then
	camera=yes
	render="$build/tests/render_frame"
	"$render" empty.jpg --empty &&
	"$render" f01.jpg --seed 11 "4 4 4 4 4 4/4 4 4 4 4 4/0 0" &&
	"$render" f02.jpg --seed 12 --gain 0.85 "4 4 0 5 5 5/4 4 4 4 4 4/1 0" &&
	"$render" f03.jpg --seed 14 --shadow 0.3 --palette 1 \
		"4 4 0 5 5 0/5 5 5 5 4 4/2 0" &&
	"$render" f04.jpg --seed 15 --palette 2 --shift 2,-1 \
		"4 4 0 5 5 0/0 6 6 6 5 5/2 0" ||
		not_ok "tests/render_frame renders the camera section's photos"
fi

# The indented lines of README.md, comments alone left out; those of
# the package's section marked 'package: '.
awk '/^## / { pkg = ($0 == "## On a Raspberry Pi: the package") }
	/^    / { print (pkg ? "package: " : "") $0 }' "$src/README.md" |
	sed -e 's/^\(package: \)\{0,1\}[ 	]*/\1/' -e '/^\(package: \)\{0,1\}#/d' \
		-e '/^\(package: \)\{0,1\}$/d' >"$tmp/lines"

# Exit statuses other than 0 a command may have. The daemon answers a
# correction with its verdict, which may be a refusal (exit 1): the
# simulated game has moved on in its own time.
allowed() {
	case "$1" in
	*"pitboss table correct "*) echo "0 1" ;;
	*) echo 0 ;;
	esac
}

# run_line LINE: a command of ./pitboss, or of the shell around it.
run_line() {
	case "$1" in
	"export "*)
		eval "$1"
		expect_eq "$1" "$?" 0
		return
		;;
	esac
	status=0
	timeout 120 sh -c "$1" </dev/null >"$tmp/out" 2>&1 || status=$?
	case " $(allowed "$1") " in
	*" $status "*) ok "$1" ;;
	*) not_ok "$1" "exit $status" "$(cat "$tmp/out")" ;;
	esac
}

# camera_line LINE: a ./pitboss camera command, on the photos rendered
# above, or refused in a build without the camera.
camera_line() {
	if [ "$camera" = no ]; then
		status=0
		out=$(timeout 120 sh -c "$1" </dev/null 2>&1) || status=$?
		case "$status: $out" in
		"1: "*"not compiled in"*)
			ok "$1: refused, the camera not compiled in" ;;
		*)
			not_ok "$1: refused, the camera not compiled in" \
				"exit $status" "$out" ;;
		esac
		return
	fi
	run_line "$1"
	case "$1" in
	*" camera follow "*)
		# Every frame's verdict: the start, then each move accepted.
		verdicts=$(sed -n 's/^f[0-9]*\.jpg: [0-9.]* [0-9]* \([a-z]*\) .*/\1/p' \
			"$tmp/out" | tr '\n' ' ')
		expect_eq "$1: the start, then every move accepted" \
			"$verdicts" "start accept accept accept "
		;;
	esac
}

# start_daemon LABEL WORDS...: a daemon as the README starts it, on a
# free port; it must come up and serve its dashboard's first page.
start_daemon() {
	label=$1
	shift
	n_daemons=$((${n_daemons:-0} + 1))
	log="$tmp/daemon$n_daemons.log"
	: >"$log"
	if ! start_web "$log" "$@"; then
		not_ok "$label" "$(cat "$log")"
		return
	fi
	daemons="$daemons $web_pid"
	code=$(curl -s -o /dev/null -w '%{http_code}' \
		"http://127.0.0.1:$web_port/")
	if [ "$code" = 200 ]; then
		ok "$label: up, its dashboard served"
	else
		not_ok "$label: up, its dashboard served" "HTTP $code" \
			"$(cat "$log")"
	fi
}

# check_build PART: one part of a build line (between &&).
check_build() {
	set -- $1
	case "$1" in
	./bootstrap)
		[ -x "$src/bootstrap" ] && ok "./bootstrap: present" ||
			not_ok "./bootstrap: present"
		;;
	./configure)
		shift
		missing=
		"$src/configure" --help >"$tmp/help"
		for opt in "$@"; do
			opt=$(printf '%s' "$opt" | tr -d '[]')
			opt=${opt%%=*}
			case "$opt" in
			--*) grep -q -e "^ *$opt[ =[]" "$tmp/help" ||
				missing="$missing $opt" ;;
			esac
		done
		expect_eq "./configure $*: every option known" "$missing" ""
		;;
	make)
		target=${2:-all}
		if grep -q "^$target *:" "$build/Makefile"; then
			ok "make $target: a target"
		else
			not_ok "make $target: a target"
		fi
		if [ "$target" = demo ]; then
			# The demo as make demo runs it, in this folder.
			cmd=$(make -s -n -C "$build" demo |
				sed -n 's|^\./pitbossd\( .*--demo.*\)$|./pitbossd\1|p')
			if [ -z "$cmd" ]; then
				not_ok "make demo runs ./pitbossd --demo" \
					"$(make -s -n -C "$build" demo)"
			else
				eval "set -- $cmd"
				start_daemon "make demo: $cmd" "$@"
			fi
		fi
		;;
	sh)
		[ -f "$src/$2" ] && ok "sh $2: present" ||
			not_ok "sh $2: present"
		;;
	*)
		not_ok "a build command: $*"
		;;
	esac
}

while IFS= read -r line; do
	case "$line" in
	"package: sudo "* | "package: sudoedit "*)
		# The forms tests/deb_install.sh runs (package_line there).
		case "${line#package: }" in
		"sudo apt install "* | "sudo pitbossd "* | "sudo pitboss "* | \
		"sudo systemctl restart pitbossd" | "sudo -u pitboss pitboss "* | \
		"sudoedit /etc/pitboss/pitboss.conf")
			ok "${line#package: }: run by tests/deb_install.sh" ;;
		*)
			not_ok "a package line tests/deb_install.sh does not run: ${line#package: }" ;;
		esac
		;;
	"package: "*)
		line=${line#package: }
		;;
	esac
	case "$line" in
	"package: "*)
		;;
	./pitbossd*)
		eval "set -- $line"
		start_daemon "$line" "$@"
		;;
	"./pitboss camera "*)
		camera_line "$line"
		;;
	./pitboss\ * | "export "* | "for "*)
		run_line "$line"
		;;
	./bootstrap* | ./configure* | make* | "sh tests/"*)
		rest=$line
		while [ -n "$rest" ]; do
			part=${rest%%&&*}
			check_build "${part%%#*}"
			case "$rest" in
			*"&&"*) rest=${rest#*&&} ;;
			*) rest= ;;
			esac
		done
		;;
	[0-9]*.[0-9]*" "[0-9]*" "[a-z]*" "*)
		;;	# a verdict line, the output of pitboss replay
	*)
		not_ok "README line neither run nor known: $line"
		;;
	esac
done <"$tmp/lines"

# Each configuration the README shows (a fenced ini block) is one
# pitbossd -t takes.
awk -v dir="$tmp" '/^```ini$/ { n++; f = dir "/readme" n ".conf"; next }
	/^```$/ { f = ""; next } f != "" { print > f }' "$src/README.md"
for conf in "$tmp"/readme*.conf; do
	[ -e "$conf" ] || { not_ok "README shows a configuration"; break; }
	out=$(./pitbossd -t -c "$conf" 2>&1)
	expect_eq "pitbossd -t takes the README's configuration $(basename "$conf"): $out" \
		"$?" 0
done

# The daemons stop on SIGTERM with exit 0, as pitbossd(8) says.
for p in $daemons; do
	kill -TERM "$p"
	for i in $(seq 200); do
		kill -0 "$p" 2>/dev/null || break
		sleep 0.1
	done
	status=0
	wait "$p" || status=$?
	expect_eq "a daemon the README started stops on SIGTERM (exit 0)" \
		"$status" 0
done
daemons=

echo "1..$tap_n"
