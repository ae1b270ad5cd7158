/*
 * test_referee_silent.c - sowings that must not pass without a
 * verdict, nor be taken for pulses of another: one pulse well after a
 * move, away from its places, where the next player's sowing begins,
 * is that sowing begun (judged as the next player's move), not an
 * extra pulse of the move before; the last seed of a move held for
 * being short, sensed while it was held, is that move's once it is
 * confirmed, not the next move.
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

/* The first verdict about ply `ply` (a move taken, held or a foul). */
static const struct verdict *on_ply(const struct fix *f, int ply)
{
	for (int i = 0; i < f->n; i++) {
		const struct verdict *v = &f->v[i];

		if (v->ply == ply && (v->kind == VERDICT_ACCEPT ||
				      v->kind == VERDICT_WARN ||
				      v->kind == VERDICT_HOLD ||
				      v->kind == VERDICT_FOUL))
			return v;
	}
	return NULL;
}

/* N's E (one seed, into F), on a board that makes strays (so N's button
 * is awaited), then 1.3 s later one pulse in pit e, where S's d (two
 * seeds: e f) begins, and nothing more: S began, so the turn passed and
 * N's E is taken as sown, with no extra pulse, and S's drop gets a
 * verdict of its own (held or a foul naming d), not folded into N's
 * move unseen. */
static void test_lone_pulse_after_a_move_is_the_next_sowing(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8], *v;
	double t;

	(void)state;
	t = strays_shown(f, "4 4 4 2 4 4/4 4 4 4 1 4/0 5/N");
	feed(f, t, OBS_DROP, "F");		/* E */
	feed(f, t + 1.3, OBS_DROP, "e");	/* S's d begun */
	tick(f, t + 12.0);
	v = on_ply(f, 4);
	if (moves(f, m, 8) != 4 || v == NULL)
		dump(f);
	assert_int_equal(moves(f, m, 8), 4);
	assert_string_equal(m[2]->move, "E");
	assert_int_equal(m[2]->kind, VERDICT_ACCEPT);
	assert_null(strstr(m[2]->text, "extra"));
	assert_non_null(v);
	assert_true(v->kind == VERDICT_HOLD || v->kind == VERDICT_FOUL);
	assert_non_null(strstr(v->text, " d"));
	fix_close(f);
}

/* The same pulse in N's own place (F) is N's late pulse or a stray: no
 * move of S is read from it. */
static void test_lone_pulse_in_the_moves_own_place_stays_its_own(
	void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	(void)state;
	t = strays_shown(f, "4 4 4 2 4 4/4 4 4 4 1 4/0 5/N");
	feed(f, t, OBS_DROP, "F");		/* E */
	feed(f, t + 1.3, OBS_DROP, "F");
	tick(f, t + 12.0);
	if (on_ply(f, 4) != NULL)
		dump(f);
	assert_string_equal(m[moves(f, m, 8) - 1]->move, "E");
	assert_null(on_ply(f, 4));
	fix_close(f);
}

/* S's a (b c d e) with e not sensed by the end of the quiet period: held,
 * one seed short. The seed falls in pit e while it is held (kept), and
 * the arbiter confirms a: that pulse is a's last seed, late, not a
 * sowing of N's (no foul, no second move), and pit e's line is not
 * charged with a miss. */
static void test_late_last_seed_of_a_held_move_is_its_own(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	sow(f, 1.0, 0.3, "b c d");
	tick(f, 8.0);
	assert_non_null(last(f, VERDICT_HOLD));
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	feed(f, 8.5, OBS_DROP, "e");		/* kept while held */
	feed(f, 10.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	if (count(f, VERDICT_FOUL) != 0 || moves(f, m, 8) != 2)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 8), 2);	/* the hold, a confirmed */
	assert_string_equal(m[1]->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	assert_string_equal(position(f), "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N");
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lone_pulse_after_a_move_is_the_next_sowing),
		cmocka_unit_test(
			test_lone_pulse_in_the_moves_own_place_stays_its_own),
		cmocka_unit_test(test_late_last_seed_of_a_held_move_is_its_own),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
