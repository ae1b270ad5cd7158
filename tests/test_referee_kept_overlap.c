/*
 * test_referee_kept_overlap.c - drops kept while a move is held, once
 * the arbiter confirms it: the next player's drops that began sooner
 * after the held move's last drop than a hand can begin (seeing the
 * last piece fall, then letting its own go) began before that piece
 * fell; an overlap, called so naming both players, not the next
 * player's move taken. Begun later, they are the next player's move.
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

/* S's a (b c d e) with e unseen and S's button at once: held, one seed
 * short. N's A (B C D E) begins `after` seconds after S's last drop,
 * kept while a is held; the arbiter confirms a. */
static struct fix *held_then_n(double after)
{
	struct fix *f = started("");
	double t;

	t = sow(f, 1.0, 0.3, "b c d");
	feed(f, t + 0.15, OBS_BUTTON, "S");
	assert_non_null(last(f, VERDICT_HOLD));
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	sow(f, t + after, 0.3, "B C D E");
	feed(f, 6.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	return f;
}

static void test_kept_drops_begun_too_soon_are_an_overlap(void **state)
{
	struct fix *f = held_then_n(0.3);

	(void)state;
	if (count(f, VERDICT_FOUL) != 1 || referee_plies(f->ref) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_int_equal(last(f, VERDICT_FOUL)->cause, CAUSE_OVERLAP);
	assert_says(last(f, VERDICT_FOUL), "N began");
	assert_says(last(f, VERDICT_FOUL), "S's last");
	assert_int_equal(referee_plies(f->ref), 1);	/* a, confirmed */
	fix_close(f);
}

static void test_kept_drops_begun_later_are_the_next_move(void **state)
{
	struct fix *f = held_then_n(1.4);
	const struct verdict *m[8];

	(void)state;
	if (count(f, VERDICT_FOUL) != 0 || referee_plies(f->ref) != 2)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(referee_plies(f->ref), 2);
	assert_string_equal(m[moves(f, m, 8) - 1]->move, "A");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kept_drops_begun_too_soon_are_an_overlap),
		cmocka_unit_test(test_kept_drops_begun_later_are_the_next_move),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
