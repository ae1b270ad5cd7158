/*
 * sim_assign.c - which of the referee's verdicts is about which move of
 * the simulator's batch, for the figures: the pairing, in order, that
 * leaves the fewest errors of reading. A move with no verdict (unless a
 * hold or foul stopped the play before it) and a verdict taking a move
 * no move made count two, a legal move named as another one; so a
 * verdict naming a later move is about that one when the moves between
 * made none (their pulses all missed, or read into the move before),
 * and a move read as another is one misreading, not a move with no
 * verdict beside a move no move made. The referee's own new reading of
 * a move judged with an earlier batch is never a move no move made.
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "referee/sim_impl.h"

/* Verdict `v` about move `m`: a legal move named otherwise is misread
 * (1: half of a move with no verdict beside a verdict about no move);
 * anything else is judged as it is. */
static int pair_cost(const struct sim_said *m, const struct logged *v)
{
	return m->legal && v->kind != VERDICT_FOUL &&
	       strcmp(v->move, m->text) != 0;
}

int sim_alone_cost(const struct logged *v)
{
	return v->kind != VERDICT_FOUL && v->kind != VERDICT_HOLD &&
	       !v->earlier;
}

/* A move with no verdict (unless a hold or foul stopped the play), and a
 * verdict about no move: each costs two misreadings, so that a verdict
 * is about the move in its place rather than left aside. */
#define SILENT 2
#define ALONE 2

/* Verdict `v` about no move, moves i.. still to pair: a hold or foul
 * stops the play only about a move (one left aside while moves wait
 * would excuse them their verdicts); the referee's own new reading of a
 * move of an earlier batch may be about it alone (or, when it read the
 * drops of a move of this batch into it, about that move). */
static int alone_at(const struct logged *v, int i, int n)
{
	return v->earlier ? 0 : ALONE * (sim_alone_cost(v) || i < n);
}

int sim_assign(const struct sim_said *moves, int n,
	       const struct logged *const *vs, int nv, int *of, int *alone)
{
	static short cost[SIM_ASSIGN_MOVES + 1][SIM_LOG_MAX + 1];
	static unsigned char stop[SIM_LOG_MAX + 1];
	int i, k, nalone = 0;

	if (n > SIM_ASSIGN_MOVES || nv > SIM_LOG_MAX)
		return -1;
	stop[0] = 0;
	for (k = 0; k < nv; k++)
		stop[k + 1] = stop[k] || vs[k]->kind == VERDICT_FOUL ||
			      vs[k]->kind == VERDICT_HOLD;
	/* cost[i][k]: moves i.. and verdicts k.. paired at best */
	for (i = n; i >= 0; i--)
		for (k = nv; k >= 0; k--) {
			int c = i == n && k == nv ? 0 : SHRT_MAX;

			if (i < n && k < nv)
				c = pair_cost(&moves[i], vs[k]) +
				    cost[i + 1][k + 1];
			if (i < n && SILENT * !stop[k] + cost[i + 1][k] < c)
				c = SILENT * !stop[k] + cost[i + 1][k];
			if (k < nv && alone_at(vs[k], i, n) + cost[i][k + 1] < c)
				c = alone_at(vs[k], i, n) + cost[i][k + 1];
			cost[i][k] = (short)c;
		}
	/* (in order: a pairing first, then a move with none) */
	for (i = 0, k = 0; i < n || k < nv;) {
		if (i < n && k < nv &&
		    cost[i][k] == pair_cost(&moves[i], vs[k]) +
				  cost[i + 1][k + 1])
			of[i++] = k++;
		else if (i < n && cost[i][k] == SILENT * !stop[k] + cost[i + 1][k])
			of[i++] = -1;
		else
			alone[nalone++] = k++;
	}
	return nalone;
}
