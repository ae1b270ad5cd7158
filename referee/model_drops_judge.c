/*
 * model_drops_judge.c - the verdict on the drops of a move: taken, taken
 * with a warning, held for confirmation, or a foul. Noise costs: a move
 * one slip away is accepted with a warning, two slips away it waits for
 * confirmation, further is a foul; drops that are a whole move and the
 * beginning of the next player's are parted first.
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

void drops_foul(struct drops *d, int n, const char *why,
		struct ref_about *about)
{
	char drops[128];

	drops_text(d, n, drops, sizeof(drops));
	ref_say_about(d->ref, VERDICT_FOUL, about, d->ref->ply + 1, NULL,
		      "%s%s%s; restore the board", why, n ? ": drops " : "",
		      n ? drops : "");
	ref_await_restore(d->ref);
}

/* No legal move fits: `why`, or the nearest move's deviations. */
static void foul_no_fit(struct drops *d, int n, int nearest, const char *why)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_NO_FIT };
	char drops[128], text[256] = "";

	if (why != NULL || nearest < 0) {
		drops_foul(d, n, why != NULL ? why : "no legal move fits",
			   &about);
		return;
	}
	drops_text(d, n, drops, sizeof(drops));
	drops_describe(d, &d->expect[nearest], &d->result[nearest], 0, text,
		       sizeof(text), &about);
	ref_say_about(ref, VERDICT_FOUL, &about, ref->ply + 1, NULL,
		      "no legal move of %s fits the drops %s (nearest %s: "
		      "%s); restore the board", ref_mover_name(ref), drops,
		      d->expect[nearest].text, text);
	ref_await_restore(ref);
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
		drops_foul(d, n, why, &about);
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
static void take_or_hold(struct drops *d, int best, int n)
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
		drops_keep_late(d, e, &r, n);
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

/* The move that fits best, how many fit as well, and the move of the
 * place touched first (-1 when none). -1 when no move is left. */
static int best_fit(const struct drops *d, int *ties, int *touched)
{
	int best = -1;

	*ties = 0;
	*touched = -1;
	for (int e = 0; e < d->nexpect; e++) {
		if (d->expect[e].origin == d->lifted)
			*touched = e;
		if (best < 0 || d->result[e].cost < d->result[best].cost) {
			best = e;
			*ties = 0;
		} else if (d->result[e].cost == d->result[best].cost) {
			(*ties)++;
		}
	}
	return best;
}

void drops_judge(struct drops *d, int n)
{
	struct drops_split split;
	int best, ties, touched;
	char why[64];

	drops_evaluate(d, n, 1);
	best = best_fit(d, &ties, &touched);
	if (best < 0) {
		snprintf(why, sizeof(why), "no move can be made by %s",
			 ref_words(d->ref)->doing);
		foul_no_fit(d, n, -1, why);
		return;
	}
	/* Not one move as it should be: a whole move and the next player's
	 * beginning, maybe. */
	if (d->result[best].cost > d->ref->cfg.accept_cost &&
	    drops_split(d, n, &split)) {
		drops_judge_split(d, n, &split);
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
		take_or_hold(d, best, n);
}
