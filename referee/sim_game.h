/*
 * sim_game.h - what the simulator needs to know of a game to play it on
 * a sensed board: the board's places, how hands make each legal move on
 * it, where a piece lands when it goes astray, what a counting board
 * reports, and the game's ways of playing illegally. One table per game,
 * in its own sim_<game>.c, listed in sim_games[] (sim_game.c); the
 * simulator itself (sim.c) plays every game through these and the rules
 * ops.
 *
 * Places are the sensed places of the game's sensing table, by index,
 * in the same order and under the same names, so that the observations
 * the simulator makes are those the table's referee reads.
 */
#ifndef PITBOSS_SIM_GAME_H
#define PITBOSS_SIM_GAME_H

#include <stddef.h>

#include "rules/rules.h"

#define SIM_DROPS_MAX 256	/* drops of one move */
#define SIM_MOVE_TEXT 32	/* a move's notation, with its NUL */

struct sim;

/*
 * One legal move as hands make it: a hand lifts what is in `origin`,
 * drops pieces into `drop` in this order, then, after a pause, into
 * `carry` one by one (pieces carried off by hand: a capture, a sweep).
 */
struct sim_act {
	struct rules_move move;
	char text[SIM_MOVE_TEXT];	/* in the game's notation */
	int origin;
	int ndrops;
	int drop[SIM_DROPS_MAX];
	int ncarry;
	int carry[SIM_DROPS_MAX];
};

/* In an illegal move's drops: this piece is let go together with the
 * one before (two pieces into one place at once). */
#define SIM_DROP_TOGETHER 0x10000
#define SIM_DROP_PLACE 0xffff

/* When a way of playing illegally can happen. */
enum sim_when {
	SIM_ANY_TURN,		/* on any move */
	SIM_EXTRA_TURN		/* when the mover has another turn: the
				   opponent plays instead */
};

/* One way of playing a move illegally, named in the truth file. */
struct sim_illegal {
	const char *name;
	/*
	 * The drops of an illegal version of `act` from `pos`, in order,
	 * into `out` (room for SIM_DROPS_MAX + 1), maybe marked
	 * SIM_DROP_TOGETHER, and the place the pieces were lifted from
	 * into `origin`; their number, or -1 when it cannot be played from
	 * here. May draw from sim_random().
	 * NULL: the touch rule broken, which every board that senses lifts
	 * shows the same way: another move's origin is lifted, then `act`
	 * is made.
	 */
	int (*drops)(struct sim *sim, const struct rules_game *game,
		     const void *pos, const struct sim_act *act, int *out,
		     int *origin);
	enum sim_when when;
};

struct sim_game {
	const char *game;		/* the rules' name */
	/* Number of sensed places; their names into `names` unless NULL. */
	int (*places)(const struct rules_game *game, const char **names);
	/* Every legal move made on the board (up to `cap`), how many.
	 * A legal move not listed is entered by hand. */
	size_t (*acts)(const struct rules_game *game, const void *pos,
		       struct sim_act *out, size_t cap);
	/* The place next to `place` going `dir` (1 or -1), where a piece
	 * dropped by the seat to move may land by accident; -1: none. */
	int (*next)(const struct rules_game *game, const void *pos,
		    int place, int dir);
	/* A counting board: pieces per place of a position, and the
	 * snapshot text it reports for such counts (0, -1 when `buf` is
	 * too small). NULL: the board does not count. */
	void (*counts)(const struct rules_game *game, const void *pos,
		       int *counts);
	int (*snapshot)(const struct rules_game *game, const int *counts,
			char *buf, size_t buflen);
	const struct sim_illegal *illegal;	/* until name == NULL */
	/* More ways, played by the physical model only (sim_world.c). */
	const struct sim_illegal *more_illegal;	/* until name == NULL */
	/*
	 * Play after the end: `act`, from `pos`, ends the game; the players
	 * do not notice and make it without what is done once a game is
	 * over (a sweep) into `last`, then seat `seat` goes on with
	 * another move. Its drops into `out` (room for SIM_DROPS_MAX + 1),
	 * its origin, and the pieces per place before it into `counts`;
	 * their number, or -1 when no move can be made. NULL: never.
	 */
	int (*after_end)(struct sim *sim, const struct rules_game *game,
			 const void *pos, const struct sim_act *act,
			 struct sim_act *last, int *counts, int *out,
			 int *origin, int *seat);
	/*
	 * The board senses occupancy (`counts` gives 0 or 1 a place, the
	 * snapshot is what the switches report whenever one changes):
	 * every turn is played by sim_occupancy.c, hands lifting pieces
	 * and putting them down. An illegal way's drops() then gives the
	 * places whose value the illegal move changes (emptied or filled),
	 * and `origin` the one lifted first.
	 */
	int occupancy;
};

/* Every game the simulator can play, NULL-terminated. */
extern const struct sim_game *const sim_games[];

/* The table of a game, or NULL when it cannot be simulated. */
const struct sim_game *sim_game_find(const char *game);

/* For illegal-play generators: a number in [0, n) from the simulation's
 * random stream, and whether the board senses lifts. */
int sim_random(struct sim *sim, int n);
int sim_lifts(const struct sim *sim);

#endif
