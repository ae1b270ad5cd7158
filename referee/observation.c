/*
 * observation.c - observation kinds and their trace keywords.
 */
#include "config.h"

#include <string.h>

#include "referee/observation.h"

static const struct {
	const char *name;
	enum obs_arg arg;
} kinds[OBS_KIND_COUNT] = {
	[OBS_START] = { "start", OBS_ARG_OPT_TEXT },
	[OBS_END] = { "end", OBS_ARG_NONE },
	[OBS_DROP] = { "drop", OBS_ARG_WHERE },
	[OBS_LIFT] = { "lift", OBS_ARG_WHERE },
	[OBS_BUTTON] = { "button", OBS_ARG_WHERE },
	[OBS_SNAPSHOT] = { "snapshot", OBS_ARG_TEXT },
	[OBS_ENTRY] = { "entry", OBS_ARG_TEXT },
	[OBS_CONFIRM] = { "confirm", OBS_ARG_NONE },
	[OBS_REJECT] = { "reject", OBS_ARG_NONE },
	[OBS_CORRECT] = { "correct", OBS_ARG_TEXT },
	[OBS_POSITION] = { "position", OBS_ARG_TEXT },
	[OBS_UNDO] = { "undo", OBS_ARG_NONE },
};

const char *obs_kind_name(enum obs_kind kind)
{
	if ((unsigned)kind >= OBS_KIND_COUNT)
		return "?";
	return kinds[kind].name;
}

int obs_kind_find(const char *name)
{
	for (int k = 0; k < OBS_KIND_COUNT; k++)
		if (strcmp(kinds[k].name, name) == 0)
			return k;
	return -1;
}

enum obs_arg obs_kind_arg(enum obs_kind kind)
{
	if ((unsigned)kind >= OBS_KIND_COUNT)
		return OBS_ARG_NONE;
	return kinds[kind].arg;
}
