/*
 * kalah_util.h - helpers for the Kalah tests: create a game, set a
 * position from its text, play a move by its text, read it back.
 * Every helper fails the running test when the engine refuses (the
 * helpers of any game: rules_util.h).
 */
#ifndef PITBOSS_TESTS_KALAH_UTIL_H
#define PITBOSS_TESTS_KALAH_UTIL_H

#include "rules/kalah.h"
#include "tests/rules_util.h"

_Static_assert(sizeof(struct kalah_pos) <= RULES_UTIL_POS_MAX,
	       "a Kalah position fits the helpers' copy");

static inline struct rules_game *kgame(const char *options)
{
	return rgame(&kalah_rules, options);
}

static inline void kset(const struct rules_game *game, struct kalah_pos *pos,
			const char *text)
{
	rset(&kalah_rules, game, pos, text);
}

/* The position's text, in a buffer that lives until the next call. */
static inline const char *ktext(const struct rules_game *game,
				const struct kalah_pos *pos)
{
	return rtext(&kalah_rules, game, pos);
}

/* Plays a legal move given as text; returns what happened. */
static inline struct rules_outcome kplay(const struct rules_game *game,
					 struct kalah_pos *pos,
					 const char *move_text)
{
	return rplay(&kalah_rules, game, pos, move_text);
}

/* Plays a move expected to be refused; returns the engine's reason. */
static inline const char *krefuse(const struct rules_game *game,
				  struct kalah_pos *pos,
				  const char *move_text)
{
	return rrefuse(&kalah_rules, game, pos, sizeof(*pos), move_text);
}

#endif
