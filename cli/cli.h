/*
 * cli.h - what the pitboss command groups share: the group table, exit
 * codes and output helpers.
 */
#ifndef PITBOSS_CLI_H
#define PITBOSS_CLI_H

#include <stdio.h>

#include "cli/cli_json.h"

/* Exit codes, as documented in pitboss(1). */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1,	/* refused: illegal move, user error */
	EXIT_USAGE = 2,		/* bad command line */
	EXIT_DATABASE = 3	/* database error */
};

struct cli_group {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);	/* argv[0] is the group name */
	void (*usage)(FILE *out);
};

extern const struct cli_group cli_rules_group;
extern const struct cli_group cli_replay_group;
extern const struct cli_group cli_sim_group;
/* The camera (cmd_camera.c, or cmd_camera_none.c without it). */
extern const struct cli_group cli_camera_group;
/* Record keeping (cmd_player.c, cmd_tournament.c, cmd_game*.c, cmd_db.c). */
extern const struct cli_group cli_player_group;
extern const struct cli_group cli_table_group;
extern const struct cli_group cli_tournament_group;
extern const struct cli_group cli_series_group;
extern const struct cli_group cli_game_group;
extern const struct cli_group cli_history_group;
extern const struct cli_group cli_export_group;
extern const struct cli_group cli_backup_group;
extern const struct cli_group cli_db_group;
/* The arbiter's password in pitboss.conf(5) (cmd_passwd.c). */
extern const struct cli_group cli_passwd_group;
extern const struct cli_group cli_rating_group;	/* cmd_rating.c */

/* Program name for messages: "pitboss". */
extern const char *cli_progname;

void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
