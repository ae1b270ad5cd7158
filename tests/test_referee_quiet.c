/*
 * test_referee_quiet.c - pulses no sowing made, and sowings that must
 * not pass without a verdict, on a drop-counter board: a pulse after a
 * move and before its mover's button is that move's late or stray
 * pulse, set aside; a move resting on one pulse, on a board that has
 * shown stray pulses, waits for its mover's button and is held without
 * it; on a board that never made a stray, it is taken as before; a
 * lone pulse that completes the move taken is its last seed; one pulse
 * of the next player's sowing at the end of a move holds it; a button
 * pressed by a mover who moves again, with nothing sensed, holds the
 * move likeliest unseen when the sensors miss as often as people press;
 * the last mover's button pressed late, once the next player has begun
 * sowing, turns none of their seeds into the last move's.
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

/* The last verdict of kind `kind`, or NULL. */
static const struct verdict *last_of(const struct fix *f,
				     enum verdict_kind kind)
{
	for (int i = f->n - 1; i >= 0; i--)
		if (f->v[i].kind == kind)
			return &f->v[i];
	return NULL;
}

/* N's D (E F N a) taken, a pulse in pit c 1.1 s after its last seed,
 * then N's button: the pulse is no sowing of S's (S waits for the
 * button), but a stray of N's move: set aside with a note naming it,
 * and counted against pit c's line. Then S sows b (c d e f); a pulse in
 * pit E, and S's button: set aside too. Returns when S's button was
 * pressed. */
static double two_strays_set_aside(struct fix *f)
{
	const struct verdict *m[8], *v;
	double t;

	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/1 4 4 4 4 4/0 3/N");
	t = sow(f, 1.0, 0.4, "E F N a");	/* D */
	tick(f, t + 0.7);
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "D");
	feed(f, t + 1.1, OBS_DROP, "c");
	feed(f, t + 1.6, OBS_BUTTON, "N");
	v = last_of(f, VERDICT_NOTE);
	if (v == NULL || v->cause != CAUSE_STRAY || v->nplaces != 1)
		dump(f);
	assert_non_null(v);
	assert_int_equal(v->cause, CAUSE_STRAY);
	assert_int_equal(v->nplaces, 1);
	assert_int_equal(v->places[0], 2);	/* c */
	assert_non_null(strstr(v->text, "N pressed the button after D"));
	assert_non_null(strstr(v->evidence, "decided=aside"));
	assert_int_equal(referee_plies(f->ref), 1);
	assert_false(referee_held(f->ref));

	t = sow(f, t + 3.0, 0.4, "c d e f");	/* b */
	tick(f, t + 0.7);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[1]->move, "b");
	feed(f, t + 1.4, OBS_DROP, "E");
	feed(f, t + 1.8, OBS_BUTTON, "S");
	if (moves(f, m, 8) != 2)
		dump(f);
	assert_int_equal(last_of(f, VERDICT_NOTE)->cause, CAUSE_STRAY);
	assert_int_equal(moves(f, m, 8), 2);
	assert_int_equal(referee_plies(f->ref), 2);
	return t + 1.8;
}

/* Before the last mover's button, a lone pulse is not taken as the next
 * player's one-seed move: N's A (into B) is never read. */
static void test_pulse_before_the_last_movers_button_is_set_aside(
	void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	two_strays_set_aside(f);
	assert_string_equal(position(f),
			    "5 0 5 5 5 5/1 4 4 0 5 5/0 4/N");
	for (int i = 0; i < moves(f, m, 8); i++)
		assert_string_not_equal(m[i]->move, "A");
	fix_close(f);
}

/* On a board that has shown stray pulses, N's one-seed move A (a pulse
 * in pit B) with no button from N by the end of the quiet period: a
 * stray, or A sown; held, saying what to check. */
static void test_lone_pulse_without_button_is_held(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	(void)state;
	t = two_strays_set_aside(f);
	feed(f, t + 1.2, OBS_DROP, "B");
	tick(f, t + 2.0);			/* past the turn gap */
	assert_int_equal(moves(f, m, 8), 2);	/* still waiting */
	tick(f, t + 4.0);
	if (moves(f, m, 8) != 3)
		dump(f);
	assert_int_equal(moves(f, m, 8), 3);
	assert_string_equal(m[2]->move, "A");
	assert_int_equal(m[2]->kind, VERDICT_HOLD);
	assert_int_equal(m[2]->cause, CAUSE_AMBIGUOUS);
	assert_non_null(strstr(m[2]->text, "a single pulse, in pit B, and no "
			       "button from N"));
	assert_non_null(strstr(m[2]->text, "pit A should now be empty"));
	assert_non_null(strstr(m[2]->evidence, "lone=1"));
	assert_true(referee_held(f->ref));
	fix_close(f);
}

/* The same pulse, then N's button: the mover says the move is made, and
 * it is taken at the button. */
static void test_lone_pulse_with_the_movers_button_is_taken(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	(void)state;
	t = two_strays_set_aside(f);
	feed(f, t + 1.2, OBS_DROP, "B");
	tick(f, t + 2.0);
	assert_int_equal(moves(f, m, 8), 2);
	feed(f, t + 2.1, OBS_BUTTON, "N");
	assert_int_equal(moves(f, m, 8), 3);
	assert_string_equal(m[2]->move, "A");
	assert_int_equal(m[2]->kind, VERDICT_ACCEPT);
	assert_int_equal(referee_plies(f->ref), 3);
	fix_close(f);
}

/* A board that has made no stray pulse: the lone pulse is N's move A,
 * its button awaited through the quiet period (the pulse may be the
 * hand's shadow on B, lifted, with its sowing to come), then taken
 * with none, not held. */
static void test_lone_pulse_on_a_quiet_board_is_taken(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/1 4 4 4 4 4/0 3/S");
	t = sow(f, 1.0, 0.4, "c d e f");	/* b */
	feed(f, t + 0.6, OBS_BUTTON, "S");
	feed(f, t + 1.8, OBS_DROP, "B");
	tick(f, t + 2.5);
	assert_int_equal(moves(f, m, 8), 1);
	tick(f, t + 4.4);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[1]->move, "A");
	assert_int_equal(m[1]->kind, VERDICT_ACCEPT);
	fix_close(f);
}

/* S's store sensor misses two seeds of three, in 45 sowings of e
 * (f S A B) that pass it, never three in a row: games from 0 to 450 s. */
static void store_misses(struct fix *f)
{
	const char *names[32];
	int n, store = -1;

	for (int g = 0; g < 45; g++) {
		feed(f, 10.0 * g + 0.5, OBS_START, NULL);
		sow(f, 10.0 * g + 1, 0.3, g % 3 == 2 ? "f S A B" : "f A B");
		tick(f, 10.0 * g + 4);
	}
	n = referee_lines(f->ref, names);
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], "S") == 0)
			store = i;
	assert_true(store >= 0);
	assert_int_equal(referee_line(f->ref, store)->misses, 30);
}

/* S's store sensor misses two seeds of three (in sowings that pass it,
 * never three in a row), then S's e (f S) is sensed f: taken once the
 * quiet period ran out, the store missing. S has another turn; 3.3 s
 * after pit f, one pulse in the store: with the drop before it, e
 * exactly. It is e's last seed after a pause: read again with it, the
 * move is e, whole, and stands (a note, no second verdict on it). */
static void test_last_seed_after_a_pause_completes_the_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[64];
	int n;

	(void)state;
	store_misses(f);
	feed(f, 450.5, OBS_START, NULL);
	feed(f, 450.6, OBS_POSITION, "4 4 4 4 2 4/4 4 4 4 4 4/2 0/S");
	feed(f, 451, OBS_DROP, "f");
	tick(f, 453.6);
	n = moves(f, m, 64);
	if (strcmp(m[n - 1]->move, "e") != 0 || m[n - 1]->ply != 1)
		dump(f);
	assert_string_equal(m[n - 1]->move, "e");
	assert_int_equal(m[n - 1]->ply, 1);
	assert_int_equal(m[n - 1]->kind, VERDICT_WARN);
	feed(f, 454.3, OBS_DROP, "S");
	tick(f, 460);
	if (moves(f, m, 64) != n) dump(f);
	assert_int_equal(moves(f, m, 64), n);
	assert_int_equal(last_of(f, VERDICT_NOTE)->cause, CAUSE_STRAY);
	assert_non_null(strstr(last_of(f, VERDICT_NOTE)->evidence,
			       "revises=e decided=stands"));
	assert_int_equal(referee_plies(f->ref), 1);
	assert_string_equal(position(f), "4 4 4 4 0 5/4 4 4 4 4 4/3 0/S");
	fix_close(f);
}

/* S's e sows its one seed into pit f; 70 ms later a pulse in pit E,
 * where N's sowing of D drops its first seed, and nothing more: an
 * extra pulse, or N's sowing begun before S's seed fell with its other
 * seeds unseen. Neither is taken: held naming both players. */
static void test_one_pulse_of_an_overlapping_sowing_is_held(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 1 4/4 4 4 4 4 4/3 0/S");
	feed(f, 1.0, OBS_DROP, "f");
	feed(f, 1.07, OBS_DROP, "E");
	tick(f, 4.0);
	if (moves(f, m, 8) != 1)
		dump(f);
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "e");
	assert_int_equal(m[0]->kind, VERDICT_HOLD);
	assert_int_equal(m[0]->cause, CAUSE_AMBIGUOUS);
	assert_non_null(strstr(m[0]->text, "or N began sowing (drops E) "
			       "before S's last seed fell"));
	assert_non_null(strstr(m[0]->evidence, "overlap="));
	fix_close(f);

	/* S pressed the button after it: the pulse is S's, a fault. */
	f = started("");
	feed(f, 0.2, OBS_BUTTON, "N");
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 1 4/4 4 4 4 4 4/3 0/S");
	feed(f, 1.0, OBS_DROP, "f");
	feed(f, 1.07, OBS_DROP, "E");
	feed(f, 1.5, OBS_BUTTON, "S");
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "e");
	assert_int_equal(m[0]->kind, VERDICT_WARN);
	fix_close(f);
}

/* S's e (f S) ends in S's store: S moves again, and presses the button
 * with nothing sensed. On a board whose store sensor misses two seeds
 * of three, that may be S's one-seed move f (into the store) unseen as
 * well as a button pressed all the same: held, naming f. */
static void test_button_when_moving_again_may_be_a_move_unseen(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	store_misses(f);
	feed(f, 450.5, OBS_START, NULL);
	feed(f, 450.6, OBS_POSITION, "4 4 4 4 2 0/4 4 4 4 4 4/6 0/S");
	sow(f, 451, 0.3, "f S");
	tick(f, 452.5);
	assert_string_equal(f->v[f->n - 1].move, "e");
	feed(f, 453, OBS_BUTTON, "S");
	v = &f->v[f->n - 1];
	if (v->kind != VERDICT_HOLD)
		dump(f);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_int_equal(v->cause, CAUSE_BUTTON_ALONE);
	assert_string_equal(v->move, "f");
	assert_non_null(strstr(v->text, "no seed was seen to fall (or S moves "
			       "again after e and pressed it all the same)"));
	fix_close(f);

	/* A board that never missed: the button was pressed all the same. */
	f = started("");
	feed(f, 0.6, OBS_POSITION, "4 4 4 4 2 0/4 4 4 4 4 4/6 0/S");
	sow(f, 1, 0.3, "f S");
	tick(f, 2.5);
	feed(f, 3, OBS_BUTTON, "S");
	v = &f->v[f->n - 1];
	assert_int_equal(v->kind, VERDICT_NOTE);
	assert_int_equal(v->cause, CAUSE_MOVES_AGAIN);
	assert_false(referee_held(f->ref));
	fix_close(f);
}

/* N plays D (E F N a), taken; S sows `next` from 1.0 s after D's last
 * seed, one drop each `at[]` (seconds after it), N presses N's button
 * late, `late` s after, and S presses S's at `done`: S's `move` is
 * taken, D stands, and nothing is set aside. */
static void late_button(const char *pos, const char *next, const double *at,
			double late, double done, const char *move)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	char copy[64], *save = NULL;
	double t;
	int i = 0, pressed = 0;

	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, pos);
	t = sow(f, 1.0, 0.4, "E F N a");	/* D */
	tick(f, t + 0.7);
	snprintf(copy, sizeof(copy), "%s", next);
	for (char *p = strtok_r(copy, " ", &save); p != NULL;
	     p = strtok_r(NULL, " ", &save), i++) {
		if (!pressed && at[i] > late) {
			feed(f, t + late, OBS_BUTTON, "N");
			pressed = 1;
		}
		feed(f, t + at[i], OBS_DROP, p);
	}
	if (!pressed)
		feed(f, t + late, OBS_BUTTON, "N");
	if (at[i - 1] + 0.7 < done)
		tick(f, t + at[i - 1] + 0.7);
	feed(f, t + done, OBS_BUTTON, "S");
	tick(f, t + done + 3.0);
	if (moves(f, m, 8) != 2 || referee_held(f->ref))
		dump(f);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[0]->move, "D");
	assert_string_equal(m[1]->move, move);
	assert_int_not_equal(m[1]->kind, VERDICT_HOLD);
	assert_false(referee_held(f->ref));
	assert_int_equal(referee_plies(f->ref), 2);
	for (i = 0; i < f->n; i++)
		assert_int_not_equal(f->v[i].cause, CAUSE_STRAY);
	fix_close(f);
}

/* S's two-seed a (b c), both sown before N's late button: a, not D read
 * again as E with them. */
static void test_late_button_after_a_whole_next_move(void **state)
{
	static const double at[] = { 1.0, 1.25 };

	(void)state;
	late_button("1 4 4 4 4 4/4 4 4 4 4 4/0 3/N", "b c", at, 1.3, 1.6, "a");
}

/* S's one-seed c (d) before N's late button: not set aside. */
static void test_late_button_after_a_one_seed_move(void **state)
{
	static const double at[] = { 1.0 };

	(void)state;
	late_button("4 4 1 4 4 4/4 4 4 4 4 4/0 3/N", "d", at, 1.3, 1.6, "c");
}

/* S's b (c d e f), N's button after its second seed: its first two
 * seeds stay S's. */
static void test_late_button_in_the_next_sowing(void **state)
{
	static const double at[] = { 1.0, 1.4, 1.8, 2.2 };

	(void)state;
	late_button("4 4 4 4 4 4/1 4 4 4 4 4/0 3/N", "c d e f", at, 1.5, 6.5,
		    "b");
}

/* S's f (S A B C) and a late pulse on C, its own last pit, up to a
 * second after; N's B begins at C and N's A drops its second seed
 * there: a warning on S's move, never held as N's sowing begun. */
static void test_late_pulse_on_the_movers_last_pit_is_a_warning(void **state)
{
	(void)state;
	for (int k = 1; k <= 20; k++) {
		struct fix *f = started("");
		const struct verdict *m[8];
		double t;

		feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
		t = sow(f, 1.0, 0.4, "S A B C");	/* f */
		feed(f, t + 0.05 * k, OBS_DROP, "C");
		tick(f, t + 3.0);
		tick(f, t + 6.0);
		if (moves(f, m, 8) < 1 || m[0]->kind == VERDICT_HOLD)
			dump(f);
		assert_true(moves(f, m, 8) >= 1);
		assert_string_equal(m[0]->move, "f");
		assert_int_not_equal(m[0]->kind, VERDICT_HOLD);
		assert_false(referee_held(f->ref));
		for (int i = 0; i < f->n; i++)
			assert_null(strstr(f->v[i].text, "before S's last"));
		fix_close(f);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_pulse_before_the_last_movers_button_is_set_aside),
		cmocka_unit_test(test_lone_pulse_without_button_is_held),
		cmocka_unit_test(test_lone_pulse_with_the_movers_button_is_taken),
		cmocka_unit_test(test_lone_pulse_on_a_quiet_board_is_taken),
		cmocka_unit_test(test_last_seed_after_a_pause_completes_the_move),
		cmocka_unit_test(test_one_pulse_of_an_overlapping_sowing_is_held),
		cmocka_unit_test(
			test_button_when_moving_again_may_be_a_move_unseen),
		cmocka_unit_test(test_late_button_after_a_whole_next_move),
		cmocka_unit_test(test_late_button_after_a_one_seed_move),
		cmocka_unit_test(test_late_button_in_the_next_sowing),
		cmocka_unit_test(
			test_late_pulse_on_the_movers_last_pit_is_a_warning),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
