/*
 * test_codegame_text.c - the hidden-code game's position and move text:
 * round trips over every position of random games, the public view that
 * hides every secret until the game is over, malformed text refused with
 * a message naming the wrong field, and the public option text.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>

#include "tests/codegame_util.h"

static unsigned lcg_next(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 8;
}

/* One random move: now and then a claim by any seat still in, else a
 * legal move of the seat to act (for a mark, the one that applies). */
static void random_move(const struct rules_game *game,
			struct codegame_pos *pos, unsigned *seed)
{
	static struct rules_move moves[CODEGAME_CODES];
	int players = (int)game->value[rules_option_index(CG, "players")];
	size_t n;

	if (lcg_next(seed) % 23 == 0) {
		struct rules_move claim;
		char text[24], code[6];
		int seat = (int)(lcg_next(seed) % (unsigned)players);

		guess_text(lcg_next(seed) % 16807, code);
		if (lcg_next(seed) % 3 == 0) {	/* the true code */
			uint8_t truth[5];

			codegame_code(game, pos, truth);
			for (int k = 0; k < 5; k++)
				code[k] = cg_pegs[truth[k]];
		}
		snprintf(text, sizeof(text), "%d:claim=%s", seat + 1, code);
		assert_int_equal(CG->move_parse(game, pos, text, &claim, NULL,
						0), 0);
		if (CG->apply(game, pos, &claim, NULL, NULL, 0) == 0)
			return;
	}
	n = CG->legal_moves(game, pos, moves, CODEGAME_CODES);
	if (n == 0)
		return;
	if (n == 3) {	/* marking */
		for (size_t i = 0; i < 3; i++)
			if (CG->apply(game, pos, &moves[i], NULL, NULL, 0) == 0)
				return;
		fail_msg("no mark applies");
	}
	assert_int_equal(CG->apply(game, pos,
				   &moves[lcg_next(seed) % n], NULL, NULL, 0), 0);
}

/* The public text before the end: no secret, in any form. */
static void check_public_hides_secrets(const struct rules_game *game,
				       const struct codegame_pos *pos,
				       const char *text, int players)
{
	char expect[64] = "secrets";

	for (int s = 0; s < players; s++)
		strcat(expect, " ?");
	strcat(expect, " | rows");
	assert_true(strncmp(text, expect, strlen(expect)) == 0);
	for (const char *p = text; p[0] != '\0' && p[1] != '\0'; p++)
		if (strchr(cg_colours, p[0]) != NULL && p[1] >= '1' &&
		    p[1] <= '5')
			fail_msg("'%s' shows a secret at '%.2s'", text, p);
	(void)game;
	(void)pos;
}

static void test_position_text_round_trip(void **state)
{
	static const char *const variants[] = {
		"players=2 seed=1", "players=3 seed=2 rows=5",
		"players=4 seed=3", "players=4 seed=4 claims=verified",
		"players=5 seed=5 distinct-colours rows=2",
		"players=5 seed=6 claims=verified rows=1",
		"players=2 secrets=P5/P1 rows=1",
	};
	unsigned seed = 77;
	int games_over = 0;

	(void)state;
	for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
		struct rules_game *game = cgame(variants[v]);
		int players = (int)game->value[rules_option_index(CG, "players")];

		for (int g = 0; g < 25; g++) {
			struct codegame_pos pos;

			CG->start(game, &pos);
			for (int ply = 0; ply < 400; ply++) {
				struct codegame_pos back;
				char full[640], pub[640];
				int over = cturn(game, &pos) < 0;

				strcpy(full, ctext(game, &pos, RULES_TEXT_FULL));
				assert_true(strlen(full) < 512);
				cset(game, &back, full);
				assert_memory_equal(&back, &pos, sizeof(pos));
				assert_string_equal(ctext(game, &back,
							  RULES_TEXT_FULL), full);
				assert_true(CG->hash(game, &back) ==
					    CG->hash(game, &pos));
				strcpy(pub, ctext(game, &pos, RULES_TEXT_PUBLIC));
				if (over) {
					assert_string_equal(pub, full);
					games_over++;
					break;
				}
				check_public_hides_secrets(game, &pos, pub,
							   players);
				/* '?' stands for the game's own secret. */
				cset(game, &back, pub);
				assert_memory_equal(&back, &pos, sizeof(pos));
				random_move(game, &pos, &seed);
			}
		}
		rules_game_free(game);
	}
	assert_true(games_over > 100);
}

static void test_position_text_example(void **state)
{
	struct rules_game *game = cgame("players=4 secrets=R3/G1/B5/Y2");
	struct codegame_pos pos;

	(void)state;
	CG->start(game, &pos);
	assert_string_equal(ctext(game, &pos, RULES_TEXT_FULL),
			    "secrets R3 G1 B5 Y2 | rows none | claims none | passed none");
	cplay(game, &pos, "1:RGB-Y 2:white 3:white 2:claim=GYR-B 3:accept");
	assert_string_equal(ctext(game, &pos, RULES_TEXT_FULL),
			    "secrets R3 G1 B5 Y2 | rows 1:RGB-Y/xww. | claims 2:GYR-B/.xa. | passed none");
	assert_string_equal(ctext(game, &pos, RULES_TEXT_PUBLIC),
			    "secrets ? ? ? ? | rows 1:RGB-Y/xww. | claims 2:GYR-B/.xa. | passed none");
	cplay(game, &pos, "4:accept 1:accept");
	assert_string_equal(ctext(game, &pos, RULES_TEXT_PUBLIC),
			    "secrets R3 G1 B5 Y2 | rows 1:RGB-Y/xww. | claims 2:GYR-B/axaa | passed none");
	rules_game_free(game);
}

/* The longest text: 5 players, every row used, 4 claims disputed and a
 * fifth pending, and passes - still one line of under 512 bytes. */
static void test_longest_position_fits_a_line(void **state)
{
	struct rules_game *game = cgame("players=5 seed=21 rows=5");
	struct codegame_pos pos;
	char move[24];

	(void)state;
	CG->start(game, &pos);
	for (;;) {
		int seat = cturn(game, &pos);
		size_t n = CG->legal_moves(game, &pos, NULL, 0);

		if (n == 1)	/* the closing round */
			break;
		if (n == 3) {
			const struct codegame_row *row = &pos.row[pos.rows - 1];
			char pegs[6];

			for (int k = 0; k < 5; k++)
				pegs[k] = cg_pegs[row->peg[k]];
			pegs[5] = '\0';
			snprintf(move, sizeof(move), "%d:%s", seat + 1,
				 oracle_mark(pegs, cg_colours[pos.colour[seat] - 1],
					     pos.place[seat]));
		} else {
			snprintf(move, sizeof(move), "%d:RGB-Y", seat + 1);
		}
		cplay(game, &pos, move);
	}
	assert_int_equal(pos.rows, 25);
	cplay(game, &pos, "1:pass 2:pass");
	cplay(game, &pos, "1:claim=----- 2:dispute 3:dispute 4:dispute 5:dispute");
	cplay(game, &pos, "2:claim=----- 3:dispute 4:dispute 5:dispute 1:dispute");
	cplay(game, &pos, "3:claim=----- 4:dispute 5:dispute 1:dispute 2:dispute");
	cplay(game, &pos, "4:claim=----- 5:dispute 1:dispute 2:dispute 3:dispute");
	cplay(game, &pos, "5:claim=----- 1:accept 2:accept");
	assert_true(cturn(game, &pos) == 2);
	assert_true(strlen(ctext(game, &pos, RULES_TEXT_FULL)) < 512);
	rules_game_free(game);
}

static void test_move_text_round_trip(void **state)
{
	static const char *const all[] = {
		"1:RGB-Y", "2:-----", "3:POYGB", "4:RRRRR", "1:black",
		"2:white", "3:none", "4:accept", "1:dispute", "2:pass",
		"3:claim=GYR-B", "4:claim=-----", "1:claim=PPPPP",
	};
	struct rules_game *game = cgame("players=4 seed=1");
	struct codegame_pos pos;
	struct rules_move move;
	char text[24], err[RULES_ERR_MAX];

	(void)state;
	CG->start(game, &pos);
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		assert_int_equal(CG->move_parse(game, &pos, all[i], &move, err,
						sizeof(err)), 0);
		assert_int_equal(CG->move_format(game, &pos, &move, text,
						 sizeof(text)), 0);
		assert_string_equal(text, all[i]);
	}
	/* Too small a buffer is refused, not cut. */
	assert_int_equal(CG->move_parse(game, &pos, "3:claim=GYR-B", &move,
					err, sizeof(err)), 0);
	assert_int_equal(CG->move_format(game, &pos, &move, text, 8), -1);
	rules_game_free(game);
}

static void test_bad_moves_refused(void **state)
{
	static const struct {
		const char *text;
		const char *message;
	} bad[] = {
		{ "", "no actor" },
		{ "1", "no actor" },
		{ "RGB-Y", "no actor" },
		{ "1RGB-Y", "no actor" },
		{ "0:RGB-Y", "seat '0' is not a player (1..4)" },
		{ "5:RGB-Y", "seat '5' is not a player (1..4)" },
		{ "x:black", "seat 'x' is not a player" },
		{ "1:RGB-YP", "guess: a code has 5 pegs, not 6" },
		{ "1:RGB-", "guess: a code has 5 pegs, not 4" },
		{ "1:", "is not a guess" },
		{ "1:RGX-Y", "guess: peg 3: 'X' is not a colour" },
		{ "1:rgb-y", "guess: peg 1: 'r' is not a colour" },
		{ "1:RGB Y", "guess: peg 4: ' ' is not a colour" },
		{ "1:W----", "guess: peg 1: 'W' is not a colour" },
		{ "2:grey", "'grey' is not a guess" },
		{ "2:Black", "guess: peg 2: 'l' is not a colour" },
		{ "2:blacks", "'blacks' is not a guess" },
		{ "3:claim", "'claim' is not a guess" },
		{ "3:claim=", "claim: a code has 5 pegs, not 0" },
		{ "3:claim=GYR-BB", "claim: a code has 5 pegs, not 6" },
		{ "3:claim=GYR.B", "claim: peg 4: '.' is not a colour" },
		{ "4:accepted", "'accepted' is not a guess" },
		{ "4:RGB-Y-RGB-Y", "is not a guess" },
		{ "1::RGB-", "guess: peg 1: ':' is not a colour" },
	};
	struct rules_game *game = cgame("players=4 seed=1");
	struct codegame_pos pos;
	struct rules_move move;
	char err[RULES_ERR_MAX];

	(void)state;
	CG->start(game, &pos);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (CG->move_parse(game, &pos, bad[i].text, &move, err,
				   sizeof(err)) == 0)
			fail_msg("move '%s' accepted", bad[i].text);
		assert_text_contains(err, bad[i].message);
	}
	rules_game_free(game);
}

struct bad_position {
	const char *options;
	const char *text;
	const char *message;	/* a part of the expected error; NULL: parses */
};

#define P4 "players=4 secrets=R3/G1/B5/Y2"
#define S4 "secrets R3 G1 B5 Y2"

static const struct bad_position bad_positions[] = {
	{ P4, S4 " | rows none | claims none | passed none", NULL },
	{ P4, "", "expected 4 fields separated by '|'" },
	{ P4, S4 " | rows none | claims none", "found 3" },
	{ P4, S4 " | rows none | claims none | passed none | x", "found 5" },
	{ P4, "secret R3 G1 B5 Y2 | rows none | claims none | passed none",
	  "field 1: expected 'secrets'" },
	{ P4, S4 " | row none | claims none | passed none",
	  "field 2: expected 'rows'" },
	{ P4, S4 " | rows | claims none | passed none",
	  "field 2: expected 'rows' and its values" },
	{ P4, "secrets R3 G1 B5 | rows none | claims none | passed none",
	  "field 1 (secrets): 3 secrets for 4 players" },
	{ P4, "secrets R3 G1 B5 Y2 O4 | rows none | claims none | passed none",
	  "field 1 (secrets): more than 4 secrets" },
	{ P4, "secrets R3 G1 X5 Y2 | rows none | claims none | passed none",
	  "field 1 (secrets): seat 3: not a colour and a place such as R3, nor ?" },
	{ P4, "secrets R3 G1 B0 Y2 | rows none | claims none | passed none",
	  "field 1 (secrets): seat 3: not a colour" },
	{ P4, "secrets R3 G3 B5 Y2 | rows none | claims none | passed none",
	  "field 1 (secrets): seats 1 and 2 hold the same place" },
	{ P4 " distinct-colours", "secrets R3 R1 B5 Y2 | rows none | claims none | passed none",
	  "hold the same colour, but the game has distinct-colours" },
	{ P4, "secrets ? ? ? ? | rows none | claims none | passed none", NULL },
	{ P4, S4 " | rows 1:RGB-Y/xwww | claims none | passed none", NULL },
	{ P4, S4 " | rows 1:RGB-Y/xwwb | claims none | passed none",
	  "field 2 (rows): row 1: seat 4's mark 'b' is not the mark its secret gives" },
	{ P4, S4 " | rows 1:RGB-Y/xw.w | claims none | passed none",
	  "field 2 (rows): row 1: seat 3 has no letter but seat 4, after it clockwise, has" },
	{ P4, S4 " | rows 1:RGB-Y/www. | claims none | passed none",
	  "field 2 (rows): row 1: seat 1's own letter is 'w', not x" },
	{ P4, S4 " | rows 1:RGB-Y/xw. | claims none | passed none",
	  "field 2 (rows): row 1: 'xw.' has 3 letters, one per seat (4)" },
	{ P4, S4 " | rows 1:RGB-Y/xwq. | claims none | passed none",
	  "field 2 (rows): row 1: seat 3: 'q' is not one of" },
	{ P4, S4 " | rows 1:RGB-Y/xww. 2:OOOOO/.x.. | claims none | passed none",
	  "field 2 (rows): row 1 is not fully marked, yet row 2 follows" },
	{ P4, S4 " | rows 1:RGBZY/x... | claims none | passed none",
	  "field 2 (rows): row 1: peg 4: 'Z' is not a colour" },
	{ P4, S4 " | rows 1:RGB-/x... | claims none | passed none",
	  "field 2 (rows): row 1: a code has 5 pegs, not 4" },
	{ P4, S4 " | rows 6:RGB-Y/x... | claims none | passed none",
	  "field 2 (rows): row 1: '6:RGB-Y/x...' is not SEAT:GUESS/MARKS" },
	{ P4, S4 " | rows 1:RGB-Y | claims none | passed none",
	  "is not SEAT:GUESS/MARKS" },
	{ "players=2 secrets=R3/G1 rows=1",
	  "secrets R3 G1 | rows 1:OOOOO/x- 2:OOOOO/-x 1:OOOOO/x- | claims none | passed none",
	  "field 2 (rows): more than 2 rows" },
	{ "players=2 secrets=R3/G1 rows=2",
	  "secrets R3 G1 | rows 1:OOOOO/x- 1:OOOOO/x- 1:OOOOO/x. | claims none | passed none",
	  "field 2 (rows): row 3: seat 1 has only 2 rows" },
	{ P4, S4 " | rows none | claims 3:GYR-B/..xa | passed none", NULL },
	{ P4, S4 " | rows none | claims 3:GYR-B | passed none",
	  "field 3 (claims): claim 1: claims=patent: the answers" },
	{ P4 " claims=verified", S4 " | rows none | claims 3:GYR-B/aax. | passed none",
	  "field 3 (claims): claim 1: claims=verified: claims have no answers" },
	{ P4, S4 " | rows none | claims 3:GYR-B/aaxw | passed none",
	  "field 3 (claims): claim 1: seat 4: 'w' is not one of" },
	{ P4, S4 " | rows none | claims 9:GYR-B/aaxa | passed none",
	  "field 3 (claims): claim 1: '9:GYR-B/aaxa' is not SEAT:CODE" },
	{ P4, S4 " | rows none | claims 3:GYR-B/aaxa 1:GYR-B/xaaa | passed none",
	  "field 3 (claims): claim 2 follows claim 1, which ended the game" },
	{ P4, S4 " | rows none | claims 3:GYR-B/..xa 1:GYR-B/xaaa | passed none",
	  "field 3 (claims): claim 2 follows claim 1, which awaits answers" },
	{ P4, S4 " | rows none | claims 3:GYR-B/ddxa 3:GYR-B/aaxa | passed none",
	  "field 3 (claims): claim 2: seat 3 was already disqualified" },
	{ P4, S4 " | rows none | claims none | passed 1",
	  "field 4 (passed): passes before the rows are used up" },
	{ "players=2 secrets=R3/G1 rows=1",
	  "secrets R3 G1 | rows 1:OOOOO/x- 2:OOOOO/-x | claims none | passed 1 1",
	  "field 4 (passed): '1' is not a seat (1..2) named once" },
	{ "players=2 secrets=R3/G1 rows=1",
	  "secrets R3 G1 | rows 1:OOOOO/x- 2:OOOOO/-x | claims none | passed 1 3",
	  "field 4 (passed): '3' is not a seat" },
	{ "players=2 secrets=R3/G1 rows=1",
	  "secrets R3 G1 | rows 1:OOOOO/x- 2:OOOOO/-x | claims none | passed 1", NULL },
	{ P4, S4 " | rows none | claims none | passed none\n",
	  "control character at byte 60" },
};

static void test_bad_positions_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad_positions) / sizeof(bad_positions[0]);
	     i++) {
		const struct bad_position *bp = &bad_positions[i];
		struct rules_game *game = cgame(bp->options);
		struct codegame_pos pos;
		char err[RULES_ERR_MAX] = "";
		int rc = CG->position_parse(game, bp->text, &pos, err,
					    sizeof(err));

		if (bp->message == NULL) {
			if (rc != 0)
				fail_msg("position '%s' refused: %s", bp->text, err);
			assert_string_equal(ctext(game, &pos, RULES_TEXT_FULL),
					    strncmp(bp->text, "secrets ?", 9) == 0 ?
					    S4 " | rows none | claims none | passed none" :
					    bp->text);
		} else {
			if (rc == 0)
				fail_msg("position '%s' accepted", bp->text);
			assert_text_contains(err, bp->message);
		}
		rules_game_free(game);
	}
}

static void test_format_refuses_a_short_buffer(void **state)
{
	struct rules_game *game = cgame("players=4 seed=3");
	struct codegame_pos pos;
	char buf[20];

	(void)state;
	CG->start(game, &pos);
	assert_int_equal(CG->position_format(game, &pos, RULES_TEXT_FULL, buf,
					     sizeof(buf)), -1);
	assert_true(strlen(buf) < sizeof(buf));
	rules_game_free(game);
}

static void test_public_options_hide_the_secrets(void **state)
{
	static const struct {
		const char *options, *shown;
	} cases[] = {
		{ "seed=99", "" },
		{ "players=3 seed=99 distinct-colours", "players=3 distinct-colours" },
		{ "players=2 secrets=R3/G1 claims=verified rows=2",
		  "players=2 claims=verified rows=2" },
	};
	char buf[128];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rules_game *game = cgame(cases[i].options);

		assert_true(strstr(rules_game_options(game), "se") != NULL);
		assert_int_equal(codegame_public_options(game, buf, sizeof(buf)), 0);
		assert_string_equal(buf, cases[i].shown);
		assert_int_equal(codegame_public_options(game, buf, 3),
				 cases[i].shown[0] == '\0' ? 0 : -1);
		rules_game_free(game);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_position_text_round_trip),
		cmocka_unit_test(test_position_text_example),
		cmocka_unit_test(test_longest_position_fits_a_line),
		cmocka_unit_test(test_move_text_round_trip),
		cmocka_unit_test(test_bad_moves_refused),
		cmocka_unit_test(test_bad_positions_refused),
		cmocka_unit_test(test_format_refuses_a_short_buffer),
		cmocka_unit_test(test_public_options_hide_the_secrets),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("codegame text", tests, NULL, NULL);
}
