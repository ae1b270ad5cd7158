/*
 * model_drops_lines.c - the lines of a drop-counter board: debounce,
 * lines that chatter (stuck) or fall silent (dead) and come back, the
 * warnings counted against each, and what a move's drops got wrong.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "referee/model_drops.h"

/* ---------------------------------------------------------- warnings */

/* The warnings against a line within the window. */
static int line_warnings(const struct drops *d, int hole)
{
	const struct line_track *t = &d->track[hole];
	int n = 0;

	for (int i = 0; i < t->nwarn; i++)
		n += t->warn_ply[i] > d->ref->plies_seen - DROPS_WARN_PLIES;
	return n;
}

/* Counts a warning against a line; returns the warnings in the window. */
static int line_warning(struct drops *d, int hole)
{
	struct referee *ref = d->ref;
	struct line_track *t = &d->track[hole];
	int n;

	if (t->nwarn == DROPS_WARN_KEEP) {
		memmove(t->warn_ply, t->warn_ply + 1,
			(DROPS_WARN_KEEP - 1) * sizeof(t->warn_ply[0]));
		t->nwarn--;
	}
	t->warn_ply[t->nwarn++] = ref->plies_seen;
	n = line_warnings(d, hole);
	if (n >= ref->cfg.flaky_warnings && ref->health[hole].state == LINE_OK)
		ref->health[hole].state = LINE_FLAKY;
	return n;
}

/* ------------------------------------------------- the lines' verdicts */

/* What a verdict about line `hole` is about. */
static struct ref_about line_about(const struct drops *d,
				   enum verdict_cause cause, int hole)
{
	struct ref_about about = { .cause = cause };

	ref_about_place(&about, hole);
	about.warnings = line_warnings(d, hole);
	return about;
}

static void say_dead(struct drops *d, int hole, int missed)
{
	struct referee *ref = d->ref;
	struct ref_about about = line_about(d, CAUSE_SENSOR_DEAD, hole);

	ref_say_about(ref, VERDICT_NOTE, &about, ref->ply, NULL,
		      "sensor on %s %s is dead (%d missed pulses in a row); "
		      "%s into it are no longer required",
		      ref_hole_word(ref, hole), ref_hole_name(ref, hole),
		      missed, ref_words(ref)->pieces);
}

static void say_stuck(struct drops *d, int hole)
{
	struct referee *ref = d->ref;
	struct ref_about about = line_about(d, CAUSE_SENSOR_STUCK, hole);

	ref_say_about(ref, VERDICT_WARN, &about, ref->ply, NULL,
		      "sensor on %s %s is stuck (%d pulses in %.1f s); its "
		      "pulses are ignored", ref_hole_word(ref, hole),
		      ref_hole_name(ref, hole), ref->cfg.stuck_pulses,
		      (double)ref->cfg.stuck_window_us / 1e6);
}

/* `how` the line shows it works: "pulses normally again". */
static void say_back(struct drops *d, int hole, const char *how)
{
	struct referee *ref = d->ref;
	struct ref_about about = line_about(d, CAUSE_SENSOR_BACK, hole);

	ref_say_about(ref, VERDICT_NOTE, &about, ref->ply, NULL,
		      "sensor on %s %s %s; watched as flaky",
		      ref_hole_word(ref, hole), ref_hole_name(ref, hole), how);
}

/* ------------------------------------------------------------ records */

/* The natural logarithm of x > 0: x = m 2^k with m in [1, 2) read off
 * its IEEE 754 bits, then the series of 2 atanh((m - 1) / (m + 1)),
 * to far better than the costs need. */
static double natural_log(double x)
{
	union { double d; uint64_t u; } v = { .d = x };
	int k = (int)((v.u >> 52) & 0x7ff) - 1023;
	double y, y2, term, sum = 0;

	v.u = (v.u & ~(0x7ffULL << 52)) | (1023ULL << 52);
	y = (v.d - 1) / (v.d + 1);
	y2 = y * y;
	term = y;
	for (int i = 1; i < 16; i += 2) {
		sum += term / i;
		term *= y2;
	}
	return 2 * sum + k * 0.69314718055994531;
}

/* What a chance costs, as match.h counts, capped. */
static uint16_t chance_cost(double p)
{
	double c = -10.0 * natural_log(p) + 0.5;

	return (uint16_t)(c < DROPS_COST_MAX ? c : DROPS_COST_MAX);
}

int drops_chance_cost(double p)
{
	return chance_cost(p);
}

/* A sum that changes whenever a line's record does. */
static uint64_t records(const struct referee *ref)
{
	uint64_t sum = 0;

	for (int h = 0; h < ref->nholes; h++)
		sum += (uint64_t)ref->health[h].pulses +
		       ((uint64_t)ref->health[h].misses << 20) +
		       ((uint64_t)ref->health[h].extras << 40);
	return sum + 1;
}

void drops_line_costs(struct drops *d)
{
	struct referee *ref = d->ref;
	uint64_t now = records(ref), sensed = 0, missed = 0;

	d->board.shadow = chance_cost((d->shadows + DROPS_PRIOR_SHADOWS) /
				      (d->shadow_moves +
				       DROPS_PRIOR_SHADOW_MOVES));
	d->board.roll = chance_cost((d->rolls + DROPS_PRIOR_ROLLS) /
				    (d->roll_pieces +
				     DROPS_PRIOR_ROLL_PIECES));
	if (now == d->record_seen)
		return;
	d->record_seen = now;
	for (int h = 0; h < ref->nholes; h++) {
		sensed += ref->health[h].pulses;
		missed += ref->health[h].misses;
	}
	d->board_clean = missed == 0 && sensed >= DROPS_CLEAN_SEEDS;
	for (int h = 0; h < ref->nholes; h++) {
		const struct line_health *lh = &ref->health[h];
		double seeds = (double)lh->pulses + lh->misses;

		/* A board none of whose lines has missed a pulse in all the
		 * seeds it sensed misses none: a seed not sensed is one not
		 * sown there. */
		d->board.miss[h] = d->board_clean ? DROPS_COST_MAX :
				   chance_cost((lh->misses + DROPS_PRIOR_FAULTS) /
					       (seeds + DROPS_PRIOR_SEEDS));
		d->board.extra[h] = chance_cost((lh->extras +
						 DROPS_PRIOR_FAULTS) /
						(lh->pulses +
						 DROPS_PRIOR_SEEDS));
	}
}

void drops_line_record(const struct drops *d, int hole, char *buf,
		       size_t len)
{
	const struct line_health *lh = &d->ref->health[hole];

	snprintf(buf, len, "%u/%u", lh->misses, lh->pulses + lh->misses);
}

int drops_is_shadow(const struct sense_expect *e, const struct match_result *r,
		    const struct match_deviation *v)
{
	return v->step == STEP_EXTRA && v->index == 0 && !v->unlifted &&
	       v->at < r->path_end && v->sensed == e->origin;
}

/* ----------------------------------------------------------- accounts */

static void line_missed(struct drops *d, int hole)
{
	struct line_health *h = &d->ref->health[hole];
	struct line_track *t = &d->track[hole];

	h->misses++;
	if (++t->missed_in_a_row >= d->ref->cfg.dead_after &&
	    h->state != LINE_DEAD && h->state != LINE_STUCK) {
		h->state = LINE_DEAD;
		say_dead(d, hole, t->missed_in_a_row);
	}
}

void drops_account(struct drops *d, const struct sense_expect *e,
		   const struct match_result *r)
{
	struct referee *ref = d->ref;

	for (int s = 0; s < e->npath; s++) {
		int h = e->path[s], missed = 0;

		for (int i = 0; i < r->ndev; i++)
			missed |= r->dev[i].step == STEP_MISS &&
				  r->dev[i].expected == h;
		if (!missed && ref->health[h].state != LINE_DEAD)
			d->track[h].missed_in_a_row = 0;
	}
	d->shadow_moves++;
	d->roll_pieces += (unsigned)e->npath;
	for (int i = 0; i < r->ndev; i++) {
		const struct match_deviation *v = &r->dev[i];

		if (v->step == STEP_ROLL)
			d->rolls++;
		if (v->step == STEP_MISS)
			line_missed(d, v->expected);
		else if (v->step == STEP_EXTRA && !drops_is_shadow(e, r, v))
			ref->health[v->sensed].extras++;
		else if (v->step == STEP_EXTRA)
			d->shadows++;
	}
}

/* Counts a sensor fault against its line and says how often it was. */
static void count_warning(struct drops *d, int hole, char *buf, size_t len,
			  struct ref_about *about)
{
	int n = line_warning(d, hole);

	if (n > about->warnings)
		about->warnings = n;
	ref_append(buf, len, " (warning %d in %d plies)", n, DROPS_WARN_PLIES);
}

/* One deviation, in words. */
static void describe_step(struct drops *d, const struct match_deviation *v,
			  int warn, char *buf, size_t len,
			  struct ref_about *about)
{
	struct referee *ref = d->ref;
	const struct sense_words *w = ref_words(ref);
	char nth[16];

	switch (v->step) {
	case STEP_MISS:
		ref_append(buf, len, "sensor on %s %s missed a pulse",
		       ref_hole_word(ref, v->expected),
		       ref_hole_name(ref, v->expected));
		if (warn)
			count_warning(d, v->expected, buf, len, about);
		break;
	case STEP_EXTRA:
		/* (a move taken says the pulse was no piece put there) */
		if (d->board.forbidden[v->sensed] && !warn) {
			ref_append(buf, len,
			       "a %s fell in %s %s, where %s may not %s",
			       w->piece, ref_hole_word(ref, v->sensed),
			       ref_hole_name(ref, v->sensed),
			       ref_mover_name(ref), w->verb);
			break;
		}
		ref_append(buf, len, "extra pulse on %s %s",
		       ref_hole_word(ref, v->sensed),
		       ref_hole_name(ref, v->sensed));
		if (warn)
			count_warning(d, v->sensed, buf, len, about);
		break;
	case STEP_SWAP:
		ref_append(buf, len,
		       "%s %d and %d sensed in swapped order (%s then %s)",
		       w->pieces, v->index, v->index + 1,
		       ref_hole_name(ref, v->sensed),
		       ref_hole_name(ref, v->expected));
		break;
	case STEP_ROLL:
		if (v->index == 0) {	/* a piece carried in */
			ref_append(buf, len, "%s %s: a %s carried to %s rolled "
				   "in", ref_hole_word(ref, v->sensed),
				   ref_hole_name(ref, v->sensed), w->piece,
				   ref_hole_name(ref, v->expected));
			break;
		}
		ref_append(buf, len,
		       "%s %s: expected the %s %s in %s, sensed it in %s",
		       ref_hole_word(ref, v->sensed),
		       ref_hole_name(ref, v->sensed),
		       ref_ordinal(v->index, nth, sizeof(nth)), w->piece,
		       ref_hole_name(ref, v->expected),
		       ref_hole_name(ref, v->sensed));
		break;
	case STEP_MATCH:
		break;
	}
}

void drops_describe(struct drops *d, const struct sense_expect *e,
		    const struct match_result *r, int warn, char *buf,
		    size_t len, struct ref_about *about)
{
	struct referee *ref = d->ref;

	for (int i = 0; i < r->ndev; i++) {
		const struct match_deviation *v = &r->dev[i];

		if (v->step == STEP_MATCH || drops_is_shadow(e, r, v))
			continue;
		ref_about_place(about, v->expected);
		ref_about_place(about, v->sensed);
		ref_append(buf, len, "%s", buf[0] ? "; " : "");
		describe_step(d, v, warn, buf, len, about);
	}
	for (int h = 0; h < ref->nholes && !e->ends &&
			r->tail_sensed < r->tail_expected; h++) {
		if (e->tail[h] == 0)
			continue;
		ref_about_place(about, h);
		ref_append(buf, len, "%s%s %s: %d of the %d %s carried in sensed",
		       buf[0] ? "; " : "", ref_hole_word(ref, h),
		       ref_hole_name(ref, h), r->tail_sensed, r->tail_expected,
		       ref_words(ref)->pieces);
	}
}

/* ------------------------------------------------------------ pulses */

/* Edges closer together than the window, each further than the
 * debounce time from the one before: a line that chatters is stuck. */
static int line_stuck(struct drops *d, int hole)
{
	struct referee *ref = d->ref;
	struct line_track *t = &d->track[hole];
	int n = 0;

	/* Contact bounce, and pieces dropped together, come closer than
	 * the debounce time: a line chatters with edges further apart. */
	if (t->nrecent > 0 &&
	    ref->now - t->recent[t->nrecent - 1] < ref->cfg.debounce_us)
		return 0;
	if (t->nrecent == DROPS_RECENT) {
		memmove(t->recent, t->recent + 1,
			(size_t)(t->nrecent - 1) * sizeof(t->recent[0]));
		t->nrecent--;
	}
	t->recent[t->nrecent++] = ref->now;
	for (int i = 0; i < t->nrecent; i++)
		n += ref->now - t->recent[i] < ref->cfg.stuck_window_us;
	return n >= ref->cfg.stuck_pulses;
}

static void stuck(struct drops *d, int hole)
{
	int kept = 0;

	d->ref->health[hole].state = LINE_STUCK;
	for (int i = 0; i < d->npend; i++)
		if (d->pend[i] != hole)
			d->pend[kept++] = d->pend[i];
	d->npend = kept;
	say_stuck(d, hole);
	if (d->ref->state == REF_PLAY)
		drops_rematch(d);
}

/* A pulse on a stuck or dead line: does it work again? 0 when the
 * pulse is to be ignored. */
static int line_back(struct drops *d, int hole, uint64_t last)
{
	struct referee *ref = d->ref;
	struct line_health *h = &ref->health[hole];

	if (h->state == LINE_STUCK) {
		if (ref->now - last < 3 * ref->cfg.stuck_window_us)
			return 0;
		h->state = LINE_FLAKY;
		d->track[hole].nrecent = 0;
		say_back(d, hole, "pulses normally again");
		if (ref->state == REF_PLAY)
			drops_rematch(d);
	}
	if (h->state == LINE_DEAD) {
		h->state = LINE_FLAKY;
		d->track[hole].missed_in_a_row = 0;
		say_back(d, hole, "fires again");
		if (ref->state == REF_PLAY)
			drops_rematch(d);
	}
	return 1;
}

/* The board has sensed DROPS_CLEAN_SEEDS pulses and hardly ever two
 * edges closer than a hand drops two pieces (one in that many): its
 * gates do not bounce, and two close edges are two pieces. */
static int never_bounces(const struct referee *ref)
{
	uint64_t pulses = 0, bounces = 0;

	for (int h = 0; h < ref->nholes; h++) {
		pulses += ref->health[h].pulses;
		bounces += ref->health[h].bounces;
	}
	return pulses >= DROPS_CLEAN_SEEDS &&
	       bounces * DROPS_CLEAN_SEEDS < pulses;
}

int drops_never_bounces(const struct referee *ref)
{
	return never_bounces(ref);
}

int drops_strays_shown(const struct referee *ref)
{
	uint64_t pulses = 0, extras = 0;

	for (int h = 0; h < ref->nholes; h++) {
		pulses += ref->health[h].pulses;
		extras += ref->health[h].extras;
	}
	return extras >= 2 && extras * DROPS_STRAYS_SHOWN >= pulses;
}

int drops_short_cost(const struct referee *ref)
{
	return never_bounces(ref) ? DROPS_MISPLAY_SHORT_CLEAN :
	       DROPS_MISPLAY_SHORT;
}

void drops_pulse(struct drops *d, const struct observation *obs)
{
	struct referee *ref = d->ref;
	int hole = ref_hole_index(ref, obs->where);
	struct line_health *h;
	uint64_t last;

	if (hole < 0) {
		ref_unknown_place(ref, obs);
		return;
	}
	h = &ref->health[hole];
	ref->drops_seen = 1;
	last = h->last_us;
	h->last_us = ref->now;
	/* Edges closer than the debounce time are one drop's bounce; closer
	 * than a hand can drop two pieces, they are no drop either, unless
	 * the board never bounces. Every edge counts towards finding a line
	 * that chatters, and every close one towards the board's bounces. */
	if (line_stuck(d, hole) && h->state != LINE_STUCK) {
		stuck(d, hole);
		return;
	}
	if (last != 0 && ref->now - last < ref->cfg.pulse_gap_us &&
	    h->state != LINE_STUCK && never_bounces(ref)) {
		h->bounces++;	/* two pieces together: taken */
	} else if (last != 0 && ref->now - last < ref->cfg.debounce_us) {
		h->bounces++;
		return;
	} else if (last != 0 && ref->now - last < ref->cfg.pulse_gap_us &&
		   h->state != LINE_STUCK) {
		/* Too late for a bounce: maybe two pieces together. */
		h->bounces++;
		d->board.handful[hole] = 1;
		return;
	}
	h->pulses++;
	ref->last_activity = ref->now;
	if (line_back(d, hole, last))
		drops_take(d, hole, ref->now, ref->now);
}
