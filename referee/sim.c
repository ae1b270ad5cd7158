/*
 * sim.c - the simulated Kalah table (see sim.h).
 *
 * Each sowing is made on the true board, turned into timed pulses, made
 * noisy, and fed to the table's referee as it would be live. The sim's
 * arbiter then reads the verdict and, knowing the truth, confirms,
 * corrects, enters or rejects, so that the next move starts from the
 * true position whatever the referee made of the last one.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "referee/sensing.h"
#include "referee/sim.h"
#include "rules/kalah.h"

#define PULSES_MAX 1024
#define LOG_MAX 64

enum illegal_kind { IL_NONE, IL_WRONG_PIT, IL_SKIP, IL_OPP_STORE, IL_TWICE,
		    IL_TOUCH, IL_KINDS };

static const char *const illegal_names[IL_KINDS] = {
	"", "wrong-pit", "skipped-seed", "opponent-store", "dropped-twice",
	"touch-rule"
};

struct pulse {
	uint64_t t;
	int hole;
};

struct logged {
	enum verdict_kind kind;
	char move[16];
};

struct sim {
	struct sim_config cfg;
	uint64_t rng[4];
	struct rules_game *game;
	const struct sensing *sense;
	struct referee *ref;
	struct sim_stats stats;
	uint64_t now;
	int pits, holes;
	const char *names[SENSE_HOLES_MAX];
	struct kalah_pos pos;		/* the true board */
	int ply;
	/* The game under way. */
	struct trace *trace;
	FILE *verdicts;
	struct logged log[LOG_MAX];
	int nlog;
	int dead_hole, stuck_hole, stuck_ply;
};

/* ------------------------------------------------------- random numbers */

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** seeded by splitmix64: the same stream on every machine. */
static void rng_seed(struct sim *s, uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		s->rng[i] = z ^ (z >> 31);
	}
}

static uint64_t rng_next(struct sim *s)
{
	uint64_t *r = s->rng, result = rotl(r[1] * 5, 7) * 9, t = r[1] << 17;

	r[2] ^= r[0];
	r[3] ^= r[1];
	r[1] ^= r[2];
	r[0] ^= r[3];
	r[2] ^= t;
	r[3] = rotl(r[3], 45);
	return result;
}

/* Uniform in [0, n). */
static int rng_below(struct sim *s, int n)
{
	return n <= 1 ? 0 : (int)(rng_next(s) % (uint64_t)n);
}

/* True with probability p, decided on a whole number of parts per 2^53. */
static int rng_chance(struct sim *s, double p)
{
	return p > 0 && (double)(rng_next(s) >> 11) * 0x1.0p-53 < p;
}

/* Milliseconds in [lo, hi], as microseconds. */
static uint64_t rng_ms(struct sim *s, int lo, int hi)
{
	return (uint64_t)(lo + rng_below(s, hi - lo + 1)) * 1000;
}

/* ----------------------------------------------------------- set-up */

void sim_config_default(struct sim_config *c)
{
	memset(c, 0, sizeof(*c));
	c->seed = 1;
	c->table = 1;
	c->player = SIM_GREEDY;
	c->buttons = 1;
	c->max_plies = 400;
	referee_config_default(&c->referee);
}

const char *sim_class_name(enum sim_class c)
{
	static const char *const names[SIM_CLASSES] = {
		"accepted", "warned", "held", "fouled", "misread", "unseen",
		"caught", "ACCEPTED", "unseen"
	};

	return (unsigned)c < SIM_CLASSES ? names[c] : "?";
}

static void on_verdict(void *ctx, const struct verdict *v)
{
	struct sim *s = ctx;

	if (s->verdicts != NULL) {
		char line[512];

		verdict_format(v, line, sizeof(line));
		fprintf(s->verdicts, "%s\n", line);
	}
	if (s->nlog < LOG_MAX) {
		s->log[s->nlog].kind = v->kind;
		memcpy(s->log[s->nlog].move, v->move, sizeof(v->move));
		s->nlog++;
	}
}

struct sim *sim_new(const struct sim_config *config, char *err,
		    size_t errlen)
{
	struct sim *s = calloc(1, sizeof(*s));

	if (s == NULL) {
		rules_error(err, errlen, "out of memory");
		return NULL;
	}
	s->cfg = *config;
	rng_seed(s, config->seed);
	s->sense = sensing_find("kalah");
	s->game = rules_game_new(&kalah_rules, config->options, err, errlen);
	if (s->game == NULL)
		goto fail;
	s->ref = referee_new(config->table, "kalah", config->options,
			     &config->referee, on_verdict, s, err, errlen);
	if (s->ref == NULL)
		goto fail;
	s->holes = s->sense->holes(s->game, s->names);
	s->pits = (s->holes - 2) / 2;
	s->now = 0;
	return s;
fail:
	sim_free(s);
	return NULL;
}

void sim_free(struct sim *s)
{
	if (s == NULL)
		return;
	referee_free(s->ref);
	rules_game_free(s->game);
	free(s);
}

const struct sim_stats *sim_stats(const struct sim *s)
{
	return &s->stats;
}

void sim_table(const struct sim *s, struct trace_table *t)
{
	memset(t, 0, sizeof(*t));
	t->id = s->cfg.table;
	snprintf(t->game, sizeof(t->game), "kalah");
	snprintf(t->options, sizeof(t->options), "%s",
		 rules_game_options(s->game));
}

/* ------------------------------------------------------ observations */

static uint64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void emit(struct sim *s, enum obs_kind kind, const char *where,
		 const char *text)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = s->now;
	o.table = s->cfg.table;
	o.kind = kind;
	if (where != NULL)
		snprintf(o.where, sizeof(o.where), "%s", where);
	if (text != NULL)
		snprintf(o.text, sizeof(o.text), "%s", text);
	if (s->trace != NULL)
		trace_append(s->trace, &o);
	s->stats.observations++;
	if (s->cfg.timing) {
		uint64_t t0 = clock_ns(), dt;

		referee_feed(s->ref, &o);
		dt = clock_ns() - t0;
		s->stats.timing[dt / 50 < SIM_TIMING_BUCKETS ? dt / 50 :
				SIM_TIMING_BUCKETS - 1]++;
		if (dt > s->stats.timing_max_ns)
			s->stats.timing_max_ns = dt;
	} else {
		referee_feed(s->ref, &o);
	}
}

double sim_timing_quantile(const struct sim_stats *st, double q)
{
	unsigned long total = 0, seen = 0;

	for (int i = 0; i < SIM_TIMING_BUCKETS; i++)
		total += st->timing[i];
	for (int i = 0; i < SIM_TIMING_BUCKETS; i++) {
		seen += st->timing[i];
		if (total > 0 && (double)seen >= q * (double)total)
			return i * 50.0 + 25.0;
	}
	return 0;
}

/* Lets the referee's quiet period run out, if one is running. */
static void settle(struct sim *s)
{
	uint64_t deadline = referee_deadline(s->ref);

	if (deadline != 0) {
		if (deadline > s->now)
			s->now = deadline;
		referee_tick(s->ref, s->now);
	}
}

/* ----------------------------------------------------------- the board */

/* The hole after `h` going round counter-clockwise (dir 1) or clockwise,
 * skipping the store of the side not sowing. */
static int ring_next(const struct sim *s, int h, int dir, int side)
{
	int ring[SENSE_HOLES_MAX], n = 0, at = 0;

	for (int i = 0; i < s->pits; i++)
		ring[n++] = i;
	ring[n++] = 2 * s->pits;
	for (int i = 0; i < s->pits; i++)
		ring[n++] = s->pits + i;
	ring[n++] = 2 * s->pits + 1;
	for (int i = 0; i < n; i++)
		if (ring[i] == h)
			at = i;
	do {
		at = (at + (dir > 0 ? 1 : n - 1)) % n;
	} while (ring[at] == 2 * s->pits + (side ^ 1));
	return ring[at];
}

static int opp_store(const struct sim *s)
{
	return 2 * s->pits + (s->pos.side ^ 1);
}

static int store_lead(const struct kalah_pos *p, int side)
{
	return p->hole[KALAH_STORE + side] - p->hole[KALAH_STORE + (side ^ 1)];
}

/* The move the player means to make, among the sensed ones. */
static int choose(struct sim *s, const struct sense_expect *ex, int n)
{
	int best = -1, best_score = 0, ties = 0;

	if (s->cfg.player == SIM_RANDOM)
		return rng_below(s, n);
	for (int i = 0; i < n; i++) {
		struct kalah_pos after = s->pos;
		struct rules_outcome out;
		int score;

		kalah_rules.apply(s->game, &after, &ex[i].move, &out, NULL, 0);
		score = 2 * store_lead(&after, s->pos.side) +
			((out.flags & RULES_EXTRA_TURN) ? 3 : 0);
		if (best < 0 || score > best_score) {
			best = i, best_score = score, ties = 1;
		} else if (score == best_score && rng_below(s, ++ties) == 0) {
			best = i;
		}
	}
	return best;
}

/*
 * The holes a seeds goes into, in order, for an illegal version of `e`;
 * returns their number, or -1 when this kind cannot be played here.
 */
static int illegal_drops(struct sim *s, enum illegal_kind kind,
			 const struct sense_expect *e, int *out)
{
	int n = e->npath, k, dir;

	dir = ring_next(s, e->origin, 1, s->pos.side) == e->path[0] ? 1 : -1;
	switch (kind) {
	case IL_WRONG_PIT: {
		/* Sowing one of the opponent's pits. */
		struct kalah_pos flipped = s->pos;
		struct sense_expect theirs[KALAH_PITS_MAX + 1];
		int m;

		flipped.side ^= 1;
		flipped.pie = KALAH_PIE_NONE;
		m = (int)s->sense->expect(s->game, &flipped, theirs,
					  KALAH_PITS_MAX + 1);
		if (m == 0)
			return -1;
		k = rng_below(s, m);
		for (int i = 0; i < theirs[k].npath; i++)
			out[i] = theirs[k].path[i];
		return theirs[k].npath;
	}
	case IL_SKIP:
		/* A pit passed over: the rest of the sowing lands one on.
		 * Passing over the first pit looks exactly like sowing the
		 * next one, which only a hand sensor can tell apart. */
		if (!s->cfg.lifts && n < 2)
			return -1;
		k = s->cfg.lifts ? rng_below(s, n) : 1 + rng_below(s, n - 1);
		for (int i = 0, j = 0; i < n; i++)
			if (i != k)
				out[j++] = e->path[i];
		out[n - 1] = ring_next(s, e->path[n - 1], dir, s->pos.side);
		return n;
	case IL_OPP_STORE:
		/* A seed into the opponent's store instead of past it. */
		for (k = 1; k < n; k++)
			if (ring_next(s, e->path[k - 1], dir, s->pos.side ^ 1) ==
			    opp_store(s))
				break;
		if (k >= n)
			return -1;
		for (int i = 0; i < k; i++)
			out[i] = e->path[i];
		out[k] = opp_store(s);
		for (int i = k; i < n - 1; i++)
			out[i + 1] = e->path[i];
		return n;
	case IL_TWICE:
		/* Two seeds into one pit: the sowing stops one short. */
		if (n < 2)
			return -1;
		k = rng_below(s, n - 1);
		for (int i = 0; i <= k; i++)
			out[i] = e->path[i];
		out[k + 1] = e->path[k];
		for (int i = k + 1; i < n - 1; i++)
			out[i + 1] = e->path[i];
		return n;
	default:
		return -1;
	}
}

/* Pulses of a sowing starting at s->now: sow order, then the tail. */
static int make_pulses(struct sim *s, const int *holes, int n,
		       const struct sense_expect *tail, struct pulse *p)
{
	int np = 0;
	uint64_t t = s->now;

	for (int i = 0; i < n && np < PULSES_MAX; i++) {
		t += i == 0 ? 0 : rng_ms(s, 220, 450);
		p[np++] = (struct pulse){ t, holes[i] };
	}
	if (tail != NULL && tail->ntail > 0) {
		t += rng_ms(s, 400, 900);
		for (int h = 0; h < s->holes; h++)
			for (int c = 0; c < tail->tail[h] && np < PULSES_MAX; c++) {
				p[np++] = (struct pulse){ t, h };
				t += rng_ms(s, 150, 300);
			}
	}
	return np;
}

static int cmp_pulse(const void *a, const void *b)
{
	const struct pulse *x = a, *y = b;

	return x->t < y->t ? -1 : x->t > y->t;
}

/* What the sensors make of the pulses. */
static int add_noise(struct sim *s, struct pulse *p, int n, int sown)
{
	const struct sim_noise *z = &s->cfg.noise;
	struct pulse out[PULSES_MAX];
	int m = 0;

	for (int i = 0; i + 1 < sown && i + 1 < n; i++)
		if (rng_chance(s, z->swap)) {
			int h = p[i].hole;

			p[i].hole = p[i + 1].hole;
			p[i + 1].hole = h;
			i++;
		}
	for (int i = 0; i < n && m + 3 < PULSES_MAX; i++) {
		int h = p[i].hole;

		if (i < sown && rng_chance(s, z->roll)) {
			int to = ring_next(s, h, rng_below(s, 2) ? 1 : -1,
					   s->pos.side);

			if (to != opp_store(s))
				h = to;
		}
		if (h == s->dead_hole || rng_chance(s, z->miss))
			continue;
		out[m++] = (struct pulse){ p[i].t, h };
		if (rng_chance(s, z->bounce))
			out[m++] = (struct pulse){ p[i].t + rng_ms(s, 2, 20), h };
		if (rng_chance(s, z->extra)) {
			int at = rng_below(s, 2) ? h : ring_next(s, h, 1, s->pos.side);

			if (at != s->dead_hole)
				out[m++] = (struct pulse){
					p[i].t + rng_ms(s, 60, 200), at };
		}
	}
	if (s->ply == s->stuck_ply && s->stuck_hole >= 0 && n > 0)
		for (int i = 0; i < 40 && m < PULSES_MAX; i++)
			out[m++] = (struct pulse){ p[0].t + (uint64_t)i * 35000,
						   s->stuck_hole };
	qsort(out, (size_t)m, sizeof(out[0]), cmp_pulse);
	memcpy(p, out, (size_t)m * sizeof(out[0]));
	return m;
}

/* ------------------------------------------------------------ the game */

static void truth_line(struct sim *s, FILE *truth, int side,
		       const char *move, enum illegal_kind il, enum sim_class c)
{
	char when[32];

	if (truth == NULL)
		return;
	trace_format_time(when, sizeof(when), s->now);
	fprintf(truth, "%s %u %d %s %s %s%s%s %s\n", when, s->cfg.table,
		s->ply + 1, rules_seat_name(&kalah_rules, side), move,
		il == IL_NONE ? "legal" : "illegal", il == IL_NONE ? "" : ":",
		illegal_names[il], sim_class_name(c));
}

/* The first verdict on the move since log entry `from`. */
static const struct logged *verdict_on_move(const struct sim *s, int from)
{
	for (int i = from; i < s->nlog; i++) {
		const struct logged *l = &s->log[i];

		if ((l->kind == VERDICT_ACCEPT || l->kind == VERDICT_WARN ||
		     l->kind == VERDICT_HOLD) && l->move[0] != '\0')
			return l;
		if (l->kind == VERDICT_FOUL)
			return l;
	}
	return NULL;
}

static void arbiter(struct sim *s, enum obs_kind kind, const char *text)
{
	s->now += rng_ms(s, 1500, 4000);
	emit(s, kind, NULL, text);
}

/* Players put the board back after a foul. */
static void restore(struct sim *s)
{
	if (!referee_restoring(s->ref))
		return;
	s->now += rng_ms(s, 2000, 5000);
	if (s->cfg.buttons)
		emit(s, OBS_BUTTON, rules_seat_name(&kalah_rules, s->pos.side),
		     NULL);
	settle(s);
}

/* Makes the referee's position the true one if it is not. */
static void resync(struct sim *s)
{
	char mine[256], truth[256];

	referee_position(s->ref, mine, sizeof(mine));
	kalah_rules.position_format(s->game, &s->pos, RULES_TEXT_FULL, truth,
				    sizeof(truth));
	if (strcmp(mine, truth) != 0 || referee_held(s->ref) ||
	    referee_restoring(s->ref)) {
		s->stats.desyncs++;
		arbiter(s, OBS_POSITION, truth);
	}
}

static void button(struct sim *s)
{
	s->now += rng_ms(s, 300, 900);
	emit(s, OBS_BUTTON, rules_seat_name(&kalah_rules, s->pos.side), NULL);
}

/*
 * One sowing by the side to move: legal, or illegal of kind `il`.
 * Returns 1 when the game is over.
 */
static int sowing(struct sim *s, FILE *truth)
{
	struct sense_expect ex[SENSE_MOVES_MAX];
	struct pulse pulses[PULSES_MAX];
	int holes[SENSE_PATH_MAX + 1], nholes = 0, n, pick, np, from;
	enum illegal_kind il = IL_NONE;
	const struct sense_expect *e;
	const struct logged *v;
	struct rules_outcome out;
	struct kalah_pos after;
	enum sim_class c;
	int turn_ends, legal, side = s->pos.side, accepts = 0;

	n = (int)s->sense->expect(s->game, &s->pos, ex, SENSE_MOVES_MAX);
	if (n == 0)
		return 1;
	pick = choose(s, ex, n);
	e = &ex[pick];
	s->now += rng_ms(s, 800, 3000);
	from = s->nlog;

	if (rng_chance(s, s->cfg.noise.illegal)) {
		int tries = 0;

		do {
			il = (enum illegal_kind)(1 + rng_below(s, IL_KINDS - 1));
			if (il == IL_TOUCH)
				nholes = s->cfg.lifts && n > 1 ? 0 : -1;
			else
				nholes = illegal_drops(s, il, e, holes);
		} while (nholes < 0 && ++tries < 20);
		if (nholes < 0)
			il = IL_NONE;
	}
	if (il == IL_NONE || il == IL_TOUCH) {
		for (int i = 0; i < e->npath; i++)
			holes[i] = e->path[i];
		nholes = e->npath;
	}
	if (s->cfg.lifts) {
		int touched = e->origin;

		if (il == IL_TOUCH)
			touched = ex[(pick + 1 + rng_below(s, n - 1)) % n].origin;
		emit(s, OBS_LIFT, s->names[touched], NULL);
		s->now += rng_ms(s, 200, 500);
	}
	legal = il == IL_NONE;
	after = s->pos;
	kalah_rules.apply(s->game, &after, &e->move, &out, NULL, 0);
	turn_ends = !legal || !(out.flags & RULES_EXTRA_TURN) ||
		    (out.flags & RULES_GAME_OVER);

	np = make_pulses(s, holes, nholes, legal || il == IL_TOUCH ? e : NULL,
			 pulses);
	np = add_noise(s, pulses, np, nholes);
	for (int i = 0; i < np; i++) {
		if (pulses[i].t > s->now)
			s->now = pulses[i].t;
		emit(s, OBS_DROP, s->names[pulses[i].hole], NULL);
	}
	if (np == 0)
		s->now += rng_ms(s, 2000, 3000);
	if (legal && turn_ends && s->cfg.buttons)
		button(s);
	settle(s);

	/* The verdict, and what the arbiter does about it: moves the
	 * referee took wrongly are taken back, then the truth is put. */
	v = verdict_on_move(s, from);
	for (int i = from; i < s->nlog; i++)
		accepts += (s->log[i].kind == VERDICT_ACCEPT ||
			    s->log[i].kind == VERDICT_WARN) &&
			   s->log[i].move[0] != '\0';
	if (legal) {
		s->stats.legal++;
		if (v == NULL)
			c = SIM_LEGAL_UNSEEN;
		else if (v->kind == VERDICT_FOUL)
			c = SIM_LEGAL_FOULED;
		else if (strcmp(v->move, e->text) != 0 || accepts > 1)
			c = SIM_LEGAL_MISREAD;
		else if (v->kind == VERDICT_HOLD)
			c = SIM_LEGAL_HELD;
		else
			c = SIM_LEGAL_ACCEPTED;
		if (c == SIM_LEGAL_ACCEPTED && v->kind == VERDICT_WARN)
			s->stats.count[SIM_LEGAL_WARNED]++;
		if (c != SIM_LEGAL_ACCEPTED) {
			if (referee_held(s->ref) && c == SIM_LEGAL_HELD)
				arbiter(s, OBS_CONFIRM, NULL);
			else if (referee_held(s->ref))
				arbiter(s, OBS_CORRECT, e->text);
			else {
				for (int i = 0; i < accepts; i++)
					arbiter(s, OBS_UNDO, NULL);
				arbiter(s, OBS_ENTRY, e->text);
			}
		}
		s->pos = after;
	} else {
		s->stats.illegal++;
		if (v == NULL)
			c = SIM_ILLEGAL_UNSEEN;
		else if (v->kind == VERDICT_FOUL || v->kind == VERDICT_HOLD)
			c = SIM_ILLEGAL_CAUGHT;
		else
			c = SIM_ILLEGAL_ACCEPTED;
		if (referee_held(s->ref))
			arbiter(s, OBS_REJECT, NULL);
		for (int i = 0; i < accepts; i++)
			arbiter(s, OBS_UNDO, NULL);
		if (accepts > 0 && !referee_restoring(s->ref))
			s->now += rng_ms(s, 2000, 4000);	/* put back */
		restore(s);
	}
	s->stats.count[c]++;
	truth_line(s, truth, side, e->text, il, c);
	if (legal)
		s->ply++;
	resync(s);
	s->nlog = 0;
	return legal && (out.flags & RULES_GAME_OVER);
}

/* A count board: one snapshot per turn. */
static int snapshot_turn(struct sim *s, FILE *truth)
{
	struct sense_expect ex[SENSE_MOVES_MAX];
	struct rules_outcome out;
	int counts[SENSE_HOLES_MAX], over = 0, n, from = s->nlog;
	const struct logged *v;
	char text[256];
	size_t used = 0;

	s->now += rng_ms(s, 2000, 6000);
	do {
		n = (int)s->sense->expect(s->game, &s->pos, ex, SENSE_MOVES_MAX);
		if (n == 0)
			return 1;
		n = choose(s, ex, n);
		truth_line(s, truth, s->pos.side, ex[n].text, IL_NONE,
			   SIM_LEGAL_ACCEPTED);
		kalah_rules.apply(s->game, &s->pos, &ex[n].move, &out, NULL, 0);
		s->ply++;
		s->stats.legal++;
		s->stats.count[SIM_LEGAL_ACCEPTED]++;
		over = (out.flags & RULES_GAME_OVER) != 0;
	} while ((out.flags & RULES_EXTRA_TURN) && !over);
	s->sense->counts(s->game, &s->pos, counts);
	if (rng_chance(s, s->cfg.noise.miss)) {
		int h = rng_below(s, s->holes);

		counts[h] += counts[h] > 0 && rng_below(s, 2) ? -1 : 1;
	}
	for (int h = 0; h < s->holes && used < sizeof(text); h++)
		used += (size_t)snprintf(text + used, sizeof(text) - used, "%s%d",
					 h == 0 ? "" : h == s->pits ||
					 h == 2 * s->pits ? "/" : " ", counts[h]);
	emit(s, OBS_SNAPSHOT, NULL, text);
	v = verdict_on_move(s, from);
	if (v == NULL || v->kind == VERDICT_FOUL || v->kind == VERDICT_HOLD) {
		s->stats.count[SIM_LEGAL_ACCEPTED]--;
		s->stats.count[v == NULL ? SIM_LEGAL_UNSEEN :
			       v->kind == VERDICT_HOLD ? SIM_LEGAL_HELD :
			       SIM_LEGAL_FOULED]++;
	}
	resync(s);
	s->nlog = 0;
	return over;
}

static int play(struct sim *s, struct trace *trace, FILE *truth,
		FILE *verdicts, const char *from)
{
	int over = 0;
	char err[RULES_ERR_MAX];

	s->trace = trace;
	s->verdicts = verdicts;
	s->nlog = 0;
	s->ply = 0;
	s->dead_hole = s->cfg.noise.dead ? rng_below(s, s->holes) : -1;
	s->stuck_hole = s->cfg.noise.stuck ? rng_below(s, s->holes) : -1;
	s->stuck_ply = s->cfg.noise.stuck ? rng_below(s, 20) : -1;
	s->now += s->now == 0 ? 0 : rng_ms(s, 5000, 10000);
	if (from != NULL) {
		/* Going on with a game under way: the referee is told the
		 * position as the arbiter would tell it. */
		if (kalah_rules.position_parse(s->game, from, &s->pos, err,
					       sizeof(err)) < 0 ||
		    s->pos.over)
			return -1;
		emit(s, OBS_START, NULL, NULL);
		s->now += 1000;
		emit(s, OBS_POSITION, NULL, from);
	} else {
		kalah_rules.start(s->game, &s->pos);
		emit(s, OBS_START, NULL, NULL);
	}
	while (!over && s->ply < s->cfg.max_plies) {
		struct rules_move moves[KALAH_PITS_MAX + 1];
		size_t n = kalah_rules.legal_moves(s->game, &s->pos, moves,
						   KALAH_PITS_MAX + 1);
		char text[16];

		/* The pie offer is taken now and then, entered by hand. */
		if (n > 0 && kalah_rules.move_format(s->game, &s->pos,
				&moves[n - 1], text, sizeof(text)) == 0 &&
		    strcmp(text, "swap") == 0 && rng_below(s, 4) == 0) {
			struct rules_outcome out;

			s->now += rng_ms(s, 1000, 3000);
			truth_line(s, truth, s->pos.side, "swap", IL_NONE,
				   SIM_LEGAL_ACCEPTED);
			emit(s, OBS_ENTRY, NULL, "swap");
			kalah_rules.apply(s->game, &s->pos, &moves[n - 1], &out,
					  NULL, 0);
			s->ply++;
			resync(s);
			s->nlog = 0;
			continue;
		}
		over = s->cfg.snapshots ? snapshot_turn(s, truth)
					: sowing(s, truth);
	}
	if (!over) {
		s->now += rng_ms(s, 1000, 2000);
		emit(s, OBS_END, NULL, NULL);
	}
	s->stats.games++;
	s->trace = NULL;
	s->verdicts = NULL;
	return 0;
}

int sim_game(struct sim *s, struct trace *trace, FILE *truth, FILE *verdicts)
{
	return play(s, trace, truth, verdicts, NULL);
}

int sim_game_from(struct sim *s, const char *position, struct trace *trace,
		  FILE *truth, FILE *verdicts)
{
	return play(s, trace, truth, verdicts, position);
}
