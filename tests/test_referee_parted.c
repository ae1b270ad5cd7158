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

/* S's b (c d e) ends in empty e and captures B's four seeds: the hand
 * lifting them shadows B's gate, then carries the five seeds into the
 * store. The pulse on B, between the path's last drop and the pieces
 * carried, is the capture's shadow, not N's sowing begun: no hold
 * naming N. */
static void test_capture_shadow_is_not_the_next_sowing(void **state)
{
	struct fix *f = started("");
	const struct verdict *v = NULL;

	(void)state;
	feed(f, 0.5, OBS_POSITION, "4 3 4 4 0 4/4 4 4 4 4 4/5 0/S");
	sow(f, 1.0, 0.5, "c d e");
	feed(f, 2.5, OBS_DROP, "B");
	sow(f, 2.7, 0.15, "S S S S S");
	tick(f, 12.0);
	for (int i = 0; i < f->n && v == NULL; i++)
		if (f->v[i].ply == 1 && f->v[i].kind != VERDICT_NOTE)
			v = &f->v[i];
	if (v == NULL || strstr(v->text, "N began") != NULL)
		dump(f);
	assert_non_null(v);
	assert_string_equal(v->move, "b");
	assert_null(strstr(v->text, "N began"));
	assert_false(overlap_fouled(f));
	fix_close(f);
}

/* S's b (c d e f) with a pulse in B, where N's A begins, 0.95 s before
 * f and a late pulse on f 0.2 s after it: the next player began before the
 * last seed fell (its bounce no later piece of the path), held naming
 * both. */
static void test_amid_window_ends_at_the_last_piece(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	sow(f, 0.2, 0.35, "c d e");
	feed(f, 1.25, OBS_DROP, "B");
	feed(f, 2.2, OBS_DROP, "f");
	feed(f, 2.4, OBS_DROP, "f");
	tick(f, 12.0);
	v = about(f, 1, VERDICT_HOLD);
	if (v == NULL)
		dump(f);
	assert_non_null(v);
	assert_string_equal(v->move, "b");
	assert_says(v, "N began");
	fix_close(f);
}

/* S's b (c d e f) and N's A (two seeds, B C) interleaved: B before S's
 * f, C after it, and N's button. The foul names both of N's drops (the
 * exact parting), not C alone after holding S's move for B. */
static void test_interleaved_overlap_names_all_their_drops(void **state)
{
	struct fix *f = started("");
	const struct verdict *v = NULL;

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/2 4 0 0 8 10/0 0/S");
	sow(f, 1.0, 1.0, "c d e");
	feed(f, 3.8, OBS_DROP, "B");
	feed(f, 4.0, OBS_DROP, "f");
	feed(f, 5.2, OBS_DROP, "C");
	feed(f, 6.0, OBS_BUTTON, "N");
	tick(f, 20.0);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == VERDICT_FOUL &&
		    f->v[i].cause == CAUSE_OVERLAP)
			v = &f->v[i];
	if (v == NULL)
		dump(f);
	assert_non_null(v);
	assert_says(v, "drops B C");
	assert_non_null(about(f, 1, VERDICT_ACCEPT));
	fix_close(f);
}

/* S's b (c d e f), a pulse in pit a 0.3 s after f, where no move of N's
 * is lifted or drops its first piece, and N's button: no sign N began
 * before S's last seed fell (a stray as much), no overlap foul. */
static void test_soon_pulse_where_no_move_begins_no_overlap(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/4 4 0 0 8 8/0 0/S");
	sow(f, 1.0, 1.0, "c d e f");
	feed(f, 4.3, OBS_DROP, "a");
	feed(f, 4.9, OBS_BUTTON, "N");
	tick(f, 20.0);
	if (overlap_fouled(f))
		dump(f);
	assert_false(overlap_fouled(f));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_held_move_ends_at_its_own_last_drop),
		cmocka_unit_test(test_capture_shadow_is_not_the_next_sowing),
		cmocka_unit_test(test_amid_window_ends_at_the_last_piece),
		cmocka_unit_test(
			test_interleaved_overlap_names_all_their_drops),
		cmocka_unit_test(
			test_soon_pulse_where_no_move_begins_no_overlap),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
