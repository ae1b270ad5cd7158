/*
 * test_referee_hand_pause.c - a hand that stops in the middle of a
 * sowing, pieces still in it. On a table whose players press the turn
 * button, the button or the hand's next drop ends the sowing: a long
 * pause is no sign of pieces left behind, and the sowing finished after
 * it is taken. Without buttons a pause of two quiet periods still ends
 * it, and so it does on a board not shown never to miss (a missed last
 * pulse reads the same); a sowing begun and never finished gets a
 * verdict all the same.
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

/* S's a (b c d e) on a board with buttons: b and c, a pause of
 * `pause` seconds, d and e, S's button. */
static struct fix *paused_a(double pause, double *end)
{
	struct fix *f = started("");
	double t = trusted_board(f, CLEAN_GAMES);

	f->n = 0;
	t = sow(f, t, 0.8, "b c");
	t = sow(f, t + pause, 0.8, "d e");
	feed(f, t + 0.6, OBS_BUTTON, "S");
	*end = t + 0.6;
	return f;
}

static void test_long_pause_mid_sowing_is_taken(void **state)
{
	const struct verdict *m[4];
	struct fix *f;
	double t;

	(void)state;
	f = paused_a(8.0, &t);
	tick(f, t + 40);
	if (count(f, VERDICT_FOUL) != 0 || moves(f, m, 4) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 4), 1);
	assert_int_equal(m[0]->kind, VERDICT_ACCEPT);
	assert_string_equal(m[0]->move, "a");
	fix_close(f);
}

static void test_very_long_pause_is_taken(void **state)
{
	const struct verdict *m[4];
	struct fix *f;
	double t;

	(void)state;
	f = paused_a(20.0, &t);
	tick(f, t + 40);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 4), 1);
	assert_string_equal(m[0]->move, "a");
	fix_close(f);
}

/* A sowing begun and never finished, no button: a verdict all the
 * same, once the hand has been away long, and not a move taken (b c is
 * a sowing of a stopped short). */
static void test_unfinished_sowing_gets_a_verdict(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t = trusted_board(f, CLEAN_GAMES);

	(void)state;
	f->n = 0;
	t = sow(f, t, 0.8, "b c");
	tick(f, t + 10);
	assert_int_equal(count(f, VERDICT_FOUL) + moves(f, m, 4), 0);
	tick(f, t + 120);
	assert_int_equal(count(f, VERDICT_FOUL) + moves(f, m, 4), 1);
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	assert_int_equal(count(f, VERDICT_FOUL) + count(f, VERDICT_HOLD), 1);
	fix_close(f);
}

/* (guard) A board not yet shown never to miss (it has sensed too few
 * seeds): two quiet periods end the sowing, as on a table with no
 * buttons. */
static void test_untried_board_pause_ends_sowing(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t = trusted_board(f, 3);

	(void)state;
	f->n = 0;
	t = sow(f, t, 0.8, "b c");
	tick(f, t + 6);
	assert_int_equal(count(f, VERDICT_FOUL) + moves(f, m, 4), 1);
	fix_close(f);
}

/* (guard) A table with no buttons: two quiet periods end the sowing. */
static void test_no_buttons_pause_ends_sowing(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t;

	(void)state;
	f->n = 0;
	t = sow(f, 1.0, 0.8, "b c");
	tick(f, t + 6);
	assert_int_equal(count(f, VERDICT_FOUL) + moves(f, m, 4), 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_long_pause_mid_sowing_is_taken),
		cmocka_unit_test(test_very_long_pause_is_taken),
		cmocka_unit_test(test_unfinished_sowing_gets_a_verdict),
		cmocka_unit_test(test_untried_board_pause_ends_sowing),
		cmocka_unit_test(test_no_buttons_pause_ends_sowing),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
