/*
 * model_drops_onward.c - who sows next, as evidence about drops one
 * piece short. A legal move whose last piece went into the mover's own
 * store, unsensed, gives its mover another turn; the same drops read as
 * a piece left behind end the sowing one place earlier, where the mover
 * sees the last piece land, and hand the turn over. When the drops that
 * follow at once begin a sowing of the mover's again, the misplay would
 * need a second one (the mover playing on out of turn) to be a foul.
 * It is no evidence for the legal reading, though: a piece stopped
 * short of one's own store and played on is the misplay that pays
 * most (model_drops_judge.c weighs it against a foul only).
 */
#include "config.h"

#include "referee/model_drops.h"

/* Whether the drops pend[n..n + 2) begin next move `x`'s sowing (after
 * its hand's shadow on the place lifted, or not). */
static int begins(const struct drops *d, int n, const struct sense_expect *x)
{
	int left = d->npend - n, k = 0;

	if (left >= 3 && d->pend[n] == x->origin)
		k = 1;		/* the shadow of the lift */
	return x->npath >= 2 && left >= k + 2 &&
	       d->pend[n + k] == x->path[0] && d->pend[n + k + 1] == x->path[1];
}

int drops_sown_on(struct drops *d, const struct reading *g, int n)
{
	const struct sense_expect *next;
	int nnext, seat;

	if (g->mis != MIS_SHORT || g->at != 1 || g->base != g->move ||
	    d->npend - n < 2)
		return 0;
	next = drops_next(d, g->move, &nnext, &seat);
	if (nnext <= 0 || seat != ref_mover(d->ref))
		return 0;
	for (int f = 0; f < nnext; f++)
		if (begins(d, n, &next[f]))
			return 1;
	return 0;
}
