/*
 * model_drops_press.c - when the mover pressed the button, as evidence
 * for drops that stop one piece short of a move. A hand that let its
 * last piece go unseen by a gate went on for one more step before it
 * could press; a hand that left a piece behind (or dropped two into
 * one place) pressed after its last drop sensed. The table's own
 * players show how long after their last piece they press: the pause
 * from a clean move's last drop to its mover's button is learnt, as a
 * log-normal spread around a prior of 0.6 s (DROPS_PRESS_*), whether
 * the move was taken at that button or before it (at the hand's
 * pause, when the drops were a whole move: a button pressed later, with
 * nothing between, no drop, lift, command or game's end, is that
 * move's; a move judged at its counts awaits none). Once the
 * table has shown DROPS_PRESS_SHOWN such pauses, the two readings are
 * compared by that spread: the pause as it came, against the pause
 * less one step of the hand's own tempo. A pause too short for one
 * more step and a press weighs up to three to one against the legal
 * reading (a hand is not faster than its own step); a long one, whose
 * weight rests on the tail of people's habits, at most two to one for
 * it. Once the table has shown enough pauses, their own histogram is
 * that habit (the log-normal smoothing it as a few pauses more): a
 * pause longer than any its players make, by about one step of the
 * hand, weighs up to ten to one for the legal reading, and a table
 * whose players now and then pause long shows it in its histogram.
 *
 * The same pauses' log-normal spread (not their histogram) weighs the
 * mover's button pressed with nothing sensed while they move again,
 * judged before that button's own pause is learnt (and the pause is not
 * learnt when the button was read as a move unseen). Pressed all the same, out of habit, it comes
 * as the table's presses come after a last piece; after a further move
 * whose every piece went unseen, it comes only once the hand has
 * reached a place and let its pieces go (DROPS_REACH_US at the least,
 * any longer pause before a move as likely as another on a log scale,
 * up to PRESS_LATEST_US), and then the press's own pause. A share of
 * presses (DROPS_PRESS_ANY) comes at any moment, either way, so that
 * neither reading rests on the far tail of the other alone. A press
 * later than this table's presses come weighs for the unseen move; a
 * press as soon as they come weighs nothing against it (a hand near
 * its pit sows one seed and presses in no time).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "referee/model_drops.h"

/* Pauses outside these are no press after the last piece seen. */
#define PRESS_SOONEST_US 50000
#define PRESS_LATEST_US 10000000
#define PRESS_STEPS 5		/* the hand's last steps, for its tempo */
#define AGAIN_STEPS 48		/* the pauses before an unseen move weighed */
#define SQRT_2PI 2.5066282746310002

/* The histogram's bin of a pause whose log (of seconds) is `x`. */
static int bin_of(double x)
{
	double b = (x - log(DROPS_PRESS_FROM_S)) / DROPS_PRESS_BIN;

	return b < 0 ? -1 : b >= DROPS_PRESS_BINS ? DROPS_PRESS_BINS : (int)b;
}

/* A pause of `gap` from a clean move's last drop to its mover's
 * button. */
static void learn(struct drops *d, uint64_t gap)
{
	double x;

	if (gap < PRESS_SOONEST_US || gap > PRESS_LATEST_US)
		return;
	x = log((double)gap / 1e6);
	if (bin_of(x) >= 0 && bin_of(x) < DROPS_PRESS_BINS)
		d->press_hist[bin_of(x)]++;
	d->press_n += 1;
	d->press_sum += x;
	d->press_sq += x * x;
}

void drops_press_learn(struct drops *d, int n, const struct match_result *r)
{
	d->press_open_us = 0;
	if (n < 1 || r->cost != 0 || r->ndev != 0)
		return;
	/* Taken at the hand's pause, before the button: a pause learnt
	 * only then would leave out every pause longer than that. (Taken
	 * at its counts, the move says nothing of the button: the mover
	 * may have pressed it already.) */
	if (d->press_us == 0) {
		if (ref_counts_read(d->ref))
			return;
		d->press_open_us = d->pend_t[n - 1];
		d->press_open_seat = ref_mover(d->ref);
		d->press_open_ply = d->ref->ply + 1;
		d->press_open_taking = 1;
		return;
	}
	if (d->press_us > d->pend_t[n - 1])
		learn(d, d->press_us - d->pend_t[n - 1]);
}

uint64_t drops_press_late(struct drops *d, int seat, uint64_t t)
{
	uint64_t gap = 0;

	if (d->press_open_us != 0 && seat == d->press_open_seat &&
	    d->ref->ply == d->press_open_ply && t > d->press_open_us)
		gap = t - d->press_open_us;
	d->press_open_us = 0;
	return gap;
}

void drops_press_late_learn(struct drops *d, uint64_t gap)
{
	if (gap != 0)
		learn(d, gap);
}

void drops_press_forget(struct drops *d)
{
	d->press_open_us = 0;
	d->press_open_taking = 0;
}

void drops_press_moved(struct drops *d)
{
	if (!d->press_open_taking || d->ref->ply != d->press_open_ply)
		d->press_open_us = 0;
	d->press_open_taking = 0;
}

/* The log-normal spread of the table's pauses: its mean and deviation
 * (of the log of seconds), the prior counting DROPS_PRESS_WEIGHT. */
static void spread(const struct drops *d, double *mu, double *sd)
{
	double k = DROPS_PRESS_WEIGHT, m0 = log(DROPS_PRESS_MEDIAN),
	       s0 = DROPS_PRESS_SPREAD, n = k + d->press_n, var;

	*mu = (k * m0 + d->press_sum) / n;
	var = (k * (s0 * s0 + m0 * m0) + d->press_sq) / n - *mu * *mu;
	*sd = sqrt(var > DROPS_PRESS_SPREAD_MIN * DROPS_PRESS_SPREAD_MIN ?
		   var : DROPS_PRESS_SPREAD_MIN * DROPS_PRESS_SPREAD_MIN);
}

/* The density of a pause of `s` seconds (a constant factor left out:
 * sd * sqrt(2 pi)). */
static double density(double s, double mu, double sd)
{
	double z;

	if (s <= 0)
		return 0;
	z = (log(s) - mu) / sd;
	return exp(-0.5 * z * z) / s;
}

/* The pauses in the histogram, 0 when too few to read it. */
static unsigned known(const struct drops *d)
{
	unsigned n = 0;

	for (int b = 0; b < DROPS_PRESS_BINS; b++)
		n += d->press_hist[b];
	return n >= DROPS_PRESS_KNOWN ? n : 0;
}

/* The density of a pause of `s` seconds as the table's histogram of
 * `n` pauses shows it, its bins smoothed with their neighbours and
 * the log-normal counting DROPS_PRESS_WEIGHT pauses. */
static double shown(const struct drops *d, unsigned n, double s, double mu,
		    double sd)
{
	static const double near[] = { 0.25, 0.5, 0.25 };
	double x, count = 0, prior;
	int b;

	if (s <= 0)
		return 0;
	x = log(s);
	b = bin_of(x);
	/* (a pause outside the histogram's range: the prior alone) */
	for (int j = -1; b >= 0 && b < DROPS_PRESS_BINS && j <= 1; j++)
		if (b + j >= 0 && b + j < DROPS_PRESS_BINS)
			count += near[j + 1] * d->press_hist[b + j];
	/* (the log-normal's share of a bin, by its density there) */
	prior = DROPS_PRESS_WEIGHT * density(s, mu, sd) * s / sd *
		DROPS_PRESS_BIN * 0.3989422804014327;
	return (count + prior) / (n + DROPS_PRESS_WEIGHT) / DROPS_PRESS_BIN /
	       s;
}

/* The density of a pause of `s` seconds at this table. */
static double pause(const struct drops *d, unsigned n, double s, double mu,
		    double sd)
{
	return n ? shown(d, n, s, mu, sd) : density(s, mu, sd);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The hand's tempo: the median of its last steps between drops. */
static uint64_t tempo(const struct drops *d, int n)
{
	uint64_t step[PRESS_STEPS];
	int k = 0;

	for (int i = n - 1; i > 0 && k < PRESS_STEPS; i--)
		step[k++] = d->pend_t[i] - d->pend_t[i - 1];
	if (k == 0)
		return 0;
	qsort(step, (size_t)k, sizeof(step[0]), cmp_u64);
	return step[k / 2];
}

int drops_press_cost(const struct drops *d, int n)
{
	double mu, sd, gap, pace, left = 0, unseen = 0, cost;
	static const double share[] = { 0.75, 1.0, 1.25 };
	uint64_t t;
	unsigned n_shown = known(d);
	int cap_legal = n_shown ? DROPS_PRESS_CAP_KNOWN : DROPS_PRESS_CAP_LEGAL;

	if (d->press_us == 0 || n < 2 || d->press_us <= d->pend_t[n - 1] ||
	    d->press_n < DROPS_PRESS_SHOWN)
		return 0;
	t = d->press_us - d->pend_t[n - 1];
	if (t > PRESS_LATEST_US || (pace = (double)tempo(d, n) / 1e6) <= 0)
		return 0;
	gap = (double)t / 1e6;
	spread(d, &mu, &sd);
	left = pause(d, n_shown, gap, mu, sd);
	for (size_t i = 0; i < sizeof(share) / sizeof(share[0]); i++)
		unseen += pause(d, n_shown, gap - share[i] * pace, mu, sd) / 3;
	if (unseen <= 0)
		return DROPS_PRESS_CAP;
	if (left <= 0)
		return -cap_legal;
	cost = 10 * log(left / unseen);
	if (cost > DROPS_PRESS_CAP)
		return DROPS_PRESS_CAP;
	return cost < -cap_legal ? -cap_legal : (int)lrint(cost);
}

int drops_press_again_cost(const struct drops *d, uint64_t t)
{
	const struct drops_last *l = &d->last;
	double mu, sd, gap, norm, lo, hi, habit, unseen = 0, floor, cost;

	if (l->ply != d->ref->ply || l->n < 1 || t <= l->t[l->n - 1] ||
	    d->press_n < DROPS_PRESS_SHOWN)
		return 0;
	gap = (double)(t - l->t[l->n - 1]) / 1e6;
	if (gap > PRESS_LATEST_US / 1e6)
		return 0;
	spread(d, &mu, &sd);
	norm = 1 / (sd * SQRT_2PI);
	floor = DROPS_PRESS_ANY / (PRESS_LATEST_US / 1e6);
	habit = norm * density(gap, mu, sd);
	/* the pause before the unseen move: log-uniform from the hand's
	 * reach to the latest press, the press's own pause after it */
	lo = log(DROPS_REACH_US / 1e6);
	hi = log(PRESS_LATEST_US / 1e6);
	for (int i = 0; i < AGAIN_STEPS; i++) {
		double x = exp(lo + (hi - lo) * (i + 0.5) / AGAIN_STEPS);

		unseen += norm * density(gap - x, mu, sd) / AGAIN_STEPS;
	}
	cost = 10 * log((habit + floor) / (unseen + floor));
	/* A hand near its pit sows one seed and presses in no time: a
	 * press soon after the last drop says nothing against the move */
	return cost < 0 ? (int)lrint(cost) : 0;
}
