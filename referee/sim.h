/*
 * sim.h - a simulated sensed table: players (random or greedy) make
 * moves, the board produces the observations a real one would, with
 * human timing, sensor noise and, on request, illegal play. An arbiter
 * watches the table's referee and answers its holds and fouls as a
 * careful arbiter would, knowing the truth. Everything comes from one
 * number that starts the random stream: the same number gives the same
 * trace, byte for byte.
 *
 * Any game with a sim table (sim_game.h) can be simulated; the
 * simulator reaches the game only through its rules ops and that table.
 * Used by `pitboss sim`, the referee benchmark, and pitbossd's
 * simulated tables.
 */
#ifndef PITBOSS_SIM_H
#define PITBOSS_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "referee/referee.h"
#include "referee/trace.h"

/* Rates are per pulse (bounce, miss, extra, swap, roll) or per move
 * (illegal); on a counting board, `miss` is per snapshot (one count
 * off by one). */
struct sim_noise {
	double bounce;		/* a second edge within the debounce time */
	double miss;		/* a pulse never comes */
	double extra;		/* a pulse nothing caused */
	double swap;		/* two drops sensed in swapped order */
	double roll;		/* a piece lands on the next place */
	int dead;		/* one line per game never fires */
	int stuck;		/* one line per game chatters for a while */
	double illegal;		/* a move is played illegally */
};

/*
 * A physically modelled board and its players (sim_world.c,
 * sim_physics.c), used instead of the per-pulse noise above when `on`.
 * Pieces leave the hand, fall 30-60 ms to the gate and are sensed, or
 * not, by the gate as it is tonight; people keep their own tempo, press
 * buttons or forget them, start early and play illegally. Chances are
 * per piece, per pulse, per move, per game or per gate as marked.
 */
struct sim_world {
	int on;
	/* Hands. */
	double dribble;		/* move: a fast dribble, 15-55 ms a piece */
	double slow;		/* move: slow, 0.6-1.5 s a piece */
	double pause;		/* piece: a short pause before it (0.3-1 s) */
	double long_pause;	/* move: a long pause in it (1.5-4 s) */
	double handful;		/* move: carried pieces dumped by the handful */
	/* Turns. */
	double quick;		/* move: the next player starts within 1 s */
	double overlap;		/* move: the next player starts before the
				   last piece fell (played as illegal) */
	double forget;		/* move: the end-of-turn button forgotten */
	double button_extra;	/* move: the button pressed on an extra turn */
	double out_of_turn;	/* after that button: the opponent plays */
	double after_end;	/* game: play goes on after the end */
	/* Gates. */
	unsigned merge_us;	/* pieces closer on one gate: one pulse */
	double graze;		/* piece: through the edge of the beam, unseen */
	double dirty;		/* gate, for the whole run: dirty */
	double dirt_min, dirt_max;	/* the share a dirty gate misses */
	double bounce;		/* pulse: 1-3 more edges within 20 ms */
	double late;		/* pulse: one more edge 30-75 ms after */
	double shadow;		/* move: the hand's shadow on the origin */
	double roll;		/* piece: hits the rim, rolls next door */
	double stray;		/* per minute of play: a pulse from nothing */
	double dead;		/* game: one gate dead for the whole game */
	double chatter;		/* move: one gate chatters for a second */
	/* A count source (sim_config.counts). */
	double misread;		/* snapshot: one count off by one */
};

/* The named levels of the physical model: "clean", "moderate",
 * "heavy", NULL-terminated. */
extern const char *const sim_levels[];

enum sim_player { SIM_RANDOM, SIM_GREEDY };

struct sim_config {
	char game[32];			/* the rules' name */
	uint64_t seed;			/* of the random numbers */
	unsigned table;
	char options[200];		/* the game's options */
	enum sim_player player;
	int buttons;			/* players press a turn button */
	int lifts;			/* a hand over a place is sensed */
	int snapshots;			/* a counting board: snapshots */
	int max_plies;			/* a game longer than this is ended */
	struct sim_noise noise;
	struct sim_world world;
	int counts;			/* drops and, after each move, counts */
	char level[16];			/* the named level set, or "" (for a
					   configuration that names one) */
	struct referee_config referee;
	int timing;			/* measure the referee per observation */
};

/* The defaults: the first game of sim_games[], no noise. */
void sim_config_default(struct sim_config *config);

/* Sets one knob of the physical model, "NAME=VALUE" (the names of
 * pitboss(1): dirty=0.2, merge-ms=8), and turns the model on; -1 with
 * why. */
int sim_world_set(struct sim_world *world, const char *setting, char *err,
		  size_t errlen);

/* Sets the physical model and the illegal play of level `name`
 * (sim_levels[]); -1 when there is no such level. */
int sim_config_level(struct sim_config *config, const char *name);

enum sim_class {
	SIM_LEGAL_ACCEPTED,	/* accepted without help (maybe warned) */
	SIM_LEGAL_WARNED,	/* of which with a warning */
	SIM_LEGAL_HELD,		/* held, then confirmed or corrected */
	SIM_LEGAL_FOULED,	/* wrongly called a foul */
	SIM_LEGAL_MISREAD,	/* accepted as another move */
	SIM_LEGAL_UNSEEN,	/* no verdict at all */
	SIM_ILLEGAL_CAUGHT,	/* foul, or held and rejected */
	SIM_ILLEGAL_ACCEPTED,	/* accepted: the referee failed */
	SIM_ILLEGAL_UNSEEN,
	SIM_CLASSES
};

/* What the physical model did to a move (a hand's tempo, the gates):
 * counted per class of the legal moves it happened to. */
enum sim_phys {
	SIM_PHYS_DRIBBLE,	/* a fast dribble */
	SIM_PHYS_SLOW,		/* a slow hand */
	SIM_PHYS_PAUSE,		/* a short pause */
	SIM_PHYS_LONG_PAUSE,	/* a long pause */
	SIM_PHYS_HANDFUL,	/* carried pieces dumped by the handful */
	SIM_PHYS_SHADOW,	/* the hand's shadow on the origin */
	SIM_PHYS_ROLL,		/* a piece rolled next door */
	SIM_PHYS_SWAP,		/* pieces reached their gates out of order */
	SIM_PHYS_MERGE,		/* two pieces made one pulse */
	SIM_PHYS_DIRTY,		/* a dirty gate missed a piece */
	SIM_PHYS_GRAZE,		/* a piece through the edge of the beam */
	SIM_PHYS_DEAD,		/* a piece into the dead gate */
	SIM_PHYS_BOUNCE,	/* contact bounce */
	SIM_PHYS_LATE,		/* a late bounce */
	SIM_PHYS_CHATTER,	/* a gate chattered during the batch */
	SIM_PHYS_STRAY,		/* a stray pulse during the batch */
	SIM_PHYS_BATCH,		/* not the only move of its batch */
	SIM_PHYS_NONE,		/* none of these */
	SIM_PHYS
};

const char *sim_phys_name(enum sim_phys p);

#define SIM_TIMING_BUCKETS 4096	/* of 50 ns; the last holds the rest */
#define SIM_KINDS_MAX 16	/* ways of illegal play counted apart */

/* How the referee did on one way of playing illegally. */
struct sim_kind_stats {
	const char *name;		/* NULL: unused */
	unsigned long moves, accepted, unseen;
};

struct sim_stats {
	unsigned long games, legal, illegal, desyncs, observations;
	unsigned long count[SIM_CLASSES];
	unsigned long unexplained;	/* moves taken that no move made */
	unsigned long revised;		/* moves the referee took back itself,
					   read before the hand had finished */
	/* Moves with no verdict that made no pulse at all (every piece
	 * missed or merged, no shadow): no drop gate saw them. */
	unsigned long legal_blind, illegal_blind;
	/* Illegal moves whose drops are exactly a legal move's (a seed
	 * sown backwards from a pit of one, into the pit a legal sowing of
	 * one fills): no drop gate can tell; of which accepted. */
	unsigned long same, same_accepted;
	unsigned long overlapped;	/* legal moves the next one overlapped
					   (judged with it, not counted
					   as legal) */
	/* The physical model's gates: pieces that fell, of which merged
	 * with another or missed; pulses made, of which noise (bounce,
	 * shadow, chatter, stray pulses). */
	unsigned long pieces, merged, missed, pulses, noise;
	struct sim_kind_stats kinds[SIM_KINDS_MAX];	/* physical model */
	/* Legal moves of each class by what the physical model did to
	 * them (a move may count under several). */
	unsigned long phys[SIM_CLASSES][SIM_PHYS];
	unsigned long timing[SIM_TIMING_BUCKETS];
	uint64_t timing_max_ns;
};

const char *sim_class_name(enum sim_class c);

struct sim;

/* A simulation of `config`; NULL with why in `err` for a game that does
 * not exist, cannot be simulated, or refuses the options. Free with
 * sim_free(). */
struct sim *sim_new(const struct sim_config *config, char *err,
		    size_t errlen);
void sim_free(struct sim *sim);

/*
 * Plays one game. Its observations are appended to `trace` (when not
 * NULL); the truth, one line per move, goes to `truth`; the referee's
 * verdicts to `verdicts` (each when not NULL).
 */
int sim_game(struct sim *sim, struct trace *trace, FILE *truth,
	     FILE *verdicts);

/*
 * Plays on from `position` (a game under way, e.g. after a restart): the
 * sim's own referee starts and is set to the position, and so must the
 * table's (those two observations lead the game's stream). -1 when the
 * position is malformed or over.
 */
int sim_game_from(struct sim *sim, const char *position,
		  struct trace *trace, FILE *truth, FILE *verdicts);

const struct sim_stats *sim_stats(const struct sim *sim);
/* For studying the referee: every legal move not taken without help
 * (held, fouled, misread, no verdict) is described on `out` ("MISSED
 * ..."), every illegal move taken or held ("ILLEGAL kind=..."), and
 * every move taken that no move made ("UNEXPLAINED ..."),
 * one line each with its verdict's cause and evidence, what the
 * physical model did, its pieces' falls and the batch's pulses (NULL:
 * none). */
void sim_debug_missed(struct sim *sim, FILE *out);
/* The trace's table line for this simulation. */
void sim_table(const struct sim *sim, struct trace_table *table);

/* Per-observation time at quantile q (0..1), in nanoseconds. */
double sim_timing_quantile(const struct sim_stats *stats, double q);

#endif
