/*
 * model_drops_end.c - the drop-sequence model after a move that ended
 * the game: what else was sensed is play after the end. A pulse its
 * reading took as extra after the last drop it read as the move's own
 * (or when it read none so: every one of its pieces unseen), away from
 * its origin and later than a hand can begin again, and the drops kept while it was
 * held (but for its own pieces carried in late, the final sweep) fell
 * on a board whose game was over; they get the foul for play after the
 * end, whatever move of a game going on they resemble. After a held
 * move that did not end the game and was read with none of its pieces,
 * such pulses are read again with what came after.
 */
#include "config.h"

#include <string.h>

#include "referee/model_drops.h"

/* Whether drop `i` of reading `r` was read as an extra pulse. */
static int read_extra(const struct match_result *r, int i)
{
	for (int k = 0; k < r->ndev; k++)
		if (r->dev[k].step == STEP_EXTRA && r->dev[k].at == i)
			return 1;
	return 0;
}

/* The first pulse that move `x`'s reading `r` of pend[0..n) took as
 * extra after the last drop it read as the move's own, not on its
 * origin (the lift's shadow), and later after that drop than a hand
 * can lift pieces again and let one go (DROPS_REACH_US; sooner, it is
 * a bounce, a roll or a stray of the move's own): its index in pend,
 * or -1. */
static int trailing_at(const struct drops *d, const struct sense_expect *x,
		       const struct match_result *r, int n)
{
	int last = -1;

	for (int i = 0; i < n; i++)
		if (!read_extra(r, i))
			last = i;
	for (int i = last + 1; i < n; i++)
		if (read_extra(r, i) && d->pend[i] != x->origin &&
		    (last < 0 ||
		     d->pend_t[i] - d->pend_t[last] >= DROPS_REACH_US))
			return i;
	return -1;
}

/* That pulse's place, or -1. */
static int first_trailing(const struct drops *d, const struct sense_expect *x,
			  const struct match_result *r, int n)
{
	int i = trailing_at(d, x, r, n);

	return i < 0 ? -1 : d->pend[i];
}

/* The drops the held move was read from: pend up to its last drop. */
static int held_drops(const struct drops *d)
{
	int n = 0;

	if (d->held_end_us == 0)
		return 0;
	while (n < MATCH_OBS_MAX && d->pend_t[n] <= d->held_end_us &&
	       (n == 0 || d->pend_t[n] >= d->pend_t[n - 1]))
		n++;
	return n;
}

/* A pulse the held reading read as an extra, none of its pieces: every
 * piece of the move went unseen, and the pulse is away from its origin
 * (a pulse there is the hand's shadow at the lift). The place, or -1. */
static int stray_of_unseen(const struct drops *d)
{
	const struct sense_expect *e = &d->held_e;
	const struct match_result *r = &d->held_r;

	if (r->matched > 0 || r->tail_sensed > 0)
		return -1;
	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].step == STEP_EXTRA && r->dev[i].sensed >= 0 &&
		    r->dev[i].sensed != e->origin)
			return r->dev[i].sensed;
	return -1;
}

/* The first drop kept that is not one of the move's pieces carried in
 * late (its tail: the final sweep); -1 when none is. */
static int kept_after(const struct drops *d, int own)
{
	struct referee *ref = d->ref;
	uint8_t late[SENSE_HOLES_MAX];

	memset(late, 0, sizeof(late));
	for (int h = 0; own && h < ref->nholes && h < SENSE_HOLES_MAX; h++)
		late[h] = d->held_e.tail[h];
	for (int i = 0; i < d->nqueue; i++) {
		if (late[d->queue[i]] == 0)
			return d->queue[i];
		late[d->queue[i]]--;
	}
	return -1;
}

int drops_end_confirmed(struct drops *d, int own)
{
	struct referee *ref = d->ref;
	int hole;

	if (ref->state != REF_IDLE || !ref->in_game)
		return 0;
	hole = own ? stray_of_unseen(d) : -1;
	if (hole < 0 && own)
		hole = first_trailing(d, &d->held_e, &d->held_r,
				      held_drops(d));
	if (hole < 0)
		hole = kept_after(d, own);
	d->held_ply = 0;
	d->nqueue = 0;
	d->nkept_buttons = 0;
	if (hole < 0)
		return 0;
	drops_end_foul(d, hole);
	return 1;
}

/* Whether the held reading took pulse `x` as extra, away from the
 * move's origin: with none of its pieces sensed, read again. */
static int read_again(const struct drops *d, const struct match_deviation *x)
{
	return x->step == STEP_EXTRA && x->sensed >= 0 &&
	       x->sensed != d->held_e.origin && x->at >= 0 &&
	       x->at < MATCH_OBS_MAX && d->pend[x->at] == x->sensed;
}

void drops_held_own(const struct drops *d, struct match_result *own)
{
	const struct referee *ref = d->ref;
	const struct match_result *r = &d->held_r;
	int unseen = stray_of_unseen(d) >= 0, from = -1, k = 0;

	if (!unseen && ref->state == REF_IDLE && ref->in_game)
		from = trailing_at(d, &d->held_e, r, held_drops(d));
	*own = *r;
	for (int i = 0; i < r->ndev; i++) {
		const struct match_deviation *x = &r->dev[i];

		if ((unseen && read_again(d, x)) ||
		    (from >= 0 && x->step == STEP_EXTRA && x->at >= from))
			continue;
		own->dev[k++] = *x;
	}
	own->ndev = k;
}

/* The pulses the held reading took as extras, none of its pieces (see
 * stray_of_unseen()), put before the drops kept: read again with what
 * came after. */
void drops_unmatched_requeue(struct drops *d)
{
	const struct match_result *r = &d->held_r;
	uint8_t back[MATCH_OBS_MAX];
	uint64_t back_t[MATCH_OBS_MAX];
	int n = 0;

	if (stray_of_unseen(d) < 0)
		return;
	for (int i = 0; i < r->ndev; i++) {
		const struct match_deviation *x = &r->dev[i];

		if (!read_again(d, x) || d->nqueue + n >= MATCH_OBS_MAX)
			continue;
		back[n] = (uint8_t)x->sensed;
		back_t[n++] = d->pend_t[x->at];
	}
	if (n == 0)
		return;
	memmove(d->queue + n, d->queue, (size_t)d->nqueue);
	memmove(d->queue_t + n, d->queue_t,
		(size_t)d->nqueue * sizeof(d->queue_t[0]));
	memcpy(d->queue, back, (size_t)n);
	memcpy(d->queue_t, back_t, (size_t)n * sizeof(back_t[0]));
	d->nqueue += n;
}

void drops_end_taken(struct drops *d, const struct sense_expect *x,
		     const struct match_result *r, int n)
{
	struct referee *ref = d->ref;
	int hole;

	if (ref->state != REF_IDLE || !ref->in_game)
		return;
	hole = first_trailing(d, x, r, n);
	if (hole >= 0)
		drops_end_foul(d, hole);
}
