/*
 * cmd_replay.c - `pitboss replay FILE`: a trace through the same referee
 * code the daemon runs, one line per verdict (pitboss-trace(5)).
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "referee/replay.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s replay [OPTIONS] FILE\n"
		"\n"
		"Runs a trace file through the referee and prints one line per\n"
		"verdict: TIME TABLE KIND PLY MOVE: TEXT (see pitboss-trace(5)).\n"
		"FILE '-' reads standard input.\n"
		"\n"
		"  --debounce MS        pulses closer than this are bounce (25)\n"
		"  --quiet MS           silence that ends a turn (2500)\n"
		"  --tolerance N        seeds a snapshot may be off and pass (2)\n"
		"  --confirm-snapshots  ask instead of accepting a near snapshot\n"
		"  --health             print each sensor line's health at the end\n"
		"  --position           print each table's final position\n"
		"  --evidence           print what each judgement rests on, after\n"
		"                       its verdict\n"
		"  --strict             take no move with a sensor fault without the\n"
		"                       arbiter (hold it instead)\n",
		cli_progname);
}

static int parse_count(const char *name, const char *text, long max,
		       long *value)
{
	char *end;

	errno = 0;
	*value = strtol(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || *value < 0 ||
	    *value > max) {
		cli_error("--%s: '%s' is not a number from 0 to %ld", name, text,
			  max);
		return -1;
	}
	return 0;
}

static void print_verdict(void *ctx, const struct verdict *v)
{
	char line[VERDICT_LINE_MAX];

	verdict_format(v, line, sizeof(line));
	fprintf(ctx, "%s\n", line);
}

/* The verdict, then its evidence as a comment line when it has one. */
static void print_verdict_evidence(void *ctx, const struct verdict *v)
{
	print_verdict(ctx, v);
	if (v->evidence[0] != '\0')
		fprintf(ctx, "# evidence %s\n", v->evidence);
}

static void print_health(struct replay *rp)
{
	for (size_t t = 0; t < rp->ntables; t++) {
		const char *names[SENSE_HOLES_MAX];
		int n = referee_lines(rp->ref[t], names);

		printf("# table %u sensor health\n", rp->id[t]);
		printf("# %-5s %7s %7s %7s %7s  %s\n", "line", "pulses",
		       "bounces", "misses", "extras", "state");
		for (int h = 0; h < n; h++) {
			const struct line_health *lh = referee_line(rp->ref[t], h);

			printf("# %-5s %7u %7u %7u %7u  %s\n", names[h],
			       lh->pulses, lh->bounces, lh->misses, lh->extras,
			       line_state_name(lh->state));
		}
	}
}

static int run_replay(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "debounce", required_argument, NULL, 'd' },
		{ "quiet", required_argument, NULL, 'q' },
		{ "tolerance", required_argument, NULL, 't' },
		{ "confirm-snapshots", no_argument, NULL, 'c' },
		{ "health", no_argument, NULL, 'H' },
		{ "position", no_argument, NULL, 'p' },
		{ "strict", no_argument, NULL, 's' },
		{ "evidence", no_argument, NULL, 'e' },
		{ NULL, 0, NULL, 0 }
	};
	struct referee_config cfg;
	struct trace trace;
	struct replay rp;
	char err[512];
	int c, health = 0, position = 0, evidence = 0, rc;
	long value;

	referee_config_default(&cfg);
	optind = 1;
	while ((c = getopt_long(argc, argv, "+h", lo, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case 'd':
			if (parse_count("debounce", optarg, 10000, &value) < 0)
				return EXIT_USAGE;
			cfg.debounce_us = (uint64_t)value * 1000;
			break;
		case 'q':
			if (parse_count("quiet", optarg, 600000, &value) < 0 ||
			    value == 0) {
				if (value == 0)
					cli_error("--quiet must be above 0");
				return EXIT_USAGE;
			}
			cfg.quiet_us = (uint64_t)value * 1000;
			break;
		case 't':
			if (parse_count("tolerance", optarg, 100, &value) < 0)
				return EXIT_USAGE;
			cfg.snapshot_tolerance = (int)value;
			break;
		case 'c':
			cfg.snapshot_confirm = 1;
			break;
		case 'H':
			health = 1;
			break;
		case 'p':
			position = 1;
			break;
		case 's':
			cfg.accept_cost = 0;
			break;
		case 'e':
			evidence = 1;
			break;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		cli_error("replay needs one trace file (try '%s replay --help')",
			  cli_progname);
		return EXIT_USAGE;
	}
	if (strcmp(argv[optind], "-") == 0)
		rc = trace_read(stdin, "<stdin>", &trace, err, sizeof(err));
	else
		rc = trace_read_file(argv[optind], &trace, err, sizeof(err));
	if (rc < 0) {
		fprintf(stderr, "%s: %s\n", cli_progname, err);
		return EXIT_REFUSED;
	}
	if (replay_open(&rp, &trace, &cfg, evidence ? print_verdict_evidence :
			print_verdict, stdout, err,
			sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", cli_progname, err);
		trace_free(&trace);
		return EXIT_REFUSED;
	}
	replay_run(&rp, &trace);
	if (position)
		for (size_t t = 0; t < rp.ntables; t++) {
			char text[256];

			printf("# table %u position %s\n", rp.id[t],
			       referee_position(rp.ref[t], text, sizeof(text)));
		}
	if (health)
		print_health(&rp);
	replay_close(&rp);
	trace_free(&trace);
	return EXIT_OK;
}

const struct cli_group cli_replay_group = {
	.name = "replay",
	.summary = "run a trace file through the referee",
	.run = run_replay,
	.usage = usage,
};
