/*
 * test_kalah_rules.c - one test per rule of RULES.md §1 (Kalah), each on
 * a hand-built position, named after the rule it checks.
 *
 * Pit layout in the texts: South a..f / North A..F / stores S N / side.
 * The opposite of a is F, of b is E, ..., of f is A.
 */
#include "config.h"

#include <stdlib.h>

#include "tests/kalah_util.h"

struct fixture {
	struct rules_game *game;
	struct kalah_pos pos;
};

/* Plays `move` from `from` and checks the position text and flags. */
static struct rules_outcome check_move(const char *options, const char *from,
				       const char *move, const char *to,
				       unsigned flags)
{
	struct rules_game *game = kgame(options);
	struct kalah_pos pos;
	struct rules_outcome out;

	kset(game, &pos, from);
	out = kplay(game, &pos, move);
	assert_string_equal(ktext(game, &pos), to);
	assert_int_equal(out.flags, flags);
	rules_game_free(game);
	return out;
}

static void test_start_position(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos pos;

	(void)state;
	kalah_rules.start(game, &pos);
	assert_string_equal(ktext(game, &pos), "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
	assert_int_equal(kalah_rules.to_move(game, &pos).seat, KALAH_SOUTH);
	rules_game_free(game);

	game = kgame("pits=3 seeds=6");
	kalah_rules.start(game, &pos);
	assert_string_equal(ktext(game, &pos), "6 6 6/6 6 6/0 0/S");
	rules_game_free(game);

	game = kgame("pits=8 seeds=12 first=N");
	kalah_rules.start(game, &pos);
	assert_string_equal(ktext(game, &pos),
			    "12 12 12 12 12 12 12 12/12 12 12 12 12 12 12 12/0 0/N");
	assert_int_equal(kalah_rules.to_move(game, &pos).seat, KALAH_NORTH);
	rules_game_free(game);
}

static void test_sowing_counter_clockwise_one_per_hole(void **state)
{
	(void)state;
	/* South's d: 4 seeds into e, f, S store, A. */
	check_move("", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S", "d",
		   "4 4 4 0 5 5/5 4 4 4 4 4/1 0/N", 0);
	/* North's C: 4 seeds into D, E, F, N store. */
	check_move("", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/N", "C",
		   "4 4 4 4 4 4/4 4 0 5 5 5/0 1/N", RULES_EXTRA_TURN);
	/* North's F: 4 seeds into N store, a, b, c. */
	check_move("", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/N", "F",
		   "5 5 5 4 4 4/4 4 4 4 4 0/0 1/S", 0);
}

static void test_sowing_skips_opponent_store(void **state)
{
	(void)state;
	/* f with 8: S store, A..F, not N's store, then a. */
	check_move("", "1 0 0 0 0 8/1 1 1 1 1 1/20 13/S", "f",
		   "2 0 0 0 0 0/2 2 2 2 2 2/21 13/N", 0);
	/* North's A with 8: B..F, N store, a..b; S's store skipped after f. */
	check_move("", "1 1 1 1 1 1/8 0 0 0 0 1/20 13/N", "A",
		   "2 2 1 1 1 1/0 1 1 1 1 2/20 14/S", 0);
	/* North's F with 13: N store, a..f, not S's store, A..E, then the
	 * emptied F itself: a capture with a. */
	check_move("", "1 1 1 1 1 1/0 0 0 0 0 13/10 19/N", "F",
		   "0 2 2 2 2 2/1 1 1 1 1 0/10 23/S", RULES_CAPTURE);
}

static void test_lap_over_13_seeds(void **state)
{
	struct rules_outcome out;

	(void)state;
	/* a with 13: b..f, S, A..F, skip N, back into the emptied a, which
	 * now holds 1: capture with F (which got a seed on the way). */
	out = check_move("", "13 0 0 0 0 0/1 1 1 1 1 1/20 9/S", "a",
			 "0 1 1 1 1 1/2 2 2 2 2 0/24 9/N", RULES_CAPTURE);
	assert_int_equal(out.captured, 3);
	/* 14 seeds: a full lap and one more seed into b. */
	check_move("", "14 0 0 0 0 0/1 1 1 1 1 1/20 8/S", "a",
		   "1 2 1 1 1 1/2 2 2 2 2 2/21 8/N", 0);
	/* 27 seeds (two laps + 1) on a 6-pit board. */
	check_move("", "27 0 0 0 0 0/0 0 0 0 0 1/10 10/S", "a",
		   "2 3 2 2 2 2/2 2 2 2 2 3/12 10/N", 0);
}

static void test_extra_turn_last_seed_in_own_store(void **state)
{
	struct rules_outcome out;

	(void)state;
	out = check_move("", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S", "c",
			 "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S", RULES_EXTRA_TURN);
	assert_int_equal(out.next.seat, KALAH_SOUTH);
	/* A lap that ends in the own store also earns the extra turn. */
	check_move("", "0 0 0 0 0 14/0 0 0 0 0 1/20 13/S", "f",
		   "1 1 1 1 1 1/1 1 1 1 1 2/22 13/S", RULES_EXTRA_TURN);
}

static void test_extra_turn_not_when_game_ends(void **state)
{
	struct rules_outcome out;

	(void)state;
	out = check_move("", "0 0 0 0 0 1/4 4 4 4 4 4/10 13/S", "f",
			 "0 0 0 0 0 0/0 0 0 0 0 0/11 37/-",
			 RULES_GAME_OVER | RULES_SWEEP);
	assert_int_equal(out.next.seat, -1);
}

static void test_turn_passes_otherwise(void **state)
{
	struct rules_outcome out;

	(void)state;
	out = check_move("", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S", "a",
			 "0 5 5 5 5 4/4 4 4 4 4 4/0 0/N", 0);
	assert_int_equal(out.next.seat, KALAH_NORTH);
}

static void test_capture_own_empty_pit(void **state)
{
	struct rules_outcome out;

	(void)state;
	/* b's seed lands in the empty c: c's seed and D's 3 are banked. */
	out = check_move("", "2 1 0 0 0 0/4 4 4 3 4 4/10 12/S", "b",
			 "2 0 0 0 0 0/4 4 4 0 4 4/14 12/N", RULES_CAPTURE);
	assert_int_equal(out.captured, 4);
	/* North captures too: B's seed lands in the empty C, opposite d. */
	out = check_move("", "4 4 4 5 4 4/0 1 0 4 4 4/0 10/N", "B",
			 "4 4 4 0 4 4/0 0 0 4 4 4/0 16/S", RULES_CAPTURE);
	assert_int_equal(out.captured, 6);
}

static void test_capture_after_a_lap(void **state)
{
	(void)state;
	/* b with 13 seeds laps and ends in its own emptied pit b. */
	check_move("", "0 13 0 0 0 0/0 0 0 0 0 1/20 14/S", "b",
		   "1 0 1 1 1 1/1 1 1 1 0 2/23 14/N", RULES_CAPTURE);
}

static void test_no_capture_onto_nonempty_own_pit(void **state)
{
	(void)state;
	check_move("", "2 1 1 0 0 0/4 4 4 3 4 4/10 11/S", "b",
		   "2 0 2 0 0 0/4 4 4 3 4 4/10 11/N", 0);
}

static void test_no_capture_in_opponent_empty_pit(void **state)
{
	(void)state;
	check_move("", "0 0 0 0 1 2/0 4 4 4 4 4/10 15/S", "f",
		   "0 0 0 0 1 0/1 4 4 4 4 4/11 15/N", 0);
}

static void test_standard_capture_needs_opposite_seeds(void **state)
{
	(void)state;
	/* c is empty, D is empty: the lone seed stays in c. */
	check_move("", "2 1 0 0 0 0/4 4 4 0 4 4/10 15/S", "b",
		   "2 0 1 0 0 0/4 4 4 0 4 4/10 15/N", 0);
}

static void test_empty_capture_banks_lone_seed(void **state)
{
	struct rules_outcome out;

	(void)state;
	out = check_move("empty-capture", "2 1 0 0 0 0/4 4 4 0 4 4/10 15/S", "b",
			 "2 0 0 0 0 0/4 4 4 0 4 4/11 15/N", RULES_CAPTURE);
	assert_int_equal(out.captured, 1);
	/* With seeds opposite it is the ordinary capture. */
	out = check_move("empty-capture", "2 1 0 0 0 0/4 4 4 3 4 4/10 12/S",
			 "b", "2 0 0 0 0 0/4 4 4 0 4 4/14 12/N", RULES_CAPTURE);
	assert_int_equal(out.captured, 4);
}

static void test_end_when_mover_empties_own_side_sweep_to_owner(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos pos;
	struct rules_result r;

	(void)state;
	kset(game, &pos, "0 0 0 0 0 1/0 0 0 0 2 3/20 22/S");
	assert_int_equal(kplay(game, &pos, "f").flags,
			 RULES_GAME_OVER | RULES_SWEEP);
	assert_string_equal(ktext(game, &pos), "0 0 0 0 0 0/0 0 0 0 0 0/21 27/-");
	kalah_rules.result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, KALAH_NORTH);
	assert_int_equal(r.score[0], 21);
	assert_int_equal(r.score[1], 27);
	assert_int_equal(kalah_rules.to_move(game, &pos).seat, -1);
	assert_int_equal(kalah_rules.legal_moves(game, &pos, NULL, 0), 0);
	rules_game_free(game);
}

static void test_no_sweep_leaves_seeds_uncounted(void **state)
{
	struct rules_game *game = kgame("no-sweep");
	struct kalah_pos pos;
	struct rules_result r;

	(void)state;
	kset(game, &pos, "0 0 0 0 0 1/0 0 0 0 2 3/20 22/S");
	assert_int_equal(kplay(game, &pos, "f").flags, RULES_GAME_OVER);
	assert_string_equal(ktext(game, &pos), "0 0 0 0 0 0/0 0 0 0 2 3/21 22/-");
	kalah_rules.result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, KALAH_NORTH);
	assert_int_equal(r.score[1], 22);
	assert_int_equal(r.points[0], 0);
	assert_int_equal(r.points[1], 0);
	rules_game_free(game);
}

static void test_end_when_opponent_side_emptied(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos pos;
	struct rules_result r;
	struct rules_outcome out;

	(void)state;
	/* a's seed lands in b and captures E's 3, North's last seeds. */
	kset(game, &pos, "1 0 2 0 0 0/0 0 0 0 3 0/20 22/S");
	out = kplay(game, &pos, "a");
	assert_int_equal(out.flags, RULES_CAPTURE | RULES_GAME_OVER | RULES_SWEEP);
	assert_int_equal(out.captured, 4);
	assert_string_equal(ktext(game, &pos), "0 0 0 0 0 0/0 0 0 0 0 0/26 22/-");
	kalah_rules.result(game, &pos, &r);
	assert_int_equal(r.winner, KALAH_SOUTH);
	assert_int_equal(r.points[0], 2);
	assert_int_equal(r.points[1], 0);
	rules_game_free(game);
}

static void test_draw_equal_stores(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos pos;
	struct rules_result r;

	(void)state;
	kset(game, &pos, "0 0 0 0 0 1/0 0 0 0 0 1/23 23/S");
	kplay(game, &pos, "f");
	kalah_rules.result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_DRAW);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.score[0], 24);
	assert_int_equal(r.score[1], 24);
	assert_int_equal(r.points[0], 0);
	assert_int_equal(r.points[1], 0);
	rules_game_free(game);
}

static void test_patent_score_four_to_nothing(void **state)
{
	struct rules_game *game = kgame("seeds=6");
	struct kalah_pos pos;
	struct rules_result r;

	(void)state;
	/* 40 against 32 with 36 seeds a side: the winner restores 36 and
	 * scores 4; the loser cannot restore his 36 and scores 0. */
	kset(game, &pos, "0 0 0 0 0 1/0 0 0 0 0 3/39 29/S");
	kplay(game, &pos, "f");
	kalah_rules.result(game, &pos, &r);
	assert_int_equal(r.score[0], 40);
	assert_int_equal(r.score[1], 32);
	assert_int_equal(r.points[0], 4);
	assert_int_equal(r.points[1], 0);
	rules_game_free(game);

	/* Mid-game the score is already the patent's count. */
	game = kgame("pits=3 seeds=3");
	kset(game, &pos, "1 0 0/1 0 0/13 3/S");
	kalah_rules.result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_ONGOING);
	assert_int_equal(r.points[0], 4);
	assert_int_equal(r.points[1], 0);
	rules_game_free(game);
}

static void test_cross_odd_sown_clockwise(void **state)
{
	(void)state;
	/* c holds 3: clockwise b, a, then F (N's store is skipped). */
	check_move("cross", "0 0 3 1 0 0/4 4 4 4 4 4/10 10/S", "c",
		   "1 1 0 1 0 0/4 4 4 4 4 5/10 10/N", 0);
	/* The same position without cross: d, e, f and a capture. */
	check_move("", "0 0 3 1 0 0/4 4 4 4 4 4/10 10/S", "c",
		   "0 0 0 2 1 0/0 4 4 4 4 4/15 10/N", RULES_CAPTURE);
	/* North's A holds 1: clockwise past S's store (skipped) into f. */
	check_move("cross", "1 0 0 0 0 0/1 4 4 4 4 4/10 16/N", "A",
		   "1 0 0 0 0 1/0 4 4 4 4 4/10 16/S", 0);
	/* North's A holds 7: f..a then its own store: extra turn. */
	check_move("cross", "1 1 1 1 1 1/7 1 0 0 0 0/12 22/N", "A",
		   "2 2 2 2 2 2/0 1 0 0 0 0/12 23/N", RULES_EXTRA_TURN);
}

static void test_cross_even_sown_counter_clockwise(void **state)
{
	struct rules_outcome out;

	(void)state;
	out = check_move("cross", "0 0 0 2 1 0/4 4 4 4 4 4/10 11/S", "d",
			 "0 0 0 0 2 0/0 4 4 4 4 4/15 11/N", RULES_CAPTURE);
	assert_int_equal(out.captured, 5);
	check_move("cross", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S", "c",
		   "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S", RULES_EXTRA_TURN);
}

static void test_cross_odd_lap(void **state)
{
	(void)state;
	/* a holds 13 (odd): clockwise F..A, S, f..b, then a itself:
	 * a capture with F after the lap. */
	check_move("cross", "13 0 0 0 0 0/1 1 1 1 1 1/20 9/S", "a",
		   "0 1 1 1 1 1/2 2 2 2 2 0/24 9/N", RULES_CAPTURE);
}

static size_t count_swaps(const struct rules_game *game,
			  const struct kalah_pos *pos)
{
	struct rules_move moves[KALAH_PITS_MAX + 1];
	size_t n = kalah_rules.legal_moves(game, pos, moves, 9), swaps = 0;
	char text[8];

	for (size_t i = 0; i < n; i++) {
		assert_int_equal(kalah_rules.move_format(game, pos, &moves[i],
							 text, sizeof(text)), 0);
		swaps += strcmp(text, "swap") == 0;
	}
	return swaps;
}

static void test_pie_swap_after_first_complete_turn(void **state)
{
	struct rules_game *game = kgame("pie");
	struct kalah_pos pos;
	struct rules_outcome out;

	(void)state;
	kalah_rules.start(game, &pos);
	assert_string_equal(ktext(game, &pos),
			    "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/pie=first");
	assert_int_equal(count_swaps(game, &pos), 0);
	/* The first turn includes its extra turn. */
	kplay(game, &pos, "c");
	assert_string_equal(ktext(game, &pos),
			    "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S/pie=first");
	assert_int_equal(count_swaps(game, &pos), 0);
	kplay(game, &pos, "f");
	assert_string_equal(ktext(game, &pos),
			    "4 4 0 5 5 0/5 5 5 5 4 4/2 0/N/pie=offer");
	assert_int_equal(count_swaps(game, &pos), 1);
	assert_int_equal(kalah_rules.legal_moves(game, &pos, NULL, 0), 7);

	out = kplay(game, &pos, "swap");
	assert_int_equal(out.flags, RULES_SWAP);
	/* Same board; North is now the first player's side, and it moves. */
	assert_string_equal(ktext(game, &pos),
			    "4 4 0 5 5 0/5 5 5 5 4 4/2 0/N/swapped");
	assert_int_equal(out.next.seat, KALAH_NORTH);
	assert_text_contains(krefuse(game, &pos, "swap"), "only the second player");
	kplay(game, &pos, "A");
	assert_string_equal(ktext(game, &pos),
			    "4 4 0 5 5 0/0 6 6 6 5 5/2 0/S/swapped");
	rules_game_free(game);
}

static void test_pie_declined_by_sowing(void **state)
{
	struct rules_game *game = kgame("pie");
	struct kalah_pos pos;

	(void)state;
	kset(game, &pos, "4 4 0 5 5 0/5 5 5 5 4 4/2 0/N/pie=offer");
	/* B's 5 seeds end in N's store: an extra turn, and no more swap. */
	assert_int_equal(kplay(game, &pos, "B").flags, RULES_EXTRA_TURN);
	assert_string_equal(ktext(game, &pos), "4 4 0 5 5 0/5 0 6 6 5 5/2 1/N");
	assert_int_equal(count_swaps(game, &pos), 0);
	assert_text_contains(krefuse(game, &pos, "swap"), "only the second player");
	rules_game_free(game);

	game = kgame("");
	kalah_rules.start(game, &pos);
	assert_text_contains(krefuse(game, &pos, "swap"), "no pie rule");
	rules_game_free(game);
}

static void test_teams_take_turns_in_order(void **state)
{
	struct rules_game *game = kgame("teams=3");
	struct kalah_pos pos;
	struct rules_turn turn;

	(void)state;
	kalah_rules.start(game, &pos);
	turn = kalah_rules.to_move(game, &pos);
	assert_int_equal(turn.seat, KALAH_SOUTH);
	assert_int_equal(turn.member, 0);
	assert_int_equal(turn.members, 3);
	/* An extra turn stays with the same member. */
	kplay(game, &pos, "c");
	assert_int_equal(kalah_rules.to_move(game, &pos).member, 0);
	kplay(game, &pos, "a");
	turn = kalah_rules.to_move(game, &pos);
	assert_int_equal(turn.seat, KALAH_NORTH);
	assert_int_equal(turn.member, 0);
	kplay(game, &pos, "A");
	turn = kalah_rules.to_move(game, &pos);
	assert_int_equal(turn.seat, KALAH_SOUTH);
	assert_int_equal(turn.member, 1);
	assert_text_contains(ktext(game, &pos), "/team=2.2");
	/* From here on, a random game: each player's member advances by one
	 * (modulo 3) after each of his turns that did not earn an extra
	 * turn. */
	{
		int expect[2] = { 1, 1 };
		unsigned seed = 7;

		while ((turn = kalah_rules.to_move(game, &pos)).seat >= 0) {
			struct rules_move moves[9];
			size_t n = kalah_rules.legal_moves(game, &pos, moves, 9);
			struct rules_outcome out;

			assert_int_equal(turn.member, expect[turn.seat]);
			seed = seed * 1103515245u + 12345u;
			assert_int_equal(kalah_rules.apply(game, &pos,
				&moves[(seed >> 16) % n], &out, NULL, 0), 0);
			if (!(out.flags & (RULES_EXTRA_TURN | RULES_GAME_OVER)))
				expect[turn.seat] = (expect[turn.seat] + 1) % 3;
		}
	}
	rules_game_free(game);

	/* The bare option means teams of two. */
	game = kgame("teams");
	kalah_rules.start(game, &pos);
	assert_int_equal(kalah_rules.to_move(game, &pos).members, 2);
	rules_game_free(game);
}

static void test_illegal_moves_refused_with_reason(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos pos;

	(void)state;
	kalah_rules.start(game, &pos);
	assert_string_equal(krefuse(game, &pos, "A"),
			    "pit A is North's; South (S) is to move");
	kset(game, &pos, "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S");
	assert_string_equal(krefuse(game, &pos, "c"), "pit c is empty");
	assert_text_contains(krefuse(game, &pos, "g"), "'g' is not a move");
	assert_text_contains(krefuse(game, &pos, "cc"), "is not a move");
	assert_text_contains(krefuse(game, &pos, ""), "is not a move");
	kset(game, &pos, "0 0 0 0 0 0/0 0 0 0 0 0/24 24/-");
	assert_string_equal(krefuse(game, &pos, "a"), "the game is over");
	rules_game_free(game);
}

static void test_legal_moves_are_nonempty_own_pits(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos pos;
	struct rules_move moves[9];
	char text[8];

	(void)state;
	kset(game, &pos, "0 3 0 1 0 2/4 4 4 4 4 4/10 8/S");
	assert_int_equal(kalah_rules.legal_moves(game, &pos, moves, 9), 3);
	kalah_rules.move_format(game, &pos, &moves[0], text, sizeof(text));
	assert_string_equal(text, "b");
	kalah_rules.move_format(game, &pos, &moves[2], text, sizeof(text));
	assert_string_equal(text, "f");
	/* The count is returned even when the buffer is too small. */
	assert_int_equal(kalah_rules.legal_moves(game, &pos, moves, 1), 3);
	rules_game_free(game);
}

static void test_pits_3_to_8_play_to_the_end(void **state)
{
	(void)state;
	/* Random games on every board size end with every seed counted. */
	for (int pits = 3; pits <= 8; pits++) {
		char opts[32];
		struct rules_game *game;
		unsigned seed = (unsigned)pits;

		snprintf(opts, sizeof(opts), "pits=%d seeds=%d", pits, pits + 1);
		game = kgame(opts);
		for (int g = 0; g < 50; g++) {
			struct kalah_pos pos;
			struct rules_result r;
			int plies = 0;

			kalah_rules.start(game, &pos);
			while (kalah_rules.to_move(game, &pos).seat >= 0) {
				struct rules_move moves[9];
				size_t n = kalah_rules.legal_moves(game, &pos,
								   moves, 9);
				struct rules_outcome out;

				assert_true(n > 0);
				seed = seed * 1103515245u + 12345u;
				assert_int_equal(kalah_rules.apply(game, &pos,
					&moves[(seed >> 16) % n], &out, NULL, 0), 0);
				assert_true(++plies < 2000);
			}
			kalah_rules.result(game, &pos, &r);
			assert_int_equal(r.score[0] + r.score[1],
					 2 * pits * (pits + 1));
		}
		rules_game_free(game);
	}
}

static void test_hash_is_stable_and_distinguishes(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos a, b;

	(void)state;
	kalah_rules.start(game, &a);
	/* The documented byte layout hashed with FNV-1a: a fixed value, the
	 * same on every run, build and machine. */
	if (kalah_rules.hash(game, &a) != UINT64_C(0x5af5a7d0d774a095))
		fail_msg("start hash is %016llx",
			 (unsigned long long)kalah_rules.hash(game, &a));
	kset(game, &b, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
	assert_true(kalah_rules.hash(game, &a) == kalah_rules.hash(game, &b));
	kset(game, &b, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/N");
	assert_true(kalah_rules.hash(game, &a) != kalah_rules.hash(game, &b));
	kset(game, &b, "4 4 4 4 4 5/4 4 4 4 4 3/0 0/S");
	assert_true(kalah_rules.hash(game, &a) != kalah_rules.hash(game, &b));
	rules_game_free(game);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_position),
		cmocka_unit_test(test_sowing_counter_clockwise_one_per_hole),
		cmocka_unit_test(test_sowing_skips_opponent_store),
		cmocka_unit_test(test_lap_over_13_seeds),
		cmocka_unit_test(test_extra_turn_last_seed_in_own_store),
		cmocka_unit_test(test_extra_turn_not_when_game_ends),
		cmocka_unit_test(test_turn_passes_otherwise),
		cmocka_unit_test(test_capture_own_empty_pit),
		cmocka_unit_test(test_capture_after_a_lap),
		cmocka_unit_test(test_no_capture_onto_nonempty_own_pit),
		cmocka_unit_test(test_no_capture_in_opponent_empty_pit),
		cmocka_unit_test(test_standard_capture_needs_opposite_seeds),
		cmocka_unit_test(test_empty_capture_banks_lone_seed),
		cmocka_unit_test(test_end_when_mover_empties_own_side_sweep_to_owner),
		cmocka_unit_test(test_no_sweep_leaves_seeds_uncounted),
		cmocka_unit_test(test_end_when_opponent_side_emptied),
		cmocka_unit_test(test_draw_equal_stores),
		cmocka_unit_test(test_patent_score_four_to_nothing),
		cmocka_unit_test(test_cross_odd_sown_clockwise),
		cmocka_unit_test(test_cross_even_sown_counter_clockwise),
		cmocka_unit_test(test_cross_odd_lap),
		cmocka_unit_test(test_pie_swap_after_first_complete_turn),
		cmocka_unit_test(test_pie_declined_by_sowing),
		cmocka_unit_test(test_teams_take_turns_in_order),
		cmocka_unit_test(test_illegal_moves_refused_with_reason),
		cmocka_unit_test(test_legal_moves_are_nonempty_own_pits),
		cmocka_unit_test(test_pits_3_to_8_play_to_the_end),
		cmocka_unit_test(test_hash_is_stable_and_distinguishes),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("kalah rules", tests, NULL, NULL);
}
