/*
 * cmd_tournament.c - `pitboss tournament` (create, list, enter, seed,
 * draw, forfeit, withdraw, auto-call): knockout and round-robin
 * tournaments of 40-point series; `show` and `standings` are in
 * cmd_tournament_show.c, `pitboss series` in cmd_series.c.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_tournament.h"
#include "db/series.h"

void tournament_usage(FILE *out)
{
	fprintf(out,
		"usage: %s tournament create NAME [--game GAME] [-o OPTIONS]\n"
		"                          [--target N] [--third-place]\n"
		"                          [--format knockout|round-robin]\n"
		"       %s tournament list [--json]\n"
		"       %s tournament enter T PLAYER...\n"
		"       %s tournament seed T PLAYER SEED\n"
		"       %s tournament draw T [--by-rating] [--random [--seed N]]\n"
		"       %s tournament show T [--json]\n"
		"       %s tournament standings T [--json]\n"
		"       %s tournament forfeit T PLAYER\n"
		"       %s tournament withdraw T PLAYER\n"
		"       %s tournament auto-call T on|off\n"
		"\n"
		"T is a tournament's number or name. Knockout (the default): every\n"
		"pairing is a series to the target (40); the loser is out. Round\n"
		"robin: all play all, one series each, by rounds. Every command takes\n"
		"--db PATH. With auto-call on, a free table takes the next due\n"
		"series by itself; otherwise 'pitboss table assign' calls them.\n"
		"draw --by-rating seeds the entrants not seeded by hand by their\n"
		"rating in the tournament's game, best first ('pitboss rating').\n",
		cli_progname, cli_progname, cli_progname, cli_progname,
		cli_progname, cli_progname, cli_progname, cli_progname,
		cli_progname, cli_progname);
}

void tournament_terms_init(struct tournament_terms *t)
{
	memset(t, 0, sizeof(*t));
	t->game = "kalah";
	t->options = "";
	t->target = SERIES_DEFAULT_TARGET;
}

int tournament_terms_option(struct tournament_terms *t, int c)
{
	switch (c) {
	case TERMS_OPT_GAME:
		t->game = optarg;
		return 1;
	case TERMS_OPT_OPTIONS:
		t->options = optarg;
		return 1;
	case TERMS_OPT_TARGET:
		if (cli_parse_int("--target", optarg, 1, SERIES_TARGET_MAX,
				  &t->target) < 0)
			return -1;
		return 1;
	}
	return 0;
}

/* "kalah" + "seeds=6 pie" -> canonical options; exit code. */
int tournament_terms_check(struct tournament_terms *t)
{
	const struct rules *ops = rules_find(t->game);
	struct rules_game *g;
	char err[RULES_ERR_MAX];

	if (ops == NULL) {
		cli_error("unknown game '%s' (see 'pitboss rules list')",
			  t->game);
		return EXIT_USAGE;
	}
	g = rules_game_new(ops, t->options, err, sizeof(err));
	if (g == NULL) {
		cli_error("%s", err);
		return EXIT_REFUSED;
	}
	if (ops->seats != 2) {
		rules_game_free(g);
		cli_error("%s has %d seats; series are between two sides",
			  t->game, ops->seats);
		return EXIT_REFUSED;
	}
	snprintf(t->canon, sizeof(t->canon), "%s", rules_game_options(g));
	rules_game_free(g);
	return EXIT_OK;
}

enum { OPT_THIRD = 3000, OPT_RANDOM, OPT_SEED, OPT_FORMAT, OPT_BY_RATING };

static int tournament_create(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		TOURNAMENT_TERMS_OPTIONS,
		{ "third-place", no_argument, NULL, OPT_THIRD },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ 0 }
	};
	struct cli_common co = { 0 };
	struct tournament_terms terms;
	const char *format = DB_FORMAT_KNOCKOUT;
	int third = 0, c, rc;
	struct db *db;
	int64_t id = 0;

	tournament_terms_init(&terms);
	while ((c = getopt_long(argc, argv, "o:", lo, NULL)) != -1) {
		if ((rc = tournament_terms_option(&terms, c)) != 0) {
			if (rc < 0)
				return EXIT_USAGE;
			continue;
		}
		switch (c) {
		CLI_COMMON_CASES(co, tournament_usage, "tournament create", argv);
		case OPT_THIRD:
			third = 1;
			break;
		case OPT_FORMAT:
			format = optarg;
			if (strcmp(format, DB_FORMAT_KNOCKOUT) != 0 &&
			    strcmp(format, DB_FORMAT_ROUND_ROBIN) != 0) {
				cli_error("--format: knockout or round-robin, "
					  "not '%s'", format);
				return EXIT_USAGE;
			}
			break;
		}
	}
	if (third && strcmp(format, DB_FORMAT_ROUND_ROBIN) == 0) {
		cli_error("--third-place is for a knockout");
		return EXIT_USAGE;
	}
	if (cli_operands("tournament create", argc, argv, 1, 1) != EXIT_OK)
		return EXIT_USAGE;
	if ((rc = tournament_terms_check(&terms)) != EXIT_OK)
		return rc;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_tournament_create(db, argv[optind],
						    terms.game, terms.canon,
						    (int)terms.target, third,
						    &id));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_tournament_set_format(db, id, format));
	if (rc == EXIT_OK)
		printf("tournament %" PRId64 " created: %s (%s%s%s, %s, series to %ld%s)\n",
		       id, argv[optind], terms.game, terms.canon[0] ? " " : "",
		       terms.canon, format, terms.target,
		       third ? ", third-place series" : "");
	db_close(db);
	return rc;
}

/* Options --db/--json/--help only, and `min`..`max` operands. */
int tournament_args(const char *command, int argc, char **argv,
		       struct cli_common *co, int min, int max)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	int c;

	memset(co, 0, sizeof(*co));
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(*co, tournament_usage, command, argv);
		}
	}
	if (cli_operands(command, argc, argv, min, max) != EXIT_OK)
		return EXIT_USAGE;
	return -1;
}

/* Opens the store and finds the tournament named by argv[optind]. */
int tournament_open(const struct cli_common *co, unsigned flags,
			   const char *which, struct db **db,
			   struct db_tournament_info *t)
{
	int rc = cli_db_open(co->db, flags, db);

	if (rc != EXIT_OK)
		return rc;
	rc = cli_db_result(*db, db_tournament_find(*db, which, t));
	if (rc != EXIT_OK) {
		db_close(*db);
		*db = NULL;
	}
	return rc;
}

static int tournament_enter(int argc, char **argv)
{
	struct db_tournament_info t;
	struct cli_common co;
	struct db_player p;
	struct db *db;
	int rc = tournament_args("tournament enter", argc, argv, &co, 2, -1);

	if (rc >= 0)
		return rc;
	if ((rc = tournament_open(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
		return rc;
	for (int i = optind + 1; i < argc && rc == EXIT_OK; i++) {
		rc = cli_db_result(db, db_player_find(db, argv[i], &p));
		if (rc == EXIT_OK)
			rc = cli_db_result(db, db_tournament_enter(db, t.id,
								   p.id));
		if (rc == EXIT_OK)
			printf("%s entered in %s\n", p.name, t.name);
	}
	db_close(db);
	return rc;
}

static int tournament_seed(int argc, char **argv)
{
	struct db_tournament_info t;
	struct cli_common co;
	struct db_player p;
	struct db *db;
	long seed;
	int rc = tournament_args("tournament seed", argc, argv, &co, 3, 3);

	if (rc >= 0)
		return rc;
	if (cli_parse_int("seed", argv[optind + 2], 0, 256, &seed) < 0)
		return EXIT_USAGE;
	if ((rc = tournament_open(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_find(db, argv[optind + 1], &p));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_tournament_seed(db, t.id, p.id,
							  (int)seed));
	if (rc == EXIT_OK)
		printf("%s seeded %ld in %s\n", p.name, seed, t.name);
	db_close(db);
	return rc;
}

/* The draw made, as the arbiter reads it. */
static void draw_said(const char *name, int by_rating, int seeded,
		      int random, uint64_t seed)
{
	if (by_rating)
		printf("%d entrant%s seeded by rating\n", seeded,
		       seeded == 1 ? "" : "s");
	if (random)
		printf("%s drawn at random with seed %" PRIu64
		       " (the same seed gives the same draw)\n", name, seed);
	else
		printf("%s drawn by seed and entry order\n", name);
}

static int tournament_draw(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "random", no_argument, NULL, OPT_RANDOM },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "by-rating", no_argument, NULL, OPT_BY_RATING },
		{ 0 }
	};
	struct db_tournament_info t;
	struct cli_common co = { 0 };
	uint64_t seed = 0;
	int random = 0, have_seed = 0, by_rating = 0, seeded = 0, c, rc;
	struct db *db;
	char *end;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, tournament_usage, "tournament draw", argv);
		case OPT_RANDOM:
			random = 1;
			break;
		case OPT_BY_RATING:
			by_rating = 1;
			break;
		case OPT_SEED:
			seed = strtoull(optarg, &end, 10);
			if (optarg[0] < '0' || optarg[0] > '9' || *end != '\0') {
				cli_error("--seed: '%s' is not a whole number",
					  optarg);
				return EXIT_USAGE;
			}
			have_seed = random = 1;
			break;
		}
	}
	if (cli_operands("tournament draw", argc, argv, 1, 1) != EXIT_OK)
		return EXIT_USAGE;
	if (random && !have_seed &&
	    getrandom(&seed, sizeof(seed), 0) != (ssize_t)sizeof(seed)) {
		cli_error("tournament draw: no random seed available; give --seed N");
		return EXIT_REFUSED;
	}
	if ((rc = tournament_open(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, by_rating ?
			   db_tournament_draw_by_rating(db, t.id, random, seed,
							&seeded) :
			   db_tournament_draw(db, t.id, random, seed));
	if (rc == EXIT_OK)
		draw_said(t.name, by_rating, seeded, random, seed);
	db_close(db);
	return rc;
}

/* forfeit and withdraw: T PLAYER. */
static int tournament_player_action(int argc, char **argv, const char *command,
				    int (*action)(struct db *, int64_t, int64_t),
				    const char *done)
{
	struct db_tournament_info t;
	struct cli_common co;
	struct db_player p;
	struct db *db;
	int rc = tournament_args(command, argc, argv, &co, 2, 2);

	if (rc >= 0)
		return rc;
	if ((rc = tournament_open(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_find(db, argv[optind + 1], &p));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, action(db, t.id, p.id));
	if (rc == EXIT_OK)
		printf("%s %s %s\n", p.name, done, t.name);
	db_close(db);
	return rc;
}

static int tournament_forfeit(int argc, char **argv)
{
	return tournament_player_action(argc, argv, "tournament forfeit",
					db_tournament_forfeit,
					"forfeits the current match of");
}

static int tournament_withdraw(int argc, char **argv)
{
	return tournament_player_action(argc, argv, "tournament withdraw",
					db_tournament_withdraw,
					"withdrawn from");
}

/* auto-call T on|off: the next due series goes to the next free table. */
static int tournament_auto_call(int argc, char **argv)
{
	struct db_tournament_info t;
	struct cli_common co;
	struct db *db;
	int rc = tournament_args("tournament auto-call", argc, argv, &co, 2, 2);
	const char *word;
	int on;

	if (rc >= 0)
		return rc;
	word = argv[optind + 1];
	on = strcmp(word, "on") == 0;
	if (!on && strcmp(word, "off") != 0) {
		cli_error("tournament auto-call: 'on' or 'off', not '%s'",
			  word);
		return EXIT_USAGE;
	}
	if ((rc = tournament_open(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_tournament_auto_call(db, t.id, on));
	if (rc == EXIT_OK)
		printf("%s: auto call %s\n", t.name, on ? "on: free tables "
		       "take the next due series" : "off: the arbiter calls "
		       "series to tables");
	db_close(db);
	return rc;
}

struct tlist_ctx {
	int json, n;
	struct cli_table *table;
};

static int tlist_each(void *ctx, const struct db_tournament_info *t)
{
	struct tlist_ctx *l = ctx;
	char id[24], entrants[16], target[16];

	if (l->json) {
		struct cli_json j;

		tournament_json(&j, t, l->n);
		cli_json_close(&j);
	} else {
		snprintf(id, sizeof(id), "%" PRId64, t->id);
		snprintf(entrants, sizeof(entrants), "%d", t->entrants);
		snprintf(target, sizeof(target), "%d", t->target);
		cli_table_row(l->table, id, t->name, t->kind, target, entrants,
			      t->status, t->champion_name[0] ? t->champion_name : "-");
	}
	l->n++;
	return 0;
}

static int tournament_list(int argc, char **argv)
{
	struct cli_common co;
	struct tlist_ctx l = { 0 };
	struct db *db;
	int rc = tournament_args("tournament list", argc, argv, &co, 0, 0);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	l.json = co.json;
	if (l.json)
		putchar('[');
	else
		l.table = cli_table_new(7, "ID", "NAME", "GAME", "TARGET",
					"ENTRANTS", "STATUS", "CHAMPION");
	rc = cli_db_result(db, db_tournament_list(db, tlist_each, &l));
	if (l.json) {
		printf("]\n");
	} else {
		if (rc == EXIT_OK)
			cli_table_print(l.table, stdout);
		cli_table_free(l.table);
	}
	db_close(db);
	return rc;
}

static int run_tournament(int argc, char **argv)
{
	static const struct cli_command commands[] = {
		{ "create", tournament_create },
		{ "list", tournament_list },
		{ "enter", tournament_enter },
		{ "seed", tournament_seed },
		{ "draw", tournament_draw },
		{ "show", tournament_show },
		{ "standings", tournament_standings },
		{ "forfeit", tournament_forfeit },
		{ "withdraw", tournament_withdraw },
		{ "auto-call", tournament_auto_call },
	};

	return cli_dispatch("tournament", commands,
			    sizeof(commands) / sizeof(commands[0]),
			    tournament_usage, argc, argv);
}

const struct cli_group cli_tournament_group = {
	.name = "tournament",
	.summary = "knockout tournaments: create, enter, seed, draw, show, standings",
	.run = run_tournament,
	.usage = tournament_usage,
};
