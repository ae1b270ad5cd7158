/*
 * test_referee_late_roll.c - a held move whose reading put the piece of
 * its last place elsewhere. S sows e (2 seeds: f S): two pulses in f,
 * none in the store, and the move is held. A pulse in store S comes
 * while it is held, and the arbiter confirms e. That pulse is e's last
 * seed fallen late (the second pulse in f an extra one), or S's f (the
 * one seed e put there, into the store): f is not taken on it alone,
 * but held naming what to check.
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

static void test_kept_pulse_in_the_last_place_is_doubted(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 2 0/4 4 4 4 4 4/2 4/S");
	feed(f, 1.0, OBS_DROP, "f");
	feed(f, 2.3, OBS_DROP, "f");
	tick(f, 5.0);
	assert_true(referee_held(f->ref));
	assert_string_equal(last(f, VERDICT_HOLD)->move, "e");
	feed(f, 5.6, OBS_DROP, "S");
	feed(f, 7.0, OBS_CONFIRM, NULL);
	tick(f, 8.0);
	tick(f, 12.0);
	if (moves(f, m, 8) != 3)
		dump(f);
	assert_int_equal(moves(f, m, 8), 3);
	assert_string_equal(m[1]->move, "e");
	assert_string_equal(m[2]->move, "f");
	assert_int_equal(m[2]->kind, VERDICT_HOLD);
	assert_says(m[2], "the last seed of e fallen late");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kept_pulse_in_the_last_place_is_doubted),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
