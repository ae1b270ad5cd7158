/*
 * codegame_util.h - helpers for the hidden-code game tests: create a
 * game, set a position from its text, play moves by their text, read
 * the position back, and the tests' own marking rule. Every helper fails
 * the running test when the engine refuses (the helpers of any game:
 * rules_util.h).
 */
#ifndef PITBOSS_TESTS_CODEGAME_UTIL_H
#define PITBOSS_TESTS_CODEGAME_UTIL_H

#include "rules/codegame.h"
#include "tests/rules_util.h"

#define CG (&codegame_rules)

/* Secrets used by the scripted games: seat 1 R at 3, seat 2 G at 1,
 * seat 3 B at 5, seat 4 Y at 2; so the code is G Y R - B. */
#define FOUR "players=4 secrets=R3/G1/B5/Y2"

_Static_assert(sizeof(struct codegame_pos) <= RULES_UTIL_POS_MAX,
	       "a hidden-code position fits the helpers' copy");

static inline struct rules_game *cgame(const char *options)
{
	return rgame(CG, options);
}

static inline void cset(const struct rules_game *game,
			struct codegame_pos *pos, const char *text)
{
	rset(CG, game, pos, text);
}

/* The position's text, in a buffer that lives until the next call. */
static inline const char *ctext(const struct rules_game *game,
				const struct codegame_pos *pos,
				enum rules_text_view view)
{
	return rtext_view(CG, game, pos, view);
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
	     m = strtok_r(NULL, " ", &save))
		out = rplay(CG, game, pos, m);
	return out;
}

/* Plays a move expected to be refused (by move_parse or apply); checks
 * the position is unchanged and returns the engine's reason. */
static inline const char *crefuse(const struct rules_game *game,
				  struct codegame_pos *pos,
				  const char *move_text)
{
	return rrefuse(CG, game, pos, sizeof(*pos), move_text);
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
