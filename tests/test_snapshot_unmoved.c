/*
 * test_snapshot_unmoved.c - a camera's snapshot that fits the board as
 * it was within its ranges (the pit played washed out by glare, read as
 * any count; the pits sown into read as wide ranges): the move its
 * estimates clearly show against the last reading of the board is held
 * for a table that confirms (taken elsewhere: test_snapshot_still.c),
 * while a reading whose estimates lean to a move only a little is no
 * move at all.
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

static void test_move_into_a_washed_pit_clearly_shown_is_held(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* The start read; S plays f (4 seeds: the store, A, B, C), f
	 * washed out: the board as it was fits every range, but the
	 * areas of A, B, C show five seeds each and the store one. */
	feed(f, 1.0, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	feed(f, 5.0, OBS_SNAPSHOT,
	     "4 4 4 4 4 0-99/3-99~4.9 3-99~4.8 3-12~4.9 4 4 4/0-2~1.0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 1);
	assert_string_equal(f->v[f->n - 1].move, "f");
	fix_close(f);
}

static void test_estimates_leaning_a_little_are_no_move(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* The same places read about halfway between the board as it
	 * was and f's: no move, nothing said. */
	feed(f, 5.0, OBS_SNAPSHOT,
	     "4 4 4 4 4 0-99/3-99~4.5 3-99~4.5 3-12~4.5 4 4 4/0-2~0.5 0");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	fix_close(f);
}

static void test_exact_reading_of_the_board_as_it_was_is_no_move(void **state)
{
	struct fix *f = started_camera(1);
	int n = f->n;

	(void)state;
	feed(f, 5.0, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(f->n, n);
	/* The board as it was read in ranges centred on its counts. */
	feed(f, 6.0, OBS_SNAPSHOT,
	     "4 4 4 4 4 0-99/3-99~4.0 3-99~4.1 3-12~3.9 4 4 4/0-2~0.1 0");
	assert_int_equal(f->n, n);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_move_into_a_washed_pit_clearly_shown_is_held),
		cmocka_unit_test(test_estimates_leaning_a_little_are_no_move),
		cmocka_unit_test(test_exact_reading_of_the_board_as_it_was_is_no_move),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
