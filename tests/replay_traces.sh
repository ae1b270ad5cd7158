#!/bin/sh
# The trace suite: every trace of tests/traces/ replayed through the
# referee, its verdicts, final position and sensor health compared with
# the reviewed expectation next to it. Prints TAP.
#
#   tests/replay_traces.sh           compare
#   tests/replay_traces.sh --regen   rewrite the expectations (then
#                                    review the diff before committing)
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="$(cd "${top_builddir:-.}" && pwd)/pitboss"
dir="${top_srcdir:-.}/tests/traces"

regen=0
[ "${1:-}" = "--regen" ] && regen=1

traces=$(ls "$dir"/*.trace | LC_ALL=C sort)
plan $(echo "$traces" | wc -l)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for trace in $traces; do
	name=$(basename "$trace" .trace)
	want="$dir/$name.expected"
	(cd "$dir" && "$PITBOSS" replay --position --health "$name.trace") \
		>"$tmp" 2>&1
	rc=$?
	echo "# exit $rc" >>"$tmp"
	if [ $regen = 1 ]; then
		cp "$tmp" "$want"
		ok "$name (expectation written)"
	elif [ ! -f "$want" ]; then
		not_ok "$name" "no expectation: run 'make regen-traces'"
	elif diff -u "$want" "$tmp" >"$tmp.diff"; then
		ok "$name"
	else
		not_ok "$name" "verdicts differ from $name.expected:"
		sed 's/^/# /' "$tmp.diff" | head -n 40
	fi
	rm -f "$tmp.diff"
done
exit 0
