/*
 * model_drops_rival.c - a move about to be taken on drops alone that
 * another legal move explains nearly as well. A pulse on the place
 * lifted as the hand takes the pieces (its shadow) makes a move's drops
 * those of the move from the place before it with one piece more; a
 * first piece the gate missed makes them those of the move from the
 * place after it with one piece less. Where the board shows such faults
 * often, the rival is not ten times less likely than the exact reading,
 * and a move taken that was not made is worse than a move held: the
 * move is held, naming both places and what the one taken leaves in
 * each. With a count source the counts tell them apart.
 */
#include "config.h"

#include <stdio.h>

#include "referee/model_drops.h"
#include "referee/referee_impl.h"

/* Whether move `f`'s reading differs from its own drops only at its
 * beginning: the hand's shadow on the place lifted, or its first piece
 * not sensed by a line that works (nothing carried in short). */
static int first_drop_only(const struct drops *d, int f)
{
	const struct match_result *r = &d->result[f];

	if (r->ndev == 0 || r->tail_cost > 0 || r->free_misses > 0 ||
	    r->ndev == MATCH_DEVIATIONS_MAX)
		return 0;
	for (int i = 0; i < r->ndev; i++)
		if (!drops_is_shadow(&d->expect[f], r, &r->dev[i]) &&
		    !(r->dev[i].step == STEP_MISS && r->dev[i].index == 1))
			return 0;
	return 1;
}

/* The legal move other than `e` that fits pend[0..n) best, within
 * DROPS_MARGIN_EXACT of `e`'s cost, read with a fault at its beginning
 * alone: its index, or -1. A place sensed lifted says where the hand
 * took its pieces: no rival then. */
static int rival_of(const struct drops *d, int e)
{
	int best = -1, bar = d->result[e].cost + DROPS_MARGIN_EXACT;

	if (d->lifted >= 0)
		return -1;

	for (int f = 0; f < d->nexpect; f++)
		if (f != e && d->expect[f].origin != d->expect[e].origin &&
		    d->result[f].cost < bar && first_drop_only(d, f) &&
		    (best < 0 || d->result[f].cost < d->result[best].cost))
			best = f;
	return best;
}

int drops_rival_hold(struct drops *d, int e, int n)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS }, scratch = {
		.cause = CAUSE_AMBIGUOUS };
	const struct match_result *r = &d->result[e], *q;
	char why[400], fit[200] = "", check[160];
	int f;

	(void)n;
	if (ref_counts_read(d->ref) || (f = rival_of(d, e)) < 0)
		return 0;
	q = &d->result[f];
	ref_about_place(&about, d->expect[e].origin);
	ref_about_place(&about, d->expect[f].origin);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d rival=%s:%d.%d decided=hold",
		 d->expect[e].text, r->cost / 10, r->cost % 10,
		 d->expect[f].text, q->cost / 10, q->cost % 10);
	for (int i = 0; i < q->ndev; i++)
		if (drops_is_shadow(&d->expect[f], q, &q->dev[i]))
			ref_append(fit, sizeof(fit), "a pulse on %s %s as the "
				   "hand lifted its %s",
				   ref_hole_word(d->ref, d->expect[f].origin),
				   ref_hole_name(d->ref, d->expect[f].origin),
				   ref_words(d->ref)->pieces);
	drops_describe(d, &d->expect[f], q, 0, fit, sizeof(fit), &scratch);
	drops_origins_check(d, e, f, check, sizeof(check));
	snprintf(why, sizeof(why), "the drops fit %s, or nearly as well %s%s%s%s",
		 d->expect[e].text, d->expect[f].text, fit[0] ? " (" : "",
		 fit, fit[0] ? ")" : "");
	ref_append(why, sizeof(why), "%s", check);
	drops_hold(d, e, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}
