/*
 * test_referee_roll_order.c - a piece carried in that rolled next door
 * is read so whichever of the carried pieces it was. S sows a (one seed
 * into the empty pit b, across from F's four) and carries the five to
 * store S; one rolls into A. The first carried piece follows the path's
 * last drop as closely as the others: a pulse there is as much the
 * roll as a pulse among the later ones, not an extra pulse charged to
 * A's line with a piece unsensed in S.
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

/* The capture sensed as `carried`, then S's button: the one move's
 * verdict. */
static const struct verdict *capture(struct fix *f, const char *carried)
{
	const struct verdict *m[4];
	int n;

	feed(f, 0.5, OBS_POSITION, "1 0 4 4 4 4/4 4 4 4 4 4/7 0/S");
	feed(f, 1.0, OBS_DROP, "b");
	sow(f, 2.0, 0.3, carried);
	feed(f, 4.5, OBS_BUTTON, "S");
	tick(f, 10.0);
	n = moves(f, m, 4);
	if (n != 1)
		dump(f);
	assert_int_equal(n, 1);
	return m[0];
}

/* The carried piece rolled into A as the first, ..., the last. */
static void test_any_carried_piece_rolled_is_a_roll(void **state)
{
	static const char *const carried[] = {
		"A S S S S", "S A S S S", "S S A S S", "S S S A S", "S S S S A",
	};

	(void)state;
	for (size_t k = 0; k < sizeof(carried) / sizeof(carried[0]); k++) {
		struct fix *f = started("");
		const struct verdict *v = capture(f, carried[k]);

		if (strstr(v->text, "rolled in") == NULL)
			dump(f);
		assert_int_equal(v->kind, VERDICT_WARN);
		assert_string_equal(v->move, "a");
		assert_says(v, "pit A: a seed carried to S rolled in");
		assert_null(strstr(v->text, "extra pulse"));
		assert_null(strstr(v->text, "carried in sensed"));
		assert_int_equal(referee_line(f->ref, 6)->extras, 0);
		assert_string_equal(position(f),
				    "0 0 4 4 4 4/4 4 4 4 0 4/12 0/N");
		fix_close(f);
	}
}

/* All five sensed in S: the pulse on A first is no piece rolled (none
 * is short), but an extra pulse, charged to A's line. */
static void test_pulse_beside_a_store_all_reached_is_extra(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = capture(f, "A S S S S S");
	assert_null(strstr(v->text, "rolled in"));
	assert_says(v, "extra pulse on pit A");
	assert_int_equal(referee_line(f->ref, 6)->extras, 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_any_carried_piece_rolled_is_a_roll),
		cmocka_unit_test(test_pulse_beside_a_store_all_reached_is_extra),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
