/*
 * full_vfs.h - a disk that fills up, for the tests: an SQLite VFS over
 * the default one whose writes fail with SQLITE_FULL while the disk is
 * said to be full, as a write to a full file system does (ENOSPC), and
 * work again once space is said to be back.
 */
#ifndef PITBOSS_FULL_VFS_H
#define PITBOSS_FULL_VFS_H

/* Makes the full-disk VFS SQLite's default; 0, or -1 if it cannot. */
int full_vfs_install(void);
/* 1: every write fails with SQLITE_FULL from now; 0: space is back. */
void full_vfs_set_full(int full);
/* Writes refused since the last full_vfs_set_full(1). */
unsigned long full_vfs_refused(void);

#endif
