/*
 * test_referee_again.c - the mover's button pressed with nothing sensed
 * while they move again, read with the pause since the last drop. The
 * table's players press the button half a second after their last seed;
 * pressed all the same after a move that gives another turn, the button
 * comes as soon; after a further move of one seed whose pulse went
 * unseen, it comes only once a hand has reached a pit, sown and pressed.
 * A press seconds later is held, naming the one-seed move, where the
 * gate's record alone takes the button as pressed all the same; a
 * press as soon as the table's come says nothing against the move.
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
#define SOON 0.8	/* a press after f as soon as theirs come */

/* Games of S sowing b: c d e f, pressing the button HABIT after the
 * last drop; pit d's pulse missed in `misses` of `games`. Returns when
 * the last game ended. */
static double games_b(struct fix *f, int games, int misses)
{
	double t = 0, last;

	for (int g = 0; g < games; g++) {
		int miss = (g + 1) * misses / games != g * misses / games;

		feed(f, t, OBS_START, NULL);
		last = sow(f, t + 1, STEP, miss ? "c e f" : "c d e f");
		feed(f, last + HABIT, OBS_BUTTON, "S");
		t += 10;
	}
	return t;
}

/* A new game from a b c d e f = 4 4 1 4 4 1: S sows f (one seed into
 * store S) and moves again, then presses the button `pause` after that
 * drop with nothing sensed since. The last verdict. */
static const struct verdict *press_after_f(struct fix *f, double t,
					   double pause)
{
	feed(f, t, OBS_START, NULL);
	feed(f, t + 0.2, OBS_POSITION, "4 4 1 4 4 1/4 4 4 4 4 4/3 3/S");
	feed(f, t + 1, OBS_DROP, "S");
	tick(f, t + 1.7);
	assert_string_equal(f->v[f->n - 1].move, "f");
	feed(f, t + 1 + pause, OBS_BUTTON, "S");
	return &f->v[f->n - 1];
}

/* Pit d missed one of its thirty seeds: on that record a one-seed c
 * into d is far less likely unseen than a button pressed all the same.
 * S's button came three seconds after f's seed, later than these
 * players press and as late as a hand that sowed c and pressed: held,
 * naming c (and the button pressed all the same). */
static void test_late_press_when_moving_again_holds_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = press_after_f(f, games_b(f, 30, 1), 3.0);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_int_equal(v->cause, CAUSE_BUTTON_ALONE);
	assert_string_equal(v->move, "c");
	assert_non_null(strstr(v->text, "or S moves again after f and "
			       "pressed it all the same"));
	assert_true(referee_held(f->ref));
	fix_close(f);
}

/* The same board, the button as soon after f's seed as these players
 * press: pressed all the same, the turn not over. */
static void test_press_at_habit_when_moving_again_is_a_note(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = press_after_f(f, games_b(f, 30, 1), SOON);
	if (v->kind != VERDICT_NOTE)
		dump(f);
	assert_int_equal(v->kind, VERDICT_NOTE);
	assert_int_equal(v->cause, CAUSE_MOVES_AGAIN);
	assert_false(referee_held(f->ref));
	fix_close(f);
}

/* A gate that never missed: however late the button, a share of
 * presses comes at any moment, and the record's weight against an
 * unseen seed is not overturned by the timing alone: a note. */
static void test_late_press_on_a_clean_gate_is_a_note(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = press_after_f(f, games_b(f, 30, 0), 3.0);
	if (v->kind != VERDICT_NOTE)
		dump(f);
	assert_int_equal(v->kind, VERDICT_NOTE);
	assert_int_equal(v->cause, CAUSE_MOVES_AGAIN);
	fix_close(f);
}

/* Pit d missed a third of its seeds: the one-seed c may well have gone
 * unseen. The button came as soon as these players press, which a
 * hand near pit c could have done after sowing it: the timing says
 * nothing against the move, held as before. */
static void test_press_at_habit_on_a_dirty_gate_holds_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = press_after_f(f, games_b(f, 30, 10), SOON);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "c");
	fix_close(f);
}

/* Pit d missed one of its thirty seeds; S's button a second after f's
 * seed, later than these players press: judged with the table's habit
 * as it was, held naming c (learnt first, the press itself would have
 * widened the habit enough to read it as pressed all the same). */
static void test_late_press_judged_before_it_is_learnt(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = press_after_f(f, games_b(f, 30, 1), 1.0);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "c");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_late_press_when_moving_again_holds_the_move),
		cmocka_unit_test(test_press_at_habit_when_moving_again_is_a_note),
		cmocka_unit_test(test_late_press_on_a_clean_gate_is_a_note),
		cmocka_unit_test(test_press_at_habit_on_a_dirty_gate_holds_the_move),
		cmocka_unit_test(test_late_press_judged_before_it_is_learnt),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
