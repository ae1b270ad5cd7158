/*
 * test_commands.c - a command queued with its sender's key is queued
 * once: sent again (one after the other, from connections at once,
 * after the file is closed and opened again) it is found, not added;
 * keys that cannot be one are refused; a command found by its key is
 * compared with the one asked for.
 */
#include "config.h"

#include <pthread.h>
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

#define SENDERS 6

static char dir[64], path[96];

static int setup(void **state)
{
	struct db *db;
	char err[DB_ERR_MAX];
	int64_t board;

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/pitboss-test-commands.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/door.db", dir);
	if (db_open(path, DB_OPEN_CREATE, &db, err, sizeof(err)) != DB_OK)
		return -1;
	if (db_table_add(db, "Front", "", &board) != DB_OK || board != 1)
		return -1;
	db_close(db);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static struct db *open_door(void)
{
	struct db *db;
	char err[DB_ERR_MAX];

	assert_int_equal(db_open(path, 0, &db, err, sizeof(err)), DB_OK);
	return db;
}

/* The commands queued, as "KIND TEXT|KIND TEXT". */
static const char *queued(struct db *db, char *buf, size_t len)
{
	struct db_command c;
	int64_t after = 0;
	size_t used = 0;

	buf[0] = '\0';
	while (db_command_next(db, after, &c) == DB_OK) {
		used += (size_t)snprintf(buf + used, len - used, "%s%s %s",
					 used ? "|" : "", c.kind, c.text);
		after = c.id;
	}
	return buf;
}

/* Sent twice, one after the other, and after a reopen: queued once. */
static void test_key_queues_once(void **state)
{
	struct db *db = open_door();
	int64_t first, again, other;
	int known;
	char list[256];

	(void)state;
	assert_int_equal(db_command_add_keyed(db, 1, "entry", "c", "k-1",
					      &first, &known), DB_OK);
	assert_int_equal(known, 0);
	assert_int_equal(db_command_add_keyed(db, 1, "entry", "c", "k-1",
					      &again, &known), DB_OK);
	assert_int_equal(known, 1);
	assert_int_equal(again, first);
	/* Without a key, each is its own command. */
	assert_int_equal(db_command_add(db, 1, "undo", "", &other), DB_OK);
	assert_int_equal(db_command_add_keyed(db, 1, "undo", "", NULL, &again,
					      &known), DB_OK);
	assert_int_equal(known, 0);
	assert_true(again > other && other > first);
	assert_string_equal(queued(db, list, sizeof(list)),
			    "entry c|undo |undo ");
	db_close(db);

	/* The key is kept in the file, with the command. */
	db = open_door();
	assert_int_equal(db_command_add_keyed(db, 1, "entry", "c", "k-1",
					      &again, &known), DB_OK);
	assert_int_equal(known, 1);
	assert_int_equal(again, first);
	assert_string_equal(queued(db, list, sizeof(list)),
			    "entry c|undo |undo ");
	db_close(db);
}

struct sender {
	int64_t id;
	int known, rc;
};

static void *send_once(void *arg)
{
	struct sender *s = arg;
	struct db *db;
	char err[DB_ERR_MAX];

	s->rc = db_open(path, 0, &db, err, sizeof(err));
	if (s->rc == DB_OK) {
		s->rc = db_command_add_keyed(db, 1, "undo", "", "at-once",
					     &s->id, &s->known);
		db_close(db);
	}
	return NULL;
}

/* Sent at once from connections of their own: one is queued, and every
 * sender has its id. */
static void test_key_at_once(void **state)
{
	struct sender s[SENDERS];
	pthread_t t[SENDERS];
	struct db *db;
	int known = 0;
	char list[256];

	(void)state;
	memset(s, 0, sizeof(s));
	for (int i = 0; i < SENDERS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, send_once, &s[i]),
				 0);
	for (int i = 0; i < SENDERS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < SENDERS; i++) {
		assert_int_equal(s[i].rc, DB_OK);
		assert_true(s[i].id > 0);
		assert_int_equal(s[i].id, s[0].id);
		known += s[i].known;
	}
	assert_int_equal(known, SENDERS - 1);
	db = open_door();
	assert_string_equal(queued(db, list, sizeof(list)), "undo ");
	db_close(db);
}

/* Keys are short words; a command found by its key is compared with
 * the one asked for now, a secret's by its board and word once its
 * text is gone. */
static void test_key_checked(void **state)
{
	struct db_command_outcome o = { "command", "secret", 0, NULL,
					"command 0 -: seat 1's secret taken" };
	char longest[DB_REQUEST_KEY_MAX + 2];
	struct db *db = open_door();
	struct db_command c;
	int64_t id = 7;
	int known = 7;

	(void)state;
	memset(longest, 'a', sizeof(longest) - 1);
	longest[sizeof(longest) - 1] = '\0';
	assert_int_equal(db_command_add_keyed(db, 1, "undo", "", longest, &id,
					      &known), DB_REFUSED);
	assert_int_equal(id, 0);
	assert_int_equal(known, 0);
	assert_int_equal(db_command_add_keyed(db, 1, "undo", "", "", &id,
					      &known), DB_REFUSED);
	assert_false(db_request_key_valid("two words"));
	assert_false(db_request_key_valid("k\n"));
	longest[DB_REQUEST_KEY_MAX] = '\0';
	assert_true(db_request_key_valid(longest));
	assert_true(db_request_key_valid("0f3a-9:b_c.d"));

	assert_int_equal(db_command_add_keyed(db, 1, "secret", "1 1 R3",
					      "secret-1", &id, &known), DB_OK);
	assert_int_equal(db_command_get(db, id, &c), DB_OK);
	assert_true(db_command_same(&c, 1, "secret", "1 1 R3"));
	assert_false(db_command_same(&c, 1, "secret", "1 1 G2"));
	assert_false(db_command_same(&c, 1, "entry", "1 1 R3"));
	assert_false(db_command_same(&c, 0, "secret", "1 1 R3"));
	assert_int_equal(db_command_done(db, id, &o), DB_OK);
	assert_int_equal(db_command_get(db, id, &c), DB_OK);
	assert_string_equal(c.text, "");
	assert_true(db_command_same(&c, 1, "secret", "1 1 R3"));
	assert_false(db_command_same(&c, 1, "entry", "1 1 R3"));
	db_close(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_key_queues_once, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_key_at_once, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_key_checked, setup,
						teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
