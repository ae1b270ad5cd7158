/*
 * test_referee_stands.c - a move the referee took back itself, the hand
 * not done, and read again as the same move: the move stands. No second
 * verdict on it (an observer would count a move no sowing made), and
 * nothing for the record to take back; the pulses since are noted as
 * its late pulses (cause stray), with the new reading's evidence.
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

/* Verdicts from `from` that take anything back. */
static int take_backs(const struct fix *f, int from)
{
	int n = 0;

	for (int i = from; i < f->n; i++)
		n += f->v[i].undone_to >= 0;
	return n;
}

/* 45 games in which S's store sensor misses two seeds of three (in
 * sowings that pass it, never three in a row). */
static void store_misses(struct fix *f)
{
	for (int g = 0; g < 45; g++) {
		feed(f, 10.0 * g + 0.5, OBS_START, NULL);
		sow(f, 10.0 * g + 1, 0.3, g % 3 == 2 ? "f S A B" : "f A B");
		tick(f, 10.0 * g + 4);
	}
}

/* On that board S's e (f S) is sensed f, and taken once the quiet
 * period ran out, the store missing. S has another turn; 3.3 s after
 * pit f, one pulse in the store: with the drop before it, e exactly,
 * its last seed after a pause. Read again, it is e: e stands, with a
 * note, and S's next move (f: S A B C D) is read as the next ply. */
static void test_last_seed_read_again_as_the_same_move(void **state)
{
	struct fix *f = started("");
	const struct verdict *m[64], *v;
	int n, from;
	double t;

	(void)state;
	store_misses(f);
	feed(f, 450.5, OBS_START, NULL);
	feed(f, 450.6, OBS_POSITION, "4 4 4 4 2 4/4 4 4 4 4 4/2 0/S");
	from = f->n;
	feed(f, 451, OBS_DROP, "f");
	tick(f, 453.6);
	n = moves(f, m, 64);
	assert_string_equal(m[n - 1]->move, "e");
	assert_int_equal(m[n - 1]->ply, 1);
	assert_int_equal(m[n - 1]->kind, VERDICT_WARN);
	feed(f, 454.3, OBS_DROP, "S");
	tick(f, 460);
	if (moves(f, m, 64) != n || take_backs(f, from) != 0)
		dump(f);
	assert_int_equal(moves(f, m, 64), n);
	assert_int_equal(take_backs(f, from), 0);
	v = last_of(f, VERDICT_NOTE);
	assert_non_null(v);
	assert_int_equal(v->cause, CAUSE_STRAY);
	assert_int_equal(v->ply, 1);
	assert_string_equal(v->move, "");
	assert_non_null(strstr(v->text, "e stands"));
	assert_non_null(strstr(v->evidence, "revises=e decided=stands"));
	assert_null(strstr(v->text, "corrects"));
	assert_int_equal(referee_plies(f->ref), 1);
	assert_string_equal(position(f), "4 4 4 4 0 5/4 4 4 4 4 4/3 0/S");

	t = sow(f, 462, 0.4, "S A B C D");
	tick(f, t + 3);
	assert_int_equal(moves(f, m, 64), n + 1);
	assert_string_equal(m[n]->move, "f");
	assert_int_equal(m[n]->ply, 2);
	assert_int_equal(m[n]->undone_to, -1);
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_last_seed_read_again_as_the_same_move),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
