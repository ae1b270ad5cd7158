/*
 * test_referee_count_near.c - drop gates beside a count source whose
 * counts are one off the board: a count misread, or a misplay whose
 * board the misread brought that near. The drops decide: a sowing they
 * read exactly is taken ("a count misread"); one they read as a misplay
 * at least as well (a place passed over) is held, the places named.
 * And pieces moved with no pulse at all, a place misread on top, are a
 * foul, not a count misread to warn about. Counts that read as a sowing
 * under way wait for the rest of it, unless the drops are the whole of
 * a move: then the last place was misread.
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

#define START "4 4 4 4 4 4/4 4 4 4 4 4/0 0"
#define AFTER_A "0 5 5 5 5 4/4 4 4 4 4 4/0 0"

/* Drop gates and a count source: a game begun, its board counted. */
static struct fix *counted(void)
{
	struct fix *f = fix_open("", NULL);

	feed(f, 0, OBS_START, NULL);
	feed(f, 0.2, OBS_SNAPSHOT, START);
	return f;
}

/* S sows b passing over d: drops c e f S, the last seed in the store.
 * The counts read d as 5 (a misread: it holds 4), which makes them one
 * off b's board (store S 1, expected 0) as well as one off the board of
 * b with d passed over (d 5, expected 4). The drops read b only with a
 * missed pulse in d and an extra one in S, and b with d passed over
 * exactly: held, not taken. */
static void test_skip_one_misread_off_is_held(void **state)
{
	struct fix *f = counted();
	const struct verdict *v;

	(void)state;
	sow(f, 1.0, 0.3, "c e f S");
	feed(f, 2.4, OBS_SNAPSHOT, "4 0 5 5 5 5/4 4 4 4 4 4/1 0");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, "b");
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_says(v, "one off b's board");
	assert_says(v, "passed over");
	assert_non_null(strstr(v->evidence, "counts=near decided=hold"));
	assert_int_equal(referee_plies(f->ref), 0);
	fix_close(f);
}

/* S sows b with every drop sensed; the counts read c as 6: one off b's
 * board, a count misread. Taken. */
static void test_exact_sowing_one_misread_off_is_taken(void **state)
{
	struct fix *f = counted();
	const struct verdict *v;

	(void)state;
	sow(f, 1.0, 0.3, "c d e f");
	feed(f, 2.4, OBS_SNAPSHOT, "4 0 6 5 5 5/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	v = last(f, VERDICT_ACCEPT);
	assert_non_null(v);
	assert_string_equal(v->move, "b");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* S's a taken with its counts; N to move. The next counts show S's f
 * sown (f 0, store S 1, A B C one more each) with no pulse at all, and
 * pit c misread one more: no move of N leaves that board, and pieces
 * moved, not a place misread. A foul, the board to be put back. */
static void test_pieces_moved_unsensed_with_a_misread_is_a_foul(void **state)
{
	struct fix *f = counted();
	const struct verdict *v;

	(void)state;
	sow(f, 1.0, 0.3, "b c d e");
	feed(f, 2.4, OBS_SNAPSHOT, AFTER_A);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	feed(f, 6.0, OBS_SNAPSHOT, "0 5 6 5 5 0/5 5 5 4 4 4/1 0");
	assert_int_equal(count(f, VERDICT_WARN), 0);
	v = last(f, VERDICT_FOUL);
	assert_non_null(v);
	assert_int_equal(v->cause, CAUSE_NO_FIT);
	assert_says(v, "moved with no sowing sensed");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* A count misread alone, nothing moved: a warning, play goes on. */
static void test_one_misread_alone_is_a_warning(void **state)
{
	struct fix *f = counted();
	const struct verdict *v;

	(void)state;
	sow(f, 1.0, 0.3, "b c d e");
	feed(f, 2.4, OBS_SNAPSHOT, AFTER_A);
	feed(f, 6.0, OBS_SNAPSHOT, "0 5 6 5 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	v = last(f, VERDICT_WARN);
	assert_non_null(v);
	assert_int_equal(v->cause, CAUSE_SNAPSHOT_FAR);
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* S sows a, every seed sensed; the counts read e one short: the board
 * of a sown as far as d (a sowing under way, were the drops not all
 * there). The drops are the whole of a: taken. */
static void test_counts_under_way_after_the_whole_sowing(void **state)
{
	struct fix *f = counted();

	(void)state;
	sow(f, 1.0, 0.3, "b c d e");
	feed(f, 2.4, OBS_SNAPSHOT, "0 5 5 5 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* S's hand pauses after d: the counts show a sowing under way, and the
 * drops are not yet a move. Nothing judged; the last seed and the
 * counts after it, a taken. */
static void test_counts_under_way_mid_sowing_wait(void **state)
{
	struct fix *f = counted();

	(void)state;
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.1, OBS_SNAPSHOT, "0 5 5 5 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(f->n, 1);	/* the start alone */
	feed(f, 2.8, OBS_DROP, "e");
	feed(f, 3.2, OBS_SNAPSHOT, AFTER_A);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skip_one_misread_off_is_held),
		cmocka_unit_test(test_exact_sowing_one_misread_off_is_taken),
		cmocka_unit_test(test_pieces_moved_unsensed_with_a_misread_is_a_foul),
		cmocka_unit_test(test_one_misread_alone_is_a_warning),
		cmocka_unit_test(test_counts_under_way_after_the_whole_sowing),
		cmocka_unit_test(test_counts_under_way_mid_sowing_wait),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
