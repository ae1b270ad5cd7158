/*
 * sim_impl.h - what the simulator's files share (sim.c plays the game
 * and answers as the arbiter; sim_noise.c draws the random numbers and
 * turns a move's drops into the pulses the sensors report). Not part of
 * the simulator's interface.
 */
#ifndef PITBOSS_SIM_IMPL_H
#define PITBOSS_SIM_IMPL_H

#include <stdint.h>

#include "referee/sim.h"
#include "referee/sim_game.h"

#define SIM_PULSES_MAX 1024	/* pulses of one move */
#define SIM_LOG_MAX 64		/* verdicts on one move */

/* A drop as the sensors report it: when, and on which place. */
struct pulse {
	uint64_t t;
	int place;
};

/* A verdict of the referee, as far as the arbiter reads it. */
struct logged {
	enum verdict_kind kind;
	char move[sizeof(((struct verdict *)NULL)->move)];
};

/* A simulation (sim.h): the true game, its referee, the random stream. */
struct sim {
	struct sim_config cfg;
	uint64_t rng[4];
	const struct rules *ops;
	const struct sim_game *kind;	/* how the game is made by hand */
	struct rules_game *game;
	struct referee *ref;
	struct sim_stats stats;
	uint64_t now;
	int places, nillegal;
	const char **names;		/* of the places */
	int *counts;			/* per place, for snapshots */
	struct sim_act *acts;		/* room for ops->max_moves */
	size_t nacts;			/* of the true position */
	struct rules_move *legal;	/* room for ops->max_moves */
	void *pos;			/* the true board */
	void *after, *scratch;		/* positions being tried */
	int ply;
	/* The game under way. */
	struct trace *trace;
	FILE *verdicts;
	struct logged log[SIM_LOG_MAX];
	int nlog;
	int dead_place, stuck_place, stuck_ply;
};

/* The random stream: started from the configured number; uniform in
 * [0, n); true with probability p; milliseconds in [lo, hi] as
 * microseconds. */
void sim_rng_start(struct sim *sim, uint64_t start);
int sim_rng_below(struct sim *sim, int n);
int sim_rng_chance(struct sim *sim, double p);
uint64_t sim_rng_ms(struct sim *sim, int lo, int hi);

/* Pulses of a move starting at sim->now: `drops` in order, then the
 * pieces `carried` by hand (unless NULL). Their number. */
int sim_pulses(struct sim *sim, const int *drops, int ndrops,
	       const struct sim_act *carried, struct pulse *pulses);
/* What the sensors make of `n` pulses, the first `dropped` of them
 * drops: the noisy pulses, in time order, in place; their number. */
int sim_noise(struct sim *sim, struct pulse *pulses, int n, int dropped);

#endif
