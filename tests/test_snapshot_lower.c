/*
 * test_snapshot_lower.c - a camera's place read as a lower bound with
 * no top and no estimate (washed out by glare, some seeds seen there):
 * pieces may lie there unseen, so no board is clearly wrong on its
 * account and no foul is called; its bound still rules out the boards
 * with fewer pieces there.
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

#include "tests/referee_fixture.h"

static void test_place_seen_in_part_is_no_foul(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* Every place read exact but pit f, washed out, a seed seen
	 * there: no board is clearly wrong. */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 5 5 1-99/2 6 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);

	f = started_camera(1);
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 5 5 2-99/2-3~2.2 6 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

static void test_lower_bound_rules_out_an_empty_pit(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* From 4 4 4 4 4 1/..: a (into b..e) or f (its seed into the
	 * store, then a) differ in f and the store alone; the store's
	 * area is in between, f washed out with a seed seen: a, not the
	 * chain, which leaves f empty. */
	feed(f, 1.0, OBS_POSITION, "4 4 4 4 4 1/4 4 4 4 4 4/0 0/S");
	feed(f, 5.0, OBS_SNAPSHOT,
	     "0 5 5 5 5 1-99/4 4 4 4 4 4/0-2~0.5 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT), 1);
	assert_string_equal(f->v[f->n - 1].move, "a");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_place_seen_in_part_is_no_foul),
		cmocka_unit_test(test_lower_bound_rules_out_an_empty_pit),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
