/*
 * test_snapshot_still.c - a camera's reading that fits the board as it
 * was within its ranges, read again and again while the board is still
 * (the camera reads it whenever it is still): a move is taken only when
 * the places it changes show that change against the last reading of
 * the board as it was, never from estimates a little high against the
 * counts alone; never beside drop gates, from the table's start; held,
 * the move named, where the table confirms.
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

/* A Kalah table with a camera: `confirm` as set, drop gates or not,
 * the game started at `pos` (the start when NULL). */
static struct fix *camera_table(int confirm, int drop_gates,
				const char *pos)
{
	struct referee_config cfg;
	struct fix *f;

	referee_config_default(&cfg);
	cfg.snapshot_tolerance = 1;
	cfg.snapshot_confirm = confirm;
	cfg.drop_gates = drop_gates;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);
	assert_int_equal(f->v[0].kind, VERDICT_START);
	if (pos != NULL)
		feed(f, 0.5, OBS_POSITION, pos);
	return f;
}

/* Nothing said of the board since verdict `n`, the position `pos`. */
static void assert_still(const struct fix *f, int n, const char *pos)
{
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(f->n, n);
	assert_string_equal(position(f), pos);
}

/* The start read, then f played with f washed out by glare: the areas
 * of A, B, C show five seeds each, the store one. */
#define START_READ "4 4 4 4 4 4/4 4 4 4 4 4/0 0"
#define F_PLAYED \
	"4 4 4 4 4 0-99/3-99~4.9 3-99~4.8 3-12~4.9 4 4 4/0-2~1.0 0"

static void test_change_shown_is_taken_where_not_confirmed(void **state)
{
	struct fix *f = camera_table(0, 0, NULL);

	(void)state;
	feed(f, 1.0, OBS_SNAPSHOT, START_READ);
	feed(f, 5.0, OBS_SNAPSHOT, F_PLAYED);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT), 1);
	assert_string_equal(f->v[f->n - 1].move, "f");
	assert_non_null(strstr(f->v[f->n - 1].evidence, "counts=unmoved"));
	assert_non_null(strstr(f->v[f->n - 1].evidence, "decided=take"));
	/* Read again, unchanged: no second move. */
	feed(f, 9.0, OBS_SNAPSHOT, F_PLAYED);
	assert_int_equal(count(f, VERDICT_ACCEPT), 1);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	fix_close(f);
}

static void test_change_shown_is_held_where_confirmed(void **state)
{
	struct fix *f = camera_table(1, 0, NULL);
	const struct verdict *v;

	(void)state;
	feed(f, 1.0, OBS_SNAPSHOT, START_READ);
	feed(f, 5.0, OBS_SNAPSHOT, F_PLAYED);
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 1);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "f");
	assert_non_null(strstr(v->evidence, "counts=unmoved"));
	assert_non_null(strstr(v->evidence, "decided=hold"));
	assert_true(v->nplaces >= 4);
	fix_close(f);
}

static void test_no_reading_kept_is_no_move(void **state)
{
	struct fix *f = camera_table(0, 0, NULL);
	int n = f->n;

	(void)state;
	/* The board as it was never read: nothing to tell a change by. */
	feed(f, 5.0, OBS_SNAPSHOT, F_PLAYED);
	assert_still(f, n, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
	fix_close(f);
}

static void test_drop_gates_from_the_start_take_no_move(void **state)
{
	struct fix *f = camera_table(0, 1, NULL);

	(void)state;
	/* Beside drop gates, before any drop: the frame is no move; the
	 * drops of a (b c d e) then are a, held as the frame before them
	 * disagrees, never a foul. */
	feed(f, 1.0, OBS_SNAPSHOT, START_READ);
	feed(f, 5.0, OBS_SNAPSHOT, F_PLAYED);
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	sow(f, 10.0, 0.3, "b c d e");
	tick(f, 20.0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_HOLD), 1);
	assert_string_equal(f->v[f->n - 1].move, "a");
	fix_close(f);
}

/* A still board: e washed out (its one seed not seen), f lit in part
 * (its one seed and the glare read as two). */
static void test_glare_on_a_still_board_is_no_move(void **state)
{
	static const char *pos = "4 4 4 4 1 1/4 4 4 4 4 4/6 0/S";
	struct fix *f = camera_table(0, 0, pos);
	int n = f->n;

	(void)state;
	feed(f, 1.0, OBS_SNAPSHOT, "3-12~4.0 3-12~4.1 3-12~3.9 3-12~4.0 "
	     "0-99 0-3~1.9/3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 "
	     "3-12~4.0/6 0");
	feed(f, 5.0, OBS_SNAPSHOT, "3-12~4.0 3-12~4.1 3-12~3.9 3-12~4.0 "
	     "0-99 0-3~2.0/3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 "
	     "3-12~4.0/6 0");
	assert_still(f, n, pos);
	/* The same, f read exactly before the glare reached it. */
	feed(f, 6.0, OBS_POSITION, pos);
	n = f->n;
	feed(f, 7.0, OBS_SNAPSHOT, "4 4 4 4 0-99 1/4 4 4 4 4 4/6 0");
	feed(f, 8.0, OBS_SNAPSHOT, "3-12~4.0 3-12~4.1 3-12~3.9 3-12~4.0 "
	     "0-99 0-3~2.0/3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 "
	     "3-12~4.0/6 0");
	assert_still(f, n, pos);
	fix_close(f);
}

/* A still board: d's one seed seen faintly, e's four read high. */
static void test_faint_seed_and_high_pit_are_no_move(void **state)
{
	static const char *pos = "4 4 4 1 4 4/4 4 4 4 4 4/3 0/S";
	struct fix *f = camera_table(0, 0, pos);
	int n = f->n;

	(void)state;
	feed(f, 1.0, OBS_SNAPSHOT, "3-12~4.0 3-12~4.1 3-12~3.9 0-1~0.2 "
	     "3-12~4.2 3-12~4.0/3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 "
	     "3-12~4.0 3-12~4.0/3 0");
	feed(f, 5.0, OBS_SNAPSHOT, "3-12~4.0 3-12~4.1 3-12~3.9 0-1~0.1 "
	     "3-12~4.9 3-12~4.0/3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 "
	     "3-12~4.0 3-12~4.0/3 0");
	assert_still(f, n, pos);
	fix_close(f);
}

/* A still board after an extra turn's move: f (one seed) washed out,
 * the store's one seed read as two. */
static void test_store_read_high_is_no_move(void **state)
{
	static const char *pos = "4 4 4 4 4 1/4 4 4 4 4 4/1 2/S";
	struct fix *f = camera_table(0, 0, pos);
	int n = f->n;

	(void)state;
	feed(f, 1.0, OBS_SNAPSHOT, "4 4 4 4 4 0-99/4 4 4 4 4 4/1 2");
	feed(f, 5.0, OBS_SNAPSHOT, "3-12~4.0 3-12~4.1 3-12~3.9 3-12~4.0 "
	     "3-12~4.0 0-99/3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 3-12~4.0 "
	     "3-12~4.0/1-7~2.0 2");
	assert_still(f, n, pos);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_change_shown_is_taken_where_not_confirmed),
		cmocka_unit_test(test_change_shown_is_held_where_confirmed),
		cmocka_unit_test(test_no_reading_kept_is_no_move),
		cmocka_unit_test(test_drop_gates_from_the_start_take_no_move),
		cmocka_unit_test(test_glare_on_a_still_board_is_no_move),
		cmocka_unit_test(test_faint_seed_and_high_pit_are_no_move),
		cmocka_unit_test(test_store_read_high_is_no_move),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
