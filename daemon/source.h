/*
 * source.h - where a table's observations come from: the GPIO board, a
 * trace file played in real time, a simulated table, a camera. Each
 * source registers what it needs with the loop and hands observations to
 * the table through `emit`, stamped with the loop's monotonic clock.
 *
 * A source is one file: its keys of pitboss.conf(5) in a descriptor
 * table, parsed into a block of its own (behind table_config's
 * `source_conf`), its check of a table, and its driver; and one line in
 * source.c's registry. A source this build lacks keeps its registry
 * entry, made with SOURCE_NOT_COMPILED_IN, so that a table naming it is
 * refused with the reason.
 */
#ifndef PITBOSS_SOURCE_H
#define PITBOSS_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/conf.h"
#include "daemon/loop.h"
#include "referee/observation.h"
#include "referee/referee.h"

typedef void (*source_emit_fn)(void *ctx, const struct observation *obs);

struct source;

/* A source's keys and how its block is made and checked. */
struct source_conf {
	const struct conf_item *items;
	size_t nitems;
	size_t size;			/* of the block */
	/* Optional: defaults the items do not give (before them). */
	void (*init)(void *block);
	/* CONF_EACH keys: item `it` for WORD `word` at `line`, its value
	 * of the right type. 0, or -1 with why in `why`. */
	int (*each)(void *block, const struct conf_item *it, const char *word,
		    const char *value, unsigned line, char *why, size_t len);
	/* Optional: the table coherent for the source (pass 2); may fill
	 * the block from the table. 0, or -1 through conf_check_fail(). */
	int (*check)(const struct conf_check *c);
	/* Optional: what the table uses alone, none used twice in the
	 * file (pass 3). Up to `cap` claims into `out`; their number. */
	size_t (*claims)(const void *block, struct conf_claim *out,
			 size_t cap);
};

struct source_ops {
	const char *name;
	const char *help;		/* what it is, for --help */
	struct source_conf conf;
	unsigned flags;
	/*
	 * Starts the table's source: `table` gives its id, game, options,
	 * speed and the source's block, and stays valid while it is open.
	 * `resume` is the position of a game under way, "" when none.
	 * NULL with the reason in `err`.
	 */
	struct source *(*open)(struct loop *loop,
			       const struct table_config *table,
			       const char *resume, source_emit_fn emit,
			       void *ctx, char *err, size_t errlen);
	void (*close)(struct source *source);
	/* Optional: a verdict was given; `mover` is the seat to move now
	 * (-1 when no game is on). Drives turn lights and the foul buzzer. */
	void (*verdict)(struct source *source, const struct verdict *verdict,
			int mover);
	/* Optional: "online", or why the sensors are offline. */
	const char *(*status)(const struct source *source);
	/* Optional: the file of the frame its last snapshot was read
	 * from (kept for the records), "" when none was kept. */
	const char *(*frame)(const struct source *source);
	/* Optional: a PNG file to show the arbiter, rewritten whole as the
	 * source sees the board (a camera's last frame with its places
	 * drawn), "" when none. */
	const char *(*image)(const struct source *source);
};

enum {
	/* Plays recorded or simulated time, which --speed runs faster,
	 * and the referee's timings with it; a board runs in real time. */
	SOURCE_PLAYED_TIME = 1u << 0,
	/* Not in this build: opening it and checking a table that names
	 * it answer "source 'NAME' is not compiled in". */
	SOURCE_MISSING = 1u << 1,
	/* Reads the board once it has been still for the table's
	 * settle-ms, whatever the game. */
	SOURCE_SETTLES = 1u << 2,
	/* Sees the whole board at once: may be a table's 'check', its
	 * snapshots checking the moves the table's source reads. */
	SOURCE_CHECKS = 1u << 3
};

/* The entry of a source this build lacks. */
#define SOURCE_NOT_COMPILED_IN(NAME, HELP) { \
	.name = NAME, .help = HELP, .flags = SOURCE_MISSING, \
	.conf = { .check = source_missing_check }, \
	.open = source_missing_open, .close = source_missing_close }

/* The driver of a source name ("sim", "replay"), or NULL. */
const struct source_ops *source_find(const char *name);
/* The registry in order; NULL past the end. */
const struct source_ops *source_at(size_t index);

int source_missing_check(const struct conf_check *c);
struct source *source_missing_open(struct loop *loop,
				   const struct table_config *table,
				   const char *resume, source_emit_fn emit,
				   void *ctx, char *err, size_t errlen);
void source_missing_close(struct source *source);

/* How often source_gpio looks for an offline board, in µs (5 s). */
extern uint64_t source_gpio_retry_us;

#endif
