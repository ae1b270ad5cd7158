/*
 * sim_game.c - the games the simulator can play (see sim_game.h): a new
 * game is simulated by its own sim_<game>.c and one line here.
 */
#include "config.h"

#include <string.h>

#include "referee/sim_game.h"

extern const struct sim_game sim_kalah;
extern const struct sim_game sim_transport;

const struct sim_game *const sim_games[] = { &sim_kalah, &sim_transport,
					     NULL };

const struct sim_game *sim_game_find(const char *game)
{
	for (size_t i = 0; sim_games[i] != NULL; i++)
		if (strcmp(sim_games[i]->game, game) == 0)
			return sim_games[i];
	return NULL;
}
