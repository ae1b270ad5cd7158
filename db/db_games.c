/*
 * db_games.c - games, their moves and incidents, and the history
 * query. The store checks the record's shape (the next ply, a running
 * game, the series' players and first mover); whether a move is legal
 * is the rules engine's business, done by the caller.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_impl.h"
#include "db/series.h"

static const char *const verdict_text[] = {
	[RULES_ONGOING] = NULL,
	[RULES_WIN] = "win",
	[RULES_DRAW] = "draw",
	[RULES_VOID] = "void",
};

/* A series game: right players, right first mover, series not over. */
static int check_series_game(struct db *db, const struct db_game_new *g,
			     int *game_no)
{
	struct db_series_info s;
	int64_t first_player, second_player, playing;
	sqlite3_stmt *st;
	int rc = db_series_get(db, g->series_id, &s), step;

	if (rc != DB_OK)
		return rc;
	if (strcmp(s.status, "playing") != 0)
		return db_refuse(db,
				 "series %lld is finished (%d-%d); it cannot take another game",
				 (long long)s.id, s.total[0], s.total[1]);
	if (strcmp(s.kind, g->kind) != 0 || strcmp(s.options, g->options) != 0)
		return db_refuse(db,
				 "series %lld is played as %s '%s'; the game is %s '%s'",
				 (long long)s.id, s.kind, s.options, g->kind,
				 g->options);
	if ((rc = db_prepare(db, Q_GAME_PLAYING_IN_SERIES, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, s.id);
	step = sqlite3_step(st);
	playing = step == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a series");
	if (playing != 0)
		return db_refuse(db,
				 "series %lld has game %lld in play; finish it first",
				 (long long)s.id, (long long)playing);
	*game_no = s.games + 1;
	first_player = s.player[series_first_mover(s.first, *game_no)];
	second_player = s.player[!series_first_mover(s.first, *game_no)];
	if (g->seats != 2 || g->members[0] != 1 || g->members[1] != 1 ||
	    g->first_seat < 0 || g->first_seat > 1)
		return db_refuse(db,
				 "series %lld is between two players; the game has another shape",
				 (long long)s.id);
	if (g->player[g->first_seat][0] != first_player ||
	    g->player[!g->first_seat][0] != second_player)
		return db_refuse(db,
				 "series %lld: game %d is opened by %s (the first move alternates), against %s",
				 (long long)s.id, *game_no,
				 s.name[series_first_mover(s.first, *game_no)],
				 s.name[!series_first_mover(s.first, *game_no)]);
	return DB_OK;
}

int db_game_start_tx(struct db *db, const struct db_game_new *g,
		     int64_t *id)
{
	char now[DB_TIME_MAX];
	struct db_player p;
	sqlite3_stmt *st;
	int game_no = 0, rc = DB_OK;

	*id = 0;
	if (g->seats < 1 || g->seats > RULES_MAX_SEATS)
		return db_refuse(db, "a game has 1..%d seats, not %d",
				 RULES_MAX_SEATS, g->seats);
	for (int s = 0; s < g->seats && rc == DB_OK; s++) {
		if (g->members[s] < 1 || g->members[s] > DB_MAX_MEMBERS)
			return db_refuse(db, "seat %d has no players", s + 1);
		for (int m = 0; m < g->members[s] && rc == DB_OK; m++)
			rc = db_player_get(db, g->player[s][m], &p);
	}
	if (rc == DB_OK && g->series_id != 0)
		rc = check_series_game(db, g, &game_no);
	if (rc == DB_OK)
		rc = db_prepare(db, Q_GAME_INSERT, &st);
	if (rc != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	db_bind_text(st, 1, g->kind);
	db_bind_text(st, 2, g->options);
	db_bind_id(st, 3, g->table_id);
	sqlite3_bind_int(st, 4, g->seats);
	sqlite3_bind_int(st, 5, g->first_seat);
	db_bind_text(st, 6, g->first_how);
	db_bind_text(st, 7, g->started ? g->started : now);
	db_bind_text(st, 8, g->position);
	db_bind_id(st, 9, g->series_id);
	if (game_no > 0)
		sqlite3_bind_int(st, 10, game_no);
	if ((rc = db_exec(db, st, "starting a game")) != DB_OK)
		return rc;
	*id = sqlite3_last_insert_rowid(db->sql);
	for (int s = 0; s < g->seats && rc == DB_OK; s++)
		for (int m = 0; m < g->members[s] && rc == DB_OK; m++) {
			rc = db_prepare(db, Q_GAME_PLAYER_INSERT, &st);
			if (rc != DB_OK)
				break;
			sqlite3_bind_int64(st, 1, *id);
			sqlite3_bind_int(st, 2, s);
			sqlite3_bind_int(st, 3, m);
			sqlite3_bind_int64(st, 4, g->player[s][m]);
			rc = db_exec(db, st, "seating a player");
		}
	return rc;
}

int db_game_start(struct db *db, const struct db_game_new *g, int64_t *id)
{
	int rc = db_begin(db);

	*id = 0;
	if (rc != DB_OK)
		return rc;
	/* A game not committed has no id: the next one started takes it. */
	return db_keep_id(db, db_game_start_tx(db, g, id), id);
}

/* The running game's state; refused unless it exists and is playing. */
static int game_state(struct db *db, int64_t game_id, int *plies,
		      int64_t *series_id, int *seats)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_GAME_STATE, &st), step;
	char status[16] = "";

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, game_id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		db_column_text(st, 0, status, sizeof(status));
		*plies = sqlite3_column_int(st, 1);
		*series_id = sqlite3_column_int64(st, 2);
		*seats = sqlite3_column_int(st, 3);
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a game");
	if (step == SQLITE_DONE)
		return db_refuse(db, "there is no game %lld",
				 (long long)game_id);
	if (strcmp(status, "playing") != 0)
		return db_refuse(db, "game %lld is finished; it takes no more moves",
				 (long long)game_id);
	return DB_OK;
}

int db_move_add_tx(struct db *db, int64_t game_id, const struct db_move *m)
{
	char now[DB_TIME_MAX];
	int64_t series_id;
	int plies, seats, rc = game_state(db, game_id, &plies, &series_id,
					  &seats);
	sqlite3_stmt *st;

	if (rc != DB_OK)
		return rc;
	if (m->ply != plies + 1)
		return db_refuse(db, "game %lld: the next move is ply %d, not %d",
				 (long long)game_id, plies + 1, m->ply);
	if (m->seat < 0 || m->seat >= seats)
		return db_refuse(db, "game %lld has no seat %d",
				 (long long)game_id, m->seat + 1);
	if (strcmp(m->source, DB_SOURCE_SENSOR) != 0 &&
	    strcmp(m->source, DB_SOURCE_MANUAL) != 0 &&
	    strcmp(m->source, DB_SOURCE_CORRECTION) != 0)
		return db_refuse(db, "move source '%s' is not sensor, manual or correction",
				 m->source);
	if ((rc = db_prepare(db, Q_MOVE_INSERT, &st)) != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, m->ply);
	sqlite3_bind_int(st, 3, m->seat);
	sqlite3_bind_int(st, 4, m->member);
	db_bind_id(st, 5, m->player_id);
	db_bind_text(st, 6, m->notation);
	db_bind_text(st, 7, m->position);
	db_bind_text(st, 8, m->at ? m->at : now);
	db_bind_text(st, 9, m->source);
	if (m->evidence != NULL && m->evidence[0] != '\0')
		db_bind_text(st, 10, m->evidence);
	if ((rc = db_exec(db, st, "recording a move")) != DB_OK)
		return rc;
	if ((rc = db_prepare(db, Q_GAME_ADVANCE, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, m->ply);
	db_bind_text(st, 3, m->position);
	return db_exec(db, st, "advancing the game");
}

int db_move_add(struct db *db, int64_t game_id, const struct db_move *m)
{
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	return db_end(db, db_move_add_tx(db, game_id, m));
}

int db_game_finish_tx(struct db *db, int64_t game_id,
		      const struct db_game_end *end)
{
	char now[DB_TIME_MAX];
	int64_t series_id;
	int plies, seats, rc = game_state(db, game_id, &plies, &series_id,
					  &seats);
	sqlite3_stmt *st;

	if (rc != DB_OK)
		return rc;
	if (end->verdict != RULES_WIN && end->verdict != RULES_DRAW &&
	    end->verdict != RULES_VOID)
		return db_refuse(db, "game %lld: a finished game needs a result",
				 (long long)game_id);
	if (end->verdict == RULES_WIN &&
	    (end->winner < 0 || end->winner >= seats))
		return db_refuse(db, "game %lld has no seat %d to win",
				 (long long)game_id, end->winner + 1);
	if ((rc = db_prepare(db, Q_GAME_FINISH, &st)) != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	sqlite3_bind_int64(st, 1, game_id);
	db_bind_text(st, 2, end->ended ? end->ended : now);
	db_bind_text(st, 3, verdict_text[end->verdict]);
	if (end->verdict == RULES_WIN)
		sqlite3_bind_int(st, 4, end->winner);
	if ((rc = db_exec(db, st, "finishing a game")) != DB_OK)
		return rc;
	for (int s = 0; s < seats && rc == DB_OK; s++) {
		if ((rc = db_prepare(db, Q_GAME_SIDE_INSERT, &st)) != DB_OK)
			break;
		sqlite3_bind_int64(st, 1, game_id);
		sqlite3_bind_int(st, 2, s);
		sqlite3_bind_int(st, 3, end->score[s]);
		/* A drawn game counts 0-0 in a series (RULES.md). */
		sqlite3_bind_int(st, 4, end->verdict == RULES_WIN ?
				 end->points[s] : 0);
		rc = db_exec(db, st, "scoring a game");
	}
	if (rc == DB_OK && series_id != 0)
		rc = db_series_game_finished_tx(db, series_id, game_id);
	if (rc == DB_OK)
		rc = db_rating_game_finished_tx(db, game_id);
	return rc;
}

int db_game_finish(struct db *db, int64_t game_id,
		   const struct db_game_end *end)
{
	int rc = db_begin(db);

	if (rc != DB_OK)
		return rc;
	return db_end(db, db_game_finish_tx(db, game_id, end));
}

int db_game_add(struct db *db, const struct db_game_new *g,
		const struct db_move *moves, int n_moves,
		const struct db_game_end *end, int64_t *id)
{
	int rc = db_begin(db);

	*id = 0;
	if (rc != DB_OK)
		return rc;
	rc = db_game_start_tx(db, g, id);
	for (int i = 0; i < n_moves && rc == DB_OK; i++)
		rc = db_move_add_tx(db, *id, &moves[i]);
	if (rc == DB_OK && end != NULL && end->verdict != RULES_ONGOING)
		rc = db_game_finish_tx(db, *id, end);
	return db_keep_id(db, rc, id);
}

int db_incident_add(struct db *db, int64_t game_id, int ply,
		    const char *kind, const char *cause, int64_t player_id,
		    const char *text, const char *evidence)
{
	int rc;

	if (strcmp(kind, DB_INCIDENT_FOUL) != 0 &&
	    strcmp(kind, DB_INCIDENT_WARNING) != 0 &&
	    strcmp(kind, DB_INCIDENT_COMMAND) != 0)
		return db_refuse(db, "incident kind '%s' is not foul, warning or command",
				 kind);
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	return db_end(db, db_incident_add_tx(db, game_id, ply, kind, cause,
					     player_id, text, evidence));
}

int db_incident_add_tx(struct db *db, int64_t game_id, int ply,
		       const char *kind, const char *cause, int64_t player_id,
		       const char *text, const char *evidence)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int64_t series_id;
	int plies, seats, rc;

	rc = game_state(db, game_id, &plies, &series_id, &seats);
	if (rc == DB_OK)
		rc = db_prepare(db, Q_INCIDENT_INSERT, &st);
	if (rc == DB_OK) {
		db_stamp(db, now, sizeof(now));
		sqlite3_bind_int64(st, 1, game_id);
		if (ply > 0)
			sqlite3_bind_int(st, 2, ply);
		db_bind_text(st, 3, kind);
		db_bind_id(st, 4, player_id);
		db_bind_text(st, 5, text);
		db_bind_text(st, 6, now);
		if (cause != NULL && cause[0] != '\0')
			db_bind_text(st, 7, cause);
		if (evidence != NULL && evidence[0] != '\0')
			db_bind_text(st, 8, evidence);
		rc = db_exec(db, st, "recording an incident");
	}
	return rc;
}

/* ------------------------------------------------------------ readers */

/* One member of one side, from the SIDE_COLUMNS at column `at`. */
/* Appends `text` to `buf` (of `len`, `*used` of it written) as far as
 * it fits, cut and ended as snprintf() does. */
static void append(char *buf, size_t len, size_t *used, const char *text)
{
	size_t n = strlen(text);

	if (*used + 1 >= len)
		return;
	if (n > len - 1 - *used)
		n = len - 1 - *used;
	memcpy(buf + *used, text, n);
	*used += n;
	buf[*used] = '\0';
}

static void side_row(sqlite3_stmt *st, int at, struct db_game_info *g)
{
	int seat = sqlite3_column_int(st, at);
	int member = sqlite3_column_int(st, at + 1);
	const char *name = (const char *)sqlite3_column_text(st, at + 3);
	size_t used;

	if (seat < 0 || seat >= RULES_MAX_SEATS)
		return;
	if (member == 0)
		g->side_player[seat] = sqlite3_column_int64(st, at + 2);
	used = strlen(g->side[seat]);
	append(g->side[seat], sizeof(g->side[seat]), &used, used ? " + " : "");
	append(g->side[seat], sizeof(g->side[seat]), &used, name ? name : "?");
	g->score[seat] = sqlite3_column_int(st, at + 4);
	g->points[seat] = sqlite3_column_int(st, at + 5);
}

static int game_sides(struct db *db, struct db_game_info *g)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_GAME_SIDES, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, g->id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		side_row(st, 0, g);
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading a game's players");
	return DB_OK;
}

/* The game from the GAME_COLUMNS of a row. */
static void game_row(sqlite3_stmt *st, struct db_game_info *out)
{
	/* Every other field is written below: the sides (most of the
	 * struct) are only emptied. */
	for (int s = 0; s < RULES_MAX_SEATS; s++)
		out->side[s][0] = '\0';
	memset(out->side_player, 0, sizeof(out->side_player));
	memset(out->score, 0, sizeof(out->score));
	memset(out->points, 0, sizeof(out->points));
	out->id = sqlite3_column_int64(st, 0);
	db_column_text(st, 1, out->kind, sizeof(out->kind));
	db_column_text(st, 2, out->options, sizeof(out->options));
	out->table_id = sqlite3_column_int64(st, 3);
	db_column_text(st, 4, out->table, sizeof(out->table));
	out->series_id = sqlite3_column_int64(st, 5);
	out->game_no = sqlite3_column_int(st, 6);
	out->tournament_id = sqlite3_column_int64(st, 7);
	out->seats = sqlite3_column_int(st, 8);
	out->first_seat = sqlite3_column_int(st, 9);
	db_column_text(st, 10, out->first_how, sizeof(out->first_how));
	db_column_text(st, 11, out->started, sizeof(out->started));
	db_column_text(st, 12, out->ended, sizeof(out->ended));
	db_column_text(st, 13, out->status, sizeof(out->status));
	db_column_text(st, 14, out->result, sizeof(out->result));
	out->winner = sqlite3_column_type(st, 15) == SQLITE_NULL ? -1 :
		      sqlite3_column_int(st, 15);
	out->plies = sqlite3_column_int(st, 16);
	db_column_text(st, 17, out->position, sizeof(out->position));
}

int db_game_get(struct db *db, int64_t id, struct db_game_info *out)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_GAME_GET, &st), step;

	if (rc != DB_OK)
		return rc;
	memset(out, 0, sizeof(*out));
	sqlite3_bind_int64(st, 1, id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		game_row(st, out);
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a game");
	if (step == SQLITE_DONE)
		return db_refuse(db, "there is no game %lld", (long long)id);
	return game_sides(db, out);
}

int db_game_moves(struct db *db, int64_t id,
		  int (*each)(void *ctx, const struct db_move_info *m),
		  void *ctx)
{
	struct db_move_info m;
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_MOVE_LIST, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		m.ply = sqlite3_column_int(st, 0);
		m.seat = sqlite3_column_int(st, 1);
		m.member = sqlite3_column_int(st, 2);
		db_column_text(st, 3, m.player, sizeof(m.player));
		db_column_text(st, 4, m.notation, sizeof(m.notation));
		db_column_text(st, 5, m.position, sizeof(m.position));
		db_column_text(st, 6, m.source, sizeof(m.source));
		db_column_text(st, 7, m.at, sizeof(m.at));
		db_column_text(st, 8, m.evidence, sizeof(m.evidence));
		if (each(ctx, &m) != 0)
			break;
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading moves");
	return DB_OK;
}

/* The first column of Q_HISTORY's sides (after the GAME_COLUMNS); a
 * member's name is NULL in a game without players, or with a player
 * not on record (which db_game_get() leaves out too). */
#define HISTORY_SIDE 18
#define HISTORY_NAME (HISTORY_SIDE + 3)

/* Hands each game of Q_HISTORY's rows to `each` as its last row is
 * read: one statement, one read transaction. */
static int history_rows(struct db *db, sqlite3_stmt *st,
			int (*each)(void *ctx, const struct db_game_info *g),
			void *ctx)
{
	struct db_game_info *info = malloc(sizeof(*info));
	int have = 0, step;

	if (info == NULL)
		return db_refuse(db, "out of memory");
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (have && sqlite3_column_int64(st, 0) != info->id) {
			have = 0;
			if (each(ctx, info) != 0)
				break;
		}
		if (!have)
			game_row(st, info);
		have = 1;
		if (sqlite3_column_type(st, HISTORY_NAME) != SQLITE_NULL)
			side_row(st, HISTORY_SIDE, info);
	}
	if (step == SQLITE_DONE && have)
		each(ctx, info);
	sqlite3_reset(st);
	free(info);
	if (step != SQLITE_DONE && step != SQLITE_ROW)
		return db_fail(db, "reading the history");
	return DB_OK;
}

int db_history(struct db *db, const struct db_history_filter *f,
	       int (*each)(void *ctx, const struct db_game_info *g),
	       void *ctx)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, f->player_id != 0 ? Q_HISTORY_PLAYER :
			    Q_HISTORY, &st);

	if (rc != DB_OK)
		return rc;
	if (f->opponent_id != 0 && f->player_id == 0)
		return db_refuse(db, "an opponent filter needs a player filter");
	if (f->result != NULL && (strcmp(f->result, "win") == 0 ||
				  strcmp(f->result, "loss") == 0) &&
	    f->player_id == 0)
		return db_refuse(db, "the result '%s' is a player's; give a player filter",
				 f->result);
	db_bind_id(st, 1, f->player_id);
	db_bind_id(st, 2, f->opponent_id);
	db_bind_id(st, 3, f->tournament_id);
	db_bind_id(st, 4, f->series_id);
	db_bind_id(st, 5, f->table_id);
	db_bind_text(st, 6, f->from);
	db_bind_text(st, 7, f->to);
	db_bind_text(st, 8, f->result);
	sqlite3_bind_int(st, 9, f->limit > 0 ? f->limit : -1);
	return history_rows(db, st, each, ctx);
}
