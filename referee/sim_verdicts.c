/*
 * sim_verdicts.c - the verdicts on a batch of moves on the simulator's
 * physical board, read move by move against the truth (see
 * sim_batch.h): which verdict is about which move, how each move is
 * counted, and the debug lines of the moves not taken alone.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "referee/sim_batch.h"

/* ------------------------------------------------------------- verdicts */

/* The next verdict about a move in the log from `*at`: a move taken or
 * held, or a foul. */
static int about_a_move(const struct logged *l)
{
	return ((l->kind == VERDICT_ACCEPT || l->kind == VERDICT_WARN ||
		 l->kind == VERDICT_HOLD) && l->move[0] != '\0') ||
	       l->kind == VERDICT_FOUL;
}

/* The move held just before log entry `i` is the one it takes: the
 * hold confirmed (by the counts, or the opponent's button), one move. */
static int confirms(const struct sim *s, int i)
{
	const struct logged *l = &s->log[i];

	if (l->kind != VERDICT_ACCEPT && l->kind != VERDICT_WARN)
		return 0;
	while (--i >= 0 && !about_a_move(&s->log[i]))
		;
	return i >= 0 && s->log[i].kind == VERDICT_HOLD &&
	       strcmp(s->log[i].move, l->move) == 0;
}

static const struct logged *next_verdict(const struct sim *s, int *at)
{
	while (*at < s->nlog) {
		int i = (*at)++;

		if (about_a_move(&s->log[i]) && !confirms(s, i))
			return &s->log[i];
	}
	return NULL;
}

static enum sim_class judge_legal(const struct sowing *sw,
				  const struct logged *v, int stopped)
{
	if (v == NULL)
		return stopped ? SIM_LEGAL_HELD : SIM_LEGAL_UNSEEN;
	if (v->kind == VERDICT_FOUL)
		return SIM_LEGAL_FOULED;
	if (strcmp(v->move, sw->text) != 0)
		return SIM_LEGAL_MISREAD;
	return v->kind == VERDICT_HOLD ? SIM_LEGAL_HELD : SIM_LEGAL_ACCEPTED;
}

static enum sim_class judge_illegal(const struct logged *v, int stopped)
{
	if (v == NULL)
		return stopped ? SIM_ILLEGAL_CAUGHT : SIM_ILLEGAL_UNSEEN;
	if (v->kind == VERDICT_FOUL || v->kind == VERDICT_HOLD)
		return SIM_ILLEGAL_CAUGHT;
	return SIM_ILLEGAL_ACCEPTED;
}

static void count_kind(struct sim *s, const struct sim_illegal *il,
		       enum sim_class c)
{
	struct sim_kind_stats *k = s->stats.kinds;
	int i = 0;

	while (i < SIM_KINDS_MAX - 1 && k[i].name != NULL &&
	       strcmp(k[i].name, il->name) != 0)
		i++;
	k[i].name = k[i].name != NULL ? k[i].name : il->name;
	k[i].moves++;
	k[i].accepted += c == SIM_ILLEGAL_ACCEPTED;
	k[i].unseen += c == SIM_ILLEGAL_UNSEEN;
}

/*
 * Which verdict is about which move of the batch from move `first`, the
 * verdicts from log entry `at` (sim_assign()); the verdicts about no
 * move in alone[], their number returned.
 */
static int assign(const struct sim *s, const struct sim_batch *b,
		  int first, int at, const struct logged **of,
		  const struct logged **alone)
{
	static const struct logged *vs[SIM_LOG_MAX];
	static int alone_at[SIM_LOG_MAX];
	struct sim_said said[BATCH_MAX + 1];
	const struct logged *v;
	int nv = 0, which[BATCH_MAX + 1], nalone, n = b->n - first;

	while (nv < SIM_LOG_MAX && (v = next_verdict(s, &at)) != NULL)
		vs[nv++] = v;
	for (int i = 0; i < n; i++)
		said[i] = (struct sim_said){ b->sow[first + i].text,
					     b->sow[first + i].il == NULL };
	nalone = sim_assign(said, n, vs, nv, which, alone_at);
	for (int i = 0; i < n; i++)
		of[first + i] = nalone >= 0 && which[i] >= 0 ? vs[which[i]]
							     : NULL;
	for (int k = 0; k < nalone; k++)
		alone[k] = vs[alone_at[k]];
	return nalone > 0 ? nalone : 0;
}

/* What the model did to legal move `i` of the batch, judged `c`. */
static void count_phys(struct sim *s, const struct sim_batch *b, int i,
		       enum sim_class c)
{
	unsigned bits = (i < SIM_PHYS_WHO ? s->phys[i] : 0) | s->batch_phys |
			(b->n > 1 ? 1u << SIM_PHYS_BATCH : 0);

	if (bits == 0)
		bits = 1u << SIM_PHYS_NONE;
	for (int p = 0; p < SIM_PHYS; p++)
		s->stats.phys[c][p] += (bits >> p) & 1;
}

static int overlapped(const struct sim_batch *b, int i)
{
	return b->sow[i].il == NULL && i + 1 < b->n &&
	       b->sow[i + 1].il == &sim_overlap_kind;
}

/* The batch's events in the 3 s before a move's first fall: drops by
 * place, buttons by seat, other kinds by their trace keyword. */
static void dump_before(struct sim *s, const struct sim_batch *b,
			int first, uint64_t t0)
{
	fprintf(s->missed, " before=");
	for (int k = 0; k < b->nev && !first; k++) {
		const struct event *e = &b->ev[k];

		if (e->t >= t0 || e->t + 3000000 <= t0)
			continue;
		if (e->kind == OBS_DROP)
			fprintf(s->missed, "%s", s->names[e->where]);
		else if (e->kind == OBS_BUTTON)
			fprintf(s->missed, "button%d", e->where);
		else
			fprintf(s->missed, "%s", obs_kind_name(e->kind));
		fprintf(s->missed, "@-%llu ",
			(unsigned long long)((t0 - e->t) / 1000));
	}
}
/* Legal move `i` of the batch, not taken without help: its verdict,
 * what the model did, its falls (ms from the first; '^' an edge no
 * piece made; the gate's dirt in per mille) and the batch's drops. */
static void dump_missed(struct sim *s, const struct sim_batch *b, int i,
			const struct logged *v, int stopped)
{
	unsigned bits = (i < SIM_PHYS_WHO ? s->phys[i] : 0) | s->batch_phys;
	uint64_t t0 = 0;
	int first = 1;

	fprintf(s->missed, "MISSED class=%s move=%s seat=%d ply=%d of=%d/%d "
		"verdict=%s cause=%s vmove=%s after_stop=%d after_confirm=%d "
		"phys=", sim_class_name(b->sow[i].c), b->sow[i].text,
		b->sow[i].seat, b->sow[i].ply, i, b->n,
		v != NULL ? verdict_kind_name(v->kind) : "-",
		v != NULL ? verdict_cause_name(v->cause) : "-",
		v != NULL && v->move[0] ? v->move : "-", stopped,
		i > 0 && b->sow[i - 1].confirmed);
	for (int p = 0; p < SIM_PHYS; p++)
		if (bits >> p & 1)
			fprintf(s->missed, "%s,", sim_phys_name(p));
	fprintf(s->missed, " falls=");
	for (int k = 0; k < b->nfalls; k++) {
		const struct sim_fall *f = &b->falls[k];

		if (f->who != i)
			continue;
		if (first)
			t0 = f->t, first = 0;
		fprintf(s->missed, "%s%s%s@%llu(%d)", k ? " " : "",
			f->edge ? "^" : "", s->names[f->place],
			(unsigned long long)((f->t - t0) / 1000),
			(int)(s->dirt[f->place] * 1000));
	}
	dump_before(s, b, first, t0);
	fprintf(s->missed, " pulses=");
	for (int k = 0; k < b->nev; k++)
		if (b->ev[k].kind == OBS_DROP && b->ev[k].t >= t0 &&
		    !first)
			fprintf(s->missed, "%s@%llu ", s->names[b->ev[k].where],
				(unsigned long long)((b->ev[k].t - t0) / 1000));
		else if (b->ev[k].kind == OBS_BUTTON && !first && b->ev[k].t >= t0)
			fprintf(s->missed, "BTN%d@%llu ", b->ev[k].where,
				(unsigned long long)((b->ev[k].t - t0) / 1000));
	fprintf(s->missed, "dirt=");
	for (int g = 0; g < s->places; g++)
		if (s->dirt[g] > 0)
			fprintf(s->missed, "%s:%d,", s->names[g],
				(int)(s->dirt[g] * 1000));
	fprintf(s->missed, " | evidence=%s | text=%s\n",
		v != NULL ? v->evidence : "", v != NULL ? v->text : "");
}

/* Move `i` of the batch judged `c` on verdict `v`, counted. */
static void count_move(struct sim *s, const struct sim_batch *b, int i,
		       const struct logged *v, int stopped)
{
	const struct sowing *sw = &b->sow[i];

	if (overlapped(b, i)) {	/* judged with the overlap */
		s->stats.overlapped++;
	} else if (sw->il == NULL) {
		s->stats.legal++;
		s->stats.count[sw->c]++;
		s->stats.legal_blind += sw->c == SIM_LEGAL_UNSEEN &&
					!(s->pulsed & 1u << i);
		if (sw->c == SIM_LEGAL_ACCEPTED && v->kind == VERDICT_WARN)
			s->stats.count[SIM_LEGAL_WARNED]++;
		count_phys(s, b, i, sw->c);
		if (s->missed != NULL && sw->c != SIM_LEGAL_ACCEPTED)
			dump_missed(s, b, i, v, stopped);
	} else {
		s->stats.illegal++;
		s->stats.count[sw->c]++;
		s->stats.illegal_blind += sw->c == SIM_ILLEGAL_UNSEEN &&
					  !(s->pulsed & 1u << i);
		s->stats.same += sw->same;
		s->stats.same_accepted += sw->same &&
					  sw->c == SIM_ILLEGAL_ACCEPTED;
		count_kind(s, sw->il, sw->c);
		if (s->missed != NULL && (v != NULL ?
					  v->kind != VERDICT_FOUL :
					  sw->c == SIM_ILLEGAL_UNSEEN)) {
			fprintf(s->missed, "ILLEGAL kind=%s same=%d ",
				sw->il->name, sw->same);
			dump_missed(s, b, i, v, stopped);
		}
	}
}

/* Verdict `v`, about no move: a move taken that no move made counts
 * against the referee (a hold or a foul, or its own new reading of a
 * move judged with an earlier batch, does not). */
static void unexplained(struct sim *s, const struct sim_batch *b,
			const struct logged *v, int confirmed, FILE *truth)
{
	if (!sim_alone_cost(v))
		return;
	s->stats.unexplained++;
	if (truth != NULL)
		fprintf(truth, "# unexplained: ply %d %s\n", v->ply, v->move);
	if (s->missed != NULL)
		fprintf(s->missed, "UNEXPLAINED move=%s batch=%d "
			"confirmed=%d evidence=%s | text=%s\n", v->move, b->n,
			confirmed, v->evidence, v->text);
}

/* Legal move `i`, held as made while every move before it was taken,
 * and not overlapped (the hold is what catches the next player's
 * sowing begun too soon): the arbiter confirms it before the moves
 * after it are judged. */
static int to_confirm(const struct sim *s, const struct sim_batch *b, int i,
		      const struct logged *v, int stopped)
{
	return !stopped && b->sow[i].il == NULL && !overlapped(b, i) &&
	       b->sow[i].c == SIM_LEGAL_HELD && v != NULL &&
	       v->kind == VERDICT_HOLD && referee_held(s->ref) &&
	       referee_plies(s->ref) == b->plies + i;
}

/*
 * The moves of the batch from `first` against their verdicts from log
 * entry `*at`. Returns the move the arbiter is to confirm before the
 * moves after it are judged on what the referee makes of them once it
 * is (their drops were kept meanwhile), with `*at` just after its
 * verdict; or b->n. The verdicts about no move before either are
 * counted (`confirmed` holds confirmed so far).
 */
static int judge_from(struct sim *s, struct sim_batch *b, int first, int *at,
		      int confirmed, FILE *truth)
{
	static const struct logged *alone[SIM_LOG_MAX];
	const struct logged *of[BATCH_MAX + 1], *v = NULL;
	int stopped = 0, i, nalone = assign(s, b, first, *at, of, alone);

	for (i = first; i < b->n; i++) {
		struct sowing *sw = &b->sow[i];

		v = of[i];
		sw->c = sw->il == NULL ? judge_legal(sw, v, stopped)
				       : judge_illegal(v, stopped);
		count_move(s, b, i, v, stopped);
		sim_truth(s, truth, sw->ply, sw->seat, sw->text, sw->il,
			  sw->c, overlapped(b, i));
		if (truth != NULL && (sw->c == SIM_LEGAL_UNSEEN ||
				      sw->c == SIM_ILLEGAL_UNSEEN))
			fprintf(truth, "# silent: ply %d %s\n", sw->ply,
				s->pulsed & 1u << i ? "pulsed" : "blind");
		if (to_confirm(s, b, i, v, stopped)) {
			*at = (int)(v - s->log) + 1;
			break;
		}
		stopped |= v != NULL && (v->kind == VERDICT_HOLD ||
					 v->kind == VERDICT_FOUL);
	}
	for (int k = 0; k < nalone; k++)
		if (i == b->n || alone[k] < v)
			unexplained(s, b, alone[k], confirmed, truth);
	return i;
}

/*
 * Each move of the batch against its verdict; moves taken beyond them
 * are moves no move made. A legal move held as made is confirmed by the
 * arbiter before the moves after it are judged: the referee kept their
 * drops, and reads them once the held move is taken.
 */
void sim_world_judge(struct sim *s, struct sim_batch *b, FILE *truth)
{
	int at = 0, i, confirmed = 0;

	for (int first = 0;
	     (i = judge_from(s, b, first, &at, confirmed, truth)) < b->n;
	     first = i + 1) {
		sim_arbiter(s, OBS_CONFIRM, NULL);
		sim_settle_all(s);
		b->sow[i].confirmed = 1;
		confirmed++;
	}
}
