/*
 * transport_util.h - helpers for the Transport tests: create a game, set
 * a position from its text, play moves by their text, read the position
 * back, count and list legal moves. Every helper fails the running test
 * when the engine refuses.
 */
#ifndef PITBOSS_TESTS_TRANSPORT_UTIL_H
#define PITBOSS_TESTS_TRANSPORT_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/transport.h"

#define TP_TEXT_MAX 1024

static inline struct rules_game *tgame(const char *options)
{
	char err[RULES_ERR_MAX] = "";
	struct rules_game *game = rules_game_new(&transport_rules, options,
						 err, sizeof(err));

	if (game == NULL)
		fail_msg("options '%s' refused: %s", options, err);
	return game;
}

static inline void tset(const struct rules_game *game,
			struct transport_pos *pos, const char *text)
{
	char err[RULES_ERR_MAX] = "";

	if (transport_rules.position_parse(game, text, pos, err,
					   sizeof(err)) < 0)
		fail_msg("position '%s' refused: %s", text, err);
}

/* The position's text, in a buffer that lives until the next call. */
static inline const char *ttext(const struct rules_game *game,
				const struct transport_pos *pos)
{
	static char buf[TP_TEXT_MAX];

	assert_int_equal(transport_rules.position_format(game, pos,
							 RULES_TEXT_FULL, buf,
							 sizeof(buf)), 0);
	return buf;
}

/* Plays one legal move given as text; returns what happened. */
static inline struct rules_outcome tplay1(const struct rules_game *game,
					  struct transport_pos *pos,
					  const char *text)
{
	struct rules_move move;
	struct rules_outcome out;
	char err[RULES_ERR_MAX] = "";

	if (transport_rules.move_parse(game, pos, text, &move, err,
				       sizeof(err)) < 0)
		fail_msg("move '%s' not parsed: %s", text, err);
	if (transport_rules.apply(game, pos, &move, &out, err,
				  sizeof(err)) < 0)
		fail_msg("move '%s' refused: %s", text, err);
	return out;
}

/* Plays moves separated by spaces; returns the last outcome. */
static inline struct rules_outcome tplay(const struct rules_game *game,
					 struct transport_pos *pos,
					 const char *moves)
{
	struct rules_outcome out = { 0, 0, { -1, 0, 1 } };
	char copy[TP_TEXT_MAX], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", moves);
	for (char *m = strtok_r(copy, " ", &save); m != NULL;
	     m = strtok_r(NULL, " ", &save))
		out = tplay1(game, pos, m);
	return out;
}

/* A move expected to be refused (by the parser or the rules); the
 * reason. The position must be left as it was. */
static inline const char *trefuse(const struct rules_game *game,
				  struct transport_pos *pos, const char *text)
{
	static char err[RULES_ERR_MAX];
	struct rules_move move;
	struct rules_outcome out;
	struct transport_pos before = *pos;

	err[0] = '\0';
	if (transport_rules.move_parse(game, pos, text, &move, err,
				       sizeof(err)) < 0)
		return err;
	if (transport_rules.apply(game, pos, &move, &out, err,
				  sizeof(err)) == 0)
		fail_msg("move '%s' was accepted", text);
	assert_memory_equal(&before, pos, sizeof(before));
	return err;
}

/* Whether the move `text` is among the legal moves. */
static inline int tlegal(const struct rules_game *game,
			 const struct transport_pos *pos, const char *text)
{
	static struct rules_move moves[TRANSPORT_MAX_MOVES];
	size_t n = transport_rules.legal_moves(game, pos, moves,
					       TRANSPORT_MAX_MOVES);
	char buf[32];

	assert_true(n <= TRANSPORT_MAX_MOVES);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(transport_rules.move_format(game, pos,
							     &moves[i], buf,
							     sizeof(buf)), 0);
		if (strcmp(buf, text) == 0)
			return 1;
	}
	return 0;
}

/* The legal moves whose text begins with `prefix`. */
static inline int tcount(const struct rules_game *game,
			 const struct transport_pos *pos, const char *prefix)
{
	static struct rules_move moves[TRANSPORT_MAX_MOVES];
	size_t n = transport_rules.legal_moves(game, pos, moves,
					       TRANSPORT_MAX_MOVES);
	char buf[32];
	int count = 0;

	for (size_t i = 0; i < n; i++) {
		assert_int_equal(transport_rules.move_format(game, pos,
							     &moves[i], buf,
							     sizeof(buf)), 0);
		count += strncmp(buf, prefix, strlen(prefix)) == 0;
	}
	return count;
}

#define assert_text_contains(text, part) \
	do { \
		if (strstr((text), (part)) == NULL) \
			fail_msg("'%s' does not contain '%s'", (text), (part)); \
	} while (0)

#endif
