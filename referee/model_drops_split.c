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

/* The position after the mover's move `e`, in ref->scratch: its seat to
 * move when the move hands the turn to another seat and the game goes
 * on, else -1. */
static int hands_over(struct drops *d, int e)
{
	struct referee *ref = d->ref;
	const struct rules *ops = ref->game->ops;
	struct rules_outcome out;
	int seat;

	memcpy(ref->scratch, ref_pos_const(ref), ref->pos_size);
	if (ops->apply(ref->game, ref->scratch, &d->expect[e].move, &out,
		       NULL, 0) < 0 || (out.flags & RULES_GAME_OVER))
		return -1;
	seat = ops->to_move(ref->game, ref->scratch).seat;
	return seat == ref_mover(ref) ? -1 : seat;
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

/*
 * Whether the drops not in tail[] are `a`'s path and a beginning of
 * `b`'s, interleaved, the first of them `a`'s. Their drops go into
 * s->theirs[], as late as the drops allow.
 */
static int interleave(struct drops *d, int n, const struct sense_expect *a,
		      const struct sense_expect *b, const uint8_t *tail,
		      struct drops_split *s)
{
	const int stride = SENSE_PATH_MAX + 1, ma = a->npath, mb = b->npath;
	int idx[MATCH_OBS_MAX], k = 0, x = ma;

	for (int i = 0; i < n; i++)
		if (!tail[i])
			idx[k++] = i;
	if (k <= ma || k - ma > mb)
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
	return !s->theirs[idx[0]];
}

int drops_split(struct drops *d, int n, struct drops_split *s)
{
	struct referee *ref = d->ref;
	uint8_t tail[MATCH_OBS_MAX];

	for (int e = 0; e < d->nexpect; e++) {
		int seat = hands_over(d, e), nnext;

		if (seat < 0)
			continue;
		nnext = (int)ref->sense->expect(ref->game, ref->scratch,
						d->next, SENSE_MOVES_MAX);
		mark_tail(d, &d->expect[e], n, tail);
		for (int f = 0; f < nnext; f++) {
			int last_mine = -1, first_theirs = -1;

			if (!interleave(d, n, &d->expect[e], &d->next[f], tail,
					s))
				continue;
			for (int i = 0; i < n; i++) {
				if (!s->theirs[i])
					last_mine = i;
				else if (first_theirs < 0)
					first_theirs = i;
			}
			s->move = e;
			s->next = f;
			s->seat = seat;
			s->first_next = first_theirs;
			s->interleaved = first_theirs < last_mine;
			return 1;
		}
	}
	return 0;
}

/* The overlap: the mover's move held, naming both players; the next
 * player's drops kept for after the arbiter's decision. */
static void hold_overlap(struct drops *d, const struct drops_split *s,
			 int n, const uint8_t *theirs, const uint64_t *at,
			 int nt)
{
	struct referee *ref = d->ref;
	const struct sense_words *w = ref_words(ref);
	const struct sense_expect *e = &d->expect[s->move];
	struct ref_about about = { .cause = CAUSE_OVERLAP };
	char why[256], drops[96] = "";
	int last_mine = 0;
	size_t used = 0;

	for (int i = 0; i < n; i++)
		if (!s->theirs[i])
			last_mine = i;
	for (int i = 0; i < n; i++) {
		if (!s->theirs[i])
			continue;
		if (i < last_mine)
			ref_about_place(&about, d->pend[i]);
		if (used < sizeof(drops))
			used += (size_t)snprintf(drops + used,
						 sizeof(drops) - used, "%s%s",
						 used ? " " : "",
						 ref_hole_name(ref, d->pend[i]));
	}
	snprintf(why, sizeof(why), "%s began %s (drops %s) before %s's last "
		 "%s fell; check the board", rules_seat_name(ref->game->ops,
		 s->seat), w->doing, drops, ref_mover_name(ref), w->piece);
	ref_hold(ref, &e->move, e->text, &about, why);
	for (int i = 0; i < nt && d->nqueue < MATCH_OBS_MAX; i++) {
		d->queue_t[d->nqueue] = at[i];
		d->queue[d->nqueue++] = theirs[i];
	}
	d->quiet_noted = 1;
}

void drops_judge_split(struct drops *d, int n, const struct drops_split *s)
{
	struct referee *ref = d->ref;
	uint8_t theirs[MATCH_OBS_MAX];
	uint64_t at[MATCH_OBS_MAX];
	int nt = 0;

	/* Theirs, then whatever came after the drops judged. */
	for (int i = s->interleaved ? 0 : s->first_next; i < d->npend; i++) {
		if (i < n && !s->theirs[i])
			continue;
		theirs[nt] = d->pend[i];
		at[nt++] = d->pend_t[i];
	}
	if (s->interleaved) {
		hold_overlap(d, s, n, theirs, at, nt);
		return;
	}
	drops_judge(d, s->first_next);
	for (int i = 0; i < nt; i++)
		if (ref->state == REF_PLAY || ref->state == REF_HELD)
			drops_take(d, theirs[i], at[i]);
}
