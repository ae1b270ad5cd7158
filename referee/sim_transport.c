/*
 * sim_transport.c - the Transport board for the simulator (see
 * sim_game.h): a switch under every square reporting occupancy, its
 * squares and snapshots as the sensing table knows them, every legal
 * move made by hand, and the ways a move goes wrong on the board: a
 * piece carried a square too far, put down astray, the opponent moving
 * out of turn, two pieces moved at once.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "referee/sensing.h"
#include "referee/sim_game.h"
#include "rules/transport.h"

extern const struct sim_game sim_transport;

static const struct sensing *board(void)
{
	return sensing_find("transport");
}

static int tp_places(const struct rules_game *game, const char **names)
{
	const char *scratch[TRANSPORT_SQUARES_MAX];

	return board()->holes(game, names != NULL ? names : scratch);
}

static void tp_counts(const struct rules_game *game, const void *pos,
		      int *counts)
{
	board()->counts(game, pos, counts);
}

static int tp_snapshot(const struct rules_game *game, const int *counts,
		       char *buf, size_t len)
{
	return board()->snapshot_format(game, counts, buf, len);
}

/* Every legal move, made by hand; the board shows what it shows. */
static size_t tp_acts(const struct rules_game *game, const void *pos,
		      struct sim_act *out, size_t cap)
{
	static _Thread_local struct rules_move moves[TRANSPORT_MAX_MOVES];
	size_t n = game->ops->legal_moves(game, pos, moves,
					  TRANSPORT_MAX_MOVES), k = 0;

	for (size_t m = 0; m < n && m < TRANSPORT_MAX_MOVES && k < cap; m++) {
		memset(&out[k], 0, sizeof(out[k]));
		out[k].move = moves[m];
		out[k].origin = -1;
		if (game->ops->move_format(game, pos, &moves[m], out[k].text,
					   sizeof(out[k].text)) == 0)
			k++;
	}
	return k;
}

static int tp_next(const struct rules_game *game, const void *pos,
		   int place, int dir)
{
	(void)game;
	(void)pos;
	(void)place;
	(void)dir;
	return -1;
}

/* The board before and after `move` from `pos`; -1 when it cannot be
 * made. */
static int boards(const struct rules_game *game, const void *pos,
		  const struct rules_move *move, int *before, int *after)
{
	struct transport_pos p = *(const struct transport_pos *)pos;
	struct rules_outcome out;

	tp_counts(game, pos, before);
	if (game->ops->apply(game, &p, move, &out, NULL, 0) < 0)
		return -1;
	tp_counts(game, &p, after);
	return 0;
}

/* The squares two boards differ on into `out`, the first emptied into
 * *origin; their number. */
static int changes(int squares, const int *a, const int *b, int *out,
		   int *origin)
{
	int n = 0;

	*origin = -1;
	for (int sq = 0; sq < squares && n < SIM_DROPS_MAX; sq++) {
		if (a[sq] == b[sq])
			continue;
		out[n++] = sq;
		if (a[sq] && *origin < 0)
			*origin = sq;
	}
	return n;
}

static int first_filled(int squares, const int *before, const int *after)
{
	for (int sq = 0; sq < squares; sq++)
		if (!before[sq] && after[sq])
			return sq;
	return -1;
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/* The piece carried one square past where the move puts it. */
static int overshoot(struct sim *sim, const struct rules_game *game,
		     const void *pos, const struct sim_act *act, int *out,
		     int *origin)
{
	int before[TRANSPORT_SQUARES_MAX], after[TRANSPORT_SQUARES_MAX];
	int n = transport_board_size(game), to, f, r;

	(void)sim;
	if (boards(game, pos, &act->move, before, after) < 0 ||
	    changes(n * n, before, after, out, origin) == 0 || *origin < 0 ||
	    (to = first_filled(n * n, before, after)) < 0)
		return -1;
	f = to % n + sign(to % n - *origin % n);
	r = to / n + sign(to / n - *origin / n);
	if (f < 0 || f >= n || r < 0 || r >= n || before[r * n + f])
		return -1;
	out[0] = *origin;
	out[1] = r * n + f;
	return 2;
}

/* The piece put down on a square far from any it may reach. */
static int astray(struct sim *sim, const struct rules_game *game,
		  const void *pos, const struct sim_act *act, int *out,
		  int *origin)
{
	int before[TRANSPORT_SQUARES_MAX], after[TRANSPORT_SQUARES_MAX];
	int n = transport_board_size(game), to;

	if (boards(game, pos, &act->move, before, after) < 0 ||
	    changes(n * n, before, after, out, origin) == 0 || *origin < 0)
		return -1;
	to = sim_random(sim, n * n);
	if (before[to] || (abs(to % n - *origin % n) < 3 &&
			   abs(to / n - *origin / n) < 3))
		return -1;
	out[0] = *origin;
	out[1] = to;
	return 2;
}

/* The opponent makes a move of his own instead. */
static int out_of_turn(struct sim *sim, const struct rules_game *game,
		       const void *pos, const struct sim_act *act, int *out,
		       int *origin)
{
	static _Thread_local struct rules_move moves[TRANSPORT_MAX_MOVES];
	int before[TRANSPORT_SQUARES_MAX], after[TRANSPORT_SQUARES_MAX];
	struct transport_pos p = *(const struct transport_pos *)pos;
	int n = transport_board_size(game);
	size_t nm;

	(void)act;
	p.side ^= 1;
	nm = game->ops->legal_moves(game, &p, moves, TRANSPORT_MAX_MOVES);
	if (nm == 0 || nm > TRANSPORT_MAX_MOVES ||
	    boards(game, &p, &moves[sim_random(sim, (int)nm)], before,
		   after) < 0)
		return -1;
	return changes(n * n, before, after, out, origin);
}

/* The move, and another piece pushed a square aside with it. */
static int two_at_once(struct sim *sim, const struct rules_game *game,
		       const void *pos, const struct sim_act *act, int *out,
		       int *origin)
{
	int before[TRANSPORT_SQUARES_MAX], after[TRANSPORT_SQUARES_MAX];
	int n = transport_board_size(game), k, other, to;

	if (boards(game, pos, &act->move, before, after) < 0 ||
	    (k = changes(n * n, before, after, out, origin)) == 0 ||
	    k + 2 > SIM_DROPS_MAX)
		return -1;
	other = sim_random(sim, n * n);
	to = other + (sim_random(sim, 2) ? 1 : -1);
	if (!before[other] || !after[other] || to < 0 || to >= n * n ||
	    to / n != other / n || before[to] || after[to])
		return -1;
	out[k++] = other;
	out[k++] = to;
	return k;
}

static const struct sim_illegal transport_illegal[] = {
	{ "overshoot", overshoot, SIM_ANY_TURN },
	{ "astray", astray, SIM_ANY_TURN },
	{ "out-of-turn", out_of_turn, SIM_ANY_TURN },
	{ "two-at-once", two_at_once, SIM_ANY_TURN },
	{ NULL, NULL, SIM_ANY_TURN }
};

static const struct sim_illegal transport_more_illegal[] = {
	{ NULL, NULL, SIM_ANY_TURN }
};

const struct sim_game sim_transport = {
	.game = "transport",
	.places = tp_places,
	.acts = tp_acts,
	.next = tp_next,
	.counts = tp_counts,
	.snapshot = tp_snapshot,
	.illegal = transport_illegal,
	.more_illegal = transport_more_illegal,
	.occupancy = 1,
};
