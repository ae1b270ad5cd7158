/*
 * referee_command.c - snapshots (count boards, cameras), moves entered by
 * hand, and the arbiter's commands: start, end, confirm, reject,
 * correct, set position, undo. Every command is answered by a verdict,
 * carried out ("command") or refused with the reason ("refused").
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

#define SNAP_CHAIN_MAX 8	/* sowings of one turn a snapshot may span */
#define SNAP_NODES_MAX 512	/* positions searched per snapshot */

static const char *mover_name(const struct referee *ref)
{
	return rules_seat_name(ref->game->ops, ref_mover(ref));
}

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
	char text[256], options[256];

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
			"(standard rules)", text, mover_name(ref));
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

/* ----------------------------------------------------------- snapshots */

struct snap_node {
	int parent;			/* index of the node before, or -1 */
	struct rules_move move;		/* the sowing that led here */
	char text[16];
	int depth;
};

static int distance(const int *a, const int *b, int n)
{
	int d = 0;

	for (int i = 0; i < n; i++)
		d += abs(a[i] - b[i]);
	return d;
}

/*
 * "pit c reads 5, expected 4; store S reads 9, expected 10", and the
 * places that differ into `about`.
 */
static void disagreement(const struct referee *ref, const int *seen,
			 const int *want, char *buf, size_t len,
			 struct ref_about *about)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int h = 0; h < ref->nholes && used < len; h++) {
		if (seen[h] == want[h])
			continue;
		ref_about_place(about, h);
		used += (size_t)snprintf(buf + used, len - used,
					 "%s%s %s reads %d, expected %d",
					 used ? "; " : "", ref_hole_word(ref, h),
					 ref_hole_name(ref, h), seen[h], want[h]);
	}
}

/* A sowing still under way: seeds lifted, some of them sown. */
static int sowing_in_progress(const struct referee *ref, const int *seen,
			      char *buf, size_t len)
{
	int counts[SENSE_HOLES_MAX];

	for (int e = 0; e < ref->nexpect; e++) {
		const struct sense_expect *x = &ref->expect[e];

		ref->sense->counts(ref->game, ref_pos_const(ref), counts);
		counts[x->origin] = 0;
		for (int k = 0; k < x->nsow; k++) {
			counts[x->sow[k]]++;
			if (k + 1 < x->nsow &&
			    distance(counts, seen, ref->nholes) == 0) {
				snprintf(buf, len, "%s: %d of %d seeds sown",
					 x->text, k + 1, x->nsow);
				return 1;
			}
		}
	}
	return 0;
}

/* Plays the chain of sowings that ends at node `at`, in order. */
static void play_chain(struct referee *ref, const struct snap_node *nodes,
		       int at, enum verdict_kind kind,
		       const struct ref_about *about, const char *note)
{
	static const struct ref_about sensed = { .cause = CAUSE_SENSED };
	int chain[SNAP_CHAIN_MAX + 1], n = 0;

	for (; at > 0 && n <= SNAP_CHAIN_MAX; at = nodes[at].parent)
		chain[n++] = at;
	while (n-- > 0)
		if (ref_accept(ref, &nodes[chain[n]].move, n == 0 ? kind :
			       VERDICT_ACCEPT, n == 0 ? about : &sensed,
			       n == 0 ? note : "") < 0)
			return;
}

void ref_snapshot(struct referee *ref, const char *text)
{
	const struct rules *ops = ref->game->ops;
	int seen[SENSE_HOLES_MAX], here[SENSE_HOLES_MAX], counts[SENSE_HOLES_MAX];
	struct snap_node *nodes;
	unsigned char *pos;
	int nnodes = 1, best = -1, best_d = 0, ties = 0, here_d, seat;
	char err[RULES_ERR_MAX], why[256];
	struct ref_about about = { .cause = CAUSE_SNAPSHOT_OFF };

	if (ref->state == REF_IDLE || ref->state == REF_HELD)
		return;
	ref->snapshots_seen = 1;
	if (sensing_snapshot_parse(ref->sense, ref->game, text, seen, err,
				   sizeof(err)) < 0) {
		ref_say(ref, VERDICT_NOTE, CAUSE_SNAPSHOT_BAD, ref->ply, NULL,
			"unreadable snapshot ignored: %s", err);
		return;
	}
	ref->sense->counts(ref->game, ref_pos_const(ref), here);
	here_d = distance(seen, here, ref->nholes);
	if (ref->state == REF_RESTORE) {
		if (here_d <= ref->cfg.snapshot_tolerance) {
			ref->state = REF_PLAY;
			ref_new_move(ref);
			about.cause = CAUSE_RESTORED;
			disagreement(ref, seen, here, why, sizeof(why), &about);
			ref_say_about(ref, VERDICT_NOTE, &about, ref->ply + 1,
				      NULL, "board restored%s%s; %s to move",
				      here_d ? " but " : "", why,
				      mover_name(ref));
		}
		return;
	}
	if (here_d == 0 || sowing_in_progress(ref, seen, why, sizeof(why)))
		return;

	/* Every position the side to move can reach this turn. */
	nodes = calloc(SNAP_NODES_MAX, sizeof(*nodes));
	pos = malloc((size_t)SNAP_NODES_MAX * ref->pos_size);
	if (nodes == NULL || pos == NULL) {
		ref_say(ref, VERDICT_NOTE, CAUSE_NO_MEMORY, ref->ply, NULL,
			"out of memory: snapshot ignored");
		goto out;
	}
	seat = ref_mover(ref);
	nodes[0].parent = -1;
	memcpy(pos, ref_pos(ref), ref->pos_size);
	for (int at = 0; at < nnodes; at++) {
		struct rules_move moves[32];
		const void *from = pos + (size_t)at * ref->pos_size;
		size_t n;

		if (at > 0) {
			ref->sense->counts(ref->game, from, counts);
			int d = distance(seen, counts, ref->nholes);

			if (best < 0 || d < best_d) {
				best = at, best_d = d, ties = 0;
			} else if (d == best_d && memcmp(from, pos + (size_t)best *
						ref->pos_size, ref->pos_size)) {
				ties++;
			}
			if (ops->to_move(ref->game, from).seat != seat ||
			    nodes[at].depth >= SNAP_CHAIN_MAX)
				continue;
		}
		n = ops->legal_moves(ref->game, from, moves, 32);
		for (size_t m = 0; m < n && m < 32 && nnodes < SNAP_NODES_MAX;
		     m++) {
			struct snap_node *next = &nodes[nnodes];
			void *to = pos + (size_t)nnodes * ref->pos_size;
			struct rules_outcome out;

			if (ops->move_format(ref->game, from, &moves[m],
					     next->text, sizeof(next->text)) < 0 ||
			    strcmp(next->text, "swap") == 0)
				continue;
			memcpy(to, from, ref->pos_size);
			if (ops->apply(ref->game, to, &moves[m], &out, NULL, 0) < 0)
				continue;
			next->parent = at;
			next->move = moves[m];
			next->depth = nodes[at].depth + 1;
			if (!(out.flags & RULES_EXTRA_TURN) ||
			    (out.flags & RULES_GAME_OVER))
				next->depth = SNAP_CHAIN_MAX;	/* turn over */
			nnodes++;
		}
	}

	if (best > 0 && ties > 0 && best_d <= ref->cfg.snapshot_tolerance &&
	    best_d < here_d) {
		/* Two reachable boards fit equally: the arbiter says which. */
		if (nodes[best].parent == 0) {
			ref->held = nodes[best].move;
			snprintf(ref->held_text, sizeof(ref->held_text), "%s",
				 nodes[best].text);
			ref->state = REF_HELD;
			ref->nqueue = 0;
			ref_say(ref, VERDICT_HOLD, CAUSE_AMBIGUOUS, ref->ply + 1,
				nodes[best].text, "%s plays %s? the snapshot fits %d moves equally "
				"well; confirm or correct", mover_name(ref),
				nodes[best].text, ties + 1);
		} else {
			ref_say(ref, VERDICT_NOTE, CAUSE_AMBIGUOUS, ref->ply + 1,
				NULL, "the snapshot fits %d turns of %s equally well; "
				"enter the moves", ties + 1, mover_name(ref));
		}
	} else if (best > 0 && best_d == 0 && ties == 0) {
		about.cause = CAUSE_SENSED;
		play_chain(ref, nodes, best, VERDICT_ACCEPT, &about, "");
	} else if (best > 0 && ties == 0 && best_d <= ref->cfg.snapshot_tolerance &&
		   best_d < here_d) {
		ref->sense->counts(ref->game, pos + (size_t)best * ref->pos_size,
				   counts);
		disagreement(ref, seen, counts, why, sizeof(why), &about);
		if (ref->cfg.snapshot_confirm && nodes[best].parent == 0) {
			ref->held = nodes[best].move;
			snprintf(ref->held_text, sizeof(ref->held_text), "%s",
				 nodes[best].text);
			ref->state = REF_HELD;
			ref->nqueue = 0;
			ref_say_about(ref, VERDICT_HOLD, &about, ref->ply + 1,
				      nodes[best].text,
				      "%s plays %s? snapshot: %s; confirm or correct",
				      mover_name(ref), nodes[best].text, why);
		} else {
			char note[300];

			snprintf(note, sizeof(note), "snapshot: %s", why);
			play_chain(ref, nodes, best, VERDICT_WARN, &about, note);
		}
	} else if (here_d <= ref->cfg.snapshot_tolerance) {
		about.cause = CAUSE_SNAPSHOT_FAR;
		disagreement(ref, seen, here, why, sizeof(why), &about);
		ref_say_about(ref, VERDICT_WARN, &about, ref->ply, NULL,
			      "snapshot disagrees with the board: %s", why);
	} else {
		char near[300] = "";

		if (best > 0) {
			ref->sense->counts(ref->game,
					   pos + (size_t)best * ref->pos_size,
					   counts);
			disagreement(ref, seen, counts, why, sizeof(why),
				     &about);
			snprintf(near, sizeof(near), " (nearest %s: %s)",
				 nodes[best].text, why);
		}
		about.cause = CAUSE_NO_FIT;
		ref_say_about(ref, VERDICT_FOUL, &about, ref->ply + 1, NULL,
			      "no legal move of %s leads to the board seen%s; "
			      "restore the board", mover_name(ref), near);
		ref_clear_move(ref);
		ref->state = REF_RESTORE;
	}
out:
	free(nodes);
	free(pos);
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
	size_t n;

	if (ops->move_parse(ref->game, ref_pos(ref), text, move, err,
			    len) < 0)
		return -2;	/* not a move at all */
	n = ops->legal_moves(ref->game, ref_pos(ref), legal, 64);
	for (size_t i = 0; i < n && i < 64; i++)
		if (memcmp(&legal[i], move, sizeof(*move)) == 0)
			return 0;
	/* Let the engine say why: apply on a copy refuses with a reason.
	 * Moves a game does not list (a claim, made out of turn) are legal
	 * when the engine applies them. */
	{
		struct rules_outcome out;

		memcpy(ref->scratch, ref_pos(ref), ref->pos_size);
		if (ops->apply(ref->game, ref->scratch, move, &out, err,
			       len) < 0)
			return -1;
	}
	return 0;
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

static void confirm(struct referee *ref, const struct observation *obs)
{
	struct rules_move move = ref->held;

	if (ref->state != REF_HELD) {
		refuse(ref, obs, "no move awaits confirmation");
		return;
	}
	{
	uint8_t queue[MATCH_OBS_MAX];
	int n = ref->nqueue;

	/* Drops sensed meanwhile belong to the moves after it. */
	memcpy(queue, ref->queue, (size_t)n);
	ref->state = REF_PLAY;
	if (ref_accept(ref, &move, VERDICT_ACCEPT,
		       &(struct ref_about){ .cause = CAUSE_CONFIRMED },
		       "confirmed by the arbiter") < 0)
		return;
	for (int i = 0; i < n && ref->state == REF_PLAY; i++)
		ref_drop_hole(ref, queue[i]);
	}
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
	char err[RULES_ERR_MAX], old[16];
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
	char err[RULES_ERR_MAX], text[256];
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
		"position set: %s; %s to move", text, mover_name(ref));
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
		mover_name(ref));
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
			name, mover_name(ref));
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
