# tap.sh - a few TAP helpers for the shell tests (sourced).
tap_n=0
tap_failed=0

plan() { echo "1..$1"; }

ok() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1"
}

not_ok() {
	tap_n=$((tap_n + 1))
	tap_failed=1
	echo "not ok $tap_n - $1"
	shift
	for line in "$@"; do printf '# %s\n' "$line"; done
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
