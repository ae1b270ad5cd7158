/*
 * test_referee_pause_shadow.c - drop gates beside a count source: a
 * hand's shadow on the pit it lifts, then the first of its seeds, and a
 * pause with the counts showing that sowing under way. The pulses spell
 * another pit's whole sowing, but its board is not what the counts show:
 * nothing is judged until the sowing ends.
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

/* a holds 3 (its sowing: b c d); S lifts b (5 seeds): the hand's shadow
 * on b, then c d, and the hand pauses (3 seeds in it). The counts show b
 * under way. The pulses b c d are exactly a's sowing, but a was not
 * played: nothing should be judged until the sowing ends; b is then
 * taken. */
static void test_pause_mid_sowing_after_shadow(void **state)
{
	struct fix *f = fix_open("", NULL);

	(void)state;
	feed(f, 0, OBS_START, NULL);
	feed(f, 0.1, OBS_POSITION, "3 5 4 4 4 4/4 4 4 4 4 4/0 0/S");
	feed(f, 0.2, OBS_SNAPSHOT, "3 5 4 4 4 4/4 4 4 4 4 4/0 0");
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.5, OBS_SNAPSHOT, "3 0 5 5 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	sow(f, 4.0, 0.3, "e f S");
	feed(f, 6.0, OBS_SNAPSHOT, "3 0 5 5 5 5/4 4 4 4 4 4/1 0");
	tick(f, 9.0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pause_mid_sowing_after_shadow),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
