/*
 * roundrobin.h - round robin tournaments (all play all): the schedule by
 * rounds with the circle method, byes for odd counts, and the order of
 * the standings with its tie-breaks. Pure logic, no I/O.
 *
 * Entrants are named by their seed, 1..n. Every pairing is one series.
 * With n even there are n - 1 rounds of n / 2 pairings; with n odd, n
 * rounds of (n - 1) / 2 pairings and one entrant with a bye in each.
 * Pairings are numbered round by round from 0 (the store's match
 * number).
 *
 * Standings: a series won is 1 point (a series has no draw; a forfeit
 * or a withdrawal counts as won by the opponent). Ties are broken by
 *   1. head-to-head: points won in the series between the tied entrants
 *      alone;
 *   2. Sonneborn-Berger: the sum of the points of the opponents beaten;
 *   3. points difference: game points for less against, in the series
 *      played;
 *   4. points for;
 *   5. seed.
 */
#ifndef PITBOSS_ROUNDROBIN_H
#define PITBOSS_ROUNDROBIN_H

#include <stddef.h>

#define RR_MIN 2
#define RR_MAX 64

int rr_rounds(int n);			/* -1 when n is out of range */
int rr_pairs_per_round(int n);		/* n / 2 */
int rr_pairings(int n);			/* n (n - 1) / 2 */

/* Pairing `k` of round `round` (from 1): *a and *b seeds. -1 if none. */
int rr_pairing(int n, int round, int k, int *a, int *b);
/* The seed with a bye in `round`, 0 when n is even. */
int rr_bye(int n, int round);
/* The round (from 1) of pairing number `match`. */
int rr_round_of(int n, int match);

/* One decided series: `winner` is a or b. */
struct rr_result {
	int a, b, winner;
};

struct rr_row {
	int seed;
	int points;		/* series won */
	int head_to_head;	/* points among those level on points */
	int sonneborn_berger;
	int diff, points_for;
};

/*
 * Fills rows[0..n-1] (by seed) from the decided series and each
 * entrant's game points for and against (by seed, index seed - 1), and
 * sorts them into the standings' order.
 */
void rr_rank(int n, const struct rr_result *res, size_t nres,
	     const int *points_for, const int *points_against,
	     struct rr_row *rows);

/* The tie-break that separates two rows in order ("points",
 * "head-to-head", "Sonneborn-Berger", "points difference", "points for",
 * "seed"). */
const char *rr_separated_by(const struct rr_row *x, const struct rr_row *y);

#endif
