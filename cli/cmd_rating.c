/*
 * cmd_rating.c - `pitboss rating` (list, show, recompute): the Glicko-2
 * lists the store keeps per kind of game (db.h, glicko.h).
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "db/glicko.h"

static void rating_usage(FILE *out)
{
	fprintf(out,
		"usage: %s rating list [--game GAME [-o OPTIONS]] [--db PATH] [--json]\n"
		"       %s rating show PLAYER [--game GAME [-o OPTIONS]] [--db PATH] [--json]\n"
		"       %s rating recompute [--db PATH]\n"
		"\n"
		"  list       the rating lists, best first (one per kind of game:\n"
		"             Kalah by pits and seeds); '?' marks a provisional rating\n"
		"  show       a player's ratings and the rating after each rated game\n"
		"  recompute  rate every finished game anew, in the order they ended\n"
		"\n"
		"Glicko-2: every game a rating period, new players 1500/350/0.06,\n"
		"RD in [45, 500] and growing over idle weeks, provisional while\n"
		"RD >= 110 (see RATINGS in pitboss(1)).\n",
		cli_progname, cli_progname, cli_progname);
}

struct rating_args {
	struct cli_common co;
	const char *game, *options;
};

static int rating_args(const char *command, int argc, char **argv,
		       struct rating_args *a, int operands)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "game", required_argument, NULL, 'g' },
		{ "options", required_argument, NULL, 'o' },
		{ 0 }
	};
	int c;

	memset(a, 0, sizeof(*a));
	while ((c = getopt_long(argc, argv, "g:o:", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(a->co, rating_usage, command, argv);
		case 'g':
			a->game = optarg;
			break;
		case 'o':
			a->options = optarg;
			break;
		}
	}
	if (a->options != NULL && a->game == NULL) {
		cli_error("%s: --options needs --game", command);
		return EXIT_USAGE;
	}
	if (cli_operands(command, argc, argv, operands, operands) != EXIT_OK)
		return EXIT_USAGE;
	return -1;
}

/* The list asked for, into `key` ("" for every list); exit code. */
static int rating_key(struct db *db, const struct rating_args *a, char *key,
		      size_t len)
{
	key[0] = '\0';
	if (a->game == NULL)
		return EXIT_OK;
	return cli_db_result(db, db_rating_key(db, a->game, a->options, key,
					       len));
}

/* Says so when games finished before the ratings are not rated yet. */
static void stale_note(struct db *db)
{
	int stale = 0;

	if (db_rating_stale(db, &stale) == DB_OK && stale)
		cli_error("note: games finished before ratings were kept are not rated yet; run 'pitboss rating recompute'");
}

static void rating_json(const struct db_rating *r)
{
	printf("{\"list\":");
	cli_json_string(stdout, r->key);
	printf(",\"player\":%" PRId64 ",\"name\":", r->player_id);
	cli_json_string(stdout, r->name);
	printf(",\"rating\":%.2f,\"rd\":%.2f,\"rd_now\":%.2f,"
	       "\"volatility\":%.6f,\"provisional\":%s,\"games\":%d,"
	       "\"wins\":%d,\"losses\":%d,\"draws\":%d,\"last_played\":",
	       r->rating, r->rd, r->rd_now, r->volatility,
	       r->provisional ? "true" : "false", r->games, r->wins,
	       r->losses, r->draws);
	cli_json_string(stdout, r->last_played);
	putchar('}');
}

struct list_ctx {
	int json, n, rank;
	char key[DB_RATING_KEY_MAX];
	struct cli_table *table;
};

static void list_flush(struct list_ctx *l)
{
	if (l->table == NULL)
		return;
	printf("%s%s\n", l->n > 1 ? "\n" : "", l->key);
	cli_table_print(l->table, stdout);
	cli_table_free(l->table);
	l->table = NULL;
}

static int list_each(void *ctx, const struct db_rating *r)
{
	struct list_ctx *l = ctx;
	char rank[16], rating[24], rd[16], games[16], wld[48];

	if (l->json) {
		printf("%s", l->n++ ? "," : "");
		rating_json(r);
		return 0;
	}
	if (strcmp(l->key, r->key) != 0 || l->table == NULL) {
		list_flush(l);
		l->n++;
		l->rank = 0;
		snprintf(l->key, sizeof(l->key), "%s", r->key);
		l->table = cli_table_new(7, "#", "player", "rating", "rd",
					 "games", "won-lost-drawn",
					 "last played");
	}
	snprintf(rank, sizeof(rank), "%d", ++l->rank);
	snprintf(rating, sizeof(rating), "%.0f%s", r->rating,
		 r->provisional ? "?" : "");
	snprintf(rd, sizeof(rd), "%.0f", r->rd_now);
	snprintf(games, sizeof(games), "%d", r->games);
	snprintf(wld, sizeof(wld), "%d-%d-%d", r->wins, r->losses, r->draws);
	cli_table_row(l->table, rank, r->name, rating, rd, games, wld,
		      r->last_played);
	return 0;
}

static int rating_list(int argc, char **argv)
{
	struct rating_args a;
	struct list_ctx l = { 0 };
	char key[DB_RATING_KEY_MAX];
	struct db *db;
	int rc = rating_args("rating list", argc, argv, &a, 0);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(a.co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	rc = rating_key(db, &a, key, sizeof(key));
	l.json = a.co.json;
	if (rc == EXIT_OK) {
		stale_note(db);
		if (l.json)
			printf("[");
		rc = cli_db_result(db, db_rating_list(db, key[0] ? key : NULL,
						      0, list_each, &l));
		if (l.json)
			printf("]\n");
		list_flush(&l);
		if (!l.json && l.n == 0 && rc == EXIT_OK)
			printf("no rated games%s%s\n", key[0] ? " of " : "",
			       key);
	}
	cli_table_free(l.table);
	db_close(db);
	return rc;
}

struct show_ctx {
	int json, n;
	char key[DB_RATING_KEY_MAX];
	struct cli_table *table;
};

static int show_rating(void *ctx, const struct db_rating *r)
{
	struct show_ctx *s = ctx;

	if (s->json) {
		printf("%s", s->n++ ? "," : "");
		rating_json(r);
	} else {
		s->n++;
		printf("%s: %.0f%s, RD %.0f now (%.0f after the last game), "
		       "%d game%s: won %d, lost %d, drawn %d\n", r->key,
		       r->rating, r->provisional ? "? (provisional)" : "",
		       r->rd_now, r->rd, r->games, r->games == 1 ? "" : "s",
		       r->wins, r->losses, r->draws);
	}
	return 0;
}

static void show_flush(struct show_ctx *s)
{
	if (s->table == NULL)
		return;
	printf("\n%s\n", s->key);
	cli_table_print(s->table, stdout);
	cli_table_free(s->table);
	s->table = NULL;
}

static int show_step(void *ctx, const struct db_rating_step *h)
{
	struct show_ctx *s = ctx;
	char game[24], before[24], after[24], rd[24], score[32];

	if (s->json) {
		printf("%s{\"game\":%" PRId64 ",\"list\":", s->n++ ? "," : "",
		       h->game_id);
		cli_json_string(stdout, h->key);
		printf(",\"ended\":");
		cli_json_string(stdout, h->ended);
		printf(",\"rating_before\":%.2f,\"rd_before\":%.2f,"
		       "\"rating\":%.2f,\"rd\":%.2f,\"volatility\":%.6f,"
		       "\"score\":%.1f,\"opponents\":%d}", h->rating_before,
		       h->rd_before, h->rating, h->rd, h->volatility,
		       h->score, h->opponents);
		return 0;
	}
	if (s->table == NULL || strcmp(s->key, h->key) != 0) {
		show_flush(s);
		snprintf(s->key, sizeof(s->key), "%s", h->key);
		s->table = cli_table_new(6, "game", "ended", "before", "after",
					 "rd", "score");
	}
	snprintf(game, sizeof(game), "%" PRId64, h->game_id);
	snprintf(before, sizeof(before), "%.0f", h->rating_before);
	snprintf(after, sizeof(after), "%.0f", h->rating);
	snprintf(rd, sizeof(rd), "%.0f", h->rd);
	snprintf(score, sizeof(score), "%g/%d", h->score, h->opponents);
	cli_table_row(s->table, game, h->ended, before, after, rd, score);
	return 0;
}

static int rating_show(int argc, char **argv)
{
	struct rating_args a;
	struct show_ctx s = { 0 };
	char key[DB_RATING_KEY_MAX];
	struct db_player p;
	struct db *db;
	int rc = rating_args("rating show", argc, argv, &a, 1);

	if (rc >= 0)
		return rc;
	if ((rc = cli_db_open(a.co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	rc = rating_key(db, &a, key, sizeof(key));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_player_find(db, argv[optind], &p));
	s.json = a.co.json;
	if (rc == EXIT_OK) {
		stale_note(db);
		if (s.json) {
			printf("{\"player\":%" PRId64 ",\"name\":", p.id);
			cli_json_string(stdout, p.name);
			printf(",\"ratings\":[");
		} else {
			printf("%s (player %" PRId64 ")\n", p.name, p.id);
		}
		rc = cli_db_result(db, db_rating_list(db, key[0] ? key : NULL,
						      p.id, show_rating, &s));
	}
	if (rc == EXIT_OK) {
		if (s.json)
			printf("],\"history\":[");
		else if (s.n == 0 && !s.json)
			printf("no rated games\n");
		s.n = 0;
		rc = cli_db_result(db, db_rating_history(db, p.id,
							 key[0] ? key : NULL,
							 show_step, &s));
		if (s.json)
			printf("]}\n");
		show_flush(&s);
	}
	cli_table_free(s.table);
	db_close(db);
	return rc;
}

static int rating_recompute(int argc, char **argv)
{
	struct rating_args a;
	struct db *db;
	int rc = rating_args("rating recompute", argc, argv, &a, 0), games;

	if (rc >= 0)
		return rc;
	if (a.game != NULL) {
		cli_error("rating recompute: every list is rated anew; it takes no --game");
		return EXIT_USAGE;
	}
	if ((rc = cli_db_open(a.co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_rating_recompute(db, &games));
	if (rc == EXIT_OK)
		printf("%d game%s rated\n", games, games == 1 ? "" : "s");
	db_close(db);
	return rc;
}

static int run_rating(int argc, char **argv)
{
	static const struct cli_command commands[] = {
		{ "list", rating_list },
		{ "show", rating_show },
		{ "recompute", rating_recompute },
	};

	return cli_dispatch("rating", commands,
			    sizeof(commands) / sizeof(commands[0]),
			    rating_usage, argc, argv);
}

const struct cli_group cli_rating_group = {
	.name = "rating",
	.summary = "Glicko-2 ratings per kind of game: list, show, recompute",
	.run = run_rating,
	.usage = rating_usage,
};
