/*
 * model_drops_counts.c - a move judged with the board's counts as well as
 * its drops (drop gates and a count source at one table). The drops say
 * which moves and misplays could have been made; the counts, taken once
 * the board is still, say which board it is: the legal move's (its
 * drops' faults were the sensors', harmless), a misplay's (a seed left
 * behind, two in one pit, a pit passed over: a foul, caught exactly), the
 * board before (pulses no move made), or none of them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/model_drops.h"

/* A pulse this soon after another on its place may be its bounce. */
#define LATE_BOUNCE_US 80000
/* Sowings with no counts between them read after a first: at most. */
#define DROPS_CHAIN_MAX 4

/* The misplays whose boards the counts are compared with. */
static const enum drops_misplay board_misplays[] = {
	MIS_SHORT, MIS_DOUBLE, MIS_SKIP
};

/* How far the board `values` is from the counts `seen` (ranges, where
 * the count source gave them, counting from their nearer end). */
static int distance(const struct drops *d, const int *values,
		    const int *seen)
{
	return ref_seen_distance(d->ref, values, seen);
}

/* How far `seen` is from the board move `e` leaves: as the rules leave
 * it, or, for a move that ends the game, before the sweep. */
static int board_distance(struct drops *d, const struct sense_expect *e,
			  const int *seen)
{
	int values[SENSE_HOLES_MAX], far;

	if (!drops_after(d, e, values))
		return MATCH_FAR;
	far = distance(d, values, seen);
	if (e->ends && d->ref->sense->unswept != NULL) {
		int unswept;

		d->ref->sense->unswept(d->ref->game, ref_pos_const(d->ref),
				       &e->move, values);
		unswept = distance(d, values, seen);
		if (unswept < far)
			far = unswept;
	}
	return far;
}

/* The legal moves whose boards are `seen` within `tolerance`: how many,
 * the one whose drops fit best in *best. */
static int legal_boards(struct drops *d, const int *seen, int tolerance,
			int *best)
{
	int n = 0;

	*best = -1;
	for (int e = 0; e < d->nexpect; e++) {
		if (board_distance(d, &d->expect[e], seen) > tolerance)
			continue;
		n++;
		if (*best < 0 || d->result[e].cost < d->result[*best].cost)
			*best = e;
	}
	return n;
}

/* A misplay whose board is `seen`: 1 with it in *e, *mis, *at. */
static int misplay_board(struct drops *d, const int *seen, int *e,
			 enum drops_misplay *mis, int *at)
{
	int legal[SENSE_HOLES_MAX], values[SENSE_HOLES_MAX];
	int n = d->ref->nholes;

	for (*e = 0; *e < d->nexpect; (*e)++) {
		const struct sense_expect *x = &d->expect[*e];

		if (!drops_after(d, x, legal))
			continue;
		for (size_t k = 0; k < sizeof(board_misplays) /
		     sizeof(board_misplays[0]); k++)
			for (*at = 0; *at <= x->npath; (*at)++) {
				*mis = board_misplays[k];
				memcpy(values, legal, (size_t)n * sizeof(int));
				if (drops_misplayed(x, *mis, *at, values) &&
				    distance(d, values, seen) == 0)
					return 1;
			}
	}
	return 0;
}

/* The counts show a misplay of move `e`: a foul naming it. */
static void foul_misplay(struct drops *d, int n, int e,
			 enum drops_misplay mis, int at, const int *seen)
{
	struct ref_about about = { .cause = CAUSE_ILLEGAL };
	int legal[SENSE_HOLES_MAX];
	char what[200], differ[200], why[440];

	drops_misplay_words(d, mis, &d->expect[e], at, 0, what, sizeof(what));
	drops_after(d, &d->expect[e], legal);
	ref_disagreement(d->ref, seen, legal, differ, sizeof(differ), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s counts=misplay:%s@%d decided=foul", d->expect[e].text,
		 mis == MIS_SHORT ? "short" : mis == MIS_DOUBLE ? "double" :
		 "skip", at);
	snprintf(why, sizeof(why), "%s, as the counts show (%s)", what,
		 differ);
	drops_foul(d, n, why, &about);
}

/* No board the drops could be: held, with where the counts differ from
 * the move that fits the drops best. */
static void hold_disagreement(struct drops *d, int best, const int *seen)
{
	struct ref_about about = { .cause = CAUSE_SNAPSHOT_FAR };
	int legal[SENSE_HOLES_MAX];
	char differ[240], why[300];

	drops_after(d, &d->expect[best], legal);
	ref_disagreement(d->ref, seen, legal, differ, sizeof(differ), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d counts=disagree decided=hold",
		 d->expect[best].text, d->result[best].cost / 10,
		 d->result[best].cost % 10);
	snprintf(why, sizeof(why), "the counts disagree: %s", differ);
	ref_hold(d->ref, &d->expect[best].move, d->expect[best].text, &about,
		 why, " \xe2\x80\x94 check and confirm");
	d->held_e = d->expect[best];
	d->held_r = d->result[best];
	d->held_ply = d->ref->ply + 1;
	d->held_end_us = d->npend > 0 ? d->pend_t[d->npend - 1] : 0;
}

/* Whether move `x` drops a piece on `place`: in its path or its tail
 * (or, with `lift`, lifts from it: its hand's shadow). */
static int drops_on(const struct sense_expect *x, int place, int lift)
{
	for (int i = 0; i < x->npath; i++)
		if (x->path[i] == place)
			return 1;
	return (x->ntail > 0 && x->tail[place] > 0) ||
	       (lift && x->origin == place);
}

/*
 * Two players' moves whose board the counts are, read one after the
 * other: a pulse read as the next player's, on a place their move never
 * reaches and the mover's does, no bounce of an earlier pulse there, is
 * the mover's last piece falling after the next player had begun: the
 * sowings overlapped. That drop given back to the mover.
 */
static int overlapped_late(struct drops *d, struct drops_split *two, int n,
			   const struct sense_expect *next)
{
	const struct sense_expect *mine = &d->expect[two->move];

	if (two->seat == ref_mover(d->ref))
		return 0;
	for (int i = two->first_next + 1; i < n; i++) {
		int p = d->pend[i], bounce = 0;

		if (!two->theirs[i] || drops_on(next, p, 1) ||
		    !drops_on(mine, p, 0))
			continue;
		for (int j = 0; j < i; j++)
			bounce |= d->pend[j] == p &&
				  d->pend_t[i] - d->pend_t[j] < LATE_BOUNCE_US;
		if (bounce)
			continue;
		two->theirs[i] = 0;
		two->interleaved = 1;
		return 1;
	}
	return 0;
}

/* The counts came: the delay since the last drop, learnt. */
static void note_delay(struct drops *d)
{
	uint64_t now = d->ref->now;

	if (!d->drop_open || now < d->drop_us)
		return;
	d->drop_open = 0;
	d->delay_us[d->ndelay++ % DROPS_DELAYS] = now - d->drop_us;
}

/* Whether no counts in `gap` µs between two sowings mean the board was
 * never still: the gap is well past the longest delay this table's
 * count source has taken to report a still board (none known: no). */
static int gap_unsettled(const struct drops *d, uint64_t gap)
{
	unsigned n = d->ndelay < DROPS_DELAYS ? d->ndelay : DROPS_DELAYS;
	uint64_t most = 0;

	if (n < DROPS_DELAYS_SEEN)
		return 0;
	for (unsigned i = 0; i < n; i++)
		if (d->delay_us[i] > most)
			most = d->delay_us[i];
	return gap > most * DROPS_DELAY_MARGIN / 100 + DROPS_DELAY_SLACK_US;
}

/* Whether move `x`'s drops, read as `r`, show when it ended: no fault,
 * its last piece not on a line whose misses are excused (a dead or
 * stuck one: read exactly without it), every piece it carries sensed. */
static int end_seen(const struct drops *d, const struct sense_expect *x,
		    const struct match_result *r)
{
	return r->cost == 0 && r->tail_sensed >= r->tail_expected &&
	       (x->npath == 0 || !d->board.free_miss[x->path[x->npath - 1]]);
}

/*
 * Move `e` taken from pend[0..k) (the counts agree with it and what
 * followed), the drops after read on with the same counts as the next
 * move(s), of `next_seat` first: held when another player's, begun
 * later than the count source would have reported a still board (no
 * counts between them, the board was never still).
 */
static void judge_counted(struct drops *d, int n, const int *seen);

static void take_first(struct drops *d, int e, int k, int next_seat,
		       const int *seen)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_SENSED };
	char first[REF_MOVE_TEXT];
	int seat = ref_mover(ref), nt = 0, exact;
	uint8_t theirs[MATCH_OBS_MAX];
	uint64_t at[MATCH_OBS_MAX], gap;

	gap = k > 0 && d->pend_t[k] > d->pend_t[k - 1] ?
	      d->pend_t[k] - d->pend_t[k - 1] : 0;
	snprintf(first, sizeof(first), "%s", d->expect[e].text);
	for (int i = k; i < d->npend; i++) {
		theirs[nt] = d->pend[i];
		at[nt++] = d->pend_t[i];
	}
	drops_evaluate(d, k, 1);
	/* Its last piece unseen, the first's drops do not say when it
	 * fell: the gap tells nothing. */
	exact = end_seen(d, &d->expect[e], &d->result[e]);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d counts=agree-with-next decided=take",
		 d->expect[e].text, d->result[e].cost / 10,
		 d->result[e].cost % 10);
	drops_accept(d, e, k, &about, "the counts agree");
	for (int i = 0; i < nt && ref->state == REF_PLAY; i++)
		drops_take(d, theirs[i], at[i], at[i]);
	if (ref->state == REF_PLAY && d->npend > 0) {
		/* No counts between two players' sowings further apart
		 * than the count source's delay (or the first read with
		 * a fault: when it ended unknown): the board was never
		 * still, the next began before the last piece fell. */
		if (next_seat != seat && (!exact || gap_unsettled(d, gap))) {
			d->unsettled_seat = seat;
			snprintf(d->unsettled_move, sizeof(d->unsettled_move),
				 "%s", first);
		}
		judge_counted(d, d->npend, seen);
		d->unsettled_seat = -1;
	}
}

/*
 * The drops as two moves, the mover's and the next one begun at once
 * after it, whose board the counts are: the first taken (its faults the
 * sensors'), the next read on with the same counts (held when it is
 * another player's, begun later than the count source would have
 * reported a still board: no counts between them, the board was never
 * still).
 * 0 when the counts are not the two moves' board.
 */
static int split_counted(struct drops *d, int n, const int *seen)
{
	struct referee *ref = d->ref;
	const struct rules *ops = ref->game->ops;
	struct drops_split two;
	const struct sense_expect *next;
	int values[SENSE_HOLES_MAX], nnext, seat;
	struct rules_outcome out;

	if (!drops_split(d, n, &two))
		return 0;
	next = drops_next(d, two.move, &nnext, &seat);
	memcpy(ref->scratch, ref_pos_const(ref), ref->pos_size);
	if (nnext <= two.next ||
	    ops->apply(ref->game, ref->scratch, &d->expect[two.move].move,
		       &out, NULL, 0) < 0 ||
	    ops->apply(ref->game, ref->scratch, &next[two.next].move, &out,
		       NULL, 0) < 0)
		return 0;
	ref->sense->counts(ref->game, ref->scratch, values);
	if (distance(d, values, seen) != 0)
		return 0;
	if (two.interleaved ||		/* the next player's foul */
	    overlapped_late(d, &two, n, &next[two.next]) ||
	    drops_split_interleaved(d, n, &two)) {
		drops_judge_split(d, n, &two);
		return 1;
	}
	take_first(d, two.move, two.first_next, two.seat, seen);
	return 1;
}

/* Neither the drops nor the counts are a legal move's: a foul. */
static void foul_disagreement(struct drops *d, int n, int best,
			      const int *seen)
{
	struct ref_about about = { .cause = CAUSE_NO_FIT };
	int legal[SENSE_HOLES_MAX];
	char differ[200], why[280];

	if (best < 0 || !drops_after(d, &d->expect[best], legal)) {
		drops_foul(d, n, "no legal move fits the drops or the counts",
			   &about);
		return;
	}
	ref_disagreement(d->ref, seen, legal, differ, sizeof(differ), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d counts=disagree decided=foul",
		 d->expect[best].text, d->result[best].cost / 10,
		 d->result[best].cost % 10);
	snprintf(why, sizeof(why), "no legal move of %s fits the drops or "
		 "the counts (nearest %s: %s)", ref_mover_name(d->ref),
		 d->expect[best].text, differ);
	drops_foul(d, n, why, &about);
}

/*
 * Move `best`, the next player's, whose board the counts are, begun
 * before the board was still after the last mover's (no counts came
 * between the two sowings): held, naming both movers.
 */
static void hold_unsettled(struct drops *d, int best)
{
	struct referee *ref = d->ref;
	const struct rules *ops = ref->game->ops;
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[300];

	for (int i = 0; i < d->npend; i++)
		ref_about_place(&about, d->pend[i]);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d after=%s counts=unsettled decided=hold",
		 d->expect[best].text, d->result[best].cost / 10,
		 d->result[best].cost % 10, d->unsettled_move);
	snprintf(why, sizeof(why), "%s began %s before the board was still "
		 "after %s's %s (no counts came between them): %s began "
		 "before %s's last %s fell, or at once after it",
		 rules_seat_name(ops, ref_mover(ref)), ref_words(ref)->doing,
		 rules_seat_name(ops, d->unsettled_seat), d->unsettled_move,
		 rules_seat_name(ops, ref_mover(ref)),
		 rules_seat_name(ops, d->unsettled_seat),
		 ref_words(ref)->piece);
	d->unsettled_seat = -1;
	drops_hold(d, best, why, &about, " \xe2\x80\x94 check and confirm");
	d->held_blind = 1;
}

/*
 * The counts are move `best`'s board, yet its drops fit no sowing of it
 * (past a foul's cost) and its pieces sown the wrong way round fit them
 * better: a lap sown backwards leaves the same board. Held (1), or 0.
 */
static int hold_lap(struct drops *d, int best, int n)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	const struct sense_expect *x = &d->expect[best];
	int back = drops_reversed_fits(d, best, n);
	char why[240];

	if (back < 0)
		return 0;
	ref_about_place(&about, x->origin);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d reverse=%d.%d counts=agree decided=hold",
		 x->text, d->result[best].cost / 10, d->result[best].cost % 10,
		 back / 10, back % 10);
	snprintf(why, sizeof(why), "the counts agree with %s, but its drops "
		 "read as %s %s the wrong way round (a lap leaves the same "
		 "board)", x->text, ref_words(d->ref)->doing, x->text);
	drops_hold(d, best, why, &about, " \xe2\x80\x94 check and confirm");
	d->held_blind = 1;
	return 1;
}

/*
 * The counts one off move `best`'s board: a count misread, or a misplay
 * whose board a misread brought that near (two places differ, one of
 * them misread). When the drops read as a misplay at least as well as
 * as `best` with the gates' faults, the two faults together (the
 * count's and the gates') are no likelier than the misplay: held (1),
 * naming the places that differ; else 0. A misplay that leaves a board
 * of its own (pieces left behind, doubled, passed over) must leave one
 * the counts are within one place of: further, the counts refute it.
 */
static int hold_near(struct drops *d, int best, int n, const int *seen)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	struct reading g;
	int legal[SENSE_HOLES_MAX], other[SENSE_HOLES_MAX];
	char what[200], differ[200], why[600];

	drops_evaluate(d, n, 1);
	drops_read(d, best, n, &g);
	if (g.base < 0 || g.illegal > g.legal ||
	    !drops_after(d, &d->expect[best], legal))
		return 0;
	if (drops_misplay_counts(d, &g, other) &&
	    distance(d, other, seen) > 1)
		return 0;
	drops_misplay_words(d, g.mis, &d->expect[g.base], g.at, 0, what,
			    sizeof(what));
	ref_disagreement(d->ref, seen, legal, differ, sizeof(differ), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=%d.%d misplay=%d.%d counts=near decided=hold",
		 d->expect[best].text, g.legal / 10, g.legal % 10,
		 g.illegal / 10, g.illegal % 10);
	snprintf(why, sizeof(why), "the counts are one off %s's board (%s) "
		 "and its drops read as well as a misplay%s%s",
		 d->expect[best].text, differ, what[0] ? ": " : "", what);
	drops_hold(d, best, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}

/* Sowings read on after a first one, with no counts between them. */
struct chain {
	struct drops *d;
	const int *seen;
	int n;				/* drops */
	struct sense_expect *x;		/* SENSE_MOVES_MAX per sowing */
	unsigned char *pos;		/* a position per sowing */
};

/* The first of drops pend[from..n) that may begin move `x` (its first
 * piece, or its hand's shadow), or -1. */
static int begins_at(const struct chain *c, const struct sense_expect *x,
		     int from)
{
	for (int i = from; i < c->n; i++)
		if (c->d->pend[i] == x->origin ||
		    (x->npath > 0 && x->path[0] == c->d->pend[i]))
			return i;
	return -1;
}

/* Whether a move from `pos` begun among drops pend[from..n), and maybe
 * more after it (`depth` sowings read so far), leaves the counts; the
 * first sowing and one more alone do not (two sowings are read as such,
 * their overlap judged: split_counted()). */
static int chain_reaches(struct chain *c, const void *pos, int from,
			 int depth)
{
	struct referee *ref = c->d->ref;
	struct sense_expect *x = c->x + (size_t)depth * SENSE_MOVES_MAX;
	unsigned char *next = c->pos + (size_t)depth * ref->pos_size;
	int values[SENSE_HOLES_MAX], nx, at;
	struct rules_outcome out;

	nx = (int)ref->sense->expect(ref->game, pos, x, SENSE_MOVES_MAX);
	for (int i = 0; i < nx && i < SENSE_MOVES_MAX; i++) {
		if ((at = begins_at(c, &x[i], from)) < 0)
			continue;
		memcpy(next, pos, ref->pos_size);
		if (ref->game->ops->apply(ref->game, next, &x[i].move, &out,
					  NULL, 0) < 0)
			continue;
		ref->sense->counts(ref->game, next, values);
		if (distance(c->d, values, c->seen) == 0)
			return depth > 0;	/* two sowings: not a chain */
		if (depth + 1 < DROPS_CHAIN_MAX &&
		    chain_reaches(c, next, at + 1, depth + 1))
			return 1;
	}
	return 0;
}

/* The best whole reading of move `e` from pend[0..k), the next sowing
 * begun at drop k: k, its cost in *cost; -1 when none. */
static int first_of_chain(struct chain *c, int e, int *cost)
{
	struct drops *d = c->d;
	const struct sense_expect *next;
	struct match_result r;
	int nnext, seat, best = -1;

	next = drops_next(d, e, &nnext, &seat);
	*cost = DROPS_FOUL_AT;
	for (int k = 1; k < c->n; k++) {
		int begins = 0;

		for (int f = 0; f < nnext && !begins; f++)
			begins = begins_at(c, &next[f], k) == k;
		if (!begins)
			continue;
		match_whole(&d->board, &d->expect[e], &d->align[e], d->pend,
			    d->pend_t, k, 0, &r);
		if (r.cost < *cost) {
			*cost = r.cost;
			best = k;
		}
	}
	return best;
}

/*
 * Three sowings or more with no counts between them (the board never
 * still), their drops fitting no pair: the move whose drops pend[0..k)
 * read best as a whole, each sowing after it begun at a drop, the last
 * leaving the counts. It is taken and the rest read on with the same
 * counts (two at a time, the one begun before the board was still
 * held). 0 when there is none.
 */
static int chain_counted(struct drops *d, int n, const int *seen)
{
	struct referee *ref = d->ref;
	struct chain c = { d, seen, n, NULL, NULL };
	int best = -1, best_k = 0, best_cost = DROPS_FOUL_AT, nnext, seat;
	struct rules_outcome out;

	c.x = calloc(DROPS_CHAIN_MAX * SENSE_MOVES_MAX, sizeof(*c.x));
	c.pos = malloc(ref->pos_size * (DROPS_CHAIN_MAX + 1));
	if (c.x != NULL && c.pos != NULL) {
		unsigned char *first = c.pos + DROPS_CHAIN_MAX * ref->pos_size;

		drops_evaluate(d, n, 0);
		for (int e = 0; e < d->nexpect; e++) {
			int cost, k = first_of_chain(&c, e, &cost);

			memcpy(first, ref_pos_const(ref), ref->pos_size);
			if (k < 0 || cost >= best_cost ||
			    ref->game->ops->apply(ref->game, first,
						  &d->expect[e].move, &out,
						  NULL, 0) < 0 ||
			    !chain_reaches(&c, first, k, 0))
				continue;
			best = e;
			best_k = k;
			best_cost = cost;
		}
	}
	free(c.x);
	free(c.pos);
	if (best < 0)
		return 0;
	drops_next(d, best, &nnext, &seat);
	take_first(d, best, best_k, seat, seen);
	return 1;
}

/* The move followed, pend[0..n), judged with the counts `seen`. */
static void judge_counted(struct drops *d, int n, const int *seen)
{
	struct referee *ref = d->ref;
	struct ref_about about = { .cause = CAUSE_SENSED };
	int here[SENSE_HOLES_MAX], e, at, best;
	enum drops_misplay mis;

	drops_evaluate(d, n, 1);
	/* The counts are a legal move's board, but its drops read far
	 * better as a misplay that leaves the same board (a lap sown the
	 * wrong way round): the drops decide. */
	if (legal_boards(d, seen, 0, &best) > 0 &&
	    drops_misplay_likelier(d, best, n)) {
		drops_decide(d, n, best);
		return;
	}
	if (legal_boards(d, seen, 0, &best) > 0 &&
	    d->result[best].cost >= DROPS_FOUL_AT &&
	    hold_lap(d, best, n))
		return;
	if (legal_boards(d, seen, 0, &best) > 0 && d->unsettled_seat >= 0) {
		hold_unsettled(d, best);
		return;
	}
	if (legal_boards(d, seen, 0, &best) > 0) {
		snprintf(about.evidence, sizeof(about.evidence),
			 "move=%s legal=%d.%d counts=agree decided=take",
			 d->expect[best].text, d->result[best].cost / 10,
			 d->result[best].cost % 10);
		drops_accept(d, best, n, &about, "the counts agree");
		return;
	}
	ref->sense->counts(ref->game, ref_pos_const(ref), here);
	if (distance(d, here, seen) == 0) {
		ref_say(ref, VERDICT_NOTE, CAUSE_STRAY, ref->ply + 1, NULL,
			"the counts show no %s moved: pulses ignored",
			ref_words(ref)->piece);
		ref_clear_move(ref);
		ref_new_move(ref);
		return;
	}
	if (misplay_board(d, seen, &e, &mis, &at)) {
		foul_misplay(d, n, e, mis, at, seen);
		return;
	}
	if (split_counted(d, n, seen) || chain_counted(d, n, seen))
		return;
	/* One count off (the count source misread a place): the move
	 * whose board is that near, alone, unless its drops read as a
	 * misplay at least as well, or the board of another reading of
	 * them (a misplay, the next move begun at once after it) is as
	 * near and the drops do not refute it (model_drops_near.c). */
	if (legal_boards(d, seen, 1, &best) == 1) {
		if (hold_near(d, best, n, seen) ||
		    drops_near_rival(d, best, n, seen))
			return;
		snprintf(about.evidence, sizeof(about.evidence),
			 "move=%s legal=%d.%d counts=near decided=take",
			 d->expect[best].text, d->result[best].cost / 10,
			 d->result[best].cost % 10);
		drops_accept(d, best, n, &about, "a count misread");
		return;
	}
	best = drops_cheapest(d);
	if (best < 0 || d->result[best].cost >= DROPS_FOUL_AT)
		foul_disagreement(d, n, best, seen);
	else
		hold_disagreement(d, best, seen);
}

/* The move held, judged with the counts: confirmed when they are its
 * board (unless it was held with its board counted already: the same
 * counts again tell nothing), a foul when they are a misplay's; held
 * still otherwise. */
static int held_counted(struct drops *d, const int *seen)
{
	struct referee *ref = d->ref;
	int legal[SENSE_HOLES_MAX], values[SENSE_HOLES_MAX], n = ref->nholes;
	const struct sense_expect *x = &d->held_e;

	if (d->held_ply != ref->ply + 1 || !drops_after(d, x, legal))
		return 0;
	if (board_distance(d, x, seen) == 0) {
		if (d->held_blind)
			return 1;
		/* The board is the move's: what was kept meanwhile was its
		 * own last drops, or no move's. */
		d->nqueue = 0;
		ref_confirm_by(ref, "confirmed by the counts");
		return 1;
	}
	for (size_t k = 0; k < sizeof(board_misplays) /
	     sizeof(board_misplays[0]); k++)
		for (int at = 0; at <= x->npath; at++) {
			struct ref_about about = { .cause = CAUSE_ILLEGAL };
			char what[200], differ[200];

			memcpy(values, legal, (size_t)n * sizeof(int));
			if (!drops_misplayed(x, board_misplays[k], at, values) ||
			    distance(d, values, seen) != 0)
				continue;
			drops_misplay_words(d, board_misplays[k], x, at, 0,
					    what, sizeof(what));
			ref_disagreement(ref, seen, legal, differ, sizeof(differ),
				     &about);
			ref_say_about(ref, VERDICT_FOUL, &about, ref->ply + 1,
				      NULL, "%s, as the counts show (%s); "
				      "restore the board", what, differ);
			ref_await_restore(ref);
			return 1;
		}
	/* Neither: kept for the drops kept meanwhile (the board after
	 * them), should the move be confirmed. */
	if (ref->seen_hi == NULL) {
		int k = d->nkept_seen < DROPS_KEPT_COUNTS ? d->nkept_seen++ :
			DROPS_KEPT_COUNTS - 1;

		memcpy(d->kept_seen[k], seen, (size_t)n * sizeof(seen[0]));
		d->kept_seen_us[k] = ref->now;
		d->kept_seen_ply = d->held_ply;
	}
	return 1;
}

int drops_kept_moved(struct drops *d)
{
	struct referee *ref = d->ref;
	int here[SENSE_HOLES_MAX], last = d->nkept_seen - 1;

	if (d->kept_seen_ply == 0 || d->kept_seen_ply != ref->ply ||
	    last < 0 || ref->seen_hi != NULL || ref->sense->counts == NULL ||
	    (d->nqueue > 0 &&
	     d->queue_t[d->nqueue - 1] > d->kept_seen_us[last]))
		return 0;
	ref->sense->counts(ref->game, ref_pos_const(ref), here);
	return distance(d, here, d->kept_seen[last]) > 1;
}

void drops_resume_counted(struct drops *d, uint64_t t)
{
	struct referee *ref = d->ref;
	int k = 0;

	while (k < d->nkept_seen && (t == 0 || d->kept_seen_us[k] <= t)) {
		int n = d->nkept_seen;

		if (ref->state == REF_PLAY && d->npend > 0)
			drops_counted(ref, d, d->kept_seen[k]);
		if (d->nkept_seen != n)
			return;		/* held again: kept anew */
		k++;
	}
	d->nkept_seen -= k;
	memmove(d->kept_seen, d->kept_seen[k],
		(size_t)d->nkept_seen * sizeof(d->kept_seen[0]));
	memmove(d->kept_seen_us, d->kept_seen_us + k,
		(size_t)d->nkept_seen * sizeof(d->kept_seen_us[0]));
	if (t == 0)
		d->kept_seen_ply = d->nkept_seen = 0;
}

/* The counts a sowing under way would show (pieces lifted, some sown),
 * not the whole of a move the drops read exactly: nothing judged. A
 * move's drops all sensed in order, and the counts its own board but
 * for one place, say its last piece fell: the counts misread a place.
 * Drops that spell a move whose board the counts are not (a shadow on
 * the place lifted and the first pieces sown may spell another place's
 * whole sowing) are a sowing under way. */
static int under_way(struct drops *d, const int *values)
{
	struct referee *ref = d->ref;

	if (ref->seen_hi != NULL || ref->sense->under_way == NULL ||
	    !ref->sense->under_way(ref->game, ref_pos_const(ref), values))
		return 0;
	if (ref->state != REF_PLAY || d->npend == 0)
		return 1;
	drops_evaluate(d, d->npend, 0);
	for (int e = 0; e < d->nexpect; e++)
		if (d->result[e].cost == 0 && d->result[e].free_misses == 0 &&
		    board_distance(d, &d->expect[e], values) <= 1)
			return 0;
	return 1;
}

int drops_counted(struct referee *ref, void *state, const int *values)
{
	struct drops *d = state;

	if (under_way(d, values))
		return 0;
	note_delay(d);
	if (ref->state == REF_HELD)
		return held_counted(d, values);
	if (ref->state != REF_PLAY || d->npend == 0)
		return 0;
	d->await_us = 0;
	d->counted = 1;
	judge_counted(d, d->npend, values);
	d->counted = 0;
	return 1;
}
