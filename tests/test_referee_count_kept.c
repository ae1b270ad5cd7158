/*
 * test_referee_count_kept.c - drop gates beside a count source, a move
 * held: the next move's drops are kept until the arbiter decides, and
 * so are the counts that came after them (the count source reports a
 * still board once, and sends nothing again while it stays so). The
 * held move confirmed, the drops kept are read on and judged with those
 * counts, as they would have been as they came: the next move is taken
 * with the counts, not left waiting for counts that will not come.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "referee/referee.h"
#include "referee/trace.h"

#include "tests/referee_fixture.h"

/* One seed a pit, drop gates and a count source. S sows d into e, the
 * counts misreading d (1): one off d's board and off the board of f
 * sown backwards into e (f 1, expected 0): held. N then sows F into its
 * store (drop N) and the counts show the board after d and F. The
 * arbiter confirms d: N's F is taken with the counts kept. */
static void test_next_move_judged_with_the_counts_kept(void **state)
{
	struct fix *f = fix_open("seeds=1", NULL);
	const struct verdict *v;

	(void)state;
	feed(f, 0, OBS_START, NULL);
	feed(f, 0.2, OBS_SNAPSHOT, "1 1 1 1 1 1/1 1 1 1 1 1/0 0");
	feed(f, 1.0, OBS_DROP, "e");
	feed(f, 1.3, OBS_SNAPSHOT, "1 1 1 1 2 1/1 1 1 1 1 1/0 0");
	assert_string_equal(last(f, VERDICT_HOLD)->move, "d");
	feed(f, 2.0, OBS_DROP, "N");
	feed(f, 2.3, OBS_SNAPSHOT, "1 1 1 0 2 1/1 1 1 1 1 0/0 1");
	feed(f, 4.0, OBS_CONFIRM, NULL);
	v = last(f, VERDICT_ACCEPT);
	assert_string_equal(v->move, "F");
	assert_non_null(strstr(v->evidence, "counts=agree"));
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_next_move_judged_with_the_counts_kept),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
