/*
 * replay.h - running a trace through the referees: one referee per table
 * of the trace, fed in file order, the same code the daemon runs live.
 */
#ifndef PITBOSS_REPLAY_H
#define PITBOSS_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "referee/referee.h"
#include "referee/trace.h"

struct replay {
	size_t ntables;
	unsigned id[TRACE_TABLES_MAX];
	struct referee *ref[TRACE_TABLES_MAX];
};

/* One referee per table of `trace`. */
int replay_open(struct replay *rp, const struct trace *trace,
		const struct referee_config *config, verdict_fn fn, void *ctx,
		char *err, size_t errlen);
/* The referee of a table id, or NULL. */
struct referee *replay_referee(struct replay *rp, unsigned id);
/* Lets time run to `now` at every table, deadlines in time order. */
void replay_advance(struct replay *rp, uint64_t now);
/* Feeds every observation, then lets time run until all are quiet. */
void replay_run(struct replay *rp, const struct trace *trace);
void replay_close(struct replay *rp);

#endif
