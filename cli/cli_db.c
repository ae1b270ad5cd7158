/*
 * cli_db.c - opening the records store for a command, exit codes, and
 * aligned text tables.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"

const char *cli_db_path(const char *given)
{
	const char *env = getenv("PITBOSS_DB");

	if (given != NULL)
		return given;
	if (env != NULL && env[0] != '\0')
		return env;
	return DB_DEFAULT_PATH;
}

int cli_db_open(const char *given, unsigned flags, struct db **db)
{
	char err[DB_ERR_MAX];
	int rc = db_open(cli_db_path(given), flags, db, err, sizeof(err));

	if (rc == DB_OK)
		return EXIT_OK;
	cli_error("%s", err);
	return rc == DB_REFUSED ? EXIT_REFUSED : EXIT_DATABASE;
}

int cli_db_result(struct db *db, int rc)
{
	if (rc == DB_OK)
		return EXIT_OK;
	cli_error("%s", db_error(db));
	return rc == DB_REFUSED ? EXIT_REFUSED : EXIT_DATABASE;
}

int cli_dispatch(const char *group, const struct cli_command *commands,
		 size_t n, void (*usage)(FILE *out), int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return EXIT_OK;
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			optind = 1;
			opterr = 0;
			return commands[i].run(argc - 1, argv + 1);
		}
	cli_error("%s: unknown command '%s' (see '%s %s --help')", group,
		  argv[1], cli_progname, group);
	return EXIT_USAGE;
}

int cli_bad_option(const char *command, char **argv)
{
	if (optopt != 0 && optopt < 256)
		cli_error("%s: option -%c is unknown or misses its value",
			  command, optopt);
	else
		cli_error("%s: option '%s' is unknown or misses its value",
			  command, argv[optind - 1]);
	return EXIT_USAGE;
}

int cli_parse_int(const char *what, const char *text, long min, long max,
		  long *out)
{
	char *end;

	errno = 0;
	*out = strtol(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || *out < min ||
	    *out > max) {
		cli_error("%s: '%s' is not a whole number in %ld..%ld", what,
			  text, min, max);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------- tables */

struct cli_table {
	int columns;
	size_t rows, cap;
	char **cell;		/* (rows + 1) x columns, headings first */
};

static void table_add(struct cli_table *t, va_list ap)
{
	if (t->rows + 1 >= t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		char **grown = realloc(t->cell, cap * (size_t)t->columns *
				       sizeof(char *));

		if (grown == NULL) {
			cli_error("out of memory");
			exit(EXIT_DATABASE);
		}
		t->cell = grown;
		t->cap = cap;
	}
	for (int c = 0; c < t->columns; c++) {
		const char *text = va_arg(ap, const char *);

		t->cell[t->rows * (size_t)t->columns + (size_t)c] =
			strdup(text ? text : "");
	}
	t->rows++;
}

struct cli_table *cli_table_new(int columns, ...)
{
	struct cli_table *t = calloc(1, sizeof(*t));
	va_list ap;

	if (t == NULL) {
		cli_error("out of memory");
		exit(EXIT_DATABASE);
	}
	t->columns = columns;
	va_start(ap, columns);
	table_add(t, ap);
	va_end(ap);
	return t;
}

void cli_table_row(struct cli_table *t, ...)
{
	va_list ap;

	va_start(ap, t);
	table_add(t, ap);
	va_end(ap);
}

/* Characters, not bytes, so names in any script line up. */
static size_t width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

void cli_table_print(struct cli_table *t, FILE *out)
{
	size_t w[16] = { 0 };

	for (size_t r = 0; r < t->rows; r++)
		for (int c = 0; c < t->columns && c < 16; c++) {
			size_t cw = width(t->cell[r * (size_t)t->columns + (size_t)c]);

			if (cw > w[c])
				w[c] = cw;
		}
	for (size_t r = 0; r < t->rows; r++) {
		for (int c = 0; c < t->columns; c++) {
			const char *cell = t->cell[r * (size_t)t->columns + (size_t)c];

			fputs(cell, out);
			if (c + 1 < t->columns)
				fprintf(out, "%*s", (int)(w[c] - width(cell) + 2),
					"");
		}
		fputc('\n', out);
	}
}

void cli_table_free(struct cli_table *t)
{
	if (t == NULL)
		return;
	for (size_t i = 0; i < t->rows * (size_t)t->columns; i++)
		free(t->cell[i]);
	free(t->cell);
	free(t);
}

int cli_operands(const char *command, int argc, char **argv, int min,
		 int max)
{
	int n = argc - optind;

	if (n < min) {
		cli_error("%s: missing argument (see --help)", command);
		return EXIT_USAGE;
	}
	if (max >= 0 && n > max) {
		cli_error("%s: unexpected argument '%s'", command,
			  argv[optind + max]);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}
