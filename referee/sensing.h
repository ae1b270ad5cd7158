/*
 * sensing.h - what the referee needs to know of a game's board to read
 * its sensors: the sensed holes and their names, and for every legal
 * move the exact drops it produces. One table per game, next to the
 * game (sensing_kalah.c); the referee core knows no game.
 */
#ifndef PITBOSS_SENSING_H
#define PITBOSS_SENSING_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define SENSE_HOLES_MAX 24	/* sensed holes of a board */
#define SENSE_SOW_MAX 256	/* drops of one sowing */
#define SENSE_MOVES_MAX 16	/* sensed moves from one position */

/*
 * The drops one legal move produces: `sow` in this order, then the
 * `tail` drops in any order (the seeds of a capture carried to the
 * store, the sweep at the end of the game).
 */
struct sense_expect {
	struct rules_move move;
	char text[16];			/* the move in the game's notation */
	int origin;			/* hole the seeds are lifted from */
	int nsow;
	uint8_t sow[SENSE_SOW_MAX];
	int ntail;
	uint8_t tail[SENSE_HOLES_MAX];	/* drops expected per hole */
};

struct sensing {
	const char *game;		/* the rules' name: "kalah" */
	/* Number of sensed holes; their names in `names`. */
	int (*holes)(const struct rules_game *game, const char **names);
	/* Every legal move that is made by sowing, with its drops. */
	size_t (*expect)(const struct rules_game *game, const void *pos,
			 struct sense_expect *out, size_t cap);
	/* What players call a hole: "pit", "store". */
	const char *(*hole_word)(const struct rules_game *game, int hole);
	/* Neighbouring holes, where a seed may roll by accident. */
	int (*adjacent)(const struct rules_game *game, int a, int b);
	/* A hole no seed of the mover may enter (the opponent's store). */
	int (*forbidden)(const struct rules_game *game, const void *pos,
			 int hole);
	/* Seeds per hole of a position, in hole order. */
	void (*counts)(const struct rules_game *game, const void *pos,
		       int *counts);
};

/* The sensing table of a game; a game without one gets the table of no
 * holes (moves entered only). NULL for a game that does not exist. */
const struct sensing *sensing_find(const char *game);

extern const struct sensing sensing_kalah;

/* Index of a hole by name, or -1. */
int sensing_hole(const struct sensing *s, const struct rules_game *game,
		 const char *name);

/*
 * Parses a snapshot: the counts of every hole in hole order, blanks
 * between them and '/' allowed between groups ("4 4 0 5 5 5/4 4 4 4 4
 * 4/1 0"); anything after a third '/' is ignored (a side to move).
 */
int sensing_snapshot_parse(const struct sensing *s,
			   const struct rules_game *game, const char *text,
			   int *counts, char *err, size_t errlen);

#endif
