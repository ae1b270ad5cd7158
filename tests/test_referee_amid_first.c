/*
 * test_referee_amid_first.c - the next player's one-piece sowing begun
 * just before the mover's quick sowing: its pulse comes before the
 * mover's first drop, away from the mover's places and from any place
 * the mover could have lifted, where a move of the next player's drops
 * its first piece. On a board whose lines never pulse on their own, that
 * is the next player's hand over the board before the mover's last piece
 * fell, not a stray before the move: both are held, neither taken with
 * a warning (the next player's sowing would get no verdict at all).
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

/* N to move, E holding 1 (F); S's c holding 1 (d) sown 62 ms before. */
static void test_pulse_before_one_piece_move_is_held(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);
	int first;

	(void)state;
	feed(f, t, OBS_POSITION, "4 4 1 4 4 4/4 4 4 4 1 4/3 3/N");
	first = f->n;
	feed(f, t + 1.000, OBS_DROP, "d");
	feed(f, t + 1.062, OBS_DROP, "F");
	tick(f, t + 30);
	if (count(f, VERDICT_HOLD) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_HOLD), 1);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_says(last(f, VERDICT_HOLD), "S began sowing (drops d)");
	assert_true(first < f->n);
	fix_close(f);
}

/* The same pulse 1.5 s before the move: no hand waits that long over a
 * sowing of one piece; the move is taken, the pulse a stray. */
static void test_pulse_long_before_is_a_stray(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	feed(f, t, OBS_POSITION, "4 4 1 4 4 4/4 4 4 4 1 4/3 3/N");
	feed(f, t + 1.000, OBS_DROP, "d");
	feed(f, t + 2.500, OBS_DROP, "F");
	tick(f, t + 30);
	if (count(f, VERDICT_HOLD) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	fix_close(f);
}

/* S's f holding 2 (S A) and S's button, then a pulse in d 150 ms after
 * the button and N's E (F) 62 ms after that: N had not yet seen S's move end
 * and lifted E when the pulse came, so S had nothing to answer; it is
 * one left over from S's move, not S's next sowing begun. No hold names
 * S. */
static void test_pulse_soon_after_the_move_before(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	feed(f, t, OBS_POSITION, "4 4 1 4 4 2/3 4 4 4 1 4/5 4/S");
	f->n = 0;
	t = sow(f, t + 1.0, 0.3, "S A");
	feed(f, t + 0.050, OBS_BUTTON, "S");
	feed(f, t + 0.200, OBS_DROP, "d");
	feed(f, t + 0.262, OBS_DROP, "F");
	tick(f, t + 30);
	dump(f);
	for (int i = 0; i < f->n; i++)
		assert_null(strstr(f->v[i].text, "S began sowing"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pulse_before_one_piece_move_is_held),
		cmocka_unit_test(test_pulse_long_before_is_a_stray),
		cmocka_unit_test(test_pulse_soon_after_the_move_before),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
