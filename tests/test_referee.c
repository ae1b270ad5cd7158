/*
 * test_referee.c - the referee on hand-made observation streams: every
 * kind of sensor noise it must survive, the touch rule, illegal sowings,
 * snapshots, and the arbiter's commands. Each test states the verdicts
 * and the messages the players would see.
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

#define VERDICTS_MAX 512

struct fix {
	struct referee *ref;
	struct verdict v[VERDICTS_MAX];
	int n;
	unsigned table;
};

static void on_verdict(void *ctx, const struct verdict *v)
{
	struct fix *f = ctx;

	if (f->n < VERDICTS_MAX)
		f->v[f->n++] = *v;
}

static struct fix *fix_open(const char *options,
			    const struct referee_config *cfg)
{
	struct fix *f = calloc(1, sizeof(*f));
	char err[256] = "";

	assert_non_null(f);
	f->table = 3;
	f->ref = referee_new(f->table, "kalah", options, cfg, on_verdict, f,
			     err, sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	return f;
}

static void fix_close(struct fix *f)
{
	referee_free(f->ref);
	free(f);
}

static uint64_t ms(double t)
{
	return (uint64_t)(t * 1000.0 + 0.5) * 1000;
}

static void feed(struct fix *f, double t, enum obs_kind kind, const char *arg)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = ms(t);
	o.table = f->table;
	o.kind = kind;
	if (arg != NULL && (kind == OBS_DROP || kind == OBS_LIFT ||
			    kind == OBS_BUTTON))
		snprintf(o.where, sizeof(o.where), "%s", arg);
	else if (arg != NULL)
		snprintf(o.text, sizeof(o.text), "%s", arg);
	referee_feed(f->ref, &o);
}

/* Drops into the holes named in `holes`, `step` seconds apart. */
static double sow(struct fix *f, double t, double step, const char *holes)
{
	char copy[256], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", holes);
	for (char *h = strtok_r(copy, " ", &save); h != NULL;
	     h = strtok_r(NULL, " ", &save), t += step)
		feed(f, t, OBS_DROP, h);
	return t - step;
}

static void tick(struct fix *f, double t)
{
	referee_tick(f->ref, ms(t));
}

static int count(const struct fix *f, enum verdict_kind kind)
{
	int n = 0;

	for (int i = 0; i < f->n; i++)
		n += f->v[i].kind == kind;
	return n;
}

static const struct verdict *last(const struct fix *f, enum verdict_kind kind)
{
	for (int i = f->n - 1; i >= 0; i--)
		if (f->v[i].kind == kind)
			return &f->v[i];
	for (int i = 0; i < f->n; i++) {
		char line[512];

		verdict_format(&f->v[i], line, sizeof(line));
		print_message("  %s\n", line);
	}
	fail_msg("no '%s' verdict among %d", verdict_kind_name(kind), f->n);
	return &f->v[VERDICTS_MAX - 1];
}

static void assert_says(const struct verdict *v, const char *part)
{
	if (strstr(v->text, part) == NULL)
		fail_msg("verdict '%s' does not say '%s'", v->text, part);
}

/* The verdict says `cause` about exactly the places in `places`, in any
 * order (-1 ends the list). */
static void assert_about(const struct verdict *v, enum verdict_cause cause,
			 const int *places)
{
	int n = 0;

	if (v->cause != cause)
		fail_msg("verdict '%s': cause %s, expected %s", v->text,
			 verdict_cause_name(v->cause), verdict_cause_name(cause));
	for (; places[n] >= 0; n++) {
		int found = 0;

		for (int i = 0; i < v->nplaces; i++)
			found |= v->places[i] == places[n];
		if (!found)
			fail_msg("verdict '%s' is not about place %d", v->text,
				 places[n]);
	}
	assert_int_equal(v->nplaces, n);
}

/* Kalah's places: a..f 0..5, A..F 6..11, S 12, N 13. */
enum { PIT_A = 0, PIT_B, PIT_C, PIT_D, PIT_E, PIT_F, STORE_S = 12,
       STORE_N = 13 };

static const char *position(const struct fix *f)
{
	static char buf[256];

	return referee_position(f->ref, buf, sizeof(buf));
}

static struct fix *started(const char *options)
{
	struct fix *f = fix_open(options, NULL);

	feed(f, 0, OBS_START, NULL);
	assert_int_equal(f->v[0].kind, VERDICT_START);
	return f;
}

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

/* Game after game of a sown cleanly: the lines of b c d e have sensed
 * every seed they were to sense. */
static double trusted_board(struct fix *f, int games)
{
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, 0.3, "b c d e");
		feed(f, t + 3, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_ACCEPT), games);
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 0);
	feed(f, t + 0.5, OBS_START, NULL);
	return t + 1;
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

/* ---------------------------------------------------------- snapshots */

/* ------------------------------------------------ drops and counts */

/* A table with drop gates and a count source: the counts of the
 * start position tell the referee they come. */
static struct fix *counted(void)
{
	struct fix *f = started("");

	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(f->n, 1);		/* nothing moved: nothing said */
	return f;
}

static void test_counts_catch_a_seed_left_behind(void **state)
{
	static const int a_e[] = { PIT_A, PIT_E, -1 };
	struct fix *f = counted();

	(void)state;
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.0, OBS_BUTTON, "S");		/* waits for the counts */
	assert_int_equal(f->n, 1);
	feed(f, 2.2, OBS_SNAPSHOT, "1 5 5 5 4 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL, a_e);
	assert_says(last(f, VERDICT_FOUL), "the drops of a stop 1 seed short, "
		    "as the counts show (pit a reads 1, expected 0; pit e "
		    "reads 4, expected 5)");
	assert_non_null(strstr(last(f, VERDICT_FOUL)->evidence,
			       "counts=misplay:short@1"));
	fix_close(f);

	/* Two seeds dropped together in c: one pulse, the counts tell. */
	f = counted();
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 1.4, OBS_SNAPSHOT, "0 5 6 5 4 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_FOUL), "sowing a: two seeds fell in pit "
		    "c and none in pit e, as the counts show");
	fix_close(f);
}

/* Twelve seeds sown the wrong way round from pit a fill the same pits
 * as the legal sowing: the counts agree, the drops tell. */
static void test_counts_agree_yet_the_drops_show_it_backwards(void **state)
{
	struct fix *f = counted();

	(void)state;
	feed(f, 0.5, OBS_POSITION, "12 0 0 0 0 0/4 4 4 4 4 4/6 6/S");
	sow(f, 1.0, 0.1, "F E D C B A S f e d c b");
	feed(f, 3.0, OBS_SNAPSHOT, "0 1 1 1 1 1/5 5 5 5 5 5/7 6");
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	assert_says(last(f, VERDICT_FOUL), "sowing a the wrong way round");
	fix_close(f);
}

/* After the end, the counts tell the end being put away (the last
 * seeds swept, or not yet) from play after it, and a count misread. */
static void test_counts_show_play_after_the_end(void **state)
{
	static const int e_f_n[] = { 10, 11, STORE_N, -1 };	/* E, F, N */
	struct fix *f = counted();

	(void)state;
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/S");
	sow(f, 1.0, 0.3, "S");
	feed(f, 1.6, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	assert_says(last(f, VERDICT_OVER), "N wins 27-21");
	/* Not swept yet, swept in part, swept, one count misread. */
	feed(f, 3.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	feed(f, 4.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 0/21 25");
	feed(f, 5.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 0 0/21 27");
	feed(f, 6.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 1 0/21 27");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	/* Pit E sown after the end, its drops unsensed: the counts tell. */
	feed(f, 8.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 0 2/21 25");
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_about(last(f, VERDICT_FOUL), CAUSE_AFTER_END, e_f_n);
	assert_says(last(f, VERDICT_FOUL), "the game is over: restore the "
		    "board (the counts show play after the end");
	assert_true(referee_restoring(f->ref));
	/* The board put back as it was left: restored, the game over. */
	feed(f, 12.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	assert_false(referee_restoring(f->ref));
	assert_false(referee_in_game(f->ref));
	fix_close(f);
}

static void test_counts_show_a_missed_pulse_harmless(void **state)
{
	static const int pit_e[] = { PIT_E, -1 };
	struct fix *f = counted();

	(void)state;
	sow(f, 1.0, 0.3, "b c d");		/* e's pulse missed */
	feed(f, 1.8, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_FOUL), 0);
	assert_about(last(f, VERDICT_WARN), CAUSE_SENSED_FAULT, pit_e);
	assert_says(last(f, VERDICT_WARN), "S plays a; sensor on pit e missed "
		    "a pulse (warning 1 in 40 plies); the counts agree");
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 1);
	/* A pulse no move made: the counts show the board unchanged. */
	feed(f, 4.0, OBS_DROP, "D");
	feed(f, 4.5, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_NOTE), CAUSE_STRAY, (int[]){ -1 });
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* A camera beside the drop gates: its ranges judge the sowing. */
static void test_counts_as_ranges_beside_the_drops(void **state)
{
	struct fix *f = counted();

	(void)state;
	/* a sown, its last drop missed by gate e: the frame's ranges fit
	 * a's board, which the drops alone could not settle. */
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.0, OBS_BUTTON, "S");
	feed(f, 2.2, OBS_SNAPSHOT, "0 4-6 3-7 3-7 4-7 4-6/3-6 3-6 3-6 3-6 3-6 3-6/0 0");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN), "the counts agree");
	fix_close(f);

	/* A seed left behind in a: the range there excludes the legal
	 * board, and the misplay's board fits. */
	f = counted();
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.0, OBS_BUTTON, "S");
	feed(f, 2.2, OBS_SNAPSHOT, "1-2 4-6 4-6 4-6 4 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL,
		     (int[]){ PIT_A, PIT_E, -1 });
	assert_says(last(f, VERDICT_FOUL), "pit a reads 1-2, expected 0");
	fix_close(f);
}

static void test_counts_settle_a_held_move(void **state)
{
	struct fix *f = counted();

	(void)state;
	/* No counts within the quiet period: judged by the drops, but a
	 * table with a count source takes nothing its counts have not
	 * shown. */
	sow(f, 1.0, 0.3, "b c d e");
	tick(f, 5.0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	feed(f, 6.0, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_ACCEPT), CAUSE_CONFIRMED, (int[]){ -1 });
	assert_says(last(f, VERDICT_ACCEPT), "S plays a; confirmed by the "
		    "counts");
	fix_close(f);

	/* The last move: its counts may come before the sweep. */
	f = counted();
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/S");
	sow(f, 1.0, 0.3, "S");
	feed(f, 1.3, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	assert_says(last(f, VERDICT_OVER), "N wins 27-21");
	assert_says(last(f, VERDICT_ACCEPT), "S plays f");
	fix_close(f);
}

static void test_snapshot_exact_chain_of_extra_turns(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* c (extra turn) then f: 4 4 0 5 5 0/5 5 5 5 4 4/2 0 */
	feed(f, 5.0, OBS_SNAPSHOT, "4 4 0 5 5 0/5 5 5 5 4 4/2 0");
	assert_int_equal(count(f, VERDICT_ACCEPT), 2);
	assert_string_equal(f->v[f->n - 2].move, "c");
	assert_string_equal(f->v[f->n - 1].move, "f");
	assert_string_equal(position(f), "4 4 0 5 5 0/5 5 5 5 4 4/2 0/N");
	fix_close(f);
}

static void test_snapshot_within_tolerance(void **state)
{
	struct referee_config cfg;
	struct fix *f = started("");

	(void)state;
	/* a, with pit c misread as 6 instead of 5. */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6 5 5 4/4 4 4 4 4 4/0 0");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN), "pit c reads 6, expected 5");
	fix_close(f);

	referee_config_default(&cfg);
	cfg.snapshot_confirm = 1;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6 5 5 4/4 4 4 4 4 4/0 0");
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	fix_close(f);
}

static void test_snapshot_ranges(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* Piles read as ranges: b (4 -> 0) fits alone. */
	feed(f, 5.0, OBS_SNAPSHOT, "4 0 5-7 4-6 5 5/4-9 4 4 4 4 4/0-2 0");
	assert_about(last(f, VERDICT_ACCEPT), CAUSE_SENSED, (int[]){ -1 });
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	fix_close(f);

	/* Ranges that fit two moves (a and b both leave a pit empty that
	 * the camera could not tell): held, not taken. */
	f = started("");
	feed(f, 5.0, OBS_SNAPSHOT, "0-4 0-5 5 5 5 4-5/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_HOLD), CAUSE_AMBIGUOUS, (int[]){ -1 });
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	fix_close(f);

	/* A board one seed outside a range: taken with a warning that
	 * quotes the range. */
	f = started("");
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6-7 5 5 4/4 4 4 4 4 4/0 0");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN), "pit c reads 6-7, expected 5");
	feed(f, 6.0, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 3-1");
	assert_says(last(f, VERDICT_NOTE), "runs backwards");
	fix_close(f);
}

static void test_snapshot_far_from_any_move_is_a_foul(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 5.0, OBS_SNAPSHOT, "0 0 9 5 5 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_FOUL), "no legal move of S leads to the board seen");
	/* The board put back as it was ends the foul. */
	feed(f, 9.0, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_NOTE), "board restored");
	fix_close(f);
}

static void test_snapshot_of_a_sowing_in_progress_waits(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* a lifted, two of its four seeds sown. */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 4 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(f->n, 1);
	feed(f, 6.0, OBS_SNAPSHOT, "x 5 5 4 4 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_NOTE), "unreadable snapshot ignored");
	fix_close(f);
}

/* ------------------------------------------------------ sensing tables */

static void test_kalah_table_reads_and_writes_its_snapshots(void **state)
{
	const struct sensing *s = sensing_find("kalah");
	struct rules_game *game;
	int counts[SENSE_HOLES_MAX], back[SENSE_HOLES_MAX];
	char text[OBS_TEXT_MAX], err[256];
	unsigned char pos[256];

	(void)state;
	game = rules_game_new(rules_find("kalah"), "pits=4 pie", err,
			      sizeof(err));
	assert_non_null(game);
	assert_true(rules_position_size(game) <= sizeof(pos));
	game->ops->start(game, pos);
	s->counts(game, pos, counts);
	assert_int_equal(s->snapshot_format(game, counts, text, sizeof(text)),
			 0);
	assert_string_equal(text, "4 4 4 4/4 4 4 4/0 0");
	assert_int_equal(s->snapshot_format(game, counts, text, 10), -1);
	assert_int_equal(s->snapshot_parse(game, "0 5 5 5/4 4 4 4/0 0", back,
					   err, sizeof(err)), 0);
	assert_int_equal(back[0], 0);
	assert_int_equal(back[3], 5);
	assert_int_equal(s->snapshot_parse(game, "0 5 5 5/4 4 4 4", back, err,
					   sizeof(err)), -1);
	assert_string_equal(err, "snapshot: 8 counts for a board of 10 holes");
	/* a lifted, one of its four seeds sown: a move under way. */
	assert_int_equal(s->snapshot_parse(game, "0 5 4 4/4 4 4 4/0 0", back,
					   err, sizeof(err)), 0);
	assert_true(s->under_way(game, pos, back));
	assert_false(s->under_way(game, pos, counts));
	rules_game_free(game);
}

static void test_kalah_table_hides_the_swap_from_snapshots(void **state)
{
	const struct sensing *s = sensing_find("kalah");
	struct rules_game *game;
	struct rules_move moves[16], move;
	unsigned char pos[256];
	char err[256];
	size_t n;
	int swaps = 0;

	(void)state;
	game = rules_game_new(rules_find("kalah"), "pie", err, sizeof(err));
	assert_non_null(game);
	game->ops->start(game, pos);
	assert_int_equal(game->ops->move_parse(game, pos, "a", &move, err,
					       sizeof(err)), 0);
	assert_true(s->sensed(game, pos, &move));
	assert_int_equal(game->ops->apply(game, pos, &move, NULL, err,
					  sizeof(err)), 0);
	n = game->ops->legal_moves(game, pos, moves, 16);
	for (size_t m = 0; m < n; m++)
		swaps += !s->sensed(game, pos, &moves[m]);
	assert_int_equal(swaps, 1);	/* the pie rule's swap */
	rules_game_free(game);
}

static void test_a_game_of_entries_only(void **state)
{
	struct fix *f = calloc(1, sizeof(*f));
	char err[256] = "";

	(void)state;
	assert_non_null(f);
	f->ref = referee_new(1, "codegame", "players=2", NULL, on_verdict, f,
			     err, sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	assert_int_equal(referee_lines(f->ref, NULL), 0);
	feed(f, 1.0, OBS_START, NULL);
	feed(f, 2.0, OBS_DROP, "a");
	assert_about(last(f, VERDICT_NOTE), CAUSE_UNKNOWN_PLACE, (int[]){ -1 });
	assert_says(last(f, VERDICT_NOTE), "drop in unknown hole 'a' ignored");
	feed(f, 3.0, OBS_SNAPSHOT, "1 2 3");
	assert_about(last(f, VERDICT_NOTE), CAUSE_SNAPSHOT_BAD, (int[]){ -1 });
	feed(f, 4.0, OBS_BUTTON, "1");
	feed(f, 5.0, OBS_LIFT, "a");
	assert_int_equal(f->n, 3);		/* nothing said of either */
	assert_int_equal(referee_deadline(f->ref), 0);
	fix_close(f);
}

/* A 15x15 board: places up to 224, aligned like any other. */
static void test_matching_on_a_board_of_225_places(void **state)
{
	enum { N = 225 };
	struct match_board board = { .holes = N };
	static struct sense_expect e;
	static uint16_t cost[(MATCH_OBS_MAX + 1) * 4];
	static uint8_t step[(MATCH_OBS_MAX + 1) * 4];
	const uint8_t drops[] = { 3, 224, 200, 200 };
	const uint64_t at[] = { 0, 300000, 700000, 900000 };
	struct match_table t;
	struct match_result r;

	(void)state;
	board.adjacent = calloc(N * N, 1);
	assert_non_null(board.adjacent);
	board.adjacent[224 * N + 100] = board.adjacent[100 * N + 224] = 1;
	match_board_costs(&board, 50, 50);
	/* 3, 100, 224 in order, then two pieces carried to 200. */
	e.npath = 3;
	e.path[0] = 3;
	e.path[1] = 100;
	e.path[2] = 224;
	e.ntail = 2;
	e.tail[200] = 2;
	assert_true(match_cells(&e) <= (int)(sizeof(cost) / sizeof(cost[0])));
	match_start(&board, &e, &t, cost, step);
	for (int n = 1; n <= 4; n++)
		match_push(&board, &e, &t, drops, at, n);
	match_whole(&board, &e, &t, drops, at, 4, 1, &r);
	assert_int_equal(r.cost, 50);
	assert_int_equal(r.tail_sensed, 2);
	assert_int_equal(r.ndev, 1);
	assert_int_equal(r.dev[0].step, STEP_MISS);
	assert_int_equal(r.dev[0].expected, 100);
	/* With the line of 100 dead, its drop is not missed. */
	board.free_miss[100] = 1;
	match_start(&board, &e, &t, cost, step);
	for (int n = 1; n <= 4; n++)
		match_push(&board, &e, &t, drops, at, n);
	match_whole(&board, &e, &t, drops, at, 4, 1, &r);
	assert_int_equal(r.cost, 0);
	assert_int_equal(r.free_misses, 1);
	free(board.adjacent);
}

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
		cmocka_unit_test(test_counts_catch_a_seed_left_behind),
		cmocka_unit_test(test_counts_show_a_missed_pulse_harmless),
		cmocka_unit_test(test_counts_show_play_after_the_end),
		cmocka_unit_test(test_counts_agree_yet_the_drops_show_it_backwards),
		cmocka_unit_test(test_counts_as_ranges_beside_the_drops),
		cmocka_unit_test(test_counts_settle_a_held_move),
		cmocka_unit_test(test_snapshot_exact_chain_of_extra_turns),
		cmocka_unit_test(test_snapshot_within_tolerance),
		cmocka_unit_test(test_snapshot_ranges),
		cmocka_unit_test(test_snapshot_far_from_any_move_is_a_foul),
		cmocka_unit_test(test_snapshot_of_a_sowing_in_progress_waits),
		cmocka_unit_test(test_kalah_table_reads_and_writes_its_snapshots),
		cmocka_unit_test(test_kalah_table_hides_the_swap_from_snapshots),
		cmocka_unit_test(test_a_game_of_entries_only),
		cmocka_unit_test(test_matching_on_a_board_of_225_places),
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
