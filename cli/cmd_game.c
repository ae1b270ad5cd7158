/*
 * cmd_game.c - `pitboss game` (add, list, show), `pitboss history` and
 * `pitboss export`: games as records. `game add` enters a game played
 * on an unsensed board as its move list; every move goes through the
 * rules engine, and the game is written whole or not at all.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_game_fix.h"
#include "db/series.h"

#define MOVES_MAX 4096
#define NOTATION_MAX 64

static void game_usage(FILE *out)
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

static void history_usage(FILE *out)
{
	fprintf(out,
		"usage: %s history [--player P [--opponent P]] [--tournament T]\n"
		"                  [--series S] [--table T] [--from DATE] [--to DATE]\n"
		"                  [--result win|loss|draw|void] [--limit N] [--json]\n"
		"\n"
		"Games, newest first. DATE is YYYY-MM-DD (inclusive); win and\n"
		"loss are the --player's. With --player, totals follow the list.\n",
		cli_progname);
}

static void export_usage(FILE *out)
{
	fprintf(out,
		"usage: %s export [--format csv|json] [HISTORY FILTERS]\n"
		"\n"
		"Writes games with their move records to standard output: CSV\n"
		"(one line per game, the moves in notation) or JSON (every move\n"
		"with its position). The filters are those of '%s history'.\n",
		cli_progname, cli_progname);
}

/* ------------------------------------------------------------ game add */

struct add_args {
	struct cli_common co;
	const char *game, *options, *table, *series, *first_how, *started;
	const char *seat[RULES_MAX_SEATS];
	int n_seats;
};

enum { OPT_GAME = 'g', OPT_OPTIONS = 'o', OPT_TABLE = 4000, OPT_SERIES,
       OPT_SEAT, OPT_FIRST_HOW, OPT_STARTED, OPT_PLAYER, OPT_OPPONENT,
       OPT_TOURNAMENT, OPT_FROM, OPT_TO, OPT_RESULT, OPT_LIMIT, OPT_FORMAT };

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

			if (p->n == MOVES_MAX) {
				cli_error("game add: more than %d moves", MOVES_MAX);
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
		p.moves = calloc(MOVES_MAX, sizeof(*p.moves));
		p.notation = calloc(MOVES_MAX, sizeof(*p.notation));
		p.position = calloc(MOVES_MAX, sizeof(*p.position));
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

/* ------------------------------------------------------------ history */

struct history_args {
	struct cli_common co;
	const char *player, *opponent, *tournament, *series, *table;
	const char *from, *to, *result, *format;
	long limit;
};

static int check_date(const char *what, const char *text)
{
	int y, m, d;
	char tail;

	if (strlen(text) != 10 ||
	    sscanf(text, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 ||
	    m < 1 || m > 12 || d < 1 || d > 31) {
		cli_error("%s: '%s' is not a date YYYY-MM-DD", what, text);
		return -1;
	}
	return 0;
}

static int history_parse(const char *command, int argc, char **argv,
			 struct history_args *h, void (*usage)(FILE *out))
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "player", required_argument, NULL, OPT_PLAYER },
		{ "opponent", required_argument, NULL, OPT_OPPONENT },
		{ "tournament", required_argument, NULL, OPT_TOURNAMENT },
		{ "series", required_argument, NULL, OPT_SERIES },
		{ "table", required_argument, NULL, OPT_TABLE },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "to", required_argument, NULL, OPT_TO },
		{ "result", required_argument, NULL, OPT_RESULT },
		{ "limit", required_argument, NULL, OPT_LIMIT },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ 0 }
	};
	int c;

	memset(h, 0, sizeof(*h));
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(h->co, usage, command, argv);
		case OPT_PLAYER:
			h->player = optarg;
			break;
		case OPT_OPPONENT:
			h->opponent = optarg;
			break;
		case OPT_TOURNAMENT:
			h->tournament = optarg;
			break;
		case OPT_SERIES:
			h->series = optarg;
			break;
		case OPT_TABLE:
			h->table = optarg;
			break;
		case OPT_FROM:
			if (check_date("--from", optarg) < 0)
				return EXIT_USAGE;
			h->from = optarg;
			break;
		case OPT_TO:
			if (check_date("--to", optarg) < 0)
				return EXIT_USAGE;
			h->to = optarg;
			break;
		case OPT_RESULT:
			if (strcmp(optarg, "win") && strcmp(optarg, "loss") &&
			    strcmp(optarg, "draw") && strcmp(optarg, "void")) {
				cli_error("--result: '%s' is not win, loss, draw or void",
					  optarg);
				return EXIT_USAGE;
			}
			h->result = optarg;
			break;
		case OPT_LIMIT:
			if (cli_parse_int("--limit", optarg, 1, 1000000,
					  &h->limit) < 0)
				return EXIT_USAGE;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "csv") && strcmp(optarg, "json")) {
				cli_error("--format: '%s' is not csv or json",
					  optarg);
				return EXIT_USAGE;
			}
			h->format = optarg;
			break;
		}
	}
	if (h->format != NULL && strcmp(command, "export") != 0) {
		cli_error("%s: --format belongs to 'export'", command);
		return EXIT_USAGE;
	}
	if (h->opponent != NULL && h->player == NULL) {
		cli_error("%s: --opponent needs --player", command);
		return EXIT_USAGE;
	}
	if (h->result != NULL && h->player == NULL &&
	    (!strcmp(h->result, "win") || !strcmp(h->result, "loss"))) {
		cli_error("%s: --result %s needs --player (whose win?)", command,
			  h->result);
		return EXIT_USAGE;
	}
	if (cli_operands(command, argc, argv, 0, 0) != EXIT_OK)
		return EXIT_USAGE;
	return -1;
}

/* Resolves names to ids for the store's filter. Exit code. */
static int history_filter(struct db *db, const struct history_args *h,
			  struct db_history_filter *f, char *player_name,
			  size_t len)
{
	struct db_tournament_info t;
	struct db_player p;
	struct db_table table;
	long id;
	int rc = EXIT_OK;

	memset(f, 0, sizeof(*f));
	if (h->player && (rc = cli_db_result(db, db_player_find(db, h->player, &p))) == EXIT_OK) {
		f->player_id = p.id;
		snprintf(player_name, len, "%s", p.name);
	}
	if (rc == EXIT_OK && h->opponent &&
	    (rc = cli_db_result(db, db_player_find(db, h->opponent, &p))) == EXIT_OK)
		f->opponent_id = p.id;
	if (rc == EXIT_OK && h->tournament &&
	    (rc = cli_db_result(db, db_tournament_find(db, h->tournament, &t))) == EXIT_OK)
		f->tournament_id = t.id;
	if (rc == EXIT_OK && h->table &&
	    (rc = cli_db_result(db, db_table_find(db, h->table, &table))) == EXIT_OK)
		f->table_id = table.id;
	if (rc == EXIT_OK && h->series) {
		if (cli_parse_int("--series", h->series, 1, 0x7fffffff, &id) < 0)
			return EXIT_USAGE;
		f->series_id = id;
	}
	f->from = h->from;
	f->to = h->to;
	f->result = h->result;
	f->limit = (int)h->limit;
	return rc;
}

static const char *seat_name_of(const char *kind, int seat, char *buf,
				size_t len)
{
	const struct rules *ops = rules_find(kind);

	if (ops != NULL)
		return rules_seat_name(ops, seat);
	snprintf(buf, len, "%d", seat + 1);
	return buf;
}

/*
 * The options of a game as they may be shown: a game under way keeps its
 * secrets (the hidden-code game's) out of listings and exports.
 */
static const char *shown_options(const struct db_game_info *g, char *buf,
				 size_t len)
{
	const struct rules *ops = rules_find(g->kind);
	struct rules_game *game;
	char err[RULES_ERR_MAX];

	if (ops == NULL || ops->public_options == NULL ||
	    strcmp(g->status, "finished") == 0)
		return g->options;
	game = rules_game_new(ops, g->options, err, sizeof(err));
	if (game == NULL)
		snprintf(buf, len, "%s", "");
	else
		rules_public_options(game, buf, len);
	rules_game_free(game);
	return buf;
}

static void game_json(FILE *out, const struct db_game_info *g)
{
	char shown[DB_TEXT_MAX];
	char buf[16];

	fprintf(out, "{\"id\":%" PRId64 ",\"game\":", g->id);
	cli_json_string(out, g->kind);
	fprintf(out, ",\"options\":");
	cli_json_string(out, shown_options(g, shown, sizeof(shown)));
	fprintf(out, ",\"started\":");
	cli_json_string(out, g->started);
	fprintf(out, ",\"ended\":");
	cli_json_text_or_null(out, g->ended);
	fprintf(out, ",\"table\":");
	cli_json_text_or_null(out, g->table);
	fprintf(out, ",\"tournament\":");
	if (g->tournament_id)
		fprintf(out, "%" PRId64, g->tournament_id);
	else
		fputs("null", out);
	fprintf(out, ",\"series\":");
	if (g->series_id)
		fprintf(out, "%" PRId64 ",\"game_no\":%d", g->series_id,
			g->game_no);
	else
		fputs("null,\"game_no\":null", out);
	fprintf(out, ",\"first\":");
	cli_json_string(out, seat_name_of(g->kind, g->first_seat, buf,
					  sizeof(buf)));
	fprintf(out, ",\"first_how\":\"%s\",\"status\":\"%s\",\"result\":",
		g->first_how, g->status);
	cli_json_text_or_null(out, g->result);
	fprintf(out, ",\"winner\":");
	if (g->winner >= 0)
		cli_json_string(out, seat_name_of(g->kind, g->winner, buf,
						  sizeof(buf)));
	else
		fputs("null", out);
	fprintf(out, ",\"plies\":%d,\"sides\":[", g->plies);
	for (int s = 0; s < g->seats; s++) {
		fprintf(out, "%s{\"seat\":", s ? "," : "");
		cli_json_string(out, seat_name_of(g->kind, s, buf, sizeof(buf)));
		fprintf(out, ",\"player\":%" PRId64 ",\"players\":",
			g->side_player[s]);
		cli_json_string(out, g->side[s]);
		fprintf(out, ",\"score\":%d,\"points\":%d}", g->score[s],
			g->points[s]);
	}
	fputc(']', out);
}

struct history_ctx {
	int json, n;
	int64_t player;
	char player_name[NAMES_MAX_BYTES];
	int games, won, lost, drawn, points_for, points_against;
	struct cli_table *table;
};

static int history_each(void *ctx, const struct db_game_info *g)
{
	struct history_ctx *h = ctx;
	char id[24], started[24], players[2 * DB_MAX_MEMBERS * NAMES_MAX_BYTES + 32], result[400], points[32],
	     series[48], buf[16];

	if (h->player && strcmp(g->status, "finished") == 0) {
		int seat = db_game_seat_of(g, h->player);

		h->games++;
		if (strcmp(g->result, "win") == 0)
			*(g->winner == seat ? &h->won : &h->lost) += 1;
		else
			h->drawn++;
		h->points_for += g->points[seat];
		h->points_against += db_game_points_against(g, seat);
	}
	if (h->json) {
		fputs(h->n++ ? "," : "", stdout);
		game_json(stdout, g);
		fputc('}', stdout);
		return 0;
	}
	snprintf(id, sizeof(id), "%" PRId64, g->id);
	snprintf(started, sizeof(started), "%.10s %.5s", g->started,
		 strlen(g->started) > 11 ? g->started + 11 : "");
	players[0] = points[0] = '\0';
	for (int s = 0, pu = 0, qu = 0; s < g->seats && s < RULES_MAX_SEATS;
	     s++) {
		pu += snprintf(players + pu, sizeof(players) - (size_t)pu,
			       "%s%s (%s)", s ? " v " : "", g->side[s],
			       seat_name_of(g->kind, s, buf, sizeof(buf)));
		qu += snprintf(points + qu, sizeof(points) - (size_t)qu,
			       "%s%d", s ? "-" : "", g->points[s]);
		if ((size_t)pu >= sizeof(players) ||
		    (size_t)qu >= sizeof(points))
			break;
	}
	if (strcmp(g->status, "void") == 0)
		snprintf(result, sizeof(result), "voided");
	else if (strcmp(g->result, "win") == 0)
		snprintf(result, sizeof(result), "%s wins", g->side[g->winner]);
	else
		snprintf(result, sizeof(result), "%s",
			 g->result[0] ? g->result : g->status);
	if (g->series_id)
		snprintf(series, sizeof(series), "%" PRId64 " #%d",
			 g->series_id, g->game_no);
	else
		snprintf(series, sizeof(series), "-");
	cli_table_row(h->table, id, started, g->table[0] ? g->table : "-",
		      players, result, points, series);
	h->n++;
	return 0;
}

static int run_history_as(const char *command, int argc, char **argv,
			  void (*usage)(FILE *out))
{
	struct history_args h;
	struct history_ctx c = { 0 };
	struct db_history_filter f;
	struct db *db;
	int rc = history_parse(command, argc, argv, &h, usage);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(h.co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	rc = history_filter(db, &h, &f, c.player_name, sizeof(c.player_name));
	if (rc == EXIT_OK) {
		c.json = h.co.json;
		c.player = f.player_id;
		if (c.json)
			fputs("{\"games\":[", stdout);
		else
			c.table = cli_table_new(7, "GAME", "STARTED", "TABLE",
						"PLAYERS", "RESULT", "POINTS",
						"SERIES");
		rc = cli_db_result(db, db_history(db, &f, history_each, &c));
	}
	if (rc == EXIT_OK && c.json) {
		fputs("]", stdout);
		if (c.player)
			printf(",\"totals\":{\"games\":%d,\"won\":%d,\"lost\":%d,"
			       "\"drawn\":%d,\"points_for\":%d,"
			       "\"points_against\":%d}", c.games, c.won, c.lost,
			       c.drawn, c.points_for, c.points_against);
		fputs("}\n", stdout);
	} else if (rc == EXIT_OK) {
		if (c.n)
			cli_table_print(c.table, stdout);
		else
			printf("no games\n");
		if (c.player)
			printf("\n%s: %d games (won %d, lost %d, drawn %d), points %d for, %d against\n",
			       c.player_name, c.games, c.won, c.lost, c.drawn,
			       c.points_for, c.points_against);
	}
	cli_table_free(c.table);
	db_close(db);
	return rc;
}

static int run_history(int argc, char **argv)
{
	optind = 1;
	opterr = 0;
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
			  strcmp(argv[1], "-h") == 0)) {
		history_usage(stdout);
		return EXIT_OK;
	}
	return run_history_as("history", argc, argv, history_usage);
}

const struct cli_group cli_history_group = {
	.name = "history",
	.summary = "games played, filtered by player, opponent, tournament, table, date, result",
	.run = run_history,
	.usage = history_usage,
};

static int game_list(int argc, char **argv)
{
	return run_history_as("game list", argc, argv, game_usage);
}

/* ------------------------------------------------------------ game show */

struct moves_ctx {
	int json, n;
	const char *kind;
	struct cli_table *table;
	char record[MOVES_MAX * 4];
	size_t used;
	/* The text's lines of what the judgements rested on, in order. */
	char *notes;
	size_t nnotes, notes_cap;
};

/* A line for the text's judgements: "  3 foul: TEXT" and its evidence. */
static void note(struct moves_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct moves_ctx *c, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (c->nnotes + (size_t)n + 1 > c->notes_cap) {
		size_t cap = 2 * c->notes_cap + (size_t)n + 256;
		char *p = realloc(c->notes, cap);

		if (p == NULL)
			return;
		c->notes = p;
		c->notes_cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(c->notes + c->nnotes, c->notes_cap - c->nnotes, fmt, ap);
	va_end(ap);
	c->nnotes += (size_t)n;
}

/* Whether evidence has the word `word` ("decided=take"). */
static int has_word(const char *evidence, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = evidence; (p = strstr(p, word)) != NULL; p += n)
		if ((p == evidence || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

static int moves_each(void *ctx, const struct db_move_info *m)
{
	struct moves_ctx *c = ctx;
	char ply[16], buf[16];

	if (c->used < sizeof(c->record))
		c->used += (size_t)snprintf(c->record + c->used,
					    sizeof(c->record) - c->used, "%s%s",
					    c->used ? " " : "", m->notation);
	if (c->used >= sizeof(c->record))
		c->used = sizeof(c->record) - 1;
	if (c->json) {
		printf("%s{\"ply\":%d,\"seat\":", c->n ? "," : "", m->ply);
		cli_json_string(stdout, seat_name_of(c->kind, m->seat, buf,
						     sizeof(buf)));
		printf(",\"player\":");
		cli_json_text_or_null(stdout, m->player);
		printf(",\"move\":");
		cli_json_string(stdout, m->notation);
		printf(",\"position\":");
		cli_json_string(stdout, m->position);
		printf(",\"source\":\"%s\",\"at\":", m->source);
		cli_json_string(stdout, m->at);
		printf(",\"evidence\":");
		cli_json_text_or_null(stdout, m->evidence);
		putchar('}');
	} else if (c->table != NULL) {
		snprintf(ply, sizeof(ply), "%d", m->ply);
		cli_table_row(c->table, ply,
			      seat_name_of(c->kind, m->seat, buf, sizeof(buf)),
			      m->player, m->notation, m->position, m->source);
		/* The text lists the moves read with faults, not the
		 * exact ones. */
		if (m->evidence[0] != '\0' &&
		    !(has_word(m->evidence, "legal=0.0") &&
		      has_word(m->evidence, "decided=take")))
			note(c, "%4d %-8s %s\n     evidence %s\n", m->ply,
			     "move", m->notation, m->evidence);
	}
	c->n++;
	return 0;
}

/* A game's incidents: in JSON, or as lines of the text's judgements. */
static int incidents_each(void *ctx, const struct db_incident_info *i)
{
	struct moves_ctx *c = ctx;

	if (c->json) {
		printf("%s{\"ply\":%d,\"kind\":", c->n++ ? "," : "", i->ply);
		cli_json_string(stdout, i->kind);
		printf(",\"player\":");
		cli_json_text_or_null(stdout, i->player);
		printf(",\"text\":");
		cli_json_string(stdout, i->text);
		printf(",\"at\":");
		cli_json_string(stdout, i->at);
		printf(",\"evidence\":");
		cli_json_text_or_null(stdout, i->evidence);
		putchar('}');
		return 0;
	}
	note(c, "%4d %-8s %s\n", i->ply, i->kind, i->text);
	if (i->evidence[0] != '\0')
		note(c, "     evidence %s\n", i->evidence);
	return 0;
}

static int game_show(int argc, char **argv)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	struct cli_common co = { 0 };
	struct db_game_info *g = malloc(sizeof(*g));
	struct moves_ctx *m = calloc(1, sizeof(*m));
	struct db *db = NULL;
	long id;
	int c, rc = EXIT_OK;
	char buf[16];

	if (g == NULL || m == NULL) {
		free(g);
		free(m);
		cli_error("out of memory");
		return EXIT_DATABASE;
	}
	while (rc == EXIT_OK && (c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		case CLI_OPT_DB:
			co.db = optarg;
			break;
		case CLI_OPT_JSON:
			co.json = 1;
			break;
		case CLI_OPT_HELP:
			game_usage(stdout);
			rc = -1;
			break;
		default:
			rc = cli_bad_option("game show", argv);
		}
	}
	if (rc == EXIT_OK && cli_operands("game show", argc, argv, 1, 1) != EXIT_OK)
		rc = EXIT_USAGE;
	if (rc == EXIT_OK && cli_parse_int("game", argv[optind], 1, 0x7fffffff,
					   &id) < 0)
		rc = EXIT_USAGE;
	if (rc == EXIT_OK)
		rc = cli_db_open(co.db, DB_OPEN_READONLY, &db);
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_game_get(db, id, g));
	if (rc == EXIT_OK) {
		m->json = co.json;
		m->kind = g->kind;
		if (co.json) {
			game_json(stdout, g);
			printf(",\"moves\":[");
		} else {
			m->table = cli_table_new(6, "PLY", "SIDE", "PLAYER",
						 "MOVE", "POSITION AFTER",
						 "SOURCE");
		}
		rc = cli_db_result(db, db_game_moves(db, id, moves_each, m));
	}
	if (rc == EXIT_OK && co.json) {
		printf("],\"record\":");
		cli_json_string(stdout, m->record);
		printf(",\"incidents\":[");
		m->n = 0;
		rc = cli_db_result(db, db_game_incidents(db, id, incidents_each,
							 m));
		printf("]");
		if (rc == EXIT_OK)
			rc = cli_db_result(db, game_fix_show_audit(db, id, 1));
		printf("}\n");
	} else if (rc == EXIT_OK &&
		   (rc = cli_db_result(db, db_game_incidents(
			   db, id, incidents_each, m))) != EXIT_OK) {
		;
	} else if (rc == EXIT_OK) {
		char shown[DB_TEXT_MAX];

		shown_options(g, shown, sizeof(shown));
		printf("game %" PRId64 ": %s%s%s\n", g->id, g->kind,
		       shown[0] ? " " : "", shown);
		for (int s = 0; s < g->seats; s++)
			printf("%-9s %s%s\n", seat_name_of(g->kind, s, buf,
							   sizeof(buf)),
			       g->side[s], s == g->first_seat ? " (first)" : "");
		printf("first:    decided by %s\n", g->first_how);
		if (g->table[0])
			printf("table:    %s\n", g->table);
		if (g->series_id)
			printf("series:   %" PRId64 ", game %d\n", g->series_id,
			       g->game_no);
		printf("started:  %s\n", g->started);
		if (g->ended[0])
			printf("ended:    %s\n", g->ended);
		printf("result:   ");
		if (strcmp(g->result, "win") == 0)
			printf("%s wins", g->side[g->winner]);
		else
			printf("%s", g->result[0] ? g->result : g->status);
		if (g->result[0]) {
			printf("; score");
			for (int s = 0; s < g->seats; s++)
				printf("%s %d", s ? "," : "", g->score[s]);
			printf("; points");
			for (int s = 0; s < g->seats; s++)
				printf("%s %d", s ? "," : "", g->points[s]);
		}
		if (strcmp(g->status, "void") == 0)
			printf("\nstatus:   void: the game no longer counts");
		printf("\nrecord:   %s\n", m->record);
		rc = cli_db_result(db, game_fix_show_audit(db, id, 0));
		putchar('\n');
		cli_table_print(m->table, stdout);
		if (m->nnotes > 0)
			printf("\nincidents and evidence:\n%s", m->notes);
	}
	cli_table_free(m->table);
	free(m->notes);
	free(m);
	free(g);
	db_close(db);
	return rc < 0 ? EXIT_OK : rc;
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

/* ------------------------------------------------------------- export */

/* A CSV field, quoted when it holds a comma, quote or line break. */
static void csv_field(FILE *out, const char *text, int last)
{
	if (strpbrk(text, ",\"\r\n") != NULL) {
		fputc('"', out);
		for (const char *p = text; *p; p++) {
			if (*p == '"')
				fputc('"', out);
			fputc(*p, out);
		}
		fputc('"', out);
	} else {
		fputs(text, out);
	}
	fputc(last ? '\n' : ',', out);
}

struct export_ctx {
	struct db *db;
	int json, n, rc;
	struct moves_ctx *moves;
};

static int export_each(void *ctx, const struct db_game_info *g)
{
	struct export_ctx *e = ctx;
	char num[8][24], buf[16], shown[DB_TEXT_MAX];
	int rc;

	memset(e->moves, 0, sizeof(*e->moves));
	e->moves->kind = g->kind;
	e->moves->json = e->json;
	if (e->json) {
		fputs(e->n ? ",\n" : "\n", stdout);
		game_json(stdout, g);
		printf(",\"moves\":[");
	}
	rc = db_game_moves(e->db, g->id, moves_each, e->moves);
	if (rc != DB_OK) {
		e->rc = rc;
		return 1;
	}
	e->n++;
	if (e->json) {
		printf("],\"record\":");
		cli_json_string(stdout, e->moves->record);
		putchar('}');
		return 0;
	}
	snprintf(num[0], sizeof(num[0]), "%" PRId64, g->id);
	snprintf(num[1], sizeof(num[1]), "%" PRId64, g->tournament_id);
	snprintf(num[2], sizeof(num[2]), "%" PRId64, g->series_id);
	snprintf(num[3], sizeof(num[3]), "%d", g->game_no);
	snprintf(num[4], sizeof(num[4]), "%d", g->score[0]);
	snprintf(num[5], sizeof(num[5]), "%d", g->score[1]);
	snprintf(num[6], sizeof(num[6]), "%d", g->points[0]);
	snprintf(num[7], sizeof(num[7]), "%d", g->points[1]);
	csv_field(stdout, num[0], 0);
	csv_field(stdout, g->started, 0);
	csv_field(stdout, g->ended, 0);
	csv_field(stdout, g->kind, 0);
	csv_field(stdout, shown_options(g, shown, sizeof(shown)), 0);
	csv_field(stdout, g->table, 0);
	csv_field(stdout, g->tournament_id ? num[1] : "", 0);
	csv_field(stdout, g->series_id ? num[2] : "", 0);
	csv_field(stdout, g->series_id ? num[3] : "", 0);
	csv_field(stdout, g->side[0], 0);
	csv_field(stdout, g->side[1], 0);
	csv_field(stdout, seat_name_of(g->kind, g->first_seat, buf,
				       sizeof(buf)), 0);
	csv_field(stdout, strcmp(g->status, "void") == 0 ? "voided" :
		  g->result[0] ? g->result : g->status, 0);
	csv_field(stdout, g->winner >= 0 ?
		  seat_name_of(g->kind, g->winner, buf, sizeof(buf)) : "", 0);
	csv_field(stdout, num[4], 0);
	csv_field(stdout, num[5], 0);
	csv_field(stdout, num[6], 0);
	csv_field(stdout, num[7], 0);
	csv_field(stdout, e->moves->record, 0);
	/* Seats 3 to 5 (the hidden-code game) after the record, so the
	 * two-seat columns keep their places; empty when not in play. */
	for (int s = 2; s < RULES_MAX_SEATS; s++) {
		int seated = s < g->seats;

		snprintf(num[4], sizeof(num[4]), "%d", g->score[s]);
		snprintf(num[6], sizeof(num[6]), "%d", g->points[s]);
		csv_field(stdout, seated ? g->side[s] : "", 0);
		csv_field(stdout, seated ? num[4] : "", 0);
		csv_field(stdout, seated ? num[6] : "", s + 1 == RULES_MAX_SEATS);
	}
	return 0;
}

static int run_export(int argc, char **argv)
{
	struct history_args h;
	struct db_history_filter f;
	struct export_ctx e = { 0 };
	struct db *db;
	int rc;

	optind = 1;
	opterr = 0;
	rc = history_parse("export", argc, argv, &h, export_usage);
	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(h.co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	{
		char name[NAMES_MAX_BYTES];

		rc = history_filter(db, &h, &f, name, sizeof(name));
	}
	e.db = db;
	e.json = h.co.json || (h.format && strcmp(h.format, "json") == 0);
	e.moves = calloc(1, sizeof(*e.moves));
	if (e.moves == NULL) {
		cli_error("out of memory");
		rc = EXIT_DATABASE;
	}
	if (rc == EXIT_OK) {
		if (e.json)
			fputs("[", stdout);
		else
			fputs("game,started,ended,kind,options,table,tournament,"
			      "series,game_no,side1,side2,first,result,winner,"
			      "score1,score2,points1,points2,moves,"
			      "side3,score3,points3,side4,score4,points4,"
			      "side5,score5,points5\n", stdout);
		rc = cli_db_result(db, db_history(db, &f, export_each, &e));
		if (rc == EXIT_OK && e.rc != DB_OK)
			rc = cli_db_result(db, e.rc);
		if (e.json)
			fputs("\n]\n", stdout);
	}
	free(e.moves);
	db_close(db);
	return rc;
}

const struct cli_group cli_export_group = {
	.name = "export",
	.summary = "games with their move records as CSV or JSON",
	.run = run_export,
	.usage = export_usage,
};
