/*
 * test_referee_lap.c - drop gates beside a count source: a whole lap
 * sown the wrong way round leaves the legal sowing's board, so the
 * counts agree with the move. The drops decide: where they fit no legal
 * sowing at all (past a foul's cost) and the lap backwards better, the
 * move is held, not taken on the counts alone; so too where strays push
 * even the lap backwards past a foul's cost, the lap backwards being
 * three times likelier than the drops forwards.
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
#include "referee/trace.h"

#include "tests/referee_fixture.h"

/* d holds twelve: sown, one seed in every place but d and N's store. */
#define TWELVE_IN_D "1 1 1 12 1 1/3 3 3 3 3 3/13 0/S"
#define AFTER_D "2 2 2 0 2 2/4 4 4 4 4 4/14 0"

struct drop { double t; const char *p; };

/* d's twelve seeds sown backwards, c b a F E D C B A S f e, with the
 * stray pulses in `d` among them: held on counts that agree, the same
 * counts again confirm nothing, a person does. */
static void lap_held(const struct drop *d, size_t n)
{
	struct fix *f = started("");
	const struct verdict *v;

	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	feed(f, 0.5, OBS_POSITION, TWELVE_IN_D);
	feed(f, 0.6, OBS_SNAPSHOT, "1 1 1 12 1 1/3 3 3 3 3 3/13 0");
	for (size_t i = 0; i < n; i++)
		feed(f, d[i].t, OBS_DROP, d[i].p);
	feed(f, 10.0, OBS_BUTTON, "S");
	feed(f, 10.3, OBS_SNAPSHOT, AFTER_D);
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, "d");
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_says(v, "the counts agree with d, but its drops read as "
		    "sowing d the wrong way round");
	assert_non_null(strstr(v->evidence, "counts=agree decided=hold"));
	assert_int_equal(referee_plies(f->ref), 0);
	/* The same counts again (a hand passed over the board): they were
	 * the held move's board already, they confirm nothing. */
	feed(f, 11.5, OBS_SNAPSHOT, AFTER_D);
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	assert_int_equal(referee_plies(f->ref), 0);
	/* A person confirms it. */
	feed(f, 13.0, OBS_CONFIRM, NULL);
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* One stray pulse, on C. */
static void test_lap_backwards_with_a_stray_is_held(void **state)
{
	static const struct drop d[] = {
		{ 1.0, "c" }, { 1.45, "b" }, { 1.9, "a" }, { 2.5, "F" },
		{ 3.0, "E" }, { 3.7, "D" }, { 4.7, "C" }, { 5.2, "B" },
		{ 6.5, "A" }, { 7.5, "S" }, { 7.9, "C" }, { 8.0, "f" },
		{ 9.5, "e" },
	};

	(void)state;
	lap_held(d, sizeof(d) / sizeof(d[0]));
}

/* Strays on C, E and B, so many that even the lap backwards reads past
 * a foul's cost; its drops forwards fit far worse still: the lap
 * backwards, three times likelier, holds it. */
static void test_lap_backwards_with_strays_is_held(void **state)
{
	static const struct drop d[] = {
		{ 1.0, "c" }, { 1.45, "b" }, { 1.9, "a" }, { 2.5, "F" },
		{ 3.0, "E" }, { 3.7, "D" }, { 4.7, "C" }, { 5.2, "B" },
		{ 6.5, "A" }, { 7.5, "S" }, { 7.9, "C" }, { 8.0, "f" },
		{ 8.6, "E" }, { 9.1, "B" }, { 9.5, "e" },
	};

	(void)state;
	lap_held(d, sizeof(d) / sizeof(d[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lap_backwards_with_a_stray_is_held),
		cmocka_unit_test(test_lap_backwards_with_strays_is_held),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
