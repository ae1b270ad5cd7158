/*
 * model_drops.c - reading a move drop by drop: the drops of a
 * drop-counter board aligned with the drops of every legal move
 * (match.c), followed until the move can be judged
 * (model_drops_judge.c).
 *
 * After each drop the model knows, for every legal move, the cheapest
 * way the drops so far begin it (prefix cost) and make it whole (cost).
 * It accepts at once when exactly one move is made whole without a flaw
 * and no other could still grow; it judges at the turn button, after a
 * quiet period, or when a drop fits no move as well as the drops before
 * it made a whole one (the first drop of the next move); and it calls a
 * foul as soon as no legal move is within reach. Drops after the end of
 * the game are play after the end, but for the pieces of the last move
 * still being carried in.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/model_drops.h"

/* ---------------------------------------------------------- matching */

static void board_geometry(struct drops *d)
{
	struct referee *ref = d->ref;
	const char *options = rules_game_options(ref->game);
	int n = ref->nholes;

	/* Each game starts with its own options: the same board. */
	if (d->board.holes == n && strcmp(d->geometry_of, options) == 0)
		return;
	snprintf(d->geometry_of, sizeof(d->geometry_of), "%s", options);
	d->board.holes = n;
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++)
			d->board.adjacent[a * n + b] = (uint8_t)(a != b &&
				ref->sense->adjacent(ref->game, a, b));
}

static void line_flags(struct drops *d)
{
	struct referee *ref = d->ref;

	for (int h = 0; h < ref->nholes; h++) {
		enum line_state s = ref->health[h].state;

		d->board.free_miss[h] = (uint8_t)(s == LINE_DEAD ||
						  s == LINE_STUCK);
		d->board.forbidden[h] = (uint8_t)ref->sense->forbidden(
			ref->game, ref_pos_const(ref), h);
	}
	drops_line_costs(d);
}

void drops_evaluate(struct drops *d, int n, int trace)
{
	d->min_prefix = MATCH_FAR;
	d->best_whole = MATCH_FAR;
	d->best_sown = MATCH_FAR;
	for (int e = 0; e < d->nexpect; e++) {
		struct match_result *r = &d->result[e];

		match_whole(&d->board, &d->expect[e], &d->align[e], d->pend,
			    d->pend_t, n, trace, r);
		if (r->prefix_cost < d->min_prefix)
			d->min_prefix = r->prefix_cost;
		if (r->cost < d->best_whole)
			d->best_whole = r->cost;
		if (r->cost - r->tail_cost < d->best_sown)
			d->best_sown = r->cost - r->tail_cost;
	}
}

/*
 * One move is whole and flawless (but for the hand's shadow), no other
 * is about as good whole, and none that could still grow is about as
 * good begun: it is taken as soon as a pause longer than the hand's own
 * shows the hand has stopped.
 */
static int whole_at_once(const struct drops *d)
{
	int whole = -1;

	for (int e = 0; e < d->nexpect; e++) {
		const struct match_result *r = &d->result[e];

		/* (a cost of exactly the board's shadow: the shadow) */
		if ((r->cost <= MATCH_COST_SHADOW ||
		     r->cost == d->board.shadow) &&
		    (r->tail_sensed == r->tail_expected || d->expect[e].ends) &&
		    (whole < 0 || r->cost < d->result[whole].cost))
			whole = e;
	}
	for (int e = 0; whole >= 0 && e < d->nexpect; e++) {
		const struct match_result *r = &d->result[e];
		const struct sense_expect *x = &d->expect[e];
		int near = d->result[whole].cost + DROPS_TIE;

		if (e == whole)
			continue;
		if (r->cost <= near ||
		    (r->prefix_cost <= near && x->npath + x->ntail > d->npend))
			return 0;
	}
	return whole >= 0;
}

void drops_rematch(struct drops *d)
{
	size_t off = 0;

	line_flags(d);
	for (int e = 0; e < d->nexpect; e++) {
		match_start(&d->board, &d->expect[e], &d->align[e],
			    d->arena_cost + off, d->arena_step + off);
		off += (size_t)match_cells(&d->expect[e]);
		for (int i = 1; i <= d->npend; i++)
			match_push(&d->board, &d->expect[e], &d->align[e],
				   d->pend, d->pend_t, i);
	}
	drops_evaluate(d, d->npend, 0);
	d->whole = d->npend > 0 && whole_at_once(d);
}

/* The legal moves' drops for the current position, and room to align. */
static void drops_follow(struct referee *ref, void *state)
{
	struct drops *d = state;
	size_t cells = 0;

	d->npend = 0;
	d->whole = 0;
	d->lone = 0;
	d->lone_wait = 0;
	d->pace_one = 0;
	d->reach_t = 0;
	d->lifted = -1;
	d->again_pressed = 0;
	d->quiet_noted = 0;
	d->await_us = 0;
	d->split_wait_us = 0;
	memset(d->board.handful, 0, sizeof(d->board.handful));
	for (int e = 0; e < SENSE_MOVES_MAX; e++)
		d->next_n[e] = -2;
	d->again_moves += ref_moves_again(ref) != NULL;
	d->nexpect = (int)ref->sense->expect(ref->game, ref_pos_const(ref),
					     d->expect, SENSE_MOVES_MAX);
	for (int e = 0; e < d->nexpect; e++)
		cells += (size_t)match_cells(&d->expect[e]);
	if (cells > d->arena_cells) {
		uint16_t *cost = realloc(d->arena_cost, cells * sizeof(*cost));
		uint8_t *step;

		if (cost != NULL)
			d->arena_cost = cost;
		step = realloc(d->arena_step, cells);
		if (step != NULL)
			d->arena_step = step;
		if (cost == NULL || step == NULL) {
			ref_say(ref, VERDICT_NOTE, CAUSE_NO_MEMORY,
				ref->ply + 1, NULL,
				"out of memory: moves must be entered by hand");
			d->nexpect = 0;
			return;
		}
		d->arena_cells = cells;
	}
	drops_rematch(d);
}

/* ------------------------------------------------------- the evidence */

int drops_cheapest(const struct drops *d)
{
	int best = -1;

	for (int e = 0; e < d->nexpect; e++)
		if (best < 0 || d->result[e].cost < d->result[best].cost)
			best = e;
	return best;
}

/* While a move is held, drops wait for the arbiter's decision. */
static void keep(struct drops *d, int hole, uint64_t t)
{
	struct referee *ref = d->ref;

	if (d->nqueue < MATCH_OBS_MAX) {
		d->queue_t[d->nqueue] = t;
		d->queue[d->nqueue++] = (uint8_t)hole;
	}
	ref->held_kept++;
	if (!d->quiet_noted++)
		ref_say(ref, VERDICT_NOTE, CAUSE_KEPT, ref->ply + 1, NULL,
			"drops kept until the arbiter decides on %s",
			ref->held_text);
}

void drops_keep_late(struct drops *d, const struct sense_expect *e,
		     const struct match_result *r, int n)
{
	struct referee *ref = d->ref;

	memset(d->late, 0, (size_t)ref->nholes);
	for (int h = 0; h < ref->nholes; h++)
		d->late[h] = e->tail[h];
	for (int i = r->path_end; i < n; i++)
		if (d->late[d->pend[i]] > 0)
			d->late[d->pend[i]]--;
	/* (and those that rolled next door as they were carried in) */
	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].step == STEP_ROLL && r->dev[i].index == 0 &&
		    d->late[r->dev[i].expected] > 0)
			d->late[r->dev[i].expected]--;
	d->late_until = ref->now + ref->cfg.quiet_us;
}

/* A piece of the last move carried in after its verdict: nothing to
 * judge. */
static int late_piece(struct drops *d, int hole, uint64_t t)
{
	if (d->npend > 0 || t > d->late_until || d->late[hole] == 0)
		return 0;
	d->late[hole]--;
	d->late_until = t + d->ref->cfg.quiet_us;
	return 1;
}

/* A drop after the end of the game: play after the end, a foul once for
 * the drops that follow each other closer than the quiet period. */
static void after_end(struct drops *d, int hole, uint64_t t)
{
	if (!d->ref->in_game || late_piece(d, hole, t))
		return;
	drops_end_foul(d, hole);
}

void drops_end_foul(struct drops *d, int hole)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_AFTER_END };
	const struct sense_words *w = ref_words(ref);

	ref_about_place(&about, hole);
	ref_say_about(ref, VERDICT_FOUL, &about, ref->ply, NULL,
		      "the game is over: restore the board (a %s fell in %s "
		      "%s after the end)", w->piece, ref_hole_word(ref, hole),
		      ref_hole_name(ref, hole));
	ref_await_restore(ref);
}

/* The drops before this one made a whole move at least as well as any
 * beginning, this drop makes every move worse, and it came after a
 * pause: it is the first drop of the next move (unless the turn passes
 * on a table whose players press a button for that). */
static int next_move_begun(struct drops *d, int min_before, int whole_before,
			   uint64_t gap)
{
	struct referee *ref = d->ref;

	/* With a count source, the counts part the moves. */
	if (ref_counts_read(ref))
		return 0;
	/* (the mover's move whole without a fault a misplay might
	 * explain better, but for the hand's shadow: else the drops are
	 * judged together) */
	return d->min_prefix > min_before && d->npend > 1 &&
	       (whole_before <= DROPS_MISPLAY - DROPS_MARGIN_EXACT ||
		whole_before <= d->board.shadow) &&
	       whole_before < min_before + DROPS_MARGIN &&
	       gap >= ref->cfg.turn_gap_us &&
	       !(ref->buttons_seen && drops_passes_turn(d, d->npend - 1)) &&
	       !drops_pace_together(d, whole_before, gap);
}

static void drops_finish(struct referee *ref, void *state);

void drops_take(struct drops *d, int hole, uint64_t t, uint64_t heard)
{
	struct referee *ref = d->ref;
	int min_before = d->min_prefix, whole_before = d->best_whole, one,
	    passes;
	uint64_t gap;

	drops_press_forget(d);
	if (ref->state == REF_HELD)
		keep(d, hole, t);
	if (ref->state == REF_IDLE)
		after_end(d, hole, t);
	if (ref->state != REF_PLAY || late_piece(d, hole, t))
		return;
	/* Another hand after the long pause: the drops before it are
	 * judged first, as at two quiet periods (a lone pulse awaited, as
	 * at the pause that ends a sowing). */
	if (drops_other_hand(d, hole, t) || drops_lone_first(d, hole, t)) {
		drops_finish(ref, d);
		if (ref->state != REF_RESTORE)
			drops_take(d, hole, t, heard);
		return;
	}
	/* Judged by its drops: its counts did not come before this (a
	 * move that no drop can mend waits on). */
	if (d->await_us != 0 && d->npend > 0 &&
	    d->min_prefix < DROPS_FOUL_AT) {
		d->await_us = 0;
		drops_judge(d, d->npend);
		if (ref->state == REF_PLAY || ref->state == REF_HELD)
			drops_take(d, hole, t, heard);
		return;
	}
	d->split_wait_us = 0;	/* the drops are read again with it */
	gap = d->npend > 0 ? t - d->last_drop_us : 0;
	d->last_drop_us = t;
	d->tempo_us = gap;
	d->heard_us = heard;
	if (d->npend == MATCH_OBS_MAX) {
		struct ref_about about = { .cause = CAUSE_NO_FIT };

		drops_foul(d, d->npend, "too many drops for one move", &about);
		return;
	}
	d->pend_t[d->npend] = t;
	d->pend[d->npend++] = (uint8_t)hole;
	for (int e = 0; e < d->nexpect; e++)
		match_push(&d->board, &d->expect[e], &d->align[e], d->pend,
			   d->pend_t, d->npend);
	drops_evaluate(d, d->npend, 0);
	if (drops_revise(d)) {
		/* the mover's hand had only paused: read on as its move */
	} else if (next_move_begun(d, min_before, whole_before, gap)) {
		drops_judge(d, d->npend - 1);
		/* (after a move that ended the game: play after the end) */
		if (ref->state != REF_RESTORE)
			drops_take(d, hole, t, heard);
		return;
	}
	/* No move can be read any more: judged now (or when the counts
	 * come), unless the drops are two players' sowings under way. */
	if (d->min_prefix >= DROPS_FOUL_AT &&
	    !drops_split_begun(d, d->npend)) {
		if (!ref_counts_read(ref))
			drops_judge(d, d->npend);
		else	/* the counts come once the board is still */
			d->await_us = heard + ref->cfg.quiet_us;
		return;
	}
	d->whole = whole_at_once(d);
	/* One pulse, whole: of a move after which the mover presses the
	 * button, that button is awaited (model_drops_lone.c); of one that
	 * gives its mover another turn, the table's usual longest step
	 * (model_drops_pace.c). */
	one = d->whole && d->npend == 1 && !ref_counts_read(ref);
	passes = one && drops_passes_turn(d, 1);
	drops_lone_note(d, passes);
	drops_pace_note(d, one && !passes);
}

/* A hand in a place: the place a move is begun from, for the touch rule. */
static void lift(struct drops *d, const struct observation *obs)
{
	int hole = ref_hole_index(d->ref, obs->where);

	if (hole < 0 || d->ref->state != REF_PLAY || d->npend > 0 ||
	    d->lifted >= 0)
		return;
	for (int e = 0; e < d->nexpect; e++)
		if (d->expect[e].origin == hole)
			d->lifted = hole;
}

static void keep_button(struct drops *d, int seat, uint64_t t, int theirs);

/* The turn button of `seat`, pressed at `t` (now, or earlier when it was
 * kept while a move was held): the move is made. 1 when it was read as
 * a move whose every piece went unseen. */
static int button_read(struct drops *d, int seat, uint64_t t)
{
	struct referee *ref = d->ref;
	int unseen = 0;

	/* With a count source, the move is judged when its counts come. */
	if (d->npend > 0 && ref_counts_read(ref)) {
		if (d->await_us == 0)
			d->await_us = ref->now + ref->cfg.quiet_us;
		return 0;
	}
	/* The last mover's button: the drops since are theirs. */
	if (d->npend > 0 && drops_mover_button(d, seat, t))
		return 0;
	/* The other player's button: pulses after the mover's move are
	 * theirs (judged at it, below, unless they overlapped it). */
	if (drops_turn_pending(d, seat) &&
	    (ref->state != REF_PLAY || d->npend == 0))
		return 0;
	/* After the mover said their turn was over: the other player's. */
	if (d->npend > 0 && drops_out_of_turn(d, seat))
		return 0;
	if (d->npend > 0) {
		int ply = ref->ply, over = d->again_pressed == ply + 1;
		uint64_t last = d->pend_t[d->npend - 1];

		d->mover_done = seat == ref_mover(ref);
		d->press_us = d->mover_done ? t : 0;
		drops_judge(d, d->npend);
		/* The other player's button said they moved, too (unless the
		 * mover, moving again, said their turn was over before these
		 * drops, which may then be no move of theirs at all): read
		 * again once the mover's move is confirmed, when held. */
		if (!d->mover_done && !over &&
		    drops_button_theirs(d, seat, ply, t))
			unseen = drops_theirs_alone(d, seat);
		else if (!d->mover_done && !over && ref->state == REF_HELD &&
			 ref->ply == ply && t >= last + DROPS_REACH_US)
			keep_button(d, seat, t, 1);
		d->mover_done = 0;
		d->press_us = 0;
		return unseen;
	}
	return drops_button_alone(d, seat, t);
}

/* The button, judged with the table's habit as it was before it: the
 * pause it closes is learnt after (not when the button was read as a
 * move unseen, whose pause is no press after a last piece). */
static void button(struct drops *d, int seat, uint64_t t)
{
	uint64_t gap;

	if (d->ref->state != REF_PLAY) {
		drops_press_forget(d);
		return;
	}
	gap = drops_press_late(d, seat, t);
	if (!button_read(d, seat, t))
		drops_press_late_learn(d, gap);
}

/* ------------------------------------------------------------- model */

static void drops_close(void *state)
{
	struct drops *d = state;

	if (d == NULL)
		return;
	free(d->board.adjacent);
	free(d->track);
	free(d->late);
	free(d->next);
	free(d->reach);
	free(d->prev);
	free(d->arena_cost);
	free(d->arena_step);
	free(d);
}

static void *drops_open(struct referee *ref)
{
	size_t n = (size_t)ref->nholes;
	struct drops *d = calloc(1, sizeof(*d));

	if (d == NULL)
		return NULL;
	d->ref = ref;
	d->unsettled_seat = -1;
	d->lifted = -1;
	d->board.adjacent = calloc(n * n + 1, 1);
	d->track = calloc(n + 1, sizeof(*d->track));
	d->late = calloc(n + 1, 1);
	d->next = calloc(SENSE_MOVES_MAX * SENSE_MOVES_MAX, sizeof(*d->next));
	d->reach = calloc(MATCH_OBS_MAX + 1, SENSE_PATH_MAX + 1);
	d->prev = calloc(SENSE_MOVES_MAX, sizeof(*d->prev));
	if (d->board.adjacent == NULL || d->track == NULL ||
	    d->late == NULL || d->next == NULL || d->reach == NULL ||
	    d->prev == NULL) {
		drops_close(d);
		return NULL;
	}
	board_geometry(d);
	return d;
}

static void drops_use_game(struct referee *ref, void *state)
{
	struct drops *d = state;

	(void)ref;
	d->twin.ply = 0;
	d->reversed_fouls = 0;
	d->again_pressed = 0;
	d->late_doubt = 0;
	drops_press_forget(d);
	board_geometry(state);
}

/* The button of `seat` at `t`. */
static void pressed(struct drops *d, int seat, uint64_t t)
{
	button(d, seat, t);
	/* The mover's button after a move that moves them again: they
	 * said their turn was over. */
	if (d->npend == 0 && d->ref->state == REF_PLAY &&
	    seat == ref_mover(d->ref) && ref_moves_again(d->ref) != NULL)
		d->again_pressed = d->ref->ply + 1;
	/* A move taken before stands, or was taken now: its mover said it
	 * was made (or the next player did). */
	d->last.ply = 0;
	if (d->npend == 0 && d->ref->state == REF_PLAY)
		d->ended_us = t;
}

/* A button pressed while a move is held: read with the drops kept
 * meanwhile, in its place among them, once the move is confirmed (the
 * moves after it end at their buttons as they would have). */
static void keep_button(struct drops *d, int seat, uint64_t t, int theirs)
{
	if (seat >= 0 && d->nkept_buttons < DROPS_KEPT_BUTTONS) {
		d->kept_seat[d->nkept_buttons] = (uint8_t)seat;
		d->kept_theirs[d->nkept_buttons] = (uint8_t)theirs;
		d->kept_button_t[d->nkept_buttons++] = t;
	}
}

/* The other player's button that ended the move held, kept, once that
 * move is confirmed: when it handed them the turn, their button with
 * nothing sensed (or with what was kept before it); when it gave its
 * mover another turn, it only said that move was over, as it would
 * have said at once. */
static void theirs_kept(struct drops *d, int seat, uint64_t t)
{
	if (seat == ref_mover(d->ref) && d->npend > 0) {
		pressed(d, seat, t);
		return;
	}
	if (seat == ref_mover(d->ref))
		drops_theirs_alone(d, seat);
	d->last.ply = 0;
	if (d->npend == 0 && d->ref->state == REF_PLAY)
		d->ended_us = t;
}

static void drops_feed(struct referee *ref, void *state,
		       const struct observation *obs)
{
	struct drops *d = state;

	if (obs->kind == OBS_DROP) {
		drops_aside_settled(d);
		d->drop_us = obs->t_us;
		d->drop_open = 1;
		drops_pulse(d, obs);
	} else if (obs->kind == OBS_LIFT) {
		/* A hand lifting pieces begins a move: the one before is
		 * over. */
		d->last.ply = 0;
		drops_press_forget(d);
		lift(d, obs);
	} else if (ref->state == REF_HELD) {
		keep_button(d, rules_seat_find(ref->game->ops, obs->where),
			    obs->t_us, 0);
	} else {
		pressed(d, rules_seat_find(ref->game->ops, obs->where),
			obs->t_us);
	}
}

static void drops_forget(struct referee *ref, void *state)
{
	struct drops *d = state;

	(void)ref;
	d->whole = 0;
	d->pace_one = 0;
	d->npend = 0;
	d->lifted = -1;
	d->await_us = 0;
	d->split_wait_us = 0;
	/* (a move taken or changed by anyone else stands) */
	d->last.ply = 0;
	drops_press_moved(d);
}

static void drops_held(struct referee *ref, void *state)
{
	struct drops *d = state;

	(void)ref;
	d->nqueue = 0;
	d->nkept_buttons = 0;
	d->held_ply = 0;	/* a move of this model's is marked after */
	d->held_blind = 0;
	d->kept_seen_ply = 0;
	d->nkept_seen = 0;
	d->overlap_ply = 0;
	d->late_doubt = 0;
}

/* Drops kept are read on while the game goes on, or once it is over
 * (play after the end). */
static int read_on(const struct referee *ref)
{
	return ref->state == REF_PLAY || ref->state == REF_IDLE;
}

/* The held move was confirmed and taken: its faults are counted against
 * the lines, and the drops kept meanwhile belong to the moves after it
 * (but for its own last pieces, fallen late). */
static void drops_resume(struct referee *ref, void *state)
{
	struct drops *d = state;
	uint8_t queue[MATCH_OBS_MAX], seat[DROPS_KEPT_BUTTONS],
		theirs[DROPS_KEPT_BUTTONS];
	uint64_t queue_t[MATCH_OBS_MAX], seat_t[DROPS_KEPT_BUTTONS];
	int n, nb, b = 0, own = d->held_ply == ref->ply;

	/* (counts kept while another ply was held, or with ranges: none) */
	if (d->kept_seen_ply != ref->ply || ref->seen_hi != NULL)
		d->nkept_seen = 0;
	/* The faults it showed were the lines', as the confirmation says
	 * (but for pulses read elsewhere, none of its own). */
	if (own) {
		struct match_result r;

		if (!drops_kept_moved(d))
			drops_late_own(d);
		drops_held_own(d, &r);
		drops_account(d, &d->held_e, &r);
	}
	/* It ended the game: what else was sensed is play after the end. */
	if (drops_end_confirmed(d, own))
		return;
	d->held_ply = 0;
	n = d->nqueue;
	/* The next player's sowing overlapped it: made again. */
	if (d->overlap_ply == ref->ply || drops_kept_overlap(d)) {
		d->nqueue = 0;
		d->nkept_buttons = 0;
		drops_overlap_foul(d);
		return;
	}
	/* Pulses none of its pieces are read again with what came after. */
	if (own) {
		drops_unmatched_requeue(d);
		n = d->nqueue;
	}
	memcpy(queue, d->queue, (size_t)n);
	memcpy(queue_t, d->queue_t, (size_t)n * sizeof(queue_t[0]));
	memcpy(seat, d->kept_seat, sizeof(seat));
	memcpy(seat_t, d->kept_button_t, sizeof(seat_t));
	memcpy(theirs, d->kept_theirs, sizeof(theirs));
	nb = d->nkept_buttons;
	d->nqueue = 0;
	d->nkept_buttons = 0;
	/* In the order they came: each button before the drops after it
	 * (after a move among them that ended the game, play after the
	 * end; once a move among them is held, the rest are kept again
	 * for the arbiter's decision on it; the counts kept come in their
	 * places among the drops). */
	for (int i = 0; i <= n && (read_on(ref) || ref->state == REF_HELD);
	     i++) {
		for (; b < nb && (i == n || seat_t[b] <= queue_t[i]); b++)
			if (ref->state == REF_PLAY && theirs[b])
				theirs_kept(d, seat[b], seat_t[b]);
			else if (ref->state == REF_PLAY)
				pressed(d, seat[b], seat_t[b]);
			else if (ref->state == REF_HELD)
				keep_button(d, seat[b], seat_t[b], theirs[b]);
		if (ref->state == REF_PLAY)
			drops_resume_counted(d, i < n ? queue_t[i] : 0);
		if (i < n && (read_on(ref) || ref->state == REF_HELD))
			drops_take(d, queue[i], queue_t[i], ref->now);
	}
}

static uint64_t drops_deadline(const struct referee *ref, const void *state)
{
	const struct drops *d = state;

	if (ref->state != REF_PLAY || d->npend == 0)
		return 0;
	if (d->await_us != 0)
		return d->await_us;
	/* Two players' moves read at the pause: a button is awaited. */
	if (d->split_wait_us != 0)
		return d->split_wait_us;
	/* With a count source, a move waits for its counts. */
	if (ref_counts_read(ref))
		return d->heard_us + drops_hand_pause(ref, d);
	/* One pulse that may be a stray, the hand's shadow on the place it
	 * lifts, or a piece of the hand that made the move before: its
	 * mover's button is awaited. */
	if (d->whole && (d->lone_wait || drops_reach_waits(d)))
		return d->heard_us + ref->cfg.quiet_us;
	/* A whole move is taken once a pause shows the hand has stopped:
	 * on one pulse, whose tempo is unknown, when it gives its mover
	 * another turn, the table's usual longest step. */
	if (d->whole) {
		uint64_t wait = d->tempo_us * 5 / 4 > ref->cfg.turn_gap_us ?
				d->tempo_us * 5 / 4 : ref->cfg.turn_gap_us;

		return d->heard_us + drops_pace_wait(ref, d, wait);
	}
	/* The drops begin a sowing better than they make one whole: the
	 * hand still holds pieces, and may pause long (beside a count
	 * source, which shows the board once still, even with a fault). */
	if (d->min_prefix < (ref_counts_read(ref) ? DROPS_FOUL_AT / 2 :
			     MATCH_COST_SHADOW) &&
	    d->min_prefix + DROPS_MARGIN <= d->best_sown)
		return ref->last_activity + drops_hand_pause(ref, d);
	return ref->last_activity + ref->cfg.quiet_us;
}

static void drops_finish(struct referee *ref, void *state)
{
	struct drops *d = state;

	d->await_us = 0;
	d->finishing = 1;
	if (ref->state == REF_PLAY && d->npend > 0) {
		drops_revise_late(d);
		drops_judge(d, d->npend);
	}
	d->finishing = 0;
}

const struct sense_model sense_model_drops = {
	.name = "drops",
	.reads = SENSE_READS(OBS_DROP) | SENSE_READS(OBS_LIFT) |
		 SENSE_READS(OBS_BUTTON),
	.open = drops_open,
	.close = drops_close,
	.feed = drops_feed,
	.use_game = drops_use_game,
	.follow = drops_follow,
	.forget = drops_forget,
	.held = drops_held,
	.resume = drops_resume,
	.deadline = drops_deadline,
	.finish = drops_finish,
	.counted = drops_counted,
};
