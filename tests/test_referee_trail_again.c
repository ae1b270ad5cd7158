/*
 * test_referee_trail_again.c - a second pulse in the mover's last place,
 * a few tens of milliseconds after its last drop, where the next
 * player's sowing of one piece drops it. On a board whose gates have
 * never bounced, two edges on a line are two pieces, and the mover's
 * hand had none left: the next player began before the mover's last
 * piece fell. The move is held naming both players (taken with a
 * warning, the next player's sowing would get no verdict at all). On a
 * board that bounces, the pulse is the last piece's bounce.
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

#define BEFORE "4 4 4 4 4 5/4 4 0 4 4 4/1 2/S"

/* S's f (S A B C D), and N's C (the piece S just dropped there, into
 * D) 52 ms after S's last drop. */
static void sow_and_overlap(struct fix *f, double t)
{
	feed(f, t, OBS_POSITION, BEFORE);
	t = sow(f, t + 1.0, 0.3, "S A B C D");
	feed(f, t + 0.052, OBS_DROP, "D");
	tick(f, t + 30);
}

static void test_second_pulse_on_a_board_that_never_bounces(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	f->n = 0;
	sow_and_overlap(f, t);
	if (count(f, VERDICT_HOLD) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_HOLD), 1);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "f");
	assert_says(last(f, VERDICT_HOLD), "N began sowing (drops D)");
	fix_close(f);
}

/* A board new to the referee may bounce: the move is taken. */
static void test_second_pulse_on_a_new_board(void **state)
{
	struct fix *f = started("");

	(void)state;
	f->n = 0;
	sow_and_overlap(f, 1.0);
	if (count(f, VERDICT_HOLD) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 1);
	fix_close(f);
}

/* S's f, then a pulse on D 200 ms after its last drop: further from it
 * than a gate's bounce, it may be a stray; a board that has never
 * bounced says nothing of it. The move is taken with a warning. */
static void test_late_pulse_is_a_stray(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	f->n = 0;
	feed(f, t, OBS_POSITION, BEFORE);
	t = sow(f, t + 1.0, 0.3, "S A B C D");
	feed(f, t + 0.200, OBS_DROP, "D");
	tick(f, t + 30);
	if (count(f, VERDICT_HOLD) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_WARN), 1);
	assert_string_equal(last(f, VERDICT_WARN)->move, "f");
	fix_close(f);
}

/* Three pulses on D, 30 ms apart: two over, not the one a sowing of a
 * single piece drops there. No hold names N's sowing. */
static void test_two_pulses_over_are_no_overlap(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	f->n = 0;
	feed(f, t, OBS_POSITION, BEFORE);
	t = sow(f, t + 1.0, 0.3, "S A B C D");
	feed(f, t + 0.030, OBS_DROP, "D");
	feed(f, t + 0.060, OBS_DROP, "D");
	tick(f, t + 30);
	dump(f);
	for (int i = 0; i < f->n; i++)
		assert_null(strstr(f->v[i].text, "N began sowing"));
	fix_close(f);
}

/* S's f sown fast (50 ms a piece), the second pulse on D 52 ms after
 * its last drop: 102 ms after S's piece fell in C, too soon for N to
 * have seen it, lifted it and let it go into D. No hold names N. */
static void test_too_soon_to_have_lifted(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	f->n = 0;
	feed(f, t, OBS_POSITION, BEFORE);
	t = sow(f, t + 1.0, 0.05, "S A B C D");
	feed(f, t + 0.052, OBS_DROP, "D");
	tick(f, t + 30);
	dump(f);
	for (int i = 0; i < f->n; i++)
		assert_null(strstr(f->v[i].text, "N began sowing"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_second_pulse_on_a_board_that_never_bounces),
		cmocka_unit_test(test_second_pulse_on_a_new_board),
		cmocka_unit_test(test_late_pulse_is_a_stray),
		cmocka_unit_test(test_two_pulses_over_are_no_overlap),
		cmocka_unit_test(test_too_soon_to_have_lifted),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
