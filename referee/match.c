/*
 * match.c - edit distance of sensed drops against an expected move.
 */
#include "config.h"

#include <string.h>

#include "referee/match.h"

static inline int extra_cost(const struct match_board *b, int hole)
{
	/* A drop where no piece of the mover may go is suspect, not noise. */
	return b->forbidden[hole] ? 2 : 1;
}

static inline int lead_cost(const struct match_board *b, int hole)
{
	return extra_cost(b, hole) < 2 ? 2 : extra_cost(b, hole);
}

static inline int miss_cost(const struct match_board *b, int hole)
{
	return b->free_miss[hole] ? 0 : 1;
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
		t->cost[j] = (uint16_t)(t->cost[j - 1] +
					miss_cost(b, e->path[j - 1]));
		t->step[j] = STEP_MISS;
	}
	t->rows = 1;
}

int match_push(const struct match_board *b, const struct sense_expect *e,
	       struct match_table *t, const uint8_t *drops, int n)
{
	int m = e->npath, i = n, o = drops[n - 1], low;
	uint16_t *row, *up;
	uint8_t *srow;

	if (i > MATCH_OBS_MAX || i != t->rows)
		return t->prefix_cost;	/* held drops are capped */
	row = &t->cost[CELL(t, i, 0)];
	up = &t->cost[CELL(t, i - 1, 0)];
	srow = &t->step[CELL(t, i, 0)];
	/* A pulse before the first drop of the move is never mere noise:
	 * it may be the drop that says which move was really made. */
	row[0] = (uint16_t)(up[0] + lead_cost(b, o));
	srow[0] = STEP_EXTRA;
	low = row[0];
	for (int j = 1; j <= m; j++) {
		int x = e->path[j - 1];
		int best = up[j] + extra_cost(b, o);
		int step = STEP_EXTRA, c;

		c = row[j - 1] + miss_cost(b, x);
		if (c < best) {
			best = c;
			step = STEP_MISS;
		}
		if (o == x) {
			c = up[j - 1];
			if (c <= best) {
				best = c;
				step = STEP_MATCH;
			}
		} else if (b->adjacent[o * b->holes + x] && !b->forbidden[o]) {
			c = up[j - 1] + 2;
			if (c < best) {
				best = c;
				step = STEP_ROLL;
			}
		}
		if (i >= 2 && j >= 2 && o == e->path[j - 2] &&
		    drops[i - 2] == x && o != x) {
			c = t->cost[CELL(t, i - 2, j - 2)] + 1;
			if (c < best) {
				best = c;
				step = STEP_SWAP;
			}
		}
		if (best > MATCH_FAR)
			best = MATCH_FAR;
		row[j] = (uint16_t)best;
		srow[j] = (uint8_t)step;
		if (best < low)
			low = best;
	}
	t->rows++;
	t->prefix_cost = low;
	return low;
}

static void add_deviation(struct match_result *r, enum match_step step,
			  int index, int expected, int sensed, int at)
{
	if (r->ndev < MATCH_DEVIATIONS_MAX)
		r->dev[r->ndev++] = (struct match_deviation){ step, index,
							     expected, sensed,
							     at };
}

/* Walks back from (i, j) and lists the deviations in path order. */
static void trace_back(const struct match_board *b,
		       const struct sense_expect *e, const uint8_t *drops,
		       int i, int j, const struct match_table *t,
		       struct match_result *r)
{
	struct match_deviation rev[MATCH_DEVIATIONS_MAX];
	int nrev = 0;

	while (i > 0 || j > 0) {
		struct match_deviation d;

		switch (t->step[CELL(t, i, j)]) {
		case STEP_MATCH:
			r->matched++;
			i--, j--;
			continue;
		case STEP_ROLL:
			d = (struct match_deviation){ STEP_ROLL, j,
						     e->path[j - 1], drops[i - 1],
						     i - 1 };
			i--, j--;
			break;
		case STEP_MISS:
			d = (struct match_deviation){ STEP_MISS, j,
						     e->path[j - 1], -1, i };
			j--;
			if (b->free_miss[d.expected]) {
				r->free_misses++;
				continue;
			}
			break;
		case STEP_EXTRA:
			d = (struct match_deviation){ STEP_EXTRA, j, -1,
						     drops[i - 1], i - 1 };
			i--;
			break;
		default:	/* STEP_SWAP */
			d = (struct match_deviation){ STEP_SWAP, j - 1,
						     e->path[j - 2], e->path[j - 1],
						     i - 2 };
			i -= 2, j -= 2;
			break;
		}
		if (nrev < MATCH_DEVIATIONS_MAX)
			rev[nrev++] = d;
	}
	while (nrev > 0) {
		nrev--;
		add_deviation(r, rev[nrev].step, rev[nrev].index,
			      rev[nrev].expected, rev[nrev].sensed, rev[nrev].at);
	}
}

void match_whole(const struct match_board *b, const struct sense_expect *e,
		 const struct match_table *t, const uint8_t *drops, int n,
		 int trace, struct match_result *r)
{
	int m = e->npath, best_i = 0, best_tail = 0;
	int used[SENSE_HOLES_MAX], tail_extra = 0, tail_used = 0;

	memset(r, 0, sizeof(*r));
	if (n >= t->rows)
		n = t->rows - 1;
	r->prefix_cost = t->prefix_cost;
	r->tail_expected = e->ntail;

	/* The path ends after drops[0..i); the rest are tail drops,
	 * matched against the tail in any order. */
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
		c = t->cost[CELL(t, i, m)] + tail_extra;
		if (c < r->cost || (c == r->cost && tail_used > best_tail)) {
			r->cost = c;
			best_i = i;
			best_tail = tail_used;
		}
	}
	/* A whole move may still grow: it is also a beginning. */
	if (r->cost < r->prefix_cost)
		r->prefix_cost = r->cost;
	/* Tail drops not sensed, where the sensor works: one is a miss like
	 * any other; more than one (a handful dropped at once, a capture
	 * not yet carried) needs the arbiter, never more. */
	memset(used, 0, (size_t)b->holes * sizeof(used[0]));
	for (int i = best_i; i < n; i++)
		used[drops[i]]++;
	tail_used = 0;
	for (int h = 0; h < b->holes; h++)
		if (e->tail[h] > used[h] && !b->free_miss[h])
			tail_used += e->tail[h] - used[h];
	if (tail_used > 0)
		r->cost += tail_used > 1 ? MATCH_HOLD : 1;
	if (r->cost > MATCH_FAR)
		r->cost = MATCH_FAR;
	r->tail_sensed = best_tail;
	r->path_end = best_i;
	if (trace) {
		trace_back(b, e, drops, best_i, m, t, r);
		memset(used, 0, (size_t)b->holes * sizeof(used[0]));
		for (int i = best_i; i < n; i++) {
			int h = drops[i];

			if (used[h] < e->tail[h])
				used[h]++;
			else
				add_deviation(r, STEP_EXTRA, 0, -1, h, i);
		}
	}
}
