/*
 * model_drops_reach.c - the drop-sequence model and one pulse within
 * reach of the hand that made the move before. After a move taken, one
 * pulse in the place where its sowing ended or next to it (where it
 * goes on, or where a piece of it rolls), and then the button of that
 * move's mover: the hand that sowed was still at work when the pulse
 * came (a last piece late, one rolled next door, a pulse of the gate
 * that just fired), which is what the button says, as much as the next
 * player made a move of one piece there, which it does not say. Read
 * alone as that move of one piece, it is held naming both players and
 * what to check, never taken; the next player's own button after it
 * (any time in the quiet period, which is awaited for it) says the
 * move is theirs, and with no button it is judged as any other. A move
 * of one piece after which its mover has no button to press (another
 * turn, or the game's end) is held all the same: the button that doubts
 * it is the other player's, pressed either way.
 */
#include "config.h"

#include <stdio.h>

#include "referee/model_drops.h"

/* Where the sowing of the move taken ended: the last place of its path
 * (not a capture's pieces put in a store after it, nor an extra pulse
 * read with it); its last drop when its path is not known. */
static int sown_end(struct drops *d)
{
	const struct sense_expect *x = drops_taken_expect(d);

	if (x != NULL && x->npath > 0)
		return x->path[x->npath - 1];
	return d->last.drops[d->last.n - 1];
}

/* The seat that made the move taken. */
static int last_mover(const struct drops *d)
{
	const struct referee *ref = d->ref;

	return ref->game->ops->to_move(ref->game, ref->history +
				       (size_t)(ref->depth - 1) *
				       ref->pos_size).seat;
}

/* Pulse `h` falls where the hand that made the move taken reaches:
 * the place where its sowing ended, or one next to it. */
static int in_reach(struct drops *d, int h)
{
	int end;

	if (d->last.n <= 0)
		return 0;
	end = sown_end(d);
	return h == end || d->board.adjacent[end * d->ref->nholes + h];
}

void drops_reach_note(struct drops *d)
{
	const struct drops_last *l = &d->last;

	if (d->npend == 1 && l->n > 0 && d->pend_t[0] > l->t[l->n - 1] &&
	    in_reach(d, d->pend[0]))
		d->reach_t = d->pend_t[0];
}

int drops_reach_waits(const struct drops *d)
{
	return d->reach_t != 0 && d->npend == 1 && d->pend_t[0] == d->reach_t;
}

int drops_reach_hold(struct drops *d, int e, int n)
{
	struct referee *ref = d->ref;
	const struct sense_expect *x = &d->expect[e];
	const struct drops_last *l = &d->last;
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	int end;
	char why[320], where[40], check[64] = "check the board";

	if (n != 1 || d->mover_done || d->reach_t == 0 || d->npend < 1 ||
	    d->pend_t[0] != d->reach_t || l->n <= 0 || ref->depth == 0)
		return 0;
	end = sown_end(d);
	ref_about_place(&about, d->pend[0]);
	ref_about_place(&about, end);
	ref_about_place(&about, x->origin);
	drops_origin_check(d, x, check, sizeof(check));
	snprintf(where, sizeof(where), "%s %s", ref_hole_word(ref, end),
		 ref_hole_name(ref, end));
	snprintf(why, sizeof(why), "a single pulse, in %s %s%s%s, where the "
		 "sowing of %s ended, then the button of %s, who made it: a "
		 "%s of %s late or rolled, or %s was %s: %s",
		 ref_hole_word(ref, d->pend[0]), ref_hole_name(ref, d->pend[0]),
		 d->pend[0] == end ? "" : ", next to ",
		 d->pend[0] == end ? "" : where, l->text,
		 rules_seat_name(ref->game->ops, last_mover(d)),
		 ref_words(ref)->piece, l->text, x->text, ref_words(ref)->done,
		 check);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s reach=%s button=last decided=hold", x->text,
		 d->pend[0] == end ? "same" : "next");
	drops_hold(d, e, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}
