/*
 * kalah_solve_impl.h - what the solver's files share: the solver's
 * tables and the move on two words, "me" (the side to move) and "opp",
 * one byte per pit, pit 0 in the low byte, each row sown towards its
 * high byte and then its store. Not part of any interface.
 */
#ifndef PITBOSS_KALAH_SOLVE_IMPL_H
#define PITBOSS_KALAH_SOLVE_IMPL_H

#include <stdint.h>

#include "rules/kalah_solve.h"

#define KS_RING_MAX (2 * KALAH_PITS_MAX + 1)
#define KS_PITS_ALL (2 * KALAH_PITS_MAX)

/* What sowing `rest` seeds (after whole laps) from a pit adds. */
struct ks_sow {
	uint64_t me, opp;
	uint8_t store;		/* seeds into the mover's store */
	uint8_t last;		/* 0..P-1 own pit, P the store, above: theirs */
};

struct ks_entry;

struct kalah_solver {
	int pits, ring, empty_capture, no_sweep;
	struct ks_sow sow[KALAH_PITS_MAX][KS_RING_MAX];
	uint64_t lap_me, lap_opp;
	uint8_t laps[256], rest[256];

	/* Endgame database: level n starts at base[n]; cum[k][r][c] counts
	 * the positions before those whose pit k holds c of r seeds left. */
	const int8_t *egdb;
	int egdb_seeds;
	uint64_t base[KALAH_EGDB_SEEDS_MAX + 2];
	uint64_t cum[KS_PITS_ALL][KALAH_EGDB_SEEDS_MAX + 1]
		    [KALAH_EGDB_SEEDS_MAX + 1];

	/* Transposition table: buckets of one cache line. */
	struct ks_entry *tt;
	uint64_t tt_mask;
	size_t tt_bytes;

	/* The search under way. */
	uint64_t nodes, horizon;
	int stopped;
	double start, deadline, next_report;
	int root_best, report_depth, report_value;
	kalah_progress_fn fn;
	void *ctx;
};

enum { KS_NEXT, KS_EXTRA, KS_OVER };

static inline unsigned ks_lane(uint64_t w, int i)
{
	return (unsigned)(w >> (8 * i)) & 0xff;
}

static inline int ks_seeds(uint64_t w)
{
	return (int)((w * UINT64_C(0x0101010101010101)) >> 56);
}

/*
 * Sows the mover's pit `pit` (which holds seeds): the new rows in *me
 * and *opp (not swapped), the seeds the mover gains on the opponent in
 * *gain (store, capture and, at the end, the sweep) and what follows.
 */
static inline int ks_play(const struct kalah_solver *s, uint64_t *me,
			  uint64_t *opp, int pit, int *gain)
{
	unsigned seeds = ks_lane(*me, pit);
	const struct ks_sow *w = &s->sow[pit][s->rest[seeds]];
	uint64_t laps = s->laps[seeds];
	uint64_t m = *me - ((uint64_t)seeds << (8 * pit)) + w->me +
		     laps * s->lap_me;
	uint64_t o = *opp + w->opp + laps * s->lap_opp;
	int g = w->store + (int)laps, kind = KS_NEXT, last = w->last;

	if (last == s->pits) {
		kind = KS_EXTRA;
	} else if (last < s->pits && ks_lane(m, last) == 1) {
		int across = s->pits - 1 - last;
		unsigned a = ks_lane(o, across);

		if (a != 0 || s->empty_capture) {
			g += (int)a + 1;
			m &= ~(UINT64_C(0xff) << (8 * last));
			o &= ~(UINT64_C(0xff) << (8 * across));
		}
	}
	if (m == 0 || o == 0) {
		kind = KS_OVER;
		if (!s->no_sweep)
			g += ks_seeds(m) - ks_seeds(o);
	}
	*me = m;
	*opp = o;
	*gain = g;
	return kind;
}

static inline uint64_t ks_egdb_index(const struct kalah_solver *s,
				     uint64_t me, uint64_t opp, int n)
{
	uint64_t idx = s->base[n];
	int r = n;

	for (int k = 0; k < s->pits; k++) {
		int c = (int)ks_lane(me, k);

		idx += s->cum[k][r][c];
		r -= c;
	}
	for (int k = 0; k < s->pits - 1; k++) {
		int c = (int)ks_lane(opp, k);

		idx += s->cum[s->pits + k][r][c];
		r -= c;
	}
	return idx;
}

/* Sets up the database's index tables (kalah_egdb.c). */
void ks_egdb_tables(struct kalah_solver *s);

#endif
