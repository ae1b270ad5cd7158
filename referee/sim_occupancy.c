/*
 * sim_occupancy.c - turns on a board that senses occupancy (a switch
 * under every square), for a game whose sim table says so: a hand lifts
 * a piece and puts it down elsewhere, each switch's change reported as
 * a snapshot of the whole board. Now and then a player lifts a piece to
 * think and puts it back, a switch bounces as a piece lands, a switch
 * sticks closed for the rest of the game, or a move is played
 * illegally in one of the game's ways; a move the board cannot tell
 * from others (a pointing) is held and the player enters it.
 */
#include "config.h"

#include <string.h>

#include "referee/referee.h"
#include "referee/sim_impl.h"

#define OCC_PLACES_MAX 256
#define OCC_TEXT_MAX 1024

struct occ_turn {
	int before[OCC_PLACES_MAX];	/* the board before the move */
	int shown[OCC_PLACES_MAX];	/* what the hands make of it */
};

/* The switches report `values`, `changed` the square just pressed or
 * freed (-1: none), which may bounce. */
static void show(struct sim *s, const int *values, int changed)
{
	int v[OCC_PLACES_MAX];
	char text[OCC_TEXT_MAX];

	memcpy(v, values, (size_t)s->places * sizeof(*v));
	if (s->stuck_place >= 0 && s->ply >= s->stuck_ply)
		v[s->stuck_place] = 1;
	s->kind->snapshot(s->game, v, text, sizeof(text));
	sim_emit(s, OBS_SNAPSHOT, NULL, text);
	if (changed < 0 || changed == s->stuck_place ||
	    !sim_rng_chance(s, s->cfg.noise.bounce))
		return;
	for (int k = 1 + sim_rng_below(s, 3); k > 0; k--) {
		v[changed] ^= 1;
		s->now += sim_rng_ms(s, 2, 15);
		s->kind->snapshot(s->game, v, text, sizeof(text));
		sim_emit(s, OBS_SNAPSHOT, NULL, text);
		v[changed] ^= 1;
		s->now += sim_rng_ms(s, 2, 15);
		s->kind->snapshot(s->game, v, text, sizeof(text));
		sim_emit(s, OBS_SNAPSHOT, NULL, text);
	}
}

/* A player lifts a piece to think, and puts it back. */
static void put_back(struct sim *s, struct occ_turn *t)
{
	int at = sim_rng_below(s, s->places);

	for (int k = 0; k < s->places && !t->before[at]; k++)
		at = (at + 1) % s->places;
	if (!t->before[at])
		return;
	memcpy(t->shown, t->before, (size_t)s->places * sizeof(int));
	t->shown[at] = 0;
	show(s, t->shown, at);
	s->now += sim_rng_ms(s, 200, 700);
	show(s, t->before, at);
	s->now += sim_rng_ms(s, 300, 1500);
}

/* The board the hands made is one a legal move makes. */
static int legal_board(struct sim *s, const int *values)
{
	struct rules_outcome out;
	size_t size = rules_position_size(s->game);

	for (size_t a = 0; a < s->nacts; a++) {
		memcpy(s->scratch, s->pos, size);
		if (s->ops->apply(s->game, s->scratch, &s->acts[a].move, &out,
				  NULL, 0) < 0)
			continue;
		s->kind->counts(s->game, s->scratch, s->counts);
		if (memcmp(s->counts, values, (size_t)s->places *
			   sizeof(int)) == 0)
			return 1;
	}
	return 0;
}

/* The hands' board shows a piece gone and one come (else it could be
 * a hand lifting a piece, or nothing). */
static int moved(const struct sim *s, const struct occ_turn *t)
{
	int emptied = 0, filled = 0;

	for (int p = 0; p < s->places; p++) {
		emptied |= t->before[p] && !t->shown[p];
		filled |= !t->before[p] && t->shown[p];
	}
	return emptied && filled;
}

/* Whether `act` is played illegally, and how: the board it leaves in
 * t->shown, the square lifted first in *origin. NULL: legally. */
static const struct sim_illegal *pick_way(struct sim *s,
					  const struct sim_act *act,
					  struct occ_turn *t, int *origin)
{
	int toggles[SIM_DROPS_MAX + 1];

	if (!sim_rng_chance(s, s->cfg.noise.illegal) || s->nillegal == 0)
		return NULL;
	for (int tries = 0; tries < 20; tries++) {
		const struct sim_illegal *il =
			&s->kind->illegal[sim_rng_below(s, s->nillegal)];
		int n = il->drops == NULL ? -1 :
			il->drops(s, s->game, s->pos, act, toggles, origin);

		if (n <= 0)
			continue;
		memcpy(t->shown, t->before, (size_t)s->places * sizeof(int));
		for (int i = 0; i < n; i++)
			t->shown[toggles[i] & SIM_DROP_PLACE] ^= 1;
		if (moved(s, t) && !legal_board(s, t->shown))
			return il;
	}
	return NULL;
}

/* The first square `a` shows occupied and `b` empty, or -1. */
static int differ(const struct sim *s, const int *a, const int *b)
{
	for (int p = 0; p < s->places; p++)
		if (a[p] && !b[p])
			return p;
	return -1;
}

/* The hand lifts the piece from `origin` (-1: none), then the board
 * shows `to`. */
static void hands(struct sim *s, struct occ_turn *t, int origin,
		  const int *to)
{
	int lifted[OCC_PLACES_MAX];

	if (origin >= 0 && !to[origin]) {
		memcpy(lifted, t->before, (size_t)s->places * sizeof(int));
		lifted[origin] = 0;
		show(s, lifted, origin);
		s->now += sim_rng_ms(s, 200, 800);
	}
	show(s, to, differ(s, to, t->before));
	sim_settle(s);
}

static void illegal_turn(struct sim *s, FILE *truth, struct occ_turn *t,
			 const struct sim_act *act,
			 const struct sim_illegal *il, int origin)
{
	int seat = sim_to_move(s), from = s->nlog;
	enum sim_class c;

	hands(s, t, origin, t->shown);
	c = sim_judge_illegal(s, from);
	s->stats.count[c]++;
	show(s, t->before, -1);		/* the board put back */
	sim_truth(s, truth, s->ply + 1, seat, act->text, il, c, 0);
	sim_resync(s);
	s->nlog = 0;
}

int sim_occupancy_turn(struct sim *s, FILE *truth)
{
	struct occ_turn t;
	int n = (int)s->nacts, seat = sim_to_move(s), from, origin;
	const struct sim_illegal *il;
	const struct logged *v;
	const struct sim_act *act;
	struct rules_outcome out;
	enum sim_class c;

	if (n == 0 || s->places > OCC_PLACES_MAX)
		return 1;
	act = &s->acts[sim_choose(s, s->acts, n)];
	s->now += sim_rng_ms(s, 800, 3000);
	s->kind->counts(s->game, s->pos, t.before);
	if (s->cfg.lifts && sim_rng_below(s, 3) == 0)
		put_back(s, &t);
	il = pick_way(s, act, &t, &origin);
	if (il != NULL) {
		illegal_turn(s, truth, &t, act, il, origin);
		return 0;
	}
	memcpy(s->after, s->pos, rules_position_size(s->game));
	s->ops->apply(s->game, s->after, &act->move, &out, NULL, 0);
	s->kind->counts(s->game, s->after, t.shown);
	from = s->nlog;
	if (memcmp(t.before, t.shown, (size_t)s->places * sizeof(int)) == 0) {
		/* Nothing the switches see (a pointing changed): entered. */
		s->now += sim_rng_ms(s, 1000, 3000);
		sim_emit(s, OBS_ENTRY, NULL, act->text);
	} else {
		hands(s, &t, differ(s, t.before, t.shown), t.shown);
	}
	v = sim_verdict_on_move(s, from);
	if (v != NULL && v->kind == VERDICT_HOLD && referee_held(s->ref)) {
		/* The board cannot tell: the player enters the move. */
		s->stats.legal++;
		c = SIM_LEGAL_HELD;
		sim_arbiter(s, OBS_ENTRY, act->text);
	} else {
		c = sim_judge_legal(s, act, from);
	}
	s->stats.count[c]++;
	sim_truth(s, truth, s->ply + 1, seat, act->text, NULL, c, 0);
	memcpy(s->pos, s->after, rules_position_size(s->game));
	s->ply++;
	sim_resync(s);
	s->nlog = 0;
	return (out.flags & RULES_GAME_OVER) != 0;
}

void sim_occupancy_level(struct sim_config *c)
{
	if (!c->world.on)
		return;
	c->lifts = 1;
	c->noise.bounce = c->world.bounce;
	c->noise.stuck = c->world.chatter > 0;
	c->world.on = 0;
}
