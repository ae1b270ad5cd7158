/*
 * pitboss.c - the arbiter's command-line tool: dispatch to command
 * groups. Each group lives in its own file (cmd_*.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

const char *cli_progname = "pitboss";

/*
 * The groups, with the words that come before a command's options: its
 * command ("player add"), and for rules the game ("rules play kalah").
 * The global options, wherever they are given before those words, are
 * moved to just after them, where the command's options are read.
 */
static const struct group_entry {
	const struct cli_group *group;
	int words;
} groups[] = {
	{ &cli_rules_group, 2 },
	{ &cli_replay_group, 0 },
	{ &cli_sim_group, 0 },
	{ &cli_camera_group, 1 },
	{ &cli_player_group, 1 },
	{ &cli_table_group, 1 },
	{ &cli_tournament_group, 1 },
	{ &cli_series_group, 1 },
	{ &cli_game_group, 1 },
	{ &cli_history_group, 0 },
	{ &cli_rating_group, 1 },
	{ &cli_export_group, 0 },
	{ &cli_backup_group, 0 },
	{ &cli_db_group, 1 },
	{ &cli_passwd_group, 0 },
	{ NULL, 0 }
};

/* The options every record command takes: what they are called with
 * and whether a value follows. */
static const struct global_option {
	const char *name;
	int has_value;
} global_options[] = {
	{ "--db", 1 },
	{ "--json", 0 },
};

void cli_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s [--help] [--version] [--db PATH] [--json] GROUP COMMAND\n"
		"       [ARGS...]\n"
		"\n"
		"The arbiter's tool for pitboss, the tabletop game referee.\n"
		"\n"
		"Command groups:\n", cli_progname);
	for (size_t i = 0; groups[i].group != NULL; i++)
		fprintf(out, "  %-10s %s\n", groups[i].group->name,
			groups[i].group->summary);
	fprintf(out,
		"\n"
		"'%s GROUP --help' lists a group's commands; see pitboss(1).\n"
		"--db and --json go before the group or after it.\n"
		"Exit status: 0 ok, 1 refused (illegal move, bad input),\n"
		"2 usage error, 3 database error.\n", cli_progname);
}

/* How many arguments at argv[i] are a global option (with its value):
 * 0 for none, -1 for one whose value is missing. */
static int global_at(int argc, char **argv, int i)
{
	for (size_t k = 0; k < sizeof(global_options) /
	     sizeof(global_options[0]); k++) {
		const struct global_option *g = &global_options[k];
		size_t n = strlen(g->name);

		if (strncmp(argv[i], g->name, n) != 0)
			continue;
		if (argv[i][n] == '\0')
			return !g->has_value ? 1 : i + 1 < argc ? 2 : -1;
		if (argv[i][n] == '=' && g->has_value)
			return 1;
	}
	return 0;
}

/* Moves the global options at argv[*i] to `moved`: 0, or -1 with a
 * message. */
static int take_globals(int argc, char **argv, int *i, char **moved,
			int *nmoved)
{
	int n;

	while (*i < argc && (n = global_at(argc, argv, *i)) != 0) {
		if (n < 0) {
			cli_error("option '%s' needs a value", argv[*i]);
			return -1;
		}
		while (n-- > 0)
			moved[(*nmoved)++] = argv[(*i)++];
	}
	return 0;
}

/*
 * `argv` rewritten into `out` (argc + 1 slots): the group, its words,
 * then the global options found before or among them, then the rest.
 * The group's entry, or NULL (after a message).
 */
static const struct group_entry *arrange(int argc, char **argv, char **out)
{
	char **moved;
	int i = 1, n = 0, nmoved = 0, w;
	const struct group_entry *e;

	moved = calloc((size_t)argc, sizeof(*moved));
	if (moved == NULL) {
		cli_error("out of memory");
		return NULL;
	}
	out[n++] = argv[0];
	if (take_globals(argc, argv, &i, moved, &nmoved) < 0)
		goto fail;
	if (i == argc) {
		cli_error("a command group is missing (try '%s --help')",
			  cli_progname);
		goto fail;
	}
	for (e = groups; e->group != NULL; e++)
		if (strcmp(argv[i], e->group->name) == 0)
			break;
	if (e->group == NULL) {
		cli_error("unknown command group '%s' (try '%s --help')",
			  argv[i], cli_progname);
		goto fail;
	}
	out[n++] = argv[i++];
	for (w = 0; w < e->words; w++) {
		if (take_globals(argc, argv, &i, moved, &nmoved) < 0)
			goto fail;
		if (i == argc || argv[i][0] == '-')
			break;
		out[n++] = argv[i++];
	}
	memcpy(out + n, moved, (size_t)nmoved * sizeof(*moved));
	n += nmoved;
	while (i < argc)
		out[n++] = argv[i++];
	out[n] = NULL;
	free(moved);
	return e;
fail:
	free(moved);
	return NULL;
}

int main(int argc, char **argv)
{
	const struct group_entry *e;
	char **args;
	int rc;

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return EXIT_OK;
	}
	args = calloc((size_t)argc + 1, sizeof(*args));
	if (args == NULL) {
		cli_error("out of memory");
		return EXIT_DATABASE;
	}
	e = arrange(argc, argv, args);
	rc = e != NULL ? e->group->run(argc - 1, args + 1) : EXIT_USAGE;
	free(args);
	return rc;
}
