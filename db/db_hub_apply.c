/*
 * db_hub_apply.c - one remote table's event applied to the hub's
 * records through the store's own steps: a game started (its players
 * and board matched by name, its series the hub's), a move, moves taken
 * back, new options, an incident, the game over (which scores its
 * series, bracket and ratings), a command of the hub's answered.
 *
 * The event's fields are read by SQLite's JSON functions from the body
 * kept in hub_events: the store already links a complete JSON reader,
 * and a field is a column like any other. One statement per kind
 * (queries.c) reads its payload's fields in the order its ops entry's
 * apply() takes them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_hub.h"
#include "db/db_impl.h"

struct hub_apply {
	struct db *db;
	const char *table;
	int64_t seq;		/* the event's */
	sqlite3_stmt *row;	/* the kind's fields of the event */
	const char *body;
	int64_t answered;	/* the hub's command answered */
	int queued;		/* a command queued for the table */
};

/* Column `i` as text, NULL when null; as integer, `dflt` when null. */
static const char *col_text(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int64_t col_int(sqlite3_stmt *st, int i, int64_t dflt)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return dflt;
	return sqlite3_column_int64(st, i);
}

/* The hub's statement `q` (queries.c), prepared once per connection. */
static int hub_prepare(struct db *db, enum query q, sqlite3_stmt **st)
{
	return db_prepare(db, q, st);
}

/* The id of the row whose name has `name`'s key (query `q`: players or
 * boards by key), made by `add` when missing. */
static int id_by_name(struct db *db, enum query q, const char *name,
		      int (*add)(struct db *db, const char *name,
				 int64_t *id),
		      int64_t *id)
{
	char key[NAMES_MAX_BYTES];
	sqlite3_stmt *st = db_stmt(db, q);
	int step;

	*id = 0;
	if (st == NULL)
		return DB_FAILED;
	names_key(name, key, sizeof(key));
	db_bind_text(st, 1, key);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "finding a name");
	return *id != 0 ? DB_OK : add(db, name, id);
}

static int player_add(struct db *db, const char *name, int64_t *id)
{
	return db_player_add(db, name, id);
}

/* A player named in an event: 0 for none (a null name). */
static int player_of(struct db *db, const char *name, int64_t *id)
{
	*id = 0;
	if (name == NULL || name[0] == '\0')
		return DB_OK;
	return id_by_name(db, Q_PLAYER_BY_KEY, name, player_add, id);
}

int db_hub_player_named(struct db *db, const char *name, int64_t *id)
{
	return id_by_name(db, Q_PLAYER_BY_KEY, name, player_add, id);
}

/* The hub's game of the table's game in column 0, refused if unknown. */
static int game_of(struct hub_apply *a, int64_t *game_id)
{
	int64_t remote = col_int(a->row, 0, 0);
	int rc = db_hub_game(a->db, a->table, remote, game_id);

	if (rc == DB_OK && *game_id == 0)
		return db_refuse(a->db, "table %s has no game %lld here",
				 a->table, (long long)remote);
	return rc;
}

/* ------------------------------------------------------- game-start */

/* The players of a game-start into `g`. */
static int seat_players(struct hub_apply *a, struct db_game_new *g)
{
	sqlite3_stmt *st;
	int rc = hub_prepare(a->db, Q_HUB_PLAYERS, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_text(st, 1, a->body, -1, SQLITE_STATIC);
	while (rc == DB_OK && sqlite3_step(st) == SQLITE_ROW) {
		int64_t seat = col_int(st, 0, -1), member = col_int(st, 1, 0);

		if (seat < 0 || seat >= g->seats || member < 0 ||
		    member >= DB_MAX_MEMBERS || col_text(st, 2) == NULL) {
			rc = db_refuse(a->db, "a player of table %s's game "
				       "has no seat or name", a->table);
			break;
		}
		rc = player_of(a->db, col_text(st, 2),
			       &g->player[seat][member]);
		if (g->members[seat] < member + 1)
			g->members[seat] = (int)member + 1;
	}
	sqlite3_reset(st);
	return rc;
}

static int hub_game_map(struct hub_apply *a, int64_t remote, int64_t id,
			int64_t board_id)
{
	sqlite3_stmt *st;
	int rc = hub_prepare(a->db, Q_HUB_GAME_MAP, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_text(st, 1, a->table, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, remote);
	sqlite3_bind_int64(st, 3, id);
	rc = db_exec(a->db, st, "mapping a table's game");
	sqlite3_reset(st);
	if (rc != DB_OK)
		return rc;
	rc = hub_prepare(a->db, Q_HUB_GAME_BOARD, &st);
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_text(st, 1, a->table, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, board_id);
	rc = db_exec(a->db, st, "keeping a table's board");
	sqlite3_reset(st);
	return rc;
}

/* A game under way at the board without a move nor a series gives way
 * to the new one, as it did at the table; its map goes with it. */
static int start_on_board(struct hub_apply *a, const struct db_game_new *g,
			  int64_t *id)
{
	struct db_game_info old;
	int64_t old_id = 0;
	sqlite3_stmt *st;
	int rc = db_game_playing_at(a->db, g->table_id, &old_id);

	if (rc != DB_OK)
		return rc;
	if (old_id == 0 || db_game_get(a->db, old_id, &old) != DB_OK ||
	    old.plies != 0 || old.series_id != 0)
		return db_game_start_tx(a->db, g, id);
	rc = hub_prepare(a->db, Q_HUB_GAME_UNMAP, &st);
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, old_id);
	rc = db_exec(a->db, st, "giving up an empty game");
	sqlite3_reset(st);
	if (rc == DB_OK)
		rc = db_game_replace_empty(a->db, old_id, g, id);
	return rc;
}

/* Whether game `id` is under way without a move nor a series: one a
 * table gave up for a series' game, which may take its id there. */
static int empty_game(struct db *db, int64_t id)
{
	struct db_game_info g;

	return db_game_get(db, id, &g) == DB_OK &&
	       strcmp(g.status, "playing") == 0 && g.plies == 0 &&
	       g.series_id == 0;
}

/* Whether the event is the newest the hub knows of its table: no later
 * one kept (waiting behind a gap) nor given by the table's last status.
 * One that is not is history caught up on (a resync, a backlog): the
 * table has moved on since. */
static int newest(struct hub_apply *a, int *yes)
{
	sqlite3_stmt *st;
	int step, rc = hub_prepare(a->db, Q_HUB_NEWER, &st);

	*yes = 0;
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_text(st, 1, a->table, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, a->seq);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*yes = sqlite3_column_int(st, 0) == 0;
	sqlite3_reset(st);
	return step == SQLITE_ROW ? DB_OK :
	       db_fail(a->db, "reading a table's newest event");
}

/* A friendly game started at a remote table with no series called: as
 * a local table at its game's start, it takes the next due series of a
 * tournament with auto call, sent to it as the arbiter's call would be
 * (its game without a move gives way to the series' first). Only a
 * start that is the table's newest known event is live: an older one,
 * replayed, would call a series to a game long gone. */
static int auto_call(struct hub_apply *a, const struct db_game_new *g)
{
	char text[24];
	int64_t sid = 0, cmd = 0;
	int live = 0, rc = newest(a, &live);

	if (rc != DB_OK || !live)
		return rc;
	rc = db_series_call_next(a->db, g->table_id, g->kind, g->options, &sid);
	if (rc != DB_OK || sid == 0)
		return rc == DB_FAILED ? rc : DB_OK;
	snprintf(text, sizeof(text), "%lld", (long long)sid);
	rc = db_command_add(a->db, g->table_id, "assign", text, &cmd);
	a->queued = rc == DB_OK;
	return rc;
}

static int apply_start(struct hub_apply *a)
{
	struct db_game_new g = { 0 };
	int64_t remote = col_int(a->row, 0, 0), id = 0, known = 0;
	const char *board = col_text(a->row, 3);
	int rc = db_hub_game(a->db, a->table, remote, &known);

	if (rc != DB_OK)
		return rc;
	if (known != 0 && !empty_game(a->db, known))
		return db_refuse(a->db, "table %s's game %lld is started "
				 "already", a->table, (long long)remote);
	g.kind = col_text(a->row, 1);
	g.options = col_text(a->row, 2) ? col_text(a->row, 2) : "";
	g.seats = (int)col_int(a->row, 4, 0);
	g.first_seat = (int)col_int(a->row, 5, 0);
	g.first_how = col_text(a->row, 6) ? col_text(a->row, 6) :
		      DB_FIRST_RULES;
	g.started = col_text(a->row, 7);
	g.position = col_text(a->row, 8);
	g.series_id = col_int(a->row, 9, 0);
	if (g.kind == NULL || g.position == NULL || board == NULL ||
	    g.seats < 1 || g.seats > RULES_MAX_SEATS)
		return db_refuse(a->db, "table %s's game %lld has no kind, "
				 "board, seats or position", a->table,
				 (long long)remote);
	rc = db_hub_board(a->db, a->table, board, &g.table_id);
	if (rc == DB_OK)
		rc = seat_players(a, &g);
	if (rc == DB_OK)
		rc = start_on_board(a, &g, &id);
	if (rc == DB_OK)
		rc = hub_game_map(a, remote, id, g.table_id);
	if (rc == DB_OK && g.series_id == 0 && g.seats == 2)
		rc = auto_call(a, &g);
	return rc;
}

/* ------------------------------------------------------------- moves */

static int apply_move(struct hub_apply *a)
{
	struct db_game_info info;
	struct db_move m = { 0 };
	int64_t game = 0, keep = col_int(a->row, 10, -1);
	int rc = game_of(a, &game);

	m.ply = (int)col_int(a->row, 1, 0);
	m.seat = (int)col_int(a->row, 2, 0);
	m.member = (int)col_int(a->row, 3, 0);
	m.notation = col_text(a->row, 5);
	m.position = col_text(a->row, 6);
	m.at = col_text(a->row, 7);
	m.source = col_text(a->row, 8) ? col_text(a->row, 8) :
		   DB_SOURCE_SENSOR;
	m.evidence = col_text(a->row, 9);
	if (rc == DB_OK && (m.notation == NULL || m.position == NULL))
		return db_refuse(a->db, "a move of table %s has no notation "
				 "or position", a->table);
	if (rc == DB_OK)
		rc = player_of(a->db, col_text(a->row, 4), &m.player_id);
	/* A move that replaces moves taken back in the same decision
	 * follows fewer plies ("keep") than the game has. */
	if (rc == DB_OK && keep >= 0 &&
	    (rc = db_game_get(a->db, game, &info)) == DB_OK &&
	    keep < info.plies)
		return db_game_take_back(a->db, game, (int)keep, m.position,
					 &m, NULL, NULL, NULL);
	if (rc == DB_OK)
		rc = db_move_add_tx(a->db, game, &m);
	return rc;
}

static int apply_take_back(struct hub_apply *a)
{
	int64_t game = 0;
	int rc = game_of(a, &game);
	const char *position = col_text(a->row, 2);

	if (rc == DB_OK && position == NULL)
		return db_refuse(a->db, "a take-back of table %s has no "
				 "position", a->table);
	if (rc == DB_OK)
		rc = db_game_take_back(a->db, game, (int)col_int(a->row, 1, 0),
				       position, NULL, NULL, NULL, NULL);
	return rc;
}

static int apply_options(struct hub_apply *a)
{
	int64_t game = 0;
	int rc = game_of(a, &game);

	if (rc == DB_OK)
		rc = db_game_set_options(a->db, game,
					 col_text(a->row, 1) ?
					 col_text(a->row, 1) : "", NULL, NULL);
	return rc;
}

static int apply_incident(struct hub_apply *a)
{
	int64_t game = 0, player = 0;
	int rc = game_of(a, &game);
	const char *kind = col_text(a->row, 2), *text = col_text(a->row, 4);

	if (rc == DB_OK && (kind == NULL || text == NULL ||
			    (strcmp(kind, DB_INCIDENT_FOUL) != 0 &&
			     strcmp(kind, DB_INCIDENT_WARNING) != 0 &&
			     strcmp(kind, DB_INCIDENT_COMMAND) != 0)))
		return db_refuse(a->db, "an incident of table %s has no kind "
				 "or text", a->table);
	if (rc == DB_OK)
		rc = player_of(a->db, col_text(a->row, 3), &player);
	if (rc == DB_OK && col_text(a->row, 5) != NULL)
		db_set_time(a->db, col_text(a->row, 5));
	if (rc == DB_OK)
		rc = db_incident_add_tx(a->db, game,
					(int)col_int(a->row, 1, 0), kind,
					col_text(a->row, 6), player, text,
					col_text(a->row, 7));
	return rc;
}

/* --------------------------------------------------------- game-over */

static int end_sides(struct hub_apply *a, struct db_game_end *end)
{
	sqlite3_stmt *st;
	int rc = hub_prepare(a->db, Q_HUB_SIDES, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_text(st, 1, a->body, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t seat = col_int(st, 0, -1);

		if (seat < 0 || seat >= RULES_MAX_SEATS)
			continue;
		end->score[seat] = (int)col_int(st, 1, 0);
		end->points[seat] = (int)col_int(st, 2, 0);
	}
	sqlite3_reset(st);
	return DB_OK;
}

static int apply_over(struct hub_apply *a)
{
	static const struct {
		const char *word;
		enum rules_verdict verdict;
	} results[] = {
		{ "win", RULES_WIN }, { "draw", RULES_DRAW },
		{ "void", RULES_VOID },
	};
	struct db_game_end end = { .verdict = RULES_ONGOING, .winner = -1 };
	const char *result = col_text(a->row, 2);
	int64_t game = 0;
	int rc = game_of(a, &game);

	for (size_t i = 0; result && i < sizeof(results) / sizeof(*results);
	     i++)
		if (strcmp(result, results[i].word) == 0)
			end.verdict = results[i].verdict;
	end.winner = (int)col_int(a->row, 3, -1);
	end.ended = col_text(a->row, 1);
	if (rc == DB_OK)
		rc = end_sides(a, &end);
	if (rc == DB_OK)
		rc = db_game_finish_tx(a->db, game, &end);
	return rc;
}

/* ---------------------------------------------------------- game-fix */

/* A finished game voided or corrected at the table: the same change
 * here (forced: the table's records decided it), unless the game is
 * so already. */
static int apply_fix(struct hub_apply *a)
{
	struct db_game_end end = { .winner = -1 };
	struct db_game_fix fix = { .set_result = 1, .verdict = RULES_DRAW,
				   .winner = -1 };
	struct db_game_info g;
	const char *action = col_text(a->row, 1), *result = col_text(a->row, 4);
	const char *by = col_text(a->row, 2), *why = col_text(a->row, 3);
	int64_t game = 0;
	int rc = game_of(a, &game);

	if (rc == DB_OK && (action == NULL || by == NULL || why == NULL))
		return db_refuse(a->db, "a game-fix of table %s has no action, "
				 "by or reason", a->table);
	if (rc == DB_OK)
		rc = db_game_get(a->db, game, &g);
	if (rc != DB_OK)
		return rc;
	if (strcmp(action, "void") == 0)
		return strcmp(g.status, "void") == 0 ? DB_OK :
		       db_game_void(a->db, game, by, why, 1);
	if (strcmp(action, "correct") != 0 || result == NULL)
		return db_refuse(a->db, "a game-fix of table %s is not a void "
				 "or a correction", a->table);
	if (strcmp(result, "win") == 0) {
		fix.verdict = RULES_WIN;
		fix.winner = (int)col_int(a->row, 5, -1);
	}
	if ((rc = end_sides(a, &end)) != DB_OK)
		return rc;
	for (int s = 0; s < g.seats; s++) {
		fix.set_score[s] = fix.set_points[s] = 1;
		fix.score[s] = end.score[s];
		fix.points[s] = end.points[s];
	}
	if (strcmp(g.result, result) == 0 && g.winner == fix.winner &&
	    memcmp(g.score, fix.score, sizeof(g.score)) == 0 &&
	    memcmp(g.points, fix.points, sizeof(g.points)) == 0)
		return DB_OK;
	return db_game_correct(a->db, game, &fix, by, why, 1);
}

/* ------------------------------------------------------ command-done */

/* The hub's board of the table, as its games are kept (0: none yet). */
static int64_t table_board(struct hub_apply *a)
{
	sqlite3_stmt *st = NULL;
	int64_t id = 0;

	if (sqlite3_prepare_v2(a->db->sql, "SELECT board_id FROM hub_tables "
			       "WHERE table_key = ?1", -1, &st, NULL) !=
	    SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, a->table, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/* A series the table would not play (another game, its records
 * waiting) is called off the board, as a local table does. */
static int call_refused(struct hub_apply *a, const struct db_command *c,
			const struct db_command_outcome *o)
{
	struct db_series_info s;

	if (strcmp(c->kind, "assign") != 0 || strcmp(o->kind, "refused") != 0 ||
	    db_series_get(a->db, atoll(c->text), &s) != DB_OK ||
	    s.board_id != c->board_id)
		return DB_OK;
	return db_series_call(a->db, s.id, 0) == DB_FAILED ? DB_FAILED : DB_OK;
}

static int apply_command_done(struct hub_apply *a)
{
	struct db_command_outcome o = { 0 };
	struct db_command c;
	const char *hub = col_text(a->row, 0);
	char *end = NULL;
	long long id = hub ? strtoll(hub, &end, 10) : 0;

	/* The table's own command: its incident says what it did. */
	if (hub == NULL || hub[0] == '\0')
		return DB_OK;
	if (id <= 0 || *end != '\0' || db_command_get(a->db, id, &c) != DB_OK ||
	    c.board_id == 0 || c.board_id != table_board(a))
		return db_refuse(a->db, "table %s answers command %s, which "
				 "the hub did not send to it", a->table, hub);
	if (c.done[0] != '\0')
		return DB_OK;
	o.text = col_text(a->row, 1) ? col_text(a->row, 1) : "";
	o.kind = col_text(a->row, 2) ? col_text(a->row, 2) : "";
	o.cause = col_text(a->row, 3) ? col_text(a->row, 3) : "";
	o.ply = (int)col_int(a->row, 4, 0);
	o.move = col_text(a->row, 5);
	a->answered = id;
	return call_refused(a, &c, &o) == DB_OK ?
	       db_command_done(a->db, id, &o) : DB_FAILED;
}

/* ------------------------------------------------------------- kinds */

static const struct hub_kind {
	const char *kind;
	enum query row;		/* the fields apply() reads (queries.c) */
	int (*apply)(struct hub_apply *a);
} hub_kinds[] = {
	{ "game-start", Q_HUB_START, apply_start },
	{ "move", Q_HUB_MOVE, apply_move },
	{ "take-back", Q_HUB_TAKE_BACK, apply_take_back },
	{ "options", Q_HUB_OPTIONS, apply_options },
	{ "incident", Q_HUB_INCIDENT, apply_incident },
	{ "game-over", Q_HUB_OVER, apply_over },
	{ "command-done", Q_HUB_COMMAND_DONE, apply_command_done },
	{ "game-fix", Q_HUB_FIX, apply_fix },
};

int db_hub_apply_tx(struct db *db, const char *table, int64_t seq,
		    const char *kind, const char *body, const char *at,
		    int64_t *answered, int *queued)
{
	struct hub_apply a = { .db = db, .table = table, .seq = seq,
			       .body = body };
	const struct hub_kind *k = NULL;
	char saved[DB_TIME_MAX];
	int rc;

	*answered = 0;
	for (size_t i = 0; i < sizeof(hub_kinds) / sizeof(*hub_kinds); i++)
		if (strcmp(hub_kinds[i].kind, kind) == 0)
			k = &hub_kinds[i];
	if (k == NULL)
		return db_refuse(db, "an event of kind '%s' is not known here",
				 kind);
	if ((rc = hub_prepare(db, k->row, &a.row)) != DB_OK)
		return rc;
	sqlite3_bind_text(a.row, 1, body, -1, SQLITE_STATIC);
	if (sqlite3_step(a.row) != SQLITE_ROW) {
		sqlite3_reset(a.row);
		return db_fail(db, "reading an event");
	}
	/* What is stamped is stamped with the table's time. */
	snprintf(saved, sizeof(saved), "%s", db->at);
	db_set_time(db, at);
	rc = k->apply(&a);
	db_set_time(db, saved);
	sqlite3_reset(a.row);
	*answered = rc == DB_OK ? a.answered : 0;
	*queued = rc == DB_OK ? a.queued : 0;
	return rc;
}
