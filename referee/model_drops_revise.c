/*
 * model_drops_revise.c - a move taken once a pause showed the hand had
 * stopped, and then more drops came: the hand had only paused. A pause
 * in the middle of a sowing (short, or long) is no shorter than the one
 * before the next player's first drop, so no wait tells them apart; the
 * drops do. The next player's sowing begins at one of their own places,
 * usually with the shadow of the hand on it; the same hand going on
 * drops into the next places of its own sowing. When the drops since
 * the move read far worse as the next move than they and the move's
 * own drops read as another move of the same mover (or another place's
 * pieces sown the wrong way round, a misplay), the referee takes its
 * own move back (ref_revise) and reads them all as that move: the next
 * verdict corrects the record in its own transaction.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/model_drops.h"


void drops_taken(struct drops *d, int n, int cost)
{
	struct drops_last *l = &d->last;

	l->ply = 0;
	if (ref_counts_read(d->ref) || n <= 0 || n > MATCH_OBS_MAX)
		return;
	memcpy(l->drops, d->pend, (size_t)n);
	memcpy(l->t, d->pend_t, (size_t)n * sizeof(l->t[0]));
	l->n = n;
	l->cost = cost;
	l->ended_before = d->ended_us;
	snprintf(l->text, sizeof(l->text), "%s", "");
}

void drops_aside_settled(struct drops *d)
{
	for (int i = 0; i < d->naside; i++)
		d->ref->health[d->aside[i]].extras++;
	d->naside = 0;
}

void drops_taken_done(struct drops *d)
{
	struct referee *ref = d->ref;
	struct drops_last *l = &d->last;

	if (l->n > 0)
		d->ended_us = l->t[l->n - 1];
	drops_aside_settled(d);

	if (l->n == 0 || ref->state != REF_PLAY || ref->depth == 0) {
		l->ply = 0;
		return;
	}
	l->ply = ref->ply;
	memcpy(l->text, ref->move_text[ref->depth], sizeof(l->text));
}

/* drops[0..n) as move `x` of the position `before` sown the wrong way
 * round, whole (`begun`: or begun; a beginning takes the move back
 * only for drops that can be no move of the next player's): its cost
 * with the misplay's. */
static int as_reversed(struct drops *d, const void *before,
		       const struct sense_expect *x, const uint8_t *drops,
		       const uint64_t *at, int n, int begun, uint16_t *rows)
{
	const struct referee *ref = d->ref;
	uint8_t back[SENSE_PATH_MAX];
	int m;

	if (ref->sense->reversed == NULL || x->npath < 2)
		return MATCH_FAR;
	m = ref->sense->reversed(ref->game, before, x, back);
	if (m != x->npath)
		return MATCH_FAR;
	return match_cost(&d->board, back, m, x->origin, drops, at, n, begun,
			  rows) + DROPS_MISPLAY;
}

/* The readings as_one() weighs of the taken move's drops and those
 * since: the taken move itself, whole (AS_TAKEN); another move of the
 * position before it, whole, or begun too (AS_BEGUN); another place's
 * pieces sown the wrong way round, whole (AS_BACK), or begun too
 * (AS_BACK_BEGUN). */
#define AS_TAKEN 1
#define AS_OTHERS 2
#define AS_BEGUN 4
#define AS_BACK 8
#define AS_BACK_BEGUN 16
static int as_one(struct drops *d, const uint8_t *drops, const uint64_t *at,
		  int n, int as)
{
	struct referee *ref = d->ref;
	uint16_t rows[3 * (SENSE_PATH_MAX + 1)];
	const void *before = ref->history + (size_t)(ref->depth - 1) *
			     ref->pos_size;
	int best = MATCH_FAR, m;

	m = (int)ref->sense->expect(ref->game, before, d->prev,
				    SENSE_MOVES_MAX);
	for (int e = 0; e < m; e++) {
		const struct sense_expect *x = &d->prev[e];
		int taken = strcmp(x->text, d->last.text) == 0, c = MATCH_FAR;

		if (taken && (as & AS_TAKEN))
			c = match_cost(&d->board, x->path, x->npath,
				       x->origin, drops, at, n, 0, rows);
		if (!taken && (as & AS_OTHERS))
			c = match_cost(&d->board, x->path, x->npath,
				       x->origin, drops, at, n,
				       (as & AS_BEGUN) != 0, rows);
		if (c < best)
			best = c;
		if (!taken && (as & (AS_BACK | AS_BACK_BEGUN)))
			c = as_reversed(d, before, x, drops, at, n,
					(as & AS_BACK_BEGUN) != 0, rows);
		if (c < best)
			best = c;
	}
	return best;
}

/* The seat that made the move last taken; -1 when none. */
static int last_seat(const struct drops *d)
{
	const struct referee *ref = d->ref;

	if (ref->depth == 0)
		return -1;
	return ref->game->ops->to_move(ref->game, ref->history +
				       (size_t)(ref->depth - 1) *
				       ref->pos_size).seat;
}

/* The move last taken gave its mover another turn. */
static int same_mover(const struct drops *d)
{
	return last_seat(d) == ref_mover(d->ref);
}

/* Takes back the move last taken and reads drops[0..n) (its own and
 * those since) as the move under way. 1 when done. */
static int revise_with(struct drops *d, const uint8_t *drops,
		       const uint64_t *at, int n)
{
	struct referee *ref = d->ref;
	struct drops_last *l = &d->last;
	uint64_t heard = d->heard_us, tempo = d->tempo_us;

	l->ply = 0;
	l->revised_t = at[n - 1];
	if (ref_revise(ref) < 0)
		return 0;
	memset(d->late, 0, (size_t)ref->nholes);
	d->late_until = 0;
	d->ended_us = l->ended_before;
	memcpy(d->pend, drops, (size_t)n);
	memcpy(d->pend_t, at, (size_t)n * sizeof(at[0]));
	d->npend = n;
	d->heard_us = heard;
	d->tempo_us = tempo;
	d->last_drop_us = at[n - 1];
	drops_rematch(d);
	return 1;
}

/*
 * One pulse since the move taken that makes it, or another move of its
 * mover's, whole, far likelier than the move taken with its faults and
 * the pulse read `against` (the beginning of the mover's next move, or
 * a whole one), while the same mover is to move (no other hand is over
 * the board): its last seed, after a pause. The move is taken back and
 * the drops read again. 1 when so.
 */
static int revise_last_seed(struct drops *d, int against)
{
	struct referee *ref = d->ref;
	struct drops_last *l = &d->last;
	uint8_t drops[MATCH_OBS_MAX];
	uint64_t at[MATCH_OBS_MAX];
	int n = l->n + 1;

	if (l->ply == 0 || l->ply != ref->ply || ref->state != REF_PLAY ||
	    d->npend != 1 || n > MATCH_OBS_MAX || !same_mover(d) ||
	    d->pend_t[0] <= l->revised_t ||
	    d->pend_t[0] > l->t[l->n - 1] + 2 * ref->cfg.quiet_us)
		return 0;
	memcpy(drops, l->drops, (size_t)l->n);
	memcpy(at, l->t, (size_t)l->n * sizeof(at[0]));
	drops[l->n] = d->pend[0];
	at[l->n] = d->pend_t[0];
	/* (and no worse than the move taken alone) */
	if (as_one(d, drops, at, n, AS_TAKEN | AS_OTHERS) + DROPS_MARGIN >
	    l->cost + (against < DROPS_MARGIN ? against : DROPS_MARGIN))
		return 0;
	return revise_with(d, drops, at, n);
}

int drops_revise_late(struct drops *d)
{
	return revise_last_seed(d, d->best_whole);
}

/*
 * How well the drops since begin a move of the player to move. One
 * pulse where a legal move puts its second piece may be that move with
 * its first piece still falling: pieces let go close together reach
 * their gates in either order, so the first can come a few
 * milliseconds after the second. That reading costs what a swap of two
 * pieces close together does, until the next drop shows.
 */
static int next_begun_cost(const struct drops *d)
{
	if (d->npend != 1 || d->min_prefix <= MATCH_COST_SWAP_FAST)
		return d->min_prefix;
	for (int e = 0; e < d->nexpect; e++)
		if (d->expect[e].npath > 1 &&
		    d->expect[e].path[1] == d->pend[0])
			return MATCH_COST_SWAP_FAST;
	return d->min_prefix;
}

/* The drops since as a move of the player to move sown the wrong way
 * round, begun: the cheapest, with the misplay's cost. */
static int next_back_begun(struct drops *d)
{
	struct referee *ref = d->ref;
	uint16_t rows[3 * (SENSE_PATH_MAX + 1)];
	uint8_t back[SENSE_PATH_MAX];
	int best = MATCH_FAR;

	if (ref->sense->reversed == NULL)
		return MATCH_FAR;
	for (int e = 0; e < d->nexpect; e++) {
		const struct sense_expect *x = &d->expect[e];
		int m = ref->sense->reversed(ref->game, ref_pos_const(ref), x,
					     back), c;

		if (m != x->npath || m < 2)
			continue;
		c = match_cost(&d->board, back, m, x->origin, d->pend,
			       d->pend_t, d->npend, 1, rows) + DROPS_MISPLAY;
		if (c < best)
			best = c;
	}
	return best;
}

int drops_revise(struct drops *d)
{
	struct referee *ref = d->ref;
	struct drops_last *l = &d->last;
	uint8_t drops[MATCH_OBS_MAX];
	uint64_t at[MATCH_OBS_MAX];
	int n = l->n + d->npend, begun = next_begun_cost(d);

	if (l->ply == 0 || l->ply != ref->ply || ref->state != REF_PLAY ||
	    d->npend == 0 || d->pend_t[d->npend - 1] <= l->revised_t)
		return 0;
	/* (drops twice the quiet period after the move's last, 5 s, are
	 * another hand's) */
	if (n > MATCH_OBS_MAX ||
	    d->pend_t[0] > l->t[l->n - 1] + 2 * ref->cfg.quiet_us) {
		l->ply = 0;
		return 0;
	}
	if (revise_last_seed(d, begun))
		return 1;
	memcpy(drops, l->drops, (size_t)l->n);
	memcpy(at, l->t, (size_t)l->n * sizeof(at[0]));
	memcpy(drops + l->n, d->pend, (size_t)d->npend);
	memcpy(at + l->n, d->pend_t, (size_t)d->npend * sizeof(at[0]));
	/* The drops since begin a move of the player to move (as the
	 * next player's would), or the move and them read about as well
	 * as the next move begun: the move stands. */
	if (begun < DROPS_MARGIN || l->cost + begun < DROPS_MARGIN)
		return 0;
	/* (drops that can begin no move of the next player's, a foul
	 * read as theirs, may be the mover's hand going on sowing the
	 * wrong way round: the same reading begun, against theirs begun
	 * the wrong way round) */
	if (begun >= DROPS_FOUL_AT) {
		int back = next_back_begun(d);

		if (as_one(d, drops, at, n, AS_OTHERS | AS_BEGUN |
			   AS_BACK_BEGUN) + DROPS_MARGIN >
		    l->cost + (back < begun ? back : begun))
			return 0;
	} else if (as_one(d, drops, at, n, AS_OTHERS | AS_BEGUN | AS_BACK) +
		   DROPS_MARGIN > l->cost + begun) {
		return 0;
	}
	return revise_with(d, drops, at, n);
}

/* The pulses since the move taken, which its mover's button says are
 * no move of the next player's: a late or stray pulse of that move,
 * set aside, and counted against each line as an extra once the next
 * drop falls or a move is taken (the reading settled). */
static void set_aside(struct drops *d, int seat)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_STRAY };
	char where[96] = "";

	for (int i = 0; i < d->npend; i++) {
		if (d->naside < MATCH_OBS_MAX)
			d->aside[d->naside++] = d->pend[i];
		ref_about_place(&about, d->pend[i]);
		ref_append(where, sizeof(where), "%s%s %s", i ? ", " : "",
			   ref_hole_word(ref, d->pend[i]),
			   ref_hole_name(ref, d->pend[i]));
	}
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s pulses=%d decided=aside", d->last.text, d->npend);
	ref_say_about(ref, VERDICT_NOTE, &about, ref->ply, NULL,
		      "%s pressed the button after %s: the %s in %s since "
		      "%s, not a move", rules_seat_name(ref->game->ops, seat),
		      d->last.text, d->npend > 1 ? "pulses" : "pulse", where,
		      d->npend > 1 ? "are late or stray pulses of it" :
		      "is a late or stray pulse of it");
	d->npend = 0;
	d->whole = 0;
	d->await_us = 0;
	drops_rematch(d);
}

const struct sense_expect *drops_taken_expect(struct drops *d)
{
	struct referee *ref = d->ref;
	const void *before;
	int m;

	if (ref->depth == 0)
		return NULL;
	before = ref->history + (size_t)(ref->depth - 1) * ref->pos_size;
	m = (int)ref->sense->expect(ref->game, before, d->prev,
				    SENSE_MOVES_MAX);
	for (int e = 0; e < m; e++)
		if (strcmp(d->prev[e].text, d->last.text) == 0)
			return &d->prev[e];
	return NULL;
}

/* The place is one the taken move's sowing drops into. */
static int taken_place(struct drops *d, int h)
{
	const struct sense_expect *x = drops_taken_expect(d);

	return x != NULL &&
	       memchr(x->path, h, (size_t)x->npath) != NULL;
}

/* A legal move of the player to move begins with pend[0] (`whole`:
 * and is no longer than the pulses since). */
static int next_begins(const struct drops *d, int whole)
{
	for (int e = 0; e < d->nexpect; e++)
		if (d->expect[e].npath > 0 &&
		    d->expect[e].path[0] == d->pend[0] &&
		    (!whole || d->expect[e].npath <= d->npend))
			return 1;
	return 0;
}

/*
 * The pulses since the move taken may still be its hand's, or strays:
 * one pulse that is no whole move of the player to move (nor, unless
 * the button came soon after it, sooner than a hand goes on, the
 * beginning of one), or pulses each in a place of the taken move's
 * sowing, the first not where a legal move of the player to move begins
 * (unless it fell sooner after the move's last drop than a hand can
 * begin). Otherwise the next player has begun, and the button is only
 * late.
 */
static int pend_theirs(struct drops *d, uint64_t t)
{
	struct referee *ref = d->ref;
	const struct drops_last *l = &d->last;
	uint64_t soon = ref->cfg.turn_gap_us * 5 / 6;

	if (d->npend == 1 && !next_begins(d, 1) &&
	    (t <= d->pend_t[0] + soon || !next_begins(d, 0)))
		return 1;
	for (int i = 0; i < d->npend; i++)
		if (!taken_place(d, d->pend[i]))
			return 0;
	return d->pend_t[0] < l->t[l->n - 1] + soon || !next_begins(d, 0);
}

int drops_mover_button(struct drops *d, int seat, uint64_t t)
{
	struct referee *ref = d->ref;
	struct drops_last *l = &d->last;
	uint8_t drops[MATCH_OBS_MAX];
	uint64_t at[MATCH_OBS_MAX];
	int n = l->n + d->npend, extra = 0;

	if (l->ply == 0 || l->ply != ref->ply || ref->state != REF_PLAY ||
	    d->npend == 0 || n > MATCH_OBS_MAX || seat == ref_mover(ref) ||
	    last_seat(d) != seat)
		return 0;
	/* (a late button, the next player's sowing begun: nothing, but
	 * one pulse within reach of the hand is not taken alone) */
	if (!pend_theirs(d, t)) {
		drops_reach_note(d);
		return 1;
	}
	for (int i = 0; i < d->npend; i++)
		extra += d->board.extra[d->pend[i]];
	memcpy(drops, l->drops, (size_t)l->n);
	memcpy(at, l->t, (size_t)l->n * sizeof(at[0]));
	memcpy(drops + l->n, d->pend, (size_t)d->npend);
	memcpy(at + l->n, d->pend_t, (size_t)d->npend * sizeof(at[0]));
	/* Its hand had only paused: the move read again with them, as
	 * the move taken (never another). */
	if (as_one(d, drops, at, n, AS_TAKEN) + DROPS_MARGIN <= l->cost + extra &&
	    revise_with(d, drops, at, n)) {
		d->mover_done = 1;
		d->press_us = t;
		drops_judge(d, d->npend);
		d->mover_done = 0;
		d->press_us = 0;
		return 1;
	}
	/* (more drops may be the next player's, begun before it) */
	if (d->npend > 2)
		return 0;
	set_aside(d, seat);
	return 1;
}

int drops_too_soon(struct drops *d, int e, int n)
{
	struct referee *ref = d->ref;
	const struct match_result *r = &d->result[e];
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[200];
	uint64_t gap;

	/* (DROPS_REACH_US, as the table's time runs: 5/6 of the pause
	 * that may part two moves) */
	if (n == 0 || n > 2 || r->matched > 1 || d->ended_us == 0 ||
	    ref_counts_read(ref) || d->pend_t[0] < d->ended_us ||
	    d->pend_t[0] - d->ended_us >= ref->cfg.turn_gap_us * 5 / 6)
		return 0;
	gap = d->pend_t[0] - d->ended_us;
	for (int i = 0; i < n; i++)
		ref_about_place(&about, d->pend[i]);
	snprintf(why, sizeof(why), "a single pulse, in %s %s, %d.%d s after "
		 "the move before ended: sooner than a hand can begin, "
		 "likelier a late or stray pulse",
		 ref_hole_word(ref, d->pend[n - 1]),
		 ref_hole_name(ref, d->pend[n - 1]),
		 (int)(gap / 1000000), (int)(gap / 100000 % 10));
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s soon=%d decided=hold", d->expect[e].text,
		 (int)(gap / 1000));
	ref_hold(ref, &d->expect[e].move, d->expect[e].text, &about, why,
		 " \xe2\x80\x94 check and confirm");
	d->held_e = d->expect[e];
	d->held_r = *r;
	d->held_ply = ref->ply + 1;
	d->held_end_us = d->npend > 0 ? d->pend_t[d->npend - 1] : 0;
	return 1;
}

/* Move `e`, read from one pulse (with faults), hands the turn over on a
 * table whose players press the button, on a board that makes strays. */
static int lone_doubted(struct drops *d, int e)
{
	struct referee *ref = d->ref;
	struct rules_outcome out;

	if (!ref->buttons_seen || ref_counts_read(ref) ||
	    !drops_strays_shown(ref))
		return 0;
	memcpy(ref->scratch, ref_pos_const(ref), ref->pos_size);
	if (ref->game->ops->apply(ref->game, ref->scratch, &d->expect[e].move,
				  &out, NULL, 0) < 0)
		return 0;
	return !(out.flags & (RULES_EXTRA_TURN | RULES_GAME_OVER));
}

/* What the table checks of move `x`'s origin once it is made ("pit b
 * should now be empty", "... hold 3") into `check`, left as it is when
 * the move cannot be played from here. */
void drops_origin_check(struct drops *d, const struct sense_expect *x,
			char *check, size_t size)
{
	struct referee *ref = d->ref;
	int values[SENSE_HOLES_MAX];

	if (!drops_after(d, x, values))
		return;
	snprintf(check, size, "%s %s should now ",
		 ref_hole_word(ref, x->origin), ref_hole_name(ref, x->origin));
	if (values[x->origin] == 0)
		ref_append(check, size, "be empty");
	else
		ref_append(check, size, "hold %d", values[x->origin]);
}

int drops_lone_pulse(struct drops *d, int e, int n)
{
	struct referee *ref = d->ref;
	const struct sense_expect *x = &d->expect[e];
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[240], check[64] = "check the board";

	if (n != 1 || !d->finishing || d->mover_done ||
	    !(d->lone || lone_doubted(d, e)))
		return 0;
	ref_about_place(&about, d->pend[0]);
	ref_about_place(&about, x->origin);
	drops_origin_check(d, x, check, sizeof(check));
	snprintf(why, sizeof(why), "a single pulse, in %s %s, and no button "
		 "from %s: a stray pulse, or %s was %s: %s",
		 ref_hole_word(ref, d->pend[0]), ref_hole_name(ref, d->pend[0]),
		 ref_mover_name(ref), x->text, ref_words(ref)->done, check);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s lone=1 button=0 decided=hold", x->text);
	drops_hold(d, e, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}
