/*
 * rules_util.h - helpers for the tests of a game's rules engine, for
 * any game behind `struct rules`: create a game, set a position from
 * its text, play a move by its text, read the position back, play a
 * move expected to be refused. Every helper fails the running test when
 * the engine refuses. kalah_util.h and transport_util.h name them for
 * their game.
 */
#ifndef PITBOSS_TESTS_RULES_UTIL_H
#define PITBOSS_TESTS_RULES_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"

/* The longest position text the helpers read back. */
#define RULES_UTIL_TEXT_MAX 1024
/* The largest position the helpers copy (a refused move's check). */
#define RULES_UTIL_POS_MAX 4096

static inline struct rules_game *rgame(const struct rules *ops,
				       const char *options)
{
	char err[RULES_ERR_MAX] = "";
	struct rules_game *game = rules_game_new(ops, options, err,
						 sizeof(err));

	if (game == NULL)
		fail_msg("options '%s' refused: %s", options, err);
	return game;
}

static inline void rset(const struct rules *ops,
			const struct rules_game *game, void *pos,
			const char *text)
{
	char err[RULES_ERR_MAX] = "";

	if (ops->position_parse(game, text, pos, err, sizeof(err)) < 0)
		fail_msg("position '%s' refused: %s", text, err);
}

/* The position's text as `view` shows it, in a buffer that lives until
 * the next call. */
static inline const char *rtext_view(const struct rules *ops,
				     const struct rules_game *game,
				     const void *pos, enum rules_text_view view)
{
	static char buf[RULES_UTIL_TEXT_MAX];

	assert_int_equal(ops->position_format(game, pos, view, buf,
					      sizeof(buf)), 0);
	return buf;
}

/* The whole position's text, as rtext_view(). */
static inline const char *rtext(const struct rules *ops,
				const struct rules_game *game,
				const void *pos)
{
	return rtext_view(ops, game, pos, RULES_TEXT_FULL);
}

/* Plays one legal move given as text; returns what happened. */
static inline struct rules_outcome rplay(const struct rules *ops,
					 const struct rules_game *game,
					 void *pos, const char *text)
{
	struct rules_move move;
	struct rules_outcome out;
	char err[RULES_ERR_MAX] = "";

	if (ops->move_parse(game, pos, text, &move, err, sizeof(err)) < 0)
		fail_msg("move '%s' not parsed: %s", text, err);
	if (ops->apply(game, pos, &move, &out, err, sizeof(err)) < 0)
		fail_msg("move '%s' refused: %s", text, err);
	return out;
}

/* A move expected to be refused (by the parser or the rules); the
 * reason. The position of `size` bytes must be left as it was. */
static inline const char *rrefuse(const struct rules *ops,
				  const struct rules_game *game, void *pos,
				  size_t size, const char *text)
{
	static char err[RULES_ERR_MAX];
	static unsigned char before[RULES_UTIL_POS_MAX];
	struct rules_move move;
	struct rules_outcome out;

	assert_true(size <= sizeof(before));
	memcpy(before, pos, size);
	err[0] = '\0';
	if (ops->move_parse(game, pos, text, &move, err, sizeof(err)) < 0)
		return err;
	if (ops->apply(game, pos, &move, &out, err, sizeof(err)) == 0)
		fail_msg("move '%s' was accepted", text);
	assert_memory_equal(before, pos, size);
	return err;
}

#define assert_text_contains(text, part) \
	do { \
		if (strstr((text), (part)) == NULL) \
			fail_msg("'%s' does not contain '%s'", (text), (part)); \
	} while (0)

#endif
