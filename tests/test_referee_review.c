/*
 * test_referee_review.c - what the button-timing model learns, and the
 * late pieces of a held move once it is confirmed. A move judged with
 * no button (the next player's sowing showing the turn passed) teaches
 * nothing about the pause before the button: only a button pressed by
 * the mover is a pause learnt. Drops kept while a move was held are its
 * late pieces only when they came soon after its last drop, before the
 * next player showed: the next player's first drops, which begin a
 * clean reading of the next move, stay that move's.
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

/* A game of S sowing b (c d e f) cleanly, the button HABIT after. */
static double game_b(struct fix *f, double t)
{
	double last;

	feed(f, t, OBS_START, NULL);
	last = sow(f, t + 1, STEP, "c d e f");
	feed(f, last + HABIT, OBS_BUTTON, "S");
	return t + 10;
}

/* A table with buttons that has made strays (so buttons are awaited):
 * N's E (one seed, into F), then 1.3 s later one pulse in pit e where
 * S's d begins, judged 12 s later with no button from N. Returns the
 * time after. */
static double lone_pulse(struct fix *f)
{
	double t = strays_shown(f, "4 4 4 2 4 4/4 4 4 4 1 4/0 5/N");

	feed(f, t, OBS_DROP, "F");		/* E */
	feed(f, t + 1.3, OBS_DROP, "e");	/* S's d begun */
	tick(f, t + 12.0);
	return t + 20.0;
}

/* After the lone pulse's move, `games` clean games pressed at HABIT,
 * then S sows a (b c d e) with pit e's pulse missed, pressing HABIT
 * after the last drop sensed: the verdict on it. */
static const struct verdict *after_lone(struct fix *f, int games)
{
	double t = lone_pulse(f), last;

	for (int g = 0; g < games; g++)
		t = game_b(f, t);
	feed(f, t, OBS_START, NULL);
	last = sow(f, t + 1, STEP, "b c d");
	feed(f, last + HABIT, OBS_BUTTON, "S");
	return &f->v[f->n - 1];
}

/* N's move judged with no button (S's pulse shows the turn passed),
 * 12 s after its last drop: no pause learnt from it. Seven clean
 * games pressed at HABIT are not yet the table's habit shown, so the
 * timing weighs nothing on a move short of its last seed; an eighth
 * shows it. */
static void test_move_judged_with_no_button_teaches_no_pause(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = after_lone(f, 7);
	if (v->kind != VERDICT_HOLD || strstr(v->evidence, "press=") != NULL)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "a");
	assert_null(strstr(v->evidence, "press="));
	fix_close(f);
	f = started("");
	v = after_lone(f, 8);
	assert_non_null(strstr(v->evidence, "press="));
	fix_close(f);
}

/* S sows f (S A B), pit B's pulse missed: held, one seed short. N
 * then sows A (B C D E F) cleanly while it is held, and the arbiter
 * confirms f. N's first drop, in pit B, begins N's sowing: it is not
 * f's last seed fallen late, and N's A is taken as sown. */
static void test_next_players_first_drop_is_not_a_late_piece(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	(void)state;
	feed(f, 0.5, OBS_POSITION, "6 6 0 0 0 3/4 4 4 4 4 4/5 4/S");
	t = sow(f, 1.0, 0.4, "S A");
	tick(f, t + 8.0);
	assert_non_null(last(f, VERDICT_HOLD));
	assert_string_equal(last(f, VERDICT_HOLD)->move, "f");
	sow(f, t + 9.0, 0.4, "B C D E F");
	feed(f, t + 12.0, OBS_CONFIRM, NULL);
	tick(f, t + 20.0);
	if (moves(f, m, 8) != 3 || count(f, VERDICT_HOLD) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_HOLD), 1);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 8), 3);	/* the hold, f, A */
	assert_string_equal(m[1]->move, "f");
	assert_string_equal(m[2]->move, "A");
	assert_int_equal(m[2]->kind, VERDICT_ACCEPT);
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_move_judged_with_no_button_teaches_no_pause),
		cmocka_unit_test(
			test_next_players_first_drop_is_not_a_late_piece),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
