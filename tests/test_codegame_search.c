/*
 * test_codegame_search.c - what a search reads from a hidden-code game's
 * position: its legal moves, perft, the hash (stable, and blind to the
 * secrets), and the count of codes still consistent with the marks,
 * against the tests' own brute force.
 */
#include "config.h"

#include <stdlib.h>

#include "tests/codegame_util.h"

/* Guessing: every code of 5 colours or blanks, each once; marking:
 * the three marks, of which only the right one applies; answering:
 * accept and dispute; the closing round: pass. */
static void test_legal_moves(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos pos, child;
	static struct rules_move moves[CODEGAME_CODES];
	char text[24];
	size_t n;
	int applied = 0;

	(void)state;
	CG->start(game, &pos);
	n = CG->legal_moves(game, &pos, moves, CODEGAME_CODES);
	assert_int_equal(n, 16807);
	assert_int_equal(CG->max_moves, 16807);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(CG->move_format(game, &pos, &moves[i], text,
						 sizeof(text)), 0);
		assert_int_equal(strlen(text), 7);
		assert_true(strncmp(text, "1:", 2) == 0);
		if (i > 0)
			assert_true(memcmp(&moves[i], &moves[i - 1],
					   sizeof(moves[i])) != 0);
		child = pos;
		assert_int_equal(CG->apply(game, &child, &moves[i], NULL, NULL,
					   0), 0);
	}
	cplay(game, &pos, "1:RGB-Y");
	n = CG->legal_moves(game, &pos, moves, CODEGAME_CODES);
	assert_int_equal(n, 3);
	for (size_t i = 0; i < n; i++) {
		child = pos;
		applied += CG->apply(game, &child, &moves[i], NULL, NULL, 0) == 0;
	}
	assert_int_equal(applied, 1);
	cplay(game, &pos, "4:claim=GYR-B");
	assert_int_equal(CG->legal_moves(game, &pos, moves, 2), 2);
	assert_int_equal(CG->move_format(game, &pos, &moves[0], text,
					 sizeof(text)), 0);
	assert_string_equal(text, "1:accept");
	assert_int_equal(CG->move_format(game, &pos, &moves[1], text,
					 sizeof(text)), 0);
	assert_string_equal(text, "1:dispute");
	/* A short buffer gets what fits; the count is still the total. */
	assert_int_equal(CG->legal_moves(game, &pos, moves, 1), 2);
	rules_game_free(game);
}

/* A guess has 16807 choices and its marks are forced: perft counts the
 * guesses, whatever the number of markers. */
static void test_perft_counts_guesses(void **state)
{
	struct rules_game *two = cgame("players=2 secrets=R3/G1");
	struct rules_game *four = cgame(FOUR);
	struct codegame_pos pos;

	(void)state;
	CG->start(two, &pos);
	assert_int_equal(rules_perft(two, &pos, 1), 16807);
	assert_int_equal(rules_perft(two, &pos, 2), 16807);
	CG->start(four, &pos);
	assert_int_equal(rules_perft(four, &pos, 2), 16807);
	assert_int_equal(rules_perft(four, &pos, 4), 16807);
	rules_game_free(two);
	rules_game_free(four);
}

static void test_hash_is_stable_and_distinguishes(void **state)
{
	struct rules_game *game = cgame(FOUR);
	struct codegame_pos a, b;

	(void)state;
	CG->start(game, &a);
	CG->start(game, &b);
	assert_true(CG->hash(game, &a) == CG->hash(game, &b));
	cplay(game, &a, "1:RGB-Y");
	cplay(game, &b, "1:RGB-P");
	assert_true(CG->hash(game, &a) != CG->hash(game, &b));
	cplay(game, &b, "2:claim=GYR-B");
	CG->start(game, &a);
	cplay(game, &a, "1:RGB-P");
	assert_true(CG->hash(game, &a) != CG->hash(game, &b));
	rules_game_free(game);
}

/* The hash may be shown while the game is on: it leaves the secrets out. */
static void test_hash_leaves_the_secrets_out(void **state)
{
	struct rules_game *one = cgame(FOUR);
	struct rules_game *other = cgame("players=4 secrets=P1/O2/B3/Y4");
	struct codegame_pos a, b;

	(void)state;
	CG->start(one, &a);
	CG->start(other, &b);
	assert_true(memcmp(&a, &b, sizeof(a)) != 0);
	assert_true(CG->hash(one, &a) == CG->hash(other, &b));
	cplay(one, &a, "1:RGB-Y");
	cplay(other, &b, "1:RGB-Y");
	assert_true(CG->hash(one, &a) == CG->hash(other, &b));
	cplay(one, &a, "2:white");
	assert_true(CG->hash(one, &a) != CG->hash(other, &b));
	rules_game_free(one);
	rules_game_free(other);
}

/*
 * The tests' own count of consistent codes: every code of `players`
 * coloured places, and every way of seating the players on them, kept
 * when each player's marks fit his (colour, place).
 */
static void brute_count(const struct codegame_pos *pos, int players,
			int distinct, uint32_t *codes, uint32_t *holdings)
{
	*codes = *holdings = 0;
	for (unsigned index = 0; index < 16807; index++) {
		char code[6];
		int held[5], nheld = 0, perm[5], fits_any = 0, clash = 0;

		guess_text(index, code);
		for (int k = 0; k < 5; k++)
			if (code[k] != '-')
				held[nheld++] = k;
		for (int k = 0; k < 5 && distinct; k++)
			for (int j = 0; j < k; j++)
				clash |= code[k] != '-' && code[k] == code[j];
		if (nheld != players || clash)
			continue;
		for (int i = 0; i < players; i++)
			perm[i] = i;
		for (;;) {	/* every order of seats on the held places */
			int fits = 1;

			for (int s = 0; s < players && fits; s++) {
				int place = held[perm[s]];

				for (int r = 0; r < pos->rows && fits; r++) {
					char guess[6];
					static const char *const word[] = {
						"", "none", "white", "black" };

					if (pos->row[r].mark[s] == 0)
						continue;
					for (int k = 0; k < 5; k++)
						guess[k] = cg_pegs[pos->row[r].peg[k]];
					guess[5] = '\0';
					fits = strcmp(oracle_mark(guess, code[place],
								  place),
						      word[pos->row[r].mark[s]]) == 0;
				}
			}
			*holdings += (uint32_t)fits;
			fits_any |= fits;
			/* next permutation */
			int i = players - 2;
			while (i >= 0 && perm[i] > perm[i + 1])
				i--;
			if (i < 0)
				break;
			int j = players - 1;
			while (perm[j] < perm[i])
				j--;
			int t = perm[i]; perm[i] = perm[j]; perm[j] = t;
			for (int a = i + 1, b = players - 1; a < b; a++, b--) {
				t = perm[a]; perm[a] = perm[b]; perm[b] = t;
			}
		}
		*codes += (uint32_t)fits_any;
	}
}

static void test_consistent_codes_before_any_guess(void **state)
{
	struct rules_game *four = cgame(FOUR);
	struct rules_game *distinct = cgame("players=4 seed=9 distinct-colours");
	struct codegame_pos pos;
	struct codegame_count count;

	(void)state;
	CG->start(four, &pos);
	codegame_consistent(four, &pos, -1, &count);
	assert_int_equal(count.codes, 5 * 6 * 6 * 6 * 6);	/* blank x colours */
	assert_int_equal(count.holdings, 5 * 4 * 3 * 2 * 6 * 6 * 6 * 6);
	CG->start(distinct, &pos);
	codegame_consistent(distinct, &pos, -1, &count);
	assert_int_equal(count.codes, 5 * 6 * 5 * 4 * 3);
	assert_int_equal(count.holdings, 5 * 4 * 3 * 2 * 6 * 5 * 4 * 3);
	rules_game_free(four);
	rules_game_free(distinct);
}

/* After each guess of random games, the engine's count matches the
 * brute force, never grows, and always keeps the true code. */
static void test_consistent_codes_after_each_guess(void **state)
{
	static const char *const variants[] = {
		"players=2 seed=5", "players=3 seed=6",
		"players=4 seed=7 distinct-colours", "players=4 seed=8",
		"players=5 seed=10 rows=2",
	};
	unsigned lcg = 12345;

	(void)state;
	for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
		struct rules_game *game = cgame(variants[v]);
		int players = (int)game->value[rules_option_index(CG, "players")];
		int distinct = strstr(variants[v], "distinct") != NULL;
		struct codegame_pos pos;
		uint32_t last = UINT32_MAX;

		CG->start(game, &pos);
		for (int turn = 0; turn < 6 && cturn(game, &pos) >= 0; turn++) {
			char move[32], pegs[6];
			int guesser = cturn(game, &pos);
			struct codegame_count count;
			uint32_t codes, holdings;

			lcg = lcg * 1103515245u + 12345u;
			guess_text((lcg >> 8) % 16807, pegs);
			snprintf(move, sizeof(move), "%d:%s", guesser + 1, pegs);
			cplay(game, &pos, move);
			for (int i = 1; i < players; i++) {
				int s = (guesser + i) % players;

				snprintf(move, sizeof(move), "%d:%s", s + 1,
					 oracle_mark(pegs,
						     cg_colours[pos.colour[s] - 1],
						     pos.place[s]));
				cplay(game, &pos, move);
			}
			codegame_consistent(game, &pos, -1, &count);
			brute_count(&pos, players, distinct, &codes, &holdings);
			assert_int_equal(count.codes, codes);
			assert_int_equal(count.holdings, holdings);
			assert_true(count.codes >= 1 && count.codes <= last);
			last = count.codes;
			/* Counting fewer rows gives the earlier figure. */
			if (pos.rows > 1) {
				struct codegame_count earlier;

				codegame_consistent(game, &pos, pos.rows - 1,
						    &earlier);
				assert_true(earlier.codes >= count.codes);
			}
		}
		rules_game_free(game);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legal_moves),
		cmocka_unit_test(test_perft_counts_guesses),
		cmocka_unit_test(test_hash_is_stable_and_distinguishes),
		cmocka_unit_test(test_hash_leaves_the_secrets_out),
		cmocka_unit_test(test_consistent_codes_before_any_guess),
		cmocka_unit_test(test_consistent_codes_after_each_guess),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("codegame search", tests, NULL, NULL);
}
