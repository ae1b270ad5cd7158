/*
 * test_referee_press_habit.c - how long the table's players pause
 * before their button, learnt from every clean move, as evidence for
 * drops that stop one seed short of a sowing whose last gate misses
 * now and then.
 *
 * Players who press later than the hand's pause (0.6 s) have their
 * clean moves taken before the button: the button that comes after,
 * with no drop between, still shows their habit. Without it, only the
 * shorter pauses would be learnt, and a hand that stopped a seed short
 * and pressed at its usual pause would look a step late, as a hand
 * whose last seed fell unseen.
 *
 * Once the table has shown enough pauses, their histogram is the
 * habit: a pause one step of the hand longer than any its players
 * make is the legal reading's, up to ten to one; a table whose players
 * now and then pause that long shows it, and the pause weighs little.
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

/* One game of S sowing b: c d e f, or c d f (pit e's sensor misses),
 * and pressing the button `pause` after the last drop. */
static double game_b(struct fix *f, double t, int miss_e, double pause)
{
	double last;

	feed(f, t, OBS_START, NULL);
	last = sow(f, t + 1, STEP, miss_e ? "c d f" : "c d e f");
	feed(f, last + pause, OBS_BUTTON, "S");
	return t + 10;
}

/* `games` games, pit e missing `misses` of their seeds, the players
 * pressing `pause` after their last seed (every `often`th game `other`
 * instead, when `often` > 0); a new game started. Returns when it
 * did. */
static double habit(struct fix *f, int games, int misses, double pause,
		    int often, double other)
{
	double t = 0;

	for (int g = 0; g < games; g++)
		t = game_b(f, t, (g + 1) * misses / games !=
			   g * misses / games,
			   often > 0 && g % often == 0 ? other : pause);
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

/* The players press 0.9 s after their last seed, after their clean
 * moves were taken; pit e has missed 6 of about 30 seeds, a record
 * that alone takes a move whose last seed it missed. S's button comes
 * 0.9 s after the last drop sensed, as a hand that stopped there
 * presses, not a step later: held, the timing against the legal
 * reading in its evidence. */
static void test_pauses_after_the_verdict_are_learnt(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	t = habit(f, 30, 6, 0.9, 0, 0);
	v = sow_a(f, t, 0.9);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "a");
	assert_non_null(strstr(v->evidence, "misplay=short"));
	assert_non_null(strstr(v->evidence, "press="));
	assert_null(strstr(v->evidence, "press=-"));
	fix_close(f);
}

/* The players press half a second after their last seed, every time,
 * over 60 games; pit e has missed 1 seed (about 1 in 100, less than
 * twice as likely as a seed left behind). S presses one step and that
 * half second after the last drop sensed, longer than any pause the
 * table has shown: the legal reading's timing, taken with the sensor's
 * miss. */
static void test_a_pause_none_shows_takes_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	t = habit(f, 60, 1, 0.5, 0, 0);
	v = sow_a(f, t, STEP + 0.5);
	if (v->kind != VERDICT_WARN)
		dump(f);
	assert_int_equal(v->kind, VERDICT_WARN);
	assert_string_equal(v->move, "a");
	assert_says(v, "sensor on pit e missed a pulse");
	fix_close(f);
}

/* The same over 80 games, but one game in four the players paused
 * that long (0.9 s), after their move was taken: the pause says
 * little, held. */
static void test_a_pause_the_table_shows_weighs_little(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	t = habit(f, 80, 1, 0.5, 4, STEP + 0.5);
	v = sow_a(f, t, STEP + 0.5);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "a");
	assert_non_null(strstr(v->evidence, "misplay=short"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pauses_after_the_verdict_are_learnt),
		cmocka_unit_test(test_a_pause_none_shows_takes_the_move),
		cmocka_unit_test(test_a_pause_the_table_shows_weighs_little),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
