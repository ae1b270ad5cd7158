/*
 * standings.h - a tournament's standings table and its order
 * (RULES.md section 1): the places the last matches decide (champion,
 * runner-up, the third-place match's winner and loser), then round
 * reached, then those who played a game before those who never did
 * (out by a forfeit or a withdrawal before any game), then points
 * difference, then points for; entrants still level are listed by
 * draw position. Pure logic.
 */
#ifndef PITBOSS_STANDINGS_H
#define PITBOSS_STANDINGS_H

#include <stddef.h>
#include <stdint.h>

#define STANDINGS_NAME_MAX 260

enum standing_status {
	STANDING_ALIVE,
	STANDING_ELIMINATED,	/* in `out_round` by `out_by` */
	STANDING_WITHDRAWN,
	STANDING_CHAMPION
};

struct standing {
	int64_t player_id;
	char name[STANDINGS_NAME_MAX];
	int seed;		/* the place in the draw */
	int seeded;		/* seeded by the arbiter (tournament seed) */
	int round_reached;	/* rounds + 1 for the champion */
	int place;		/* 1..4 once a final or third-place match
				 * decides it, else 0 */
	enum standing_status status;
	int out_round;
	char out_by[STANDINGS_NAME_MAX];
	int out_forfeit;	/* eliminated by forfeit or withdrawal */
	int series_won, series_lost;
	int games_won, games_lost, games_drawn;
	int points_for, points_against;
	/* Round robins (roundrobin.h): points (series won), the
	 * tie-breaks, and the one that ranks this row above the next. */
	int points, head_to_head, sonneborn_berger;
	const char *separated_by;	/* NULL for the last row */
};

/* qsort comparator: the listing order. */
int standings_compare(const void *a, const void *b);
void standings_sort(struct standing *rows, size_t n);

const char *standings_status_name(enum standing_status status);

#endif
