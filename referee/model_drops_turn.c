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
 */
#include "config.h"

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
