/*
 * test_referee_rival.c - drops alone that are exactly one legal move's
 * and nearly as well another's. With pit a holding 5 seeds and pit b 4,
 * the drops b c d e f are a's sowing, or b's sowing after the hand's
 * shadow on b as it lifted the seeds. On a board that has shown the
 * shadow at one lift in four, b is not ten times less likely than a:
 * the move is held, naming both pits and what a leaves in each. On a
 * board that has never shown it, a is taken.
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

#define A_FIVE "5 4 4 4 4 4/4 4 4 4 4 3/0 0/S"

/* Game after game of S sowing b with the hand's shadow on b as it
 * lifts the seeds: the board shows the shadow at every lift. Returns
 * the time after. */
static double shadows_shown(struct fix *f, int games)
{
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		feed(f, t + 1.0, OBS_DROP, "b");
		sow(f, t + 1.4, 0.35, "c d e f");
		feed(f, t + 4.0, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_ACCEPT), games);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	return t;
}

/* b c d e f in a new game from A_FIVE, then S's button. */
static void b_to_f(struct fix *f, double t)
{
	feed(f, t + 0.5, OBS_START, NULL);
	feed(f, t + 0.6, OBS_POSITION, A_FIVE);
	t = sow(f, t + 1.0, 0.35, "b c d e f");
	feed(f, t + 1.0, OBS_BUTTON, "S");
	tick(f, t + 4.0);
}

static void test_rival_held_where_shadows_are_common(void **state)
{
	static const int a_b[] = { PIT_A, PIT_B, -1 };
	struct fix *f = started("");
	const struct verdict *v;
	int taken;

	(void)state;
	b_to_f(f, shadows_shown(f, 6));
	taken = count(f, VERDICT_ACCEPT);
	assert_int_equal(taken, 6);
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, "a");
	assert_about(v, CAUSE_AMBIGUOUS, a_b);
	assert_says(v, "the drops fit a, or nearly as well b (a pulse on pit "
		    "b as the hand lifted its seeds): pit a should now be "
		    "empty and pit b should hold 5");
	assert_non_null(strstr(v->evidence, "rival=b:"));
	/* Confirmed: a taken. */
	feed(f, 80.0, OBS_CONFIRM, NULL);
	assert_int_equal(count(f, VERDICT_ACCEPT), taken + 1);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	fix_close(f);
}

static void test_exact_move_taken_where_no_shadow_was_seen(void **state)
{
	struct fix *f = started("");

	(void)state;
	b_to_f(f, 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rival_held_where_shadows_are_common),
		cmocka_unit_test(test_exact_move_taken_where_no_shadow_was_seen),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
