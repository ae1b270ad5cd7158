/*
 * model_drops_late.c - the drop-sequence model once a held move is
 * confirmed: the first drops kept while it was held that fall, in
 * order, in the places its reading left unsensed at the end of its path
 * are its own last pieces, fallen late (the board the arbiter confirmed
 * has them), not the next move's.
 */
#include "config.h"

#include <string.h>

#include "referee/model_drops.h"

/* Whether a reading of the next move (the position after the held
 * move, confirmed) begins with the first `n` drops kept: then they are
 * that move's first drops, sooner than its last pieces fallen late. */
static int next_begins_with(const struct drops *d, int n)
{
	for (int x = 0; x < d->nexpect; x++)
		if (d->expect[x].npath >= n &&
		    memcmp(d->expect[x].path, d->queue, (size_t)n) == 0)
			return 1;
	return 0;
}

/* Whether deviation `v` reads the piece at place `index` of move `e`'s
 * path as unsensed: missed, or rolled into the place lifted (a pulse
 * there is the hand's shadow; the piece may yet fall). */
static int unsensed_at(const struct sense_expect *e,
		       const struct match_deviation *v, int index)
{
	return v->index == index &&
	       (v->step == STEP_MISS ||
		(v->step == STEP_ROLL && v->sensed == e->origin));
}

/*
 * The held move, confirmed, was read with its last places unsensed
 * (missed, or rolled into the place lifted); the first drops kept while
 * it was held fall in those places, in order: they are its last pieces,
 * late (the board the arbiter confirmed has them), not the next move,
 * unless they came later than DROPS_REACH_US after its last drop, the
 * game goes on, and a reading of the next move begins with them (after
 * a move that ended the game, the moves expected are still those of the
 * position before it: none is next). They leave the queue, their misses
 * the reading, and a roll into the place lifted is read as the hand's
 * shadow there. Returns how many drops were its own.
 */
int drops_late_own(struct drops *d)
{
	const struct sense_expect *e = &d->held_e;
	struct match_result *r = &d->held_r;
	int first = e->npath, own = 0, k = 0;

	/* The run of unsensed places that ends the path: from `first`. */
	for (int again = 1; again && first > 0;) {
		again = 0;
		for (int i = 0; i < r->ndev; i++)
			if (unsensed_at(e, &r->dev[i], first)) {
				first--;
				again = 1;
				break;
			}
	}
	while (own < d->nqueue && first + own < e->npath &&
	       d->queue[own] == e->path[first + own])
		own++;
	/* Soon after its last drop, a hand's own; later, and a reading of
	 * the next move begins with them, the next player's. */
	if (own == 0 || (d->queue_t[0] > d->held_end_us + DROPS_REACH_US &&
			 d->ref->state == REF_PLAY && next_begins_with(d, own)))
		return 0;
	for (int i = 0; i < r->ndev; i++) {
		struct match_deviation *v = &r->dev[i];

		if (v->index <= first || v->index > first + own ||
		    !unsensed_at(e, v, v->index)) {
			r->dev[k++] = *v;
		} else if (v->step == STEP_ROLL) {
			v->step = STEP_EXTRA;
			v->index = 0;
			v->expected = -1;
			r->dev[k++] = *v;
		}
	}
	r->ndev = k;
	d->nqueue -= own;
	memmove(d->queue, d->queue + own, (size_t)d->nqueue);
	memmove(d->queue_t, d->queue_t + own,
		(size_t)d->nqueue * sizeof(d->queue_t[0]));
	return own;
}
