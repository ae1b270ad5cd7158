/*
 * test_referee_onward.c - who sows next, as evidence about drops one
 * seed short. S's d (e f S) gives S another turn; sensed "e f", it is
 * that move with the store's pulse missed, or d's last seed left behind
 * (the sowing ending in f, the turn handed over). Stopping one seed
 * short of one's own store and playing on is the misplay that pays
 * most, so S sowing on at once never gets the move taken: it only
 * keeps the drops from being a foul (the misplay would need a second).
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

/* Game after game of S's c (d e f S) sensed whole: the line of store S
 * has missed none of `games` seeds. Returns the time after. */
static double store_trusted(struct fix *f, int games)
{
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, 0.3, "d e f S");
		tick(f, t + 5);
	}
	assert_int_equal(count(f, VERDICT_ACCEPT), games);
	assert_int_equal(referee_line(f->ref, STORE_S)->misses, 0);
	feed(f, t + 0.2, OBS_START, NULL);
	return t;
}

/* From `t`: S's d sensed "e f", then `next` (if any) sown from 1 s
 * later; the first verdict on d (a move or a foul). */
static const struct verdict *short_d(struct fix *f, double t,
				     const char *next)
{
	int from = f->n;

	feed(f, t + 0.5, OBS_POSITION, "4 4 4 3 5 4/4 4 4 4 4 4/0 0/S");
	sow(f, t + 1.0, 0.3, "e f");
	if (next != NULL)
		sow(f, t + 2.0, 0.3, next);
	tick(f, t + 12.0);
	for (int i = from; i < f->n; i++)
		if (f->v[i].kind == VERDICT_FOUL ||
		    strcmp(f->v[i].move, "d") == 0)
			return &f->v[i];
	dump(f);
	fail_msg("no verdict on d");
	return NULL;
}

/* S's a (b c d e) at once after "e f": the seed left in d and S
 * playing on is as likely as the store's pulse missed; held. */
static void test_mover_sowing_on_takes_no_seed_left_behind(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = short_d(f, 0, "b c d e");
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "d");
	assert_says(v, "pit d should now be empty");
	assert_non_null(strstr(v->evidence, "onward=S"));
	fix_close(f);
}

/* On a store line that has missed no seed, "e f" alone is the seed
 * left behind: a foul. */
static void test_seed_short_of_a_trusted_store_is_a_foul(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = short_d(f, store_trusted(f, 100), NULL);
	if (v->kind != VERDICT_FOUL)
		dump(f);
	assert_int_equal(v->kind, VERDICT_FOUL);
	fix_close(f);
}

/* The same drops followed by S's a at once: that misplay needs a
 * second (S playing on out of turn), so no foul, yet no take: held. */
static void test_mover_sowing_on_turns_the_foul_into_a_hold(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = short_d(f, store_trusted(f, 100), "b c d e");
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "d");
	assert_non_null(strstr(v->evidence, "onward=S"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mover_sowing_on_takes_no_seed_left_behind),
		cmocka_unit_test(test_seed_short_of_a_trusted_store_is_a_foul),
		cmocka_unit_test(test_mover_sowing_on_turns_the_foul_into_a_hold),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
