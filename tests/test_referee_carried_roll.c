/*
 * test_referee_carried_roll.c - a piece carried in that rolled next
 * door. The pieces of a capture are carried to the store one by one,
 * and one can hit the rim and roll into the place beside it, as a sown
 * piece can: a pulse there, beside the store one piece short, is that
 * piece rolled (taken, with a warning), not an extra pulse on top of a
 * piece unseen. A pulse away from the store is not read so, nor one
 * beside a store no piece reached; whichever of the carried pieces it
 * was, the first as much as the last, the roll is read as one.
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

/* S sows a (one seed into the empty pit b, across from F's four): a
 * capture of five carried to store S, sensed as `carried`, then S's
 * button. Returns the one move's verdict. */
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

static void test_carried_piece_rolled_next_door_is_taken(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = capture(f, "S S A S S");
	if (v->kind != VERDICT_WARN)
		dump(f);
	assert_int_equal(v->kind, VERDICT_WARN);
	assert_string_equal(v->move, "a");
	assert_says(v, "pit A: a seed carried to S rolled in");
	assert_null(strstr(v->text, "carried in sensed"));
	assert_string_equal(position(f), "0 0 4 4 4 4/4 4 4 4 0 4/12 0/N");
	fix_close(f);
}

/* A pulse in a place away from the store is no roll of a piece carried
 * there: an extra pulse, and a piece unsensed (a guard: so before). */
static void test_pulse_away_from_the_store_is_no_roll(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = capture(f, "S S C S S");
	assert_null(strstr(v->text, "rolled in"));
	assert_says(v, "4 of the 5 seeds carried in sensed");
	fix_close(f);
}

/* No piece reached the store: the capture was not carried there, and
 * the pulse beside it is no piece rolled from it. (Read among the
 * carried pieces, it would be one rolled, and cheaper than an extra
 * pulse with all five unsensed: only the store none reached says no.) */
static void test_no_roll_beside_a_store_none_reached(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[4];

	(void)state;
	feed(f, 0.5, OBS_POSITION, "1 0 4 4 4 4/4 4 4 4 4 4/7 0/S");
	feed(f, 1.0, OBS_DROP, "b");
	feed(f, 2.0, OBS_DROP, "A");
	feed(f, 4.5, OBS_BUTTON, "S");
	tick(f, 10.0);
	for (int i = 0; i < f->n; i++)
		if (strstr(f->v[i].text, "rolled in") != NULL)
			dump(f);
	for (int i = 0; i < f->n; i++)
		assert_null(strstr(f->v[i].text, "rolled in"));
	assert_int_equal(moves(f, m, 4), 1);
	assert_says(m[0], "extra pulse on pit A");
	assert_says(m[0], "0 of the 5 seeds carried in sensed");
	fix_close(f);
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
		cmocka_unit_test(test_carried_piece_rolled_next_door_is_taken),
		cmocka_unit_test(test_pulse_away_from_the_store_is_no_roll),
		cmocka_unit_test(test_no_roll_beside_a_store_none_reached),
		cmocka_unit_test(test_any_carried_piece_rolled_is_a_roll),
		cmocka_unit_test(test_pulse_beside_a_store_all_reached_is_extra),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
