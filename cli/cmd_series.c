/*
 * cmd_series.c - `pitboss series` (start, show): 40-point series
 * between two players, in a tournament or by themselves.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_tournament.h"
#include "db/series.h"

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

enum { OPT_FIRST = 3000 };

/* --first A|B|lot: the seat of the first game's first mover, -1 by lot. */
static int first_parse(const char *text, int *first)
{
	if (strcmp(text, "A") == 0)
		*first = 0;
	else if (strcmp(text, "B") == 0)
		*first = 1;
	else if (strcmp(text, "lot") == 0)
		*first = -1;
	else {
		cli_error("--first: '%s' is not A, B or lot", text);
		return -1;
	}
	return 0;
}

static int series_start(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		TOURNAMENT_TERMS_OPTIONS,
		{ "first", required_argument, NULL, OPT_FIRST },
		{ 0 }
	};
	struct cli_common co = { 0 };
	struct tournament_terms terms;
	struct db_player a, b;
	struct db_series_info s;
	int first = -1, c, rc;
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
		CLI_COMMON_CASES(co, series_usage, "series start", argv);
		case OPT_FIRST:
			if (first_parse(optarg, &first) < 0)
				return EXIT_USAGE;
			break;
		}
	}
	if (cli_operands("series start", argc, argv, 2, 2) != EXIT_OK)
		return EXIT_USAGE;
	if ((rc = tournament_terms_check(&terms)) != EXIT_OK)
		return rc;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_find(db, argv[optind], &a));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_player_find(db, argv[optind + 1], &b));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_series_start(db, terms.game,
						       terms.canon,
						       (int)terms.target, a.id,
						       b.id, first, &id));
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

/* `series show --json`. */
static void series_json(const struct db_series_info *s,
			const struct sgames_ctx *games)
{
	struct cli_json j, side;

	cli_json_open(&j, stdout, 0);
	cli_json_int(&j, "id", s->id);
	cli_json_id_or_null(&j, "tournament", s->tournament_id);
	if (s->tournament_id)
		cli_json_int(&j, "match", s->match + 1);
	else
		cli_json_null(&j, "match");
	cli_json_str(&j, "game", s->kind);
	cli_json_str(&j, "options", s->options);
	cli_json_int(&j, "target", s->target);
	for (int k = 0; k < 2; k++) {
		cli_json_member(&j, k ? "b" : "a");
		cli_json_open(&side, stdout, 0);
		cli_json_int(&side, "player", s->player[k]);
		cli_json_str(&side, "name", s->name[k]);
		cli_json_int(&side, "total", s->total[k]);
		cli_json_close(&side);
	}
	cli_json_str(&j, "first", s->first ? "B" : "A");
	cli_json_str(&j, "first_how", s->first_how);
	if (strcmp(s->first_how, "lot") == 0)
		cli_json_u64_text(&j, "lot_seed", s->lot_seed);
	else
		cli_json_null(&j, "lot_seed");
	cli_json_str(&j, "status", s->status);
	cli_json_str_or_null(&j, "decided_by", s->decided_by);
	cli_json_str_or_null(&j, "winner", s->winner >= 0 ?
			     s->name[s->winner] : NULL);
	cli_json_member(&j, "games");
	putchar('[');
	for (size_t i = games->n; i-- > 0;) {
		const struct db_game_info *g = &games->games[i];
		struct cli_json game;

		cli_json_open(&game, stdout, i + 1 != games->n);
		cli_json_int(&game, "game", g->id);
		cli_json_int(&game, "no", g->game_no);
		cli_json_str(&game, "status", g->status);
		cli_json_str_or_null(&game, "result", g->result);
		cli_json_int(&game, "points_a", points_of(s, g, 0));
		cli_json_int(&game, "points_b", points_of(s, g, 1));
		cli_json_close(&game);
	}
	putchar(']');
	cli_json_close(&j);
	putchar('\n');
}

/* `series show`: the series and its games' table. */
static void series_text(const struct db_series_info *s,
			const struct sgames_ctx *games)
{
	struct cli_table *t = cli_table_new(6, "NO", "GAME", "FIRST",
					    "RESULT", "A", "B");

	printf("series %" PRId64 ": %s (A) v %s (B), %s%s%s to %d\n",
	       s->id, s->name[0], s->name[1], s->kind,
	       s->options[0] ? " " : "", s->options, s->target);
	if (s->tournament_id)
		printf("tournament %" PRId64 ", match %d\n",
		       s->tournament_id, s->match + 1);
	printf("first:  %s in game 1 (%s", s->name[s->first], s->first_how);
	if (strcmp(s->first_how, "lot") == 0)
		printf(", seed %" PRIu64, s->lot_seed);
	printf(")\nscore:  %d-%d, %s", s->total[0], s->total[1], s->status);
	if (s->winner >= 0)
		printf(", %s wins%s%s", s->name[s->winner],
		       strcmp(s->decided_by, "play") ? " by " : "",
		       strcmp(s->decided_by, "play") ? s->decided_by : "");
	printf("\n\n");
	for (size_t i = games->n; i-- > 0;) {
		const struct db_game_info *g = &games->games[i];
		char no[16], id_text[24], pa[16], pb[16], result[64];

		snprintf(no, sizeof(no), "%d", g->game_no);
		snprintf(id_text, sizeof(id_text), "%" PRId64, g->id);
		snprintf(pa, sizeof(pa), "%d", points_of(s, g, 0));
		snprintf(pb, sizeof(pb), "%d", points_of(s, g, 1));
		if (strcmp(g->result, "win") == 0)
			snprintf(result, sizeof(result), "%s wins",
				 g->side[g->winner]);
		else
			snprintf(result, sizeof(result), "%s",
				 g->result[0] ? g->result : g->status);
		cli_table_row(t, no, id_text, g->side[g->first_seat], result,
			      pa, pb);
	}
	if (games->n)
		cli_table_print(t, stdout);
	cli_table_free(t);
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
	if (rc == EXIT_OK && co.json)
		series_json(&s, &games);
	else if (rc == EXIT_OK)
		series_text(&s, &games);
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
