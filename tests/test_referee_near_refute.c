/*
 * test_referee_near_refute.c - drop gates beside a count source: counts
 * one off a legal move's board, its drops as well read as a misplay
 * whose own board the counts refute. The move is taken, not held.
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

#define START "4 4 4 4 4 4/4 4 4 4 4 4/0 0"

/* S sows b: c d e, the pulse in f missed. The counts are b's board but
 * for pit a read 5 (one misread, far from f). The board of b with a seed
 * left in b (b 1, f 4) is three off the counts: the counts refute it.
 * One gate miss and one count misread: b, taken (with a warning). */
static void test_near_counts_refute_the_misplay(void **state)
{
	struct fix *f = fix_open("", NULL);

	(void)state;
	feed(f, 0, OBS_START, NULL);
	feed(f, 0.2, OBS_SNAPSHOT, START);
	sow(f, 1.0, 0.3, "c d e");
	feed(f, 3.0, OBS_SNAPSHOT, "5 0 5 5 5 5/4 4 4 4 4 4/0 0");
	tick(f, 8.0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_near_counts_refute_the_misplay),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
