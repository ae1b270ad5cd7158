/*
 * test_referee_out_of_turn.c - drops followed by the other player's
 * button while the mover moves again. S sows e (f S) and moves again;
 * a seed falls in pit B, then N presses the button. The drops are N's
 * A (one seed into B), played out of turn, or S's f (S A B) with the
 * first two seeds unseen. On a board whose store S and pit A have each
 * missed a seed, S's f is no longer far-fetched, yet N's button says
 * N moved: S's f is held, naming both players, not taken. The same
 * drops followed by S's own button are S's f, taken with its warnings;
 * and N's button after drops that are S's move as they came, or that
 * begin as S's move does, or whose first seed is where no move of N
 * begins, says nothing against it. The hold is the arbiter's alone:
 * N's button, the one in doubt, does not confirm it.
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

/* S's f with three seeds: S A B. */
#define F_THREE "4 4 4 4 4 3/4 4 4 4 4 4/1 0/S"
/* S's e with two seeds (f S, and S moves again), f with two, N's A
 * with one. */
#define E_TWO "4 4 4 4 2 2/1 4 4 4 4 4/4 3/S"

/* Games of S's f (S A B), one with store S unseen, one with pit A
 * unseen, the others clean: those lines have missed a seed each.
 * Returns the time after. */
static double misses_shown(struct fix *f)
{
	static const char *const sown[] = {
		"S A B", "A B", "S A B", "S B", "S A B", "S A B"
	};
	double t = 0;

	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	for (size_t g = 0; g < sizeof(sown) / sizeof(sown[0]); g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		feed(f, t + 0.6, OBS_POSITION, F_THREE);
		sow(f, t + 1.0, 0.4, sown[g]);
		feed(f, t + 3.0, OBS_BUTTON, "S");
		tick(f, t + 8.0);
		if (f->v[f->n - 1].kind == VERDICT_HOLD)
			feed(f, t + 8.5, OBS_CONFIRM, NULL);
	}
	feed(f, t + 0.5, OBS_START, NULL);
	feed(f, t + 0.6, OBS_POSITION, E_TWO);
	return t + 1.0;
}

/* S's e (f S) taken, S moving again (S's button after it, `pressed`);
 * then a seed in pit B and the button of `who`. Returns the last
 * verdict about a move. */
static const struct verdict *played(struct fix *f, double t, int pressed,
				    const char *who)
{
	const struct verdict *m[64];
	int n;

	sow(f, t, 0.4, "f S");
	if (pressed)
		feed(f, t + 1.0, OBS_BUTTON, "S");
	tick(f, t + 5.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "e");
	feed(f, t + 7.0, OBS_DROP, "B");
	feed(f, t + 7.6, OBS_BUTTON, who);
	tick(f, t + 14.0);
	n = moves(f, m, 64);
	assert_true(n > 0);
	return m[n - 1];
}

static void test_their_button_holds_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = played(f, misses_shown(f), 1, "N");
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "f");
	assert_says(v, "S moves again after e (though their button said the "
		    "turn was over), yet N pressed");
	assert_says(v, "N pressed the button after these drops: a move of N "
		    "out of turn?");
	assert_non_null(strstr(v->evidence, "out-of-turn=N"));
	assert_says(v, "confirm S's move, or reject and restore the board");
	fix_close(f);
}

/* N presses again while S's f is held: N's button is the one in doubt,
 * so it confirms nothing; the arbiter does. */
static void test_their_button_does_not_confirm(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	int accepted;

	(void)state;
	v = played(f, misses_shown(f), 1, "N");
	assert_int_equal(v->kind, VERDICT_HOLD);
	accepted = count(f, VERDICT_ACCEPT);
	feed(f, 120.0, OBS_BUTTON, "N");
	tick(f, 125.0);
	assert_int_equal(count(f, VERDICT_ACCEPT), accepted);
	assert_says(&f->v[f->n - 1], "N's button does not confirm f");
	feed(f, 126.0, OBS_CONFIRM, NULL);
	tick(f, 130.0);
	v = last(f, VERDICT_ACCEPT);
	assert_string_equal(v->move, "f");
	assert_says(v, "confirmed by the arbiter");
	/* (N's press, no move of N's after it) */
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

/* S never said the turn was over: N's button alone says N moved. */
static void test_their_button_alone_holds_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = played(f, misses_shown(f), 0, "N");
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "f");
	assert_says(v, "S moves again after e, yet N pressed the button");
	fix_close(f);
}

static void test_own_button_takes_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = played(f, misses_shown(f), 1, "S");
	assert_int_equal(v->kind, VERDICT_WARN);
	assert_string_equal(v->move, "f");
	fix_close(f);
}

/* N's button after S's f sown as it comes (S A B): S's move. */
static void test_their_button_after_an_exact_move(void **state)
{
	struct fix *f = started("");
	double t = misses_shown(f);

	(void)state;
	sow(f, t, 0.4, "f S");
	feed(f, t + 1.0, OBS_BUTTON, "S");
	tick(f, t + 5.0);
	sow(f, t + 7.0, 0.4, "S A B");
	feed(f, t + 8.4, OBS_BUTTON, "N");
	tick(f, t + 14.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "f");
	assert_int_equal(last(f, VERDICT_ACCEPT)->ply, 2);
	fix_close(f);
}

/* N's button after S A (S's f with its last seed unseen): S's sowing
 * began where S's move begins, so nothing says it was N's. */
static void test_their_button_after_a_move_begun_as_sown(void **state)
{
	struct fix *f = started("");
	double t = misses_shown(f);

	(void)state;
	sow(f, t, 0.4, "f S");
	feed(f, t + 1.0, OBS_BUTTON, "S");
	tick(f, t + 5.0);
	sow(f, t + 7.0, 0.4, "S A");
	feed(f, t + 8.0, OBS_BUTTON, "N");
	tick(f, t + 14.0);
	for (int i = 0; i < f->n; i++)
		assert_null(strstr(f->v[i].text, "out of turn"));
	fix_close(f);
}

/* S's e (f S), S moving again; S's c (d e f S A) with pit d's seed
 * unseen, then N's button by mistake. The drops begin in pit e, where
 * no move of N begins: S's c, with its warning, not a move of N out of
 * turn. */
static void test_their_button_where_no_move_of_theirs_begins(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_START, NULL);
	feed(f, 0.6, OBS_POSITION, "4 4 5 0 2 2/1 4 4 4 4 4/5 5/S");
	sow(f, 1.0, 0.4, "f S");
	tick(f, 5.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "e");
	sow(f, 7.0, 0.4, "e f S A");
	feed(f, 9.0, OBS_BUTTON, "N");
	tick(f, 15.0);
	for (int i = 0; i < f->n; i++)
		assert_null(strstr(f->v[i].text, "out of turn"));
	assert_int_equal(last(f, VERDICT_WARN)->ply, 2);
	assert_string_equal(last(f, VERDICT_WARN)->move, "c");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_their_button_holds_the_move),
		cmocka_unit_test(test_their_button_alone_holds_the_move),
		cmocka_unit_test(test_their_button_does_not_confirm),
		cmocka_unit_test(test_own_button_takes_the_move),
		cmocka_unit_test(test_their_button_after_an_exact_move),
		cmocka_unit_test(test_their_button_after_a_move_begun_as_sown),
		cmocka_unit_test(
			test_their_button_where_no_move_of_theirs_begins),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
