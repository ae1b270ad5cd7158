/*
 * model_drops_amid.c - the drop-sequence model and one pulse of the
 * next player's sowing among the mover's last drops. The mover's move
 * reads every drop but one, and that one came after the move's last
 * drop but one and before its last, away from the move's own places,
 * where a sowing of the next player drops its first piece (a sowing of
 * one piece is all of it): the next player began before the mover's
 * last piece fell, or a stray pulse fell there. So too one such pulse
 * just before the mover's first drop, when its sowing was quick (one
 * piece, or a few let go fast): the next player's hand was already over
 * the board. A hand that sows puts its pieces down in order along its
 * path, so the pulse is no piece of the mover's; strays are rare, and
 * land there seldom. The move is held, naming both players and the
 * drops of each, for the table to check: taken with a warning, the next
 * player's overlapping sowing would get no verdict at all.
 */
#include "config.h"

#include "referee/model_drops.h"

/* The next player begins at most this long before the mover's last
 * piece falls: they wait for the sowing to come to its end. */
#define AMID_EARLY_US 1000000

/* Pulse `h` could be a piece of move `e` that rolled next door from a
 * place whose pulse the reading missed. */
static int rolled(const struct drops *d, const struct match_result *r, int h)
{
	int n = d->ref->nholes;

	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].step == STEP_MISS && r->dev[i].expected >= 0 &&
		    d->board.adjacent[r->dev[i].expected * n + h])
			return 1;
	return 0;
}

/* The one pulse move `e`'s reading of pend[0..n) leaves over away from
 * the move's own places: its index, or -1 when there is none or more
 * than one. The reading's other faults (pieces unseen, swapped or
 * rolled, bounces and late pulses on its own places, its shadow at the
 * lift) are the mover's, whoever made that pulse. */
static int lone_extra(const struct drops *d, int e, int n)
{
	const struct match_result *r = &d->result[e];
	const struct sense_expect *x = &d->expect[e];
	int at = -1;

	if (r->ndev >= MATCH_DEVIATIONS_MAX)
		return -1;
	for (int i = 0; i < r->ndev; i++) {
		const struct match_deviation *v = &r->dev[i];

		if (v->step != STEP_EXTRA || drops_is_shadow(x, r, v) ||
		    (v->at >= 0 && v->at < n &&
		     drops_own_place(x, d->pend[v->at])))
			continue;
		if (at >= 0 || v->at < 0 || v->at >= n ||
		    rolled(d, r, d->pend[v->at]))
			return -1;
		at = v->at;
	}
	return at;
}

/* The pulse at `at`, amid the mover's last drops: after it, the move's
 * last drop alone (its pulses in one place: a bounce, pieces carried in
 * by the handful), the last of its path (before the pieces a capture
 * carries, the hand lifts them from across the board: its shadow
 * there), soon enough for the next player to have begun before it
 * fell. */
static int amid_last(const struct drops *d, int n, int e, int at)
{
	const struct sense_expect *x = &d->expect[e];

	if (n < 3 || at >= n - 1 || x->npath == 0 ||
	    d->pend[at + 1] != x->path[x->npath - 1] ||
	    d->pend_t[at + 1] - d->pend_t[at] > AMID_EARLY_US)
		return 0;
	for (int i = at + 2; i < n; i++)
		if (d->pend[i] != d->pend[at + 1])
			return 0;
	return 1;
}

/* The pulse before the mover's first drop: the next player's hand,
 * begun before the mover's last piece fell (a fast sowing, or one of a
 * single piece), when the move's last drop came soon enough after it.
 * Not on a place the mover could have lifted: a pulse there is read as
 * the shadow of another lift (a misplay of the mover's own). Nor soon
 * after the move before ended: the mover had to see it end and lift
 * before the next player could begin (half of DROPS_REACH_US at the
 * least); a pulse sooner is one left over from that move. */
static int amid_first(const struct drops *d, int n)
{
	/* (a pulse before the first drop costs the move more than an
	 * extra: the overlap must be clearly likelier than that) */
	if (n < 2 || d->pend_t[n - 1] - d->pend_t[0] > AMID_EARLY_US ||
	    (d->ended_us != 0 &&
	     d->pend_t[0] < d->ended_us + DROPS_REACH_US / 2) ||
	    DROPS_COST_OVERLAP + DROPS_MARGIN > d->board.extra[d->pend[0]] +
						  MATCH_COST_LEAD)
		return 0;
	for (int f = 0; f < d->nexpect; f++)
		if (d->expect[f].origin == d->pend[0])
			return 0;
	return 1;
}

int drops_split_amid(struct drops *d, int n, int e, struct drops_split *s)
{
	const struct sense_expect *next;
	int nnext, seat, at;

	if (n < 2 || (at = lone_extra(d, e, n)) < 0 ||
	    drops_own_place(&d->expect[e], d->pend[at]))
		return 0;
	/* A line that often pulses on its own: a stray, clearly likelier
	 * than a misplay. */
	if (d->board.extra[d->pend[at]] + DROPS_MARGIN <= DROPS_COST_OVERLAP)
		return 0;
	if (at == 0 ? !amid_first(d, n) : !amid_last(d, n, e, at))
		return 0;

	next = drops_next(d, e, &nnext, &seat);
	if (nnext <= 0 || seat == ref_mover(d->ref))
		return 0;
	for (int f = 0; f < nnext; f++)
		if (next[f].npath > 0 && next[f].path[0] == d->pend[at]) {
			drops_split_one(s, e, f, seat, at, DROPS_COST_OVERLAP);
			s->interleaved = 1;
			return 1;
		}
	return 0;
}
