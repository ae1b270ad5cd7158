/*
 * test_command_answer.c - a command's answer in the outbox: the seq of
 * the command-done event that answered it is kept with the command and
 * is what tells whether that answer was pruned (a command the hub sends
 * again is answered again then, once); an older database's answers
 * still in its outbox are found by the upgrade.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "db/db.h"
#include "db/db_impl.h"

static char dir[64], path[96];
static struct db *db;

static int64_t count(const char *sql)
{
	sqlite3_stmt *st;
	int64_t n = -1;

	assert_int_equal(sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL),
			 SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

static void raw(const char *sql)
{
	assert_int_equal(sqlite3_exec(db->sql, sql, NULL, NULL, NULL),
			 SQLITE_OK);
}

static int open_at(unsigned flags)
{
	char err[DB_ERR_MAX];

	return db_open(path, flags, &db, err, sizeof(err)) == DB_OK ? 0 : -1;
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_command_answer.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/t.db", dir);
	return open_at(DB_OPEN_CREATE);
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	db_close(db);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Command `id` answered: done, its command-done event in t1's outbox. */
static void answered(int64_t id)
{
	struct db_command_outcome o = {
		.kind = "accept", .cause = "sensed", .text = "accept 0 -: ok",
	};
	struct db_outbox_rec r = {
		.kind = DB_OUTBOX_COMMAND_DONE, .table_key = "t1",
		.at = "2026-11-24T01:00:00.000Z", .id = id,
	};

	assert_int_equal(db_command_done(db, id, &o), DB_OK);
	assert_int_equal(db_outbox_add(db, &r), DB_OK);
}

/* The seq kept with command `id` (0: none). */
static int64_t answer_seq(int64_t id)
{
	char sql[96];

	snprintf(sql, sizeof(sql), "SELECT COALESCE(answer_seq, 0) FROM"
		 " commands WHERE id = %lld", (long long)id);
	return count(sql);
}

/* Whether command `id` sent again by the hub is answered again. */
static int again(int64_t id)
{
	int a = -1;

	assert_int_equal(db_command_answer_again(db, "t1", id, &a), DB_OK);
	return a;
}

static int64_t hub_command(int64_t board, const char *hub_id)
{
	int64_t id = 0;

	assert_int_equal(db_command_add_hub(db, board, "confirm", "", hub_id,
					    &id), DB_OK);
	return id;
}

static void test_answer_seq_kept_and_used(void **state)
{
	int64_t board = 0, a, b, c;

	(void)state;
	assert_int_equal(db_table_add(db, "Front", "", &board), DB_OK);
	a = hub_command(board, "hub-1");
	b = hub_command(board, "hub-2");
	c = hub_command(board, "hub-3");
	answered(a);
	answered(b);
	/* Each keeps the seq of its own answer, not the first nor 1. */
	assert_int_equal(answer_seq(a), 1);
	assert_int_equal(answer_seq(b), 2);
	assert_int_equal(count("SELECT count(*) FROM outbox o JOIN commands c"
			       " ON o.seq = c.answer_seq AND json_extract("
			       "o.body, '$.payload.command') = c.id"), 2);
	/* Answered and kept: not again; not done yet: not answered. */
	assert_int_equal(again(a), 0);
	assert_int_equal(again(b), 0);
	assert_int_equal(again(c), 0);
	assert_int_equal(answer_seq(c), 0);
	/* The kept seq is what is read: pointed past its row (which is
	 * still there), the answer counts as gone and is written again,
	 * and the new seq is kept. */
	raw("UPDATE commands SET answer_seq = 100 WHERE hub_id = 'hub-1'");
	assert_int_equal(again(a), 1);
	assert_int_equal(answer_seq(a), 3);
	assert_int_equal(again(a), 0);
	/* A seq that holds another command's answer is not its own. */
	raw("UPDATE commands SET answer_seq = 2 WHERE hub_id = 'hub-1'");
	assert_int_equal(again(a), 1);
	assert_int_equal(answer_seq(a), 4);
	/* Pruned: answered again, once. */
	raw("DELETE FROM outbox WHERE seq = 2");
	assert_int_equal(again(b), 1);
	assert_int_equal(answer_seq(b), 5);
	assert_int_equal(again(b), 0);
	assert_int_equal(count("SELECT count(*) FROM outbox WHERE kind ="
			       " 'command-done'"), 4);
}

/* The version before the one that keeps answers' seqs. */
static int version_before_answer_seq(void)
{
	for (int v = 1; v <= DB_SCHEMA_VERSION; v++)
		if (strstr(db_migration[v - 1], "ADD COLUMN answer_seq") !=
		    NULL)
			return v - 1;
	fail_msg("no migration keeps answers' seqs");
	return 0;
}

static void test_upgrade_finds_answers(void **state)
{
	(void)state;
	db_close(db);
	assert_int_equal(remove(path), 0);
	assert_int_equal(open_at(DB_OPEN_CREATE | DB_OPEN_NO_MIGRATE), 0);
	assert_int_equal(db_migrate(db, version_before_answer_seq()), DB_OK);
	/* Command 5 answered twice (seq 2 and 4), 6 once (3), 7 done with
	 * its answer pruned, 8 waiting. */
	raw("INSERT INTO boards (id, name, name_key, created) VALUES"
	    " (1, 'Front', 'front', '2020');"
	    "INSERT INTO commands (id, board_id, kind, created, done, hub_id)"
	    " VALUES (5, 1, 'confirm', '2020', '2020', 'h5'),"
	    " (6, 1, 'confirm', '2020', '2020', 'h6'),"
	    " (7, 1, 'confirm', '2020', '2020', 'h7'),"
	    " (8, 1, 'confirm', '2020', NULL, 'h8');"
	    "INSERT INTO outbox (table_key, seq, kind, at, body) VALUES"
	    " ('t1', 1, 'move', '2020', '{\"payload\":{\"game\":5}}'),"
	    " ('t1', 2, 'command-done', '2020', '{\"payload\":{\"command\":5}}'),"
	    " ('t1', 3, 'command-done', '2020', '{\"payload\":{\"command\":6}}'),"
	    " ('t1', 4, 'command-done', '2020', '{\"payload\":{\"command\":5}}');");
	db_close(db);
	assert_int_equal(open_at(0), 0);
	assert_int_equal(db_version(db), DB_SCHEMA_VERSION);
	assert_int_equal(answer_seq(5), 4);
	assert_int_equal(answer_seq(6), 3);
	assert_int_equal(answer_seq(7), 0);
	assert_int_equal(answer_seq(8), 0);
	assert_int_equal(count("SELECT count(*) FROM sqlite_temp_schema"), 0);
	assert_int_equal(again(5), 0);
	assert_int_equal(again(6), 0);
	assert_int_equal(again(8), 0);
	assert_int_equal(again(7), 1);
	assert_int_equal(answer_seq(7), 5);
	assert_int_equal(again(7), 0);
	assert_int_equal(db_check(db), DB_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_answer_seq_kept_and_used,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_upgrade_finds_answers,
						setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
