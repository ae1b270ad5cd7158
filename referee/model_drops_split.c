/*
 * model_drops_split.c - two sowings in one stream of drops: the next
 * player began before the mover's last piece fell, or so soon after it
 * that no pause parted them. The drops are read as a whole move of the
 * mover (its pieces carried in last, in any order) and the beginning of
 * a move of the player after it, each exactly as expected, in any
 * interleaving; the mover's move is then judged alone, or held naming
 * both players when their drops overlapped.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/model_drops.h"

/* The moves after the mover's move `e` (their number in *n, -1 when the
 * game is over then) and the seat that makes them: worked out once per
 * position. */
const struct sense_expect *drops_next(struct drops *d, int e, int *n,
				      int *seat)
{
	struct referee *ref = d->ref;
	const struct rules *ops = ref->game->ops;
	struct sense_expect *next = d->next + (size_t)e * SENSE_MOVES_MAX;
	struct rules_outcome out;

	if (d->next_n[e] == -2) {
		memcpy(ref->scratch, ref_pos_const(ref), ref->pos_size);
		d->next_n[e] = -1;
		if (ops->apply(ref->game, ref->scratch, &d->expect[e].move,
			       &out, NULL, 0) == 0 &&
		    !(out.flags & RULES_GAME_OVER)) {
			d->next_seat[e] = ops->to_move(ref->game,
						       ref->scratch).seat;
			d->next_n[e] = (int)ref->sense->expect(ref->game,
				ref->scratch, next, SENSE_MOVES_MAX);
		}
	}
	*n = d->next_n[e];
	*seat = d->next_seat[e];
	return next;
}

/* Marks the drops of `e`'s tail in tail[]: of each place, the last ones,
 * as many as the tail carries there. */
static void mark_tail(const struct drops *d, const struct sense_expect *e,
		      int n, uint8_t *tail)
{
	int left[SENSE_HOLES_MAX];

	for (int h = 0; h < d->ref->nholes; h++)
		left[h] = e->tail[h];
	for (int i = n - 1; i >= 0; i--) {
		tail[i] = left[d->pend[i]] > 0;
		left[d->pend[i]] -= tail[i];
	}
}

/* The mover's sowing began first: its first drop came first, or theirs
 * so little before it that the two pieces fell in swapped order. */
static int mover_first(const struct drops *d, const struct drops_split *s,
		       const int *idx, int k)
{
	int mine = 0;

	while (mine < k && s->theirs[idx[mine]])
		mine++;
	return mine == 0 || (mine < k && d->pend_t[idx[mine]] -
			     d->pend_t[idx[0]] < MATCH_SWAP_FAST_US);
}

/*
 * Whether the drops not in tail[] are `a`'s path (or, when `begun`, a
 * beginning of it) and a beginning of `b`'s, interleaved, the first of
 * them `a`'s. Their drops go into s->theirs[], as late as the drops
 * allow (when not NULL).
 */
static int interleave(struct drops *d, int n, const struct sense_expect *a,
		      const struct sense_expect *b, const uint8_t *tail,
		      int begun, struct drops_split *s)
{
	const int stride = SENSE_PATH_MAX + 1, ma = a->npath, mb = b->npath;
	int idx[MATCH_OBS_MAX], k = 0, x = ma;

	for (int i = 0; i < n; i++)
		if (!tail[i])
			idx[k++] = i;
	if ((!begun && k <= ma) || k - ma > mb || k < 2)
		return 0;
	memset(d->reach, 0, (size_t)stride);
	d->reach[0] = 1;
	for (int j = 0; j < k; j++) {
		const uint8_t *row = d->reach + (size_t)j * stride;
		uint8_t *next = d->reach + (size_t)(j + 1) * stride;
		int o = d->pend[idx[j]], any = 0;

		memset(next, 0, (size_t)ma + 1);
		for (int p = 0; p <= ma && p <= j; p++) {
			if (!row[p])
				continue;
			if (p < ma && o == a->path[p])
				any = next[p + 1] = 1;
			if (j - p < mb && o == b->path[j - p])
				any = next[p] = 1;
		}
		if (!any)
			return 0;
	}
	if (begun) {
		/* Both begun: the first drop the mover's, one theirs. */
		for (int p = 1; p < ma && p < k; p++)
			if (d->reach[(size_t)k * stride + p] &&
			    d->pend[idx[0]] == a->path[0])
				return 1;
		return 0;
	}
	if (!d->reach[(size_t)k * stride + ma])
		return 0;
	memset(s->theirs, 0, (size_t)n);
	for (int j = k; j > 0; j--) {
		const uint8_t *prev = d->reach + (size_t)(j - 1) * stride;
		int o = d->pend[idx[j - 1]], y = j - x;

		if (y > 0 && o == b->path[y - 1] && prev[x])
			s->theirs[idx[j - 1]] = 1;
		else
			x--;
	}
	return mover_first(d, s, idx, k);
}

/* Their drops: one drop is no sowing yet, unless it is a whole one. */
static int a_sowing(const struct drops_split *s, int n,
		    const struct sense_expect *theirs)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += s->theirs[i];
	return k >= 2 || k == theirs->npath;
}

/* Their first drop, `first`, is a second pulse of the mover's drop
 * `last`: the same place, sooner after it than a hand could begin. */
static int echo(const struct drops *d, int last, int first)
{
	return last >= 0 && first > last && d->pend[first] == d->pend[last] &&
	       d->pend_t[first] - d->pend_t[last] < DROPS_REACH_US / 2;
}

int drops_split_begun(struct drops *d, int n)
{
	uint8_t tail[MATCH_OBS_MAX];

	memset(tail, 0, (size_t)n);
	for (int e = 0; e < d->nexpect; e++) {
		int nnext, seat;
		const struct sense_expect *next = drops_next(d, e, &nnext, &seat);

		if (nnext < 0 || seat == ref_mover(d->ref))
			continue;
		for (int f = 0; f < nnext; f++)
			if (interleave(d, n, &d->expect[e], &next[f], tail, 1,
				       NULL))
				return 1;
	}
	return 0;
}

/* The split as a candidate: kept when it reads the drops better. */
static void candidate(struct drops_split *best, const struct drops_split *s)
{
	if (s->cost < best->cost)
		*best = *s;
}

/* pend[0..n) exactly as move `e` and another player's move begun, in
 * any interleaving: overlapping sowings, or one at once after the
 * other. */
static void split_exact(struct drops *d, int n, int e, int seat,
			const struct sense_expect *next, int nnext,
			struct drops_split *best)
{
	struct drops_split s;
	uint8_t tail[MATCH_OBS_MAX];

	mark_tail(d, &d->expect[e], n, tail);
	for (int f = 0; f < nnext; f++) {
		int last_mine = -1, first_theirs = -1;

		if (!interleave(d, n, &d->expect[e], &next[f], tail, 0,
				&s) || !a_sowing(&s, n, &next[f]))
			continue;
		for (int i = 0; i < n; i++) {
			if (!s.theirs[i])
				last_mine = i;
			else if (first_theirs < 0)
				first_theirs = i;
		}
		if (echo(d, last_mine, first_theirs))
			continue;
		s.move = e;
		s.next = f;
		s.seat = seat;
		s.first_next = first_theirs;
		s.interleaved = first_theirs < last_mine ||
			d->pend_t[first_theirs] - d->pend_t[last_mine] <
			DROPS_REACH_US;
		s.cost = s.interleaved ? DROPS_COST_OVERLAP : DROPS_COST_QUICK;
		candidate(best, &s);
	}
}

/*
 * pend[k..n) as the beginning of the next move `x`. The mover moving
 * again goes on with the same hand: its next sowing's capture, carried
 * in before any pause, is its own drops (read with its tail). The next
 * player's is read by its path alone, each pulse beyond it extra: on a
 * noisy board, drops read so as two clean sowings are more often one
 * misplayed sowing than the next player's capture already carried in.
 */
static int next_cost(const struct drops *d, const struct sense_expect *x,
		     int k, int n, int other, uint16_t *rows)
{
	if (other)
		return match_cost(&d->board, x->path, x->npath, x->origin,
				  d->pend + k, d->pend_t + k, n - k, 1, rows);
	return match_cost_begun(&d->board, x, d->pend + k, d->pend_t + k,
				n - k, rows);
}

/* pend[0..k) as move `e` and pend[k..n) as the beginning of the next
 * move, each with the board's faults: the next move at once after. */
static void split_after(struct drops *d, int n, int e, int seat,
			const struct sense_expect *next, int nnext,
			struct drops_split *best)
{
	uint16_t rows[3 * (SENSE_PATH_MAX + 1)];
	struct match_result r;
	struct drops_split s;
	int other = seat != ref_mover(d->ref);
	uint8_t first[SENSE_HOLES_MAX];

	/* Where a next move may begin: its first drop, or its shadow. */
	memset(first, 0, (size_t)d->ref->nholes);
	for (int f = 0; f < nnext; f++) {
		first[next[f].origin] = 1;
		if (next[f].npath > 0)
			first[next[f].path[0]] = 1;
	}
	for (int k = 1; k < n; k++) {
		int soon = d->pend_t[k] - d->pend_t[k - 1] < DROPS_REACH_US;
		int pi = other && soon ? DROPS_COST_OVERLAP : DROPS_COST_QUICK;

		if (!first[d->pend[k]] || echo(d, k - 1, k))
			continue;

		match_whole(&d->board, &d->expect[e], &d->align[e], d->pend,
			    d->pend_t, k, 0, &r);
		if (r.cost + pi >= best->cost)
			continue;
		for (int f = 0; f < nnext; f++) {
			const struct sense_expect *x = &next[f];
			int c;

			if ((x->npath == 0 || x->path[0] != d->pend[k]) &&
			    x->origin != d->pend[k])
				continue;
			if (n - k < 2 && x->npath != 1)
				continue;
			c = r.cost + pi + next_cost(d, x, k, n, other, rows);
			s = (struct drops_split){ .move = e, .next = f,
				.seat = seat, .first_next = k,
				.interleaved = other && soon, .cost = c };
			memset(s.theirs + k, 1, (size_t)(n - k));
			candidate(best, &s);
		}
	}
}

int drops_split(struct drops *d, int n, struct drops_split *best)
{
	best->cost = MATCH_FAR;
	for (int e = 0; e < d->nexpect; e++) {
		int nnext, seat;
		const struct sense_expect *next = drops_next(d, e, &nnext, &seat);

		/* (the mover pressed the button after them: its own) */
		if (nnext < 0 || (d->mover_done && seat != ref_mover(d->ref)))
			continue;
		if (seat != ref_mover(d->ref))
			split_exact(d, n, e, seat, next, nnext, best);
		split_after(d, n, e, seat, next, nnext, best);
	}
	return best->cost < MATCH_FAR;
}

/* Contact bounce: a pulse this soon after one on its place. */
#define BOUNCE_US 20000

/* Marks in skip[] the drops of `a`'s tail and the bounces (the pulse
 * each echoes in echo[], else -1). */
static void mark_aside(const struct drops *d, const struct sense_expect *a,
		       int n, uint8_t *skip, int *echo)
{
	mark_tail(d, a, n, skip);
	for (int i = 0; i < n; i++) {
		echo[i] = -1;
		for (int j = i - 1; j >= 0 && echo[i] < 0; j--)
			if (d->pend[j] == d->pend[i] &&
			    d->pend_t[i] - d->pend_t[j] < BOUNCE_US)
				echo[i] = j;
		skip[i] |= echo[i] >= 0;
	}
}

/* The exact reading of `a` and `b` with skip[] and drop `shadow` (b's
 * hand's shadow, or -1) set aside: -1 when none, 1 when interleaved
 * (a drop of theirs, the shadow one, before one of the mover's), else
 * 0; its drops into s->theirs[]. */
static int read_aside(struct drops *d, int n, const struct sense_expect *a,
		      const struct sense_expect *b, const uint8_t *skip,
		      const int *echo, int shadow, struct drops_split *s)
{
	uint8_t aside[MATCH_OBS_MAX];
	int first_theirs = -1, last_mine = -1;

	memcpy(aside, skip, (size_t)n);
	if (shadow >= 0)
		aside[shadow] = 1;
	if (!interleave(d, n, a, b, aside, 0, s) || !a_sowing(s, n, b))
		return -1;
	if (shadow >= 0)
		s->theirs[shadow] = 1;
	for (int i = 0; i < n; i++) {
		if (echo[i] >= 0)
			s->theirs[i] = s->theirs[echo[i]];
		if (!s->theirs[i])
			last_mine = i;
		else if (first_theirs < 0)
			first_theirs = i;
	}
	s->first_next = first_theirs;
	return first_theirs >= 0 && first_theirs < last_mine;
}

int drops_split_interleaved(struct drops *d, int n, struct drops_split *s)
{
	const struct sense_expect *a = &d->expect[s->move], *b;
	struct drops_split r, found;
	uint8_t skip[MATCH_OBS_MAX];
	int echo[MATCH_OBS_MAX], nnext, seat, any = 0;

	b = drops_next(d, s->move, &nnext, &seat) + s->next;
	if (seat == ref_mover(d->ref) || nnext <= s->next)
		return 0;
	mark_aside(d, a, n, skip, echo);
	for (int sh = -1; sh < n; sh++) {
		int how;

		if (sh >= 0 && (skip[sh] || d->pend[sh] != b->origin))
			continue;
		r = *s;
		how = read_aside(d, n, a, b, skip, echo, sh, &r);
		if (how == 0)
			return 0;	/* a reading one after the other */
		if (how == 1 && !any) {
			found = r;
			any = 1;
		}
	}
	if (!any)
		return 0;
	*s = found;
	s->interleaved = 1;
	return 1;
}

/* The overlap: what the foul will say of the next player's drops. */
static void note_overlap(struct drops *d, const struct drops_split *s, int n)
{
	struct ref_about *about = &d->overlap_about;
	int last_mine = 0;
	size_t used = 0;

	memset(about, 0, sizeof(*about));
	about->cause = CAUSE_OVERLAP;
	d->overlap_drops[0] = '\0';
	d->overlap_seat = s->seat;
	d->overlap_mover = ref_mover(d->ref);
	for (int i = 0; i < n; i++)
		if (!s->theirs[i])
			last_mine = i;
	for (int i = 0, prev = -1; i < d->npend; i++) {
		/* (a place named once for a pulse and its bounce) */
		if ((i < n && !s->theirs[i]) || d->pend[i] == prev)
			continue;
		prev = d->pend[i];
		ref_about_place(about, d->pend[i]);
		if (used < sizeof(d->overlap_drops) - 8)
			used += (size_t)snprintf(d->overlap_drops + used,
						 sizeof(d->overlap_drops) - used,
						 "%s%s", used ? " " : "",
						 ref_hole_name(d->ref,
							       d->pend[i]));
	}
	snprintf(about->evidence, sizeof(about->evidence),
		 "overlap=%s first=%d mover-last=%d",
		 rules_seat_name(d->ref->game->ops, s->seat), s->first_next,
		 last_mine);
}

/*
 * The held move, confirmed, passed the turn, and the next player's
 * first drop kept (after the held move's own late pieces) fell sooner
 * after its last drop than a hand sees a piece fall and lets its own go
 * (DROPS_REACH_US): the next player began before the mover's last piece
 * fell. Their drops are noted as an overlap (drops_overlap_foul()).
 * Returns 1 when so.
 */
int drops_kept_overlap(struct drops *d)
{
	struct referee *ref = d->ref;
	struct ref_about *about = &d->overlap_about;
	int mover, used = 0;

	if (d->nqueue == 0 || ref->depth == 0 || ref->state != REF_PLAY ||
	    d->queue_t[0] >= d->held_end_us + DROPS_REACH_US)
		return 0;
	mover = ref->game->ops->to_move(ref->game, ref->history +
					(size_t)(ref->depth - 1) *
					ref->pos_size).seat;
	if (mover == ref_mover(ref))
		return 0;
	memset(about, 0, sizeof(*about));
	about->cause = CAUSE_OVERLAP;
	d->overlap_seat = ref_mover(ref);
	d->overlap_mover = mover;
	d->overlap_drops[0] = '\0';
	for (int i = 0; i < d->nqueue; i++) {
		if (i > 0 && d->queue[i] == d->queue[i - 1])
			continue;
		ref_about_place(about, d->queue[i]);
		if (used < (int)sizeof(d->overlap_drops) - 8)
			used += snprintf(d->overlap_drops + used,
					 sizeof(d->overlap_drops) - (size_t)used,
					 "%s%s", used ? " " : "",
					 ref_hole_name(ref, d->queue[i]));
	}
	snprintf(about->evidence, sizeof(about->evidence),
		 "overlap=%s kept-first-after-ms=%llu",
		 rules_seat_name(ref->game->ops, d->overlap_seat),
		 (unsigned long long)(d->queue_t[0] > d->held_end_us ?
				      (d->queue_t[0] - d->held_end_us) / 1000 :
				      0));
	return 1;
}

void drops_overlap_foul(struct drops *d)
{
	struct referee *ref = d->ref;
	const struct rules *ops = ref->game->ops;
	const struct sense_words *w = ref_words(ref);

	d->overlap_ply = 0;
	ref->culprit = d->overlap_seat;
	ref_say_about(ref, VERDICT_FOUL, &d->overlap_about,
		      ref->ply + (ref->state == REF_IDLE ? 0 : 1), NULL,
		      "%s began %s (drops %s) before %s's last %s fell; "
		      "restore the board", rules_seat_name(ops, d->overlap_seat),
		      w->doing, d->overlap_drops,
		      rules_seat_name(ops, d->overlap_mover), w->piece);
	ref_await_restore(ref);
}

/* Overlapping sowings: the mover's drops alone are judged as its move;
 * the next player's sowing is then a foul (once the move is confirmed,
 * when it is held). */
static void judge_overlap(struct drops *d, int n, const struct drops_split *s)
{
	struct referee *ref = d->ref;
	int k = 0;

	note_overlap(d, s, n);
	for (int i = 0; i < n; i++)
		if (!s->theirs[i]) {
			d->pend_t[k] = d->pend_t[i];
			d->pend[k++] = d->pend[i];
		}
	d->npend = k;
	drops_rematch(d);
	drops_judge(d, k);
	if (ref->state == REF_HELD)
		d->overlap_ply = ref->ply + 1;
	else if (ref->state == REF_PLAY || ref->state == REF_IDLE)
		drops_overlap_foul(d);
}

/*
 * The mover's button, pressed after every drop split (d->press_us set),
 * when the mover moves again: its next move's drops came before it too,
 * so it ends that move as well, which is judged now as at the button
 * (not left to wait for a button already pressed).
 */
static void judge_pressed(struct drops *d, const struct drops_split *s,
			  int done, int presser)
{
	struct referee *ref = d->ref;

	if (!done || d->press_us == 0 || s->seat != presser ||
	    ref_mover(ref) != presser ||
	    ref->state != REF_PLAY || d->npend == 0 ||
	    d->pend_t[d->npend - 1] > d->press_us)
		return;
	d->mover_done = 1;
	drops_judge(d, d->npend);
	d->mover_done = done;
}

void drops_judge_split(struct drops *d, int n, const struct drops_split *s)
{
	struct referee *ref = d->ref;
	uint8_t theirs[MATCH_OBS_MAX];
	uint64_t at[MATCH_OBS_MAX], mine_end;
	int nt = 0, done, presser = ref_mover(ref);

	if (s->interleaved) {
		judge_overlap(d, n, s);
		return;
	}
	/* Theirs, then whatever came after the drops judged. */
	for (int i = s->first_next; i < d->npend; i++) {
		theirs[nt] = d->pend[i];
		at[nt++] = d->pend_t[i];
	}
	/* Passed: no button needed, but none pressed (press_us stays 0). */
	done = d->mover_done;
	d->mover_done |= s->passed;
	mine_end = s->first_next > 0 ? d->pend_t[s->first_next - 1] : 0;
	drops_judge(d, s->first_next);
	d->mover_done = done;
	/* Held: it ended at its own last drop, not at the next player's
	 * (still pending when it was judged). */
	if (ref->state == REF_HELD && d->held_ply == ref->ply + 1 &&
	    mine_end > 0)
		d->held_end_us = mine_end;
	/* Theirs were read as their move begun: no hand going on. */
	d->last.ply = 0;
	/* (one pulse of theirs, at the quiet period's end: doubted) */
	d->tail_split = drops_tail_lone(d, s, nt, presser);
	for (int i = 0; i < nt; i++)
		if (ref->state == REF_PLAY || ref->state == REF_HELD)
			drops_take(d, theirs[i], at[i], at[i]);
	d->tail_split = 0;
	judge_pressed(d, s, done, presser);
}

/* A second pulse in the mover's last place, read as a second piece: on
 * a board that never bounces, closer to the first than a gate bounces
 * (further on, it may be a stray that line sends), on a line that
 * seldom pulses on its own. */
static int again_second_piece(const struct drops *d, int last)
{
	const struct referee *ref = d->ref;

	return drops_never_bounces(ref) &&
	       d->pend_t[last] - d->pend_t[last - 1] < ref->cfg.pulse_gap_us &&
	       d->board.extra[d->pend[last]] + DROPS_MARGIN >
		       DROPS_COST_OVERLAP;
}

/* The next player's sowing from `origin`, its piece dropped at `last`:
 * if the mover dropped a piece there, the next player saw it fall, then
 * lifted it and let it go (half of DROPS_REACH_US at the least). */
static int again_reached(const struct drops *d, int last, int origin)
{
	for (int i = last - 1; i >= 0; i--)
		if (d->pend[i] == origin)
			return d->pend_t[last] - d->pend_t[i] >=
			       DROPS_REACH_US / 2;
	return 1;
}

int drops_split_trailing(struct drops *d, int n, int e,
			 struct drops_split *s)
{
	const struct match_result *r = &d->result[e];
	const struct sense_expect *next;
	int nnext, seat, last = n - 1, extra = 0, over = 0, again;

	if (n < 2 || d->mover_done ||
	    d->pend_t[last] - d->pend_t[last - 1] >= 2 * DROPS_REACH_US)
		return 0;
	/* (a pulse on the move's own last place is its bounce or late
	 * pulse, wherever the reading puts the extra: a warning; but on a
	 * board that never bounces, a second pulse there is a second
	 * piece, which the mover's hand no longer held) */
	again = d->pend[last] == d->pend[last - 1] &&
		d->expect[e].npath > 0 &&
		d->pend[last] == d->expect[e].path[d->expect[e].npath - 1];
	/* The move's reading leaves exactly its last pulse over (or, of
	 * two in its last place, either: one of them, not both). */
	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].step != STEP_MATCH &&
		    !drops_is_shadow(&d->expect[e], r, &r->dev[i])) {
			if (r->dev[i].step == STEP_EXTRA &&
			    (r->dev[i].at == last ||
			     (again && r->dev[i].at == last - 1)))
				extra++;
			else
				over = 1;
		}
	if (extra != 1 || over)
		return 0;
	if (again ? !again_second_piece(d, last) :
	    d->pend[last] == d->pend[last - 1] ||
	    (d->expect[e].npath > 0 &&
	     d->pend[last] == d->expect[e].path[d->expect[e].npath - 1]))
		return 0;
	next = drops_next(d, e, &nnext, &seat);
	if (nnext <= 0 || seat == ref_mover(d->ref))
		return 0;
	for (int f = 0; f < nnext; f++)
		if (again ? next[f].npath == 1 &&
			    next[f].path[0] == d->pend[last] &&
			    again_reached(d, last, next[f].origin) :
		    next[f].npath > 1 && (next[f].path[0] == d->pend[last] ||
					  next[f].path[1] == d->pend[last])) {
			drops_split_one(s, e, f, seat, last,
					DROPS_COST_OVERLAP);
			s->interleaved = 1;
			return 1;
		}
	return 0;
}

int drops_move_begins(const struct sense_expect *next, int n, int h)
{
	for (int f = 0; f < n; f++)
		if (next[f].origin == h ||
		    (next[f].npath > 0 && next[f].path[0] == h))
			return 1;
	return 0;
}

void drops_split_one(struct drops_split *s, int e, int f, int seat, int at,
		     int cost)
{
	memset(s, 0, sizeof(*s));
	s->move = e;
	s->next = f;
	s->seat = seat;
	s->first_next = at;
	s->cost = cost;
	s->theirs[at] = 1;
}

int drops_own_place(const struct sense_expect *e, int h)
{
	if (e->origin == h || e->tail[h] > 0)
		return 1;
	for (int i = 0; i < e->npath; i++)
		if (e->path[i] == h)
			return 1;
	return 0;
}

int drops_split_lone(struct drops *d, int n, int e, struct drops_split *s)
{
	const struct match_result *r = &d->result[e];
	const struct sense_expect *next;
	int nnext, seat, last = n - 1, extra = 0;

	if (n < 2 || d->mover_done || ref_counts_read(d->ref) ||
	    d->pend_t[last] - d->pend_t[last - 1] < 2 * DROPS_REACH_US ||
	    drops_own_place(&d->expect[e], d->pend[last]))
		return 0;
	/* The move's reading leaves exactly its last pulse over. */
	for (int i = 0; i < r->ndev; i++)
		if (r->dev[i].step != STEP_MATCH &&
		    !drops_is_shadow(&d->expect[e], r, &r->dev[i]))
			extra |= r->dev[i].step == STEP_EXTRA &&
				 r->dev[i].at == last ? 1 : 2;
	if (extra != 1)
		return 0;
	next = drops_next(d, e, &nnext, &seat);
	if (nnext <= 0 || seat == ref_mover(d->ref))
		return 0;
	for (int f = 0; f < nnext; f++)
		if (next[f].npath > 1 && next[f].path[0] == d->pend[last]) {
			drops_split_one(s, e, f, seat, last, DROPS_COST_QUICK);
			s->passed = 1;
			return 1;
		}
	return 0;
}
