/*
 * test_referee_timing.c - when the referee decides a move read from
 * drops: a move taken once the hand paused, then taken back by the
 * referee itself when the same hand goes on; the next player's sowing
 * left alone; a seed after the game's last move; a lone pulse sooner
 * after the move before than a hand can begin; a button pressed with
 * nothing sensed.
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

/* No verdict but a command's took a move back: the referee revised
 * none of its own. */
static void assert_none_revised(const struct fix *f)
{
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind != VERDICT_COMMAND)
			assert_int_equal(f->v[i].undone_to, -1);
}

/* The hand's shadow on b as it lifts, then b's sowing paused after its
 * third seed: the drops so far are exactly a's sowing (b c d e), taken
 * once the hand has paused. The fourth seed, into f, is no beginning of
 * any move of N's; with the drops before it is b's sowing: a is taken
 * back and b taken, in one verdict that says so. */
static void revised_after(struct fix *f, double pause)
{
	const struct verdict *m[8];
	double t;

	feed(f, 1.0, OBS_DROP, "b");		/* shadow, at the lift */
	t = sow(f, 1.4, 0.4, "c d e");
	tick(f, t + 0.65);
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	feed(f, t + pause, OBS_DROP, "f");
	tick(f, t + pause + 2.6);
	if (moves(f, m, 8) != 2)
		dump(f);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[1]->move, "b");
	assert_int_equal(m[1]->ply, 1);
	assert_int_equal(m[1]->undone_to, 0);
	assert_non_null(strstr(m[1]->text, "corrects a"));
	assert_non_null(strstr(m[1]->evidence, "revises=a"));
	assert_int_equal(referee_plies(f->ref), 1);
	assert_string_equal(position(f), "4 0 5 5 5 5/4 4 4 4 4 4/0 0/N");
}

static void test_hand_going_on_after_a_short_pause(void **state)
{
	struct fix *f = started("");

	(void)state;
	revised_after(f, 0.8);
	fix_close(f);
}

/* A long pause: the quiet period runs out before the hand goes on. */
static void test_hand_going_on_after_a_long_pause(void **state)
{
	struct fix *f = started("");

	(void)state;
	revised_after(f, 3.5);
	fix_close(f);
}

/* The next player's sowing, begun within a second at one of their own
 * pits with the hand's shadow on it, takes nothing back. */
static void test_next_player_quick_is_no_revision(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	(void)state;
	t = sow(f, 1.0, 0.4, "e f S A");		/* d */
	tick(f, t + 0.65);
	feed(f, t + 0.7, OBS_DROP, "A");		/* shadow, at the lift */
	t = sow(f, t + 1.0, 0.4, "B C D E F");		/* A */
	tick(f, t + 2.6);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[0]->move, "d");
	assert_string_equal(m[1]->move, "A");
	for (int i = 0; i < f->n; i++)
		assert_int_equal(f->v[i].undone_to, -1);
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

/* After the mover's button, the move stands: drops after it are not its
 * own. */
static void test_button_ends_what_may_be_revised(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	feed(f, 1.0, OBS_DROP, "b");
	t = sow(f, 1.4, 0.4, "c d e");
	tick(f, t + 0.65);
	feed(f, t + 0.7, OBS_BUTTON, "S");
	feed(f, t + 1.2, OBS_DROP, "f");
	tick(f, t + 4);
	assert_none_revised(f);
	assert_int_equal(f->v[1].kind, VERDICT_ACCEPT);
	assert_string_equal(f->v[1].move, "a");
	fix_close(f);
}

/* The arbiter took the move back and entered it: the referee never
 * takes back a move it did not take itself. */
static void test_entered_move_is_never_revised(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	feed(f, 1.0, OBS_DROP, "b");
	t = sow(f, 1.4, 0.4, "c d e");
	tick(f, t + 0.65);
	assert_int_equal(referee_plies(f->ref), 1);
	feed(f, t + 0.7, OBS_UNDO, NULL);
	feed(f, t + 0.75, OBS_ENTRY, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	feed(f, t + 0.8, OBS_DROP, "f");
	tick(f, t + 4);
	assert_none_revised(f);
	fix_close(f);
}

/* A hand lifting pieces from a pit begins a move: the move before it
 * stands, whatever drops follow. */
static void test_lift_ends_what_may_be_revised(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	feed(f, 1.0, OBS_DROP, "b");
	t = sow(f, 1.4, 0.4, "c d e");
	tick(f, t + 0.65);
	feed(f, t + 0.7, OBS_LIFT, "A");
	feed(f, t + 0.8, OBS_DROP, "f");
	tick(f, t + 4);
	assert_none_revised(f);
	assert_string_equal(f->v[1].move, "a");
	fix_close(f);
}

/* A slow hand's last sowing ends the game; a seed sown after it, before
 * the pause that would have taken the move, is play after the end (a
 * foul naming its pit), not a fault of the last move. On a table whose
 * players press buttons, too: no one waits for a button after the
 * end. */
static void test_seed_after_the_last_move_is_after_the_end(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	feed(f, 0.5, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 1.0, OBS_POSITION, "0 0 0 0 0 2/1 0 0 0 0 0/20 25/S");
	sow(f, 2.0, 1.2, "S A");		/* f: S's side is empty */
	feed(f, 4.5, OBS_DROP, "b");
	tick(f, 8);
	v = &f->v[f->n - 1];
	if (v->kind != VERDICT_FOUL)
		dump(f);
	assert_int_equal(v->kind, VERDICT_FOUL);
	assert_int_equal(v->cause, CAUSE_AFTER_END);
	assert_int_equal(v->nplaces, 1);
	assert_int_equal(v->places[0], 1);	/* b */
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == VERDICT_ACCEPT ||
		    f->v[i].kind == VERDICT_WARN) {
			assert_string_equal(f->v[i].move, "f");
			assert_int_equal(f->v[i].kind, VERDICT_ACCEPT);
		}
	assert_false(referee_in_game(f->ref));
	fix_close(f);
}

/* After S's move and button, one pulse in pit B, which is N's one-seed
 * move A. Sooner than a hand can begin after the button, it is held;
 * a second later, it is taken. */
static void single_pulse_after_button(double delay, int held)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/1 4 4 4 4 4/0 3/S");
	t = sow(f, 1.0, 0.4, "b c d e");		/* a */
	feed(f, t + 0.7, OBS_BUTTON, "S");
	feed(f, t + 0.7 + delay, OBS_DROP, "B");
	tick(f, t + 6);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[0]->move, "a");
	assert_string_equal(m[1]->move, "A");
	assert_int_equal(m[1]->kind, held ? VERDICT_HOLD : VERDICT_ACCEPT);
	if (held) {
		assert_int_equal(m[1]->cause, CAUSE_AMBIGUOUS);
		assert_non_null(strstr(m[1]->text, "sooner than a hand can "
				       "begin"));
		assert_non_null(strstr(m[1]->evidence, "soon=200"));
	}
	fix_close(f);
}

static void test_single_pulse_too_soon_is_held(void **state)
{
	(void)state;
	single_pulse_after_button(0.2, 1);
	single_pulse_after_button(1.0, 0);
}

/* A pulse in pit B after S's sowing, then S's button: every drop before
 * the mover's button is the mover's, so B is no beginning of N's
 * one-seed move A; read with S's move, it is a fault of it. */
static void test_drops_before_the_button_are_the_movers(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[8];
	double t;

	(void)state;
	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/1 4 4 4 4 4/0 3/S");
	t = sow(f, 1.0, 0.4, "b c d e");	/* a */
	feed(f, t + 0.55, OBS_DROP, "B");
	feed(f, t + 1.1, OBS_BUTTON, "S");
	tick(f, t + 6);
	if (moves(f, m, 8) != 1)
		dump(f);
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* The mover presses the button and no seed was sensed: no move is near
 * enough to read, yet the sowing gets a verdict: a move held for the
 * table to check. Confirmed, it is taken; rejected, the mover moves. */
static void test_button_with_nothing_sensed_holds(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	struct observation o;

	(void)state;
	feed(f, 2.0, OBS_BUTTON, "S");
	v = &f->v[f->n - 1];
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_int_equal(v->cause, CAUSE_BUTTON_ALONE);
	assert_int_equal(v->ply, 1);
	assert_true(v->move[0] >= 'a' && v->move[0] <= 'f');
	assert_int_equal(v->nplaces, 1);
	assert_non_null(strstr(v->text, "no seed was seen to fall: check the "
			       "board and confirm"));
	assert_true(referee_held(f->ref));
	memset(&o, 0, sizeof(o));
	o.table = 1;
	o.t_us = ms(5);
	o.kind = OBS_CONFIRM;
	referee_feed(f->ref, &o);
	assert_false(referee_held(f->ref));
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);

	/* Rejected: nothing taken, the board is checked and put right. */
	f = started("");
	feed(f, 2.0, OBS_BUTTON, "S");
	assert_true(referee_held(f->ref));
	o.kind = OBS_REJECT;
	referee_feed(f->ref, &o);
	assert_false(referee_held(f->ref));
	assert_true(referee_restoring(f->ref));
	assert_int_equal(referee_plies(f->ref), 0);
	fix_close(f);
}

/* The other player's button with nothing sensed holds nothing. */
static void test_other_button_with_nothing_sensed(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 2.0, OBS_BUTTON, "N");
	assert_int_equal(f->n, 1);
	assert_false(referee_held(f->ref));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_going_on_after_a_short_pause),
		cmocka_unit_test(test_hand_going_on_after_a_long_pause),
		cmocka_unit_test(test_next_player_quick_is_no_revision),
		cmocka_unit_test(test_button_ends_what_may_be_revised),
		cmocka_unit_test(test_lift_ends_what_may_be_revised),
		cmocka_unit_test(test_entered_move_is_never_revised),
		cmocka_unit_test(test_seed_after_the_last_move_is_after_the_end),
		cmocka_unit_test(test_single_pulse_too_soon_is_held),
		cmocka_unit_test(test_drops_before_the_button_are_the_movers),
		cmocka_unit_test(test_button_with_nothing_sensed_holds),
		cmocka_unit_test(test_other_button_with_nothing_sensed),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
