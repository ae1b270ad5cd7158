/*
 * model_snapshot_impl.h - what the snapshot model (model_snapshot.c)
 * and its occupancy board's part (model_occupancy.c: switches stuck,
 * the decision on a board of switches) share. Not for use elsewhere.
 */
#ifndef PITBOSS_MODEL_SNAPSHOT_IMPL_H
#define PITBOSS_MODEL_SNAPSHOT_IMPL_H

#include "referee/referee_impl.h"

#define SNAP_CHAIN_MAX 8	/* moves of one turn a snapshot may span */
#define SNAP_NODES_MIN 512	/* positions searched per snapshot, at least */

/* A position reached this turn: by a move from its parent. */
struct snap_node {
	int parent;			/* index of the node before, or -1 */
	struct rules_move move;		/* the move that led here */
	char text[REF_MOVE_TEXT];
	int depth;			/* moves from the position, or
					   SNAP_CHAIN_MAX when the turn ends */
};

/* What the search found: the nearest position reached. */
struct snap_candidates {
	int best;		/* its node, or -1 when none was reached */
	int distance;		/* its distance to the snapshot */
	int ties;		/* other positions as near */
	int here;		/* distance of the position itself */
};

struct snapshots {
	struct referee *ref;
	int *seen;			/* the snapshot, per place */
	int *seen_hi;			/* its ranges' upper ends */
	int *here;			/* the position's values */
	int *values;			/* a candidate's values */
	struct rules_move *moves;	/* the game's max_moves */
	struct snap_node *nodes;
	unsigned char *pos;		/* one position per node */
	size_t moves_max, nodes_max;
	size_t pos_size, pos_cap;	/* a position, the room for one */
	int nnodes;
	/* A board that must settle (sensing settle_us): the last snapshot
	 * that differs from the position, judged when the board has been
	 * still until `settle_at`; 0 when none waits. */
	int *pending;
	uint64_t settle_at;
	/* On an occupancy board: per place, 1 + the value its switch kept
	 * reading against the position (a switch stuck), or 0. */
	int *suspect;
	/* A camera's own estimate per place, in tenths of a piece
	 * (SNAP_EST_NONE where it gave none): weighs boards that fit its
	 * ranges alike. */
	int *est;
	int has_est;
	/* The last reading that fitted the position `kept_pos` (in its
	 * own slot after the nodes'), its estimates per place (tenths, an
	 * exact count's ten times, SNAP_EST_NONE where none): a board read
	 * again still differs from it by noise alone. */
	int *kept_est;
	int has_kept;
};

static inline void *snap_node_pos(const struct snapshots *s, int node)
{
	return s->pos + (size_t)node * s->pos_cap;
}

static inline void *snap_kept_pos(const struct snapshots *s)
{
	return snap_node_pos(s, (int)s->nodes_max);
}

/* model_snapshot.c */
/* Plays the chain of moves that ends at node `at`, in order. */
void snap_play_chain(struct snapshots *s, int at, enum verdict_kind kind,
		     const struct ref_about *about, const char *note);
/* Several reachable boards fit equally: the arbiter says which. */
void snap_ask(struct snapshots *s, const struct snap_candidates *c);
/* No reachable board comes near: a foul, the board to be put back. */
void snap_refuse_board(struct snapshots *s, const struct snap_candidates *c);

/* model_snapshot_doubt.c */
/* How clearly the snapshot (with ranges) is off the board `values`: the
 * pieces of the places read clearly against it. */
int snap_clear_distance(const struct snapshots *s, const int *values);
/* No board of the turn within `tolerance`: 1 when the reading is in
 * doubt (held or warned, the places named), 0 when it clearly fits
 * none. */
int snap_doubt(struct snapshots *s, int tolerance);

/* model_snapshot_score.c */
/* How unlikely the board `values` makes the reading (ranges and
 * estimates), in nats up to a constant. */
double snap_board_cost(const struct snapshots *s, const int *values);
/* The likeliest board of the turn into c->best (its distance into
 * c->distance), and in `margin` how much less its cost is than every
 * other board's (the board as it was and the last move taken back
 * among them). 0 when the turn has no move. */
int snap_likeliest(struct snapshots *s, struct snap_candidates *c,
		   double *margin);
/* How much likelier the change from the reading kept for the position
 * makes the move to `values` than the board read again unchanged, in
 * nats; -HUGE_VAL when no reading of the position is kept. */
double snap_change_shown(const struct snapshots *s, const int *values);
/* The reading just judged kept, when it fits the position. */
void snap_keep_reading(struct snapshots *s);
/* A camera's reading that fits the board as it was within its ranges:
 * the move it and its change since the reading kept clearly show
 * taken (held where the table confirms near fits), or nothing. */
void snap_take_unmoved(struct snapshots *s, const struct snap_candidates *c);

/* model_occupancy.c */
/* Places where the snapshot and `want` differ that no stuck switch
 * explains. */
int snap_unexplained(const struct snapshots *s, const int *want);
/* The switches against what is known of them; said when that changes. */
void snap_watch_switches(struct snapshots *s);
/* After a judgement with the position settled: the places that read
 * against it are suspect. */
void snap_suspect_update(struct snapshots *s);
/* The board a little off the position, no move near it: a warning. */
void snap_warn_far(struct snapshots *s);
/* The decision on an occupancy board. */
void snap_decide_occupancy(struct snapshots *s,
			   const struct snap_candidates *c);

#endif
