/*
 * source.c - the registry of sources pitbossd knows, each with its keys
 * of pitboss.conf(5) and its driver; and the answers of a source this
 * build lacks.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "daemon/source.h"

extern const struct source_ops source_gpio_ops;
extern const struct source_ops source_replay_ops;
extern const struct source_ops source_sim_ops;
extern const struct source_ops source_camera_ops;
extern const struct source_ops source_manual_ops;

static const struct source_ops *const registry[] = {
	&source_gpio_ops,
	&source_replay_ops,
	&source_sim_ops,
	&source_camera_ops,
	&source_manual_ops,
	NULL
};

const struct source_ops *source_find(const char *name)
{
	for (size_t i = 0; registry[i] != NULL; i++)
		if (strcmp(registry[i]->name, name) == 0)
			return registry[i];
	return NULL;
}

const struct source_ops *source_at(size_t index)
{
	return index < sizeof(registry) / sizeof(registry[0]) ?
	       registry[index] : NULL;
}

int source_missing_check(const struct conf_check *c)
{
	return conf_check_fail(c, c->source_line, "source", "source '%s' is "
			       "not compiled in", c->table->source->name);
}

struct source *source_missing_open(struct loop *loop,
				   const struct table_config *table,
				   const char *resume, source_emit_fn emit,
				   void *ctx, char *err, size_t errlen)
{
	(void)loop;
	(void)resume;
	(void)emit;
	(void)ctx;
	snprintf(err, errlen, "source '%s' is not compiled in",
		 table->source->name);
	return NULL;
}

void source_missing_close(struct source *source)
{
	(void)source;
}
