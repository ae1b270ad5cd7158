/*
 * db_players.c - players (with their former names) and physical
 * tables (boards) in the records store.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_impl.h"

/* "12" (a number) gives 12; anything else gives 0. */
static int64_t parse_id(const char *text)
{
	char *end;
	long long id;

	if (text[0] < '0' || text[0] > '9')
		return 0;
	errno = 0;
	id = strtoll(text, &end, 10);
	if (errno != 0 || *end != '\0' || id <= 0)
		return 0;
	return id;
}

static void player_row(sqlite3_stmt *st, struct db_player *p)
{
	p->id = sqlite3_column_int64(st, 0);
	db_column_text(st, 1, p->name, sizeof(p->name));
	db_column_text(st, 2, p->created, sizeof(p->created));
	db_column_text(st, 3, p->retired, sizeof(p->retired));
}

/* One player row from a statement bound by the caller. */
static int player_fetch(struct db *db, sqlite3_stmt *st,
			struct db_player *out)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW) {
		player_row(st, out);
		sqlite3_reset(st);
		return DB_OK;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, "reading a player");
	return DB_REFUSED;
}

int db_player_get(struct db *db, int64_t id, struct db_player *out)
{
	sqlite3_stmt *st = db_stmt(db, Q_PLAYER_BY_ID);
	int rc;

	if (st == NULL)
		return DB_FAILED;
	sqlite3_bind_int64(st, 1, id);
	rc = player_fetch(db, st, out);
	if (rc == DB_REFUSED)
		return db_refuse(db, "there is no player %lld", (long long)id);
	return rc;
}

int db_player_find(struct db *db, const char *id_or_name,
		   struct db_player *out)
{
	int64_t id = parse_id(id_or_name);
	char key[NAMES_MAX_BYTES];
	sqlite3_stmt *st;
	int rc;

	if (id > 0)
		return db_player_get(db, id, out);
	names_key(id_or_name, key, sizeof(key));
	st = db_stmt(db, Q_PLAYER_BY_KEY);
	if (st == NULL)
		return DB_FAILED;
	db_bind_text(st, 1, key);
	rc = player_fetch(db, st, out);
	if (rc == DB_REFUSED)
		return db_refuse(db, "there is no player named '%s'",
				 id_or_name);
	return rc;
}

/* DB_REFUSED naming the holder when `key` is taken by another player. */
static int name_free(struct db *db, const char *name, int64_t self)
{
	char key[NAMES_MAX_BYTES];
	sqlite3_stmt *st = db_stmt(db, Q_PLAYER_BY_KEY);
	struct db_player other;
	int rc;

	if (st == NULL)
		return DB_FAILED;
	names_key(name, key, sizeof(key));
	db_bind_text(st, 1, key);
	rc = player_fetch(db, st, &other);
	if (rc == DB_OK && other.id != self)
		return db_refuse(db,
				 "the name '%s' is taken by player %lld ('%s'); names are unique regardless of case",
				 name, (long long)other.id, other.name);
	return rc == DB_FAILED ? DB_FAILED : DB_OK;
}

static int check_name(struct db *db, const char *what, const char *name)
{
	char err[DB_ERR_MAX];

	if (names_check(what, name, err, sizeof(err)) < 0)
		return db_refuse(db, "%s", err);
	if (parse_id(name) > 0)
		return db_refuse(db, "%s '%s' is a number; numbers are taken as ids",
				 what, name);
	return DB_OK;
}

int db_player_add(struct db *db, const char *name, int64_t *id)
{
	char key[NAMES_MAX_BYTES], now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc;

	if (check_name(db, "player name", name) != DB_OK)
		return DB_REFUSED;
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = name_free(db, name, 0);
	if (rc == DB_OK) {
		names_key(name, key, sizeof(key));
		db_stamp(db, now, sizeof(now));
		rc = db_prepare(db, Q_PLAYER_INSERT, &st);
		if (rc == DB_OK) {
			db_bind_text(st, 1, name);
			db_bind_text(st, 2, key);
			db_bind_text(st, 3, now);
			rc = db_exec(db, st, "adding a player");
			*id = sqlite3_last_insert_rowid(db->sql);
		}
	}
	return db_keep_id(db, rc, id);
}

int db_player_rename(struct db *db, int64_t id, const char *name)
{
	char key[NAMES_MAX_BYTES], now[DB_TIME_MAX];
	struct db_player p;
	sqlite3_stmt *st;
	int rc;

	if (check_name(db, "player name", name) != DB_OK)
		return DB_REFUSED;
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = db_player_get(db, id, &p);
	if (rc == DB_OK && strcmp(p.name, name) == 0)
		rc = db_refuse(db, "player %lld is already named '%s'",
			       (long long)id, name);
	if (rc == DB_OK)
		rc = name_free(db, name, id);
	db_stamp(db, now, sizeof(now));
	if (rc == DB_OK)
		rc = db_prepare(db, Q_PLAYER_NAME_HISTORY_ADD, &st);
	if (rc == DB_OK) {
		sqlite3_bind_int64(st, 1, id);
		db_bind_text(st, 2, p.name);
		db_bind_text(st, 3, now);
		rc = db_exec(db, st, "keeping the former name");
	}
	if (rc == DB_OK)
		rc = db_prepare(db, Q_PLAYER_RENAME, &st);
	if (rc == DB_OK) {
		names_key(name, key, sizeof(key));
		db_bind_text(st, 1, name);
		db_bind_text(st, 2, key);
		sqlite3_bind_int64(st, 3, id);
		rc = db_exec(db, st, "renaming a player");
	}
	return db_end(db, rc);
}

int db_player_retire(struct db *db, int64_t id)
{
	char now[DB_TIME_MAX];
	struct db_player p;
	sqlite3_stmt *st;
	int rc;

	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = db_player_get(db, id, &p);
	if (rc == DB_OK && p.retired[0] != '\0')
		rc = db_refuse(db, "player %lld ('%s') retired on %s already",
			       (long long)id, p.name, p.retired);
	if (rc == DB_OK)
		rc = db_prepare(db, Q_PLAYER_RETIRE, &st);
	if (rc == DB_OK) {
		db_stamp(db, now, sizeof(now));
		db_bind_text(st, 1, now);
		sqlite3_bind_int64(st, 2, id);
		rc = db_exec(db, st, "retiring a player");
	}
	return db_end(db, rc);
}

int db_player_list(struct db *db, int with_retired,
		   int (*each)(void *ctx, const struct db_player *p),
		   void *ctx)
{
	sqlite3_stmt *st = db_stmt(db, Q_PLAYER_LIST);
	struct db_player p;
	int rc;

	if (st == NULL)
		return DB_FAILED;
	sqlite3_bind_int(st, 1, with_retired);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		player_row(st, &p);
		if (each(ctx, &p) != 0)
			break;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_fail(db, "listing players");
	return DB_OK;
}

int db_player_former_names(struct db *db, int64_t id,
			   int (*each)(void *ctx, const char *name,
				       const char *until),
			   void *ctx)
{
	sqlite3_stmt *st = db_stmt(db, Q_PLAYER_FORMER_NAMES);
	int rc;

	if (st == NULL)
		return DB_FAILED;
	sqlite3_bind_int64(st, 1, id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (each(ctx, (const char *)sqlite3_column_text(st, 0),
			 (const char *)sqlite3_column_text(st, 1)) != 0)
			break;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_fail(db, "listing former names");
	return DB_OK;
}

/* ------------------------------------------------------------- tables */

static void table_row(sqlite3_stmt *st, struct db_table *t)
{
	t->id = sqlite3_column_int64(st, 0);
	db_column_text(st, 1, t->name, sizeof(t->name));
	db_column_text(st, 2, t->location, sizeof(t->location));
	db_column_text(st, 3, t->created, sizeof(t->created));
}

int db_table_find(struct db *db, const char *id_or_name,
		  struct db_table *out)
{
	int64_t id = parse_id(id_or_name);
	char key[NAMES_MAX_BYTES];
	sqlite3_stmt *st = db_stmt(db, id > 0 ? Q_TABLE_BY_ID : Q_TABLE_BY_KEY);
	int rc;

	if (st == NULL)
		return DB_FAILED;
	if (id > 0) {
		sqlite3_bind_int64(st, 1, id);
	} else {
		names_key(id_or_name, key, sizeof(key));
		db_bind_text(st, 1, key);
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		table_row(st, out);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	if (rc != SQLITE_DONE)
		return db_fail(db, "reading a table");
	return db_refuse(db, "there is no table '%s'", id_or_name);
}

int db_table_add(struct db *db, const char *name, const char *location,
		 int64_t *id)
{
	char key[NAMES_MAX_BYTES], now[DB_TIME_MAX];
	struct db_table other;
	sqlite3_stmt *st;
	int rc;

	if (check_name(db, "table name", name) != DB_OK)
		return DB_REFUSED;
	if (location[0] != '\0' &&
	    names_check("table location", location, db->err,
			sizeof(db->err)) < 0)
		return DB_REFUSED;
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	names_key(name, key, sizeof(key));
	if ((rc = db_table_find(db, name, &other)) == DB_OK)
		rc = db_refuse(db, "the name '%s' is taken by table %lld ('%s')",
			       name, (long long)other.id, other.name);
	else if (rc == DB_REFUSED)
		rc = DB_OK;
	if (rc == DB_OK)
		rc = db_prepare(db, Q_TABLE_INSERT, &st);
	if (rc == DB_OK) {
		db_stamp(db, now, sizeof(now));
		db_bind_text(st, 1, name);
		db_bind_text(st, 2, key);
		db_bind_text(st, 3, location);
		db_bind_text(st, 4, now);
		rc = db_exec(db, st, "adding a table");
		*id = sqlite3_last_insert_rowid(db->sql);
	}
	return db_keep_id(db, rc, id);
}

int db_table_list(struct db *db,
		  int (*each)(void *ctx, const struct db_table *t), void *ctx)
{
	sqlite3_stmt *st = db_stmt(db, Q_TABLE_LIST);
	struct db_table t;
	int rc;

	if (st == NULL)
		return DB_FAILED;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		table_row(st, &t);
		if (each(ctx, &t) != 0)
			break;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_fail(db, "listing tables");
	return DB_OK;
}
