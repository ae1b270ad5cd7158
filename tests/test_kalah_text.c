/*
 * test_kalah_text.c - position and move text: round trips over many
 * positions of real games, and malformed text refused with a message
 * that names the wrong field.
 */
#include "config.h"

#include <stdlib.h>

#include "tests/kalah_util.h"

/* Every position of random games, for several variants: format, parse
 * back, format again; the position and its hash must survive. */
static void test_position_text_round_trip(void **state)
{
	static const char *const variants[] = {
		"", "pits=3 seeds=1", "pits=8 seeds=12", "pie", "cross",
		"teams=3", "no-sweep empty-capture", "pie teams first=N",
	};
	unsigned seed = 11;

	(void)state;
	for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
		struct rules_game *game = kgame(variants[v]);

		for (int g = 0; g < 40; g++) {
			struct kalah_pos pos;

			kalah_rules.start(game, &pos);
			for (;;) {
				struct kalah_pos back;
				struct rules_move moves[9];
				char text[256];
				size_t n;

				strcpy(text, ktext(game, &pos));
				kset(game, &back, text);
				assert_memory_equal(&back, &pos, sizeof(pos));
				assert_string_equal(ktext(game, &back), text);
				assert_true(kalah_rules.hash(game, &back) ==
					    kalah_rules.hash(game, &pos));
				n = kalah_rules.legal_moves(game, &pos, moves, 9);
				if (n == 0)
					break;
				seed = seed * 1103515245u + 12345u;
				assert_int_equal(kalah_rules.apply(game, &pos,
					&moves[(seed >> 16) % n], NULL, NULL, 0), 0);
			}
		}
		rules_game_free(game);
	}
}

static void test_move_text_round_trip(void **state)
{
	struct rules_game *game = kgame("pits=8 pie");
	struct kalah_pos pos;
	struct rules_move move;
	char text[8], err[RULES_ERR_MAX];
	static const char *const all[] = {
		"a", "b", "c", "d", "e", "f", "g", "h",
		"A", "B", "C", "D", "E", "F", "G", "H", "swap"
	};

	(void)state;
	kalah_rules.start(game, &pos);
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		assert_int_equal(kalah_rules.move_parse(game, &pos, all[i], &move,
							err, sizeof(err)), 0);
		assert_int_equal(kalah_rules.move_format(game, &pos, &move,
							 text, sizeof(text)), 0);
		assert_string_equal(text, all[i]);
	}
	rules_game_free(game);
}

static void test_bad_moves_refused(void **state)
{
	static const char *const bad[] = {
		"g", "G", "i", "z", "1", "", " ", "aa", "a ", "Swap", "SWAP",
		"swap!", "-", "\t", "é",
	};
	struct rules_game *game = kgame("");
	struct kalah_pos pos;
	struct rules_move move;
	char err[RULES_ERR_MAX];

	(void)state;
	kalah_rules.start(game, &pos);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (kalah_rules.move_parse(game, &pos, bad[i], &move, err,
					   sizeof(err)) == 0)
			fail_msg("move '%s' accepted", bad[i]);
		assert_text_contains(err, "is not a move: pits are a..f (South) and A..F (North)");
	}
	rules_game_free(game);
}

struct bad_position {
	const char *options;
	const char *text;
	const char *message;	/* a part of the expected error */
};

static const struct bad_position bad_positions[] = {
	{ "", "", "expected 4 fields separated by '/'" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0", "found 3" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/pie=first/x", "found 6" },
	{ "", "4 4 4 4 4/4 4 4 4 4 4/0 0/S",
	  "field 1 (South's pits a..f): expected 6 counts, found 5" },
	{ "", "4 4 4 4 4 4 4/4 4 4 4 4 4/0 0/S",
	  "field 1 (South's pits a..f): expected 6 counts, found 7" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4/0 0/S",
	  "field 2 (North's pits A..F): expected 6 counts, found 5" },
	{ "", "4 4 -4 4 4 4/4 4 4 4 4 4/0 0/S",
	  "field 1 (South's pits a..f): '-4' is not a seed count" },
	{ "", "4 4 x 4 4 4/4 4 4 4 4 4/0 0/S",
	  "field 1 (South's pits a..f): 'x' is not a seed count" },
	{ "", "4 4 4 4 4 4/4 4 4.5 4 4 4/0 0/S",
	  "field 2 (North's pits A..F): '4.5' is not a seed count" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0/S",
	  "field 3 (stores S N): expected 2 counts, found 1" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0 0/S",
	  "field 3 (stores S N): expected 2 counts, found 3" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 +0/S",
	  "field 3 (stores S N): '+0' is not a seed count" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/X",
	  "field 4 (side to move): 'X' is not S, N or -" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/s",
	  "field 4 (side to move): 's' is not S, N or -" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/",
	  "field 4 (side to move): '' is not S, N or -" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/-",
	  "field 4 (side to move): '-' but the game is not over" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/1 0/S",
	  "the position holds 49 seeds; this game has 48" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S",
	  NULL },	/* the well-formed text the others spoil: parses */
	{ "", "4 4 4 4 4 999/4 4 4 4 4 4/0 0/S",
	  "'999' is more seeds than the game has" },
	{ "", "0 0 0 0 0 0/4 4 4 4 4 4/24 0/N",
	  "South's pits are empty but North's are not" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/pie=first",
	  "'pie=first' but the game has no pie rule" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/swapped",
	  "'swapped' but the game has no pie rule" },
	{ "pie", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/pie=offer",
	  "pie=offer, but the swap is offered to N" },
	{ "pie", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/N/pie=first",
	  "pie=first, but the first mover S is not to move" },
	{ "pie", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/N/pie=offer swapped",
	  "'swapped' and a pending pie state together" },
	{ "pie", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/N/pie=later",
	  "unknown word 'pie=later'" },
	{ "pie", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/N/",
	  "field 5 (state) is empty" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/team=1.1",
	  "'team=1.1' but the game has no teams" },
	{ "teams=2", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/team=3.1",
	  "members are numbered 1..2" },
	{ "teams=2", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/team=0.1",
	  "members are numbered 1..2" },
	{ "teams=2", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S/team=1.1x",
	  "unknown word 'team=1.1x'" },
	{ "", "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S\n",
	  "control character at byte 30" },
	{ "pits=3 seeds=3", "3 3 3 3/3 3 3/0 0/S",
	  "field 1 (South's pits a..c): expected 3 counts, found 4" },
};

static void test_bad_positions_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad_positions) / sizeof(bad_positions[0]);
	     i++) {
		const struct bad_position *bp = &bad_positions[i];
		struct rules_game *game = kgame(bp->options);
		struct kalah_pos pos;
		char err[RULES_ERR_MAX] = "";
		int rc = kalah_rules.position_parse(game, bp->text, &pos, err,
						    sizeof(err));

		if (bp->message == NULL) {
			assert_int_equal(rc, 0);
		} else {
			if (rc == 0)
				fail_msg("position '%s' accepted", bp->text);
			assert_text_contains(err, bp->message);
		}
		rules_game_free(game);
	}
}

static void test_position_text_tolerates_blanks(void **state)
{
	struct rules_game *game = kgame("");
	struct kalah_pos a, b;

	(void)state;
	kset(game, &a, "4 4 4 4 4 4/4 4 4 4 4 4/0 0/S");
	kset(game, &b, " 4  4 4 4 4 4 / 4 4 4 4 4 4 /0 0 / S ");
	assert_memory_equal(&a, &b, sizeof(a));
	rules_game_free(game);
}

static void test_position_of_finished_game(void **state)
{
	struct rules_game *game = kgame("no-sweep");
	struct kalah_pos pos;

	(void)state;
	/* With no-sweep a side may stay full at the end; either side letter
	 * is accepted and '-' is written back. */
	kset(game, &pos, "0 0 0 0 0 0/0 0 0 0 2 3/21 22/N");
	assert_string_equal(ktext(game, &pos), "0 0 0 0 0 0/0 0 0 0 2 3/21 22/-");
	assert_int_equal(kalah_rules.to_move(game, &pos).seat, -1);
	rules_game_free(game);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_position_text_round_trip),
		cmocka_unit_test(test_move_text_round_trip),
		cmocka_unit_test(test_bad_moves_refused),
		cmocka_unit_test(test_bad_positions_refused),
		cmocka_unit_test(test_position_text_tolerates_blanks),
		cmocka_unit_test(test_position_of_finished_game),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("kalah text", tests, NULL, NULL);
}
