/*
 * kalah_util.h - helpers for the Kalah tests: create a game, set a
 * position from its text, play a move by its text, read it back.
 * Every helper fails the running test when the engine refuses.
 */
#ifndef PITBOSS_TESTS_KALAH_UTIL_H
#define PITBOSS_TESTS_KALAH_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rules/kalah.h"
#include "rules/rules.h"

static inline struct rules_game *kgame(const char *options)
{
	char err[RULES_ERR_MAX] = "";
	struct rules_game *game = rules_game_new(&kalah_rules, options, err,
						 sizeof(err));

	if (game == NULL)
		fail_msg("options '%s' refused: %s", options, err);
	return game;
}

static inline void kset(const struct rules_game *game, struct kalah_pos *pos,
			const char *text)
{
	char err[RULES_ERR_MAX] = "";

	if (kalah_rules.position_parse(game, text, pos, err, sizeof(err)) < 0)
		fail_msg("position '%s' refused: %s", text, err);
}

/* The position's text, in a buffer that lives until the next call. */
static inline const char *ktext(const struct rules_game *game,
				const struct kalah_pos *pos)
{
	static char buf[256];

	assert_int_equal(kalah_rules.position_format(game, pos,
						     RULES_TEXT_FULL, buf,
						     sizeof(buf)), 0);
	return buf;
}

/* Plays a legal move given as text; returns what happened. */
static inline struct rules_outcome kplay(const struct rules_game *game,
					 struct kalah_pos *pos,
					 const char *move_text)
{
	struct rules_move move;
	struct rules_outcome out;
	char err[RULES_ERR_MAX] = "";

	if (kalah_rules.move_parse(game, pos, move_text, &move, err,
				   sizeof(err)) < 0)
		fail_msg("move '%s' not parsed: %s", move_text, err);
	if (kalah_rules.apply(game, pos, &move, &out, err, sizeof(err)) < 0)
		fail_msg("move '%s' refused: %s", move_text, err);
	return out;
}

/* Plays a move expected to be refused; returns the engine's reason. */
static inline const char *krefuse(const struct rules_game *game,
				  struct kalah_pos *pos,
				  const char *move_text)
{
	static char err[RULES_ERR_MAX];
	struct rules_move move;
	struct rules_outcome out;
	struct kalah_pos before = *pos;

	err[0] = '\0';
	if (kalah_rules.move_parse(game, pos, move_text, &move, err,
				   sizeof(err)) < 0)
		return err;
	if (kalah_rules.apply(game, pos, &move, &out, err, sizeof(err)) == 0)
		fail_msg("move '%s' was accepted", move_text);
	assert_memory_equal(&before, pos, sizeof(before));
	return err;
}

#define assert_text_contains(text, part) \
	do { \
		if (strstr((text), (part)) == NULL) \
			fail_msg("'%s' does not contain '%s'", (text), (part)); \
	} while (0)

#endif
