/*
 * cmd_db.c - `pitboss db` (init, check) and `pitboss backup`: the
 * database file itself.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_db.h"

static void db_usage(FILE *out)
{
	fprintf(out,
		"usage: %s db init [--db PATH]\n"
		"       %s db check [--db PATH] [--json]\n"
		"\n"
		"  init   create the database (or bring an older one up to date)\n"
		"  check  full integrity and foreign key check, and the records\n"
		"         against each other\n",
		cli_progname, cli_progname);
}

static int db_args(const char *command, int argc, char **argv,
		   struct cli_common *co)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	int c;

	memset(co, 0, sizeof(*co));
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(*co, db_usage, command, argv);
		}
	}
	if (cli_operands(command, argc, argv, 0, 0) != EXIT_OK)
		return EXIT_USAGE;
	return -1;
}

static int db_init(int argc, char **argv)
{
	struct cli_common co;
	struct db *db;
	int rc = db_args("db init", argc, argv, &co);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(co.db, DB_OPEN_CREATE, &db)) != EXIT_OK)
		return rc;
	printf("%s: schema version %d\n", cli_db_path(co.db), db_version(db));
	db_close(db);
	return EXIT_OK;
}

static int db_check_cmd(int argc, char **argv)
{
	struct cli_common co;
	struct db *db;
	int rc = db_args("db check", argc, argv, &co), check;

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	check = db_check(db);
	if (co.json) {
		printf("{\"path\":");
		cli_json_string(stdout, cli_db_path(co.db));
		printf(",\"version\":%d,\"ok\":%s,\"problems\":", db_version(db),
		       check == DB_OK ? "true" : "false");
		cli_json_text_or_null(stdout, check == DB_OK ? NULL :
				      db_error(db));
		printf("}\n");
	} else if (check == DB_OK) {
		printf("%s: ok (schema version %d)\n", cli_db_path(co.db),
		       db_version(db));
	}
	if (check != DB_OK) {
		cli_error("%s: damaged: %s", cli_db_path(co.db), db_error(db));
		rc = EXIT_DATABASE;
	}
	db_close(db);
	return rc;
}

static int run_db(int argc, char **argv)
{
	static const struct cli_command commands[] = {
		{ "init", db_init },
		{ "check", db_check_cmd },
	};

	return cli_dispatch("db", commands,
			    sizeof(commands) / sizeof(commands[0]), db_usage,
			    argc, argv);
}

const struct cli_group cli_db_group = {
	.name = "db",
	.summary = "the database file: init, check",
	.run = run_db,
	.usage = db_usage,
};

/* ------------------------------------------------------------- backup */

static void backup_usage(FILE *out)
{
	fprintf(out,
		"usage: %s backup [--db PATH] [--force] FILE\n"
		"\n"
		"Copies the database into FILE with SQLite's online backup, a\n"
		"consistent snapshot even while the daemon writes, made beside\n"
		"FILE and renamed over it once whole. FILE must not exist unless\n"
		"--force is given.\n", cli_progname);
}

static int run_backup(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "force", no_argument, NULL, 'f' },
		{ 0 }
	};
	struct cli_common co = { 0 };
	struct db *db;
	int force = 0, c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, backup_usage, "backup", argv);
		case 'f':
			force = 1;
			break;
		}
	}
	if (cli_operands("backup", argc, argv, 1, 1) != EXIT_OK)
		return EXIT_USAGE;
	if (!force && access(argv[optind], F_OK) == 0) {
		cli_error("backup: %s exists; give --force to overwrite it",
			  argv[optind]);
		return EXIT_REFUSED;
	}
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY | DB_OPEN_CHECK,
			       &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_backup(db, argv[optind]));
	if (rc == EXIT_OK)
		printf("%s: backup written to %s\n", cli_db_path(co.db),
		       argv[optind]);
	db_close(db);
	return rc;
}

const struct cli_group cli_backup_group = {
	.name = "backup",
	.summary = "copy the database safely while it is in use",
	.run = run_backup,
	.usage = backup_usage,
};
