/*
 * roundrobin.c - the circle method and the standings' order.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db/roundrobin.h"

int rr_rounds(int n)
{
	if (n < RR_MIN || n > RR_MAX)
		return -1;
	return n % 2 ? n : n - 1;
}

int rr_pairs_per_round(int n)
{
	return n / 2;
}

int rr_pairings(int n)
{
	return n * (n - 1) / 2;
}

/*
 * The circle method over m = n (even) or n + 1 (odd, m the bye): m
 * stays, the others turn one place a round. Position 0 of round r is m
 * against r; then r + i against r - i (mod m - 1).
 */
static void circle(int n, int round, int i, int *a, int *b)
{
	int m = n % 2 ? n + 1 : n, r = round - 1;

	if (i == 0) {
		*a = r + 1;
		*b = m;
		return;
	}
	*a = (r + i) % (m - 1) + 1;
	*b = (r - i + (m - 1)) % (m - 1) + 1;
}

int rr_bye(int n, int round)
{
	int a, b;

	if (n % 2 == 0 || rr_rounds(n) < 0 || round < 1 || round > n)
		return 0;
	circle(n, round, 0, &a, &b);
	return a;
}

int rr_pairing(int n, int round, int k, int *a, int *b)
{
	int rounds = rr_rounds(n);

	if (rounds < 0 || round < 1 || round > rounds || k < 0 ||
	    k >= rr_pairs_per_round(n))
		return -1;
	/* With n odd, position 0 is the bye: skip it. */
	circle(n, round, n % 2 ? k + 1 : k, a, b);
	/* The lower seed first; the first mover is drawn by lot anyway. */
	if (*a > *b) {
		int t = *a;

		*a = *b;
		*b = t;
	}
	return 0;
}

int rr_round_of(int n, int match)
{
	int per = rr_pairs_per_round(n);

	return per > 0 ? match / per + 1 : 0;
}

static int cmp_rows(const void *pa, const void *pb)
{
	const struct rr_row *x = pa, *y = pb;

	if (x->points != y->points)
		return y->points - x->points;
	if (x->head_to_head != y->head_to_head)
		return y->head_to_head - x->head_to_head;
	if (x->sonneborn_berger != y->sonneborn_berger)
		return y->sonneborn_berger - x->sonneborn_berger;
	if (x->diff != y->diff)
		return y->diff - x->diff;
	if (x->points_for != y->points_for)
		return y->points_for - x->points_for;
	return x->seed - y->seed;
}

const char *rr_separated_by(const struct rr_row *x, const struct rr_row *y)
{
	if (x->points != y->points)
		return "points";
	if (x->head_to_head != y->head_to_head)
		return "head-to-head";
	if (x->sonneborn_berger != y->sonneborn_berger)
		return "Sonneborn-Berger";
	if (x->diff != y->diff)
		return "points difference";
	if (x->points_for != y->points_for)
		return "points for";
	return "seed";
}

void rr_rank(int n, const struct rr_result *res, size_t nres,
	     const int *points_for, const int *points_against,
	     struct rr_row *rows)
{
	memset(rows, 0, sizeof(*rows) * (size_t)n);
	for (int s = 0; s < n; s++) {
		rows[s].seed = s + 1;
		rows[s].points_for = points_for[s];
		rows[s].diff = points_for[s] - points_against[s];
	}
	for (size_t i = 0; i < nres; i++)
		rows[res[i].winner - 1].points++;
	for (size_t i = 0; i < nres; i++) {
		int w = res[i].winner, l = w == res[i].a ? res[i].b : res[i].a;

		rows[w - 1].sonneborn_berger += rows[l - 1].points;
		/* Head-to-head counts only among those level on points. */
		if (rows[w - 1].points == rows[l - 1].points)
			rows[w - 1].head_to_head++;
	}
	qsort(rows, (size_t)n, sizeof(*rows), cmp_rows);
}
