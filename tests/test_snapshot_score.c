/*
 * test_snapshot_score.c - a camera's snapshot (ranges and estimates)
 * weighed against every board of the turn: the board clearly likelier
 * than every other is taken, even where a place counted exactly reads
 * a seed short of it; a chain of moves is a little less likely than
 * one move; boards the reading makes alike are held for the arbiter.
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

/* A Kalah game started as for a camera (a snapshot one seed off the
 * only board near is held), at the position `pos` when not NULL. */
static struct fix *camera_at(const char *pos)
{
	struct fix *f = started_camera(1);

	if (pos != NULL)
		feed(f, 0.5, OBS_POSITION, pos);
	return f;
}

static const struct verdict *latest(const struct fix *f)
{
	assert_true(f->n > 0);
	return &f->v[f->n - 1];
}

static void test_exact_count_a_seed_short_taken_with_a_warning(void **state)
{
	struct fix *f = camera_at(NULL);

	(void)state;
	/* a played (0 5 5 5 5 4); pit e's five seeds counted as four lying
	 * apart, one hidden: no other board comes near, so a is taken,
	 * pit e warned about. */
	feed(f, 5.0, OBS_SNAPSHOT,
	     "0 5-9~5.1 5-9~4.9 5-9~5.0 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(latest(f)->kind, VERDICT_WARN);
	assert_string_equal(latest(f)->move, "a");
	assert_int_equal(latest(f)->cause, CAUSE_SNAPSHOT_OFF);
	assert_int_equal(latest(f)->nplaces, 1);
	assert_int_equal(latest(f)->places[0], PIT_E);
	assert_non_null(strstr(latest(f)->evidence, "counts=likeliest"));
	assert_string_equal(position(f),
			    "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N");
	fix_close(f);
}

static void test_one_move_likelier_than_a_chain(void **state)
{
	struct fix *f = camera_at("4 4 4 4 4 1/4 4 4 4 4 3/0 4/S");

	(void)state;
	/* e (f 2, S 1) against f then e (f 1, S 2): pit f's area makes
	 * 1.8 seeds and store S's 1.4; one move and a chain fit the
	 * ranges alike, the areas lean to e, and a chain needs a hand
	 * that stayed over the board: e is taken. */
	feed(f, 5.0, OBS_SNAPSHOT,
	     "4 4 4 4 0 1-3~1.8/5 5 4 4 4 3/1-3~1.4 4");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(latest(f)->kind, VERDICT_ACCEPT);
	assert_string_equal(latest(f)->move, "e");
	assert_non_null(strstr(latest(f)->evidence, "counts=likeliest"));
	assert_string_equal(position(f),
			    "4 4 4 4 0 2/5 5 4 4 4 3/1 4/N");
	fix_close(f);
}

static void test_areas_alike_between_move_and_chain_held(void **state)
{
	struct fix *f = camera_at("4 4 4 4 4 1/4 4 4 4 4 3/0 4/S");

	(void)state;
	/* The same, pit f's and store S's areas both 1.5 seeds: the
	 * reading leans to neither, and a chain's being less usual is not
	 * enough: held, naming both. */
	feed(f, 5.0, OBS_SNAPSHOT,
	     "4 4 4 4 0 1-3~1.5/5 5 4 4 4 3/1-3~1.5 4");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(latest(f)->kind, VERDICT_HOLD);
	assert_int_equal(latest(f)->cause, CAUSE_AMBIGUOUS);
	assert_non_null(strstr(latest(f)->text, "e"));
	assert_string_equal(position(f), "4 4 4 4 4 1/4 4 4 4 4 3/0 4/S");
	fix_close(f);
}

static void test_two_places_off_not_taken(void **state)
{
	struct fix *f = camera_at(NULL);

	(void)state;
	/* a played (0 5 5 5 5 4) read with pit e exactly 4 and pit d
	 * exactly 4 as well: two places off, past the tolerance: not
	 * taken by its likelihood. */
	feed(f, 5.0, OBS_SNAPSHOT,
	     "0 5-9~5.1 5-9~4.9 4 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_WARN) == 0 ||
			 latest(f)->move[0] == '\0', 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_count_a_seed_short_taken_with_a_warning),
		cmocka_unit_test(test_one_move_likelier_than_a_chain),
		cmocka_unit_test(test_areas_alike_between_move_and_chain_held),
		cmocka_unit_test(test_two_places_off_not_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
