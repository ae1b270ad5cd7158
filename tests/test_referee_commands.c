/*
 * test_referee_commands.c - the referee on hand-made observation
 * streams: the arbiter's commands and refusals, a game's options and
 * secrets, and the structure of the verdicts (causes, places, names,
 * the line format).
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

/* ----------------------------------------------------------- commands */

static void test_commands_and_refusals(void **state)
{
	struct fix *f = fix_open("", NULL);

	(void)state;
	feed(f, 0.1, OBS_CONFIRM, NULL);
	assert_says(last(f, VERDICT_REFUSED), "confirm refused: no move awaits confirmation");
	feed(f, 0.2, OBS_ENTRY, "c");
	assert_says(last(f, VERDICT_REFUSED), "no game is on");
	feed(f, 1.0, OBS_START, NULL);
	feed(f, 2.0, OBS_ENTRY, "c");
	assert_says(last(f, VERDICT_ACCEPT), "entered by hand");
	assert_int_equal(last(f, VERDICT_ACCEPT)->source, SOURCE_MANUAL);
	assert_int_equal(last(f, VERDICT_ACCEPT)->seat, 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->position,
			    "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S");
	assert_int_equal(last(f, VERDICT_ACCEPT)->undone_to, -1);
	feed(f, 3.0, OBS_ENTRY, "c");
	assert_says(last(f, VERDICT_FOUL), "pit c is empty");
	feed(f, 3.5, OBS_ENTRY, "x");
	assert_says(last(f, VERDICT_REFUSED), "entry refused: 'x' is not a move");
	feed(f, 4.0, OBS_CORRECT, "b");
	assert_says(last(f, VERDICT_COMMAND), "S plays b; replaces c");
	assert_int_equal(last(f, VERDICT_COMMAND)->source, SOURCE_CORRECTION);
	assert_int_equal(last(f, VERDICT_COMMAND)->undone_to, 0);
	assert_int_equal(last(f, VERDICT_COMMAND)->ply, 1);
	assert_string_equal(position(f), "4 0 5 5 5 5/4 4 4 4 4 4/0 0/N");
	feed(f, 5.0, OBS_UNDO, NULL);
	assert_says(last(f, VERDICT_COMMAND), "move 1 (b) taken back; S to move");
	assert_int_equal(last(f, VERDICT_COMMAND)->undone_to, 0);
	assert_string_equal(last(f, VERDICT_COMMAND)->position, "");
	feed(f, 6.0, OBS_UNDO, NULL);
	assert_says(last(f, VERDICT_REFUSED), "nothing to take back");
	feed(f, 7.0, OBS_POSITION, "4 4 4/4 4 4/0 0/S");
	assert_says(last(f, VERDICT_REFUSED), "position refused");
	feed(f, 8.0, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/N");
	assert_says(last(f, VERDICT_COMMAND), "position set");
	feed(f, 9.0, OBS_END, NULL);
	assert_says(last(f, VERDICT_OVER), "ended by the arbiter");
	feed(f, 10.0, OBS_END, NULL);
	assert_says(last(f, VERDICT_REFUSED), "end refused: no game is on");
	fix_close(f);
}

static void test_start_with_options_of_its_own(void **state)
{
	struct fix *f = fix_open("empty-capture", NULL);
	const char *moves[] = { "c" };
	char err[256];

	(void)state;
	/* Laid over the table's options, for this game only. */
	feed(f, 1.0, OBS_START, "seeds=3");
	assert_says(last(f, VERDICT_START), "kalah seeds=3 empty-capture: 3 3 3 3 3 3/");
	assert_string_equal(rules_game_options(referee_game(f->ref)),
			    "seeds=3 empty-capture");
	feed(f, 2.0, OBS_ENTRY, "c");
	assert_string_equal(position(f), "3 3 0 4 4 4/3 3 3 3 3 3/0 0/N");
	/* Refused, the game under way going on: bad options, and options
	 * that need another board than the table's. */
	feed(f, 3.0, OBS_START, "seeds=99");
	assert_says(last(f, VERDICT_REFUSED), "start refused: kalah: option 'seeds': 99 is out of range");
	feed(f, 4.0, OBS_START, "pits=5");
	assert_says(last(f, VERDICT_REFUSED), "start refused: options 'pits=5 empty-capture' need another board");
	assert_int_equal(referee_plies(f->ref), 1);
	assert_string_equal(position(f), "3 3 0 4 4 4/3 3 3 3 3 3/0 0/N");
	/* The next plain start has the table's options again. */
	feed(f, 5.0, OBS_START, NULL);
	assert_says(last(f, VERDICT_START), "kalah empty-capture: 4 4 4 4 4 4/");
	/* A game taken up after a restart plays its own recorded options. */
	assert_int_equal(referee_use_options(f->ref, "seeds=5", err,
					     sizeof(err)), 0);
	assert_int_equal(referee_resume(f->ref, moves, 1, NULL, err,
					sizeof(err)), 0);
	assert_string_equal(position(f), "5 5 0 6 6 6/6 5 5 5 5 5/1 0/N");
	assert_int_equal(referee_use_options(f->ref, "seeds=0", err,
					     sizeof(err)), -1);
	assert_string_equal(err, "kalah: option 'seeds': 0 is out of range 1..12");
	fix_close(f);
}

static void test_each_game_draws_its_own_secrets(void **state)
{
	struct fix *f = calloc(1, sizeof(*f));
	char err[256] = "", first[256];

	(void)state;
	assert_non_null(f);
	f->ref = referee_new(1, "codegame", "players=4", NULL, on_verdict, f,
			     err, sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	feed(f, 1.0, OBS_START, NULL);
	snprintf(first, sizeof(first), "%s",
		 rules_game_options(referee_game(f->ref)));
	assert_non_null(strstr(first, "seed="));
	/* The seed is in the record, never in the verdict. */
	assert_null(strstr(last(f, VERDICT_START)->text, "seed"));
	feed(f, 2.0, OBS_START, NULL);
	assert_string_not_equal(rules_game_options(referee_game(f->ref)),
				first);
	/* Secrets entered for a game: no seed is drawn. */
	feed(f, 3.0, OBS_START, "secrets=R3/G1/B5/Y2");
	assert_string_equal(rules_game_options(referee_game(f->ref)),
			    "secrets=R3/G1/B5/Y2");
	assert_null(strstr(last(f, VERDICT_START)->text, "R3"));
	/* Five players need a bigger position than four: it is made. */
	feed(f, 4.0, OBS_START, "players=5");
	assert_says(last(f, VERDICT_START), "codegame players=5: secrets ? ? ? ? ?");
	feed(f, 5.0, OBS_ENTRY, "1:RGBYO");
	assert_int_equal(last(f, VERDICT_ACCEPT)->ply, 1);
	fix_close(f);
}

static void test_players_enter_secrets_before_the_first_move(void **state)
{
	struct fix *f = calloc(1, sizeof(*f));
	struct fix *k = fix_open("", NULL);
	char err[256] = "";

	(void)state;
	assert_non_null(f);
	f->ref = referee_new(1, "codegame", "players=2 secrets=ask", NULL,
			     on_verdict, f, err, sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	referee_enter_secret(f->ref, 0, "R3");
	assert_says(last(f, VERDICT_REFUSED), "secret refused: no game is on");
	feed(f, 1.0, OBS_START, NULL);
	assert_says(last(f, VERDICT_START), "nothing can be played until the players have entered their secrets");
	referee_enter_secret(f->ref, 0, "R3");
	assert_says(last(f, VERDICT_COMMAND), "seat 1 entered a secret; waiting for the others");
	assert_int_equal(last(f, VERDICT_COMMAND)->options_changed, 1);
	assert_null(strstr(last(f, VERDICT_COMMAND)->text, "R3"));
	assert_string_equal(rules_game_options(referee_game(f->ref)),
			    "players=2 secrets=R3*/?");
	/* Too early: refused, nobody's foul. */
	feed(f, 2.0, OBS_ENTRY, "1:RG---");
	assert_says(last(f, VERDICT_REFUSED), "entry refused: 1 may not guess now: the players' secrets are not all entered yet");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	referee_enter_secret(f->ref, 0, "G2");
	assert_says(last(f, VERDICT_REFUSED), "seat 1 has entered a secret already");
	/* Two at one place: both entered again. */
	referee_enter_secret(f->ref, 1, "R3");
	assert_says(last(f, VERDICT_COMMAND), "seat 2 entered a secret; the secrets entered cannot all be held together");
	assert_string_equal(rules_game_options(referee_game(f->ref)),
			    "players=2 secrets=?/?");
	referee_enter_secret(f->ref, 0, "R3");
	referee_enter_secret(f->ref, 1, "G1");
	assert_says(last(f, VERDICT_COMMAND), "seat 2 entered a secret; all are in: 1 to move");
	feed(f, 3.0, OBS_ENTRY, "1:RG---");
	assert_says(last(f, VERDICT_ACCEPT), "1 plays 1:RG---");
	assert_string_equal(rules_game_options(referee_game(f->ref)),
			    "players=2 secrets=R3*/G1*");
	/* A position the arbiter set before the first move stays: no
	 * secret is taken over it. */
	feed(f, 4.0, OBS_START, "secrets=R3/?");
	feed(f, 5.0, OBS_POSITION, "secrets ? ? | rows 1:RG---/x. | claims none | passed none");
	assert_says(last(f, VERDICT_COMMAND), "position set");
	referee_enter_secret(f->ref, 1, "G1");
	assert_says(last(f, VERDICT_REFUSED), "secret refused: secrets are entered before anything is played");
	fix_close(f);
	/* A game without secrets has nothing to enter. */
	feed(k, 1.0, OBS_START, NULL);
	referee_enter_secret(k->ref, 0, "R3");
	assert_says(last(k, VERDICT_REFUSED), "kalah has no secrets to enter");
	fix_close(k);
}

/* -------------------------------------------------- structured verdicts */

static void test_causes_of_sensed_moves(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	assert_about(last(f, VERDICT_START), CAUSE_STARTED, (int[]){ -1 });
	sow(f, 1.0, 0.3, "b d e");		/* a: b c d e, c missed */
	feed(f, 3.0, OBS_BUTTON, "S");
	v = last(f, VERDICT_WARN);
	assert_about(v, CAUSE_SENSED_FAULT, (int[]){ PIT_C, -1 });
	assert_int_equal(v->warnings, 1);
	assert_true(verdict_is_sensor(v));
	/* A clean sowing is no sensor matter. */
	sow(f, 5.0, 0.3, "B C D E");		/* A */
	tick(f, 6.5);
	v = last(f, VERDICT_ACCEPT);
	assert_string_equal(v->move, "A");
	assert_about(v, CAUSE_SENSED, (int[]){ -1 });
	assert_false(verdict_is_sensor(v));
	fix_close(f);
}

static void test_causes_of_line_faults(void **state)
{
	struct fix *f = started("");
	double t = 1.0;
	const struct verdict *v;

	(void)state;
	for (int i = 0; i < 12; i++, t += 0.04)
		feed(f, t, OBS_DROP, "e");
	v = last(f, VERDICT_WARN);
	assert_about(v, CAUSE_SENSOR_STUCK, (int[]){ PIT_E, -1 });
	assert_true(verdict_is_sensor(v));
	feed(f, 2.0, OBS_DROP, "z");
	assert_about(last(f, VERDICT_NOTE), CAUSE_UNKNOWN_PLACE, (int[]){ -1 });
	fix_close(f);

	/* Pit f never fires: dead after three missed pulses, each warned. */
	f = started("");
	for (int g = 0; g < 3; g++) {
		feed(f, 100.0 * g + 0.5, OBS_START, NULL);
		sow(f, 100.0 * g + 1, 0.3, "d e S");
		feed(f, 100.0 * g + 3, OBS_BUTTON, "S");
	}
	v = last(f, VERDICT_NOTE);
	assert_about(v, CAUSE_SENSOR_DEAD, (int[]){ PIT_F, -1 });
	assert_int_equal(v->warnings, 3);
	assert_true(verdict_is_sensor(v));
	assert_about(last(f, VERDICT_WARN), CAUSE_SENSED_FAULT,
		     (int[]){ PIT_F, -1 });
	feed(f, 300.5, OBS_START, NULL);
	sow(f, 301, 0.3, "f S A B");		/* f fires again */
	v = last(f, VERDICT_NOTE);
	assert_about(v, CAUSE_SENSOR_BACK, (int[]){ PIT_F, -1 });
	fix_close(f);
}

static void test_causes_of_fouls_and_holds(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	/* f sows S A B C D E F a b and captures into S; a seed sensed in
	 * N instead, a and b unseen, the capture not carried. */
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 9/4 4 4 4 4 4/15 0/S");
	sow(f, 1.0, 0.3, "S A B C D E F N");
	tick(f, 6.0);
	v = last(f, VERDICT_FOUL);
	assert_about(v, CAUSE_NO_FIT,
		     (int[]){ STORE_N, PIT_A, PIT_B, STORE_S, -1 });
	assert_int_equal(v->seat, 0);
	feed(f, 7.0, OBS_REJECT, NULL);
	assert_about(last(f, VERDICT_COMMAND), CAUSE_FOUL_UPHELD,
		     (int[]){ -1 });
	feed(f, 8.0, OBS_BUTTON, "S");
	assert_about(last(f, VERDICT_NOTE), CAUSE_RESTORED, (int[]){ -1 });
	fix_close(f);

	/* The touch rule broken: the touched pit and the one sown. */
	f = started("");
	feed(f, 0.8, OBS_LIFT, "b");
	sow(f, 1.0, 0.3, "d e f S");
	tick(f, 3.0);
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL,
		     (int[]){ PIT_B, PIT_C, -1 });
	fix_close(f);

	/* c d e: a with b unseen, or b with f unseen. */
	f = started("");
	sow(f, 1.0, 0.3, "c d e");
	feed(f, 3.0, OBS_BUTTON, "S");
	v = last(f, VERDICT_HOLD);
	assert_says(v, "the drops fit a and b equally well");
	assert_about(v, CAUSE_AMBIGUOUS, (int[]){ PIT_A, PIT_B, -1 });
	feed(f, 4.0, OBS_CONFIRM, NULL);
	assert_about(last(f, VERDICT_ACCEPT), CAUSE_CONFIRMED, (int[]){ -1 });
	fix_close(f);

	/* A rolled seed, or a pit passed over: held, about the pit
	 * expected and the pit sensed. */
	f = started("");
	sow(f, 1.0, 0.3, "b c d f");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_about(last(f, VERDICT_HOLD), CAUSE_AMBIGUOUS,
		     (int[]){ PIT_E, PIT_F, -1 });
	feed(f, 4.0, OBS_REJECT, NULL);
	assert_about(last(f, VERDICT_COMMAND), CAUSE_REJECTED, (int[]){ -1 });
	fix_close(f);
}

static void test_causes_of_snapshots(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6 5 5 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_WARN), CAUSE_SNAPSHOT_OFF,
		     (int[]){ PIT_C, -1 });
	feed(f, 6.0, OBS_SNAPSHOT, "0 5 x");
	assert_about(last(f, VERDICT_NOTE), CAUSE_SNAPSHOT_BAD, (int[]){ -1 });
	feed(f, 7.0, OBS_SNAPSHOT, "9 9 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(last(f, VERDICT_FOUL)->cause, CAUSE_NO_FIT);
	feed(f, 8.0, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 1");
	assert_about(last(f, VERDICT_NOTE), CAUSE_RESTORED,
		     (int[]){ STORE_N, -1 });
	fix_close(f);
}

static void test_causes_of_commands(void **state)
{
	struct fix *f = fix_open("", NULL);
	const struct verdict *v;

	(void)state;
	feed(f, 0.1, OBS_UNDO, NULL);
	v = last(f, VERDICT_REFUSED);
	assert_about(v, CAUSE_REFUSED, (int[]){ -1 });
	assert_false(verdict_is_sensor(v));
	feed(f, 1.0, OBS_START, NULL);
	feed(f, 2.0, OBS_ENTRY, "c");
	assert_about(last(f, VERDICT_ACCEPT), CAUSE_ENTERED, (int[]){ -1 });
	feed(f, 3.0, OBS_ENTRY, "c");
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL, (int[]){ -1 });
	feed(f, 4.0, OBS_CORRECT, "b");
	assert_about(last(f, VERDICT_COMMAND), CAUSE_CORRECTED, (int[]){ -1 });
	feed(f, 5.0, OBS_UNDO, NULL);
	assert_about(last(f, VERDICT_COMMAND), CAUSE_TAKEN_BACK, (int[]){ -1 });
	feed(f, 6.0, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/S");
	assert_about(last(f, VERDICT_COMMAND), CAUSE_POSITION_SET,
		     (int[]){ -1 });
	feed(f, 7.0, OBS_ENTRY, "f");
	assert_about(last(f, VERDICT_OVER), CAUSE_GAME_OVER, (int[]){ -1 });
	feed(f, 8.0, OBS_START, NULL);
	feed(f, 9.0, OBS_ENTRY, "c");
	feed(f, 10.0, OBS_START, NULL);
	assert_about(last(f, VERDICT_NOTE), CAUSE_ABANDONED, (int[]){ -1 });
	feed(f, 11.0, OBS_END, NULL);
	assert_about(last(f, VERDICT_OVER), CAUSE_ENDED, (int[]){ -1 });
	fix_close(f);
}

static void test_cause_names(void **state)
{
	(void)state;
	for (int c = 0; c < CAUSE_COUNT; c++) {
		const char *name = verdict_cause_name((enum verdict_cause)c);

		assert_int_equal(verdict_cause_find(name), c);
	}
	assert_string_equal(verdict_cause_name(CAUSE_SENSOR_DEAD),
			    "sensor-dead");
	assert_int_equal(verdict_cause_find("no-such-cause"), -1);
}

static void test_verdict_line_format(void **state)
{
	struct verdict v;
	char line[512];

	(void)state;
	memset(&v, 0, sizeof(v));
	v.t_us = 12345678;
	v.table = 2;
	v.kind = VERDICT_WARN;
	v.ply = 7;
	snprintf(v.move, sizeof(v.move), "c");
	snprintf(v.text, sizeof(v.text), "S plays c");
	verdict_format(&v, line, sizeof(line));
	assert_string_equal(line, "12.345678 2 warn 7 c: S plays c");
	v.t_us = 3000000;
	v.move[0] = '\0';
	v.kind = VERDICT_NOTE;
	verdict_format(&v, line, sizeof(line));
	assert_string_equal(line, "3.000 2 note 7 -: S plays c");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_commands_and_refusals),
		cmocka_unit_test(test_start_with_options_of_its_own),
		cmocka_unit_test(test_each_game_draws_its_own_secrets),
		cmocka_unit_test(test_players_enter_secrets_before_the_first_move),
		cmocka_unit_test(test_causes_of_sensed_moves),
		cmocka_unit_test(test_causes_of_line_faults),
		cmocka_unit_test(test_causes_of_fouls_and_holds),
		cmocka_unit_test(test_causes_of_snapshots),
		cmocka_unit_test(test_causes_of_commands),
		cmocka_unit_test(test_cause_names),
		cmocka_unit_test(test_verdict_line_format),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
