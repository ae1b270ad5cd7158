/*
 * source.c - the registry of sources pitbossd can run.
 */
#include "config.h"

#include <string.h>

#include "daemon/source.h"

static const struct source_ops *const registry[] = {
	&source_sim_ops, &source_replay_ops, &source_gpio_ops, NULL
};

const struct source_ops *source_find(const char *name)
{
	for (size_t i = 0; registry[i] != NULL; i++)
		if (strcmp(registry[i]->name, name) == 0)
			return registry[i];
	return NULL;
}
