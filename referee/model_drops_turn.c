/*
 * model_drops_turn.c - the drop-sequence model and the other player's
 * button. While the mover moves again after an extra-turn move, the
 * other player pressing their own button, with nothing sensed since,
 * says a move of theirs is made: out of turn, every piece of it unseen
 * (a seed into their own store on a gate that missed it, say). Nothing
 * else makes that button; it gets a foul naming both players, as drops
 * of a move out of turn do, not silence. After a move that passed the
 * turn, the other player's button is a second press of their own, and
 * says nothing; beside a count source, the counts tell.
 *
 * The other player's button with drops pending: their button says they
 * moved. When the mover's move reads the drops with pulses over after
 * its own last drop (away from its own places, and later than a hand
 * can begin after that drop), those pulses are the other player's move
 * begun: the mover's move is judged without them, as passing the turn,
 * and theirs is judged at their button (a wrong-way sowing fouled as
 * such). Read as extra pulses of the mover's move, the other player's
 * sowing got no verdict at all. Begun sooner than a hand can, it is an
 * overlap only where a move of theirs begins (its lift or its first
 * piece); pulses of theirs among the mover's own drops are left to the
 * exact parting of interleaved sowings; and once the mover, moving
 * again, pressed their own button, the drops are no move of theirs.
 */
#include "config.h"

#include <string.h>

#include "referee/model_drops.h"

int drops_turn_button(struct drops *d, int seat)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_BUTTON_ALONE };
	const char *before;

	/* (with a count source, the counts tell) */
	if (ref->state != REF_PLAY || d->npend > 0 || seat < 0 ||
	    seat == ref_mover(ref) || ref_counts_read(ref))
		return 0;
	before = ref_moves_again(ref);
	if (before == NULL)
		return 0;
	ref_say_about(ref, VERDICT_FOUL, &about, ref->ply + 1, NULL,
		      "%s pressed the button, but %s moves again after %s and "
		      "no %s was sensed: a move out of turn? restore the board",
		      rules_seat_name(ref->game->ops, seat),
		      ref_mover_name(ref), before, ref_words(ref)->piece);
	ref_await_restore(ref);
	return 1;
}

/* Whether move `e`'s reading took pulse `i` of pend as extra. */
static int read_extra(const struct drops *d, int e, int i)
{
	const struct match_result *r = &d->result[e];

	for (int k = 0; k < r->ndev; k++)
		if (r->dev[k].step == STEP_EXTRA && r->dev[k].at == i)
			return 1;
	return 0;
}

/* The first of the pulses move `e`'s reading of pend[0..n) leaves over
 * after its own last drop, each away from its places: its index, or
 * -1. */
static int left_after(const struct drops *d, int e, int n)
{
	int last = -1;

	if (d->result[e].ndev >= MATCH_DEVIATIONS_MAX)
		return -1;
	for (int i = 0; i < n; i++)
		if (!read_extra(d, e, i))
			last = i;
	if (last < 0 || last == n - 1)
		return -1;
	/* A pulse away from its places among its own drops: the sowings
	 * interleave, which the exact parting reads (drops_split()). */
	for (int i = 0; i < last; i++)
		if (read_extra(d, e, i) &&
		    !drops_own_place(&d->expect[e], d->pend[i]))
			return -1;
	for (int i = last + 1; i < n; i++)
		if (drops_own_place(&d->expect[e], d->pend[i]))
			return -1;
	return last + 1;
}

int drops_turn_pending(struct drops *d, int seat)
{
	struct referee *ref = d->ref;
	const struct sense_expect *next;
	struct drops_split s;
	int best, from, nnext, next_seat, soon;

	if (ref->state != REF_PLAY || d->npend < 2 || seat < 0 ||
	    seat == ref_mover(ref) || ref_counts_read(ref))
		return 0;
	/* The mover moving again said their turn was over (their button
	 * after the move that moves them again): the drops since are not
	 * a move of theirs ending where the other player's begins, but the
	 * other player's alone, out of turn. */
	if (d->again_pressed == ref->ply + 1)
		return 0;
	drops_evaluate(d, d->npend, 1);
	best = drops_cheapest(d);
	if (best < 0 || (from = left_after(d, best, d->npend)) < 0)
		return 0;
	next = drops_next(d, best, &nnext, &next_seat);
	if (nnext <= 0 || next_seat != seat)
		return 0;
	/* Sooner after the mover's last drop than a hand can begin, and
	 * where no move of theirs begins (its lift or its first piece): no
	 * sign they began before it fell; a stray pulse, as much. */
	soon = d->pend_t[from] - d->pend_t[from - 1] < DROPS_REACH_US;
	if (soon && !drops_move_begins(next, nnext, d->pend[from]))
		return 0;
	memset(&s, 0, sizeof(s));
	s.move = best;
	s.seat = seat;
	s.first_next = from;
	s.passed = 1;
	/* Sooner after the mover's last drop than a hand can begin: the
	 * other player began before it fell (a foul naming both). */
	s.interleaved = soon;
	s.cost = d->result[best].cost;
	memset(s.theirs + from, 1, (size_t)(d->npend - from));
	drops_judge_split(d, d->npend, &s);
	return 1;
}
