/*
 * test_referee_amid.c - one pulse of the next player's sowing among the
 * mover's last drops: S's b (c d e f), with a pulse in pit B, where N's
 * A begins, after e and before f. The next player began before the
 * mover's last seed fell, or a line made a stray pulse there: the move
 * is held naming both players, so that N's sowing begun too soon does
 * not pass without a verdict. The same pulse where no sowing of N's
 * begins, or long before S's last seed, is no such sign.
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

/* S's b sown from t = 1 with a pulse in `place` at `at`, and the quiet
 * period over; the verdict about ply 1. */
static const struct verdict *sown_with(struct fix *f, const char *place,
				       double at)
{
	static const char *const seeds[] = { "c", "d", "e", "f" };
	int put = 0;

	for (int i = 0; i < 4; i++) {
		if (!put && at < 1.0 + 0.4 * i) {
			feed(f, at, OBS_DROP, place);
			put = 1;
		}
		feed(f, 1.0 + 0.4 * i, OBS_DROP, seeds[i]);
	}
	tick(f, 12.0);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].ply == 1 && (f->v[i].kind == VERDICT_ACCEPT ||
					 f->v[i].kind == VERDICT_WARN ||
					 f->v[i].kind == VERDICT_HOLD ||
					 f->v[i].kind == VERDICT_FOUL))
			return &f->v[i];
	return NULL;
}

/* The pulse in B between e and f: held, naming b and N's sowing. */
static void test_pulse_where_the_next_sowing_begins_is_held(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = sown_with(f, "B", 2.0);
	if (v == NULL || v->kind != VERDICT_HOLD)
		dump(f);
	assert_non_null(v);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "b");
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_says(v, "N began");
	assert_says(v, "drops B");
	assert_int_equal(referee_plies(f->ref), 0);
	fix_close(f);
}

/* The pulse in pit a, where no sowing of N's begins: not read as N's. */
static void test_pulse_where_no_sowing_begins_is_not_an_overlap(
	void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = sown_with(f, "a", 2.0);
	assert_non_null(v);
	assert_null(strstr(v->text, "N began"));
	fix_close(f);
}

/* The pulse in B before S's first seed of the last three, over a
 * second before its last: N did not begin so long before it ended. */
static void test_pulse_long_before_the_last_seed_is_not_an_overlap(
	void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = sown_with(f, "B", 1.1);
	assert_non_null(v);
	assert_null(strstr(v->text, "N began"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_pulse_where_the_next_sowing_begins_is_held),
		cmocka_unit_test(
			test_pulse_where_no_sowing_begins_is_not_an_overlap),
		cmocka_unit_test(
			test_pulse_long_before_the_last_seed_is_not_an_overlap),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
