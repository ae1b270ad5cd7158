/*
 * sim_impl.h - what the simulator's files share (sim.c plays the game
 * and answers as the arbiter; sim_noise.c draws the random numbers and
 * turns a move's drops into the pulses the sensors report). Not part of
 * the simulator's interface.
 */
#ifndef PITBOSS_SIM_IMPL_H
#define PITBOSS_SIM_IMPL_H

#include <stdint.h>
#include <stdio.h>

#include "referee/sim.h"
#include "referee/sim_game.h"

#define SIM_PULSES_MAX 1024	/* pulses of one move */
#define SIM_LOG_MAX 256
#define SIM_PHYS_WHO 32	/* moves of a batch whose physics are kept */	/* verdicts on one move, or a few */

/* A drop as the sensors report it: when, and on which place. */
struct pulse {
	uint64_t t;
	int place;
};

/* A piece reaching the gate of `place` at `t`, or (edge) a pulse of
 * the gate that no piece makes (the hand's shadow). */
struct sim_fall {
	uint64_t t;
	int place;
	int edge;
	int who;	/* the move of the batch that made it */
};

/* A move as a hand makes it on the physical board: pieces lifted from
 * `origin` (-1: none), dropped in order, then carried (unless NULL). */
struct sim_hand {
	int origin;
	const int *drops;
	int ndrops;
	const int *carry;
	int ncarry;
};

/* A verdict of the referee, as far as the arbiter reads it. */
struct logged {
	enum verdict_kind kind;
	int ply;
	char move[sizeof(((struct verdict *)NULL)->move)];
	int earlier;	/* the referee's own take-back and new reading of a
			   move whose verdict came in an earlier batch: no
			   verdict on a move of this one */
	/* Kept only for sim_debug_missed(): */
	enum verdict_cause cause;
	char evidence[VERDICT_EVIDENCE_MAX];
	char text[200];
};

/* sim_assign.c: which verdict is about which move of a batch. */
#define SIM_ASSIGN_MOVES 8
struct sim_said {
	const char *text;	/* the move as the game writes it */
	int legal;
};
/* The verdicts vs[0..nv) (about moves, in order) paired with moves[0..n):
 * of[i] the verdict about move i, or -1; the verdicts about no move in
 * alone[], their number returned (-1: too many to pair). */
int sim_assign(const struct sim_said *moves, int n,
	       const struct logged *const *vs, int nv, int *of, int *alone);
/* A verdict about no move counts against the referee: a move taken (1),
 * not a hold or a foul (0). */
int sim_alone_cost(const struct logged *v);

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
	/* The physical world (sim_world.c, sim_physics.c). */
	double *dirt;			/* per gate: the share it misses */
	uint64_t *gate_last;		/* per gate: the last piece */
	int *board;			/* per place: the pieces, for counts */
	struct sim_act *next_acts;	/* room for ops->max_moves */
	void *held_pos;			/* a position put aside */
	struct sim_batch *batch;	/* the moves of a turn (sim_world.c) */
	int extra_turn;			/* the mover moves again */
	int extra_button;		/* ... and pressed the button */
	int after_end;			/* this game goes on after its end */
	unsigned pulsed;		/* bit `who`: that move of the batch
					   made a pulse (sim_gates) */
	/* What the model did (bits of enum sim_phys): to the hand being
	 * made (sim_hand), to each move of the batch, to the batch. */
	unsigned hand_phys, phys[SIM_PHYS_WHO], batch_phys;
	FILE *missed;			/* sim_debug_missed() */
};

/* The random stream: started from the configured number; uniform in
 * [0, n); true with probability p; milliseconds in [lo, hi] as
 * microseconds. */
void sim_rng_start(struct sim *sim, uint64_t start);
int sim_rng_below(struct sim *sim, int n);
int sim_rng_chance(struct sim *sim, double p);
uint64_t sim_rng_ms(struct sim *sim, int lo, int hi);

/* A uniform number in [lo, hi). */
double sim_rng_uniform(struct sim *sim, double lo, double hi);

/* The physical board: the gates' dirt for the whole run; the dead gate
 * of a game. */
void sim_physics_night(struct sim *sim);
void sim_physics_game(struct sim *sim);
/*
 * The pieces a hand lets fall making `hand` from time `t` (the lift),
 * appended to `f` after its first `n`; the new number. `fell`: when the
 * last piece fell.
 */
int sim_hand(struct sim *sim, const struct sim_hand *hand, uint64_t t,
	     struct sim_fall *f, int n, uint64_t *fell);
/* What the gates make of the `n` falls `f` (sorted in place): pulses in
 * time order into `p` (room for SIM_PULSES_MAX); their number. The
 * moves that made a pulse go into sim->pulsed. */
int sim_gates(struct sim *sim, struct sim_fall *f, int n, struct pulse *p);

/* Pulses of a move starting at sim->now: `drops` in order, then the
 * pieces `carried` by hand (unless NULL). Their number. */
int sim_pulses(struct sim *sim, const int *drops, int ndrops,
	       const struct sim_act *carried, struct pulse *pulses);
/* What the sensors make of `n` pulses, the first `dropped` of them
 * drops: the noisy pulses, in time order, in place; their number. */
int sim_noise(struct sim *sim, struct pulse *pulses, int n, int dropped);

/* sim.c, for the world's turns. */
void sim_emit(struct sim *sim, enum obs_kind kind, const char *where,
	      const char *text);
/* Lets the referee's quiet period run out, if one is running (one
 * tick); sim_settle_all(): every one that follows as well. */
void sim_settle(struct sim *sim);
void sim_settle_all(struct sim *sim);
int sim_to_move(const struct sim *sim);
const char *sim_seat_name(const struct sim *sim, int seat);
/* The move the player means to make among `acts`, from sim->pos. */
int sim_choose(struct sim *sim, const struct sim_act *acts, int n);
/* The arbiter, a moment later, gives a command. */
void sim_arbiter(struct sim *sim, enum obs_kind kind, const char *text);
/* Players put the board back after a foul. */
void sim_restore(struct sim *sim);
/* Makes the referee's position the true one if it is not. */
void sim_resync(struct sim *sim);
/* A line of the truth file: move number `ply` made by `seat`, legal
 * (maybe overlapped by the next one) or not. */
void sim_truth(struct sim *sim, FILE *truth, int ply, int seat,
	       const char *move, const struct sim_illegal *il,
	       enum sim_class c, int overlapped);

/* The referee's verdict on the move made since log entry `from`: the
 * first move taken or held, or a foul; NULL when none. */
const struct logged *sim_verdict_on_move(const struct sim *sim, int from);
/* What the referee made of a legal move `act` (or an illegal one) made
 * since log entry `from`, and the arbiter's answer: its class. */
enum sim_class sim_judge_legal(struct sim *sim, const struct sim_act *act,
			       int from);
enum sim_class sim_judge_illegal(struct sim *sim, int from);
/* sim_occupancy.c: one turn on a board that senses occupancy. 1 when
 * the game is over. */
int sim_occupancy_turn(struct sim *sim, FILE *truth);
/* A level of the physical model (sim_config_level) as what an
 * occupancy board's switches and hands do: people lift pieces to think
 * at every level; switches bounce as the gates would; one sticks when
 * gates chatter. The model itself is then off. */
void sim_occupancy_level(struct sim_config *config);
/* sim_world.c: a game's start on the physical board; one turn, or a few
 * made in quick succession. 1 when the game is over. */
size_t sim_world_size(void);
void sim_world_game(struct sim *sim);
int sim_world_turn(struct sim *sim, FILE *truth);

#endif
