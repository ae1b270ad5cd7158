/*
 * cmd_tournament.c - `pitboss tournament` (create, list, enter, seed,
 * draw, show, standings, forfeit, withdraw) and `pitboss series`
 * (start, show): knockout tournaments of 40-point series.
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
#include "db/roundrobin.h"
#include "db/series.h"

static void tournament_usage(FILE *out)
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

/* "kalah" + "seeds=6 pie" -> canonical options; exit code. */
static int game_options(const char *game, const char *options, char *canon,
			size_t len)
{
	const struct rules *ops = rules_find(game);
	struct rules_game *g;
	char err[RULES_ERR_MAX];

	if (ops == NULL) {
		cli_error("unknown game '%s' (see 'pitboss rules list')", game);
		return EXIT_USAGE;
	}
	g = rules_game_new(ops, options, err, sizeof(err));
	if (g == NULL) {
		cli_error("%s", err);
		return EXIT_REFUSED;
	}
	if (ops->seats != 2) {
		rules_game_free(g);
		cli_error("%s has %d seats; series are between two sides", game,
			  ops->seats);
		return EXIT_REFUSED;
	}
	snprintf(canon, len, "%s", rules_game_options(g));
	rules_game_free(g);
	return EXIT_OK;
}

enum { OPT_GAME = 'g', OPT_OPTIONS = 'o', OPT_TARGET = 't',
       OPT_THIRD = 3000, OPT_RANDOM, OPT_SEED, OPT_FIRST, OPT_FORMAT,
       OPT_BY_RATING };

static int tournament_create(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "game", required_argument, NULL, OPT_GAME },
		{ "option", required_argument, NULL, OPT_OPTIONS },
		{ "target", required_argument, NULL, OPT_TARGET },
		{ "third-place", no_argument, NULL, OPT_THIRD },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ 0 }
	};
	struct cli_common co = { 0 };
	const char *game = "kalah", *options = "", *format = DB_FORMAT_KNOCKOUT;
	char canon[DB_TEXT_MAX];
	long target = SERIES_DEFAULT_TARGET;
	int third = 0, c, rc;
	struct db *db;
	int64_t id = 0;

	while ((c = getopt_long(argc, argv, "o:", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, tournament_usage, "tournament create", argv);
		case OPT_GAME:
			game = optarg;
			break;
		case OPT_OPTIONS:
			options = optarg;
			break;
		case OPT_TARGET:
			if (cli_parse_int("--target", optarg, 1,
					  SERIES_TARGET_MAX, &target) < 0)
				return EXIT_USAGE;
			break;
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
	if ((rc = game_options(game, options, canon, sizeof(canon))) != EXIT_OK)
		return rc;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_tournament_create(db, argv[optind], game,
						    canon, (int)target, third,
						    &id));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_tournament_set_format(db, id, format));
	if (rc == EXIT_OK)
		printf("tournament %" PRId64 " created: %s (%s%s%s, %s, series to %ld%s)\n",
		       id, argv[optind], game, canon[0] ? " " : "", canon,
		       format, target, third ? ", third-place series" : "");
	db_close(db);
	return rc;
}

/* Options --db/--json/--help only, and `min`..`max` operands. */
static int simple_args(const char *command, int argc, char **argv,
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
static int open_tournament(const struct cli_common *co, unsigned flags,
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
	int rc = simple_args("tournament enter", argc, argv, &co, 2, -1);

	if (rc >= 0)
		return rc;
	if ((rc = open_tournament(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
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
	int rc = simple_args("tournament seed", argc, argv, &co, 3, 3);

	if (rc >= 0)
		return rc;
	if (cli_parse_int("seed", argv[optind + 2], 0, 256, &seed) < 0)
		return EXIT_USAGE;
	if ((rc = open_tournament(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
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
	if ((rc = open_tournament(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
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

static const char *round_name(const struct db_bracket_match *m, int rounds,
			      char *buf, size_t len)
{
	if (rounds == 0) {	/* a round robin */
		snprintf(buf, len, "round %d", m->round);
		return buf;
	}
	if (m->third_place)
		return "third place";
	if (m->round == rounds)
		return "final";
	if (m->round == rounds - 1)
		return "semi-final";
	snprintf(buf, len, "round %d", m->round);
	return buf;
}

struct show_ctx;
static int show_row(struct show_ctx *s, const struct db_bracket_match *m);

struct show_ctx {
	int json, n, rounds;
	struct cli_table *table;
	char name[RR_MAX + 1][NAMES_MAX_BYTES];	/* by seed (round robin) */
};

static int show_each(void *ctx, const struct db_bracket_match *m)
{
	struct show_ctx *s = ctx;

	for (int k = 0; k < 2; k++)
		if (m->seed[k] > 0 && m->seed[k] <= RR_MAX)
			snprintf(s->name[m->seed[k]], sizeof(s->name[0]), "%s",
				 m->name[k]);
	return show_row(s, m);
}

static int show_row(struct show_ctx *s, const struct db_bracket_match *m)
{
	char match[16], round[24], series[24], score[32], a[300], b[300];
	const char *result;

	if (s->json) {
		printf("%s{\"match\":%d,\"round\":%d,\"third_place\":%s,",
		       s->n ? "," : "", m->match, m->round,
		       m->third_place ? "true" : "false");
		for (int k = 0; k < 2; k++) {
			printf("\"%s\":", k ? "b" : "a");
			if (m->player[k] == 0) {
				printf("null,");
				continue;
			}
			printf("{\"player\":%" PRId64 ",\"seed\":%d,"
			       "\"seeded\":%s,\"name\":", m->player[k],
			       m->seed[k], m->seeded[k] ? "true" : "false");
			cli_json_string(stdout, m->name[k]);
			printf(",\"total\":%d},", m->total[k]);
		}
		printf("\"series\":");
		if (m->series_id)
			printf("%" PRId64, m->series_id);
		else
			printf("null");
		printf(",\"decided\":\"%s\",\"winner\":", m->how);
		if (m->winner)
			printf("%" PRId64 "}", m->winner);
		else
			printf("null}");
		s->n++;
		return 0;
	}
	snprintf(match, sizeof(match), "%d", m->match + 1);
	for (int k = 0; k < 2; k++) {
		char *out = k ? b : a;

		if (m->player[k] && m->seeded[k])
			snprintf(out, 300, "%s (%d)", m->name[k], m->seed[k]);
		else if (m->player[k])
			snprintf(out, 300, "%s", m->name[k]);
		else
			snprintf(out, 300, "%s", m->name[k][0] ? m->name[k] : "?");
	}
	if (m->series_id)
		snprintf(series, sizeof(series), "%" PRId64, m->series_id);
	else
		snprintf(series, sizeof(series), "-");
	if (m->series_id)
		snprintf(score, sizeof(score), "%d-%d", m->total[0], m->total[1]);
	else
		snprintf(score, sizeof(score), "-");
	if (strcmp(m->how, "pending") == 0)
		result = m->series_id ? "playing" : "waiting";
	else if (m->winner == m->player[0])
		result = strcmp(m->how, "played") == 0 ? "A wins" : m->how;
	else
		result = strcmp(m->how, "played") == 0 ? "B wins" : m->how;
	if (strcmp(m->how, "forfeit") == 0 || strcmp(m->how, "withdrawal") == 0) {
		static char text[48];

		snprintf(text, sizeof(text), "%s by %s",
			 m->winner == m->player[0] ? "A wins" : "B wins", m->how);
		result = text;
	}
	cli_table_row(s->table, match,
		      round_name(m, s->rounds, round, sizeof(round)), a, b,
		      series, score, result);
	s->n++;
	return 0;
}

static int rounds_of(int entrants)
{
	int rounds = 0;

	for (int size = 1; size < entrants; size *= 2)
		rounds++;
	return rounds;
}

static void tournament_info_json(const struct db_tournament_info *t)
{
	printf("\"id\":%" PRId64 ",\"name\":", t->id);
	cli_json_string(stdout, t->name);
	printf(",\"game\":");
	cli_json_string(stdout, t->kind);
	printf(",\"options\":");
	cli_json_string(stdout, t->options);
	printf(",\"target\":%d,\"third_place\":%s,\"status\":\"%s\","
	       "\"entrants\":%d,\"random_seed\":", t->target,
	       t->third_place ? "true" : "false", t->status, t->entrants);
	if (t->random)
		printf("\"%" PRIu64 "\"", t->random_seed);
	else
		printf("null");
	printf(",\"champion\":");
	cli_json_text_or_null(stdout, t->champion_name);
	printf(",\"auto_call\":%s,\"format\":\"%s\"",
	       t->auto_call ? "true" : "false", t->format);
}

/* A round robin of an odd field: who has the bye in each round. */
static void rr_byes(const struct show_ctx *s, int n)
{
	if (n % 2 == 0 || rr_rounds(n) < 0)
		return;
	printf("\nbyes:      ");
	for (int r = 1; r <= rr_rounds(n); r++)
		printf("%sround %d %s", r > 1 ? ", " : "", r,
		       s->name[rr_bye(n, r)]);
	putchar('\n');
}

static int tournament_show(int argc, char **argv)
{
	struct db_tournament_info t;
	struct cli_common co;
	struct show_ctx *s = calloc(1, sizeof(*s));
	struct db *db;
	int rc = s == NULL ? EXIT_REFUSED :
		 simple_args("tournament show", argc, argv, &co, 1, 1);

	if (rc >= 0 || (rc = open_tournament(&co, DB_OPEN_READONLY,
					       argv[optind], &db, &t)) != EXIT_OK) {
		free(s);
		return rc;
	}
	s->json = co.json;
	s->rounds = strcmp(t.format, DB_FORMAT_ROUND_ROBIN) == 0 ? 0 :
		   rounds_of(t.entrants);
	if (co.json) {
		fputc('{', stdout);
		tournament_info_json(&t);
		printf(",\"matches\":[");
	} else {
		printf("tournament %" PRId64 ": %s\n", t.id, t.name);
		printf("game:       %s%s%s, series to %d%s%s\n", t.kind,
		       t.options[0] ? " " : "", t.options, t.target,
		       t.third_place ? ", third-place series" : "",
		       s->rounds == 0 ? ", round robin" : "");
		printf("status:     %s, %d entrant%s\n", t.status, t.entrants,
		       t.entrants == 1 ? "" : "s");
		if (t.random)
			printf("draw:       random, seed %" PRIu64 "\n",
			       t.random_seed);
		if (t.champion_name[0])
			printf("champion:   %s\n", t.champion_name);
		s->table = cli_table_new(7, "MATCH", "ROUND", "A", "B", "SERIES",
					"SCORE", "RESULT");
	}
	if (strcmp(t.status, "entry") != 0)
		rc = cli_db_result(db, db_tournament_bracket(db, t.id, show_each,
							     s));
	if (co.json) {
		printf("]}\n");
	} else {
		if (rc == EXIT_OK && s->n > 0) {
			putchar('\n');
			cli_table_print(s->table, stdout);
		}
		cli_table_free(s->table);
		if (rc == EXIT_OK && s->rounds == 0 &&
		    strcmp(t.status, "entry") != 0)
			rr_byes(s, t.entrants);
	}
	free(s);
	db_close(db);
	return rc;
}

static void status_text(const struct standing *r, char *buf, size_t len)
{
	switch (r->status) {
	case STANDING_ELIMINATED:
		snprintf(buf, len, "out in round %d by %s%s", r->out_round,
			 r->out_by, r->out_forfeit ? " (forfeit)" : "");
		break;
	default:
		snprintf(buf, len, "%s", standings_status_name(r->status));
	}
}

/* A round robin's standings: points, then the tie-breaks, and which
 * one ranks each player above the next. */
static void rr_standings(const struct db_tournament_info *t,
			 const struct standing *rows, size_t n, int json)
{
	struct cli_table *table = NULL;

	if (json) {
		putchar('{');
		tournament_info_json(t);
		printf(",\"standings\":[");
	} else {
		table = cli_table_new(10, "#", "PLAYER", "POINTS", "H2H", "SB",
				      "DIFF", "FOR", "SERIES W-L",
				      "GAMES W-L-D", "ABOVE THE NEXT BY");
	}
	for (size_t i = 0; i < n; i++) {
		const struct standing *r = &rows[i];
		char c[8][48];

		if (json) {
			printf("%s{\"rank\":%zu,\"player\":%" PRId64
			       ",\"name\":", i ? "," : "", i + 1, r->player_id);
			cli_json_string(stdout, r->name);
			printf(",\"seed\":%d,\"seeded\":%s,\"status\":\"%s\","
			       "\"points\":%d,"
			       "\"head_to_head\":%d,\"sonneborn_berger\":%d,"
			       "\"series_won\":%d,\"series_lost\":%d,"
			       "\"games_won\":%d,\"games_lost\":%d,"
			       "\"games_drawn\":%d,\"points_for\":%d,"
			       "\"points_against\":%d,\"above_next_by\":",
			       r->seed, r->seeded ? "true" : "false",
			       standings_status_name(r->status),
			       r->points, r->head_to_head, r->sonneborn_berger,
			       r->series_won, r->series_lost, r->games_won,
			       r->games_lost, r->games_drawn, r->points_for,
			       r->points_against);
			cli_json_string(stdout, r->separated_by);
			putchar('}');
			continue;
		}
		snprintf(c[0], sizeof(c[0]), "%zu", i + 1);
		snprintf(c[1], sizeof(c[1]), "%d", r->points);
		snprintf(c[2], sizeof(c[2]), "%d", r->head_to_head);
		snprintf(c[3], sizeof(c[3]), "%d", r->sonneborn_berger);
		snprintf(c[4], sizeof(c[4]), "%+d",
			 r->points_for - r->points_against);
		snprintf(c[5], sizeof(c[5]), "%d", r->points_for);
		snprintf(c[6], sizeof(c[6]), "%d-%d", r->series_won,
			 r->series_lost);
		snprintf(c[7], sizeof(c[7]), "%d-%d-%d", r->games_won,
			 r->games_lost, r->games_drawn);
		cli_table_row(table, c[0], r->name, c[1], c[2], c[3], c[4],
			      c[5], c[6], c[7],
			      r->separated_by ? r->separated_by : "-");
	}
	if (json) {
		printf("]}\n");
		return;
	}
	printf("%s standings (round robin, %s)\n\n", t->name, t->status);
	cli_table_print(table, stdout);
	cli_table_free(table);
}

static int tournament_standings(int argc, char **argv)
{
	struct db_tournament_info t;
	struct standing *rows = NULL;
	struct cli_common co;
	struct cli_table *table;
	struct db *db;
	size_t n = 0;
	int rc = simple_args("tournament standings", argc, argv, &co, 1, 1);

	if (rc >= 0)
		return rc;
	if ((rc = open_tournament(&co, DB_OPEN_READONLY, argv[optind], &db,
				  &t)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_tournament_standings(db, t.id, &rows, &n));
	if (rc != EXIT_OK) {
		db_close(db);
		return rc;
	}
	if (strcmp(t.format, DB_FORMAT_ROUND_ROBIN) == 0) {
		rr_standings(&t, rows, n, co.json);
	} else if (co.json) {
		putchar('{');
		tournament_info_json(&t);
		printf(",\"standings\":[");
		for (size_t i = 0; i < n; i++) {
			const struct standing *r = &rows[i];

			printf("%s{\"rank\":%zu,\"player\":%" PRId64 ",\"name\":",
			       i ? "," : "", i + 1, r->player_id);
			cli_json_string(stdout, r->name);
			printf(",\"seed\":%d,\"seeded\":%s,\"round_reached\":%d,"
			       "\"status\":\"%s\",\"out_round\":", r->seed,
			       r->seeded ? "true" : "false", r->round_reached,
			       standings_status_name(r->status));
			if (r->status == STANDING_ELIMINATED) {
				printf("%d,\"out_by\":", r->out_round);
				cli_json_string(stdout, r->out_by);
			} else {
				printf("null,\"out_by\":null");
			}
			printf(",\"forfeit\":%s,\"series_won\":%d,"
			       "\"series_lost\":%d,\"games_won\":%d,"
			       "\"games_lost\":%d,\"games_drawn\":%d,"
			       "\"points_for\":%d,\"points_against\":%d}",
			       r->out_forfeit ? "true" : "false", r->series_won,
			       r->series_lost, r->games_won, r->games_lost,
			       r->games_drawn, r->points_for, r->points_against);
		}
		printf("]}\n");
	} else {
		table = cli_table_new(10, "#", "PLAYER", "SEED", "ROUND",
				      "STATUS", "SERIES W-L", "GAMES W-L-D",
				      "FOR", "AGAINST", "DIFF");
		for (size_t i = 0; i < n; i++) {
			const struct standing *r = &rows[i];
			char rank[24], seed[16], round[16], status[320],
			     series[32], games[48], pf[16], pa[16], diff[16];

			snprintf(rank, sizeof(rank), "%zu", i + 1);
			if (r->seeded)
				snprintf(seed, sizeof(seed), "%d", r->seed);
			else
				snprintf(seed, sizeof(seed), "-");
			snprintf(round, sizeof(round), "%d", r->round_reached);
			status_text(r, status, sizeof(status));
			snprintf(series, sizeof(series), "%d-%d", r->series_won,
				 r->series_lost);
			snprintf(games, sizeof(games), "%d-%d-%d", r->games_won,
				 r->games_lost, r->games_drawn);
			snprintf(pf, sizeof(pf), "%d", r->points_for);
			snprintf(pa, sizeof(pa), "%d", r->points_against);
			snprintf(diff, sizeof(diff), "%+d",
				 r->points_for - r->points_against);
			cli_table_row(table, rank, r->name, seed, round, status,
				      series, games, pf, pa, diff);
		}
		printf("%s standings (%s)\n\n", t.name, t.status);
		cli_table_print(table, stdout);
		cli_table_free(table);
	}
	free(rows);
	db_close(db);
	return EXIT_OK;
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
	int rc = simple_args(command, argc, argv, &co, 2, 2);

	if (rc >= 0)
		return rc;
	if ((rc = open_tournament(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
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
	int rc = simple_args("tournament auto-call", argc, argv, &co, 2, 2);
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
	if ((rc = open_tournament(&co, 0, argv[optind], &db, &t)) != EXIT_OK)
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
		printf("%s{", l->n ? "," : "");
		tournament_info_json(t);
		putchar('}');
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
	int rc = simple_args("tournament list", argc, argv, &co, 0, 0);

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

/* ------------------------------------------------------------- series */

static void series_usage(FILE *out)
{
	fprintf(out,
		"usage: %s series start PLAYER-A PLAYER-B [--game GAME] [-o OPTIONS]\n"
		"                      [--target N] [--first A|B|lot]\n"
		"       %s series show SERIES [--json]\n"
		"\n"
		"A series is played to the target (40): each game adds the\n"
		"patent's points; the first move alternates game by game, the\n"
		"first game's first mover drawn by lot unless --first is given.\n"
		"Tournament series are started by the draw. Both take --db PATH.\n",
		cli_progname, cli_progname);
}

static int series_start(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "game", required_argument, NULL, OPT_GAME },
		{ "option", required_argument, NULL, OPT_OPTIONS },
		{ "target", required_argument, NULL, OPT_TARGET },
		{ "first", required_argument, NULL, OPT_FIRST },
		{ 0 }
	};
	struct cli_common co = { 0 };
	const char *game = "kalah", *options = "";
	char canon[DB_TEXT_MAX];
	long target = SERIES_DEFAULT_TARGET;
	struct db_player a, b;
	struct db_series_info s;
	int first = -1, c, rc;
	struct db *db;
	int64_t id = 0;

	while ((c = getopt_long(argc, argv, "o:", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, series_usage, "series start", argv);
		case OPT_GAME:
			game = optarg;
			break;
		case OPT_OPTIONS:
			options = optarg;
			break;
		case OPT_TARGET:
			if (cli_parse_int("--target", optarg, 1,
					  SERIES_TARGET_MAX, &target) < 0)
				return EXIT_USAGE;
			break;
		case OPT_FIRST:
			if (strcmp(optarg, "A") == 0)
				first = 0;
			else if (strcmp(optarg, "B") == 0)
				first = 1;
			else if (strcmp(optarg, "lot") == 0)
				first = -1;
			else {
				cli_error("--first: '%s' is not A, B or lot",
					  optarg);
				return EXIT_USAGE;
			}
			break;
		}
	}
	if (cli_operands("series start", argc, argv, 2, 2) != EXIT_OK)
		return EXIT_USAGE;
	if ((rc = game_options(game, options, canon, sizeof(canon))) != EXIT_OK)
		return rc;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_find(db, argv[optind], &a));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_player_find(db, argv[optind + 1], &b));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_series_start(db, game, canon,
						       (int)target, a.id, b.id,
						       first, &id));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_series_get(db, id, &s));
	if (rc == EXIT_OK)
		printf("series %" PRId64 " started: %s v %s to %d; %s moves first in game 1 (%s)\n",
		       id, a.name, b.name, s.target, s.name[s.first],
		       s.first_how);
	db_close(db);
	return rc;
}

struct sgames_ctx {
	struct db_game_info *games;
	size_t n, cap;
};

static int sgames_each(void *ctx, const struct db_game_info *g)
{
	struct sgames_ctx *c = ctx;

	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 16;
		struct db_game_info *grown = realloc(c->games,
						     cap * sizeof(*grown));

		if (grown == NULL)
			return 1;
		c->games = grown;
		c->cap = cap;
	}
	c->games[c->n++] = *g;
	return 0;
}

/* Points of series player k (0 = A) in a game of the series. */
static int points_of(const struct db_series_info *s,
		     const struct db_game_info *g, int k)
{
	int seat = g->side_player[0] == s->player[k] ? 0 : 1;

	return g->points[seat];
}

static int series_show(int argc, char **argv)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	struct cli_common co = { 0 };
	struct db_history_filter f = { 0 };
	struct sgames_ctx games = { 0 };
	struct db_series_info s;
	struct db *db;
	long id;
	int c, rc;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, series_usage, "series show", argv);
		}
	}
	if (cli_operands("series show", argc, argv, 1, 1) != EXIT_OK)
		return EXIT_USAGE;
	if (cli_parse_int("series", argv[optind], 1, 0x7fffffff, &id) < 0)
		return EXIT_USAGE;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_series_get(db, id, &s));
	f.series_id = id;
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_history(db, &f, sgames_each, &games));
	if (rc == EXIT_OK && co.json) {
		printf("{\"id\":%" PRId64 ",\"tournament\":", s.id);
		if (s.tournament_id)
			printf("%" PRId64 ",\"match\":%d", s.tournament_id,
			       s.match + 1);
		else
			printf("null,\"match\":null");
		printf(",\"game\":");
		cli_json_string(stdout, s.kind);
		printf(",\"options\":");
		cli_json_string(stdout, s.options);
		printf(",\"target\":%d,\"a\":{\"player\":%" PRId64 ",\"name\":",
		       s.target, s.player[0]);
		cli_json_string(stdout, s.name[0]);
		printf(",\"total\":%d},\"b\":{\"player\":%" PRId64 ",\"name\":",
		       s.total[0], s.player[1]);
		cli_json_string(stdout, s.name[1]);
		printf(",\"total\":%d},\"first\":\"%s\",\"first_how\":\"%s\","
		       "\"lot_seed\":", s.total[1], s.first ? "B" : "A",
		       s.first_how);
		if (strcmp(s.first_how, "lot") == 0)
			printf("\"%" PRIu64 "\"", s.lot_seed);
		else
			printf("null");
		printf(",\"status\":\"%s\",\"decided_by\":", s.status);
		cli_json_text_or_null(stdout, s.decided_by);
		printf(",\"winner\":");
		if (s.winner >= 0)
			cli_json_string(stdout, s.name[s.winner]);
		else
			printf("null");
		printf(",\"games\":[");
		for (size_t i = games.n; i-- > 0;) {
			const struct db_game_info *g = &games.games[i];

			printf("%s{\"game\":%" PRId64 ",\"no\":%d,\"status\":\"%s\","
			       "\"result\":", i + 1 == games.n ? "" : ",", g->id,
			       g->game_no, g->status);
			cli_json_text_or_null(stdout, g->result);
			printf(",\"points_a\":%d,\"points_b\":%d}",
			       points_of(&s, g, 0), points_of(&s, g, 1));
		}
		printf("]}\n");
	} else if (rc == EXIT_OK) {
		struct cli_table *t = cli_table_new(6, "NO", "GAME", "FIRST",
						    "RESULT", "A", "B");

		printf("series %" PRId64 ": %s (A) v %s (B), %s%s%s to %d\n",
		       s.id, s.name[0], s.name[1], s.kind,
		       s.options[0] ? " " : "", s.options, s.target);
		if (s.tournament_id)
			printf("tournament %" PRId64 ", match %d\n",
			       s.tournament_id, s.match + 1);
		printf("first:  %s in game 1 (%s", s.name[s.first], s.first_how);
		if (strcmp(s.first_how, "lot") == 0)
			printf(", seed %" PRIu64, s.lot_seed);
		printf(")\nscore:  %d-%d, %s", s.total[0], s.total[1], s.status);
		if (s.winner >= 0)
			printf(", %s wins%s%s", s.name[s.winner],
			       strcmp(s.decided_by, "play") ? " by " : "",
			       strcmp(s.decided_by, "play") ? s.decided_by : "");
		printf("\n\n");
		for (size_t i = games.n; i-- > 0;) {
			const struct db_game_info *g = &games.games[i];
			char no[16], id_text[24], pa[16], pb[16], result[64];

			snprintf(no, sizeof(no), "%d", g->game_no);
			snprintf(id_text, sizeof(id_text), "%" PRId64, g->id);
			snprintf(pa, sizeof(pa), "%d", points_of(&s, g, 0));
			snprintf(pb, sizeof(pb), "%d", points_of(&s, g, 1));
			if (strcmp(g->result, "win") == 0)
				snprintf(result, sizeof(result), "%s wins",
					 g->side[g->winner]);
			else
				snprintf(result, sizeof(result), "%s",
					 g->result[0] ? g->result : g->status);
			cli_table_row(t, no, id_text, g->side[g->first_seat],
				      result, pa, pb);
		}
		if (games.n)
			cli_table_print(t, stdout);
		cli_table_free(t);
	}
	free(games.games);
	db_close(db);
	return rc;
}

static int run_series(int argc, char **argv)
{
	static const struct cli_command commands[] = {
		{ "start", series_start },
		{ "show", series_show },
	};

	return cli_dispatch("series", commands,
			    sizeof(commands) / sizeof(commands[0]),
			    series_usage, argc, argv);
}

const struct cli_group cli_series_group = {
	.name = "series",
	.summary = "40-point series between two players: start, show",
	.run = run_series,
	.usage = series_usage,
};
