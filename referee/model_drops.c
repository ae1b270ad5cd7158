/*
 * model_drops.c - reading a move drop by drop: the drops of a
 * drop-counter board aligned with the drops of every legal move
 * (match.c), and the verdict.
 *
 * After each drop the model knows, for every legal move, the cheapest
 * way the drops so far begin it (prefix cost) and make it whole (cost).
 * It accepts at once when exactly one move is made whole without a flaw
 * and no other could still grow; it judges at the turn button, after a
 * quiet period, or when a drop fits no move as well as the drops before
 * it made a whole one (the first drop of the next move); and it calls a
 * foul as soon as no legal move is within reach. Noise costs: a move one
 * slip away is accepted with a warning, two slips away it waits for the
 * arbiter's confirmation, further is a foul.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/model_drops.h"

static void append(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used >= len - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* ---------------------------------------------------------- matching */

static void board_geometry(struct drops *d)
{
	struct referee *ref = d->ref;
	int n = ref->nholes;

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
}

/* Aligns pend[0..n) with every legal move, as beginning and as whole. */
static void evaluate(struct drops *d, int n, int trace)
{
	d->min_prefix = MATCH_FAR;
	d->best_whole = MATCH_FAR;
	for (int e = 0; e < d->nexpect; e++) {
		struct match_result *r = &d->result[e];

		match_whole(&d->board, &d->expect[e], &d->align[e], d->pend, n,
			    trace, r);
		if (r->prefix_cost < d->min_prefix)
			d->min_prefix = r->prefix_cost;
		if (r->cost < d->best_whole)
			d->best_whole = r->cost;
	}
}

/*
 * Exactly one move is whole and flawless and no other can still grow: it
 * is taken as soon as a pause shows the hand has stopped.
 */
static int whole_at_once(const struct drops *d)
{
	int whole = -1;

	for (int e = 0; e < d->nexpect; e++) {
		const struct match_result *r = &d->result[e];
		const struct sense_expect *x = &d->expect[e];

		if (r->cost == 0 && r->tail_sensed == r->tail_expected) {
			if (whole >= 0)
				return 0;
			whole = e;
		} else if (r->prefix_cost == 0 &&
			   x->npath + x->ntail > d->npend) {
			return 0;
		}
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
				   d->pend, i);
	}
	evaluate(d, d->npend, 0);
	d->whole = d->npend > 0 && whole_at_once(d);
}

/* The legal moves' drops for the current position, and room to align. */
static void drops_follow(struct referee *ref, void *state)
{
	struct drops *d = state;
	size_t cells = 0;

	d->npend = 0;
	d->whole = 0;
	d->lifted = -1;
	d->quiet_noted = 0;
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

/* ----------------------------------------------------------- verdicts */

/* "d e S A": the drops as sensed, for a foul message. */
static void drops_text(const struct drops *d, int n, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < n && i < 24; i++)
		append(buf, len, "%s%s", i ? " " : "",
		       ref_hole_name(d->ref, d->pend[i]));
	if (n > 24)
		append(buf, len, " ...");
}

/*
 * A foul: the drops fit no legal move (`nearest` the best of them, or -1)
 * or `why` says what was wrong; `about` what it is about, its places
 * completed from the nearest move.
 */
static void foul(struct drops *d, int n, int nearest, const char *why,
		 struct ref_about *about)
{
	struct referee *ref = d->ref;
	char drops[128], text[256] = "";

	drops_text(d, n, drops, sizeof(drops));
	if (why != NULL)
		snprintf(text, sizeof(text), "%s", why);
	else if (nearest >= 0)
		drops_describe(d, &d->expect[nearest], &d->result[nearest], 0,
			       text, sizeof(text), about);
	if (nearest >= 0 && why == NULL)
		ref_say_about(ref, VERDICT_FOUL, about, ref->ply + 1, NULL,
			      "no legal move of %s fits the drops %s (nearest "
			      "%s: %s); restore the board", ref_mover_name(ref),
			      drops, d->expect[nearest].text, text);
	else
		ref_say_about(ref, VERDICT_FOUL, about, ref->ply + 1, NULL,
			      "%s%s%s; restore the board", text,
			      n ? ": drops " : "", n ? drops : "");
	ref_await_restore(ref);
}

/* No legal move fits: `why`, or the nearest move's deviations. */
static void foul_no_fit(struct drops *d, int n, int nearest, const char *why)
{
	struct ref_about about = { .cause = CAUSE_NO_FIT };

	foul(d, n, nearest, why, &about);
}

static void hold(struct drops *d, int e, const char *why,
		 const struct ref_about *about)
{
	ref_hold(d->ref, &d->expect[e].move, d->expect[e].text, about, why);
}

/*
 * The place touched first is not the origin of the move that fits best:
 * held when its own move fits a little worse (a sensor fault, or the
 * touch rule broken), a foul when it does not fit at all. 0 when that
 * does not decide.
 */
static int judge_touched(struct drops *d, int n, int touched, int best)
{
	struct referee *ref = d->ref;
	const struct sense_words *w = ref_words(ref);
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[256] = "";

	if (d->result[touched].cost <= MATCH_ACCEPT) {
		drops_describe(d, &d->expect[touched], &d->result[touched], 0,
			       why, sizeof(why), &about);
		ref_about_place(&about, d->lifted);
		append(why, sizeof(why), "%s%s %s was touched; the drops fit "
		       "%s better", why[0] ? "; " : "",
		       ref_hole_word(ref, d->lifted),
		       ref_hole_name(ref, d->lifted), d->expect[best].text);
		hold(d, touched, why, &about);
		return 1;
	}
	if (d->result[best].cost <= MATCH_HOLD) {
		about.cause = CAUSE_ILLEGAL;
		ref_about_place(&about, d->lifted);
		ref_about_place(&about, d->expect[best].origin);
		snprintf(why, sizeof(why), "touch rule: %s %s was touched, so "
			 "%s must %s it; %s %s was %s",
			 ref_hole_word(ref, d->lifted),
			 ref_hole_name(ref, d->lifted), ref_mover_name(ref),
			 w->verb, ref_hole_word(ref, d->expect[best].origin),
			 d->expect[best].text, w->done);
		foul(d, n, best, why, &about);
		return 1;
	}
	return 0;
}

/* `ties` other moves fit as well as the best: the arbiter says which. */
static void hold_ties(struct drops *d, int best, int ties)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	int cost = d->result[best].cost;
	char why[256] = "the drops fit";

	for (int e = 0, k = 0; e < d->nexpect; e++) {
		if (d->result[e].cost != cost)
			continue;
		ref_about_place(&about, d->expect[e].origin);
		append(why, sizeof(why), "%s%s", k++ == 0 ? " " :
		       e == d->nexpect - 1 || k == ties + 1 ? " and " : ", ",
		       d->expect[e].text);
	}
	append(why, sizeof(why), " equally well");
	hold(d, best, why, &about);
}

/* The one best move: taken, taken with a warning, or held. */
static void take_or_hold(struct drops *d, int best)
{
	struct referee *ref = d->ref;
	const struct sense_words *w = ref_words(ref);
	struct sense_expect *e = &d->expect[best];
	struct match_result r = d->result[best];
	struct ref_about about = { .cause = CAUSE_HELD_FAULT };
	char why[256] = "";

	/* A move none of whose drops was sensed where expected is not
	 * taken on trust. */
	if (r.matched == 0 && e->npath > 0 && r.cost > 0) {
		drops_describe(d, e, &r, 0, why, sizeof(why), &about);
		hold(d, best, why, &about);
		return;
	}
	if (r.cost == 0 || (r.cost <= ref->cfg.accept_cost &&
			    r.free_misses == 0)) {
		drops_describe(d, e, &r, 1, why, sizeof(why), &about);
		about.cause = why[0] ? CAUSE_SENSED_FAULT : CAUSE_SENSED;
		drops_account(d, e, &r);
		ref_accept(ref, &e->move,
			   why[0] ? VERDICT_WARN : VERDICT_ACCEPT, &about, why);
		return;
	}
	drops_describe(d, e, &r, 0, why, sizeof(why), &about);
	if (r.free_misses > 0)
		append(why, sizeof(why), "%sa sensor out of order hides %d %s",
		       why[0] ? "; " : "", r.free_misses,
		       r.free_misses == 1 ? w->piece : w->pieces);
	hold(d, best, why, &about);
}

/*
 * Judges pend[0..n) as one whole move: accept, accept with a warning,
 * hold for confirmation, or foul.
 */
static void judge(struct drops *d, int n)
{
	int best = -1, ties = 0, touched = -1;
	char why[64];

	evaluate(d, n, 1);
	for (int e = 0; e < d->nexpect; e++) {
		if (d->expect[e].origin == d->lifted)
			touched = e;
		if (best < 0 || d->result[e].cost < d->result[best].cost) {
			best = e;
			ties = 0;
		} else if (d->result[e].cost == d->result[best].cost) {
			ties++;
		}
	}
	if (best < 0) {
		snprintf(why, sizeof(why), "no move can be made by %s",
			 ref_words(d->ref)->doing);
		foul_no_fit(d, n, -1, why);
		return;
	}
	if (touched >= 0 && d->result[touched].cost == d->result[best].cost) {
		best = touched;	/* the touched place settles a tie */
		ties = 0;
	}
	if (touched >= 0 && touched != best &&
	    d->result[touched].cost > d->result[best].cost &&
	    judge_touched(d, n, touched, best))
		return;
	if (d->result[best].cost > MATCH_HOLD)
		foul_no_fit(d, n, best, NULL);
	else if (ties > 0)
		hold_ties(d, best, ties);
	else
		take_or_hold(d, best);
}

/* ------------------------------------------------------- the evidence */

/* Whether the best whole move of pend[0..n) hands the turn over. */
static int passes_turn(struct drops *d, int n)
{
	struct referee *ref = d->ref;
	struct rules_outcome out;
	int best = -1;

	evaluate(d, n, 0);
	for (int e = 0; e < d->nexpect; e++)
		if (best < 0 || d->result[e].cost < d->result[best].cost)
			best = e;
	evaluate(d, d->npend, 0);
	if (best < 0)
		return 1;
	memcpy(ref->scratch, ref_pos(ref), ref->pos_size);
	if (ref->game->ops->apply(ref->game, ref->scratch,
				  &d->expect[best].move, &out, NULL, 0) < 0)
		return 1;
	return !(out.flags & RULES_EXTRA_TURN) || (out.flags & RULES_GAME_OVER);
}

/* While a move is held, drops wait for the arbiter's decision. */
static void keep(struct drops *d, int hole)
{
	struct referee *ref = d->ref;

	if (d->nqueue < MATCH_OBS_MAX)
		d->queue[d->nqueue++] = (uint8_t)hole;
	if (!d->quiet_noted++)
		ref_say(ref, VERDICT_NOTE, CAUSE_KEPT, ref->ply + 1, NULL,
			"drops kept until the arbiter decides on %s",
			ref->held_text);
}

void drops_take(struct drops *d, int hole)
{
	struct referee *ref = d->ref;
	int min_before = d->min_prefix, whole_before = d->best_whole;
	uint64_t gap;

	if (ref->state == REF_HELD)
		keep(d, hole);
	if (ref->state != REF_PLAY)
		return;
	gap = d->npend > 0 ? ref->now - d->last_drop_us : 0;
	d->last_drop_us = ref->now;
	if (d->npend == MATCH_OBS_MAX) {
		foul_no_fit(d, d->npend, -1, "too many drops for one move");
		return;
	}
	d->pend[d->npend++] = (uint8_t)hole;
	for (int e = 0; e < d->nexpect; e++)
		match_push(&d->board, &d->expect[e], &d->align[e], d->pend,
			   d->npend);
	evaluate(d, d->npend, 0);

	/* The drops before this one made a whole move at least as well as
	 * any beginning, this drop makes every move worse, and it came
	 * after a pause: it is the first drop of the next move (unless the
	 * turn passes on a table whose players press a button for that). */
	if (d->min_prefix > min_before && d->npend > 1 &&
	    whole_before <= MATCH_HOLD && whole_before <= min_before &&
	    gap >= ref->cfg.turn_gap_us &&
	    !(ref->buttons_seen && passes_turn(d, d->npend - 1))) {
		judge(d, d->npend - 1);
		if (ref->state == REF_PLAY || ref->state == REF_HELD)
			drops_take(d, hole);
		return;
	}
	if (d->min_prefix > MATCH_HOLD) {
		judge(d, d->npend);
		return;
	}
	d->whole = whole_at_once(d);
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

/* The turn button: the move is made. */
static void button(struct drops *d, const struct observation *obs)
{
	struct referee *ref = d->ref;
	const char *before;

	if (ref->state != REF_PLAY)
		return;
	if (d->npend > 0) {
		judge(d, d->npend);
		return;
	}
	/* The mover says the move is made, yet nothing was sensed: a move
	 * whose every drop went unseen. */
	if (rules_seat_find(ref->game->ops, obs->where) != ref_mover(ref))
		return;
	before = ref_moves_again(ref);
	if (before != NULL) {
		ref_say(ref, VERDICT_NOTE, CAUSE_MOVES_AGAIN, ref->ply + 1,
			NULL, "%s moves again after %s: the turn is not over",
			ref_mover_name(ref), before);
		return;
	}
	evaluate(d, 0, 1);
	for (int e = 0; e < d->nexpect; e++)
		if (d->result[e].cost <= MATCH_HOLD) {
			judge(d, 0);
			return;
		}
	ref_say(ref, VERDICT_NOTE, CAUSE_BUTTON_ALONE, ref->ply + 1, NULL,
		"%s pressed the button, but no %s was sensed",
		ref_mover_name(ref), ref_words(ref)->piece);
}

/* ------------------------------------------------------------- model */

static void drops_close(void *state)
{
	struct drops *d = state;

	if (d == NULL)
		return;
	free(d->board.adjacent);
	free(d->track);
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
	d->lifted = -1;
	d->board.adjacent = calloc(n * n + 1, 1);
	d->track = calloc(n + 1, sizeof(*d->track));
	if (d->board.adjacent == NULL || d->track == NULL) {
		drops_close(d);
		return NULL;
	}
	board_geometry(d);
	return d;
}

static void drops_use_game(struct referee *ref, void *state)
{
	(void)ref;
	board_geometry(state);
}

static void drops_feed(struct referee *ref, void *state,
		       const struct observation *obs)
{
	(void)ref;
	if (obs->kind == OBS_DROP)
		drops_pulse(state, obs);
	else if (obs->kind == OBS_LIFT)
		lift(state, obs);
	else
		button(state, obs);
}

static void drops_forget(struct referee *ref, void *state)
{
	struct drops *d = state;

	(void)ref;
	d->whole = 0;
	d->npend = 0;
	d->lifted = -1;
}

static void drops_held(struct referee *ref, void *state)
{
	(void)ref;
	((struct drops *)state)->nqueue = 0;
}

/* The held move was taken: the drops kept meanwhile belong to the moves
 * after it. */
static void drops_resume(struct referee *ref, void *state)
{
	struct drops *d = state;
	uint8_t queue[MATCH_OBS_MAX];
	int n = d->nqueue;

	memcpy(queue, d->queue, (size_t)n);
	d->nqueue = 0;
	for (int i = 0; i < n && ref->state == REF_PLAY; i++)
		drops_take(d, queue[i]);
}

static uint64_t drops_deadline(const struct referee *ref, const void *state)
{
	const struct drops *d = state;

	if (ref->state != REF_PLAY || d->npend == 0)
		return 0;
	/* A whole move is taken once a pause shows the hand has stopped. */
	if (d->whole)
		return d->last_drop_us + ref->cfg.turn_gap_us;
	return ref->last_activity + ref->cfg.quiet_us;
}

static void drops_finish(struct referee *ref, void *state)
{
	struct drops *d = state;

	if (ref->state == REF_PLAY && d->npend > 0)
		judge(d, d->npend);
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
};
