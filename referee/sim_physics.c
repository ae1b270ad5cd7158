/*
 * sim_physics.c - the physical board of the simulator's world (see
 * sim_impl.h): a hand lifts the pieces of a place and lets them go one
 * by one at its own tempo, each falls 30-60 ms to the gate of the place
 * it is dropped in, and the gate, as it is tonight, makes pulses of
 * what passes it.
 *
 * The hand: a tempo drawn per move (a fast dribble, an ordinary pace, a
 * slow one), short and long pauses, its shadow on the origin when it
 * lifts, pieces hitting the rim and rolling into the next place, pieces
 * carried after the move one by one or dumped by the handful. The gate:
 * pieces closer than the merge time make one pulse, a piece through the
 * edge of the beam is not seen, a dirty gate misses its share of pieces
 * all run long, a dead gate nothing all game, contact bounce and late
 * bounce, a gate chattering for a second, a pulse from nothing now and
 * then.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "referee/sim_impl.h"

#define MS 1000u		/* microseconds */

/* ------------------------------------------------------------ the run */

double sim_rng_uniform(struct sim *s, double lo, double hi)
{
	return lo + (hi - lo) * (double)sim_rng_below(s, 1 << 30) /
	       (double)(1 << 30);
}

void sim_physics_night(struct sim *s)
{
	const struct sim_world *w = &s->cfg.world;

	for (int g = 0; g < s->places; g++)
		s->dirt[g] = sim_rng_chance(s, w->dirty) ?
			     sim_rng_uniform(s, w->dirt_min, w->dirt_max) : 0;
}

void sim_physics_game(struct sim *s)
{
	s->dead_place = sim_rng_chance(s, s->cfg.world.dead) ?
			sim_rng_below(s, s->places) : -1;
}

/* ----------------------------------------------------------- the hand */

/* Time between two pieces at this move's tempo, around `pace`. */
static uint64_t step(struct sim *s, uint64_t pace)
{
	uint64_t lo = pace * 3 / 4, hi = pace * 5 / 4;

	return lo + (uint64_t)sim_rng_below(s, (int)(hi - lo + 1));
}

/* The move's tempo: a fast dribble, a slow hand, or an ordinary one. */
static uint64_t tempo(struct sim *s)
{
	const struct sim_world *w = &s->cfg.world;

	if (sim_rng_chance(s, w->dribble)) {
		s->hand_phys |= 1u << SIM_PHYS_DRIBBLE;
		return sim_rng_ms(s, 20, 45);
	}
	if (sim_rng_chance(s, w->slow)) {
		s->hand_phys |= 1u << SIM_PHYS_SLOW;
		return sim_rng_ms(s, 700, 1300);
	}
	return sim_rng_ms(s, 180, 550);
}

static void fall(struct sim_fall *f, int *n, uint64_t t, int place,
		 int edge)
{
	if (*n < SIM_PULSES_MAX)
		f[(*n)++] = (struct sim_fall){ t, place, edge, 0 };
}

/* A piece let go at `t` over `place`: it falls, and maybe rolls. */
static uint64_t let_go(struct sim *s, struct sim_fall *f, int *n,
		       uint64_t t, int place)
{
	uint64_t at = t + sim_rng_ms(s, 30, 60);

	if (sim_rng_chance(s, s->cfg.world.roll)) {
		int to = s->kind->next(s->game, s->pos, place,
				       sim_rng_below(s, 2) ? 1 : -1);

		if (to >= 0) {
			place = to, at += sim_rng_ms(s, 60, 250);
			s->hand_phys |= 1u << SIM_PHYS_ROLL;
		}
	}
	fall(f, n, at, place, 0);
	return at;
}

/* Pieces carried after the move, one by one or by the handful. */
static uint64_t carry(struct sim *s, const struct sim_hand *h, uint64_t t,
		      struct sim_fall *f, int *n)
{
	uint64_t last = t;
	int i = 0;

	if (h->ncarry == 0)
		return t;
	t += sim_rng_ms(s, 400, 1200);
	if (!sim_rng_chance(s, s->cfg.world.handful)) {
		for (; i < h->ncarry; i++, t += sim_rng_ms(s, 150, 400))
			last = let_go(s, f, n, t, h->carry[i]);
		return last;
	}
	s->hand_phys |= 1u << SIM_PHYS_HANDFUL;
	while (i < h->ncarry) {
		int k = 2 + sim_rng_below(s, 5);

		for (; k > 0 && i < h->ncarry; k--, i++) {
			uint64_t at = t + sim_rng_ms(s, 30, 40) +
				      (uint64_t)sim_rng_below(s, 12 * MS);

			fall(f, n, at, h->carry[i], 0);
			if (at > last)
				last = at;
		}
		t += sim_rng_ms(s, 300, 700);
	}
	return last;
}

int sim_hand(struct sim *s, const struct sim_hand *h, uint64_t t,
	     struct sim_fall *f, int n, uint64_t *fell)
{
	const struct sim_world *w = &s->cfg.world;
	uint64_t pace = tempo(s), last = t;
	int halt = sim_rng_chance(s, w->long_pause) && h->ndrops > 1 ?
		   1 + sim_rng_below(s, h->ndrops - 1) : -1;

	s->hand_phys = 0;
	if (h->origin >= 0 && sim_rng_chance(s, w->shadow)) {
		fall(f, &n, t + sim_rng_ms(s, 0, 120), h->origin, 1);
		s->hand_phys |= 1u << SIM_PHYS_SHADOW;
	}
	t += sim_rng_ms(s, 200, 500);
	for (int i = 0; i < h->ndrops; i++) {
		int place = h->drops[i] & SIM_DROP_PLACE;

		if (i > 0 && (h->drops[i] & SIM_DROP_TOGETHER)) {
			/* out of the same hand: one fall, a few ms apart */
			last += (uint64_t)sim_rng_below(s, 15 * MS);
			fall(f, &n, last, place, 0);
			continue;
		}
		if (i > 0)
			t += step(s, pace);
		if (i == halt) {
			t += sim_rng_ms(s, 1500, 4000);
			s->hand_phys |= 1u << SIM_PHYS_LONG_PAUSE;
		} else if (i > 0 && sim_rng_chance(s, w->pause)) {
			t += sim_rng_ms(s, 300, 1000);
			s->hand_phys |= 1u << SIM_PHYS_PAUSE;
		}
		last = let_go(s, f, &n, t, place);
	}
	if (h->carry != NULL) {
		uint64_t end = carry(s, h, last > t ? last : t, f, &n);

		last = end > last ? end : last;
	}
	*fell = last;
	return n;
}

/* ---------------------------------------------------------- the gates */

static int cmp_fall(const void *a, const void *b)
{
	const struct sim_fall *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if (x->place != y->place)
		return x->place < y->place ? -1 : 1;
	return (x->edge > y->edge) - (x->edge < y->edge);
}

static int cmp_pulse(const void *a, const void *b)
{
	const struct pulse *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return (x->place > y->place) - (x->place < y->place);
}

static void edge(struct pulse *p, int *m, uint64_t t, int place)
{
	if (*m < SIM_PULSES_MAX)
		p[(*m)++] = (struct pulse){ t, place };
}

/* Bounce after a pulse at `t`: 1-3 edges within 20 ms, or a late one. */
static void bounce(struct sim *s, struct pulse *p, int *m, uint64_t t,
		   int place, unsigned *phys)
{
	const struct sim_world *w = &s->cfg.world;

	if (sim_rng_chance(s, w->bounce)) {
		*phys |= 1u << SIM_PHYS_BOUNCE;
		for (int k = 1 + sim_rng_below(s, 3); k > 0; k--) {
			t += sim_rng_ms(s, 2, 6);
			edge(p, m, t, place);
		}
	}
	if (sim_rng_chance(s, w->late)) {
		*phys |= 1u << SIM_PHYS_LATE;
		edge(p, m, t + sim_rng_ms(s, 30, 75), place);
	}
}

/* Whether the gate `place` sees a piece: dead, dirty, grazed. */
static int seen(struct sim *s, int place, unsigned *phys)
{
	if (place == s->dead_place) {
		*phys |= 1u << SIM_PHYS_DEAD;
		return 0;
	}
	if (sim_rng_chance(s, s->dirt[place])) {
		*phys |= 1u << SIM_PHYS_DIRTY;
		return 0;
	}
	if (sim_rng_chance(s, s->cfg.world.graze)) {
		*phys |= 1u << SIM_PHYS_GRAZE;
		return 0;
	}
	return 1;
}

/* A gate chattering for about a second from `t`, and a stray pulse,
 * within the span [t, end] of the move. */
static void trouble(struct sim *s, struct pulse *p, int *m, uint64_t t,
		    uint64_t end)
{
	const struct sim_world *w = &s->cfg.world;
	uint64_t span = end - t + 1000 * MS;

	if (sim_rng_chance(s, w->chatter)) {
		int g = sim_rng_below(s, s->places);
		uint64_t at = t + (uint64_t)sim_rng_below(s, (int)(span / MS)) *
				  MS;

		s->batch_phys |= 1u << SIM_PHYS_CHATTER;

		for (int k = 20 + sim_rng_below(s, 40); k > 0; k--) {
			edge(p, m, at, g);
			at += sim_rng_ms(s, 10, 35);
		}
	}
	if (sim_rng_chance(s, w->stray * (double)span / (60000.0 * MS))) {
		s->batch_phys |= 1u << SIM_PHYS_STRAY;
		edge(p, m, t + (uint64_t)sim_rng_below(s, (int)(span / MS)) *
			   MS, sim_rng_below(s, s->places));
	}
}

/* Marks the moves whose pieces reach their gates out of the order they
 * were let go (`f` in the order made). */
static void swapped(struct sim *s, const struct sim_fall *f, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n && !f[i].edge; j++)
			if (!f[j].edge && f[j].who == f[i].who &&
			    f[j].t < f[i].t && f[i].who >= 0 &&
			    f[i].who < SIM_PHYS_WHO) {
				s->phys[f[i].who] |= 1u << SIM_PHYS_SWAP;
				break;
			}
}

int sim_gates(struct sim *s, struct sim_fall *f, int n, struct pulse *p)
{
	struct sim_stats *st = &s->stats;
	uint64_t *last = s->gate_last;
	int m = 0, seeds = 0, lost = 0;

	s->pulsed = 0;
	if (n == 0)
		return 0;
	swapped(s, f, n);
	qsort(f, (size_t)n, sizeof(*f), cmp_fall);
	for (int g = 0; g < s->places; g++)
		last[g] = UINT64_MAX;
	for (int i = 0; i < n; i++) {
		int g = f[i].place;
		unsigned dummy, *phys = f[i].who >= 0 &&
					f[i].who < SIM_PHYS_WHO ?
					&s->phys[f[i].who] : &dummy;
		int merged = !f[i].edge && last[g] != UINT64_MAX &&
			     f[i].t - last[g] < s->cfg.world.merge_us;

		if (!f[i].edge) {
			last[g] = f[i].t;
			seeds++;
		}
		if (merged) {
			*phys |= 1u << SIM_PHYS_MERGE;
			st->merged++;
			lost++;
			continue;
		}
		if (!f[i].edge && !seen(s, g, phys)) {
			st->missed++;
			lost++;
			continue;
		}
		if (g != s->dead_place && f[i].who >= 0 && f[i].who < 32)
			s->pulsed |= 1u << f[i].who;
		edge(p, &m, f[i].t, g);
		bounce(s, p, &m, f[i].t, g, phys);
	}
	trouble(s, p, &m, f[0].t, f[n - 1].t);
	for (int i = 0; i < m; i++)
		if (p[i].place == s->dead_place)
			p[i--] = p[--m];
	qsort(p, (size_t)m, sizeof(*p), cmp_pulse);
	st->pieces += (unsigned long)seeds;
	st->pulses += (unsigned long)m;
	st->noise += (unsigned long)(m - (seeds - lost));
	return m;
}
