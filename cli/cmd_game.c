/*
 * cmd_game.c - `pitboss game`: its commands and `game add`, which
 * enters a game played on an unsensed board as its move list; every
 * move goes through the rules engine, and the game is written whole or
 * not at all. `game list` is in cmd_game_list.c, `game show` in
 * cmd_game_show.c, `game void` and `game correct` in cmd_game_fix.c.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_game.h"
#include "cli/cmd_game_fix.h"
#include "db/series.h"

#define NOTATION_MAX 64

void game_usage(FILE *out)
{
	fprintf(out,
		"usage: %s game add [--game GAME] [-o OPTIONS] [--table T]\n"
		"                  (--seat SEAT=PLAYER[,PLAYER...]... | --series S)\n"
		"                  [--first-how rules|set|lot] [--started TIME] MOVE...\n"
		"       %s game list [HISTORY FILTERS] [--json]\n"
		"       %s game show GAME [--json]\n"
		"       %s game void GAME --reason TEXT [--force]\n"
		"       %s game correct GAME [--winner SEAT | --draw] [--score SEAT=N]...\n"
		"                  [--points SEAT=N]... --reason TEXT [--force]\n"
		"\n"
		"game add checks every move with the rules engine, scores the\n"
		"finished game and, with --series, adds it to the series (the\n"
		"series decides who sits where: the first mover alternates).\n"
		"A move list may be one argument: 'c f A B'. Every command takes\n"
		"--db PATH. HISTORY FILTERS are those of '%s history'.\n"
		"game void and game correct set a finished game right, audited\n"
		"('%s game void --help').\n",
		cli_progname, cli_progname, cli_progname, cli_progname,
		cli_progname, cli_progname, cli_progname);
}

/* ------------------------------------------------------------ game add */

struct add_args {
	struct cli_common co;
	const char *game, *options, *table, *series, *first_how, *started;
	const char *seat[RULES_MAX_SEATS];
	int n_seats;
};

enum { OPT_GAME = 'g', OPT_OPTIONS = 'o', OPT_TABLE = 4000, OPT_SERIES,
       OPT_SEAT, OPT_FIRST_HOW, OPT_STARTED };

/* Players of one seat: "alice" or "alice,carol" (a team). */
static int seat_players(struct db *db, const char *list, struct db_game_new *g,
			int seat)
{
	char copy[1024], *save = NULL;
	struct db_player p;
	int rc;

	if (strlen(list) >= sizeof(copy)) {
		cli_error("--seat: the player list is too long");
		return EXIT_USAGE;
	}
	strcpy(copy, list);
	g->members[seat] = 0;
	for (char *name = strtok_r(copy, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		if (g->members[seat] == DB_MAX_MEMBERS) {
			cli_error("--seat: at most %d players a seat",
				  DB_MAX_MEMBERS);
			return EXIT_USAGE;
		}
		rc = cli_db_result(db, db_player_find(db, name, &p));
		if (rc != EXIT_OK)
			return rc;
		g->player[seat][g->members[seat]++] = p.id;
	}
	if (g->members[seat] == 0) {
		cli_error("--seat: no player given");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Seats from --seat SEAT=PLAYERS, every seat in play exactly once. */
static int seats_from_args(struct db *db, const struct add_args *a,
			   const struct rules_game *game,
			   struct db_game_new *g)
{
	const struct rules *ops = game->ops;
	int given[RULES_MAX_SEATS] = { 0 }, rc;

	for (int i = 0; i < a->n_seats; i++) {
		const char *eq = strchr(a->seat[i], '=');
		char name[16];
		int seat;

		if (eq == NULL || (size_t)(eq - a->seat[i]) >= sizeof(name)) {
			cli_error("--seat '%s': give SEAT=PLAYER, e.g. %s=ada",
				  a->seat[i], rules_seat_name(ops, 0));
			return EXIT_USAGE;
		}
		memcpy(name, a->seat[i], (size_t)(eq - a->seat[i]));
		name[eq - a->seat[i]] = '\0';
		seat = rules_seat_find(ops, name);
		if (seat >= rules_game_seats(game))
			seat = -1;
		if (seat < 0) {
			cli_error("--seat '%s': %s has no seat '%s'", a->seat[i],
				  ops->name, name);
			return EXIT_USAGE;
		}
		if (given[seat]++) {
			cli_error("--seat: seat %s is given twice", name);
			return EXIT_USAGE;
		}
		if ((rc = seat_players(db, eq + 1, g, seat)) != EXIT_OK)
			return rc;
	}
	for (int s = 0; s < rules_game_seats(game); s++)
		if (!given[s]) {
			cli_error("game add: seat %s has no player (give --seat %s=PLAYER or --series S)",
				  rules_seat_name(ops, s), rules_seat_name(ops, s));
			return EXIT_USAGE;
		}
	return EXIT_OK;
}

/* Seats from the series: this game's first mover at the seat to move. */
static int seats_from_series(struct db *db, int64_t series_id,
			     const struct rules_game *game, const void *start,
			     struct db_game_new *g, struct db_series_info *s)
{
	int rc = cli_db_result(db, db_series_get(db, series_id, s)), first;
	int seat;

	if (rc != EXIT_OK)
		return rc;
	first = series_first_mover(s->first, s->games + 1);
	seat = game->ops->to_move(game, start).seat;
	g->members[seat] = g->members[!seat] = 1;
	g->player[seat][0] = s->player[first];
	g->player[!seat][0] = s->player[!first];
	g->first_how = s->games == 0 ? (strcmp(s->first_how, "lot") == 0 ?
					DB_FIRST_LOT : DB_FIRST_SET) :
		       DB_FIRST_ALTERNATE;
	return EXIT_OK;
}

struct played {
	struct db_move *moves;
	char (*notation)[NOTATION_MAX];
	char (*position)[DB_TEXT_MAX];
	int n;
};

/* Applies the move words of argv[first..]; fills `p`. Exit code. */
static int play_moves(const struct rules_game *game, void *pos, int argc,
		      char **argv, int first, const struct db_game_new *g,
		      struct played *p)
{
	const struct rules *ops = game->ops;
	char err[RULES_ERR_MAX];

	for (int i = first; i < argc; i++) {
		char copy[4096], *save = NULL;

		if (strlen(argv[i]) >= sizeof(copy)) {
			cli_error("game add: move list argument is too long");
			return EXIT_USAGE;
		}
		strcpy(copy, argv[i]);
		for (char *word = strtok_r(copy, " \t,", &save); word != NULL;
		     word = strtok_r(NULL, " \t,", &save)) {
			struct rules_turn turn = ops->to_move(game, pos);
			struct rules_outcome out;
			struct rules_move move;
			struct db_move *m;

			if (p->n == GAME_MOVES_MAX) {
				cli_error("game add: more than %d moves", GAME_MOVES_MAX);
				return EXIT_REFUSED;
			}
			if (turn.seat < 0) {
				cli_error("game add: move %d '%s': the game is already over",
					  p->n + 1, word);
				return EXIT_REFUSED;
			}
			if (ops->move_parse(game, pos, word, &move, err,
					    sizeof(err)) < 0 ||
			    ops->move_format(game, pos, &move, p->notation[p->n],
					     NOTATION_MAX) < 0 ||
			    ops->apply(game, pos, &move, &out, err,
				       sizeof(err)) < 0) {
				cli_error("game add: move %d '%s': %s", p->n + 1,
					  word, err);
				return EXIT_REFUSED;
			}
			ops->position_format(game, pos, RULES_TEXT_FULL,
					     p->position[p->n], DB_TEXT_MAX);
			m = &p->moves[p->n];
			m->ply = p->n + 1;
			m->seat = turn.seat;
			m->member = turn.member < g->members[turn.seat] ?
				    turn.member : 0;
			m->player_id = g->player[turn.seat][m->member];
			m->notation = p->notation[p->n];
			m->position = p->position[p->n];
			m->source = DB_SOURCE_MANUAL;
			p->n++;
		}
	}
	return EXIT_OK;
}

static int add_parse(int argc, char **argv, struct add_args *a)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "game", required_argument, NULL, OPT_GAME },
		{ "option", required_argument, NULL, OPT_OPTIONS },
		{ "table", required_argument, NULL, OPT_TABLE },
		{ "series", required_argument, NULL, OPT_SERIES },
		{ "seat", required_argument, NULL, OPT_SEAT },
		{ "first-how", required_argument, NULL, OPT_FIRST_HOW },
		{ "started", required_argument, NULL, OPT_STARTED },
		{ 0 }
	};
	int c;

	memset(a, 0, sizeof(*a));
	a->game = "kalah";
	a->options = "";
	while ((c = getopt_long(argc, argv, "o:", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(a->co, game_usage, "game add", argv);
		case OPT_GAME:
			a->game = optarg;
			break;
		case OPT_OPTIONS:
			a->options = optarg;
			break;
		case OPT_TABLE:
			a->table = optarg;
			break;
		case OPT_SERIES:
			a->series = optarg;
			break;
		case OPT_SEAT:
			if (a->n_seats == RULES_MAX_SEATS) {
				cli_error("game add: too many --seat options");
				return EXIT_USAGE;
			}
			a->seat[a->n_seats++] = optarg;
			break;
		case OPT_FIRST_HOW:
			if (strcmp(optarg, "rules") && strcmp(optarg, "set") &&
			    strcmp(optarg, "lot")) {
				cli_error("--first-how: '%s' is not rules, set or lot",
					  optarg);
				return EXIT_USAGE;
			}
			a->first_how = optarg;
			break;
		case OPT_STARTED:
			a->started = optarg;
			break;
		}
	}
	if (a->series != NULL && a->n_seats > 0) {
		cli_error("game add: --series decides the seats; drop --seat");
		return EXIT_USAGE;
	}
	if (a->series == NULL && a->n_seats == 0) {
		cli_error("game add: give the players (--seat SEAT=PLAYER) or --series S");
		return EXIT_USAGE;
	}
	if (cli_operands("game add", argc, argv, 1, -1) != EXIT_OK)
		return EXIT_USAGE;
	return -1;
}

/* The rules game of the series or of --game/-o. */
static int add_game_new(struct db *db, const struct add_args *a,
			struct db_series_info *s, struct rules_game **game)
{
	const char *kind = a->game, *options = a->options;
	const struct rules *ops;
	char err[RULES_ERR_MAX];
	long id;
	int rc;

	if (a->series != NULL) {
		if (cli_parse_int("--series", a->series, 1, 0x7fffffff, &id) < 0)
			return EXIT_USAGE;
		rc = cli_db_result(db, db_series_get(db, id, s));
		if (rc != EXIT_OK)
			return rc;
		kind = s->kind;
		options = s->options;
	}
	ops = rules_find(kind);
	if (ops == NULL) {
		cli_error("unknown game '%s' (see 'pitboss rules list')", kind);
		return EXIT_USAGE;
	}
	*game = rules_game_new(ops, options, err, sizeof(err));
	if (*game == NULL) {
		cli_error("%s", err);
		return EXIT_REFUSED;
	}
	return EXIT_OK;
}

static int game_add(int argc, char **argv)
{
	struct add_args a;
	struct db_game_new g = { 0 };
	struct db_series_info s = { 0 };
	struct db_game_end end = { 0 };
	struct rules_result result;
	struct played p = { 0 };
	struct db_table table;
	struct rules_game *game = NULL;
	char start_text[DB_TEXT_MAX];
	void *pos = NULL;
	struct db *db;
	int64_t id = 0;
	int rc = add_parse(argc, argv, &a);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(a.co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = add_game_new(db, &a, &s, &game);
	if (rc == EXIT_OK) {
		pos = calloc(1, rules_position_size(game));
		p.moves = calloc(GAME_MOVES_MAX, sizeof(*p.moves));
		p.notation = calloc(GAME_MOVES_MAX, sizeof(*p.notation));
		p.position = calloc(GAME_MOVES_MAX, sizeof(*p.position));
		if (pos == NULL || p.moves == NULL || p.notation == NULL ||
		    p.position == NULL) {
			cli_error("out of memory");
			rc = EXIT_DATABASE;
		}
	}
	if (rc == EXIT_OK) {
		game->ops->start(game, pos);
		game->ops->position_format(game, pos, RULES_TEXT_FULL,
					   start_text, sizeof(start_text));
		g.kind = game->ops->name;
		g.options = rules_game_options(game);
		g.seats = rules_game_seats(game);
		g.first_seat = game->ops->to_move(game, pos).seat;
		g.first_how = a.first_how ? a.first_how : DB_FIRST_RULES;
		g.position = start_text;
		g.started = a.started;
		g.series_id = s.id;
		if (a.series != NULL)
			rc = seats_from_series(db, s.id, game, pos, &g, &s);
		else
			rc = seats_from_args(db, &a, game, &g);
	}
	if (rc == EXIT_OK && a.table != NULL) {
		rc = cli_db_result(db, db_table_find(db, a.table, &table));
		g.table_id = table.id;
	}
	if (rc == EXIT_OK)
		rc = play_moves(game, pos, argc, argv, optind, &g, &p);
	if (rc == EXIT_OK) {
		game->ops->result(game, pos, &result);
		if (result.verdict == RULES_ONGOING) {
			struct rules_turn turn = game->ops->to_move(game, pos);

			cli_error("game add: the moves end before the game does (after ply %d, %s to move); enter the whole game",
				  p.n, rules_seat_name(game->ops, turn.seat));
			rc = EXIT_REFUSED;
		}
	}
	if (rc == EXIT_OK) {
		end.verdict = result.verdict;
		end.winner = result.winner;
		memcpy(end.score, result.score, sizeof(end.score));
		memcpy(end.points, result.points, sizeof(end.points));
		rc = cli_db_result(db, db_game_add(db, &g, p.moves, p.n, &end,
						   &id));
	}
	if (rc == EXIT_OK) {
		printf("game %" PRId64 " added: %d moves, ", id, p.n);
		if (result.verdict == RULES_WIN)
			printf("%s wins", rules_seat_name(game->ops, result.winner));
		else
			printf("%s", result.verdict == RULES_DRAW ? "draw" : "void");
		printf(", points");
		for (int i = 0; i < g.seats; i++)
			printf("%s %s %d", i ? "," : "",
			       rules_seat_name(game->ops, i),
			       result.verdict == RULES_WIN ? result.points[i] : 0);
		putchar('\n');
		if (s.id != 0 && db_series_get(db, s.id, &s) == DB_OK) {
			printf("series %" PRId64 ": %s %d, %s %d", s.id, s.name[0],
			       s.total[0], s.name[1], s.total[1]);
			if (s.winner >= 0)
				printf("; %s wins the series", s.name[s.winner]);
			putchar('\n');
		}
	}
	free(pos);
	free(p.moves);
	free(p.notation);
	free(p.position);
	rules_game_free(game);
	db_close(db);
	return rc;
}

static int run_game(int argc, char **argv)
{
	static const struct cli_command commands[] = {
		{ "add", game_add },
		{ "list", game_list },
		{ "show", game_show },
		{ "void", game_void },
		{ "correct", game_correct },
	};

	return cli_dispatch("game", commands,
			    sizeof(commands) / sizeof(commands[0]), game_usage,
			    argc, argv);
}

const struct cli_group cli_game_group = {
	.name = "game",
	.summary = "games as records: add a whole game, list, show, void, correct",
	.run = run_game,
	.usage = game_usage,
};

