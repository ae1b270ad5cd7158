/*
 * sim_world.c - the people at the simulator's physical board (see
 * sim_impl.h), and the named levels of the model.
 *
 * A turn is one move, or a few when the next player starts within a
 * second of the last piece: a batch of moves made before the referee's
 * quiet period runs out. Each is made by a hand (sim_physics.c), legally
 * or not, with its lift, its button pressed or forgotten (or pressed
 * when the mover has another turn, which may make the opponent play out
 * of turn), and, with a count source, a snapshot once the board is still.
 * The next player may start before the last piece of the move fell (an
 * overlap, played as illegal), and players may go on after the game has
 * ended. The batch's observations go to the referee in time order; its
 * verdicts are then read move by move, and the arbiter, knowing the
 * truth, puts right what the referee got wrong.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "referee/sim_impl.h"

#define BATCH_MAX 4		/* moves of one batch */
#define EVENTS_MAX (SIM_PULSES_MAX + 4 * BATCH_MAX)
#define SNAP_MAX 1024		/* a snapshot's text */

/* ------------------------------------------------------------ levels */

const char *const sim_levels[] = { "clean", "moderate", "heavy", NULL };

struct level {
	double illegal;
	struct sim_world world;
};

/* People's timing and illegal play at every level; the gates perfect
 * when clean, and the board and people sloppier level by level. */
static const struct level levels[] = {
	{ 0.05, { .on = 1, .dribble = 0.10, .slow = 0.15, .pause = 0.03,
		  .long_pause = 0.02, .quick = 0.20, .overlap = 0.01,
		  .forget = 0.05, .button_extra = 0.10, .out_of_turn = 0.20,
		  .after_end = 0.10, .merge_us = 8000 } },
	{ 0.05, { .on = 1, .dribble = 0.15, .slow = 0.15, .pause = 0.05,
		  .long_pause = 0.03, .handful = 0.15, .quick = 0.30,
		  .overlap = 0.02, .forget = 0.10, .button_extra = 0.15,
		  .out_of_turn = 0.20, .after_end = 0.15, .merge_us = 8000,
		  .graze = 0.002, .dirty = 0.10, .dirt_min = 0.03,
		  .dirt_max = 0.10, .bounce = 0.05, .late = 0.003,
		  .shadow = 0.02, .roll = 0.002, .stray = 0.1, .dead = 0.01,
		  .chatter = 0.002 } },
	{ 0.05, { .on = 1, .dribble = 0.20, .slow = 0.20, .pause = 0.08,
		  .long_pause = 0.05, .handful = 0.30, .quick = 0.40,
		  .overlap = 0.04, .forget = 0.20, .button_extra = 0.25,
		  .out_of_turn = 0.20, .after_end = 0.20, .merge_us = 8000,
		  .graze = 0.005, .dirty = 0.20, .dirt_min = 0.05,
		  .dirt_max = 0.30, .bounce = 0.10, .late = 0.01,
		  .shadow = 0.05, .roll = 0.005, .stray = 0.5, .dead = 0.02,
		  .chatter = 0.005, .misread = 0.01 } },
};

int sim_config_level(struct sim_config *c, const char *name)
{
	for (size_t i = 0; sim_levels[i] != NULL; i++)
		if (strcmp(sim_levels[i], name) == 0) {
			c->world = levels[i].world;
			c->noise.illegal = levels[i].illegal;
			snprintf(c->level, sizeof(c->level), "%s",
				 sim_levels[i]);
			return 0;
		}
	return -1;
}

/* The knobs of the model by name: chances (0 to 1) unless marked. */
enum knob_unit { KNOB_CHANCE, KNOB_RATE, KNOB_MS };

struct knob {
	const char *name;
	size_t at;
	enum knob_unit unit;
};

#define K(name, field, unit) { name, offsetof(struct sim_world, field), unit }

static const struct knob knobs[] = {
	K("dribble", dribble, KNOB_CHANCE),
	K("slow", slow, KNOB_CHANCE),
	K("pause", pause, KNOB_CHANCE),
	K("long-pause", long_pause, KNOB_CHANCE),
	K("handful", handful, KNOB_CHANCE),
	K("quick", quick, KNOB_CHANCE),
	K("overlap", overlap, KNOB_CHANCE),
	K("forget", forget, KNOB_CHANCE),
	K("button-extra", button_extra, KNOB_CHANCE),
	K("out-of-turn", out_of_turn, KNOB_CHANCE),
	K("after-end", after_end, KNOB_CHANCE),
	K("merge-ms", merge_us, KNOB_MS),
	K("graze", graze, KNOB_CHANCE),
	K("dirty", dirty, KNOB_CHANCE),
	K("dirt-min", dirt_min, KNOB_CHANCE),
	K("dirt-max", dirt_max, KNOB_CHANCE),
	K("bounce", bounce, KNOB_CHANCE),
	K("late", late, KNOB_CHANCE),
	K("shadow", shadow, KNOB_CHANCE),
	K("roll", roll, KNOB_CHANCE),
	K("stray", stray, KNOB_RATE),
	K("dead", dead, KNOB_CHANCE),
	K("chatter", chatter, KNOB_CHANCE),
	K("misread", misread, KNOB_CHANCE),
};

int sim_world_set(struct sim_world *w, const char *setting, char *err,
		  size_t errlen)
{
	const char *eq = strchr(setting, '=');
	size_t len = eq != NULL ? (size_t)(eq - setting) : 0;
	char *end;
	double v;

	for (size_t i = 0; eq != NULL && i < sizeof(knobs) / sizeof(knobs[0]);
	     i++) {
		const struct knob *k = &knobs[i];

		if (strlen(k->name) != len || strncmp(k->name, setting, len))
			continue;
		errno = 0;
		v = strtod(eq + 1, &end);
		if (errno != 0 || end == eq + 1 || *end != '\0' || !(v >= 0) ||
		    (k->unit == KNOB_CHANCE && v > 1) || v > 1000) {
			rules_error(err, errlen, "%s: '%s' is not %s", k->name,
				    eq + 1, k->unit == KNOB_CHANCE ?
				    "a chance from 0 to 1" :
				    "a number from 0 to 1000");
			return -1;
		}
		if (k->unit == KNOB_MS)
			*(unsigned *)((char *)w + k->at) =
				(unsigned)(v * 1000 + 0.5);
		else
			*(double *)((char *)w + k->at) = v;
		w->on = 1;
		return 0;
	}
	rules_error(err, errlen, "'%s' is not a knob of the board (%s...)",
		    setting, knobs[0].name);
	return -1;
}

/* ------------------------------------------------------------- a batch */

/* A move of the batch, as the truth file and the arbiter see it. */
struct sowing {
	int ply, seat;
	char text[SIM_MOVE_TEXT];
	const struct sim_illegal *il;	/* NULL: legal */
	int same;		/* illegal, yet its drops are exactly a legal
				   move's: no drop gate can tell */
	enum sim_class c;
};

/* An observation to come: a drop, a lift, a button, a snapshot. */
struct event {
	uint64_t t;
	enum obs_kind kind;
	int where;		/* place, seat, or snapshot */
	int order;
};

struct sim_batch {
	struct sowing sow[BATCH_MAX + 1];
	int n;
	struct sim_fall falls[SIM_PULSES_MAX];
	int nfalls;
	struct pulse pulses[SIM_PULSES_MAX];
	struct event ev[EVENTS_MAX];
	int nev;
	char snap[BATCH_MAX + 1][SNAP_MAX];
	int nsnap;
	struct sim_act last;		/* a last move without its sweep */
	int drops[SIM_DROPS_MAX + 1];
	int plies;			/* the referee's, at the start */
	int illegal;			/* a move of the batch is illegal */
};

static const struct sim_illegal overlap_kind = { "overlap", NULL, 0 };
static const struct sim_illegal after_end_kind = { "after-end", NULL, 0 };

size_t sim_world_size(void)
{
	return sizeof(struct sim_batch);
}

void sim_world_game(struct sim *s)
{
	sim_physics_game(s);
	s->after_end = sim_rng_chance(s, s->cfg.world.after_end);
	s->extra_turn = 0;
	s->extra_button = 0;
}

static void event(struct sim_batch *b, uint64_t t, enum obs_kind kind,
		  int where)
{
	if (b->nev < EVENTS_MAX) {
		b->ev[b->nev] = (struct event){ t, kind, where, b->nev };
		b->nev++;
	}
}

static int cmp_event(const void *a, const void *b)
{
	const struct event *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->order - y->order;
}

/* The count source's text for `counts` into `buf`, maybe misread. */
static int counts_text(struct sim *s, const int *counts, char *buf)
{
	memcpy(s->counts, counts, (size_t)s->places * sizeof(*counts));
	if (sim_rng_chance(s, s->cfg.world.misread)) {
		int at = sim_rng_below(s, s->places);

		s->counts[at] += s->counts[at] > 0 && sim_rng_below(s, 2) ?
				 -1 : 1;
	}
	return s->kind->snapshot(s->game, s->counts, buf, SNAP_MAX);
}

/* A snapshot of the board (sim->board) when it is still at `t`. */
static void snapshot(struct sim *s, struct sim_batch *b, uint64_t t)
{
	if (s->cfg.counts && b->nsnap <= BATCH_MAX &&
	    counts_text(s, s->board, b->snap[b->nsnap]) == 0)
		event(b, t, OBS_SNAPSHOT, b->nsnap++);
}

/* The board (sim->board) after `n` drops lifted from `origin`. */
static void lay(struct sim *s, int origin, const int *drops, int n)
{
	s->board[origin] -= n;
	for (int i = 0; i < n; i++)
		s->board[drops[i] & SIM_DROP_PLACE]++;
}

/* --------------------------------------------------------- illegal play */

static int nkinds(const struct sim_illegal *list)
{
	int n = 0;

	while (list != NULL && list[n].name != NULL)
		n++;
	return n;
}

static const struct sim_illegal *kind_at(const struct sim *s, int k)
{
	int first = nkinds(s->kind->illegal);

	return k < first ? &s->kind->illegal[k]
			 : &s->kind->more_illegal[k - first];
}

/* Drops of `il` for `act`, or -1 when it cannot be played here. */
static int try_kind(struct sim *s, const struct sim_illegal *il,
		    const struct sim_act *act, int nacts, int *drops,
		    int *origin)
{
	if (il->when == SIM_EXTRA_TURN && !s->extra_turn)
		return -1;
	*origin = act->origin;
	if (il->drops == NULL)
		return s->cfg.lifts && nacts > 1 ? 0 : -1;
	return il->drops(s, s->game, s->pos, act, drops, origin);
}

/* Whether the move is played illegally, how, and its drops. */
static const struct sim_illegal *pick(struct sim *s, const struct sim_act *act,
				      int nacts, int *drops, int *n,
				      int *origin)
{
	int kinds = nkinds(s->kind->illegal) + nkinds(s->kind->more_illegal);
	const struct sim_illegal *il;

	if (s->extra_button && sim_rng_chance(s, s->cfg.world.out_of_turn))
		for (int k = 0; k < kinds; k++) {
			il = kind_at(s, k);
			if (il->when == SIM_EXTRA_TURN &&
			    (*n = try_kind(s, il, act, nacts, drops,
					   origin)) >= 0)
				return il;
		}
	if (kinds == 0 || !sim_rng_chance(s, s->cfg.noise.illegal))
		return NULL;
	for (int tries = 0; tries < 20; tries++) {
		il = kind_at(s, sim_rng_below(s, kinds));
		if ((*n = try_kind(s, il, act, nacts, drops, origin)) >= 0)
			return il;
	}
	return NULL;
}

/* ------------------------------------------------------------- moves */

static struct sowing *new_sowing(struct sim *s, struct sim_batch *b,
				 int seat, const char *text,
				 const struct sim_illegal *il)
{
	struct sowing *sw = &b->sow[b->n++];

	sw->ply = s->ply + 1;
	sw->seat = seat;
	snprintf(sw->text, sizeof(sw->text), "%s", text);
	sw->il = il;
	sw->same = 0;
	b->illegal |= il != NULL;
	return sw;
}

/* Whether the drops of `hand` are exactly those of a legal move. */
static int like_legal(const struct sim *s, const struct sim_hand *hand)
{
	for (size_t j = 0; j < s->nacts; j++) {
		const struct sim_act *a = &s->acts[j];

		if (a->ndrops == hand->ndrops && a->ncarry == 0 &&
		    hand->ncarry == 0 &&
		    memcmp(a->drop, hand->drops,
			   (size_t)hand->ndrops * sizeof(int)) == 0)
			return 1;
	}
	return 0;
}

/* A hand makes `hand` from `t`, lifting `lifted`; when the last piece
 * fell. */
static uint64_t make(struct sim *s, struct sim_batch *b, uint64_t t,
		     int lifted, const struct sim_hand *hand)
{
	uint64_t fell = t;

	int from = b->nfalls;

	if (s->cfg.lifts && lifted >= 0)
		event(b, t, OBS_LIFT, lifted);
	b->nfalls = sim_hand(s, hand, t, b->falls, b->nfalls, &fell);
	for (int i = from; i < b->nfalls; i++)
		b->falls[i].who = b->n - 1;
	if (b->n - 1 < SIM_PHYS_WHO)
		s->phys[b->n - 1] = s->hand_phys;
	return fell;
}

/* After the end: the players go on with another move, illegally. */
static uint64_t play_on(struct sim *s, struct sim_batch *b, uint64_t t,
			int seat, int n, int origin)
{
	struct sim_hand hand = { origin, b->drops, n, NULL, 0 };
	uint64_t fell;

	t += sim_rng_ms(s, 500, 2500);
	new_sowing(s, b, seat, "-", &after_end_kind);
	fell = make(s, b, t, origin, &hand);
	lay(s, origin, b->drops, n);
	snapshot(s, b, fell + sim_rng_ms(s, 150, 300));
	return fell;
}

/* The next mover starts before the last piece fell: played as illegal,
 * the board put back, the move made again. */
static void overlap(struct sim *s, struct sim_batch *b, uint64_t t)
{
	int n = (int)s->kind->acts(s->game, s->pos, s->next_acts,
				   s->ops->max_moves), k;
	const struct sim_act *a;
	struct sim_hand hand;

	if (n == 0)
		return;
	k = sim_choose(s, s->next_acts, n);
	a = &s->next_acts[k];
	hand = (struct sim_hand){ a->origin, a->drop, a->ndrops, NULL, 0 };
	new_sowing(s, b, sim_to_move(s), a->text, &overlap_kind);
	t = make(s, b, t, a->origin, &hand);
	s->kind->counts(s->game, s->pos, s->board);
	lay(s, a->origin, a->drop, a->ndrops);
	snapshot(s, b, t + sim_rng_ms(s, 150, 300));
}

/* Buttons after a legal move; whether its turn ends. */
static uint64_t press(struct sim *s, struct sim_batch *b, uint64_t fell,
		      int seat, int turn_ends)
{
	const struct sim_world *w = &s->cfg.world;
	uint64_t t = fell + sim_rng_ms(s, 300, 900);

	s->extra_button = 0;
	if (!s->cfg.buttons)
		return fell;
	if (turn_ends && !sim_rng_chance(s, w->forget)) {
		event(b, t, OBS_BUTTON, seat);
		return t;
	}
	if (!turn_ends && sim_rng_chance(s, w->button_extra)) {
		event(b, t, OBS_BUTTON, seat);
		s->extra_button = 1;
		return t;
	}
	return fell;
}

/*
 * How the seat to move makes act `k`: legally or, now and then, not;
 * the hand and the place lifted (`origin`). The illegal way, or NULL.
 */
static const struct sim_illegal *plan(struct sim *s, struct sim_batch *b,
				      int k, struct sim_hand *hand,
				      int *origin)
{
	const struct sim_act *act = &s->acts[k];
	int nacts = (int)s->nacts, ndrops = 0;
	const struct sim_illegal *il;

	il = pick(s, act, nacts, b->drops, &ndrops, origin);
	*hand = (struct sim_hand){ act->origin, act->drop, act->ndrops,
				   act->carry, act->ncarry };
	if (il == NULL)
		*origin = act->origin;
	else if (il->drops == NULL)	/* another origin touched */
		*origin = s->acts[(k + 1 + sim_rng_below(s, nacts - 1)) %
				  nacts].origin;
	else
		*hand = (struct sim_hand){ *origin, b->drops, ndrops, NULL,
					   0 };
	return il;
}

/*
 * After a legal move that fell by `fell`: the next player overlaps it,
 * or the board is still (a snapshot), the button is pressed or not, and
 * the next move may follow within a second. Returns 1 when it does.
 */
static int go_on(struct sim *s, struct sim_batch *b, uint64_t *t,
		 uint64_t fell, int seat, int turn_ends, int over)
{
	const struct sim_world *w = &s->cfg.world;
	uint64_t done;

	if (!over && turn_ends && sim_rng_chance(s, w->overlap)) {
		uint64_t early = sim_rng_ms(s, 100, 500);

		overlap(s, b, fell > *t + early + 100000 ? fell - early :
			      *t + 100000);
		return 0;
	}
	s->kind->counts(s->game, s->pos, s->board);
	snapshot(s, b, fell + sim_rng_ms(s, 150, 300));
	done = press(s, b, fell, seat, turn_ends);
	if (over || b->n >= BATCH_MAX || !sim_rng_chance(s, w->quick))
		return 0;
	*t = done + sim_rng_ms(s, 300, 1000);
	s->nacts = s->kind->acts(s->game, s->pos, s->acts, s->ops->max_moves);
	return s->nacts > 0;
}

/*
 * One move of the batch from `*t`, by the seat to move. Returns 1 when
 * another follows in the batch; `*over` when the game is over.
 */
static int move(struct sim *s, struct sim_batch *b, uint64_t *t, int *over)
{
	int seat = sim_to_move(s), k = sim_choose(s, s->acts, (int)s->nacts);
	int end_drops = -1, end_origin, end_seat = 0, origin, turn_ends;
	const struct sim_act *act = &s->acts[k];
	const struct sim_illegal *il;
	struct rules_outcome out;
	struct sim_hand hand;
	uint64_t fell;

	il = plan(s, b, k, &hand, &origin);
	if (il != NULL && il->when == SIM_EXTRA_TURN)	/* the opponent */
		seat = (seat + 1) % rules_game_seats(s->game);
	s->kind->counts(s->game, s->pos, s->board);
	memcpy(s->after, s->pos, rules_position_size(s->game));
	s->ops->apply(s->game, s->after, &act->move, &out, NULL, 0);
	*over = il == NULL && (out.flags & RULES_GAME_OVER);
	turn_ends = !(out.flags & RULES_EXTRA_TURN) || *over;
	if (*over && s->after_end && s->kind->after_end != NULL)
		end_drops = s->kind->after_end(s, s->game, s->pos, act,
					       &b->last, s->board, b->drops,
					       &end_origin, &end_seat);
	if (end_drops >= 0)
		hand.carry = b->last.carry, hand.ncarry = b->last.ncarry;
	new_sowing(s, b, seat, il != NULL && il->when == SIM_EXTRA_TURN ?
		   "-" : act->text, il)->same = il != NULL &&
					       il->drops != NULL &&
					       like_legal(s, &hand);
	fell = make(s, b, *t, origin, &hand);
	if (il != NULL) {		/* the batch ends with it */
		if (il->drops != NULL)
			lay(s, origin, hand.drops, hand.ndrops);
		else
			s->kind->counts(s->game, s->after, s->board);
		snapshot(s, b, fell + sim_rng_ms(s, 150, 300));
		/* The mover means the move as made: the button as after
		 * any move (a piece left behind is not seen to be). */
		press(s, b, fell, seat, turn_ends);
		s->extra_button = 0;
		return 0;
	}
	memcpy(s->pos, s->after, rules_position_size(s->game));
	s->ply++;
	s->extra_turn = !turn_ends;
	if (end_drops >= 0) {
		snapshot(s, b, fell + sim_rng_ms(s, 150, 300));
		play_on(s, b, fell, end_seat, end_drops, end_origin);
		return 0;
	}
	return go_on(s, b, t, fell, seat, turn_ends, *over);
}

/* The batch's observations, in time order, to the referee. */
static void observe(struct sim *s, struct sim_batch *b)
{
	int np = sim_gates(s, b->falls, b->nfalls, b->pulses);

	for (int i = 0; i < np; i++)
		event(b, b->pulses[i].t, OBS_DROP, b->pulses[i].place);
	qsort(b->ev, (size_t)b->nev, sizeof(b->ev[0]), cmp_event);
	for (int i = 0; i < b->nev; i++) {
		const struct event *e = &b->ev[i];

		if (e->t > s->now)
			s->now = e->t;
		if (e->kind == OBS_BUTTON)
			sim_emit(s, e->kind, sim_seat_name(s, e->where), NULL);
		else if (e->kind == OBS_SNAPSHOT)
			sim_emit(s, e->kind, NULL, b->snap[e->where]);
		else
			sim_emit(s, e->kind, s->names[e->where], NULL);
	}
}

/* ------------------------------------------------------------- verdicts */

/* The next verdict about a move in the log from `*at`: a move taken or
 * held, or a foul. */
static int about_a_move(const struct logged *l)
{
	return ((l->kind == VERDICT_ACCEPT || l->kind == VERDICT_WARN ||
		 l->kind == VERDICT_HOLD) && l->move[0] != '\0') ||
	       l->kind == VERDICT_FOUL;
}

/* The move held just before log entry `i` is the one it takes: the
 * hold confirmed (by the counts, or the opponent's button), one move. */
static int confirms(const struct sim *s, int i)
{
	const struct logged *l = &s->log[i];

	if (l->kind != VERDICT_ACCEPT && l->kind != VERDICT_WARN)
		return 0;
	while (--i >= 0 && !about_a_move(&s->log[i]))
		;
	return i >= 0 && s->log[i].kind == VERDICT_HOLD &&
	       strcmp(s->log[i].move, l->move) == 0;
}

static const struct logged *next_verdict(const struct sim *s, int *at)
{
	while (*at < s->nlog) {
		int i = (*at)++;

		if (about_a_move(&s->log[i]) && !confirms(s, i))
			return &s->log[i];
	}
	return NULL;
}

static enum sim_class judge_legal(const struct sowing *sw,
				  const struct logged *v, int stopped)
{
	if (v == NULL)
		return stopped ? SIM_LEGAL_HELD : SIM_LEGAL_UNSEEN;
	if (v->kind == VERDICT_FOUL)
		return SIM_LEGAL_FOULED;
	if (strcmp(v->move, sw->text) != 0)
		return SIM_LEGAL_MISREAD;
	return v->kind == VERDICT_HOLD ? SIM_LEGAL_HELD : SIM_LEGAL_ACCEPTED;
}

static enum sim_class judge_illegal(const struct logged *v, int stopped)
{
	if (v == NULL)
		return stopped ? SIM_ILLEGAL_CAUGHT : SIM_ILLEGAL_UNSEEN;
	if (v->kind == VERDICT_FOUL || v->kind == VERDICT_HOLD)
		return SIM_ILLEGAL_CAUGHT;
	return SIM_ILLEGAL_ACCEPTED;
}

static void count_kind(struct sim *s, const struct sim_illegal *il,
		       enum sim_class c)
{
	struct sim_kind_stats *k = s->stats.kinds;
	int i = 0;

	while (i < SIM_KINDS_MAX - 1 && k[i].name != NULL &&
	       strcmp(k[i].name, il->name) != 0)
		i++;
	k[i].name = k[i].name != NULL ? k[i].name : il->name;
	k[i].moves++;
	k[i].accepted += c == SIM_ILLEGAL_ACCEPTED;
	k[i].unseen += c == SIM_ILLEGAL_UNSEEN;
}

/*
 * Which verdict is about which move of the batch, in order: a verdict
 * naming a later legal move is about that one (those between had
 * none). Returns where the verdicts about no move begin.
 */
static int assign(const struct sim *s, const struct sim_batch *b,
		  const struct logged **of)
{
	const struct logged *v;
	int at = 0, i = 0, j;

	for (int k = 0; k < b->n; k++)
		of[k] = NULL;
	while (i < b->n && (v = next_verdict(s, &at)) != NULL) {
		for (j = i; v->move[0] != '\0' && j < b->n; j++)
			if ((j == i || b->sow[j].il == NULL) &&
			    strcmp(v->move, b->sow[j].text) == 0)
				break;
		j = j < b->n ? j : i;
		of[j] = v;
		i = j + 1;
	}
	return at;
}

/* What the model did to legal move `i` of the batch, judged `c`. */
static void count_phys(struct sim *s, const struct sim_batch *b, int i,
		       enum sim_class c)
{
	unsigned bits = (i < SIM_PHYS_WHO ? s->phys[i] : 0) | s->batch_phys |
			(b->n > 1 ? 1u << SIM_PHYS_BATCH : 0);

	if (bits == 0)
		bits = 1u << SIM_PHYS_NONE;
	for (int p = 0; p < SIM_PHYS; p++)
		s->stats.phys[c][p] += (bits >> p) & 1;
}

static int overlapped(const struct sim_batch *b, int i)
{
	return b->sow[i].il == NULL && i + 1 < b->n &&
	       b->sow[i + 1].il == &overlap_kind;
}

/* One event of the batch in a dump: a drop by its place, a lift as
 * LIFT and its place, a button as BTN and its seat, a snapshot as SNAP,
 * anything else by its kind's name; `sign` and `dt` (µs) when. */
static void dump_event(struct sim *s, const struct event *e,
		       const char *sign, uint64_t dt)
{
	unsigned long long ms = (unsigned long long)(dt / 1000);

	if (e->kind == OBS_DROP || e->kind == OBS_LIFT)
		fprintf(s->missed, "%s%s@%s%llu ",
			e->kind == OBS_LIFT ? "LIFT" : "", s->names[e->where],
			sign, ms);
	else if (e->kind == OBS_BUTTON)
		fprintf(s->missed, "BTN%d@%s%llu ", e->where, sign, ms);
	else if (e->kind == OBS_SNAPSHOT)
		fprintf(s->missed, "SNAP@%s%llu ", sign, ms);
	else
		fprintf(s->missed, "%s@%s%llu ", obs_kind_name(e->kind), sign,
			ms);
}

/* Legal move `i` of the batch, not taken without help: its verdict,
 * what the model did, its falls (ms from the first; '^' an edge no
 * piece made; the gate's dirt in per mille) and the batch's drops. */
static void dump_missed(struct sim *s, const struct sim_batch *b, int i,
			const struct logged *v, int stopped)
{
	unsigned bits = (i < SIM_PHYS_WHO ? s->phys[i] : 0) | s->batch_phys;
	uint64_t t0 = 0;
	int first = 1;

	fprintf(s->missed, "MISSED class=%s move=%s seat=%d ply=%d of=%d/%d "
		"verdict=%s cause=%s vmove=%s after_stop=%d phys=",
		sim_class_name(b->sow[i].c), b->sow[i].text, b->sow[i].seat,
		b->sow[i].ply, i, b->n,
		v != NULL ? verdict_kind_name(v->kind) : "-",
		v != NULL ? verdict_cause_name(v->cause) : "-",
		v != NULL && v->move[0] ? v->move : "-", stopped);
	for (int p = 0; p < SIM_PHYS; p++)
		if (bits >> p & 1)
			fprintf(s->missed, "%s,", sim_phys_name(p));
	fprintf(s->missed, " falls=");
	for (int k = 0; k < b->nfalls; k++) {
		const struct sim_fall *f = &b->falls[k];

		if (f->who != i)
			continue;
		if (first)
			t0 = f->t, first = 0;
		fprintf(s->missed, "%s%s%s@%llu(%d)", k ? " " : "",
			f->edge ? "^" : "", s->names[f->place],
			(unsigned long long)((f->t - t0) / 1000),
			(int)(s->dirt[f->place] * 1000));
	}
	fprintf(s->missed, " before=");
	for (int k = 0; k < b->nev; k++)
		if (!first && b->ev[k].t < t0 && b->ev[k].t + 3000000 > t0)
			dump_event(s, &b->ev[k], "-", t0 - b->ev[k].t);
	fprintf(s->missed, " pulses=");
	for (int k = 0; k < b->nev; k++)
		if (!first && b->ev[k].t >= t0)
			dump_event(s, &b->ev[k], "", b->ev[k].t - t0);
	fprintf(s->missed, "| evidence=%s | text=%s\n",
		v != NULL ? v->evidence : "", v != NULL ? v->text : "");
}

/* Each move of the batch against its verdict; moves taken beyond them
 * are moves no move made. */
static void judge(struct sim *s, struct sim_batch *b, FILE *truth)
{
	const struct logged *of[BATCH_MAX + 1], *v;
	int at = assign(s, b, of), stopped = 0;

	for (int i = 0; i < b->n; i++) {
		struct sowing *sw = &b->sow[i];

		v = of[i];
		if (overlapped(b, i)) {	/* judged with the overlap */
			sw->c = judge_legal(sw, v, stopped);
			s->stats.overlapped++;
		} else if (sw->il == NULL) {
			sw->c = judge_legal(sw, v, stopped);
			s->stats.legal++;
			s->stats.count[sw->c]++;
			s->stats.legal_blind += sw->c == SIM_LEGAL_UNSEEN &&
						!(s->pulsed & 1u << i);
			if (sw->c == SIM_LEGAL_ACCEPTED &&
			    v->kind == VERDICT_WARN)
				s->stats.count[SIM_LEGAL_WARNED]++;
			count_phys(s, b, i, sw->c);
			if (s->missed != NULL && sw->c != SIM_LEGAL_ACCEPTED)
				dump_missed(s, b, i, v, stopped);
		} else {
			sw->c = judge_illegal(v, stopped);
			s->stats.illegal++;
			s->stats.count[sw->c]++;
			s->stats.illegal_blind += sw->c == SIM_ILLEGAL_UNSEEN &&
						  !(s->pulsed & 1u << i);
			s->stats.same += sw->same;
			s->stats.same_accepted += sw->same &&
						  sw->c == SIM_ILLEGAL_ACCEPTED;
			count_kind(s, sw->il, sw->c);
			if (s->missed != NULL && v != NULL &&
			    v->kind != VERDICT_FOUL) {
				fprintf(s->missed, "ILLEGAL kind=%s ",
					sw->il->name);
				dump_missed(s, b, i, v, stopped);
			}
		}
		stopped |= v != NULL && (v->kind == VERDICT_HOLD ||
					 v->kind == VERDICT_FOUL);
		sim_truth(s, truth, sw->ply, sw->seat, sw->text, sw->il,
			  sw->c, overlapped(b, i));
		if (truth != NULL && (sw->c == SIM_LEGAL_UNSEEN ||
				      sw->c == SIM_ILLEGAL_UNSEEN))
			fprintf(truth, "# silent: ply %d %s\n", sw->ply,
				s->pulsed & 1u << i ? "pulsed" : "blind");
	}
	while ((v = next_verdict(s, &at)) != NULL) {
		if (v->kind == VERDICT_FOUL || v->kind == VERDICT_HOLD)
			continue;
		s->stats.unexplained++;
		if (truth != NULL)
			fprintf(truth, "# unexplained: ply %d %s\n", v->ply,
				v->move);
		if (s->missed != NULL)
			fprintf(s->missed, "UNEXPLAINED move=%s batch=%d "
				"evidence=%s | text=%s\n", v->move, b->n,
				v->evidence, v->text);
	}
}

/* The moves at the start of the batch the referee took as made. */
static int taken(const struct sim_batch *b)
{
	int p = 0;

	while (p < b->n && b->sow[p].c == SIM_LEGAL_ACCEPTED)
		p++;
	return p;
}

/*
 * The arbiter: confirms a legal move held, rejects anything else held,
 * takes back what the referee took wrongly, lets the players put the
 * board back after an illegal move and enters the legal moves the
 * referee missed.
 */
static void arbiter(struct sim *s, struct sim_batch *b)
{
	int p = taken(b), undo = 2 * SIM_LOG_MAX;

	if (p == b->n && referee_plies(s->ref) == b->plies + p &&
	    !referee_held(s->ref) && !referee_restoring(s->ref))
		return;
	if (referee_held(s->ref)) {
		if (p < b->n && b->sow[p].c == SIM_LEGAL_HELD &&
		    referee_plies(s->ref) == b->plies + p) {
			sim_arbiter(s, OBS_CONFIRM, NULL);
			p++;
		} else {
			sim_arbiter(s, OBS_REJECT, NULL);
		}
	}
	while (referee_plies(s->ref) > b->plies + p && undo-- > 0)
		sim_arbiter(s, OBS_UNDO, NULL);
	if (b->illegal) {
		s->now += sim_rng_ms(s, 2000, 4000);	/* put back */
		s->kind->counts(s->game, s->pos, s->board);
		if (s->cfg.counts && counts_text(s, s->board, b->snap[0]) == 0)
			sim_emit(s, OBS_SNAPSHOT, NULL, b->snap[0]);
	}
	sim_restore(s);
	for (int i = p; i < b->n; i++)
		if (b->sow[i].il == NULL)
			sim_arbiter(s, OBS_ENTRY, b->sow[i].text);
}

int sim_world_turn(struct sim *s, FILE *truth)
{
	struct sim_batch *b = s->batch;
	uint64_t t;
	int over = 0;

	if (s->nacts == 0)
		return 1;
	b->n = b->nfalls = b->nev = b->nsnap = b->illegal = 0;
	memset(s->phys, 0, sizeof(s->phys));
	s->batch_phys = 0;
	b->plies = referee_plies(s->ref);
	t = s->now + sim_rng_ms(s, 800, 3000);
	while (move(s, b, &t, &over))
		;
	observe(s, b);
	sim_settle_all(s);
	judge(s, b, truth);
	arbiter(s, b);
	sim_resync(s);
	s->nlog = 0;
	return over;
}
