/*
 * test_referee_kept.c - what is sensed while a move is held: the drops
 * are kept until the arbiter decides, and so are the buttons pressed
 * meanwhile, each read in its place among the drops once the held move
 * is confirmed. A move that ends at its mover's button (one pulse on a
 * board that makes strays) is then taken as it would have been.
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

/* S sows f (S A B), pit B's pulse missed: held. While it is held N
 * sows E (one seed, into F) and presses the button; the arbiter then
 * confirms f. N's button, kept with N's drop, ends N's move: E is
 * taken, not held for want of a button. */
static void test_button_kept_while_held_ends_the_next_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[12], *v;
	double t;
	int n;

	(void)state;
	t = strays_shown(f, "6 6 0 0 0 3/4 4 4 4 1 4/8 4/S");
	t = sow(f, t, 0.4, "S A");
	tick(f, t + 8.0);
	v = last(f, VERDICT_HOLD);
	if (v == NULL || strcmp(v->move, "f") != 0)
		dump(f);
	assert_non_null(v);
	assert_string_equal(v->move, "f");
	feed(f, t + 9.0, OBS_DROP, "F");		/* E */
	feed(f, t + 9.6, OBS_BUTTON, "N");
	feed(f, t + 12.0, OBS_CONFIRM, NULL);
	tick(f, t + 20.0);
	n = moves(f, m, 12);
	if (n < 2 || strcmp(m[n - 1]->move, "E") != 0 ||
	    m[n - 1]->kind != VERDICT_ACCEPT)
		dump(f);
	assert_string_equal(m[n - 2]->move, "f");
	assert_int_equal(m[n - 2]->cause, CAUSE_CONFIRMED);
	assert_string_equal(m[n - 1]->move, "E");
	assert_int_equal(m[n - 1]->kind, VERDICT_ACCEPT);
	assert_int_equal(count(f, VERDICT_HOLD), 1);
	assert_string_equal(position(f), "6 6 0 0 0 0/5 5 4 4 0 5/9 4/S");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_button_kept_while_held_ends_the_next_move),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
