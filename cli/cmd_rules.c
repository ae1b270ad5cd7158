/*
 * cmd_rules.c - `pitboss rules`: play moves through a rules engine and
 * count positions (perft) and solve positions. Game options come from
 * each game's option
 * table, so this file knows no game.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/rules_solve.h"
#include "rules/rules.h"

#define TEXT_MAX 1024
#define PERFT_DEPTH_MAX 40

enum {
	OPT_HELP = 'h',
	OPT_OPTION = 'o',
	OPT_DEPTH = 256,
	OPT_POSITION,
	OPT_JSON,
	OPT_TIME,
	OPT_EGDB,
	OPT_EGDB_DIR,
	OPT_MEMORY,
	OPT_GAME_BASE = 512	/* + index into the game's option table */
};

struct rules_args {
	const struct rules *ops;
	char options[TEXT_MAX];
	const char *position;
	long depth;
	int json;
	struct solve_opts solve;
	int help;
	int first_operand;	/* argv index of the first operand */
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s rules list\n"
		"       %s rules perft GAME [OPTIONS] [--position TEXT] --depth D\n"
		"       %s rules play GAME [OPTIONS] [--position TEXT] [--json] MOVE...\n"
		"       %s rules solve GAME [OPTIONS] [--position TEXT] [--time S]\n"
		"                [--egdb SEEDS] [--egdb-dir DIR] [--memory MB] [--json]\n"
		"\n"
		"  list    the games and their options\n"
		"  perft   count the positions exactly D plies ahead, for each depth\n"
		"  play    apply moves in order; print the final position and result\n"
		"  solve   the value with perfect play and a best move (an estimate\n"
		"          when --time runs out first); progress on stderr\n"
		"\n"
		"OPTIONS are the game's own (see 'pitboss rules list'), spelled\n"
		"--NAME for a flag and --NAME VALUE otherwise, or -o 'NAME=VALUE ...'.\n",
		cli_progname, cli_progname, cli_progname, cli_progname);
}

static int append_option(struct rules_args *a, const char *name,
			 const char *value)
{
	size_t used = strlen(a->options);
	int n = snprintf(a->options + used, sizeof(a->options) - used,
			 "%s%s%s%s", used ? " " : "", name, value ? "=" : "",
			 value ? value : "");

	if (n < 0 || (size_t)n >= sizeof(a->options) - used) {
		cli_error("game options are too long");
		return -1;
	}
	return 0;
}

/* Builds getopt's table from the fixed options and the game's own. */
static void build_long_options(const struct rules *ops, struct option *lo)
{
	int n = 0;

	lo[n++] = (struct option){ "help", no_argument, NULL, OPT_HELP };
	lo[n++] = (struct option){ "option", required_argument, NULL,
				   OPT_OPTION };
	lo[n++] = (struct option){ "depth", required_argument, NULL,
				   OPT_DEPTH };
	lo[n++] = (struct option){ "position", required_argument, NULL,
				   OPT_POSITION };
	lo[n++] = (struct option){ "json", no_argument, NULL, OPT_JSON };
	lo[n++] = (struct option){ "time", required_argument, NULL, OPT_TIME };
	lo[n++] = (struct option){ "egdb", required_argument, NULL, OPT_EGDB };
	lo[n++] = (struct option){ "egdb-dir", required_argument, NULL,
				   OPT_EGDB_DIR };
	lo[n++] = (struct option){ "memory", required_argument, NULL,
				   OPT_MEMORY };
	for (int i = 0; ops->options[i].name != NULL; i++) {
		const struct rules_option *o = &ops->options[i];
		int has_arg = required_argument;

		if (o->type == RULES_OPT_FLAG)
			has_arg = no_argument;
		else if (o->type == RULES_OPT_INT && o->bare != 0)
			has_arg = optional_argument;
		lo[n++] = (struct option){ o->name, has_arg, NULL,
					   OPT_GAME_BASE + i };
	}
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
}

static int parse_depth(const char *text, long *depth)
{
	char *end;

	errno = 0;
	*depth = strtol(text, &end, 10);
	if (errno != 0 || *end != '\0' || end == text || *depth < 1 ||
	    *depth > PERFT_DEPTH_MAX) {
		cli_error("--depth: '%s' is not a depth in 1..%d", text,
			  PERFT_DEPTH_MAX);
		return -1;
	}
	return 0;
}

/* A number in [min, max] for option `name`. */
static int parse_number(const char *name, const char *text, double min,
			double max, double *value)
{
	char *end;

	errno = 0;
	*value = strtod(text, &end);
	if (errno != 0 || *end != '\0' || end == text || *value < min ||
	    *value > max) {
		cli_error("--%s: '%s' is not a number in %g..%g", name, text,
			  min, max);
		return -1;
	}
	return 0;
}

/* The solver's options; 0, 1 when `c` is none of them, or -1. */
static int parse_solve_option(int c, struct solve_opts *o)
{
	double v;

	switch (c) {
	case OPT_TIME:
		return parse_number("time", optarg, 0.001, 1e6,
				    &o->seconds) < 0 ? -1 : 0;
	case OPT_EGDB:
		if (parse_number("egdb", optarg, 0, 32, &v) < 0)
			return -1;
		o->db_seeds = (int)v;
		return 0;
	case OPT_EGDB_DIR:
		o->db_dir = optarg;
		return 0;
	case OPT_MEMORY:
		if (parse_number("memory", optarg, 1, 1 << 20, &v) < 0)
			return -1;
		o->memory_mb = (long)v;
		return 0;
	}
	return 1;
}

/* argv[0] is the command, argv[1] the game. Returns an exit code or -1. */
static int parse_args(int argc, char **argv, struct rules_args *a)
{
	struct option lo[RULES_MAX_OPTIONS + 8];
	int c;

	memset(a, 0, sizeof(*a));
	a->solve.db_seeds = -1;
	a->solve.memory_mb = 512;
	if (argc < 2 || argv[1][0] == '-') {
		if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
				  strcmp(argv[1], "-h") == 0)) {
			usage(stdout);
			return EXIT_OK;
		}
		cli_error("rules %s: name a game (one of: %s)", argv[0],
			  rules_registry[0]->name);
		return EXIT_USAGE;
	}
	a->ops = rules_find(argv[1]);
	if (a->ops == NULL) {
		cli_error("rules %s: unknown game '%s' (see 'pitboss rules list')",
			  argv[0], argv[1]);
		return EXIT_USAGE;
	}
	build_long_options(a->ops, lo);
	optind = 2;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+ho:", lo, NULL)) != -1) {
		switch (c) {
		case OPT_HELP:
			a->help = 1;
			break;
		case OPT_OPTION:
			if (append_option(a, optarg, NULL) < 0)
				return EXIT_USAGE;
			break;
		case OPT_DEPTH:
			if (parse_depth(optarg, &a->depth) < 0)
				return EXIT_USAGE;
			break;
		case OPT_POSITION:
			a->position = optarg;
			break;
		case OPT_JSON:
			a->json = 1;
			break;
		case '?':
			if (optopt != 0 && optopt < OPT_DEPTH)
				cli_error("option -%c: unknown or missing its value",
					  optopt);
			else
				cli_error("option '%s': unknown to 'rules %s %s', or missing its value",
					  argv[optind - 1], argv[0],
					  a->ops->name);
			return EXIT_USAGE;
		default:
			if (c >= OPT_TIME && c < OPT_GAME_BASE) {
				if (parse_solve_option(c, &a->solve) < 0)
					return EXIT_USAGE;
				break;
			}
			if (c >= OPT_GAME_BASE &&
			    append_option(a, a->ops->options[c - OPT_GAME_BASE].name,
					  optarg) < 0)
				return EXIT_USAGE;
			break;
		}
	}
	a->first_operand = optind;
	if (a->help) {
		usage(stdout);
		return EXIT_OK;
	}
	return -1;
}

/* The game and its start (or --position) position; NULL on error. */
static struct rules_game *open_game(const struct rules_args *a, void **pos)
{
	char err[RULES_ERR_MAX];
	struct rules_game *game = rules_game_new(a->ops, a->options, err,
						 sizeof(err));

	if (game == NULL) {
		cli_error("%s", err);
		return NULL;
	}
	*pos = calloc(1, rules_position_size(game));
	if (*pos == NULL) {
		cli_error("out of memory");
		rules_game_free(game);
		return NULL;
	}
	if (a->position == NULL) {
		a->ops->start(game, *pos);
	} else if (a->ops->position_parse(game, a->position, *pos, err,
					  sizeof(err)) < 0) {
		cli_error("--position: %s", err);
		free(*pos);
		rules_game_free(game);
		return NULL;
	}
	return game;
}

static int cmd_perft(int argc, char **argv)
{
	struct rules_args a;
	struct rules_game *game;
	void *pos;
	int rc = parse_args(argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.first_operand < argc) {
		cli_error("rules perft: unexpected argument '%s'",
			  argv[a.first_operand]);
		return EXIT_USAGE;
	}
	if (a.depth == 0) {
		cli_error("rules perft: --depth D is required");
		return EXIT_USAGE;
	}
	game = open_game(&a, &pos);
	if (game == NULL)
		return EXIT_REFUSED;
	for (unsigned d = 1; d <= (unsigned)a.depth; d++) {
		printf("depth %u: %" PRIu64 "\n", d, rules_perft(game, pos, d));
		fflush(stdout);
	}
	free(pos);
	rules_game_free(game);
	return EXIT_OK;
}

static int cmd_solve(int argc, char **argv)
{
	struct rules_args a;
	struct rules_game *game;
	void *pos;
	int rc = parse_args(argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.first_operand < argc) {
		cli_error("rules solve: unexpected argument '%s'",
			  argv[a.first_operand]);
		return EXIT_USAGE;
	}
	game = open_game(&a, &pos);
	if (game == NULL)
		return EXIT_REFUSED;
	a.solve.json = a.json;
	rc = rules_solve_run(game, pos, &a.solve);
	free(pos);
	rules_game_free(game);
	return rc;
}

/* {"seat": value} for the seats in play in `game`. */
static void print_seat_map(FILE *out, const struct rules_game *game,
			   const int *values)
{
	const struct rules *ops = game->ops;

	fputc('{', out);
	for (int s = 0; s < rules_game_seats(game); s++) {
		if (s)
			fputc(',', out);
		cli_json_string(out, rules_seat_name(ops, s));
		fprintf(out, ":%d", values[s]);
	}
	fputc('}', out);
}

static void print_json(const struct rules_game *game, const void *pos,
		       int plies)
{
	const struct rules *ops = game->ops;
	struct rules_turn turn = ops->to_move(game, pos);
	struct rules_result r;
	char text[TEXT_MAX];

	ops->result(game, pos, &r);
	if (ops->position_format(game, pos, RULES_TEXT_FULL, text,
				 sizeof(text)) < 0)
		text[0] = '\0';
	printf("{\"game\":");
	cli_json_string(stdout, ops->name);
	printf(",\"options\":");
	cli_json_string(stdout, rules_game_options(game));
	printf(",\"position\":");
	cli_json_string(stdout, text);
	printf(",\"plies\":%d,\"to_move\":", plies);
	if (turn.seat < 0)
		printf("null");
	else
		cli_json_string(stdout, rules_seat_name(ops, turn.seat));
	printf(",\"member\":%d,\"over\":%s,\"%s\":", turn.seat < 0 ? 0 :
	       turn.member + 1, r.verdict == RULES_ONGOING ? "false" : "true",
	       ops->score_name);
	print_seat_map(stdout, game, r.score);
	printf(",\"winner\":");
	switch (r.verdict) {
	case RULES_WIN:
		cli_json_string(stdout, rules_seat_name(ops, r.winner));
		break;
	case RULES_DRAW:
		printf("\"draw\"");
		break;
	case RULES_VOID:
		printf("\"void\"");
		break;
	case RULES_ONGOING:
		printf("null");
		break;
	}
	printf(",\"points\":");
	print_seat_map(stdout, game, r.points);
	printf(",\"hash\":\"%016" PRIx64 "\"}\n", ops->hash(game, pos));
}

static void print_text(const struct rules_game *game, const void *pos)
{
	const struct rules *ops = game->ops;
	struct rules_turn turn = ops->to_move(game, pos);
	struct rules_result r;
	char text[TEXT_MAX];

	ops->result(game, pos, &r);
	if (ops->position_format(game, pos, RULES_TEXT_FULL, text,
				 sizeof(text)) < 0)
		text[0] = '\0';
	printf("position: %s\n", text);
	if (turn.seat >= 0) {
		printf("to move:  %s", rules_seat_name(ops, turn.seat));
		if (turn.members > 1)
			printf(" (member %d of %d)", turn.member + 1,
			       turn.members);
		putchar('\n');
	}
	printf("%s:", ops->score_name);
	for (int s = 0; s < rules_game_seats(game); s++)
		printf("%s%s %d", s ? ", " : "  ", rules_seat_name(ops, s),
		       r.score[s]);
	putchar('\n');
	switch (r.verdict) {
	case RULES_WIN:
		printf("result:   %s wins", rules_seat_name(ops, r.winner));
		break;
	case RULES_DRAW:
		printf("result:   draw");
		break;
	case RULES_VOID:
		printf("result:   void");
		break;
	case RULES_ONGOING:
		return;
	}
	printf("; points");
	for (int s = 0; s < rules_game_seats(game); s++)
		printf("%s %s %d", s ? "," : "", rules_seat_name(ops, s),
		       r.points[s]);
	putchar('\n');
}

/* Applies one move's text; returns 0 or -1 after saying why. */
static int play_one(const struct rules_game *game, void *pos, int index,
		    const char *text)
{
	struct rules_move move;
	struct rules_outcome out;
	char err[RULES_ERR_MAX];

	if (game->ops->move_parse(game, pos, text, &move, err,
				  sizeof(err)) < 0 ||
	    game->ops->apply(game, pos, &move, &out, err, sizeof(err)) < 0) {
		cli_error("move %d '%s': %s", index, text, err);
		return -1;
	}
	return 0;
}

static int cmd_play(int argc, char **argv)
{
	struct rules_args a;
	struct rules_game *game;
	void *pos;
	int plies = 0, rc = parse_args(argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.depth != 0) {
		cli_error("rules play: --depth belongs to 'rules perft'");
		return EXIT_USAGE;
	}
	game = open_game(&a, &pos);
	if (game == NULL)
		return EXIT_REFUSED;
	rc = EXIT_OK;
	/* An operand may hold several moves: "c f A". */
	for (int i = a.first_operand; i < argc && rc == EXIT_OK; i++) {
		char copy[TEXT_MAX], *save = NULL;

		if (strlen(argv[i]) >= sizeof(copy)) {
			cli_error("move list argument %d is too long", i);
			rc = EXIT_USAGE;
			break;
		}
		strcpy(copy, argv[i]);
		for (char *m = strtok_r(copy, " \t,", &save); m != NULL;
		     m = strtok_r(NULL, " \t,", &save)) {
			if (play_one(game, pos, ++plies, m) < 0) {
				rc = EXIT_REFUSED;
				break;
			}
		}
	}
	if (rc == EXIT_OK) {
		if (a.json)
			print_json(game, pos, plies);
		else
			print_text(game, pos);
	}
	free(pos);
	rules_game_free(game);
	return rc;
}

static int cmd_list(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		cli_error("rules list takes no arguments");
		return EXIT_USAGE;
	}
	for (size_t g = 0; rules_registry[g] != NULL; g++) {
		const struct rules *ops = rules_registry[g];

		printf("%s: %s\n", ops->name, ops->title);
		for (int i = 0; ops->options[i].name != NULL; i++) {
			const struct rules_option *o = &ops->options[i];
			char spell[64];

			switch (o->type) {
			case RULES_OPT_FLAG:
				snprintf(spell, sizeof(spell), "--%s", o->name);
				break;
			case RULES_OPT_INT:
				snprintf(spell, sizeof(spell),
					 "--%s %lld..%lld (%lld)", o->name,
					 o->min, o->max, o->def);
				break;
			case RULES_OPT_CHOICE: {
				size_t used = (size_t)snprintf(spell,
					sizeof(spell), "--%s ", o->name);

				for (int c = 0; o->choices[c] != NULL &&
				     used < sizeof(spell); c++)
					used += (size_t)snprintf(spell + used,
						sizeof(spell) - used, "%s%s",
						c ? "|" : "", o->choices[c]);
				break;
			}
			case RULES_OPT_TEXT:
				snprintf(spell, sizeof(spell), "--%s TEXT",
					 o->name);
				break;
			}
			printf("  %-26s %s\n", spell, o->help);
		}
	}
	return EXIT_OK;
}

static int run_rules(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} commands[] = {
		{ "list", cmd_list },
		{ "perft", cmd_perft },
		{ "play", cmd_play },
		{ "solve", cmd_solve },
	};

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return EXIT_OK;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	cli_error("rules: unknown command '%s' (list, perft, play, solve)", argv[1]);
	return EXIT_USAGE;
}

const struct cli_group cli_rules_group = {
	.name = "rules",
	.summary = "play moves and count positions with the rules engines",
	.run = run_rules,
	.usage = usage,
};
