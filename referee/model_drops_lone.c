/*
 * model_drops_lone.c - the drop-sequence model and one pulse that reads
 * as a whole move handing the turn over, on a table whose players press
 * the turn button.
 *
 * One pulse is little to take a move on. A sowing of one piece that
 * hands the turn over is said made by its mover's button, or by the
 * next player beginning a sowing; the same pulse may as well be the
 * hand's shadow on the place it lifts, with the rest of that sowing to
 * come at the hand's own tempo (a pulse on pit E, then F and the store:
 * E sown, not D's one seed into E). So the pulse waits through the
 * quiet period, not just the pause that ends a sowing: for the button
 * (the move is taken then), for drops where a sowing lifted from the
 * pulse's place goes on (read with it), or for the quiet period's end
 * (taken then, as before). A drop after that pause where the next
 * player's sowing begins (the turn passed), or in the place the pulse's
 * move was lifted from, which that move left empty (a hand going back,
 * a sowing the wrong way round), finds the pulse judged first, as it
 * was at the pause.
 *
 * It is doubted, and held at the quiet period's end with no button
 * (drops_lone_pulse()), on a board that makes stray pulses, and when it
 * is the next player's move of one piece read off the tail of a sowing
 * just judged at that end with no button from either player: two turns
 * passed, neither said so, on one pulse at the sowing's tempo, which is
 * as much the sowing's last piece with its first pulse the hand's
 * shadow (F lifted, its pulse read as E sown, and the last drop d as
 * the next player's c).
 */
#include "config.h"

#include <string.h>

#include "referee/model_drops.h"

int drops_passes_turn(struct drops *d, int n)
{
	struct referee *ref = d->ref;
	struct rules_outcome out;
	int best;

	drops_evaluate(d, n, 0);
	best = drops_cheapest(d);
	drops_evaluate(d, d->npend, 0);
	if (best < 0)
		return 1;
	memcpy(ref->scratch, ref_pos(ref), ref->pos_size);
	if (ref->game->ops->apply(ref->game, ref->scratch,
				  &d->expect[best].move, &out, NULL, 0) < 0)
		return 1;
	return !(out.flags & RULES_EXTRA_TURN) &&
	       !(out.flags & RULES_GAME_OVER);
}

void drops_lone_note(struct drops *d, int passes)
{
	struct referee *ref = d->ref;
	int one = passes && ref->buttons_seen;

	d->lone_wait = one;
	d->lone = one && (drops_strays_shown(ref) || d->tail_split);
}

int drops_tail_lone(const struct drops *d, const struct drops_split *s,
		    int nt, int mover)
{
	return nt == 1 && d->finishing && !d->mover_done && s->seat != mover;
}

int drops_lone_first(struct drops *d, int hole, uint64_t t)
{
	struct referee *ref = d->ref;
	int best = drops_cheapest(d);

	if (!d->lone_wait || d->lone || d->npend != 1 || !d->whole ||
	    best < 0 || t < d->pend_t[0] + ref->cfg.turn_gap_us)
		return 0;
	/* (the next player's sowing begun there, or a hand going back) */
	if (hole != d->expect[best].origin &&
	    !drops_next_begins_at(d, best, hole))
		return 0;
	for (int e = 0; e < d->nexpect; e++) {
		const struct sense_expect *x = &d->expect[e];

		if (x->origin != d->pend[0])
			continue;
		for (int i = 0; i < x->npath; i++)
			if (x->path[i] == hole)
				return 0;
	}
	return 1;
}
