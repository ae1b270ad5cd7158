/*
 * test_table_outbox.c - a table that keeps an MQTT outbox: an event
 * for every record, numbered without a gap and written with the record
 * or not at all; none without mqtt.
 */
#include "config.h"

#include "tests/table_fixture.h"

/* The outbox's kinds for `key` in order: "game-start move ...", and
 * whether its seqs run 1..N. */
static int outbox_kinds(struct db *db, const char *key, char *out,
			size_t len)
{
	sqlite3_stmt *st;
	size_t used = 0;
	int64_t want = 1;
	int gapless = 1;

	out[0] = '\0';
	assert_int_equal(sqlite3_prepare_v2(db->sql, "SELECT seq, kind FROM "
		"outbox WHERE table_key = ? ORDER BY seq", -1, &st, NULL),
		SQLITE_OK);
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW && used < len) {
		gapless &= sqlite3_column_int64(st, 0) == want++;
		used += (size_t)snprintf(out + used, len - used, "%s%s",
			used ? " " : "", sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	return gapless;
}

/* Without mqtt the outbox stays empty. */
static void test_outbox_off(void **state)
{
	struct fixture *f = *state;

	started(f->table);
	moved(f->table, 1, "c");
	over(f->table);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 1);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox"), 0);
}

/* Every record an event, numbered 1..N, its payload from the rows. */
static void test_outbox_events(void **state)
{
	struct fixture *f = *state;
	struct table *t = another(f, 2, "Side Table", 1);
	struct verdict v;
	char kinds[512];

	started(t);
	moved(t, 1, "c");
	moved(t, 2, "A");
	v = made(VERDICT_FOUL, CAUSE_ILLEGAL, "N sowed from S's side");
	v.table = 2;
	v.seat = 1;
	on_verdict(t, &v);
	over(t);
	started(t);
	started(t);	/* the game under way closed, void */
	assert_true(outbox_kinds(f->db, "side-table", kinds, sizeof(kinds)));
	assert_string_equal(kinds, "game-start move move incident game-over "
			    "game-start game-over game-start");
	/* The moves' events as the moves rows, row by row. */
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves m JOIN "
		"outbox o ON o.kind = 'move' AND json_extract(o.body, "
		"'$.payload.game') = m.game_id AND json_extract(o.body, "
		"'$.payload.ply') = m.ply AND json_extract(o.body, "
		"'$.payload.notation') = m.notation AND json_extract(o.body, "
		"'$.payload.position') = m.position AND json_extract(o.body, "
		"'$.payload.player') = (SELECT name FROM players WHERE id = "
		"m.player_id)"), 2);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox WHERE "
		"json_extract(body, '$.table') = 'side-table' AND "
		"json_extract(body, '$.seq') = seq AND json_extract(body, "
		"'$.v') = 1 AND json_extract(body, '$.kind') = kind"), 8);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox WHERE "
		"kind = 'game-start' AND json_array_length(body, "
		"'$.payload.players') = 2 AND json_extract(body, "
		"'$.payload.board') = 'Side Table'"), 3);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox WHERE "
		"kind = 'incident' AND json_extract(body, '$.payload.kind') = "
		"'foul' AND json_extract(body, '$.payload.cause') = 'illegal'"),
		1);
	/* The table without mqtt wrote none. */
	started(f->table);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox"), 8);
	table_close(t);
}

/* A record that does not commit leaves no event; once it does, its
 * events follow the others without a gap. */
static void test_outbox_with_its_records(void **state)
{
	struct fixture *f = *state;
	struct table *t = another(f, 2, "Side", 1);
	char kinds[512];

	started(t);
	moved(t, 1, "c");
	full_vfs_set_full(1);
	moved(t, 2, "A");
	moved(t, 3, "d");
	assert_true(full_vfs_refused() > 0);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 1);
	assert_true(outbox_kinds(f->db, "side", kinds, sizeof(kinds)));
	assert_string_equal(kinds, "game-start move");
	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 3);
	assert_true(outbox_kinds(f->db, "side", kinds, sizeof(kinds)));
	assert_string_equal(kinds, "game-start move move move");
	table_close(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_outbox_off, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_outbox_events, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_outbox_with_its_records,
						setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	if (full_vfs_install() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
