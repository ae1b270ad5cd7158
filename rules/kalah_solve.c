/*
 * kalah_solve.c - the Kalah solver's search: see kalah_solve.h.
 *
 * Values are the mover's future gain over the opponent (what the seeds
 * still in the pits will add to the difference of the stores), so a
 * position's value depends on its pits alone; the root adds the stores.
 * With n seeds in the pits the value lies in [-n, n]: a window outside
 * it is answered at once (the safe bound on the stores: whatever is
 * played, the side ahead by more than the seeds left has won by at
 * least the difference).
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "rules/kalah_impl.h"
#include "rules/kalah_solve_impl.h"

#define DRAFT_EXACT 255		/* the value holds at any depth */
#define CHECK_EVERY 0x3fff	/* nodes between looks at the clock */
#define GUESS_NODES 1000000	/* the first guess's search, unbounded */
#define TT_WAYS 4		/* entries in a bucket, one cache line */
#ifndef ETC_MARGIN
#define ETC_MARGIN 4		/* seeds above the database for the ETC */
#endif

struct ks_entry {
	uint64_t key;
	int16_t lo, hi;
	uint8_t draft, move, work, pad;
};

_Static_assert(sizeof(struct ks_entry) == 16, "an entry is 16 bytes");

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	x ^= x >> 31;
	return x;
}

static uint64_t key_of(uint64_t me, uint64_t opp)
{
	return mix64(me ^ mix64(opp + UINT64_C(0x9e3779b97f4a7c15))) | 1;
}

/* The bucket of `key`: one cache line of TT_WAYS entries. */
static struct ks_entry *tt_bucket(const struct kalah_solver *s, uint64_t key)
{
	return &s->tt[(key >> 1 & s->tt_mask) * TT_WAYS];
}

/* The table's entry holding `key`, or NULL. */
static struct ks_entry *tt_find(const struct kalah_solver *s, uint64_t key)
{
	struct ks_entry *b = tt_bucket(s, key);

	for (int i = 0; i < TT_WAYS; i++)
		if (b[i].key == key)
			return &b[i];
	return NULL;
}

/* Keeps a bound: in the entry already holding the position, else in an
 * empty one, else in place of the one whose subtree cost least. */
static void tt_store(struct kalah_solver *s, uint64_t key, int lo, int hi,
		     int draft, int move, int work)
{
	struct ks_entry *b = tt_bucket(s, key), *e = NULL, *cheap = b;

	for (int i = 0; i < TT_WAYS && e == NULL; i++) {
		if (b[i].key == key)
			e = &b[i];
		else if (b[i].key == 0 || (cheap->key != 0 &&
					   b[i].work < cheap->work))
			cheap = &b[i];
	}
	if (e != NULL && e->draft == draft) {
		int raised = lo > e->lo || lo == hi;

		if (lo > e->lo)
			e->lo = (int16_t)lo;
		if (hi < e->hi)
			e->hi = (int16_t)hi;
		if (raised)	/* the move that raised the bound */
			e->move = (uint8_t)move;
		if (work > e->work)
			e->work = (uint8_t)work;
		return;
	}
	if (e != NULL && e->draft > draft)
		return;
	if (e == NULL)
		e = cheap;
	*e = (struct ks_entry){ key, (int16_t)lo, (int16_t)hi,
				(uint8_t)draft, (uint8_t)move,
				(uint8_t)work, 0 };
}

static void report(struct kalah_solver *s, int depth, int value, int exact,
		   int done)
{
	kalah_progress p = { depth, value, exact, done, s->nodes,
			     now_seconds() - s->start };

	if (s->fn != NULL)
		s->fn(s->ctx, &p);
}

static void look_at_clock(struct kalah_solver *s)
{
	double t = now_seconds();

	if (s->deadline > 0 && t >= s->deadline)
		s->stopped = 1;
	if (s->fn != NULL && t >= s->next_report) {
		s->next_report = t + 1.0;
		report(s, s->report_depth, s->report_value, 0, 0);
	}
}

/* A move of the node being searched and the position it leads to. */
struct ks_child {
	uint64_t me, opp;	/* the child's rows, its mover's first */
	uint64_t key;		/* its table key, or its database index */
	int gain, kind, pit, score, n;
};

/* Looks the child up: its index in the endgame database, or its key in
 * the table; fetches either into the cache meanwhile. */
static void child_key(const struct kalah_solver *s, struct ks_child *c)
{
	uint64_t me = c->kind == KS_EXTRA ? c->me : c->opp;
	uint64_t opp = c->kind == KS_EXTRA ? c->opp : c->me;

	c->n = ks_seeds(me) + ks_seeds(opp);
	if (c->n <= s->egdb_seeds) {
		c->key = ks_egdb_index(s, me, opp, c->n);
		__builtin_prefetch(&s->egdb[c->key]);
	} else {
		c->key = key_of(me, opp);
		__builtin_prefetch(tt_bucket(s, c->key));
	}
}

/* A child's value from the database (the mover's gain), or INT_MIN. */
static int child_known(const struct kalah_solver *s,
		       const struct ks_child *c)
{
	int v;

	if (c->kind == KS_OVER)
		return c->gain;
	if (c->n > s->egdb_seeds)
		return INT_MIN;
	v = s->egdb[c->key];
	return c->kind == KS_EXTRA ? c->gain + v : c->gain - v;
}

/* 100 and the seeds it takes when the pit's sowing captures, else 0. */
static int capture_of(const struct kalah_solver *s, uint64_t me,
		      uint64_t opp, int pit)
{
	unsigned seeds = ks_lane(me, pit);
	int last = s->sow[pit][s->rest[seeds]].last;

	if (last < s->pits && s->laps[seeds] == 0 && ks_lane(me, last) == 0)
		return 100 + (int)ks_lane(opp, s->pits - 1 - last);
	return 0;
}

/*
 * The mover's moves in the order they are tried: the table's move, the
 * sowings that end in the store (nearest the store first), then by the
 * seeds they win (captures), the rest from the store backwards. The
 * children's table or database entries are fetched into the cache
 * meanwhile.
 */
static int expand(const struct kalah_solver *s, uint64_t me, uint64_t opp,
		  int hint, struct ks_child *ch)
{
	int n = 0;

	for (int pit = s->pits - 1; pit >= 0; pit--) {
		struct ks_child c = { me, opp, 0, 0, 0, pit, 0, 0 };
		int i = n++;

		if (ks_lane(me, pit) == 0) {
			n--;
			continue;
		}
		c.kind = ks_play(s, &c.me, &c.opp, pit, &c.gain);
		c.score = pit == hint ? 1000 :
			  c.kind == KS_EXTRA ? 500 + pit :
			  capture_of(s, me, opp, pit);
		if (c.kind != KS_OVER)
			child_key(s, &c);
		while (i > 0 && ch[i - 1].score < c.score) {
			ch[i] = ch[i - 1];
			i--;
		}
		ch[i] = c;
	}
	return n;
}

/* The horizon's guess: with the sweep, seeds on a side tend to end in
 * its store. */
static int estimate(const struct kalah_solver *s, uint64_t me, uint64_t opp)
{
	return s->no_sweep ? 0 : (ks_seeds(me) - ks_seeds(opp)) / 2;
}

static int log2_work(uint64_t nodes)
{
	int w = 0;

	while (nodes > 1 && w < 255) {
		nodes >>= 1;
		w++;
	}
	return w;
}

static int search(struct kalah_solver *s, uint64_t me, uint64_t opp,
		  uint64_t key, int alpha, int beta, int depth);

/* The value of a move within the window. */
static int try_move(struct kalah_solver *s, const struct ks_child *c,
		    int alpha, int beta, int depth)
{
	int child = depth == DRAFT_EXACT ? depth : depth - 1;
	int v = child_known(s, c);

	if (v != INT_MIN)
		return v;
	if (c->kind == KS_EXTRA)
		return c->gain + search(s, c->me, c->opp, c->key,
					alpha - c->gain, beta - c->gain, child);
	return c->gain - search(s, c->opp, c->me, c->key, c->gain - beta,
				c->gain - alpha, child);
}

/* Enhanced transposition cutoff: a child whose value (the game's end,
 * the database) or table entry already proves the move reaches beta;
 * its value, or INT_MIN. The table is asked only far enough from the
 * database for a cutoff to save more than the probes cost. */
static int etc_cutoff(struct kalah_solver *s, const struct ks_child *ch,
		      int moves, int beta, int depth)
{
	int child = depth == DRAFT_EXACT ? depth : depth - 1;

	for (int i = 0; i < moves; i++) {
		const struct ks_entry *e;
		int v = child_known(s, &ch[i]);

		if (v != INT_MIN) {
			if (v >= beta)
				return v;
			continue;
		}
		if (ch[i].n <= s->egdb_seeds + ETC_MARGIN)
			continue;
		e = tt_find(s, ch[i].key);
		if (e == NULL || e->draft < child)
			continue;
		v = ch[i].kind == KS_EXTRA ? ch[i].gain + e->lo :
					     ch[i].gain - e->hi;
		if (v >= beta) {
			if (e->draft != DRAFT_EXACT)
				s->horizon++;
			return v;
		}
	}
	return INT_MIN;
}

static int search(struct kalah_solver *s, uint64_t me, uint64_t opp,
		  uint64_t key, int alpha, int beta, int depth)
{
	int n = ks_seeds(me) + ks_seeds(opp);
	struct ks_child ch[KALAH_PITS_MAX];
	int moves, best = -n - 1, best_pit = 0, alpha0 = alpha;
	int hint = KALAH_PITS_MAX;
	uint64_t nodes0 = s->nodes, horizon0 = s->horizon;
	struct ks_entry *e;

	if (alpha >= n)
		return n;
	if (beta <= -n)
		return -n;
	if ((++s->nodes & CHECK_EVERY) == 0)
		look_at_clock(s);
	if (s->stopped)
		return 0;
	if (depth == 0) {
		s->horizon++;
		return estimate(s, me, opp);
	}
	e = tt_find(s, key);
	if (e != NULL) {
		hint = e->move;
		if (e->draft >= depth) {
			if (e->draft != DRAFT_EXACT)
				s->horizon++;
			if (e->lo >= beta)
				return e->lo;
			if (e->hi <= alpha)
				return e->hi;
			if (e->lo == e->hi)
				return e->lo;
		}
	}
	moves = expand(s, me, opp, hint, ch);
	best = etc_cutoff(s, ch, moves, beta, depth);
	if (best != INT_MIN)
		return best;
	best = -n - 1;
	for (int i = 0; i < moves; i++) {
		int v = try_move(s, &ch[i], alpha, beta, depth);

		if (s->stopped)
			return 0;
		if (v > best) {
			best = v;
			best_pit = ch[i].pit;
		}
		if (best > alpha) {
			alpha = best;
			if (alpha >= beta)
				break;
		}
	}
	tt_store(s, key, best > alpha0 ? best : -n, best < beta ? best : n,
		 s->horizon == horizon0 ? DRAFT_EXACT : depth, best_pit,
		 log2_work(s->nodes - nodes0));
	return best;
}

/* The root's null-window test "value >= gamma", keeping the move that
 * reaches it. */
static int root_search(struct kalah_solver *s, uint64_t me, uint64_t opp,
		       int gamma, int depth)
{
	struct ks_child ch[KALAH_PITS_MAX];
	struct ks_entry *e = tt_find(s, key_of(me, opp));
	int moves = expand(s, me, opp, e != NULL ? e->move : KALAH_PITS_MAX,
			   ch);
	int best = INT_MIN;

	for (int i = 0; i < moves; i++) {
		int v = try_move(s, &ch[i], gamma - 1, gamma, depth);

		if (s->stopped)
			return 0;
		if (v > best)
			best = v;
		if (v >= gamma) {
			s->root_best = ch[i].pit;
			break;
		}
	}
	return best;
}

/* MTD(f): null-window tests from the guess until the bounds meet; the
 * value is the mover's future gain. */
static int mtdf(struct kalah_solver *s, uint64_t me, uint64_t opp,
		int guess, int depth)
{
	int n = ks_seeds(me) + ks_seeds(opp), lo = -n, hi = n, g = guess;

	while (lo < hi && !s->stopped) {
		int gamma = g == lo ? g + 1 : g;

		g = root_search(s, me, opp, gamma, depth);
		if (g < gamma)
			hi = g;
		else
			lo = g;
	}
	return g;
}

static void tables(struct kalah_solver *s)
{
	int P = s->pits;

	s->lap_me = s->lap_opp = 0;
	for (int i = 0; i < P; i++) {
		s->lap_me |= UINT64_C(1) << (8 * i);
		s->lap_opp |= UINT64_C(1) << (8 * i);
	}
	for (int pit = 0; pit < P; pit++) {
		struct ks_sow w = { 0, 0, 0, (uint8_t)pit };

		for (int rest = 0; rest < s->ring; rest++) {
			/* Ring: own pits 0..P-1, the store P, theirs P+1.. */
			int at = (pit + rest) % s->ring;

			if (rest > 0) {
				if (at < P)
					w.me += UINT64_C(1) << (8 * at);
				else if (at == P)
					w.store++;
				else
					w.opp += UINT64_C(1) << (8 * (at - P - 1));
			}
			w.last = (uint8_t)at;
			s->sow[pit][rest] = w;
		}
	}
	for (int n = 0; n < 256; n++) {
		s->laps[n] = (uint8_t)(n / s->ring);
		s->rest[n] = (uint8_t)(n % s->ring);
	}
	ks_egdb_tables(s);
}

/* The table, on huge pages where the system has them: its probes land
 * anywhere, and a page-table walk per probe would cost more than the
 * probe. Fresh anonymous pages read as zeros and take memory only once
 * written, so a table larger than the search needs costs no more. */
static void *tt_alloc(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

struct kalah_solver *kalah_solver_new(const struct rules_game *game,
				      size_t tt_bytes, char *err,
				      size_t errlen)
{
	const struct kalah_cfg *c;
	struct kalah_solver *s;
	size_t buckets = 1024, line = TT_WAYS * sizeof(struct ks_entry);

	if (game->ops != &kalah_rules) {
		rules_error(err, errlen, "the solver plays Kalah only");
		return NULL;
	}
	c = cfg_of(game);
	if (c->cross) {
		rules_error(err, errlen, "the solver does not play Cross-Kalah");
		return NULL;
	}
	while (buckets * 2 * line <= tt_bytes)
		buckets *= 2;
	s = calloc(1, sizeof(*s));
	if (s == NULL || (s->tt = tt_alloc(buckets * line)) == NULL) {
		free(s);
		rules_error(err, errlen, "out of memory for the solver's table");
		return NULL;
	}
	s->tt_bytes = buckets * line;
	s->tt_mask = buckets - 1;
	s->pits = c->pits;
	s->ring = 2 * c->pits + 1;
	s->empty_capture = c->empty_capture;
	s->no_sweep = c->no_sweep;
	tables(s);
	return s;
}

void kalah_solver_free(struct kalah_solver *s)
{
	if (s != NULL && s->tt != NULL)
		munmap(s->tt, s->tt_bytes);
	free(s);
}

void kalah_solver_clear(struct kalah_solver *s)
{
	/* Pages given back read as zeros and cost nothing until used. */
	if (madvise(s->tt, s->tt_bytes, MADV_DONTNEED) < 0)
		memset(s->tt, 0, s->tt_bytes);
}

void kalah_solver_progress(struct kalah_solver *s, kalah_progress_fn fn,
			   void *ctx)
{
	s->fn = fn;
	s->ctx = ctx;
}

struct root {
	uint64_t me, opp;
	int n, sign, stores;	/* South's margin = stores + sign * gain */
};

/* Iterative deepening within the first part of the budget (or, without
 * one, until an iteration has searched `nodes`, for the exact search's
 * first guess); exact when an iteration has seen no horizon. */
static int deepen(struct kalah_solver *s, const struct root *r,
		  double until, uint64_t nodes, struct kalah_solve_result *out)
{
	int guess = estimate(s, r->me, r->opp);

	for (int depth = 1; depth < DRAFT_EXACT; depth++) {
		uint64_t horizon0 = s->horizon;
		int g = mtdf(s, r->me, r->opp, guess, depth);

		if (s->stopped)
			return 1;
		guess = g;
		out->value = r->stores + r->sign * g;
		out->depth = depth;
		out->best = s->root_best;
		s->report_depth = depth;
		s->report_value = out->value;
		if (s->horizon == horizon0) {
			out->exact = 1;
			return 0;
		}
		report(s, depth, out->value, 0, 1);
		if (until > 0 ? now_seconds() >= until : s->nodes >= nodes)
			break;
	}
	return 0;
}

static void solve_exact(struct kalah_solver *s, const struct root *r,
			struct kalah_solve_result *out)
{
	int g;

	s->report_depth = 0;
	g = mtdf(s, r->me, r->opp, out->depth > 0 ?
		 (out->value - r->stores) * r->sign : 0, DRAFT_EXACT);
	if (s->stopped)
		return;
	out->value = r->stores + r->sign * g;
	out->exact = 1;
	out->best = s->root_best;
}

static int root_of(const struct kalah_pos *pos, struct root *r)
{
	int side = pos->side;

	r->me = r->opp = 0;
	for (int i = 0; i < KALAH_ROW; i++) {
		r->me |= (uint64_t)pos->hole[first_pit(NULL, side) + i] << (8 * i);
		r->opp |= (uint64_t)pos->hole[first_pit(NULL, side ^ 1) + i]
			  << (8 * i);
	}
	r->n = ks_seeds(r->me) + ks_seeds(r->opp);
	r->sign = side == KALAH_SOUTH ? 1 : -1;
	r->stores = pos->hole[KALAH_STORE] - pos->hole[KALAH_STORE + 1];
	return r->me != 0 && r->opp != 0;
}

static int check_position(const struct kalah_solver *s,
			  const struct kalah_pos *pos, char *err,
			  size_t errlen)
{
	if (pos->pie == KALAH_PIE_OFFER) {
		rules_error(err, errlen,
			    "the solver does not weigh the pie rule's swap");
		return -1;
	}
	for (int i = s->pits; i < KALAH_ROW; i++)
		if (pos->hole[i] != 0 || pos->hole[KALAH_ROW + i] != 0) {
			rules_error(err, errlen, "seeds beyond the board's pits");
			return -1;
		}
	return 0;
}

int kalah_solve(struct kalah_solver *s, const struct kalah_pos *pos,
		double seconds, struct kalah_solve_result *out, char *err,
		size_t errlen)
{
	struct root r;
	struct ks_child ch[KALAH_PITS_MAX];

	memset(out, 0, sizeof(*out));
	out->best = -1;
	if (check_position(s, pos, err, errlen) < 0)
		return -1;
	if (pos->over || !root_of(pos, &r)) {
		out->value = pos->hole[KALAH_STORE] - pos->hole[KALAH_STORE + 1];
		out->exact = 1;
		return 0;
	}
	s->start = now_seconds();
	s->deadline = seconds > 0 ? s->start + seconds : 0;
	s->next_report = s->start + 1.0;
	s->nodes = s->horizon = 0;
	s->stopped = 0;
	expand(s, r.me, r.opp, KALAH_PITS_MAX, ch);
	s->root_best = ch[0].pit;
	if (seconds > 0)
		deepen(s, &r, s->start + seconds / 3, 0, out);
	else
		deepen(s, &r, 0, GUESS_NODES, out);
	if (!out->exact && !s->stopped)
		solve_exact(s, &r, out);
	if (out->best >= 0 && ks_lane(r.me, out->best) == 0)
		out->best = ch[0].pit;
	if (out->best >= 0)
		out->best += first_pit(NULL, pos->side);
	out->nodes = s->nodes;
	out->seconds = now_seconds() - s->start;
	if (s->fn != NULL)
		report(s, out->exact ? 0 : out->depth, out->value, out->exact,
		       1);
	return 0;
}

/* ------------------------------------------------ the rules interface */

static void *ops_open(const struct rules_game *game, size_t bytes,
		      char *err, size_t errlen)
{
	return kalah_solver_new(game, bytes, err, errlen);
}

static void ops_close(void *solver)
{
	kalah_solver_free(solver);
}

static void ops_progress(void *solver, rules_progress_fn fn, void *ctx)
{
	kalah_solver_progress(solver, fn, ctx);
}

static int ops_solve(void *solver, const void *pos, double seconds,
		     struct rules_eval *out, char *err, size_t errlen)
{
	struct kalah_solve_result r;

	if (kalah_solve(solver, pos, seconds, &r, err, errlen) < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->value = r.value;
	out->exact = r.exact;
	out->depth = r.depth;
	out->nodes = r.nodes;
	out->seconds = r.seconds;
	if (r.best >= 0) {
		out->has_best = 1;
		out->best.w[0] = MOVE_SOW;
		out->best.w[1] = (uint32_t)r.best;
	}
	return 0;
}

static size_t ops_db_bytes(void *solver, int seeds, char *name,
			   size_t namelen)
{
	struct kalah_solver *s = solver;

	if (seeds <= 0 || seeds > KALAH_EGDB_SEEDS_MAX ||
	    kalah_egdb_name(s, seeds, name, namelen) < 0)
		return 0;
	return kalah_egdb_bytes(s->pits, seeds);
}

static void ops_db_build(void *solver, int seeds, void *db,
			 rules_progress_fn fn, void *ctx)
{
	kalah_egdb_build(solver, seeds, db, fn, ctx);
}

static void ops_db_use(void *solver, const void *db, int seeds)
{
	kalah_solver_use_egdb(solver, db, seeds);
}

const struct rules_solver_ops kalah_solver_ops = {
	.open = ops_open,
	.close = ops_close,
	.progress = ops_progress,
	.solve = ops_solve,
	.db_bytes = ops_db_bytes,
	.db_build = ops_db_build,
	.db_use = ops_db_use,
};
