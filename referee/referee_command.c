/*
 * referee_command.c - moves entered by hand, and the arbiter's commands:
 * start, end, confirm, reject, correct, set position, undo. Every
 * command is answered by a verdict, carried out ("command") or refused
 * with the reason ("refused").
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "referee/referee_impl.h"

/* The game's start position, nothing played. */
static void reset_to_start(struct referee *ref)
{
	ref->depth = 0;
	ref->ply = 0;
	ref->game->ops->start(ref->game, ref_pos(ref));
	ref->was_move[0] = 0;
}

/* No move can be made though the game is not over (secrets to come). */
static int waiting(struct referee *ref)
{
	const struct rules *ops = ref->game->ops;
	struct rules_move move;

	return ops->legal_moves(ref->game, ref_pos(ref), &move, 1) == 0 &&
	       ops->to_move(ref->game, ref_pos(ref)).seat >= 0;
}

void ref_start_game(struct referee *ref)
{
	char text[OBS_TEXT_MAX], options[256];

	if (ref->in_game && ref->state != REF_IDLE && ref->ply > 0)
		ref_say(ref, VERDICT_NOTE, CAUSE_ABANDONED, ref->ply, NULL,
			"game abandoned after %d move%s", ref->ply,
			ref->ply == 1 ? "" : "s");
	reset_to_start(ref);
	ref->in_game = 1;
	ref->state = REF_PLAY;
	ref_clear_move(ref);
	ref_new_move(ref);
	ref_public_text(ref, ref_pos(ref), text, sizeof(text));
	rules_public_options(ref->game, options, sizeof(options));
	if (waiting(ref))
		ref_say(ref, VERDICT_START, CAUSE_STARTED, 0, NULL,
			"%s %s: %s; nothing can be played until the players have entered their secrets",
			ref->game->ops->name, options[0] ? options :
			"(standard rules)", text);
	else
		ref_say(ref, VERDICT_START, CAUSE_STARTED, 0, NULL,
			"%s %s: %s; %s to move",
			ref->game->ops->name, options[0] ? options :
			"(standard rules)", text, ref_mover_name(ref));
}

int referee_resume(struct referee *ref, const char *const *moves, int nmoves,
		   const char *position, char *err, size_t errlen)
{
	const struct rules *ops = ref->game->ops;
	char why[RULES_ERR_MAX];

	reset_to_start(ref);
	for (int i = 0; i < nmoves; i++) {
		struct rules_move move;
		struct rules_outcome out;
		void *pos;

		if (ops->move_parse(ref->game, ref_pos(ref), moves[i], &move,
				    why, sizeof(why)) < 0)
			goto fail;
		pos = ref_push(ref);
		if (ops->apply(ref->game, pos, &move, &out, why,
			       sizeof(why)) < 0) {
			ref->depth--;
			goto fail;
		}
		ref->was_move[ref->depth] = 1;
		snprintf(ref->move_text[ref->depth],
			 sizeof(ref->move_text[0]), "%s", moves[i]);
		ref->ply++;
	}
	if (position != NULL && position[0] != '\0') {
		void *pos = ref_push(ref);

		if (ops->position_parse(ref->game, position, pos, why,
					sizeof(why)) < 0) {
			ref->depth--;
			rules_error(err, errlen, "position: %s", why);
			return -1;
		}
	}
	ref->in_game = 1;
	ref_clear_move(ref);
	ref->state = ops->to_move(ref->game, ref_pos(ref)).seat < 0 ? REF_IDLE
								      : REF_PLAY;
	if (ref->state == REF_PLAY)
		ref_new_move(ref);
	return 0;
fail:
	rules_error(err, errlen, "move %d '%s': %s", ref->ply + 1,
		    moves[ref->ply], why);
	return -1;
}

/* ------------------------------------------------------------ commands */

static void refuse(struct referee *ref, const struct observation *obs,
		   const char *why)
{
	ref_say(ref, VERDICT_REFUSED, CAUSE_REFUSED, ref->ply, NULL,
		"%s refused: %s",
		obs_kind_name(obs->kind), why);
}

/* Parses a move of the side to move; says why not in `err`. */
static int parse_move(struct referee *ref, const char *text,
		      struct rules_move *move, char *err, size_t len)
{
	const struct rules *ops = ref->game->ops;
	struct rules_move legal[64];
	struct rules_outcome out;
	size_t n;

	if (ops->move_parse(ref->game, ref_pos(ref), text, move, err,
			    len) < 0)
		return -2;	/* not a move at all */
	/* The engine applies it on a copy: a move it applies is legal,
	 * listed or not (a claim, a move made out of turn). The list of
	 * legal moves is made only for a move it refuses: a listed one is
	 * taken, and refused by the engine with its reason when played. */
	memcpy(ref->scratch, ref_pos(ref), ref->pos_size);
	if (ops->apply(ref->game, ref->scratch, move, &out, err, len) == 0)
		return 0;
	n = ops->legal_moves(ref->game, ref_pos(ref), legal, 64);
	for (size_t i = 0; i < n && i < 64; i++)
		if (memcmp(&legal[i], move, sizeof(*move)) == 0)
			return 0;
	return -1;
}

static void entry(struct referee *ref, const struct observation *obs)
{
	struct rules_move move;
	char err[RULES_ERR_MAX];

	if (ref->state == REF_IDLE) {
		refuse(ref, obs, "no game is on");
		return;
	}
	switch (parse_move(ref, obs->text, &move, err, sizeof(err))) {
	case -2:
		refuse(ref, obs, err);
		return;
	case -1:
		/* Nothing can be played yet: no one is at fault. */
		if (waiting(ref)) {
			refuse(ref, obs, err);
			return;
		}
		if (ref->game->ops->move_seat != NULL)
			ref->culprit = ref->game->ops->move_seat(ref->game,
								 ref_pos(ref),
								 &move);
		ref_say(ref, VERDICT_FOUL, CAUSE_ILLEGAL, ref->ply + 1, obs->text,
			"%s entered %s: %s", rules_seat_name(ref->game->ops,
			ref->culprit >= 0 ? ref->culprit : ref_mover(ref)),
			obs->text, err);
		return;
	}
	ref_clear_move(ref);
	ref->next_source = SOURCE_MANUAL;
	ref_accept(ref, &move, VERDICT_ACCEPT,
		   &(struct ref_about){ .cause = CAUSE_ENTERED },
		   "entered by hand");
}

void ref_confirm(struct referee *ref, int seat)
{
	char by[64];

	/* The hold doubts the opponent's button itself: a press of it
	 * again says nothing more, and is no later move's either. */
	if (seat >= 0 && ref->held_arbiter) {
		ref_say(ref, VERDICT_NOTE, CAUSE_BUTTON_ALONE, ref->ply + 1,
			ref->held_text, "%s's button does not confirm %s: the "
			"arbiter decides", rules_seat_name(ref->game->ops, seat),
			ref->held_text);
		return;
	}
	if (seat >= 0)
		snprintf(by, sizeof(by), "confirmed by %s at the table",
			 rules_seat_name(ref->game->ops, seat));
	else
		snprintf(by, sizeof(by), "confirmed by the arbiter");
	ref_confirm_by(ref, by);
}

void ref_confirm_by(struct referee *ref, const char *by)
{
	struct rules_move move = ref->held;

	ref->state = REF_PLAY;
	if (ref_accept(ref, &move, VERDICT_ACCEPT,
		       &(struct ref_about){ .cause = CAUSE_CONFIRMED }, by) < 0)
		return;
	/* What was sensed meanwhile belongs to the moves after it. */
	for (int i = 0; i < ref->nreaders; i++)
		if (ref->reader[i].model->resume != NULL)
			ref->reader[i].model->resume(ref, ref->reader[i].state);
}

static void confirm(struct referee *ref, const struct observation *obs)
{
	if (ref->state != REF_HELD) {
		refuse(ref, obs, "no move awaits confirmation");
		return;
	}
	ref_confirm(ref, -1);
}

static void reject(struct referee *ref, const struct observation *obs)
{
	if (ref->state == REF_HELD) {
		ref_say(ref, VERDICT_COMMAND, CAUSE_REJECTED, ref->ply + 1,
			ref->held_text,
			"%s rejected; restore the board", ref->held_text);
		ref_clear_move(ref);
		ref->state = REF_RESTORE;
		return;
	}
	if (ref->state == REF_RESTORE) {
		ref_say(ref, VERDICT_COMMAND, CAUSE_FOUL_UPHELD, ref->ply + 1,
			NULL, "foul upheld; restore the board");
		return;
	}
	refuse(ref, obs, "no move awaits confirmation");
}

static void correct(struct referee *ref, const struct observation *obs)
{
	static const struct ref_about corrected = { .cause = CAUSE_CORRECTED };
	struct rules_move move;
	char err[RULES_ERR_MAX], old[REF_MOVE_TEXT];
	int was_over = ref->state == REF_IDLE;

	if (!ref->in_game) {
		refuse(ref, obs, "no game is on");
		return;
	}
	if (ref->state == REF_HELD || ref->state == REF_RESTORE) {
		/* The move under judgement is the one corrected. */
		if (parse_move(ref, obs->text, &move, err, sizeof(err)) < 0) {
			refuse(ref, obs, err);
			return;
		}
		ref->state = REF_PLAY;
		ref_clear_move(ref);
		ref->next_source = SOURCE_CORRECTION;
		ref_accept(ref, &move, VERDICT_COMMAND, &corrected,
			   "corrected by the arbiter");
		return;
	}
	if (ref->depth == 0 || !ref->was_move[ref->depth]) {
		refuse(ref, obs, "no move to correct");
		return;
	}
	memcpy(old, ref->move_text[ref->depth], sizeof(old));
	ref->depth--;
	ref->ply--;
	if (parse_move(ref, obs->text, &move, err, sizeof(err)) < 0) {
		ref->depth++;
		ref->ply++;
		refuse(ref, obs, err);
		return;
	}
	(void)was_over;
	ref_clear_move(ref);
	ref->state = REF_PLAY;
	snprintf(err, sizeof(err), "replaces %s", old);
	ref->next_source = SOURCE_CORRECTION;
	ref->undone_to = ref->ply;
	ref_accept(ref, &move, VERDICT_COMMAND, &corrected, err);
}

static void set_position(struct referee *ref, const struct observation *obs)
{
	char err[RULES_ERR_MAX], text[OBS_TEXT_MAX];
	unsigned char *pos;

	if (!ref->in_game) {
		refuse(ref, obs, "no game is on");
		return;
	}
	pos = ref_push(ref);
	if (ref->game->ops->position_parse(ref->game, obs->text, pos, err,
					   sizeof(err)) < 0) {
		ref->depth--;
		refuse(ref, obs, err);
		return;
	}
	ref_clear_move(ref);
	ref_public_text(ref, pos, text, sizeof(text));
	if (ref->game->ops->to_move(ref->game, pos).seat < 0) {
		ref->state = REF_IDLE;
		ref_say(ref, VERDICT_COMMAND, CAUSE_POSITION_SET, ref->ply,
			NULL, "position set: %s; the game is over", text);
		return;
	}
	ref->state = REF_PLAY;
	ref_new_move(ref);
	ref_say(ref, VERDICT_COMMAND, CAUSE_POSITION_SET, ref->ply, NULL,
		"position set: %s; %s to move", text, ref_mover_name(ref));
}

static void undo(struct referee *ref, const struct observation *obs)
{
	char what[64];

	if (!ref->in_game || ref->depth == 0) {
		refuse(ref, obs, "nothing to take back");
		return;
	}
	if (ref->was_move[ref->depth]) {
		snprintf(what, sizeof(what), "move %d (%s) taken back", ref->ply,
			 ref->move_text[ref->depth]);
		ref->ply--;
	} else {
		snprintf(what, sizeof(what), "position override taken back");
	}
	ref->depth--;
	ref_clear_move(ref);
	ref->state = REF_PLAY;
	ref_new_move(ref);
	ref->undone_to = ref->ply;
	ref_say(ref, VERDICT_COMMAND, CAUSE_TAKEN_BACK, ref->ply, NULL,
		"%s; %s to move", what,
		ref_mover_name(ref));
}

/* A value for the game's fresh option: getrandom(2), else the clock. */
static uint64_t draw(void)
{
	uint64_t v;
	struct timespec ts;
	ssize_t n;

	do
		n = getrandom(&v, sizeof(v), 0);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof(v))
		return v;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^
	       (uint64_t)getpid() << 32;
}

/* A new game with the table's options, those given laid over them and,
 * when the game has one, a fresh option drawn for it. */
static void start(struct referee *ref, const struct observation *obs)
{
	char options[256], why[RULES_ERR_MAX];
	struct rules_game *game;

	if (rules_options_merge(ref->base_options, obs->text, options,
				sizeof(options)) < 0) {
		refuse(ref, obs, "the options are too long");
		return;
	}
	game = rules_game_new_fresh(ref->game->ops, options, draw(), why,
				    sizeof(why));
	if (game == NULL) {
		refuse(ref, obs, why);
		return;
	}
	if (ref_use_game(ref, game, why, sizeof(why)) < 0) {
		rules_game_free(game);
		refuse(ref, obs, why);
		return;
	}
	ref_start_game(ref);
}

void referee_enter_secret(struct referee *ref, int seat, const char *text)
{
	const struct rules *ops = ref->game->ops;
	const char *name = rules_seat_name(ops, seat);
	char options[256], why[RULES_ERR_MAX];
	struct rules_game *game;
	int clash;

	if (ops->seat_enter == NULL) {
		ref_say(ref, VERDICT_REFUSED, CAUSE_REFUSED, ref->ply, NULL,
			"secret refused: %s has no secrets to enter",
			ops->name);
		return;
	}
	if (ref->state == REF_IDLE) {
		ref_say(ref, VERDICT_REFUSED, CAUSE_REFUSED, ref->ply, NULL,
			"secret refused: no game is on");
		return;
	}
	/* Before anything is played: no move, and no position set by the
	 * arbiter either (a new game from the options would undo it). */
	ops->start(ref->game, ref->scratch);
	if (ref->ply > 0 ||
	    memcmp(ref->scratch, ref_pos(ref), ref->pos_size) != 0) {
		ref_say(ref, VERDICT_REFUSED, CAUSE_REFUSED, ref->ply, NULL,
			"secret refused: secrets are entered before anything is played");
		return;
	}
	clash = ops->seat_enter(ref->game, seat, text, options,
				sizeof(options), why, sizeof(why));
	if (clash < 0 ||
	    (game = rules_game_new(ops, options, why, sizeof(why))) == NULL) {
		ref_say(ref, VERDICT_REFUSED, CAUSE_REFUSED, 0, NULL, "secret refused: %s",
			why);
		return;
	}
	if (ref_use_game(ref, game, why, sizeof(why)) < 0) {
		rules_game_free(game);
		ref_say(ref, VERDICT_REFUSED, CAUSE_REFUSED, 0, NULL, "secret refused: %s",
			why);
		return;
	}
	reset_to_start(ref);
	ref_clear_move(ref);
	ref_new_move(ref);
	ref->options_changed = 1;
	if (clash)
		ref_say(ref, VERDICT_COMMAND, CAUSE_SECRET, 0, NULL,
			"seat %s entered a secret; %s", name, why);
	else if (waiting(ref))
		ref_say(ref, VERDICT_COMMAND, CAUSE_SECRET, 0, NULL,
			"seat %s entered a secret; waiting for the others",
			name);
	else
		ref_say(ref, VERDICT_COMMAND, CAUSE_SECRET, 0, NULL,
			"seat %s entered a secret; all are in: %s to move",
			name, ref_mover_name(ref));
}

static void end(struct referee *ref, const struct observation *obs)
{
	if (ref->state == REF_IDLE) {
		refuse(ref, obs, "no game is on");
		return;
	}
	ref_clear_move(ref);
	ref->state = REF_IDLE;
	ref_say(ref, VERDICT_OVER, CAUSE_ENDED, ref->ply, NULL,
		"ended by the arbiter after %d move%s; no result", ref->ply,
		ref->ply == 1 ? "" : "s");
}

void ref_command(struct referee *ref, const struct observation *obs)
{
	static void (*const commands[OBS_KIND_COUNT])(struct referee *,
						      const struct observation *) = {
		[OBS_START] = start, [OBS_END] = end, [OBS_ENTRY] = entry,
		[OBS_CONFIRM] = confirm, [OBS_REJECT] = reject,
		[OBS_CORRECT] = correct, [OBS_POSITION] = set_position,
		[OBS_UNDO] = undo,
	};

	if ((unsigned)obs->kind < OBS_KIND_COUNT && commands[obs->kind] != NULL)
		commands[obs->kind](ref, obs);
	else
		refuse(ref, obs, "not a command");
}
