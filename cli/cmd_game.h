/*
 * cmd_game.h - what the files of `pitboss game`, `history` and
 * `export` share (cmd_game.c, cmd_game_list.c, cmd_game_show.c).
 */
#ifndef PITBOSS_CMD_GAME_H
#define PITBOSS_CMD_GAME_H

#include <stddef.h>
#include <stdio.h>

#include "cli/cli_json.h"
#include "db/db.h"

/* The most moves a game may have in `game add`, and in a record. */
#define GAME_MOVES_MAX 4096

void game_usage(FILE *out);
int game_list(int argc, char **argv);	/* cmd_game_list.c */
int game_show(int argc, char **argv);	/* cmd_game_show.c */

/* The name of `seat` in a game of `kind` (its number when the kind is
 * unknown, written into `buf`). */
const char *game_seat_name(const char *kind, int seat, char *buf,
			   size_t len);
/* The options of a game as they may be shown (`buf` may hold them). */
const char *game_shown_options(const struct db_game_info *g, char *buf,
			       size_t len);
/* Opens the JSON object of a game (after a comma when `comma`) and
 * writes its members; the caller adds more and closes it. */
void game_json(struct cli_json *j, FILE *out, const struct db_game_info *g,
	       int comma);

/* A game's moves as they are read: the JSON array's elements or the
 * text's table, and the record in notation. */
struct game_moves {
	int json, n;
	const char *kind;
	struct cli_table *table;
	char record[GAME_MOVES_MAX * 4];
	size_t used;
	/* The text's lines of what the judgements rested on, in order. */
	char *notes;
	size_t nnotes, notes_cap;
};

/* db_game_moves()'s callback over a struct game_moves. */
int game_moves_each(void *ctx, const struct db_move_info *m);

#endif
