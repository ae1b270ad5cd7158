/*
 * model_drops_outturn.c - drops followed by the other player's button
 * while the mover moves again. That button says the other player moved:
 * out of turn. The mover may have said as much before the drops (their
 * own button, pressed after the move that moves them again: their turn
 * was over, they thought). The drops are the mover's move only as far
 * as they fit it. The other player's sowing begins in a place of their
 * own, so read as the mover's move its first pieces are unseen (a gate
 * missed them): when the mover's move that fits best needs that, and
 * faults ten times less likely than not in all, with no pulse over
 * after its own last drop, the move is not taken on them: it is held,
 * naming both players and what to check: the mover's move confirmed,
 * or, the other player's, rejected and the board restored. The
 * arbiter alone decides: the other player's button, which would
 * confirm a held move, is the one in doubt. Drops that fit the mover's
 * move as they came, or that begin where it begins, are the mover's;
 * so are drops it reads with pulses over after its last one (the
 * mover's move made, the other player's begun after it), and drops
 * whose first pulse is not where a move of the other player begins
 * (its place lifted or its first piece). Those are judged as before.
 * With a count source, the counts tell.
 */
#include "config.h"

#include <stdio.h>

#include "referee/model_drops.h"
#include "referee/referee_impl.h"

/* What move `e`'s reading of pend[0..n) costs without the pulses it
 * takes as extra after its own last drop: those of a sowing begun after
 * it. */
static int cost_within(const struct drops *d, int e, int n)
{
	const struct match_result *r = &d->result[e];
	int last = -1, cost = r->cost;

	for (int i = 0; i < n; i++) {
		int extra = 0;

		for (int k = 0; k < r->ndev; k++)
			extra |= r->dev[k].step == STEP_EXTRA &&
				 r->dev[k].at == i;
		if (!extra)
			last = i;
	}
	for (int k = 0; k < r->ndev; k++)
		if (r->dev[k].step == STEP_EXTRA && r->dev[k].at > last)
			cost -= r->dev[k].cost;
	return cost;
}

/* Whether move `e`'s reading has its first pieces unseen: a miss
 * before the first drop it reads as its own. */
static int begins_unseen(const struct drops *d, int e)
{
	const struct match_result *r = &d->result[e];

	for (int k = 0; k < r->ndev; k++)
		if (r->dev[k].step == STEP_MISS && r->dev[k].index == 1)
			return 1;
	return 0;
}

/* Whether a move of `seat` begins at `hole` (its place lifted or its
 * first piece). The rules give the moves of the player to move only:
 * those of `seat` after each move of the mover that passes the turn
 * stand for theirs now (the mover's move adds to their places, and
 * takes from them by capture alone). */
static int theirs_begin(struct drops *d, int seat, int hole)
{
	const struct sense_expect *next;
	int nnext, next_seat;

	for (int e = 0; e < d->nexpect; e++) {
		next = drops_next(d, e, &nnext, &next_seat);
		if (nnext > 0 && next_seat == seat &&
		    drops_move_begins(next, nnext, hole))
			return 1;
	}
	return 0;
}

int drops_out_of_turn(struct drops *d, int seat)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS }, scratch = {
		.cause = CAUSE_AMBIGUOUS };
	const struct match_result *r;
	const char *before;
	char why[400], fit[240] = "", ask[80];
	int best;

	if (ref->state != REF_PLAY || d->npend == 0 || seat < 0 ||
	    seat == ref_mover(ref) || ref_counts_read(ref) ||
	    (before = ref_moves_again(ref)) == NULL)
		return 0;
	drops_evaluate(d, d->npend, 1);
	best = drops_cheapest(d);
	/* (no move fits: the judge's foul names the drops) */
	if (best < 0 || d->result[best].cost >= DROPS_FOUL_AT ||
	    d->result[best].ndev == MATCH_DEVIATIONS_MAX ||
	    d->result[best].cost < DROPS_MARGIN_EXACT ||
	    !begins_unseen(d, best) ||
	    cost_within(d, best, d->npend) < d->result[best].cost ||
	    !theirs_begin(d, seat, d->pend[0]))
		return 0;
	r = &d->result[best];
	ref_about_place(&about, d->expect[best].origin);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d out-of-turn=%s decided=hold",
		 d->expect[best].text, r->cost / 10, r->cost % 10,
		 rules_seat_name(ref->game->ops, seat));
	drops_describe(d, &d->expect[best], r, 0, fit, sizeof(fit), &scratch);
	snprintf(why, sizeof(why), "%s moves again after %s%s, yet %s "
		 "pressed the button after these drops: a move of %s out of "
		 "turn? The drops fit %s only with %s", ref_mover_name(ref),
		 before, d->again_pressed == ref->ply + 1 ?
		 " (though their button said the turn was over)" : "",
		 rules_seat_name(ref->game->ops, seat),
		 rules_seat_name(ref->game->ops, seat), d->expect[best].text,
		 fit[0] ? fit : "sensor faults");
	snprintf(ask, sizeof(ask), " \xe2\x80\x94 confirm %s's move, or "
		 "reject and restore the board", ref_mover_name(ref));
	drops_hold(d, best, why, &about, ask);
	ref->held_arbiter = 1;
	return 1;
}
