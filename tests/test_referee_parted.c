/*
 * test_referee_parted.c - drops parted between the mover's move and the
 * next player's: the next player's drops are theirs alone (a held
 * move's end is its own last drop), and a foul for a sowing begun too
 * soon names the next player's drops only when the drops show it.
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

/* The first verdict of `kind` about ply `ply`, or NULL. */
static const struct verdict *about(const struct fix *f, int ply,
				   enum verdict_kind kind)
{
	for (int i = 0; i < f->n; i++)
		if (f->v[i].ply == ply && f->v[i].kind == kind)
			return &f->v[i];
	return NULL;
}

/* Whether any verdict is a foul for an overlap. */
static int overlap_fouled(const struct fix *f)
{
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == VERDICT_FOUL &&
		    f->v[i].cause == CAUSE_OVERLAP)
			return 1;
	return 0;
}

/* S's c d e: a (b missed) or b (f missed), held; N's one seed from B
 * into C three seconds later, parted off as N's move. Confirmed, S's
 * move ended at e, not at N's C: N's move is N's, not an overlap. */
static void test_held_move_ends_at_its_own_last_drop(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/4 1 4 0 8 7/0 0/S");
	sow(f, 1.0, 1.0, "c d e");
	feed(f, 6.0, OBS_DROP, "C");
	tick(f, 10.0);
	if (about(f, 1, VERDICT_HOLD) == NULL)
		dump(f);
	assert_non_null(about(f, 1, VERDICT_HOLD));
	feed(f, 11.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	if (overlap_fouled(f) || about(f, 2, VERDICT_ACCEPT) == NULL)
		dump(f);
	assert_false(overlap_fouled(f));
	assert_non_null(about(f, 2, VERDICT_ACCEPT));
	assert_string_equal(about(f, 2, VERDICT_ACCEPT)->move, "B");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_held_move_ends_at_its_own_last_drop),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
