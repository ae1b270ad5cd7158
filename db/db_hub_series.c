/*
 * db_hub_series.c - a hub's series played at a remote table. The hub
 * sends the series with its call (db_hub_series_json()): its id, game,
 * options, target, players by name and first mover. The table keeps a
 * series of its own for it (db_hub_series_mirror()), marked with the
 * hub's id (series.hub_series), and plays it as any series called to
 * it; its games' events name the hub's series, so that the hub records
 * them in its own series, which it scores itself.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_hub.h"
#include "db/db_impl.h"

#define SERIES_JSON_SQL \
	"SELECT json_object('id', s.id, 'kind', s.kind, 'options', s.options," \
	" 'target', s.target, 'first', s.first, 'games', s.games, 'status'," \
	" s.status, 'players', json_array(pa.name, pb.name))" \
	" FROM series s JOIN players pa ON pa.id = s.player_a" \
	" JOIN players pb ON pb.id = s.player_b WHERE s.id = ?1"

int db_hub_series_json(struct db *db, int64_t series_id, char **json)
{
	sqlite3_stmt *st;
	int step;

	*json = NULL;
	if (sqlite3_prepare_v2(db->sql, SERIES_JSON_SQL, -1, &st, NULL) !=
	    SQLITE_OK)
		return db_fail(db, "preparing a series for a table");
	sqlite3_bind_int64(st, 1, series_id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*json = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (step == SQLITE_DONE)
		return db_refuse(db, "there is no series %lld",
				 (long long)series_id);
	if (step != SQLITE_ROW)
		return db_fail(db, "reading a series for a table");
	return *json != NULL ? DB_OK : db_refuse(db, "out of memory");
}

/* The hub's series as sent: the fields read by SQLite's JSON functions. */
#define MIRROR_READ_SQL \
	"SELECT json_extract(?1, '$.id'), json_extract(?1, '$.kind')," \
	" json_extract(?1, '$.options'), json_extract(?1, '$.target')," \
	" json_extract(?1, '$.first'), json_extract(?1, '$.games')," \
	" json_extract(?1, '$.players[0]'), json_extract(?1, '$.players[1]')," \
	" (SELECT id FROM series WHERE hub_series = json_extract(?1, '$.id'))" \
	" WHERE json_valid(?1)"

struct hub_series {
	int64_t id, known;
	char kind[32], options[DB_TEXT_MAX];
	int target, first, games;
	char name[2][NAMES_MAX_BYTES];
};

static int mirror_read(struct db *db, const char *json, struct hub_series *h)
{
	sqlite3_stmt *st;
	int step, ok = 0;

	memset(h, 0, sizeof(*h));
	if (sqlite3_prepare_v2(db->sql, MIRROR_READ_SQL, -1, &st, NULL) !=
	    SQLITE_OK)
		return db_fail(db, "preparing a hub's series");
	sqlite3_bind_text(st, 1, json, -1, SQLITE_STATIC);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		h->id = sqlite3_column_int64(st, 0);
		db_column_text(st, 1, h->kind, sizeof(h->kind));
		db_column_text(st, 2, h->options, sizeof(h->options));
		h->target = sqlite3_column_int(st, 3);
		h->first = sqlite3_column_int(st, 4);
		h->games = sqlite3_column_int(st, 5);
		db_column_text(st, 6, h->name[0], sizeof(h->name[0]));
		db_column_text(st, 7, h->name[1], sizeof(h->name[1]));
		h->known = sqlite3_column_int64(st, 8);
		ok = h->id > 0 && h->kind[0] != '\0' && h->target > 0 &&
		     (h->first == 0 || h->first == 1) &&
		     h->name[0][0] != '\0' && h->name[1][0] != '\0';
	}
	sqlite3_finalize(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a hub's series");
	if (!ok)
		return db_refuse(db, "assign: not a series of the hub (id, "
				 "kind, target, first, players)");
	return DB_OK;
}

static int mirror_tx(struct db *db, const struct hub_series *h, int64_t *id)
{
	int64_t player[2];
	sqlite3_stmt *st;
	int rc = DB_OK;

	for (int i = 0; i < 2 && rc == DB_OK; i++)
		rc = db_hub_player_named(db, h->name[i], &player[i]);
	if (rc == DB_OK && player[0] == player[1])
		return db_refuse(db, "hub series %lld has one player twice",
				 (long long)h->id);
	if (rc == DB_OK)
		rc = db_series_insert_tx(db, 0, 0, h->kind, h->options,
					 h->target, player[0], player[1],
					 h->first, id);
	if (rc != DB_OK)
		return rc;
	if (sqlite3_prepare_v2(db->sql, "UPDATE series SET hub_series = ?2 "
			       "WHERE id = ?1", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "marking a hub's series");
	sqlite3_bind_int64(st, 1, *id);
	sqlite3_bind_int64(st, 2, h->id);
	rc = sqlite3_step(st) == SQLITE_DONE ? DB_OK :
	     db_fail(db, "marking a hub's series");
	sqlite3_finalize(st);
	return rc;
}

int db_hub_series_mirror(struct db *db, const char *json, int64_t *id)
{
	struct hub_series *h = malloc(sizeof(*h));
	int rc;

	*id = 0;
	if (h == NULL)
		return db_refuse(db, "out of memory");
	rc = mirror_read(db, json, h);
	if (rc == DB_OK && h->known != 0)
		*id = h->known;		/* sent again: the same series */
	else if (rc == DB_OK && h->games != 0)
		rc = db_refuse(db, "hub series %lld has %d game%s played "
			       "already; a table plays a hub's series from "
			       "its first game", (long long)h->id, h->games,
			       h->games == 1 ? "" : "s");
	else if (rc == DB_OK && (rc = db_begin(db)) == DB_OK)
		rc = db_keep_id(db, mirror_tx(db, h, id), id);
	free(h);
	return rc;
}
