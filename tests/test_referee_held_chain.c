/*
 * test_referee_held_chain.c - what was sensed while a move was held,
 * read once it is confirmed, holds another move in its turn: the drops
 * and buttons after that one are kept again for the arbiter's decision
 * on it, and read once it is confirmed too, not forgotten.
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

/* From a b c d e f / A B C D E F = 1 4 1 5 4 4 / 1 4 4 4 4 4: S presses
 * the button with nothing sensed (a and c, one seed each, fit alike:
 * held); meanwhile N sows D (E F N a) and presses, and S presses again
 * with nothing sensed. `then` adds what N does after that, kept too.
 * Confirmed, a is taken, N's D, and S's second button holds a again (a
 * got a seed back from D). */
static void chain(struct fix *f, void (*then)(struct fix *))
{
	feed(f, 0.2, OBS_BUTTON, "N");
	feed(f, 0.5, OBS_POSITION, "1 4 1 5 4 4/1 4 4 4 4 4/4 4/S");
	feed(f, 2, OBS_BUTTON, "S");
	sow(f, 3, 0.4, "E F N a");
	feed(f, 4.8, OBS_BUTTON, "N");
	feed(f, 6, OBS_BUTTON, "S");
	then(f);
	feed(f, 8, OBS_CONFIRM, NULL);
	assert_true(referee_held(f->ref));
	assert_int_equal(referee_plies(f->ref), 2);
}

/* The last verdict about a move. */
static const struct verdict *last_move(const struct fix *f)
{
	for (int i = f->n - 1; i >= 0; i--)
		if (f->v[i].move[0] != '\0')
			return &f->v[i];
	return NULL;
}

/* N presses with nothing sensed (A, one seed into B, unseen). */
static void blind_button(struct fix *f)
{
	feed(f, 7, OBS_BUTTON, "N");
}

/* N sows A (B) and presses. */
static void sown_a(struct fix *f)
{
	feed(f, 6.6, OBS_DROP, "B");
	feed(f, 7.2, OBS_BUTTON, "N");
}

/* N's button, kept after the second hold, is read once a is confirmed:
 * N's move with nothing sensed, held naming A. */
static void test_button_kept_past_a_second_hold(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	chain(f, blind_button);
	feed(f, 9, OBS_CONFIRM, NULL);
	v = last_move(f);
	if (v == NULL || v->kind != VERDICT_HOLD)
		dump(f);
	assert_non_null(v);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "A");
	assert_int_equal(v->ply, 4);
	fix_close(f);
}

/* N's drop and button, kept after the second hold, are read once a is
 * confirmed: N's A, taken. */
static void test_drops_kept_past_a_second_hold(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	chain(f, sown_a);
	feed(f, 9, OBS_CONFIRM, NULL);
	v = last_move(f);
	if (v == NULL || strcmp(v->move, "A") != 0)
		dump(f);
	assert_non_null(v);
	assert_string_equal(v->move, "A");
	assert_int_equal(v->ply, 4);
	assert_int_equal(v->kind, VERDICT_ACCEPT);
	assert_int_equal(referee_plies(f->ref), 4);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_button_kept_past_a_second_hold),
		cmocka_unit_test(test_drops_kept_past_a_second_hold),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
