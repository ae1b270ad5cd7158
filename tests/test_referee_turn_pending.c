/*
 * test_referee_turn_pending.c - the other player's button with drops
 * pending: S sows b (c d e f) slowly, a pulse falls in pit E, and N
 * presses the button before S's move is judged. N's button says N
 * moved: the pulse is N's (pit E is no first or second drop of any move
 * of N's, so nothing else reads it so), and S's move is judged without
 * it. Later than a hand can begin after S's last seed, it is N's move
 * (a foul: no move of N's fits one seed in E); sooner, N began before
 * S's last seed fell (a foul naming both). Read as an extra pulse of
 * S's move, N's sowing got no verdict at all.
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

/* S's b at a second a seed, a pulse in pit E `gap` s after its last,
 * N's button 0.6 s after that; the verdict about ply `ply`. */
static const struct verdict *sown(struct fix *f, double gap, int ply)
{
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/4 4 0 0 8 8/0 0/S");
	sow(f, 1.0, 1.0, "c d e f");
	feed(f, 4.0 + gap, OBS_DROP, "E");
	feed(f, 4.6 + gap, OBS_BUTTON, "N");
	tick(f, 20.0);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].ply == ply && (f->v[i].kind == VERDICT_ACCEPT ||
					   f->v[i].kind == VERDICT_WARN ||
					   f->v[i].kind == VERDICT_HOLD ||
					   f->v[i].kind == VERDICT_FOUL))
			return &f->v[i];
	return NULL;
}

static void test_pulse_before_their_button_is_their_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *b, *v = NULL;

	(void)state;
	b = sown(f, 0.7, 1);
	if (b == NULL || b->kind != VERDICT_ACCEPT)
		dump(f);
	assert_non_null(b);
	assert_string_equal(b->move, "b");
	assert_int_equal(b->kind, VERDICT_ACCEPT);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].ply == 2 && f->v[i].kind == VERDICT_FOUL)
			v = &f->v[i];
	assert_non_null(v);
	assert_int_equal(v->kind, VERDICT_FOUL);
	assert_says(v, "no legal move of N");
	assert_says(v, "drops E");
	fix_close(f);
}

static void test_pulse_too_soon_before_their_button_overlapped(
	void **state)
{
	struct fix *f = started("");
	const struct verdict *b, *v = NULL;

	(void)state;
	b = sown(f, 0.3, 1);
	assert_non_null(b);
	assert_string_equal(b->move, "b");
	assert_int_equal(b->kind, VERDICT_ACCEPT);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == VERDICT_FOUL)
			v = &f->v[i];
	if (v == NULL)
		dump(f);
	assert_non_null(v);
	assert_int_equal(v->cause, CAUSE_OVERLAP);
	assert_says(v, "N began");
	assert_says(v, "before S's last seed fell");
	fix_close(f);
}

/* S's c ends in S's store (S moves again), and S presses the button all
 * the same: then c d e f and, later than a hand begins, E, and N's
 * button. S said their turn was over: the drops are not a move of S's
 * ending where N's begins (S's b, then N's E), but one sowing, N's out
 * of turn or S's own with an extra pulse; no move is judged as N's. */
static void test_after_their_own_button_not_parted(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/4 4 0 0 8 8/0 0/S");
	sow(f, 1.0, 0.3, "d e f S");
	feed(f, 2.5, OBS_BUTTON, "S");
	sow(f, 4.0, 1.0, "c d e f");
	feed(f, 7.7, OBS_DROP, "E");
	feed(f, 8.3, OBS_BUTTON, "N");
	tick(f, 20.0);
	for (int i = 0; i < f->n; i++)
		assert_false(f->v[i].ply >= 3 &&
			     f->v[i].kind != VERDICT_NOTE);
	fix_close(f);
}

/* The same early button, then the arbiter sets the position again (the
 * ply stays): the press was about a position that is gone. S's b, the
 * pulse in E and N's button are read as before the press: b, then N's
 * move that no move of N fits. */
static void test_early_button_forgotten_with_the_position(void **state)
{
	struct fix *f = started("");
	const struct verdict *b = NULL, *v = NULL;

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/4 4 0 0 8 8/0 0/S");
	sow(f, 1.0, 0.3, "d e f S");
	feed(f, 2.5, OBS_BUTTON, "S");
	tick(f, 3.0);
	feed(f, 3.0, OBS_POSITION, "4 4 4 4 4 4/4 4 0 0 8 8/0 0/S");
	f->n = 0;
	sow(f, 4.0, 1.0, "c d e f");
	feed(f, 7.7, OBS_DROP, "E");
	feed(f, 8.3, OBS_BUTTON, "N");
	tick(f, 20.0);
	for (int i = 0; i < f->n; i++) {
		if (f->v[i].kind == VERDICT_ACCEPT &&
		    strcmp(f->v[i].move, "b") == 0)
			b = &f->v[i];
		if (f->v[i].kind == VERDICT_FOUL)
			v = &f->v[i];
	}
	if (b == NULL || v == NULL)
		dump(f);
	assert_non_null(b);
	assert_non_null(v);
	assert_says(v, "no legal move of N");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pulse_before_their_button_is_their_move),
		cmocka_unit_test(
			test_pulse_too_soon_before_their_button_overlapped),
		cmocka_unit_test(
			test_after_their_own_button_not_parted),
		cmocka_unit_test(
			test_early_button_forgotten_with_the_position),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
