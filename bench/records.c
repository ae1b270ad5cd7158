/*
 * bench/records.c - the records store at club scale. Builds a history
 * of random but legal Kalah games (500 players, 20 tournaments, 20,000
 * games, 1,000,000 moves by default) through the store's own API, then
 * times what people wait for:
 *
 *   - the standings of a 128-entrant tournament;
 *   - a player's history page: the last 50 games and his totals;
 *   - committing one move with synchronous=FULL (live play);
 *   - every game rated anew, the rating list and a player's chart;
 *
 * and reports the database size per 1,000 moves. Run by `make bench`;
 * prints figures, asserts none.
 *
 *   bench/records [--scale F] [--keep FILE]
 *
 * The history is built with synchronous=OFF to save time (its durability
 * is not what is measured); every timed write runs with synchronous=FULL.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "db/bracket.h"
#include "db/db.h"
#include "db/db_impl.h"
#include "rules/rules.h"

#define MAX_PLIES 512

static uint64_t rng = 20261123;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(struct db *db, const char *what)
{
	fprintf(stderr, "records: %s: %s\n", what, db ? db_error(db) : "");
	exit(1);
}

/* One random legal game, as the store records it. */
struct played {
	struct db_move move[MAX_PLIES];
	char notation[MAX_PLIES][8];
	char position[MAX_PLIES][96];
	char start[96];
	struct db_game_end end;
	int n;
};

static void play_random(const struct rules_game *game, struct played *p,
			const int64_t *player)
{
	const struct rules *ops = game->ops;
	struct rules_move legal[16];
	struct rules_outcome out;
	struct rules_result r;
	char pos[256], err[RULES_ERR_MAX];

	ops->start(game, pos);
	ops->position_format(game, pos, RULES_TEXT_FULL, p->start,
			     sizeof(p->start));
	p->n = 0;
	while (ops->to_move(game, pos).seat >= 0 && p->n < MAX_PLIES) {
		size_t n = ops->legal_moves(game, pos, legal, 16);
		struct rules_move *m = &legal[bracket_splitmix64(&rng) % n];
		int seat = ops->to_move(game, pos).seat;
		struct db_move *dm = &p->move[p->n];

		ops->move_format(game, pos, m, p->notation[p->n], 8);
		ops->apply(game, pos, m, &out, err, sizeof(err));
		ops->position_format(game, pos, RULES_TEXT_FULL,
				     p->position[p->n], 96);
		*dm = (struct db_move){ .ply = p->n + 1, .seat = seat,
					.player_id = player[seat],
					.notation = p->notation[p->n],
					.position = p->position[p->n],
					.source = DB_SOURCE_SENSOR };
		p->n++;
	}
	ops->result(game, pos, &r);
	memset(&p->end, 0, sizeof(p->end));
	p->end.verdict = r.verdict;
	p->end.winner = r.winner;
	memcpy(p->end.score, r.score, sizeof(r.score));
	memcpy(p->end.points, r.points, sizeof(r.points));
}

static void fill_new(struct db_game_new *g, const struct rules_game *game,
		     const struct played *p, const int64_t *player,
		     int64_t series, int64_t table)
{
	memset(g, 0, sizeof(*g));
	g->kind = game->ops->name;
	g->options = rules_game_options(game);
	g->seats = 2;
	g->members[0] = g->members[1] = 1;
	g->player[0][0] = player[0];
	g->player[1][0] = player[1];
	g->first_how = DB_FIRST_RULES;
	g->position = p->start;
	g->series_id = series;
	g->table_id = table;
}

static long games_added, moves_added;

static void add_game(struct db *db, const struct rules_game *game,
		     struct played *p, const int64_t *player, int64_t series,
		     int64_t table)
{
	struct db_game_new g;
	int64_t id;

	play_random(game, p, player);
	fill_new(&g, game, p, player, series, table);
	if (series)
		g.first_how = DB_FIRST_ALTERNATE;
	if (db_game_add(db, &g, p->move, p->n, &p->end, &id) != DB_OK)
		die(db, "adding a game");
	games_added++;
	moves_added += p->n;
}

/* Plays every due series of a tournament until it has a champion. */
static void play_tournament(struct db *db, int64_t tid,
			    const struct rules_game *game, struct played *p)
{
	for (;;) {
		sqlite3_stmt *st;
		int64_t sid = 0;
		struct db_series_info s;

		/* The next running series of this tournament. */
		sqlite3_prepare_v2(db->sql,
				   "SELECT id FROM series WHERE tournament_id = ?1"
				   " AND status = 'playing' ORDER BY id LIMIT 1",
				   -1, &st, NULL);
		sqlite3_bind_int64(st, 1, tid);
		if (sqlite3_step(st) == SQLITE_ROW)
			sid = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		if (sid == 0)
			return;
		if (db_series_get(db, sid, &s) != DB_OK)
			die(db, "reading a series");
		while (strcmp(s.status, "playing") == 0) {
			int first = s.games % 2 == 0 ? s.first : !s.first;
			int64_t seats[2] = { s.player[first], s.player[!first] };

			add_game(db, game, p, seats, sid, 1 + (sid % 8));
			if (db_series_get(db, sid, &s) != DB_OK)
				die(db, "reading a series");
		}
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int count_game(void *ctx, const struct db_game_info *g)
{
	(*(int *)ctx)++;
	(void)g;
	return 0;
}

static int count_rating(void *ctx, const struct db_rating *r)
{
	(void)r;
	(*(int *)ctx)++;
	return 0;
}

static int count_step(void *ctx, const struct db_rating_step *s)
{
	(void)s;
	(*(int *)ctx)++;
	return 0;
}

/* Every game rated anew (what 'pitboss rating recompute' does), the
 * list the ratings page reads, and one player's chart. */
static void bench_ratings(struct db *db, int64_t player)
{
	double t0 = now(), all, list, chart;
	int rated, rows = 0, steps = 0;

	if (db_rating_recompute(db, &rated) != DB_OK)
		die(db, "recomputing the ratings");
	all = now() - t0;
	t0 = now();
	if (db_rating_list(db, NULL, 0, count_rating, &rows) != DB_OK)
		die(db, "listing the ratings");
	list = now() - t0;
	t0 = now();
	if (db_rating_history(db, player, NULL, count_step, &steps) != DB_OK)
		die(db, "a player's ratings");
	chart = now() - t0;
	printf("records: ratings recomputed from %d games in %.2f s (%.0f us a game); the list of %d players %.2f ms; a chart of %d games %.2f ms\n",
	       rated, all, all * 1e6 / (rated ? rated : 1), rows, list * 1e3,
	       steps, chart * 1e3);
}

int main(int argc, char **argv)
{
	static struct played p;
	char path[256], err[DB_ERR_MAX], name[64];
	const char *keep = NULL;
	double scale = 1.0, t0, t[1000], build;
	int64_t players[500], tids[20], id;
	struct rules_game *game;
	struct db *db;
	struct stat sb;
	int n_players, n_games, n_moves;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc)
			scale = atof(argv[++i]);
		else if (strcmp(argv[i], "--keep") == 0 && i + 1 < argc)
			keep = argv[++i];
		else {
			fprintf(stderr, "usage: records [--scale F] [--keep FILE]\n");
			return 2;
		}
	}
	n_players = (int)(500 * scale) < 128 ? 128 : (int)(500 * scale);
	n_games = (int)(20000 * scale);
	n_moves = (int)(1000000 * scale);
	snprintf(path, sizeof(path), "%s", keep ? keep :
		 "/tmp/pitboss-bench-records.db");
	unlink(path);
	if (db_open(path, DB_OPEN_CREATE, &db, err, sizeof(err)) != DB_OK) {
		fprintf(stderr, "records: %s\n", err);
		return 1;
	}
	game = rules_game_new(rules_find("kalah"), "", err, sizeof(err));
	sqlite3_exec(db->sql, "PRAGMA synchronous = OFF", NULL, NULL, NULL);

	t0 = now();
	for (int i = 0; i < n_players; i++) {
		snprintf(name, sizeof(name), "Player %d", i + 1);
		if (db_player_add(db, name, &players[i]) != DB_OK)
			die(db, "adding a player");
	}
	for (int i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "Board %d", i + 1);
		if (db_table_add(db, name, "", &id) != DB_OK)
			die(db, "adding a table");
	}
	/* 20 tournaments: one of 128 entrants, the others of 16..64. */
	for (int k = 0; k < 20; k++) {
		int entrants = k == 0 ? 128 : 16 + (int)(bracket_splitmix64(&rng) % 49);
		int order[500];

		snprintf(name, sizeof(name), "Tournament %d", k + 1);
		if (db_tournament_create(db, name, "kalah", "", 40, k % 2, &tids[k]) != DB_OK)
			die(db, "creating a tournament");
		for (int i = 0; i < n_players; i++)
			order[i] = i;
		bracket_shuffle(bracket_splitmix64(&rng), order, n_players);
		for (int i = 0; i < entrants; i++)
			if (db_tournament_enter(db, tids[k], players[order[i]]) != DB_OK)
				die(db, "entering");
		if (db_tournament_draw(db, tids[k], 1, bracket_splitmix64(&rng)) != DB_OK)
			die(db, "drawing");
		play_tournament(db, tids[k], game, &p);
	}
	/* Friendly games until both the game and the move counts are met. */
	while (games_added < n_games || moves_added < n_moves) {
		int a = (int)(bracket_splitmix64(&rng) % (uint64_t)n_players);
		int b = (int)(bracket_splitmix64(&rng) % (uint64_t)(n_players - 1));
		int64_t seats[2] = { players[a], players[b >= a ? b + 1 : b] };

		add_game(db, game, &p, seats, 0, 1 + games_added % 8);
	}
	build = now() - t0;
	sqlite3_exec(db->sql, "PRAGMA synchronous = FULL; PRAGMA wal_checkpoint(TRUNCATE)",
		     NULL, NULL, NULL);
	stat(path, &sb);
	printf("records: history built in %.1f s: %d players, 20 tournaments, %ld games, %ld moves\n",
	       build, n_players, games_added, moves_added);
	printf("records: database %.1f MB, %.1f KB per 1,000 moves (all records included)\n",
	       (double)sb.st_size / 1e6,
	       (double)sb.st_size / 1024.0 / ((double)moves_added / 1000.0));

	/* Standings of the 128-entrant tournament. */
	for (int i = 0; i < 200; i++) {
		struct standing *rows;
		size_t n;

		t0 = now();
		if (db_tournament_standings(db, tids[0], &rows, &n) != DB_OK || n != 128)
			die(db, "standings");
		t[i] = now() - t0;
		free(rows);
	}
	qsort(t, 200, sizeof(t[0]), cmp_double);
	printf("records: standings of a 128-entrant tournament: median %.3f ms, max %.3f ms (goal < 5 ms)\n",
	       t[100] * 1e3, t[199] * 1e3);

	/* A player's history page: last 50 games and his totals. */
	for (int i = 0; i < 200; i++) {
		struct db_history_filter f = { 0 };
		int shown = 0, all = 0;

		f.player_id = players[i % n_players];
		t0 = now();
		f.limit = 50;
		if (db_history(db, &f, count_game, &shown) != DB_OK)
			die(db, "history");
		f.limit = 0;
		if (db_history(db, &f, count_game, &all) != DB_OK)
			die(db, "history totals");
		t[i] = now() - t0;
	}
	qsort(t, 200, sizeof(t[0]), cmp_double);
	printf("records: a player's history page (last 50 games + totals): median %.3f ms, max %.3f ms (goal < 10 ms)\n",
	       t[100] * 1e3, t[199] * 1e3);

	/* Live play: one move per transaction with synchronous=FULL. */
	{
		int timed = 0;

		while (timed < 1000) {
			struct db_game_new g;
			int64_t seats[2] = { players[0], players[1] }, gid;

			play_random(game, &p, seats);
			fill_new(&g, game, &p, seats, 0, 1);
			if (db_game_start(db, &g, &gid) != DB_OK)
				die(db, "starting a game");
			for (int i = 0; i < p.n && timed < 1000; i++) {
				t0 = now();
				if (db_move_add(db, gid, &p.move[i]) != DB_OK)
					die(db, "adding a move");
				t[timed++] = now() - t0;
			}
			db_game_finish(db, gid, &p.end);
		}
		qsort(t, 1000, sizeof(t[0]), cmp_double);
		printf("records: committing one move (synchronous=FULL): median %.3f ms, p99 %.3f ms, max %.3f ms (goal < 2 ms median)\n",
		       t[500] * 1e3, t[990] * 1e3, t[999] * 1e3);
	}
	bench_ratings(db, players[0]);
	rules_game_free(game);
	db_close(db);
	if (keep == NULL) {
		char side[300];

		unlink(path);
		snprintf(side, sizeof(side), "%s-wal", path);
		unlink(side);
		snprintf(side, sizeof(side), "%s-shm", path);
		unlink(side);
	}
	return 0;
}
