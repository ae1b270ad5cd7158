/*
 * model_drops_near.c - counts one off a legal move's board (the count
 * source misread a place, or something else was done) and as near the
 * board of another reading of the same drops: a misplay (a piece left
 * behind, two in one place, a place passed over, the wrong way round),
 * or the move and the next player's begun at once after it. The counts,
 * which else settle the board exactly, tell the two apart no more: the
 * move is taken only when its drops refute the other reading a hundred
 * to one, the misplay's rarity left out (the counts are what catches a
 * misplay; here they cannot).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/model_drops.h"

/* The next player's move begun at once after the mover's, both read
 * from pend[0..n), leaves a board within one place of `seen`: 1 with
 * the split in `two`, its words in `what`. */
static int split_near(struct drops *d, int n, const int *seen,
		      struct drops_split *two, char *what, size_t len)
{
	struct referee *ref = d->ref;
	const struct rules *ops = ref->game->ops;
	const struct sense_expect *next;
	int values[SENSE_HOLES_MAX], nnext, seat, far = MATCH_FAR;
	struct rules_outcome out;

	if (!drops_split(d, n, two))
		return 0;
	next = drops_next(d, two->move, &nnext, &seat);
	if (nnext <= two->next)
		return 0;
	memcpy(ref->scratch, ref_pos_const(ref), ref->pos_size);
	if (ops->apply(ref->game, ref->scratch, &d->expect[two->move].move,
		       &out, NULL, 0) < 0)
		return 0;
	/* (a next move that ends the game: its board before the sweep
	 * too, as the counts may see it) */
	if (ref->sense->unswept != NULL && next[two->next].ends) {
		ref->sense->unswept(ref->game, ref->scratch,
				    &next[two->next].move, values);
		far = ref_seen_distance(ref, values, seen);
	}
	if (ops->apply(ref->game, ref->scratch, &next[two->next].move, &out,
		       NULL, 0) < 0)
		return 0;
	ref->sense->counts(ref->game, ref->scratch, values);
	if (ref_seen_distance(ref, values, seen) > 1 && far > 1)
		return 0;
	snprintf(what, len, "%s's %s and %s's %s begun at once after it",
		 rules_seat_name(ops, ref_mover(ref)),
		 d->expect[two->move].text, rules_seat_name(ops, two->seat),
		 next[two->next].text);
	return 1;
}

int drops_near_rival(struct drops *d, int best, int n, const int *seen)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	int legal[SENSE_HOLES_MAX], cost = d->result[best].cost, other;
	char what[200], differ[200], why[600];
	struct drops_split two;
	struct reading g;

	if (!drops_after(d, &d->expect[best], legal))
		return 0;
	drops_evaluate(d, n, 1);
	drops_read_near(d, best, n, seen, &g);
	if (g.base >= 0 && g.illegal - DROPS_MISPLAY < cost +
	    DROPS_MARGIN_FOUL) {
		other = g.illegal - DROPS_MISPLAY;
		drops_misplay_words(d, g.mis, &d->expect[g.base], g.at, 0,
				    what, sizeof(what));
	} else if (split_near(d, n, seen, &two, what, sizeof(what)) &&
		   two.cost < cost + DROPS_MARGIN_FOUL) {
		other = two.cost;
		for (int i = two.first_next; i < n; i++)
			ref_about_place(&about, d->pend[i]);
	} else {
		return 0;
	}
	drops_evaluate(d, n, 1);
	ref_disagreement(d->ref, seen, legal, differ, sizeof(differ), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d rival=%d.%d counts=near decided=hold",
		 d->expect[best].text, cost / 10, cost % 10, other / 10,
		 other % 10);
	snprintf(why, sizeof(why), "the counts are one off %s's board (%s), "
		 "and as near the board of another reading of its drops: %s",
		 d->expect[best].text, differ, what);
	drops_hold(d, best, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}
