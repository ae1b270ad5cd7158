/*
 * test_referee_store_stray.c - a pulse in the store where the mover may
 * not sow. A hand that puts a piece there does so on its way past it,
 * between the places either side: that is read as the misplay, a foul.
 * A pulse there anywhere else in the sowing is not the hand's: a stray,
 * weighed as any extra pulse, never a foul for a piece sown there, and
 * said as one when the move is taken.
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

/* S sows `holes` in position `pos`, presses the button: the verdicts on
 * moves and fouls, how many. */
static const struct verdict *sown(struct fix *f, const char *pos,
				  const char *holes)
{
	feed(f, 0.5, OBS_POSITION, pos);
	sow(f, 1.0, 0.35, holes);
	feed(f, 5.0, OBS_BUTTON, "S");
	tick(f, 12.0);
	return &f->v[f->n - 1];
}

/* S's a (b c d e) with a pulse in store N between c and d, far from
 * where S's sowing passes N: no foul, the move taken. */
static void test_store_pulse_away_from_the_hand_is_a_stray(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[4];

	(void)state;
	sown(f, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S", "b c N d e");
	if (count(f, VERDICT_FOUL) != 0 || moves(f, m, 4) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 4), 1);
	assert_string_equal(m[0]->move, "a");
	assert_int_equal(m[0]->kind, VERDICT_WARN);
	assert_says(m[0], "store N");
	fix_close(f);
}

/* The move taken, the pulse in store N was no seed put there: said as
 * the extra pulse it is, a warning counted against the store's line,
 * not as a seed where S may not sow. */
static void test_stray_in_a_move_taken_is_an_extra_pulse(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[4];

	(void)state;
	sown(f, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S", "b c N d e");
	assert_int_equal(moves(f, m, 4), 1);
	assert_int_equal(m[0]->kind, VERDICT_WARN);
	if (strstr(m[0]->text, "may not") != NULL)
		dump(f);
	assert_null(strstr(m[0]->text, "may not"));
	assert_says(m[0], "extra pulse on store N (warning 1 in 40 plies)");
	assert_int_equal(m[0]->warnings, 1);
	fix_close(f);
}

/* S's f (eight seeds: S A B C D E F a) with a seed in store N where
 * the sowing passes it, and one short at the end: the misplay, a foul
 * naming the store (a guard: so before). */
static void test_seed_in_the_store_on_the_way_past_is_a_foul(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	sown(f, "4 4 4 4 4 8/4 4 4 4 4 4/0 0/S", "S A B C D E F N");
	v = last(f, VERDICT_FOUL);
	if (v == NULL)
		dump(f);
	assert_non_null(v);
	assert_says(v, "store N, where S may not sow");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_store_pulse_away_from_the_hand_is_a_stray),
		cmocka_unit_test(test_stray_in_a_move_taken_is_an_extra_pulse),
		cmocka_unit_test(test_seed_in_the_store_on_the_way_past_is_a_foul),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
