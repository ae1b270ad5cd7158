/*
 * test_table_full_disk.c - a disk that fills up (tests/full_vfs.c)
 * under three tables: they referee on, record nothing, say so, and
 * write each game whole in its own row once space is back; a command
 * is done with its records, and a series' game waits in the journal
 * with them.
 */
#include "config.h"

#include "tests/table_fixture.h"

/* The games at board `board`, oldest first: "status:m1 m2 ..|..". */
static void games_at(struct db *db, int64_t board, char *out, size_t len)
{
	sqlite3_stmt *st;
	size_t used = 0;

	out[0] = '\0';
	assert_int_equal(sqlite3_prepare_v2(db->sql,
		"SELECT g.status, coalesce((SELECT group_concat(notation, ' ')"
		" FROM (SELECT notation FROM moves m WHERE m.game_id = g.id"
		" ORDER BY ply)), '') FROM games g WHERE g.board_id = ?"
		" ORDER BY g.id", -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, board);
	while (sqlite3_step(st) == SQLITE_ROW && used < len)
		used += (size_t)snprintf(out + used, len - used, "%s%s:%s",
			used ? "|" : "", sqlite3_column_text(st, 0),
			sqlite3_column_text(st, 1));
	sqlite3_finalize(st);
}

/*
 * The disk fills up under three tables: they go on refereeing, telling
 * the players every verdict, recording nothing, and the log and their
 * state say so. When space is back each table's games are written whole
 * into rows of their own: none shares another's id, no board keeps two
 * games under way, and every move's player sits at its game.
 */
static void test_full_disk(void **state)
{
	struct fixture *f = *state;
	struct table *mid = another(f, 2, "Middle", 0);
	struct table *back = another(f, 3, "Back", 0);
	struct table *all[3] = { f->table, mid, back };
	long long games_before;
	char *json, games[512], before_space[DB_TIME_MAX];
	struct verdict v;
	struct incidents l;

	for (int i = 0; i < 3; i++) {
		started(all[i]);
		moved(all[i], 1, "c");
	}
	games_before = db_count(f->db, "SELECT count(*) FROM games");
	assert_int_equal(games_before, 3);

	full_vfs_set_full(1);
	nlogged = 0;
	/* Front: its game goes on, ends, and another starts. */
	moved(f->table, 2, "A");
	moved(f->table, 3, "d");
	over(f->table);
	started(f->table);
	moved(f->table, 1, "e");
	/* Middle: moves only. Back: a new game over the one under way. */
	moved(mid, 2, "B");
	moved(mid, 3, "b");
	v = made(VERDICT_FOUL, CAUSE_ILLEGAL, "N sowed from S's side");
	v.table = mid->cfg.id;
	v.seat = 1;
	on_verdict(mid, &v);
	started(back);
	moved(back, 1, "f");
	moved(back, 2, "F");
	assert_true(full_vfs_refused() > 0);
	assert_true(was_logged("database full: moves are not being recorded"));
	for (int i = 0; i < 3; i++) {
		json = table_state_json(all[i]);
		assert_non_null(strstr(json, "\"store\":\"database full: moves "
					   "are not being recorded\""));
		free(json);
	}
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM games"), 3);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 3);
	/* Every verdict was told all the same: the lights saw them. */
	assert_int_equal(verdicts_seen, 6 + 11);

	db_now(before_space, sizeof(before_space));
	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);

	games_at(f->db, table_board_id(f->table), games, sizeof(games));
	assert_string_equal(games, "finished:c A d|playing:e");
	games_at(f->db, table_board_id(mid), games, sizeof(games));
	assert_string_equal(games, "playing:c B b");
	/* The foul is kept against N's player, at the time it was made. */
	l = incidents_of(f, mid->game_id);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.kind[0], "foul");
	if (strcmp(l.at[0], before_space) > 0)
		fail_msg("foul at %s, space back at %s", l.at[0], before_space);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM incidents i"
		" JOIN games g ON g.id = i.game_id JOIN game_players p"
		" ON p.game_id = g.id AND p.seat = 1"
		" WHERE i.player_id = p.player_id"), 1);
	games_at(f->db, table_board_id(back), games, sizeof(games));
	assert_string_equal(games, "finished:c|playing:f F");
	assert_int_equal(db_check(f->db), DB_OK);
	for (int i = 0; i < 3; i++) {
		json = table_state_json(all[i]);
		assert_non_null(strstr(json, "\"store\":null"));
		free(json);
	}
	/* Later moves are recorded at once, in the right game. */
	moved(mid, 4, "a");
	games_at(f->db, table_board_id(mid), games, sizeof(games));
	assert_string_equal(games, "playing:c B b a");
	table_close(mid);
	table_close(back);
}

/* A command is done with what it wrote, in one transaction: with the
 * disk full neither its refusal nor its being done is written; once
 * space is back, both are. (A crash in between would otherwise run it
 * again at the next start.) */
static void test_command_done_with_its_records(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f), id;
	struct db_command_outcome o;
	struct db_command c;
	struct verdict v;

	assert_int_equal(db_command_add(f->db, table_board_id(f->table),
					"entry", "zz7", &id), DB_OK);
	full_vfs_set_full(1);
	assert_int_equal(table_command(f->table, command_find("entry"), "zz7",
				       &v), 0);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	o = (struct db_command_outcome){ "refused", "refused", v.ply, NULL,
					 v.text };
	assert_int_equal(table_command_close(f->table, id, &o), 1);
	assert_int_equal(db_command_get(f->db, id, &c), DB_OK);
	assert_string_equal(c.done, "");
	assert_int_equal(incidents_of(f, game).n, 0);

	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);
	assert_int_equal(db_command_get(f->db, id, &c), DB_OK);
	assert_string_not_equal(c.done, "");
	assert_string_equal(c.outcome_kind, "refused");
	assert_int_equal(incidents_of(f, game).n, 1);
	assert_non_null(strstr(incidents_of(f, game).text[0], "entry refused"));
}

/* A series called to the table while the disk is full: its game waits
 * in the journal with the rest, and is the series' once space is back;
 * meanwhile a call-up, written outside the journal, is refused. */
static void test_series_game_waits_with_the_journal(void **state)
{
	struct fixture *f = *state;
	struct verdict v = made(VERDICT_START, CAUSE_STARTED, "game on");
	struct db_game_info g;
	int64_t ada, bob, sid;
	char text[32];

	assert_int_equal(db_player_add(f->db, "Ada", &ada), DB_OK);
	assert_int_equal(db_player_add(f->db, "Bob", &bob), DB_OK);
	assert_int_equal(db_series_start(f->db, "kalah", "", 10, ada, bob, 1,
					 &sid), DB_OK);
	assert_int_equal(db_series_call(f->db, sid, f->table->board_id),
			 DB_OK);
	full_vfs_set_full(1);
	nlogged = 0;
	on_verdict(f->table, &v);
	assert_int_equal(f->table->game_id, 0);
	assert_int_equal(f->table->series_id, 0);
	assert_false(was_logged("of series"));
	snprintf(text, sizeof(text), "%lld", (long long)sid);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "wait for the database"));
	assert_int_equal(table_command_close(f->table, 0, NULL), 1);

	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);
	assert_int_not_equal(f->table->game_id, 0);
	assert_int_equal(f->table->series_id, sid);
	assert_true(was_logged("is game 1 of series"));
	assert_int_equal(db_game_get(f->db, f->table->game_id, &g), DB_OK);
	assert_int_equal(g.series_id, sid);
	assert_int_equal(g.side_player[0], bob);
	assert_int_equal(g.side_player[1], ada);
	assert_int_equal(db_check(f->db), DB_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_full_disk, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_command_done_with_its_records, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_series_game_waits_with_the_journal, setup,
			teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	if (full_vfs_install() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
