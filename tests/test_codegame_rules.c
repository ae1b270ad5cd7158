/*
 * test_codegame_rules.c - the hidden-code game's rules (RULES.md §2):
 * options and the draw of the secrets, blanks, turn order, every mark
 * of every secret against every guess on a 2- and a 4-player game,
 * claims under claims=patent (no, one and two disputes) and
 * claims=verified, the closing round, results, and the moves refused.
 * (What a search reads from a position: test_codegame_search.c; secrets
 * the players enter themselves: test_codegame_secrets.c.)
 */
#include "config.h"

#include <stdlib.h>

#include "tests/codegame_util.h"

static void test_options_and_their_limits(void **state)
{
	static const struct {
		const char *options;
		const char *message;	/* NULL: accepted */
	} cases[] = {
		{ "players=2 seed=1", NULL },
		{ "players=5 seed=1", NULL },
		{ "players=1 seed=1", "'players': 1 is out of range 2..5" },
		{ "players=6 seed=1", "'players': 6 is out of range 2..5" },
		{ "seed=1 rows=0", "'rows': 0 is out of range 1..5" },
		{ "seed=1 rows=6", "'rows': 6 is out of range 1..5" },
		{ "seed=1 claims=verified", NULL },
		{ "seed=1 claims=maybe", "'claims': 'maybe' is not one of: patent verified" },
		{ "seed=0", "'seed': 0 is out of range" },
		{ "", "the secrets are missing" },
		{ "players=4", "the secrets are missing" },
		{ "seed=3 secrets=R3/G1/B5/Y2", "not both" },
		{ "secrets=R3/G1/B5", "3 secrets for 4 players" },
		{ "secrets=R3/G1/B5/Y2/P4", "more than 4 secrets" },
		{ "secrets=R3/X1/B5/Y2", "seat 2: not a colour (R O Y G B P) and a place" },
		{ "secrets=R3/G6/B5/Y2", "seat 2: not a colour" },
		{ "secrets=R3/G3/B5/Y2", "seats 1 and 2 hold the same place" },
		{ "secrets=R3/R1/B5/Y2", NULL },
		{ "distinct-colours secrets=R3/R1/B5/Y2",
		  "seats 1 and 2 hold the same colour, but the game has distinct-colours" },
		{ "players=2 secrets=R3/G1", NULL },
		{ "players=2 secrets=r3/G1", "seat 1: not a colour" },
		/* '*': entered by the player; '?': still to be entered. */
		{ "players=2 secrets=R3*/?", NULL },
		{ "players=2 secrets=R3**/G1", "seat 1: not a colour" },
		{ "players=2 secrets=?*/G1", "seat 1: not a colour" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char err[RULES_ERR_MAX] = "";
		struct rules_game *game = rules_game_new(CG, cases[i].options,
							 err, sizeof(err));

		if (cases[i].message == NULL) {
			if (game == NULL)
				fail_msg("'%s' refused: %s", cases[i].options, err);
		} else {
			if (game != NULL)
				fail_msg("'%s' accepted", cases[i].options);
			assert_text_contains(err, cases[i].message);
		}
		rules_game_free(game);
	}
	assert_ptr_equal(rules_find("codegame"), CG);
}

/* The draw: reproducible from the seed, distinct places, colours with
 * repeats by default and without under distinct-colours, and every
 * colour and place reachable for every seat. */
static void test_seed_draws_secrets(void **state)
{
	for (int distinct = 0; distinct <= 1; distinct++) {
		unsigned seen[5][2] = { { 0 } };	/* colours, places */
		int repeats = 0;

		for (int seed = 1; seed <= 400; seed++) {
			char options[64];
			struct rules_game *a, *b;
			struct codegame_pos pa, pb;

			snprintf(options, sizeof(options), "players=5 seed=%d%s",
				 seed, distinct ? " distinct-colours" : "");
			a = cgame(options);
			b = cgame(options);
			CG->start(a, &pa);
			CG->start(b, &pb);
			assert_memory_equal(&pa, &pb, sizeof(pa));
			for (int s = 0; s < 5; s++) {
				assert_in_range(pa.colour[s], 1, 6);
				assert_in_range(pa.place[s], 0, 4);
				seen[s][0] |= 1u << pa.colour[s];
				seen[s][1] |= 1u << pa.place[s];
				for (int t = 0; t < s; t++) {
					assert_int_not_equal(pa.place[s], pa.place[t]);
					if (distinct)
						assert_int_not_equal(pa.colour[s],
								     pa.colour[t]);
					repeats += pa.colour[s] == pa.colour[t];
				}
			}
			rules_game_free(a);
			rules_game_free(b);
		}
		for (int s = 0; s < 5; s++) {
			assert_int_equal(seen[s][0], 0x7eu);
			assert_int_equal(seen[s][1], 0x1fu);
		}
		if (distinct)
			assert_int_equal(repeats, 0);
		else
			assert_true(repeats > 0);
	}
	(void)state;
}

static void test_seeds_differ(void **state)
{
	struct rules_game *a = cgame("seed=1"), *b = cgame("seed=2");
	struct codegame_pos pa, pb;
	int differ = 0;

	(void)state;
	for (int seed = 2; seed < 12; seed++) {
		char options[32];

		rules_game_free(b);
		snprintf(options, sizeof(options), "seed=%d", seed);
		b = cgame(options);
		CG->start(a, &pa);
		CG->start(b, &pb);
		differ += memcmp(&pa, &pb, sizeof(pa)) != 0;
	}
	assert_true(differ >= 8);
	rules_game_free(a);
	rules_game_free(b);
}

/* Unheld places are blank: one with 4 players, three with 2. */
static void test_blanks_for_unheld_places(void **state)
{
	struct rules_game *four = cgame(FOUR);
	struct rules_game *two = cgame("players=2 secrets=P5/O2");
	struct codegame_pos pos;
	uint8_t code[5];
	static const uint8_t four_code[5] = { 4, 3, 1, 0, 5 };	/* G Y R - B */
	static const uint8_t two_code[5] = { 0, 2, 0, 0, 6 };	/* - O - - P */

	(void)state;
	CG->start(four, &pos);
	codegame_code(four, &pos, code);
	assert_memory_equal(code, four_code, 5);
	CG->start(two, &pos);
	codegame_code(two, &pos, code);
	assert_memory_equal(code, two_code, 5);
	rules_game_free(four);
	rules_game_free(two);
}

static void test_turn_order_guess_then_marks_clockwise(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos;
	struct rules_outcome out;

	(void)state;
	CG->start(game, &pos);
	assert_int_equal(cturn(game, &pos), 0);
	assert_text_contains(crefuse(game, &pos, "2:RGB-Y"),
			     "2 may not guess now: 1 is to guess");
	assert_text_contains(crefuse(game, &pos, "1:white"),
			     "1 may not mark now: 1 is to guess");
	out = cplay(game, &pos, "1:RGB-Y");
	assert_int_equal(out.next.seat, 1);
	assert_text_contains(crefuse(game, &pos, "3:white"),
			     "3 may not mark now: 2 is to mark 1's guess");
	assert_text_contains(crefuse(game, &pos, "1:white"),
			     "2 is to mark 1's guess");
	assert_text_contains(crefuse(game, &pos, "2:OOOOO"),
			     "2 may not guess now");
	cplay(game, &pos, "2:white");
	assert_int_equal(cturn(game, &pos), 2);
	cplay(game, &pos, "3:white");
	assert_int_equal(cturn(game, &pos), 3);
	out = cplay(game, &pos, "4:white");
	assert_int_equal(out.next.seat, 1);
	assert_int_equal(out.flags, 0);
	/* Seat 2's row is marked from its left: 3, 4, then 1. */
	cplay(game, &pos, "2:GYR-B");
	assert_int_equal(cturn(game, &pos), 2);
	cplay(game, &pos, "3:black 4:black");
	assert_int_equal(cturn(game, &pos), 0);
	cplay(game, &pos, "1:black");
	assert_int_equal(cturn(game, &pos), 2);
	cplay(game, &pos, "3:OOOOO 4:none 1:none 2:none 4:PPPPP");
	assert_int_equal(cturn(game, &pos), 0);
	rules_game_free(game);
}

static void test_wrong_mark_refused_with_the_correct_mark(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "1:GRO-P");	/* 2 holds G at 1: black */
	assert_text_contains(crefuse(game, &pos, "2:white"),
			     "wrong mark by 2 on 1's guess: white given, the correct mark is black");
	assert_text_contains(crefuse(game, &pos, "2:none"),
			     "none given, the correct mark is black");
	cplay(game, &pos, "2:black");
	/* 3 holds B at 5, absent from the guess: none. */
	assert_text_contains(crefuse(game, &pos, "3:white"),
			     "the correct mark is none");
	cplay(game, &pos, "3:none");
	/* 4 holds Y at 2, absent: none; a white is refused too. */
	assert_text_contains(crefuse(game, &pos, "4:black"),
			     "the correct mark is none");
	rules_game_free(game);
}

/*
 * Every mark of every secret against every guess, through apply():
 * the right mark (by the tests' rule) is taken, a wrong one refused.
 * Each seat in turn guesses every code and is marked by all the others.
 */
static struct rules_move guess_move[CODEGAME_PLAYERS_MAX][CODEGAME_CODES];
static char guess_pegs[CODEGAME_CODES][6];

static void parse_every_guess(const struct rules_game *game, int players)
{
	struct codegame_pos pos;
	char text[16];

	CG->start(game, &pos);
	for (unsigned g = 0; g < CODEGAME_CODES; g++) {
		guess_text(g, guess_pegs[g]);
		for (int s = 0; s < players; s++) {
			snprintf(text, sizeof(text), "%d:%.5s", s + 1,
				 guess_pegs[g]);
			assert_int_equal(CG->move_parse(game, &pos, text,
							&guess_move[s][g],
							NULL, 0), 0);
		}
	}
}

static void check_marks_for_deal(const struct rules_game *game,
				 const uint8_t *colour, const uint8_t *place,
				 int players)
{
	static const char *const marks[] = { "none", "white", "black" };
	struct codegame_pos base, pos;
	struct rules_move mark[5][3];
	char text[16];

	CG->start(game, &base);
	memcpy(base.colour, colour, (size_t)players);
	memcpy(base.place, place, (size_t)players);
	for (int s = 0; s < players; s++) {
		for (int m = 0; m < 3; m++) {
			snprintf(text, sizeof(text), "%d:%s", s + 1, marks[m]);
			assert_int_equal(CG->move_parse(game, &base, text,
							&mark[s][m], NULL, 0), 0);
		}
	}
	for (unsigned g = 0; g < CODEGAME_CODES; g++) {
		const char *pegs = guess_pegs[g];

		pos = base;
		for (int guesser = 0; guesser < players; guesser++) {
			assert_int_equal(CG->apply(game, &pos,
						   &guess_move[guesser][g],
						   NULL, NULL, 0), 0);
			for (int i = 1; i < players; i++) {
				int s = (guesser + i) % players;
				const char *right = oracle_mark(pegs,
					cg_colours[colour[s] - 1], place[s]);
				int r = right[0] == 'n' ? 0 :
					right[0] == 'w' ? 1 : 2;
				int wrong = (r + 1 + (int)(g % 2)) % 3;

				if (CG->apply(game, &pos, &mark[s][wrong], NULL,
					      NULL, 0) == 0)
					fail_msg("guess %s: seat %d took %s", pegs,
						 s + 1, marks[wrong]);
				if (CG->apply(game, &pos, &mark[s][r], NULL, NULL,
					      0) != 0)
					fail_msg("guess %s: seat %d refused %s", pegs,
						 s + 1, right);
			}
		}
	}
}

static void test_marks_every_secret_every_guess_two_players(void **state)
{
	struct rules_game *game = cgame("players=2 seed=1");
	int deals = 0;

	(void)state;
	parse_every_guess(game, 2);
	for (int a = 0; a < 30; a++) {
		for (int b = 0; b < 30; b++) {
			uint8_t colour[2] = { (uint8_t)(1 + a / 5),
					      (uint8_t)(1 + b / 5) };
			uint8_t place[2] = { (uint8_t)(a % 5), (uint8_t)(b % 5) };

			if (place[0] == place[1])
				continue;
			check_marks_for_deal(game, colour, place, 2);
			deals++;
		}
	}
	assert_int_equal(deals, 30 * 24);
	rules_game_free(game);
}

/* Four players: 30 deals in which every seat takes each of the 30
 * holdings once; each seat guesses every code and is marked by all. */
static void test_marks_every_secret_every_guess_four_players(void **state)
{
	struct rules_game *game = cgame(FOUR);

	(void)state;
	parse_every_guess(game, 4);
	for (int d = 0; d < 30; d++) {
		uint8_t colour[4], place[4];

		for (int s = 0; s < 4; s++) {
			place[s] = (uint8_t)((d + s) % 5);
			colour[s] = (uint8_t)(1 + (d / 5 + s) % 6);
		}
		check_marks_for_deal(game, colour, place, 4);
	}
	rules_game_free(game);
}

static void test_claim_patent_undisputed_wins(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos;
	struct rules_result r;
	struct rules_outcome out;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "1:RGB-Y 2:white");
	/* Seat 3 claims out of turn, in the middle of the marking. */
	out = cplay(game, &pos, "3:claim=GYR-B");
	assert_int_equal(out.next.seat, 3);
	assert_text_contains(crefuse(game, &pos, "3:white"),
			     "play is suspended: 4 is to answer 3's claim");
	assert_text_contains(crefuse(game, &pos, "1:accept"),
			     "4 is to answer 3's claim");
	assert_text_contains(crefuse(game, &pos, "2:claim=GYR-B"),
			     "2 may not claim now: play is suspended");
	cplay(game, &pos, "4:accept 1:accept");
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_ONGOING);
	out = cplay(game, &pos, "2:accept");
	assert_true(out.flags & RULES_GAME_OVER);
	assert_int_equal(out.next.seat, -1);
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, 2);
	assert_int_equal(r.points[2], 1);
	assert_int_equal(r.points[0] + r.points[1] + r.points[3], 0);
	assert_true(codegame_claim_right(game, &pos, 0));
	rules_game_free(game);
}

/* The patent: "If this is not disputed ... he will be declared the
 * winner" - even when the code was wrong; the record shows it was. */
static void test_claim_patent_wrong_but_undisputed_still_wins(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos;
	struct rules_result r;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "2:claim=RRRRR 3:accept 4:accept 1:accept");
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, 1);
	assert_false(codegame_claim_right(game, &pos, 0));
	rules_game_free(game);
}

static void test_claim_patent_one_dispute_voids(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos;
	struct rules_result r;
	struct rules_outcome out;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "1:claim=GYRB-");
	out = cplay(game, &pos, "2:accept 3:dispute 4:accept");
	assert_true(out.flags & RULES_GAME_OVER);
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_VOID);
	assert_int_equal(r.winner, -1);
	for (int s = 0; s < 4; s++)
		assert_int_equal(r.points[s], 0);
	assert_false(codegame_claim_right(game, &pos, 0));
	assert_text_contains(crefuse(game, &pos, "2:claim=GYR-B"),
			     "2 may not claim: the game is over");
	assert_text_contains(crefuse(game, &pos, "1:RGB-Y"),
			     "1 may not guess: the game is over");
	assert_int_equal(CG->legal_moves(game, &pos, NULL, 0), 0);
	rules_game_free(game);
}

/* Two disputes: the claimant is disqualified, stays to mark his piece,
 * and no longer guesses or claims; the game goes on where it stopped. */
static void test_claim_patent_two_disputes_disqualify(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos;
	struct rules_result r;
	struct rules_outcome out;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "1:RGB-Y 2:white");
	cplay(game, &pos, "3:claim=GYR-B");	/* right, yet disputed */
	out = cplay(game, &pos, "4:dispute 1:accept 2:dispute");
	assert_int_equal(out.flags, 0);
	assert_int_equal(out.next.seat, 2);	/* 3 still marks row 1 */
	assert_int_equal(codegame_disqualified(game, &pos), 1u << 2);
	assert_true(codegame_claim_right(game, &pos, 0));
	cplay(game, &pos, "3:white 4:white");
	assert_int_equal(cturn(game, &pos), 1);
	cplay(game, &pos, "2:OOOOO 3:none 4:none 1:none");
	/* 3's turn to guess is skipped. */
	assert_int_equal(cturn(game, &pos), 3);
	assert_text_contains(crefuse(game, &pos, "3:OOOOO"),
			     "3 may not guess now: 4 is to guess");
	assert_text_contains(crefuse(game, &pos, "3:claim=GYR-B"),
			     "3 may not claim: disqualified");
	cplay(game, &pos, "4:PPPPP 1:none 2:none 3:none 1:ROYGB");
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_ONGOING);
	assert_int_equal(r.points[2], -1);
	/* A later claim: 3 answers it too, as he is still present. */
	cplay(game, &pos, "2:white 4:claim=GYR-B 1:accept 2:accept");
	assert_int_equal(cturn(game, &pos), 2);
	cplay(game, &pos, "3:accept");
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, 3);
	rules_game_free(game);
	game = cgame(FOUR);
	CG->start(game, &pos);
	cplay(game, &pos, "1:claim=OOOOO 2:dispute 3:dispute 4:dispute");
	assert_int_equal(cturn(game, &pos), 1);	/* 1 is skipped */
	cplay(game, &pos, "2:claim=GYR-B 3:accept 4:accept 1:accept");
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, 1);
	assert_int_equal(r.points[0], -1);
	assert_int_equal(r.points[1], 1);
	rules_game_free(game);
}

static void test_claims_verified(void **state)
{
	struct rules_game *game = cgame(FOUR " claims=verified");
	struct codegame_pos pos;
	struct rules_result r;
	struct rules_outcome out;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "1:RGB-Y");
	out = cplay(game, &pos, "4:claim=GYRB-");	/* wrong */
	assert_int_equal(out.flags, 0);
	assert_int_equal(out.next.seat, 1);	/* marking resumes at once */
	assert_int_equal(codegame_disqualified(game, &pos), 1u << 3);
	assert_text_contains(crefuse(game, &pos, "2:dispute"),
			     "under claims=verified the referee judges claims");
	assert_text_contains(crefuse(game, &pos, "4:claim=GYR-B"),
			     "4 may not claim: disqualified");
	cplay(game, &pos, "2:white 3:white 4:white");
	out = cplay(game, &pos, "1:claim=GYR-B");
	assert_true(out.flags & RULES_GAME_OVER);
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, 0);
	assert_int_equal(r.points[0], 1);
	assert_int_equal(r.points[3], -1);
	assert_false(codegame_claim_right(game, &pos, 0));
	assert_true(codegame_claim_right(game, &pos, 1));
	assert_text_contains(crefuse(game, &pos, "2:claim=GYR-B"),
			     "the game is over");
	rules_game_free(game);
}

static void test_everyone_disqualified_voids(void **state)
{
	struct rules_game *game = cgame("players=2 secrets=R3/G1 claims=verified");
	struct codegame_pos pos;
	struct rules_result r;
	struct rules_outcome out;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "2:claim=-----");
	assert_int_equal(cturn(game, &pos), 0);
	out = cplay(game, &pos, "1:claim=R-G--");
	assert_true(out.flags & RULES_GAME_OVER);
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_VOID);
	assert_int_equal(r.points[0], -1);
	assert_int_equal(r.points[1], -1);
	rules_game_free(game);
}

/* When every row is used, each player in turn passes or claims; if all
 * pass, nobody won. */
static void test_rows_used_up_closing_round(void **state)
{
	struct rules_game *game = cgame("players=2 secrets=R3/G1 rows=1");
	struct codegame_pos pos, claimed;
	struct rules_result r;
	struct rules_outcome out;

	(void)state;
	CG->start(game, &pos);
	assert_text_contains(crefuse(game, &pos, "1:pass"),
			     "1 may not pass now: 1 is to guess");
	cplay(game, &pos, "1:RGB-Y 2:white 2:OOOOO 1:none");
	assert_int_equal(cturn(game, &pos), 0);
	assert_text_contains(crefuse(game, &pos, "1:OOOOO"),
			     "the rows are used up: 1 is to pass or claim");
	claimed = pos;
	out = cplay(game, &pos, "1:pass");
	assert_int_equal(out.next.seat, 1);
	out = cplay(game, &pos, "2:pass");
	assert_true(out.flags & RULES_GAME_OVER);
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_VOID);
	assert_int_equal(r.score[0], 1);
	assert_int_equal(r.score[1], 1);
	/* A claim in the closing round is answered as ever. */
	cplay(game, &claimed, "2:claim=G-R-- 1:accept");
	CG->result(game, &claimed, &r);
	assert_int_equal(r.verdict, RULES_WIN);
	assert_int_equal(r.winner, 1);
	rules_game_free(game);
}

static void test_score_counts_rows_per_player(void **state)
{
	struct rules_game *game = cgame("players=3 secrets=R3/G1/B5");
	struct codegame_pos pos;
	struct rules_result r;

	(void)state;
	CG->start(game, &pos);
	cplay(game, &pos, "1:RRRRR 2:none 3:none 2:GGGGG 3:none 1:none");
	cplay(game, &pos, "3:BBBBB 1:none 2:none 1:OOOOO 2:none 3:none");
	CG->result(game, &pos, &r);
	assert_int_equal(r.verdict, RULES_ONGOING);
	assert_int_equal(r.score[0], 2);
	assert_int_equal(r.score[1], 1);
	assert_int_equal(r.score[2], 1);
	assert_int_equal(r.score[3], 0);
	rules_game_free(game);
}

static void test_bad_entries(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos;

	(void)state;
	CG->start(game, &pos);
	assert_text_contains(crefuse(game, &pos, "1:RGB-YO"),
			     "a code has 5 pegs, not 6");
	assert_text_contains(crefuse(game, &pos, "1:RGX-Y"),
			     "peg 3: 'X' is not a colour");
	assert_text_contains(crefuse(game, &pos, "5:RGB-Y"),
			     "seat '5' is not a player (1..4)");
	assert_text_contains(crefuse(game, &pos, "RGB-Y"), "no actor");
	cplay(game, &pos, "1:RGB-Y");
	assert_text_contains(crefuse(game, &pos, "4:white"),
			     "4 may not mark now: 2 is to mark 1's guess");
	cplay(game, &pos, "2:white 3:white 4:white");
	assert_text_contains(crefuse(game, &pos, "3:white"),
			     "3 may not mark now: 2 is to guess");
	assert_text_contains(crefuse(game, &pos, "2:accept"),
			     "2 may not accept a claim now: 2 is to guess");
	cplay(game, &pos, "1:claim=GYR-B 2:accept 3:accept 4:accept");
	assert_text_contains(crefuse(game, &pos, "3:claim=GYR-B"),
			     "3 may not claim: the game is over");
	assert_text_contains(crefuse(game, &pos, "2:RGB-Y"),
			     "the game is over");
	assert_text_contains(crefuse(game, &pos, "2:pass"),
			     "the game is over");
	rules_game_free(game);
}

/* A move that move_parse() could not have made is refused. */
static void test_forged_moves_refused(void **state)
{
	struct rules_game *game = cgame("players=2 secrets=R3/G1");
	struct codegame_pos pos;
	static const struct rules_move forged[] = {
		{ { 0, 0, 0, 0 } }, { { 9, 0, 0, 0 } }, { { 1, 2, 0, 0 } },
		{ { 1, 0, 7, 0 } }, { { 2, 0, 4, 0 } }, { { 2, 0, 0, 0 } },
		{ { 6, 0, 1, 0 } }, { { 1, 0, 0, 1 } },
	};
	char err[RULES_ERR_MAX];

	(void)state;
	CG->start(game, &pos);
	for (size_t i = 0; i < sizeof(forged) / sizeof(forged[0]); i++) {
		err[0] = '\0';
		assert_int_equal(CG->apply(game, &pos, &forged[i], NULL, err,
					   sizeof(err)), -1);
		assert_text_contains(err, "not a move of this game");
	}
	rules_game_free(game);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options_and_their_limits),
		cmocka_unit_test(test_seed_draws_secrets),
		cmocka_unit_test(test_seeds_differ),
		cmocka_unit_test(test_blanks_for_unheld_places),
		cmocka_unit_test(test_turn_order_guess_then_marks_clockwise),
		cmocka_unit_test(test_wrong_mark_refused_with_the_correct_mark),
		cmocka_unit_test(test_marks_every_secret_every_guess_two_players),
		cmocka_unit_test(test_marks_every_secret_every_guess_four_players),
		cmocka_unit_test(test_claim_patent_undisputed_wins),
		cmocka_unit_test(test_claim_patent_wrong_but_undisputed_still_wins),
		cmocka_unit_test(test_claim_patent_one_dispute_voids),
		cmocka_unit_test(test_claim_patent_two_disputes_disqualify),
		cmocka_unit_test(test_claims_verified),
		cmocka_unit_test(test_everyone_disqualified_voids),
		cmocka_unit_test(test_rows_used_up_closing_round),
		cmocka_unit_test(test_score_counts_rows_per_player),
		cmocka_unit_test(test_bad_entries),
		cmocka_unit_test(test_forged_moves_refused),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("codegame rules", tests, NULL, NULL);
}
