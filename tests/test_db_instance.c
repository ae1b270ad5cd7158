/*
 * test_db_instance.c - the database's instance bound to its machine
 * (db_instance_bind(), machine.h): a database first bound keeps its id;
 * bound again on the same machine, it keeps it; on another machine it
 * is a copy and draws a new id, giving the old one; the binding is
 * kept in the file. The machine's digest is the same for the same
 * identity, another for another, and shows nothing of it.
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

#include "daemon/machine.h"
#include "db/db.h"

static char dir[64], path[96];
static struct db *db;

static int setup(void **state)
{
	char err[DB_ERR_MAX];

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_db_instance.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/table.db", dir);
	return db_open(path, DB_OPEN_CREATE, &db, err, sizeof(err)) == DB_OK ?
	       0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	db_close(db);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_bound_then_copied(void **state)
{
	char made[DB_INSTANCE_MAX], id[DB_INSTANCE_MAX], was[DB_INSTANCE_MAX];
	char copy[DB_INSTANCE_MAX], err[DB_ERR_MAX];

	(void)state;
	assert_int_equal(db_instance(db, made, sizeof(made)), DB_OK);
	/* Bound for the first time: the id it was made with. */
	assert_int_equal(db_instance_bind(db, "aaaa", id, sizeof(id), was,
					  sizeof(was)), DB_OK);
	assert_string_equal(id, made);
	assert_string_equal(was, "");
	/* Again on the same machine, after a restart: the same. */
	db_close(db);
	assert_int_equal(db_open(path, 0, &db, err, sizeof(err)), DB_OK);
	assert_int_equal(db_instance_bind(db, "aaaa", id, sizeof(id), was,
					  sizeof(was)), DB_OK);
	assert_string_equal(id, made);
	assert_string_equal(was, "");
	/* On another machine: a copy, with an id of its own. */
	assert_int_equal(db_instance_bind(db, "bbbb", copy, sizeof(copy), was,
					  sizeof(was)), DB_OK);
	assert_string_equal(was, made);
	assert_string_not_equal(copy, made);
	assert_int_equal(strlen(copy), 16);
	assert_int_equal(db_instance(db, id, sizeof(id)), DB_OK);
	assert_string_equal(id, copy);
	/* Which it keeps there. */
	db_close(db);
	assert_int_equal(db_open(path, 0, &db, err, sizeof(err)), DB_OK);
	assert_int_equal(db_instance_bind(db, "bbbb", id, sizeof(id), was,
					  sizeof(was)), DB_OK);
	assert_string_equal(id, copy);
	assert_string_equal(was, "");
}

static void test_digest(void **state)
{
	char a[DB_MACHINE_MAX], again[DB_MACHINE_MAX], b[DB_MACHINE_MAX];

	(void)state;
	setenv("PITBOSS_MACHINE_ID", "10000000c0ffee42", 1);
	assert_string_equal(machine_digest(a, sizeof(a)),
			    "$PITBOSS_MACHINE_ID");
	assert_int_equal(strlen(a), 16);
	assert_null(strstr(a, "c0ffee"));
	assert_non_null(machine_digest(again, sizeof(again)));
	assert_string_equal(a, again);
	setenv("PITBOSS_MACHINE_ID", "10000000c0ffee43", 1);
	assert_non_null(machine_digest(b, sizeof(b)));
	assert_string_not_equal(a, b);
	unsetenv("PITBOSS_MACHINE_ID");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bound_then_copied),
		cmocka_unit_test(test_digest),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
