/*
 * replay.c - a trace through the referees.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "referee/replay.h"

int replay_open(struct replay *rp, const struct trace *trace,
		const struct referee_config *config, verdict_fn fn, void *ctx,
		char *err, size_t errlen)
{
	memset(rp, 0, sizeof(*rp));
	for (size_t i = 0; i < trace->ntables; i++) {
		const struct trace_table *t = &trace->table[i];
		struct referee_config cfg;

		if (config != NULL)
			cfg = *config;
		else
			referee_config_default(&cfg);
		/* A table whose trace holds drops has drop gates from its
		 * start, before the first drop. */
		for (size_t k = 0; k < trace->nobs && !cfg.drop_gates; k++)
			cfg.drop_gates = trace->obs[k].table == t->id &&
					 trace->obs[k].kind == OBS_DROP;
		rp->ref[i] = referee_new(t->id, t->game, t->options, &cfg, fn,
					 ctx, err, errlen);
		if (rp->ref[i] == NULL) {
			replay_close(rp);
			return -1;
		}
		rp->id[i] = t->id;
		rp->ntables = i + 1;
	}
	return 0;
}

struct referee *replay_referee(struct replay *rp, unsigned id)
{
	for (size_t i = 0; i < rp->ntables; i++)
		if (rp->id[i] == id)
			return rp->ref[i];
	return NULL;
}

void replay_advance(struct replay *rp, uint64_t now)
{
	/* Time passes at every table alike: deadlines fire in time order. */
	for (;;) {
		struct referee *next = NULL;
		uint64_t soonest = 0;

		for (size_t t = 0; t < rp->ntables; t++) {
			uint64_t d = referee_deadline(rp->ref[t]);

			if (d != 0 && d <= now && (next == NULL || d < soonest)) {
				next = rp->ref[t];
				soonest = d;
			}
		}
		if (next == NULL)
			return;
		referee_tick(next, soonest);
	}
}

void replay_run(struct replay *rp, const struct trace *trace)
{
	for (size_t i = 0; i < trace->nobs; i++) {
		struct referee *ref = replay_referee(rp, trace->obs[i].table);

		replay_advance(rp, trace->obs[i].t_us);

		if (ref != NULL)
			referee_feed(ref, &trace->obs[i]);
	}
	replay_advance(rp, UINT64_MAX);
}

void replay_close(struct replay *rp)
{
	for (size_t i = 0; i < rp->ntables; i++)
		referee_free(rp->ref[i]);
	rp->ntables = 0;
}
