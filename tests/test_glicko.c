/*
 * test_glicko.c - Glicko-2 against Glickman's worked example, and the
 * club's edges: a period without games, the deviation's bounds, the
 * volatility's cap, a draw between equals.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "db/glicko.h"

/* In doubles (cmocka's float check rounds to float). */
#define assert_near(a, b, eps) near_or_fail((a), (b), (eps), #a)

static void near_or_fail(double got, double want, double eps,
			 const char *what)
{
	if (!(fabs(got - want) <= eps))
		fail_msg("%s = %.9f, not %.9f within %g", what, got, want, eps);
}

/* The paper's conf: tau 0.5 and no bounds. */
static const struct glicko_conf paper = {
	.tau = 0.5, .rd_min = 0, .rd_max = 1e9, .volatility_max = 1e9,
};

static void test_worked_example(void **state)
{
	struct glicko_rating p = { 1500, 200, 0.06 };
	struct glicko_result r[3] = {
		{ { 1400, 30, 0.06 }, 1 },
		{ { 1550, 100, 0.06 }, 0 },
		{ { 1700, 300, 0.06 }, 0 },
	};
	struct glicko_rating out;

	(void)state;
	out = glicko_update(&paper, p, r, 3, 1);
	assert_near(out.rating, 1464.05, 0.01);
	assert_near(out.rd, 151.52, 0.01);
	assert_near(out.volatility, 0.05999, 1e-5);
	/* The club's bounds change nothing here. */
	out = glicko_update(&(struct glicko_conf){ .tau = 0.5, .rd_min = 45,
				     .rd_max = 500, .volatility_max = 0.1 },
			    p, r, 3, 1);
	assert_near(out.rating, 1464.05, 0.01);
}

/* Step 6 alone: phi' = sqrt(phi^2 + t sigma^2), rating and sigma kept. */
static void test_no_games_rd_grows(void **state)
{
	struct glicko_rating p = { 1620, 60, 0.06 }, out;
	double phi = 60 / 173.7178;

	(void)state;
	out = glicko_update(&glicko_club, p, NULL, 0, 1);
	assert_near(out.rd, 173.7178 * sqrt(phi * phi + 0.0036),
			    1e-9);
	assert_true(out.rd > 60);
	assert_near(out.rating, 1620, 0);
	assert_near(out.volatility, 0.06, 0);
	/* Longer idle, more growth; none for no time at all. */
	assert_true(glicko_rd_after(&glicko_club, p, 10) > out.rd);
	assert_near(glicko_rd_after(&glicko_club, p, 0), 60, 1e-9);
	/* Never past the upper bound, however long. */
	assert_near(glicko_rd_after(&glicko_club, p, 1e6),
			    GLICKO_RD_MAX, 0);
}

static void test_bounds(void **state)
{
	struct glicko_rating p = { 1500, 46, 0.06 }, out;
	struct glicko_result r = { { 1500, 45, 0.06 }, 1 };
	struct glicko_rating wild = { 1500, 700, 0.06 };

	(void)state;
	/* Many games at once drive RD under 45: held at 45. */
	for (int i = 0; i < 50; i++)
		p = glicko_update(&glicko_club, p, &r, 1, 0);
	assert_near(p.rd, GLICKO_RD_MIN, 0);
	/* A deviation above 500 comes back to 500 at most. */
	out = glicko_update(&glicko_club, wild, NULL, 0, 0);
	assert_near(out.rd, GLICKO_RD_MAX, 0);
	/* Surprising results push sigma up, but not past 0.1. */
	p = (struct glicko_rating){ 1500, 50, 0.099 };
	for (int i = 0; i < 20; i++) {
		struct glicko_result upset = { { 2400, 45, 0.06 }, 1 };

		p = glicko_update(&glicko_club, p, &upset, 1, 1);
		assert_true(p.volatility <= GLICKO_VOLATILITY_MAX);
	}
	assert_true(p.rating > 1700);
}

static void test_start_and_draw(void **state)
{
	struct glicko_rating a = glicko_start(), b = glicko_start(), out;
	struct glicko_result r = { b, 0.5 };

	(void)state;
	assert_near(a.rating, 1500, 0);
	assert_near(a.rd, 350, 0);
	assert_near(a.volatility, 0.06, 0);
	assert_true(glicko_provisional(a.rd));
	assert_false(glicko_provisional(109.9));
	assert_true(glicko_provisional(110));
	out = glicko_update(&glicko_club, a, &r, 1, 0);
	assert_near(out.rating, 1500, 1e-9);
	assert_true(out.rd < 350);
	assert_near(glicko_expected(a, b), 0.5, 1e-12);
	/* A win between newcomers moves a lot (lichess: about +160). */
	r.score = 1;
	out = glicko_update(&glicko_club, a, &r, 1, 0);
	assert_true(out.rating > 1600 && out.rating < 1720);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_worked_example),
		cmocka_unit_test(test_no_games_rd_grows),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_start_and_draw),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
