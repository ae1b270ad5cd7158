/*
 * kalah_egdb.c - Kalah endgame databases: the value of every position
 * with few seeds in the pits, the mover's future gain over the
 * opponent, one signed byte each.
 *
 * Positions with n seeds in the 2P pits are numbered in the order of
 * their pit counts read as digits (the mover's pits first), after all
 * positions with fewer seeds. A move either takes seeds out of the pits
 * (a store, a capture) or keeps them all on the rows they are on while
 * moving each seed sown towards its store, so the moves among positions
 * with the same seeds never go round in circles: each level is built by
 * a depth-first search that looks the lower levels up and fills its own
 * level as it goes.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rules/kalah_solve_impl.h"

#define UNKNOWN (-128)

/* Positions of r seeds in m pits: C(r + m - 1, m - 1). */
static uint64_t compositions(int m, int r)
{
	uint64_t c = 1;

	if (m == 0)
		return r == 0;
	/* C(r + m - 1, r), built up so every step divides exactly. */
	for (int i = 1; i <= r; i++)
		c = c * (uint64_t)(m - 1 + i) / (uint64_t)i;
	return c;
}

void ks_egdb_tables(struct kalah_solver *s)
{
	int all = 2 * s->pits;

	s->base[0] = 0;
	for (int n = 0; n <= KALAH_EGDB_SEEDS_MAX; n++)
		s->base[n + 1] = s->base[n] + compositions(all, n);
	memset(s->cum, 0, sizeof(s->cum));
	for (int k = 0; k < all; k++)
		for (int r = 0; r <= KALAH_EGDB_SEEDS_MAX; r++)
			for (int c = 1; c <= r; c++)
				s->cum[k][r][c] = s->cum[k][r][c - 1] +
					compositions(all - k - 1, r - (c - 1));
}

size_t kalah_egdb_bytes(int pits, int seeds)
{
	size_t bytes = 0;

	if (seeds > KALAH_EGDB_SEEDS_MAX)
		seeds = KALAH_EGDB_SEEDS_MAX;
	for (int n = 0; n <= seeds; n++)
		bytes += compositions(2 * pits, n);
	return bytes;
}

int kalah_egdb_name(const struct kalah_solver *s, int seeds, char *buf,
		    size_t buflen)
{
	int n = snprintf(buf, buflen, "kalah-p%d-n%d-%s%s", s->pits, seeds,
			 s->empty_capture ? "ec" : "std",
			 s->no_sweep ? "-ns" : "");

	return n < 0 || (size_t)n >= buflen ? -1 : 0;
}

/* The value of a position with seeds on both rows, filling `db`. */
static int db_value(const struct kalah_solver *s, int8_t *db, uint64_t me,
		    uint64_t opp)
{
	int n = ks_seeds(me) + ks_seeds(opp);
	uint64_t idx = ks_egdb_index(s, me, opp, n);
	int best = -KALAH_EGDB_SEEDS_MAX - 1;

	if (db[idx] != UNKNOWN)
		return db[idx];
	for (int pit = 0; pit < s->pits; pit++) {
		uint64_t m = me, o = opp;
		int gain, v, kind;

		if (ks_lane(me, pit) == 0)
			continue;
		kind = ks_play(s, &m, &o, pit, &gain);
		if (kind == KS_OVER)
			v = gain;
		else if (kind == KS_EXTRA)
			v = gain + db_value(s, db, m, o);
		else
			v = gain - db_value(s, db, o, m);
		if (v > best)
			best = v;
	}
	db[idx] = (int8_t)best;
	return best;
}

struct level {
	const struct kalah_solver *s;
	int8_t *db;
	uint64_t me, opp;
};

/* Every position of the level with `r` seeds left for pits k.. . */
static void level_walk(struct level *l, int k, int r)
{
	int all = 2 * l->s->pits, shift = 8 * (k % l->s->pits);
	uint64_t *row = k < l->s->pits ? &l->me : &l->opp;

	if (k == all - 1) {
		*row |= (uint64_t)r << shift;
		if (l->me != 0 && l->opp != 0) {
			db_value(l->s, l->db, l->me, l->opp);
		} else {
			int n = ks_seeds(l->me) + ks_seeds(l->opp);

			/* Never to move: the game ended before. */
			l->db[ks_egdb_index(l->s, l->me, l->opp, n)] =
				(int8_t)(l->s->no_sweep ? 0 :
					 ks_seeds(l->me) - ks_seeds(l->opp));
		}
		*row &= ~(UINT64_C(0xff) << shift);
		return;
	}
	for (int c = 0; c <= r; c++) {
		*row = (*row & ~(UINT64_C(0xff) << shift)) |
		       ((uint64_t)c << shift);
		level_walk(l, k + 1, r - c);
	}
	*row &= ~(UINT64_C(0xff) << shift);
}

void kalah_egdb_build(struct kalah_solver *s, int seeds, int8_t *db,
		      kalah_progress_fn fn, void *ctx)
{
	if (seeds > KALAH_EGDB_SEEDS_MAX)
		seeds = KALAH_EGDB_SEEDS_MAX;
	memset(db, UNKNOWN, kalah_egdb_bytes(s->pits, seeds));
	for (int n = 0; n <= seeds; n++) {
		struct level l = { s, db, 0, 0 };
		kalah_progress p = { n, 0, 1, 1, s->base[n + 1], 0 };

		level_walk(&l, 0, n);
		if (fn != NULL)
			fn(ctx, &p);
	}
}

void kalah_solver_use_egdb(struct kalah_solver *s, const int8_t *db,
			   int seeds)
{
	s->egdb = db;
	s->egdb_seeds = db != NULL ? seeds : 0;
}
