/*
 * db_hub.c - a hub's events of remote tables: each kept once under
 * (table, seq) and applied in sequence order in the transaction that
 * keeps it (db_hub_apply.c applies one), the gap before the events
 * waiting, each table's link state and lag, and the readers of them.
 *
 * Its statements are in the store's table (queries.c), prepared once
 * per connection: preparing them anew for each event cost the most.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_hub.h"
#include "db/db_impl.h"
#include "db/names.h"

int db_hub_key_ok(const char *key)
{
	size_t n = 0;

	for (; key[n] != '\0'; n++)
		if (!((key[n] >= 'a' && key[n] <= 'z') ||
		      (key[n] >= '0' && key[n] <= '9') || key[n] == '_' ||
		      key[n] == '-'))
			return 0;
	return n >= 1 && n < DB_HUB_KEY_MAX;
}

/* Statement `q` with its arguments bound by `types`: 't' a string
 * (NULL binds null), 'i' an int64_t. */
static int hub_stmt(struct db *db, sqlite3_stmt **st, enum query q,
		    const char *types, va_list ap)
{
	if (db_prepare(db, q, st) != DB_OK)
		return DB_FAILED;
	for (int i = 0; types[i] != '\0'; i++) {
		if (types[i] == 't') {
			const char *s = va_arg(ap, const char *);

			if (s != NULL)
				sqlite3_bind_text(*st, i + 1, s, -1,
						  SQLITE_TRANSIENT);
		} else {
			sqlite3_bind_int64(*st, i + 1, va_arg(ap, int64_t));
		}
	}
	return DB_OK;
}

/* Runs a statement that returns no row. */
static int hub_exec(struct db *db, const char *what, enum query q,
		    const char *types, ...)
{
	sqlite3_stmt *st;
	va_list ap;
	int rc;

	va_start(ap, types);
	rc = hub_stmt(db, &st, q, types, ap);
	va_end(ap);
	if (rc != DB_OK)
		return rc;
	return db_exec(db, st, what);
}

/* Runs a query; *st holds its first row (SQLITE_ROW) or none (DONE):
 * reset it after reading. */
static int hub_query(struct db *db, sqlite3_stmt **st, int *step,
		     enum query q, const char *types, ...)
{
	va_list ap;
	int rc;

	va_start(ap, types);
	rc = hub_stmt(db, st, q, types, ap);
	va_end(ap);
	if (rc != DB_OK)
		return rc;
	*step = sqlite3_step(*st);
	if (*step != SQLITE_ROW && *step != SQLITE_DONE) {
		rc = db_fail(db, "reading the hub's records");
		sqlite3_reset(*st);
		*st = NULL;
	}
	return rc;
}

/* ---------------------------------------------------------- events */

struct hub_event {
	char table[DB_HUB_KEY_MAX];
	char instance[DB_INSTANCE_MAX];	/* "" when the table gave none */
	int64_t seq;
	char kind[32];
	char at[DB_TIME_MAX];
};


/* The event's envelope, refused unless it is one of version 1. */
static int event_header(struct db *db, const char *json, int len,
			struct hub_event *ev)
{
	sqlite3_stmt *st;
	const char *table, *kind, *at, *seq_type, *payload, *instance;
	int rc = DB_REFUSED;

	if (db_prepare(db, Q_HUB_HEADER, &st) != DB_OK)
		return DB_FAILED;
	sqlite3_bind_text(st, 1, json, len, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		table = (const char *)sqlite3_column_text(st, 1);
		seq_type = (const char *)sqlite3_column_text(st, 3);
		kind = (const char *)sqlite3_column_text(st, 4);
		at = (const char *)sqlite3_column_text(st, 5);
		payload = (const char *)sqlite3_column_text(st, 6);
		instance = (const char *)sqlite3_column_text(st, 7);
		ev->seq = sqlite3_column_int64(st, 2);
		if (sqlite3_column_int64(st, 0) == 1 && table != NULL &&
		    db_hub_key_ok(table) && seq_type != NULL &&
		    strcmp(seq_type, "integer") == 0 && ev->seq >= 1 &&
		    kind != NULL && strlen(kind) < sizeof(ev->kind) &&
		    at != NULL && strlen(at) < sizeof(ev->at) &&
		    payload != NULL && strcmp(payload, "object") == 0 &&
		    (instance == NULL || db_hub_key_ok(instance))) {
			snprintf(ev->instance, sizeof(ev->instance), "%s",
				 instance != NULL ? instance : "");
			snprintf(ev->table, sizeof(ev->table), "%s", table);
			snprintf(ev->kind, sizeof(ev->kind), "%s", kind);
			snprintf(ev->at, sizeof(ev->at), "%s", at);
			rc = DB_OK;
		}
	}
	sqlite3_reset(st);
	if (rc != DB_OK)
		return db_refuse(db, "not an event of version 1 (v, table, "
				 "seq, kind, at, payload)");
	return rc;
}

/* The event after the table's last applied one, if it is here: its
 * kind, time and body (malloc'ed into *body; NULL when none). */
static int next_waiting(struct db *db, const char *table, int64_t *seq,
			char *kind, char *at, char **body)
{
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step,
				 Q_HUB_NEXT, "t", table);

	*body = NULL;
	if (rc != DB_OK)
		return rc;
	if (step == SQLITE_ROW) {
		*seq = sqlite3_column_int64(st, 0);
		db_column_text(st, 1, kind, 32);
		db_column_text(st, 2, at, DB_TIME_MAX);
		*body = strdup((const char *)sqlite3_column_text(st, 3));
		if (*body == NULL)
			rc = db_refuse(db, "out of memory");
	}
	sqlite3_reset(st);
	return rc;
}

/* The last failure the store's own (busy, full, I/O...), to be tried
 * again, not an event the records cannot take (a constraint). */
static int store_trouble(const struct db *db)
{
	switch (db->failed_code & 0xff) {
	case SQLITE_BUSY: case SQLITE_LOCKED: case SQLITE_NOMEM:
	case SQLITE_READONLY: case SQLITE_INTERRUPT: case SQLITE_IOERR:
	case SQLITE_CORRUPT: case SQLITE_FULL: case SQLITE_CANTOPEN:
	case SQLITE_PROTOCOL: case SQLITE_NOTADB:
		return 1;
	default:
		return 0;
	}
}

/* One waiting event applied in its own savepoint; refused, it is kept
 * with the reason and passed. */
static int apply_one(struct db *db, const char *table, int64_t seq,
		     const char *kind, const char *at, const char *body,
		     struct db_hub_ingest *out)
{
	char now[DB_TIME_MAX], why[DB_TEXT_MAX] = "";
	int64_t answered = 0;
	int queued = 0, rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	rc = db_end(db, db_hub_apply_tx(db, table, seq, kind, body, at,
					&answered, &queued));
	if (rc == DB_FAILED && !store_trouble(db))
		rc = DB_REFUSED;	/* the event, not the store: passed */
	if (rc == DB_FAILED)
		return rc;
	if (rc == DB_OK)
		out->queued += queued;
	if (rc == DB_OK && answered != 0 &&
	    out->nanswered < DB_HUB_ANSWERED_MAX)
		out->answered[out->nanswered++] = answered;
	if (rc == DB_REFUSED) {
		snprintf(why, sizeof(why), "%s", db_error(db));
		out->refused++;
	}
	out->applied++;
	db_now(now, sizeof(now));
	rc = hub_exec(db, "applying an event",
		      Q_HUB_APPLIED, "titt", table,
		      seq, now, why[0] != '\0' ? why : NULL);
	if (rc == DB_OK)
		rc = hub_exec(db, "applying an event",
			      Q_HUB_LAST_SEQ, "ti", table, seq);
	return rc;
}

/* The waiting events that follow the last applied, `max` at most. */
static int apply_waiting(struct db *db, const char *table, int max,
			 struct db_hub_ingest *out)
{
	char kind[32], at[DB_TIME_MAX], *body = NULL;
	int64_t seq = 0;
	int rc = DB_OK;

	while (out->applied < max &&
	       (rc = next_waiting(db, table, &seq, kind, at, &body)) ==
	       DB_OK && body != NULL) {
		rc = apply_one(db, table, seq, kind, at, body, out);
		free(body);
		if (rc != DB_OK)
			return rc;
	}
	return rc;
}

/* The table's progress and the first gap into `out`. */
static int table_progress(struct db *db, const char *table,
			  struct db_hub_ingest *out)
{
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step,
				 Q_HUB_PROGRESS,
				 "t", table);

	if (rc != DB_OK)
		return rc;
	if (step == SQLITE_ROW) {
		out->last_seq = sqlite3_column_int64(st, 0);
		if (sqlite3_column_type(st, 1) == SQLITE_NULL)
			;
		else if (sqlite3_column_int64(st, 1) == out->last_seq + 1)
			out->more = 1;	/* the next one is here: not applied
					 * yet, the turn's bound reached */
		else {
			out->gap_from = out->last_seq + 1;
			out->gap_to = sqlite3_column_int64(st, 1) - 1;
		}
		out->lag_ms = sqlite3_column_int64(st, 2);
	}
	sqlite3_reset(st);
	return rc;
}

/*
 * The table known, and the first instance heard of for it pinned.
 * *foreign 0 when `instance` is it (or none is given); else the other
 * instance is noted, `count` more of its events refused, and *foreign
 * is how many were refused so far, 1 at least.
 */
static int pin_instance(struct db *db, const char *table,
			const char *instance, const char *received, int count,
			int64_t *foreign)
{
	sqlite3_stmt *st;
	int step, same = 1,
	    rc = hub_exec(db, "keeping a table", Q_HUB_TABLE_ADD, "t", table);

	*foreign = 0;
	if (rc != DB_OK || instance[0] == '\0')
		return rc;
	rc = hub_exec(db, "keeping a table", Q_HUB_PIN, "tt", table,
		      instance);
	if (rc == DB_OK)
		rc = hub_query(db, &st, &step, Q_HUB_PINNED, "tt", table,
			       instance);
	if (rc != DB_OK)
		return rc;
	if (step == SQLITE_ROW) {
		same = sqlite3_column_int(st, 0);
		*foreign = sqlite3_column_int64(st, 1) + count;
		if (*foreign < 1)
			*foreign = 1;
	}
	sqlite3_reset(st);
	if (same) {
		*foreign = 0;
		return DB_OK;
	}
	return hub_exec(db, "noting another instance", Q_HUB_FOREIGN, "ttti",
			table, instance, received, (int64_t)count);
}

/* The event kept (or counted as a duplicate) and the table's link
 * seen at `received`. */
static int keep_event(struct db *db, const struct hub_event *ev,
		      const char *json, const char *received,
		      struct db_hub_ingest *out)
{
	int rc = hub_exec(db, "keeping an event", Q_HUB_EVENT_ADD, "titttt",
			  ev->table, ev->seq, ev->kind, ev->at, json,
			  received);

	if (rc != DB_OK)
		return rc;
	out->duplicate = sqlite3_changes(db->sql) == 0;
	if (out->duplicate)
		return hub_exec(db, "counting a duplicate",
				Q_HUB_DUPLICATE, "tt", ev->table,
				received);
	return hub_exec(db, "keeping an event",
			Q_HUB_SEEN, "ttt", ev->table,
			received, ev->at);
}

int db_hub_ingest(struct db *db, const char *json, int len,
		  const char *received, struct db_hub_ingest *out)
{
	return db_hub_ingest_from(db, NULL, json, len, received,
				  DB_HUB_APPLY_ALL, out);
}

int db_hub_ingest_from(struct db *db, const char *topic_table,
		       const char *json, int len, const char *received,
		       int apply_max, struct db_hub_ingest *out)
{
	char now[DB_TIME_MAX], *copy;
	struct hub_event ev;
	int rc;

	memset(out, 0, sizeof(*out));
	out->lag_ms = -1;
	if (received == NULL) {
		db_now(now, sizeof(now));
		received = now;
	}
	if ((rc = event_header(db, json, len, &ev)) != DB_OK)
		return rc;
	if (topic_table != NULL && strcmp(topic_table, ev.table) != 0)
		return db_refuse(db, "an event of table %s on table %s's topic",
				 ev.table, topic_table);
	snprintf(out->table, sizeof(out->table), "%s", ev.table);
	out->seq = ev.seq;
	if ((copy = strndup(json, (size_t)len)) == NULL)
		return db_refuse(db, "out of memory");
	if ((rc = db_begin(db)) == DB_OK) {
		rc = pin_instance(db, ev.table, ev.instance, received, 1,
				  &out->foreign);
		snprintf(out->instance, sizeof(out->instance), "%s",
			 ev.instance);
		if (rc == DB_OK && out->foreign == 0)
			rc = keep_event(db, &ev, copy, received, out);
		if (rc == DB_OK && out->foreign == 0)
			rc = apply_waiting(db, ev.table, apply_max, out);
		if (rc == DB_OK)
			rc = table_progress(db, ev.table, out);
		rc = db_end(db, rc);
	}
	free(copy);
	if (rc != DB_OK) {
		out->applied = out->refused = 0;
		out->duplicate = 0;
		out->nanswered = 0;
		out->foreign = 0;
		out->more = 0;
		out->queued = 0;
	}
	return rc;
}

int db_hub_apply_more(struct db *db, const char *table, int apply_max,
		      struct db_hub_ingest *out)
{
	int rc;

	memset(out, 0, sizeof(*out));
	out->lag_ms = -1;
	snprintf(out->table, sizeof(out->table), "%s", table);
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = apply_waiting(db, table, apply_max, out);
	if (rc == DB_OK)
		rc = table_progress(db, table, out);
	rc = db_end(db, rc);
	if (rc != DB_OK)
		memset(out, 0, sizeof(*out));
	return rc;
}

/* ---------------------------------------------------------- status */

int db_hub_status(struct db *db, const char *json, int len,
		  const char *received)
{
	char now[DB_TIME_MAX], table[DB_HUB_KEY_MAX] = "", state[16] = "",
	     instance[DB_INSTANCE_MAX] = "";
	sqlite3_stmt *st;
	int64_t seq = -1, foreign = 0;
	int rc;

	if (received == NULL) {
		db_now(now, sizeof(now));
		received = now;
	}
	if (db_prepare(db, Q_HUB_STATUS_READ, &st) != DB_OK)
		return DB_FAILED;
	sqlite3_bind_text(st, 1, json, len, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		db_column_text(st, 0, table, sizeof(table));
		db_column_text(st, 1, state, sizeof(state));
		if (sqlite3_column_type(st, 2) == SQLITE_INTEGER)
			seq = sqlite3_column_int64(st, 2);
		db_column_text(st, 3, instance, sizeof(instance));
	}
	sqlite3_reset(st);
	if (!db_hub_key_ok(table) || (strcmp(state, "online") != 0 &&
				      strcmp(state, "offline") != 0) ||
	    (instance[0] != '\0' && !db_hub_key_ok(instance)))
		return db_refuse(db, "not a table's status (table, state)");
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = pin_instance(db, table, instance, received, 0, &foreign);
	if (rc == DB_OK && foreign == 0)
		rc = hub_exec(db, "keeping a table's status",
			      Q_HUB_STATUS, "ttti",
			      table, state, received, seq);
	rc = db_end(db, rc);
	if (rc == DB_OK && foreign != 0)
		return db_refuse(db, "a status of table %s from another "
				 "pitbossd (instance %s): two give the same "
				 "mqtt-id", table, instance);
	return rc;
}

int db_hub_instance_other(struct db *db, const char *table,
			  const char *instance)
{
	sqlite3_stmt *st;
	int step, other = 0;

	if (instance[0] == '\0' ||
	    hub_query(db, &st, &step, Q_HUB_PINNED, "tt", table,
		      instance) != DB_OK)
		return 0;
	if (step == SQLITE_ROW)
		other = !sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return other;
}

/* --------------------------------------------------------- gone */

/* Events from..to of `table` no table has any more: those the hub
 * lacks after its last applied are counted lost and passed, and the
 * events waiting after them applied. */
static int pass_lost(struct db *db, const char *table, int64_t from,
		     int64_t to, int apply_max, struct db_hub_ingest *out)
{
	int rc = table_progress(db, table, out);

	while (rc == DB_OK) {
		int64_t next = out->last_seq + 1, end = to;

		if (next < from || next > to || out->more)
			break;
		if (out->gap_from != 0 && out->gap_to < end)
			end = out->gap_to;
		out->lost += end - next + 1;
		rc = hub_exec(db, "passing lost events", Q_HUB_LOST, "tii",
			      table, end, end - next + 1);
		if (rc == DB_OK)
			rc = apply_waiting(db, table, apply_max, out);
		out->gap_from = out->gap_to = 0;
		out->more = 0;
		if (rc == DB_OK)
			rc = table_progress(db, table, out);
	}
	return rc;
}

int db_hub_gone(struct db *db, const char *topic_table, const char *json,
		int len, int apply_max, struct db_hub_ingest *out)
{
	char table[DB_HUB_KEY_MAX] = "", instance[DB_INSTANCE_MAX] = "";
	sqlite3_stmt *st;
	int64_t from = 0, to = -1;
	int rc;

	memset(out, 0, sizeof(*out));
	out->lag_ms = -1;
	if (db_prepare(db, Q_HUB_GONE_READ, &st) != DB_OK)
		return DB_FAILED;
	sqlite3_bind_text(st, 1, json, len, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_int64(st, 0) == 1) {
		db_column_text(st, 1, table, sizeof(table));
		db_column_text(st, 2, instance, sizeof(instance));
		from = sqlite3_column_int64(st, 3);
		to = sqlite3_column_int64(st, 4);
	}
	sqlite3_reset(st);
	if (!db_hub_key_ok(table) || from < 1 || to < from)
		return db_refuse(db, "not a gone answer (v, table, from, to)");
	if (topic_table != NULL && strcmp(topic_table, table) != 0)
		return db_refuse(db, "a gone answer of table %s on table %s's "
				 "topic", table, topic_table);
	if (db_hub_instance_other(db, table, instance))
		return db_refuse(db, "a gone answer of table %s from another "
				 "pitbossd (instance %s)", table, instance);
	snprintf(out->table, sizeof(out->table), "%s", table);
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = hub_exec(db, "keeping a table", Q_HUB_TABLE_ADD, "t", table);
	if (rc == DB_OK)
		rc = pass_lost(db, table, from, to, apply_max, out);
	rc = db_end(db, rc);
	if (rc != DB_OK)
		memset(out, 0, sizeof(*out));
	return rc;
}

/* -------------------------------------------------------- pruning */

int db_hub_prune(struct db *db, int keep_days, int64_t *deleted)
{
	char age[32];

	*deleted = 0;
	snprintf(age, sizeof(age), "-%d days", keep_days);
	if (hub_exec(db, "pruning the hub's events", Q_HUB_PRUNE, "t",
		     age) != DB_OK)
		return DB_FAILED;
	*deleted = sqlite3_changes(db->sql);
	return DB_OK;
}

/* ---------------------------------------------------------- boards */

/* The board whose name has `name`'s key: its id, 0 when none. */
static int board_named(struct db *db, const char *name, int64_t *id)
{
	char key[NAMES_MAX_BYTES];
	sqlite3_stmt *st;
	int step;

	*id = 0;
	names_key(name, key, sizeof(key));
	if (hub_query(db, &st, &step, Q_TABLE_BY_KEY, "t", key) != DB_OK)
		return DB_FAILED;
	if (step == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return DB_OK;
}

int db_hub_board(struct db *db, const char *table, const char *name,
		 int64_t *id)
{
	char alt[NAMES_MAX_BYTES + DB_HUB_KEY_MAX + 4];
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step, Q_HUB_BOARD_OF, "t", table);

	*id = 0;
	if (rc != DB_OK)
		return rc;
	if (step == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (*id != 0)
		return DB_OK;
	/* Its own board, never one of the hub's nor another table's. */
	if (board_named(db, name, id) != DB_OK)
		return DB_FAILED;
	if (*id == 0)
		return db_table_add(db, name, "", id);
	snprintf(alt, sizeof(alt), "%s (%s)", name, table);
	if (board_named(db, alt, id) != DB_OK)
		return DB_FAILED;
	if (*id != 0)
		return db_refuse(db, "table %s's board: '%s' and '%s' are "
				 "other boards'", table, name, alt);
	return db_table_add(db, alt, "", id);
}

/* --------------------------------------------------------- readers */


static void hub_table_row(sqlite3_stmt *st, struct db_hub_table *t)
{
	memset(t, 0, sizeof(*t));
	db_column_text(st, 0, t->table, sizeof(t->table));
	db_column_text(st, 1, t->state, sizeof(t->state));
	t->last_seq = sqlite3_column_int64(st, 2);
	t->table_seq = sqlite3_column_int64(st, 3);
	t->waiting = sqlite3_column_int64(st, 4);
	if (sqlite3_column_type(st, 5) != SQLITE_NULL) {
		t->gap_from = t->last_seq + 1;
		t->gap_to = sqlite3_column_int64(st, 5) - 1;
	}
	t->duplicates = sqlite3_column_int64(st, 6);
	t->refused = sqlite3_column_int64(st, 7);
	db_column_text(st, 8, t->seen, sizeof(t->seen));
	t->lag_ms = sqlite3_column_int64(st, 9);
	t->board_id = sqlite3_column_int64(st, 10);
	db_column_text(st, 11, t->board, sizeof(t->board));
	if (t->gap_from > t->gap_to)	/* the next one is here */
		t->gap_from = t->gap_to = 0;
	db_column_text(st, 12, t->instance, sizeof(t->instance));
	db_column_text(st, 13, t->foreign_instance,
		       sizeof(t->foreign_instance));
	t->foreign_events = sqlite3_column_int64(st, 14);
	db_column_text(st, 15, t->foreign_seen, sizeof(t->foreign_seen));
	t->lost = sqlite3_column_int64(st, 16);
}

int db_hub_tables(struct db *db,
		  int (*each)(void *ctx, const struct db_hub_table *t),
		  void *ctx)
{
	struct db_hub_table t;
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step, Q_HUB_TABLES, "");

	if (rc != DB_OK)
		return rc;
	while (step == SQLITE_ROW) {
		hub_table_row(st, &t);
		if (each(ctx, &t) != 0)
			break;
		step = sqlite3_step(st);
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading the remote tables");
	return DB_OK;
}

int db_hub_live(struct db *db, const char *key, int64_t from, int64_t to,
		int (*each)(void *ctx, const char *json), void *ctx)
{
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step, Q_HUB_LIVE, "tii", key, from,
				 to);

	if (rc != DB_OK)
		return rc;
	while (step == SQLITE_ROW &&
	       each(ctx, (const char *)sqlite3_column_text(st, 0)) == 0)
		step = sqlite3_step(st);
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a table's events");
	return DB_OK;
}

int db_hub_table_get(struct db *db, const char *key,
		     struct db_hub_table *out)
{
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step, Q_HUB_TABLE, "t", key);

	if (rc != DB_OK)
		return rc;
	if (step == SQLITE_ROW)
		hub_table_row(st, out);
	sqlite3_reset(st);
	if (step != SQLITE_ROW)
		return db_refuse(db, "no table '%s' has been heard of", key);
	return DB_OK;
}

int db_hub_table_of_board(struct db *db, int64_t board_id, char *key,
			  size_t len)
{
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step,
				 Q_HUB_TABLE_OF_BOARD, "i", board_id);

	if (rc != DB_OK)
		return rc;
	if (step == SQLITE_ROW)
		db_column_text(st, 0, key, len);
	sqlite3_reset(st);
	if (step != SQLITE_ROW)
		return db_refuse(db, "board %lld is no remote table's",
				 (long long)board_id);
	return DB_OK;
}

int db_hub_game(struct db *db, const char *key, int64_t remote_game,
		int64_t *game_id)
{
	sqlite3_stmt *st;
	int step, rc = hub_query(db, &st, &step,
				 Q_HUB_GAME,
				 "ti", key, remote_game);

	*game_id = 0;
	if (rc != DB_OK)
		return rc;
	if (step == SQLITE_ROW)
		*game_id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return DB_OK;
}
