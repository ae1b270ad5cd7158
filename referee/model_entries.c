/*
 * model_entries.c - the board of no sensed place: every move is entered
 * (by the players at a terminal, or by the arbiter), which the referee
 * core reads for every game. The model reads no observation; drops,
 * hands and snapshots at such a table name no place of it.
 */
#include "config.h"

#include <stddef.h>

#include "referee/referee_impl.h"

static int nothing;

static void *entries_open(struct referee *ref)
{
	(void)ref;
	return &nothing;	/* no state, and not out of memory */
}

static void entries_close(void *state)
{
	(void)state;
}

static void entries_feed(struct referee *ref, void *state,
			 const struct observation *obs)
{
	(void)ref;
	(void)state;
	(void)obs;
}

const struct sense_model sense_model_entries = {
	.name = "entries",
	.reads = 0,
	.open = entries_open,
	.close = entries_close,
	.feed = entries_feed,
};
