#!/bin/sh
# The Debian package end to end: built with 'make deb', checked with
# lintian, installed with apt into a fresh Debian bookworm root
# (debootstrap), where the lines of README.md's package section run in
# order, as root: pitbossd started as its unit starts it (the unit's
# User=, Group=, SupplementaryGroups=, UMask=, ExecStartPre= and
# ExecStart=, read from the unit installed), its dashboard reached, the
# arbiter's password set and taken, a game started, 'pitboss db check';
# then the package removed (its records kept) and purged (gone).
#
# Needs root, a Debian mirror ($PITBOSS_DEB_MIRROR, else
# deb.debian.org), debootstrap, dpkg-dev, debhelper and lintian (.ci/run
# has ./bootstrap install them). Not part of make check: CI runs it
# after make distcheck, in a configured and checked tree, so the
# package's own make check is skipped unless DEB_BUILD_OPTIONS says
# otherwise. The bookworm root is kept as a tarball in $PITBOSS_CACHE
# (/var/cache/pitboss-ci) for a week. Prints TAP, and '# figure:' lines
# with the time each phase took.
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
. "$top_srcdir/tests/tap.sh"
src=$(cd "$top_srcdir" && pwd)
build=$(cd "${top_builddir:-$src}" && pwd)
mirror=${PITBOSS_DEB_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
cache=${PITBOSS_CACHE:-/var/cache/pitboss-ci}
password='club secret'
export DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS-nocheck parallel=2}"
export LC_ALL=C.UTF-8

bail() { echo "Bail out! $*"; exit 1; }
[ "$(id -u)" = 0 ] || bail "needs root (debootstrap, chroot)"
for tool in debootstrap dpkg-buildpackage dh lintian curl; do
	command -v "$tool" >/dev/null ||
		bail "$tool not found: run ./bootstrap debootstrap lintian"
done

root=$(mktemp -d /var/tmp/pitboss-root.XXXXXX)
chmod 755 "$root"	# the root's /, which its users must traverse
pid=
cleanup() {
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	# Whatever still runs in the root (started here, nowhere else).
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] &&
			kill -9 "${p#/proc/}" 2>/dev/null
	done
	for m in dev/pts dev proc; do
		mountpoint -q "$root/$m" && umount -l "$root/$m"
	done
	rm -rf "$root" "$root".*
}
trap cleanup EXIT
trap 'exit 1' INT TERM
t_begin=$(date +%s)
phase=$t_begin
# figure NAME: the seconds since the last figure.
figure() {
	now=$(date +%s)
	echo "# figure: $1: $((now - phase)) s"
	phase=$now
}
# in_root COMMAND: a shell command as root in the Debian root, in /root,
# with a clean environment as a login would have.
in_root() {
	chroot "$root" /usr/bin/env -i HOME=/root LC_ALL=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		DEBIAN_FRONTEND=noninteractive sh -c "cd /root && $1"
}
# in_root_exec COMMAND: the same in a subshell that becomes COMMAND
# (every step execs), so that $! of '(in_root_exec ...) &' is its pid.
in_root_exec() {
	exec chroot "$root" /usr/bin/env -i LC_ALL=C.UTF-8 \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin sh -c "exec $1"
}
# check NAME COMMAND: ok when COMMAND (on this side) succeeds.
check() {
	name=$1
	shift
	if out=$("$@" 2>&1); then ok "$name"; else not_ok "$name" "$out"; fi
}

# ---------------------------------------------------------------- build
rm -rf "$build/deb"
if ! make -s -C "$build" deb >"$root.build.log" 2>&1; then
	tail -n 40 "$root.build.log" | sed 's/^/# /'
	rm -f "$root.build.log"
	bail "make deb failed"
fi
rm -f "$root.build.log"
deb=$(ls "$build"/deb/pitboss_*.deb)
ok "make deb: $(basename "$deb")"
figure "make deb"

# spelling-error-in-binary reads words out of machine code: whether
# four bytes of an instruction spell one depends on how the compiler laid
# the program out, so no override can say once and for all which it
# finds; every other tag fails the test.
out=$(lintian --fail-on error,warning,info,pedantic -I -E --pedantic \
	--suppress-tags spelling-error-in-binary \
	"$build"/deb/*.changes 2>&1); status=$?
echo "$out" | sed 's/^/# lintian: /'
expect_eq "lintian: no tag but those overridden in debian/" "$status" 0
figure lintian

# ------------------------------------------------------------- the root
tarball="$cache/$suite-minbase-systemd.tar.gz"
if [ -n "$(find "$tarball" -mtime -7 2>/dev/null)" ]; then
	tar -C "$root" -xzf "$tarball" || bail "$tarball: cannot unpack"
	echo "# the $suite root from $tarball"
else
	debootstrap --variant=minbase --include=systemd "$suite" "$root" \
		"$mirror" >"$root.log" 2>&1 ||
		{ tail -n 20 "$root.log" | sed 's/^/# /'; bail "debootstrap failed"; }
	rm -f "$root.log"
	rm -f "$root"/var/cache/apt/archives/*.deb
	mkdir -p "$cache" &&
		tar -C "$root" -czf "$tarball.part" . && mv "$tarball.part" "$tarball"
fi
chmod 755 "$root"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# No service starts in the root: pitbossd is started below, as its unit
# would start it. apt answers yes, as the README's reader would.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
echo 'APT::Get::Assume-Yes "true";' >"$root/etc/apt/apt.conf.d/90yes"
mkdir -p "$root/root/deb"
cp "$deb" "$root/root/deb/"
in_root "apt-get -q update" >/dev/null 2>&1 || bail "apt-get update failed"
figure "the $suite root"

# ------------------------------------------------------------- the unit
# unit KEY: the value of KEY= in the installed unit (its last one).
unit() {
	sed -n "s/^$1=//p" "$unit_file" | tail -n 1
}
uid_of() { chroot "$root" id -u "$1"; }

# start_service: ExecStartPre=, then ExecStart= in the background, as
# the unit's user with its groups and umask; waits for the dashboard.
start_service() {
	as="setpriv --reuid=$(unit User) --regid=$(unit Group)"
	as="$as --groups=$(unit SupplementaryGroups | tr ' ' ,)"
	as="$as --inh-caps=-all --bounding-set=-all"
	run="umask $(unit UMask); cd /; exec"
	if ! out=$(in_root "$as sh -c '$run $(unit ExecStartPre)'" 2>&1); then
		not_ok "the unit's ExecStartPre: $(unit ExecStartPre)" "$out"
		return 1
	fi
	(in_root_exec "$as sh -c '$run $(unit ExecStart)'") >"$root.daemon" 2>&1 &
	pid=$!
	for i in $(seq 300); do
		curl -s -o /dev/null "http://127.0.0.1:$port/" && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")
	[ "$code" = 200 ] && ok "pitbossd as its unit starts it: the dashboard answers" ||
		not_ok "pitbossd as its unit starts it: the dashboard answers" \
			"HTTP $code" "$(cat "$root.daemon")"
	expect_eq "... running as $(unit User)" \
		"$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)" \
		"$(uid_of "$(unit User)")"
}

# stop_service: SIGTERM, as systemctl stop sends; it must exit 0.
stop_service() {
	if [ -z "$pid" ]; then
		not_ok "pitbossd stops on SIGTERM: it is not running"
		return
	fi
	kill -TERM "$pid"
	status=0
	wait "$pid" || status=$?
	pid=
	expect_eq "pitbossd stops on SIGTERM (exit 0)" "$status" 0
}

# After apt install: what the package put in place, and a free port for
# the dashboard in its configuration (8080 may be taken on this machine).
after_install() {
	unit_file=$(ls "$root"/lib/systemd/system/pitbossd.service \
		"$root"/usr/lib/systemd/system/pitbossd.service 2>/dev/null |
		head -n 1)
	[ -n "$unit_file" ] && ok "the unit installed: ${unit_file#"$root"}" ||
		not_ok "the unit installed"
	expect_eq "the system user and its state directory" \
		"$(chroot "$root" stat -c '%U:%G %a' /var/lib/pitboss)" \
		"pitboss:pitboss 750"
	expect_eq "the configuration, readable by pitbossd's group only" \
		"$(chroot "$root" stat -c '%U:%G %a' /etc/pitboss/pitboss.conf)" \
		"root:pitboss 640"
	expect_eq "the configuration is a conffile" \
		"$(in_root 'dpkg-query -W -f "\${Conffiles}" pitboss' | awk '{ print $1 }')" \
		/etc/pitboss/pitboss.conf
	expect_eq "pitbossd's user is in the gpio group" \
		"$(chroot "$root" id -nG pitboss)" "pitboss gpio"
	check "the udev rule installed" test -f \
		"$(dirname "$(dirname "$(dirname "$unit_file")")")/udev/rules.d/60-pitboss-gpio.rules"
	check "the man pages installed" test -f \
		"$root/usr/share/man/man8/pitbossd.8.gz"
	for i in $(seq 20); do
		port=$((10000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 20000))
		curl -s -o /dev/null "http://127.0.0.1:$port/" || break
	done
	sed -i "s/^web.port = .*/web.port = $port/" "$root/etc/pitboss/pitboss.conf"
	start_service
}

# ------------------------------------------------- README's package lines
# The lines of README.md's package section run as root on the Pi, in
# order (tests/readme_commands.sh counts them and knows these forms);
# the build line is the 'make deb' above.
awk '/^## / { pkg = ($0 == "## On a Raspberry Pi: the package") }
	pkg && /^    / { sub(/^ +/, ""); print }' "$src/README.md" |
	grep -e '^sudo ' -e '^sudoedit ' >"$root.lines"
n_tests=0
pitbossd_t=0
# package_line LINE: one line of the README, as root in the root.
package_line() {
	case "$1" in
	"sudo apt install "*)
		check "$1" in_root "${1#sudo }"
		after_install
		;;
	"sudo pitbossd -t")
		out=$(in_root "${1#sudo }" 2>&1)
		pitbossd_t=$((pitbossd_t + 1))
		if [ "$pitbossd_t" = 1 ]; then
			expect_match "$1: as installed, the first steps" "$out" \
				"To referee a game, configure in /etc/pitboss/pitboss.conf:"
			expect_match "... the password first" "$out" "pitboss passwd"
		else
			expect_match "$1: the table taken" "$out" \
				"table 2: codegame players=4 secrets=ask from manual"
		fi
		;;
	"sudo pitboss passwd")
		out=$(echo "$password" | in_root "${1#sudo }" 2>&1)
		expect_match "$1" "$out" "web.password-hash added"
		expect_eq "... its mode and owner kept" \
			"$(chroot "$root" stat -c '%U:%G %a' /etc/pitboss/pitboss.conf)" \
			"root:pitboss 640"
		;;
	"sudoedit /etc/pitboss/pitboss.conf")
		# The edit step 2 describes: the example table without sensors
		# ('Side') uncommented, the dashboard opened to the network.
		sed -i -e '/^#\[table 2\]/,/^$/s/^#//' \
			-e 's/^web.listen = .*/web.listen = 0.0.0.0/' \
			"$root/etc/pitboss/pitboss.conf"
		expect_eq "$1: the example table 'Side' uncommented" \
			"$(grep -c '^\[table' "$root/etc/pitboss/pitboss.conf")" 1
		;;
	"sudo systemctl restart pitbossd")
		stop_service
		start_service
		;;
	"sudo -u pitboss pitboss "*)
		check "$1" in_root "runuser -u pitboss -- ${1#sudo -u pitboss }"
		;;
	*)
		not_ok "a README line this script does not run: $1"
		;;
	esac
}
while IFS= read -r line; do
	package_line "$line"
done <"$root.lines"
rm -f "$root.lines"
[ -n "$pid" ] || bail "pitbossd is not running after the README's steps"
figure "the README's lines"

# ------------------------------------------- the service, as the club has it
base="http://127.0.0.1:$port"
out=""
for i in $(seq 50); do
	out=$(curl -s "$base/api/tables")
	case "$out" in *'"name":"Side"'*'"game":{'*) break ;; esac
	sleep 0.2
done
expect_match "the dashboard shows the game started at Side" "$out" '"game":{'
login() {
	curl -s -o /dev/null -w '%{http_code}' -X POST \
		-H 'Content-Type: application/json' \
		--data "{\"password\":\"$1\"}" "$base/api/login"
}
expect_eq "the arbiter logs in with the password set" "$(login "$password")" 200
expect_eq "... and not with another" "$(login 'club')" 401
out=$(in_root "pitboss db check" 2>&1)
expect_match "pitboss db check" "$out" \
	"/var/lib/pitboss/pitboss.db: ok (schema version"
stop_service

# ------------------------------------------------------ remove and purge
check "apt remove pitboss" in_root "apt-get -q remove pitboss"
check "... the programs gone" test ! -e "$root/usr/sbin/pitbossd"
check "... the records kept" test -s "$root/var/lib/pitboss/pitboss.db"
check "... the configuration kept" test -f "$root/etc/pitboss/pitboss.conf"
check "apt purge pitboss" in_root "apt-get -q purge pitboss"
check "... the records gone" test ! -e "$root/var/lib/pitboss"
check "... the configuration gone" test ! -e "$root/etc/pitboss"
expect_eq "... the package unknown to dpkg" \
	"$(in_root 'dpkg-query -W -f "\${Status}" pitboss' 2>/dev/null)" ""
figure "remove and purge"
echo "# figure: total: $(($(date +%s) - t_begin)) s"

echo "1..$tap_n"
[ "$tap_failed" = 0 ]
