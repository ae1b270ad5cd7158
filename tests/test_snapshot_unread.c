/*
 * test_snapshot_unread.c - a camera's snapshot with places not read at
 * all (washed out by glare, written as any count from none up, with no
 * estimate) or read as wide ranges: never a foul on their account,
 * whether the other places carry estimates or read exact; after the
 * end, a store read so is no play after the end; the likeliest board is
 * taken only a seed off.
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

static const struct verdict *latest(const struct fix *f)
{
	assert_true(f->n > 0);
	return &f->v[f->n - 1];
}

static void test_washed_place_among_exact_ones_is_no_foul(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* Every place read exact but pit f, washed out: no board is
	 * clearly wrong (b..e one over a's move, f unseen). */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 5 5 0-99/2 6 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);

	/* The same reading with an estimate elsewhere was held before:
	 * still no foul. */
	f = started_camera(1);
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 5 5 0-99/2-3~2.2 6 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

static void test_exact_reading_of_no_board_is_still_a_foul(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* Every place read exact, none washed, far from any board. */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 5 5 4/2 6 4 4 4 4/0 0");
	assert_int_equal(latest(f)->kind, VERDICT_FOUL);
	fix_close(f);
}

/* A game one move from its end, played out, the end put away: `after`
 * read then. */
static struct fix *ended(void)
{
	struct fix *f = started_camera(1);

	feed(f, 1.0, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 0 1/23 23/S");
	feed(f, 5.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 0 0/24 24");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	return f;
}

static void test_store_under_glare_after_the_end_is_no_foul(void **state)
{
	struct fix *f = ended();

	(void)state;
	feed(f, 9.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 0 0/0-99 24");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	feed(f, 11.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 0 0/20-26~23.5 24");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);

	/* Play after the end, the store under glare: still a foul. */
	f = ended();
	feed(f, 9.0, OBS_SNAPSHOT, "3 0 0 0 0 0/0 0 3 0 0 0/0-99 24");
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	fix_close(f);
}

static void test_likeliest_board_two_seeds_off_is_not_taken(void **state)
{
	struct fix *f = started_camera(2);

	(void)state;
	/* a played; b and c read a seed over on areas of about five
	 * seeds: two seeds off the likeliest board, not taken. */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5-9~5.1 5-9~4.9 4 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_washed_place_among_exact_ones_is_no_foul),
		cmocka_unit_test(test_exact_reading_of_no_board_is_still_a_foul),
		cmocka_unit_test(test_store_under_glare_after_the_end_is_no_foul),
		cmocka_unit_test(test_likeliest_board_two_seeds_off_is_not_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
