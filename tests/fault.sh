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
