/*
 * test_referee_press_pulse.c - the last mover's button as evidence for
 * a pulse after its move. On a table whose players press about 0.45
 * s after their last piece, S sows b (c d e f) and does not press; b is
 * taken at the quiet period. Four seconds after f, a pulse in B: N's
 * sowing of A (its one seed), or a piece of S's hand after a long
 * pause. S presses 0.55 s after it, over four and a half seconds after
 * f: as long after the pulse as S's table presses after a last piece,
 * far longer after the move. The pulse is S's (set aside as a late or
 * stray pulse of b), and N's A is not taken. Pressed 6 ms after the
 * pulse, too soon to follow it, the button says nothing of it.
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

#define A_ONE "4 4 4 4 4 4/1 4 4 4 4 7/0 0/S"

/* Game after game of S sowing b cleanly and pressing 0.45 s after its
 * last drop (before the pause that ends a move): the table's pauses
 * before a press. Returns the time after. */
static double presses_shown(struct fix *f, int games)
{
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		double end;

		feed(f, t + 0.5, OBS_START, NULL);
		end = sow(f, t + 1.0, 0.3, "c d e f");
		feed(f, end + 0.45, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_ACCEPT), games);
	return t;
}

/* b taken at the quiet period, the pulse in B four seconds after f,
 * and S's button `press` s after the pulse. */
static struct fix *pulse_then_press(double press)
{
	struct fix *f = started("");
	double t = presses_shown(f, 10), end;

	feed(f, t + 0.5, OBS_START, NULL);
	feed(f, t + 0.6, OBS_POSITION, A_ONE);
	end = sow(f, t + 1.0, 0.3, "c d e f");
	tick(f, end + 2.6);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	feed(f, end + 4.1, OBS_DROP, "B");
	feed(f, end + 4.1 + press, OBS_BUTTON, "S");
	tick(f, end + 12.0);
	return f;
}

static void test_press_after_the_pulse_makes_it_the_movers(void **state)
{
	struct fix *f = pulse_then_press(0.55);

	(void)state;
	assert_int_equal(count(f, VERDICT_ACCEPT), 11);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_says(last(f, VERDICT_NOTE), "S pressed the button after b: "
		    "the pulse in pit B since is a late or stray pulse of it");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

static void test_press_at_once_says_nothing(void **state)
{
	struct fix *f = pulse_then_press(0.006);
	const struct verdict *v = last(f, VERDICT_ACCEPT);

	(void)state;
	/* (N's A, taken or held: not set aside on S's button) */
	if (count(f, VERDICT_HOLD) > 0)
		v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "A");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_press_after_the_pulse_makes_it_the_movers),
		cmocka_unit_test(test_press_at_once_says_nothing),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
