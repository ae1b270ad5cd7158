/*
 * test_referee_blind.c - the mover's button with nothing sensed, on a
 * board whose lines have never missed a seed. The move likeliest to
 * have gone unseen is then less likely than a seed left behind, yet
 * nothing sensed shows a misplay: only a move whose every piece went
 * unseen, or a button pressed for nothing. It is held, naming that
 * move and what to check, never called a foul; after a touch, the move
 * of the place touched is held, not a foul under the touch rule.
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

/*
 * Game after game of a sown as b c d e, line c's pulse missed in one
 * game of ten (the board misses seeds), line e's never: e has sensed
 * its 120 seeds. Returns when the next game's first drop is due.
 */
static double line_e_trusted(struct fix *f)
{
	double t = 0;

	for (int g = 0; g < 120; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, 0.3, g % 10 == 5 ? "b d e" : "b c d e");
		feed(f, t + 3, OBS_BUTTON, "S");
		tick(f, t + 9);
		if (referee_held(f->ref))
			feed(f, t + 9.5, OBS_CONFIRM, NULL);
	}
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(referee_line(f->ref, PIT_C)->misses, 12);
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 0);
	feed(f, t + 0.5, OBS_START, NULL);
	return t + 1;
}

/* S's d, one seed into e, whose line has sensed every seed so far: a
 * seed left in d is likelier than e's pulse missed, yet the button
 * alone shows no seed left anywhere. Held as d, not a foul. */
static void test_button_alone_on_a_trusted_line_is_held(void **state)
{
	struct fix *f = fix_open("", NULL);
	double t = line_e_trusted(f);
	const struct verdict *v;

	(void)state;
	feed(f, t, OBS_POSITION, "0 0 0 1 2 0/4 4 4 4 4 4/11 10/S");
	feed(f, t + 2, OBS_BUTTON, "S");
	tick(f, t + 8);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_true(referee_held(f->ref));
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "d");
	assert_int_equal(v->cause, CAUSE_BUTTON_ALONE);
	assert_says(v, "the button was pressed, but no seed was seen to "
		    "fall: check the board and confirm");
	/* Confirmed, d is played. */
	feed(f, t + 9, OBS_CONFIRM, NULL);
	assert_false(referee_held(f->ref));
	assert_string_equal(position(f), "0 0 0 0 3 0/4 4 4 4 4 4/11 10/N");
	fix_close(f);
}

/* S touches a (six seeds) and presses the button with nothing sensed:
 * d's one seed unseen is likelier than a's six, yet nothing shows d
 * sown. The touched a is held, not a foul under the touch rule. */
static void test_button_alone_after_a_touch_holds_the_touched(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	feed(f, 0.5, OBS_POSITION, "6 0 0 1 0 0/4 4 4 4 4 4/7 10/S");
	feed(f, 1.0, OBS_LIFT, "a");
	feed(f, 3.0, OBS_BUTTON, "S");
	tick(f, 9.0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_true(referee_held(f->ref));
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "a");
	assert_int_equal(v->cause, CAUSE_BUTTON_ALONE);
	assert_says(v, "the button was pressed, but no seed was seen to "
		    "fall, and pit a was touched: check the board and "
		    "confirm");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_button_alone_on_a_trusted_line_is_held),
		cmocka_unit_test(test_button_alone_after_a_touch_holds_the_touched),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
