/*
 * sim_noise.c - the simulator's random stream, and what the sensors
 * make of a move (see sim_impl.h): the drops as pulses in human time,
 * then contact bounce, missed and extra pulses, drops sensed in swapped
 * order, pieces landing astray, a dead line and a stuck one.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "referee/sim_impl.h"

/* ------------------------------------------------------- random numbers */

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** started by splitmix64: the same stream on every machine. */
void sim_rng_start(struct sim *s, uint64_t start)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (start += 0x9e3779b97f4a7c15ULL);

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

int sim_rng_below(struct sim *s, int n)
{
	return n <= 1 ? 0 : (int)(rng_next(s) % (uint64_t)n);
}

/* Decided on a whole number of parts per 2^53. */
int sim_rng_chance(struct sim *s, double p)
{
	return p > 0 && (double)(rng_next(s) >> 11) * 0x1.0p-53 < p;
}

uint64_t sim_rng_ms(struct sim *s, int lo, int hi)
{
	return (uint64_t)(lo + sim_rng_below(s, hi - lo + 1)) * 1000;
}

int sim_random(struct sim *s, int n)
{
	return sim_rng_below(s, n);
}

int sim_lifts(const struct sim *s)
{
	return s->cfg.lifts;
}

/* ------------------------------------------------------------ the sensors */

/* Where a piece dropped on `place` may land by accident, or `place`. */
static int astray(struct sim *s, int place, int dir)
{
	int to = s->kind->next(s->game, s->pos, place, dir);

	return to >= 0 ? to : place;
}

int sim_pulses(struct sim *s, const int *drops, int n,
	       const struct sim_act *carried, struct pulse *p)
{
	int np = 0;
	uint64_t t = s->now;

	for (int i = 0; i < n && np < SIM_PULSES_MAX; i++) {
		t += i == 0 ? 0 : sim_rng_ms(s, 220, 450);
		p[np++] = (struct pulse){ t, drops[i] };
	}
	if (carried != NULL && carried->ncarry > 0) {
		t += sim_rng_ms(s, 400, 900);
		for (int i = 0; i < carried->ncarry && np < SIM_PULSES_MAX;
		     i++) {
			p[np++] = (struct pulse){ t, carried->carry[i] };
			t += sim_rng_ms(s, 150, 300);
		}
	}
	return np;
}

static int cmp_pulse(const void *a, const void *b)
{
	const struct pulse *x = a, *y = b;

	return x->t < y->t ? -1 : x->t > y->t;
}

/* Two pulses of the drops sensed in swapped order, now and then. */
static void swap_some(struct sim *s, struct pulse *p, int n, int dropped)
{
	for (int i = 0; i + 1 < dropped && i + 1 < n; i++)
		if (sim_rng_chance(s, s->cfg.noise.swap)) {
			int place = p[i].place;

			p[i].place = p[i + 1].place;
			p[i + 1].place = place;
			i++;
		}
}

int sim_noise(struct sim *s, struct pulse *p, int n, int dropped)
{
	const struct sim_noise *z = &s->cfg.noise;
	struct pulse out[SIM_PULSES_MAX];
	int m = 0;

	swap_some(s, p, n, dropped);
	for (int i = 0; i < n && m + 3 < SIM_PULSES_MAX; i++) {
		int at = p[i].place;

		if (i < dropped && sim_rng_chance(s, z->roll))
			at = astray(s, at, sim_rng_below(s, 2) ? 1 : -1);
		if (at == s->dead_place || sim_rng_chance(s, z->miss))
			continue;
		out[m++] = (struct pulse){ p[i].t, at };
		if (sim_rng_chance(s, z->bounce))
			out[m++] = (struct pulse){
				p[i].t + sim_rng_ms(s, 2, 20), at };
		if (sim_rng_chance(s, z->extra)) {
			int extra = sim_rng_below(s, 2) ? at : astray(s, at, 1);

			if (extra != s->dead_place)	/* then a late pulse */
				out[m++] = (struct pulse){
					p[i].t + sim_rng_ms(s, 60, 200),
					extra };
		}
	}
	if (s->ply == s->stuck_ply && s->stuck_place >= 0 && n > 0)
		for (int i = 0; i < 40 && m < SIM_PULSES_MAX; i++)
			out[m++] = (struct pulse){ p[0].t + (uint64_t)i * 35000,
						   s->stuck_place };
	qsort(out, (size_t)m, sizeof(out[0]), cmp_pulse);
	memcpy(p, out, (size_t)m * sizeof(out[0]));
	return m;
}
