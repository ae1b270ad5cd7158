/*
 * pitboss.c - the arbiter's command-line tool: dispatch to command
 * groups. Each group lives in its own file (cmd_*.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "util/json.h"

const char *cli_progname = "pitboss";

static const struct cli_group *const groups[] = {
	&cli_rules_group,
	&cli_replay_group,
	&cli_sim_group,
	&cli_player_group,
	&cli_table_group,
	&cli_tournament_group,
	&cli_series_group,
	&cli_game_group,
	&cli_history_group,
	&cli_export_group,
	&cli_backup_group,
	&cli_db_group,
	NULL
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

void cli_json_string(FILE *out, const char *text)
{
	json_fputs(out, text);
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s [--help] [--version] GROUP COMMAND [ARGS...]\n"
		"\n"
		"The arbiter's tool for pitboss, the tabletop game referee.\n"
		"\n"
		"Command groups:\n", cli_progname);
	for (size_t i = 0; groups[i] != NULL; i++)
		fprintf(out, "  %-10s %s\n", groups[i]->name,
			groups[i]->summary);
	fprintf(out,
		"\n"
		"'%s GROUP --help' lists a group's commands; see pitboss(1).\n"
		"Exit status: 0 ok, 1 refused (illegal move, bad input),\n"
		"2 usage error, 3 database error.\n", cli_progname);
}

int main(int argc, char **argv)
{
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
	for (size_t i = 0; groups[i] != NULL; i++)
		if (strcmp(argv[1], groups[i]->name) == 0)
			return groups[i]->run(argc - 1, argv + 1);
	cli_error("unknown command group '%s' (try '%s --help')", argv[1],
		  cli_progname);
	return EXIT_USAGE;
}
