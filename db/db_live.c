/*
 * db_live.c - what keeps a table live across restarts of pitbossd: the
 * game under way at a board, take-backs in one transaction, and the
 * commands door through which the CLI and the web reach the daemon.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db/db_impl.h"

int db_id_of(struct db *db, enum query q, int64_t key, int64_t *id,
	     const char *what)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, q, &st), step;

	*id = 0;
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, key);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, what);
	return DB_OK;
}

int db_game_playing_at(struct db *db, int64_t board_id, int64_t *game_id)
{
	return db_id_of(db, Q_GAME_PLAYING_AT, board_id, game_id,
			"finding the game at a table");
}

int db_game_last_at(struct db *db, int64_t board_id, int64_t *game_id)
{
	return db_id_of(db, Q_GAME_LAST_AT, board_id, game_id,
			"finding the last game at a table");
}

static int take_back_tx(struct db *db, int64_t game_id, int keep,
			const char *position, const struct db_move *then,
			const char *incident_kind, const char *cause,
			const char *incident)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_MOVE_TRUNCATE, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, keep);
	if ((rc = db_exec(db, st, "taking moves back")) != DB_OK)
		return rc;
	if ((rc = db_prepare(db, Q_GAME_ADVANCE, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, keep);
	db_bind_text(st, 3, position);
	if ((rc = db_exec(db, st, "taking moves back")) != DB_OK)
		return rc;
	if (then != NULL && (rc = db_move_add_tx(db, game_id, then)) != DB_OK)
		return rc;
	if (incident != NULL)
		rc = db_incident_add_tx(db, game_id, then ? then->ply : keep,
					incident_kind, cause, 0, incident, NULL);
	return rc;
}

int db_game_take_back(struct db *db, int64_t game_id, int keep,
		      const char *position, const struct db_move *then,
		      const char *incident_kind, const char *cause,
		      const char *incident)
{
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	return db_end(db, take_back_tx(db, game_id, keep, position, then,
				       incident_kind, cause, incident));
}

int db_game_set_options(struct db *db, int64_t game_id, const char *options,
			const char *cause, const char *incident)
{
	sqlite3_stmt *st;
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	if ((rc = db_prepare(db, Q_GAME_SET_OPTIONS, &st)) == DB_OK) {
		sqlite3_bind_int64(st, 1, game_id);
		db_bind_text(st, 2, options);
		rc = db_exec(db, st, "changing a game's options");
	}
	if (rc == DB_OK && sqlite3_changes(db->sql) != 1)
		rc = db_refuse(db, "game %lld has moves or is over: its options "
			       "stay", (long long)game_id);
	if (rc == DB_OK && incident != NULL)
		rc = db_incident_add_tx(db, game_id, 0, DB_INCIDENT_COMMAND,
					cause, 0, incident, NULL);
	return db_end(db, rc);
}

int db_request_key_valid(const char *key)
{
	size_t n = strlen(key);

	return n >= 1 && n <= DB_REQUEST_KEY_MAX &&
	       strspn(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		      "0123456789-_.:") == n;
}

/* The command queued with key `key` into *id (0: none). */
int db_command_by_key(struct db *db, const char *key, int64_t *id)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_COMMAND_BY_KEY, &st), step;

	*id = 0;
	if (rc != DB_OK)
		return rc;
	db_bind_text(st, 1, key);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return step == SQLITE_ROW || step == SQLITE_DONE ? DB_OK :
	       db_fail(db, "reading a command's key");
}

int db_command_keys_prune(struct db *db, int keep_days, int64_t *pruned)
{
	char age[32];
	sqlite3_stmt *st;
	int rc;

	*pruned = 0;
	snprintf(age, sizeof(age), "-%d days", keep_days);
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	if ((rc = db_prepare(db, Q_COMMAND_KEYS_PRUNE, &st)) == DB_OK) {
		db_bind_text(st, 1, age);
		rc = db_exec(db, st, "forgetting the keys of old commands");
		if (rc == DB_OK)
			*pruned = sqlite3_changes(db->sql);
	}
	return db_end(db, rc);
}

int db_command_add_keyed(struct db *db, int64_t board_id, const char *kind,
			 const char *text, const char *key, int64_t *id,
			 int *known)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc;

	*known = 0;
	*id = 0;
	if (key != NULL && !db_request_key_valid(key))
		return db_refuse(db, "a command's key is 1 to %d letters, "
				 "digits or -_.:", DB_REQUEST_KEY_MAX);
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	if (key != NULL && (rc = db_command_by_key(db, key, id)) == DB_OK &&
	    *id != 0) {
		*known = 1;
		return db_keep_id(db, rc, id);
	}
	if (rc == DB_OK && (rc = db_prepare(db, Q_COMMAND_INSERT, &st)) ==
	    DB_OK) {
		db_stamp(db, now, sizeof(now));
		db_bind_id(st, 1, board_id);
		db_bind_text(st, 2, kind);
		sqlite3_bind_text(st, 3, text ? text : "", -1, SQLITE_STATIC);
		db_bind_text(st, 4, now);
		db_bind_text(st, 5, key);
		rc = db_exec(db, st, "queueing a command");
		*id = sqlite3_last_insert_rowid(db->sql);
	}
	return db_keep_id(db, rc, id);
}

int db_command_same(const struct db_command *c, int64_t board_id,
		    const char *kind, const char *text)
{
	return c->board_id == board_id && strcmp(c->kind, kind) == 0 &&
	       ((c->text[0] == '\0' && c->done[0] != '\0') ||
		strcmp(c->text, text ? text : "") == 0);
}

int db_command_add(struct db *db, int64_t board_id, const char *kind,
		   const char *text, int64_t *id)
{
	int known;

	return db_command_add_keyed(db, board_id, kind, text, NULL, id, &known);
}

static int read_command(struct db *db, enum query q, int64_t key,
			struct db_command *out, const char *what)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, q, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, key);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		memset(out, 0, sizeof(*out));
		out->id = sqlite3_column_int64(st, 0);
		out->board_id = sqlite3_column_int64(st, 1);
		db_column_text(st, 2, out->kind, sizeof(out->kind));
		db_column_text(st, 3, out->text, sizeof(out->text));
		db_column_text(st, 4, out->created, sizeof(out->created));
		db_column_text(st, 5, out->done, sizeof(out->done));
		db_column_text(st, 6, out->outcome, sizeof(out->outcome));
		db_column_text(st, 7, out->outcome_kind,
			       sizeof(out->outcome_kind));
		db_column_text(st, 8, out->outcome_cause,
			       sizeof(out->outcome_cause));
		out->outcome_ply = sqlite3_column_int(st, 9);
		db_column_text(st, 10, out->outcome_move,
			       sizeof(out->outcome_move));
		db_column_text(st, 11, out->handed_on,
			       sizeof(out->handed_on));
	}
	sqlite3_reset(st);
	if (step == SQLITE_DONE)
		return db_refuse(db, "no %s", what);
	if (step != SQLITE_ROW)
		return db_fail(db, "reading a command");
	return DB_OK;
}

int db_command_next(struct db *db, int64_t after, struct db_command *out)
{
	return read_command(db, Q_COMMAND_NEXT, after, out, "command waiting");
}

int db_command_get(struct db *db, int64_t id, struct db_command *out)
{
	return read_command(db, Q_COMMAND_GET, id, out, "such command");
}

int db_command_handed_on(struct db *db, int64_t id)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_COMMAND_HANDED_ON, &st);

	if (rc != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, now);
	return db_exec(db, st, "marking a command handed on");
}

int db_command_next_handed_on(struct db *db, int64_t after, int64_t *id)
{
	return db_id_of(db, Q_COMMAND_NEXT_HANDED_ON, after, id,
			"reading the commands handed on");
}

int db_command_done(struct db *db, int64_t id,
		    const struct db_command_outcome *o)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	if ((rc = db_prepare(db, Q_COMMAND_DONE, &st)) == DB_OK) {
		db_stamp(db, now, sizeof(now));
		sqlite3_bind_int64(st, 1, id);
		db_bind_text(st, 2, now);
		db_bind_text(st, 3, o->text);
		db_bind_text(st, 4, o->kind);
		db_bind_text(st, 5, o->cause);
		sqlite3_bind_int(st, 6, o->ply);
		db_bind_text(st, 7, o->move != NULL && o->move[0] != '\0' ?
				 o->move : NULL);
		rc = db_exec(db, st, "closing a command");
	}
	return db_end(db, rc);
}

int db_data_version(struct db *db, int64_t *version)
{
	sqlite3_stmt *st = db_stmt(db, Q_DATA_VERSION);
	int step;

	if (st == NULL)
		return DB_FAILED;
	step = sqlite3_step(st);
	*version = step == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	return step == SQLITE_ROW ? DB_OK : db_fail(db, "reading the data version");
}

int db_cache_kib(struct db *db, int kib)
{
	char sql[48];

	snprintf(sql, sizeof(sql), "PRAGMA cache_size = %d", -kib);
	if (sqlite3_exec(db->sql, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(db, "setting the cache size");
	return DB_OK;
}

int db_game_incidents(struct db *db, int64_t game_id,
		      int (*each)(void *ctx, const struct db_incident_info *i),
		      void *ctx)
{
	struct db_incident_info info;
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_INCIDENT_LIST, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, game_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&info, 0, sizeof(info));
		info.ply = sqlite3_column_int(st, 0);
		db_column_text(st, 1, info.kind, sizeof(info.kind));
		db_column_text(st, 2, info.text, sizeof(info.text));
		db_column_text(st, 3, info.at, sizeof(info.at));
		db_column_text(st, 4, info.player, sizeof(info.player));
		db_column_text(st, 5, info.cause, sizeof(info.cause));
		db_column_text(st, 6, info.evidence, sizeof(info.evidence));
		if (each(ctx, &info) != 0)
			break;
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading incidents");
	return DB_OK;
}

void db_release_memory(struct db *db)
{
	sqlite3_db_release_memory(db->sql);
}
