/*
 * cmd_sim.c - `pitboss sim`: simulated games on a sensed board (Kalah's
 * drop counters unless --game says otherwise), written as a trace, with
 * the truth and the verdicts on request.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "referee/sim.h"
#include "referee/sim_game.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s sim [OPTIONS]\n"
		"\n"
		"Plays simulated games on a sensed board (Kalah's drop counters by\n"
		"default) and writes the trace (pitboss-trace(5)) the board would\n"
		"produce. The same --seed gives the same trace, byte for byte.\n"
		"\n"
		"  --game NAME        the game, one with a simulated board (%s)\n"
		"  --seed N           random seed (1)\n"
		"  --games N          games to play (1)\n"
		"  --table ID         table id in the trace (1)\n"
		"  -o, --option 'K=V' game option, as in 'pitboss rules list'\n"
		"  --player KIND      random or greedy (greedy)\n"
		"  --bounce P         chance per pulse of contact bounce (0)\n"
		"  --miss P           chance per pulse of a missed pulse (0)\n"
		"  --extra P          chance per pulse of an extra pulse (0)\n"
		"  --swap P           chance per pulse of two drops sensed swapped (0)\n"
		"  --roll P           chance per drop of landing on the next place (0)\n"
		"  --dead             one sensor line per game never fires\n"
		"  --stuck            one sensor line per game chatters once\n"
		"  --illegal P        chance per move of illegal play (0)\n"
		"  --level NAME       a physically modelled board and players:\n"
		"                     clean, moderate or heavy (instead of the\n"
		"                     per-pulse noise above)\n"
		"  --world NAME=V     one knob of that model (see pitboss(1))\n"
		"  --counts           a count source too: a snapshot after each move\n"
		"  --no-buttons       players press no turn button\n"
		"  --lifts            the board senses a hand over a pit or place\n"
		"  --snapshots        a counting board: one snapshot per turn\n"
		"  --strict           the referee takes no move with a sensor fault\n"
		"                     without the arbiter\n"
		"  --output FILE      the trace (standard output)\n"
		"  --truth FILE       the moves really played, one per line\n"
		"  --verdicts FILE    the referee's verdicts, as 'pitboss replay'\n"
		"  --stats            print how the referee did, on standard error\n",
		cli_progname, sim_games[0]->game);
}

static int parse_rate(const char *name, const char *text, double *rate)
{
	char *end;

	errno = 0;
	*rate = strtod(text, &end);
	if (errno != 0 || end == text || *end != '\0' || !(*rate >= 0) ||
	    *rate > 1) {
		cli_error("--%s: '%s' is not a chance from 0 to 1", name, text);
		return -1;
	}
	return 0;
}

static int parse_number(const char *name, const char *text,
			unsigned long long max, unsigned long long *value)
{
	char *end;

	errno = 0;
	*value = strtoull(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || text[0] == '-' ||
	    *value > max) {
		cli_error("--%s: '%s' is not a number from 0 to %llu", name,
			  text, max);
		return -1;
	}
	return 0;
}

static FILE *open_out(const char *path)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		cli_error("%s: %s", path, strerror(errno));
	return f;
}

/* The per-pulse noise, which the physical model replaces. */
static int pulse_noise(const struct sim_config *cfg)
{
	const struct sim_noise *n = &cfg->noise;

	return n->bounce > 0 || n->miss > 0 || n->extra > 0 || n->swap > 0 ||
	       n->roll > 0 || n->dead || n->stuck || cfg->snapshots;
}

/* The level and knobs of the physical model, once all are read; the
 * chance of illegal play given on the command line stands. */
static int set_world(struct sim_config *cfg, const char *level,
		     char **knobs, int nknobs, int illegal_given)
{
	double illegal = cfg->noise.illegal;
	char err[256];

	if (level == NULL && nknobs == 0 && !cfg->counts)
		return 0;
	if (pulse_noise(cfg)) {
		cli_error("--level, --world and --counts replace the per-pulse "
			  "noise and --snapshots");
		return -1;
	}
	if (sim_config_level(cfg, level != NULL ? level : "clean") < 0) {
		cli_error("--level: '%s' is not clean, moderate or heavy",
			  level);
		return -1;
	}
	if (illegal_given)
		cfg->noise.illegal = illegal;
	for (int i = 0; i < nknobs; i++)
		if (sim_world_set(&cfg->world, knobs[i], err, sizeof(err)) < 0) {
			cli_error("--world: %s", err);
			return -1;
		}
	return 0;
}

static void print_stats(const struct sim_stats *st)
{
	fprintf(stderr, "games %lu, legal moves %lu, illegal moves %lu, "
		"observations %lu\n", st->games, st->legal, st->illegal,
		st->observations);
	for (int c = 0; c < SIM_CLASSES; c++)
		fprintf(stderr, "  %-10s %s %lu\n", sim_class_name(c),
			c < SIM_ILLEGAL_CAUGHT ? "legal  " : "illegal",
			st->count[c]);
	fprintf(stderr, "  moves taken that no move made: %lu\n",
		st->unexplained);
	fprintf(stderr, "  moves the referee took back itself: %lu\n",
		st->revised);
	fprintf(stderr, "  illegal moves whose drops are a legal move's: %lu, "
		"of which accepted %lu\n", st->same, st->same_accepted);
	if (st->pieces > 0)
		fprintf(stderr, "  pieces %lu: merged %lu, missed %lu; pulses "
			"%lu, of which noise %lu; overlapped moves %lu\n",
			st->pieces, st->merged, st->missed, st->pulses,
			st->noise, st->overlapped);
	if (st->pieces > 0)
		fprintf(stderr, "  moves unseen that made no pulse at all: "
			"legal %lu, illegal %lu\n", st->legal_blind,
			st->illegal_blind);
	fprintf(stderr, "  resyncs by the arbiter: %lu\n", st->desyncs);
}

static int run_sim(int argc, char **argv)
{
	enum { O_GAME = 256, O_SEED, O_GAMES, O_TABLE, O_PLAYER, O_BOUNCE, O_MISS,
	       O_EXTRA, O_SWAP, O_ROLL, O_DEAD, O_STUCK, O_ILLEGAL,
	       O_NO_BUTTONS, O_LIFTS, O_SNAPSHOTS, O_OUTPUT, O_TRUTH,
	       O_VERDICTS, O_STATS, O_STRICT, O_LEVEL, O_WORLD, O_COUNTS };
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "option", required_argument, NULL, 'o' },
		{ "game", required_argument, NULL, O_GAME },
		{ "seed", required_argument, NULL, O_SEED },
		{ "games", required_argument, NULL, O_GAMES },
		{ "table", required_argument, NULL, O_TABLE },
		{ "player", required_argument, NULL, O_PLAYER },
		{ "bounce", required_argument, NULL, O_BOUNCE },
		{ "miss", required_argument, NULL, O_MISS },
		{ "extra", required_argument, NULL, O_EXTRA },
		{ "swap", required_argument, NULL, O_SWAP },
		{ "roll", required_argument, NULL, O_ROLL },
		{ "dead", no_argument, NULL, O_DEAD },
		{ "stuck", no_argument, NULL, O_STUCK },
		{ "illegal", required_argument, NULL, O_ILLEGAL },
		{ "no-buttons", no_argument, NULL, O_NO_BUTTONS },
		{ "lifts", no_argument, NULL, O_LIFTS },
		{ "snapshots", no_argument, NULL, O_SNAPSHOTS },
		{ "output", required_argument, NULL, O_OUTPUT },
		{ "truth", required_argument, NULL, O_TRUTH },
		{ "verdicts", required_argument, NULL, O_VERDICTS },
		{ "stats", no_argument, NULL, O_STATS },
		{ "strict", no_argument, NULL, O_STRICT },
		{ "level", required_argument, NULL, O_LEVEL },
		{ "world", required_argument, NULL, O_WORLD },
		{ "counts", no_argument, NULL, O_COUNTS },
		{ NULL, 0, NULL, 0 }
	};
	struct sim_config cfg;
	const char *output = NULL, *truth_path = NULL, *verdict_path = NULL;
	const char *level = NULL;
	char *knobs[32];
	int nknobs = 0, illegal_given = 0;
	unsigned long long games = 1, value;
	FILE *out = stdout, *truth = NULL, *verdicts = NULL;
	struct trace_table table;
	struct trace trace;
	struct sim *sim;
	char err[256];
	int c, stats = 0, rc = EXIT_OK;
	size_t used;

	sim_config_default(&cfg);
	optind = 1;
	while ((c = getopt_long(argc, argv, "+ho:", lo, NULL)) != -1) {
		double *rate = NULL;

		switch (c) {
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case 'o':
			used = strlen(cfg.options);
			if (used + strlen(optarg) + 2 > sizeof(cfg.options)) {
				cli_error("game options are too long");
				return EXIT_USAGE;
			}
			snprintf(cfg.options + used, sizeof(cfg.options) - used,
				 "%s%s", used ? " " : "", optarg);
			break;
		case O_GAME:
			if (strlen(optarg) >= sizeof(cfg.game)) {
				cli_error("--game: no game '%s'", optarg);
				return EXIT_USAGE;
			}
			snprintf(cfg.game, sizeof(cfg.game), "%s", optarg);
			break;
		case O_SEED:
			if (parse_number("seed", optarg, UINT64_MAX, &value) < 0)
				return EXIT_USAGE;
			cfg.seed = value;
			break;
		case O_GAMES:
			if (parse_number("games", optarg, 10000000, &games) < 0)
				return EXIT_USAGE;
			break;
		case O_TABLE:
			if (parse_number("table", optarg, 65535, &value) < 0 ||
			    value == 0) {
				if (value == 0)
					cli_error("--table: ids start at 1");
				return EXIT_USAGE;
			}
			cfg.table = (unsigned)value;
			break;
		case O_PLAYER:
			if (strcmp(optarg, "random") == 0) {
				cfg.player = SIM_RANDOM;
			} else if (strcmp(optarg, "greedy") == 0) {
				cfg.player = SIM_GREEDY;
			} else {
				cli_error("--player: '%s' is not random or greedy",
					  optarg);
				return EXIT_USAGE;
			}
			break;
		case O_BOUNCE: rate = &cfg.noise.bounce; break;
		case O_MISS: rate = &cfg.noise.miss; break;
		case O_EXTRA: rate = &cfg.noise.extra; break;
		case O_SWAP: rate = &cfg.noise.swap; break;
		case O_ROLL: rate = &cfg.noise.roll; break;
		case O_ILLEGAL:
			rate = &cfg.noise.illegal;
			illegal_given = 1;
			break;
		case O_DEAD: cfg.noise.dead = 1; break;
		case O_STUCK: cfg.noise.stuck = 1; break;
		case O_NO_BUTTONS: cfg.buttons = 0; break;
		case O_LIFTS: cfg.lifts = 1; break;
		case O_SNAPSHOTS: cfg.snapshots = 1; break;
		case O_OUTPUT: output = optarg; break;
		case O_TRUTH: truth_path = optarg; break;
		case O_VERDICTS: verdict_path = optarg; break;
		case O_STATS: stats = 1; break;
		case O_STRICT: cfg.referee.accept_cost = 0; break;
		case O_LEVEL: level = optarg; break;
		case O_COUNTS: cfg.counts = 1; break;
		case O_WORLD:
			if (nknobs == (int)(sizeof(knobs) / sizeof(knobs[0]))) {
				cli_error("--world: too many knobs");
				return EXIT_USAGE;
			}
			knobs[nknobs++] = optarg;
			break;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
		if (rate != NULL) {
			const char *name = "";

			for (int i = 0; lo[i].name != NULL; i++)
				if (lo[i].val == c)
					name = lo[i].name;
			if (parse_rate(name, optarg, rate) < 0)
				return EXIT_USAGE;
		}
	}
	if (optind != argc) {
		cli_error("sim takes no operands ('%s'; try '%s sim --help')",
			  argv[optind], cli_progname);
		return EXIT_USAGE;
	}
	if (set_world(&cfg, level, knobs, nknobs, illegal_given) < 0)
		return EXIT_USAGE;
	sim = sim_new(&cfg, err, sizeof(err));
	if (sim == NULL) {
		cli_error("%s", err);
		return EXIT_REFUSED;
	}
	if ((output != NULL && (out = open_out(output)) == NULL) ||
	    (truth_path != NULL && (truth = open_out(truth_path)) == NULL) ||
	    (verdict_path != NULL &&
	     (verdicts = open_out(verdict_path)) == NULL)) {
		rc = EXIT_REFUSED;
		goto out;
	}
	memset(&trace, 0, sizeof(trace));
	sim_table(sim, &table);
	trace_write_header(out, &table, 1);
	if (truth != NULL)
		fprintf(truth, "# pitboss-truth 1\n# TIME TABLE PLY SEAT MOVE "
			"LEGALITY VERDICT\n");
	for (unsigned long long g = 0; g < games; g++) {
		sim_game(sim, &trace, truth, verdicts);
		for (size_t i = 0; i < trace.nobs; i++)
			trace_write_obs(out, &trace.obs[i]);
		trace.nobs = 0;
	}
	trace_free(&trace);
	if (stats)
		print_stats(sim_stats(sim));
	if (fflush(out) != 0 || ferror(out)) {
		cli_error("%s: write error", output ? output : "standard output");
		rc = EXIT_REFUSED;
	}
out:
	if (out != NULL && out != stdout)
		fclose(out);
	if (truth != NULL)
		fclose(truth);
	if (verdicts != NULL)
		fclose(verdicts);
	sim_free(sim);
	return rc;
}

const struct cli_group cli_sim_group = {
	.name = "sim",
	.summary = "simulate games on a sensor board and write their trace",
	.run = run_sim,
	.usage = usage,
};
