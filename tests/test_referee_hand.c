/*
 * test_referee_hand.c - the referee on hand-made observation streams:
 * the hand at the board (its physics, its shadow, the touch rule),
 * illegal and overlapping sowings, a game's end and what follows it.
 * Each test states the verdicts and the messages the players would see.
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

#include "referee/match.h"
#include "referee/referee.h"
#include "referee/trace.h"

#include "tests/referee_fixture.h"

static void test_opponent_confirms_at_the_table(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "b c d");		/* held: e missed, or left */
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_true(referee_held(f->ref));
	/* The mover's own button confirms nothing. */
	feed(f, 4.0, OBS_BUTTON, "S");
	assert_true(referee_held(f->ref));
	feed(f, 5.0, OBS_BUTTON, "N");
	assert_false(referee_held(f->ref));
	assert_about(last(f, VERDICT_ACCEPT), CAUSE_CONFIRMED,
		     (int[]){ -1 });
	assert_says(last(f, VERDICT_ACCEPT), "S plays a; confirmed by N at "
		    "the table");
	/* The confirmation says the line missed its pulse. */
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 1);
	assert_string_equal(position(f), "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N");
	fix_close(f);

	/* Once the opponent has sown, their button ends their turn and
	 * confirms nothing: the arbiter decides. */
	f = started("");
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 3.0, OBS_BUTTON, "S");
	sow(f, 5.0, 0.3, "B C D E");		/* N sows A meanwhile */
	feed(f, 7.0, OBS_BUTTON, "N");
	assert_true(referee_held(f->ref));
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	feed(f, 8.0, OBS_CONFIRM, NULL);
	tick(f, 10.0);
	assert_says(&f->v[f->n - 2], "S plays a; confirmed by the arbiter");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	fix_close(f);
}

static void test_physics_of_the_hand(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	/* The hand's shadow on c as it lifts the seeds: no fault. */
	feed(f, 0.8, OBS_DROP, "c");
	sow(f, 1.2, 0.3, "d e f S");
	feed(f, 3.0, OBS_BUTTON, "S");
	v = last(f, VERDICT_ACCEPT);
	assert_string_equal(v->move, "c");
	assert_about(v, CAUSE_SENSED, (int[]){ -1 });
	assert_int_equal(referee_line(f->ref, PIT_C)->extras, 0);
	fix_close(f);

	/* Two seeds in swapped order: likely from a fast hand, unlikely
	 * from a slow one. */
	f = started("");
	feed(f, 1.00, OBS_DROP, "b");
	feed(f, 1.30, OBS_DROP, "d");
	feed(f, 1.33, OBS_DROP, "c");
	feed(f, 1.60, OBS_DROP, "e");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_non_null(strstr(last(f, VERDICT_WARN)->evidence, "legal=0.7"));
	fix_close(f);
	f = started("");
	sow(f, 1.0, 0.5, "b d c e");
	feed(f, 3.5, OBS_BUTTON, "S");
	assert_non_null(strstr(last(f, VERDICT_WARN)->evidence, "legal=6.9"));
	fix_close(f);

	/* A capture dropped in by the handful: seeds close together make
	 * fewer pulses (one edge swallowed as too close). */
	f = started("");
	feed(f, 0.5, OBS_POSITION, "1 0 4 4 4 4/4 4 4 4 4 4/7 0/S");
	sow(f, 1.0, 0.3, "b");
	feed(f, 2.00, OBS_DROP, "S");
	feed(f, 2.05, OBS_DROP, "S");
	feed(f, 2.30, OBS_DROP, "S");
	feed(f, 3.5, OBS_BUTTON, "S");
	v = last(f, VERDICT_WARN);
	assert_says(v, "S plays a; captures 5");
	assert_says(v, "store S: 2 of the 5 seeds carried in sensed");
	assert_string_equal(position(f), "0 0 4 4 4 4/4 4 4 4 0 4/12 0/N");
	fix_close(f);
}

/* A pulse on the place lifted is the hand's shadow only when it falls
 * as a hand lifts: not 20 ms before the first piece, which has to be
 * carried over and fall. Here c's lone seed into d, or b's three with
 * the last left behind. */
static void test_shadow_needs_the_time_of_a_lift(void **state)
{
	const struct verdict *v;
	struct fix *f = started("");

	(void)state;
	feed(f, 0.5, OBS_POSITION, "4 3 1 4 4 4/4 4 4 4 4 4/4 0/S");
	feed(f, 1.00, OBS_DROP, "c");
	feed(f, 1.02, OBS_DROP, "d");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "b");
	assert_says(v, "the drops fit b and c equally well");
	fix_close(f);

	/* In time for a lift, yet on a board that has shown no shadow: the
	 * seed left behind is as likely, and the move is held. */
	f = started("");
	feed(f, 0.5, OBS_POSITION, "4 3 1 4 4 4/4 4 4 4 4 4/4 0/S");
	feed(f, 0.60, OBS_DROP, "c");
	feed(f, 1.00, OBS_DROP, "d");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "c");
	assert_says(v, "the drops of b stop 1 seed short");
	fix_close(f);
}

static void test_touch_rule(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.8, OBS_LIFT, "b");		/* touches b ... */
	sow(f, 1.0, 0.3, "d e f S");		/* ... sows c */
	tick(f, 3.0);
	assert_says(last(f, VERDICT_FOUL),
		    "touch rule: pit b was touched, so S must sow it; pit c "
		    "was sown");
	assert_true(referee_restoring(f->ref));
	fix_close(f);

	/* Touching the pit that is sown is no foul. */
	f = started("");
	feed(f, 0.8, OBS_LIFT, "c");
	sow(f, 1.0, 0.3, "d e f S");
	tick(f, 3.0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	fix_close(f);
}

static void test_sowing_into_the_opponent_store_is_a_foul(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 9/4 4 4 4 4 4/15 0/S");
	/* f sows S A B C D E F a b; N is passed over, not sown. */
	t = sow(f, 1.0, 0.3, "S A B C D E F N");
	tick(f, t + 3);
	t += 3;
	assert_says(last(f, VERDICT_FOUL), "restore the board");
	assert_says(last(f, VERDICT_FOUL), "a seed fell in store N, where S may not sow");
	/* Drops while the board is put back are not moves. */
	sow(f, t + 1, 0.2, "f f f");
	feed(f, t + 3, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_NOTE), "board restored; S to move");
	assert_false(referee_restoring(f->ref));
	fix_close(f);
}

static void test_skipped_pit_is_held_then_rejected(void **state)
{
	struct fix *f = started("");
	static const int a_b_c[] = { PIT_A, PIT_B, PIT_C, -1 };

	(void)state;
	/* a: b c d e with c passed over; or b with its first seed rolled
	 * back: what pits a, b and c hold tells. */
	sow(f, 1.0, 0.3, "b d e f");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_HOLD)->move, "b");
	assert_about(last(f, VERDICT_HOLD), CAUSE_AMBIGUOUS, a_b_c);
	assert_says(last(f, VERDICT_HOLD), "sowing a: pit c was passed over");
	feed(f, 5.0, OBS_REJECT, NULL);
	assert_says(last(f, VERDICT_COMMAND), "b rejected; restore the board");
	assert_true(referee_restoring(f->ref));
	fix_close(f);
}

/* Pit c sown the wrong way round (b a, past North's store, F E): read
 * as that misplay, named, not as a legal sowing with its faults. */
static void test_sowing_the_wrong_way_round(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "b a F E");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	assert_says(last(f, VERDICT_FOUL), "sowing c the wrong way round");
	assert_non_null(strstr(last(f, VERDICT_FOUL)->evidence,
			       "misplay=reverse:c@c"));
	fix_close(f);
}

static void test_no_legal_sowing_is_a_foul_at_once(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "B C D");		/* North's pits, South to move */
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_says(last(f, VERDICT_FOUL), "no legal move of S fits the drops");
	fix_close(f);
}

static void test_quiet_period_ends_a_turn_without_buttons(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "b d e");		/* a, c missed */
	tick(f, 3.0);
	assert_int_equal(count(f, VERDICT_WARN), 0);	/* 2.5 s not yet */
	tick(f, 4.2);
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_int_equal(referee_deadline(f->ref), 0);
	fix_close(f);
}

static void test_capture_needs_its_seeds_carried(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* a has 1 seed and b is empty: a sows into b, capturing B's 4. */
	feed(f, 0.5, OBS_POSITION, "1 0 4 4 4 4/4 4 4 4 4 4/7 0/S");
	sow(f, 1.0, 0.3, "b");
	tick(f, 1.8);
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);	/* 5 seeds to carry */
	sow(f, 2.0, 0.2, "S S S S S");
	tick(f, 3.5);
	assert_says(last(f, VERDICT_ACCEPT), "S plays a; captures");
	assert_string_equal(position(f), "0 0 4 4 4 4/4 4 4 4 0 4/12 0/N");
	fix_close(f);

	/* One of the five carried seeds unsensed: a warning. */
	f = started("");
	feed(f, 0.5, OBS_POSITION, "1 0 4 4 4 4/4 4 4 4 4 4/7 0/S");
	sow(f, 1.0, 0.3, "b");
	sow(f, 2.0, 0.2, "S S S S");
	feed(f, 4.0, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_WARN), "store S: 4 of the 5 seeds carried in sensed");
	fix_close(f);
}

static void test_game_over_is_announced_with_the_score(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/S");
	sow(f, 1.0, 0.3, "S");			/* f's last seed: S empties */
	sow(f, 2.0, 0.2, "N N N");		/* North's 3 swept to N */
	tick(f, 3.0);
	assert_says(last(f, VERDICT_OVER), "N wins 27-21");
	assert_false(referee_in_game(f->ref));
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

static void test_play_after_the_end_is_a_foul(void **state)
{
	struct fix *f = started("");
	static const int pit_a[] = { PIT_A, -1 };

	(void)state;
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/S");
	sow(f, 1.0, 0.3, "S");
	sow(f, 2.0, 0.2, "N N");
	feed(f, 2.5, OBS_BUTTON, "S");		/* one seed still to sweep */
	assert_says(last(f, VERDICT_OVER), "N wins 27-21");
	/* The last of North's seeds swept after the verdict: the end of
	 * the move, not play after it. */
	feed(f, 3.0, OBS_DROP, "N");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	/* Seeds sown after the end: one foul for the sowing. */
	sow(f, 8.0, 0.3, "a b");
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_about(last(f, VERDICT_FOUL), CAUSE_AFTER_END, pit_a);
	assert_says(last(f, VERDICT_FOUL),
		    "the game is over: restore the board");
	assert_true(referee_restoring(f->ref));
	assert_false(referee_in_game(f->ref));
	assert_int_equal(referee_mover(f->ref), -1);
	feed(f, 12.0, OBS_BUTTON, "N");
	assert_says(last(f, VERDICT_NOTE), "board restored; the game is over");
	assert_false(referee_restoring(f->ref));
	assert_false(referee_in_game(f->ref));
	assert_int_equal(referee_plies(f->ref), 1);
	/* A new game is played as usual. */
	feed(f, 20.0, OBS_START, NULL);
	sow(f, 21.0, 0.3, "d e f S");
	tick(f, 23.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	fix_close(f);
}

/* One pulse just after the mover's last drop: an extra pulse on a line
 * that has given one before, or the next player's one-seed sowing begun
 * before the mover's last seed fell, about as likely: held, naming
 * both, not taken in silence. */
static void test_overlap_about_as_likely_as_an_extra_is_held(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	feed(f, 1.0, OBS_DROP, "d");
	feed(f, 1.3, OBS_DROP, "e");
	feed(f, 1.45, OBS_DROP, "E");	/* pit E: an extra pulse */
	sow(f, 1.6, 0.3, "f S");
	tick(f, 6.0);
	assert_int_equal(referee_line(f->ref, 10)->extras, 1);	/* pit E */
	feed(f, 10.0, OBS_POSITION, "4 4 1 4 4 4/4 4 4 1 4 4/3 3/S");
	feed(f, 11.0, OBS_DROP, "d");
	feed(f, 11.2, OBS_DROP, "E");	/* or D's only seed */
	feed(f, 20.0, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "c");
	assert_about(v, CAUSE_AMBIGUOUS, (int[]){ 10, -1 });
	assert_says(v, "S plays c? extra pulse on pit E, or N began sowing "
		    "(drops E) before S's last seed fell");
	assert_non_null(strstr(v->evidence, "overlap=4.6 decided=hold"));
	fix_close(f);
}

/* The next player's one seed sensed 5 ms before the mover's first:
 * pieces falling together reach their gates in either order, so the
 * overlap is read all the same. */
static void test_overlap_sensed_a_little_before_the_mover(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.5, OBS_POSITION, "1 4 4 4 4 4/4 4 4 1 4 4/3 3/S");
	feed(f, 1.000, OBS_DROP, "E");
	feed(f, 1.005, OBS_DROP, "b");
	feed(f, 5.0, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_int_equal(last(f, VERDICT_FOUL)->cause, CAUSE_OVERLAP);
	assert_says(last(f, VERDICT_FOUL), "N began sowing (drops E) before "
		    "S's last seed fell");
	fix_close(f);
}

static void test_overlapping_sowings_are_fouled_naming_both(void **state)
{
	struct fix *f = started("");
	static const int north_b_c_d[] = { 7, 8, 9, -1 };
	const struct verdict *v;

	(void)state;
	/* S sows a (b c d e); N sows A (B C D E) while S's last seed is
	 * still in the hand. */
	sow(f, 1.0, 0.3, "b c d");
	sow(f, 1.8, 0.2, "B C");
	sow(f, 2.3, 0.2, "e D E");
	/* S's sowing is taken; N's is a foul, to be made again (called
	 * as soon as the drops are two sowings). */
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(count(f, VERDICT_ACCEPT), 1);
	v = last(f, VERDICT_FOUL);
	assert_about(v, CAUSE_OVERLAP, north_b_c_d);
	assert_int_equal(v->seat, 1);
	assert_says(v, "N began sowing (drops B C D) before S's last seed "
		    "fell; restore the board");
	assert_non_null(strstr(v->evidence, "overlap=N"));
	assert_true(referee_restoring(f->ref));
	tick(f, 6.0);				/* put back, quietly */
	assert_says(last(f, VERDICT_NOTE), "board restored; N to move");
	sow(f, 7.0, 0.3, "B C D E");
	tick(f, 9.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	assert_string_equal(position(f), "0 5 5 5 5 4/0 5 5 5 5 4/0 0/S");
	fix_close(f);

	/* The next player's first seed 0.2 s after the mover's last: too
	 * soon for a hand to have lifted after it fell. */
	f = started("");
	sow(f, 1.0, 0.3, "b c d e");
	sow(f, 2.1, 0.3, "B C D E");
	tick(f, 4.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_about(last(f, VERDICT_FOUL), CAUSE_OVERLAP, north_b_c_d);
	fix_close(f);
}

static void test_next_player_starting_at_once_is_parted(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* N begins 0.5 s after S's last seed: no pause parts the moves. */
	sow(f, 1.0, 0.3, "b c d e");
	sow(f, 2.4, 0.3, "B C D E");
	tick(f, 4.5);
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_FOUL) +
			 count(f, VERDICT_WARN), 0);
	assert_string_equal(f->v[f->n - 2].move, "a");
	assert_string_equal(f->v[f->n - 1].move, "A");
	assert_string_equal(position(f), "0 5 5 5 5 4/0 5 5 5 5 4/0 0/S");
	fix_close(f);

	/* The same player again after an extra turn, at once, a seed of
	 * the second sowing unseen: two moves still. */
	f = started("");
	sow(f, 1.0, 0.3, "d e f S");		/* c */
	sow(f, 2.35, 0.3, "b d e");		/* a: b c d e, c unseen */
	tick(f, 8.0);
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_FOUL), 0);
	assert_string_equal(f->v[f->n - 2].move, "c");
	assert_string_equal(f->v[f->n - 1].move, "a");
	fix_close(f);
}

static void test_flaky_line_after_three_warnings(void **state)
{
	struct fix *f = started("");

	(void)state;
	for (int g = 0; g < 3; g++) {
		double t = 100.0 * g;

		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1.0, 0.3, "b c B d e");	/* an extra on B */
		feed(f, t + 3.0, OBS_BUTTON, "S");
	}
	assert_says(last(f, VERDICT_WARN), "(warning 3 in 40 plies)");
	assert_int_equal(referee_line(f->ref, 7)->state, LINE_FLAKY);
	fix_close(f);
}

static void test_drops_while_held_wait_for_the_arbiter(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "b c d f");		/* held (rolled seed) */
	feed(f, 3.0, OBS_BUTTON, "S");
	sow(f, 4.0, 0.3, "B C D E");		/* North goes on: A */
	assert_says(last(f, VERDICT_NOTE), "drops kept until the arbiter");
	feed(f, 6.0, OBS_CONFIRM, NULL);
	tick(f, 7.0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_opponent_confirms_at_the_table),
		cmocka_unit_test(test_physics_of_the_hand),
		cmocka_unit_test(test_shadow_needs_the_time_of_a_lift),
		cmocka_unit_test(test_touch_rule),
		cmocka_unit_test(test_sowing_into_the_opponent_store_is_a_foul),
		cmocka_unit_test(test_skipped_pit_is_held_then_rejected),
		cmocka_unit_test(test_sowing_the_wrong_way_round),
		cmocka_unit_test(test_no_legal_sowing_is_a_foul_at_once),
		cmocka_unit_test(test_quiet_period_ends_a_turn_without_buttons),
		cmocka_unit_test(test_capture_needs_its_seeds_carried),
		cmocka_unit_test(test_game_over_is_announced_with_the_score),
		cmocka_unit_test(test_play_after_the_end_is_a_foul),
		cmocka_unit_test(test_overlap_about_as_likely_as_an_extra_is_held),
		cmocka_unit_test(test_overlap_sensed_a_little_before_the_mover),
		cmocka_unit_test(test_overlapping_sowings_are_fouled_naming_both),
		cmocka_unit_test(test_next_player_starting_at_once_is_parted),
		cmocka_unit_test(test_flaky_line_after_three_warnings),
		cmocka_unit_test(test_drops_while_held_wait_for_the_arbiter),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
