/*
 * series.h - a series of games between two players (or teams) to a
 * points target: Champion's 40-point series. Pure logic, no I/O.
 *
 * The two players are A (index 0) and B (index 1). Each game adds the
 * points the rules engine gives each seat (the patent's score); a drawn
 * game is recorded 0-0. The series ends when a total reaches the
 * target with the totals unequal; totals may overshoot. If both reach
 * the target level, play goes on until one is ahead.
 */
#ifndef PITBOSS_SERIES_H
#define PITBOSS_SERIES_H

#include <stddef.h>

#define SERIES_DEFAULT_TARGET 40
#define SERIES_TARGET_MAX 1000

struct series_state {
	int target;
	int total[2];
	int games;
	int won[2];
	int drawn;
	int finished;
	int winner;		/* 0 or 1 once finished, else -1 */
};

void series_init(struct series_state *s, int target);

/*
 * Adds one finished game: its points for A and B and whether it was a
 * draw (then both are counted 0). Refused once the series is finished.
 */
int series_add_game(struct series_state *s, int points_a, int points_b,
		    int draw, char *err, size_t errlen);

/*
 * Who moves first in game `game_no` (from 1) when `first` (0 = A,
 * 1 = B) moved first in game 1: it alternates.
 */
int series_first_mover(int first, int game_no);

#endif
