/*
 * test_referee_end_own_seed.c - drop gates: a game-ending move held,
 * its last seed falling while held, then confirmed. That seed is the
 * move's own, late: no play after the end.
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

#define LAST_MOVE "2 0 0 0 0 1/0 0 0 0 0 1/20 24/N"

/* N lifts F (its shadow), F's seed not yet sensed: held. The seed falls
 * into store N while held; the arbiter confirms F. The pulse is F's own
 * seed (the board confirmed has it): no play after the end. */
static void test_own_late_seed_of_held_last_move(void **s)
{
	struct fix *f = started("");

	(void)s;
	feed(f, 0.5, OBS_POSITION, LAST_MOVE);
	feed(f, 2.0, OBS_DROP, "F");
	tick(f, 10.0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "F");
	feed(f, 5.0, OBS_DROP, "N");
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_own_late_seed_of_held_last_move),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
