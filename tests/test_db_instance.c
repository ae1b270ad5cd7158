/*
 * test_db_instance.c - the database's instance bound to its machine
 * (db_instance_bind(), machine.h): a database first bound keeps its id;
 * bound again on the same machine, it keeps it; on another machine it
 * is a copy and draws a new id, giving the old one; the binding is
 * kept in the file; an identity of another kind (a serial number that
 * appeared) binds it again under the same id. The machine's digest is the same for the same
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
#include "db/db_impl.h"

#include "tests/db_fixture.h"

static struct db *db;

static int setup(void **state)
{
	if (setup_dir(state) != 0)
		return -1;
	db = open_ok("table.db", DB_OPEN_CREATE);
	return 0;
}

static int teardown(void **state)
{
	db_close(db);
	return remove_dir(state);
}

/* Restarted on `machine`: the instance bound there is `want`, and the
 * id it had before, when it was drawn anew, `was_want` ("" if not). */
static void restart_on(const char *machine, const char *want,
		       const char *was_want)
{
	char id[DB_INSTANCE_MAX], was[DB_INSTANCE_MAX];

	db_close(db);
	db = open_ok("table.db", 0);
	assert_int_equal(db_instance_bind(db, machine, id, sizeof(id), was,
					  sizeof(was)), DB_OK);
	assert_string_equal(was, was_want);
	if (want != NULL)
		assert_string_equal(id, want);
}

static void test_bound_then_copied(void **state)
{
	char made[DB_INSTANCE_MAX], copy[DB_INSTANCE_MAX];

	(void)state;
	assert_int_equal(db_instance(db, made, sizeof(made)), DB_OK);
	/* Bound for the first time: the id it was made with; again on the
	 * same machine, the same. */
	restart_on("serial:aaaa", made, "");
	restart_on("serial:aaaa", made, "");
	/* Its identity now read elsewhere (another kind): the same id. */
	restart_on("machine-id:cccc", made, "");
	restart_on("machine-id:cccc", made, "");
	/* On another machine: a copy, with an id of its own. */
	restart_on("machine-id:bbbb", NULL, made);
	assert_int_equal(db_instance(db, copy, sizeof(copy)), DB_OK);
	assert_string_not_equal(copy, made);
	assert_int_equal(strlen(copy), 16);
	/* Which it keeps there. */
	restart_on("machine-id:bbbb", copy, "");
}

static void test_digest(void **state)
{
	char a[DB_MACHINE_MAX], again[DB_MACHINE_MAX], b[DB_MACHINE_MAX];

	(void)state;
	setenv("PITBOSS_MACHINE_ID", "10000000c0ffee42", 1);
	assert_string_equal(machine_digest(a, sizeof(a)),
			    "$PITBOSS_MACHINE_ID");
	assert_int_equal(strlen(a), 20);
	assert_memory_equal(a, "env:", 4);
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
