/*
 * test_referee_shadow.c - the hand's shadow on the place it lifts: a
 * pulse on the origin as the hand lifts the pieces, before the first
 * piece falls into the place after it, is read as the shadow and names
 * the move's origin; a pulse there too close to the first drop, or too
 * long before it, to be the lift is no shadow; drops begun one place on
 * are read as the first place passed over only when a hand was seen
 * lifting the place before.
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

/* The verdict about the one move made, after the quiet period. */
static const struct verdict *one_move(struct fix *f, double t)
{
	const struct verdict *m[8];

	tick(f, t);
	if (moves(f, m, 8) != 1)
		dump(f);
	assert_int_equal(moves(f, m, 8), 1);
	return m[0];
}

/* The shadow on a as the hand lifts, then a's sowing (b c d e): a is
 * taken, with no warning (the shadow is no sensor fault), and the
 * evidence says what the shadow cost. */
static void test_shadow_then_sowing_is_taken(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	feed(f, 1.0, OBS_DROP, "a");
	t = sow(f, 1.3, 0.35, "b c d e");
	v = one_move(f, t + 3.0);
	assert_string_equal(v->move, "a");
	assert_int_equal(v->kind, VERDICT_ACCEPT);
	assert_string_equal(position(f), "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N");
	fix_close(f);
}

/* A pulse on c, then d e f S: c's sowing with its shadow (a last seed
 * in the store: S moves again), not b's sowing (c d e f) with a pulse
 * in the store it does not reach. */
static void test_shadow_names_the_origin(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	feed(f, 1.0, OBS_DROP, "c");
	t = sow(f, 1.3, 0.35, "d e f S");
	v = one_move(f, t + 3.0);
	assert_string_equal(v->move, "c");
	assert_int_equal(v->kind, VERDICT_ACCEPT);
	assert_string_equal(position(f), "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S");
	fix_close(f);
}

/* A pulse on a 20 ms before the first drop: no hand lifts the pieces
 * and carries the first over that fast, so it is no shadow: a is not
 * taken as a clean sowing (warned of the pulse, or held). */
static void test_pulse_too_close_is_no_shadow(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	feed(f, 1.28, OBS_DROP, "a");
	t = sow(f, 1.3, 0.35, "b c d e");
	v = one_move(f, t + 3.0);
	assert_string_equal(v->move, "a");
	assert_int_not_equal(v->kind, VERDICT_ACCEPT);
	assert_non_null(strstr(v->text, "pit a"));
	fix_close(f);
}

/* A pulse on a more than a second before the first drop: too long
 * before it for the lift of that sowing. */
static void test_pulse_long_before_is_no_shadow(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	feed(f, 1.0, OBS_DROP, "a");
	t = sow(f, 2.5, 0.35, "b c d e");
	v = one_move(f, t + 3.0);
	assert_string_equal(v->move, "a");
	assert_int_not_equal(v->kind, VERDICT_ACCEPT);
	fix_close(f);
}

/* c holds 3, d 1, e 2: a pulse on e, then f S, is e's sowing after
 * its shadow, and also c sown passing over d (e f S). With no hand
 * sensed lifting c, nothing shows the hand began at c: e is taken, S
 * moves again. */
static void test_shadow_is_no_first_place_passed_over(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t;

	(void)state;
	feed(f, 0.5, OBS_POSITION, "4 4 3 1 2 4/4 4 4 4 4 4/6 0/S");
	feed(f, 1.0, OBS_DROP, "e");
	t = sow(f, 1.3, 0.35, "f S");
	v = one_move(f, t + 10.0);
	assert_string_equal(v->move, "e");
	if (v->kind != VERDICT_ACCEPT)
		dump(f);
	assert_int_equal(v->kind, VERDICT_ACCEPT);
	assert_string_equal(position(f), "4 4 3 1 0 5/4 4 4 4 4 4/7 0/S");
	fix_close(f);
}

/* The same drops after the hand was seen lifting c: c was touched,
 * and c sown passing over d explains them exactly: e is not taken. */
static void test_lift_shows_first_place_passed_over(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	feed(f, 0.5, OBS_POSITION, "4 4 3 1 2 4/4 4 4 4 4 4/6 0/S");
	feed(f, 0.9, OBS_LIFT, "c");
	feed(f, 1.0, OBS_DROP, "e");
	t = sow(f, 1.3, 0.35, "f S");
	tick(f, t + 3.0);
	if (referee_plies(f->ref) != 0)
		dump(f);
	assert_int_equal(referee_plies(f->ref), 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shadow_then_sowing_is_taken),
		cmocka_unit_test(test_shadow_names_the_origin),
		cmocka_unit_test(test_pulse_too_close_is_no_shadow),
		cmocka_unit_test(test_pulse_long_before_is_no_shadow),
		cmocka_unit_test(test_shadow_is_no_first_place_passed_over),
		cmocka_unit_test(test_lift_shows_first_place_passed_over),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
