/*
 * model_drops_judge.c - the verdict on the drops of a move, from the
 * evidence. The move that fits best is read as a legal sowing with the
 * board's own faults, each costing what it is unlikely on this board
 * (match.c: a line that has never missed makes a miss dear, a swap needs
 * a fast hand, a shadow, a roll or a handful is physics). The same drops
 * are read as an illegal sowing (model_drops_read.c): a piece left behind (the last drop
 * missing), two in one place, a place passed over, a piece where the
 * mover may not sow, a capture not carried, another place lifted (its
 * shadow before the first drop), or a misplay of another kind. The move
 * is taken when the legal reading is ten times likelier (than both
 * misplays that leave the drops one piece short, when they are), a
 * foul is called when the illegal one is three times likelier, and in
 * between the move is held with what to check on the board. Drops that
 * are a whole move and the beginning of the next player's are parted
 * first.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/model_drops.h"

static const char *const misplay_key[MIS_COUNT] = {
	"", "short", "double", "skip", "store", "uncarried", "lifted",
	"reverse", "other"
};

/* "d e S A": the drops as sensed, for a foul message. */
static void drops_text(const struct drops *d, int n, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < n && i < 24; i++)
		ref_append(buf, len, "%s%s", i ? " " : "",
		       ref_hole_name(d->ref, d->pend[i]));
	if (n > 24)
		ref_append(buf, len, " ...");
}

/* ---------------------------------------------------------- evidence */

/* "move=a legal=6.2 faults=miss:e(0/212) short=5.8 other=9.2
 * misplay=short:a@e decided=hold" */
static void evidence(const struct drops *d, int n, const struct reading *g,
		     const char *decided, char *buf, size_t len)
{
	const struct match_result *r = &d->result[g->move];
	const struct sense_expect *e = &d->expect[g->move];
	static const char *const step[] = {
		"match", "roll", "miss", "extra", "swap"
	};
	char faults[128] = "", rec[32];
	int press;

	for (int i = 0; i < r->ndev; i++) {
		const struct match_deviation *v = &r->dev[i];
		int h = v->step == STEP_MISS ? v->expected : v->sensed;

		if (drops_is_shadow(e, r, v))
			continue;
		drops_line_record(d, h, rec, sizeof(rec));
		ref_append(faults, sizeof(faults), "%s%s:%s(%s)",
		       faults[0] ? "," : "", step[v->step],
		       ref_hole_name(d->ref, h), rec);
	}
	snprintf(buf, len, "move=%s legal=%d.%d", e->text, g->legal / 10,
		 g->legal % 10);
	if (faults[0])
		ref_append(buf, len, " faults=%s", faults);
	if (r->tail_cost > 0)
		ref_append(buf, len, " tail=%d/%d", r->tail_sensed,
		       r->tail_expected);
	for (int k = MIS_SHORT; k < MIS_COUNT; k++)
		if (g->cost[k] < MATCH_FAR)
			ref_append(buf, len, " %s=%d.%d", misplay_key[k],
			       g->cost[k] / 10, g->cost[k] % 10);
	if (g->base >= 0)
		ref_append(buf, len, " misplay=%s:%s@%s", misplay_key[g->mis],
		       d->expect[g->base].text,
		       ref_hole_name(d->ref, g->where[0]));
	if (g->mis == MIS_SHORT && g->at == 1 && (press = drops_press_cost(d,
								      n)))
		ref_append(buf, len, " press=%s%d.%d", press < 0 ? "-" : "",
			   abs(press) / 10, abs(press) % 10);
	if (g->onward)
		ref_append(buf, len, " onward=%s",
			   rules_seat_name(d->ref->game->ops, ref_mover(d->ref)));
	ref_append(buf, len, " decided=%s", decided);
}

/*
 * What to check: the places where the legal move and the misplay leave
 * the board differently (else those `about` names), with what the legal
 * move leaves there: "pit a should now be empty and pit e should hold
 * 5". The places go into `about`.
 */
static void check_text(struct drops *d, const struct reading *g,
		       struct ref_about *about, char *buf, size_t len)
{
	struct referee *ref = d->ref;
	int legal[SENSE_HOLES_MAX], other[SENSE_HOLES_MAX], places[3], n = 0;

	if (drops_misplay_counts(d, g, other) &&
	    drops_after(d, &d->expect[g->move], legal)) {
		for (int h = 0; h < ref->nholes && n < 3; h++)
			if (legal[h] != other[h])
				places[n++] = h;
	} else if (!drops_after(d, &d->expect[g->move], legal)) {
		snprintf(buf, len, "check the board");
		return;
	}
	for (int k = 0; n == 0 && k < about->nplaces && k < 3; k++)
		places[k] = about->places[k];
	if (n == 0)
		n = about->nplaces < 3 ? about->nplaces : 3;
	buf[0] = '\0';
	for (int k = 0; k < n; k++) {
		int h = places[k];

		ref_about_place(about, h);
		ref_append(buf, len, "%s%s %s should%s ", k == 0 ? "" :
		       k == n - 1 ? " and " : ", ", ref_hole_word(ref, h),
		       ref_hole_name(ref, h), k == 0 ? " now" : "");
		if (legal[h] == 0)
			ref_append(buf, len, "be empty");
		else
			ref_append(buf, len, "hold %d", legal[h]);
	}
	if (n == 0)
		snprintf(buf, len, "check the board");
}

/* ---------------------------------------------------------- verdicts */

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
static void foul_no_fit(struct drops *d, int n, int nearest, const char *why,
			struct ref_about *about)
{
	struct referee *ref = d->ref;
	char drops[128], text[256] = "";

	about->cause = CAUSE_NO_FIT;
	if (why != NULL || nearest < 0) {
		drops_foul(d, n, why != NULL ? why : "no legal move fits",
			   about);
		return;
	}
	drops_text(d, n, drops, sizeof(drops));
	drops_describe(d, &d->expect[nearest], &d->result[nearest], 0, text,
		       sizeof(text), about);
	ref_say_about(ref, VERDICT_FOUL, about, ref->ply + 1, NULL,
		      "no legal move of %s fits the drops %s (nearest %s: "
		      "%s); restore the board", ref_mover_name(ref), drops,
		      d->expect[nearest].text, text);
	ref_await_restore(ref);
}

static void hold(struct drops *d, int e, const char *why,
		 const struct ref_about *about, const char *ask)
{
	struct referee *ref = d->ref;

	ref_hold(ref, &d->expect[e].move, d->expect[e].text, about, why, ask);
	d->held_e = d->expect[e];
	d->held_r = d->result[e];
	d->held_ply = ref->ply + 1;
	d->held_end_us = d->npend > 0 ? d->pend_t[d->npend - 1] : 0;
}

void drops_hold(struct drops *d, int e, const char *why,
		const struct ref_about *about, const char *ask)
{
	hold(d, e, why, about, ask);
}

void drops_misplay_words(struct drops *d, enum drops_misplay mis,
			 const struct sense_expect *x, int at, int foul,
			 char *buf, size_t len)
{
	struct referee *ref = d->ref;
	const struct sense_words *w = ref_words(ref);
	const char *move = x->text;
	int m = x->npath;

	switch (mis) {
	case MIS_SHORT:
		snprintf(buf, len, "the drops of %s stop %d %s short%s", move,
			 at, at == 1 ? w->piece : w->pieces,
			 foul ? " (left behind, or dropped together into one "
			 "place)" : "");
		break;
	case MIS_DOUBLE:
		snprintf(buf, len, "%s %s: two %s fell in %s %s and none in "
			 "%s %s", w->doing, move, w->pieces,
			 ref_hole_word(ref, x->path[at]),
			 ref_hole_name(ref, x->path[at]),
			 ref_hole_word(ref, x->path[m - 1]),
			 ref_hole_name(ref, x->path[m - 1]));
		break;
	case MIS_REVERSE:
		snprintf(buf, len, "%s %s the wrong way round", w->doing,
			 move);
		break;
	case MIS_SKIP:
		snprintf(buf, len, "%s %s: %s %s was passed over and a %s fell "
			 "in %s %s", w->doing, move,
			 ref_hole_word(ref, x->path[at]),
			 ref_hole_name(ref, x->path[at]), w->piece,
			 ref_hole_word(ref, x->beyond),
			 ref_hole_name(ref, x->beyond));
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* The misplay in words: "the drops stop one seed short". */
static void misplay_text(struct drops *d, const struct reading *g, int foul,
			 char *buf, size_t len)
{
	struct referee *ref = d->ref;
	const struct sense_words *w = ref_words(ref);
	int a = g->where[0];

	if (g->mis == MIS_LIFTED)
		snprintf(buf, len, "%s %s was lifted first, yet %s was %s",
			 ref_hole_word(ref, a), ref_hole_name(ref, a),
			 d->expect[g->base].text, w->done);
	else
		drops_misplay_words(d, g->mis, &d->expect[g->base], g->at,
				    foul, buf, len);
}

/* The legal reading is not ten times likelier: held, with what the
 * opponent or the arbiter should check on the board. */
static void hold_reading(struct drops *d, const struct reading *g,
			 struct ref_about *about)
{
	const struct sense_expect *e = &d->expect[g->move];
	const struct match_result *r = &d->result[g->move];
	char why[300] = "", check[160];

	drops_describe(d, e, r, 0, why, sizeof(why), about);
	if (r->free_misses > 0)
		ref_append(why, sizeof(why), "%sa sensor out of order hides %d %s",
		       why[0] ? "; " : "", r->free_misses,
		       r->free_misses == 1 ? ref_words(d->ref)->piece :
		       ref_words(d->ref)->pieces);
	about->cause = CAUSE_HELD_FAULT;
	if (g->base >= 0 && g->mis != MIS_STORE && g->mis != MIS_UNCARRIED) {
		/* About the places where the two readings differ. */
		about->cause = CAUSE_AMBIGUOUS;
		about->nplaces = 0;
		misplay_text(d, g, 0, why, sizeof(why));
		if (d->ref->sense->counts == NULL) {
			ref_about_place(about, g->where[0]);
			ref_about_place(about, g->where[1]);
		}
	}
	check_text(d, g, about, check, sizeof(check));
	ref_append(why, sizeof(why), "%s%s", why[0] ? ": " : "", check);
	hold(d, g->move, why, about, " \xe2\x80\x94 check and confirm");
}

/* The misplay is ten times likelier: a foul naming it. */
static void foul_reading(struct drops *d, int n, const struct reading *g,
			 struct ref_about *about)
{
	char why[256];

	if (g->base < 0 || g->mis == MIS_STORE) {
		foul_no_fit(d, n, g->move, NULL, about);
		return;
	}
	about->cause = CAUSE_ILLEGAL;
	d->reversed_fouls += g->mis == MIS_REVERSE;
	ref_about_place(about, g->where[0]);
	ref_about_place(about, g->where[1]);
	misplay_text(d, g, 1, why, sizeof(why));
	drops_foul(d, n, why, about);
}

void drops_accept(struct drops *d, int e, int n, struct ref_about *about,
		  const char *also)
{
	struct referee *ref = d->ref;
	const struct sense_expect *x = &d->expect[e];
	const struct match_result *r = &d->result[e];
	char why[300] = "";
	size_t used;

	if (drops_too_soon(d, e, n) || drops_lone_pulse(d, e, n) ||
	    drops_reach_hold(d, e, n))
		return;
	drops_describe(d, x, r, 1, why, sizeof(why), about);
	about->cause = why[0] ? CAUSE_SENSED_FAULT : CAUSE_SENSED;
	used = strlen(why);
	if (why[0] && also != NULL && used < sizeof(why))
		snprintf(why + used, sizeof(why) - used, "; %s", also);
	drops_press_learn(d, n, r);
	drops_pace_learn(d, n, r);
	drops_account(d, x, r);
	drops_keep_late(d, x, r, n);
	drops_taken(d, n, r->cost);
	drops_twin_note(d, e, n);
	ref_accept(ref, &x->move, about->cause == CAUSE_SENSED ?
		   VERDICT_ACCEPT : VERDICT_WARN, about, why);
	drops_taken_done(d);
	drops_twin_taken(d);
	drops_end_taken(d, x, r, n);
}

/* Whether the reading puts some drop where the move needs it, though
 * out of order or next door (a swap, a roll). */
static int placed(const struct match_result *r)
{
	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].step == STEP_SWAP || r->dev[i].step == STEP_ROLL)
			return 1;
	return 0;
}

/* Two drops of the path sensed in each other's order within
 * DROPS_SWAP_TOGETHER_US: pieces let go together reach their gates in
 * either order, both sensed where the move puts them. Further apart,
 * the order is the hand's (pieces fall from it in about the same
 * time), as a sowing made the wrong way round gives. */
static int swapped(const struct drops *d, const struct match_result *r)
{
	for (int i = 0; i < r->ndev; i++) {
		int at = r->dev[i].at;

		if (r->dev[i].step == STEP_SWAP && at >= 0 &&
		    at + 1 < d->npend &&
		    d->pend_t[at + 1] - d->pend_t[at] <= DROPS_SWAP_TOGETHER_US)
			return 1;
	}
	return 0;
}

/* How the move that fits best is to be judged: "take", "hold" or
 * "foul". */
static const char *verdict_of(const struct drops *d, const struct reading *g,
			      int n)
{
	const struct sense_expect *e = &d->expect[g->move];
	const struct match_result *r = &d->result[g->move];
	int margin = g->legal - g->illegal, faulty = r->tail_cost > 0;
	/* A misplay followed by the mover sowing on at once needs a second
	 * to be a foul. Yet a piece stopped short of one's own store and
	 * played on is the misplay that pays most, so sowing on never
	 * argues for the move being taken: it only turns a foul into a
	 * hold. */
	int against = margin - (g->onward ? DROPS_MISPLAY : 0);
	/* A misplay of the sowing itself fits every drop as it came: only
	 * its own chance. Against it, a legal reading that needs anything
	 * the board does only now and then (a fault, or the hand's shadow,
	 * as often as the board has shown it) must be ten times likelier. */
	int exact = g->base >= 0 && g->illegal <= DROPS_MISPLAY &&
		    (g->mis == MIS_SHORT || g->mis == MIS_DOUBLE ||
		     g->mis == MIS_SKIP || g->mis == MIS_REVERSE);
	/* Taking the move: against the drops one piece short, both
	 * misplays that leave them (a foul still needs the one). */
	int either = g->mis == MIS_SHORT && g->at == 1 ?
		     DROPS_MISPLAY - drops_short_cost(d->ref) : 0;
	/* ... and the mover's button: pressed one step of the hand later
	 * than a hand that stopped there would press (its last piece
	 * unseen), or sooner (model_drops_press.c). */
	int press = g->mis == MIS_SHORT && g->at == 1 ?
		    drops_press_cost(d, n) : 0;

	/* Drops no misplay explains, yet some fell where the move needs
	 * them: a foul only when "some other misplay" is a hundred times
	 * likelier than the move with its faults. */
	int bar = g->base < 0 && (r->matched > 0 || placed(r)) ?
		  DROPS_MARGIN_FOUL : DROPS_MARGIN;

	for (int i = 0; i < r->ndev; i++)
		faulty |= !drops_is_shadow(e, r, &r->dev[i]);
	if (against >= bar && g->mis != MIS_UNCARRIED)
		return "foul";
	if (margin >= DROPS_MARGIN)
		return "hold";
	if (margin + either + press > -(exact && (faulty || r->ndev > 0) ?
				DROPS_MARGIN_EXACT : DROPS_MARGIN) ||
	    (faulty && d->ref->cfg.accept_cost == 0) ||
	    (r->matched == 0 && !swapped(d, r) && e->npath > 0 && r->cost > 0 &&
	     r->tail_sensed < 2) ||
	    (r->free_misses > 0 && r->cost > 0))
		return "hold";
	return "take";
}

/* The move that fits best, read both ways: taken, held or a foul. */
void drops_decide(struct drops *d, int n, int best)
{
	struct ref_about about = { .cause = CAUSE_NONE };
	struct reading g;
	const char *decided;

	drops_read(d, best, n, &g);
	g.onward = drops_sown_on(d, &g, n);
	decided = verdict_of(d, &g, n);
	/* Nothing sensed (the mover's button alone) shows no misplay, only
	 * a move whose every piece went unseen: held, never a foul. */
	if (decided[0] == 'f' && n == 0) {
		drops_blind_move(d, -1, NULL);
		return;
	}
	/* A table with a count source takes no move its counts have not
	 * shown: none came (a move none made, or a count source down). */
	if (decided[0] == 't' && ref_counts_read(d->ref) && !d->counted)
		decided = "hold";
	/* Drops alone that are exactly a move's and its twin's, at a
	 * table whose players have sown the wrong way round: neither
	 * taken (the counts, where they come, tell them apart). */
	if (decided[0] == 't' && !ref_counts_read(d->ref) &&
	    drops_twin_hold(d, g.move, n))
		return;
	if (decided[0] == 't' && (drops_late_doubt_hold(d, g.move, n) ||
				  drops_rival_hold(d, g.move, n)))
		return;
	evidence(d, n, &g, decided, about.evidence, sizeof(about.evidence));
	if (decided[0] == 'f')
		foul_reading(d, n, &g, &about);
	else if (decided[0] == 'h')
		hold_reading(d, &g, &about);
	else
		drops_accept(d, g.move, n, &about, NULL);
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

	/* Nothing sensed (the mover's button alone) shows no other place
	 * sown: the touched one is held, its every piece unseen, never a
	 * foul. */
	if (n == 0) {
		drops_blind_move(d, touched, NULL);
		return 1;
	}
	if (d->result[touched].cost <= DROPS_OTHER - DROPS_MARGIN) {
		drops_describe(d, &d->expect[touched], &d->result[touched], 0,
			       why, sizeof(why), &about);
		ref_about_place(&about, d->lifted);
		ref_append(why, sizeof(why), "%s%s %s was touched; the drops fit "
		       "%s better", why[0] ? "; " : "",
		       ref_hole_word(ref, d->lifted),
		       ref_hole_name(ref, d->lifted), d->expect[best].text);
		hold(d, touched, why, &about, NULL);
		return 1;
	}
	if (d->result[best].cost < DROPS_FOUL_AT) {
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

/* `ties` other moves fit about as well as the best: the arbiter says
 * which. */
static void hold_ties(struct drops *d, int best, int ties)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	int cost = d->result[best].cost;
	char why[256] = "the drops fit";

	for (int e = 0, k = 0; e < d->nexpect; e++) {
		if (d->result[e].cost > cost + DROPS_TIE)
			continue;
		ref_about_place(&about, d->expect[e].origin);
		ref_append(why, sizeof(why), "%s%s", k++ == 0 ? " " :
		       k == ties + 1 ? " and " : ", ", d->expect[e].text);
	}
	ref_append(why, sizeof(why), " equally well");
	snprintf(about.evidence, sizeof(about.evidence), "move=%s legal=%d.%d",
		 d->expect[best].text, cost / 10, cost % 10);
	for (int e = 0; e < d->nexpect; e++)
		if (e != best && d->result[e].cost <= cost + DROPS_TIE)
			ref_append(about.evidence, sizeof(about.evidence),
				   " tie=%s:%d.%d", d->expect[e].text,
				   d->result[e].cost / 10,
				   d->result[e].cost % 10);
	ref_append(about.evidence, sizeof(about.evidence), " decided=hold");
	hold(d, best, why, &about, NULL);
}

/*
 * The drops read as the next player's sowing begun before the mover's
 * last piece fell about as well as move `best` with a fault: held,
 * naming both readings.
 */
static void hold_overlap(struct drops *d, int n, int best,
			 const struct drops_split *s)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[300] = "", theirs[96] = "";

	drops_describe(d, &d->expect[best], &d->result[best], 0, why,
		       sizeof(why), &about);
	for (int i = 0, prev = -1; i < n; i++)
		if (s->theirs[i] && d->pend[i] != prev) {
			/* (a place named once for a pulse and its bounce) */
			prev = d->pend[i];
			ref_append(theirs, sizeof(theirs), "%s%s",
				   theirs[0] ? " " : "",
				   ref_hole_name(ref, d->pend[i]));
			ref_about_place(&about, d->pend[i]);
		}
	ref_append(why, sizeof(why), "%sor %s began %s (drops %s) before "
		   "%s's last %s fell", why[0] ? ", " : "",
		   rules_seat_name(ref->game->ops, s->seat),
		   ref_words(ref)->doing, theirs, ref_mover_name(ref),
		   ref_words(ref)->piece);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d overlap=%d.%d decided=hold",
		 d->expect[best].text, d->result[best].cost / 10,
		 d->result[best].cost % 10, s->cost / 10, s->cost % 10);
	hold(d, best, why, &about, " \xe2\x80\x94 check and confirm");
}

/* The likeliest misplay of the drops pend[0..n), `best` the legal move
 * that fits best. */
static int misplay_cost(struct drops *d, int best, int n)
{
	struct reading g;

	drops_read(d, best, n, &g);
	return g.illegal;
}

int drops_misplay_likelier(struct drops *d, int e, int n)
{
	struct reading g;

	drops_evaluate(d, n, 1);
	drops_read(d, e, n, &g);
	/* Those that leave a board of their own the counts tell apart
	 * (a piece where the mover may not sow, a capture not carried,
	 * another place sown from, as much as a piece short or doubled or
	 * a place passed over): only a lap sown the wrong way round, or
	 * drops no misplay explains, may leave the legal move's board. */
	if (g.mis != MIS_REVERSE && g.mis != MIS_OTHER)
		return 0;
	return g.base >= 0 && g.illegal + DROPS_MARGIN <= d->result[e].cost;
}

int drops_reversed_fits(struct drops *d, int e, int n)
{
	struct reading g;

	drops_evaluate(d, n, 1);
	drops_read(d, e, n, &g);
	/* (past a foul's cost too, when three times likelier than e) */
	return (g.cost[MIS_REVERSE] < DROPS_FOUL_AT ||
		g.cost[MIS_REVERSE] + DROPS_MARGIN <= d->result[e].cost) &&
	       g.cost[MIS_REVERSE] < d->result[e].cost ? g.cost[MIS_REVERSE] :
	       -1;
}

/* Drops the move's reading leaves over (extra, or beyond a roll): the
 * only ones another move could have made. */
static int has_extra(const struct drops *d, int e)
{
	const struct match_result *r = &d->result[e];

	if (r->ndev == MATCH_DEVIATIONS_MAX || r->cost >= DROPS_FOUL_AT)
		return 1;
	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].step == STEP_EXTRA || r->dev[i].step == STEP_ROLL)
			return 1;
	return 0;
}

/*
 * The drops read as the mover's whole move and the next player's begun
 * at once, with no button between them, at the hand's pause: on a
 * table whose players press the turn button, the button that follows
 * tells whose the last drops were (the mover's says they were all its
 * own, and the two moves are not read), so it is awaited until the
 * quiet period ends. Returns 1 when it is.
 */
static int split_awaits_button(struct drops *d, const struct drops_split *s)
{
	struct referee *ref = d->ref;

	if (!ref->buttons_seen || ref_counts_read(ref) || !d->finishing ||
	    s->interleaved || s->seat == ref_mover(ref) || d->mover_done ||
	    d->split_wait_us != 0 ||
	    ref->now >= d->heard_us + ref->cfg.quiet_us)
		return 0;
	d->split_wait_us = d->heard_us + ref->cfg.quiet_us;
	return 1;
}

/* The move that fits best, how many fit about as well, and the move of
 * the place touched first (-1 when none). -1 when no move is left. */
static int best_fit(const struct drops *d, int *ties, int *touched)
{
	int best = -1;

	*ties = 0;
	*touched = -1;
	for (int e = 0; e < d->nexpect; e++) {
		if (d->expect[e].origin == d->lifted)
			*touched = e;
		if (best < 0 || d->result[e].cost < d->result[best].cost)
			best = e;
	}
	for (int e = 0; best >= 0 && e < d->nexpect; e++)
		if (e != best && d->result[e].cost <=
		    d->result[best].cost + DROPS_TIE)
			(*ties)++;
	return best;
}

void drops_judge(struct drops *d, int n)
{
	struct ref_about about = { .cause = CAUSE_NO_FIT };
	struct drops_split two;
	int best, ties, touched;
	char why[64];

	drops_evaluate(d, n, 1);
	best = best_fit(d, &ties, &touched);
	if (drops_twin_judge(d, n, best))
		return;
	if (best < 0) {
		snprintf(why, sizeof(why), "no move can be made by %s",
			 ref_words(d->ref)->doing);
		foul_no_fit(d, n, -1, why, &about);
		return;
	}
	if (touched >= 0 && d->result[touched].cost <=
	    d->result[best].cost + DROPS_TIE) {
		best = touched;	/* the touched place settles a tie */
		ties = 0;
	}
	if (touched >= 0 && touched != best &&
	    judge_touched(d, n, touched, best))
		return;
	/* Two players' sowings, one after the other or overlapping, when
	 * that reads the drops better than one move with its faults, and
	 * than one misplayed sowing. */
	if (d->result[best].cost >= DROPS_MARGIN && has_extra(d, best) &&
	    drops_split(d, n, &two)) {
		int mis = misplay_cost(d, best, n);

		if (two.cost + DROPS_MARGIN <= d->result[best].cost &&
		    two.cost + DROPS_MARGIN <= mis) {
			if (split_awaits_button(d, &two))
				return;
			drops_judge_split(d, n, &two);
			return;
		}
		/* Overlapping sowings about as likely: neither taken. */
		if (two.interleaved && ties == 0 && two.cost < mis &&
		    two.cost < d->result[best].cost + DROPS_MARGIN &&
		    d->result[best].cost < DROPS_FOUL_AT) {
			hold_overlap(d, n, best, &two);
			return;
		}
	}
	/* One pulse of the next player's sowing at its end: neither. */
	if (ties == 0 && d->result[best].cost < DROPS_FOUL_AT &&
	    drops_split_trailing(d, n, best, &two)) {
		hold_overlap(d, n, best, &two);
		return;
	}
	/* One pulse of it among the mover's last drops: neither. */
	if (ties == 0 && d->result[best].cost < DROPS_FOUL_AT &&
	    drops_split_amid(d, n, best, &two)) {
		hold_overlap(d, n, best, &two);
		return;
	}
	/* One pulse of it begun long after: the next player's move. */
	if (ties == 0 && d->result[best].cost < DROPS_FOUL_AT &&
	    drops_split_lone(d, n, best, &two)) {
		drops_judge_split(d, n, &two);
		return;
	}
	if (ties > 0 && d->result[best].cost < DROPS_FOUL_AT)
		hold_ties(d, best, ties);
	else
		drops_decide(d, n, best);
}
