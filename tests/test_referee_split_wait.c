/*
 * test_referee_split_wait.c - drops read as the mover's whole move and
 * the next player's move begun at once are not taken at the hand's
 * pause when the table's players press a turn button: the button that
 * follows tells whose the last drops were. The mover's button says
 * they were all the mover's (here a sowing with its hand's shadow on
 * the origin, which the two moves would otherwise explain exactly);
 * the next player's button, or none at all, leaves the two moves.
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

/* N to move, F holding 5 (sown: N a b c d) and E 5 (sown: F N a b c);
 * S's c is empty (after E it holds one seed, sown: d). Then N's hand lifts F, its shadow
 * pulsing F, and sows F, half a second a seed. Returns the time of the
 * last drop. */
static double shadowed_f(struct fix *f, int *from)
{
	double t = trusted_board(f, 30);

	feed(f, t, OBS_POSITION, "4 4 0 4 4 4/4 4 4 4 5 5/2 0/N");
	*from = f->n;
	return sow(f, t + 1.0, 0.5, "F N a b c d");
}

/* The verdicts about moves since verdict `from`, in order. */
static int moves_since(const struct fix *f, int from,
		       const struct verdict **out, int max)
{
	int n = 0;

	for (int i = from; i < f->n && n < max; i++)
		if ((f->v[i].kind == VERDICT_ACCEPT ||
		     f->v[i].kind == VERDICT_WARN ||
		     f->v[i].kind == VERDICT_HOLD ||
		     f->v[i].kind == VERDICT_FOUL))
			out[n++] = &f->v[i];
	return n;
}

/* N's button after the drops: they were N's alone, F with its shadow,
 * not N's E and S's c. */
static void test_movers_button_keeps_the_drops_its_own(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;
	int from;

	(void)state;
	t = shadowed_f(f, &from);
	feed(f, t + 0.9, OBS_BUTTON, "N");
	tick(f, t + 12.0);
	if (moves_since(f, from, m, 8) != 1)
		dump(f);
	assert_int_equal(moves_since(f, from, m, 8), 1);
	assert_string_equal(m[0]->move, "F");
	assert_int_not_equal(m[0]->kind, VERDICT_HOLD);
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* S's button after them: N's E, then S's c, sown at once. */
static void test_next_players_button_keeps_the_two_moves(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;
	int from;

	(void)state;
	t = shadowed_f(f, &from);
	feed(f, t + 0.9, OBS_BUTTON, "S");
	tick(f, t + 12.0);
	if (moves_since(f, from, m, 8) != 2)
		dump(f);
	assert_int_equal(moves_since(f, from, m, 8), 2);
	assert_string_equal(m[0]->move, "E");
	assert_string_equal(m[1]->move, "c");
	assert_int_not_equal(m[1]->kind, VERDICT_HOLD);
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

/* No button at all by the end of the quiet period: the two moves. */
static void test_no_button_keeps_the_two_moves(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;
	int from;

	(void)state;
	t = shadowed_f(f, &from);
	tick(f, t + 1.0);
	tick(f, t + 12.0);
	if (moves_since(f, from, m, 8) != 2)
		dump(f);
	assert_int_equal(moves_since(f, from, m, 8), 2);
	assert_string_equal(m[0]->move, "E");
	assert_string_equal(m[1]->move, "c");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_movers_button_keeps_the_drops_its_own),
		cmocka_unit_test(test_next_players_button_keeps_the_two_moves),
		cmocka_unit_test(test_no_button_keeps_the_two_moves),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
