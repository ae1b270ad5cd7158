/*
 * match.h - aligning sensed drops with the drops a legal move produces.
 *
 * An edit distance between the observed drops and the expected path
 * (in order) followed by its tail (any order), where each step is a
 * kind of sensor noise or slip: a missed pulse (1), an extra pulse (1,
 * or 2 in a place the mover's pieces may not enter), two pieces sensed
 * in swapped order (1), a piece that rolled into a neighbouring place
 * (2: the board itself is then wrong). The referee accepts a move at
 * cost 0 or 1, asks for confirmation at 2, and calls a foul beyond.
 *
 * The table grows one row per drop (match_push), so following a move
 * costs one row per legal move and drop, not a whole table.
 */
#ifndef PITBOSS_MATCH_H
#define PITBOSS_MATCH_H

#include <stdint.h>

#include "referee/sensing.h"

#define MATCH_OBS_MAX 320	/* drops held for one move */
#define MATCH_FAR 1000		/* no alignment */
#define MATCH_ACCEPT 1		/* highest cost accepted without help */
#define MATCH_HOLD 2		/* highest cost held for confirmation */

enum match_step {
	STEP_MATCH, STEP_ROLL, STEP_MISS, STEP_EXTRA, STEP_SWAP
};

struct match_deviation {
	enum match_step step;
	int index;		/* 1-based index in the path, 0 in the tail */
	int expected;		/* hole, or -1 */
	int sensed;		/* hole, or -1 */
	int at;			/* drops sensed before it */
};

#define MATCH_DEVIATIONS_MAX 8

struct match_result {
	int prefix_cost;	/* best cost of the drops as a beginning */
	int cost;		/* cost of the drops as the whole move */
	int tail_expected;	/* tail drops the move needs */
	int tail_sensed;	/* of which were sensed */
	int free_misses;	/* misses excused on dead or stuck lines */
	int matched;		/* drops of the path sensed where expected */
	int path_end;		/* drops of the path; the rest are its tail */
	int ndev;
	struct match_deviation dev[MATCH_DEVIATIONS_MAX];
};

/* What the board knows of its lines and geometry while matching. */
struct match_board {
	int holes;
	uint8_t free_miss[SENSE_HOLES_MAX];	/* dead or stuck: a miss is free */
	uint8_t forbidden[SENSE_HOLES_MAX];	/* a drop here is suspect */
	uint8_t *adjacent;			/* holes x holes, row by row */
};

/* The growing alignment table of one expected move. */
struct match_table {
	uint16_t *cost;		/* (rows) x (npath + 1) */
	uint8_t *step;
	int stride;		/* npath + 1 */
	int rows;		/* rows filled: drops aligned + 1 */
	int prefix_cost;	/* minimum of the last row */
};

/*
 * Cells needed for one expected move: callers lay the tables of all the
 * legal moves of a position out in one arena.
 */
static inline int match_cells(const struct sense_expect *e)
{
	return (MATCH_OBS_MAX + 1) * (e->npath + 1);
}

/* Starts `t` on the given storage (match_cells(e) of each). */
void match_start(const struct match_board *board, const struct sense_expect *e,
		 struct match_table *t, uint16_t *cost, uint8_t *step);
/*
 * Aligns one more drop: drops[0..n) are all the drops so far, n ==
 * t->rows. Returns the new prefix cost.
 */
int match_push(const struct match_board *board, const struct sense_expect *e,
	       struct match_table *t, const uint8_t *drops, int n);
/*
 * The drops[0..n) (n < t->rows) as the whole move: cost with its tail,
 * and with `trace` the deviations of a cheapest alignment.
 */
void match_whole(const struct match_board *board,
		 const struct sense_expect *e, const struct match_table *t,
		 const uint8_t *drops, int n, int trace,
		 struct match_result *result);

#endif
