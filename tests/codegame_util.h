/*
 * codegame_util.h - helpers for the hidden-code game tests: create a
 * game, set a position from its text, play moves by their text, read
 * the position back, and the tests' own marking rule. Every helper fails
 * the running test when the engine refuses.
 */
#ifndef PITBOSS_TESTS_CODEGAME_UTIL_H
#define PITBOSS_TESTS_CODEGAME_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rules/codegame.h"
#include "rules/rules.h"

#define CG (&codegame_rules)

static inline struct rules_game *cgame(const char *options)
{
	char err[RULES_ERR_MAX] = "";
	struct rules_game *game = rules_game_new(CG, options, err,
						 sizeof(err));

	if (game == NULL)
		fail_msg("options '%s' refused: %s", options, err);
	return game;
}

static inline void cset(const struct rules_game *game,
			struct codegame_pos *pos, const char *text)
{
	char err[RULES_ERR_MAX] = "";

	if (CG->position_parse(game, text, pos, err, sizeof(err)) < 0)
		fail_msg("position '%s' refused: %s", text, err);
}

/* The position's text, in a buffer that lives until the next call. */
static inline const char *ctext(const struct rules_game *game,
				const struct codegame_pos *pos,
				enum rules_text_view view)
{
	static char buf[640];

	assert_int_equal(CG->position_format(game, pos, view, buf,
					     sizeof(buf)), 0);
	return buf;
}

/* Plays each move of a blank-separated list; returns the last outcome. */
static inline struct rules_outcome cplay(const struct rules_game *game,
					 struct codegame_pos *pos,
					 const char *moves)
{
	char copy[512], *save = NULL;
	struct rules_outcome out = { 0, 0, { -1, 0, 0 } };

	snprintf(copy, sizeof(copy), "%s", moves);
	for (char *m = strtok_r(copy, " ", &save); m != NULL;
	     m = strtok_r(NULL, " ", &save)) {
		struct rules_move move;
		char err[RULES_ERR_MAX] = "";

		if (CG->move_parse(game, pos, m, &move, err, sizeof(err)) < 0)
			fail_msg("move '%s' not parsed: %s", m, err);
		if (CG->apply(game, pos, &move, &out, err, sizeof(err)) < 0)
			fail_msg("move '%s' refused: %s", m, err);
	}
	return out;
}

/* Plays a move expected to be refused (by move_parse or apply); checks
 * the position is unchanged and returns the engine's reason. */
static inline const char *crefuse(const struct rules_game *game,
				  struct codegame_pos *pos,
				  const char *move_text)
{
	static char err[RULES_ERR_MAX];
	struct rules_move move;
	struct rules_outcome out;
	struct codegame_pos before = *pos;

	err[0] = '\0';
	if (CG->move_parse(game, pos, move_text, &move, err,
			   sizeof(err)) < 0)
		return err;
	if (CG->apply(game, pos, &move, &out, err, sizeof(err)) == 0)
		fail_msg("move '%s' was accepted", move_text);
	assert_memory_equal(&before, pos, sizeof(before));
	return err;
}

/* Seat (from 0) to act, -1 once over. */
static inline int cturn(const struct rules_game *game,
			const struct codegame_pos *pos)
{
	return CG->to_move(game, pos).seat;
}

/*
 * The tests' own reading of the patent's marking rule, written apart
 * from the engine's: count the holder's colour in the guess, then look
 * at his place.
 */
static inline const char *oracle_mark(const char *guess, char colour,
				      int place)
{
	int seen = 0;

	for (int k = 0; k < 5; k++)
		seen += guess[k] == colour;
	if (seen == 0)
		return "none";
	return guess[place] == colour ? "black" : "white";
}

#define assert_text_contains(text, part) \
	do { \
		if (strstr((text), (part)) == NULL) \
			fail_msg("'%s' does not contain '%s'", (text), (part)); \
	} while (0)

static const char cg_colours[] = "ROYGBP";
static const char cg_pegs[] = "-ROYGBP";

/* Guess number `index` (0..16806) as text, in a caller's 6 bytes. */
static inline void guess_text(unsigned index, char *out)
{
	for (int k = 0; k < 5; k++, index /= 7)
		out[k] = cg_pegs[index % 7];
	out[5] = '\0';
}

#endif
