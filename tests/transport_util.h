/*
 * transport_util.h - helpers for the Transport tests: create a game, set
 * a position from its text, play moves by their text, read the position
 * back, count and list legal moves. Every helper fails the running test
 * when the engine refuses (the helpers of any game: rules_util.h).
 */
#ifndef PITBOSS_TESTS_TRANSPORT_UTIL_H
#define PITBOSS_TESTS_TRANSPORT_UTIL_H

#include <stdlib.h>

#include "rules/transport.h"
#include "tests/rules_util.h"

#define TP_TEXT_MAX RULES_UTIL_TEXT_MAX

_Static_assert(sizeof(struct transport_pos) <= RULES_UTIL_POS_MAX,
	       "a Transport position fits the helpers' copy");

static inline struct rules_game *tgame(const char *options)
{
	return rgame(&transport_rules, options);
}

static inline void tset(const struct rules_game *game,
			struct transport_pos *pos, const char *text)
{
	rset(&transport_rules, game, pos, text);
}

/* The position's text, in a buffer that lives until the next call. */
static inline const char *ttext(const struct rules_game *game,
				const struct transport_pos *pos)
{
	return rtext(&transport_rules, game, pos);
}

/* Plays one legal move given as text; returns what happened. */
static inline struct rules_outcome tplay1(const struct rules_game *game,
					  struct transport_pos *pos,
					  const char *text)
{
	return rplay(&transport_rules, game, pos, text);
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
	return rrefuse(&transport_rules, game, pos, sizeof(*pos), text);
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

#endif
