/*
 * test_transport_noalloc.c - the Transport move path allocates nothing:
 * every allocation is counted (the linker routes malloc, calloc and
 * realloc through the wrappers of alloc_count.h), and whole games, text
 * round trips and perft must leave the count at zero once the game has
 * been created.
 */
#include "config.h"

#include "tests/alloc_count.h"
#include "tests/transport_util.h"

static void test_game_creation_is_counted(void **state)
{
	struct rules_game *game;

	(void)state;
	allocations = 0;
	game = tgame("size=8");
	/* The counter sees the library's allocations: the check below
	 * could fail. */
	assert_true(allocations > 0);
	rules_game_free(game);
}

static void test_move_path_allocates_nothing(void **state)
{
	static const char *const variants[] = {
		"size=8", "armed-transport teams=2", "size=15 planes=4 quiet-plies=0"
	};
	static struct rules_move moves[TRANSPORT_MAX_MOVES];
	uint64_t seed = 5;

	(void)state;
	for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
		struct rules_game *game = tgame(variants[v]);
		struct transport_pos pos, back;

		allocations = 0;
		for (int g = 0; g < 5; g++) {
			transport_rules.start(game, &pos);
			for (int ply = 0; ply < 3000; ply++) {
				struct rules_outcome out;
				struct rules_result r;
				char text[TP_TEXT_MAX], move_text[16];
				char err[RULES_ERR_MAX];
				size_t n = transport_rules.legal_moves(game,
					&pos, moves, TRANSPORT_MAX_MOVES);

				transport_rules.position_format(game, &pos,
					RULES_TEXT_FULL, text, sizeof(text));
				assert_int_equal(transport_rules.position_parse(
					game, text, &back, err, sizeof(err)), 0);
				(void)transport_rules.hash(game, &pos);
				transport_rules.result(game, &pos, &r);
				if (n == 0)
					break;
				seed = seed * 6364136223846793005ULL + 1;
				transport_rules.move_format(game, &pos,
					&moves[(seed >> 33) % n], move_text,
					sizeof(move_text));
				assert_int_equal(transport_rules.move_parse(game,
					&pos, move_text, &moves[0], err,
					sizeof(err)), 0);
				assert_int_equal(transport_rules.apply(game,
					&pos, &moves[0], &out, err,
					sizeof(err)), 0);
			}
		}
		transport_rules.start(game, &pos);
		assert_true(rules_perft(game, &pos, 2) > 0);
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
	return cmocka_run_group_tests_name("transport no allocation", tests, NULL, NULL);
}
