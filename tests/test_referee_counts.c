/*
 * test_referee_counts.c - the referee on hand-made observation streams
 * with snapshots: counts beside the drops, snapshots alone, the games'
 * sensing tables, and matching on a large board.
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
#include "referee/trace.h"

#include "tests/referee_fixture.h"

/* ---------------------------------------------------------- snapshots */

/* ------------------------------------------------ drops and counts */

/* A table with drop gates and a count source: the counts of the
 * start position tell the referee they come. */
static struct fix *counted(void)
{
	struct fix *f = started("");

	feed(f, 0.2, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(f->n, 1);		/* nothing moved: nothing said */
	return f;
}

static void test_counts_catch_a_seed_left_behind(void **state)
{
	static const int a_e[] = { PIT_A, PIT_E, -1 };
	struct fix *f = counted();

	(void)state;
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.0, OBS_BUTTON, "S");		/* waits for the counts */
	assert_int_equal(f->n, 1);
	feed(f, 2.2, OBS_SNAPSHOT, "1 5 5 5 4 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL, a_e);
	assert_says(last(f, VERDICT_FOUL), "the drops of a stop 1 seed short, "
		    "as the counts show (pit a reads 1, expected 0; pit e "
		    "reads 4, expected 5)");
	assert_non_null(strstr(last(f, VERDICT_FOUL)->evidence,
			       "counts=misplay:short@1"));
	fix_close(f);

	/* Two seeds dropped together in c: one pulse, the counts tell. */
	f = counted();
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 1.4, OBS_SNAPSHOT, "0 5 6 5 4 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_FOUL), "sowing a: two seeds fell in pit "
		    "c and none in pit e, as the counts show");
	fix_close(f);
}

/* Twelve seeds sown the wrong way round from pit a fill the same pits
 * as the legal sowing: the counts agree, the drops tell. */
static void test_counts_agree_yet_the_drops_show_it_backwards(void **state)
{
	struct fix *f = counted();

	(void)state;
	feed(f, 0.5, OBS_POSITION, "12 0 0 0 0 0/4 4 4 4 4 4/6 6/S");
	sow(f, 1.0, 0.1, "F E D C B A S f e d c b");
	feed(f, 3.0, OBS_SNAPSHOT, "0 1 1 1 1 1/5 5 5 5 5 5/7 6");
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	assert_says(last(f, VERDICT_FOUL), "sowing a the wrong way round");
	fix_close(f);
}

/* After the end, the counts tell the end being put away (the last
 * seeds swept, or not yet) from play after it, and a count misread. */
static void test_counts_show_play_after_the_end(void **state)
{
	static const int e_f_n[] = { 10, 11, STORE_N, -1 };	/* E, F, N */
	struct fix *f = counted();

	(void)state;
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/S");
	sow(f, 1.0, 0.3, "S");
	feed(f, 1.6, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	assert_says(last(f, VERDICT_OVER), "N wins 27-21");
	/* Not swept yet, swept in part, swept, one count misread. */
	feed(f, 3.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	feed(f, 4.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 0/21 25");
	feed(f, 5.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 0 0/21 27");
	feed(f, 6.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 1 0/21 27");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	/* Pit E sown after the end, its drops unsensed: the counts tell. */
	feed(f, 8.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 0 2/21 25");
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	assert_about(last(f, VERDICT_FOUL), CAUSE_AFTER_END, e_f_n);
	assert_says(last(f, VERDICT_FOUL), "the game is over: restore the "
		    "board (the counts show play after the end");
	assert_true(referee_restoring(f->ref));
	/* The board put back as it was left: restored, the game over. */
	feed(f, 12.0, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	assert_false(referee_restoring(f->ref));
	assert_false(referee_in_game(f->ref));
	fix_close(f);
}

static void test_counts_show_a_missed_pulse_harmless(void **state)
{
	static const int pit_e[] = { PIT_E, -1 };
	struct fix *f = counted();

	(void)state;
	sow(f, 1.0, 0.3, "b c d");		/* e's pulse missed */
	feed(f, 1.8, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_FOUL), 0);
	assert_about(last(f, VERDICT_WARN), CAUSE_SENSED_FAULT, pit_e);
	assert_says(last(f, VERDICT_WARN), "S plays a; sensor on pit e missed "
		    "a pulse (warning 1 in 40 plies); the counts agree");
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 1);
	/* A pulse no move made: the counts show the board unchanged. */
	feed(f, 4.0, OBS_DROP, "D");
	feed(f, 4.5, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_NOTE), CAUSE_STRAY, (int[]){ -1 });
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* A camera beside the drop gates: its ranges judge the sowing. */
static void test_counts_as_ranges_beside_the_drops(void **state)
{
	struct fix *f = counted();

	(void)state;
	/* a sown, its last drop missed by gate e: the frame's ranges fit
	 * a's board, which the drops alone could not settle. */
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.0, OBS_BUTTON, "S");
	feed(f, 2.2, OBS_SNAPSHOT, "0 4-6 3-7 3-7 4-7 4-6/3-6 3-6 3-6 3-6 3-6 3-6/0 0");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN), "the counts agree");
	fix_close(f);

	/* A seed left behind in a: the range there excludes the legal
	 * board, and the misplay's board fits. */
	f = counted();
	sow(f, 1.0, 0.3, "b c d");
	feed(f, 2.0, OBS_BUTTON, "S");
	feed(f, 2.2, OBS_SNAPSHOT, "1-2 4-6 4-6 4-6 4 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_FOUL), CAUSE_ILLEGAL,
		     (int[]){ PIT_A, PIT_E, -1 });
	assert_says(last(f, VERDICT_FOUL), "pit a reads 1-2, expected 0");
	fix_close(f);
}

static void test_counts_settle_a_held_move(void **state)
{
	struct fix *f = counted();

	(void)state;
	/* No counts within two quiet periods (the hand may pause that
	 * long with pieces in it): judged by the drops, but a table with
	 * a count source takes nothing its counts have not shown. */
	sow(f, 1.0, 0.3, "b c d e");
	tick(f, 7.5);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	feed(f, 8.0, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_ACCEPT), CAUSE_CONFIRMED, (int[]){ -1 });
	assert_says(last(f, VERDICT_ACCEPT), "S plays a; confirmed by the "
		    "counts");
	fix_close(f);

	/* The last move: its counts may come before the sweep. */
	f = counted();
	feed(f, 0.5, OBS_POSITION, "0 0 0 0 0 1/0 0 0 0 2 1/20 24/S");
	sow(f, 1.0, 0.3, "S");
	feed(f, 1.3, OBS_SNAPSHOT, "0 0 0 0 0 0/0 0 0 0 2 1/21 24");
	assert_says(last(f, VERDICT_OVER), "N wins 27-21");
	assert_says(last(f, VERDICT_ACCEPT), "S plays f");
	fix_close(f);
}

static void test_snapshot_exact_chain_of_extra_turns(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* c (extra turn) then f: 4 4 0 5 5 0/5 5 5 5 4 4/2 0 */
	feed(f, 5.0, OBS_SNAPSHOT, "4 4 0 5 5 0/5 5 5 5 4 4/2 0");
	assert_int_equal(count(f, VERDICT_ACCEPT), 2);
	assert_string_equal(f->v[f->n - 2].move, "c");
	assert_string_equal(f->v[f->n - 1].move, "f");
	assert_string_equal(position(f), "4 4 0 5 5 0/5 5 5 5 4 4/2 0/N");
	fix_close(f);
}

static void test_snapshot_within_tolerance(void **state)
{
	struct referee_config cfg;
	struct fix *f = started("");

	(void)state;
	/* a, with pit c misread as 6 instead of 5. */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6 5 5 4/4 4 4 4 4 4/0 0");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN), "pit c reads 6, expected 5");
	fix_close(f);

	referee_config_default(&cfg);
	cfg.snapshot_confirm = 1;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6 5 5 4/4 4 4 4 4 4/0 0");
	assert_string_equal(last(f, VERDICT_HOLD)->move, "a");
	fix_close(f);
}

static void test_snapshot_ranges(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* Piles read as ranges: b (4 -> 0) fits alone. */
	feed(f, 5.0, OBS_SNAPSHOT, "4 0 5-7 4-6 5 5/4-9 4 4 4 4 4/0-2 0");
	assert_about(last(f, VERDICT_ACCEPT), CAUSE_SENSED, (int[]){ -1 });
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	fix_close(f);

	/* Ranges that fit two moves (a and b both leave a pit empty that
	 * the camera could not tell): held, not taken. */
	f = started("");
	feed(f, 5.0, OBS_SNAPSHOT, "0-4 0-5 5 5 5 4-5/4 4 4 4 4 4/0 0");
	assert_about(last(f, VERDICT_HOLD), CAUSE_AMBIGUOUS, (int[]){ -1 });
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	fix_close(f);

	/* A board one seed outside a range: taken with a warning that
	 * quotes the range. */
	f = started("");
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 6-7 5 5 4/4 4 4 4 4 4/0 0");
	assert_string_equal(last(f, VERDICT_WARN)->move, "a");
	assert_says(last(f, VERDICT_WARN), "pit c reads 6-7, expected 5");
	feed(f, 6.0, OBS_SNAPSHOT, "0 5 5 5 5 4/4 4 4 4 4 4/0 3-1");
	assert_says(last(f, VERDICT_NOTE), "runs backwards");
	fix_close(f);
}

static void test_snapshot_far_from_any_move_is_a_foul(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 5.0, OBS_SNAPSHOT, "0 0 9 5 5 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_FOUL), "no legal move of S leads to the board seen");
	/* The board put back as it was ends the foul. */
	feed(f, 9.0, OBS_SNAPSHOT, "4 4 4 4 4 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_NOTE), "board restored");
	fix_close(f);
}

static void test_snapshot_of_a_sowing_in_progress_waits(void **state)
{
	struct fix *f = started("");

	(void)state;
	/* a lifted, two of its four seeds sown. */
	feed(f, 5.0, OBS_SNAPSHOT, "0 5 5 4 4 4/4 4 4 4 4 4/0 0");
	assert_int_equal(f->n, 1);
	feed(f, 6.0, OBS_SNAPSHOT, "x 5 5 4 4 4/4 4 4 4 4 4/0 0");
	assert_says(last(f, VERDICT_NOTE), "unreadable snapshot ignored");
	fix_close(f);
}

/* ------------------------------------------------------ sensing tables */

static void test_kalah_table_reads_and_writes_its_snapshots(void **state)
{
	const struct sensing *s = sensing_find("kalah");
	struct rules_game *game;
	int counts[SENSE_HOLES_MAX], back[SENSE_HOLES_MAX];
	char text[OBS_TEXT_MAX], err[256];
	unsigned char pos[256];

	(void)state;
	game = rules_game_new(rules_find("kalah"), "pits=4 pie", err,
			      sizeof(err));
	assert_non_null(game);
	assert_true(rules_position_size(game) <= sizeof(pos));
	game->ops->start(game, pos);
	s->counts(game, pos, counts);
	assert_int_equal(s->snapshot_format(game, counts, text, sizeof(text)),
			 0);
	assert_string_equal(text, "4 4 4 4/4 4 4 4/0 0");
	assert_int_equal(s->snapshot_format(game, counts, text, 10), -1);
	assert_int_equal(s->snapshot_parse(game, "0 5 5 5/4 4 4 4/0 0", back,
					   err, sizeof(err)), 0);
	assert_int_equal(back[0], 0);
	assert_int_equal(back[3], 5);
	assert_int_equal(s->snapshot_parse(game, "0 5 5 5/4 4 4 4", back, err,
					   sizeof(err)), -1);
	assert_string_equal(err, "snapshot: 8 counts for a board of 10 holes");
	/* a lifted, one of its four seeds sown: a move under way. */
	assert_int_equal(s->snapshot_parse(game, "0 5 4 4/4 4 4 4/0 0", back,
					   err, sizeof(err)), 0);
	assert_true(s->under_way(game, pos, back));
	assert_false(s->under_way(game, pos, counts));
	rules_game_free(game);
}

static void test_kalah_table_hides_the_swap_from_snapshots(void **state)
{
	const struct sensing *s = sensing_find("kalah");
	struct rules_game *game;
	struct rules_move moves[16], move;
	unsigned char pos[256];
	char err[256];
	size_t n;
	int swaps = 0;

	(void)state;
	game = rules_game_new(rules_find("kalah"), "pie", err, sizeof(err));
	assert_non_null(game);
	game->ops->start(game, pos);
	assert_int_equal(game->ops->move_parse(game, pos, "a", &move, err,
					       sizeof(err)), 0);
	assert_true(s->sensed(game, pos, &move));
	assert_int_equal(game->ops->apply(game, pos, &move, NULL, err,
					  sizeof(err)), 0);
	n = game->ops->legal_moves(game, pos, moves, 16);
	for (size_t m = 0; m < n; m++)
		swaps += !s->sensed(game, pos, &moves[m]);
	assert_int_equal(swaps, 1);	/* the pie rule's swap */
	rules_game_free(game);
}

static void test_a_game_of_entries_only(void **state)
{
	struct fix *f = calloc(1, sizeof(*f));
	char err[256] = "";

	(void)state;
	assert_non_null(f);
	f->ref = referee_new(1, "codegame", "players=2", NULL, on_verdict, f,
			     err, sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	assert_int_equal(referee_lines(f->ref, NULL), 0);
	feed(f, 1.0, OBS_START, NULL);
	feed(f, 2.0, OBS_DROP, "a");
	assert_about(last(f, VERDICT_NOTE), CAUSE_UNKNOWN_PLACE, (int[]){ -1 });
	assert_says(last(f, VERDICT_NOTE), "drop in unknown hole 'a' ignored");
	feed(f, 3.0, OBS_SNAPSHOT, "1 2 3");
	assert_about(last(f, VERDICT_NOTE), CAUSE_SNAPSHOT_BAD, (int[]){ -1 });
	feed(f, 4.0, OBS_BUTTON, "1");
	feed(f, 5.0, OBS_LIFT, "a");
	assert_int_equal(f->n, 3);		/* nothing said of either */
	assert_int_equal(referee_deadline(f->ref), 0);
	fix_close(f);
}

/* A 15x15 board: places up to 224, aligned like any other. */
static void test_matching_on_a_board_of_225_places(void **state)
{
	enum { N = 225 };
	struct match_board board = { .holes = N };
	static struct sense_expect e;
	static uint16_t cost[(MATCH_OBS_MAX + 1) * 4];
	static uint8_t step[(MATCH_OBS_MAX + 1) * 4];
	const uint8_t drops[] = { 3, 224, 200, 200 };
	const uint64_t at[] = { 0, 300000, 700000, 900000 };
	struct match_table t;
	struct match_result r;

	(void)state;
	board.adjacent = calloc(N * N, 1);
	assert_non_null(board.adjacent);
	board.adjacent[224 * N + 100] = board.adjacent[100 * N + 224] = 1;
	match_board_costs(&board, 50, 50);
	/* 3, 100, 224 in order, then two pieces carried to 200. */
	e.npath = 3;
	e.path[0] = 3;
	e.path[1] = 100;
	e.path[2] = 224;
	e.ntail = 2;
	e.tail[200] = 2;
	assert_true(match_cells(&e) <= (int)(sizeof(cost) / sizeof(cost[0])));
	match_start(&board, &e, &t, cost, step);
	for (int n = 1; n <= 4; n++)
		match_push(&board, &e, &t, drops, at, n);
	match_whole(&board, &e, &t, drops, at, 4, 1, &r);
	assert_int_equal(r.cost, 50);
	assert_int_equal(r.tail_sensed, 2);
	assert_int_equal(r.ndev, 1);
	assert_int_equal(r.dev[0].step, STEP_MISS);
	assert_int_equal(r.dev[0].expected, 100);
	/* With the line of 100 dead, its drop is not missed. */
	board.free_miss[100] = 1;
	match_start(&board, &e, &t, cost, step);
	for (int n = 1; n <= 4; n++)
		match_push(&board, &e, &t, drops, at, n);
	match_whole(&board, &e, &t, drops, at, 4, 1, &r);
	assert_int_equal(r.cost, 0);
	assert_int_equal(r.free_misses, 1);
	free(board.adjacent);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_catch_a_seed_left_behind),
		cmocka_unit_test(test_counts_show_a_missed_pulse_harmless),
		cmocka_unit_test(test_counts_show_play_after_the_end),
		cmocka_unit_test(test_counts_agree_yet_the_drops_show_it_backwards),
		cmocka_unit_test(test_counts_as_ranges_beside_the_drops),
		cmocka_unit_test(test_counts_settle_a_held_move),
		cmocka_unit_test(test_snapshot_exact_chain_of_extra_turns),
		cmocka_unit_test(test_snapshot_within_tolerance),
		cmocka_unit_test(test_snapshot_ranges),
		cmocka_unit_test(test_snapshot_far_from_any_move_is_a_foul),
		cmocka_unit_test(test_snapshot_of_a_sowing_in_progress_waits),
		cmocka_unit_test(test_kalah_table_reads_and_writes_its_snapshots),
		cmocka_unit_test(test_kalah_table_hides_the_swap_from_snapshots),
		cmocka_unit_test(test_a_game_of_entries_only),
		cmocka_unit_test(test_matching_on_a_board_of_225_places),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
