/*
 * cmd_game_fix.h - `pitboss game void` and `game correct`, and a
 * game's audit for `game show` (cmd_game_fix.c).
 */
#ifndef PITBOSS_CMD_GAME_FIX_H
#define PITBOSS_CMD_GAME_FIX_H

#include <stdint.h>
#include <stdio.h>

#include "cli/cli_json.h"
#include "db/db.h"

void game_fix_usage(FILE *out);
int game_void(int argc, char **argv);
int game_correct(int argc, char **argv);
/* The audit rows of game `id`: lines, or the member "audit" of the
 * object `j` when it is not NULL. */
int game_fix_show_audit(struct db *db, int64_t id, struct cli_json *j);

#endif
