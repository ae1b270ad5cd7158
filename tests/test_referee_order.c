/*
 * test_referee_order.c - the drop model weighing a legal sowing with a
 * missed pulse against drops that stop one seed short: a seed left
 * behind, or two seeds dropped together that made one pulse. A move is
 * taken only when it is ten times likelier than both misplays together;
 * a foul still needs the one misplay three times likelier than the
 * move; in between, the move is held with the places to check. Drops
 * that no misplay explains are a foul only when that is a hundred times
 * likelier than the nearest move with its faults. A move taken whose
 * drops were also another pit's seed sown the wrong way round is
 * questioned when the same drops come again from the pit the record
 * says it emptied.
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

#define VERDICTS_MAX 512

struct fix {
	struct referee *ref;
	struct verdict v[VERDICTS_MAX];
	int n;
};

static void on_verdict(void *ctx, const struct verdict *v)
{
	struct fix *f = ctx;

	if (f->n < VERDICTS_MAX)
		f->v[f->n++] = *v;
}

static struct fix *fix_open(void)
{
	struct fix *f = calloc(1, sizeof(*f));
	char err[256] = "";

	assert_non_null(f);
	f->ref = referee_new(1, "kalah", "", NULL, on_verdict, f, err,
			     sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	return f;
}

static void fix_close(struct fix *f)
{
	referee_free(f->ref);
	free(f);
}

static void feed(struct fix *f, double t, enum obs_kind kind, const char *arg)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = (uint64_t)(t * 1000.0 + 0.5) * 1000;
	o.table = 1;
	o.kind = kind;
	if (arg != NULL)
		snprintf(o.where, sizeof(o.where), "%s", arg);
	referee_feed(f->ref, &o);
}

/* Drops into the holes named in `holes`, 0.3 s apart. */
static void sow(struct fix *f, double t, const char *holes)
{
	char copy[64], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", holes);
	for (char *h = strtok_r(copy, " ", &save); h != NULL;
	     h = strtok_r(NULL, " ", &save), t += 0.3)
		feed(f, t, OBS_DROP, h);
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
	fail_msg("no '%s' verdict among %d", verdict_kind_name(kind), f->n);
	return &f->v[0];
}

static void assert_has(const char *text, const char *part)
{
	if (strstr(text, part) == NULL)
		fail_msg("'%s' does not say '%s'", text, part);
}

/* Kalah's pits a and e: 0 and 4. */
enum { PIT_A = 0, PIT_E = 4 };

/*
 * Games of b sown as the first move, one per letter of `record`: pit
 * e's pulse missed ('m') or sensed ('s'), never missed three times in
 * a row (a dead line); then a new game, whose first drop is due at the
 * time returned.
 */
static double line_e_record(struct fix *f, const char *record)
{
	int games = (int)strlen(record), missed = 0;
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		missed += record[g] == 'm';
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, record[g] == 'm' ? "c d f" : "c d e f");
		feed(f, t + 3, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN),
			 games);
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, missed);
	feed(f, t + 0.5, OBS_START, NULL);
	return t + 1;
}

/* a sown as b c d: e's pulse missed, or a seed left in a. */
static void sow_a_short(struct fix *f, double t)
{
	sow(f, t, "b c d");
	feed(f, t + 2, OBS_BUTTON, "S");
}

/* Line e missed 6 of its 8 seeds: its miss is far likelier than both
 * misplays that leave the drops one short; taken with a warning. */
static void test_short_taken_on_a_line_that_misses_often(void **state)
{
	struct fix *f = fix_open();
	double t = line_e_record(f, "mmsmmsmm");
	int before = count(f, VERDICT_WARN);

	(void)state;
	sow_a_short(f, t);
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_WARN), before + 1);
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_has(last(f, VERDICT_WARN)->text,
		   "sensor on pit e missed a pulse");
	assert_has(last(f, VERDICT_WARN)->evidence, "decided=take");
	fix_close(f);
}

/* Line e missed 3 of its 5 seeds: its miss is ten times likelier than
 * a seed left behind alone, not than that and two seeds dropped
 * together: held, saying which places to check. */
static void test_short_held_against_both_misplays(void **state)
{
	static const int places[] = { PIT_A, PIT_E };
	struct fix *f = fix_open();
	double t = line_e_record(f, "msmsm");
	const struct verdict *v;

	(void)state;
	sow_a_short(f, t);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "a");
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_int_equal(v->nplaces, 2);
	for (int k = 0; k < 2; k++)
		assert_true(v->places[0] == places[k] ||
			    v->places[1] == places[k]);
	assert_has(v->text, "the drops of a stop 1 seed short: pit a should "
		   "now be empty and pit e should hold 5");
	assert_has(v->evidence, "faults=miss:e(3/5)");
	assert_has(v->evidence, "short=5.8");
	assert_has(v->evidence, "decided=hold");
	/* Nothing is taken until someone checks. */
	assert_string_equal(referee_position(f->ref, (char[128]){ 0 }, 128),
			    "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
	fix_close(f);
}

/* Line e sensed its 15 seeds and a miss there costs a little more than
 * a seed left behind: a foul needs that misplay alone three times
 * likelier, so the move is held, not called a foul. */
static void test_foul_needs_the_one_misplay(void **state)
{
	struct fix *f = fix_open();
	double t = line_e_record(f, "sssssssssssssss");

	(void)state;
	sow_a_short(f, t);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	assert_int_equal(last(f, VERDICT_HOLD)->cause, CAUSE_AMBIGUOUS);
	assert_has(last(f, VERDICT_HOLD)->evidence, "decided=hold");
	fix_close(f);
}

/* c (d e f S) sensed as e d S f: two pairs swapped. No misplay the
 * model reads explains them, and "some other misplay" is not a hundred
 * times likelier than c with its two swaps: held naming c, not a foul. */
static void test_no_fit_near_a_move_is_held(void **state)
{
	struct fix *f = fix_open();
	const struct verdict *v;

	(void)state;
	feed(f, 0, OBS_START, NULL);
	sow(f, 1, "e d S f");
	feed(f, 3, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "c");
	assert_int_equal(v->cause, CAUSE_HELD_FAULT);
	assert_has(v->text, "seeds 1 and 2 sensed in swapped order");
	assert_has(v->evidence, "other=11.5");
	assert_has(v->evidence, "decided=hold");
	fix_close(f);
}

/* Drops on the opponent's side that no move of S comes near: a foul. */
static void test_no_fit_far_from_every_move_is_a_foul(void **state)
{
	struct fix *f = fix_open();

	(void)state;
	feed(f, 0, OBS_START, NULL);
	sow(f, 1, "B C D E");
	feed(f, 3, OBS_BUTTON, "S");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(last(f, VERDICT_FOUL)->cause, CAUSE_NO_FIT);
	fix_close(f);
}

static void feed_text(struct fix *f, double t, enum obs_kind kind,
		      const char *text)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = (uint64_t)(t * 1000.0 + 0.5) * 1000;
	o.table = 1;
	o.kind = kind;
	snprintf(o.text, sizeof(o.text), "%s", text);
	referee_feed(f->ref, &o);
}

/*
 * Pits a and c hold one seed each: a (into b) and c sown the wrong way
 * round (into b) make the same one drop, so a is taken. N plays A.
 * Then S sows the one drop into b again: from a, which the record says
 * is empty. No legal move fits it as it came: held naming pits a and c
 * and move 1, not read as c sown backwards.
 */
static void twin_game(struct fix *f, const char *then)
{
	feed(f, 0, OBS_START, NULL);
	feed_text(f, 0.5, OBS_POSITION, "1 2 1 4 4 4/4 4 4 4 4 4/8 0/S");
	sow(f, 1, "b");
	feed(f, 2, OBS_BUTTON, "S");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	sow(f, 4, "B C D E");
	feed(f, 6, OBS_BUTTON, "N");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	sow(f, 8, then);
	feed(f, 10, OBS_BUTTON, "S");
}

enum { PIT_C = 2 };

static void test_twin_sown_again_is_held_naming_the_earlier_move(
	void **state)
{
	struct fix *f = fix_open();
	const struct verdict *v;

	(void)state;
	twin_game(f, "b");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	v = last(f, VERDICT_HOLD);
	assert_int_equal(v->cause, CAUSE_EARLIER_MISREAD);
	assert_int_equal(v->nplaces, 2);
	assert_int_equal(v->places[0], PIT_A);
	assert_int_equal(v->places[1], PIT_C);
	assert_has(v->evidence, "earlier=1:a twin=c");
	assert_has(v->text, "move 1 may have been pit c sown the wrong way");
	fix_close(f);
}

/* The same game, S then sowing d (e f S A) as it came: taken. */
static void test_twin_not_questioned_by_a_move_that_fits(void **state)
{
	struct fix *f = fix_open();

	(void)state;
	twin_game(f, "e f S A");
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "d");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_taken_on_a_line_that_misses_often),
		cmocka_unit_test(test_short_held_against_both_misplays),
		cmocka_unit_test(test_foul_needs_the_one_misplay),
		cmocka_unit_test(test_no_fit_near_a_move_is_held),
		cmocka_unit_test(test_no_fit_far_from_every_move_is_a_foul),
		cmocka_unit_test(
			test_twin_sown_again_is_held_naming_the_earlier_move),
		cmocka_unit_test(test_twin_not_questioned_by_a_move_that_fits),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
