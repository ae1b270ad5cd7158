/*
 * rules_solve.h - `pitboss rules solve`: a game's solver on one
 * position, its endgame database kept in a file and memory-mapped.
 */
#ifndef PITBOSS_CLI_RULES_SOLVE_H
#define PITBOSS_CLI_RULES_SOLVE_H

#include "rules/rules.h"

struct solve_opts {
	double seconds;		/* <= 0: until solved */
	int db_seeds;		/* database's seeds in play; -1: default */
	const char *db_dir;	/* NULL: $PITBOSS_CACHE, ~/.cache/pitboss */
	long memory_mb;		/* the transposition table's size */
	int json;
};

/* Solves `pos`, prints the answer on stdout and the progress on stderr;
 * an exit code. */
int rules_solve_run(const struct rules_game *game, const void *pos,
		    const struct solve_opts *o);

#endif
