/*
 * referee_move.c - following a move drop by drop: debounce and line
 * health, alignment against every legal move, and the verdict.
 *
 * After each drop the referee knows, for every legal move, the cheapest
 * way the drops so far begin it (prefix cost) and make it whole (cost).
 * It accepts at once when exactly one move is made whole without a flaw
 * and no other could still grow; it judges at the turn button, after a
 * quiet period, or when a drop fits no move as well as the drops before
 * it made a whole one (the first seed of the next move); and it calls a
 * foul as soon as no legal move is within reach.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/referee_impl.h"

void ref_board_geometry(struct referee *ref)
{
	ref->board.holes = ref->nholes;
	for (int a = 0; a < ref->nholes; a++)
		for (int b = 0; b < ref->nholes; b++)
			ref->board.adjacent[a][b] = (uint8_t)(
				a != b && ref->sense->adjacent(ref->game, a, b));
}

int ref_mover(const struct referee *ref)
{
	return ref->game->ops->to_move(ref->game, ref_pos_const(ref)).seat;
}

static const char *mover_name(const struct referee *ref)
{
	return rules_seat_name(ref->game->ops, ref_mover(ref));
}

static void line_flags(struct referee *ref)
{
	for (int h = 0; h < ref->nholes; h++) {
		enum line_state s = ref->health[h].state;

		ref->board.free_miss[h] = (uint8_t)(s == LINE_DEAD ||
						    s == LINE_STUCK);
		ref->board.forbidden[h] = (uint8_t)ref->sense->forbidden(
			ref->game, ref_pos_const(ref), h);
	}
}

/* Aligns pend[0..n) with every legal move, as beginning and as whole. */
static void evaluate(struct referee *ref, int n, int trace)
{
	ref->min_prefix = MATCH_FAR;
	ref->best_whole = MATCH_FAR;
	for (int e = 0; e < ref->nexpect; e++) {
		struct match_result *r = &ref->result[e];

		match_whole(&ref->board, &ref->expect[e], &ref->align[e],
			    ref->pend, n, trace, r);
		if (r->prefix_cost < ref->min_prefix)
			ref->min_prefix = r->prefix_cost;
		if (r->cost < ref->best_whole)
			ref->best_whole = r->cost;
	}
}

static int whole_at_once(const struct referee *ref);

void ref_rematch(struct referee *ref)
{
	size_t off = 0;

	line_flags(ref);
	for (int e = 0; e < ref->nexpect; e++) {
		match_start(&ref->board, &ref->expect[e], &ref->align[e],
			    ref->arena_cost + off, ref->arena_step + off);
		off += (size_t)match_cells(&ref->expect[e]);
		for (int i = 1; i <= ref->npend; i++)
			match_push(&ref->board, &ref->expect[e], &ref->align[e],
				   ref->pend, i);
	}
	evaluate(ref, ref->npend, 0);
	ref->whole = ref->npend > 0 && whole_at_once(ref);
}

void ref_new_move(struct referee *ref)
{
	size_t cells = 0;

	ref->npend = 0;
	ref->whole = 0;
	ref->lifted = -1;
	ref->quiet_noted = 0;
	ref->nexpect = (int)ref->sense->expect(ref->game, ref_pos_const(ref),
					       ref->expect, SENSE_MOVES_MAX);
	for (int e = 0; e < ref->nexpect; e++)
		cells += (size_t)match_cells(&ref->expect[e]);
	if (cells > ref->arena_cells) {
		uint16_t *cost = realloc(ref->arena_cost, cells * sizeof(*cost));
		uint8_t *step;

		if (cost != NULL)
			ref->arena_cost = cost;
		step = realloc(ref->arena_step, cells);
		if (step != NULL)
			ref->arena_step = step;
		if (cost == NULL || step == NULL) {
			ref_say(ref, VERDICT_NOTE, CAUSE_NO_MEMORY, ref->ply + 1,
				NULL, "out of memory: moves must be entered by hand");
			ref->nexpect = 0;
			return;
		}
		ref->arena_cells = cells;
	}
	ref_rematch(ref);
}

void ref_clear_move(struct referee *ref)
{
	ref->whole = 0;
	ref->npend = 0;
	ref->lifted = -1;
	ref->nqueue = 0;
}

/* -------------------------------------------------------- line health */

/* The warnings against a line within the window. */
static int line_warnings(const struct referee *ref, int hole)
{
	const struct line_track *t = &ref->track[hole];
	int n = 0;

	for (int i = 0; i < t->nwarn; i++)
		n += t->warn_ply[i] > ref->plies_seen - REF_WARN_PLIES;
	return n;
}

/* Counts a warning against a line; returns the warnings in the window. */
static int line_warning(struct referee *ref, int hole)
{
	struct line_track *t = &ref->track[hole];
	int n;

	if (t->nwarn == REF_WARN_KEEP) {
		memmove(t->warn_ply, t->warn_ply + 1,
			(REF_WARN_KEEP - 1) * sizeof(t->warn_ply[0]));
		t->nwarn--;
	}
	t->warn_ply[t->nwarn++] = ref->plies_seen;
	n = line_warnings(ref, hole);
	if (n >= ref->cfg.flaky_warnings && ref->health[hole].state == LINE_OK)
		ref->health[hole].state = LINE_FLAKY;
	return n;
}

/* What a verdict about line `hole` is about. */
static struct ref_about line_about(const struct referee *ref,
				   enum verdict_cause cause, int hole)
{
	struct ref_about about = { .cause = cause };

	ref_about_place(&about, hole);
	about.warnings = line_warnings(ref, hole);
	return about;
}

static void say_dead(struct referee *ref, int hole, int missed)
{
	struct ref_about about = line_about(ref, CAUSE_SENSOR_DEAD, hole);

	ref_say_about(ref, VERDICT_NOTE, &about, ref->ply, NULL,
		      "sensor on %s %s is dead (%d missed pulses in a row); "
		      "seeds into it are no longer required",
		      ref_hole_word(ref, hole), ref_hole_name(ref, hole), missed);
}

static void say_stuck(struct referee *ref, int hole)
{
	struct ref_about about = line_about(ref, CAUSE_SENSOR_STUCK, hole);

	ref_say_about(ref, VERDICT_WARN, &about, ref->ply, NULL,
		      "sensor on %s %s is stuck (%d pulses in %.1f s); its "
		      "pulses are ignored", ref_hole_word(ref, hole),
		      ref_hole_name(ref, hole), ref->cfg.stuck_pulses,
		      (double)ref->cfg.stuck_window_us / 1e6);
}

/* `how` the line shows it works: "pulses normally again". */
static void say_back(struct referee *ref, int hole, const char *how)
{
	struct ref_about about = line_about(ref, CAUSE_SENSOR_BACK, hole);

	ref_say_about(ref, VERDICT_NOTE, &about, ref->ply, NULL,
		      "sensor on %s %s %s; watched as flaky",
		      ref_hole_word(ref, hole), ref_hole_name(ref, hole), how);
}

static void line_missed(struct referee *ref, int hole)
{
	struct line_track *t = &ref->track[hole];

	ref->health[hole].misses++;
	if (++t->missed_in_a_row >= ref->cfg.dead_after &&
	    ref->health[hole].state != LINE_DEAD &&
	    ref->health[hole].state != LINE_STUCK) {
		ref->health[hole].state = LINE_DEAD;
		say_dead(ref, hole, t->missed_in_a_row);
	}
}

/* After a move is taken: matched holes worked, deviations are counted. */
static void account(struct referee *ref, const struct sense_expect *e,
		    const struct match_result *r)
{
	for (int s = 0; s < e->nsow; s++) {
		int h = e->sow[s], missed = 0;

		for (int d = 0; d < r->ndev; d++)
			missed |= r->dev[d].step == STEP_MISS &&
				  r->dev[d].expected == h;
		if (!missed && ref->health[h].state != LINE_DEAD)
			ref->track[h].missed_in_a_row = 0;
	}
	for (int d = 0; d < r->ndev; d++) {
		const struct match_deviation *v = &r->dev[d];

		if (v->step == STEP_MISS)
			line_missed(ref, v->expected);
		else if (v->step == STEP_EXTRA)
			ref->health[v->sensed].extras++;
	}
}

/* ----------------------------------------------------------- messages */

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

/* Counts a sensor fault against its line and says how often it was. */
static void count_warning(struct referee *ref, int hole, char *buf,
			  size_t len, struct ref_about *about)
{
	int n = line_warning(ref, hole);

	if (n > about->warnings)
		about->warnings = n;
	append(buf, len, " (warning %d in %d plies)", n, REF_WARN_PLIES);
}

/*
 * Says what a move's drops got wrong, in pit names, and adds the places
 * concerned to `about`. With `warn`, each sensor fault is counted
 * against its line and the count quoted; `about` keeps the highest.
 */
static void describe(struct referee *ref, const struct sense_expect *e,
		     const struct match_result *r, int warn, char *buf,
		     size_t len, struct ref_about *about)
{
	char nth[16];

	for (int d = 0; d < r->ndev; d++) {
		const struct match_deviation *v = &r->dev[d];

		if (v->step != STEP_MATCH) {
			ref_about_place(about, v->expected);
			ref_about_place(about, v->sensed);
		}
		append(buf, len, "%s", buf[0] ? "; " : "");
		switch (v->step) {
		case STEP_MISS:
			append(buf, len, "sensor on %s %s missed a pulse",
			       ref_hole_word(ref, v->expected),
			       ref_hole_name(ref, v->expected));
			if (warn)
				count_warning(ref, v->expected, buf, len,
					      about);
			break;
		case STEP_EXTRA:
			if (ref->board.forbidden[v->sensed]) {
				append(buf, len,
				       "a seed fell in %s %s, where %s may not sow",
				       ref_hole_word(ref, v->sensed),
				       ref_hole_name(ref, v->sensed),
				       mover_name(ref));
				break;
			}
			append(buf, len, "extra pulse on %s %s",
			       ref_hole_word(ref, v->sensed),
			       ref_hole_name(ref, v->sensed));
			if (warn)
				count_warning(ref, v->sensed, buf, len, about);
			break;
		case STEP_SWAP:
			append(buf, len,
			       "seeds %d and %d sensed in swapped order (%s then %s)",
			       v->seed, v->seed + 1,
			       ref_hole_name(ref, v->sensed),
			       ref_hole_name(ref, v->expected));
			break;
		case STEP_ROLL:
			append(buf, len,
			       "%s %s: expected the %s seed in %s, sensed it in %s",
			       ref_hole_word(ref, v->sensed),
			       ref_hole_name(ref, v->sensed),
			       ref_ordinal(v->seed, nth, sizeof(nth)),
			       ref_hole_name(ref, v->expected),
			       ref_hole_name(ref, v->sensed));
			break;
		case STEP_MATCH:
			break;
		}
	}
	for (int h = 0; h < ref->nholes &&
			r->tail_sensed < r->tail_expected; h++) {
		if (e->tail[h] == 0)
			continue;
		ref_about_place(about, h);
		append(buf, len, "%s%s %s: %d of the %d seeds carried in sensed",
		       buf[0] ? "; " : "", ref_hole_word(ref, h),
		       ref_hole_name(ref, h), r->tail_sensed, r->tail_expected);
	}
}

/* "d e S A": the drops as sensed, for a foul message. */
static void drops_text(const struct referee *ref, int n, char *buf,
		       size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < n && i < 24; i++)
		append(buf, len, "%s%s", i ? " " : "",
		       ref_hole_name(ref, ref->pend[i]));
	if (n > 24)
		append(buf, len, " ...");
}

/* ------------------------------------------------------------ verdict */

/* The result: "S wins 27-21; points 3" between two seats; with more,
 * every seat's score and points; then what the game kept hidden and may
 * now tell (its analysis), if it has any. */
static void say_result(struct referee *ref, const struct rules_result *r)
{
	const struct rules *ops = ref->game->ops;
	int seats = rules_game_seats(ref->game);
	char text[320] = "", more[256];

	if (seats == 2 && r->verdict == RULES_WIN) {
		append(text, sizeof(text), "%s wins %d-%d; points %d",
		       rules_seat_name(ops, r->winner), r->score[r->winner],
		       r->score[r->winner ^ 1], r->points[r->winner]);
	} else if (seats == 2 && r->verdict == RULES_DRAW) {
		append(text, sizeof(text), "draw %d-%d", r->score[0],
		       r->score[1]);
	} else {
		append(text, sizeof(text), "%s; scores and points:",
		       r->verdict == RULES_WIN ? rules_seat_name(ops, r->winner) :
		       r->verdict == RULES_DRAW ? "draw" : "no result");
		for (int s = 0; s < seats && s < RULES_MAX_SEATS; s++)
			append(text, sizeof(text), "%s %s %d (%+d)",
			       s ? "," : "", rules_seat_name(ops, s),
			       r->score[s], r->points[s]);
		if (r->verdict == RULES_WIN)
			append(text, sizeof(text), "; %s wins",
			       rules_seat_name(ops, r->winner));
	}
	if (ops->analyse != NULL &&
	    ops->analyse(ref->game, ref_pos_const(ref), more,
			 sizeof(more)) == 0)
		append(text, sizeof(text), "; %s", more);
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

int ref_accept(struct referee *ref, const struct rules_move *move,
	       enum verdict_kind kind, const struct ref_about *about,
	       const char *note)
{
	const struct rules *ops = ref->game->ops;
	struct rules_outcome out;
	struct rules_result result;
	char text[16], err[RULES_ERR_MAX], tag[64] = "";
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
		append(tag, sizeof(tag), "; moves again");
	ref_say_about(ref, kind, about, ref->ply, text, "%s plays %s%s%s%s", who,
		      text, tag, note != NULL && note[0] ? "; " : "",
		      note != NULL ? note : "");
	ref_clear_move(ref);
	if (out.flags & RULES_GAME_OVER) {
		ops->result(ref->game, ref_pos(ref), &result);
		ref->state = REF_IDLE;
		say_result(ref, &result);
		return 0;
	}
	ref->state = REF_PLAY;
	ref_new_move(ref);
	return 0;
}

/*
 * A foul: the drops fit no legal move (`nearest` the best of them, or -1)
 * or `why` says what was wrong; `about` what it is about, its places
 * completed from the nearest move.
 */
static void foul(struct referee *ref, int n, int nearest, const char *why,
		 struct ref_about *about)
{
	char drops[128], text[256] = "";

	drops_text(ref, n, drops, sizeof(drops));
	if (why != NULL)
		snprintf(text, sizeof(text), "%s", why);
	else if (nearest >= 0)
		describe(ref, &ref->expect[nearest], &ref->result[nearest], 0,
			 text, sizeof(text), about);
	if (nearest >= 0 && why == NULL)
		ref_say_about(ref, VERDICT_FOUL, about, ref->ply + 1, NULL,
			      "no legal move of %s fits the drops %s (nearest "
			      "%s: %s); restore the board", mover_name(ref),
			      drops, ref->expect[nearest].text, text);
	else
		ref_say_about(ref, VERDICT_FOUL, about, ref->ply + 1, NULL,
			      "%s%s%s; restore the board", text,
			      n ? ": drops " : "", n ? drops : "");
	ref_clear_move(ref);
	ref->state = REF_RESTORE;
	ref->last_activity = ref->now;
	ref->quiet_noted = 0;
}

/* No legal move fits: `why`, or the nearest move's deviations. */
static void foul_no_fit(struct referee *ref, int n, int nearest,
			const char *why)
{
	struct ref_about about = { .cause = CAUSE_NO_FIT };

	foul(ref, n, nearest, why, &about);
}

static void hold(struct referee *ref, int e, const char *why,
		 const struct ref_about *about)
{
	ref->held = ref->expect[e].move;
	snprintf(ref->held_text, sizeof(ref->held_text), "%s",
		 ref->expect[e].text);
	ref->state = REF_HELD;
	ref->nqueue = 0;
	ref_say_about(ref, VERDICT_HOLD, about, ref->ply + 1,
		      ref->expect[e].text,
		      "%s plays %s? %s; confirm or correct", mover_name(ref),
		      ref->expect[e].text, why);
}

/*
 * The pit touched first is not the one whose sowing fits best: held when
 * it fits a little worse (a sensor fault, or the touch rule broken), a
 * foul when it does not fit at all. 0 when that does not decide.
 */
static int judge_touched(struct referee *ref, int n, int touched, int best)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[256] = "";

	if (ref->result[touched].cost <= MATCH_ACCEPT) {
		describe(ref, &ref->expect[touched], &ref->result[touched], 0,
			 why, sizeof(why), &about);
		ref_about_place(&about, ref->lifted);
		append(why, sizeof(why), "%spit %s was touched; the drops fit "
		       "%s better", why[0] ? "; " : "",
		       ref_hole_name(ref, ref->lifted), ref->expect[best].text);
		hold(ref, touched, why, &about);
		return 1;
	}
	if (ref->result[best].cost <= MATCH_HOLD) {
		about.cause = CAUSE_ILLEGAL;
		ref_about_place(&about, ref->lifted);
		ref_about_place(&about, ref->expect[best].origin);
		snprintf(why, sizeof(why), "touch rule: pit %s was touched, so "
			 "%s must sow it; pit %s was sown",
			 ref_hole_name(ref, ref->lifted), mover_name(ref),
			 ref->expect[best].text);
		foul(ref, n, best, why, &about);
		return 1;
	}
	return 0;
}

/* `ties` other moves fit as well as the best: the arbiter says which. */
static void hold_ties(struct referee *ref, int best, int ties)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	int cost = ref->result[best].cost;
	char why[256] = "the drops fit";

	for (int e = 0, k = 0; e < ref->nexpect; e++) {
		if (ref->result[e].cost != cost)
			continue;
		ref_about_place(&about, ref->expect[e].origin);
		append(why, sizeof(why), "%s%s", k++ == 0 ? " " :
		       e == ref->nexpect - 1 || k == ties + 1 ? " and " : ", ",
		       ref->expect[e].text);
	}
	append(why, sizeof(why), " equally well");
	hold(ref, best, why, &about);
}

/* The one best move: taken, taken with a warning, or held. */
static void take_or_hold(struct referee *ref, int best)
{
	struct sense_expect *e = &ref->expect[best];
	struct match_result r = ref->result[best];
	struct ref_about about = { .cause = CAUSE_HELD_FAULT };
	char why[256] = "";

	/* A sowing none of whose seeds was sensed where expected is not
	 * taken on trust. */
	if (r.matched == 0 && e->nsow > 0 && r.cost > 0) {
		describe(ref, e, &r, 0, why, sizeof(why), &about);
		hold(ref, best, why, &about);
		return;
	}
	if (r.cost == 0 || (r.cost <= ref->cfg.accept_cost &&
			    r.free_misses == 0)) {
		describe(ref, e, &r, 1, why, sizeof(why), &about);
		about.cause = why[0] ? CAUSE_SENSED_FAULT : CAUSE_SENSED;
		account(ref, e, &r);
		ref_accept(ref, &e->move, why[0] ? VERDICT_WARN : VERDICT_ACCEPT,
			   &about, why);
		return;
	}
	describe(ref, e, &r, 0, why, sizeof(why), &about);
	if (r.free_misses > 0)
		append(why, sizeof(why), "%sa sensor out of order hides %d seed%s",
		       why[0] ? "; " : "", r.free_misses,
		       r.free_misses == 1 ? "" : "s");
	hold(ref, best, why, &about);
}

/*
 * Judges pend[0..n) as one whole move: accept, accept with a warning,
 * hold for confirmation, or foul.
 */
static void judge(struct referee *ref, int n)
{
	int best = -1, ties = 0, touched = -1;

	evaluate(ref, n, 1);
	for (int e = 0; e < ref->nexpect; e++) {
		if (ref->expect[e].origin == ref->lifted)
			touched = e;
		if (best < 0 || ref->result[e].cost < ref->result[best].cost) {
			best = e;
			ties = 0;
		} else if (ref->result[e].cost == ref->result[best].cost) {
			ties++;
		}
	}
	if (best < 0) {
		foul_no_fit(ref, n, -1, "no move can be made by sowing");
		return;
	}
	if (touched >= 0 && ref->result[touched].cost == ref->result[best].cost) {
		best = touched;	/* the touched pit settles a tie */
		ties = 0;
	}
	if (touched >= 0 && touched != best &&
	    ref->result[touched].cost > ref->result[best].cost &&
	    judge_touched(ref, n, touched, best))
		return;
	if (ref->result[best].cost > MATCH_HOLD)
		foul_no_fit(ref, n, best, NULL);
	else if (ties > 0)
		hold_ties(ref, best, ties);
	else
		take_or_hold(ref, best);
}

void ref_finish_move(struct referee *ref, const char *why)
{
	(void)why;
	if (ref->state != REF_PLAY || ref->npend == 0)
		return;
	judge(ref, ref->npend);
}

/*
 * Exactly one move is whole and flawless and no other can still grow: it
 * is taken as soon as a pause shows the hand has stopped.
 */
static int whole_at_once(const struct referee *ref)
{
	int whole = -1;

	for (int e = 0; e < ref->nexpect; e++) {
		const struct match_result *r = &ref->result[e];
		const struct sense_expect *x = &ref->expect[e];

		if (r->cost == 0 && r->tail_sensed == r->tail_expected) {
			if (whole >= 0)
				return 0;
			whole = e;
		} else if (r->prefix_cost == 0 &&
			   x->nsow + x->ntail > ref->npend) {
			return 0;
		}
	}
	return whole >= 0;
}

/* Whether the best whole move of pend[0..n) hands the turn over. */
static int passes_turn(struct referee *ref, int n)
{
	struct rules_outcome out;
	int best = -1;

	evaluate(ref, n, 0);
	for (int e = 0; e < ref->nexpect; e++)
		if (best < 0 || ref->result[e].cost < ref->result[best].cost)
			best = e;
	evaluate(ref, ref->npend, 0);
	if (best < 0)
		return 1;
	memcpy(ref->scratch, ref_pos(ref), ref->pos_size);
	if (ref->game->ops->apply(ref->game, ref->scratch,
				  &ref->expect[best].move, &out, NULL, 0) < 0)
		return 1;
	return !(out.flags & RULES_EXTRA_TURN) || (out.flags & RULES_GAME_OVER);
}

void ref_drop_hole(struct referee *ref, int hole)
{
	int min_before = ref->min_prefix, whole_before = ref->best_whole;
	uint64_t gap;

	switch (ref->state) {
	case REF_HELD:
		if (ref->nqueue < MATCH_OBS_MAX)
			ref->queue[ref->nqueue++] = (uint8_t)hole;
		if (!ref->quiet_noted++)
			ref_say(ref, VERDICT_NOTE, CAUSE_KEPT, ref->ply + 1,
				NULL, "drops kept until the arbiter decides on %s",
				ref->held_text);
		return;
	case REF_RESTORE:
	case REF_IDLE:
		return;
	case REF_PLAY:
		break;
	}
	gap = ref->npend > 0 ? ref->now - ref->last_drop_us : 0;
	ref->last_drop_us = ref->now;
	if (ref->npend == MATCH_OBS_MAX) {
		foul_no_fit(ref, ref->npend, -1, "too many drops for one move");
		return;
	}
	ref->pend[ref->npend++] = (uint8_t)hole;
	for (int e = 0; e < ref->nexpect; e++)
		match_push(&ref->board, &ref->expect[e], &ref->align[e],
			   ref->pend, ref->npend);
	evaluate(ref, ref->npend, 0);

	/* The drops before this one made a whole move at least as well as
	 * any beginning, this drop makes every move worse, and it came
	 * after a pause: it is the first seed of the next move (unless the
	 * turn passes on a table whose players press a button for that). */
	if (ref->min_prefix > min_before && ref->npend > 1 &&
	    whole_before <= MATCH_HOLD && whole_before <= min_before &&
	    gap >= ref->cfg.turn_gap_us &&
	    !(ref->buttons_seen && passes_turn(ref, ref->npend - 1))) {
		judge(ref, ref->npend - 1);
		if (ref->state == REF_PLAY || ref->state == REF_HELD)
			ref_drop_hole(ref, hole);
		return;
	}
	if (ref->min_prefix > MATCH_HOLD) {
		judge(ref, ref->npend);
		return;
	}
	ref->whole = whole_at_once(ref);
}

/* --------------------------------------------------------- the sensors */

static int hole_index(const struct referee *ref, const char *name)
{
	for (int h = 0; h < ref->nholes; h++)
		if (strcmp(ref->hole_names[h], name) == 0)
			return h;
	return -1;
}

/* Pulses closer than the window: a line that chatters is stuck. */
static int line_stuck(struct referee *ref, int hole)
{
	struct line_track *t = &ref->track[hole];
	int n = 0;

	if (t->nrecent == (int)(sizeof(t->recent) / sizeof(t->recent[0]))) {
		memmove(t->recent, t->recent + 1,
			(size_t)(t->nrecent - 1) * sizeof(t->recent[0]));
		t->nrecent--;
	}
	t->recent[t->nrecent++] = ref->now;
	for (int i = 0; i < t->nrecent; i++)
		n += ref->now - t->recent[i] < ref->cfg.stuck_window_us;
	return n >= ref->cfg.stuck_pulses;
}

static void stuck(struct referee *ref, int hole)
{
	int kept = 0;

	ref->health[hole].state = LINE_STUCK;
	for (int i = 0; i < ref->npend; i++)
		if (ref->pend[i] != hole)
			ref->pend[kept++] = ref->pend[i];
	ref->npend = kept;
	say_stuck(ref, hole);
	if (ref->state == REF_PLAY)
		ref_rematch(ref);
}

void ref_drop(struct referee *ref, const struct observation *obs)
{
	int hole = hole_index(ref, obs->where);
	struct line_health *h;
	uint64_t last;

	if (hole < 0) {
		ref_say(ref, VERDICT_NOTE, CAUSE_UNKNOWN_PLACE, ref->ply, NULL,
			"drop in unknown hole '%s' ignored", obs->where);
		return;
	}
	h = &ref->health[hole];
	last = h->last_us;
	h->last_us = ref->now;
	/* Edges closer than the debounce time are one seed's bounce; closer
	 * than a hand can drop two seeds, they are no seed either. Every
	 * edge counts towards finding a line that chatters. */
	if (line_stuck(ref, hole) && h->state != LINE_STUCK) {
		stuck(ref, hole);
		return;
	}
	if (last != 0 && ref->now - last < ref->cfg.debounce_us) {
		h->bounces++;
		return;
	}
	if (last != 0 && ref->now - last < ref->cfg.pulse_gap_us &&
	    h->state != LINE_STUCK) {
		h->bounces++;
		return;
	}
	h->pulses++;
	ref->last_activity = ref->now;
	if (h->state == LINE_STUCK) {
		if (ref->now - last < 30 * ref->cfg.stuck_window_us)
			return;
		h->state = LINE_FLAKY;
		ref->track[hole].nrecent = 0;
		say_back(ref, hole, "pulses normally again");
		if (ref->state == REF_PLAY)
			ref_rematch(ref);
	}
	if (h->state == LINE_DEAD) {
		h->state = LINE_FLAKY;
		ref->track[hole].missed_in_a_row = 0;
		say_back(ref, hole, "fires again");
		if (ref->state == REF_PLAY)
			ref_rematch(ref);
	}
	ref_drop_hole(ref, hole);
}

void ref_lift(struct referee *ref, const struct observation *obs)
{
	int hole = hole_index(ref, obs->where);

	ref->last_activity = ref->now;
	if (hole < 0 || ref->state != REF_PLAY || ref->npend > 0 ||
	    ref->lifted >= 0)
		return;
	for (int e = 0; e < ref->nexpect; e++)
		if (ref->expect[e].origin == hole)
			ref->lifted = hole;
}

void ref_button(struct referee *ref, const struct observation *obs)
{
	ref->buttons_seen = 1;
	if (ref->state == REF_RESTORE) {
		ref->state = REF_PLAY;
		ref_new_move(ref);
		ref_say(ref, VERDICT_NOTE, CAUSE_RESTORED, ref->ply + 1, NULL,
			"board restored; %s to move", mover_name(ref));
		return;
	}
	if (ref->state != REF_PLAY)
		return;
	if (ref->npend > 0) {
		ref_finish_move(ref, "button");
		return;
	}
	/* The mover says the move is made, yet nothing was sensed: a
	 * sowing whose every seed went unseen. */
	if (rules_seat_find(ref->game->ops, obs->where) == ref_mover(ref)) {
		if (ref->depth > 0 && ref->was_move[ref->depth] &&
		    ref->game->ops->to_move(ref->game, ref->history +
				(size_t)(ref->depth - 1) * ref->pos_size).seat ==
		    ref_mover(ref)) {
			ref_say(ref, VERDICT_NOTE, CAUSE_MOVES_AGAIN,
				ref->ply + 1, NULL,
				"%s moves again after %s: the turn is not over",
				mover_name(ref), ref->move_text[ref->depth]);
			return;
		}
		evaluate(ref, 0, 1);
		for (int e = 0; e < ref->nexpect; e++)
			if (ref->result[e].cost <= MATCH_HOLD) {
				judge(ref, 0);
				return;
			}
		ref_say(ref, VERDICT_NOTE, CAUSE_BUTTON_ALONE, ref->ply + 1, NULL,
			"%s pressed the button, but no seed was sensed",
			mover_name(ref));
	}
}
