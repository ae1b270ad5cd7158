/*
 * test_series.c - the 40-point series (points from the patent's score
 * through the rules engine, the target, overshoot, draws 0-0, the
 * alternating first move) and the standings order of RULES.md.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "db/series.h"
#include "db/standings.h"
#include "rules/rules.h"

/* The patent's points of a finished Kalah position, via the rules ops. */
static void kalah_points(const char *options, const char *position,
			 struct rules_result *r)
{
	const struct rules *ops = rules_find("kalah");
	char err[RULES_ERR_MAX] = "", pos[256];
	struct rules_game *game = rules_game_new(ops, options, err,
						 sizeof(err));

	assert_non_null(game);
	assert_true(rules_position_size(game) <= sizeof(pos));
	if (ops->position_parse(game, position, pos, err, sizeof(err)) < 0)
		fail_msg("%s", err);
	ops->result(game, pos, r);
	rules_game_free(game);
}

static void test_points_from_patent_score(void **state)
{
	struct rules_result r;
	struct series_state s;
	char err[160];

	(void)state;
	/* 6 pits x 4 seeds: 30 seeds in South's store is 30 - 24 = 6. */
	kalah_points("", "0 0 0 0 0 0/0 0 0 0 0 0/30 18/S", &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.points[0], 6);
	assert_int_equal(r.points[1], 0);
	series_init(&s, SERIES_DEFAULT_TARGET);
	assert_int_equal(series_add_game(&s, r.points[0], r.points[1],
					 r.verdict == RULES_DRAW, err,
					 sizeof(err)), 0);
	assert_int_equal(s.total[0], 6);
	assert_int_equal(s.won[0], 1);
	/* A draw (24-24) counts 0-0. */
	kalah_points("", "0 0 0 0 0 0/0 0 0 0 0 0/24 24/S", &r);
	assert_int_equal(r.verdict, RULES_DRAW);
	assert_int_equal(series_add_game(&s, 5, 5, 1, err, sizeof(err)), 0);
	assert_int_equal(s.total[0], 6);
	assert_int_equal(s.total[1], 0);
	assert_int_equal(s.drawn, 1);
	assert_int_equal(s.games, 2);
}

static void test_ends_at_target_with_overshoot(void **state)
{
	struct series_state s;
	char err[160];
	int games = 0;

	(void)state;
	series_init(&s, 40);
	/* B scores 9 a game until 36, then A wins 3 and B wins once
	 * more with 8: 44, over the target, kept. */
	for (int i = 0; i < 4; i++, games++)
		assert_int_equal(series_add_game(&s, 0, 9, 0, err,
						 sizeof(err)), 0);
	assert_false(s.finished);
	assert_int_equal(s.total[1], 36);
	for (int i = 0; i < 3; i++, games++)
		series_add_game(&s, 12, 0, 0, err, sizeof(err));
	assert_false(s.finished);
	assert_int_equal(s.total[0], 36);
	series_add_game(&s, 0, 8, 0, err, sizeof(err));
	games++;
	assert_true(s.finished);
	assert_int_equal(s.winner, 1);
	assert_int_equal(s.total[1], 44);
	assert_int_equal(s.total[0], 36);
	assert_int_equal(s.games, games);
	assert_int_equal(s.won[0], 3);
	assert_int_equal(s.won[1], 5);
	/* Finished: no more games, totals unchanged. */
	assert_int_equal(series_add_game(&s, 5, 0, 0, err, sizeof(err)), -1);
	assert_string_equal(err,
		"the series is finished (36-44); it cannot take another game");
	assert_int_equal(s.total[0], 36);
	assert_int_equal(s.games, games);
}

static void test_other_targets_and_refusals(void **state)
{
	struct series_state s;
	char err[160];

	(void)state;
	series_init(&s, 5);
	series_add_game(&s, 4, 0, 0, err, sizeof(err));
	assert_false(s.finished);
	series_add_game(&s, 1, 0, 0, err, sizeof(err));
	assert_true(s.finished);
	assert_int_equal(s.winner, 0);
	series_init(&s, 5);
	assert_int_equal(series_add_game(&s, -1, 0, 0, err, sizeof(err)), -1);
	assert_int_equal(s.games, 0);
}

static void test_level_at_target_plays_on(void **state)
{
	struct series_state s;
	char err[160];

	(void)state;
	series_init(&s, 10);
	series_add_game(&s, 8, 0, 0, err, sizeof(err));
	/* Both reach 10 level in one game (a game scoring both sides). */
	series_add_game(&s, 2, 10, 0, err, sizeof(err));
	assert_int_equal(s.total[0], 10);
	assert_int_equal(s.total[1], 10);
	assert_false(s.finished);
	series_add_game(&s, 0, 1, 0, err, sizeof(err));
	assert_true(s.finished);
	assert_int_equal(s.winner, 1);
}

static void test_first_mover_alternates(void **state)
{
	(void)state;
	for (int first = 0; first < 2; first++)
		for (int g = 1; g <= 9; g++)
			assert_int_equal(series_first_mover(first, g),
					 g % 2 ? first : !first);
}

static void test_standings_tie_order(void **state)
{
	struct standing rows[6];

	(void)state;
	memset(rows, 0, sizeof(rows));
	/* seed, round reached, points for, points against */
	static const int data[6][4] = {
		{ 1, 2, 30, 20 },	/* diff +10, for 30 */
		{ 2, 2, 40, 30 },	/* diff +10, for 40: ahead of seed 1 */
		{ 3, 3, 0, 50 },	/* furthest round first, whatever points */
		{ 4, 2, 25, 5 },	/* diff +20: first of round 2 */
		{ 5, 1, 90, 0 },
		{ 6, 2, 30, 20 },	/* level with seed 1: by seed */
	};
	for (int i = 0; i < 6; i++) {
		rows[i].seed = data[i][0];
		rows[i].round_reached = data[i][1];
		rows[i].points_for = data[i][2];
		rows[i].points_against = data[i][3];
	}
	standings_sort(rows, 6);
	static const int want[6] = { 3, 4, 2, 1, 6, 5 };
	for (int i = 0; i < 6; i++)
		assert_int_equal(rows[i].seed, want[i]);
	assert_string_equal(standings_status_name(STANDING_CHAMPION),
			    "champion");
}

/* The places the last matches decide come first; in a round, who
 * played a game ranks before who went out by forfeit without one,
 * whatever the points. */
static void test_standings_places_and_forfeits(void **state)
{
	struct standing rows[7];

	(void)state;
	memset(rows, 0, sizeof(rows));
	/* seed, place, round reached, games played, points for, against */
	static const int data[7][6] = {
		{ 1, 4, 2, 2, 30, 10 },	/* lost the third-place match */
		{ 2, 1, 4, 3, 20, 20 },	/* champion */
		{ 3, 3, 2, 1, 5, 25 },	/* won the third-place match */
		{ 4, 2, 3, 0, 0, 0 },	/* runner-up by withdrawal */
		{ 5, 0, 1, 0, 0, 0 },	/* forfeited before any game */
		{ 6, 0, 1, 1, 0, 12 },	/* played and lost: ahead of 5 */
		{ 7, 0, 1, 1, 2, 8 },	/* diff -6: ahead of 6 */
	};
	for (int i = 0; i < 7; i++) {
		rows[i].seed = data[i][0];
		rows[i].place = data[i][1];
		rows[i].round_reached = data[i][2];
		rows[i].games_lost = data[i][3];
		rows[i].points_for = data[i][4];
		rows[i].points_against = data[i][5];
	}
	standings_sort(rows, 7);
	static const int want[7] = { 2, 4, 3, 1, 7, 6, 5 };
	for (int i = 0; i < 7; i++)
		assert_int_equal(rows[i].seed, want[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_points_from_patent_score),
		cmocka_unit_test(test_ends_at_target_with_overshoot),
		cmocka_unit_test(test_other_targets_and_refusals),
		cmocka_unit_test(test_level_at_target_plays_on),
		cmocka_unit_test(test_first_mover_alternates),
		cmocka_unit_test(test_standings_tie_order),
		cmocka_unit_test(test_standings_places_and_forfeits),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
