/*
 * test_table.c - a live table's record of verdicts, decided by their
 * kind and cause and never by their sentence: verdicts made by hand are
 * given to the table's verdict handler (table.c is compiled in, with a
 * source that senses nothing), and the store is read back. Commands
 * answer with the verdict they caused.
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

#include "daemon/table.c"

/* ------------------------------------------------ a source of nothing */

static int verdicts_seen;

static struct source *quiet_open(struct loop *loop,
				 const struct table_config *config,
				 const char *resume, source_emit_fn emit,
				 void *ctx, char *err, size_t errlen)
{
	static int token;

	(void)loop, (void)config, (void)resume, (void)emit, (void)ctx,
	(void)err, (void)errlen;
	return (struct source *)&token;
}

static void quiet_close(struct source *source)
{
	(void)source;
}

static void quiet_verdict(struct source *source, const struct verdict *v,
			  int mover)
{
	(void)source, (void)v, (void)mover;
	verdicts_seen++;
}

static const struct source_ops quiet_ops = {
	.name = "quiet",
	.open = quiet_open,
	.close = quiet_close,
	.verdict = quiet_verdict,
};

/* ------------------------------------------------------------ helpers */

struct fixture {
	char dir[64];
	struct loop *loop;
	struct db *db;
	struct table *table;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct table_config c;
	char path[128], err[DB_ERR_MAX];

	if (f == NULL)
		return -1;
	snprintf(f->dir, sizeof(f->dir), "/tmp/pitboss-test-table.XXXXXX");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/t.db", f->dir);
	log_set_level(LOG_LEVEL_ERR);
	f->loop = loop_new();
	if (f->loop == NULL ||
	    db_open(path, DB_OPEN_CREATE, &f->db, err, sizeof(err)) != DB_OK)
		return -1;
	memset(&c, 0, sizeof(c));
	c.id = 1;
	snprintf(c.name, sizeof(c.name), "Front");
	snprintf(c.game, sizeof(c.game), "kalah");
	c.source = &quiet_ops;	/* in place of a source of the registry */
	referee_config_default(&c.referee);
	f->table = table_open(f->loop, f->db, &c, err, sizeof(err));
	if (f->table == NULL) {
		fprintf(stderr, "table_open: %s\n", err);
		return -1;
	}
	verdicts_seen = 0;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[128];

	table_close(f->table);
	db_close(f->db);
	loop_free(f->loop);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	free(f);
	return system(cmd) == 0 ? 0 : -1;
}

static struct verdict made(enum verdict_kind kind, enum verdict_cause cause,
			   const char *text)
{
	struct verdict v;

	memset(&v, 0, sizeof(v));
	v.table = 1;
	v.kind = kind;
	v.cause = cause;
	v.undone_to = -1;
	v.seat = -1;
	snprintf(v.text, sizeof(v.text), "%s", text);
	return v;
}

/* A game started and one move recorded, at a position of our own. */
static int64_t game_with_a_move(struct fixture *f)
{
	struct verdict v = made(VERDICT_START, CAUSE_STARTED, "game on");
	struct db_game_info g;

	on_verdict(f->table, &v);
	v = made(VERDICT_ACCEPT, CAUSE_ENTERED, "S plays c");
	v.ply = 1;
	v.seat = 0;
	v.source = SOURCE_MANUAL;
	snprintf(v.move, sizeof(v.move), "c");
	snprintf(v.position, sizeof(v.position), "made up");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, f->table->game_id, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	assert_string_equal(g.position, "made up");
	return g.id;
}

struct incidents {
	int n;
	char kind[8][16];
	char text[8][DB_TEXT_MAX];
};

static int each_incident(void *ctx, const struct db_incident_info *i)
{
	struct incidents *l = ctx;

	if (l->n < 8) {
		snprintf(l->kind[l->n], sizeof(l->kind[0]), "%s", i->kind);
		snprintf(l->text[l->n], sizeof(l->text[0]), "%s", i->text);
		l->n++;
	}
	return 0;
}

static struct incidents incidents_of(struct fixture *f, int64_t game)
{
	struct incidents l;

	memset(&l, 0, sizeof(l));
	assert_int_equal(db_game_incidents(f->db, game, each_incident, &l),
			 DB_OK);
	return l;
}

/* -------------------------------------------------------------- tests */

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
	on_verdict(f->table, &v);
	v = made(VERDICT_REFUSED, CAUSE_REFUSED, "nothing held");
	on_verdict(f->table, &v);
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.kind[0], "foul");
	assert_string_equal(l.kind[1], "command");
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
	assert_int_not_equal(f->table->game_id, 0);
	assert_int_equal(table_command(f->table, command_find("entry"), "zz",
				       &v), 0);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(table_command(f->table, command_find("correct"), "",
				       &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(v.cause, CAUSE_REFUSED);
	assert_string_equal(v.text, "correct needs its text");
	assert_int_equal(table_command(f->table, command_find("secret"),
				       "99 S R3", &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "entered for game 99"));
	assert_int_equal(table_command(f->table, command_find("forfeit"),
				       "1 2", &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
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
	empty = f->table->game_id;
	assert_int_not_equal(empty, 0);
	assert_int_equal(f->table->series_id, 0);	/* a friendly */

	snprintf(text, sizeof(text), "%lld", (long long)sid);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), 0);
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
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "until it ends"));
	assert_int_equal(table_command(f->table, command_find("assign"), "x",
				       &v), -1);
	/* A series of other options is not this table's to play. */
	assert_int_equal(db_series_start(f->db, "kalah", "seeds=3", 10, cyd,
					 ada, 0, &other), DB_OK);
	snprintf(text, sizeof(text), "%lld", (long long)other);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), -1);
	assert_non_null(strstr(v.text, "is played as kalah 'seeds=3'"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_position_set_by_cause,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_sensor_notes_by_cause,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_fouls_and_refusals,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_series_called,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_command_answers,
						setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
