/*
 * test_referee_tie.c - a move held because other moves fit its drops
 * about as well records what each reading cost: the move held, and
 * every move tied with it, in its evidence.
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

/* Pit f's sensor misses every seed of four moves c (d e f S) and is
 * found dead; it fires again with f S A B: e (f S A B) sensed whole, or
 * d (e f S A) with e's pulse missed and one extra on B, a dead line
 * hiding nothing: held as a tie, each cost in the evidence. */
static void test_tie_records_each_moves_cost(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	for (int g = 0; g < 4; g++) {
		if (g > 0)
			feed(f, 4.0 * g, OBS_START, NULL);
		sow(f, 4.0 * g + 1, 0.3, "d e S");
		feed(f, 4.0 * g + 3, OBS_BUTTON, "S");
	}
	sow(f, 17, 0.3, "f S A B");
	tick(f, 30);
	v = last(f, VERDICT_HOLD);
	assert_says(v, "equally well");
	if (strstr(v->evidence, "tie=") == NULL)
		dump(f);
	assert_non_null(strstr(v->evidence, "move="));
	assert_non_null(strstr(v->evidence, " legal="));
	assert_non_null(strstr(v->evidence, " tie="));
	assert_non_null(strstr(v->evidence, "decided=hold"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tie_records_each_moves_cost),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
