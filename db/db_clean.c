/*
 * db_clean.c - whether the file was closed cleanly. A writer opening it
 * skips the scan of the whole file (PRAGMA quick_check: about a second
 * per 100 MB, longer on an SD card) when every writer that opened it
 * since its last check closed it again; after a crash or a power cut
 * the file is checked before anything is written to it.
 *
 * The mark is one row (table `closed`): set by the last writer to
 * close, cleared by every writer that opens. Which writer is the last
 * is told by a lock on the file's folder (flock(2), shared while a
 * writer has the file open; a closer that can take it exclusively is
 * alone), which the kernel lets go when a process dies. Sharing the
 * folder with another store only makes a check happen more often.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include "db/db_impl.h"

int db_clean_open(struct db *db)
{
	char dir[sizeof(db->path)];
	sqlite3_stmt *st;
	int clean = 0;

	db_folder_of(db->path, dir, sizeof(dir));
	db->lock_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (db->lock_fd < 0)
		return 0;
	if (flock(db->lock_fd, LOCK_SH) != 0) {
		close(db->lock_fd);
		db->lock_fd = -1;
		return 0;
	}
	/* A file older than the mark has none: it is checked. */
	if (sqlite3_prepare_v2(db->sql, "SELECT clean FROM closed WHERE id = 1",
			       -1, &st, NULL) != SQLITE_OK)
		return 0;
	if (sqlite3_step(st) == SQLITE_ROW)
		clean = sqlite3_column_int(st, 0) == 1;
	sqlite3_finalize(st);
	return clean;
}

/* Sets the mark (1) or clears it (0), when the table is there. */
static int mark(struct db *db, int clean)
{
	sqlite3_stmt *st;
	char at[DB_TIME_MAX];
	int rc;

	if (sqlite3_prepare_v2(db->sql, "UPDATE closed SET clean = ?1, at = ?2"
			       " WHERE id = 1 AND clean <> ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return sqlite3_errcode(db->sql) == SQLITE_ERROR ? DB_OK :
		       db_fail(db, "clearing the clean-close mark");
	db_now(at, sizeof(at));
	sqlite3_bind_int(st, 1, clean);
	sqlite3_bind_text(st, 2, at, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? DB_OK :
	       db_fail(db, "clearing the clean-close mark");
}

int db_clean_opened(struct db *db)
{
	if (db->lock_fd < 0)
		return DB_OK;
	return mark(db, 0);
}

void db_clean_close(struct db *db)
{
	int code = db->failed_code & 0xff;

	if (db->lock_fd < 0)
		return;
	/* Only the last writer, with nothing left half done, and no sign
	 * of damage met on the way. */
	if (db->sql != NULL && db->opened && sqlite3_get_autocommit(db->sql) &&
	    code != SQLITE_CORRUPT && code != SQLITE_NOTADB &&
	    code != SQLITE_IOERR &&
	    flock(db->lock_fd, LOCK_EX | LOCK_NB) == 0)
		mark(db, 1);
}

void db_clean_unlock(struct db *db)
{
	if (db->lock_fd >= 0)
		close(db->lock_fd);
	db->lock_fd = -1;
}

int db_checked(const struct db *db)
{
	return db->checked;
}
