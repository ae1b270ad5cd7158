/*
 * test_referee_back_begun.c - a move taken at the hand's pause, then the
 * same hand goes on: pieces sown the wrong way round from another place
 * whose first drop is the whole of a one-piece move. The drops since
 * begin no move of the next player's (a foul read as theirs), but they
 * and the taken move's drop begin that place's pieces sown the wrong
 * way round: the move is taken back and the drops read as the mover's,
 * not called a foul on the next player. When the mover moves again, the
 * drops since may be its next move sown the wrong way round: the move
 * taken stands.
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

/* N to move, D holding 1 (E), F holding 4 (N a b c) sown the wrong way
 * round, slowly: E D C B, then N's button. */
static void test_slow_backwards_sowing_is_not_taken(void **state)
{
	struct fix *f = started("");
	double t = trusted_board(f, 130);
	int first;

	(void)state;
	feed(f, t, OBS_POSITION, "4 4 4 4 4 4/4 4 4 1 4 4/0 3/N");
	first = f->n;
	t = sow(f, t + 1.0, 1.2, "E D C B");
	feed(f, t + 0.4, OBS_BUTTON, "N");
	tick(f, t + 30);
	if (count(f, VERDICT_FOUL) != 1)
		dump(f);
	/* One foul, on N's pieces sown the wrong way round, the move
	 * taken corrected; none on S, whose move no drop began. */
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_says(last(f, VERDICT_FOUL), "sowing F the wrong way round");
	assert_says(last(f, VERDICT_FOUL), "corrects D");
	assert_int_equal(last(f, VERDICT_FOUL)->ply, 1);
	assert_true(first < f->n);
	fix_close(f);
}

/* N to move, F holding 1 (N: N moves again), then A's 3 (B C D) sown
 * the wrong way round, slowly: N, then f e d and N's button. The drops
 * since begin no legal move of N's, but do begin A sown the wrong way
 * round, N's next move: F stands, and the foul is on N's next move. */
static void test_next_move_backwards_leaves_move_taken(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t = trusted_board(f, 130);

	(void)state;
	feed(f, t, OBS_POSITION, "4 4 4 4 4 4/3 4 4 4 4 1/2 2/N");
	f->n = 0;
	feed(f, t + 1.0, OBS_DROP, "N");
	t = sow(f, t + 2.2, 1.2, "f e d");
	feed(f, t + 0.4, OBS_BUTTON, "N");
	tick(f, t + 30);
	if (count(f, VERDICT_FOUL) != 1 || moves(f, m, 4) != 1)
		dump(f);
	assert_int_equal(moves(f, m, 4), 1);
	assert_string_equal(m[0]->move, "F");
	assert_int_equal(m[0]->kind, VERDICT_ACCEPT);
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_null(strstr(last(f, VERDICT_FOUL)->text, "corrects"));
	assert_int_equal(last(f, VERDICT_FOUL)->ply, 2);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slow_backwards_sowing_is_not_taken),
		cmocka_unit_test(test_next_move_backwards_leaves_move_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
