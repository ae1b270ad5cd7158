/*
 * cmd_game_list.c - games found by a filter: `pitboss history`, `game
 * list` and `pitboss export` (CSV, or JSON with every move).
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

enum { OPT_PLAYER = 4000, OPT_OPPONENT, OPT_TOURNAMENT, OPT_SERIES,
       OPT_TABLE, OPT_FROM, OPT_TO, OPT_RESULT, OPT_LIMIT, OPT_FORMAT };

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
		struct cli_json j;

		game_json(&j, stdout, g, h->n++);
		cli_json_close(&j);
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
			       game_seat_name(g->kind, s, buf, sizeof(buf)));
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

int game_list(int argc, char **argv)
{
	return run_history_as("game list", argc, argv, game_usage);
}

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
	struct game_moves *moves;
};

static int export_each(void *ctx, const struct db_game_info *g)
{
	struct export_ctx *e = ctx;
	char num[8][24], buf[16], shown[DB_TEXT_MAX];
	struct cli_json j;
	int rc;

	memset(e->moves, 0, sizeof(*e->moves));
	e->moves->kind = g->kind;
	e->moves->json = e->json;
	if (e->json) {
		fputs(e->n ? ",\n" : "\n", stdout);
		game_json(&j, stdout, g, 0);
		cli_json_member(&j, "moves");
		putchar('[');
	}
	rc = db_game_moves(e->db, g->id, game_moves_each, e->moves);
	if (rc != DB_OK) {
		e->rc = rc;
		return 1;
	}
	e->n++;
	if (e->json) {
		putchar(']');
		cli_json_str(&j, "record", e->moves->record);
		cli_json_close(&j);
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
	csv_field(stdout, game_shown_options(g, shown, sizeof(shown)), 0);
	csv_field(stdout, g->table, 0);
	csv_field(stdout, g->tournament_id ? num[1] : "", 0);
	csv_field(stdout, g->series_id ? num[2] : "", 0);
	csv_field(stdout, g->series_id ? num[3] : "", 0);
	csv_field(stdout, g->side[0], 0);
	csv_field(stdout, g->side[1], 0);
	csv_field(stdout, game_seat_name(g->kind, g->first_seat, buf,
				       sizeof(buf)), 0);
	csv_field(stdout, strcmp(g->status, "void") == 0 ? "voided" :
		  g->result[0] ? g->result : g->status, 0);
	csv_field(stdout, g->winner >= 0 ?
		  game_seat_name(g->kind, g->winner, buf, sizeof(buf)) : "", 0);
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
