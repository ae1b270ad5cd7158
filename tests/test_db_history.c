/*
 * test_db_history.c - a player's history: walked newest first on the
 * index of each member's game and its start (the query plan uses it
 * and sorts nothing), the same games in the same order as the games
 * table gives them, a game where he holds two places shown once, every
 * member's start the game's, and a database of the version before
 * upgraded with its starts filled in and the same history answered,
 * and db check reporting a member's start that is not its game's.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "db/db.h"
#include "db/db_impl.h"

static char dir[] = "/tmp/pitboss-test-dbh.XXXXXX";
static char path[sizeof(dir) + 32];

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/pitboss-test-dbh.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/h.db", dir);
	return 0;
}

static int teardown(void **state)
{
	static const char *const end[] = { "", "-wal", "-shm" };
	char p[sizeof(path) + 8];

	(void)state;
	for (size_t i = 0; i < sizeof(end) / sizeof(end[0]); i++) {
		snprintf(p, sizeof(p), "%s%s", path, end[i]);
		unlink(p);
	}
	rmdir(dir);
	return 0;
}

static struct db *open_ok(unsigned flags)
{
	char err[DB_ERR_MAX] = "";
	struct db *db;

	if (db_open(path, flags, &db, err, sizeof(err)) != DB_OK)
		fail_msg("open %s: %s", path, err);
	return db;
}

static long long count(struct db *db, const char *sql)
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

/* Ids of the games a history hands over, in order. */
struct ids {
	int n;
	int64_t id[64];
};

static int take(void *ctx, const struct db_game_info *g)
{
	struct ids *ids = ctx;

	assert_true(ids->n < 64);
	ids->id[ids->n++] = g->id;
	return 0;
}

/* The player's games newest first as the games table orders them. */
static void expected(struct db *db, int64_t player, int limit,
		     struct ids *out)
{
	sqlite3_stmt *st;

	assert_int_equal(sqlite3_prepare_v2(db->sql,
		"SELECT id FROM games WHERE id IN (SELECT game_id FROM"
		" game_players WHERE player_id = ?1)"
		" ORDER BY started DESC, id DESC LIMIT ?2", -1, &st, NULL),
		SQLITE_OK);
	sqlite3_bind_int64(st, 1, player);
	sqlite3_bind_int(st, 2, limit > 0 ? limit : -1);
	out->n = 0;
	while (sqlite3_step(st) == SQLITE_ROW)
		out->id[out->n++] = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
}

static void same_history(struct db *db, int64_t player, int limit)
{
	struct db_history_filter f = { .player_id = player, .limit = limit };
	struct ids got = { 0 }, want;

	expected(db, player, limit, &want);
	assert_int_equal(db_history(db, &f, take, &got), DB_OK);
	assert_true(want.n > 0);
	assert_int_equal(got.n, want.n);
	for (int i = 0; i < want.n; i++)
		assert_int_equal(got.id[i], want.id[i]);
}

/* Games of players 1..3 at starts out of id order, some at one time,
 * and one (the eighth) where player 2 holds both seats. */
static void play(struct db *db)
{
	static const char *const start[] = {
		"2024-03-01T10:00:00Z", "2024-01-01T10:00:00Z",
		"2024-03-01T10:00:00Z", "2024-02-01T10:00:00Z",
		"2024-03-01T09:00:00Z", "2024-01-01T10:00:00Z",
	};
	struct db_game_end end = { .verdict = RULES_DRAW, .winner = -1 };
	int64_t id, p;

	for (int i = 0; i < 3; i++) {
		char name[16];

		snprintf(name, sizeof(name), "P%d", i + 1);
		assert_int_equal(db_player_add(db, name, &p), DB_OK);
	}
	for (int i = 0; i < 12; i++) {
		struct db_game_new g = {
			.kind = "kalah", .options = "", .seats = 2,
			.members = { 1, 1 }, .first_how = "rules",
			.position = "p", .started = start[i % 6],
		};

		g.player[0][0] = 1 + i % 3;
		g.player[1][0] = i == 7 ? g.player[0][0] : 1 + (i + 1) % 3;
		assert_int_equal(db_game_start(db, &g, &id), DB_OK);
		if (i % 4 == 0)
			assert_int_equal(db_game_finish(db, id, &end), DB_OK);
	}
}

static void test_plan(void **state)
{
	char sql[8192];
	sqlite3_stmt *st;
	struct db *db;
	int first = 1, index = 0;

	(void)state;
	db = open_ok(DB_OPEN_CREATE);
	snprintf(sql, sizeof(sql), "EXPLAIN QUERY PLAN %s",
		 db_query_sql[Q_HISTORY_PLAYER]);
	assert_int_equal(sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL),
			 SQLITE_OK);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *d = (const char *)sqlite3_column_text(st, 3);
		int parent = sqlite3_column_int(st, 1);

		if (strstr(d, "game_players_started") != NULL)
			index = 1;
		assert_null(strstr(d, "TEMP B-TREE"));
		/* The outer loop: the games the walk chose, in its order. */
		if (parent == 0 && strncmp(d, "CO-ROUTINE", 10) != 0 &&
		    strncmp(d, "MATERIALIZE", 11) != 0 && first) {
			assert_string_equal(d, "SCAN h");
			first = 0;
		}
	}
	sqlite3_finalize(st);
	assert_true(index);
	assert_false(first);
	db_close(db);
}

static void test_history_order(void **state)
{
	struct db_history_filter f = { .player_id = 2 };
	struct ids got = { 0 };
	struct db *db;

	(void)state;
	db = open_ok(DB_OPEN_CREATE);
	play(db);
	assert_int_equal(count(db, "SELECT count(*) FROM game_players gp"
			       " JOIN games g ON g.id = gp.game_id"
			       " WHERE gp.started IS NOT g.started"), 0);
	for (int p = 1; p <= 3; p++) {
		same_history(db, p, 0);
		same_history(db, p, 3);
	}
	/* His 8 games, game 8 (both seats his) once; 2 of them drawn. */
	assert_int_equal(db_history(db, &f, take, &got), DB_OK);
	assert_int_equal(got.n, 8);
	f.result = "draw";
	got.n = 0;
	assert_int_equal(db_history(db, &f, take, &got), DB_OK);
	assert_int_equal(got.n, 2);
	db_close(db);
}

/* The version before the one that gives members their start. */
static int version_before_started(void)
{
	for (int v = 1; v <= DB_SCHEMA_VERSION; v++)
		if (strstr(db_migration[v - 1], "ALTER TABLE game_players "
			   "ADD COLUMN started") != NULL)
			return v - 1;
	fail_msg("no migration gives members their start");
	return 0;
}

/* A database of the version before: its members have no start until
 * the upgrade fills them in. */
static void test_upgrade(void **state)
{
	struct db *db;

	(void)state;
	db = open_ok(DB_OPEN_CREATE | DB_OPEN_NO_MIGRATE);
	assert_int_equal(db_migrate(db, version_before_started()), DB_OK);
	assert_int_equal(sqlite3_exec(db->sql,
		"INSERT INTO players (id, name, name_key, created) VALUES"
		" (1, 'A', 'a', '2020'), (2, 'B', 'b', '2020');"
		"INSERT INTO games (id, kind, seats, first_seat, first_how,"
		" started, position) VALUES"
		" (1, 'kalah', 2, 0, 'rules', '2020-02-01', 'p'),"
		" (2, 'kalah', 2, 0, 'rules', '2020-01-01', 'p'),"
		" (3, 'kalah', 2, 0, 'rules', '2020-02-01', 'p');"
		"INSERT INTO game_players VALUES (1, 0, 0, 1), (1, 1, 0, 2),"
		" (2, 0, 0, 2), (2, 1, 0, 1), (3, 0, 0, 1), (3, 1, 0, 2);",
		NULL, NULL, NULL), SQLITE_OK);
	db_close(db);
	db = open_ok(0);
	assert_int_equal(db_version(db), DB_SCHEMA_VERSION);
	assert_int_equal(count(db, "SELECT count(*) FROM game_players gp"
			       " JOIN games g ON g.id = gp.game_id"
			       " WHERE gp.started IS NOT g.started"), 0);
	same_history(db, 1, 0);
	same_history(db, 2, 2);
	assert_int_equal(db_check(db), DB_OK);
	/* A member written by hand takes his game's start. */
	assert_int_equal(sqlite3_exec(db->sql, "INSERT INTO game_players"
				      " (game_id, seat, member, player_id)"
				      " VALUES (2, 1, 1, 2)",
				      NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(count(db, "SELECT count(*) FROM game_players"
			       " WHERE game_id = 2 AND member = 1"
			       " AND started = '2020-01-01'"), 1);
	/* A member's start gone astray is reported. */
	assert_int_equal(sqlite3_exec(db->sql, "UPDATE game_players SET"
				      " started = '2019' WHERE game_id = 2",
				      NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(db_check(db), DB_FAILED);
	assert_non_null(strstr(db_error(db), "game 2: its players' start"));
	db_close(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_plan, setup, teardown),
		cmocka_unit_test_setup_teardown(test_history_order, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_upgrade, setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
