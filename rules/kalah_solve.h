/*
 * kalah_solve.h - the Kalah solver: the perfect-play value of a position
 * (the final margin between the stores with best play on both sides)
 * and a best move, or within a time budget a bounded search's estimate.
 *
 * Negamax with alpha-beta over null windows (MTD(f)), extra turns kept
 * with the same side to move, a transposition table keyed on the pits
 * (the stores only add to the value, so positions that differ only in
 * their stores share an entry), move ordering (the table's move, extra
 * turns, captures), the safe bound on what the seeds still in play can
 * change, endgame databases for few seeds in play and iterative
 * deepening for a bounded-time answer. The table and the tables of
 * the search are allocated once by kalah_solver_new(); the search
 * itself neither allocates nor does I/O.
 *
 * Plain Kalah and its variants empty-capture and no-sweep, any number
 * of pits and seeds; not Cross-Kalah (its sowing can go round in
 * circles), nor a position still offering the pie rule's swap.
 */
#ifndef PITBOSS_KALAH_SOLVE_H
#define PITBOSS_KALAH_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "rules/kalah.h"

/* Endgame databases hold every position with up to this many seeds in
 * the pits. */
#define KALAH_EGDB_SEEDS_MAX 32

struct kalah_solver;

typedef struct rules_progress kalah_progress;
typedef rules_progress_fn kalah_progress_fn;

struct kalah_solve_result {
	int value;		/* final stores, South's minus North's */
	int exact;		/* 1: perfect play; 0: estimate after `depth` */
	int depth;		/* plies of the deepest complete iteration */
	int best;		/* hole of a best move, -1 when the game is over */
	uint64_t nodes;
	double seconds;
};

/*
 * A solver for `game` (whose options it reads), its transposition table
 * `tt_bytes` large (rounded down to a power of two, at least 64 KiB).
 * NULL with why in `err` when the game's options have no solver.
 */
struct kalah_solver *kalah_solver_new(const struct rules_game *game,
				      size_t tt_bytes, char *err,
				      size_t errlen);
void kalah_solver_free(struct kalah_solver *s);
/* Forgets what the table holds (positions of another game). */
void kalah_solver_clear(struct kalah_solver *s);
void kalah_solver_progress(struct kalah_solver *s, kalah_progress_fn fn,
			   void *ctx);

/*
 * Solves `pos`: within `seconds` (<= 0: no limit) the exact value when
 * it is reached, else the deepest complete iteration's estimate.
 * -1 with why in `err` for a position the solver does not take.
 */
int kalah_solve(struct kalah_solver *s, const struct kalah_pos *pos,
		double seconds, struct kalah_solve_result *out, char *err,
		size_t errlen);

/*
 * Endgame databases: the value of every position with n seeds in the
 * pits, for n up to `seeds`, one signed byte each (the mover's future
 * gain over the opponent), in a fixed order; for one number of pits and
 * one choice of the options empty-capture and no-sweep.
 */
size_t kalah_egdb_bytes(int pits, int seeds);
/* The database's name: "kalah-p6-n20-std" ("-ec" empty-capture,
 * "-ns" no-sweep); -1 when `buf` is too small. */
int kalah_egdb_name(const struct kalah_solver *s, int seeds, char *buf,
		    size_t buflen);
/* Fills `db` (kalah_egdb_bytes() large) by retrograde search; calls
 * `fn` after each number of seeds (depth = the seeds done). */
void kalah_egdb_build(struct kalah_solver *s, int seeds, int8_t *db,
		      kalah_progress_fn fn, void *ctx);
/* Uses a built database (kept by the caller, e.g. memory-mapped). */
void kalah_solver_use_egdb(struct kalah_solver *s, const int8_t *db,
			   int seeds);

/* The solver behind the rules interface (kalah_rules.solver). */
extern const struct rules_solver_ops kalah_solver_ops;

#endif
