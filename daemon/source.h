/*
 * source.h - where a table's observations come from: the GPIO board, a
 * trace file played in real time, or a simulated table. Each source
 * registers what it needs with the loop and hands observations to the
 * table through `emit`, stamped with the loop's monotonic clock.
 */
#ifndef PITBOSS_SOURCE_H
#define PITBOSS_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/loop.h"
#include "referee/observation.h"
#include "referee/referee.h"
#include "referee/sim.h"
#include "gpio/gpio.h"

typedef void (*source_emit_fn)(void *ctx, const struct observation *obs);

struct source_params {
	unsigned table;
	char game[16];
	char options[200];
	char trace_path[4096];		/* replay */
	double speed;			/* replay, sim: 1 = real time */
	struct sim_config sim;		/* sim */
	char resume_position[256];	/* sim: go on from here, "" = new game */
	struct gpio_table_config gpio;	/* gpio */
};

struct source;

struct source_ops {
	const char *name;
	struct source *(*open)(struct loop *loop,
			       const struct source_params *params,
			       source_emit_fn emit, void *ctx, char *err,
			       size_t errlen);
	void (*close)(struct source *source);
	/* Optional: a verdict was given; `mover` is the seat to move now
	 * (-1 when no game is on). Drives turn lights and the foul buzzer. */
	void (*verdict)(struct source *source, const struct verdict *verdict,
			int mover);
	/* Optional: "online", or why the sensors are offline. */
	const char *(*status)(const struct source *source);
};

/* The driver of a source name ("sim", "replay"), or NULL. */
const struct source_ops *source_find(const char *name);

extern const struct source_ops source_sim_ops;
extern const struct source_ops source_replay_ops;
extern const struct source_ops source_gpio_ops;
/* How often source_gpio looks for an offline board, in µs (5 s). */
extern uint64_t source_gpio_retry_us;

#endif
