/*
 * cmd_player.c - `pitboss player` (add, list, show, rename, retire) and
 * `pitboss table` (add, list): the club's people and boards.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_table_live.h"

static void player_usage(FILE *out)
{
	fprintf(out,
		"usage: %s player add NAME\n"
		"       %s player list [--all] [--json]\n"
		"       %s player show PLAYER [--json]\n"
		"       %s player rename PLAYER NEW-NAME\n"
		"       %s player retire PLAYER\n"
		"\n"
		"PLAYER is a player's number or name (any case). Every command\n"
		"takes --db PATH (default $PITBOSS_DB, else %s).\n",
		cli_progname, cli_progname, cli_progname, cli_progname,
		cli_progname, DB_DEFAULT_PATH);
}

/* Options and operands of a command with no options of its own. */
static int plain_args(const char *command, int argc, char **argv,
		      struct cli_common *co, int operands)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	int c;

	memset(co, 0, sizeof(*co));
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(*co, player_usage, command, argv);
		}
	}
	if (cli_operands(command, argc, argv, operands, operands) != EXIT_OK)
		return EXIT_USAGE;
	return -1;
}

static int player_add(int argc, char **argv)
{
	struct cli_common co;
	struct db *db;
	int64_t id = 0;
	int rc = plain_args("player add", argc, argv, &co, 1);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_add(db, argv[optind], &id));
	if (rc == EXIT_OK)
		printf("player %" PRId64 " added: %s\n", id, argv[optind]);
	db_close(db);
	return rc;
}

static void player_json(FILE *out, const struct db_player *p)
{
	fprintf(out, "{\"id\":%" PRId64 ",", p->id);
	cli_json_key(out, "name");
	cli_json_string(out, p->name);
	fputc(',', out);
	cli_json_key(out, "created");
	cli_json_string(out, p->created);
	fputc(',', out);
	cli_json_key(out, "retired");
	cli_json_text_or_null(out, p->retired);
	fputc('}', out);
}

struct list_ctx {
	int json, n;
	struct cli_table *table;
};

static int list_each(void *ctx, const struct db_player *p)
{
	struct list_ctx *l = ctx;
	char id[24];

	if (l->json) {
		fputs(l->n ? "," : "", stdout);
		player_json(stdout, p);
	} else {
		snprintf(id, sizeof(id), "%" PRId64, p->id);
		cli_table_row(l->table, id, p->name, p->created,
			      p->retired[0] ? p->retired : "-");
	}
	l->n++;
	return 0;
}

static int player_list(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "all", no_argument, NULL, 'a' },
		{ 0 }
	};
	struct cli_common co = { 0 };
	struct list_ctx l = { 0 };
	struct db *db;
	int all = 0, c, rc;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, player_usage, "player list", argv);
		case 'a':
			all = 1;
			break;
		}
	}
	if (cli_operands("player list", argc, argv, 0, 0) != EXIT_OK)
		return EXIT_USAGE;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	l.json = co.json;
	if (l.json)
		fputc('[', stdout);
	else
		l.table = cli_table_new(4, "ID", "NAME", "ADDED", "RETIRED");
	rc = cli_db_result(db, db_player_list(db, all, list_each, &l));
	if (l.json) {
		fputs("]\n", stdout);
	} else {
		if (rc == EXIT_OK)
			cli_table_print(l.table, stdout);
		cli_table_free(l.table);
	}
	db_close(db);
	return rc;
}

struct show_ctx {
	int64_t player;
	int json, n;
	int games, won, lost, drawn, points_for, points_against;
};

static int former_each(void *ctx, const char *name, const char *until)
{
	struct show_ctx *s = ctx;

	if (s->json) {
		fputs(s->n++ ? "," : "", stdout);
		fputs("{\"name\":", stdout);
		cli_json_string(stdout, name);
		fputs(",\"until\":", stdout);
		cli_json_string(stdout, until);
		fputc('}', stdout);
	} else {
		printf("formerly: %s (until %s)\n", name, until);
	}
	return 0;
}

static int totals_each(void *ctx, const struct db_game_info *g)
{
	struct show_ctx *s = ctx;
	int seat = db_game_seat_of(g, s->player);

	if (strcmp(g->status, "finished") != 0)
		return 0;
	s->games++;
	if (strcmp(g->result, "win") == 0 && g->winner == seat)
		s->won++;
	else if (strcmp(g->result, "win") == 0)
		s->lost++;
	else
		s->drawn++;
	s->points_for += g->points[seat];
	s->points_against += db_game_points_against(g, seat);
	return 0;
}

static int player_show(int argc, char **argv)
{
	struct cli_common co;
	struct db_player p;
	struct db_history_filter f = { 0 };
	struct show_ctx s = { 0 };
	struct db *db;
	int rc = plain_args("player show", argc, argv, &co, 1);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_find(db, argv[optind], &p));
	if (rc == EXIT_OK) {
		s.player = f.player_id = p.id;
		rc = cli_db_result(db, db_history(db, &f, totals_each, &s));
	}
	if (rc == EXIT_OK) {
		s.json = co.json;
		if (co.json) {
			fputs("{\"player\":", stdout);
			player_json(stdout, &p);
			fputs(",\"former_names\":[", stdout);
		} else {
			printf("player:   %" PRId64 "\nname:     %s\nadded:    %s\n",
			       p.id, p.name, p.created);
			if (p.retired[0])
				printf("retired:  %s\n", p.retired);
		}
		rc = cli_db_result(db, db_player_former_names(db, p.id,
							       former_each,
							       &s));
	}
	if (rc == EXIT_OK) {
		if (co.json)
			printf("],\"games\":%d,\"won\":%d,\"lost\":%d,"
			       "\"drawn\":%d,\"points_for\":%d,"
			       "\"points_against\":%d}\n", s.games, s.won,
			       s.lost, s.drawn, s.points_for,
			       s.points_against);
		else
			printf("games:    %d (won %d, lost %d, drawn %d)\n"
			       "points:   %d for, %d against\n", s.games, s.won,
			       s.lost, s.drawn, s.points_for, s.points_against);
	}
	db_close(db);
	return rc;
}

static int player_rename(int argc, char **argv)
{
	struct cli_common co;
	struct db_player p;
	struct db *db;
	int rc = plain_args("player rename", argc, argv, &co, 2);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_find(db, argv[optind], &p));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_player_rename(db, p.id,
							argv[optind + 1]));
	if (rc == EXIT_OK)
		printf("player %" PRId64 " renamed: %s -> %s\n", p.id, p.name,
		       argv[optind + 1]);
	db_close(db);
	return rc;
}

static int player_retire(int argc, char **argv)
{
	struct cli_common co;
	struct db_player p;
	struct db *db;
	int rc = plain_args("player retire", argc, argv, &co, 1);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_player_find(db, argv[optind], &p));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_player_retire(db, p.id));
	if (rc == EXIT_OK)
		printf("player %" PRId64 " (%s) retired\n", p.id, p.name);
	db_close(db);
	return rc;
}

static int run_player(int argc, char **argv)
{
	static const struct cli_command commands[] = {
		{ "add", player_add },
		{ "list", player_list },
		{ "show", player_show },
		{ "rename", player_rename },
		{ "retire", player_retire },
	};

	return cli_dispatch("player", commands,
			    sizeof(commands) / sizeof(commands[0]),
			    player_usage, argc, argv);
}

const struct cli_group cli_player_group = {
	.name = "player",
	.summary = "the club's players: add, list, show, rename, retire",
	.run = run_player,
	.usage = player_usage,
};

/* ------------------------------------------------------------- tables */

static void table_usage(FILE *out)
{
	fprintf(out,
		"usage: %s table add NAME [--location TEXT]\n"
		"       %s table list [--json]\n",
		cli_progname, cli_progname);
	table_live_usage(out);
	fprintf(out,
		"\n"
		"A table is a physical board. Commands to a live table go to\n"
		"pitbossd, which answers with the verdict (--wait S seconds, 5).\n"
		"All take --db PATH.\n");
}

static int table_live(int argc, char **argv)
{
	return table_live_run(argv[0], argc, argv);
}

static int table_add(int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "location", required_argument, NULL, 'l' },
		{ 0 }
	};
	struct cli_common co = { 0 };
	const char *location = "";
	struct db *db;
	int64_t id = 0;
	int c, rc;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, table_usage, "table add", argv);
		case 'l':
			location = optarg;
			break;
		}
	}
	if (cli_operands("table add", argc, argv, 1, 1) != EXIT_OK)
		return EXIT_USAGE;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_table_add(db, argv[optind], location, &id));
	if (rc == EXIT_OK)
		printf("table %" PRId64 " added: %s\n", id, argv[optind]);
	db_close(db);
	return rc;
}

static int table_each(void *ctx, const struct db_table *t)
{
	struct list_ctx *l = ctx;
	char id[24];

	if (l->json) {
		printf("%s{\"id\":%" PRId64 ",\"name\":", l->n ? "," : "",
		       t->id);
		cli_json_string(stdout, t->name);
		fputs(",\"location\":", stdout);
		cli_json_string(stdout, t->location);
		fputs(",\"created\":", stdout);
		cli_json_string(stdout, t->created);
		fputc('}', stdout);
	} else {
		snprintf(id, sizeof(id), "%" PRId64, t->id);
		cli_table_row(l->table, id, t->name,
			      t->location[0] ? t->location : "-", t->created);
	}
	l->n++;
	return 0;
}

static int table_list(int argc, char **argv)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	struct cli_common co = { 0 };
	struct list_ctx l = { 0 };
	struct db *db;
	int c, rc;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, table_usage, "table list", argv);
		}
	}
	if (cli_operands("table list", argc, argv, 0, 0) != EXIT_OK)
		return EXIT_USAGE;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	l.json = co.json;
	if (l.json)
		fputc('[', stdout);
	else
		l.table = cli_table_new(4, "ID", "NAME", "LOCATION", "ADDED");
	rc = cli_db_result(db, db_table_list(db, table_each, &l));
	if (l.json) {
		fputs("]\n", stdout);
	} else {
		if (rc == EXIT_OK)
			cli_table_print(l.table, stdout);
		cli_table_free(l.table);
	}
	db_close(db);
	return rc;
}

static int run_table(int argc, char **argv)
{
	static const struct cli_command commands[] = {
		{ "add", table_add },
		{ "list", table_list },
		{ "start", table_live },
		{ "confirm", table_live },
		{ "reject", table_live },
		{ "correct", table_live },
		{ "enter", table_live },
		{ "set-position", table_live },
		{ "enter-secret", table_live },
		{ "undo", table_live },
		{ "end", table_live },
		{ "status", table_live },
		{ "secret", table_live },
		{ "assign", table_live },
	};

	return cli_dispatch("table", commands,
			    sizeof(commands) / sizeof(commands[0]),
			    table_usage, argc, argv);
}

const struct cli_group cli_table_group = {
	.name = "table",
	.summary = "boards: add, list; live tables: start, confirm, correct, undo...",
	.run = run_table,
	.usage = table_usage,
};
