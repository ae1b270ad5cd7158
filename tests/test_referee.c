/*
 * test_referee.c - the referee on hand-made observation streams: a
 * sowing taken, parted from the next, and every kind of sensor noise it
 * must survive (bounces, missed and extra pulses, stuck and dead lines,
 * seeds rolled or left behind). test_referee_hand.c has the hand and
 * illegal sowings, test_referee_counts.c snapshots and counts,
 * test_referee_commands.c the arbiter's commands and the verdicts'
 * structure. Each test states the verdicts and the messages the players
 * would see.
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

/* ------------------------------------------------------------- sowing */

static void test_exact_sowing_accepted_after_the_hand_stops(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	t = sow(f, 1.0, 0.3, "d e f S");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);	/* hand may go on */
	tick(f, t + 0.7);
	assert_int_equal(count(f, VERDICT_ACCEPT), 1);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	assert_int_equal(last(f, VERDICT_ACCEPT)->ply, 1);
	assert_says(last(f, VERDICT_ACCEPT), "moves again");
	assert_string_equal(position(f), "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S");
	fix_close(f);
}

static void test_next_sowing_after_a_pause_parts_two_moves(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	/* A one-missed-pulse sowing is never taken at once; the first seed
	 * of the next move, after a pause, ends it. */
	t = sow(f, 1.0, 0.3, "d e S");
	t = sow(f, t + 1.5, 0.3, "e f S A B");
	assert_int_equal(count(f, VERDICT_WARN), 1);
	assert_string_equal(last(f, VERDICT_WARN)->move, "c");
	tick(f, t + 1);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "d");
	fix_close(f);
}

static void test_button_claims_and_extra_turns(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	t = sow(f, 1.0, 0.3, "d e f S");	/* c: moves again */
	feed(f, t + 1.0, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_NOTE), "S moves again after c: the turn is not over");
	/* A one-seed sowing whose pulse went unsensed: the button claims a
	 * move, and the only one-seed move is held for the arbiter. */
	feed(f, t + 2.0, OBS_POSITION, "0 0 0 0 1 2/4 4 4 4 4 4/21 0/S");
	feed(f, t + 4.0, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_HOLD)->move, "e");
	fix_close(f);
}

static void test_contact_bounce_is_filtered(void **state)
{
	struct fix *f = started("");
	double t;

	(void)state;
	feed(f, 1.000, OBS_DROP, "d");
	feed(f, 1.010, OBS_DROP, "d");		/* bounce, 10 ms */
	t = sow(f, 1.3, 0.3, "e f S");
	feed(f, t + 0.015, OBS_DROP, "S");	/* bounce, 15 ms */
	tick(f, t + 1);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	assert_int_equal(referee_line(f->ref, 3)->bounces, 1);	/* d */
	assert_int_equal(referee_line(f->ref, 3)->pulses, 1);
	fix_close(f);
}

static void test_debounce_is_configurable(void **state)
{
	struct referee_config cfg;
	struct fix *f;

	(void)state;
	/* 150 ms after a pulse: a second pulse by default ... */
	f = fix_open("", NULL);
	feed(f, 0, OBS_START, NULL);
	feed(f, 1.000, OBS_DROP, "d");
	feed(f, 1.150, OBS_DROP, "d");
	sow(f, 1.4, 0.3, "e f S");
	feed(f, 4.0, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_WARN), "extra pulse on pit d");
	fix_close(f);

	/* ... a bounce with a 200 ms debounce time. */
	referee_config_default(&cfg);
	cfg.debounce_us = 200000;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);
	feed(f, 1.000, OBS_DROP, "d");
	feed(f, 1.150, OBS_DROP, "d");
	sow(f, 1.4, 0.3, "e f S");
	feed(f, 4.0, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	assert_int_equal(referee_line(f->ref, 3)->bounces, 1);
	fix_close(f);
}

static void test_one_missed_pulse_is_a_warning(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "b d e");		/* a: b c d e, c missed */
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN),
		    "sensor on pit c missed a pulse (warning 1 in 40 plies)");
	assert_int_equal(referee_line(f->ref, 2)->misses, 1);
	assert_string_equal(position(f), "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N");
	fix_close(f);
}

static void test_one_extra_pulse_is_a_warning(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "c d B e");		/* a: b c d e; b missed, B extra? */
	feed(f, 3.0, OBS_BUTTON, "S");
	/* b missed and B extra, or b with f missed and an extra B: two
	 * faults, held. */
	assert_int_equal(count(f, VERDICT_WARN) + count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 1);
	fix_close(f);

	f = started("");
	sow(f, 1.0, 0.3, "b c B d e");		/* one extra pulse on B */
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN), "extra pulse on pit B");
	assert_int_equal(referee_line(f->ref, 7)->extras, 1);
	fix_close(f);
}

static void test_two_seeds_sensed_in_swapped_order(void **state)
{
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "b d c e");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN),
		    "seeds 2 and 3 sensed in swapped order (d then c)");
	assert_string_equal(position(f), "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N");
	fix_close(f);
}

static void test_stuck_line_is_ignored_and_excused(void **state)
{
	struct fix *f = started("");
	double t = 1.0;

	(void)state;
	for (int i = 0; i < 12; i++, t += 0.04)
		feed(f, t, OBS_DROP, "e");
	assert_says(last(f, VERDICT_WARN), "sensor on pit e is stuck");
	assert_int_equal(referee_line(f->ref, 4)->state, LINE_STUCK);
	/* a sows b c d e: e's seed is not required while e is stuck. */
	sow(f, 3.0, 0.3, "b c d");
	feed(f, 4.5, OBS_DROP, "e");		/* still chattering: ignored */
	feed(f, 5.0, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	fix_close(f);
}

static void test_dead_line_is_found_and_excused(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* Pit f never fires: c (d e f S) three times over three games. */
	for (int g = 0; g < 3; g++) {
		feed(f, 100.0 * g + 0.5, OBS_START, NULL);
		sow(f, 100.0 * g + 1, 0.3, "d e S");
		feed(f, 100.0 * g + 3, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_WARN), 3);
	assert_int_equal(referee_line(f->ref, 5)->state, LINE_DEAD);
	assert_says(last(f, VERDICT_NOTE), "sensor on pit f is dead");
	/* Once dead, a move through f is taken without a warning. */
	feed(f, 400.5, OBS_START, NULL);
	sow(f, 401, 0.3, "d e S");
	tick(f, 403);
	assert_int_equal(count(f, VERDICT_WARN), 3);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	/* A dead line that fires again is watched as flaky. */
	sow(f, 405, 0.3, "f S A B");
	assert_int_equal(referee_line(f->ref, 5)->state, LINE_FLAKY);
	fix_close(f);
}

static void test_seed_rolled_into_the_next_pit_is_held(void **state)
{
	struct fix *f = started("");
	static const int e_f[] = { PIT_E, PIT_F, -1 };

	(void)state;
	/* a's last seed in f, not e: rolled there, or e passed over. */
	sow(f, 1.0, 0.3, "b c d f");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_int_equal(last(f, VERDICT_HOLD)->ply, 1);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	assert_about(last(f, VERDICT_HOLD), CAUSE_AMBIGUOUS, e_f);
	assert_says(last(f, VERDICT_HOLD), "pit e was passed over and a seed "
		    "fell in pit f: pit e should now hold 5 and pit f should "
		    "hold 4 \xe2\x80\x94 check and confirm");
	/* Until the arbiter decides nothing is taken. */
	assert_string_equal(position(f), "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
	feed(f, 5.0, OBS_CONFIRM, NULL);
	assert_says(last(f, VERDICT_ACCEPT), "confirmed by the arbiter");
	assert_string_equal(position(f), "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N");
	fix_close(f);
}


static void test_seed_left_behind_is_not_taken(void **state)
{
	static const int a_e[] = { PIT_A, PIT_E, -1 };
	struct fix *f = started("");
	double t;

	(void)state;
	/* b c d: a with e's pulse missed, or a seed left in a (or two
	 * dropped together in one pit). On a board that has shown
	 * nothing yet, the arbiter or the opponent checks. */
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_WARN) + count(f, VERDICT_ACCEPT), 0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	assert_about(last(f, VERDICT_HOLD), CAUSE_AMBIGUOUS, a_e);
	assert_says(last(f, VERDICT_HOLD), "S plays a? the drops of a stop 1 "
		    "seed short: pit a should now be empty and pit e should "
		    "hold 5 \xe2\x80\x94 check and confirm");
	assert_non_null(strstr(last(f, VERDICT_HOLD)->evidence, "short=5.8"));
	assert_non_null(strstr(last(f, VERDICT_HOLD)->evidence,
			       "decided=hold"));
	fix_close(f);

	/* On a board whose line e has sensed a hundred seeds without a
	 * miss, the same drops are a foul. */
	f = fix_open("", NULL);
	t = trusted_board(f, 100);
	sow(f, t, 0.3, "b c d");
	feed(f, t + 2, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_WARN) + count(f, VERDICT_HOLD), 0);
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL, a_e);
	assert_says(last(f, VERDICT_FOUL), "the drops of a stop 1 seed short "
		    "(left behind, or dropped together into one place): "
		    "drops b c d; restore the board");
	assert_non_null(strstr(last(f, VERDICT_FOUL)->evidence,
			       "faults=miss:e(0/100)"));
	fix_close(f);
}

/* A board that has sensed 520 seeds without missing one on any line:
 * a seed not sensed is one not sown there, and the move that needs it
 * is held, not taken with a warning. */
static void test_a_board_that_never_missed_takes_no_miss(void **state)
{
	struct fix *f = fix_open("", NULL);
	double t;

	(void)state;
	t = trusted_board(f, 130);
	sow(f, t, 0.3, "b d e");
	feed(f, t + 2, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_int_equal(count(f, VERDICT_ACCEPT), 130);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	assert_says(last(f, VERDICT_HOLD), "sensor on pit c missed a pulse");
	fix_close(f);

	/* Short of that, the same drops are taken with a warning. */
	f = fix_open("", NULL);
	t = trusted_board(f, 100);
	sow(f, t, 0.3, "b d e");
	feed(f, t + 2, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	fix_close(f);
}

/* On a board whose lines have made 520 pulses without two edges closer
 * than 80 ms, two edges 12 ms apart are two seeds, not a bounce. */
static void test_a_board_that_never_bounced_senses_two_seeds(void **state)
{
	struct fix *f = fix_open("", NULL);
	double t;

	(void)state;
	t = trusted_board(f, 130);
	feed(f, t, OBS_DROP, "b");
	feed(f, t + 0.012, OBS_DROP, "b");
	sow(f, t + 0.3, 0.3, "c d");
	feed(f, t + 2, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_FOUL), "sowing a: two seeds fell in pit b "
		    "and none in pit e: drops b b c d");
	assert_int_equal(referee_line(f->ref, PIT_B)->bounces, 1);
	fix_close(f);

	/* Short of that, the second edge is a bounce. */
	f = fix_open("", NULL);
	t = trusted_board(f, 100);
	feed(f, t, OBS_DROP, "b");
	feed(f, t + 0.012, OBS_DROP, "b");
	sow(f, t + 0.3, 0.3, "c d");
	feed(f, t + 2, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_FOUL), "drops b c d;");
	fix_close(f);
}

static void test_missed_pulses_on_a_line_that_misses_are_taken(void **state)
{
	struct fix *f = fix_open("", NULL);
	static const int pit_e[] = { PIT_E, -1 };

	(void)state;
	/* b sows c d e f: e misses six seeds of eight, never three in a
	 * row. */
	for (int g = 0; g < 8; g++) {
		feed(f, 10.0 * g + 0.5, OBS_START, NULL);
		sow(f, 10.0 * g + 1, 0.3, g % 3 == 2 ? "c d e f" : "c d f");
		feed(f, 10.0 * g + 3, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_WARN), 6);
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 6);
	assert_int_equal(referee_line(f->ref, PIT_E)->state, LINE_FLAKY);
	/* The drops of a seed left behind, on that line: its miss. */
	feed(f, 90.5, OBS_START, NULL);
	sow(f, 91, 0.3, "b c d");
	feed(f, 93, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_about(last(f, VERDICT_WARN), CAUSE_SENSED_FAULT, pit_e);
	assert_non_null(strstr(last(f, VERDICT_WARN)->evidence,
			       "decided=take"));
	fix_close(f);
}

static void test_two_seeds_in_one_pit_is_a_foul(void **state)
{
	static const int c_e[] = { PIT_C, PIT_E, -1 };
	struct fix *f = started("");

	(void)state;
	sow(f, 1.0, 0.3, "b c c d");		/* a: b c d e */
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL, c_e);
	assert_says(last(f, VERDICT_FOUL), "sowing a: two seeds fell in pit c "
		    "and none in pit e");
	assert_true(referee_restoring(f->ref));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_sowing_accepted_after_the_hand_stops),
		cmocka_unit_test(test_next_sowing_after_a_pause_parts_two_moves),
		cmocka_unit_test(test_button_claims_and_extra_turns),
		cmocka_unit_test(test_contact_bounce_is_filtered),
		cmocka_unit_test(test_debounce_is_configurable),
		cmocka_unit_test(test_one_missed_pulse_is_a_warning),
		cmocka_unit_test(test_one_extra_pulse_is_a_warning),
		cmocka_unit_test(test_two_seeds_sensed_in_swapped_order),
		cmocka_unit_test(test_stuck_line_is_ignored_and_excused),
		cmocka_unit_test(test_dead_line_is_found_and_excused),
		cmocka_unit_test(test_seed_rolled_into_the_next_pit_is_held),
		cmocka_unit_test(test_seed_left_behind_is_not_taken),
		cmocka_unit_test(test_a_board_that_never_missed_takes_no_miss),
		cmocka_unit_test(test_a_board_that_never_bounced_senses_two_seeds),
		cmocka_unit_test(test_missed_pulses_on_a_line_that_misses_are_taken),
		cmocka_unit_test(test_two_seeds_in_one_pit_is_a_foul),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
