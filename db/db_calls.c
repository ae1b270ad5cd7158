/*
 * db_calls.c - call-ups: which series a table plays. The arbiter calls a
 * due series to a table (or a tournament with auto call hands its next
 * due series to the next free table); the table's games belong to that
 * series until it ends, and then the table is free.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db/db_impl.h"

int db_series_called_at(struct db *db, int64_t board_id, int64_t *series_id)
{
	return db_id_of(db, Q_SERIES_CALLED_AT, board_id, series_id,
			"reading a table's call-up");
}

int db_series_next_due(struct db *db, int auto_only, const char *kind,
		       const char *options, int64_t *series_id)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_NEXT_DUE, &st), step;

	*series_id = 0;
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int(st, 1, auto_only ? 1 : 0);
	if (kind != NULL) {
		sqlite3_bind_text(st, 2, kind, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, options ? options : "", -1,
				  SQLITE_STATIC);
	}
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*series_id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "finding the next due series");
	return DB_OK;
}

int db_table_calls(struct db *db, int64_t board_id, const char *kind,
		   const char *options, struct db_table_calls *out)
{
	int64_t now = 0, next = 0;
	int rc = db_series_called_at(db, board_id, &now);

	memset(out, 0, sizeof(*out));
	if (rc == DB_OK && now != 0 &&
	    (rc = db_series_get(db, now, &out->now)) == DB_OK)
		out->playing = 1;
	if (rc == DB_OK)
		rc = db_series_next_due(db, 0, kind, options, &next);
	if (rc == DB_OK && next != 0 &&
	    (rc = db_series_get(db, next, &out->up)) == DB_OK)
		out->next = 1;
	return rc;
}

static int set_board(struct db *db, int64_t series_id, int64_t board_id)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_CALL, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, series_id);
	db_bind_id(st, 2, board_id);
	return db_exec(db, st, "calling a series to a table");
}

static int call_tx(struct db *db, int64_t series_id, int64_t board_id)
{
	struct db_series_info s;
	int64_t there = 0;
	int rc = db_series_get(db, series_id, &s);

	if (rc != DB_OK)
		return rc;
	if (strcmp(s.status, "playing") != 0)
		return db_refuse(db, "series %lld is over", (long long)s.id);
	if (board_id == 0)
		return set_board(db, series_id, 0);
	if (s.board_id != 0 && s.board_id != board_id)
		return db_refuse(db, "series %lld is called to table %s; call "
				 "it off first", (long long)s.id, s.board);
	rc = db_series_called_at(db, board_id, &there);
	if (rc == DB_OK && there != 0 && there != series_id)
		return db_refuse(db, "table %lld plays series %lld until it "
				 "ends", (long long)board_id, (long long)there);
	if (rc == DB_OK)
		rc = set_board(db, series_id, board_id);
	return rc;
}

int db_series_call(struct db *db, int64_t series_id, int64_t board_id)
{
	struct db_table t;
	char id[24];
	int rc;

	snprintf(id, sizeof(id), "%lld", (long long)board_id);
	if (board_id != 0 && (rc = db_table_find(db, id, &t)) != DB_OK)
		return rc;
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	return db_end(db, call_tx(db, series_id, board_id));
}

int db_series_call_next(struct db *db, int64_t board_id, const char *kind,
			const char *options, int64_t *series_id)
{
	int64_t there = 0, next = 0;
	int rc = db_begin(db);

	*series_id = 0;
	if (rc != DB_OK)
		return rc;
	rc = db_series_called_at(db, board_id, &there);
	if (rc == DB_OK && there == 0)
		rc = db_series_next_due(db, 1, kind, options, &next);
	if (rc == DB_OK && there == 0 && next != 0)
		rc = set_board(db, next, board_id);
	rc = db_end(db, rc);
	if (rc == DB_OK)
		*series_id = next;
	return rc;
}

int db_tournament_auto_call(struct db *db, int64_t tid, int on)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_TOURNAMENT_AUTO_CALL, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	sqlite3_bind_int(st, 2, on ? 1 : 0);
	rc = db_exec(db, st, "setting auto call");
	if (rc == DB_OK && sqlite3_changes(db->sql) == 0)
		return db_refuse(db, "there is no tournament %lld",
				 (long long)tid);
	return rc;
}

static int drop_empty_tx(struct db *db, int64_t game_id)
{
	static const enum query steps[] = {
		Q_GAME_EMPTY_UNSEAT, Q_GAME_EMPTY_INCIDENTS, Q_GAME_EMPTY_DELETE
	};
	int rc = DB_OK;

	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		sqlite3_stmt *st;

		if ((rc = db_prepare(db, steps[i], &st)) != DB_OK)
			return rc;
		sqlite3_bind_int64(st, 1, game_id);
		if ((rc = db_exec(db, st, "giving up an empty game")) != DB_OK)
			return rc;
	}
	if (sqlite3_changes(db->sql) == 0)
		return db_refuse(db, "game %lld has moves, is over or belongs "
				 "to a series: it stays", (long long)game_id);
	return rc;
}

int db_game_replace_empty(struct db *db, int64_t old_id,
			  const struct db_game_new *g, int64_t *id)
{
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	rc = drop_empty_tx(db, old_id);
	if (rc == DB_OK)
		rc = db_game_start_tx(db, g, id);
	return db_end(db, rc);
}
