/*
 * series.c - scoring a series to a target (RULES.md section 1).
 */
#include "config.h"

#include "db/series.h"
#include "rules/rules.h"

void series_init(struct series_state *s, int target)
{
	*s = (struct series_state){ .target = target, .winner = -1 };
}

int series_add_game(struct series_state *s, int points_a, int points_b,
		    int draw, char *err, size_t errlen)
{
	if (s->finished) {
		rules_error(err, errlen,
			    "the series is finished (%d-%d); it cannot take another game",
			    s->total[0], s->total[1]);
		return -1;
	}
	if (points_a < 0 || points_b < 0) {
		rules_error(err, errlen, "game points cannot be negative");
		return -1;
	}
	s->games++;
	if (draw) {
		s->drawn++;
		return 0;
	}
	s->total[0] += points_a;
	s->total[1] += points_b;
	if (points_a > points_b)
		s->won[0]++;
	else if (points_b > points_a)
		s->won[1]++;
	else
		s->drawn++;
	if ((s->total[0] >= s->target || s->total[1] >= s->target) &&
	    s->total[0] != s->total[1]) {
		s->finished = 1;
		s->winner = s->total[0] > s->total[1] ? 0 : 1;
	}
	return 0;
}

int series_first_mover(int first, int game_no)
{
	return game_no % 2 == 1 ? first : !first;
}
