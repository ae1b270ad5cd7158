/*
 * db_backup.c - `pitboss backup`: the store copied with SQLite's online
 * backup into a temporary file beside the destination, synced, and
 * renamed over it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db_impl.h"

#define BUSY_TIMEOUT_MS 5000

/* Copies the store into the open connection `dest`, page by page. */
static int copy_into(struct db *db, sqlite3 *dest, const char *path)
{
	sqlite3_backup *bk;
	int rc;

	sqlite3_busy_timeout(dest, BUSY_TIMEOUT_MS);
	bk = sqlite3_backup_init(dest, "main", db->sql, "main");
	if (bk == NULL) {
		snprintf(db->err, sizeof(db->err), "%s: backup: %s", path,
			 sqlite3_errmsg(dest));
		return DB_FAILED;
	}
	/* Steps of 256 pages; a writer in between restarts the copy, so
	 * the backup is a consistent snapshot of one moment. */
	do {
		rc = sqlite3_backup_step(bk, 256);
		if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
			sqlite3_sleep(20);
	} while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
	sqlite3_backup_finish(bk);
	if (rc != SQLITE_DONE) {
		snprintf(db->err, sizeof(db->err), "%s: backup: %s", path,
			 sqlite3_errstr(rc));
		return DB_FAILED;
	}
	return DB_OK;
}

/* Syncs the folder of `path`, so that a rename into it is durable. */
static int sync_folder(const char *path)
{
	char dir[PATH_MAX];
	int fd, rc;

	db_folder_of(path, dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* The files SQLite keeps beside `path`, gone with the file they served. */
static void remove_companions(const char *path)
{
	static const char *const suffix[] = { "-journal", "-wal", "-shm" };
	char name[PATH_MAX + 16];

	for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
		snprintf(name, sizeof(name), "%s%s", path, suffix[i]);
		unlink(name);
	}
}

/*
 * The copy is made in a temporary file beside `path`, synced, and
 * renamed over it: killed at any moment, the backup leaves `path` as it
 * was (absent, or the earlier backup) and at worst a temporary file.
 */
int db_backup(struct db *db, const char *path)
{
	char tmp[sizeof(db->path) + 32];
	sqlite3 *dest = NULL;
	mode_t mask = umask(0);
	int fd, rc = DB_FAILED;

	umask(mask);
	if (snprintf(tmp, sizeof(tmp), "%s.partial-XXXXXX", path) >=
	    (int)sizeof(tmp) || (fd = mkstemp(tmp)) < 0) {
		snprintf(db->err, sizeof(db->err), "%s: cannot write: %s", path,
			 strerror(errno == 0 ? ENAMETOOLONG : errno));
		return DB_FAILED;
	}
	/* As a file created in the folder would be (mkstemp's is 0600). */
	if (fchmod(fd, 0666 & ~mask) < 0 ||
	    sqlite3_open_v2(tmp, &dest, SQLITE_OPEN_READWRITE, NULL) !=
	    SQLITE_OK) {
		snprintf(db->err, sizeof(db->err), "%s: cannot write: %s", tmp,
			 dest != NULL ? sqlite3_errmsg(dest) : strerror(errno));
		goto err_remove;
	}
	rc = copy_into(db, dest, path);
	if (sqlite3_close(dest) != SQLITE_OK && rc == DB_OK) {
		snprintf(db->err, sizeof(db->err), "%s: closing the backup",
			 path);
		rc = DB_FAILED;
	}
	dest = NULL;
	if (rc == DB_OK && fsync(fd) < 0) {
		snprintf(db->err, sizeof(db->err), "%s: syncing the backup: %s",
			 tmp, strerror(errno));
		rc = DB_FAILED;
	}
	if (rc != DB_OK)
		goto err_remove;
	remove_companions(path);
	if (rename(tmp, path) < 0) {
		snprintf(db->err, sizeof(db->err), "%s: cannot write: %s", path,
			 strerror(errno));
		rc = DB_FAILED;
		goto err_remove;
	}
	close(fd);
	if (sync_folder(path) < 0) {
		snprintf(db->err, sizeof(db->err), "%s: syncing its folder: %s",
			 path, strerror(errno));
		return DB_FAILED;
	}
	return DB_OK;

err_remove:
	sqlite3_close(dest);
	close(fd);
	unlink(tmp);
	remove_companions(tmp);
	return rc;
}
