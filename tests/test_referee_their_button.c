/*
 * test_referee_their_button.c - the other player's turn button after
 * the mover's drops, the mover's own button not pressed. Their button
 * says they moved: it ends the mover's move (judged at it), and when
 * that move read every pulse and handed them the turn, their own move,
 * a seed sown from a pit holding one whose pulse went unseen, is read
 * as their button with nothing sensed: held, naming it. A button
 * sooner after the mover's last drop than a hand can begin a move says
 * nothing of a move of theirs.
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

#define STEP 0.4	/* the hand's tempo */
#define HABIT 0.5	/* the players' pause before the button */

/* Games of S sowing b (c d e f), S pressing HABIT after the last drop:
 * the table's buttons and its players' pause shown. A new game from
 * a b c d e f / A B C D E F = 4 4 4 4 4 4 / 1 4 4 4 4 4: S sows a
 * (b c d e), sensed `drops`, S's button not pressed, and N's button
 * comes `pause` after S's last drop sensed. */
static void their_button_from(struct fix *f, const char *pos,
			      double pause, const char *drops, int games,
			      int theirs)
{
	double t = 0, last;

	for (int g = 0; g < games; g++) {
		feed(f, t, OBS_START, NULL);
		last = sow(f, t + 1, STEP, "c d e f");
		feed(f, last + HABIT, OBS_BUTTON, "S");
		/* N sows A: B C D E, every pulse sensed */
		if (theirs) {
			last = sow(f, last + 2, STEP, "B C D E");
			feed(f, last + HABIT, OBS_BUTTON, "N");
		}
		t += 10;
	}
	feed(f, t, OBS_START, NULL);
	feed(f, t + 0.2, OBS_POSITION, pos);
	last = sow(f, t + 1, STEP, drops);
	feed(f, last + pause, OBS_BUTTON, "N");
	tick(f, last + pause + 6);
}

static void their_button_after(struct fix *f, double pause,
			       const char *drops)
{
	their_button_from(f, "4 4 4 4 4 4/1 4 4 4 4 4/3 0/S", pause, drops,
			  12, 0);
}

/* Whether any verdict since the last start is a foul. */
static int fouled(const struct fix *f)
{
	int from = 0;

	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == VERDICT_START)
			from = i;
	for (int i = from; i < f->n; i++)
		if (f->v[i].kind == VERDICT_FOUL)
			return 1;
	return 0;
}

/* The same, pit d's pulse missed. */
static void their_button(struct fix *f, double pause)
{
	their_button_after(f, pause, "b c e");
}

/* The verdicts about moves since the last start, in order. */
static int moves_since_start(const struct fix *f,
			     const struct verdict **m, int max)
{
	int from = 0, n = 0;

	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == VERDICT_START)
			from = i;
	for (int i = from; i < f->n && n < max; i++)
		if ((f->v[i].kind == VERDICT_ACCEPT ||
		     f->v[i].kind == VERDICT_WARN ||
		     f->v[i].kind == VERDICT_HOLD) && f->v[i].move[0] != '\0')
			m[n++] = &f->v[i];
	return n;
}

/* The moves since the game's start are `k`, into `m` (the verdicts
 * shown when not). */
static void moves_are(const struct fix *f, const struct verdict **m, int k)
{
	int n = moves_since_start(f, m, 8);

	if (n != k)
		dump(f);
	assert_int_equal(n, k);
}

/* N's button 1.5 s after S's last drop: S's a is taken (pit d's miss
 * warned), then N's A (one seed into B, unseen) is held for the table
 * to check. */
static void test_their_button_holds_their_unseen_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	their_button(f, 1.5);
	moves_are(f, m, 2);
	assert_string_equal(m[0]->move, "a");
	assert_int_equal(m[0]->kind, VERDICT_WARN);
	assert_string_equal(m[1]->move, "A");
	assert_int_equal(m[1]->kind, VERDICT_HOLD);
	assert_int_equal(m[1]->ply, 2);
	assert_true(referee_held(f->ref));
	fix_close(f);
}

/* N's button 0.3 s after S's last drop, sooner than a hand reaches a pit
 * and lets a seed go: it only ends S's move; nothing else is said. */
static void test_their_button_too_soon_says_no_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	their_button(f, 0.3);
	moves_are(f, m, 1);
	assert_string_equal(m[0]->move, "a");
	assert_false(referee_held(f->ref));
	fix_close(f);
}

/* S's a sensed b c d, pit e's pulse missed where a seed left behind in
 * a would leave the same: held at N's button, 1.5 s after the last drop.
 * Confirmed, N's button is read again as N's own with nothing sensed:
 * N's A held in its turn. */
static void test_their_button_read_again_once_confirmed(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	their_button_after(f, 1.5, "b c d");
	moves_are(f, m, 1);
	assert_string_equal(m[0]->move, "a");
	assert_int_equal(m[0]->kind, VERDICT_HOLD);
	feed(f, f->v[f->n - 1].t_us / 1e6 + 1, OBS_CONFIRM, NULL);
	moves_are(f, m, 3);
	assert_string_equal(m[1]->move, "a");
	assert_int_equal(m[1]->kind, VERDICT_ACCEPT);
	assert_string_equal(m[2]->move, "A");
	assert_int_equal(m[2]->kind, VERDICT_HOLD);
	assert_true(referee_held(f->ref));
	fix_close(f);
}

/* S's c (d e f, store S) moves S again, but reads as b just as well:
 * held at N's button 1.5 s after the last drop. Confirmed as c, S moves
 * again: N's button only said S's move was over, as it would have said
 * at once; no move out of turn. */
static void test_their_button_kept_says_nothing_when_mover_goes_on(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	their_button_after(f, 1.5, "d e f");
	moves_are(f, m, 1);
	assert_int_equal(m[0]->kind, VERDICT_HOLD);
	assert_string_equal(m[0]->move, "c");
	feed(f, f->v[f->n - 1].t_us / 1e6 + 1, OBS_CONFIRM, NULL);
	if (fouled(f))
		dump(f);
	assert_false(fouled(f));
	assert_false(referee_held(f->ref));
	moves_are(f, m, 2);
	assert_string_equal(m[1]->move, "c");
	assert_int_equal(m[1]->kind, VERDICT_ACCEPT);
	fix_close(f);
}

/* N's A holds two seeds (into B and C): read with nothing sensed, that
 * move would "stop two seeds short", a misplay; their button shows no
 * misplay, and no foul is called. Two pulses unseen on lines with no
 * record are far less likely than a button pressed for nothing: a
 * note, nothing held. */
static void test_their_button_two_seeds_no_foul(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	their_button_from(f, "4 4 4 4 4 3/2 4 4 4 4 4/3 0/S", 1.5,
			  "b c e", 12, 0);
	if (fouled(f))
		dump(f);
	assert_false(fouled(f));
	moves_are(f, m, 1);
	assert_string_equal(m[0]->move, "a");
	assert_int_equal(f->v[f->n - 1].kind, VERDICT_NOTE);
	assert_int_equal(f->v[f->n - 1].cause, CAUSE_BUTTON_ALONE);
	assert_false(referee_held(f->ref));
	fix_close(f);
}

/* The board has sensed 560 seeds without a miss (pit B's line 70 of
 * them), and S's a, sensed whole, is judged at N's button 0.55 s after
 * its last drop (before the hand's pause took it, and later than a hand
 * can begin a move): a one-seed A whose pulse went unseen is far less
 * likely than a button pressed for nothing: a note, nothing held. */
static void test_their_button_on_a_clean_line_is_a_note(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	their_button_from(f, "4 4 4 4 4 4/1 4 4 4 4 4/3 0/S", 0.55,
			  "b c d e", 70, 1);
	moves_are(f, m, 1);
	assert_string_equal(m[0]->move, "a");
	assert_int_equal(f->v[f->n - 1].kind, VERDICT_NOTE);
	assert_int_equal(f->v[f->n - 1].cause, CAUSE_BUTTON_ALONE);
	assert_false(referee_held(f->ref));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_their_button_holds_their_unseen_move),
		cmocka_unit_test(test_their_button_too_soon_says_no_move),
		cmocka_unit_test(test_their_button_read_again_once_confirmed),
		cmocka_unit_test(test_their_button_kept_says_nothing_when_mover_goes_on),
		cmocka_unit_test(test_their_button_two_seeds_no_foul),
		cmocka_unit_test(test_their_button_on_a_clean_line_is_a_note),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
