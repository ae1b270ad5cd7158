/*
 * glicko.h - Glicko-2 ratings (Glickman, "Example of the Glicko-2
 * system", 2012/2022), as one player's update from the results of one
 * rating period. Pure: no I/O, no allocation.
 *
 * How the club uses it (db_ratings.c, pitboss(1) RATINGS): every rated
 * game is a rating period of its own for its players, as on lichess;
 * before a game a player's deviation grows with the time since his
 * previous game (`periods`: the time in units of GLICKO_PERIOD_DAYS),
 * and after it the deviation is held in [rd_min, rd_max].
 */
#ifndef PITBOSS_GLICKO_H
#define PITBOSS_GLICKO_H

/* The club's choices (lichess's, with a week for a rating period). */
#define GLICKO_START_RATING 1500.0
#define GLICKO_START_RD 350.0
#define GLICKO_START_VOLATILITY 0.06
#define GLICKO_TAU 0.75
#define GLICKO_RD_MIN 45.0
#define GLICKO_RD_MAX 500.0
#define GLICKO_VOLATILITY_MAX 0.1
#define GLICKO_PROVISIONAL_RD 110.0	/* provisional while RD >= this */
#define GLICKO_PERIOD_DAYS 7.0		/* one rating period of idle time */
#define GLICKO_EPSILON 1e-6		/* the volatility iteration's */

struct glicko_rating {
	double rating;		/* on the Glicko scale: 1500 */
	double rd;		/* rating deviation: 350 */
	double volatility;	/* sigma: 0.06 */
};

/* One game of the period against one opponent (as he stood before). */
struct glicko_result {
	struct glicko_rating opponent;
	double score;		/* 1 win, 0.5 draw, 0 loss */
};

struct glicko_conf {
	double tau;		/* how far the volatility may move */
	double rd_min, rd_max;	/* the deviation's bounds after an update */
	double volatility_max;
};

/* The club's configuration: GLICKO_TAU and the bounds above. */
extern const struct glicko_conf glicko_club;

/* A new player: 1500 / 350 / 0.06. */
struct glicko_rating glicko_start(void);

/*
 * `player` after a period of `n` results (0: he did not play, and only
 * his deviation grows), `periods` rating periods after his last update
 * (Glickman's step 6 takes 1: phi* = sqrt(phi^2 + periods sigma'^2)).
 * Returns the new rating.
 */
struct glicko_rating glicko_update(const struct glicko_conf *conf,
				   struct glicko_rating player,
				   const struct glicko_result *results, int n,
				   double periods);

/* The deviation `periods` rating periods later without a game. */
double glicko_rd_after(const struct glicko_conf *conf,
		       struct glicko_rating player, double periods);

/* Whether a rating is still provisional (RD >= 110). */
int glicko_provisional(double rd);

/* The chance that `a` beats `b` (a draw as half), Glicko-2's E. */
double glicko_expected(struct glicko_rating a, struct glicko_rating b);

#endif
