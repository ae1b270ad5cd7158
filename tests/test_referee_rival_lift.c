/*
 * test_referee_rival_lift.c - a move another legal move explains nearly
 * as well, with the hand's shadow on the place it lifts, is not held
 * when a lift sensor named the place lifted. Game after game S lifts b
 * (sensed) and its shadow pulses b as it sows c d e f; then, from a
 * position where a holds five, the lift sensor names a and the drops
 * are b c d e f: a's exact sowing, taken, not held naming b.
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

/* Game after game of S lifting b (sensed) with its shadow on b. */
static double lifts_shown(struct fix *f, int games)
{
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		feed(f, t + 0.9, OBS_LIFT, "b");
		feed(f, t + 1.0, OBS_DROP, "b");
		sow(f, t + 1.4, 0.35, "c d e f");
		feed(f, t + 4.0, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_ACCEPT), games);
	return t;
}

static void test_lift_sensed_leaves_no_rival(void **state)
{
	struct fix *f = started("");
	double t = lifts_shown(f, 6);
	int accepted;

	(void)state;
	accepted = count(f, VERDICT_ACCEPT);
	feed(f, t + 0.5, OBS_START, NULL);
	feed(f, t + 0.6, OBS_POSITION, A_FIVE);
	feed(f, t + 0.9, OBS_LIFT, "a");
	t = sow(f, t + 1.0, 0.35, "b c d e f");
	feed(f, t + 1.0, OBS_BUTTON, "S");
	tick(f, t + 4.0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT), accepted + 1);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_string_equal(position(f), "0 5 5 5 5 5/4 4 4 4 4 3/0 0/N");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lift_sensed_leaves_no_rival),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
