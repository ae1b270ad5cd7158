/*
 * db_impl.h - what the files of the records store share: the
 * connection, the table of prepared statements and the transaction and
 * error helpers. Not for use outside db/.
 */
#ifndef PITBOSS_DB_IMPL_H
#define PITBOSS_DB_IMPL_H

#include <sqlite3.h>

#include "db/bracket.h"
#include "db/db.h"
#include "db/series.h"

/* Every statement the store runs; its text is in queries.c. */
enum query {
	Q_BEGIN,
	Q_COMMIT,
	Q_ROLLBACK,
	Q_SAVEPOINT,
	Q_RELEASE,
	Q_ROLLBACK_TO,
	Q_PLAYER_INSERT,
	Q_PLAYER_BY_ID,
	Q_PLAYER_BY_KEY,
	Q_PLAYER_RENAME,
	Q_PLAYER_NAME_HISTORY_ADD,
	Q_PLAYER_RETIRE,
	Q_PLAYER_LIST,
	Q_PLAYER_FORMER_NAMES,
	Q_TABLE_INSERT,
	Q_TABLE_BY_ID,
	Q_TABLE_BY_KEY,
	Q_TABLE_LIST,
	Q_GAME_INSERT,
	Q_GAME_PLAYER_INSERT,
	Q_GAME_STATE,
	Q_GAME_ADVANCE,
	Q_GAME_FINISH,
	Q_GAME_SIDE_INSERT,
	Q_GAME_GET,
	Q_GAME_SIDES,
	Q_GAME_PLAYING_IN_SERIES,
	Q_MOVE_INSERT,
	Q_MOVE_LIST,
	Q_INCIDENT_INSERT,
	Q_HISTORY,
	Q_HISTORY_PLAYER,
	Q_SERIES_INSERT,
	Q_SERIES_GET,
	Q_SERIES_OF_MATCH,
	Q_SERIES_SCORE,
	Q_SERIES_FINISH,
	Q_TOURNAMENT_INSERT,
	Q_TOURNAMENT_BY_ID,
	Q_TOURNAMENT_BY_KEY,
	Q_TOURNAMENT_LIST,
	Q_TOURNAMENT_DRAWN,
	Q_TOURNAMENT_FINISHED,
	Q_ENTRY_INSERT,
	Q_ENTRY_GET,
	Q_ENTRY_SEED_TAKEN,
	Q_ENTRY_SET_SEED,
	Q_ENTRY_WITHDRAW,
	Q_ENTRY_LIST,
	Q_ENTRY_WITHDRAWN,
	Q_ENTRY_SEEDED,
	Q_SLOT_INSERT,
	Q_SLOT_LIST,
	Q_RESULT_INSERT,
	Q_RESULT_LIST,
	Q_SERIES_TOTALS_OF_TOURNAMENT,
	Q_GAME_PLAYING_AT,
	Q_GAME_LAST_AT,
	Q_MOVE_TRUNCATE,
	Q_COMMAND_INSERT,
	Q_COMMAND_BY_KEY,
	Q_COMMAND_KEYS_PRUNE,
	Q_COMMAND_NEXT,
	Q_COMMAND_GET,
	Q_COMMAND_DONE,
	Q_COMMAND_HANDED_ON,
	Q_COMMAND_NEXT_HANDED_ON,
	Q_INCIDENT_LIST,
	Q_HUB_APPLIED,
	Q_HUB_LAST_SEQ,
	Q_HUB_TABLE_ADD,
	Q_HUB_EVENT_ADD,
	Q_HUB_DUPLICATE,
	Q_HUB_SEEN,
	Q_HUB_STATUS,
	Q_HUB_NEXT,
	Q_HUB_PROGRESS,
	Q_HUB_NEWER,
	Q_HUB_TABLES,
	Q_HUB_LIVE,
	Q_HUB_TABLE,
	Q_HUB_TABLE_OF_BOARD,
	Q_HUB_GAME,
	Q_HUB_HEADER,
	Q_HUB_STATUS_READ,
	Q_HUB_PLAYERS,
	Q_HUB_SIDES,
	Q_HUB_GAME_MAP,
	Q_HUB_GAME_BOARD,
	Q_HUB_GAME_UNMAP,
	Q_HUB_START,
	Q_HUB_MOVE,
	Q_HUB_TAKE_BACK,
	Q_HUB_OPTIONS,
	Q_HUB_INCIDENT,
	Q_HUB_OVER,
	Q_HUB_FIX,
	Q_HUB_COMMAND_DONE,
	Q_HUB_BOARD_OF,
	Q_HUB_PIN,
	Q_HUB_PINNED,
	Q_HUB_FOREIGN,
	Q_HUB_GONE_READ,
	Q_HUB_LOST,
	Q_HUB_PRUNE,
	Q_GAME_SET_OPTIONS,
	Q_SERIES_CALL,
	Q_SERIES_CALLED_AT,
	Q_SERIES_NEXT_DUE,
	Q_TOURNAMENT_AUTO_CALL,
	Q_GAME_EMPTY_UNSEAT,
	Q_GAME_EMPTY_INCIDENTS,
	Q_GAME_EMPTY_DELETE,
	Q_TOURNAMENT_FORMAT,
	Q_SERIES_OF_TOURNAMENT,
	Q_GAME_VOID,
	Q_GAME_RESULT_SET,
	Q_GAME_SIDE_SET,
	Q_GAME_SENSED,
	Q_AUDIT_INSERT,
	Q_AUDIT_LIST,
	Q_SERIES_GAMES,
	Q_GAME_DETACH,
	Q_SERIES_DELETE,
	Q_RESULT_DELETE,
	Q_TOURNAMENT_REOPEN,
	Q_GAMES_BY_HAND,
	Q_RATING_GAME,
	Q_RATING_GAME_PLAYERS,
	Q_RATING_GET,
	Q_RATING_PUT,
	Q_RATING_HISTORY_ADD,
	Q_RATING_LATER,
	Q_RATING_STALE,
	Q_RATING_STALE_SET,
	Q_RATING_CLEAR,
	Q_RATING_HISTORY_CLEAR,
	Q_RATING_GAMES_IN_ORDER,
	Q_RATING_LIST,
	Q_RATING_HISTORY,
	Q_RATING_ENTRANTS,
	Q_DATA_VERSION,
	Q_BEGIN_READ,
	Q_COUNT
};

extern const char *const db_query_sql[Q_COUNT];

/* The schema's steps: db_migration[v - 1] takes a file from version
 * v - 1 to v (db_schema.c). */
extern const char *const db_migration[DB_SCHEMA_VERSION];

struct db {
	sqlite3 *sql;
	char path[512];
	sqlite3_stmt *stmt[Q_COUNT];
	char err[DB_ERR_MAX];
	int depth;		/* transactions open: 1, then savepoints */
	char at[DB_TIME_MAX];	/* db_set_time()'s, or "" for now */
	int failed_code;	/* SQLite's code of the last DB_FAILED */
	int lock_fd;		/* a writer's lock on the folder, or -1 */
	int checked;		/* quick_check ran at the opening */
	int opened;		/* db_open() succeeded */
	uint64_t busy_since_ms;	/* when the wait for a lock began */
	uint64_t busy_last_ms;	/* its last look */
};

/*
 * The clean-close mark (db_clean.c). db_clean_open() takes the writer's
 * lock and tells whether the file was closed cleanly (1) or must be
 * checked (0); db_clean_opened() clears the mark before anything is
 * written; db_clean_close() sets it when this is the last writer, and
 * db_clean_unlock() lets the lock go once the file is closed.
 */
int db_clean_open(struct db *db);
int db_clean_opened(struct db *db);
void db_clean_close(struct db *db);
void db_clean_unlock(struct db *db);

/* The statement for `q`, prepared on first use, reset and unbound;
 * NULL (with the error set) if it cannot be prepared. */
sqlite3_stmt *db_stmt(struct db *db, enum query q);

/* The same as DB_OK / DB_FAILED, for chains of `if (rc == DB_OK)`. */
int db_prepare(struct db *db, enum query q, sqlite3_stmt **st);
/* The first column of query `q`'s first row for `key` into `*id` (0 for
 * no row); a failure named by `what`. */
int db_id_of(struct db *db, enum query q, int64_t key, int64_t *id,
	     const char *what);

/* The time a row written now is stamped with: db_set_time()'s, or the
 * clock's. */
void db_stamp(struct db *db, char *buf, size_t len);

/* Record SQLite's last error (after `what` failed); returns DB_FAILED. */
int db_fail(struct db *db, const char *what);
/* Record a refusal; returns DB_REFUSED. */
int db_refuse(struct db *db, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* BEGIN IMMEDIATE; then db_end() commits when rc is DB_OK, else rolls
 * back, and returns rc (or DB_FAILED if the commit failed). Inside a
 * transaction already (db_transaction_begin()), a savepoint: db_end()
 * releases it, or rolls back its part only. */
int db_begin(struct db *db);
int db_end(struct db *db, int rc);
/* db_end() for a call that made a row: its *id stays only if the row
 * was committed, else it is 0 (the next row made may take that id). */
int db_keep_id(struct db *db, int rc, int64_t *id);

/* Steps a statement that returns no row: DB_OK or DB_FAILED. */
int db_exec(struct db *db, sqlite3_stmt *st, const char *what);

/* Binds text, or NULL for an empty/NULL string when `null_if_empty`. */
void db_bind_text(sqlite3_stmt *st, int i, const char *text);
void db_bind_id(sqlite3_stmt *st, int i, int64_t id);	/* 0 -> NULL */
/* Copies column `i` into `buf` ("" for NULL). */
void db_column_text(sqlite3_stmt *st, int i, char *buf, size_t len);

/* Inside a transaction: scores a finished game into its series and
 * advances the tournament when the series ends (db_series.c). */
int db_series_game_finished_tx(struct db *db, int64_t series_id,
			       int64_t game_id);
/* Inside a transaction: a series' state from its finished games, and
 * its row written from a state: finished `how` (play, forfeit,
 * withdrawal) for `winner`, or playing again when `how` is NULL. */
int db_series_replay_tx(struct db *db, const struct db_series_info *info,
			struct series_state *s);
int db_series_close_tx(struct db *db, int64_t sid,
		       const struct series_state *s, const char *how,
		       int winner);
/* Inside a transaction: what a knockout's results now decide (db_knockout.c). */
int db_tournament_sync_tx(struct db *db, int64_t tid);
/* Inside a transaction: the series for every ready bracket match. */
int db_tournament_start_ready_tx(struct db *db, int64_t tid);
/* Inside a transaction: a new series (first -1: by lot), and a series
 * closed off the board ("forfeit", "withdrawal") for `winner` (0, 1). */
int db_series_insert_tx(struct db *db, int64_t tid, int match,
			const char *kind, const char *options, int target,
			int64_t a, int64_t b, int first, int64_t *id);
int db_series_close_unplayed_tx(struct db *db,
				const struct db_series_info *info,
				const char *how, int winner);
/* Round robins (db_roundrobin.c): whether a tournament is one that has
 * been drawn, and its versions of the knockout's steps. */
int db_rr_is(struct db *db, int64_t tid);
int db_rr_draw_tx(struct db *db, const struct db_tournament_info *t,
		  const int64_t *by_seed, int n, int random,
		  uint64_t random_seed);
int db_rr_sync_tx(struct db *db, int64_t tid);
int db_rr_forfeit(struct db *db, int64_t tid, int64_t player_id,
		  int withdraw);
int db_rr_matches(struct db *db, int64_t tid,
		  int (*each)(void *ctx, const struct db_bracket_match *m),
		  void *ctx);
/* Games won, lost, drawn and points for and against into rows (found by
 * player), from the totals the tournament's series keep. */
/* Whether the arbiter gave the entrant a seed (`tournament seed`): 1 or
 * 0; a seed held only by the draw is no seed. */
int db_entry_seeded(struct db *db, int64_t tid, int64_t player_id);
int db_standings_games_tx(struct db *db, int64_t tid,
			  struct standing *rows, int n);
int db_rr_standings(struct db *db, int64_t tid, struct standing **out,
		    size_t *n_out);
/* The drawn slots of a knockout into player[] (by seed) and its bracket
 * initialised for them (db_knockout.c). */
int db_bracket_slots(struct db *db, const struct db_tournament_info *t,
		     int64_t player[BRACKET_MAX + 1], struct bracket *b);
/* Inside a transaction: rates a game just finished (db_ratings.c). */
int db_rating_game_finished_tx(struct db *db, int64_t game_id);
/* Inside a transaction: game `game_id` was voided or corrected after
 * it was rated; its list is rated anew from its games. */
int db_rating_game_changed_tx(struct db *db, int64_t game_id);
/* Inside a transaction: game record steps (db_games.c). */
int db_game_start_tx(struct db *db, const struct db_game_new *g,
		     int64_t *id);
int db_move_add_tx(struct db *db, int64_t game_id, const struct db_move *m);
int db_game_finish_tx(struct db *db, int64_t game_id,
		      const struct db_game_end *end);
int db_incident_add_tx(struct db *db, int64_t game_id, int ply,
		       const char *kind, const char *cause, int64_t player_id,
		       const char *text, const char *evidence);

/* Inside a transaction: a remote table's event `seq` of `kind` (its
 * JSON `body`, stamped `at`) applied to the records (db_hub_apply.c);
 * *answered: the hub's command it answered, else 0; *queued: 1 when it
 * queued a command (a series called to the table by auto call). */
int db_hub_apply_tx(struct db *db, const char *table, int64_t seq,
		    const char *kind, const char *body, const char *at,
		    int64_t *answered, int *queued);

/* The folder of file `path` ("." for a bare name, "/" at the root). */
void db_folder_of(const char *path, char *dir, size_t len);

#endif
