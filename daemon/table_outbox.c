/*
 * table_outbox.c - a live table's records as events in the outbox of
 * the MQTT link: what each journal operation wrote (a game started,
 * a move, a take-back, options, incidents, a game over, a command
 * done) becomes events in the same transaction, numbered without gaps
 * (db_outbox.c makes them from the rows written). A write the store
 * refused and the flush left out makes no event.
 */
#include "config.h"

#include "daemon/table_impl.h"

int outbox_before(struct table *t, const struct flush *fs,
		  struct outbox_mark *m)
{
	m->game = fs->game;
	m->moves = fs->moves;
	m->errors = t->store_errors;
	return db_incident_last_id(t->db, &m->incident);
}

static int event(struct table *t, const struct record_op *op,
		 enum db_outbox_kind kind, int64_t game, int64_t id)
{
	struct db_outbox_rec r = {
		.kind = kind, .table_key = t->cfg.mqtt_id, .at = op->at,
		.game = game, .ply = op->ply, .keep = op->keep, .id = id,
	};

	return db_outbox_add(t->db, &r);
}

/* A game started, after the one it found under way, void. */
static int on_start(struct table *t, const struct flush *fs,
		    const struct record_op *op, const struct outbox_mark *m)
{
	int rc = DB_OK;

	if (m->game != 0 && fs->game != m->game)
		rc = event(t, op, DB_OUTBOX_GAME_OVER, m->game, 0);
	if (rc == DB_OK && fs->game != 0 && fs->game != m->game)
		rc = event(t, op, DB_OUTBOX_GAME_START, fs->game, 0);
	return rc;
}

static int on_move(struct table *t, const struct flush *fs,
		   const struct record_op *op, const struct outbox_mark *m)
{
	if (fs->moves == m->moves)
		return DB_OK;
	return event(t, op, DB_OUTBOX_MOVE, fs->game, 0);
}

static int on_take_back(struct table *t, const struct flush *fs,
			const struct record_op *op,
			const struct outbox_mark *m)
{
	(void)fs;
	return m->game == 0 ? DB_OK :
	       event(t, op, DB_OUTBOX_TAKE_BACK, m->game, 0);
}

static int on_options(struct table *t, const struct flush *fs,
		      const struct record_op *op, const struct outbox_mark *m)
{
	(void)fs;
	return m->game == 0 ? DB_OK :
	       event(t, op, DB_OUTBOX_OPTIONS, m->game, 0);
}

static int on_incident(struct table *t, const struct flush *fs,
		       const struct record_op *op,
		       const struct outbox_mark *m)
{
	(void)t;
	(void)fs;
	(void)op;
	(void)m;
	return DB_OK;	/* its incident, as every operation's, below */
}

static int on_over(struct table *t, const struct flush *fs,
		   const struct record_op *op, const struct outbox_mark *m)
{
	(void)fs;
	return m->game == 0 ? DB_OK :
	       event(t, op, DB_OUTBOX_GAME_OVER, m->game, 0);
}

static int on_done(struct table *t, const struct flush *fs,
		   const struct record_op *op, const struct outbox_mark *m)
{
	(void)fs;
	(void)m;
	return event(t, op, DB_OUTBOX_COMMAND_DONE, 0, op->command);
}

static int (*const events_of[REC_KINDS])(struct table *t,
					 const struct flush *fs,
					 const struct record_op *op,
					 const struct outbox_mark *m) = {
	[REC_START] = on_start,
	[REC_MOVE] = on_move,
	[REC_TAKE_BACK] = on_take_back,
	[REC_OPTIONS] = on_options,
	[REC_INCIDENT] = on_incident,
	[REC_OVER] = on_over,
	[REC_DONE] = on_done,
};

int outbox_after(struct table *t, const struct flush *fs,
		 const struct record_op *op, const struct outbox_mark *m)
{
	int rc;

	if (t->store_errors != m->errors)
		return DB_OK;	/* refused and left out: nothing written */
	rc = events_of[op->kind](t, fs, op, m);
	if (rc == DB_OK)
		rc = db_outbox_add_incidents(t->db, t->cfg.mqtt_id, op->at,
					     m->incident);
	return rc;
}

int table_outbox_command_done(struct table *t, int64_t command)
{
	struct db_outbox_rec r = {
		.kind = DB_OUTBOX_COMMAND_DONE, .id = command,
	};
	char at[DB_TIME_MAX];

	if (t == NULL || !t->cfg.outbox)
		return DB_OK;
	db_now(at, sizeof(at));
	r.table_key = t->cfg.mqtt_id;
	r.at = at;
	return db_outbox_add(t->db, &r);
}

int table_outbox_replace_empty(struct table *t, int64_t old_id,
			       const struct db_game_new *g, int64_t *id)
{
	struct db_outbox_rec r = { .kind = DB_OUTBOX_GAME_START };
	char at[DB_TIME_MAX];
	int rc = db_transaction_begin(t->db);

	if (rc != DB_OK)
		return rc;
	rc = db_game_replace_empty(t->db, old_id, g, id);
	if (rc == DB_OK && t->cfg.outbox) {
		db_now(at, sizeof(at));
		r.table_key = t->cfg.mqtt_id;
		r.at = at;
		r.game = *id;
		rc = db_outbox_add(t->db, &r);
	}
	rc = db_transaction_end(t->db, rc);
	if (rc != DB_OK)
		*id = 0;
	return rc;
}
