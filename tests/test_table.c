/*
 * test_table.c - a live table's record of verdicts, decided by their
 * kind and cause and never by their sentence: a move told by the log,
 * the lights and the dashboard only once committed, the arbiter's
 * position, sensor notes, fouls and refusals with their evidence;
 * commands answer with the verdict they caused; a series called to the
 * table. (The fixture: tests/table_fixture.h; a disk that fills up:
 * test_table_full_disk.c; the MQTT outbox: test_table_outbox.c.)
 */
#include "config.h"

#include "tests/table_fixture.h"

/* The dashboard's event: what it tells of a move is committed. */
static void to_dashboard(void *ctx, struct table *t, const struct verdict *v)
{
	(void)ctx, (void)t;
	if (v != NULL)
		announcing(v->ply, v->move);
}

/* The log, the lights and the dashboard tell of a move once it is
 * committed, never before (a power cut in between would lose a move
 * the players were told of). */
static void test_announced_after_commit(void **state)
{
	struct fixture *f = *state;
	struct verdict v;

	log_set_level(LOG_LEVEL_INFO);
	watched = f->table;
	announced = announced_unrecorded = 0;
	table_set_observer(f->table, to_dashboard, NULL);
	game_with_a_move(f);
	v = made(VERDICT_WARN, CAUSE_NONE, "N plays A, sensed late");
	v.ply = 2;
	v.seat = 1;
	snprintf(v.move, sizeof(v.move), "A");
	snprintf(v.position, sizeof(v.position), "made up 2");
	on_verdict(f->table, &v);
	v = made(VERDICT_COMMAND, CAUSE_CORRECTED, "N plays B; replaces A");
	v.ply = 2;
	v.seat = 1;
	v.undone_to = 1;
	v.source = SOURCE_CORRECTION;
	snprintf(v.move, sizeof(v.move), "B");
	snprintf(v.position, sizeof(v.position), "made up 3");
	on_verdict(f->table, &v);
	watched = NULL;
	log_set_level(LOG_LEVEL_ERR);
	/* Three moves, each told three times: log, lights, dashboard. */
	assert_int_equal(announced, 9);
	assert_int_equal(announced_unrecorded, 0);
}

/* The arbiter's position is recorded as the game's by its cause: the
 * moves after the referee's go, whatever the sentence. */
static void test_position_set_by_cause(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	struct verdict v;
	struct db_game_info g;
	struct incidents l;
	char pos[256];

	/* A sentence that reads like it, without the cause: an incident. */
	v = made(VERDICT_COMMAND, CAUSE_NONE, "position set: 1 2 3");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	assert_string_equal(g.position, "made up");
	/* The cause, with any sentence: the referee's position and plies. */
	v = made(VERDICT_COMMAND, CAUSE_POSITION_SET, "the arbiter's board");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, referee_plies(f->table->ref));
	assert_string_equal(g.position, referee_public_position(
		f->table->ref, pos, sizeof(pos)));
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.text[0], "position set: 1 2 3");
	assert_string_equal(l.kind[1], "command");
	assert_string_equal(l.cause[1], "position-set");
	assert_string_equal(l.text[1], "the arbiter's board");
	assert_int_equal(verdicts_seen, 4);
}

/* A note is kept with the game when it is about a sensor line. */
static void test_sensor_notes_by_cause(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	static const enum verdict_cause kept[] = {
		CAUSE_SENSOR_DEAD, CAUSE_SENSOR_BACK
	};
	struct incidents l;
	struct verdict v;

	v = made(VERDICT_NOTE, CAUSE_NONE, "sensor on pit a is dead");
	on_verdict(f->table, &v);
	v = made(VERDICT_NOTE, CAUSE_UNKNOWN_PLACE, "drop in unknown hole");
	on_verdict(f->table, &v);
	assert_int_equal(incidents_of(f, game).n, 0);
	for (size_t i = 0; i < 2; i++) {
		v = made(VERDICT_NOTE, kept[i], "line 3");
		on_verdict(f->table, &v);
	}
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.kind[0], "warning");
	assert_string_equal(l.kind[1], "warning");
}

/* Fouls are kept as fouls, refusals as commands. */
static void test_fouls_and_refusals(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	struct incidents l;
	struct verdict v;

	v = made(VERDICT_FOUL, CAUSE_ILLEGAL, "N sowed from S's side");
	v.seat = 1;
	snprintf(v.evidence, sizeof(v.evidence), "move=A legal=20.0 "
		 "short=5.8 decided=foul");
	on_verdict(f->table, &v);
	v = made(VERDICT_REFUSED, CAUSE_REFUSED, "nothing held");
	on_verdict(f->table, &v);
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.kind[0], "foul");
	assert_string_equal(l.cause[0], "illegal");
	assert_string_equal(l.kind[1], "command");
	assert_string_equal(l.cause[1], "refused");
	/* The foul's evidence is kept with it; the refusal has none. */
	assert_string_equal(l.evidence[0], "move=A legal=20.0 short=5.8 "
			    "decided=foul");
	assert_string_equal(l.evidence[1], "");
}

static int each_move_evidence(void *ctx, const struct db_move_info *m)
{
	if (m->ply == 2)
		snprintf(ctx, DB_EVIDENCE_MAX, "%s", m->evidence);
	return 0;
}

/* A move taken with a warning keeps what the judgement rested on. */
static void test_evidence_with_the_move(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	char evidence[DB_EVIDENCE_MAX] = "";
	struct verdict v;

	v = made(VERDICT_WARN, CAUSE_SENSED_FAULT, "N plays A; a pulse missed");
	v.ply = 2;
	v.seat = 1;
	snprintf(v.move, sizeof(v.move), "A");
	snprintf(v.position, sizeof(v.position), "made up 2");
	snprintf(v.evidence, sizeof(v.evidence), "move=A legal=7.8 "
		 "faults=miss:B(2/40) decided=take");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_moves(f->db, game, each_move_evidence,
				       evidence), DB_OK);
	assert_string_equal(evidence, "move=A legal=7.8 faults=miss:B(2/40) "
			    "decided=take");
}

/* The referee took back a move of its own (more drops of the same hand
 * came): the verdict after it carries the take-back, recorded with it.
 * A hold or a foul takes the move back and keeps itself; a move taken
 * replaces it at its ply. Never a move lost or recorded twice. */
static void test_referee_takes_back_its_own_move(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	struct db_game_info g;
	struct incidents l;
	struct verdict v;

	v = made(VERDICT_HOLD, CAUSE_AMBIGUOUS, "S plays b? ...; corrects c");
	v.ply = 1;
	v.undone_to = 0;
	snprintf(v.move, sizeof(v.move), "b");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, 0);
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.cause[1], "ambiguous");
	assert_string_equal(l.kind[1], "warning");

	game = game_with_a_move(f);
	v = made(VERDICT_WARN, CAUSE_SENSED_FAULT, "S plays b; corrects c");
	v.ply = 1;
	v.seat = 0;
	v.undone_to = 0;
	snprintf(v.move, sizeof(v.move), "b");
	snprintf(v.position, sizeof(v.position), "after b");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	assert_string_equal(g.position, "after b");
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves m JOIN "
				  "games g ON g.id = m.game_id WHERE "
				  "g.status = 'playing'"), 1);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves m JOIN "
				  "games g ON g.id = m.game_id WHERE "
				  "g.status = 'playing' AND m.notation = 'b'"),
			 1);

	/* Taken without a fault: the correction kept as a warning. */
	game = game_with_a_move(f);
	v = made(VERDICT_ACCEPT, CAUSE_SENSED, "S plays b; corrects c");
	v.ply = 1;
	v.seat = 0;
	v.undone_to = 0;
	snprintf(v.move, sizeof(v.move), "b");
	snprintf(v.position, sizeof(v.position), "after b");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	l = incidents_of(f, game);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.kind[0], "warning");
}

/* A command answers with the verdict it caused, or a refusal of its
 * own before the referee. */
static void test_command_answers(void **state)
{
	struct fixture *f = *state;
	struct verdict v;

	assert_int_equal(table_command(f->table, command_find("start"), "",
				       &v), 0);
	assert_int_equal(v.kind, VERDICT_START);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_not_equal(f->table->game_id, 0);
	assert_int_equal(table_command(f->table, command_find("entry"), "zz",
				       &v), 0);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(table_command(f->table, command_find("correct"), "",
				       &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(v.cause, CAUSE_REFUSED);
	assert_string_equal(v.text, "correct needs its text");
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(table_command(f->table, command_find("secret"),
				       "99 S R3", &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "entered for game 99"));
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(table_command(f->table, command_find("forfeit"),
				       "1 2", &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
}

static int count_game(void *ctx, const struct db_game_info *g)
{
	(void)g;
	(*(int *)ctx)++;
	return 0;
}

/* A series called to the table: the empty game under way becomes its
 * first game, with its players; the table's state says so; a second
 * series waits until the first ends. */
static void test_series_called(void **state)
{
	struct fixture *f = *state;
	struct db_game_info g;
	struct verdict v;
	struct db_history_filter hf = { 0 };
	int64_t ada, bob, cyd, sid, other, empty, game = 0;
	int games = 0;
	char text[32], *json;

	assert_int_equal(db_player_add(f->db, "Ada", &ada), DB_OK);
	assert_int_equal(db_player_add(f->db, "Bob", &bob), DB_OK);
	assert_int_equal(db_player_add(f->db, "Cyd", &cyd), DB_OK);
	assert_int_equal(db_series_start(f->db, "kalah", "", 10, ada, bob, 1,
					 &sid), DB_OK);
	assert_int_equal(db_series_start(f->db, "kalah", "", 10, cyd, bob, 0,
					 &other), DB_OK);
	assert_int_equal(table_command(f->table, command_find("start"), "",
				       &v), 0);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	empty = f->table->game_id;
	assert_int_not_equal(empty, 0);
	assert_int_equal(f->table->series_id, 0);	/* a friendly */

	snprintf(text, sizeof(text), "%lld", (long long)sid);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), 0);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(v.kind, VERDICT_COMMAND);
	assert_non_null(strstr(v.text, "its game under way"));
	assert_int_equal(db_game_playing_at(f->db, f->table->board_id, &game),
			 DB_OK);
	/* The empty game left no record: one game at the table. */
	hf.table_id = f->table->board_id;
	assert_int_equal(db_history(f->db, &hf, count_game, &games), DB_OK);
	assert_int_equal(games, 1);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.series_id, sid);
	assert_int_equal(g.game_no, 1);
	/* B moves first in game 1 of this series: Bob at seat 0. */
	assert_int_equal(g.side_player[0], bob);
	assert_int_equal(g.side_player[1], ada);
	assert_string_equal(g.first_how, DB_FIRST_ALTERNATE);

	json = table_state_json(f->table);
	assert_non_null(json);
	snprintf(text, sizeof(text), "\"series\":{\"id\":%lld", (long long)sid);
	assert_non_null(strstr(json, text));
	assert_non_null(strstr(json, "\"players\":[\"Bob\",\"Ada\"]"));
	free(json);

	snprintf(text, sizeof(text), "%lld", (long long)other);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), -1);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "until it ends"));
	assert_int_equal(table_command(f->table, command_find("assign"), "x",
				       &v), -1);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	/* A series of other options is not this table's to play. */
	assert_int_equal(db_series_start(f->db, "kalah", "seeds=3", 10, cyd,
					 ada, 0, &other), DB_OK);
	snprintf(text, sizeof(text), "%lld", (long long)other);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), -1);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_non_null(strstr(v.text, "is played as kalah 'seeds=3'"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_announced_after_commit,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_position_set_by_cause,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_sensor_notes_by_cause,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_evidence_with_the_move,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_referee_takes_back_its_own_move,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_fouls_and_refusals,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_series_called,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_command_answers,
						setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	if (full_vfs_install() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
