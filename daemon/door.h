/*
 * door.h - the commands door of pitbossd: commands to live tables (and
 * forfeits), queued in the database by `pitboss table` and the
 * dashboard, carried out in order by the main loop, each outcome
 * written back with what the command wrote, in one transaction. The
 * dashboard rings the door's bell (an eventfd) once
 * its command is committed; another process's command is noticed
 * through inotify on the database's write-ahead log, or by a look every
 * five seconds.
 */
#ifndef PITBOSS_DOOR_H
#define PITBOSS_DOOR_H

#include "daemon/loop.h"
#include "daemon/table.h"
#include "db/db.h"
#include "web/web.h"

struct door;

/*
 * Opens the door on the database at `db_path` (`db` is the daemon's
 * connection to it) for `ntables` tables, which stay open as long as
 * the door, and hangs its bell in `web` (NULL: no dashboard). Commands
 * queued before are carried out at once when queued in the 15 minutes
 * before, closed unexecuted when older. NULL with errno set when it
 * cannot be opened. Close with door_close(), before `web` stops.
 */
struct door *door_open(struct loop *loop, struct db *db, const char *db_path,
		       struct table *const *tables, int ntables,
		       struct web *web);
void door_close(struct door *door);
/*
 * A hub's tables run elsewhere: a command for a board that no table of
 * this daemon runs is offered to `send` (NULL: none), which returns 0
 * when it took it (the board is a remote table's; its outcome is
 * written when the table answers), -1 when the board is no remote
 * table's (refused as for no table).
 */
typedef int (*door_remote_fn)(void *ctx, const struct db_command *c);
void door_set_remote(struct door *door, door_remote_fn send, void *ctx);
/* A command was queued in this process (the MQTT link's): it is taken
 * at the loop's next turn. */
void door_ring(struct door *door);

#endif
