/*
 * test_referee_unsettled.c - drop gates beside a count source: two
 * players' sowings with no counts between them. The count source reports
 * the board once it is still; none between the two sowings means the
 * board never was: the next player began before the last seed fell, or
 * at once after it, when the two sowings were further apart than the
 * table's count source has been seen to take to report a still board.
 * The counts are the two moves' board: the first is taken, the next
 * held naming both movers. With counts between them, or a count source
 * slower than the pause between the sowings, both are taken.
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
#define AFTER_B "0 5 5 5 5 4/4 0 5 5 5 5/0 0"
#define AFTER_BB "0 0 6 6 6 5/4 0 5 5 5 5/1 0"

/* Drop gates and a count source whose counts come `late` s after a
 * board's last drop (the referee waits 5 s for them); S has sown a in
 * two games, each taken with the counts (the table's delay seen twice):
 * N to move. */
static struct fix *a_sown_late(double late)
{
	struct referee_config cfg;
	struct fix *f;

	referee_config_default(&cfg);
	cfg.quiet_us = 5000000;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);

	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	sow(f, 1.0, 0.3, "b c d e");
	feed(f, 1.9 + late, OBS_SNAPSHOT, AFTER_A);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	feed(f, 10.0, OBS_START, NULL);
	feed(f, 10.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	sow(f, 11.0, 0.3, "b c d e");
	feed(f, 11.9 + late, OBS_SNAPSHOT, AFTER_A);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	return f;
}

static struct fix *a_sown(void)
{
	return a_sown_late(0.5);
}

/* N sows B; S sows b 0.8 s after N's last seed, before the board was
 * still: the counts come only after both. B taken, b held naming N and
 * S; the same counts again confirm nothing (they were b's board when it
 * was held), a person's confirmation takes it. */
static void test_next_sowing_begun_before_the_board_was_still(void **state)
{
	static const int places[] = { PIT_C, PIT_D, PIT_E, PIT_F, STORE_S,
				      -1 };
	struct fix *f = a_sown();
	const struct verdict *v;

	(void)state;
	sow(f, 15.0, 0.3, "C D E F");
	sow(f, 16.7, 0.3, "c d e f S");
	feed(f, 18.3, OBS_SNAPSHOT, AFTER_BB);
	v = last(f, VERDICT_ACCEPT);
	assert_non_null(v);
	assert_string_equal(v->move, "B");
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, "b");
	assert_about(v, CAUSE_AMBIGUOUS, places);
	assert_says(v, "S began sowing before the board was still after "
		    "N's B");
	assert_non_null(strstr(v->evidence, "after=B counts=unsettled"));
	assert_non_null(strstr(v->evidence, "decided=hold"));
	assert_int_equal(referee_plies(f->ref), 2);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	feed(f, 19.5, OBS_SNAPSHOT, AFTER_BB);
	assert_int_equal(referee_plies(f->ref), 2);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "B");
	feed(f, 21.0, OBS_CONFIRM, NULL);
	assert_int_equal(referee_plies(f->ref), 3);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

/* The same sowings with the board's counts between them: both taken. */
static void test_counts_between_take_both(void **state)
{
	struct fix *f = a_sown();

	(void)state;
	sow(f, 15.0, 0.3, "C D E F");
	feed(f, 16.1, OBS_SNAPSHOT, AFTER_B);
	sow(f, 16.6, 0.3, "c d e f S");
	feed(f, 18.2, OBS_SNAPSHOT, AFTER_BB);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	assert_int_equal(referee_plies(f->ref), 3);
	fix_close(f);
}

/* A count source slower than the players: its counts have come 4 s
 * after the last drop. N's B ends at 15.9 s, S's b begins 1.5 s later,
 * the counts come 4 s after b: no counts between them is what such a
 * source shows of a board still for 1.5 s. Both taken. */
static void test_slow_counts_take_a_quick_reply(void **state)
{
	struct fix *f = a_sown_late(4.0);

	(void)state;
	sow(f, 15.0, 0.3, "C D E F");
	sow(f, 17.4, 0.3, "c d e f S");
	feed(f, 22.6, OBS_SNAPSHOT, AFTER_BB);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	assert_int_equal(referee_plies(f->ref), 3);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_next_sowing_begun_before_the_board_was_still),
		cmocka_unit_test(test_counts_between_take_both),
		cmocka_unit_test(test_slow_counts_take_a_quick_reply),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
