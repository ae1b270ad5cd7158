/*
 * test_codegame_secrets.c - the hidden-code game with secrets the
 * players enter themselves (secrets=ask, or '?' beside the arbiter's
 * own): nobody plays until all are in, and each seat's view shows its
 * own; a refusal never repeats the secret tried, and the entries are
 * checked together once all are in, those that clash all entered again.
 */
#include "config.h"

#include <stdlib.h>

#include "tests/codegame_util.h"

/* Enters `text` for `seat` (from 0); the game made anew from the options
 * the engine gives back replaces `*game`. */
static void center(struct rules_game **game, int seat, const char *text)
{
	char options[256], err[RULES_ERR_MAX] = "";

	if (CG->seat_enter(*game, seat, text, options, sizeof(options), err,
			   sizeof(err)) < 0)
		fail_msg("secret '%s' of seat %d refused: %s", text, seat + 1,
			 err);
	rules_game_free(*game);
	*game = cgame(options);
}

static const char *cview(const struct rules_game *game,
			 const struct codegame_pos *pos, int seat)
{
	static char buf[96];

	assert_int_equal(CG->seat_view(game, pos, seat, buf, sizeof(buf)), 0);
	return buf;
}

static void test_players_enter_their_own_secrets(void **state)
{
	struct rules_game *game = cgame("players=3 secrets=ask");
	struct codegame_pos pos;
	struct rules_move move;

	(void)state;
	CG->start(game, &pos);
	/* Until every secret is in, nobody may guess or claim. */
	assert_string_equal(ctext(game, &pos, RULES_TEXT_FULL),
			    "secrets ? ? ? | rows none | claims none | passed none");
	assert_int_equal(CG->legal_moves(game, &pos, &move, 1), 0);
	assert_text_contains(crefuse(game, &pos, "1:RGB-Y"),
			     "1 may not guess now: the players' secrets are not all entered yet");
	assert_text_contains(crefuse(game, &pos, "2:claim=RGB--"),
			     "2 may not claim now");
	assert_string_equal(cview(game, &pos, 1),
			    "seat 2 has not entered a secret yet");
	center(&game, 1, "y1");
	assert_string_equal(rules_game_options(game),
			    "players=3 secrets=?/Y1*/?");
	CG->start(game, &pos);
	assert_string_equal(cview(game, &pos, 1), "seat 2 holds Y at place 1");
	center(&game, 0, "R3");
	center(&game, 2, "B5");
	assert_string_equal(rules_game_options(game),
			    "players=3 secrets=R3*/Y1*/B5*");
	CG->start(game, &pos);
	assert_string_equal(ctext(game, &pos, RULES_TEXT_PUBLIC),
			    "secrets ? ? ? | rows none | claims none | passed none");
	assert_int_not_equal(CG->legal_moves(game, &pos, &move, 1), 0);
	cplay(game, &pos, "1:YRB-- 2:black 3:white");
	assert_int_equal(cturn(game, &pos), 1);
	rules_game_free(game);
	/* Some given by the arbiter ('?' for the others). */
	game = cgame("players=2 secrets=O2/?");
	CG->start(game, &pos);
	assert_text_contains(crefuse(game, &pos, "1:O----"), "not all entered");
	center(&game, 1, "O4");
	assert_string_equal(rules_game_options(game),
			    "players=2 secrets=O2/O4*");
	CG->start(game, &pos);
	cplay(game, &pos, "1:O---- 2:white");
	rules_game_free(game);
}

static void test_entered_secrets_refused_without_telling_them(void **state)
{
	static const struct {
		const char *options;
		int seat;
		const char *text, *why;
	} cases[] = {
		{ "players=2 secrets=ask", 0, "R6",
		  "seat 1: a secret is a colour (R O Y G B P) and a place (1..5), such as R3" },
		{ "players=2 secrets=ask", 0, "X3", "a secret is a colour" },
		{ "players=2 secrets=ask", 0, "R33", "a secret is a colour" },
		{ "players=2 secrets=ask", 0, "", "a secret is a colour" },
		{ "players=2 secrets=ask", 2, "R3", "no seat 3 in this game" },
		/* Once in, a secret stays: no trying places one by one. */
		{ "players=2 secrets=G1*/?", 0, "R3",
		  "seat 1 has entered a secret already; to change it the arbiter starts the game again" },
		{ "players=2 secrets=G1/?", 0, "R3",
		  "seat 1's secret was given when the game started" },
		{ "players=2 seed=7", 0, "R3",
		  "this game's secrets were drawn by pitboss: there is none to enter" },
	};
	char options[256], err[RULES_ERR_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rules_game *game = cgame(cases[i].options);

		err[0] = '\0';
		assert_int_equal(CG->seat_enter(game, cases[i].seat,
						 cases[i].text, options,
						 sizeof(options), err,
						 sizeof(err)), -1);
		assert_text_contains(err, cases[i].why);
		/* The refusal is shown to the room: it never repeats the
		 * secret tried. */
		if (cases[i].text[0] != '\0')
			assert_null(strstr(err, cases[i].text));
		rules_game_free(game);
	}
}

/* Entries are checked together once all are in, so no answer tells a
 * player where the others sit before then. */
static void test_secrets_that_clash_are_all_entered_again(void **state)
{
	static const struct {
		const char *options, *first, *second, *why;
	} cases[] = {
		{ "players=3 secrets=B5/?/?", "R3", "G3",
		  "the secrets entered cannot all be held together (two at one place): every player who entered one checks his counters and enters it again" },
		{ "players=2 distinct-colours secrets=ask", "R3", "R1",
		  "(two at one place, or one colour twice)" },
	};
	char options[256], err[RULES_ERR_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rules_game *game = cgame(cases[i].options);
		int last = i == 0 ? 2 : 1;

		center(&game, last - 1, cases[i].first);
		err[0] = '\0';
		assert_int_equal(CG->seat_enter(game, last, cases[i].second,
						 options, sizeof(options), err,
						 sizeof(err)), 1);
		assert_text_contains(err, cases[i].why);
		assert_null(strstr(err, cases[i].second));
		rules_game_free(game);
		/* The entries are taken back; what the arbiter gave stays. */
		game = cgame(options);
		assert_string_equal(rules_game_options(game), i == 0 ?
				    "players=3 secrets=B5/?/?" :
				    "players=2 distinct-colours secrets=?/?");
		rules_game_free(game);
	}
	/* An entry at the arbiter's given place is taken while others are
	 * still to come (a refusal would tell where he sits), and found at
	 * the last. */
	{
		struct rules_game *game = cgame("players=3 secrets=R3/?/?");

		center(&game, 1, "G3");
		assert_string_equal(rules_game_options(game),
				    "players=3 secrets=R3/G3*/?");
		err[0] = '\0';
		assert_int_equal(CG->seat_enter(game, 2, "B1", options,
						 sizeof(options), err,
						 sizeof(err)), 1);
		rules_game_free(game);
		game = cgame(options);
		assert_string_equal(rules_game_options(game),
				    "players=3 secrets=R3/?/?");
		rules_game_free(game);
	}
	/* Typed whole by the arbiter, clashing entries are refused. */
	assert_null(rules_game_new(CG, "players=2 secrets=R3*/G3*", err,
				   sizeof(err)));
	assert_text_contains(err, "seats 1 and 2 hold the same place");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_players_enter_their_own_secrets),
		cmocka_unit_test(test_entered_secrets_refused_without_telling_them),
		cmocka_unit_test(test_secrets_that_clash_are_all_entered_again),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("codegame secrets", tests, NULL, NULL);
}
