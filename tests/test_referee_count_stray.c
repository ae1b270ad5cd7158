/*
 * test_referee_count_stray.c - drop gates beside a count source: a
 * pulse in the store where the mover may not sow, the counts the legal
 * move's board. Read by the drops alone it is a seed sown there (a
 * foul); but such a seed leaves a board of its own (that store one
 * more), and the counts show none: a stray pulse, the move taken.
 * With the counts showing the seed there, it is not taken.
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

#define START "4 4 4 4 4 4/4 4 4 4 4 4/0 0"
#define AFTER_D "4 4 4 0 5 5/5 4 4 4 4 4/1 0"

/* Drop gates whose board has sensed every seed for 80 games (S's a,
 * N's C into its store), and a count source: a game begun and counted,
 * S sows d (e f S A), then a pulse in store N. */
static struct fix *d_sown_and_n(double *then)
{
	struct fix *f = fix_open("", NULL);
	double t = 0;

	for (int g = 0; g < 80; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, 0.3, "b c d e");
		feed(f, t + 3, OBS_BUTTON, "S");
		sow(f, t + 4, 0.3, "D E F N");
	}
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	feed(f, t + 0.5, OBS_START, NULL);
	feed(f, t + 0.7, OBS_SNAPSHOT, START);
	sow(f, t + 1.0, 0.3, "e f S A");
	feed(f, t + 2.1, OBS_DROP, "N");
	*then = t + 2.5;
	return f;
}

/* The counts are d's board: d taken, the pulse in N a fault. */
static void test_counts_show_no_seed_in_the_store(void **state)
{
	double t;
	struct fix *f = d_sown_and_n(&t);

	(void)state;
	feed(f, t, OBS_SNAPSHOT, AFTER_D);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_string_equal(last(f, VERDICT_WARN)->move, "d");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* The counts show the last seed in store N, not in A: not taken, held
 * with the places named. */
static void test_counts_show_the_seed_in_the_store(void **state)
{
	double t;
	struct fix *f = d_sown_and_n(&t);
	const struct verdict *v;

	(void)state;
	feed(f, t, OBS_SNAPSHOT, "4 4 4 0 5 5/4 4 4 4 4 4/1 1");
	v = &f->v[f->n - 1];
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_non_null(v);
	assert_says(v, "store N reads 1, expected 0");
	assert_int_equal(referee_plies(f->ref), 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_show_no_seed_in_the_store),
		cmocka_unit_test(test_counts_show_the_seed_in_the_store),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
