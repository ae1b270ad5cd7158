/*
 * model_drops_reach.c - the drop-sequence model and one pulse within
 * reach of the hand that made the move before. After a move taken, one
 * pulse in the place of its last drop or next to it (where its sowing
 * goes on, or where a piece of it rolls), and then the button of that
 * move's mover: the hand that sowed was still at work when the pulse
 * came (a last piece late, one rolled next door, a pulse of the gate
 * that just fired), which is what the button says, as much as the next
 * player made a move of one piece there, which it does not say. Read
 * alone as that move of one piece, it is held naming both players and
 * what to check, never taken; the next player's own button after it
 * says the move is theirs, and with no button it is judged as any
 * other.
 */
#include "config.h"

#include <stdio.h>

#include "referee/model_drops.h"

/* Pulse `h` falls where the hand that made the move taken reaches:
 * the place of its last drop, or one next to it. */
static int in_reach(const struct drops *d, int h)
{
	const struct drops_last *l = &d->last;
	int last;

	if (l->n <= 0)
		return 0;
	last = l->drops[l->n - 1];
	return h == last || d->board.adjacent[last * d->ref->nholes + h];
}

void drops_reach_note(struct drops *d)
{
	const struct drops_last *l = &d->last;

	if (d->npend == 1 && l->n > 0 && d->pend_t[0] > l->t[l->n - 1] &&
	    in_reach(d, d->pend[0]))
		d->reach_t = d->pend_t[0];
}

int drops_reach_hold(struct drops *d, int e, int n)
{
	struct referee *ref = d->ref;
	const struct sense_expect *x = &d->expect[e];
	const struct drops_last *l = &d->last;
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	int values[SENSE_HOLES_MAX], last;
	char why[300], where[40], check[64] = "check the board";

	if (n != 1 || d->mover_done || d->reach_t == 0 || d->npend < 1 ||
	    d->pend_t[0] != d->reach_t || l->n <= 0)
		return 0;
	last = l->drops[l->n - 1];
	ref_about_place(&about, d->pend[0]);
	ref_about_place(&about, last);
	ref_about_place(&about, x->origin);
	if (drops_after(d, x, values)) {
		snprintf(check, sizeof(check), "%s %s should now ",
			 ref_hole_word(ref, x->origin),
			 ref_hole_name(ref, x->origin));
		if (values[x->origin] == 0)
			ref_append(check, sizeof(check), "be empty");
		else
			ref_append(check, sizeof(check), "hold %d",
				   values[x->origin]);
	}
	snprintf(where, sizeof(where), "%s %s", ref_hole_word(ref, last),
		 ref_hole_name(ref, last));
	snprintf(why, sizeof(why), "a single pulse, in %s %s%s%s, where the "
		 "sowing of %s ended, then the button of its mover: a %s of "
		 "%s late or rolled, or %s was %s: %s",
		 ref_hole_word(ref, d->pend[0]), ref_hole_name(ref, d->pend[0]),
		 d->pend[0] == last ? "" : ", next to ",
		 d->pend[0] == last ? "" : where, l->text,
		 ref_words(ref)->piece, l->text, x->text, ref_words(ref)->done,
		 check);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s reach=%s button=last decided=hold", x->text,
		 d->pend[0] == last ? "same" : "next");
	drops_hold(d, e, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}
