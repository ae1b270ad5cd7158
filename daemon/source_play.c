/*
 * source_play.c - sources that play a recorded or simulated stream of
 * observations in real time: `replay` (a trace file, once) and `sim` (a
 * simulated table, game after game). Observation times are rebased on
 * the loop's clock and scaled by the speed factor, one timer at a time.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/source.h"
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
			       const struct source_params *p,
			       source_emit_fn emit, void *ctx)
{
	struct source *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->loop = loop;
	s->emit = emit;
	s->ctx = ctx;
	s->table = p->table;
	s->speed = p->speed > 0 ? p->speed : 1.0;
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

static struct source *replay_open(struct loop *loop,
				  const struct source_params *p,
				  source_emit_fn emit, void *ctx, char *err,
				  size_t errlen)
{
	struct source *s;
	struct trace whole;
	const struct trace_table *t;

	if (trace_read_file(p->trace_path, &whole, err, errlen) < 0)
		return NULL;
	t = trace_table_find(&whole, p->table);
	if (t == NULL && whole.ntables == 1)
		t = &whole.table[0];	/* a one-table trace fits any table */
	if (t == NULL) {
		rules_error(err, errlen, "%s: no table %u in the trace",
			    p->trace_path, p->table);
		goto err_free_trace;
	}
	if (strcmp(t->game, p->game) != 0) {
		rules_error(err, errlen, "%s: table %u plays %s, not %s",
			    p->trace_path, t->id, t->game, p->game);
		goto err_free_trace;
	}
	s = play_new(loop, p, emit, ctx);
	if (s == NULL) {
		rules_error(err, errlen, "out of memory");
		goto err_free_trace;
	}
	for (size_t i = 0; i < whole.nobs; i++)
		if (whole.obs[i].table == t->id &&
		    trace_append(&s->trace, &whole.obs[i]) < 0) {
			rules_error(err, errlen, "out of memory");
			play_close(s);
			goto err_free_trace;
		}
	trace_free(&whole);
	if (s->trace.nobs > 0)
		s->base_trace = s->trace.obs[0].t_us;
	schedule(s);
	return s;

err_free_trace:
	trace_free(&whole);
	return NULL;
}

static struct source *sim_open(struct loop *loop,
			       const struct source_params *p,
			       source_emit_fn emit, void *ctx, char *err,
			       size_t errlen)
{
	struct source *s;
	struct sim_config cfg = p->sim;

	if (strcmp(p->game, "kalah") != 0) {
		rules_error(err, errlen, "the simulator plays kalah, not %s",
			    p->game);
		return NULL;
	}
	cfg.table = p->table;
	snprintf(cfg.options, sizeof(cfg.options), "%s", p->options);
	s = play_new(loop, p, emit, ctx);
	if (s == NULL) {
		rules_error(err, errlen, "out of memory");
		return NULL;
	}
	s->sim = sim_new(&cfg, err, errlen);
	if (s->sim == NULL) {
		play_close(s);
		return NULL;
	}
	if (p->resume_position[0] != '\0') {
		s->resume = 1;
		snprintf(s->resume_position, sizeof(s->resume_position), "%s",
			 p->resume_position);
	}
	schedule(s);
	return s;
}

const struct source_ops source_replay_ops = {
	.name = "replay",
	.open = replay_open,
	.close = play_close,
};

const struct source_ops source_sim_ops = {
	.name = "sim",
	.open = sim_open,
	.close = play_close,
};
