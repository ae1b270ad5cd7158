/*
 * source_manual.c - a table without sensors: nothing is sensed, every
 * move is entered (`pitboss table enter`, the table's page, the
 * players' PIN pages). The hidden-code game's tables, and any board a
 * club has not wired.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "daemon/source.h"

struct source {
	int unused;
};

static struct source *manual_open(struct loop *loop,
				  const struct table_config *table,
				  const char *resume, source_emit_fn emit,
				  void *ctx, char *err, size_t errlen)
{
	struct source *s = calloc(1, sizeof(*s));

	(void)loop;
	(void)table;
	(void)resume;
	(void)emit;
	(void)ctx;
	if (s == NULL)
		snprintf(err, errlen, "out of memory");
	return s;
}

static void manual_close(struct source *source)
{
	free(source);
}

static const char *manual_status(const struct source *source)
{
	(void)source;
	return "online";
}

const struct source_ops source_manual_ops = {
	.name = "manual",
	.help = "no sensors: every move is entered by hand",
	.open = manual_open,
	.close = manual_close,
	.status = manual_status,
};
