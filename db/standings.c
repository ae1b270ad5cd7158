/*
 * standings.c - the order of a standings table.
 */
#include "config.h"

#include <stdlib.h>

#include "db/standings.h"

int standings_compare(const void *a, const void *b)
{
	const struct standing *x = a, *y = b;
	int dx = x->points_for - x->points_against;
	int dy = y->points_for - y->points_against;

	int px = x->games_won + x->games_lost + x->games_drawn > 0;
	int py = y->games_won + y->games_lost + y->games_drawn > 0;

	if (x->place && y->place && x->place != y->place)
		return x->place - y->place;
	if (x->round_reached != y->round_reached)
		return y->round_reached - x->round_reached;
	if (px != py)
		return py - px;
	if (dx != dy)
		return dy - dx;
	if (x->points_for != y->points_for)
		return y->points_for - x->points_for;
	return x->seed - y->seed;
}

void standings_sort(struct standing *rows, size_t n)
{
	qsort(rows, n, sizeof(*rows), standings_compare);
}

const char *standings_status_name(enum standing_status status)
{
	switch (status) {
	case STANDING_ALIVE:
		return "alive";
	case STANDING_ELIMINATED:
		return "eliminated";
	case STANDING_WITHDRAWN:
		return "withdrawn";
	case STANDING_CHAMPION:
		return "champion";
	}
	return "?";
}
