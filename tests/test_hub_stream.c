/*
 * test_hub_stream.c - a hub's hold on each remote table's stream of
 * events (db_hub.h): an event on another table's topic is refused; the
 * first instance heard of for a table id is pinned and another's
 * events and status are refused and noted; events a table answers
 * "gone" are counted lost and passed; a long run of waiting events is
 * applied a bounded number at a time; applied events past their days
 * are pruned, never one waiting, and a copy of a pruned one is still a
 * copy; the database has one instance id, carried in its events; a
 * remote table's board is its own, never the hub's nor another's; auto
 * call acts on a table's newest game start only, not on one caught up
 * on.
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
#include "db/db_hub.h"

static char dir[64], path[96];
static struct db *hub;

/* Event `seq` of `table` from `instance` (NULL: none given), of a kind
 * the records pass (kept with the reason), so the stream is all. */
static const char *event(const char *table, const char *instance,
			 int64_t seq)
{
	static char json[512];
	char inst[64] = "";

	if (instance != NULL)
		snprintf(inst, sizeof(inst), "\"instance\":\"%s\",", instance);
	snprintf(json, sizeof(json), "{\"v\":1,\"table\":\"%s\",%s\"seq\":%lld,"
		 "\"kind\":\"later\",\"at\":\"2026-11-24T01:00:00.000Z\","
		 "\"payload\":{}}", table, inst, (long long)seq);
	return json;
}

static int take(const char *topic, const char *json, int max,
		struct db_hub_ingest *out)
{
	return db_hub_ingest_from(hub, topic, json, (int)strlen(json), NULL,
				  max, out);
}

static int64_t count(const char *sql)
{
	sqlite3 *h;
	sqlite3_stmt *st;
	int64_t n = -1;

	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return n;
}

static void raw(const char *sql)
{
	sqlite3 *h;

	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
}

static int setup(void **state)
{
	char err[DB_ERR_MAX];

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_hub_stream.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/hub.db", dir);
	return db_open(path, DB_OPEN_CREATE, &hub, err, sizeof(err)) == DB_OK ?
	       0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	db_close(hub);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_topic_checked(void **state)
{
	struct db_hub_ingest out;
	struct db_hub_table t;

	(void)state;
	assert_int_equal(take("t2", event("t1", NULL, 1), 10, &out),
			 DB_REFUSED);
	assert_non_null(strstr(db_error(hub), "t2's topic"));
	assert_int_equal(db_hub_table_get(hub, "t1", &t), DB_REFUSED);
	assert_int_equal(db_hub_table_get(hub, "t2", &t), DB_REFUSED);
	assert_int_equal(take("t1", event("t1", NULL, 1), 10, &out), DB_OK);
	assert_int_equal(out.last_seq, 1);
}

static void test_instance_pinned(void **state)
{
	const char *st_other = "{\"v\":1,\"table\":\"t1\",\"instance\":"
			       "\"bbbb\",\"state\":\"online\",\"seq\":90}";
	const char *st_own = "{\"v\":1,\"table\":\"t1\",\"instance\":"
			     "\"aaaa\",\"state\":\"online\",\"seq\":3}";
	struct db_hub_ingest out;
	struct db_hub_table t;

	(void)state;
	assert_int_equal(take("t1", event("t1", "aaaa", 1), 10, &out), DB_OK);
	assert_int_equal(out.foreign, 0);
	assert_int_equal(out.applied, 1);
	/* A second pitbossd giving t1: its events are not kept. */
	for (int i = 1; i <= 3; i++) {
		assert_int_equal(take("t1", event("t1", "bbbb", 2), 10, &out),
				 DB_OK);
		assert_int_equal(out.foreign, i);
		assert_int_equal(out.applied, 0);
		assert_string_equal(out.instance, "bbbb");
	}
	assert_int_equal(db_hub_status(hub, st_other, (int)strlen(st_other),
				       NULL), DB_REFUSED);
	assert_non_null(strstr(db_error(hub), "another pitbossd"));
	assert_int_equal(db_hub_table_get(hub, "t1", &t), DB_OK);
	assert_string_equal(t.instance, "aaaa");
	assert_string_equal(t.foreign_instance, "bbbb");
	assert_int_equal(t.foreign_events, 3);
	assert_string_not_equal(t.foreign_seen, "");
	assert_int_equal(t.last_seq, 1);
	assert_int_equal(t.table_seq, -1);	/* the other's status not taken */
	assert_int_equal(count("SELECT count(*) FROM hub_events"), 1);
	/* The pinned one goes on; one that gives no instance (an older
	 * pitbossd) is taken as it. */
	assert_int_equal(take("t1", event("t1", "aaaa", 2), 10, &out), DB_OK);
	assert_int_equal(out.last_seq, 2);
	assert_int_equal(take("t1", event("t1", NULL, 3), 10, &out), DB_OK);
	assert_int_equal(out.last_seq, 3);
	assert_int_equal(db_hub_status(hub, st_own, (int)strlen(st_own), NULL),
			 DB_OK);
	assert_int_equal(db_hub_table_get(hub, "t1", &t), DB_OK);
	assert_int_equal(t.table_seq, 3);
}

static void test_gone_passed(void **state)
{
	const char *gone = "{\"v\":1,\"table\":\"t1\",\"instance\":\"aaaa\","
			   "\"from\":2,\"to\":5}";
	const char *other = "{\"v\":1,\"table\":\"t1\",\"instance\":\"bbbb\","
			    "\"from\":1,\"to\":9}";
	struct db_hub_ingest out;
	struct db_hub_table t;

	(void)state;
	assert_int_equal(take("t1", event("t1", "aaaa", 1), 10, &out), DB_OK);
	assert_int_equal(take("t1", event("t1", "aaaa", 4), 10, &out), DB_OK);
	assert_int_equal(take("t1", event("t1", "aaaa", 7), 10, &out), DB_OK);
	assert_int_equal(out.gap_from, 2);
	assert_int_equal(out.gap_to, 3);
	assert_int_equal(db_hub_gone(hub, "t1", other, (int)strlen(other), 10,
				     &out), DB_REFUSED);
	assert_int_equal(db_hub_gone(hub, "t2", gone, (int)strlen(gone), 10,
				     &out), DB_REFUSED);
	/* 2, 3 and 5 lost; 4 applied between them; 6 still asked for. */
	assert_int_equal(db_hub_gone(hub, "t1", gone, (int)strlen(gone), 10,
				     &out), DB_OK);
	assert_int_equal(out.lost, 3);
	assert_int_equal(out.applied, 1);
	assert_int_equal(out.last_seq, 5);
	assert_int_equal(out.gap_from, 6);
	assert_int_equal(out.gap_to, 6);
	assert_int_equal(db_hub_table_get(hub, "t1", &t), DB_OK);
	assert_int_equal(t.lost, 3);
	/* Said again: nothing more is lost. */
	assert_int_equal(db_hub_gone(hub, "t1", gone, (int)strlen(gone), 10,
				     &out), DB_OK);
	assert_int_equal(out.lost, 0);
	assert_int_equal(take("t1", event("t1", "aaaa", 6), 10, &out), DB_OK);
	assert_int_equal(out.last_seq, 7);
}

static void test_bounded_apply(void **state)
{
	struct db_hub_ingest out;
	struct db_hub_table t;
	int turns = 0;

	(void)state;
	for (int seq = 40; seq >= 2; seq--) {
		assert_int_equal(take("t1", event("t1", NULL, seq), 10, &out),
				 DB_OK);
		assert_int_equal(out.applied, 0);
	}
	/* The gap filled: ten applied, the next said to be here. */
	assert_int_equal(take("t1", event("t1", NULL, 1), 10, &out), DB_OK);
	assert_int_equal(out.applied, 10);
	assert_int_equal(out.more, 1);
	assert_int_equal(out.gap_from, 0);
	assert_int_equal(db_hub_table_get(hub, "t1", &t), DB_OK);
	assert_int_equal(t.gap_from, 0);	/* no gap: a run not yet applied */
	assert_int_equal(t.waiting, 30);
	do {
		assert_int_equal(db_hub_apply_more(hub, "t1", 10, &out), DB_OK);
		assert_true(out.applied <= 10);
		turns++;
	} while (out.more);
	assert_int_equal(turns, 3);
	assert_int_equal(out.last_seq, 40);
}

static void test_pruned(void **state)
{
	struct db_hub_ingest out;
	int64_t n = -1;

	(void)state;
	for (int seq = 1; seq <= 5; seq++)
		assert_int_equal(take("t1", event("t1", NULL, seq), 10, &out),
				 DB_OK);
	assert_int_equal(take("t1", event("t1", NULL, 8), 10, &out), DB_OK);
	raw("UPDATE hub_events SET received = '2020-01-01T00:00:00.000Z'"
	    " WHERE seq <> 3");
	assert_int_equal(db_hub_prune(hub, 30, &n), DB_OK);
	/* 1, 2, 4 and 5: not 3 (recent), nor 8 (waiting for 6 and 7). */
	assert_int_equal(n, 4);
	assert_int_equal(count("SELECT count(*) FROM hub_events"), 2);
	assert_int_equal(count("SELECT count(*) FROM hub_events WHERE seq = 8"),
			 1);
	/* A copy of a pruned event is a copy still, not kept again. */
	assert_int_equal(take("t1", event("t1", NULL, 2), 10, &out), DB_OK);
	assert_int_equal(out.duplicate, 1);
	assert_int_equal(count("SELECT count(*) FROM hub_events WHERE seq = 2"),
			 0);
}

static void test_instance_in_events(void **state)
{
	char id[DB_INSTANCE_MAX], again[DB_INSTANCE_MAX];
	struct db_outbox_rec r = { DB_OUTBOX_COMMAND_DONE, "t1",
				   "2026-11-24T01:00:00.000Z", 0, 0, 0, 0 };
	int64_t board = 0;
	struct db_outbox_row row;

	(void)state;
	assert_int_equal(db_instance(hub, id, sizeof(id)), DB_OK);
	assert_int_equal(strlen(id), 16);
	assert_int_equal(db_instance(hub, again, sizeof(again)), DB_OK);
	assert_string_equal(id, again);
	assert_int_equal(db_table_add(hub, "B", "", &board), DB_OK);
	assert_int_equal(db_command_add(hub, board, "confirm", "", &r.id),
			 DB_OK);
	assert_int_equal(db_outbox_add(hub, &r), DB_OK);
	assert_int_equal(db_outbox_get(hub, "t1", 1, 0, &row), DB_OK);
	assert_non_null(strstr(row.body, id));
	free(row.body);
}

/* A game-start of `table`'s game `game` at its board `board`. */
static const char *start(const char *table, int64_t seq, int game,
			 const char *board)
{
	static char json[768];

	snprintf(json, sizeof(json), "{\"v\":1,\"table\":\"%s\",\"seq\":%lld,"
		 "\"kind\":\"game-start\",\"at\":\"2026-11-24T01:00:00.000Z\","
		 "\"payload\":{\"game\":%d,\"kind\":\"kalah\",\"options\":"
		 "\"pits=3 seeds=1\",\"board\":\"%s\",\"seats\":2,"
		 "\"first_seat\":0,\"first_how\":\"rules\",\"started\":"
		 "\"2026-11-24T01:00:00.000Z\",\"position\":\"x\",\"series\":"
		 "null,\"hub_series\":null,\"game_no\":null,\"players\":[{"
		 "\"seat\":0,\"member\":0,\"name\":\"Ann\"},{\"seat\":1,"
		 "\"member\":0,\"name\":\"Bob\"}]}}", table, (long long)seq,
		 game, board);
	return json;
}

/* The name of the board of the hub's game of `table`'s `game`. */
static void board_of(const char *table, int game, char *name, size_t len)
{
	struct db_game_info g;
	struct db_table b;
	int64_t id = 0;

	assert_int_equal(db_hub_game(hub, table, game, &id), DB_OK);
	assert_int_equal(db_game_get(hub, id, &g), DB_OK);
	snprintf(name, len, "%lld", (long long)g.table_id);
	assert_int_equal(db_table_find(hub, name, &b), DB_OK);
	snprintf(name, len, "%s", b.name);
}

static void test_boards_apart(void **state)
{
	struct db_hub_ingest out;
	int64_t local = 0, game = 0;
	char name[NAMES_MAX_BYTES];

	(void)state;
	/* The hub's own "Table 1", an empty game under way at it. */
	assert_int_equal(db_table_add(hub, "Table 1", "", &local), DB_OK);
	raw("INSERT INTO games (kind, options, board_id, seats, first_seat,"
	    " first_how, status, started, position) VALUES ('kalah', '',"
	    " (SELECT id FROM boards WHERE name = 'Table 1'), 2, 0, 'rules',"
	    " 'playing', '2026-11-24T00:00:00.000Z', 'x')");
	game = count("SELECT max(id) FROM games");
	assert_int_equal(take("t1", start("t1", 1, 5, "Table 1"), 10, &out),
			 DB_OK);
	assert_int_equal(out.refused, 0);
	board_of("t1", 5, name, sizeof(name));
	assert_string_equal(name, "Table 1 (t1)");
	/* The local game is left alone. */
	assert_int_equal(count("SELECT count(*) FROM games WHERE status ="
			       " 'playing' AND board_id = (SELECT id FROM"
			       " boards WHERE name = 'Table 1')"), 1);
	assert_true(game > 0);
	/* Another table calling its board "Table 1" too has its own. */
	assert_int_equal(take("t2", start("t2", 1, 5, "Table 1"), 10, &out),
			 DB_OK);
	board_of("t2", 5, name, sizeof(name));
	assert_string_equal(name, "Table 1 (t2)");
	/* A table's next game is at the same board; a board with a name
	 * no one has is its own name. */
	assert_int_equal(take("t1", start("t1", 2, 6, "Table 1"), 10, &out),
			 DB_OK);
	board_of("t1", 6, name, sizeof(name));
	assert_string_equal(name, "Table 1 (t1)");
	assert_int_equal(take("t3", start("t3", 1, 1, "Porch"), 10, &out),
			 DB_OK);
	board_of("t3", 1, name, sizeof(name));
	assert_string_equal(name, "Porch");
}

/* A tournament of "pits=3 seeds=1" with auto call, its one series due. */
static void auto_tournament(void)
{
	const char *names[] = { "Cyd", "Dee" };
	int64_t tid = 0, id = 0;

	assert_int_equal(db_tournament_create(hub, "Plate", "kalah",
					      "pits=3 seeds=1", 1, 0, &tid),
			 DB_OK);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(db_player_add(hub, names[i], &id), DB_OK);
		assert_int_equal(db_tournament_enter(hub, tid, id), DB_OK);
	}
	assert_int_equal(db_tournament_draw(hub, tid, 0, 0), DB_OK);
	assert_int_equal(db_tournament_auto_call(hub, tid, 1), DB_OK);
}

static int64_t calls(void)
{
	return count("SELECT count(*) FROM commands WHERE kind = 'assign'") +
	       count("SELECT count(*) FROM series WHERE board_id IS NOT NULL"
		     " AND board_id != 0");
}

static void test_auto_call_live_only(void **state)
{
	const char *status = "{\"v\":1,\"table\":\"t1\",\"state\":"
			     "\"online\",\"seq\":3}";
	struct db_hub_ingest out;

	(void)state;
	auto_tournament();
	/* The table's status says it wrote 3 events: its game start 1,
	 * caught up on, is history. */
	assert_int_equal(db_hub_status(hub, status, (int)strlen(status), NULL),
			 DB_OK);
	assert_int_equal(take("t1", start("t1", 1, 5, "Porch"), 10, &out),
			 DB_OK);
	assert_int_equal(out.applied, 1);
	assert_int_equal(out.refused, 0);
	assert_int_equal(out.queued, 0);
	assert_int_equal(calls(), 0);
	/* A start arriving ahead of a gap, applied when the gap fills, is
	 * history too: the later event is here. */
	assert_int_equal(take("t1", event("t1", NULL, 3), 10, &out), DB_OK);
	assert_int_equal(out.applied, 0);
	assert_int_equal(take("t1", start("t1", 2, 6, "Porch"), 10, &out),
			 DB_OK);
	assert_int_equal(out.applied, 2);
	assert_int_equal(out.queued, 0);
	assert_int_equal(calls(), 0);
	/* The newest start: the series is called there. */
	assert_int_equal(take("t1", start("t1", 4, 7, "Porch"), 10, &out),
			 DB_OK);
	assert_int_equal(out.applied, 1);
	assert_int_equal(out.refused, 0);
	assert_int_equal(out.queued, 1);
	assert_int_equal(count("SELECT count(*) FROM commands WHERE kind ="
			       " 'assign'"), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_topic_checked, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_instance_pinned, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_gone_passed, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_bounded_apply, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_pruned, setup, teardown),
		cmocka_unit_test_setup_teardown(test_instance_in_events, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_boards_apart, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_auto_call_live_only,
						setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
