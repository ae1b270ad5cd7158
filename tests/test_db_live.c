/*
 * test_db_live.c - the records store's live side: a game under way
 * written move by move, commands queued and their outcomes, the
 * command words, hostile names stored as they are, and two processes
 * writing at once without a lost update.
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

#include "tests/db_fixture.h"

/* ------------------------------------------------------- live games */

static void test_live_game(void **state)
{
	struct db_game_new g;
	struct db_move moves[6], wrong;
	struct db_game_end end;
	struct db_game_info info;
	struct db *db;
	int64_t a, b, id;

	(void)state;
	db = open_ok("live.db", DB_OPEN_CREATE);
	a = add_player(db, "Ada");
	b = add_player(db, "Bob");
	short_game(&g, moves, &end, a, b, 0);
	assert_int_equal(db_game_start(db, &g, &id), DB_OK);
	/* Options change before the first move only, with their incident. */
	assert_int_equal(db_game_set_options(db, id, "seeds=5", "secret",
					     "seat S entered a secret"), DB_OK);
	assert_int_equal(db_game_get(db, id, &info), DB_OK);
	assert_string_equal(info.options, "seeds=5");
	assert_int_equal(db_move_add(db, id, &moves[0]), DB_OK);
	assert_int_equal(db_game_set_options(db, id, "seeds=6", NULL,
					     "again"), DB_REFUSED);
	assert_string_equal(db_error(db), "game 1 has moves or is over: its options stay");
	assert_int_equal(db_game_get(db, id, &info), DB_OK);
	assert_string_equal(info.options, "seeds=5");
	wrong = moves[2];
	assert_int_equal(db_move_add(db, id, &wrong), DB_REFUSED);
	assert_string_equal(db_error(db), "game 1: the next move is ply 2, not 3");
	wrong = moves[1];
	wrong.source = "guess";
	assert_int_equal(db_move_add(db, id, &wrong), DB_REFUSED);
	assert_int_equal(db_incident_add(db, id, 1, DB_INCIDENT_FOUL, "illegal",
					 b, "sowed from the wrong pit",
					 "move=a legal=0.0 decided=foul"), DB_OK);
	moves[1].evidence = "move=b legal=7.8 faults=miss:e(0/212) "
			    "decided=take";
	for (int i = 1; i < 6; i++)
		assert_int_equal(db_move_add(db, id, &moves[i]), DB_OK);
	assert_int_equal(db_game_finish(db, id, &end), DB_OK);
	assert_int_equal(db_move_add(db, id, &moves[0]), DB_REFUSED);
	assert_string_equal(db_error(db), "game 1 is finished; it takes no more moves");
	assert_int_equal(db_game_get(db, id, &info), DB_OK);
	assert_int_equal(info.plies, 6);
	assert_int_equal(info.winner, 0);
	assert_int_equal(info.points[0], 2);
	assert_int_equal(count(db, "SELECT count(*) FROM incidents"), 2);
	/* The judgements' evidence kept with the move and the incident. */
	assert_int_equal(count(db, "SELECT count(*) FROM moves WHERE ply = 2"
			       " AND evidence = 'move=b legal=7.8 faults=miss:e"
			       "(0/212) decided=take'"), 1);
	assert_int_equal(count(db, "SELECT count(*) FROM moves WHERE"
			       " evidence = ''"), 5);
	assert_int_equal(count(db, "SELECT count(*) FROM incidents WHERE"
			       " evidence = 'move=a legal=0.0 decided=foul'"), 1);
	assert_int_equal(db_game_get(db, 99, &info), DB_REFUSED);
	db_close(db);
}

/* The door: a command's outcome kept in columns and as a sentence; a
 * command for no table; a start's options kept out of the queue. */
static void test_command_outcome(void **state)
{
	struct db_command_outcome o = {
		"command", "corrected", 7, "d", "command 7 d: S plays d"
	};
	struct db_command c;
	struct db *db;
	int64_t board, id, forfeit, start;

	(void)state;
	db = open_ok("door.db", DB_OPEN_CREATE);
	assert_int_equal(db_table_add(db, "Front", "", &board), DB_OK);
	assert_int_equal(db_command_add(db, board, "correct", "d", &id), DB_OK);
	assert_int_equal(db_command_add(db, 0, "forfeit", "1 4", &forfeit),
			 DB_OK);
	assert_int_equal(db_command_add(db, board, "start", "secrets=R1/G2",
					&start), DB_OK);
	assert_int_equal(db_command_next(db, 0, &c), DB_OK);
	assert_int_equal(c.id, id);
	assert_string_equal(c.outcome_kind, "");
	assert_int_equal(db_command_done(db, id, &o), DB_OK);
	assert_int_equal(db_command_get(db, id, &c), DB_OK);
	assert_string_equal(c.outcome, "command 7 d: S plays d");
	assert_string_equal(c.outcome_kind, "command");
	assert_string_equal(c.outcome_cause, "corrected");
	assert_int_equal(c.outcome_ply, 7);
	assert_string_equal(c.outcome_move, "d");
	assert_string_equal(c.text, "d");
	/* No table: board_id is NULL, read as 0; no move is NULL. */
	assert_int_equal(db_command_next(db, id, &c), DB_OK);
	assert_int_equal(c.id, forfeit);
	assert_int_equal(c.board_id, 0);
	o = (struct db_command_outcome){ "refused", "stale", 0, NULL,
					 "refused 0 -: not carried out" };
	assert_int_equal(db_command_done(db, forfeit, &o), DB_OK);
	assert_int_equal(count(db, "SELECT count(*) FROM commands WHERE"
			       " board_id IS NULL AND outcome_move IS NULL"
			       " AND outcome_kind = 'refused'"), 1);
	o = (struct db_command_outcome){ "start", "started", 0, "",
					 "start 0 -: game 1" };
	assert_int_equal(db_command_done(db, start, &o), DB_OK);
	assert_int_equal(db_command_get(db, start, &c), DB_OK);
	assert_string_equal(c.text, "");
	assert_int_equal(db_command_next(db, 0, &c), DB_REFUSED);
	db_close(db);
}

/* One table of command words for the CLI, the web and the daemon. */
/* Senders' keys of commands done more than DB_REQUEST_KEY_DAYS ago are
 * forgotten, the commands kept; a waiting command keeps its key. */
static void test_command_keys_pruned(void **state)
{
	struct db_command_outcome o = {
		"refused", "nothing-held", 0, NULL, "refused 0 -: nothing held"
	};
	struct db_command c;
	struct db *db;
	int64_t board, old, recent, waiting, id, n = -1;
	int known = -1;

	(void)state;
	db = open_ok("keys.db", DB_OPEN_CREATE);
	assert_int_equal(db_table_add(db, "Front", "", &board), DB_OK);
	assert_int_equal(db_command_add_keyed(db, board, "confirm", "", "k-old",
					      &old, &known), DB_OK);
	assert_int_equal(db_command_add_keyed(db, board, "confirm", "", "k-new",
					      &recent, &known), DB_OK);
	assert_int_equal(db_command_add_keyed(db, board, "confirm", "", "k-wait",
					      &waiting, &known), DB_OK);
	assert_int_equal(db_command_done(db, old, &o), DB_OK);
	assert_int_equal(db_command_done(db, recent, &o), DB_OK);
	/* Done (and queued) 8 days ago; the waiting one queued then. */
	assert_int_equal(sqlite3_exec(db->sql, "UPDATE commands SET "
				      "created = strftime('%Y-%m-%dT%H:%M:%fZ',"
				      " 'now', '-8 days'), done = CASE WHEN "
				      "done IS NOT NULL THEN strftime("
				      "'%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days')"
				      " END WHERE request_key IN ('k-old', "
				      "'k-wait')", NULL, NULL, NULL),
			 SQLITE_OK);
	assert_int_equal(db_command_keys_prune(db, DB_REQUEST_KEY_DAYS, &n),
			 DB_OK);
	assert_int_equal(n, 1);
	assert_int_equal(db_command_by_key(db, "k-old", &id), DB_OK);
	assert_int_equal(id, 0);
	assert_int_equal(db_command_by_key(db, "k-new", &id), DB_OK);
	assert_int_equal(id, recent);
	assert_int_equal(db_command_by_key(db, "k-wait", &id), DB_OK);
	assert_int_equal(id, waiting);
	/* The command stays, with its outcome. */
	assert_int_equal(db_command_get(db, old, &c), DB_OK);
	assert_string_equal(c.outcome, "refused 0 -: nothing held");
	assert_int_equal(count(db, "SELECT count(*) FROM commands"), 3);
	/* The key given again is a request of its own. */
	assert_int_equal(db_command_add_keyed(db, board, "confirm", "", "k-old",
					      &id, &known), DB_OK);
	assert_int_equal(known, 0);
	assert_true(id > waiting);
	assert_int_equal(db_command_keys_prune(db, DB_REQUEST_KEY_DAYS, &n),
			 DB_OK);
	assert_int_equal(n, 0);
	db_close(db);
}

static void test_command_words(void **state)
{
	const struct command_word *w;
	char list[200];

	(void)state;
	w = command_find("entry");
	assert_non_null(w);
	assert_string_equal(w->cli, "enter");
	assert_int_equal(w->act, COMMAND_OBSERVE);
	assert_int_equal(w->text, COMMAND_TEXT_NEEDED);
	assert_true(w->from & COMMAND_FROM_PLAYER);
	assert_ptr_equal(command_find_cli("set-position"),
			 command_find("position"));
	assert_null(command_find_cli("position"));
	assert_null(command_find("enter"));
	assert_int_equal(command_find("forfeit")->act, COMMAND_FORFEIT);
	assert_false(command_find("forfeit")->from & COMMAND_FROM_ARBITER);
	assert_true(command_find("start")->quiet);
	assert_string_equal(command_list(COMMAND_FROM_PLAYER, list,
					 sizeof(list)), "entry or secret");
	command_list(COMMAND_FROM_ARBITER, list, sizeof(list));
	assert_string_equal(list, "start, confirm, reject, correct, entry, "
			    "position, undo, end or assign");
	for (w = command_words; w->word != NULL; w++)
		assert_true(w->act != COMMAND_OBSERVE ||
			    w->observation != NULL);
}

static void test_hostile_names_change_nothing(void **state)
{
	static const char *const names[] = {
		"", " padded", "tab\there", "\x1b[31mred", "bad\xff",
		"\xc0\xaf", "ADA", "ada",
	};
	struct db *db;
	char big[10241];
	int64_t id;

	(void)state;
	db = open_ok("hostile.db", DB_OPEN_CREATE);
	add_player(db, "Ada");
	add_player(db, "'; DROP TABLE players; --");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		assert_int_equal(db_player_add(db, names[i], &id), DB_REFUSED);
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(db_player_add(db, big, &id), DB_REFUSED);
	assert_int_equal(db_player_rename(db, 1, "tab\there"), DB_REFUSED);
	assert_int_equal(db_player_rename(db, 1, "'; drop table players; --"),
			 DB_REFUSED);
	assert_int_equal(count(db, "SELECT count(*) FROM players"), 2);
	assert_int_equal(count(db, "SELECT count(*) FROM player_names"), 0);
	assert_int_equal(db_check(db), DB_OK);
	db_close(db);
}

/* ------------------------------------------------------- concurrency */

/* A child adding `n` players named "<tag> <i>" once `go` is readable;
 * exits 0 when all were written. */
static void writer(int go, const char *tag, int n)
{
	char err[DB_ERR_MAX], name[32], byte;
	struct db *db;
	int64_t id;

	if (read(go, &byte, 1) != 1)
		_exit(3);
	if (db_open(path_of("shared.db"), 0, &db, err, sizeof(err)) != DB_OK)
		_exit(2);
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s %d", tag, i);
		if (db_player_add(db, name, &id) != DB_OK) {
			fprintf(stderr, "%s\n", db_error(db));
			_exit(1);
		}
	}
	db_close(db);
	_exit(0);
}

/* A child holding a write transaction for 300 ms; tells the writers to
 * start once it holds it. */
static void holder(int go)
{
	sqlite3 *h;

	if (sqlite3_open(path_of("shared.db"), &h) != SQLITE_OK ||
	    sqlite3_exec(h, "BEGIN IMMEDIATE; INSERT INTO players (name,"
			 " name_key, created) VALUES ('Holder', 'holder', 'now')",
			 NULL, NULL, NULL) != SQLITE_OK)
		_exit(2);
	if (write(go, "gg", 2) != 2)
		_exit(3);
	usleep(300000);
	if (sqlite3_exec(h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		_exit(4);
	sqlite3_close(h);
	_exit(0);
}

/* SQLite connections must not cross fork(), so every connection here
 * lives in a child until the parent counts at the end. */
static void test_two_writers(void **state)
{
	pid_t pid[3];
	struct db *db;
	int go[2], status;

	(void)state;
	db = open_ok("shared.db", DB_OPEN_CREATE);
	db_close(db);
	assert_int_equal(pipe(go), 0);
	for (int i = 0; i < 3; i++) {
		pid[i] = fork();
		assert_true(pid[i] >= 0);
		if (pid[i] == 0 && i == 2)
			holder(go[1]);
		else if (pid[i] == 0)
			writer(go[0], i ? "right" : "left", 100);
	}
	close(go[0]);
	close(go[1]);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(waitpid(pid[i], &status, 0), pid[i]);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	/* No lost update: every player of both writers is there, and the
	 * holder's. */
	db = open_ok("shared.db", 0);
	assert_int_equal(count(db, "SELECT count(*) FROM players"), 201);
	db_close(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_live_game, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_command_outcome, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_command_keys_pruned, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_command_words, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_hostile_names_change_nothing, setup_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_two_writers, setup_dir, remove_dir),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
