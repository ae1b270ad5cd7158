/*
 * test_referee_revise_swap.c - a move taken at the hand's pause, then
 * the mover, moving again, sows fast: its first two pieces reach their
 * gates in swapped order, the second a fraction of a millisecond before
 * the first. That lone first pulse is no sign the hand had only paused
 * (the move taken back): the next move may have its first piece still
 * falling, and the drops after it show it. Both moves are taken.
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

/* S's c (d e f S: S moves again), then 2.5 s later S's f (S A B C D)
 * fast, sensed A S B D C. */
static void test_fast_next_move_swapped_is_taken(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	f->n = 0;
	t = sow(f, t + 2.0, 0.25, "d e f S");
	feed(f, t + 2.5585, OBS_DROP, "A");
	feed(f, t + 2.5591, OBS_DROP, "S");
	feed(f, t + 2.6014, OBS_DROP, "B");
	feed(f, t + 2.6206, OBS_DROP, "D");
	feed(f, t + 2.6230, OBS_DROP, "C");
	feed(f, t + 3.2, OBS_BUTTON, "S");
	tick(f, t + 30);
	if (moves(f, m, 4) != 2 || count(f, VERDICT_FOUL) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(moves(f, m, 4), 2);
	assert_string_equal(m[0]->move, "c");
	assert_string_equal(m[1]->move, "f");
	assert_int_not_equal(m[1]->kind, VERDICT_HOLD);
	assert_says(m[1], "swapped");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_next_move_swapped_is_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
