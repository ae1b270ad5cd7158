/*
 * test_referee_count_pause.c - drop gates beside a count source: the
 * count source reports the board once it is still, and the counts judge
 * the move. Until they come (or the mover's button), the hand may be
 * pausing with pieces still in it: the move waits two quiet periods for
 * them, not one, and is held without them only then.
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

/* Drop gates and a count source; S to move with 5 seeds in b and 2 in
 * c, the board counted. */
static struct fix *counted(void)
{
	struct fix *f = fix_open("", NULL);

	feed(f, 0, OBS_START, NULL);
	feed(f, 0.1, OBS_POSITION, "4 5 2 5 4 4/4 4 4 4 4 4/0 0/S");
	feed(f, 0.2, OBS_SNAPSHOT, "4 5 2 5 4 4/4 4 4 4 4 4/0 0");
	return f;
}

/* S sows b (c d e f S), the pulse in c missed: drops d e, the whole of
 * c, then a pause of three seconds with pieces in hand, then f S. No
 * counts came in the pause (the board was not still): nothing is held
 * there; the counts after the last drop are b's board. Taken. */
static void test_long_pause_mid_sowing_waits_for_the_counts(void **state)
{
	struct fix *f = counted();
	const struct verdict *v;
	int before;

	(void)state;
	before = f->n;

	sow(f, 1.0, 0.3, "d e");
	tick(f, 4.2);
	assert_int_equal(f->n, before);
	sow(f, 4.3, 0.3, "f S");
	feed(f, 4.9, OBS_SNAPSHOT, "4 0 3 6 5 5/4 4 4 4 4 4/1 0");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	v = last(f, VERDICT_WARN);
	assert_string_equal(v->move, "b");
	assert_says(v, "the counts agree");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* The drops d e, and no counts at all (a count source down): held after
 * two quiet periods, the move the drops fit named. */
static void test_no_counts_at_all_is_held_after_two_quiet_periods(void **state)
{
	struct fix *f = counted();
	int before;

	(void)state;
	before = f->n;

	sow(f, 1.0, 0.3, "d e");
	tick(f, 4.2);
	assert_int_equal(f->n, before);
	tick(f, 6.5);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "c");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	fix_close(f);
}

/* The drops d e, no counts, and a lift sensed on pit a every second (a
 * hand hovering, a flickering line): the wait runs from the last drop,
 * not from the last thing sensed, so the move is held all the same two
 * quiet periods after it. */
static void test_lifts_do_not_stretch_the_wait(void **state)
{
	struct fix *f = counted();

	(void)state;
	sow(f, 1.0, 0.3, "d e");
	for (double t = 2.0; t < 20.0; t += 1.0)
		feed(f, t, OBS_LIFT, "a");
	tick(f, 7.0);
	assert_non_null(last(f, VERDICT_HOLD));
	assert_string_equal(last(f, VERDICT_HOLD)->move, "c");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_long_pause_mid_sowing_waits_for_the_counts),
		cmocka_unit_test(test_no_counts_at_all_is_held_after_two_quiet_periods),
		cmocka_unit_test(test_lifts_do_not_stretch_the_wait),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
