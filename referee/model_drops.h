/*
 * model_drops.h - the drop-sequence model's state, shared by its files
 * (model_drops.c: following and judging a move; model_drops_lines.c:
 * the pulses of each line, its health and what a move got wrong).
 */
#ifndef PITBOSS_MODEL_DROPS_H
#define PITBOSS_MODEL_DROPS_H

#include "referee/match.h"
#include "referee/referee_impl.h"

#define DROPS_WARN_KEEP 8	/* recent warnings remembered per line */
#define DROPS_WARN_PLIES 40	/* the window a warning count covers */
#define DROPS_RECENT 16		/* recent pulses remembered per line */

struct line_track {
	int missed_in_a_row;
	int warn_ply[DROPS_WARN_KEEP];	/* plies of recent warnings */
	int nwarn;
	uint64_t recent[DROPS_RECENT];	/* times of recent pulses */
	int nrecent;
};

struct drops {
	struct referee *ref;
	struct match_board board;
	struct line_track *track;	/* one per place */

	uint8_t pend[MATCH_OBS_MAX];	/* drops of the move under way */
	int npend;
	int min_prefix;			/* best cost of pend as a beginning */
	int best_whole;			/* best cost of pend as a whole move */
	int lifted;			/* first place touched, or -1 */
	uint64_t last_drop_us;		/* the drop before, in this move */
	int whole;			/* pend is exactly one whole move */
	uint8_t queue[MATCH_OBS_MAX];	/* drops sensed while a move is held */
	int nqueue;
	int quiet_noted;		/* kept drops already reported */

	/* The legal moves of the position and their alignment tables. */
	struct sense_expect expect[SENSE_MOVES_MAX];
	struct match_table align[SENSE_MOVES_MAX];
	struct match_result result[SENSE_MOVES_MAX];
	int nexpect;
	uint16_t *arena_cost;
	uint8_t *arena_step;
	size_t arena_cells;
};

/* model_drops.c */
/* Re-aligns the drops of the move under way (a line changed state). */
void drops_rematch(struct drops *d);
/* One drop into `hole`, after the line's own checks. */
void drops_take(struct drops *d, int hole);

/* model_drops_lines.c */
/* A pulse on the line of `obs->where`: debounced, watched for a stuck
 * or a dead line, then taken as a drop. */
void drops_pulse(struct drops *d, const struct observation *obs);
/* After a move is taken: matched lines worked, deviations are counted. */
void drops_account(struct drops *d, const struct sense_expect *e,
		   const struct match_result *r);
/*
 * Says what a move's drops got wrong, in place names, and adds the
 * places concerned to `about`. With `warn`, each sensor fault is
 * counted against its line and the count quoted; `about` keeps the
 * highest.
 */
void drops_describe(struct drops *d, const struct sense_expect *e,
		    const struct match_result *r, int warn, char *buf,
		    size_t len, struct ref_about *about);

#endif
