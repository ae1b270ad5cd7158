/*
 * model_drops_hand.c - how long a hand that still holds pieces may
 * pause, and whose hand a drop after that pause is. On a table whose
 * players press the turn button, with drops alone, on a board none of
 * whose gates has missed a pulse (a seed not sensed is one not sown),
 * the drops so far are the hand's sowing under way or pieces left
 * behind, and the mover's button or the hand's next drop tells which:
 * a pause, however long a person makes it, is no sign of either, so
 * the referee waits as long as a person may stop to talk
 * (DROPS_HAND_AWAY quiet periods). Elsewhere a missed last pulse reads
 * the same, and two quiet periods end the sowing.
 *
 * While that long wait is in force the next player, seeing the hand
 * stopped, may begin their own move: a drop later than two quiet
 * periods after the last, where a move of the next player begins, is
 * their hand's, and the drops before it are judged first, as they
 * would have been at two quiet periods.
 */
#include "config.h"

#include "referee/model_drops.h"

uint64_t drops_hand_pause(const struct referee *ref, const struct drops *d)
{
	if (ref->buttons_seen && !ref_counts_read(ref) && d->board_clean)
		return DROPS_HAND_AWAY * ref->cfg.quiet_us;
	return 2 * ref->cfg.quiet_us;
}

int drops_next_begins_at(struct drops *d, int e, int hole)
{
	const struct sense_expect *next;
	int nnext, seat;

	next = drops_next(d, e, &nnext, &seat);
	return nnext > 0 && seat != ref_mover(d->ref) &&
	       drops_move_begins(next, nnext, hole);
}

int drops_other_hand(struct drops *d, int hole, uint64_t t)
{
	struct referee *ref = d->ref;

	/* (only the drops of a sowing begun, waited on past two quiet
	 * periods because the board is trusted) */
	if (d->npend == 0 || d->whole ||
	    t < d->last_drop_us + 2 * ref->cfg.quiet_us ||
	    drops_hand_pause(ref, d) <= 2 * ref->cfg.quiet_us ||
	    !(d->min_prefix < MATCH_COST_SHADOW &&
	      d->min_prefix + DROPS_MARGIN <= d->best_sown))
		return 0;
	for (int e = 0; e < d->nexpect; e++)
		if (d->result[e].prefix_cost == d->min_prefix &&
		    drops_next_begins_at(d, e, hole))
			return 1;
	return 0;
}
