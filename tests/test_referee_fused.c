/*
 * test_referee_fused.c - the referee beside drop gates and a count
 * source: counts that change with nothing pending, seeds moved that no
 * sowing sensed explains (a foul, the board put back) against a count
 * misread (a warning, play goes on); two players' sowings whose board
 * the counts are, overlapped; a button with nothing sensed, left to the
 * counts.
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

#define AFTER_A "0 5 5 5 5 4/4 4 4 4 4 4/0 0"

/* Drop gates and a count source; S has sown a, taken with the counts:
 * N to move. */
static struct fix *a_sown(void)
{
	struct fix *f = started("");

	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	sow(f, 1.0, 0.3, "b c d e");
	feed(f, 2.4, OBS_SNAPSHOT, AFTER_A);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	return f;
}

/* N's pit F sown into its store with no pulse sensed (the opponent's
 * pit, out of turn, every drop missed): the counts show seeds moved
 * that no move of N leaves; a foul naming both places, put back. */
static void test_seeds_moved_unsensed_are_a_foul(void **state)
{
	static const int f_n[] = { PIT_F + 6, STORE_N, -1 };
	struct fix *f = a_sown();
	const struct verdict *v;
	int fouls;

	(void)state;
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 3/0 1");
	/* N's F holds 4: one seed into N's store is no move of N's. */
	v = last(f, VERDICT_FOUL);
	assert_about(v, CAUSE_NO_FIT, f_n);
	assert_says(v, "seeds moved with no sowing sensed");
	assert_says(v, "pit F reads 3, expected 4; store N reads 1, "
		    "expected 0");
	assert_non_null(strstr(v->evidence, "counts=moved"));
	assert_non_null(strstr(v->evidence, "decided=foul"));
	assert_int_equal(v->ply, 2);
	assert_int_equal(referee_plies(f->ref), 1);	/* a stands */
	fouls = count(f, VERDICT_FOUL);
	/* The board put back: play goes on, N's move taken. */
	feed(f, 8.0, OBS_SNAPSHOT, AFTER_A);
	sow(f, 9.0, 0.3, "B C D E");
	feed(f, 10.4, OBS_SNAPSHOT, "0 5 5 5 5 4/0 5 5 5 5 4/0 0");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	assert_int_equal(count(f, VERDICT_FOUL), fouls);
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

/* A count the source misread (one pit off by one; two pits off with
 * seeds that came from nowhere): the seeds did not move, a warning about
 * a naming the pit, play goes on. */
static void test_a_count_misread_is_a_warning(void **state)
{
	static const int c[] = { PIT_C, -1 };
	struct fix *f = a_sown();
	const struct verdict *v;

	(void)state;
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6 5 5 4/4 4 4 4 4 4/0 0");
	v = last(f, VERDICT_WARN);
	assert_about(v, CAUSE_SNAPSHOT_FAR, c);
	assert_string_equal(v->move, "a");
	assert_says(v, "the board seen disagrees with a");
	assert_non_null(strstr(v->evidence, "decided=warn"));
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	feed(f, 6.0, OBS_SNAPSHOT, "0 5 7 5 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_WARN), 2);
	sow(f, 9.0, 0.3, "B C D E");
	feed(f, 10.4, OBS_SNAPSHOT, "0 5 5 5 5 4/0 5 5 5 5 4/0 0");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

/* S's capture carried into its store while N begins sowing A: the
 * counts are the two moves' board, but a pulse in store S, where N's
 * sowing never drops, came after N's first drops (its hand's shadow on
 * A, then B): S's last seed fell after N began, the sowings overlapped.
 * S's move taken with that seed, N's a foul. */
static void test_a_late_seed_of_the_mover_is_an_overlap(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	feed(f, 0.5, OBS_POSITION, "1 0 4 4 4 4/4 4 4 4 4 4/7 0/S");
	feed(f, 0.6, OBS_SNAPSHOT, "1 0 4 4 4 4/4 4 4 4 4 4/7 0");
	feed(f, 1.0, OBS_DROP, "b");		/* a: captures b and E */
	feed(f, 1.5, OBS_DROP, "S");
	feed(f, 1.8, OBS_DROP, "S");
	feed(f, 2.6, OBS_DROP, "A");		/* N lifts A: its shadow */
	feed(f, 2.8, OBS_DROP, "B");
	feed(f, 3.0, OBS_DROP, "S");		/* S's last seed, late */
	feed(f, 3.2, OBS_DROP, "C");
	feed(f, 3.5, OBS_DROP, "D");
	feed(f, 3.8, OBS_DROP, "E");
	feed(f, 4.2, OBS_SNAPSHOT, "0 0 4 4 4 4/0 5 5 5 1 4/12 0");
	v = last(f, VERDICT_WARN);
	assert_string_equal(v->move, "a");
	assert_says(v, "store S: 3 of the 5 seeds carried in sensed");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	v = last(f, VERDICT_FOUL);
	assert_int_equal(v->cause, CAUSE_OVERLAP);
	assert_int_equal(v->ply, 2);
	assert_says(v, "N began sowing (drops A B C D E) before S's last "
		    "seed fell");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* S's last seed into C, N's hand's shadow on A before it and N's first
 * seed well after it: read one after the other, the drops need an extra
 * pulse on A; set aside as N's shadow, and the bounce on C with it,
 * they read exactly, N's lift before S's last seed fell: an overlap. */
static void test_a_shadow_before_the_last_seed_is_an_overlap(void **state)
{
	static const struct { double t; const char *p; } d[] = {
		{ 1.0, "e" }, { 1.3, "f" }, { 1.6, "S" }, { 1.9, "A" },
		{ 2.2, "B" }, { 2.4, "A" }, { 2.6, "C" }, { 2.612, "C" },
		{ 3.3, "B" }, { 3.6, "C" }, { 3.9, "D" }, { 4.2, "E" },
		{ 4.5, "F" },
	};
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	feed(f, 0.5, OBS_POSITION, "4 4 4 6 4 2/4 4 4 4 4 4/0 0/S");
	feed(f, 0.6, OBS_SNAPSHOT, "4 4 4 6 4 2/4 4 4 4 4 4/0 0");
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++)
		feed(f, d[i].t, OBS_DROP, d[i].p);
	feed(f, 4.9, OBS_SNAPSHOT, "4 4 4 0 5 3/0 6 6 5 5 5/1 0");
	v = last(f, VERDICT_ACCEPT);
	assert_string_equal(v->move, "d");
	assert_non_null(strstr(v->evidence, "legal=0.0"));
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 1);
	v = last(f, VERDICT_FOUL);
	assert_int_equal(v->cause, CAUSE_OVERLAP);
	assert_says(v, "N began sowing");
	assert_says(v, "before S's last seed fell");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* S presses the button with nothing sensed: a count source sees every
 * move, so nothing is held (without one, the move likeliest unseen
 * is); the counts then take the move S sows, or one whose every drop
 * went unseen. */
static void test_a_button_alone_waits_for_the_counts(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	feed(f, 1.0, OBS_BUTTON, "S");
	v = last(f, VERDICT_NOTE);
	assert_int_equal(v->cause, CAUSE_BUTTON_ALONE);
	assert_says(v, "no seed was sensed: the counts will tell");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	sow(f, 2.0, 0.3, "b c d e");
	feed(f, 3.4, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);

	/* c sown with every drop unseen: its counts take it. */
	f = started("");
	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	feed(f, 1.0, OBS_BUTTON, "S");
	feed(f, 2.0, OBS_SNAPSHOT, "4 4 0 5 5 5/4 4 4 4 4 4/1 0");
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);

	/* Without a count source, the button alone holds. */
	f = started("");
	feed(f, 1.0, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_HOLD), "no seed was seen to fall");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeds_moved_unsensed_are_a_foul),
		cmocka_unit_test(test_a_count_misread_is_a_warning),
		cmocka_unit_test(test_a_late_seed_of_the_mover_is_an_overlap),
		cmocka_unit_test(test_a_shadow_before_the_last_seed_is_an_overlap),
		cmocka_unit_test(test_a_button_alone_waits_for_the_counts),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
