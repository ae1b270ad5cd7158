/*
 * table_fixture.h - what the tests of a live table (test_table.c,
 * test_table_full_disk.c, test_table_outbox.c) share: table.c compiled
 * in, with a source that senses nothing, on a store of its own in a
 * temporary directory; verdicts made by hand and given to the table's
 * verdict handler; the store read back. The log (-Wl,--wrap=log_msg,
 * defined here: one test program includes this once), the lights and
 * the dashboard are watched: what they tell of a move must be committed
 * already. The store's file system fills up on demand
 * (tests/full_vfs.c).
 */
#ifndef PITBOSS_TESTS_TABLE_FIXTURE_H
#define PITBOSS_TESTS_TABLE_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "daemon/table.c"
#include "daemon/table_record.c"
#include "db/db_impl.h"
#include "tests/full_vfs.h"

/* ------------------------------------------- announcements, watched */

/* The table whose announcements are checked against its store, and
 * how many moves were announced before they were committed. */
static struct table *watched;
static int announced, announced_unrecorded;

struct ply_wanted {
	int ply;
	const char *move;
	int found;
};

static int each_move_wanted(void *ctx, const struct db_move_info *m)
{
	struct ply_wanted *w = ctx;

	if (m->ply == w->ply && strcmp(m->notation, w->move) == 0)
		w->found = 1;
	return 0;
}

/* A move is announced: it must be in the store already. */
static inline void announcing(int ply, const char *move)
{
	struct ply_wanted w = { ply, move, 0 };

	if (watched == NULL || ply <= 0 || move[0] == '\0' ||
	    strcmp(move, "-") == 0)
		return;
	announced++;
	if (watched->game_id == 0 ||
	    db_game_moves(watched->db, watched->game_id, each_move_wanted,
			  &w) != DB_OK || !w.found)
		announced_unrecorded++;
}

/* The last lines logged, for what the arbiter reads there. */
static char logged[16][2048];
static int nlogged;

static inline int was_logged(const char *part)
{
	for (int i = 0; i < nlogged && i < 16; i++)
		if (strstr(logged[i], part) != NULL)
			return 1;
	return 0;
}

void __real_log_msg(enum log_level level, const char *fmt, ...);
void __wrap_log_msg(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void __wrap_log_msg(enum log_level level, const char *fmt, ...)
{
	char line[2048], kind[16], move[16];
	unsigned table;
	int ply;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	snprintf(logged[nlogged++ % 16], sizeof(logged[0]), "%s", line);
	if (strstr(line, "not recorded yet") != NULL)
		return;		/* told as not recorded: rightly so */
	if (sscanf(line, "table %u: %15s %d %15[^:]:", &table, kind, &ply,
		   move) == 4 && (strcmp(kind, "accept") == 0 ||
				  strcmp(kind, "warn") == 0 ||
				  strcmp(kind, "command") == 0))
		announcing(ply, move);
	__real_log_msg(level, "%s", line);
}

/* ------------------------------------------------ a source of nothing */

static int verdicts_seen;

static struct source *quiet_open(struct loop *loop,
				 const struct table_config *config,
				 const char *resume, source_emit_fn emit,
				 void *ctx, char *err, size_t errlen)
{
	static int token;

	(void)loop, (void)config, (void)resume, (void)emit, (void)ctx,
	(void)err, (void)errlen;
	return (struct source *)&token;
}

static void quiet_close(struct source *source)
{
	(void)source;
}

static void quiet_verdict(struct source *source, const struct verdict *v,
			  int mover)
{
	(void)source, (void)mover;
	verdicts_seen++;
	/* The lights: what they show of a move is committed. */
	announcing(v->ply, v->move);
}


static const struct source_ops quiet_ops = {
	.name = "quiet",
	.open = quiet_open,
	.close = quiet_close,
	.verdict = quiet_verdict,
};

/* ------------------------------------------------------------ helpers */

struct fixture {
	char dir[64];
	struct loop *loop;
	struct db *db;
	struct table *table;
};

static inline int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct table_config c;
	char path[128], err[DB_ERR_MAX];

	if (f == NULL)
		return -1;
	full_vfs_set_full(0);
	snprintf(f->dir, sizeof(f->dir), "/tmp/pitboss-test-table.XXXXXX");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/t.db", f->dir);
	log_set_level(LOG_LEVEL_ERR);
	f->loop = loop_new();
	if (f->loop == NULL ||
	    db_open(path, DB_OPEN_CREATE, &f->db, err, sizeof(err)) != DB_OK)
		return -1;
	memset(&c, 0, sizeof(c));
	c.id = 1;
	snprintf(c.name, sizeof(c.name), "Front");
	snprintf(c.game, sizeof(c.game), "kalah");
	c.source = &quiet_ops;	/* in place of a source of the registry */
	referee_config_default(&c.referee);
	f->table = table_open(f->loop, f->db, &c, err, sizeof(err));
	if (f->table == NULL) {
		fprintf(stderr, "table_open: %s\n", err);
		return -1;
	}
	verdicts_seen = 0;
	*state = f;
	return 0;
}

static inline int teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[128];

	table_close(f->table);
	db_close(f->db);
	loop_free(f->loop);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	free(f);
	return system(cmd) == 0 ? 0 : -1;
}

static inline struct verdict made(enum verdict_kind kind,
				  enum verdict_cause cause, const char *text)
{
	struct verdict v;

	memset(&v, 0, sizeof(v));
	v.table = 1;
	v.kind = kind;
	v.cause = cause;
	v.undone_to = -1;
	v.seat = -1;
	snprintf(v.text, sizeof(v.text), "%s", text);
	return v;
}

/* A game started and one move recorded, at a position of our own. */
static inline int64_t game_with_a_move(struct fixture *f)
{
	struct verdict v = made(VERDICT_START, CAUSE_STARTED, "game on");
	struct db_game_info g;

	on_verdict(f->table, &v);
	v = made(VERDICT_ACCEPT, CAUSE_ENTERED, "S plays c");
	v.ply = 1;
	v.seat = 0;
	v.source = SOURCE_MANUAL;
	snprintf(v.move, sizeof(v.move), "c");
	snprintf(v.position, sizeof(v.position), "made up");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, f->table->game_id, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	assert_string_equal(g.position, "made up");
	return g.id;
}

struct incidents {
	int n;
	char kind[8][16];
	char cause[8][24];
	char text[8][DB_TEXT_MAX];
	char at[8][DB_TIME_MAX];
	char evidence[8][DB_EVIDENCE_MAX];
};

static int each_incident(void *ctx, const struct db_incident_info *i)
{
	struct incidents *l = ctx;

	if (l->n < 8) {
		snprintf(l->kind[l->n], sizeof(l->kind[0]), "%s", i->kind);
		snprintf(l->cause[l->n], sizeof(l->cause[0]), "%s", i->cause);
		snprintf(l->text[l->n], sizeof(l->text[0]), "%s", i->text);
		snprintf(l->at[l->n], sizeof(l->at[0]), "%s", i->at);
		snprintf(l->evidence[l->n], sizeof(l->evidence[0]), "%s",
			 i->evidence);
		l->n++;
	}
	return 0;
}

static inline struct incidents incidents_of(struct fixture *f, int64_t game)
{
	struct incidents l;

	memset(&l, 0, sizeof(l));
	assert_int_equal(db_game_incidents(f->db, game, each_incident, &l),
			 DB_OK);
	return l;
}

/* Another table of the fixture's, on its store and loop; one that keeps
 * an outbox has its MQTT id made of its name. */
static inline struct table *another(struct fixture *f, unsigned id,
				    const char *name, int outbox)
{
	struct table_config c;
	struct table *t;
	char err[512];

	memset(&c, 0, sizeof(c));
	c.id = id;
	snprintf(c.name, sizeof(c.name), "%s", name);
	snprintf(c.game, sizeof(c.game), "kalah");
	if (outbox) {
		conf_mqtt_id(name, c.mqtt_id, sizeof(c.mqtt_id));
		c.outbox = 1;
	}
	c.source = &quiet_ops;
	referee_config_default(&c.referee);
	t = table_open(f->loop, f->db, &c, err, sizeof(err));
	if (t == NULL)
		fail_msg("table_open: %s", err);
	return t;
}

static inline void started(struct table *t)
{
	struct verdict v = made(VERDICT_START, CAUSE_STARTED, "game on");

	v.table = t->cfg.id;
	on_verdict(t, &v);
}

static inline void moved(struct table *t, int ply, const char *move)
{
	struct verdict v = made(VERDICT_ACCEPT, CAUSE_SENSED, "played");

	v.table = t->cfg.id;
	v.ply = ply;
	v.seat = (ply + 1) % 2;
	snprintf(v.move, sizeof(v.move), "%s", move);
	snprintf(v.position, sizeof(v.position), "after %s %d", move, ply);
	on_verdict(t, &v);
}

static inline void over(struct table *t)
{
	struct verdict v = made(VERDICT_OVER, CAUSE_ENDED, "game ended");

	v.table = t->cfg.id;
	on_verdict(t, &v);
}

/* One integer from fixed SQL. */
static inline long long db_count(struct db *db, const char *sql)
{
	sqlite3_stmt *st;
	long long n = -1;

	assert_int_equal(sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL),
			 SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

static inline void stop_loop(void *ctx)
{
	loop_stop(ctx);
}

#endif
