/*
 * test_referee_press_late.c - a button pressed late is not the
 * opponent's sowing set aside. S sows b, forgets its button; b is taken
 * at the quiet period. N sows A (its one seed, into B); S remembers and
 * presses half a second later, then N presses. The pulse in B is N's
 * move A, not a piece of S's hand: A is taken, and S's next sowing, c,
 * is read as S's.
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

/* Game after game of S sowing b and pressing 0.45 s after its last
 * seed: the table's players' press timing shown. */
static double presses_shown(struct fix *f, int games)
{
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		double end;

		feed(f, t + 0.5, OBS_START, NULL);
		end = sow(f, t + 1.0, 0.3, "c d e f");
		feed(f, end + 0.45, OBS_BUTTON, "S");
	}
	return t;
}

static void test_late_press_keeps_next_move(void **state)
{
	struct fix *f = started("");
	double t = presses_shown(f, 10), end;
	int plies;

	(void)state;
	feed(f, t + 0.5, OBS_START, NULL);
	feed(f, t + 0.6, OBS_POSITION, A_ONE);
	plies = referee_plies(f->ref);
	end = sow(f, t + 1.0, 0.3, "c d e f");
	tick(f, end + 2.6);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	feed(f, end + 4.1, OBS_DROP, "B");
	feed(f, end + 4.6, OBS_BUTTON, "S");
	feed(f, end + 5.5, OBS_BUTTON, "N");
	tick(f, end + 7.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	end = sow(f, end + 8.0, 0.3, "d e f S A");
	feed(f, end + 0.45, OBS_BUTTON, "S");
	tick(f, end + 8.0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	assert_int_equal(referee_plies(f->ref), plies + 3);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_late_press_keeps_next_move),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
