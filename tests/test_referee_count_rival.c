/*
 * test_referee_count_rival.c - drop gates beside a count source whose
 * counts are one off a legal move's board and as near the board of
 * another reading of the drops: a piece doubled (its second pulse not
 * sensed), a sowing the wrong way round whose drops are the legal
 * move's, or the next player's move begun at once after the mover's.
 * The counts cannot tell the two apart and the drops do not refute the
 * other reading: held, the places that differ named, not taken as "a
 * count misread".
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
#include "referee/trace.h"

#include "tests/referee_fixture.h"

/* Drop gates and a count source: a game begun with `options` and
 * `start` counted. */
static struct fix *counted(const char *options, const char *start)
{
	struct fix *f = fix_open(options, NULL);

	feed(f, 0, OBS_START, NULL);
	feed(f, 0.2, OBS_SNAPSHOT, start);
	return f;
}

/* The one verdict on the move: a hold of `move`, not taken. */
static const struct verdict *held(struct fix *f, const char *move)
{
	const struct verdict *v;

	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, move);
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_says(v, "one off");
	assert_non_null(strstr(v->evidence, "counts=near decided=hold"));
	assert_int_equal(referee_plies(f->ref), 0);
	return v;
}

/* S sows b putting two seeds in d and none in f; the second pulse in d
 * was not sensed: drops c d e. The counts misread f (5: it holds 4),
 * which leaves them one off b's board (d 6, expected 5) and one off the
 * doubled sowing's (f 5, expected 4). The drops read b with f missed as
 * well as b with d doubled and one pulse missed: held. */
static void test_doubled_unsensed_one_misread_off_is_held(void **state)
{
	struct fix *f = counted("", "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	const struct verdict *v;

	(void)state;
	sow(f, 1.0, 0.3, "c d e");
	feed(f, 2.4, OBS_SNAPSHOT, "4 0 5 6 5 5/4 4 4 4 4 4/0 0");
	v = held(f, "b");
	assert_says(v, "two seeds fell in pit d");
	fix_close(f);
}

/* One seed a pit. S sows f the wrong way round, into e: the drop of d
 * sown. The counts misread f (1: it is empty), one off d's board (d 1,
 * expected 0) as well as off f sown backwards (f 1, expected 0). The
 * drops are d's exactly, and f's the wrong way round: held. */
static void test_backwards_with_a_legal_moves_drops_is_held(void **state)
{
	struct fix *f = counted("seeds=1", "1 1 1 1 1 1/1 1 1 1 1 1/0 0");
	const struct verdict *v;

	(void)state;
	sow(f, 1.0, 0.3, "e");
	feed(f, 2.4, OBS_SNAPSHOT, "1 1 1 1 2 1/1 1 1 1 1 1/0 0");
	v = held(f, "d");
	assert_says(v, "wrong way round");
	fix_close(f);
}

/* One seed a pit. S sows e into f; N sows F into its store at once
 * after (no counts between them). The counts misread F (1: it is
 * empty): one off e's board (store N 1, expected 0) and off the board
 * of e and F. Not e with an extra pulse and a count misread: held,
 * naming N's F. */
static void test_next_move_begun_at_once_one_misread_off_is_held(void **state)
{
	struct fix *f = counted("seeds=1", "1 1 1 1 1 1/1 1 1 1 1 1/0 0");
	const struct verdict *v;

	(void)state;
	feed(f, 1.0, OBS_DROP, "f");
	feed(f, 1.1, OBS_DROP, "N");
	feed(f, 1.4, OBS_SNAPSHOT, "1 1 1 1 0 2/1 1 1 1 1 1/0 1");
	v = held(f, "e");
	assert_says(v, "N's F begun at once after it");
	fix_close(f);
}

/* S sows b with every drop sensed; the counts misread d (6): one off
 * b's board, and one off the board of b with d doubled (f one short).
 * But that sowing would have made no pulse in f and two in d: the
 * drops refute it. Taken as a count misread. */
static void test_refuted_double_one_misread_off_is_taken(void **state)
{
	struct fix *f = counted("", "4 4 4 4 4 4/4 4 4 4 4 4/0 0");

	(void)state;
	sow(f, 1.0, 0.3, "c d e f");
	feed(f, 2.4, OBS_SNAPSHOT, "4 0 5 6 5 5/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_doubled_unsensed_one_misread_off_is_held),
		cmocka_unit_test(test_backwards_with_a_legal_moves_drops_is_held),
		cmocka_unit_test(test_next_move_begun_at_once_one_misread_off_is_held),
		cmocka_unit_test(test_refuted_double_one_misread_off_is_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
