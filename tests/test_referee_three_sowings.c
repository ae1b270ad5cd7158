/*
 * test_referee_three_sowings.c - drop gates beside a count source:
 * three sowings with no counts between them, the counts after the last
 * their board. Read two at a time (the first taken, the rest read on
 * with the same counts), each is taken in turn; the one begun before the
 * board was still after the other player's sowing is held, naming both
 * movers. Not a foul: every sowing fits its drops, and the board is
 * theirs.
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
/* a, B, then c (d e f S A), then C (D E F N a) */
#define AFTER_BCC "1 5 0 6 6 5/5 0 0 6 6 6/1 1"

/* Drop gates and a count source whose counts come 0.5 s after a
 * board's last drop, seen twice (S's a in two games): N to move. */
static struct fix *a_sown(void)
{
	struct referee_config cfg;
	struct fix *f;

	referee_config_default(&cfg);
	cfg.quiet_us = 5000000;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);
	for (int g = 0; g < 2; g++) {
		double t = 10.0 * g;

		if (g > 0)
			feed(f, t, OBS_START, NULL);
		feed(f, t + 0.2, OBS_SNAPSHOT, START);
		sow(f, t + 1.0, 0.3, "b c d e");
		feed(f, t + 2.4, OBS_SNAPSHOT, AFTER_A);
		assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	}
	assert_int_equal(referee_plies(f->ref), 1);
	return f;
}

/* N sows B, S sows c 1.2 s later, N sows C 1.2 s after that; the
 * counts come after the three. B and c taken, C held naming S and N
 * (no counts came between c and C, further apart than the count source
 * takes); no foul. The arbiter's confirmation takes C. */
static void test_three_sowings_no_counts_between(void **state)
{
	/* N's C: D E F, store N, a */
	static const int places[] = { PIT_D + 6, PIT_E + 6, PIT_F + 6,
				      STORE_N, PIT_A, -1 };
	struct fix *f = a_sown();
	const struct verdict *m[8], *v;

	(void)state;
	sow(f, 15.0, 0.3, "C D E F");
	sow(f, 17.1, 0.3, "d e f S A");
	sow(f, 19.5, 0.3, "D E F N a");
	feed(f, 21.2, OBS_SNAPSHOT, AFTER_BCC);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 8), 5);	/* a in each game first */
	assert_string_equal(m[2]->move, "B");
	assert_string_equal(m[3]->move, "c");
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, "C");
	assert_about(v, CAUSE_AMBIGUOUS, places);
	assert_says(v, "N began sowing before the board was still after "
		    "S's c");
	assert_int_equal(referee_plies(f->ref), 3);
	feed(f, 23.0, OBS_CONFIRM, NULL);
	assert_int_equal(referee_plies(f->ref), 4);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

/* The same three sowings with the counts between each: all taken. */
static void test_three_sowings_counted_each(void **state)
{
	struct fix *f = a_sown();

	(void)state;
	sow(f, 15.0, 0.3, "C D E F");
	feed(f, 16.4, OBS_SNAPSHOT, "0 5 5 5 5 4/4 0 5 5 5 5/0 0");
	sow(f, 17.1, 0.3, "d e f S A");
	feed(f, 18.8, OBS_SNAPSHOT, "0 5 0 6 6 5/5 0 5 5 5 5/1 0");
	sow(f, 19.5, 0.3, "D E F N a");
	feed(f, 21.2, OBS_SNAPSHOT, AFTER_BCC);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "C");
	assert_int_equal(referee_plies(f->ref), 4);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_three_sowings_no_counts_between),
		cmocka_unit_test(test_three_sowings_counted_each),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
