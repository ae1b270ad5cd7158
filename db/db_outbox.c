/*
 * db_outbox.c - the outbox of the MQTT link: each record a table writes
 * becomes one event row, written inside the transaction of the record
 * (so that neither is ever kept without the other), numbered per table
 * 1, 2, 3... without gaps, its JSON made by SQLite's JSON functions from
 * the rows just written. The publisher reads the rows in order and
 * marks them sent when the broker acknowledged them (docs/mqtt.md has
 * the events and their payloads).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_impl.h"

/*
 * The payload of each kind of event, from the rows just written:
 * ?1 the game, ?2 the ply, ?3 the plies kept, ?4 an incident's or a
 * command's id. Players by name, ids the table's own.
 */
static const char *const payload_sql[DB_OUTBOX_KINDS] = {
	[DB_OUTBOX_GAME_START] =
	"SELECT json_object('game', g.id, 'kind', g.kind, 'options', g.options,"
	" 'board', b.name, 'seats', g.seats, 'first_seat', g.first_seat,"
	" 'first_how', g.first_how, 'started', g.started, 'position',"
	" g.position, 'series', g.series_id, 'hub_series', (SELECT hub_series FROM"
	"  series WHERE id = g.series_id), 'game_no',"
	" g.game_no, 'players', (SELECT json_group_array(json(j)) FROM"
	"  (SELECT json_object('seat', gp.seat, 'member', gp.member, 'name',"
	"   p.name) AS j FROM game_players gp JOIN players p"
	"   ON p.id = gp.player_id WHERE gp.game_id = g.id"
	"   ORDER BY gp.seat, gp.member)))"
	" FROM games g LEFT JOIN boards b ON b.id = g.board_id WHERE g.id = ?1",
	[DB_OUTBOX_MOVE] =
	"SELECT json_object('game', m.game_id, 'ply', m.ply, 'keep', ?3,"
	" 'seat', m.seat, 'member', m.member, 'player', p.name, 'notation',"
	" m.notation, 'position', m.position, 'at', m.at, 'source', m.source,"
	" 'evidence', m.evidence) FROM moves m LEFT JOIN players p"
	" ON p.id = m.player_id WHERE m.game_id = ?1 AND m.ply = ?2",
	[DB_OUTBOX_TAKE_BACK] =
	"SELECT json_object('game', id, 'keep', ?3, 'position', position)"
	" FROM games WHERE id = ?1",
	[DB_OUTBOX_OPTIONS] =
	"SELECT json_object('game', id, 'options', options) FROM games"
	" WHERE id = ?1",
	[DB_OUTBOX_INCIDENT] =
	"SELECT json_object('game', i.game_id, 'ply', i.ply, 'kind', i.kind,"
	" 'player', p.name, 'text', i.text, 'at', i.at, 'cause', i.cause,"
	" 'evidence', i.evidence) FROM incidents i LEFT JOIN players p"
	" ON p.id = i.player_id WHERE i.id = ?4",
	[DB_OUTBOX_GAME_OVER] =
	"SELECT json_object('game', g.id, 'ended', g.ended, 'status', g.status,"
	" 'result', g.result, 'winner_seat', g.winner_seat, 'plies', g.plies,"
	" 'position', g.position, 'sides', (SELECT json_group_array(json(j))"
	"  FROM (SELECT json_object('seat', seat, 'score', score, 'points',"
	"   points) AS j FROM game_sides WHERE game_id = g.id ORDER BY seat)))"
	" FROM games g WHERE g.id = ?1",
	[DB_OUTBOX_COMMAND_DONE] =
	"SELECT json_object('hub_command', hub_id, 'command', id, 'outcome',"
	" outcome, 'outcome_kind', outcome_kind, 'outcome_cause',"
	" outcome_cause, 'outcome_ply', outcome_ply, 'outcome_move',"
	" outcome_move) FROM commands WHERE id = ?4",
	[DB_OUTBOX_GAME_FIX] =
	"SELECT json_object('game', g.id, 'action', a.action, 'by', a.by,"
	" 'reason', a.reason, 'status', g.status, 'result', g.result,"
	" 'winner_seat', g.winner_seat, 'sides', (SELECT json_group_array("
	"  json(j)) FROM (SELECT json_object('seat', seat, 'score', score,"
	"   'points', points) AS j FROM game_sides WHERE game_id = g.id"
	"   ORDER BY seat)))"
	" FROM game_audit a JOIN games g ON g.id = a.game_id WHERE a.id = ?4",
};

static const char *const kind_word[DB_OUTBOX_KINDS] = {
	[DB_OUTBOX_GAME_START] = "game-start",
	[DB_OUTBOX_MOVE] = "move",
	[DB_OUTBOX_TAKE_BACK] = "take-back",
	[DB_OUTBOX_OPTIONS] = "options",
	[DB_OUTBOX_INCIDENT] = "incident",
	[DB_OUTBOX_GAME_OVER] = "game-over",
	[DB_OUTBOX_COMMAND_DONE] = "command-done",
	[DB_OUTBOX_GAME_FIX] = "game-fix",
};

/* The row numbered next for the table, its body wrapping the payload. */
#define INSERT_SQL \
	"INSERT INTO outbox (table_key, seq, kind, at, body)" \
	" SELECT ?1, n, ?2, ?3, json_object('v', 1, 'table', ?1," \
	"  'instance', (SELECT id FROM instance), 'seq', n," \
	"  'kind', ?2, 'at', ?3, 'payload', json(?4))" \
	" FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM outbox" \
	"  WHERE table_key = ?1)"

const char *db_outbox_kind_name(enum db_outbox_kind kind)
{
	return (unsigned)kind < DB_OUTBOX_KINDS ? kind_word[kind] : "?";
}

/* The payload of `r` as JSON text (malloc'd) into `*out`. */
static int payload(struct db *db, const struct db_outbox_rec *r, char **out)
{
	sqlite3_stmt *st;
	int rc;

	*out = NULL;
	if (sqlite3_prepare_v2(db->sql, payload_sql[r->kind], -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, "preparing an outbox event");
	sqlite3_bind_int64(st, 1, r->game);
	sqlite3_bind_int(st, 2, r->ply);
	sqlite3_bind_int(st, 3, r->keep);
	sqlite3_bind_int64(st, 4, r->id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_text(st, 0) != NULL)
		*out = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return *out != NULL ? DB_OK : db_refuse(db, "out of memory");
	if (rc == SQLITE_DONE)
		return db_refuse(db, "no record for the %s event",
				 kind_word[r->kind]);
	return db_fail(db, "reading a record for the outbox");
}

/* Keeps on command `r->id` the seq of the command-done event just
 * written for it to `r->table_key` (the newest there). */
static int keep_answer(struct db *db, const struct db_outbox_rec *r)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db->sql, "UPDATE commands SET answer_seq ="
			       " (SELECT MAX(seq) FROM outbox WHERE"
			       " table_key = ?1) WHERE id = ?2", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, "keeping a command's answer");
	sqlite3_bind_text(st, 1, r->table_key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, r->id);
	rc = db_exec(db, st, "keeping a command's answer");
	sqlite3_finalize(st);
	return rc;
}

/* Writes the row of `r` with its payload `json`. */
static int insert_row(struct db *db, const struct db_outbox_rec *r,
		      const char *json)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db->sql, INSERT_SQL, -1, &st, NULL) !=
	    SQLITE_OK)
		return db_fail(db, "preparing the outbox row");
	sqlite3_bind_text(st, 1, r->table_key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, kind_word[r->kind], -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, r->at, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, json, -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_DONE ? DB_OK :
	     db_fail(db, "writing the outbox row");
	sqlite3_finalize(st);
	return rc;
}

int db_outbox_add(struct db *db, const struct db_outbox_rec *r)
{
	char *json;
	int rc;

	if ((unsigned)r->kind >= DB_OUTBOX_KINDS)
		return db_refuse(db, "no such outbox event");
	rc = payload(db, r, &json);
	if (rc != DB_OK)
		return rc;
	if (r->kind != DB_OUTBOX_COMMAND_DONE) {
		rc = insert_row(db, r, json);
		free(json);
		return rc;
	}
	rc = db_begin(db);
	if (rc == DB_OK)
		rc = insert_row(db, r, json);
	if (rc == DB_OK)
		rc = keep_answer(db, r);
	free(json);
	return db_end(db, rc);
}

/* Steps a one-row query of one integer column into `*v` (0: no row). */
static int one_int(struct db *db, sqlite3_stmt *st, int64_t *v,
		   const char *what)
{
	int rc = sqlite3_step(st);

	*v = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	       db_fail(db, what);
}

int db_incident_last_id(struct db *db, int64_t *id)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db->sql, "SELECT COALESCE(MAX(id), 0) FROM "
			       "incidents", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading the last incident");
	return one_int(db, st, id, "reading the last incident");
}

int db_outbox_add_incidents(struct db *db, const char *table_key,
			    const char *at, int64_t after)
{
	struct db_outbox_rec r = { DB_OUTBOX_INCIDENT, table_key, at, 0, 0, 0,
				   0 };
	int64_t last;
	int rc = db_incident_last_id(db, &last);

	/* The ids of one transaction's incidents follow each other. */
	for (int64_t id = after + 1; rc == DB_OK && id <= last; id++) {
		r.id = id;
		rc = db_outbox_add(db, &r);
		if (rc == DB_REFUSED)
			rc = DB_OK;	/* an id not taken */
	}
	return rc;
}

int db_board_outbox_key(struct db *db, int64_t board_id, const char *key)
{
	sqlite3_stmt *st;
	int64_t same = 0;
	int rc, i = 0;

	/* Written only when it changes: a read-only file stays readable. */
	static const char *const sql[] = {
		"SELECT count(*) FROM boards WHERE id = ?1 AND outbox_key IS ?2",
		"UPDATE boards SET outbox_key = ?2 WHERE id = ?1",
	};
	do {
		if (sqlite3_prepare_v2(db->sql, sql[i], -1, &st, NULL) !=
		    SQLITE_OK)
			return db_fail(db, "keeping a board's MQTT id");
		sqlite3_bind_int64(st, 1, board_id);
		if (key != NULL)
			sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
		rc = one_int(db, st, &same, "keeping a board's MQTT id");
	} while (rc == DB_OK && same == 0 && ++i < 2);
	return rc;
}

int db_outbox_game_fixed(struct db *db, int64_t game_id, int64_t audit_id)
{
	struct db_outbox_rec r = { .kind = DB_OUTBOX_GAME_FIX,
				   .game = game_id, .id = audit_id };
	char key[64] = "", at[DB_TIME_MAX];
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(db->sql, "SELECT b.outbox_key FROM games g "
			       "JOIN boards b ON b.id = g.board_id WHERE "
			       "g.id = ?1", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading a board's MQTT id");
	sqlite3_bind_int64(st, 1, game_id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		db_column_text(st, 0, key, sizeof(key));
	sqlite3_finalize(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a board's MQTT id");
	if (key[0] == '\0')
		return DB_OK;
	db_stamp(db, at, sizeof(at));
	r.table_key = key;
	r.at = at;
	return db_outbox_add(db, &r);
}

int db_outbox_last(struct db *db, const char *table_key, int64_t *seq)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db->sql, "SELECT COALESCE(MAX(seq), 0) FROM "
			       "outbox WHERE table_key = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, "reading the outbox");
	sqlite3_bind_text(st, 1, table_key, -1, SQLITE_STATIC);
	return one_int(db, st, seq, "reading the outbox");
}

int db_outbox_first(struct db *db, const char *table_key, int64_t *seq)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db->sql, "SELECT COALESCE(MIN(seq), 0) FROM "
			       "outbox WHERE table_key = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, "reading the outbox");
	sqlite3_bind_text(st, 1, table_key, -1, SQLITE_STATIC);
	return one_int(db, st, seq, "reading the outbox");
}

int db_outbox_get(struct db *db, const char *table_key, int64_t from,
		  int unsent_only, struct db_outbox_row *out)
{
	sqlite3_stmt *st;
	int rc;

	out->body = NULL;
	if (sqlite3_prepare_v2(db->sql, unsent_only ?
			       "SELECT seq, kind, body FROM outbox WHERE "
			       "table_key = ?1 AND seq >= ?2 AND sent IS NULL "
			       "ORDER BY seq LIMIT 1" :
			       "SELECT seq, kind, body FROM outbox WHERE "
			       "table_key = ?1 AND seq >= ?2 ORDER BY seq "
			       "LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading the outbox");
	sqlite3_bind_text(st, 1, table_key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, from);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		out->seq = sqlite3_column_int64(st, 0);
		db_column_text(st, 1, out->kind, sizeof(out->kind));
		out->body = strdup((const char *)sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return out->body != NULL ? DB_OK : db_refuse(db, "out of memory");
	return rc == SQLITE_DONE ? DB_REFUSED : db_fail(db, "reading the outbox");
}

int db_outbox_sent(struct db *db, const char *table_key, const int64_t *seq,
		   size_t n)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	if (sqlite3_prepare_v2(db->sql, "UPDATE outbox SET sent = ?3 WHERE "
			       "table_key = ?1 AND seq = ?2 AND sent IS NULL",
			       -1, &st, NULL) != SQLITE_OK)
		return db_end(db, db_fail(db, "marking the outbox"));
	db_now(now, sizeof(now));
	sqlite3_bind_text(st, 1, table_key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, now, -1, SQLITE_STATIC);
	for (size_t i = 0; i < n && rc == DB_OK; i++) {
		sqlite3_bind_int64(st, 2, seq[i]);
		rc = sqlite3_step(st) == SQLITE_DONE ? DB_OK :
		     db_fail(db, "marking the outbox");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return db_end(db, rc);
}

int db_outbox_prune(struct db *db, const char *table_key, int keep_rows,
		    int keep_days)
{
	sqlite3_stmt *st;
	char age[32];
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	snprintf(age, sizeof(age), "-%d days", keep_days);
	/* Sent rows older than the days kept, past the rows kept. */
	if (sqlite3_prepare_v2(db->sql, "DELETE FROM outbox WHERE table_key = "
			       "?1 AND sent IS NOT NULL AND sent < strftime("
			       "'%Y-%m-%dT%H:%M:%fZ', 'now', ?3) AND seq <= "
			       "(SELECT COALESCE(MAX(seq), 0) FROM outbox "
			       "WHERE table_key = ?1) - ?2", -1, &st,
			       NULL) != SQLITE_OK)
		return db_end(db, db_fail(db, "pruning the outbox"));
	sqlite3_bind_text(st, 1, table_key, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, keep_rows);
	sqlite3_bind_text(st, 3, age, -1, SQLITE_STATIC);
	rc = db_exec(db, st, "pruning the outbox");
	sqlite3_finalize(st);
	return db_end(db, rc);
}

/* The command the hub sent as `hub_id` already, into `*id` (0: none). */
static int hub_command_known(struct db *db, int64_t board_id,
			     const char *hub_id, int64_t *id)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db->sql, "SELECT id FROM commands WHERE "
			       "hub_id = ?1 AND board_id = ?2", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, "reading the commands");
	sqlite3_bind_text(st, 1, hub_id, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, board_id);
	return one_int(db, st, id, "reading the commands");
}

int db_command_add_hub(struct db *db, int64_t board_id, const char *kind,
		       const char *text, const char *hub_id, int64_t *id)
{
	sqlite3_stmt *st;
	int rc = db_transaction_begin(db);

	if (rc == DB_OK)
		rc = hub_command_known(db, board_id, hub_id, id);
	if (rc == DB_OK && *id != 0)
		rc = db_refuse(db, "command %s of the hub is queued already "
			       "(%lld)", hub_id, (long long)*id);
	if (rc == DB_OK)
		rc = db_command_add(db, board_id, kind, text, id);
	if (rc == DB_OK && sqlite3_prepare_v2(db->sql, "UPDATE commands SET "
					      "hub_id = ?2 WHERE id = ?1", -1,
					      &st, NULL) != SQLITE_OK)
		rc = db_fail(db, "keeping the hub's command id");
	else if (rc == DB_OK) {
		sqlite3_bind_int64(st, 1, *id);
		sqlite3_bind_text(st, 2, hub_id, -1, SQLITE_STATIC);
		rc = db_exec(db, st, "keeping the hub's command id");
		sqlite3_finalize(st);
	}
	return db_transaction_end(db, rc);
}

/* Whether command `id` is done and its command-done event is no longer
 * in the table's outbox (pruned), into *lost: the row at the seq kept
 * with the command (commands.answer_seq), one lookup by primary key;
 * none kept, or that row another's: lost. */
static int answer_lost(struct db *db, const char *table_key, int64_t id,
		       int64_t *lost)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db->sql, "SELECT c.done IS NOT NULL AND "
			       "NOT EXISTS (SELECT 1 FROM outbox o WHERE "
			       "o.table_key = ?1 AND o.seq = c.answer_seq "
			       "AND o.kind = 'command-done' "
			       "AND json_extract(o.body, '$.payload.command') "
			       "= c.id) FROM commands c WHERE c.id = ?2", -1,
			       &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading a command's answer");
	sqlite3_bind_text(st, 1, table_key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	return one_int(db, st, lost, "reading a command's answer");
}

int db_command_answer_again(struct db *db, const char *table_key,
			    int64_t id, int *again)
{
	struct db_outbox_rec r = {
		.kind = DB_OUTBOX_COMMAND_DONE, .table_key = table_key,
		.id = id,
	};
	char at[DB_TIME_MAX];
	int64_t lost = 0;
	int rc = db_transaction_begin(db);

	*again = 0;
	if (rc == DB_OK)
		rc = answer_lost(db, table_key, id, &lost);
	if (rc == DB_OK && lost) {
		db_now(at, sizeof(at));
		r.at = at;
		rc = db_outbox_add(db, &r);
		*again = rc == DB_OK;
	}
	rc = db_transaction_end(db, rc);
	if (rc != DB_OK)
		*again = 0;
	return rc;
}

int db_json_get(struct db *db, const char *json, const char *path,
		char *buf, size_t len)
{
	sqlite3_stmt *st;
	int rc;

	buf[0] = '\0';
	if (sqlite3_prepare_v2(db->sql, "SELECT CASE WHEN json_valid(?1) THEN "
			       "json_extract(?1, ?2) END", -1, &st, NULL) !=
	    SQLITE_OK)
		return db_fail(db, "reading JSON");
	sqlite3_bind_text(st, 1, json, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, path, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		db_column_text(st, 0, buf, len);
	else if (rc == SQLITE_ROW)
		rc = SQLITE_DONE;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? DB_OK : rc == SQLITE_DONE ? DB_REFUSED :
	       db_fail(db, "reading JSON");
}
