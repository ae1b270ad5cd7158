/*
 * test_referee_turn_button.c - the other player's button while the
 * mover moves again, with nothing sensed: that player says a move of
 * theirs is made, out of turn (every piece of it unseen). A foul,
 * naming both players, never silence. The other player's button after
 * a move that passed the turn to the mover says nothing new (a second
 * press of their own).
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

/* N's F: one seed into store N, and N moves again. */
#define ONE_INTO_STORE "4 4 4 4 4 4/4 4 4 4 4 1/3 0/N"

/* N plays F (moves again) and presses the button all the same; S then
 * presses S's button, no seed sensed: a foul for S's move out of
 * turn. */
static void test_other_button_while_the_mover_moves_again(void **s)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)s;
	feed(f, 0.5, OBS_POSITION, ONE_INTO_STORE);
	feed(f, 2.0, OBS_DROP, "N");
	feed(f, 2.6, OBS_BUTTON, "N");
	tick(f, 6.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "F");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	feed(f, 9.0, OBS_BUTTON, "S");
	tick(f, 15.0);
	v = last(f, VERDICT_FOUL);
	assert_int_equal(v->cause, CAUSE_BUTTON_ALONE);
	assert_says(v, "S pressed the button");
	assert_says(v, "N moves again after F");
	fix_close(f);
}

/* S's b passes the turn to N; S presses S's button twice: nothing is
 * said of the second press. */
static void test_other_button_after_a_move_that_passed_the_turn(void **s)
{
	struct fix *f = started("");

	(void)s;
	feed(f, 0.5, OBS_BUTTON, "N");		/* the table has buttons */
	tick(f, 1.0);
	sow(f, 2.0, 0.4, "c d e f");		/* b */
	feed(f, 4.0, OBS_BUTTON, "S");
	tick(f, 8.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	feed(f, 9.0, OBS_BUTTON, "S");
	tick(f, 15.0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_other_button_while_the_mover_moves_again),
		cmocka_unit_test(test_other_button_after_a_move_that_passed_the_turn),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
