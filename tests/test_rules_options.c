/*
 * test_rules_options.c - games created from option text through the
 * option tables: every kind of bad option is refused with a message
 * naming it, and the canonical option text is stable.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"

static const struct rules *kalah(void)
{
	const struct rules *ops = rules_find("kalah");

	assert_non_null(ops);
	return ops;
}

static void test_registry_finds_games(void **state)
{
	(void)state;
	assert_non_null(rules_find("kalah"));
	assert_null(rules_find("Kalah"));
	assert_null(rules_find("chess"));
	assert_string_equal(rules_registry[0]->name, "kalah");
	assert_int_equal(rules_seat_find(kalah(), "N"), 1);
	assert_int_equal(rules_seat_find(kalah(), "X"), -1);
	assert_string_equal(rules_seat_name(kalah(), 0), "S");
	assert_string_equal(rules_seat_name(kalah(), 7), "?");
}

static void test_canonical_option_text(void **state)
{
	static const struct {
		const char *given, *canonical;
	} cases[] = {
		{ "", "" },
		{ "pits=6 seeds=4", "" },
		{ "seeds=6,pits=5", "pits=5 seeds=6" },
		{ "  cross   pie ", "pie cross" },
		{ "pie=yes cross=0", "pie" },
		{ "teams", "teams=2" },
		{ "teams=3 first=N empty-capture no-sweep",
		  "empty-capture no-sweep teams=3 first=N" },
		{ "pits=3 pits=8", "pits=8" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char err[RULES_ERR_MAX] = "";
		struct rules_game *game = rules_game_new(kalah(), cases[i].given,
							 err, sizeof(err));

		if (game == NULL)
			fail_msg("'%s' refused: %s", cases[i].given, err);
		assert_string_equal(rules_game_options(game),
				    cases[i].canonical);
		rules_game_free(game);
	}
}

static void test_bad_options_refused_naming_them(void **state)
{
	static const struct {
		const char *given, *message;
	} cases[] = {
		{ "pitz=6", "kalah: unknown option 'pitz'" },
		{ "pits=2", "option 'pits': 2 is out of range 3..8" },
		{ "pits=9", "option 'pits': 9 is out of range 3..8" },
		{ "seeds=0", "option 'seeds': 0 is out of range 1..12" },
		{ "seeds=13", "option 'seeds': 13 is out of range 1..12" },
		{ "seeds=four", "option 'seeds': 'four' is not a whole number" },
		{ "seeds=", "option 'seeds': '' is not a whole number" },
		{ "seeds=4x", "option 'seeds': '4x' is not a whole number" },
		{ "seeds=99999999999999999999", "is not a whole number" },
		{ "pits", "option 'pits' needs a value (pits=N)" },
		{ "pie=maybe", "option 'pie' is a flag; value 'maybe' is not yes/no/1/0" },
		{ "first=W", "option 'first': 'W' is not one of: S N" },
		{ "first", "option 'first' needs a value" },
		{ "teams=0", "option 'teams': 0 is out of range 1..6" },
		{ "cross\x01", "control character" },
		{ "=4", "unknown option ''" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char err[RULES_ERR_MAX] = "";
		struct rules_game *game = rules_game_new(kalah(), cases[i].given,
							 err, sizeof(err));

		if (game != NULL)
			fail_msg("'%s' accepted", cases[i].given);
		if (strstr(err, cases[i].message) == NULL)
			fail_msg("'%s': message '%s' lacks '%s'", cases[i].given,
				 err, cases[i].message);
	}
}

static void test_option_too_long_refused(void **state)
{
	char text[400], err[RULES_ERR_MAX] = "";

	(void)state;
	memset(text, 'x', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	assert_null(rules_game_new(kalah(), text, err, sizeof(err)));
	assert_non_null(strstr(err, "is too long"));
}

static void test_options_laid_over_others(void **state)
{
	static const struct {
		const char *base, *over, *want;
	} cases[] = {
		{ "", "", "" },
		{ "pits=5 pie", "", "pits=5 pie" },
		{ "", "seeds=3", "seeds=3" },
		{ "pits=5 pie", "pits=4", "pie pits=4" },
		{ "pits=5,pie", "pie seeds=6", "pits=5 pie seeds=6" },
		{ "players=4 seed=7", "secrets=R3/G1/B5/Y2",
		  "players=4 seed=7 secrets=R3/G1/B5/Y2" },
		/* A name is a whole word: seed is not seeds. */
		{ "seeds=5 seed=3", "seed=9", "seeds=5 seed=9" },
		{ "  empty-capture  ", " no-sweep ", "empty-capture no-sweep" },
	};
	char out[64];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(rules_options_merge(cases[i].base,
						     cases[i].over, out,
						     sizeof(out)), 0);
		assert_string_equal(out, cases[i].want);
	}
	assert_int_equal(rules_options_merge("pits=5 seeds=6", "pie", out, 8),
			 -1);
	assert_int_equal(rules_options_merge(NULL, NULL, out, sizeof(out)), 0);
	assert_string_equal(out, "");
}

static void test_fresh_option_drawn_for_each_game(void **state)
{
	const struct rules *code = rules_find("codegame");
	struct rules_game *a, *b, *g;
	char err[RULES_ERR_MAX] = "", pub[128];

	(void)state;
	assert_non_null(code);
	/* Left out: drawn, in range, and in the option text. */
	a = rules_game_new_fresh(code, "players=4", 12345, err, sizeof(err));
	b = rules_game_new_fresh(code, "players=4", 67890, err, sizeof(err));
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(rules_game_options(a), "seed=12346");
	assert_string_equal(rules_game_options(b), "seed=67891");
	/* ...but not in what spectators see. */
	assert_string_equal(rules_public_options(a, pub, sizeof(pub)), "");
	rules_game_free(a);
	rules_game_free(b);
	a = rules_game_new_fresh(code, "players=2", UINT64_MAX, err,
				 sizeof(err));
	assert_non_null(a);
	assert_string_equal(rules_game_options(a),
			    "players=2 seed=2");
	rules_game_free(a);
	/* Given: kept. Secrets entered instead: no seed added. */
	g = rules_game_new_fresh(code, "seed=5", 99, err, sizeof(err));
	assert_non_null(g);
	assert_string_equal(rules_game_options(g), "seed=5");
	rules_game_free(g);
	g = rules_game_new_fresh(code, "players=2 secrets=R3/G1", 99, err,
				 sizeof(err));
	assert_non_null(g);
	assert_string_equal(rules_game_options(g), "players=2 secrets=R3/G1");
	rules_game_free(g);
	/* Bad options are refused with the engine's own message. */
	assert_null(rules_game_new_fresh(code, "players=9", 1, err,
					 sizeof(err)));
	assert_string_equal(err, "codegame: option 'players': 9 is out of range 2..5");
	/* A bad choice, tried first with a drawn seed, then without. */
	assert_null(rules_game_new_fresh(code, "claims=maybe", 1, err,
					 sizeof(err)));
	assert_string_equal(err, "codegame: option 'claims': 'maybe' is not one of: patent verified");
	/* No message buffer: refused all the same. */
	assert_null(rules_game_new(code, "claims=maybe", NULL, 0));
	/* A game without a fresh option is made as rules_game_new() would. */
	g = rules_game_new_fresh(kalah(), "pits=5", 7, err, sizeof(err));
	assert_non_null(g);
	assert_string_equal(rules_game_options(g), "pits=5");
	rules_game_free(g);
}

/* The rating list: the game, then its rating options, defaults too. */
static void test_rating_key(void **state)
{
	const struct rules *code = rules_find("codegame");
	char err[RULES_ERR_MAX], key[64];

	(void)state;
	assert_int_equal(rules_rating_key(kalah(), "", key, sizeof(key), err,
					  sizeof(err)), 0);
	assert_string_equal(key, "kalah pits=6 seeds=4");
	/* Options that are not rating options do not split the list. */
	assert_int_equal(rules_rating_key(kalah(), "seeds=3 empty-capture first=N",
					  key, sizeof(key), err, sizeof(err)), 0);
	assert_string_equal(key, "kalah pits=6 seeds=3");
	assert_int_equal(rules_rating_key(kalah(), "seeds=3", key, 8, err,
					  sizeof(err)), -1);
	assert_string_equal(err, "kalah: the rating key is too long");
	assert_int_equal(rules_rating_key(kalah(), "pits=99", key, sizeof(key),
					  err, sizeof(err)), -1);
	assert_string_equal(err, "kalah: option 'pits': 99 is out of range 3..8");
	/* A game without rating options has one list; its set-up (the
	 * secrets it needs) is not asked. */
	assert_int_equal(rules_rating_key(code, "players=3 seed=9", key,
					  sizeof(key), err, sizeof(err)), 0);
	assert_string_equal(key, "codegame");
	assert_int_equal(rules_rating_key(code, "players=2 secrets=R1", key,
					  sizeof(key), err, sizeof(err)), 0);
	assert_string_equal(key, "codegame");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry_finds_games),
		cmocka_unit_test(test_canonical_option_text),
		cmocka_unit_test(test_bad_options_refused_naming_them),
		cmocka_unit_test(test_option_too_long_refused),
		cmocka_unit_test(test_options_laid_over_others),
		cmocka_unit_test(test_fresh_option_drawn_for_each_game),
		cmocka_unit_test(test_rating_key),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("rules options", tests, NULL, NULL);
}
