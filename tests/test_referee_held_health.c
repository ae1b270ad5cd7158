/*
 * test_referee_held_health.c - a held move confirmed: the faults its
 * reading showed are counted against the lines, but for pulses read
 * elsewhere. A pulse read with it though none of its pieces were
 * sensed is read again with what came after (or, the game over, is
 * play after the end): no extra pulse of its line.
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

/* N's F is one seed into store N, and N moves again. */
#define ONE_INTO_STORE "4 4 4 4 4 4/4 0 0 0 0 1/8 11/N"
/* The same, F N's last move. */
#define LAST_MOVE "2 0 0 0 0 1/0 0 0 0 0 1/20 24/N"

/* F's seed into store N went unseen, a seed falls in pit f: F held,
 * confirmed; the pulse on f is read again as what came after, not
 * counted as well as a pulse of f's line no move explains. */
static void test_pulse_read_again_is_no_extra(void **s)
{
	struct fix *f = started("");

	(void)s;
	feed(f, 0.5, OBS_POSITION, ONE_INTO_STORE);
	feed(f, 3.0, OBS_DROP, "f");
	tick(f, 10.0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "F");
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	tick(f, 30.0);
	if (referee_line(f->ref, PIT_F)->extras > 0)
		dump(f);
	assert_int_equal(referee_line(f->ref, PIT_F)->extras, 0);
	fix_close(f);
}

/* The same as N's last move, the seed in pit d: play after the end,
 * the foul, and no extra pulse of d's line. */
static void test_pulse_after_the_end_is_no_extra(void **s)
{
	struct fix *f = started("");

	(void)s;
	feed(f, 0.5, OBS_POSITION, LAST_MOVE);
	feed(f, 3.0, OBS_DROP, "d");
	tick(f, 10.0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "F");
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	assert_int_equal(last(f, VERDICT_FOUL)->cause, CAUSE_AFTER_END);
	assert_int_equal(referee_line(f->ref, PIT_D)->extras, 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pulse_read_again_is_no_extra),
		cmocka_unit_test(test_pulse_after_the_end_is_no_extra),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
