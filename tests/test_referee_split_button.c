/*
 * test_referee_split_button.c - the mover's button pressed after two
 * of its own moves read from one stream of drops: a move into its own
 * store (it moves again) and, at once after, a one-seed move. The
 * button, pressed after every drop, ends the second move too: on a
 * board that has shown a stray pulse, its lone pulse is not held as a
 * possible stray for want of a button.
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

/* S's c (d e f S: S moves again), then 0.57 s after its last drop S's
 * d (one seed, into e), then S's button `press` s after that. */
static struct fix *again_then_lone(double press)
{
	struct fix *f = started("");
	double t = strays_shown(f, "4 4 4 0 0 4/4 4 4 4 4 4/8 0/S");

	f->n = 0;
	t = sow(f, t, 0.3, "d e f S");
	feed(f, t + 0.57, OBS_DROP, "e");
	if (press > 0)
		feed(f, t + 0.57 + press, OBS_BUTTON, "S");
	tick(f, t + 30);
	return f;
}

static void test_button_after_both_ends_the_second(void **state)
{
	const struct verdict *m[4];
	struct fix *f = again_then_lone(0.8);

	(void)state;
	if (moves(f, m, 4) != 2 || count(f, VERDICT_HOLD) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(moves(f, m, 4), 2);
	assert_string_equal(m[0]->move, "c");
	assert_string_equal(m[1]->move, "d");
	fix_close(f);
}

/* (guard) No button: the lone pulse may be a stray, and is held. */
static void test_no_button_lone_pulse_is_held(void **state)
{
	const struct verdict *m[4];
	struct fix *f = again_then_lone(0);

	(void)state;
	assert_int_equal(moves(f, m, 4), 2);
	assert_string_equal(m[0]->move, "c");
	assert_int_equal(m[1]->kind, VERDICT_HOLD);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_button_after_both_ends_the_second),
		cmocka_unit_test(test_no_button_lone_pulse_is_held),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
