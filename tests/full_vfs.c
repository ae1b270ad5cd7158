/*
 * full_vfs.c - a disk that fills up: every file method goes to the
 * default VFS's, but xWrite and xTruncate fail with SQLITE_FULL while
 * the disk is full.
 */
#include "config.h"

#include <sqlite3.h>
#include <string.h>

#include "tests/full_vfs.h"

struct full_file {
	sqlite3_file base;
	sqlite3_file *real;	/* the default VFS's, just after this */
};

static sqlite3_vfs *real_vfs;
static sqlite3_vfs full_vfs;
static sqlite3_io_methods full_io;
static int disk_full;
static unsigned long refused;

static sqlite3_file *real(sqlite3_file *f)
{
	return ((struct full_file *)f)->real;
}

static int f_close(sqlite3_file *f)
{
	return real(f)->pMethods->xClose(real(f));
}

static int f_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 at)
{
	return real(f)->pMethods->xRead(real(f), buf, n, at);
}

static int f_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 at)
{
	if (disk_full) {
		refused++;
		return SQLITE_FULL;
	}
	return real(f)->pMethods->xWrite(real(f), buf, n, at);
}

static int f_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	return real(f)->pMethods->xTruncate(real(f), size);
}

static int f_sync(sqlite3_file *f, int flags)
{
	return real(f)->pMethods->xSync(real(f), flags);
}

static int f_size(sqlite3_file *f, sqlite3_int64 *size)
{
	return real(f)->pMethods->xFileSize(real(f), size);
}

static int f_lock(sqlite3_file *f, int lock)
{
	return real(f)->pMethods->xLock(real(f), lock);
}

static int f_unlock(sqlite3_file *f, int lock)
{
	return real(f)->pMethods->xUnlock(real(f), lock);
}

static int f_reserved(sqlite3_file *f, int *out)
{
	return real(f)->pMethods->xCheckReservedLock(real(f), out);
}

static int f_control(sqlite3_file *f, int op, void *arg)
{
	return real(f)->pMethods->xFileControl(real(f), op, arg);
}

static int f_sector(sqlite3_file *f)
{
	return real(f)->pMethods->xSectorSize(real(f));
}

static int f_device(sqlite3_file *f)
{
	return real(f)->pMethods->xDeviceCharacteristics(real(f));
}

static int f_shm_map(sqlite3_file *f, int page, int size, int extend,
		     void volatile **out)
{
	return real(f)->pMethods->xShmMap(real(f), page, size, extend, out);
}

static int f_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
	return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}

static void f_shm_barrier(sqlite3_file *f)
{
	real(f)->pMethods->xShmBarrier(real(f));
}

static int f_shm_unmap(sqlite3_file *f, int delete_flag)
{
	return real(f)->pMethods->xShmUnmap(real(f), delete_flag);
}

static int f_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file,
		  int flags, int *out_flags)
{
	struct full_file *f = (struct full_file *)file;
	int rc;

	(void)vfs;
	f->real = (sqlite3_file *)(f + 1);
	rc = real_vfs->xOpen(real_vfs, name, f->real, flags, out_flags);
	f->base.pMethods = f->real->pMethods != NULL ? &full_io : NULL;
	return rc;
}

int full_vfs_install(void)
{
	real_vfs = sqlite3_vfs_find(NULL);
	if (real_vfs == NULL)
		return -1;
	full_vfs = *real_vfs;
	full_vfs.szOsFile = (int)sizeof(struct full_file) + real_vfs->szOsFile;
	full_vfs.zName = "pitboss-full";
	full_vfs.xOpen = f_open;
	full_io = (sqlite3_io_methods){
		.iVersion = 2,
		.xClose = f_close, .xRead = f_read, .xWrite = f_write,
		.xTruncate = f_truncate, .xSync = f_sync, .xFileSize = f_size,
		.xLock = f_lock, .xUnlock = f_unlock,
		.xCheckReservedLock = f_reserved, .xFileControl = f_control,
		.xSectorSize = f_sector, .xDeviceCharacteristics = f_device,
		.xShmMap = f_shm_map, .xShmLock = f_shm_lock,
		.xShmBarrier = f_shm_barrier, .xShmUnmap = f_shm_unmap,
	};
	return sqlite3_vfs_register(&full_vfs, 1) == SQLITE_OK ? 0 : -1;
}

void full_vfs_set_full(int full)
{
	disk_full = full;
	if (full)
		refused = 0;
}

unsigned long full_vfs_refused(void)
{
	return refused;
}
