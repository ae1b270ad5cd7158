/*
 * db_check.c - `pitboss db check`: SQLite's own checks of the file,
 * then the records against each other, each finding named for people.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db/db_impl.h"

/*
 * A check: each row its statement returns is a problem, said by
 * `say` from the row's columns (all text).
 */
struct check {
	const char *sql;
	void (*say)(sqlite3_stmt *st, char *buf, size_t len);
};

static const char *col(sqlite3_stmt *st, int i)
{
	const unsigned char *text = sqlite3_column_text(st, i);

	return text != NULL ? (const char *)text : "?";
}

static void say_integrity(sqlite3_stmt *st, char *buf, size_t len)
{
	snprintf(buf, len, "%s", col(st, 0));
}

static void say_foreign_key(sqlite3_stmt *st, char *buf, size_t len)
{
	snprintf(buf, len, "a row refers to a missing record in %s",
		 col(st, 0));
}

static void say_move_player(sqlite3_stmt *st, char *buf, size_t len)
{
	snprintf(buf, len, "game %s move %s: its player does not sit at "
		 "seat %s of the game", col(st, 0), col(st, 1), col(st, 2));
}

static void say_plies(sqlite3_stmt *st, char *buf, size_t len)
{
	snprintf(buf, len, "game %s: %s plies recorded, %s moves",
		 col(st, 0), col(st, 1), col(st, 2));
}

static void say_two_playing(sqlite3_stmt *st, char *buf, size_t len)
{
	snprintf(buf, len, "board %s has %s games under way (%s)",
		 col(st, 0), col(st, 1), col(st, 2));
}

static void say_started(sqlite3_stmt *st, char *buf, size_t len)
{
	snprintf(buf, len, "game %s: its players' start is not the game's",
		 col(st, 0));
}

static const struct check checks[] = {
	{ "SELECT integrity_check FROM pragma_integrity_check(10)"
	  " WHERE integrity_check <> 'ok'", say_integrity },
	{ "SELECT \"table\" FROM pragma_foreign_key_check", say_foreign_key },
	/* A move's player sits at its seat of the game (a move written
	 * into another table's game would not). */
	{ "SELECT m.game_id, m.ply, m.seat + 1 FROM moves m"
	  " WHERE m.player_id IS NOT NULL AND NOT EXISTS"
	  " (SELECT 1 FROM game_players p WHERE p.game_id = m.game_id"
	  "  AND p.seat = m.seat AND p.player_id = m.player_id)"
	  " ORDER BY m.game_id, m.ply LIMIT 10", say_move_player },
	{ "SELECT g.id, g.plies, count(m.ply) FROM games g"
	  " LEFT JOIN moves m ON m.game_id = g.id GROUP BY g.id"
	  " HAVING g.plies <> count(m.ply) OR g.plies <> coalesce(max(m.ply), 0)"
	  " LIMIT 10", say_plies },
	{ "SELECT board_id, count(*), group_concat(id, ', ') FROM"
	  " (SELECT board_id, id FROM games WHERE status = 'playing'"
	  "  AND board_id IS NOT NULL ORDER BY id)"
	  " GROUP BY board_id HAVING count(*) > 1 LIMIT 10", say_two_playing },
	/* The start a player's history is walked by is the game's. */
	{ "SELECT DISTINCT gp.game_id FROM game_players gp"
	  " JOIN games g ON g.id = gp.game_id"
	  " WHERE gp.started IS NOT g.started ORDER BY gp.game_id LIMIT 10",
	  say_started },
};

int db_check(struct db *db)
{
	size_t used = 0;

	db->err[0] = '\0';
	for (size_t c = 0; c < sizeof(checks) / sizeof(checks[0]); c++) {
		sqlite3_stmt *st;
		char said[512];
		int rc;

		if (sqlite3_prepare_v2(db->sql, checks[c].sql, -1, &st, NULL) !=
		    SQLITE_OK)
			return db_fail(db, "checking");
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			checks[c].say(st, said, sizeof(said));
			used += (size_t)snprintf(db->err + used,
					 used < sizeof(db->err) ?
					 sizeof(db->err) - used : 0,
					 "%s%s", used ? "; " : "", said);
			if (used >= sizeof(db->err))
				used = sizeof(db->err) - 1;
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return db_fail(db, "checking");
	}
	return used ? DB_FAILED : DB_OK;
}
