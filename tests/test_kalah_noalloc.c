/*
 * test_kalah_noalloc.c - the Kalah move path allocates nothing: every
 * allocation made by the rules library is counted (the linker routes
 * malloc, calloc and realloc through the wrappers of alloc_count.h),
 * and whole games, text round trips and perft must leave the count at
 * zero once the game has been created.
 */
#include "config.h"

#include <stdlib.h>

#include "tests/alloc_count.h"
#include "tests/kalah_util.h"

static void test_game_creation_is_counted(void **state)
{
	struct rules_game *game;

	(void)state;
	allocations = 0;
	game = kgame("pie cross");
	/* The counter sees the library's allocations: the check below
	 * could fail. */
	assert_true(allocations > 0);
	rules_game_free(game);
}

static void test_move_path_allocates_nothing(void **state)
{
	static const char *const variants[] = {
		"", "pie cross teams=2", "pits=8 seeds=12 no-sweep empty-capture"
	};
	unsigned seed = 5;

	(void)state;
	for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
		struct rules_game *game = kgame(variants[v]);
		struct kalah_pos pos;

		allocations = 0;
		for (int g = 0; g < 100; g++) {
			kalah_rules.start(game, &pos);
			for (;;) {
				struct rules_move moves[9];
				struct rules_outcome out;
				struct rules_result r;
				char text[256], move_text[8], err[RULES_ERR_MAX];
				size_t n = kalah_rules.legal_moves(game, &pos,
								   moves, 9);

				kalah_rules.position_format(game, &pos,
					RULES_TEXT_FULL, text, sizeof(text));
				assert_int_equal(kalah_rules.position_parse(game,
					text, &pos, err, sizeof(err)), 0);
				(void)kalah_rules.hash(game, &pos);
				kalah_rules.result(game, &pos, &r);
				if (n == 0)
					break;
				seed = seed * 1103515245u + 12345u;
				kalah_rules.move_format(game, &pos,
					&moves[(seed >> 16) % n], move_text,
					sizeof(move_text));
				assert_int_equal(kalah_rules.move_parse(game, &pos,
					move_text, &moves[0], err, sizeof(err)), 0);
				assert_int_equal(kalah_rules.apply(game, &pos,
					&moves[0], &out, err, sizeof(err)), 0);
			}
		}
		kalah_rules.start(game, &pos);
		assert_true(rules_perft(game, &pos, 6) > 0);
		assert_int_equal(allocations, 0);
		rules_game_free(game);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_game_creation_is_counted),
		cmocka_unit_test(test_move_path_allocates_nothing),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("kalah no allocation", tests, NULL,
					   NULL);
}
