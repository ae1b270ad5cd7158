/*
 * cli_db.h - what the record-keeping command groups share: finding and
 * opening the database, turning store results into exit codes, the
 * common options and aligned tables.
 */
#ifndef PITBOSS_CLI_DB_H
#define PITBOSS_CLI_DB_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "db/db.h"

/* --db PATH, else $PITBOSS_DB, else DB_DEFAULT_PATH. */
const char *cli_db_path(const char *given);

/* Opens the store; on failure prints why and returns an exit code
 * (EXIT_DATABASE, or EXIT_REFUSED for a newer file), else EXIT_OK. */
int cli_db_open(const char *given, unsigned flags, struct db **db);

/* EXIT_OK for DB_OK; else prints db_error() and returns the exit code. */
int cli_db_result(struct db *db, int rc);

/* Options every record command takes, for getopt_long tables. */
enum {
	CLI_OPT_DB = 1000,
	CLI_OPT_JSON,
	CLI_OPT_HELP
};
#define CLI_COMMON_OPTIONS \
	{ "db", required_argument, NULL, CLI_OPT_DB }, \
	{ "json", no_argument, NULL, CLI_OPT_JSON }, \
	{ "help", no_argument, NULL, CLI_OPT_HELP }

/* The words of a command group: name, what it does, the function. */
struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
};

/* Runs argv[1] among `commands`; usage on --help or a bad name. */
int cli_dispatch(const char *group, const struct cli_command *commands,
		 size_t n, void (*usage)(FILE *out), int argc, char **argv);

/* getopt's message for an unknown option or a missing value. */
int cli_bad_option(const char *command, char **argv);

/* A whole number in [min, max] from an option; -1 (after a message). */
int cli_parse_int(const char *what, const char *text, long min, long max,
		  long *out);

/* An aligned text table; cells are copied. */
struct cli_table;
struct cli_table *cli_table_new(int columns, ...);	/* headings */
void cli_table_row(struct cli_table *t, ...);	/* `columns` strings */
void cli_table_print(struct cli_table *t, FILE *out);
void cli_table_free(struct cli_table *t);

/* The values of CLI_COMMON_OPTIONS. */
struct cli_common {
	const char *db;
	int json;
};

/* The switch cases for CLI_COMMON_OPTIONS and getopt's errors, inside
 * a command's option loop. */
#define CLI_COMMON_CASES(co, usage_fn, command, argv) \
	case CLI_OPT_DB: \
		(co).db = optarg; \
		break; \
	case CLI_OPT_JSON: \
		(co).json = 1; \
		break; \
	case CLI_OPT_HELP: \
		usage_fn(stdout); \
		return EXIT_OK; \
	case '?': \
		return cli_bad_option(command, argv)

/* Checks the operand count of a command: EXIT_OK or EXIT_USAGE. */
int cli_operands(const char *command, int argc, char **argv, int min,
		 int max);

#endif
