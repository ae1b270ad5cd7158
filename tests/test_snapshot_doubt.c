/*
 * test_snapshot_doubt.c - a camera's snapshot (ranges and estimates)
 * that no board of the turn fits within the tolerance: a foul only when
 * it clearly shows none of them; a reading in doubt (a count just over
 * an estimate, a heap read short) holds the nearest move or warns, the
 * places in doubt named.
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

/* The places' indices in the game's order (a..f A..F S N). */
enum { P_A, P_B, P_C, P_D, P_E, P_F, P_S = 12, P_N };

static void snapshot(struct fix *f, double t, const char *text)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = (uint64_t)(t * 1e6);
	o.table = f->table;
	o.kind = OBS_SNAPSHOT;
	snprintf(o.text, sizeof(o.text), "%s", text);
	referee_feed(f->ref, &o);
}

static const struct verdict *latest(const struct fix *f)
{
	assert_true(f->n > 0);
	return &f->v[f->n - 1];
}

/* The verdict names exactly the places `places` (-1 ends them). */
static void assert_places(const struct verdict *v, const int *places)
{
	int n = 0;

	for (; places[n] >= 0; n++) {
		int found = 0;

		for (int i = 0; i < v->nplaces; i++)
			found |= v->places[i] == places[n];
		if (!found)
			fail_msg("verdict '%s' does not name place %d", v->text,
				 places[n]);
	}
	assert_int_equal(v->nplaces, n);
}

static void test_counts_over_their_estimates_are_held(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* a played (0 5 5 5 5 4); pit b read 6-9 on an area of 5.4 seeds
	 * and store S 1-3 on 1.4: two seeds off, both in doubt. */
	snapshot(f, 5.0, "0 6-9~5.4 5 5 5 4/4 4 4 4 4 4/1-3~1.4 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(latest(f)->kind, VERDICT_HOLD);
	assert_int_equal(latest(f)->cause, CAUSE_SNAPSHOT_OFF);
	assert_string_equal(latest(f)->move, "a");
	assert_places(latest(f), (int[]){ P_B, P_S, -1 });
	assert_non_null(strstr(latest(f)->evidence, "counts=doubt"));
	fix_close(f);
}

static void test_heap_read_short_is_held(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* a played; pit d's five seeds heaped, read 1-3: a doubt. */
	snapshot(f, 5.0, "0 5 5 1-3~1.6 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(latest(f)->kind, VERDICT_HOLD);
	assert_string_equal(latest(f)->move, "a");
	assert_places(latest(f), (int[]){ P_D, -1 });
	fix_close(f);
}

static void test_clear_reading_of_no_board_is_a_foul(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* Pits a and b read empty, c far over any move's count: a foul,
	 * ranges or not. */
	snapshot(f, 5.0, "0 0 9-12~9.5 5 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(latest(f)->kind, VERDICT_FOUL);
	assert_int_equal(latest(f)->cause, CAUSE_NO_FIT);
	fix_close(f);

	/* Two pits read exactly, each a seed over any move's count: a
	 * foul. */
	f = started_camera(1);
	snapshot(f, 5.0, "0 6 6 5 4 4/4 4 4 4 4 3-6~4.1/0 0");
	assert_int_equal(latest(f)->kind, VERDICT_FOUL);
	fix_close(f);
}

static void test_board_as_it_was_in_doubt_warns(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* Nothing moved; a and f read 6-9 on areas of 4.6 and 4.5 seeds:
	 * nearest the board as it was, in doubt: a warning, no foul. */
	snapshot(f, 5.0, "6-9~4.6 4 4 4 4 6-9~4.5/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(latest(f)->kind, VERDICT_WARN);
	assert_int_equal(latest(f)->cause, CAUSE_SNAPSHOT_FAR);
	assert_places(latest(f), (int[]){ P_A, P_F, -1 });
	assert_non_null(strstr(latest(f)->text, "not read clearly"));
	fix_close(f);
}

static void test_last_move_taken_back_in_doubt_warns(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* a played and taken; then the board as before it, its pits a and
	 * f read over their estimates: nearest the move taken back. */
	snapshot(f, 5.0, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(latest(f)->kind, VERDICT_ACCEPT);
	snapshot(f, 9.0, "6-9~4.6 4 4 4 4 6-9~4.5/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(latest(f)->kind, VERDICT_WARN);
	assert_non_null(strstr(latest(f)->text, "taken back"));
	fix_close(f);
}

static void test_reading_high_as_a_whole_is_held(void **state)
{
	struct fix *f = started_camera(1);

	(void)state;
	/* a played; every pit read a seed or more high, the estimates
	 * too: the low ends add up to 61 seeds of 48. */
	snapshot(f, 5.0, "0 6-9~6.9 6-9~7.0 6-9~6.8 6-9~7.1 5-8~5.9/"
		 "5-8~6.0 5-8~6.1 5-8~5.8 5-8~6.2 5-8~6.0 5-8~5.9/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(latest(f)->kind, VERDICT_HOLD);
	assert_string_equal(latest(f)->move, "a");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_over_their_estimates_are_held),
		cmocka_unit_test(test_heap_read_short_is_held),
		cmocka_unit_test(test_clear_reading_of_no_board_is_a_foul),
		cmocka_unit_test(test_board_as_it_was_in_doubt_warns),
		cmocka_unit_test(test_last_move_taken_back_in_doubt_warns),
		cmocka_unit_test(test_reading_high_as_a_whole_is_held),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
