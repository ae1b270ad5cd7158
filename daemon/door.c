/*
 * door.c - the commands door. The dashboard, in this process, rings a
 * bell (an eventfd in the loop) once its command is committed, and is
 * told when the answer is. Other processes (`pitboss table`) write
 * commands into the database: its write-ahead log changes, and inotify
 * wakes the loop; a slow timer stays as a fallback for file systems
 * without inotify. Each command is carried out by its table (a forfeit
 * by the records), in order, and its outcome written back for whoever
 * waits on it, in the same transaction as what it wrote: a command is
 * done with all it did or not at all, and a crash never runs it twice.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

#include "daemon/door.h"
#include "daemon/log.h"
#include "db/commands.h"

#define DOOR_PERIOD_US 5000000	/* the commands door, looked at anyway */
#define STALE_COMMAND_S 900	/* queued longer before a start: not done */
#define DOOR_SETTLE_US 15000	/* after the log is written, till committed */
#define DOOR_SETTLE_TRIES 8	/* looks after a write: 15 ms .. 1.9 s later */
#define KEYS_PRUNE_US (3600ULL * 1000000)	/* old commands' keys: hourly */

struct door {
	struct loop *loop;
	struct db *db;
	struct table *const *table;
	int ntables;
	struct web *web;		/* or NULL */
	int bell;			/* rung by the dashboard */
	int settle;			/* looks since the log was written */
	int inotify;			/* the database's log being written */
	int timer;
	int64_t data_version;
	int64_t last_command;
	door_remote_fn remote;		/* a hub's: sends to remote tables */
	void *remote_ctx;
	int retry;			/* a command failed: take it again */
	uint64_t keys_pruned_us;	/* old commands' keys last forgotten */
	/* Commands queued before this (store time) were queued more than
	 * STALE_COMMAND_S before the start: closed unexecuted. */
	char stale_before[DB_TIME_MAX];
};

static struct table *table_of_board(struct door *d, int64_t board_id)
{
	for (int i = 0; i < d->ntables; i++)
		if (table_board_id(d->table[i]) == board_id)
			return d->table[i];
	return NULL;
}

#define REFUSED verdict_kind_name(VERDICT_REFUSED)

/* An outcome and its sentence, "KIND PLY MOVE: TEXT". */
struct outcome {
	struct db_command_outcome o;
	char move[16];
	char text[VERDICT_LINE_MAX];
};

static void door_says(struct outcome *out, const char *kind,
		      const char *cause, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void door_says(struct outcome *out, const char *kind,
		      const char *cause, const char *fmt, ...)
{
	char why[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	snprintf(out->text, sizeof(out->text), "%s 0 -: %s", kind, why);
	out->o = (struct db_command_outcome){ kind, cause, 0, NULL,
					      out->text };
}

static void from_verdict(struct outcome *out, const struct verdict *v)
{
	snprintf(out->move, sizeof(out->move), "%s", v->move);
	snprintf(out->text, sizeof(out->text), "%s %d %s: %s",
		 verdict_kind_name(v->kind), v->ply, v->move[0] ? v->move : "-",
		 v->text);
	out->o = (struct db_command_outcome){ verdict_kind_name(v->kind),
		verdict_cause_name(v->cause), v->ply, out->move, out->text };
}

/* "TOURNAMENT PLAYER": the player forfeits his series in the
 * tournament, recorded here so that only the main loop writes. */
static void forfeit(struct door *d, const char *text, struct outcome *out)
{
	long long tournament = 0, player = 0;
	int n = 0, rc;

	if (sscanf(text, "%lld %lld %n", &tournament, &player, &n) != 2 ||
	    text[n] != '\0' || tournament <= 0 || player <= 0) {
		door_says(out, REFUSED, COMMAND_CAUSE_NO_TEXT, "forfeit: "
			  "'TOURNAMENT PLAYER' expected");
		return;
	}
	rc = db_tournament_forfeit(d->db, tournament, player);
	if (rc == DB_OK)
		door_says(out, verdict_kind_name(VERDICT_COMMAND),
			  COMMAND_CAUSE_FORFEIT, "player %lld forfeits in "
			  "tournament %lld", player, tournament);
	else
		door_says(out, REFUSED, rc == DB_REFUSED ?
			  verdict_cause_name(CAUSE_REFUSED) :
			  COMMAND_CAUSE_FAILED, "%s", db_error(d->db));
}

/* "GAME ... -- REASON": a finished game voided or corrected, by the
 * code `pitboss game void` and `game correct` run. */
static void fix(struct door *d, const struct db_command *c,
		struct outcome *out)
{
	char said[300];
	int rc = db_game_fix_text(d->db, c->kind, c->text, said,
				  sizeof(said));

	if (rc == DB_OK)
		door_says(out, verdict_kind_name(VERDICT_COMMAND),
			  COMMAND_CAUSE_FIXED, "%s", said);
	else
		door_says(out, REFUSED, rc == DB_REFUSED ?
			  verdict_cause_name(CAUSE_REFUSED) :
			  COMMAND_CAUSE_FAILED, "%s", db_error(d->db));
}

/*
 * Carries out command `c`, up to its writes; one queued long before the
 * start is closed unexecuted.
 * Returns the table that carried it out, which holds its writes until
 * it is closed, or NULL; *records is set for a command on the records
 * (a forfeit, a game voided or corrected), whose writes are yet to be
 * made.
 */
static struct table *carry_out(struct door *d, const struct db_command *c,
			       const struct command_word **records,
			       struct outcome *out)
{
	const struct command_word *w = command_find(c->kind);
	struct table *t = table_of_board(d, c->board_id);
	struct verdict v;

	*records = NULL;
	if (strcmp(c->created, d->stale_before) < 0)
		door_says(out, REFUSED, COMMAND_CAUSE_STALE, "not carried "
			  "out: queued at %s, more than %d minutes before "
			  "pitbossd started", c->created, STALE_COMMAND_S / 60);
	else if (w == NULL)
		door_says(out, REFUSED, COMMAND_CAUSE_UNKNOWN, "unknown "
			  "command '%s'", c->kind);
	else if (w->text == COMMAND_TEXT_NEEDED && c->text[0] == '\0')
		door_says(out, REFUSED, COMMAND_CAUSE_NO_TEXT, "%s needs its "
			  "text", c->kind);
	else if (w->act == COMMAND_FORFEIT || w->act == COMMAND_FIX)
		*records = w;
	else if (t == NULL)
		door_says(out, REFUSED, COMMAND_CAUSE_NO_TABLE, "table %lld "
			  "is not run by this daemon", (long long)c->board_id);
	else {
		if (table_command(t, w, c->text, &v) == 1)
			door_says(out, "none", "none", "no verdict");
		else
			from_verdict(out, &v);
		return t;
	}
	return NULL;
}

/*
 * Carries out command `c` and marks it done in one transaction: what it
 * wrote and its outcome commit together or not at all, so that a crash
 * between them cannot make it run again at the next start. 0 when
 * committed; 1 when its table keeps it all in memory for a store that
 * fails; -1 when not carried out (the store failed; tried again later).
 */
static int carry_out_and_close(struct door *d, const struct db_command *c,
			       struct outcome *out)
{
	const struct command_word *records;
	struct table *t = carry_out(d, c, &records, out);
	int rc;

	if (t != NULL)
		return table_command_close(t, c->id, &out->o);
	if ((rc = db_transaction_begin(d->db)) != DB_OK)
		return -1;
	if (records != NULL && records->act == COMMAND_FORFEIT)
		forfeit(d, c->text, out);
	else if (records != NULL)
		fix(d, c, out);
	rc = db_command_done(d->db, c->id, &out->o);
	if (rc == DB_OK)
		rc = table_outbox_command_done(table_of_board(d, c->board_id),
					       c->id);
	return db_transaction_end(d->db, rc) == DB_OK ? 0 : -1;
}

/* A command for a remote table handed on to it: 1, else 0 (carried
 * out here: a local table's, the records', stale or refused). One
 * handed on before the start is handed on again, however old: its
 * table may have carried it out, and answers it. */
static int hand_on(struct door *d, const struct db_command *c)
{
	const struct command_word *w = command_find(c->kind);

	if (d->remote == NULL || w == NULL || w->act == COMMAND_FORFEIT ||
	    w->act == COMMAND_FIX || table_of_board(d, c->board_id) != NULL ||
	    (strcmp(c->created, d->stale_before) < 0 &&
	     c->handed_on[0] == '\0') ||
	    (w->text == COMMAND_TEXT_NEEDED && c->text[0] == '\0'))
		return 0;
	return d->remote(d->remote_ctx, c) == 0;
}

void door_set_remote(struct door *d, door_remote_fn send, void *ctx)
{
	d->remote = send;
	d->remote_ctx = ctx;
}

/* Carries out the commands waiting, in order. */
static void take_commands(struct door *d)
{
	struct db_command c;
	struct outcome out;

	d->retry = 0;
	while (db_command_next(d->db, d->last_command, &c) == DB_OK) {
		const struct command_word *w = command_find(c.kind);
		/* A start's options, a secret entered and a position set may
		 * hold secrets: their verdicts say what may be shown. */
		int quiet = w == NULL || w->quiet || c.text[0] == '\0';
		int rc;

		if (hand_on(d, &c)) {
			d->last_command = c.id;
			log_info("command %lld (%s): sent to its table",
				 (long long)c.id, c.kind);
			continue;
		}
		rc = carry_out_and_close(d, &c, &out);

		if (rc < 0) {
			/* Nothing of it was written: the next look tries
			 * it again (nobody else need write for that), and
			 * the ones after it wait. */
			log_err("command %lld (%s): not carried out: %s",
				(long long)c.id, c.kind, db_error(d->db));
			d->retry = 1;
			break;
		}
		d->last_command = c.id;
		log_info("command %lld (%s%s%s): %s%s", (long long)c.id,
			 c.kind, quiet ? "" : " ", quiet ? "" : c.text,
			 out.text, rc ? " (not recorded yet)" : "");
		if (d->web != NULL && rc == 0)
			web_command_answered(d->web, c.id);
	}
}

/* The senders' keys of commands done more than DB_REQUEST_KEY_DAYS
 * ago forgotten, at the start and every hour after; the commands stay. */
static void forget_keys(struct door *d)
{
	int64_t n = 0;

	if (d->keys_pruned_us != 0 &&
	    loop_now() - d->keys_pruned_us < KEYS_PRUNE_US)
		return;
	d->keys_pruned_us = loop_now();
	if (db_command_keys_prune(d->db, DB_REQUEST_KEY_DAYS, &n) != DB_OK)
		log_warn("commands: forgetting the keys of old commands: %s",
			 db_error(d->db));
	else if (n > 0)
		log_info("commands: the keys of %lld command%s done more than "
			 "%d days ago forgotten", (long long)n,
			 n == 1 ? "" : "s", DB_REQUEST_KEY_DAYS);
}

static void look(void *ctx)
{
	struct door *d = ctx;
	int64_t version = d->data_version;

	forget_keys(d);

	if ((db_data_version(d->db, &version) == DB_OK &&
	     version != d->data_version) || d->retry) {
		d->data_version = version;
		d->settle = 0;
		/* The version read before the commands are taken: one
		 * committed meanwhile by another process changes it. */
		take_commands(d);
	} else if (d->settle > 0 && d->settle < DOOR_SETTLE_TRIES) {
		/* The log was written but no commit is seen yet: a writer
		 * slowed down by a busy machine. Look again, each time
		 * twice as late, before falling back to the period. */
		d->timer = loop_at(d->loop, loop_now() +
				   (DOOR_SETTLE_US << d->settle), look, d);
		d->settle++;
		return;
	}
	d->settle = 0;
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
	d->settle = 1;
	d->timer = loop_at(d->loop, loop_now() + DOOR_SETTLE_US, look, d);
}

/* On a handler's thread of the dashboard: its command is committed. */
static void ring(void *ctx)
{
	struct door *d = ctx;
	uint64_t one = 1;

	if (write(d->bell, &one, sizeof(one)) < 0 && errno != EAGAIN)
		log_err("commands door: ringing: %s", strerror(errno));
}

void door_ring(struct door *d)
{
	ring(d);
}

/* The dashboard queued a command: it is taken now, no settling needed. */
static void on_bell(void *ctx, int fd, short revents)
{
	struct door *d = ctx;
	uint64_t rung;

	(void)revents;
	if (read(fd, &rung, sizeof(rung)) != (ssize_t)sizeof(rung))
		return;
	log_debug("commands door: rung by the dashboard");
	/* Read before taking: a command another process commits while
	 * these are carried out still shows as a change. */
	db_data_version(d->db, &d->data_version);
	take_commands(d);
}

static int hang_bell(struct door *d)
{
	d->bell = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (d->bell < 0 || loop_add_fd(d->loop, d->bell, POLLIN, on_bell,
				       d) < 0)
		return -1;
	if (d->web != NULL)
		web_set_door(d->web, ring, d);
	return 0;
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
			 "%d s", wal, strerror(errno),
			 DOOR_PERIOD_US / 1000000);
		close(d->inotify);
		d->inotify = -1;
	}
}

/* Commands queued while pitbossd was not running are carried out at
 * the loop's first turn (once a hub's remote tables are known to the
 * door), in order, as they would have been; older ones are stale. */
static void take_queued(void *ctx)
{
	struct door *d = ctx;

	take_commands(d);
	forget_keys(d);
	d->timer = loop_at(d->loop, loop_now() + DOOR_PERIOD_US, look, d);
}

static void mark_stale(struct door *d)
{
	time_t then = time(NULL) - STALE_COMMAND_S;
	struct tm tm;

	gmtime_r(&then, &tm);
	strftime(d->stale_before, sizeof(d->stale_before),
		 "%Y-%m-%dT%H:%M:%S", &tm);
}

struct door *door_open(struct loop *loop, struct db *db, const char *db_path,
		       struct table *const *tables, int ntables,
		       struct web *web)
{
	struct door *d = calloc(1, sizeof(*d));

	if (d == NULL)
		return NULL;
	d->loop = loop;
	d->db = db;
	d->table = tables;
	d->ntables = ntables;
	d->web = web;
	d->bell = -1;
	d->inotify = -1;
	d->timer = -1;
	if (hang_bell(d) < 0) {
		int e = errno;

		door_close(d);
		errno = e;
		return NULL;
	}
	watch_wal(d, db_path);
	db_data_version(d->db, &d->data_version);
	mark_stale(d);
	/* Whichever look comes first takes them. */
	d->retry = 1;
	d->timer = loop_at(d->loop, loop_now(), take_queued, d);
	return d;
}

void door_close(struct door *d)
{
	if (d == NULL)
		return;
	/* No handler rings once this returns. */
	if (d->web != NULL)
		web_set_door(d->web, NULL, NULL);
	if (d->bell >= 0) {
		loop_remove_fd(d->loop, d->bell);
		close(d->bell);
	}
	loop_cancel(d->loop, d->timer);
	if (d->inotify >= 0) {
		loop_remove_fd(d->loop, d->inotify);
		close(d->inotify);
	}
	free(d);
}
