/*
 * sim.c - the simulated table (see sim.h).
 *
 * Each move is made on the true board, as the game's sim table says
 * hands make it (sim_game.h), turned into timed pulses, made noisy, and
 * fed to the table's referee as it would be live. The sim's arbiter
 * then reads the verdict and, knowing the truth, confirms, corrects,
 * enters or rejects, so that the next move starts from the true
 * position whatever the referee made of the last one. The game itself
 * is reached only through its rules ops and its sim table.
 */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "referee/sim_impl.h"

#define TEXT_MAX 1024		/* a position or a snapshot as text */

/* ----------------------------------------------------------- set-up */

void sim_config_default(struct sim_config *c)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->game, sizeof(c->game), "%s", sim_games[0]->game);
	c->seed = 1;
	c->table = 1;
	c->player = SIM_GREEDY;
	c->buttons = 1;
	c->max_plies = 400;
	referee_config_default(&c->referee);
}

const char *sim_class_name(enum sim_class c)
{
	static const char *const names[SIM_CLASSES] = {
		"accepted", "warned", "held", "fouled", "misread", "unseen",
		"caught", "ACCEPTED", "unseen"
	};

	return (unsigned)c < SIM_CLASSES ? names[c] : "?";
}

const char *sim_phys_name(enum sim_phys p)
{
	static const char *const names[SIM_PHYS] = {
		"dribble", "slow", "pause", "long-pause", "handful",
		"shadow", "roll", "swap", "merge", "dirty", "graze", "dead",
		"bounce", "late", "chatter", "stray", "batch", "none"
	};

	return (unsigned)p < SIM_PHYS ? names[p] : "?";
}

static void on_verdict(void *ctx, const struct verdict *v)
{
	struct sim *s = ctx;
	int taken_back = 0, earlier = 0;

	if (s->verdicts != NULL) {
		char line[512];

		verdict_format(v, line, sizeof(line));
		fprintf(s->verdicts, "%s\n", line);
	}
	/* The referee took back a move of its own: it is no verdict on a
	 * move any more (the moves it took back are counted apart). */
	if (v->undone_to >= 0 && v->kind != VERDICT_COMMAND) {
		s->stats.revised++;
		while (s->nlog > 0 && s->log[s->nlog - 1].ply > v->undone_to &&
		       (s->log[s->nlog - 1].kind == VERDICT_ACCEPT ||
			s->log[s->nlog - 1].kind == VERDICT_WARN ||
			s->log[s->nlog - 1].kind == VERDICT_NOTE ||
			s->log[s->nlog - 1].kind == VERDICT_OVER)) {
			taken_back |= s->log[s->nlog - 1].kind == VERDICT_ACCEPT ||
				      s->log[s->nlog - 1].kind == VERDICT_WARN;
			s->nlog--;
		}
		/* (the move taken back was judged with an earlier batch) */
		earlier = !taken_back;
	}
	if (s->nlog < SIM_LOG_MAX) {
		s->log[s->nlog].earlier = earlier;
		s->log[s->nlog].kind = v->kind;
		s->log[s->nlog].ply = v->ply;
		snprintf(s->log[s->nlog].move, sizeof(s->log[s->nlog].move),
			 "%s", v->move);
		s->log[s->nlog].cause = v->cause;
		if (s->missed != NULL) {
			snprintf(s->log[s->nlog].evidence,
				 sizeof(s->log[s->nlog].evidence), "%s",
				 v->evidence);
			snprintf(s->log[s->nlog].text,
				 sizeof(s->log[s->nlog].text), "%.199s",
				 v->text);
		}
		s->nlog++;
	}
}

/* The games the simulator plays, for a message. */
static void playable(char *buf, size_t buflen)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; sim_games[i] != NULL && used < buflen; i++)
		used += (size_t)snprintf(buf + used, buflen - used, "%s%s",
					 i ? ", " : "", sim_games[i]->game);
}

/* The game's ops and sim table, or -1 with why. */
static int find_game(struct sim *s, const char *name, char *err,
		     size_t errlen)
{
	char games[128];

	s->ops = rules_find(name);
	s->kind = sim_game_find(name);
	if (s->ops == NULL) {
		rules_error(err, errlen, "no game '%s'", name);
		return -1;
	}
	if (s->kind == NULL) {
		playable(games, sizeof(games));
		rules_error(err, errlen, "%s cannot be simulated: the "
			    "simulator has no board for it (it plays %s)",
			    name, games);
		return -1;
	}
	if ((s->cfg.snapshots || s->cfg.counts) && s->kind->snapshot == NULL) {
		rules_error(err, errlen, "%s has no counting board to "
			    "simulate", name);
		return -1;
	}
	return 0;
}

/* Room for the positions, places and moves of the game. */
static int make_room(struct sim *s)
{
	const size_t align = _Alignof(max_align_t);
	size_t size = (rules_position_size(s->game) + align - 1) / align *
		      align;

	s->places = s->kind->places(s->game, NULL);
	s->names = calloc((size_t)s->places + 1, sizeof(*s->names));
	s->counts = calloc((size_t)s->places + 1, sizeof(*s->counts));
	s->acts = calloc(s->ops->max_moves + 1, sizeof(*s->acts));
	s->legal = calloc(s->ops->max_moves + 1, sizeof(*s->legal));
	s->pos = calloc(4, size);
	s->dirt = calloc((size_t)s->places + 1, sizeof(*s->dirt));
	s->gate_last = calloc((size_t)s->places + 1, sizeof(*s->gate_last));
	s->board = calloc((size_t)s->places + 1, sizeof(*s->board));
	s->next_acts = calloc(s->ops->max_moves + 1, sizeof(*s->next_acts));
	s->batch = s->cfg.world.on ? calloc(1, sim_world_size()) : NULL;
	if (s->names == NULL || s->counts == NULL || s->acts == NULL ||
	    s->legal == NULL || s->pos == NULL || s->dirt == NULL ||
	    s->gate_last == NULL || s->board == NULL || s->next_acts == NULL ||
	    (s->cfg.world.on && s->batch == NULL))
		return -1;
	s->after = (char *)s->pos + size;
	s->scratch = (char *)s->pos + 2 * size;
	s->held_pos = (char *)s->pos + 3 * size;
	s->kind->places(s->game, s->names);
	while (s->kind->illegal[s->nillegal].name != NULL)
		s->nillegal++;
	return 0;
}

struct sim *sim_new(const struct sim_config *config, char *err,
		    size_t errlen)
{
	struct sim *s = calloc(1, sizeof(*s));

	if (s == NULL) {
		rules_error(err, errlen, "out of memory");
		return NULL;
	}
	s->cfg = *config;
	sim_rng_start(s, config->seed);
	if (find_game(s, config->game, err, errlen) < 0)
		goto fail;
	if (s->kind->occupancy)
		sim_occupancy_level(&s->cfg);
	s->game = rules_game_new(s->ops, config->options, err, errlen);
	if (s->game == NULL)
		goto fail;
	s->ref = referee_new(config->table, s->ops->name, config->options,
			     &config->referee, on_verdict, s, err, errlen);
	if (s->ref == NULL)
		goto fail;
	if (make_room(s) < 0) {
		rules_error(err, errlen, "out of memory");
		goto fail;
	}
	s->now = 0;
	s->dead_place = s->stuck_place = -1;
	if (s->cfg.world.on)
		sim_physics_night(s);
	return s;
fail:
	sim_free(s);
	return NULL;
}

void sim_free(struct sim *s)
{
	if (s == NULL)
		return;
	referee_free(s->ref);
	rules_game_free(s->game);
	free(s->names);
	free(s->counts);
	free(s->acts);
	free(s->legal);
	free(s->pos);
	free(s->dirt);
	free(s->gate_last);
	free(s->board);
	free(s->next_acts);
	free(s->batch);
	free(s);
}

const struct sim_stats *sim_stats(const struct sim *s)
{
	return &s->stats;
}

void sim_table(const struct sim *s, struct trace_table *t)
{
	memset(t, 0, sizeof(*t));
	t->id = s->cfg.table;
	snprintf(t->game, sizeof(t->game), "%s", s->ops->name);
	snprintf(t->options, sizeof(t->options), "%s",
		 rules_game_options(s->game));
}

/* ------------------------------------------------------ observations */

static uint64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void sim_emit(struct sim *s, enum obs_kind kind, const char *where,
		 const char *text)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = s->now;
	o.table = s->cfg.table;
	o.kind = kind;
	if (where != NULL)
		snprintf(o.where, sizeof(o.where), "%s", where);
	if (text != NULL)
		snprintf(o.text, sizeof(o.text), "%s", text);
	if (s->trace != NULL)
		trace_append(s->trace, &o);
	s->stats.observations++;
	if (s->cfg.timing) {
		uint64_t t0 = clock_ns(), dt;

		referee_feed(s->ref, &o);
		dt = clock_ns() - t0;
		s->stats.timing[dt / 50 < SIM_TIMING_BUCKETS ? dt / 50 :
				SIM_TIMING_BUCKETS - 1]++;
		if (dt > s->stats.timing_max_ns)
			s->stats.timing_max_ns = dt;
	} else {
		referee_feed(s->ref, &o);
	}
}

double sim_timing_quantile(const struct sim_stats *st, double q)
{
	unsigned long total = 0, seen = 0;

	for (int i = 0; i < SIM_TIMING_BUCKETS; i++)
		total += st->timing[i];
	for (int i = 0; i < SIM_TIMING_BUCKETS; i++) {
		seen += st->timing[i];
		if (total > 0 && (double)seen >= q * (double)total)
			return i * 50.0 + 25.0;
	}
	return 0;
}

/* Lets the referee's quiet period run out, if one is running: one
 * tick, as the per-pulse noise model has always done (the traces made
 * with it stay the same, byte for byte). */
void sim_settle(struct sim *s)
{
	uint64_t deadline = referee_deadline(s->ref);

	if (deadline != 0) {
		if (deadline > s->now)
			s->now = deadline;
		referee_tick(s->ref, s->now);
	}
}

/* Lets the referee's quiet periods run out one after the other until
 * none is running (a judgement may start another wait: the counts, the
 * next sowing's first drops); a bound keeps a referee that never
 * settles from holding the simulation. */
void sim_settle_all(struct sim *s)
{
	uint64_t deadline;

	for (int k = 0; k < 64 && (deadline = referee_deadline(s->ref)) != 0;
	     k++) {
		if (deadline > s->now)
			s->now = deadline;
		referee_tick(s->ref, s->now);
	}
}

/* ----------------------------------------------------------- the board */

int sim_to_move(const struct sim *s)
{
	return s->ops->to_move(s->game, s->pos).seat;
}

const char *sim_seat_name(const struct sim *s, int seat)
{
	return rules_seat_name(s->ops, seat);
}

/* How far `seat` leads the best other seat on the game's score. */
static int lead(const struct sim *s, const void *pos, int seat)
{
	struct rules_result r;
	int seats = rules_game_seats(s->game), best = 0, any = 0;

	s->ops->result(s->game, pos, &r);
	for (int i = 0; i < seats; i++)
		if (i != seat && (!any || r.score[i] > best))
			best = r.score[i], any = 1;
	return r.score[seat] - best;
}

/* The move the player means to make, among those made on the board. */
int sim_choose(struct sim *s, const struct sim_act *acts, int n)
{
	size_t size = rules_position_size(s->game);
	int best = -1, best_score = 0, ties = 0, seat = sim_to_move(s);

	if (s->cfg.player == SIM_RANDOM)
		return sim_rng_below(s, n);
	for (int i = 0; i < n; i++) {
		struct rules_outcome out;
		int score;

		memcpy(s->scratch, s->pos, size);
		s->ops->apply(s->game, s->scratch, &acts[i].move, &out, NULL,
			      0);
		score = 2 * lead(s, s->scratch, seat) +
			((out.flags & RULES_EXTRA_TURN) ? 3 : 0);
		if (best < 0 || score > best_score) {
			best = i, best_score = score, ties = 1;
		} else if (score == best_score &&
			   sim_rng_below(s, ++ties) == 0) {
			best = i;
		}
	}
	return best;
}

/* ------------------------------------------------------------ the game */

void sim_truth(struct sim *s, FILE *truth, int ply, int seat,
	       const char *move, const struct sim_illegal *il, enum sim_class c,
	       int overlapped)
{
	char when[32];

	if (truth == NULL)
		return;
	trace_format_time(when, sizeof(when), s->now);
	fprintf(truth, "%s %u %d %s %s %s%s%s %s\n", when, s->cfg.table,
		ply, sim_seat_name(s, seat), move,
		il != NULL ? "illegal" : overlapped ? "overlapped" : "legal",
		il == NULL ? "" : ":",
		il == NULL ? "" : il->name, sim_class_name(c));
}

void sim_arbiter(struct sim *s, enum obs_kind kind, const char *text)
{
	s->now += sim_rng_ms(s, 1500, 4000);
	sim_emit(s, kind, NULL, text);
}

/* Players put the board back after a foul. */
void sim_restore(struct sim *s)
{
	if (!referee_restoring(s->ref))
		return;
	s->now += sim_rng_ms(s, 2000, 5000);
	if (s->cfg.buttons && sim_to_move(s) >= 0)
		sim_emit(s, OBS_BUTTON, sim_seat_name(s, sim_to_move(s)), NULL);
	if (s->cfg.world.on)
		sim_settle_all(s);
	else
		sim_settle(s);
}

/* Makes the referee's position the true one if it is not. */
void sim_resync(struct sim *s)
{
	char mine[TEXT_MAX], truth[TEXT_MAX];

	referee_position(s->ref, mine, sizeof(mine));
	s->ops->position_format(s->game, s->pos, RULES_TEXT_FULL, truth,
				sizeof(truth));
	if (strcmp(mine, truth) != 0 || referee_held(s->ref) ||
	    referee_restoring(s->ref)) {
		s->stats.desyncs++;
		sim_arbiter(s, OBS_POSITION, truth);
	}
}

static void sim_button(struct sim *s)
{
	s->now += sim_rng_ms(s, 300, 900);
	sim_emit(s, OBS_BUTTON, sim_seat_name(s, sim_to_move(s)), NULL);
}

/*
 * Whether the move about to be made is played illegally, and how: NULL
 * for a legal move. `drops` gets the illegal drops (none when the
 * touch rule is broken, whose drops are the legal ones).
 */
static const struct sim_illegal *pick_illegal(struct sim *s,
					      const struct sim_act *act,
					      int nacts, int *drops,
					      int *ndrops)
{
	const struct sim_illegal *il = NULL;
	int tries = 0, n = -1, origin;

	if (!sim_rng_chance(s, s->cfg.noise.illegal) || s->nillegal == 0)
		return NULL;
	do {
		il = &s->kind->illegal[sim_rng_below(s, s->nillegal)];
		if (il->drops == NULL)
			n = s->cfg.lifts && nacts > 1 ? 0 : -1;
		else
			n = il->drops(s, s->game, s->pos, act, drops, &origin);
	} while (n < 0 && ++tries < 20);
	for (int i = 0; i < n; i++)
		drops[i] &= SIM_DROP_PLACE;
	*ndrops = n;
	return n < 0 ? NULL : il;
}

/* A hand over the board: the origin of the move, or of another one
 * when the touch rule is broken. */
static void lift(struct sim *s, const struct sim_act *acts, int nacts,
		 int pick, const struct sim_illegal *il)
{
	int touched = acts[pick].origin;

	if (il != NULL && il->drops == NULL)
		touched = acts[(pick + 1 + sim_rng_below(s, nacts - 1)) %
			       nacts].origin;
	sim_emit(s, OBS_LIFT, s->names[touched], NULL);
	s->now += sim_rng_ms(s, 200, 500);
}

/* The drops of a move as the sensors report them. */
static void drop(struct sim *s, const int *drops, int ndrops,
		 const struct sim_act *carried)
{
	struct pulse pulses[SIM_PULSES_MAX];
	int np;

	np = sim_pulses(s, drops, ndrops, carried, pulses);
	np = sim_noise(s, pulses, np, ndrops);
	for (int i = 0; i < np; i++) {
		if (pulses[i].t > s->now)
			s->now = pulses[i].t;
		sim_emit(s, OBS_DROP, s->names[pulses[i].place], NULL);
	}
	if (np == 0)
		s->now += sim_rng_ms(s, 2000, 3000);
}

/*
 * One move made on the board by the seat to move, legally or not, among
 * those hand_move() listed. Returns 1 when the game is over.
 */
static int board_move(struct sim *s, FILE *truth)
{
	int drops[SIM_DROPS_MAX + 1], ndrops = 0, n, pick, from;
	int seat = sim_to_move(s), turn_ends;
	const struct sim_illegal *il;
	const struct sim_act *act;
	struct rules_outcome out;
	enum sim_class c;

	n = (int)s->nacts;	/* as hand_move() found them */
	if (n == 0)
		return 1;
	pick = sim_choose(s, s->acts, n);
	act = &s->acts[pick];
	s->now += sim_rng_ms(s, 800, 3000);
	from = s->nlog;

	il = pick_illegal(s, act, n, drops, &ndrops);
	if (il == NULL || il->drops == NULL) {
		memcpy(drops, act->drop, (size_t)act->ndrops * sizeof(int));
		ndrops = act->ndrops;
	}
	if (s->cfg.lifts)
		lift(s, s->acts, n, pick, il);
	memcpy(s->after, s->pos, rules_position_size(s->game));
	s->ops->apply(s->game, s->after, &act->move, &out, NULL, 0);
	turn_ends = il != NULL || !(out.flags & RULES_EXTRA_TURN) ||
		    (out.flags & RULES_GAME_OVER);

	drop(s, drops, ndrops, il == NULL || il->drops == NULL ? act : NULL);
	if (il == NULL && turn_ends && s->cfg.buttons)
		sim_button(s);
	sim_settle(s);

	/* The verdict, and what the arbiter does about it: moves the
	 * referee took wrongly are taken back, then the truth is put. */
	if (il == NULL) {
		c = sim_judge_legal(s, act, from);
		memcpy(s->pos, s->after, rules_position_size(s->game));
	} else {
		c = sim_judge_illegal(s, from);
	}
	s->stats.count[c]++;
	sim_truth(s, truth, s->ply + 1, seat, act->text, il, c, 0);
	if (il == NULL)
		s->ply++;
	sim_resync(s);
	s->nlog = 0;
	return il == NULL && (out.flags & RULES_GAME_OVER);
}

/* A counting board: one snapshot per turn. */
static int snapshot_turn(struct sim *s, FILE *truth)
{
	struct rules_outcome out;
	int over = 0, n, from = s->nlog;
	const struct logged *v;
	char text[TEXT_MAX];

	s->now += sim_rng_ms(s, 2000, 6000);
	do {
		n = (int)s->kind->acts(s->game, s->pos, s->acts,
				       s->ops->max_moves);
		if (n == 0)
			return 1;
		n = sim_choose(s, s->acts, n);
		sim_truth(s, truth, s->ply + 1, sim_to_move(s),
			  s->acts[n].text, NULL, SIM_LEGAL_ACCEPTED, 0);
		s->ops->apply(s->game, s->pos, &s->acts[n].move, &out, NULL, 0);
		s->ply++;
		s->stats.legal++;
		s->stats.count[SIM_LEGAL_ACCEPTED]++;
		over = (out.flags & RULES_GAME_OVER) != 0;
	} while ((out.flags & RULES_EXTRA_TURN) && !over);
	s->kind->counts(s->game, s->pos, s->counts);
	if (sim_rng_chance(s, s->cfg.noise.miss)) {
		int at = sim_rng_below(s, s->places);

		s->counts[at] += s->counts[at] > 0 && sim_rng_below(s, 2) ?
				 -1 : 1;
	}
	s->kind->snapshot(s->game, s->counts, text, sizeof(text));
	sim_emit(s, OBS_SNAPSHOT, NULL, text);
	v = sim_verdict_on_move(s, from);
	if (v == NULL || v->kind == VERDICT_FOUL || v->kind == VERDICT_HOLD) {
		s->stats.count[SIM_LEGAL_ACCEPTED]--;
		s->stats.count[v == NULL ? SIM_LEGAL_UNSEEN :
			       v->kind == VERDICT_HOLD ? SIM_LEGAL_HELD :
			       SIM_LEGAL_FOULED]++;
	}
	sim_resync(s);
	s->nlog = 0;
	return over;
}

/* A legal move not made on the board (entered by hand), or -1; the
 * moves made on the board in s->acts. */
static int hand_move(struct sim *s)
{
	size_t n = s->ops->legal_moves(s->game, s->pos, s->legal,
				       s->ops->max_moves);
	size_t nacts = s->kind->acts(s->game, s->pos, s->acts,
				     s->ops->max_moves);

	s->nacts = nacts;

	for (size_t m = 0; m < n && m < s->ops->max_moves; m++) {
		size_t a = 0;

		while (a < nacts && memcmp(&s->acts[a].move, &s->legal[m],
					   sizeof(s->legal[m])) != 0)
			a++;
		if (a == nacts)
			return (int)m;
	}
	return -1;
}

/* Now and then a move offered off the board (a swap of seats) is
 * taken, entered by hand. Returns 1 when one was. */
static int by_hand(struct sim *s, FILE *truth)
{
	struct rules_outcome out;
	char text[SIM_MOVE_TEXT];
	int m = hand_move(s);

	if (m < 0 || s->ops->move_format(s->game, s->pos, &s->legal[m], text,
					 sizeof(text)) < 0 ||
	    sim_rng_below(s, 4) != 0)
		return 0;
	s->now += sim_rng_ms(s, 1000, 3000);
	sim_truth(s, truth, s->ply + 1, sim_to_move(s), text, NULL,
		  SIM_LEGAL_ACCEPTED, 0);
	sim_emit(s, OBS_ENTRY, NULL, text);
	s->ops->apply(s->game, s->pos, &s->legal[m], &out, NULL, 0);
	s->ply++;
	sim_resync(s);
	s->nlog = 0;
	return 1;
}

/* The game's first position, told to the referee. -1 when `from` is
 * malformed or over. */
static int begin(struct sim *s, const char *from)
{
	char err[RULES_ERR_MAX];

	if (from == NULL) {
		s->ops->start(s->game, s->pos);
		sim_emit(s, OBS_START, NULL, NULL);
		return 0;
	}
	/* Going on with a game under way: the referee is told the
	 * position as the arbiter would tell it. */
	if (s->ops->position_parse(s->game, from, s->pos, err,
				   sizeof(err)) < 0 || sim_to_move(s) < 0)
		return -1;
	sim_emit(s, OBS_START, NULL, NULL);
	s->now += 1000;
	sim_emit(s, OBS_POSITION, NULL, from);
	return 0;
}

static int play(struct sim *s, struct trace *trace, FILE *truth,
		FILE *verdicts, const char *from)
{
	int over = 0;

	s->trace = trace;
	s->verdicts = verdicts;
	s->nlog = 0;
	s->ply = 0;
	s->dead_place = s->cfg.noise.dead ? sim_rng_below(s, s->places) : -1;
	s->stuck_place = s->cfg.noise.stuck ? sim_rng_below(s, s->places) : -1;
	s->stuck_ply = s->cfg.noise.stuck ? sim_rng_below(s, 20) : -1;
	s->now += s->now == 0 ? 0 : sim_rng_ms(s, 5000, 10000);
	if (s->cfg.world.on)
		sim_world_game(s);
	if (begin(s, from) < 0)
		return -1;
	while (!over && s->ply < s->cfg.max_plies) {
		if (by_hand(s, truth))
			continue;
		if (s->kind->occupancy)
			over = sim_occupancy_turn(s, truth);
		else if (s->cfg.snapshots)
			over = snapshot_turn(s, truth);
		else if (s->cfg.world.on)
			over = sim_world_turn(s, truth);
		else
			over = board_move(s, truth);
	}
	if (!over) {
		s->now += sim_rng_ms(s, 1000, 2000);
		sim_emit(s, OBS_END, NULL, NULL);
	}
	s->stats.games++;
	s->trace = NULL;
	s->verdicts = NULL;
	return 0;
}

void sim_debug_missed(struct sim *s, FILE *out)
{
	s->missed = out;
}

int sim_game(struct sim *s, struct trace *trace, FILE *truth, FILE *verdicts)
{
	return play(s, trace, truth, verdicts, NULL);
}

int sim_game_from(struct sim *s, const char *position, struct trace *trace,
		  FILE *truth, FILE *verdicts)
{
	return play(s, trace, truth, verdicts, position);
}
