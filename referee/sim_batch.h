/*
 * sim_batch.h - the moves of one turn on the simulator's physical board
 * (sim_world.c), and how their verdicts are read (sim_verdicts.c).
 * Internal to the simulator.
 */
#ifndef PITBOSS_SIM_BATCH_H
#define PITBOSS_SIM_BATCH_H

#include "referee/sim_impl.h"

#define BATCH_MAX 4		/* moves of one batch */
#define EVENTS_MAX (SIM_PULSES_MAX + 4 * BATCH_MAX)
#define SNAP_MAX 1024		/* a snapshot's text */

/* A move of the batch, as the truth file and the arbiter see it. */
struct sowing {
	int ply, seat;
	char text[SIM_MOVE_TEXT];
	const struct sim_illegal *il;	/* NULL: legal */
	int same;		/* illegal, yet its drops are exactly a legal
				   move's: no drop gate can tell */
	enum sim_class c;
	int confirmed;		/* held, and confirmed by the arbiter */
};

/* An observation to come: a drop, a lift, a button, a snapshot. */
struct event {
	uint64_t t;
	enum obs_kind kind;
	int where;		/* place, seat, or snapshot */
	int order;
};

struct sim_batch {
	struct sowing sow[BATCH_MAX + 1];
	int n;
	struct sim_fall falls[SIM_PULSES_MAX];
	int nfalls;
	struct pulse pulses[SIM_PULSES_MAX];
	struct event ev[EVENTS_MAX];
	int nev;
	char snap[BATCH_MAX + 1][SNAP_MAX];
	int nsnap;
	struct sim_act last;		/* a last move without its sweep */
	int drops[SIM_DROPS_MAX + 1];
	int plies;			/* the referee's, at the start */
	int illegal;			/* a move of the batch is illegal */
};

/* The illegal way of a sowing begun before the last piece of the move
 * before it fell. */
extern const struct sim_illegal sim_overlap_kind;

/* Each move of the batch against its verdicts, counted in the
 * simulator's figures; a legal move held as made is confirmed by the
 * arbiter before the moves after it are judged. */
void sim_world_judge(struct sim *sim, struct sim_batch *b, FILE *truth);

#endif
