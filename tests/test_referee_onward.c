/*
 * test_referee_onward.c - who sows next, as evidence about drops one
 * seed short. S's d (e f S) gives S another turn; sensed "e f", it is
 * that move with the store's pulse missed, or d's last seed left behind
 * (the sowing ending in f, the turn handed over). When S sows on at
 * once, the seed reached the store: the move is taken.
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

/* S's d sensed "e f", then `next` sown from 1.4 s; the first move's
 * verdict. */
static const struct verdict *short_d(struct fix *f, const char *next)
{
	const struct verdict *m[4];
	int n;

	feed(f, 0.5, OBS_POSITION, "4 4 4 3 5 4/4 4 4 4 4 4/0 0/S");
	sow(f, 1.0, 0.3, "e f");
	sow(f, 2.0, 0.3, next);
	tick(f, 12.0);
	n = moves(f, m, 4);
	if (n < 1)
		dump(f);
	assert_true(n >= 1);
	assert_string_equal(m[0]->move, "d");
	return m[0];
}

static void test_mover_sowing_on_says_the_store_was_reached(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = short_d(f, "b c d e");		/* S's a, at once */
	if (v->kind != VERDICT_WARN)
		dump(f);
	assert_int_equal(v->kind, VERDICT_WARN);
	assert_says(v, "sensor on store S missed a pulse");
	assert_non_null(strstr(v->evidence, "onward=S"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mover_sowing_on_says_the_store_was_reached),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
