/*
 * db_series.c - series in the store: a series started, its games
 * scored into it, closed on the board or off it. A knockout's series
 * that ends advances its bracket (db_knockout.c), a round robin's its
 * table (db_roundrobin.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "db/db_impl.h"
#include "db/db_tourney.h"
#include "db/series.h"

static uint64_t fresh_seed(void)
{
	uint64_t seed;

	if (getrandom(&seed, sizeof(seed), 0) != (ssize_t)sizeof(seed))
		seed = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ULL;
	return seed;
}

/* ------------------------------------------------------------- series */

void db_series_row(sqlite3_stmt *st, struct db_series_info *s)
{
	const char *seed;

	memset(s, 0, sizeof(*s));
	s->id = sqlite3_column_int64(st, 0);
	s->tournament_id = sqlite3_column_int64(st, 1);
	s->match = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 :
		   sqlite3_column_int(st, 2);
	db_column_text(st, 3, s->kind, sizeof(s->kind));
	db_column_text(st, 4, s->options, sizeof(s->options));
	s->target = sqlite3_column_int(st, 5);
	s->player[0] = sqlite3_column_int64(st, 6);
	s->player[1] = sqlite3_column_int64(st, 7);
	db_column_text(st, 8, s->name[0], sizeof(s->name[0]));
	db_column_text(st, 9, s->name[1], sizeof(s->name[1]));
	s->first = sqlite3_column_int(st, 10);
	db_column_text(st, 11, s->first_how, sizeof(s->first_how));
	seed = (const char *)sqlite3_column_text(st, 12);
	s->lot_seed = seed ? strtoull(seed, NULL, 10) : 0;
	db_column_text(st, 13, s->status, sizeof(s->status));
	db_column_text(st, 14, s->decided_by, sizeof(s->decided_by));
	s->winner = sqlite3_column_type(st, 15) == SQLITE_NULL ? -1 :
		    sqlite3_column_int(st, 15);
	s->total[0] = sqlite3_column_int(st, 16);
	s->total[1] = sqlite3_column_int(st, 17);
	s->games = sqlite3_column_int(st, 18);
	db_column_text(st, 19, s->started, sizeof(s->started));
	db_column_text(st, 20, s->ended, sizeof(s->ended));
	s->board_id = sqlite3_column_int64(st, 21);
	db_column_text(st, 22, s->board, sizeof(s->board));
}

int db_series_get(struct db *db, int64_t id, struct db_series_info *out)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_GET, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		db_series_row(st, out);
	sqlite3_reset(st);
	if (step == SQLITE_ROW)
		return DB_OK;
	if (step != SQLITE_DONE)
		return db_fail(db, "reading a series");
	return db_refuse(db, "there is no series %lld", (long long)id);
}

int db_series_insert_tx(struct db *db, int64_t tid, int match,
			    const char *kind, const char *options, int target,
			    int64_t a, int64_t b, int first, int64_t *id)
{
	char now[DB_TIME_MAX], seed_text[24];
	uint64_t seed = 0;
	sqlite3_stmt *st;
	int rc;

	if (first < 0) {
		uint64_t state;

		seed = fresh_seed();
		state = seed;
		first = (int)(bracket_splitmix64(&state) >> 63);
	}
	if ((rc = db_prepare(db, Q_SERIES_INSERT, &st)) != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	db_bind_id(st, 1, tid);
	if (tid != 0)
		sqlite3_bind_int(st, 2, match);
	db_bind_text(st, 3, kind);
	db_bind_text(st, 4, options);
	sqlite3_bind_int(st, 5, target);
	sqlite3_bind_int64(st, 6, a);
	sqlite3_bind_int64(st, 7, b);
	sqlite3_bind_int(st, 8, first);
	db_bind_text(st, 9, seed ? DB_FIRST_LOT : DB_FIRST_SET);
	if (seed) {
		snprintf(seed_text, sizeof(seed_text), "%llu",
			 (unsigned long long)seed);
		db_bind_text(st, 10, seed_text);
	}
	db_bind_text(st, 11, now);
	rc = db_exec(db, st, "starting a series");
	if (rc == DB_OK && id != NULL)
		*id = sqlite3_last_insert_rowid(db->sql);
	return rc;
}

int db_series_start(struct db *db, const char *kind, const char *options,
		    int target, int64_t a, int64_t b, int first, int64_t *id)
{
	struct db_player pa, pb;
	int rc;

	if (target < 1 || target > SERIES_TARGET_MAX)
		return db_refuse(db, "series target %d is out of range 1..%d",
				 target, SERIES_TARGET_MAX);
	if (a == b)
		return db_refuse(db, "a series needs two different players");
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = db_player_get(db, a, &pa);
	if (rc == DB_OK)
		rc = db_player_get(db, b, &pb);
	if (rc == DB_OK && (pa.retired[0] || pb.retired[0]))
		rc = db_refuse(db, "player '%s' is retired",
			       pa.retired[0] ? pa.name : pb.name);
	if (rc == DB_OK)
		rc = db_series_insert_tx(db, 0, 0, kind, options, target, a, b,
				      first, id);
	return db_keep_id(db, rc, id);
}

/* Writes a finished series: totals, winner and how it was decided. */
int db_series_close_tx(struct db *db, int64_t sid,
			   const struct series_state *s, const char *how,
			   int winner)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_FINISH, &st);

	if (rc != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	sqlite3_bind_int64(st, 1, sid);
	sqlite3_bind_int(st, 2, s->total[0]);
	sqlite3_bind_int(st, 3, s->total[1]);
	sqlite3_bind_int(st, 4, s->games);
	sqlite3_bind_int(st, 9, s->won[0]);
	sqlite3_bind_int(st, 10, s->won[1]);
	sqlite3_bind_int(st, 11, s->drawn);
	if (how != NULL) {
		db_bind_text(st, 5, "finished");
		db_bind_text(st, 6, how);
		sqlite3_bind_int(st, 7, winner);
		db_bind_text(st, 8, now);
	} else {
		db_bind_text(st, 5, "playing");
	}
	return db_exec(db, st, "scoring a series");
}

/* The series' state from its finished games, in game order. */
int db_series_replay_tx(struct db *db, const struct db_series_info *info,
			 struct series_state *s)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_SCORE, &st), step;
	char err[DB_ERR_MAX];

	if (rc != DB_OK)
		return rc;
	series_init(s, info->target);
	sqlite3_bind_int64(st, 1, info->id);
	sqlite3_bind_int64(st, 2, info->player[0]);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *result = (const char *)sqlite3_column_text(st, 0);
		int draw = result == NULL || strcmp(result, "win") != 0;

		if (series_add_game(s, sqlite3_column_int(st, 1),
				    sqlite3_column_int(st, 2), draw, err,
				    sizeof(err)) < 0) {
			sqlite3_reset(st);
			return db_refuse(db, "series %lld: %s",
					 (long long)info->id, err);
		}
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "scoring a series");
	return DB_OK;
}

int db_series_close_unplayed_tx(struct db *db,
				const struct db_series_info *info,
				const char *how, int winner)
{
	struct series_state state;
	int rc = db_series_replay_tx(db, info, &state);

	if (rc == DB_OK)
		rc = db_series_close_tx(db, info->id, &state, how, winner);
	return rc;
}

int db_series_game_finished_tx(struct db *db, int64_t sid, int64_t game_id)
{
	struct db_series_info info;
	struct series_state s;
	int rc = db_series_get(db, sid, &info);

	(void)game_id;
	if (rc == DB_OK)
		rc = db_series_replay_tx(db, &info, &s);
	if (rc == DB_OK)
		rc = db_series_close_tx(db, sid, &s, s.finished ? "play" : NULL,
				     s.winner);
	if (rc != DB_OK || !s.finished || info.tournament_id == 0)
		return rc;
	if (db_rr_is(db, info.tournament_id))
		return db_rr_sync_tx(db, info.tournament_id);
	return db_knockout_match_won_tx(db, info.tournament_id, info.match,
					info.player[s.winner]);
}
