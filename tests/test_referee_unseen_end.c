/*
 * test_referee_unseen_end.c - drop gates beside a count source: two
 * players' sowings with no counts between them, the first's last seed
 * into a place whose gate is dead. Its drops read it exactly (a dead
 * gate's miss is free), but they do not say when its last seed fell:
 * the pause between the sowings tells nothing, and no counts came
 * between them. The first is taken, the next held naming both movers.
 * With the last seed sensed and the same pause, both are taken (the
 * count source, seen to take 0.5 s, could not have reported sooner).
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
#define AFTER_B "0 5 5 5 5 4/4 0 5 5 5 5/0 0"
#define AFTER_BB "0 0 6 6 6 5/4 0 5 5 5 5/1 0"

/* Drop gates (a line dead after one miss) and a count source whose
 * counts come 0.5 s after a board's last drop. A first game: S's a,
 * then N's B with its seed into F unsensed (F's gate now dead). A
 * second: S's a. N to move. */
static struct fix *f_dead(void)
{
	struct referee_config cfg;
	struct fix *f;

	referee_config_default(&cfg);
	cfg.quiet_us = 5000000;
	cfg.dead_after = 1;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);
	feed(f, 0.2, OBS_SNAPSHOT, START);
	sow(f, 1.0, 0.3, "b c d e");
	feed(f, 2.4, OBS_SNAPSHOT, AFTER_A);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	sow(f, 4.0, 0.3, "C D E");
	feed(f, 5.4, OBS_SNAPSHOT, AFTER_B);
	assert_int_equal(referee_plies(f->ref), 2);
	feed(f, 10.0, OBS_START, NULL);
	feed(f, 10.2, OBS_SNAPSHOT, START);
	sow(f, 11.0, 0.3, "b c d e");
	feed(f, 12.4, OBS_SNAPSHOT, AFTER_A);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	return f;
}

/* N sows B, its last seed into F unseen; S sows b 0.5 s after N's last
 * sensed seed; the counts come after both. B taken, b held. */
static void test_last_seed_unseen_next_held(void **state)
{
	struct fix *f = f_dead();
	const struct verdict *v;

	(void)state;
	sow(f, 15.0, 0.3, "C D E");
	sow(f, 16.1, 0.3, "c d e f S");
	feed(f, 17.8, OBS_SNAPSHOT, AFTER_BB);
	v = last(f, VERDICT_ACCEPT);
	assert_non_null(v);
	assert_string_equal(v->move, "B");
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, "b");
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_says(v, "S began sowing before the board was still after "
		    "N's B");
	assert_non_null(strstr(v->evidence, "counts=unsettled"));
	assert_int_equal(referee_plies(f->ref), 2);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

/* The same with N's seed into F sensed (the gate works again): S began
 * 0.5 s after it, sooner than the count source reports. Both taken. */
static void test_last_seed_seen_both_taken(void **state)
{
	struct fix *f = f_dead();

	(void)state;
	sow(f, 15.0, 0.3, "C D E F");
	sow(f, 16.4, 0.3, "c d e f S");
	feed(f, 18.1, OBS_SNAPSHOT, AFTER_BB);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	assert_int_equal(referee_plies(f->ref), 3);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_last_seed_unseen_next_held),
		cmocka_unit_test(test_last_seed_seen_both_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
