/*
 * test_db.c - the records store against its promises: migrations from
 * an empty file and from every earlier version, a newer file refused, a
 * damaged file reported, a full disk and a read-only database reported
 * with nothing half-written, sqlite3_step failing at every step of a
 * transaction (linked with -Wl,--wrap=sqlite3_step) leaving nothing
 * partial, a game whose start failed left without an id, db check
 * finding records that contradict each other (a move whose player
 * does not sit at its game, two games under way at a board), and a
 * backup killed at each step of its copy (-Wl,--wrap=sqlite3_backup_step)
 * leaving its destination as it was. Live games, commands and two
 * writers at once are test_db_live.c's.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "db/commands.h"
#include "db/db.h"
#include "db/db_impl.h"

/* ------------------------------------------------ sqlite3_step seam */

/* Counts down the steps of our statements; the one reaching zero fails
 * with a disk I/O error. -1: never. */
static int step_failure_in = -1;
static int steps_taken;

int __real_sqlite3_step(sqlite3_stmt *st);
int __wrap_sqlite3_step(sqlite3_stmt *st);
int __wrap_sqlite3_step(sqlite3_stmt *st)
{
	steps_taken++;
	if (step_failure_in > 0 && --step_failure_in == 0)
		return SQLITE_IOERR;
	return __real_sqlite3_step(st);
}

/* The backup's steps counted down the same way: at zero the process is
 * killed, as by a power cut or a SIGKILL in the middle of a copy. */
static int backup_kill_in = -1;

int __real_sqlite3_backup_step(sqlite3_backup *b, int pages);
int __wrap_sqlite3_backup_step(sqlite3_backup *b, int pages);
int __wrap_sqlite3_backup_step(sqlite3_backup *b, int pages)
{
	if (backup_kill_in > 0 && --backup_kill_in == 0)
		raise(SIGKILL);
	return __real_sqlite3_backup_step(b, pages);
}

/* ----------------------------------------------------------- helpers */

#define DB_FIXTURE_STEP __real_sqlite3_step
#define DB_FIXTURE_SETUP (step_failure_in = -1)
#include "tests/db_fixture.h"

/* ---------------------------------------------------------- migrations */

static void test_migrate_from_empty(void **state)
{
	struct db *db;

	(void)state;
	db = open_ok("empty.db", DB_OPEN_CREATE);
	assert_int_equal(db_version(db), DB_SCHEMA_VERSION);
	assert_int_equal(count(db, "SELECT count(*) FROM sqlite_schema"
			       " WHERE name IN ('players', 'boards', 'games',"
			       " 'moves', 'series', 'tournaments', 'entries',"
			       " 'bracket_slots', 'bracket_results')"), 9);
	assert_int_equal(count(db, "SELECT journal_mode = 'wal' FROM"
			       " pragma_journal_mode"), 1);
	assert_int_equal(count(db, "PRAGMA synchronous"), 2);	/* FULL */
	assert_int_equal(db_check(db), DB_OK);
	db_close(db);
	/* Missing file without DB_OPEN_CREATE is not created. */
	{
		char err[DB_ERR_MAX];

		assert_int_equal(db_open(path_of("missing.db"), 0, &db, err,
					 sizeof(err)), DB_FAILED);
		assert_null(db);
		assert_non_null(strstr(err, "cannot open"));
		assert_int_equal(access(path_of("missing.db"), F_OK), -1);
	}
}

/* Commands queued and answered before schema 6: the sentence stays,
 * the columns are empty, the one waiting still waits. */
static void check_old_commands(struct db *db)
{
	struct db_command c;

	assert_int_equal(db_command_get(db, 5, &c), DB_OK);
	assert_int_equal(c.board_id, 2);
	assert_string_equal(c.outcome, "refused 0 -: nothing to take back");
	assert_string_equal(c.outcome_kind, "");
	assert_string_equal(c.outcome_cause, "");
	assert_int_equal(c.outcome_ply, 0);
	assert_int_equal(db_command_next(db, 0, &c), DB_OK);
	assert_int_equal(c.id, 6);
	assert_string_equal(c.text, "c");
	assert_int_equal(count(db, "SELECT count(*) FROM sqlite_schema WHERE"
			       " name = 'commands_pending'"), 1);
}

static void test_migrate_from_each_version(void **state)
{
	(void)state;
	for (int v = 1; v < DB_SCHEMA_VERSION; v++) {
		struct db_player p;
		struct db_game_info g;
		char name[32];
		struct db *db;

		snprintf(name, sizeof(name), "v%d.db", v);
		db = open_ok(name, DB_OPEN_CREATE | DB_OPEN_NO_MIGRATE);
		assert_int_equal(db_migrate(db, v), DB_OK);
		assert_int_equal(db_version(db), v);
		db_close(db);
		/* Records written by that version. */
		raw_exec(name, "INSERT INTO players (id, name, name_key, created)"
			 " VALUES (7, 'Old Timer', 'old timer', '2020-01-01T00:00:00Z')");
		if (v >= 2)
			raw_exec(name,
				 "INSERT INTO games (id, kind, seats, first_seat,"
				 " first_how, started, position) VALUES"
				 " (3, 'kalah', 2, 0, 'rules', '2020-01-01', 'p');"
				 "INSERT INTO game_players (game_id, seat, member,"
				 " player_id) VALUES (3, 0, 0, 7);");
		if (v >= 4)
			raw_exec(name,
				 "INSERT INTO boards (id, name, name_key, created)"
				 " VALUES (2, 'Front', 'front', '2020-01-01');"
				 "INSERT INTO commands (id, board_id, kind, created,"
				 " done, outcome) VALUES (5, 2, 'undo', '2020-01-01',"
				 " '2020-01-01', 'refused 0 -: nothing to take back');"
				 "INSERT INTO commands (id, board_id, kind, text,"
				 " created) VALUES (6, 2, 'entry', 'c', '2020-01-02');");
		db = open_ok(name, 0);
		assert_int_equal(db_version(db), DB_SCHEMA_VERSION);
		assert_int_equal(db_player_find(db, "OLD TIMER", &p), DB_OK);
		assert_int_equal(p.id, 7);
		if (v >= 2) {
			assert_int_equal(db_game_get(db, 3, &g), DB_OK);
			assert_int_equal(g.series_id, 0);
			assert_string_equal(g.side[0], "Old Timer");
		}
		if (v >= 4)
			check_old_commands(db);
		assert_int_equal(db_check(db), DB_OK);
		db_close(db);
	}
}

static void test_newer_file_refused(void **state)
{
	char err[DB_ERR_MAX] = "";
	struct db *db;

	(void)state;
	db = open_ok("newer.db", DB_OPEN_CREATE);
	db_close(db);
	raw_exec("newer.db", "PRAGMA user_version = 99");
	assert_int_equal(db_open(path_of("newer.db"), 0, &db, err,
				 sizeof(err)), DB_REFUSED);
	assert_null(db);
	assert_non_null(strstr(err, "has schema version 99, newer than this pitboss"));
	/* Left as it was. */
	{
		sqlite3 *h;
		sqlite3_stmt *st;

		sqlite3_open(path_of("newer.db"), &h);
		sqlite3_prepare_v2(h, "PRAGMA user_version", -1, &st, NULL);
		assert_int_equal(__real_sqlite3_step(st), SQLITE_ROW);
		assert_int_equal(sqlite3_column_int(st, 0), 99);
		sqlite3_finalize(st);
		sqlite3_close(h);
	}
}

static int count_each(void *ctx, const struct db_player *p)
{
	(void)ctx;
	(void)p;
	return 0;
}

static void test_damaged_file_reported(void **state)
{
	char err[DB_ERR_MAX] = "", junk[4096];
	struct db *db;
	FILE *f;

	(void)state;
	db = open_ok("damaged.db", DB_OPEN_CREATE);
	for (int i = 0; i < 200; i++) {
		char name[32];

		snprintf(name, sizeof(name), "player %d", i);
		add_player(db, name);
	}
	db_close(db);
	/* As a crash leaves it: the clean-close mark cleared. */
	raw_exec("damaged.db", "UPDATE closed SET clean = 0");
	/* Overwrite the third page: part of the players' tree. */
	memset(junk, 0xa5, sizeof(junk));
	f = fopen(path_of("damaged.db"), "r+b");
	assert_non_null(f);
	fseek(f, 2 * 4096, SEEK_SET);
	fwrite(junk, 1, sizeof(junk), f);
	fclose(f);
	assert_int_equal(db_open(path_of("damaged.db"), 0, &db, err,
				 sizeof(err)), DB_FAILED);
	assert_null(db);
	if (strstr(err, "damaged") == NULL && strstr(err, "malformed") == NULL)
		fail_msg("unexpected message: %s", err);
	/* A reader skips the scan; the damage it meets is named as such,
	 * and db_check() finds it. Every page but the first is spoilt. */
	f = fopen(path_of("damaged.db"), "r+b");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	for (long at = 4096; at < ftell(f); at += 4096) {
		fseek(f, at, SEEK_SET);
		fwrite(junk, 1, sizeof(junk), f);
		fseek(f, 0, SEEK_END);
	}
	fclose(f);
	assert_int_equal(db_open(path_of("damaged.db"), DB_OPEN_READONLY, &db,
				 err, sizeof(err)), DB_OK);
	assert_int_equal(db_player_list(db, 1, count_each, NULL), DB_FAILED);
	if (strstr(db_error(db), " is damaged (") == NULL ||
	    strstr(db_error(db), "restore it from a backup") == NULL)
		fail_msg("unexpected message: %s", db_error(db));
	assert_int_equal(db_check(db), DB_FAILED);
	db_close(db);
	/* Not a database at all. */
	f = fopen(path_of("text.db"), "w");
	fputs("not a database, only some text that fills a header..........................................", f);
	fclose(f);
	assert_int_equal(db_open(path_of("text.db"), 0, &db, err, sizeof(err)),
			 DB_FAILED);
	assert_non_null(strstr(err, "not a database"));
}

/* --------------------------------------------------- failure reports */

/* A writer that dies with the file open (a crash, a power cut). */
static void die_open(const char *name)
{
	pid_t pid = fork();
	int status;

	assert_true(pid >= 0);
	if (pid == 0) {
		struct db *db;
		char err[DB_ERR_MAX];

		_exit(db_open(path_of(name), 0, &db, err, sizeof(err)) ==
		      DB_OK ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void test_clean_close_skips_the_scan(void **state)
{
	struct db *a, *b;

	(void)state;
	a = open_ok("clean.db", DB_OPEN_CREATE);
	assert_int_equal(db_checked(a), 1);	/* new: never closed */
	add_player(a, "Ada");
	db_close(a);
	a = open_ok("clean.db", 0);
	assert_int_equal(db_checked(a), 0);	/* closed cleanly */
	assert_int_equal(count(a, "SELECT clean FROM closed"), 0);
	/* A second writer meanwhile: the first to close is not the last,
	 * and leaves the mark cleared. */
	b = open_ok("clean.db", 0);
	assert_int_equal(db_checked(b), 1);
	db_close(a);
	a = open_ok("clean.db", DB_OPEN_READONLY);
	assert_int_equal(count(a, "SELECT clean FROM closed"), 0);
	db_close(a);
	db_close(b);
	a = open_ok("clean.db", 0);
	assert_int_equal(db_checked(a), 0);
	db_close(a);
	/* A writer that died with the file open: the next one checks. */
	die_open("clean.db");
	a = open_ok("clean.db", 0);
	assert_int_equal(db_checked(a), 1);
	db_close(a);
	a = open_ok("clean.db", 0);
	assert_int_equal(db_checked(a), 0);
	db_close(a);
	/* Readers leave the mark alone; a backup always checks. */
	a = open_ok("clean.db", DB_OPEN_READONLY | DB_OPEN_CHECK);
	assert_int_equal(db_checked(a), 1);
	db_close(a);
	a = open_ok("clean.db", 0);
	assert_int_equal(db_checked(a), 0);
	db_close(a);
}

static void test_full_disk_leaves_nothing_partial(void **state)
{
	struct db_game_new g;
	struct db_move moves[6];
	struct db_game_end end;
	struct db *db;
	int64_t a, b, id;
	long long pages, games, rows;
	char name[64];
	int rc = DB_OK;

	(void)state;
	db = open_ok("full.db", DB_OPEN_CREATE);
	a = add_player(db, "Ada");
	b = add_player(db, "Bob");
	pages = count(db, "PRAGMA page_count");
	snprintf(name, sizeof(name), "PRAGMA max_page_count = %lld", pages + 1);
	assert_int_equal(sqlite3_exec(db->sql, name, NULL, NULL, NULL), SQLITE_OK);
	/* Fill the file with games until it is full. */
	for (int i = 0; i < 1000 && rc == DB_OK; i++) {
		games = count(db, "SELECT count(*) FROM games");
		rows = count(db, "SELECT count(*) FROM moves") +
		       count(db, "SELECT count(*) FROM game_players") +
		       count(db, "SELECT count(*) FROM game_sides");
		short_game(&g, moves, &end, a, b, 0);
		rc = db_game_add(db, &g, moves, 6, &end, &id);
	}
	assert_int_equal(rc, DB_FAILED);
	assert_non_null(strstr(db_error(db), "full"));
	/* The failed game left no row anywhere. */
	assert_int_equal(count(db, "SELECT count(*) FROM games"), games);
	assert_int_equal(count(db, "SELECT count(*) FROM moves") +
			 count(db, "SELECT count(*) FROM game_players") +
			 count(db, "SELECT count(*) FROM game_sides"), rows);
	assert_int_equal(count(db, "SELECT count(*) FROM games g WHERE"
			       " (SELECT count(*) FROM moves m WHERE m.game_id = g.id) <> 6"), 0);
	db_close(db);
}

static void test_read_only_reported(void **state)
{
	struct db *db;
	int64_t id;

	(void)state;
	db = open_ok("ro.db", DB_OPEN_CREATE);
	add_player(db, "Ada");
	db_close(db);
	db = open_ok("ro.db", DB_OPEN_READONLY);
	assert_int_equal(db_player_add(db, "Bob", &id), DB_FAILED);
	assert_non_null(strstr(db_error(db), "readonly"));
	assert_int_equal(count(db, "SELECT count(*) FROM players"), 1);
	db_close(db);
}

/* Runs `op` with sqlite3_step failing at step 1, 2, ... until it
 * succeeds; after every failure `same` must hold. */
static void fail_every_step(struct db *db, int (*op)(struct db *db),
			    long long (*fingerprint)(struct db *db))
{
	long long before = fingerprint(db);
	int k, rc = DB_FAILED;

	for (k = 1; k < 500 && rc != DB_OK; k++) {
		step_failure_in = k;
		rc = op(db);
		step_failure_in = -1;
		if (rc != DB_OK) {
			assert_int_equal(rc, DB_FAILED);
			assert_true(sqlite3_get_autocommit(db->sql));
			if (fingerprint(db) != before)
				fail_msg("step %d failed but left a change", k);
		}
	}
	assert_int_equal(rc, DB_OK);
	assert_true(k > 3);
	assert_true(fingerprint(db) != before);
}

static int64_t ada, bob, series_id;

static int op_game_add(struct db *db)
{
	struct db_game_new g;
	struct db_move moves[6];
	struct db_game_end end;
	int64_t id;

	short_game(&g, moves, &end, ada, bob, series_id);
	return db_game_add(db, &g, moves, 6, &end, &id);
}

static long long records_fingerprint(struct db *db)
{
	return count(db, "SELECT (SELECT count(*) FROM games) * 1000000 +"
		     " (SELECT count(*) FROM moves) * 10000 +"
		     " (SELECT count(*) FROM game_players) * 100 +"
		     " (SELECT count(*) FROM game_sides) +"
		     " (SELECT coalesce(sum(total_a + total_b + games), 0)"
		     "  FROM series) * 1000000000 +"
		     " (SELECT count(*) FROM bracket_results) * 100000000000 +"
		     " (SELECT count(*) FROM series) * 10000000000000");
}

static void test_step_failure_mid_transaction(void **state)
{
	struct db_series_info s;
	struct db *db;

	(void)state;
	db = open_ok("wrap.db", DB_OPEN_CREATE);
	ada = add_player(db, "Ada");
	bob = add_player(db, "Bob");
	series_id = 0;
	fail_every_step(db, op_game_add, records_fingerprint);
	/* A game that ends a tournament series: the game, the series,
	 * the bracket result and the next series in one transaction. */
	{
		int64_t tid;

		assert_int_equal(db_tournament_create(db, "Cup", "kalah",
						      "pits=3 seeds=1", 2, 0,
						      &tid), DB_OK);
		assert_int_equal(db_tournament_enter(db, tid, ada), DB_OK);
		assert_int_equal(db_tournament_enter(db, tid, bob), DB_OK);
		assert_int_equal(db_tournament_draw(db, tid, 0, 0), DB_OK);
		series_id = count(db, "SELECT id FROM series WHERE tournament_id IS NOT NULL");
		assert_int_equal(db_series_get(db, series_id, &s), DB_OK);
		/* The first mover by lot sits at S. */
		ada = s.player[s.first];
		bob = s.player[!s.first];
		fail_every_step(db, op_game_add, records_fingerprint);
		assert_int_equal(db_series_get(db, series_id, &s), DB_OK);
		assert_string_equal(s.status, "finished");
		assert_int_equal(count(db, "SELECT count(*) FROM tournaments"
				       " WHERE status = 'finished'"), 1);
	}
	db_close(db);
}

/* A game that could not be started has no id: a failure at any step,
 * the commit's included, leaves *id 0 (a table keeping a failed start's
 * id would write its moves into the next game started). */
static void test_failed_start_has_no_id(void **state)
{
	struct db_game_new g;
	struct db_move moves[6];
	struct db_game_end end;
	struct db *db;
	int64_t a, b, id;
	int k, rc = DB_FAILED;

	(void)state;
	db = open_ok("start.db", DB_OPEN_CREATE);
	a = add_player(db, "Ada");
	b = add_player(db, "Bob");
	short_game(&g, moves, &end, a, b, 0);
	for (k = 1; k < 100 && rc != DB_OK; k++) {
		id = 77;
		step_failure_in = k;
		rc = db_game_start(db, &g, &id);
		step_failure_in = -1;
		if (rc != DB_OK)
			assert_int_equal(id, 0);
	}
	assert_int_equal(rc, DB_OK);
	assert_int_equal(id, count(db, "SELECT max(id) FROM games"));
	db_close(db);
}

/* db check finds records that contradict each other: a move made by
 * somebody who does not sit at its game, two games under way at one
 * board, a game whose plies are not its moves. */
static void test_check_finds_crossed_records(void **state)
{
	static const struct {
		const char *sql, *found;
	} crossed[] = {
		{ "UPDATE moves SET player_id = 3 WHERE game_id = 1 AND ply = 2",
		  "game 1 move 2: its player does not sit at seat 2 of the game" },
		{ "UPDATE games SET status = 'playing', ended = NULL"
		  " WHERE id = 1",
		  "board 1 has 2 games under way (1, 2)" },
		{ "DELETE FROM moves WHERE game_id = 2 AND ply = 6",
		  "game 2: 6 plies recorded, 5 moves" },
	};
	struct db_game_new g;
	struct db_move moves[6];
	struct db_game_end end;
	struct db *db;
	int64_t a, b, id, board;

	(void)state;
	db = open_ok("crossed.db", DB_OPEN_CREATE);
	a = add_player(db, "Ada");
	b = add_player(db, "Bob");
	add_player(db, "Cyd");
	assert_int_equal(db_table_add(db, "Front", "", &board), DB_OK);
	short_game(&g, moves, &end, a, b, 0);
	g.table_id = board;
	assert_int_equal(db_game_add(db, &g, moves, 6, &end, &id), DB_OK);
	assert_int_equal(db_game_add(db, &g, moves, 6, NULL, &id), DB_OK);
	assert_int_equal(db_check(db), DB_OK);
	for (size_t i = 0; i < sizeof(crossed) / sizeof(crossed[0]); i++) {
		assert_int_equal(sqlite3_exec(db->sql, crossed[i].sql, NULL,
					      NULL, NULL), SQLITE_OK);
		assert_int_equal(db_check(db), DB_FAILED);
		if (strstr(db_error(db), crossed[i].found) == NULL)
			fail_msg("db check says '%s', not '%s'", db_error(db),
				 crossed[i].found);
	}
	db_close(db);
}

/* ------------------------------------------------------------ backup */

/* A backup in a child killed at its `k`th step; the child's status. */
static int backup_killed_at(const char *from, const char *to, int k)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		char err[DB_ERR_MAX];
		struct db *db;

		backup_kill_in = k;
		if (db_open(path_of(from), DB_OPEN_READONLY, &db, err,
			    sizeof(err)) != DB_OK)
			_exit(2);
		_exit(db_backup(db, path_of(to)) == DB_OK ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

/* What a reader finds at `name`: -1 nothing, else the pad's rows. */
static long long backup_rows(const char *name)
{
	char journal[160];
	struct db *db;
	long long rows;

	snprintf(journal, sizeof(journal), "%s-journal", path_of(name));
	assert_int_not_equal(access(journal, F_OK), 0);
	if (access(path_of(name), F_OK) != 0)
		return -1;
	db = open_ok(name, DB_OPEN_READONLY);
	assert_int_equal(db_check(db), DB_OK);
	rows = count(db, "SELECT count(*) FROM pad");
	db_close(db);
	return rows;
}

/* A backup killed in the middle of its copy leaves the destination as
 * it was: absent, or the whole earlier backup; never a part. */
static void test_backup_killed_midway(void **state)
{
	struct db *db;
	int status;

	(void)state;
	db = open_ok("big.db", DB_OPEN_CREATE);
	/* About 3 MB: a dozen steps of 256 pages. */
	assert_int_equal(sqlite3_exec(db->sql, "CREATE TABLE pad (x);"
		"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n"
		" WHERE i < 3000) INSERT INTO pad SELECT randomblob(900) FROM n",
		NULL, NULL, NULL), SQLITE_OK);
	db_close(db);
	for (int k = 1; k <= 4; k++) {
		status = backup_killed_at("big.db", "copy.db", k);
		assert_true(WIFSIGNALED(status));
		assert_int_equal(backup_rows("copy.db"), -1);
	}
	status = backup_killed_at("big.db", "copy.db", 0);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(backup_rows("copy.db"), 3000);
	/* More rows; a new backup over the old one killed midway. */
	db = open_ok("big.db", 0);
	assert_int_equal(sqlite3_exec(db->sql, "INSERT INTO pad SELECT x FROM"
				      " pad LIMIT 10", NULL, NULL, NULL),
			 SQLITE_OK);
	db_close(db);
	for (int k = 1; k <= 4; k++) {
		status = backup_killed_at("big.db", "copy.db", k);
		assert_true(WIFSIGNALED(status));
		assert_int_equal(backup_rows("copy.db"), 3000);
	}
	status = backup_killed_at("big.db", "copy.db", 0);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(backup_rows("copy.db"), 3010);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_migrate_from_empty, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_migrate_from_each_version, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_newer_file_refused, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_damaged_file_reported, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_clean_close_skips_the_scan, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_full_disk_leaves_nothing_partial, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_read_only_reported, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_step_failure_mid_transaction, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_failed_start_has_no_id, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_check_finds_crossed_records, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_backup_killed_midway, setup_dir, remove_dir),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
