/*
 * source_play.c - sources that play a recorded or simulated stream of
 * observations in real time: `replay` (a trace file, once) and `sim` (a
 * simulated table, game after game). Observation times are rebased on
 * the loop's clock and scaled by the speed factor, one timer at a time.
 * Each has its keys of pitboss.conf(5): the replay's block is a struct
 * replay_conf, the simulator's a struct sim_config.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/source.h"
#include "referee/sim.h"
#include "referee/sim_game.h"
#include "referee/trace.h"
#include "rules/rules.h"

struct source {
	struct loop *loop;
	source_emit_fn emit;
	void *ctx;
	unsigned table;
	double speed;
	struct trace trace;	/* the stream being played */
	size_t next;
	uint64_t base_loop;	/* loop time of trace time base_trace */
	uint64_t base_trace;
	int timer;
	uint64_t due;		/* when the next observation is due */
	struct sim *sim;	/* sim: makes the next game */
	int resume;		/* sim: the first game goes on from a position */
	char resume_position[256];
};

static void schedule(struct source *s);

static void fire(void *ctx)
{
	struct source *s = ctx;
	struct observation o = s->trace.obs[s->next++];

	s->timer = -1;
	/* Stamped with when it was due, as a board's kernel stamps its
	 * edges: a busy moment of the daemon does not bunch the seeds. */
	o.t_us = s->due;
	o.table = s->table;
	s->emit(s->ctx, &o);
	schedule(s);
}

/* The next game of a simulated table, appended to an empty trace. */
static int next_game(struct source *s)
{
	s->trace.nobs = 0;
	s->next = 0;
	if (s->resume) {
		s->resume = 0;
		/* The table is resumed already: skip the start and the
		 * position that lead the simulated stream. */
		if (sim_game_from(s->sim, s->resume_position, &s->trace,
				  NULL, NULL) == 0 && s->trace.nobs > 2) {
			s->next = 2;
			return 0;
		}
		s->trace.nobs = 0;
	}
	return sim_game(s->sim, &s->trace, NULL, NULL);
}

static void schedule(struct source *s)
{
	uint64_t at;

	if (s->next == s->trace.nobs) {
		if (s->sim == NULL || next_game(s) < 0 || s->trace.nobs == 0)
			return;		/* a replay plays once */
		s->base_loop = loop_now();
		s->base_trace = s->trace.obs[s->next].t_us;
	}
	at = s->base_loop + (uint64_t)((double)(s->trace.obs[s->next].t_us -
						 s->base_trace) / s->speed);
	s->due = at;
	s->timer = loop_at(s->loop, at, fire, s);
}

static struct source *play_new(struct loop *loop,
			       const struct table_config *table,
			       source_emit_fn emit, void *ctx)
{
	struct source *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->loop = loop;
	s->emit = emit;
	s->ctx = ctx;
	s->table = table->id;
	s->speed = table->speed > 0 ? table->speed : 1.0;
	s->timer = -1;
	s->base_loop = loop_now();
	return s;
}

static void play_close(struct source *s)
{
	if (s == NULL)
		return;
	if (s->timer >= 0)
		loop_cancel(s->loop, s->timer);
	trace_free(&s->trace);
	sim_free(s->sim);
	free(s);
}

/* ------------------------------------------------------------- replay */

struct replay_conf {
	char trace[CONF_PATH_MAX];
};

static const struct conf_item replay_items[] = {
	{ "trace", CONF_REQUIRED, CONF_PATH, NULL,
	  "trace file to play (pitboss-trace(5))",
	  CONF_AT(struct replay_conf, trace), 0, 0, NULL, NULL },
};

/* The table's own observations of the trace, or of its only table. */
static int replay_take(struct source *s, const struct trace *whole,
		       const struct table_config *table, const char *path,
		       char *err, size_t errlen)
{
	const struct trace_table *t = trace_table_find(whole, table->id);

	if (t == NULL && whole->ntables == 1)
		t = &whole->table[0];	/* a one-table trace fits any table */
	if (t == NULL) {
		rules_error(err, errlen, "%s: no table %u in the trace", path,
			    table->id);
		return -1;
	}
	if (strcmp(t->game, table->game) != 0) {
		rules_error(err, errlen, "%s: table %u plays %s, not %s", path,
			    t->id, t->game, table->game);
		return -1;
	}
	for (size_t i = 0; i < whole->nobs; i++)
		if (whole->obs[i].table == t->id &&
		    trace_append(&s->trace, &whole->obs[i]) < 0) {
			rules_error(err, errlen, "out of memory");
			return -1;
		}
	return 0;
}

static struct source *replay_open(struct loop *loop,
				  const struct table_config *table,
				  const char *resume, source_emit_fn emit,
				  void *ctx, char *err, size_t errlen)
{
	const struct replay_conf *rc = table->source_conf;
	struct source *s;
	struct trace whole;

	(void)resume;	/* a trace plays from its start */
	if (trace_read_file(rc->trace, &whole, err, errlen) < 0)
		return NULL;
	s = play_new(loop, table, emit, ctx);
	if (s == NULL) {
		rules_error(err, errlen, "out of memory");
		trace_free(&whole);
		return NULL;
	}
	if (replay_take(s, &whole, table, rc->trace, err, errlen) < 0) {
		trace_free(&whole);
		play_close(s);
		return NULL;
	}
	trace_free(&whole);
	if (s->trace.nobs > 0)
		s->base_trace = s->trace.obs[0].t_us;
	schedule(s);
	return s;
}

/* What replay_open() would refuse, refused by pitbossd -t: a trace that
 * cannot be read, or that has no table of this game. */
static int replay_check(const struct conf_check *c)
{
	const struct replay_conf *rc = c->table->source_conf;
	const struct trace_table *t;
	struct trace whole;
	char why[CONF_ERR_MAX];
	int r = 0;

	if (trace_read_file(rc->trace, &whole, why, sizeof(why)) < 0)
		return conf_check_fail(c, c->seen[0], "trace", "%s", why);
	t = trace_table_find(&whole, c->table->id);
	if (t == NULL && whole.ntables == 1)
		t = &whole.table[0];
	if (t == NULL)
		r = conf_check_fail(c, c->seen[0], "trace", "no table %u in "
				    "the trace", c->table->id);
	else if (strcmp(t->game, c->table->game) != 0)
		r = conf_check_fail(c, c->seen[0], "trace", "its table %u "
				    "plays %s, not %s", t->id, t->game,
				    c->table->game);
	trace_free(&whole);
	return r;
}

const struct source_ops source_replay_ops = {
	.name = "replay",
	.help = "a trace file played in real time",
	.conf = {
		.items = replay_items,
		.nitems = sizeof(replay_items) / sizeof(replay_items[0]),
		.size = sizeof(struct replay_conf),
		.check = replay_check,
	},
	.flags = SOURCE_PLAYED_TIME,
	.open = replay_open,
	.close = play_close,
};

/* ---------------------------------------------------------------- sim */

static const char *const player_names[] = { "random", "greedy", NULL };

#define S(field) CONF_AT(struct sim_config, field)

/* "" or one of the simulator's named levels. */
static const char *check_level(const char *value, char *buf, size_t len)
{
	size_t n = 0;

	if (value[0] == '\0')
		return NULL;
	for (int i = 0; sim_levels[i] != NULL; i++)
		if (strcmp(value, sim_levels[i]) == 0)
			return NULL;
	n = (size_t)snprintf(buf, len, "'%s' is not ", value);
	for (int i = 0; sim_levels[i] != NULL && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i == 0 ? "" :
				      sim_levels[i + 1] == NULL ? " or " : ", ",
				      sim_levels[i]);
	return buf;
}

static const struct conf_item sim_items[] = {
	{ "seed", 0, CONF_U64, "1", "seed of the simulation", S(seed), 0, 0,
	  NULL, NULL },
	{ "player", 0, CONF_CHOICE, "greedy", "how the players choose",
	  S(player), 0, 0, player_names, NULL },
	{ "sim.buttons", 0, CONF_BOOL, "yes",
	  "players press the end-of-turn button", S(buttons), 0, 0, NULL,
	  NULL },
	{ "sim.lifts", 0, CONF_BOOL, "no", "the board has hand-in-pit sensors",
	  S(lifts), 0, 0, NULL, NULL },
	{ "sim.level", 0, CONF_TEXT, "",
	  "the physically modelled board and players: clean, moderate or "
	  "heavy; empty: the per-pulse noise.* rates", S(level), 0, 0, NULL,
	  check_level },
	{ "sim.counts", 0, CONF_BOOL, "no",
	  "with sim.level: a count source too, its counts after each move",
	  S(counts), 0, 0, NULL, NULL },
	{ "noise.bounce", 0, CONF_RATE, "0",
	  "per pulse: a second edge within the debounce time",
	  S(noise.bounce), 0, 0, NULL, NULL },
	{ "noise.miss", 0, CONF_RATE, "0", "per pulse: a pulse lost",
	  S(noise.miss), 0, 0, NULL, NULL },
	{ "noise.extra", 0, CONF_RATE, "0", "per pulse: a pulse nothing caused",
	  S(noise.extra), 0, 0, NULL, NULL },
	{ "noise.swap", 0, CONF_RATE, "0",
	  "per pulse: two seeds sensed in swapped order", S(noise.swap), 0, 0,
	  NULL, NULL },
	{ "noise.roll", 0, CONF_RATE, "0",
	  "per pulse: a seed rolls into the next hole", S(noise.roll), 0, 0,
	  NULL, NULL },
	{ "noise.illegal", 0, CONF_RATE, "0",
	  "per move: the move is played illegally", S(noise.illegal), 0, 0,
	  NULL, NULL },
	{ "noise.dead", 0, CONF_BOOL, "no", "one line per game never fires",
	  S(noise.dead), 0, 0, NULL, NULL },
	{ "noise.stuck", 0, CONF_BOOL, "no",
	  "one line per game chatters for a while", S(noise.stuck), 0, 0,
	  NULL, NULL },
};

#define NSIM_ITEMS (sizeof(sim_items) / sizeof(sim_items[0]))

static void sim_init(void *block)
{
	sim_config_default(block);
}

/* The simulated table plays the table's game, options and referee. */
static int sim_check(const struct conf_check *c)
{
	struct sim_config *sim = c->table->source_conf;

	if (sim_game_find(c->game->ops->name) == NULL)
		return conf_check_fail(c, c->source_line, "source",
				       "the simulator has no board for this game");
	for (size_t i = 0; sim->level[0] != '\0' && i < NSIM_ITEMS; i++)
		if (c->seen[i] && strncmp(sim_items[i].key, "noise.", 6) == 0)
			return conf_check_fail(c, c->seen[i], sim_items[i].key,
					       "sim.level replaces the per-pulse "
					       "noise: set one or the other");
	if (sim->level[0] != '\0' && !sim->world.on)
		sim_config_level(sim, sim->level);
	else if (sim->level[0] == '\0' && sim->counts)
		return conf_check_fail(c, c->source_line, "sim.counts",
				       "a count source is simulated with "
				       "sim.level only");
	sim->table = c->table->id;
	snprintf(sim->game, sizeof(sim->game), "%s", c->game->ops->name);
	snprintf(sim->options, sizeof(sim->options), "%s", c->table->options);
	sim->referee = c->table->referee;
	return 0;
}

static struct source *sim_open(struct loop *loop,
			       const struct table_config *table,
			       const char *resume, source_emit_fn emit,
			       void *ctx, char *err, size_t errlen)
{
	struct source *s;

	s = play_new(loop, table, emit, ctx);
	if (s == NULL) {
		rules_error(err, errlen, "out of memory");
		return NULL;
	}
	s->sim = sim_new(table->source_conf, err, errlen);
	if (s->sim == NULL) {
		play_close(s);
		return NULL;
	}
	if (resume != NULL && resume[0] != '\0') {
		s->resume = 1;
		snprintf(s->resume_position, sizeof(s->resume_position), "%s",
			 resume);
	}
	schedule(s);
	return s;
}

const struct source_ops source_sim_ops = {
	.name = "sim",
	.help = "a simulated table: players, sensor noise, an arbiter",
	.conf = {
		.items = sim_items,
		.nitems = NSIM_ITEMS,
		.size = sizeof(struct sim_config),
		.init = sim_init,
		.check = sim_check,
	},
	.flags = SOURCE_PLAYED_TIME,
	.open = sim_open,
	.close = play_close,
};
