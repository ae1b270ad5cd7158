/*
 * model_drops_alone.c - the drop-sequence model and a turn button with
 * nothing sensed. The mover's button with no drop since their turn
 * began says a move was made whose every piece went unseen (or the
 * button was pressed for nothing): the move likeliest unseen is held
 * for the table to check. While the mover moves again, the button may
 * as well be pressed all the same, out of habit: it is held only when
 * the unseen move is about as likely, as the sensors' record and the
 * pause since the last drop say. The other player's button while the
 * mover moves again is their move out of turn (model_drops_turn.c).
 *
 * The other player's button with the mover's drops pending says both
 * that the mover's move is over (it is judged at the button) and that
 * they moved themselves: when the mover's move, taken, read every pulse
 * and handed them the turn, and the button came later after its last
 * drop than a hand can begin a move, nothing of their move was sensed,
 * and it is read as their own button with nothing sensed (not after the
 * mover, moving again, pressed their own button before those drops,
 * which may then be no move of the mover's at all). Their move got no
 * verdict at all before. A player's own button pressed for nothing
 * (DROPS_PRIOR_THEIRS_IDLE) is weighed against their move with every
 * piece unseen, as the sensors' record says: the likelier unseen move is
 * held (never judged as drops, where nothing sensed would read as
 * pieces left behind, a foul), the button pressed for nothing noted.
 * When the mover's move is held at their button, the button is kept,
 * and read so once that move is confirmed only if it handed them the
 * turn; otherwise it said only that the move was over.
 */
#include "config.h"

#include <stdio.h>

#include "referee/model_drops.h"

/* The mover pressed the button, yet no drop was sensed and no move is
 * near enough to be read so: a move whose every piece went unseen, or a
 * button pressed for nothing. Held as the move likeliest to have gone
 * unseen (the fewest pulses to miss), or the move of the place touched,
 * for the table to check. */
int drops_blind_move(struct drops *d, int touched, const char *again)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_BUTTON_ALONE };
	const struct sense_words *w = ref_words(ref);
	char why[200];
	int best = touched >= 0 ? touched : drops_cheapest(d);

	if (best < 0) {
		ref_say(ref, VERDICT_NOTE, CAUSE_BUTTON_ALONE, ref->ply + 1,
			NULL, "%s pressed the button, but no %s was sensed",
			ref_mover_name(ref), w->piece);
		return 0;
	}
	ref_about_place(&about, d->expect[best].origin);
	snprintf(why, sizeof(why), "the button was pressed, but no %s was "
		 "seen to fall", w->piece);
	if (touched >= 0)
		ref_append(why, sizeof(why), ", and %s %s was touched",
			   ref_hole_word(ref, d->lifted),
			   ref_hole_name(ref, d->lifted));
	if (again != NULL)
		ref_append(why, sizeof(why), " (or %s moves again after %s and "
			   "pressed it all the same)", ref_mover_name(ref),
			   again);
	ref_hold(ref, &d->expect[best].move, d->expect[best].text, &about,
		 why, ": check the board and confirm");
	return 1;
}

/* The cost of the likeliest move with every piece unseen (nothing
 * sensed), DROPS_FOUL_AT at most; the readings are left in d->result. */
static int unseen_cost(struct drops *d)
{
	int best;

	drops_evaluate(d, 0, 1);
	best = drops_cheapest(d);
	return best < 0 || d->result[best].cost > DROPS_FOUL_AT ?
	       DROPS_FOUL_AT : d->result[best].cost;
}

/*
 * The mover, who moves again, pressed the button with nothing sensed:
 * a button pressed all the same (as often as people here do), or a move
 * whose every pulse went unseen (as often as its sensors miss them all),
 * each as the pause since the last drop says (drops_press_again_cost()).
 * 1 when the unseen move is about as likely or likelier.
 */
static int unseen_again(struct drops *d, uint64_t t)
{
	int pressed;

	d->again_presses++;
	pressed = drops_chance_cost((d->again_presses +
				     DROPS_PRIOR_AGAIN_PRESSES) /
				    (d->again_moves +
				     DROPS_PRIOR_AGAIN_MOVES));
	return unseen_cost(d) + drops_press_again_cost(d, t) <
	       pressed + DROPS_MARGIN;
}

int drops_button_alone(struct drops *d, int seat, uint64_t t)
{
	struct referee *ref = d->ref;
	const char *before;

	/* The mover says the move is made, yet nothing was sensed: a move
	 * whose every drop went unseen (the other player's button: their
	 * move out of turn, when the mover moves again). */
	if (seat != ref_mover(ref)) {
		drops_turn_button(d, seat);
		return 0;
	}
	before = ref_moves_again(ref);
	if (before != NULL && !unseen_again(d, t)) {
		ref_say(ref, VERDICT_NOTE, CAUSE_MOVES_AGAIN, ref->ply + 1,
			NULL, "%s moves again after %s: the turn is not over",
			ref_mover_name(ref), before);
		return 0;
	}
	/* A count source sees a move whose every drop went unseen: its
	 * counts tell, nothing is held before they come. */
	if (ref_counts_read(ref)) {
		ref_say(ref, VERDICT_NOTE, CAUSE_BUTTON_ALONE, ref->ply + 1,
			NULL, "%s pressed the button, but no %s was sensed: "
			"the counts will tell", ref_mover_name(ref),
			ref_words(ref)->piece);
		return 0;
	}
	if (unseen_cost(d) < DROPS_FOUL_AT && before == NULL) {
		drops_judge(d, 0);
		return 0;
	}
	return drops_blind_move(d, -1, before);
}

int drops_button_theirs(struct drops *d, int seat, int ply, uint64_t t)
{
	struct referee *ref = d->ref;
	const struct drops_last *l = &d->last;

	/* (their button's other meaning, the mover's move over, is read;
	 * a move out of turn or overlapping, or drops left pending, are
	 * judged as such) */
	return ref->state == REF_PLAY && ref->ply == ply + 1 &&
	       d->npend == 0 && seat == ref_mover(ref) &&
	       ref_moves_again(ref) == NULL && !ref_counts_read(ref) &&
	       l->ply == ref->ply && l->n > 0 &&
	       t >= l->t[l->n - 1] + DROPS_REACH_US;
}

int drops_theirs_alone(struct drops *d, int seat)
{
	struct referee *ref = d->ref;
	int idle = drops_chance_cost(DROPS_PRIOR_THEIRS_IDLE);

	/* Even a move of theirs that would read as a misplay with nothing
	 * sensed is held as the move likeliest unseen, never a foul: the
	 * button alone shows no misplay. */
	if (unseen_cost(d) < idle + DROPS_MARGIN)
		return drops_blind_move(d, -1, NULL);
	ref_say(ref, VERDICT_NOTE, CAUSE_BUTTON_ALONE, ref->ply + 1, NULL,
		"%s pressed the button after the move, but no %s of a move "
		"of theirs was sensed, and the sensors seldom miss them all: "
		"pressed for nothing?", rules_seat_name(ref->game->ops, seat),
		ref_words(ref)->piece);
	return 0;
}
