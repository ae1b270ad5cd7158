/*
 * referee_move.c - taking, holding and refusing moves, for the sensing
 * models and the arbiter's commands alike: the history of positions, the
 * verdict on a move taken, the result at the end of a game.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/referee_impl.h"

int ref_mover(const struct referee *ref)
{
	return ref->game->ops->to_move(ref->game, ref_pos_const(ref)).seat;
}

const char *ref_mover_name(const struct referee *ref)
{
	return rules_seat_name(ref->game->ops, ref_mover(ref));
}

/* The result: "S wins 27-21; points 3" between two seats; with more,
 * every seat's score and points; then what the game kept hidden and may
 * now tell (its analysis), if it has any. */
static void say_result(struct referee *ref, const struct rules_result *r)
{
	const struct rules *ops = ref->game->ops;
	int seats = rules_game_seats(ref->game);
	char text[320] = "", more[256];

	if (seats == 2 && r->verdict == RULES_WIN) {
		ref_append(text, sizeof(text), "%s wins %d-%d; points %d",
		       rules_seat_name(ops, r->winner), r->score[r->winner],
		       r->score[r->winner ^ 1], r->points[r->winner]);
	} else if (seats == 2 && r->verdict == RULES_DRAW) {
		ref_append(text, sizeof(text), "draw %d-%d", r->score[0],
		       r->score[1]);
	} else {
		ref_append(text, sizeof(text), "%s; scores and points:",
		       r->verdict == RULES_WIN ? rules_seat_name(ops, r->winner) :
		       r->verdict == RULES_DRAW ? "draw" : "no result");
		for (int s = 0; s < seats && s < RULES_MAX_SEATS; s++)
			ref_append(text, sizeof(text), "%s %s %d (%+d)",
			       s ? "," : "", rules_seat_name(ops, s),
			       r->score[s], r->points[s]);
		if (r->verdict == RULES_WIN)
			ref_append(text, sizeof(text), "; %s wins",
			       rules_seat_name(ops, r->winner));
	}
	if (ops->analyse != NULL &&
	    ops->analyse(ref->game, ref_pos_const(ref), more,
			 sizeof(more)) == 0)
		ref_append(text, sizeof(text), "; %s", more);
	ref_say(ref, VERDICT_OVER, CAUSE_GAME_OVER, ref->ply, NULL, "%s", text);
}

void *ref_push(struct referee *ref)
{
	if (ref->depth == REF_HISTORY_MAX) {
		memmove(ref->history, ref->history + ref->pos_size,
			(size_t)REF_HISTORY_MAX * ref->pos_size);
		memmove(ref->was_move, ref->was_move + 1, REF_HISTORY_MAX);
		memmove(ref->move_text, ref->move_text + 1,
			REF_HISTORY_MAX * sizeof(ref->move_text[0]));
		ref->depth--;
	}
	ref->depth++;
	memcpy(ref_pos(ref), ref->history + (size_t)(ref->depth - 1) *
	       ref->pos_size, ref->pos_size);
	ref->was_move[ref->depth] = 0;
	ref->move_text[ref->depth][0] = '\0';
	return ref_pos(ref);
}

/*
 * The move the referee took back itself (ref_revise), read again from
 * the sensors as the same move: it stands. The pulses since, read with
 * it, make no move: a note (cause stray) with the new reading's faults
 * and evidence, no second verdict on the move, and nothing for the
 * record to take back.
 */
static int same_as_revised(const struct referee *ref, enum verdict_kind kind,
			   const char *text)
{
	return (kind == VERDICT_ACCEPT || kind == VERDICT_WARN) &&
	       ref->taken_source == SOURCE_SENSOR && ref->revised[0] != '\0' &&
	       ref->undone_to == ref->ply - 1 &&
	       strcmp(ref->revised, text) == 0;
}

static void say_stands(struct referee *ref, const struct ref_about *about,
		       const char *text, const char *note)
{
	struct ref_about stands = *about;

	stands.cause = CAUSE_STRAY;
	ref_append(stands.evidence, sizeof(stands.evidence),
		   "%srevises=%s decided=stands",
		   stands.evidence[0] ? " " : "", text);
	ref->undone_to = -1;
	ref->revised[0] = '\0';
	ref->taken = 0;
	ref_say_about(ref, VERDICT_NOTE, &stands, ref->ply, NULL,
		      "%s stands: read again with the pulses since, it is "
		      "the same move%s%s", text,
		      note != NULL && note[0] ? "; " : "",
		      note != NULL ? note : "");
}

int ref_accept(struct referee *ref, const struct rules_move *move,
	       enum verdict_kind kind, const struct ref_about *about,
	       const char *note)
{
	const struct rules *ops = ref->game->ops;
	struct rules_outcome out;
	struct rules_result result;
	char text[REF_MOVE_TEXT], err[RULES_ERR_MAX], tag[64] = "";
	const char *who;
	void *next;

	if (ops->move_format(ref->game, ref_pos(ref), move, text,
			     sizeof(text)) < 0)
		snprintf(text, sizeof(text), "?");
	ref->taken_turn = ops->to_move(ref->game, ref_pos(ref));
	if (ops->move_seat != NULL) {
		/* A move made out of turn is its maker's. */
		int seat = ops->move_seat(ref->game, ref_pos(ref), move);

		if (seat != ref->taken_turn.seat) {
			ref->taken_turn.seat = seat;
			ref->taken_turn.member = 0;
		}
	}
	who = rules_seat_name(ops, ref->taken_turn.seat);
	ref->taken_source = ref->next_source;
	ref->next_source = SOURCE_SENSOR;
	next = ref_push(ref);
	if (ops->apply(ref->game, next, move, &out, err, sizeof(err)) < 0) {
		ref->depth--;
		ref_say(ref, VERDICT_FOUL, CAUSE_ILLEGAL, ref->ply + 1, text,
			"%s", err);
		return -1;
	}
	ref->was_move[ref->depth] = 1;
	memcpy(ref->move_text[ref->depth], text, sizeof(text));
	ref->ply++;
	ref->plies_seen++;
	ref->taken = 1;
	if (out.flags & RULES_SWAP)
		snprintf(tag, sizeof(tag), "; seats swapped");
	else if (out.flags & RULES_CAPTURE)
		snprintf(tag, sizeof(tag), "; captures %d", out.captured);
	if (out.flags & RULES_EXTRA_TURN)
		ref_append(tag, sizeof(tag), "; moves again");
	if (same_as_revised(ref, kind, text))
		say_stands(ref, about, text, note);
	else
		ref_say_about(ref, kind, about, ref->ply, text,
			      "%s plays %s%s%s%s", who, text, tag,
			      note != NULL && note[0] ? "; " : "",
			      note != NULL ? note : "");
	ref_clear_move(ref);
	if (out.flags & RULES_GAME_OVER) {
		const struct sensing *sense = ref->sense;

		ref->end_unswept_set = sense->unswept != NULL &&
				       sense->counts != NULL;
		if (ref->end_unswept_set)
			sense->unswept(ref->game, ref->history +
				       (size_t)(ref->depth - 1) * ref->pos_size,
				       move, ref->end_unswept);
		ops->result(ref->game, ref_pos(ref), &result);
		ref->state = REF_IDLE;
		say_result(ref, &result);
		return 0;
	}
	ref->state = REF_PLAY;
	ref_new_move(ref);
	return 0;
}


void ref_hold(struct referee *ref, const struct rules_move *move,
	      const char *text, const struct ref_about *about,
	      const char *why, const char *ask)
{
	ref->held = *move;
	snprintf(ref->held_text, sizeof(ref->held_text), "%s", text);
	ref->state = REF_HELD;
	ref->held_kept = 0;
	ref->held_arbiter = 0;
	for (int i = 0; i < ref->nreaders; i++)
		if (ref->reader[i].model->held != NULL)
			ref->reader[i].model->held(ref, ref->reader[i].state);
	ref_say_about(ref, VERDICT_HOLD, about, ref->ply + 1, ref->held_text,
		      "%s plays %s? %s%s", ref_mover_name(ref),
		      ref->held_text, why,
		      ask != NULL ? ask : "; confirm or correct");
}

void ref_await_restore(struct referee *ref)
{
	int over = ref->state == REF_IDLE || ref->after_end;

	ref_clear_move(ref);
	ref->after_end = over;
	ref->state = REF_RESTORE;
	ref->last_activity = ref->now;
}

const char *ref_moves_again(const struct referee *ref)
{
	const void *before;

	if (ref->depth == 0 || !ref->was_move[ref->depth])
		return NULL;
	before = ref->history + (size_t)(ref->depth - 1) * ref->pos_size;
	if (ref->game->ops->to_move(ref->game, before).seat != ref_mover(ref))
		return NULL;
	return ref->move_text[ref->depth];
}

int ref_revise(struct referee *ref)
{
	if (ref->state != REF_PLAY || ref->depth == 0 || ref->ply == 0 ||
	    !ref->was_move[ref->depth])
		return -1;
	memcpy(ref->revised, ref->move_text[ref->depth],
	       sizeof(ref->revised));
	ref->depth--;
	ref->ply--;
	ref->plies_seen--;
	ref->undone_to = ref->ply;
	ref_clear_move(ref);
	ref_new_move(ref);
	return 0;
}
