/*
 * db_instance.c - the database's instance: a random id made with the
 * schema and carried in its tables' events and statuses, so that a hub
 * tells two pitbossd giving the same table id apart.
 *
 * The instance is bound to the machine that runs pitbossd on the
 * file (a digest of the machine's identity, kept beside the id). A
 * database that finds itself on another machine - an SD card cloned
 * for a second table, a file copied - draws a new id there, so that a
 * copy and its original are never taken by a hub for one pitbossd.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db/db_impl.h"

/* The instance's id into `id` and, when `machine` is given, the machine
 * it is bound to ("" for none); DB_REFUSED when there is no instance. */
static int read_instance(struct db *db, char *id, size_t idlen,
			 char *machine, size_t mlen)
{
	sqlite3_stmt *st;
	int rc;

	id[0] = '\0';
	if (machine != NULL)
		machine[0] = '\0';
	if (sqlite3_prepare_v2(db->sql, "SELECT id, machine FROM instance"
			       " LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading the instance");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		db_column_text(st, 0, id, idlen);
		if (machine != NULL)
			db_column_text(st, 1, machine, mlen);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? db_refuse(db, "no instance id") :
	       db_fail(db, "reading the instance");
}

int db_instance(struct db *db, char *buf, size_t len)
{
	return read_instance(db, buf, len, NULL, 0);
}

/* Binds the instance to `machine`; with `redraw`, under a new id. */
static int bind_to(struct db *db, const char *machine, int redraw)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db->sql, redraw ?
			       "UPDATE instance SET machine = ?1,"
			       " id = lower(hex(randomblob(8)))" :
			       "UPDATE instance SET machine = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, "binding the instance");
	sqlite3_bind_text(st, 1, machine, -1, SQLITE_TRANSIENT);
	rc = db_exec(db, st, "binding the instance");
	sqlite3_finalize(st);
	return rc;
}

/* Whether two machines' digests are of the same kind ("KIND:..."): only
 * then does a different digest mean another machine; a machine whose
 * identity is now read elsewhere (a serial number that appeared) is
 * bound again under the same id. */
static int same_kind(const char *a, const char *b)
{
	const char *ea = strchr(a, ':'), *eb = strchr(b, ':');

	return ea != NULL && eb != NULL && ea - a == eb - b &&
	       strncmp(a, b, (size_t)(ea - a)) == 0;
}

int db_instance_bind(struct db *db, const char *machine, char *id,
		     size_t idlen, char *was, size_t waslen)
{
	char bound[DB_MACHINE_MAX];
	int rc;

	was[0] = '\0';
	rc = db_begin(db);
	if (rc != DB_OK)
		return rc;
	rc = read_instance(db, id, idlen, bound, sizeof(bound));
	if (rc == DB_OK && strcmp(bound, machine) != 0) {
		int copy = same_kind(bound, machine);

		if (copy)
			snprintf(was, waslen, "%s", id);
		rc = bind_to(db, machine, copy);
		if (rc == DB_OK)
			rc = db_instance(db, id, idlen);
	}
	rc = db_end(db, rc);
	if (rc != DB_OK)
		was[0] = '\0';
	return rc;
}
