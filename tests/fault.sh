# fault.sh - what the fault-injection tests share (sourced after tap.sh):
# a second user to be when the tests run as root, a mount namespace of
# their own for small or read-only file systems, and the figures each
# test prints. PITBOSS_SOAK=1 (make soak) makes the loops longer.

# soak N M: N normally, M under `make soak`.
soak() {
	if [ -n "$PITBOSS_SOAK" ]; then echo "$2"; else echo "$1"; fi
}

# figure NAME VALUE: one of the suite's figures, as a TAP comment.
figure() {
	printf '# figure: %s: %s\n' "$1" "$2"
}

# as_other COMMAND...: runs COMMAND as a user who owns none of the test's
# files: nobody when the tests run as root (who may write any file),
# else ourselves, the files made read-only. 125 when root cannot
# become nobody.
as_other() {
	if [ "$(id -u)" != 0 ]; then
		"$@"
	elif command -v setpriv >/dev/null 2>&1; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	else
		return 125
	fi
}

# private_mounts COMMAND...: runs COMMAND in a mount namespace of its
# own, where it may mount file systems (as root, or as the root of a
# user namespace of its own); what it mounts goes with it.
private_mounts() {
	if [ "$(id -u)" = 0 ]; then
		unshare --mount --propagation private "$@"
	else
		unshare --map-root-user --mount --propagation private "$@"
	fi
}

# can_mount: true when private_mounts can mount a tmpfs here.
can_mount() {
	command -v unshare >/dev/null 2>&1 &&
	private_mounts sh -c 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" &&
		umount "$d" && rmdir "$d"' 2>/dev/null
}

# moves_told LOG: the moves a daemon's log told, "table game ply move",
# sorted: a table's games counted at its starts, a later ply replacing
# an earlier one (a correction, a move taken back and made again).
moves_told() {
	sed -n 's/^pitbossd: [a-z]*: table \([0-9]*\): \([a-z]*\) \([0-9]*\) \([^ :]*\): .*/\1 \2 \3 \4/p' \
		"$1" | awk '
	$2 == "start" { g[$1]++; next }
	($2 == "accept" || $2 == "warn" || $2 == "command") && $4 != "-" {
		k = $1 " " g[$1]; m[k, $3] = $4
		if ($3 > n[k]) n[k] = $3
		keys[k] = 1
	}
	END { for (k in keys) for (p = 1; p <= n[k]; p++) print k, p, m[k, p] }' |
	sort
}

# moves_recorded CSV: the moves of `pitboss export --format csv` in the
# same form, the games of the board "Table N" counted oldest first.
moves_recorded() {
	awk -F, 'NR > 1 { print $1, $6, $19 }' "$1" |
	sed -n 's/^\([0-9]*\) Table \([0-9]*\) /\2 \1 /p' |
	sort -n -k1,1 -k2,2 |
	awk '{ i[$1]++; for (f = 3; f <= NF; f++) print $1, i[$1], f - 2, $f }' |
	sort
}
