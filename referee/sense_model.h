/*
 * sense_model.h - the ways the referee reads a board, behind one ops
 * table. A game's sensing table (sensing.h) names the models its board
 * uses; the referee core opens each of them for its game, hands it the
 * observations of the kinds it reads and tells it when the position or
 * the move under way changes. The core keeps the life cycle, history,
 * commands, verdicts and time; a model reads evidence and takes moves
 * through the core (ref_accept, ref_hold, ref_await_restore).
 *
 *  - drops (model_drops.c): the pulses of a drop-counter board, place by
 *    place, aligned with the drops of every legal move;
 *  - snapshots (model_snapshot.c): the value of every place at once
 *    (counts, or occupancy), compared with every position the mover can
 *    reach this turn;
 *  - entries (model_entries.c): no sensed place; moves are entered.
 *
 * A board may have two: drop gates and a count source. The snapshot
 * model then hands each snapshot to the other models first, through
 * the core (ref_counted()): the drops model judges the move it follows
 * with the counts, and the snapshot model reads only what no other
 * model judged (a move none of whose drops was sensed).
 *
 * Not part of the referee's interface.
 */
#ifndef PITBOSS_SENSE_MODEL_H
#define PITBOSS_SENSE_MODEL_H

#include <stdint.h>

#include "referee/observation.h"

struct referee;

struct sense_model {
	const char *name;		/* "drops" */
	unsigned reads;			/* kinds it reads: 1u << OBS_DROP */

	/* Its state for the referee's game and board; NULL when out of
	 * memory. Freed by close(). */
	void *(*open)(struct referee *ref);
	void (*close)(void *state);
	/* Reads one observation of a kind in `reads`, in any state. */
	void (*feed)(struct referee *ref, void *state,
		     const struct observation *obs);

	/* The rest are optional. */
	/* The game changed (other options, the same places). */
	void (*use_game)(struct referee *ref, void *state);
	/* A new move is to be read from the current position. */
	void (*follow)(struct referee *ref, void *state);
	/* The move under way is forgotten. */
	void (*forget)(struct referee *ref, void *state);
	/* A move is now held for confirmation; confirmed and taken. */
	void (*held)(struct referee *ref, void *state);
	void (*resume)(struct referee *ref, void *state);
	/* When the move under way must be judged without more evidence;
	 * 0: not before more comes. finish() judges it then. */
	uint64_t (*deadline)(const struct referee *ref, const void *state);
	void (*finish)(struct referee *ref, void *state);
	/* The board's values, read by another model (a count board's
	 * snapshot, through ref_counted()): a model with a move under way
	 * or held judges it with them. 1 when it did (the snapshot is
	 * then used up), 0 when it has nothing to judge. */
	int (*counted)(struct referee *ref, void *state, const int *values);
};

#define SENSE_READS(kind) (1u << (kind))

#endif
