/*
 * commands.c - the command words of the door.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db/commands.h"

#define ARBITER_CLI (COMMAND_FROM_ARBITER | COMMAND_FROM_CLI)

const struct command_word command_words[] = {
	{ "start", "start", COMMAND_OBSERVE, "start", COMMAND_TEXT_OPTIONAL,
	  "OPTIONS", ARBITER_CLI, 1,
	  "begin a game, with options of its own" },
	{ "confirm", "confirm", COMMAND_OBSERVE, "confirm", COMMAND_TEXT_NONE,
	  NULL, ARBITER_CLI, 0, "take the move held for confirmation" },
	{ "reject", "reject", COMMAND_OBSERVE, "reject", COMMAND_TEXT_NONE,
	  NULL, ARBITER_CLI, 0, "refuse the held move: the board goes back" },
	{ "correct", "correct", COMMAND_OBSERVE, "correct", COMMAND_TEXT_NEEDED,
	  "MOVE", ARBITER_CLI, 0, "replace the last move" },
	{ "entry", "enter", COMMAND_OBSERVE, "entry", COMMAND_TEXT_NEEDED,
	  "MOVE", ARBITER_CLI | COMMAND_FROM_PLAYER, 0,
	  "make a move by hand" },
	{ "position", "set-position", COMMAND_OBSERVE, "position",
	  COMMAND_TEXT_NEEDED, "POSITION", ARBITER_CLI, 1,
	  "set the position (the arbiter's override)" },
	{ "undo", "undo", COMMAND_OBSERVE, "undo", COMMAND_TEXT_NONE, NULL,
	  ARBITER_CLI, 0, "take the last move back" },
	{ "end", "end", COMMAND_OBSERVE, "end", COMMAND_TEXT_NONE, NULL,
	  ARBITER_CLI, 0, "end the game without a result" },
	{ "secret", "enter-secret", COMMAND_SECRET, NULL, COMMAND_TEXT_NEEDED,
	  "SEAT", COMMAND_FROM_CLI | COMMAND_FROM_PLAYER, 1,
	  "a player's own secret, before the first move" },
	{ "assign", "assign", COMMAND_CALL, NULL, COMMAND_TEXT_NEEDED,
	  "SERIES", ARBITER_CLI, 0,
	  "call a due series to the table: its games are the series'" },
	{ "forfeit", NULL, COMMAND_FORFEIT, NULL, COMMAND_TEXT_NEEDED,
	  "TOURNAMENT PLAYER", 0, 0, "a player forfeits his series" },
	/* The dashboard's; `pitboss game void` and `game correct` build
	 * the same text and run the same code (db_game_fix_text()). */
	{ "void-game", NULL, COMMAND_FIX, NULL, COMMAND_TEXT_NEEDED,
	  "GAME [force] by=WHO -- REASON", 0, 0,
	  "a finished game no longer counts" },
	{ "correct-game", NULL, COMMAND_FIX, NULL, COMMAND_TEXT_NEEDED,
	  "GAME [force] by=WHO [draw|win=SEAT] [score=N,N] [points=N,N] -- REASON",
	  0, 0, "a game entered by hand set right" },
	{ NULL, NULL, COMMAND_OBSERVE, NULL, COMMAND_TEXT_NONE, NULL, 0, 0,
	  NULL }
};

const struct command_word *command_find(const char *word)
{
	for (const struct command_word *w = command_words; w->word; w++)
		if (strcmp(w->word, word) == 0)
			return w;
	return NULL;
}

const struct command_word *command_find_cli(const char *cli)
{
	for (const struct command_word *w = command_words; w->word; w++)
		if (w->cli != NULL && strcmp(w->cli, cli) == 0)
			return w;
	return NULL;
}

const char *command_list(unsigned from, char *buf, size_t len)
{
	const struct command_word *last = NULL;
	size_t used = 0;

	buf[0] = '\0';
	for (const struct command_word *w = command_words; w->word; w++) {
		if (!(w->from & from))
			continue;
		if (last != NULL && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? ", " : "", last->word);
		last = w;
	}
	if (last != NULL && used < len)
		snprintf(buf + used, len - used, "%s%s", used ? " or " : "",
			 last->word);
	return buf;
}
