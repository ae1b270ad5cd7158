/*
 * test_referee_press_open.c - the pause before the button, learnt only
 * where it is the pause of the move taken. A clean move taken at the
 * hand's pause awaits its mover's button; that wait ends with a drop, a
 * lift, a command that changes the position (taken back, set, a new
 * game) or the game's end, and with the counts of a count source (the
 * move judged at them says nothing of when the button came). A pause
 * shorter than any the histogram holds is read by the prior alone.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "referee/referee.h"
#include "referee/referee_impl.h"
#include "referee/model_drops.h"

#include "tests/referee_fixture.h"

#define STEP 0.4	/* the hand's tempo */

/* The drops model's state of the fixture's referee. */
static struct drops *drops_of(struct fix *f)
{
	struct referee *ref = f->ref;
	int r = ref->reads[OBS_DROP];

	assert_true(r >= 0);
	return ref->reader[r].state;
}

/* S sows b (c d e f) from `t` and the move is taken at the hand's
 * pause, the button not yet pressed: when its last drop was. */
static double taken_at_pause(struct fix *f, double t, const char *drops,
			     const char *move)
{
	double end = sow(f, t, STEP, drops);

	tick(f, end + 1.5);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, move);
	assert_int_not_equal(drops_of(f)->press_open_us, 0);
	return end;
}

/* Nothing between: S's button 2.5 s after the last drop is learnt. */
static void test_the_button_after_is_learnt(void **state)
{
	struct fix *f = started("");
	double last;

	(void)state;
	last = taken_at_pause(f, 1, "c d e f", "b");
	feed(f, last + 2.5, OBS_BUTTON, "S");
	assert_int_equal((int)drops_of(f)->press_n, 1);
	fix_close(f);
}

/* A command between the move and the button: the button is not that
 * move's. */
static void after_command(enum obs_kind kind, const char *text)
{
	struct fix *f = started("");
	double last;

	last = taken_at_pause(f, 1, "c d e f", "b");
	feed(f, last + 2.0, kind, text);
	feed(f, last + 2.5, OBS_BUTTON, "S");
	assert_int_equal((int)drops_of(f)->press_n, 0);
	fix_close(f);
}

static void test_not_after_undo(void **state)
{
	(void)state;
	after_command(OBS_UNDO, NULL);
}

static void test_not_after_position(void **state)
{
	(void)state;
	after_command(OBS_POSITION, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
}

static void test_not_after_new_game(void **state)
{
	(void)state;
	after_command(OBS_START, NULL);
}

/* A hand lifting pieces began another move: the button is not the
 * move's before. */
static void test_not_after_lift(void **state)
{
	(void)state;
	after_command(OBS_LIFT, "A");
}

/* The game's last move taken at the pause, the button pressed once
 * the game is over: the next game's first button is not that move's. */
static void test_not_into_the_next_game(void **state)
{
	struct fix *f = started("");
	double last;

	(void)state;
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 2/4 4 4 4 4 4/22 0/S");
	last = taken_at_pause(f, 1, "S A", "f");
	assert_int_equal(f->ref->state, REF_IDLE);	/* game over */
	feed(f, last + 2.0, OBS_BUTTON, "S");
	feed(f, last + 2.2, OBS_START, NULL);
	feed(f, last + 3.0, OBS_BUTTON, "S");
	assert_int_equal((int)drops_of(f)->press_n, 0);
	fix_close(f);
}

/* A move judged at its counts, the button not among what it was judged
 * on: no button is awaited (the mover may have pressed it already). */
static void test_not_at_counts(void **state)
{
	struct fix *f = started("");
	struct drops *d = drops_of(f);
	struct match_result r;

	(void)state;
	memset(&r, 0, sizeof(r));
	d->pend_t[0] = ms(1.0);
	d->pend_t[1] = ms(1.4);
	d->press_us = 0;
	drops_press_learn(d, 2, &r);
	assert_int_not_equal(d->press_open_us, 0);	/* drops alone */
	f->ref->snapshots_seen = 1;
	drops_press_learn(d, 2, &r);
	assert_int_equal(d->press_open_us, 0);
	fix_close(f);
}

/* The table presses 0.052 s or 0.3 s after its last piece (30 times
 * each); the mover pressed 0.31 s after the last drop sensed, as this
 * table does, a hand of 0.4 s a step. A last piece unseen one step
 * before (0.01 s before the press, faster than any press here) is
 * not the likelier reading: the histogram says nothing of pauses
 * shorter than its range. */
static void test_a_pause_below_the_range_is_the_prior(void **state)
{
	struct drops *d = calloc(1, sizeof(*d));
	double a = log(0.052), b = log(0.3);

	(void)state;
	assert_non_null(d);
	d->press_hist[0] = 30;
	d->press_hist[(int)((b - log(DROPS_PRESS_FROM_S)) /
			    DROPS_PRESS_BIN)] = 30;
	d->press_n = 60;
	d->press_sum = 30 * a + 30 * b;
	d->press_sq = 30 * a * a + 30 * b * b;
	for (int i = 0; i < 4; i++)
		d->pend_t[i] = ms(1.0 + STEP * i);
	d->press_us = d->pend_t[3] + ms(0.31);
	assert_true(drops_press_cost(d, 4) > 0);
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_the_button_after_is_learnt),
		cmocka_unit_test(test_not_after_undo),
		cmocka_unit_test(test_not_after_position),
		cmocka_unit_test(test_not_after_new_game),
		cmocka_unit_test(test_not_after_lift),
		cmocka_unit_test(test_not_into_the_next_game),
		cmocka_unit_test(test_not_at_counts),
		cmocka_unit_test(test_a_pause_below_the_range_is_the_prior),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
