/*
 * db.c - the records store's connection: open (read-only where it
 * must), integrity check, numbered migrations, the statement cache and
 * transactions. (db_schema.c holds the migrations, db_check.c checks
 * the records, db_backup.c copies them.)
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "db/db_impl.h"

#define BUSY_TIMEOUT_MS 5000
#define BUSY_POLL_US 1000	/* how often a waiting writer looks again */
#define BUSY_GAP_MS 100		/* looks further apart: another wait */

void db_now(char *buf, size_t len)
{
	struct timeval tv;
	struct tm tm;
	char sec[24];

	gettimeofday(&tv, NULL);
	gmtime_r(&tv.tv_sec, &tm);
	strftime(sec, sizeof(sec), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, len, "%s.%03dZ", sec, (int)(tv.tv_usec / 1000));
}

void db_set_time(struct db *db, const char *at)
{
	snprintf(db->at, sizeof(db->at), "%s", at != NULL ? at : "");
}

void db_stamp(struct db *db, char *buf, size_t len)
{
	if (db->at[0] != '\0')
		snprintf(buf, len, "%s", db->at);
	else
		db_now(buf, len);
}

int db_fail(struct db *db, const char *what)
{
	int code = sqlite3_errcode(db->sql) & 0xff;

	db->failed_code = code;
	if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
		snprintf(db->err, sizeof(db->err),
			 "%s is damaged (%s: %s); restore it from a backup "
			 "('pitboss db check' says more)", db->path, what,
			 sqlite3_errmsg(db->sql));
	else
		snprintf(db->err, sizeof(db->err), "%s: %s: %s", db->path,
			 what, sqlite3_errmsg(db->sql));
	return DB_FAILED;
}

int db_refuse(struct db *db, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(db->err, sizeof(db->err), fmt, ap);
	va_end(ap);
	return DB_REFUSED;
}

const char *db_error(const struct db *db)
{
	return db->err;
}

sqlite3_stmt *db_stmt(struct db *db, enum query q)
{
	sqlite3_stmt *st = db->stmt[q];

	if (st == NULL) {
		if (sqlite3_prepare_v3(db->sql, db_query_sql[q], -1,
				       SQLITE_PREPARE_PERSISTENT, &st,
				       NULL) != SQLITE_OK) {
			db_fail(db, "preparing a statement");
			return NULL;
		}
		db->stmt[q] = st;
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return st;
}

int db_prepare(struct db *db, enum query q, sqlite3_stmt **st)
{
	*st = db_stmt(db, q);
	return *st != NULL ? DB_OK : DB_FAILED;
}

int db_exec(struct db *db, sqlite3_stmt *st, const char *what)
{
	int rc;

	if (st == NULL)
		return DB_FAILED;
	rc = sqlite3_step(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		db_fail(db, what);
		sqlite3_reset(st);
		return DB_FAILED;
	}
	sqlite3_reset(st);
	return DB_OK;
}

void db_bind_text(sqlite3_stmt *st, int i, const char *text)
{
	if (text == NULL)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_text(st, i, text, -1, SQLITE_TRANSIENT);
}

void db_bind_id(sqlite3_stmt *st, int i, int64_t id)
{
	if (id == 0)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, id);
}

void db_column_text(sqlite3_stmt *st, int i, char *buf, size_t len)
{
	const unsigned char *text = sqlite3_column_text(st, i);
	size_t n = text != NULL ? (size_t)sqlite3_column_bytes(st, i) : 0;

	/* As snprintf() would, without reading a format: every column
	 * of every row read comes here. */
	if (len == 0)
		return;
	if (n >= len)
		n = len - 1;
	if (n > 0)
		memcpy(buf, text, n);
	buf[n] = '\0';
}

/* Runs a statement whose failure adds nothing to the one being told. */
static void quietly(struct db *db, enum query q)
{
	sqlite3_stmt *st = db_stmt(db, q);

	if (st != NULL) {
		sqlite3_step(st);
		sqlite3_reset(st);
	}
}

/* The caller's transaction is gone: SQLite rolled it back (a full disk
 * or an I/O error does), and nothing more may be written in its name. */
static int transaction_lost(struct db *db)
{
	snprintf(db->err, sizeof(db->err), "%s: the transaction was rolled "
		 "back by an earlier failure", db->path);
	return DB_FAILED;
}

int db_begin(struct db *db)
{
	int rc;

	if (db->depth > 0 && sqlite3_get_autocommit(db->sql))
		return transaction_lost(db);
	rc = db_exec(db, db_stmt(db, db->depth > 0 ? Q_SAVEPOINT : Q_BEGIN),
		     "starting a transaction");
	if (rc == DB_OK)
		db->depth++;
	return rc;
}

int db_end(struct db *db, int rc)
{
	if (db->depth > 1) {
		db->depth--;
		if (sqlite3_get_autocommit(db->sql))
			return rc != DB_OK ? rc : transaction_lost(db);
		if (rc == DB_OK &&
		    db_exec(db, db_stmt(db, Q_RELEASE), "committing") == DB_OK)
			return DB_OK;
		/* Only this part is undone; the caller's goes on. */
		quietly(db, Q_ROLLBACK_TO);
		quietly(db, Q_RELEASE);
		return rc == DB_OK ? DB_FAILED : rc;
	}
	db->depth = 0;
	if (rc == DB_OK) {
		if (db_exec(db, db_stmt(db, Q_COMMIT), "committing") == DB_OK)
			return DB_OK;
		rc = DB_FAILED;
	}
	/* The message of the failure stays; a rollback error adds nothing
	 * useful, and SQLite may have rolled back already. */
	if (sqlite3_get_autocommit(db->sql) == 0)
		quietly(db, Q_ROLLBACK);
	return rc;
}

int db_read_begin(struct db *db)
{
	return db_exec(db, db_stmt(db, Q_BEGIN_READ), "starting to read");
}

void db_read_end(struct db *db)
{
	if (sqlite3_get_autocommit(db->sql) == 0)
		quietly(db, Q_COMMIT);
}

int db_keep_id(struct db *db, int rc, int64_t *id)
{
	rc = db_end(db, rc);
	if (rc != DB_OK && id != NULL)
		*id = 0;
	return rc;
}

int db_transaction_begin(struct db *db)
{
	return db_begin(db);
}

int db_transaction_end(struct db *db, int rc)
{
	return db_end(db, rc);
}

int db_full(const struct db *db)
{
	return (db->failed_code & 0xff) == SQLITE_FULL;
}

/* Runs a fixed pragma or statement with no parameters. */
static int run(struct db *db, const char *sql, const char *what)
{
	char *msg = NULL;

	if (sqlite3_exec(db->sql, sql, NULL, NULL, &msg) != SQLITE_OK) {
		snprintf(db->err, sizeof(db->err), "%s: %s: %s", db->path, what,
			 msg ? msg : sqlite3_errmsg(db->sql));
		sqlite3_free(msg);
		return DB_FAILED;
	}
	return DB_OK;
}

/* The single integer a pragma returns, or -1 with the error set. */
static int pragma_int(struct db *db, const char *sql, const char *what)
{
	sqlite3_stmt *st;
	int value = -1;

	if (sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL) != SQLITE_OK) {
		db_fail(db, what);
		return -1;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		value = sqlite3_column_int(st, 0);
	else
		db_fail(db, what);
	sqlite3_finalize(st);
	return value;
}

int db_version(struct db *db)
{
	return pragma_int(db, "PRAGMA user_version", "reading the version");
}

/* The rows foreign_key_check finds: 0 when none, else -1 (set). */
static int keys_broken(struct db *db, const char *what)
{
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(db->sql, "PRAGMA foreign_key_check", -1, &st,
			       NULL) != SQLITE_OK) {
		db_fail(db, what);
		return -1;
	}
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		snprintf(db->err, sizeof(db->err),
			 "%s: %s: a row of %s refers to a missing row of %s",
			 db->path, what, (const char *)sqlite3_column_text(st, 0),
			 (const char *)sqlite3_column_text(st, 2));
	else if (step != SQLITE_DONE)
		db_fail(db, what);
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : -1;
}

/* Migration step `from` -> `from` + 1 in one transaction. */
static int migrate_step(struct db *db, int from, const char *what)
{
	char keep[DB_ERR_MAX];

	if (run(db, "BEGIN IMMEDIATE", what) != DB_OK)
		return DB_FAILED;
	if (run(db, db_migration[from], what) != DB_OK ||
	    keys_broken(db, what) != 0) {
		memcpy(keep, db->err, sizeof(keep));
		run(db, "ROLLBACK", what);
		memcpy(db->err, keep, sizeof(keep));
		return DB_FAILED;
	}
	if (run(db, "COMMIT", what) != DB_OK) {
		run(db, "ROLLBACK", what);
		return DB_FAILED;
	}
	return DB_OK;
}

int db_migrate(struct db *db, int version)
{
	int current = db_version(db);

	if (current < 0)
		return DB_FAILED;
	if (version > DB_SCHEMA_VERSION)
		return db_refuse(db, "no migration to version %d", version);
	while (current < version) {
		char what[64];

		snprintf(what, sizeof(what), "migrating to version %d",
			 current + 1);
		/* A step may make a table anew: the keys are off while it
		 * runs (no effect inside a transaction) and checked before
		 * it commits. */
		if (run(db, "PRAGMA foreign_keys = OFF", what) != DB_OK)
			return DB_FAILED;
		if (migrate_step(db, current, what) != DB_OK) {
			run(db, "PRAGMA foreign_keys = ON", what);
			return DB_FAILED;
		}
		if (run(db, "PRAGMA foreign_keys = ON", what) != DB_OK)
			return DB_FAILED;
		current++;
	}
	return DB_OK;
}

/* PRAGMA quick_check: "ok" or the first problem found. */
static int quick_check(struct db *db)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db->sql, "PRAGMA quick_check(1)", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, "checking the file");
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		db_fail(db, "checking the file");
		sqlite3_finalize(st);
		return DB_FAILED;
	}
	if (strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0) {
		snprintf(db->err, sizeof(db->err),
			 "%s is damaged (quick_check: %s); restore it from a backup",
			 db->path, (const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
		return DB_FAILED;
	}
	sqlite3_finalize(st);
	return DB_OK;
}

void db_folder_of(const char *path, char *dir, size_t len)
{
	char *slash;

	snprintf(dir, len, "%s", path);
	slash = strrchr(dir, '/');
	if (slash == NULL)
		snprintf(dir, len, ".");
	else
		slash[slash == dir] = '\0';
}

/* Whether this process may write the file and the folder its
 * write-ahead log goes to. */
static int writable(const char *path)
{
	char dir[sizeof(((struct db *)0)->path)];

	db_folder_of(path, dir, sizeof(dir));
	return access(path, W_OK) == 0 && access(dir, W_OK) == 0;
}

/* A command that writes, on a file it may not write. */
static int read_only(struct db *db)
{
	int e = access(db->path, W_OK) == 0 ? 0 : errno;

	snprintf(db->err, sizeof(db->err),
		 "%s is read-only (%s): this command writes to it; copy it "
		 "somewhere writable or give the service's user write access "
		 "to it and its folder", db->path,
		 e != 0 ? strerror(e) : "its folder may not be written");
	return DB_FAILED;
}

/*
 * SQLite's busy handler: the lock looked for again every millisecond,
 * up to BUSY_TIMEOUT_MS in all. SQLite's own (sqlite3_busy_timeout)
 * sleeps longer and longer, up to 100 ms, so it looks some 60 times in
 * 5 s; a writer that holds the lock nearly all the time, its commits
 * waiting on the disk (a table played fast, a slow SD card), leaves it
 * free for moments only, and 60 looks may all miss them. Looking often
 * finds them; waiting costs a lock's try per millisecond.
 */
static int busy_wait(void *arg, int tries)
{
	struct db *db = arg;
	struct timespec now, pause = { 0, BUSY_POLL_US * 1000L };
	uint64_t now_ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	now_ms = (uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000;
	/* A new wait: the first try, or one long after the last look (a
	 * count SQLite carried over from an earlier wait). */
	if (tries == 0 || now_ms - db->busy_last_ms > BUSY_GAP_MS)
		db->busy_since_ms = now_ms;
	db->busy_last_ms = now_ms;
	if (now_ms - db->busy_since_ms >= BUSY_TIMEOUT_MS)
		return 0;
	nanosleep(&pause, NULL);
	return 1;
}

static int setup(struct db *db, unsigned flags)
{
	int writer = !(flags & (DB_OPEN_READONLY | DB_OPEN_NO_CHECK));
	int version, clean = 0, rc;

	sqlite3_busy_handler(db->sql, busy_wait, db);
	sqlite3_extended_result_codes(db->sql, 1);
	/* SQLite opens a file it may not write read-only, silently. */
	if (!(flags & DB_OPEN_READONLY) &&
	    sqlite3_db_readonly(db->sql, "main") == 1)
		return read_only(db);
	version = db_version(db);
	if (version < 0)
		return DB_FAILED;
	if (version > DB_SCHEMA_VERSION)
		return db_refuse(db,
				 "%s has schema version %d, newer than this pitboss (%s) knows (%d); use a newer pitboss",
				 db->path, version, PACKAGE_VERSION,
				 DB_SCHEMA_VERSION);
	/* Writers check the file first (a scan: about a second for 100 MB)
	 * unless it was closed cleanly, backups always; other readers
	 * change nothing, and damage they meet is reported by db_fail() as
	 * such. */
	if (writer)
		clean = db_clean_open(db);
	if (!clean && !(flags & DB_OPEN_NO_CHECK) &&
	    (!(flags & DB_OPEN_READONLY) || (flags & DB_OPEN_CHECK))) {
		db->checked = 1;
		if (quick_check(db) != DB_OK)
			return DB_FAILED;
	}
	if (run(db, "PRAGMA foreign_keys = ON", "enabling foreign keys") != DB_OK)
		return DB_FAILED;
	if (flags & DB_OPEN_READONLY) {
		if (version >= DB_SCHEMA_VERSION || (flags & DB_OPEN_NO_MIGRATE))
			return DB_OK;
		if (writable(db->path))
			return db_refuse(db,
					 "%s has schema version %d and needs migrating to %d; open it once for writing",
					 db->path, version, DB_SCHEMA_VERSION);
		snprintf(db->err, sizeof(db->err),
			 "%s has schema version %d and needs migrating to %d, "
			 "but it is read-only: copy it somewhere writable and "
			 "run 'pitboss db init --db COPY' on the copy",
			 db->path, version, DB_SCHEMA_VERSION);
		return DB_FAILED;
	}
	if (run(db, "PRAGMA journal_mode = WAL", "setting WAL mode") != DB_OK ||
	    run(db, "PRAGMA synchronous = FULL", "setting synchronous") != DB_OK)
		return DB_FAILED;
	rc = (flags & DB_OPEN_NO_MIGRATE) ? DB_OK :
	     db_migrate(db, DB_SCHEMA_VERSION);
	if (rc == DB_OK && writer)
		rc = db_clean_opened(db);
	return rc;
}

/*
 * A file in WAL mode is read through its -shm index, which a reader
 * creates beside it when missing: on read-only media, or in a folder it
 * may not write, it cannot. With no write-ahead log beside the file
 * every commit is in the file itself, and nobody can be writing (a
 * writer's log would be there): it is read as immutable, without locks.
 */
static int needs_immutable(struct db *db, unsigned flags)
{
	char wal[sizeof(db->path) + 8];
	struct stat st;
	int code = sqlite3_errcode(db->sql) & 0xff;

	if (writable(db->path) ||
	    (code != SQLITE_READONLY && code != SQLITE_CANTOPEN))
		return 0;
	if (!(flags & DB_OPEN_READONLY)) {
		read_only(db);
		return 0;
	}
	snprintf(wal, sizeof(wal), "%s-wal", db->path);
	if (stat(wal, &st) == 0 && st.st_size > 0) {
		snprintf(db->err, sizeof(db->err),
			 "%s is read-only here and its write-ahead log %s holds "
			 "changes not yet in it, which only a writer can fold "
			 "in: open it once with write access to its folder",
			 db->path, wal);
		return 0;
	}
	return 1;
}

/* "file:/abs/path?immutable=1", the path's %, ? and # escaped. */
static int immutable_uri(const char *path, char *uri, size_t len)
{
	char *abs = realpath(path, NULL);
	size_t used;

	if (abs == NULL)
		return -1;
	used = (size_t)snprintf(uri, len, "file:");
	for (const char *p = abs; *p != '\0' && used + 4 < len; p++)
		used += (size_t)(strchr("%?#", *p) != NULL ?
				 snprintf(uri + used, len - used, "%%%02X",
					  (unsigned char)*p) :
				 snprintf(uri + used, len - used, "%c", *p));
	free(abs);
	return snprintf(uri + used, len - used, "?immutable=1") <
	       (int)(len - used) ? 0 : -1;
}

static int open_file(struct db *db, const char *name, int oflags,
		     unsigned flags)
{
	if (sqlite3_open_v2(name, &db->sql, oflags, NULL) != SQLITE_OK) {
		snprintf(db->err, sizeof(db->err), "%s: cannot open: %s%s",
			 db->path,
			 db->sql ? sqlite3_errmsg(db->sql) : "out of memory",
			 (flags & DB_OPEN_CREATE) ? "" :
			 " (does it exist? give --db PATH or set PITBOSS_DB)");
		return DB_FAILED;
	}
	return DB_OK;
}

static void disconnect(struct db *db)
{
	for (int q = 0; q < Q_COUNT; q++) {
		sqlite3_finalize(db->stmt[q]);
		db->stmt[q] = NULL;
	}
	sqlite3_close(db->sql);
	db->sql = NULL;
}

int db_open(const char *path, unsigned flags, struct db **out, char *err,
	    size_t errlen)
{
	struct db *db = sqlite3_malloc(sizeof(*db));
	int oflags = SQLITE_OPEN_READWRITE, rc;
	char uri[sizeof(db->path) * 3 + 32];

	*out = NULL;
	if (db == NULL) {
		snprintf(err, errlen, "%s: out of memory", path);
		return DB_FAILED;
	}
	memset(db, 0, sizeof(*db));
	db->lock_fd = -1;
	snprintf(db->path, sizeof(db->path), "%s", path);
	if (flags & DB_OPEN_READONLY)
		oflags = SQLITE_OPEN_READONLY;
	else if (flags & DB_OPEN_CREATE)
		oflags |= SQLITE_OPEN_CREATE;
	if (flags & DB_OPEN_ONE_THREAD)
		oflags |= SQLITE_OPEN_NOMUTEX;
	rc = open_file(db, path, oflags, flags);
	if (rc == DB_OK && (rc = setup(db, flags)) != DB_OK &&
	    needs_immutable(db, flags)) {
		disconnect(db);
		if (immutable_uri(path, uri, sizeof(uri)) < 0) {
			snprintf(db->err, sizeof(db->err), "%s: cannot open: %s",
				 path, strerror(errno));
			rc = DB_FAILED;
		} else if ((rc = open_file(db, uri, oflags | SQLITE_OPEN_URI,
					   flags)) == DB_OK) {
			rc = setup(db, flags);
		}
	}
	if (rc != DB_OK) {
		snprintf(err, errlen, "%s", db->err);
		db_close(db);
		return rc;
	}
	db->opened = 1;
	*out = db;
	return DB_OK;
}

void db_memory_limit(int64_t bytes)
{
	sqlite3_soft_heap_limit64(bytes);
}

void db_close(struct db *db)
{
	if (db == NULL)
		return;
	db_clean_close(db);
	disconnect(db);
	db_clean_unlock(db);
	sqlite3_free(db);
}
