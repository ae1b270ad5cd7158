/*
 * test_referee_swap.c - two pieces sensed in swapped order. Pieces let
 * go together reach their gates in either order: a move whose two drops
 * came reversed a millisecond apart had both sensed where it puts them,
 * and is taken with a warning. Reversed further apart than pieces
 * falling from one hand can be, the order is the hand's (a sowing made
 * the wrong way round gives the same places): held.
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

/* N sows E (two seeds: F, then store N), sensed N then F `gap` s apart,
 * and presses the button: the verdict on it. */
static const struct verdict *swapped_e(struct fix *f, double gap)
{
	const struct verdict *m[4];
	int n;

	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/4 4 4 4 2 4/0 2/N");
	feed(f, 1.0, OBS_DROP, "N");
	feed(f, 1.0 + gap, OBS_DROP, "F");
	feed(f, 1.6, OBS_BUTTON, "N");
	tick(f, 10.0);
	n = moves(f, m, 4);
	if (n != 1)
		dump(f);
	assert_int_equal(n, 1);
	return m[0];
}

static void test_pieces_swapped_together_are_taken(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = swapped_e(f, 0.001);
	if (v->kind != VERDICT_WARN)
		dump(f);
	assert_int_equal(v->kind, VERDICT_WARN);
	assert_string_equal(v->move, "E");
	assert_non_null(strstr(v->text, "swapped"));
	fix_close(f);
}

static void test_pieces_swapped_apart_are_held(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = swapped_e(f, 0.045);
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "E");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pieces_swapped_together_are_taken),
		cmocka_unit_test(test_pieces_swapped_apart_are_held),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
