/*
 * test_referee_unmatched.c - a held move read with none of its pieces
 * sensed and a pulse away from its origin: once the arbiter confirms
 * the move, that pulse was none of its own, and it is read again with
 * what came after (the next sowing begun, play out of place), never
 * dropped unread.
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

/* N's F is one seed into store N, and N moves again; A holds 4. */
#define ONE_INTO_STORE "4 4 4 4 4 4/4 0 0 0 0 1/8 11/N"

/* Whether a verdict after the `from`th is about place `place`. */
static const struct verdict *about_after(const struct fix *f, int from,
					 int place)
{
	for (int i = from; i < f->n; i++)
		for (int k = 0; k < f->v[i].nplaces; k++)
			if (f->v[i].places[k] == place &&
			    (f->v[i].kind == VERDICT_FOUL ||
			     f->v[i].kind == VERDICT_HOLD))
				return &f->v[i];
	return NULL;
}

/* F's seed into store N went unseen; a seed then falls in pit f (S's
 * side, where no move of N's begins to sow): F is held (the store
 * missed, a pulse on f). Confirmed, the pulse on f is read again as
 * N's next sowing: no move of N fits it, and it is said. */
static void test_pulse_none_of_the_held_move_is_read_again(void **s)
{
	struct fix *f = started("");
	const struct verdict *v;
	int from;

	(void)s;
	feed(f, 0.5, OBS_POSITION, ONE_INTO_STORE);
	feed(f, 3.0, OBS_DROP, "f");
	tick(f, 10.0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "F");
	from = f->n;
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	tick(f, 30.0);
	v = about_after(f, from, PIT_F);
	if (v == NULL)
		dump(f);
	assert_non_null(v);
	assert_string_equal(position(f), "4 4 4 4 4 4/4 0 0 0 0 0/8 12/N");
	fix_close(f);
}

/* The pulse read with the held move was on its origin: the hand's
 * shadow at the lift, its own; nothing more is said after the
 * confirmation. */
static void test_shadow_of_the_held_move_stays_its_own(void **s)
{
	struct fix *f = started("");
	int from;

	(void)s;
	feed(f, 0.5, OBS_POSITION, ONE_INTO_STORE);
	feed(f, 3.0, OBS_DROP, "F");
	tick(f, 10.0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "F");
	from = f->n;
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	tick(f, 30.0);
	assert_int_equal(f->n, from + 1);
	assert_int_equal(f->v[from].kind, VERDICT_ACCEPT);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pulse_none_of_the_held_move_is_read_again),
		cmocka_unit_test(test_shadow_of_the_held_move_stays_its_own),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
