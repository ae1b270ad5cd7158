/*
 * transport_play.h - the Transport rules tests' shared state: one game
 * and one position, set from options and a position text.
 */
#ifndef PITBOSS_TESTS_TRANSPORT_PLAY_H
#define PITBOSS_TESTS_TRANSPORT_PLAY_H

#include "tests/transport_util.h"

static struct rules_game *game;
static struct transport_pos pos;

static inline int setup_default(void **state)
{
	(void)state;
	game = tgame("");
	transport_rules.start(game, &pos);
	return 0;
}

static inline int teardown_game(void **state)
{
	(void)state;
	rules_game_free(game);
	game = NULL;
	return 0;
}

/* The game with `options` and the position `text` (or the start). */
static inline void with(const char *options, const char *text)
{
	rules_game_free(game);
	game = tgame(options);
	if (text != NULL)
		tset(game, &pos, text);
	else
		transport_rules.start(game, &pos);
}

static inline struct rules_result result(void)
{
	struct rules_result r;

	transport_rules.result(game, &pos, &r);
	return r;
}

#endif
