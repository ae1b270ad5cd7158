/*
 * test_referee_pause_next.c - the next player's sowing begun while the
 * mover's stopped sowing is waited on. On a trusted board with buttons a
 * sowing stopped short, no button, waits long for the mover's hand; a
 * drop after more than two quiet periods where the next player's move
 * begins is another hand's: the stopped sowing is judged first, as it
 * would have been at two quiet periods, and the drops after are the
 * next player's.
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

/* Games enough for the board to have sensed 500 seeds, none missed. */
#define CLEAN_GAMES 130

/* S's f (6 seeds: S A B C D E) stopped after S A B C, two seeds left in
 * f, no button; N thinks 8 s, then plays C (now 5: D E F N a) and
 * presses its button: S's f is fouled, not taken. */
static void test_short_sowing_then_next_player(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t = trusted_board(f, CLEAN_GAMES);

	(void)state;
	feed(f, t, OBS_POSITION, "4 4 4 4 2 6/4 4 4 4 4 4/0 0/S");
	f->n = 0;
	t = sow(f, t + 1, 0.5, "S A B C");
	for (double x = t + 0.5; x < t + 8; x += 0.5)
		tick(f, x);
	t = sow(f, t + 8, 0.5, "D E F N a");
	feed(f, t + 0.6, OBS_BUTTON, "N");
	tick(f, t + 60);
	for (int i = 0, n = moves(f, m, 4); i < n; i++)
		assert_false(strcmp(m[i]->move, "f") == 0 &&
			     m[i]->kind == VERDICT_ACCEPT);
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_int_equal(last(f, VERDICT_FOUL)->ply, 1);
	assert_says(last(f, VERDICT_FOUL), "short");
	fix_close(f);
}

/* S's a (b c d e) with a seed left in a (drops b c d), no button; N
 * thinks 10 s, plays A (B C D E) and presses: the foul is S's seed left
 * behind, not no move fitting b c d B C D E with a missed pulse on a
 * board that never missed one. */
static void test_left_behind_then_next_player(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, CLEAN_GAMES);
	const struct verdict *v;

	(void)state;
	f->n = 0;
	t = sow(f, t, 0.5, "b c d");
	for (double x = t + 0.5; x < t + 10; x += 0.5)
		tick(f, x);
	t = sow(f, t + 10, 0.5, "B C D E");
	feed(f, t + 0.6, OBS_BUTTON, "N");
	tick(f, t + 60);
	v = last(f, VERDICT_FOUL);
	assert_non_null(v);
	assert_int_equal(v->cause, CAUSE_ILLEGAL);
	assert_int_equal(v->ply, 1);
	assert_says(v, "short");
	fix_close(f);
}

/* (guard) The mover's own sowing resumed after a long pause, its next
 * drop where its path goes on: still one sowing, taken. */
static void test_own_sowing_resumed_is_taken(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t = trusted_board(f, CLEAN_GAMES);

	(void)state;
	f->n = 0;
	t = sow(f, t, 0.8, "b c");
	for (double x = t + 0.5; x < t + 12; x += 0.5)
		tick(f, x);
	t = sow(f, t + 12, 0.8, "d e");
	feed(f, t + 0.6, OBS_BUTTON, "S");
	tick(f, t + 60);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 4), 1);
	assert_string_equal(m[0]->move, "a");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_sowing_then_next_player),
		cmocka_unit_test(test_left_behind_then_next_player),
		cmocka_unit_test(test_own_sowing_resumed_is_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
