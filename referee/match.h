/*
 * match.h - aligning sensed drops with the drops a legal move produces.
 *
 * An edit distance between the observed drops and the expected path
 * (in order) followed by its tail (any order), where each step is a
 * kind of sensor noise or slip, and costs what it is unlikely: ten times
 * minus the natural logarithm of its chance (a chance of 1 % costs 46).
 * The board says what a missed and an extra pulse cost on each line (a
 * line that has never missed makes a miss dear); a pulse before the
 * first drop is the hand's shadow when on the place lifted, else an
 * extra that may tell which move was really made; two drops sensed in
 * swapped order are cheap when they fell close together and dear when
 * the hand was slow; a piece that rolled into a neighbouring place costs
 * MATCH_COST_ROLL; pieces carried to a place by the handful give fewer
 * pulses than pieces, cheaply when the pulses came fast.
 *
 * The table grows one row per drop (match_push), so following a move
 * costs one row per legal move and drop, not a whole table.
 */
#ifndef PITBOSS_MATCH_H
#define PITBOSS_MATCH_H

#include <stdint.h>

#include "referee/sensing.h"

#define MATCH_OBS_MAX 320	/* drops held for one move */
#define MATCH_FAR 30000		/* no alignment */
#define MATCH_ACCEPT 1		/* config: faulty moves may be taken alone */

/* Costs of what people and the board do, by their chances. */
#define MATCH_COST_SHADOW 16	/* the hand's shadow on the place lifted,
				   on a board that shows it often (the
				   board's own record sets it: shadow) */
#define MATCH_COST_LEAD 7	/* an extra pulse before the first drop,
				   beyond what an extra costs */
/* The hand's shadow falls as it lifts the pieces; the first piece then
 * has to be carried over and fall to its gate: a pulse on the place
 * lifted sooner than this before the first drop, or later than that,
 * is no shadow but an extra pulse. */
#define MATCH_SHADOW_SOONEST_US 80000
#define MATCH_SHADOW_LATEST_US 1000000
#define MATCH_COST_ROLL 53	/* a piece rolled into the next place, on a
				   board that shows it now and then (the
				   board's own record sets it: roll) */
#define MATCH_COST_HANDFUL 12	/* carried pieces dropped by the handful,
				   their pulses close together */
#define MATCH_COST_SLOW_HANDFUL 35	/* by the handful, though the
					   pulses came one by one */
#define MATCH_SWAP_FAST_US 60000	/* two drops closer: a swap is
					   common (MATCH_COST_SWAP_FAST) */
#define MATCH_COST_SWAP_FAST 7
#define MATCH_SWAP_SLOW_US 200000	/* further apart: two pieces that
					   cannot have swapped */
#define MATCH_COST_SWAP_SLOW 69
#define MATCH_MERGE_US 100000	/* carried pulses closer: a handful */
#define MATCH_COST_UNCARRIED 58	/* no pulse at all where pieces are to be
				   carried: not carried (yet) */

enum match_step {
	STEP_MATCH, STEP_ROLL, STEP_MISS, STEP_EXTRA, STEP_SWAP
};

struct match_deviation {
	enum match_step step;
	int index;		/* 1-based index in the path, 0 in the tail */
	int expected;		/* hole, or -1 */
	int sensed;		/* hole, or -1 */
	int at;			/* drops sensed before it */
	int cost;		/* what it costs */
	int unlifted;		/* a pulse on the place lifted, before the
				   first drop, too close to it or too far
				   from it to be the hand's shadow */
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
	int tail_cost;		/* of which for tail pieces not sensed */
	int ndev;
	struct match_deviation dev[MATCH_DEVIATIONS_MAX];
};

/* What the board knows of its lines and geometry while matching. */
struct match_board {
	int holes;
	uint8_t free_miss[SENSE_HOLES_MAX];	/* dead or stuck: a miss is free */
	uint8_t forbidden[SENSE_HOLES_MAX];	/* a drop here is suspect */
	uint16_t miss[SENSE_HOLES_MAX];		/* cost of a missed pulse */
	uint16_t extra[SENSE_HOLES_MAX];	/* cost of an extra pulse */
	uint8_t handful[SENSE_HOLES_MAX];	/* the line swallowed edges in
						   this move: pieces together */
	uint8_t *adjacent;			/* holes x holes, row by row */
	uint16_t shadow;	/* cost of the hand's shadow on the place
				   lifted, from the board's record */
	uint16_t roll;		/* cost of a piece rolled next door, the
				   same */
};

/* Every line of `b` missing and adding pulses at the same cost. */
void match_board_costs(struct match_board *b, int miss, int extra);

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
 * Aligns one more drop: drops[0..n) are all the drops so far, sensed at
 * times at[0..n) (microseconds), n == t->rows. Returns the new prefix
 * cost.
 */
int match_push(const struct match_board *board, const struct sense_expect *e,
	       struct match_table *t, const uint8_t *drops,
	       const uint64_t *at, int n);
/* The cost of drops[0..n) as the path's first j drops, no tail. */
int match_at(const struct match_table *t, int n, int j);
/*
 * The cost of drops[0..n) as exactly the path path[0..m) begun from
 * `origin` (with `begun`: as a beginning of it), with no tail: for
 * readings of a move other than its own drops (an illegal sowing, the
 * next move begun). `rows` is room for 3 * (m + 1) costs.
 */
int match_cost(const struct match_board *board, const uint8_t *path, int m,
	       int origin, const uint8_t *drops, const uint64_t *at, int n,
	       int begun, uint16_t *rows);
/*
 * The cost of drops[0..n) as a beginning of move `e` with its tail:
 * its path begun, or its path whole and then pieces of its tail (a
 * capture carried in), each tail drop beyond what the tail carries an
 * extra pulse. For the next move begun, whose captured pieces are its
 * own drops. `rows` as for match_cost().
 */
int match_cost_begun(const struct match_board *board,
		     const struct sense_expect *e, const uint8_t *drops,
		     const uint64_t *at, int n, uint16_t *rows);
/*
 * The drops[0..n) (n < t->rows) as the whole move: cost with its tail,
 * and with `trace` the deviations of a cheapest alignment.
 */
void match_whole(const struct match_board *board,
		 const struct sense_expect *e, const struct match_table *t,
		 const uint8_t *drops, const uint64_t *at, int n, int trace,
		 struct match_result *result);

#endif
