/*
 * table_calls.h - what a live table's state says of the tournament: the
 * series called to it, the players of its game, and the next due series
 * (the call-up to come).
 */
#ifndef PITBOSS_TABLE_CALLS_H
#define PITBOSS_TABLE_CALLS_H

#include <stdint.h>

#include "db/db.h"

/*
 * `,"series":…,"players":[…],"next":…` for the table `board_id` whose
 * game (`kind` with `options`) seats `players[0..seats-1]`; malloc'ed, NULL when out of memory.
 * A series is null or {"id","tournament","match","players","total",
 * "target","games"}.
 */
char *table_calls_json(struct db *db, int64_t board_id, const char *kind,
		       const char *options, const int64_t *players, int seats);

#endif
