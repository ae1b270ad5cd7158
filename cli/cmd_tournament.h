/*
 * cmd_tournament.h - what `pitboss tournament` and `pitboss series`
 * share (cmd_tournament.c, cmd_tournament_show.c, cmd_series.c).
 */
#ifndef PITBOSS_CMD_TOURNAMENT_H
#define PITBOSS_CMD_TOURNAMENT_H

#include <getopt.h>
#include <stdio.h>

#include "cli/cli_db.h"
#include "db/db.h"

void tournament_usage(FILE *out);
int tournament_show(int argc, char **argv);	/* cmd_tournament_show.c */
int tournament_standings(int argc, char **argv);

/* Options --db/--json/--help only, and `min`..`max` operands: -1 to
 * go on, else the exit code. */
int tournament_args(const char *command, int argc, char **argv,
		    struct cli_common *co, int min, int max);
/* Opens the store and finds the tournament named `which`. */
int tournament_open(const struct cli_common *co, unsigned flags,
		    const char *which, struct db **db,
		    struct db_tournament_info *t);
/* Opens a tournament's JSON object on stdout (after a comma when
 * `comma`) and writes its members; the caller adds more and closes it. */
void tournament_json(struct cli_json *j, const struct db_tournament_info *t,
		     int comma);

/* The terms of a series: the game, its options (canonical once
 * checked) and the target, from --game, --option (-o) and --target. */
struct tournament_terms {
	const char *game, *options;
	long target;
	char canon[DB_TEXT_MAX];
};

enum { TERMS_OPT_GAME = 'g', TERMS_OPT_OPTIONS = 'o', TERMS_OPT_TARGET = 't' };
#define TOURNAMENT_TERMS_OPTIONS \
	{ "game", required_argument, NULL, TERMS_OPT_GAME }, \
	{ "option", required_argument, NULL, TERMS_OPT_OPTIONS }, \
	{ "target", required_argument, NULL, TERMS_OPT_TARGET }

/* Kalah with its default options, to the default target. */
void tournament_terms_init(struct tournament_terms *t);
/* Takes getopt's `c` when it is one of the terms' options: 1, or 0 for
 * another option, or -1 (after a message) for a bad value. */
int tournament_terms_option(struct tournament_terms *t, int c);
/* Checks the game and its options for a series into t->canon: an exit
 * code. */
int tournament_terms_check(struct tournament_terms *t);

#endif
