/*
 * test_roundrobin.c - round robins: the circle method's schedule for
 * every field from 2 to 64 (every pairing once, nobody twice in a
 * round, one bye per round and per entrant when the field is odd), and
 * the standings' order, each tie-break by name.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "db/roundrobin.h"

static void check_field(int n)
{
	static unsigned char met[RR_MAX + 1][RR_MAX + 1];
	int byes[RR_MAX + 1] = { 0 }, rounds = rr_rounds(n), pairs = 0;

	memset(met, 0, sizeof(met));
	assert_int_equal(rounds, n % 2 ? n : n - 1);
	for (int r = 1; r <= rounds; r++) {
		int in_round[RR_MAX + 1] = { 0 }, bye = rr_bye(n, r);

		for (int k = 0; k < rr_pairs_per_round(n); k++) {
			int a, b;

			assert_int_equal(rr_pairing(n, r, k, &a, &b), 0);
			assert_true(a >= 1 && a < b && b <= n);
			assert_int_equal(met[a][b], 0);
			met[a][b] = 1;
			assert_int_equal(in_round[a]++, 0);
			assert_int_equal(in_round[b]++, 0);
			assert_int_equal(rr_round_of(n, pairs), r);
			pairs++;
		}
		if (n % 2) {
			assert_true(bye >= 1 && bye <= n);
			assert_int_equal(in_round[bye], 0);
			byes[bye]++;
		} else {
			assert_int_equal(bye, 0);
		}
	}
	assert_int_equal(pairs, rr_pairings(n));
	for (int s = 1; n % 2 && s <= n; s++)
		assert_int_equal(byes[s], 1);
	assert_int_equal(rr_pairing(n, rounds + 1, 0, &pairs, &pairs), -1);
}

static void test_schedule(void **state)
{
	(void)state;
	for (int n = RR_MIN; n <= RR_MAX; n++)
		check_field(n);
	assert_int_equal(rr_rounds(1), -1);
	assert_int_equal(rr_rounds(RR_MAX + 1), -1);
}

/* Five: round 1 gives seed 1 the bye; 2 v 5 and 3 v 4 play. */
static void test_five(void **state)
{
	int a, b;

	(void)state;
	assert_int_equal(rr_bye(5, 1), 1);
	rr_pairing(5, 1, 0, &a, &b);
	assert_int_equal(a * 10 + b, 25);
	rr_pairing(5, 1, 1, &a, &b);
	assert_int_equal(a * 10 + b, 34);
}

static const int zero[RR_MAX];

static void rank(int n, const struct rr_result *res, size_t nres,
		 const int *pf, const int *pa, struct rr_row *rows)
{
	rr_rank(n, res, nres, pf ? pf : zero, pa ? pa : zero, rows);
}

static void test_points(void **state)
{
	const struct rr_result res[] = { { 1, 2, 2 }, { 1, 3, 3 },
					 { 2, 3, 2 } };
	struct rr_row rows[3];

	(void)state;
	rank(3, res, 3, NULL, NULL, rows);
	assert_int_equal(rows[0].seed, 2);
	assert_int_equal(rows[0].points, 2);
	assert_int_equal(rows[1].seed, 3);
	assert_string_equal(rr_separated_by(&rows[0], &rows[1]), "points");
}

/* 2 and 3 level on points; 3 beat 2: head-to-head puts 3 first,
 * although 2 has the better Sonneborn-Berger and difference. */
static void test_head_to_head(void **state)
{
	const struct rr_result res[] = {
		{ 1, 2, 2 }, { 1, 3, 1 }, { 1, 4, 1 }, { 2, 3, 3 },
		{ 2, 4, 2 }, { 3, 4, 4 },
	};
	const int pf[] = { 0, 50, 0, 0 }, pa[] = { 0, 0, 0, 0 };
	struct rr_row rows[4];

	(void)state;
	rank(4, res, 6, pf, pa, rows);
	/* 1: 2 points; 2: 2; 3: 1; 4: 1. */
	assert_int_equal(rows[0].points, 2);
	assert_int_equal(rows[1].points, 2);
	/* 1 v 2: 2 won, so 2 is first. */
	assert_int_equal(rows[0].seed, 2);
	assert_int_equal(rows[1].seed, 1);
	assert_string_equal(rr_separated_by(&rows[0], &rows[1]),
			    "head-to-head");
	/* 3 v 4 level: 4 beat 3. */
	assert_int_equal(rows[2].seed, 4);
	assert_string_equal(rr_separated_by(&rows[2], &rows[3]),
			    "head-to-head");
}

/* Three level on points in a cycle: 1 beat 2, 2 beat 3, 3 beat 1; 1
 * also beat 4 (1 point), 2 beat 5 (0 points), 3 beat 6 (0 points):
 * Sonneborn-Berger puts 1 first. */
static void test_sonneborn_berger_cycle(void **state)
{
	const struct rr_result res[] = {
		{ 1, 2, 1 }, { 2, 3, 2 }, { 1, 3, 3 },
		{ 1, 4, 1 }, { 2, 5, 2 }, { 3, 6, 3 },
		{ 4, 5, 4 },
	};
	struct rr_row rows[6];

	(void)state;
	rank(6, res, 7, NULL, NULL, rows);
	assert_int_equal(rows[0].points, 2);
	assert_int_equal(rows[1].points, 2);
	assert_int_equal(rows[2].points, 2);
	assert_int_equal(rows[0].head_to_head, rows[1].head_to_head);
	assert_int_equal(rows[0].seed, 1);
	assert_string_equal(rr_separated_by(&rows[0], &rows[1]),
			    "Sonneborn-Berger");
}

/* Level on points, head-to-head (they have not met) and
 * Sonneborn-Berger: the points difference decides, then points for,
 * then the seed. */
static void test_difference_for_seed(void **state)
{
	const int pf[] = { 10, 30, 20, 20 }, pa[] = { 0, 10, 0, 0 };
	struct rr_row rows[4];

	(void)state;
	rank(4, NULL, 0, pf, pa, rows);
	/* Differences: 1: +10, 2: +20, 3: +20, 4: +20. */
	assert_int_equal(rows[0].seed, 2);	/* +20, 30 for */
	assert_string_equal(rr_separated_by(&rows[0], &rows[1]),
			    "points for");
	assert_int_equal(rows[1].seed, 3);	/* +20, 20 for, seed 3 */
	assert_int_equal(rows[2].seed, 4);
	assert_string_equal(rr_separated_by(&rows[1], &rows[2]), "seed");
	assert_int_equal(rows[3].seed, 1);
	assert_string_equal(rr_separated_by(&rows[2], &rows[3]),
			    "points difference");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schedule),
		cmocka_unit_test(test_five),
		cmocka_unit_test(test_points),
		cmocka_unit_test(test_head_to_head),
		cmocka_unit_test(test_sonneborn_berger_cycle),
		cmocka_unit_test(test_difference_for_seed),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
