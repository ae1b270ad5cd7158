/*
 * model_drops_read.c - the drops of a move read both ways: as the legal
 * move that fits best, with the board's faults, and as the likeliest
 * misplay of any legal move (a piece left behind, two in one place, a
 * place passed over, a piece where the mover may not sow, a capture not
 * carried, another place lifted, the wrong way round), each with its
 * cost; and the board each leaves, for the counts.
 */
#include "config.h"

#include <string.h>

#include "referee/model_drops.h"

#define VARIANT_PATH_MAX 24	/* longer sowings are not read misplayed */

static int is_lead(const struct match_result *r,
		   const struct match_deviation *v)
{
	return v->step == STEP_EXTRA && v->index == 0 && v->at < r->path_end;
}

/* The board misplay `mis` of move `base` at `at` leaves into `values`:
 * 0 for a misplay whose board is not worked out here. */
static int misplay_board(struct drops *d, enum drops_misplay mis, int base,
			 int at, int *values)
{
	const struct sense_expect *x = &d->expect[base];
	struct referee *ref = d->ref;
	uint8_t path[VARIANT_PATH_MAX];
	int m;

	if (mis != MIS_REVERSE)
		return drops_after(d, x, values) &&
		       drops_misplayed(x, mis, at, values);
	if (ref->sense->counts == NULL || ref->sense->reversed == NULL ||
	    x->npath > VARIANT_PATH_MAX)
		return 0;
	m = ref->sense->reversed(ref->game, ref_pos_const(ref), x, path);
	ref->sense->counts(ref->game, ref_pos_const(ref), values);
	values[x->origin] -= m;
	for (int k = 0; k < m; k++)
		values[path[k]]++;
	return m > 0;
}

/* With g->near: misplay `mis` of move `base` at `at` leaves a board
 * within one place of the counts, and not the legal move's. */
static int near_counts(struct reading *g, enum drops_misplay mis, int base,
		       int at)
{
	int values[SENSE_HOLES_MAX], legal[SENSE_HOLES_MAX];

	if (g->near == NULL)
		return 1;
	if (!misplay_board(g->d, mis, base, at, values) ||
	    ref_seen_distance(g->d->ref, values, g->near) > 1)
		return 0;
	return !drops_after(g->d, &g->d->expect[g->move], legal) ||
	       memcmp(values, legal, (size_t)g->d->ref->nholes *
		      sizeof(values[0])) != 0;
}

/* Misplay `mis` of move `base` at `at` costs `cost`: kept if likelier. */
static void found(struct reading *g, enum drops_misplay mis, int cost,
		  int base,
		  int at, int a, int b)
{
	if (g->near != NULL && (cost >= g->cost[mis] ||
				!near_counts(g, mis, base, at)))
		return;
	if (cost < g->cost[mis])
		g->cost[mis] = cost;
	if (cost >= g->illegal)
		return;
	g->illegal = cost;
	g->mis = mis;
	g->base = base;
	g->at = at;
	g->where[0] = a;
	g->where[1] = b;
}

/* Move `e` sown with its last pieces left behind, two pieces in one
 * place (one short at the end), or a place passed over (one further):
 * the drops aligned with each such sowing. */
static void read_sowing(struct drops *d, int e, int n, struct reading *g)
{
	const struct sense_expect *x = &d->expect[e];
	uint16_t rows[3 * (VARIANT_PATH_MAX + 2)];
	uint8_t path[VARIANT_PATH_MAX + 1];
	int m = x->npath, c, more[SENSE_HOLES_MAX];

	for (int s = 1; s <= 2 && s <= m; s++)
		found(g, MIS_SHORT, match_at(&d->align[e], n, m - s) +
		      DROPS_MISPLAY + (s - 1) * DROPS_MARGIN, e, s, x->origin,
		      x->path[m - 1]);
	if (m > VARIANT_PATH_MAX)
		return;
	/* Sown the wrong way round: as many pieces, the other way. */
	if (d->ref->sense->reversed != NULL &&
	    d->ref->sense->reversed(d->ref->game, ref_pos_const(d->ref), x,
				    path) == m && m > 0) {
		c = match_cost(&d->board, path, m, x->origin, d->pend,
			       d->pend_t, n, 0, rows);
		found(g, MIS_REVERSE, c + DROPS_MISPLAY, e, 0, x->origin,
		      path[0]);
	}
	/* Drops in each place beyond what the move puts there: a piece
	 * doubled or sown one further shows as one more (two pieces that
	 * made one pulse read as pieces left behind). */
	memset(more, 0, (size_t)d->ref->nholes * sizeof(more[0]));
	for (int i = 0; i < n; i++)
		more[d->pend[i]]++;
	for (int k = 0; k < m; k++)
		more[x->path[k]]--;
	for (int k = 0; k + 1 < m; k++) {
		/* (with counts near: every place, its second pulse maybe
		 * missed or taken for a bounce) */
		if (more[x->path[k]] < 1 && g->near == NULL)
			continue;
		memcpy(path, x->path, (size_t)k + 1);
		memcpy(path + k + 1, x->path + k, (size_t)(m - 1 - k));
		c = match_cost(&d->board, path, m, x->origin, d->pend,
			       d->pend_t, n, 0, rows);
		found(g, MIS_DOUBLE, c + DROPS_MISPLAY, e, k, x->path[k],
		      x->path[m - 1]);
	}
	/* (the first place passed over only where the hand was seen
	 * lifting this one: else the drops, begun one place on, are
	 * another sowing's, or this one's after the hand's shadow) */
	for (int k = d->lifted == x->origin ? 0 : 1;
	     k < m && x->beyond >= 0 &&
	     (more[x->beyond] >= 1 || g->near != NULL); k++) {
		memcpy(path, x->path, (size_t)k);
		memcpy(path + k, x->path + k + 1, (size_t)(m - 1 - k));
		path[m - 1] = (uint8_t)x->beyond;
		c = match_cost(&d->board, path, m, x->origin, d->pend,
			       d->pend_t, n, 0, rows);
		found(g, MIS_SKIP, c + DROPS_MISPLAY, e, k, x->path[k],
		      x->beyond);
	}
}

/* Whether extra pulse `v` of move `e`'s alignment falls where the
 * sowing hand passes its place: next to the place sown just before it
 * (or lifted, before the first) or to the one sown just after. A hand
 * that puts a piece where it may not sow does so on its way past;
 * elsewhere in the sowing, a pulse there is not the hand's. */
static int passed_by(const struct drops *d, const struct sense_expect *x,
		     const struct match_result *r,
		     const struct match_deviation *v)
{
	const uint8_t *adj = d->board.adjacent;
	int n = d->board.holes, h = v->sensed, j = v->index;
	int before = j > 0 ? x->path[j - 1] : x->origin;

	if (v->at >= r->path_end || x->npath == 0)
		return 1;	/* among the pieces carried: not read so */
	return adj[h * n + before] ||
	       (j < x->npath && adj[h * n + x->path[j]]);
}

/* Move `e`'s own alignment read as a misplay: a piece where the mover
 * may not sow (on the hand's way past it), another place lifted (its shadow before the first drop),
 * the pieces to carry not carried. */
static void read_alignment(struct drops *d, int e, struct reading *g)
{
	const struct sense_expect *x = &d->expect[e];
	const struct match_result *r = &d->result[e];

	for (int i = 0; i < r->ndev; i++) {
		const struct match_deviation *v = &r->dev[i];

		if (v->step != STEP_EXTRA)
			continue;
		if (d->board.forbidden[v->sensed] && passed_by(d, x, r, v))
			found(g, MIS_STORE, r->cost - v->cost + DROPS_MISPLAY,
			      e, 0, v->sensed, -1);
		if (!is_lead(r, v) || v->sensed == x->origin)
			continue;
		for (int f = 0; f < d->nexpect; f++)
			if (d->expect[f].origin == v->sensed)
				found(g, MIS_LIFTED, r->cost - v->cost +
				      DROPS_MISPLAY, e, 0, v->sensed,
				      x->origin);
	}
	if (r->tail_expected > 0 && r->tail_sensed == 0 && r->tail_cost > 0)
		for (int h = 0; h < d->ref->nholes; h++)
			if (x->tail[h])
				found(g, MIS_UNCARRIED, r->cost - r->tail_cost +
				      DROPS_MISPLAY, e, 0, h, -1);
}

/* The least any sowing of move `e` misplayed costs for drops where it
 * puts no piece at all (nor its shadow, nor one further). */
static int strays(const struct drops *d, int e, int n)
{
	const struct sense_expect *x = &d->expect[e];
	uint8_t in[SENSE_HOLES_MAX];
	int least = d->board.roll, cost = 0;

	memset(in, 0, (size_t)d->ref->nholes);
	for (int k = 0; k < x->npath; k++)
		in[x->path[k]] = 1;
	in[x->origin] = 1;
	if (x->beyond >= 0)
		in[x->beyond] = 1;
	if (d->ref->sense->reversed != NULL && x->npath <= VARIANT_PATH_MAX) {
		uint8_t back[VARIANT_PATH_MAX];
		int m = d->ref->sense->reversed(d->ref->game,
						ref_pos_const(d->ref), x, back);

		for (int k = 0; k < m; k++)
			in[back[k]] = 1;
	}
	for (int h = 0; h < d->ref->nholes; h++) {
		in[h] |= x->tail[h] > 0;
		if (d->board.extra[h] < least)
			least = d->board.extra[h];
	}
	for (int i = 0; i < n; i++)
		cost += in[d->pend[i]] ? 0 : least;
	return cost;
}

/*
 * pend[0..n) read both ways, move `best` the legal move. Misplays are
 * read only when they could be likelier: when the legal reading costs
 * more than a misplay less the margin.
 */
void drops_read(struct drops *d, int best, int n, struct reading *g)
{
	int press;

	memset(g, 0, sizeof(*g));
	g->move = best;
	g->legal = d->result[best].cost;
	g->mis = MIS_OTHER;
	g->illegal = DROPS_OTHER;
	g->base = -1;
	g->where[0] = g->where[1] = -1;
	for (int k = 0; k < MIS_COUNT; k++)
		g->cost[k] = MATCH_FAR;
	g->cost[MIS_OTHER] = DROPS_OTHER;
	/* (a button too soon after the last drop for one more piece
	 * weighs against the legal reading: model_drops_press.c) */
	press = drops_press_cost(d, n);
	if (g->legal + (press > 0 ? press : 0) <=
	    drops_short_cost(d->ref) - DROPS_MARGIN_EXACT)
		return;
	for (int e = 0; e < d->nexpect; e++) {
		if (d->result[e].prefix_cost >= MATCH_FAR)
			continue;
		read_alignment(d, e, g);
		if (DROPS_MISPLAY + strays(d, e, n) < g->illegal)
			read_sowing(d, e, n, g);
	}
}

void drops_read_near(struct drops *d, int best, int n, const int *seen,
		     struct reading *g)
{
	memset(g, 0, sizeof(*g));
	g->move = best;
	g->legal = d->result[best].cost;
	g->mis = MIS_OTHER;
	g->illegal = MATCH_FAR;
	g->base = -1;
	g->where[0] = g->where[1] = -1;
	for (int k = 0; k < MIS_COUNT; k++)
		g->cost[k] = MATCH_FAR;
	g->d = d;
	g->near = seen;
	for (int e = 0; e < d->nexpect; e++)
		if (d->result[e].prefix_cost < MATCH_FAR &&
		    DROPS_MISPLAY + strays(d, e, n) < g->illegal)
			read_sowing(d, e, n, g);
}

int drops_after(struct drops *d, const struct sense_expect *e, int *values)
{
	struct referee *ref = d->ref;
	struct rules_outcome out;

	if (ref->sense->counts == NULL)
		return 0;
	memcpy(ref->scratch, ref_pos_const(ref), ref->pos_size);
	if (ref->game->ops->apply(ref->game, ref->scratch, &e->move, &out,
				  NULL, 0) < 0)
		return 0;
	ref->sense->counts(ref->game, ref->scratch, values);
	return 1;
}

int drops_misplayed(const struct sense_expect *x, enum drops_misplay mis,
		    int at, int *values)
{
	int m = x->npath;

	switch (mis) {
	case MIS_SHORT:
		if (at < 1 || at > m)
			return 0;
		values[x->origin] += at;
		for (int s = 1; s <= at; s++)
			values[x->path[m - s]]--;
		return 1;
	case MIS_DOUBLE:
		if (at < 0 || at + 1 >= m)
			return 0;
		values[x->path[at]]++;
		values[x->path[m - 1]]--;
		return 1;
	case MIS_SKIP:
		if (at < 0 || at >= m || x->beyond < 0)
			return 0;
		values[x->path[at]]--;
		values[x->beyond]++;
		return 1;
	default:
		return 0;
	}
}

int drops_misplay_counts(struct drops *d, const struct reading *g,
			 int *values)
{
	if (g->base < 0 || !drops_after(d, &d->expect[g->base], values))
		return 0;
	return drops_misplayed(&d->expect[g->base], g->mis, g->at, values);
}
