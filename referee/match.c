/*
 * match.c - edit distance of sensed drops against an expected move.
 */
#include "config.h"

#include <string.h>

#include "referee/match.h"

void match_board_costs(struct match_board *b, int miss, int extra)
{
	for (int h = 0; h < b->holes && h < SENSE_HOLES_MAX; h++) {
		b->miss[h] = (uint16_t)miss;
		b->extra[h] = (uint16_t)extra;
	}
	b->shadow = MATCH_COST_SHADOW;
	b->roll = MATCH_COST_ROLL;
}

static inline int extra_cost(const struct match_board *b, int hole)
{
	return b->extra[hole];
}

static inline int miss_cost(const struct match_board *b, int hole)
{
	return b->free_miss[hole] ? 0 : b->miss[hole];
}

/* Two drops sensed in swapped order, `gap` apart: pieces released close
 * together reach their gates in either order; far apart, they cannot. */
static inline int swap_cost(uint64_t gap)
{
	if (gap < MATCH_SWAP_FAST_US)
		return MATCH_COST_SWAP_FAST;
	if (gap < 2 * MATCH_SWAP_FAST_US)
		return 16;
	if (gap < MATCH_SWAP_SLOW_US)
		return 35;
	return MATCH_COST_SWAP_SLOW;
}

/* Whether drops[i - 2], just before drops[i - 1], can be the hand's
 * shadow over `origin` when drops[i - 1] is the move's first drop. */
static inline int shadow_timed(const uint8_t *drops, const uint64_t *at,
			       int i, int origin)
{
	uint64_t gap;

	if (i < 2 || drops[i - 2] != origin)
		return 1;
	gap = at[i - 1] - at[i - 2];
	return gap >= MATCH_SHADOW_SOONEST_US && gap <= MATCH_SHADOW_LATEST_US;
}

/* The cost of drops[0..i - 1) as pulses before the move's first drop,
 * drops[i - 1]: the row above's, unless the pulse just before it was
 * priced as the shadow where it cannot be one. */
static inline int lead_cost(const struct match_board *b, const uint8_t *drops,
			    const uint64_t *at, int i, int origin,
			    const uint16_t *up, const uint16_t *up2)
{
	int c;

	if (up2 == NULL || shadow_timed(drops, at, i, origin))
		return up[0];
	c = up2[0] + extra_cost(b, origin) + MATCH_COST_LEAD;
	return c > up[0] ? c : up[0];
}

#define CELL(t, i, j) ((size_t)(i) * (size_t)(t)->stride + (size_t)(j))

void match_start(const struct match_board *b, const struct sense_expect *e,
		 struct match_table *t, uint16_t *cost, uint8_t *step)
{
	t->cost = cost;
	t->step = step;
	t->stride = e->npath + 1;
	t->cost[0] = 0;
	t->step[0] = STEP_MATCH;
	t->prefix_cost = 0;
	for (int j = 1; j <= e->npath; j++) {
		int c = t->cost[j - 1] + miss_cost(b, e->path[j - 1]);

		t->cost[j] = (uint16_t)(c < MATCH_FAR ? c : MATCH_FAR);
		t->step[j] = STEP_MISS;
	}
	t->rows = 1;
}

/*
 * Row i of a table from the rows before it (up: i - 1; up2: i - 2, or
 * NULL when i < 2), the path `path[0..m)` begun from `origin`, drops[i -
 * 1] the drop aligned; the steps into srow when not NULL. Returns the
 * row's lowest cost.
 */
static int fill_row(const struct match_board *b, const uint8_t *path, int m,
		    int origin, const uint8_t *drops, const uint64_t *at,
		    int i, uint16_t *row, const uint16_t *up,
		    const uint16_t *up2, uint8_t *srow)
{
	int o = drops[i - 1], low;

	/* A pulse before the first drop of the move is never mere noise:
	 * it may be the drop that says which move was really made. */
	low = up[0] + extra_cost(b, o) + MATCH_COST_LEAD;
	if (o == origin && up[0] + b->shadow < low)
		low = up[0] + b->shadow;
	row[0] = (uint16_t)(low < MATCH_FAR ? low : MATCH_FAR);
	low = row[0];
	if (srow != NULL)
		srow[0] = STEP_EXTRA;
	for (int j = 1; j <= m; j++) {
		int x = path[j - 1];
		int best = up[j] + extra_cost(b, o);
		int step = STEP_EXTRA, c;

		c = row[j - 1] + miss_cost(b, x);
		if (c < best) {
			best = c;
			step = STEP_MISS;
		}
		if (o == x) {
			c = j == 1 ? lead_cost(b, drops, at, i, origin, up,
					       up2) : up[j - 1];
			if (c <= best) {
				best = c;
				step = STEP_MATCH;
			}
		} else if (b->adjacent[o * b->holes + x] && !b->forbidden[o]) {
			c = (j == 1 ? lead_cost(b, drops, at, i, origin, up,
						up2) : up[j - 1]) + b->roll;
			if (c < best) {
				best = c;
				step = STEP_ROLL;
			}
		}
		if (up2 != NULL && j >= 2 && o == path[j - 2] &&
		    drops[i - 2] == x && o != x) {
			c = up2[j - 2] + swap_cost(at[i - 1] - at[i - 2]);
			if (c < best) {
				best = c;
				step = STEP_SWAP;
			}
		}
		if (best > MATCH_FAR)
			best = MATCH_FAR;
		row[j] = (uint16_t)best;
		if (srow != NULL)
			srow[j] = (uint8_t)step;
		if (best < low)
			low = best;
	}
	return low;
}

int match_push(const struct match_board *b, const struct sense_expect *e,
	       struct match_table *t, const uint8_t *drops, const uint64_t *at,
	       int n)
{
	int i = n;

	if (i > MATCH_OBS_MAX || i != t->rows)
		return t->prefix_cost;	/* held drops are capped */
	t->prefix_cost = fill_row(b, e->path, e->npath, e->origin, drops, at,
				  i, &t->cost[CELL(t, i, 0)],
				  &t->cost[CELL(t, i - 1, 0)],
				  i >= 2 ? &t->cost[CELL(t, i - 2, 0)] : NULL,
				  &t->step[CELL(t, i, 0)]);
	t->rows++;
	return t->prefix_cost;
}

int match_at(const struct match_table *t, int n, int j)
{
	if (n >= t->rows)
		n = t->rows - 1;
	return t->cost[CELL(t, n, j)];
}

int match_cost(const struct match_board *b, const uint8_t *path, int m,
	       int origin, const uint8_t *drops, const uint64_t *at, int n,
	       int begun, uint16_t *rows)
{
	uint16_t *r[3] = { rows, rows + m + 1, rows + 2 * (m + 1) };
	int low = MATCH_FAR;

	r[0][0] = 0;
	for (int j = 1; j <= m; j++) {
		int c = r[0][j - 1] + miss_cost(b, path[j - 1]);

		r[0][j] = (uint16_t)(c < MATCH_FAR ? c : MATCH_FAR);
	}
	for (int i = 1; i <= n; i++)
		low = fill_row(b, path, m, origin, drops, at, i, r[i % 3],
			       r[(i - 1) % 3], i >= 2 ? r[(i - 2) % 3] : NULL,
			       NULL);
	return begun && n > 0 ? low : r[n % 3][m];
}

int match_cost_begun(const struct match_board *b,
		     const struct sense_expect *e, const uint8_t *drops,
		     const uint64_t *at, int n, uint16_t *rows)
{
	int m = e->npath, best, tail, used[SENSE_HOLES_MAX];
	uint16_t *r[3] = { rows, rows + m + 1, rows + 2 * (m + 1) };
	uint16_t whole[MATCH_OBS_MAX + 1];

	if (n > MATCH_OBS_MAX)
		return MATCH_FAR;
	best = match_cost(b, e->path, m, e->origin, drops, at, n, 1, rows);
	r[0][0] = 0;
	for (int j = 1; j <= m; j++) {
		int c = r[0][j - 1] + miss_cost(b, e->path[j - 1]);

		r[0][j] = (uint16_t)(c < MATCH_FAR ? c : MATCH_FAR);
	}
	whole[0] = r[0][m];
	for (int i = 1; i <= n; i++) {
		fill_row(b, e->path, m, e->origin, drops, at, i, r[i % 3],
			 r[(i - 1) % 3], i >= 2 ? r[(i - 2) % 3] : NULL, NULL);
		whole[i] = r[i % 3][m];
	}
	/* The path whole at drop i, the drops after it in the tail (each
	 * place's drops beyond what the tail carries there extra). */
	memset(used, 0, sizeof(used));
	tail = 0;
	for (int i = n - 1; i >= 0 && m > 0; i--) {
		int h = drops[i];

		if (used[h] < e->tail[h])
			used[h]++;
		else
			tail += extra_cost(b, h);
		if (whole[i] + tail < best)
			best = whole[i] + tail;
	}
	return best < MATCH_FAR ? best : MATCH_FAR;
}

static void add_deviation(struct match_result *r,
			  const struct match_deviation *d)
{
	if (r->ndev < MATCH_DEVIATIONS_MAX)
		r->dev[r->ndev++] = *d;
}

/* The step from (i - 1, 0) into (i, 1) is the first drop after a pulse
 * on the place lifted that cannot be its shadow: what that pulse cost
 * beyond the row above (charged to it). */
static int unlifted_cost(const struct match_board *b,
			 const struct sense_expect *e, const uint8_t *drops,
			 const uint64_t *at, int i, const struct match_table *t)
{
	int c;

	if (i < 2 || shadow_timed(drops, at, i, e->origin))
		return 0;
	c = t->cost[CELL(t, i, 1)] - t->cost[CELL(t, i - 1, 0)];
	if (t->step[CELL(t, i, 1)] == STEP_ROLL)
		c -= b->roll;
	return c > 0 ? c : 0;
}

/* Walks back from (i, j) and lists the deviations in path order, each
 * with what it cost. */
static void trace_back(const struct match_board *b,
		       const struct sense_expect *e, const uint8_t *drops,
		       const uint64_t *at, int i, int j,
		       const struct match_table *t, struct match_result *r)
{
	struct match_deviation rev[MATCH_DEVIATIONS_MAX];
	int nrev = 0, unlifted = -1;

	while (i > 0 || j > 0) {
		int here = t->cost[CELL(t, i, j)], step, more = 0;
		struct match_deviation d;

		step = t->step[CELL(t, i, j)];
		if (j == 1 && (step == STEP_MATCH || step == STEP_ROLL)) {
			more = unlifted_cost(b, e, drops, at, i, t);
			unlifted = i >= 2 && !shadow_timed(drops, at, i,
							   e->origin) ? more : -1;
		}
		switch (step) {
		case STEP_MATCH:
			r->matched++;
			i--, j--;
			continue;
		case STEP_ROLL:
			d = (struct match_deviation){ STEP_ROLL, j,
						     e->path[j - 1], drops[i - 1],
						     i - 1, 0, 0 };
			i--, j--;
			break;
		case STEP_MISS:
			d = (struct match_deviation){ STEP_MISS, j,
						     e->path[j - 1], -1, i, 0, 0 };
			j--;
			if (b->free_miss[d.expected]) {
				r->free_misses++;
				continue;
			}
			break;
		case STEP_EXTRA:
			d = (struct match_deviation){ STEP_EXTRA, j, -1,
						     drops[i - 1], i - 1, 0, 0 };
			i--;
			break;
		default:	/* STEP_SWAP */
			d = (struct match_deviation){ STEP_SWAP, j - 1,
						     e->path[j - 2], e->path[j - 1],
						     i - 2, 0, 0 };
			i -= 2, j -= 2;
			break;
		}
		d.cost = here - t->cost[CELL(t, i, j)] - more;
		if (step == STEP_EXTRA && j == 0 && unlifted >= 0) {
			d.cost += unlifted;
			d.unlifted = 1;
			unlifted = -1;
		}
		if (nrev < MATCH_DEVIATIONS_MAX)
			rev[nrev++] = d;
	}
	while (nrev > 0)
		add_deviation(r, &rev[--nrev]);
}

/*
 * Tail pieces not sensed in place `h`, where `k` of them are missing
 * and drops[from..n) are the tail: each a missed pulse, or pieces
 * carried by the handful (cheap when the line swallowed edges or the
 * pulses came close together; none sensed at all is no handful).
 */
static int shortfall_cost(const struct match_board *b, const uint8_t *drops,
			  const uint64_t *at, int from, int n, int h, int k)
{
	int misses = k * miss_cost(b, h), sensed = 0, fast = b->handful[h];
	uint64_t last = 0;

	for (int i = from; i < n; i++) {
		if (drops[i] != h)
			continue;
		if (sensed++ > 0 && at[i] - last < MATCH_MERGE_US)
			fast = 1;
		last = at[i];
	}
	if (sensed == 0)
		return misses < MATCH_COST_UNCARRIED ? misses :
		       MATCH_COST_UNCARRIED;
	if (sensed == 1)
		fast = 1;
	if (fast && misses > MATCH_COST_HANDFUL)
		return MATCH_COST_HANDFUL;
	if (misses > MATCH_COST_SLOW_HANDFUL)
		return MATCH_COST_SLOW_HANDFUL;
	return misses;
}

/*
 * Pieces carried in (drops[from..n), the tail) that rolled from the
 * place they were carried to into the next one: a tail drop beyond
 * what its place is to receive, next to a place of the tail still
 * short (`short_of`, per place, lowered for each roll) where pieces
 * were seen carried in (a place none reached was not carried to).
 * Each such drop is read as the roll (`into[i - from]`: the place it
 * was carried to, when not NULL, else -1) instead of an extra pulse
 * and a piece not sensed. Returns what the rolls cost beyond the extra
 * pulses they replace (the shortfalls left are costed by the caller).
 */
static int tail_rolls(const struct match_board *b,
		      const struct sense_expect *e, const uint8_t *drops,
		      int from, int n, int *short_of, int *into)
{
	int seen[SENSE_HOLES_MAX], got[SENSE_HOLES_MAX], delta = 0;

	memset(seen, 0, (size_t)b->holes * sizeof(seen[0]));
	memset(got, 0, (size_t)b->holes * sizeof(got[0]));
	for (int i = from; i < n; i++)
		got[drops[i]]++;
	for (int i = from; i < n; i++) {
		int o = drops[i], to = -1;

		if (into != NULL)
			into[i - from] = -1;
		if (++seen[o] <= e->tail[o] || b->forbidden[o])
			continue;
		for (int h = 0; h < b->holes && to < 0; h++)
			if (short_of[h] > 0 && got[h] > 0 &&
			    b->adjacent[o * b->holes + h])
				to = h;
		if (to < 0)
			continue;
		short_of[to]--;
		delta += b->roll - extra_cost(b, o);
		if (into != NULL)
			into[i - from] = to;
	}
	return delta;
}

/* The tail pieces not sensed where the sensor works, per place. */
static void tail_short(const struct match_board *b,
		       const struct sense_expect *e, const uint8_t *drops,
		       int from, int n, int *short_of)
{
	int used[SENSE_HOLES_MAX];

	memset(used, 0, (size_t)b->holes * sizeof(used[0]));
	for (int i = from; i < n; i++)
		used[drops[i]]++;
	for (int h = 0; h < b->holes; h++)
		short_of[h] = e->ntail > 0 && !e->ends && !b->free_miss[h] &&
			      e->tail[h] > used[h] ? e->tail[h] - used[h] : 0;
}

/* What the tail drops[from..n) costs beyond its extra pulses: pieces
 * rolled next door, and the pieces not sensed where they were carried. */
static int tail_rest(const struct match_board *b, const struct sense_expect *e,
		     const uint8_t *drops, const uint64_t *at, int from, int n)
{
	int short_of[SENSE_HOLES_MAX], c;

	tail_short(b, e, drops, from, n, short_of);
	c = tail_rolls(b, e, drops, from, n, short_of, NULL);
	for (int h = 0; h < b->holes; h++)
		if (short_of[h] > 0)
			c += shortfall_cost(b, drops, at, from, n, h,
					    short_of[h]);
	return c;
}

/* Where the path ends, drops[0..i) its own and the rest its tail (in
 * any order): the cheapest end, preferring the one using most of the
 * tail, then the one whose tail reads best (a drop after the path is
 * an extra pulse either side of the end, but only in the tail may it
 * be a carried piece rolled next door); its cost into r->cost, the
 * tail drops used into r->tail_sensed. */
static int path_end(const struct match_board *b, const struct sense_expect *e,
		    const struct match_table *t, const uint8_t *drops,
		    const uint64_t *at, int n, struct match_result *r)
{
	int used[SENSE_HOLES_MAX], tail_extra = 0, tail_used = 0, best_i = 0;
	int best_rest = 0, known = 0, rest;

	memset(used, 0, (size_t)b->holes * sizeof(used[0]));
	r->cost = MATCH_FAR;
	for (int i = n; i >= 0; i--) {
		int c;

		if (i < n) {
			int h = drops[i];

			if (used[h] < e->tail[h]) {
				used[h]++;
				tail_used++;
			} else {
				tail_extra += extra_cost(b, h);
			}
		}
		c = t->cost[CELL(t, i, e->npath)] + tail_extra;
		if (c > r->cost || (c == r->cost && tail_used < r->tail_sensed))
			continue;
		if (c == r->cost && tail_used == r->tail_sensed) {
			if (c >= MATCH_FAR)
				continue;
			if (!known)
				best_rest = tail_rest(b, e, drops, at, best_i, n);
			rest = tail_rest(b, e, drops, at, i, n);
			known = 1;
			if (rest >= best_rest)
				continue;
			best_rest = rest;
		} else {
			known = 0;
		}
		r->cost = c;
		best_i = i;
		r->tail_sensed = tail_used;
	}
	return best_i;
}

/* The tail drops beyond what the tail carries, as extra pulses (or
 * pieces rolled next door from where they were carried). */
static void trace_tail(const struct match_board *b,
		       const struct sense_expect *e, const uint8_t *drops,
		       int from, int n, struct match_result *r)
{
	int used[SENSE_HOLES_MAX], short_of[SENSE_HOLES_MAX];
	int into[MATCH_OBS_MAX];

	tail_short(b, e, drops, from, n, short_of);
	tail_rolls(b, e, drops, from, n, short_of, into);
	memset(used, 0, (size_t)b->holes * sizeof(used[0]));
	for (int i = from; i < n; i++) {
		int h = drops[i];
		struct match_deviation d = {
			STEP_EXTRA, 0, -1, h, i, extra_cost(b, h), 0
		};

		if (used[h] < e->tail[h]) {
			used[h]++;
			continue;
		}
		if (into[i - from] >= 0) {
			d.step = STEP_ROLL;
			d.expected = into[i - from];
			d.cost = b->roll;
		}
		add_deviation(r, &d);
	}
}

void match_whole(const struct match_board *b, const struct sense_expect *e,
		 const struct match_table *t, const uint8_t *drops,
		 const uint64_t *at, int n, int trace, struct match_result *r)
{
	int m = e->npath, best_i, short_of[SENSE_HOLES_MAX];

	memset(r, 0, sizeof(*r));
	if (n >= t->rows)
		n = t->rows - 1;
	r->prefix_cost = t->prefix_cost;
	r->tail_expected = e->ntail;
	/* No tail: the table's last cell already counts drops after the
	 * path as extra. */
	best_i = e->ntail == 0 ? n : path_end(b, e, t, drops, at, n, r);
	if (e->ntail == 0)
		r->cost = t->cost[CELL(t, n, m)];
	/* A whole move may still grow: it is also a beginning. */
	if (r->cost < r->prefix_cost)
		r->prefix_cost = r->cost;
	/* Tail pieces not sensed, where the sensor works, but for those
	 * that rolled next door. */
	if (e->ntail > 0 && !e->ends) {
		int was = 0;

		tail_short(b, e, drops, best_i, n, short_of);
		for (int h = 0; h < b->holes; h++)
			was += short_of[h];
		r->cost += tail_rolls(b, e, drops, best_i, n, short_of, NULL);
		for (int h = 0; h < b->holes; h++) {
			was -= short_of[h];	/* (a piece rolled: sensed) */
			if (short_of[h] > 0)
				r->tail_cost += shortfall_cost(b, drops, at,
					best_i, n, h, short_of[h]);
		}
		r->tail_sensed += was;
	}
	r->cost += r->tail_cost;
	if (r->cost > MATCH_FAR)
		r->cost = MATCH_FAR;
	r->path_end = best_i;
	if (trace) {
		trace_back(b, e, drops, at, best_i, m, t, r);
		trace_tail(b, e, drops, best_i, n, r);
	}
}
