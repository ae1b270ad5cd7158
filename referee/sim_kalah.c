/*
 * sim_kalah.c - the Kalah drop-counter board for the simulator (see
 * sim_game.h): its holes and the drops of every sowing as the sensing
 * table knows them, the ring of holes a seed rolls along, the counts of
 * a count board, and the ways a sowing goes wrong.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/sensing.h"
#include "referee/sim_game.h"
#include "rules/kalah.h"

extern const struct sim_game sim_kalah;

static int pits_of(const struct rules_game *game)
{
	return (int)game->value[rules_option_index(game->ops, "pits")];
}

static int side_of(const void *pos)
{
	return ((const struct kalah_pos *)pos)->side;
}

/* The store a seed of `side` never enters. */
static int opp_store(int pits, int side)
{
	return 2 * pits + (side ^ 1);
}

/* The hole after `h` going round counter-clockwise (dir 1) or clockwise,
 * skipping the store of the side not sowing. */
static int ring_next(int pits, int h, int dir, int side)
{
	int ring[2 * KALAH_PITS_MAX + 2], n = 0, at = 0;

	for (int i = 0; i < pits; i++)
		ring[n++] = i;
	ring[n++] = 2 * pits;
	for (int i = 0; i < pits; i++)
		ring[n++] = pits + i;
	ring[n++] = 2 * pits + 1;
	for (int i = 0; i < n; i++)
		if (ring[i] == h)
			at = i;
	do {
		at = (at + (dir > 0 ? 1 : n - 1)) % n;
	} while (ring[at] == opp_store(pits, side));
	return ring[at];
}

/* Which way a sowing goes round: 1 counter-clockwise, -1 clockwise. */
static int direction(int pits, int side, const struct sim_act *act)
{
	return ring_next(pits, act->origin, 1, side) == act->drop[0] ? 1 : -1;
}

static int kalah_places(const struct rules_game *game, const char **names)
{
	const char *all[SENSE_HOLES_MAX];
	const struct sensing *sense = sensing_find(game->ops->name);

	return sense->holes(game, names != NULL ? names : all);
}

/* A sowing as the sensing table expects it: the seeds sown in order,
 * then the tail (captures and the sweep carried to a store). */
static void act_of(const struct sense_expect *e, int holes,
		   struct sim_act *act)
{
	act->move = e->move;
	snprintf(act->text, sizeof(act->text), "%s", e->text);
	act->origin = e->origin;
	act->ndrops = e->npath;
	for (int i = 0; i < e->npath; i++)
		act->drop[i] = e->path[i];
	act->ncarry = 0;
	for (int h = 0; h < holes; h++)
		for (int c = 0; c < e->tail[h] && act->ncarry < SIM_DROPS_MAX;
		     c++)
			act->carry[act->ncarry++] = h;
}

static size_t kalah_acts(const struct rules_game *game, const void *pos,
			 struct sim_act *out, size_t cap)
{
	const struct sensing *sense = sensing_find(game->ops->name);
	struct sense_expect ex[SENSE_MOVES_MAX];
	size_t n = sense->expect(game, pos, ex, SENSE_MOVES_MAX);
	int holes = kalah_places(game, NULL);

	if (n > cap)
		n = cap;
	for (size_t i = 0; i < n; i++)
		act_of(&ex[i], holes, &out[i]);
	return n;
}

static int kalah_next(const struct rules_game *game, const void *pos,
		      int place, int dir)
{
	return ring_next(pits_of(game), place, dir, side_of(pos));
}

static void kalah_counts(const struct rules_game *game, const void *pos,
			 int *counts)
{
	sensing_find(game->ops->name)->counts(game, pos, counts);
}

/* As the count board reports them ("4 4 0 5 5 5/4 4 4 4 4 4/1 0"). */
static int kalah_snapshot(const struct rules_game *game, const int *counts,
			  char *buf, size_t buflen)
{
	return sensing_find(game->ops->name)->snapshot_format(game, counts,
							      buf, buflen);
}

/* ------------------------------------------------- illegal sowings */

/* Sowing one of the opponent's pits. */
static int wrong_pit(struct sim *sim, const struct rules_game *game,
		     const void *pos, const struct sim_act *act, int *out,
		     int *origin)
{
	const struct sensing *sense = sensing_find(game->ops->name);
	struct kalah_pos flipped = *(const struct kalah_pos *)pos;
	struct sense_expect theirs[KALAH_PITS_MAX + 1];
	int m, k;

	(void)act;
	flipped.side ^= 1;
	flipped.pie = KALAH_PIE_NONE;
	m = (int)sense->expect(game, &flipped, theirs, KALAH_PITS_MAX + 1);
	if (m == 0)
		return -1;
	k = sim_random(sim, m);
	for (int i = 0; i < theirs[k].npath; i++)
		out[i] = theirs[k].path[i];
	*origin = theirs[k].origin;
	return theirs[k].npath;
}

/* A pit passed over: the rest of the sowing lands one on. Passing over
 * the first pit looks exactly like sowing the next one, which only a
 * hand sensor can tell apart. */
static int skipped_pit(struct sim *sim, const struct rules_game *game,
		       const void *pos, const struct sim_act *act, int *out,
		       int *origin)
{
	int n = act->ndrops, pits = pits_of(game), side = side_of(pos);
	int dir = direction(pits, side, act), k;

	if (n < 1 || (!sim_lifts(sim) && n < 2))
		return -1;
	k = sim_lifts(sim) ? sim_random(sim, n) : 1 + sim_random(sim, n - 1);
	for (int i = 0, j = 0; i < n; i++)
		if (i != k)
			out[j++] = act->drop[i];
	out[n - 1] = ring_next(pits, act->drop[n - 1], dir, side);
	*origin = act->origin;
	return n;
}

/* A seed into the opponent's store instead of past it. */
static int into_opp_store(struct sim *sim, const struct rules_game *game,
			  const void *pos, const struct sim_act *act,
			  int *out, int *origin)
{
	int n = act->ndrops, pits = pits_of(game), side = side_of(pos);
	int dir = direction(pits, side, act), store = opp_store(pits, side);
	int k;

	(void)sim;
	for (k = 1; k < n; k++)
		if (ring_next(pits, act->drop[k - 1], dir, side ^ 1) == store)
			break;
	if (k >= n)
		return -1;
	for (int i = 0; i < k; i++)
		out[i] = act->drop[i];
	out[k] = store;
	for (int i = k; i < n - 1; i++)
		out[i + 1] = act->drop[i];
	*origin = act->origin;
	return n;
}

/* Two seeds into one pit at once: the sowing stops one short. */
static int dropped_twice(struct sim *sim, const struct rules_game *game,
			 const void *pos, const struct sim_act *act, int *out,
			 int *origin)
{
	int n = act->ndrops, k;

	(void)game;
	(void)pos;
	if (n < 2)
		return -1;
	k = sim_random(sim, n - 1);
	for (int i = 0; i <= k; i++)
		out[i] = act->drop[i];
	out[k + 1] = act->drop[k] | SIM_DROP_TOGETHER;
	for (int i = k + 1; i < n - 1; i++)
		out[i + 1] = act->drop[i];
	*origin = act->origin;
	return n;
}

/* Sown the wrong way round, as many seeds as the pit held. */
static int wrong_direction(struct sim *sim, const struct rules_game *game,
			   const void *pos, const struct sim_act *act,
			   int *out, int *origin)
{
	int n = act->ndrops, pits = pits_of(game), side = side_of(pos);
	int dir = -direction(pits, side, act), h = act->origin;

	(void)sim;
	if (n < 1)
		return -1;
	for (int i = 0; i < n; i++)
		out[i] = h = ring_next(pits, h, dir, side);
	*origin = act->origin;
	return n;
}

/* The last seed left in the pit sown: the sowing one short. */
static int left_behind(struct sim *sim, const struct rules_game *game,
		       const void *pos, const struct sim_act *act, int *out,
		       int *origin)
{
	(void)sim;
	(void)game;
	(void)pos;
	if (act->ndrops < 2)
		return -1;
	for (int i = 0; i < act->ndrops - 1; i++)
		out[i] = act->drop[i];
	*origin = act->origin;
	return act->ndrops - 1;
}

/* A game like `game` that leaves the seeds in the pits at the end. */
static struct rules_game *unswept(const struct rules_game *game)
{
	char options[256], err[RULES_ERR_MAX];

	snprintf(options, sizeof(options), "%s no-sweep",
		 rules_game_options(game));
	return rules_game_new(game->ops, options, err, sizeof(err));
}

/* The sowings of `game` from `end` for a side with seeds left, and
 * the seat of that side. */
static size_t sowings_left(const struct rules_game *game,
			   const struct kalah_pos *end,
			   struct sense_expect *out, int *seat)
{
	const struct sensing *sense = sensing_find(game->ops->name);
	struct kalah_pos p = *end;
	size_t n = 0;

	p.over = 0;
	p.pie = KALAH_PIE_NONE;
	for (int k = 0; k < 2; k++, p.side ^= 1) {
		n = sense->expect(game, &p, out, SENSE_MOVES_MAX);
		if (n > 0) {
			*seat = game->ops->to_move(game, &p).seat;
			break;
		}
	}
	return n;
}

/* A sowing that only carries its seeds into the sower's own store: the
 * final sweep does just that with them, so it is no play after the end
 * (no board could tell them apart). */
static int sweeps(const struct sense_expect *e, int pits)
{
	for (int i = 0; i < e->npath; i++)
		if (e->path[i] < 2 * pits)
			return 0;
	return e->npath > 0;
}

/*
 * The last sowing made without the final sweep (its capture, if any,
 * still carried to the store), then a pit of the side with seeds left
 * sown as if the game went on (not one that the sweep would make).
 */
static int after_end(struct sim *sim, const struct rules_game *game,
		     const void *pos, const struct sim_act *act,
		     struct sim_act *last, int *counts, int *out, int *origin,
		     int *seat)
{
	const struct sensing *sense = sensing_find(game->ops->name);
	struct rules_game *g = unswept(game);
	struct sense_expect ex[SENSE_MOVES_MAX];
	struct kalah_pos end = *(const struct kalah_pos *)pos;
	struct rules_outcome o;
	size_t n, k;
	int nout = -1;

	if (g == NULL)
		return -1;
	n = sense->expect(g, pos, ex, SENSE_MOVES_MAX);
	for (k = 0; k < n && memcmp(&ex[k].move, &act->move,
				    sizeof(act->move)) != 0; k++)
		;
	if (k < n) {
		act_of(&ex[k], kalah_places(game, NULL), last);
		g->ops->apply(g, &end, &act->move, &o, NULL, 0);
		sense->counts(g, &end, counts);
		n = sowings_left(g, &end, ex, seat);
		for (size_t i = 0; i < n; i++)
			if (sweeps(&ex[i], pits_of(game)))
				ex[i--] = ex[--n];
		if (n > 0) {
			k = (size_t)sim_random(sim, (int)n);
			for (int i = 0; i < ex[k].npath; i++)
				out[i] = ex[k].path[i];
			*origin = ex[k].origin;
			nout = ex[k].npath;
		}
	}
	rules_game_free(g);
	return nout;
}

static const struct sim_illegal kalah_illegal[] = {
	{ "wrong-pit", wrong_pit, SIM_ANY_TURN },
	{ "skipped-seed", skipped_pit, SIM_ANY_TURN },
	{ "opponent-store", into_opp_store, SIM_ANY_TURN },
	{ "dropped-twice", dropped_twice, SIM_ANY_TURN },
	{ "touch-rule", NULL, SIM_ANY_TURN },
	{ NULL, NULL, SIM_ANY_TURN }
};

static const struct sim_illegal kalah_more_illegal[] = {
	{ "wrong-direction", wrong_direction, SIM_ANY_TURN },
	{ "left-behind", left_behind, SIM_ANY_TURN },
	{ "out-of-turn", wrong_pit, SIM_EXTRA_TURN },
	{ NULL, NULL, SIM_ANY_TURN }
};

const struct sim_game sim_kalah = {
	.game = "kalah",
	.places = kalah_places,
	.acts = kalah_acts,
	.next = kalah_next,
	.counts = kalah_counts,
	.snapshot = kalah_snapshot,
	.illegal = kalah_illegal,
	.more_illegal = kalah_more_illegal,
	.after_end = after_end,
};
