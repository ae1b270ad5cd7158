/*
 * test_referee_press.c - the mover's button as evidence for drops that
 * stop one seed short of a sowing whose last gate misses now and then.
 * The table's players press the button half a second after their last
 * seed; a hand that sowed its last seed unseen pressed one step of its
 * tempo later than a hand that stopped (a seed left behind, or two
 * dropped together). Pressed as the legal sowing's hand would, the move
 * is taken with its sensor's miss; pressed too soon after the last
 * drop for one more seed, it is held, naming what to check, even on a
 * gate whose record alone would take it.
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

#define STEP 0.4	/* the hand's tempo */
#define HABIT 0.5	/* the players' pause before the button */

/* One game of S sowing b: c d e f, or c d f (pit e's sensor misses),
 * and pressing the button HABIT after the last drop. */
static double game_b(struct fix *f, double t, int miss_e)
{
	double last;

	feed(f, t, OBS_START, NULL);
	last = sow(f, t + 1, STEP, miss_e ? "c d f" : "c d e f");
	feed(f, last + HABIT, OBS_BUTTON, "S");
	return t + 10;
}

/* A board whose pit e has missed `misses` of `games` seeds, its players
 * pressing HABIT after their last seed; a new game started. Returns
 * when it did. */
static double dirty_e(struct fix *f, int games, int misses)
{
	double t = 0;

	for (int g = 0; g < games; g++)
		t = game_b(f, t, (g + 1) * misses / games != g * misses / games);
	assert_int_equal(referee_line(f->ref, PIT_E)->misses,
			 (unsigned)misses);
	feed(f, t, OBS_START, NULL);
	return t + 1;
}

/* S sows a (b c d e), pit e's pulse missed, and presses `pause` after
 * the last drop sensed: the verdict on it. */
static const struct verdict *sow_a(struct fix *f, double t, double pause)
{
	double last = sow(f, t, STEP, "b c d");

	feed(f, last + pause, OBS_BUTTON, "S");
	return &f->v[f->n - 1];
}

/* Pit e has missed 3 of about 30 seeds: on that record alone, a miss of
 * its last seed is not ten times likelier than a seed left behind. The
 * button came one step and the players' habit after the last drop, as
 * when a last seed fell unseen: taken, with the sensor's miss. */
static void test_button_a_step_late_takes_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	t = dirty_e(f, 30, 3);
	v = sow_a(f, t, STEP + HABIT);
	if (v->kind != VERDICT_WARN)
		dump(f);
	assert_int_equal(v->kind, VERDICT_WARN);
	assert_string_equal(v->move, "a");
	assert_says(v, "sensor on pit e missed a pulse");
	assert_non_null(strstr(v->evidence, "press=-"));
	fix_close(f);
}

/* The same record, the button pressed after the players' habit from the
 * last drop sensed, sooner than a hand can sow one more seed and press,
 * as a hand that stopped there presses: held, the timing against the
 * legal reading in its evidence. */
static void test_button_at_habit_holds_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	t = dirty_e(f, 30, 3);
	v = sow_a(f, t, HABIT);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "a");
	assert_says(v, "pit e should");
	assert_non_null(strstr(v->evidence, "press="));
	assert_null(strstr(v->evidence, "press=-"));
	fix_close(f);
}

/* Pit e has missed 6 of about 30: its record alone takes such a move
 * (the misplays are not even read). The button sooner after the last
 * drop than a hand can sow one more seed and press: held, the timing
 * against the legal reading in its evidence. */
static void test_button_too_soon_holds_a_move_the_record_takes(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	t = dirty_e(f, 30, 6);
	v = sow_a(f, t, HABIT);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "a");
	assert_non_null(strstr(v->evidence, "misplay=short"));
	assert_non_null(strstr(v->evidence, "press="));
	assert_null(strstr(v->evidence, "press=-"));
	fix_close(f);
}

/* The same record, the button a step and the habit after the last
 * drop: taken, as the record alone takes it, with no timing against
 * it; the same sowing pressed at the habit is held, on the timing
 * alone (the record alone takes it). */
static void test_button_a_step_late_on_a_dirty_gate_is_taken(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	t = dirty_e(f, 30, 6);
	v = sow_a(f, t, STEP + HABIT);
	if (v->kind != VERDICT_WARN)
		dump(f);
	assert_int_equal(v->kind, VERDICT_WARN);
	assert_string_equal(v->move, "a");
	assert_says(v, "sensor on pit e missed a pulse");
	assert_true(strstr(v->evidence, "press=") == NULL ||
		    strstr(v->evidence, "press=-") != NULL);
	fix_close(f);
	f = started("");
	t = dirty_e(f, 30, 6);
	v = sow_a(f, t, HABIT);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_non_null(strstr(v->evidence, "press="));
	fix_close(f);
}

/* A table that has not yet shown its players' habit (a few moves): the
 * timing weighs nothing, the record alone decides (held). */
static void test_no_habit_shown_the_timing_weighs_nothing(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t = 0;

	(void)state;
	for (int g = 0; g < 4; g++)
		t = game_b(f, t, g == 1);
	feed(f, t, OBS_START, NULL);
	v = sow_a(f, t + 1, STEP + HABIT);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_null(strstr(v->evidence, "press="));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_button_a_step_late_takes_the_move),
		cmocka_unit_test(test_button_at_habit_holds_the_move),
		cmocka_unit_test(
			test_button_too_soon_holds_a_move_the_record_takes),
		cmocka_unit_test(
			test_button_a_step_late_on_a_dirty_gate_is_taken),
		cmocka_unit_test(
			test_no_habit_shown_the_timing_weighs_nothing),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
