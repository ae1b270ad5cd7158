/*
 * door.h - the commands door of pitbossd: commands to live tables,
 * queued in the database by `pitboss table` and the dashboard, carried
 * out in order by the main loop, each outcome written back.
 */
#ifndef PITBOSS_DOOR_H
#define PITBOSS_DOOR_H

#include "daemon/loop.h"
#include "daemon/table.h"
#include "db/db.h"

struct door;

/*
 * Opens the door on the database at `db_path` (`db` is the daemon's
 * connection to it) for `ntables` tables, which stay open as long as
 * the door. Commands queued before are carried out at once when queued
 * in the 15 minutes before, closed unexecuted when older. NULL when out
 * of memory. Close with door_close().
 */
struct door *door_open(struct loop *loop, struct db *db, const char *db_path,
		       struct table *const *tables, int ntables);
void door_close(struct door *door);

#endif
