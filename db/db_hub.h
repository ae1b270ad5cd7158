/*
 * db_hub.h - a hub's records of remote tables: the events each table
 * publishes (docs/mqtt.md: one JSON object per record it wrote, with
 * the table's id and its own sequence number) applied to the hub's own
 * store exactly once and in order.
 *
 * An event is kept in hub_events under (table, seq); a second copy of
 * it is ignored and counted. Events are applied in sequence order,
 * each in the transaction that keeps it: one that arrives ahead of a
 * gap waits in hub_events and is applied when the gap fills, and the
 * caller learns the missing range so that it can ask the table for it
 * again. Applying goes through the store's own paths, so the hub's
 * series, brackets, standings and ratings follow from the games it
 * takes in: players and boards are matched by name (made when
 * missing), the table's game ids are mapped in hub_games, and a game
 * that names a hub series ("hub_series") is played in it. An event the
 * records refuse (a move of an unknown game) is kept with the reason
 * and passed, so one bad record does not stop a table's stream.
 */
#ifndef PITBOSS_DB_HUB_H
#define PITBOSS_DB_HUB_H

#include <stdint.h>

#include "db/db.h"

#define DB_HUB_KEY_MAX 33	/* a table's id: [a-z0-9_-]{1,32} */
#define DB_HUB_ANSWERED_MAX 8
#define DB_HUB_APPLY_ALL 1000000000	/* no bound on the events applied */

/* What db_hub_ingest() did with one event. */
struct db_hub_ingest {
	char table[DB_HUB_KEY_MAX];
	int64_t seq;
	int duplicate;		/* it was had already: ignored */
	int applied;		/* events applied now (this and waiting ones) */
	int refused;		/* of those, refused by the records */
	int64_t last_seq;	/* the table's events applied: 1..last_seq */
	int64_t gap_from;	/* events missing before a waiting one, */
	int64_t gap_to;		/* inclusive; 0 and 0 when none */
	int64_t lag_ms;		/* received minus the event's time */
	int more;		/* the next event is here, not applied yet
				 * (the bound reached): db_hub_apply_more() */
	int64_t foreign;	/* from another instance than the table's
				 * pinned one: refused, this many so far */
	char instance[DB_INSTANCE_MAX];	/* the event's */
	int64_t lost;		/* events passed as gone at the table */
	/* The hub's commands answered by the events applied (the first
	 * DB_HUB_ANSWERED_MAX of them). */
	int64_t answered[DB_HUB_ANSWERED_MAX];
	int nanswered;
	int queued;		/* commands queued (series called by auto
				   call to remote tables) */
};

/* Whether `key` is a table id as the topics use it. */
int db_hub_key_ok(const char *key);

/*
 * Takes in one event as received (`json`, `len` bytes) at `received`
 * (NULL: now). DB_REFUSED without writing anything when it is not an
 * event (bad JSON, no table or seq); DB_FAILED when the store fails
 * (nothing written: the event is asked for again as a gap later).
 */
int db_hub_ingest(struct db *db, const char *json, int len,
		  const char *received, struct db_hub_ingest *out);
/*
 * The same, for an event that came on `topic_table`'s topic (NULL: not
 * checked): refused when the event names another table. At most
 * `apply_max` events are applied; out->more says the next one waits
 * (db_hub_apply_more() goes on). The first instance heard of for a
 * table is pinned: an event of another is not kept (out->foreign).
 */
int db_hub_ingest_from(struct db *db, const char *topic_table,
		       const char *json, int len, const char *received,
		       int apply_max, struct db_hub_ingest *out);
/* The events of `table` waiting after its last applied, `apply_max` at
 * most, applied. */
int db_hub_apply_more(struct db *db, const char *table, int apply_max,
		      struct db_hub_ingest *out);
/*
 * A table's answer that events from..to are gone (pruned there), as
 * received on `topic_table`'s topic: those the hub lacks right after
 * its last applied one are counted lost (out->lost) and passed, and
 * the events waiting after them applied (`apply_max` at most).
 */
int db_hub_gone(struct db *db, const char *topic_table, const char *json,
		int len, int apply_max, struct db_hub_ingest *out);
/*
 * The board of `table`'s games in the hub's records: the one it had,
 * else one made for it named `name` as the table calls it, or "name
 * (table)" when a board of the hub's own or of another table has that
 * name already, so that a remote table never shares a board.
 */
int db_hub_board(struct db *db, const char *table, const char *name,
		 int64_t *id);
/* Whether `instance` is not the one pinned for `table`. */
int db_hub_instance_other(struct db *db, const char *table,
			  const char *instance);
/* Applied events received more than `keep_days` ago deleted (never one
 * waiting); *deleted says how many. */
int db_hub_prune(struct db *db, int keep_days, int64_t *deleted);

/* A table's status message (topic .../status), as received. */
int db_hub_status(struct db *db, const char *json, int len,
		  const char *received);

/* A remote table as the hub knows it. */
struct db_hub_table {
	char table[DB_HUB_KEY_MAX];
	char state[16];		/* online, offline, "" when not heard */
	int64_t last_seq;	/* applied without a gap */
	int64_t table_seq;	/* the last its status gave, -1 unknown */
	int64_t waiting;	/* events kept ahead of a gap */
	int64_t gap_from, gap_to;	/* the first gap, 0 0 when none */
	int64_t duplicates;
	int64_t refused;	/* events the records refused */
	char seen[DB_TIME_MAX];	/* last heard of, "" never */
	int64_t lag_ms;		/* of the newest event, -1 unknown */
	int64_t board_id;	/* its board in the hub's records, 0 none */
	char board[NAMES_MAX_BYTES];
	char instance[DB_INSTANCE_MAX];	/* pinned, "" none yet */
	char foreign_instance[DB_INSTANCE_MAX];	/* another heard, "" none */
	int64_t foreign_events;		/* its events refused */
	char foreign_seen[DB_TIME_MAX];	/* when last, "" never */
	int64_t lost;			/* events gone at the table */
};

int db_hub_tables(struct db *db,
		  int (*each)(void *ctx, const struct db_hub_table *t),
		  void *ctx);
int db_hub_table_get(struct db *db, const char *key,
		     struct db_hub_table *out);
/* Table `key`'s events from..to applied (not refused), each as the
 * dashboard's live event (a verdict's fields, with "remote", "seq" and
 * the hub's "game" and "board"), in order. */
int db_hub_live(struct db *db, const char *key, int64_t from, int64_t to,
		int (*each)(void *ctx, const char *json), void *ctx);
/* The remote table playing at board `board_id`: its key into `key`,
 * or DB_REFUSED when the board is a local one. */
int db_hub_table_of_board(struct db *db, int64_t board_id, char *key,
			  size_t len);
/* The hub's game of a table's game; 0 when not known. */
int db_hub_game(struct db *db, const char *key, int64_t remote_game,
		int64_t *game_id);

/* The player named `name` (as `pitboss` finds names), made when
 * missing. */
int db_hub_player_named(struct db *db, const char *name, int64_t *id);

/*
 * A hub's series for a remote table (db_hub_series.c): series
 * `series_id` as the JSON object its call carries (malloc'ed into
 * *json): {"id","kind","options","target","first","games","status",
 * "players":[A,B]}.
 */
int db_hub_series_json(struct db *db, int64_t series_id, char **json);
/* At the table: the series it plays for the hub's series `json` (made
 * the first time, the same one when sent again) into *id. Refused when
 * it is not one, or has games played already. */
int db_hub_series_mirror(struct db *db, const char *json, int64_t *id);

#endif
