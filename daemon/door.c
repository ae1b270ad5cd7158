/*
 * door.c - the commands door. Other processes (`pitboss table`) write
 * commands into the database: its write-ahead log changes, and inotify
 * wakes the loop; a slow timer stays as a fallback for file systems
 * without inotify. Each command is carried out by its table, in order,
 * and its outcome written back for whoever waits on it.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

#include "daemon/door.h"
#include "daemon/log.h"
#include "db/commands.h"

#define DOOR_PERIOD_US 5000000	/* the commands door, looked at anyway */
#define STALE_COMMAND_S 900	/* queued longer before a start: not done */
#define DOOR_SETTLE_US 15000	/* after the log is written, till committed */

struct door {
	struct loop *loop;
	struct db *db;
	struct table *const *table;
	int ntables;
	int inotify;			/* the database's log being written */
	int timer;
	int64_t data_version;
	int64_t last_command;
};

static struct table *table_of_board(struct door *d, int64_t board_id)
{
	for (int i = 0; i < d->ntables; i++)
		if (table_board_id(d->table[i]) == board_id)
			return d->table[i];
	return NULL;
}

/* Carries out the commands waiting, in order; those queued before
 * `stale_before` (store time text; NULL: none) are closed unexecuted. */
static void take_commands(struct door *d, const char *stale_before)
{
	struct db_command c;

	while (db_command_next(d->db, d->last_command, &c) == DB_OK) {
		struct table *t = table_of_board(d, c.board_id);
		const struct command_word *w;
		char outcome[512];
		int quiet;

		d->last_command = c.id;
		if (stale_before != NULL && strcmp(c.created, stale_before) < 0)
			snprintf(outcome, sizeof(outcome),
				 "refused 0 -: not carried out: queued at %s, "
				 "more than %d minutes before pitbossd started",
				 c.created, STALE_COMMAND_S / 60);
		else if (t == NULL)
			snprintf(outcome, sizeof(outcome),
				 "refused 0 -: table %lld is not run by "
				 "this daemon", (long long)c.board_id);
		else
			table_command(t, c.kind, c.text, outcome,
				      sizeof(outcome));
		/* A start's options, a secret entered and a position
		 * set may hold secrets: their verdicts say what may
		 * be shown. */
		w = command_find(c.kind);
		quiet = w == NULL || w->quiet || c.text[0] == '\0';

		log_info("command %lld (%s%s%s): %s", (long long)c.id,
			 c.kind, quiet ? "" : " ", quiet ? "" : c.text,
			 outcome);
		if (db_command_done(d->db, c.id, outcome) != DB_OK)
			log_err("closing command %lld: %s",
				(long long)c.id, db_error(d->db));
	}
}

static void look(void *ctx)
{
	struct door *d = ctx;
	int64_t version;

	if (db_data_version(d->db, &version) == DB_OK &&
	    version != d->data_version) {
		d->data_version = version;
		take_commands(d, NULL);
		/* Our own writes change nothing for the others. */
		db_data_version(d->db, &d->data_version);
	}
	d->timer = loop_at(d->loop, loop_now() + DOOR_PERIOD_US, look, d);
}

/* Another process wrote to the database's log: maybe a command. */
static void on_wal_written(void *ctx, int fd, short revents)
{
	struct door *d = ctx;
	char buf[4096];

	(void)revents;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	/* The log is written before the commit is complete: look a moment
	 * later, once the writer is done. */
	loop_cancel(d->loop, d->timer);
	d->timer = loop_at(d->loop, loop_now() + DOOR_SETTLE_US, look, d);
}

static void watch_wal(struct door *d, const char *db_path)
{
	char wal[4096];

	snprintf(wal, sizeof(wal), "%s-wal", db_path);
	d->inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (d->inotify >= 0 &&
	    (inotify_add_watch(d->inotify, wal, IN_MODIFY) < 0 ||
	     loop_add_fd(d->loop, d->inotify, POLLIN, on_wal_written, d) < 0)) {
		log_warn("commands door: no inotify on %s (%s); looking every "
			 "%d s", wal, strerror(errno), DOOR_PERIOD_US / 1000000);
		close(d->inotify);
		d->inotify = -1;
	}
}

/* Commands queued while pitbossd was not running are carried out now,
 * in order, as they would have been; older ones are stale. */
static void take_queued(struct door *d)
{
	time_t then = time(NULL) - STALE_COMMAND_S;
	struct tm tm;
	char stale[DB_TIME_MAX];

	gmtime_r(&then, &tm);
	strftime(stale, sizeof(stale), "%Y-%m-%dT%H:%M:%S", &tm);
	take_commands(d, stale);
}

struct door *door_open(struct loop *loop, struct db *db, const char *db_path,
		       struct table *const *tables, int ntables)
{
	struct door *d = calloc(1, sizeof(*d));

	if (d == NULL)
		return NULL;
	d->loop = loop;
	d->db = db;
	d->table = tables;
	d->ntables = ntables;
	d->inotify = -1;
	watch_wal(d, db_path);
	take_queued(d);
	db_data_version(d->db, &d->data_version);
	d->timer = loop_at(d->loop, loop_now() + DOOR_PERIOD_US, look, d);
	return d;
}

void door_close(struct door *d)
{
	if (d == NULL)
		return;
	loop_cancel(d->loop, d->timer);
	if (d->inotify >= 0) {
		loop_remove_fd(d->loop, d->inotify);
		close(d->inotify);
	}
	free(d);
}
