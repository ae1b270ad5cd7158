/*
 * glicko.c - Glicko-2, step by step as Glickman writes it: to the
 * Glicko-2 scale, the estimated variance v and improvement delta, the
 * new volatility by the Illinois algorithm (epsilon 1e-6), the
 * pre-period deviation, the new deviation and rating, and back.
 */
#include "config.h"

#include <math.h>

#include "db/glicko.h"

#define SCALE 173.7178		/* 400 / ln(10) */

const struct glicko_conf glicko_club = {
	.tau = GLICKO_TAU,
	.rd_min = GLICKO_RD_MIN,
	.rd_max = GLICKO_RD_MAX,
	.volatility_max = GLICKO_VOLATILITY_MAX,
};

struct glicko_rating glicko_start(void)
{
	return (struct glicko_rating){ GLICKO_START_RATING, GLICKO_START_RD,
				       GLICKO_START_VOLATILITY };
}

static double g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double e_of(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

static double clamp(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* Step 5's f(x). */
static double f_of(double x, double delta, double phi, double v, double a,
		   double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
	       (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double sigma, double delta, double phi,
			     double v, double tau)
{
	double a = log(sigma * sigma), big_a = a, big_b, f_a, f_b;

	if (delta * delta > phi * phi + v) {
		big_b = log(delta * delta - phi * phi - v);
	} else {
		int k = 1;

		while (f_of(a - k * tau, delta, phi, v, a, tau) < 0 && k < 1000)
			k++;
		big_b = a - k * tau;
	}
	f_a = f_of(big_a, delta, phi, v, a, tau);
	f_b = f_of(big_b, delta, phi, v, a, tau);
	for (int i = 0; fabs(big_b - big_a) > GLICKO_EPSILON && i < 1000; i++) {
		double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
		double f_c = f_of(big_c, delta, phi, v, a, tau);

		if (f_c * f_b <= 0) {
			big_a = big_b;
			f_a = f_b;
		} else {
			f_a /= 2.0;
		}
		big_b = big_c;
		f_b = f_c;
	}
	return exp(big_a / 2.0);
}

double glicko_rd_after(const struct glicko_conf *conf,
		       struct glicko_rating player, double periods)
{
	double phi = player.rd / SCALE, sigma = player.volatility;

	if (periods < 0)
		periods = 0;
	return clamp(SCALE * sqrt(phi * phi + periods * sigma * sigma),
		     conf->rd_min, conf->rd_max);
}

struct glicko_rating glicko_update(const struct glicko_conf *conf,
				   struct glicko_rating player,
				   const struct glicko_result *results, int n,
				   double periods)
{
	double mu = (player.rating - 1500.0) / SCALE, phi = player.rd / SCALE;
	double v_inv = 0, sum = 0, sigma, phi_star, phi_new;
	struct glicko_rating out = player;

	if (n <= 0) {
		out.rd = glicko_rd_after(conf, player, periods);
		return out;
	}
	if (periods < 0)
		periods = 0;
	for (int j = 0; j < n; j++) {
		double mu_j = (results[j].opponent.rating - 1500.0) / SCALE;
		double phi_j = results[j].opponent.rd / SCALE;
		double g = g_of(phi_j), e = e_of(mu, mu_j, phi_j);

		v_inv += g * g * e * (1.0 - e);
		sum += g * (results[j].score - e);
	}
	sigma = new_volatility(player.volatility, sum / v_inv, phi,
			       1.0 / v_inv, conf->tau);
	sigma = clamp(sigma, 0, conf->volatility_max);
	phi_star = sqrt(phi * phi + periods * sigma * sigma);
	phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + v_inv);
	out.rating = 1500.0 + SCALE * (mu + phi_new * phi_new * sum);
	out.rd = clamp(SCALE * phi_new, conf->rd_min, conf->rd_max);
	out.volatility = sigma;
	return out;
}

int glicko_provisional(double rd)
{
	return rd >= GLICKO_PROVISIONAL_RD;
}

double glicko_expected(struct glicko_rating a, struct glicko_rating b)
{
	double phi = sqrt(a.rd * a.rd + b.rd * b.rd) / SCALE;

	return e_of((a.rating - 1500.0) / SCALE, (b.rating - 1500.0) / SCALE,
		    phi);
}
