/*
 * test_referee_next_tail.c - the mover's next move, begun at once when
 * it moves again, read from its drops with its tail: the pieces a
 * capture carries into the store are that move's own drops, not extra
 * pulses. A mover whose one seed fell in its own store moves again at
 * once, and its next sowing's capture is carried in before any pause:
 * both moves are taken.
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

#include "tests/referee_fixture.h"

/* Path 1 2 3, then two pieces carried to 9: the drops 1 2 3 9 begin it
 * exactly, 1 2 3 9 9 9 with one extra pulse, 1 3 9 with a miss. */
static void test_begun_with_its_tail(void **state)
{
	enum { N = 12 };
	struct match_board board = { .holes = N };
	static struct sense_expect e;
	static uint16_t rows[3 * (SENSE_PATH_MAX + 1)];
	const uint8_t drops[] = { 1, 2, 3, 9, 9, 9 }, missed[] = { 1, 3, 9 };
	const uint64_t at[] = { 0, 300000, 600000, 900000, 1100000, 1300000 };

	(void)state;
	board.adjacent = calloc(N * N, 1);
	assert_non_null(board.adjacent);
	match_board_costs(&board, 50, 40);
	e.origin = 0;
	e.npath = 3;
	e.path[0] = 1;
	e.path[1] = 2;
	e.path[2] = 3;
	e.ntail = 2;
	e.tail[9] = 2;
	assert_int_equal(match_cost_begun(&board, &e, drops, at, 3, rows), 0);
	assert_int_equal(match_cost_begun(&board, &e, drops, at, 4, rows), 0);
	assert_int_equal(match_cost_begun(&board, &e, drops, at, 5, rows), 0);
	assert_int_equal(match_cost_begun(&board, &e, drops, at, 6, rows), 40);
	/* (the path alone: each tail pulse extra) */
	assert_int_equal(match_cost(&board, e.path, 3, 0, drops, at, 5, 1,
				    rows), 80);
	assert_int_equal(match_cost_begun(&board, &e, missed, at, 3, rows), 50);
	free(board.adjacent);
}

/* Game after game of S's c (d e f S, moving again): a board whose store
 * S has sensed `games` seeds, none missed, none extra. */
static double store_trusted(struct fix *f, int games)
{
	double t = 0;
	int taken = 0;

	for (int g = 0; g < games; g++, t += 5) {
		f->n = 0;
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, 0.3, "d e f S");
		tick(f, t + 4.5);
		taken += count(f, VERDICT_ACCEPT);
	}
	assert_int_equal(taken, games);
	assert_int_equal(referee_line(f->ref, STORE_S)->extras, 0);
	return t;
}

/* S's f (one seed, into store S: S moves again), then 0.59 s later S's
 * c (d e f, the last into f emptied: a capture of 2 carried to S). */
static void test_capture_after_moving_again_is_taken(void **state)
{
	const struct verdict *m[4];
	struct fix *f = started("");
	double t = store_trusted(f, 600);

	(void)state;
	f->n = 0;
	feed(f, t, OBS_POSITION, "4 4 3 0 0 1/1 5 5 5 4 4/12 0/S");
	feed(f, t + 1.0, OBS_DROP, "S");
	feed(f, t + 1.589, OBS_DROP, "d");
	feed(f, t + 1.976, OBS_DROP, "e");
	feed(f, t + 2.450, OBS_DROP, "f");
	feed(f, t + 3.458, OBS_DROP, "S");
	feed(f, t + 3.687, OBS_DROP, "S");
	feed(f, t + 4.1, OBS_BUTTON, "S");
	tick(f, t + 30);
	if (count(f, VERDICT_FOUL) != 0 || moves(f, m, 4) != 2)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 4), 2);
	assert_string_equal(m[0]->move, "f");
	assert_int_equal(m[0]->kind, VERDICT_ACCEPT);
	assert_string_equal(m[1]->move, "c");
	assert_int_equal(m[1]->kind, VERDICT_ACCEPT);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_begun_with_its_tail),
		cmocka_unit_test(test_capture_after_moving_again_is_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
