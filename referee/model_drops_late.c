/*
 * model_drops_late.c - the drop-sequence model once a held move is
 * confirmed: the first drops kept while it was held that fall, in
 * order, in the places its reading left unsensed at the end of its path
 * are its own last pieces, fallen late (the board the arbiter confirmed
 * has them), not the next move's; one in the last place of its sowing,
 * whose piece its reading put elsewhere, may be that piece.
 */
#include "config.h"

#include <stdio.h>
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

/* The held move's reading put the piece of its last place elsewhere
 * (sensed next door, or as a second pulse in the place before): a first
 * kept drop in that last place may be that piece, fallen late, and the
 * move it spells alone is not taken on it (`late_doubt`). */
static void doubt_last(struct drops *d)
{
	const struct sense_expect *e = &d->held_e;
	const struct match_result *r = &d->held_r;

	if (d->nqueue == 0 || e->npath == 0 || d->ref->state != REF_PLAY ||
	    d->queue[0] != e->path[e->npath - 1])
		return;
	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].index == e->npath &&
		    r->dev[i].step == STEP_ROLL) {
			d->late_doubt = 1;
			d->late_doubt_us = d->queue_t[0];
			snprintf(d->late_text, sizeof(d->late_text), "%s",
				 e->text);
			return;
		}
}

/*
 * The held move, confirmed, was read with its last places unsensed
 * (missed, or rolled into the place lifted); the first drops kept while
 * it was held fall in those places, in order: they are its last pieces,
 * late (the board the arbiter confirmed has them), not the next move,
 * unless they came later than DROPS_REACH_US after its last drop, the
 * game goes on, and a reading of the next move begins with them (after
 * a move that ended the game, the moves expected are still those of the
 * position before it: none is next); then they are in doubt
 * (`late_doubt`: the move they spell is not taken on them alone). A
 * button of the held move's mover after them does not settle it: a
 * button forgotten is pressed seconds late as well. They leave the
 * queue, their misses the reading, and a roll into the place lifted is
 * read as the hand's shadow there. Returns how many drops were its own.
 */
int drops_late_own(struct drops *d)
{
	const struct sense_expect *e = &d->held_e;
	struct match_result *r = &d->held_r;
	int first = e->npath, own = 0, k = 0;

	d->late_doubt = 0;

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
	if (own == 0) {
		doubt_last(d);
		return 0;
	}
	if (d->queue_t[0] > d->held_end_us + DROPS_REACH_US &&
	    d->ref->state == REF_PLAY && next_begins_with(d, own)) {
		d->late_doubt = own;
		d->late_doubt_us = d->queue_t[0];
		snprintf(d->late_text, sizeof(d->late_text), "%s", e->text);
		return 0;
	}
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

int drops_late_doubt_hold(struct drops *d, int e, int n)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	const struct sense_expect *x = &d->expect[e];
	struct referee *ref = d->ref;
	int after[SENSE_HOLES_MAX], doubt = d->late_doubt;
	char why[300], places[96] = "";

	if (doubt == 0)
		return 0;
	d->late_doubt = 0;
	if (ref_counts_read(ref) || n == 0 || n > doubt ||
	    d->pend_t[0] != d->late_doubt_us)
		return 0;
	ref_about_place(&about, x->origin);
	for (int i = 0; i < n; i++)
		if (i == 0 || d->pend[i] != d->pend[i - 1]) {
			ref_about_place(&about, d->pend[i]);
			ref_append(places, sizeof(places), "%s%s",
				   places[0] ? " " : "",
				   ref_hole_name(ref, d->pend[i]));
		}
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d late=%s:%d decided=hold", x->text,
		 d->result[e].cost / 10, d->result[e].cost % 10, d->late_text,
		 n);
	if (n == 1)
		snprintf(why, sizeof(why), "the drop %s is %s, or the last "
			 "%s of %s fallen late", places, x->text,
			 ref_words(ref)->piece, d->late_text);
	else
		snprintf(why, sizeof(why), "the drops %s are %s, or the last "
			 "%s of %s fallen late", places, x->text,
			 ref_words(ref)->pieces, d->late_text);
	if (drops_after(d, x, after) && after[x->origin] == 0)
		ref_append(why, sizeof(why), ": %s %s should now be empty",
			   ref_hole_word(ref, x->origin),
			   ref_hole_name(ref, x->origin));
	else if (drops_after(d, x, after))
		ref_append(why, sizeof(why), ": %s %s should now hold %d",
			   ref_hole_word(ref, x->origin),
			   ref_hole_name(ref, x->origin), after[x->origin]);
	drops_hold(d, e, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}
