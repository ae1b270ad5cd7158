/*
 * model_drops.h - the drop-sequence model's state, shared by its files
 * (model_drops.c: following a move drop by drop; model_drops_judge.c:
 * the verdict on a move; model_drops_split.c: two sowings in one stream
 * of drops; model_drops_lines.c: the pulses of each line, its health
 * and what a move got wrong).
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

/* Two sowings in one stream of drops (model_drops_split.c). */
struct drops_split {
	int move;		/* the mover's whole move: index in expect */
	int next;		/* the next player's move begun: in next */
	int seat;		/* the next player's seat */
	int interleaved;	/* a drop of theirs came before the mover's
				   last */
	int first_next;		/* index of their first drop */
	uint8_t theirs[MATCH_OBS_MAX];	/* 1: drop i is the next player's */
};

struct drops {
	struct referee *ref;
	struct match_board board;
	struct line_track *track;	/* one per place */

	uint8_t pend[MATCH_OBS_MAX];	/* drops of the move under way */
	uint64_t pend_t[MATCH_OBS_MAX];	/* and when each was sensed */
	int npend;
	int min_prefix;			/* best cost of pend as a beginning */
	int best_whole;			/* best cost of pend as a whole move */
	int lifted;			/* first place touched, or -1 */
	uint64_t last_drop_us;		/* the drop before, in this move */
	uint64_t heard_us;		/* when it reached the model (later
					   when it was kept for a while) */
	int whole;			/* pend is exactly one whole move */
	uint8_t queue[MATCH_OBS_MAX];	/* drops sensed while a move is held */
	uint64_t queue_t[MATCH_OBS_MAX];
	int nqueue;
	int quiet_noted;		/* kept drops already reported */

	/* Pieces of the last move still to be carried in (a capture, the
	 * end of the game's sweep), per place, until late_until. */
	uint8_t *late;
	uint64_t late_until;

	/* The legal moves of the position and their alignment tables. */
	struct sense_expect expect[SENSE_MOVES_MAX];
	struct match_table align[SENSE_MOVES_MAX];
	struct match_result result[SENSE_MOVES_MAX];
	int nexpect;
	uint16_t *arena_cost;
	uint8_t *arena_step;
	size_t arena_cells;

	/* The next player's moves, for two sowings in one stream. */
	struct sense_expect *next;
	uint8_t *reach;			/* (MATCH_OBS_MAX + 1) rows of
					   SENSE_PATH_MAX + 1 */
};

/* model_drops.c */
/* Re-aligns the drops of the move under way (a line changed state). */
void drops_rematch(struct drops *d);
/* One drop into `hole` at time `t`, after the line's own checks. */
void drops_take(struct drops *d, int hole, uint64_t t);
/* Aligns pend[0..n) with every legal move, as beginning and as whole;
 * with `trace`, the deviations of each. */
void drops_evaluate(struct drops *d, int n, int trace);
/* What remains of the move's tail after pend[0..n) is `e`'s: kept to
 * be carried in after the verdict. */
void drops_keep_late(struct drops *d, const struct sense_expect *e,
		     const struct match_result *r, int n);

/* model_drops_judge.c */
/*
 * Judges pend[0..n) as one whole move: accept, accept with a warning,
 * hold for confirmation, or foul.
 */
void drops_judge(struct drops *d, int n);
/* A foul: `why`, and the drops pend[0..n). */
void drops_foul(struct drops *d, int n, const char *why,
		struct ref_about *about);

/* model_drops_split.c */
/* pend[0..n) as a whole move of the mover and the beginning of a move
 * of the player after: 1 when found, into `s`. */
int drops_split(struct drops *d, int n, struct drops_split *s);
/* Gives the verdict on a split found: the mover's move judged alone
 * when the next player began after it; held, naming both, when they
 * overlapped. */
void drops_judge_split(struct drops *d, int n, const struct drops_split *s);

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
