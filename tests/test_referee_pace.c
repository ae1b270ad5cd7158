/*
 * test_referee_pace.c - a move that rests on one pulse and gives its
 * mover another turn, on a table whose hands are slow. The steps of the
 * moves taken cleanly are learnt; such a move waits for the table's
 * usual longest step before it is taken, and a drop within it that goes
 * on one sowing with the pulse (a capture's pieces carried in, the
 * first of them seen, the seed sown before them missed) is read with
 * it, while the mover's next move begun within it is still parted.
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

/* Sowings of S's a (8 seeds: b c d e f S A B), 0.9 s between seeds,
 * each taken at the hand's pause: 15 of them, two with pit e's pulse
 * missed (the line has shown it misses some). The table's steps are
 * learnt; returns the time after. */
static double slow_table(struct fix *f)
{
	double t = 1.0;

	for (int i = 0; i < 17; i++) {
		feed(f, t, OBS_POSITION, "8 0 0 0 0 0/4 4 4 4 4 4/10 6/S");
		t = sow(f, t + 0.5, 0.9, i == 4 || i == 10 ?
			"b c d f S A B" : "b c d e f S A B");
		tick(f, t + 2.0);
		t += 3.0;
	}
	if (count(f, VERDICT_FOUL) != 0 || count(f, VERDICT_HOLD) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	return t;
}

/* On the slow table, `pos` set and a drop into each place of `places`
 * at its time in `at` (seconds after it), the moves taken by 8 s after:
 * into `m`, from the first taken since; their count. */
static int after_slow_table(struct fix *f, const char *pos,
			    const double *at, const char *places,
			    const struct verdict **m)
{
	static const struct verdict *all[64];
	double t = slow_table(f);
	int n0 = moves(f, all, 64), n;
	char copy[64], *save = NULL;
	int i = 0;

	feed(f, t, OBS_POSITION, pos);
	snprintf(copy, sizeof(copy), "%s", places);
	for (char *h = strtok_r(copy, " ", &save); h != NULL;
	     h = strtok_r(NULL, " ", &save))
		feed(f, t + at[i++], OBS_DROP, h);
	tick(f, t + 8.0);
	n = moves(f, all, 64) - n0;
	for (int k = 0; k < n; k++)
		m[k] = all[n0 + k];
	if (count(f, VERDICT_FOUL) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	return n;
}

/* f holds one seed (into the store: another turn); d holds one, into e,
 * empty, across from B's three: a capture of four. The seed into e is
 * missed; the pieces carried in come at the slow hand's pace, the
 * first 0.8 s before the next. One move, d, not f and then d. */
static void test_carried_pieces_after_a_pause_are_one_move(void **state)
{
	static const double at[] = { 1.0, 1.8, 2.1, 2.4 };
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	assert_int_equal(after_slow_table(f, "0 0 0 1 0 1/4 3 4 4 4 4/13 10/S",
					  at, "S S S S", m), 1);
	assert_string_equal(m[0]->move, "d");
	fix_close(f);
}

/* The pulse in the store alone: f, taken once the table's longest step
 * has passed, not at the pause that may part two moves. */
static void test_lone_pulse_waits_for_the_tables_step(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[64];
	double t = slow_table(f);
	int n0 = moves(f, m, 64);

	(void)state;
	feed(f, t, OBS_POSITION, "0 0 0 1 0 1/4 3 4 4 4 4/13 10/S");
	feed(f, t + 1.0, OBS_DROP, "S");
	tick(f, t + 1.75);
	assert_int_equal(moves(f, m, 64), n0);
	tick(f, t + 4.0);
	assert_int_equal(moves(f, m, 64), n0 + 1);
	assert_string_equal(m[n0]->move, "f");
	assert_true(m[n0]->t_us >= ms(t + 1.9));
	fix_close(f);
}

/* f's pulse, then S's next move begun 0.9 s after it: c's two seeds
 * into d and e. The drops in d and e go on no sowing with the store's
 * pulse: f is taken, then c. (What this guards is the outcome, the
 * wait swallowing no move: the two moves would be parted later even
 * were the drop read with the pulse at first.) */
static void test_next_move_begun_within_the_step_is_parted(void **state)
{
	static const double at[] = { 1.0, 1.9, 2.3 };
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	assert_int_equal(after_slow_table(f, "0 0 2 0 0 1/4 4 4 4 4 4/11 10/S",
					  at, "S d e", m), 2);
	assert_string_equal(m[0]->move, "f");
	assert_string_equal(m[1]->move, "c");
	fix_close(f);
}

/* Before the table has shown its hands: the pause that may part two
 * moves, as ever. */
static void test_unknown_table_takes_it_at_the_pause(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	feed(f, 0.5, OBS_POSITION, "0 0 0 1 0 1/4 3 4 4 4 4/13 10/S");
	feed(f, 1.0, OBS_DROP, "S");
	tick(f, 1.7);
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "f");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_carried_pieces_after_a_pause_are_one_move),
		cmocka_unit_test(test_lone_pulse_waits_for_the_tables_step),
		cmocka_unit_test(test_next_move_begun_within_the_step_is_parted),
		cmocka_unit_test(test_unknown_table_takes_it_at_the_pause),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
