/*
 * db_ratings.c - the rating lists: each finished game rated as it is
 * recorded (glicko.c does the arithmetic), every list rated anew when
 * asked or when a game comes in out of order, and the lists and a
 * player's history read back.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "db/db_impl.h"
#include "db/glicko.h"

/* A finished game as the ratings see it. */
struct rated_game {
	int64_t id;
	char key[DB_RATING_KEY_MAX];
	char ended[DB_TIME_MAX];
	int seats;
	int draw;			/* else won by `winner` */
	int winner;
	int64_t player[RULES_MAX_SEATS];
};

/* A player's standing in a list before the game. */
struct rated_seat {
	struct glicko_rating r;
	int found;			/* rated before in this list */
	int games, wins, losses, draws;
	char last_played[DB_TIME_MAX];
};

int db_rating_key(struct db *db, const char *kind, const char *options,
		  char *key, size_t keylen)
{
	const struct rules *ops = rules_find(kind);
	char err[RULES_ERR_MAX] = "";

	if (ops == NULL)
		return db_refuse(db, "there is no game '%s'", kind);
	if (rules_rating_key(ops, options, key, keylen, err, sizeof(err)) < 0)
		return db_refuse(db, "%s", err);
	return DB_OK;
}

/* Seconds since the epoch of a stored time ("...T08:56:40.123Z"). */
static double time_seconds(const char *text)
{
	struct tm tm;
	double sec = 0;

	memset(&tm, 0, sizeof(tm));
	if (sscanf(text, "%d-%d-%dT%d:%d:%lf", &tm.tm_year, &tm.tm_mon,
		   &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &sec) != 6)
		return 0;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (double)timegm(&tm) + sec;
}

/* Rating periods from `from` to `to`; none backwards. */
static double periods_between(const char *from, const char *to)
{
	double s = time_seconds(to) - time_seconds(from);

	return s > 0 ? s / (GLICKO_PERIOD_DAYS * 86400.0) : 0;
}

/* The seats' players; *rated 0 for a team at a seat or a player twice. */
static int game_players(struct db *db, struct rated_game *g, int *rated)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_GAME_PLAYERS, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, g->id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int seat = sqlite3_column_int(st, 0);

		if (seat < 0 || seat >= g->seats ||
		    sqlite3_column_int(st, 1) != 0)
			*rated = 0;
		else
			g->player[seat] = sqlite3_column_int64(st, 2);
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading a game's players");
	for (int s = 0; s < g->seats; s++)
		for (int o = 0; o < s; o++)
			if (g->player[s] == 0 || g->player[s] == g->player[o])
				*rated = 0;
	return DB_OK;
}

/* A game to rate: finished, won or drawn, by one player a seat, of a
 * game this build knows. *rated 0 otherwise. */
static int game_read(struct db *db, int64_t id, struct rated_game *g,
		     int *rated)
{
	char kind[32] = "", options[DB_TEXT_MAX] = "", status[16] = "",
	     result[16] = "";
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_GAME, &st), step;

	*rated = 0;
	memset(g, 0, sizeof(*g));
	g->id = id;
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	if ((step = sqlite3_step(st)) == SQLITE_ROW) {
		db_column_text(st, 0, kind, sizeof(kind));
		db_column_text(st, 1, options, sizeof(options));
		db_column_text(st, 2, status, sizeof(status));
		db_column_text(st, 3, result, sizeof(result));
		g->winner = sqlite3_column_type(st, 4) == SQLITE_NULL ? -1 :
			    sqlite3_column_int(st, 4);
		db_column_text(st, 5, g->ended, sizeof(g->ended));
		g->seats = sqlite3_column_int(st, 6);
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a game to rate");
	if (step == SQLITE_DONE || strcmp(status, "finished") != 0 ||
	    g->seats < 2 || g->seats > RULES_MAX_SEATS)
		return DB_OK;
	g->draw = strcmp(result, "draw") == 0;
	if (!g->draw && (strcmp(result, "win") != 0 || g->winner < 0 ||
			 g->winner >= g->seats))
		return DB_OK;
	if (db_rating_key(db, kind, options, g->key, sizeof(g->key)) != DB_OK)
		return DB_OK;	/* a game this build cannot read: unrated */
	*rated = 1;
	return game_players(db, g, rated);
}

static int seat_read(struct db *db, const char *key, int64_t player,
		     struct rated_seat *out)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_GET, &st), step;

	memset(out, 0, sizeof(*out));
	out->r = glicko_start();
	if (rc != DB_OK)
		return rc;
	db_bind_text(st, 1, key);
	sqlite3_bind_int64(st, 2, player);
	if ((step = sqlite3_step(st)) == SQLITE_ROW) {
		out->found = 1;
		out->r.rating = sqlite3_column_double(st, 0);
		out->r.rd = sqlite3_column_double(st, 1);
		out->r.volatility = sqlite3_column_double(st, 2);
		out->games = sqlite3_column_int(st, 3);
		out->wins = sqlite3_column_int(st, 4);
		out->losses = sqlite3_column_int(st, 5);
		out->draws = sqlite3_column_int(st, 6);
		db_column_text(st, 7, out->last_played,
			       sizeof(out->last_played));
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a rating");
	return DB_OK;
}

/* Seat `s`'s results in game `g`, against the others as they stood. */
static int seat_results(const struct rated_game *g,
			const struct rated_seat *before, int s,
			struct glicko_result *res, double *score)
{
	int n = 0;

	*score = 0;
	for (int o = 0; o < g->seats; o++) {
		double sc;

		if (o == s)
			continue;
		if (g->draw)
			sc = 0.5;
		else if (s == g->winner)
			sc = 1;
		else if (o == g->winner)
			sc = 0;
		else
			continue;	/* two losers: no result between them */
		res[n].opponent = before[o].r;
		res[n++].score = sc;
		*score += sc;
	}
	return n;
}

static int seat_write(struct db *db, const struct rated_game *g,
		      int64_t player, const struct rated_seat *now)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_PUT, &st);

	if (rc != DB_OK)
		return rc;
	db_bind_text(st, 1, g->key);
	sqlite3_bind_int64(st, 2, player);
	sqlite3_bind_double(st, 3, now->r.rating);
	sqlite3_bind_double(st, 4, now->r.rd);
	sqlite3_bind_double(st, 5, now->r.volatility);
	sqlite3_bind_int(st, 6, now->games);
	sqlite3_bind_int(st, 7, now->wins);
	sqlite3_bind_int(st, 8, now->losses);
	sqlite3_bind_int(st, 9, now->draws);
	sqlite3_bind_int64(st, 10, g->id);
	db_bind_text(st, 11, g->ended);
	return db_exec(db, st, "keeping a rating");
}

static int step_write(struct db *db, const struct rated_game *g,
		      int64_t player, const struct db_rating_step *step)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_HISTORY_ADD, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, g->id);
	sqlite3_bind_int64(st, 2, player);
	db_bind_text(st, 3, g->key);
	db_bind_text(st, 4, g->ended);
	sqlite3_bind_double(st, 5, step->rating_before);
	sqlite3_bind_double(st, 6, step->rd_before);
	sqlite3_bind_double(st, 7, step->rating);
	sqlite3_bind_double(st, 8, step->rd);
	sqlite3_bind_double(st, 9, step->volatility);
	sqlite3_bind_double(st, 10, step->score);
	sqlite3_bind_int(st, 11, step->opponents);
	return db_exec(db, st, "keeping a rating's history");
}

/* One game, one rating period for each of its players; all of them
 * from the ratings before the game. */
static int game_rate(struct db *db, const struct rated_game *g)
{
	struct rated_seat before[RULES_MAX_SEATS], after;
	struct glicko_result res[RULES_MAX_SEATS];
	int rc = DB_OK;

	for (int s = 0; s < g->seats && rc == DB_OK; s++)
		rc = seat_read(db, g->key, g->player[s], &before[s]);
	for (int s = 0; s < g->seats && rc == DB_OK; s++) {
		struct db_rating_step step = { .game_id = g->id };
		double periods = before[s].found ?
			periods_between(before[s].last_played, g->ended) : 0;
		int n = seat_results(g, before, s, res, &step.score);

		after = before[s];
		after.r = glicko_update(&glicko_club, before[s].r, res, n,
					periods);
		after.games++;
		after.draws += g->draw;
		after.wins += !g->draw && s == g->winner;
		after.losses += !g->draw && s != g->winner;
		step.rating_before = before[s].r.rating;
		step.rd_before = glicko_rd_after(&glicko_club, before[s].r,
						 periods);
		step.rating = after.r.rating;
		step.rd = after.r.rd;
		step.volatility = after.r.volatility;
		step.opponents = n;
		rc = seat_write(db, g, g->player[s], &after);
		if (rc == DB_OK)
			rc = step_write(db, g, g->player[s], &step);
	}
	return rc;
}

static int clear(struct db *db, const char *key)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_CLEAR, &st);

	if (rc == DB_OK) {
		db_bind_text(st, 1, key);
		rc = db_exec(db, st, "clearing ratings");
	}
	if (rc == DB_OK && (rc = db_prepare(db, Q_RATING_HISTORY_CLEAR,
					    &st)) == DB_OK) {
		db_bind_text(st, 1, key);
		rc = db_exec(db, st, "clearing ratings' history");
	}
	if (rc == DB_OK && key == NULL &&
	    (rc = db_prepare(db, Q_RATING_STALE_SET, &st)) == DB_OK) {
		sqlite3_bind_int(st, 1, 0);
		rc = db_exec(db, st, "marking the ratings current");
	}
	return rc;
}

/* Inside a transaction: list `key` (NULL: all) rated anew from every
 * finished game, in the order they ended. */
static int replay(struct db *db, const char *key, int *games)
{
	sqlite3_stmt *st;
	int rc = clear(db, key), step, rated;

	*games = 0;
	if (rc == DB_OK)
		rc = db_prepare(db, Q_RATING_GAMES_IN_ORDER, &st);
	if (rc != DB_OK)
		return rc;
	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		struct rated_game g;

		rc = game_read(db, sqlite3_column_int64(st, 0), &g, &rated);
		if (rc != DB_OK || !rated ||
		    (key != NULL && strcmp(key, g.key) != 0))
			continue;
		rc = game_rate(db, &g);
		*games += rc == DB_OK;
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = db_fail(db, "reading the games to rate");
	sqlite3_reset(st);
	return rc;
}

int db_rating_stale(struct db *db, int *stale)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_STALE, &st), step;

	*stale = 0;
	if (rc != DB_OK)
		return rc;
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*stale = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return step == SQLITE_ROW || step == SQLITE_DONE ? DB_OK :
	       db_fail(db, "reading the ratings' state");
}

/* Whether list `key` holds a game that ended after game `g`. */
static int rated_later(struct db *db, const struct rated_game *g, int *later)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_LATER, &st), step;

	*later = 0;
	if (rc != DB_OK)
		return rc;
	db_bind_text(st, 1, g->key);
	db_bind_text(st, 2, g->ended);
	sqlite3_bind_int64(st, 3, g->id);
	step = sqlite3_step(st);
	*later = step == SQLITE_ROW;
	sqlite3_reset(st);
	return step == SQLITE_ROW || step == SQLITE_DONE ? DB_OK :
	       db_fail(db, "reading the ratings' order");
}

int db_rating_game_finished_tx(struct db *db, int64_t game_id)
{
	struct rated_game g;
	int rc, rated, stale, later, games;

	if ((rc = db_rating_stale(db, &stale)) != DB_OK)
		return rc;
	if (stale)
		return replay(db, NULL, &games);
	if ((rc = game_read(db, game_id, &g, &rated)) != DB_OK || !rated)
		return rc;
	if ((rc = rated_later(db, &g, &later)) != DB_OK)
		return rc;
	return later ? replay(db, g.key, &games) : game_rate(db, &g);
}

int db_rating_game_changed_tx(struct db *db, int64_t game_id)
{
	char kind[32] = "", options[DB_TEXT_MAX] = "",
	     key[DB_RATING_KEY_MAX];
	sqlite3_stmt *st;
	int rc, step, stale, games;

	if ((rc = db_rating_stale(db, &stale)) != DB_OK)
		return rc;
	if (stale)
		return replay(db, NULL, &games);
	if ((rc = db_prepare(db, Q_RATING_GAME, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, game_id);
	if ((step = sqlite3_step(st)) == SQLITE_ROW) {
		db_column_text(st, 0, kind, sizeof(kind));
		db_column_text(st, 1, options, sizeof(options));
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a changed game's kind");
	if (step == SQLITE_DONE ||
	    db_rating_key(db, kind, options, key, sizeof(key)) != DB_OK)
		return DB_OK;	/* no such game, or one no list holds */
	return replay(db, key, &games);
}

int db_rating_recompute(struct db *db, int *games)
{
	int rc = db_begin(db);

	*games = 0;
	if (rc != DB_OK)
		return rc;
	rc = db_end(db, replay(db, NULL, games));
	if (rc != DB_OK)
		*games = 0;
	return rc;
}

int db_rating_list(struct db *db, const char *key, int64_t player_id,
		   int (*each)(void *ctx, const struct db_rating *r),
		   void *ctx)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_LIST, &st), step;

	if (rc != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	db_bind_text(st, 1, key);
	db_bind_id(st, 2, player_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		struct db_rating r;
		struct glicko_rating g;

		memset(&r, 0, sizeof(r));
		db_column_text(st, 0, r.key, sizeof(r.key));
		r.player_id = sqlite3_column_int64(st, 1);
		db_column_text(st, 2, r.name, sizeof(r.name));
		g.rating = r.rating = sqlite3_column_double(st, 3);
		g.rd = r.rd = sqlite3_column_double(st, 4);
		g.volatility = r.volatility = sqlite3_column_double(st, 5);
		r.games = sqlite3_column_int(st, 6);
		r.wins = sqlite3_column_int(st, 7);
		r.losses = sqlite3_column_int(st, 8);
		r.draws = sqlite3_column_int(st, 9);
		db_column_text(st, 10, r.last_played, sizeof(r.last_played));
		r.rd_now = glicko_rd_after(&glicko_club, g,
					   periods_between(r.last_played, now));
		r.provisional = glicko_provisional(r.rd_now);
		if (each(ctx, &r) != 0)
			break;
	}
	sqlite3_reset(st);
	return step == SQLITE_ROW || step == SQLITE_DONE ? DB_OK :
	       db_fail(db, "reading the ratings");
}

int db_rating_history(struct db *db, int64_t player_id, const char *key,
		      int (*each)(void *ctx,
				  const struct db_rating_step *s),
		      void *ctx)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RATING_HISTORY, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, player_id);
	db_bind_text(st, 2, key);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		struct db_rating_step s;

		memset(&s, 0, sizeof(s));
		s.game_id = sqlite3_column_int64(st, 0);
		db_column_text(st, 1, s.key, sizeof(s.key));
		db_column_text(st, 2, s.ended, sizeof(s.ended));
		s.rating_before = sqlite3_column_double(st, 3);
		s.rd_before = sqlite3_column_double(st, 4);
		s.rating = sqlite3_column_double(st, 5);
		s.rd = sqlite3_column_double(st, 6);
		s.volatility = sqlite3_column_double(st, 7);
		s.score = sqlite3_column_double(st, 8);
		s.opponents = sqlite3_column_int(st, 9);
		if (each(ctx, &s) != 0)
			break;
	}
	sqlite3_reset(st);
	return step == SQLITE_ROW || step == SQLITE_DONE ? DB_OK :
	       db_fail(db, "reading a rating's history");
}

#define ENTRANTS_MAX 256

/* The rated entrants without a seed, best first; the seeds not held. */
static int entrants_by_rating(struct db *db, int64_t tid, const char *key,
			      int64_t *player, int *n, int *free_seed,
			      int *n_free)
{
	int held[ENTRANTS_MAX + 1] = { 0 }, entrants = 0, step;
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_ENTRY_LIST, &st);

	*n = *n_free = 0;
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int seed = sqlite3_column_int(st, 1);

		entrants++;
		if (seed > 0 && seed <= ENTRANTS_MAX)
			held[seed] = 1;
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading the entries");
	for (int s = 1; s <= entrants && s <= ENTRANTS_MAX; s++)
		if (!held[s])
			free_seed[(*n_free)++] = s;
	if ((rc = db_prepare(db, Q_RATING_ENTRANTS, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	db_bind_text(st, 2, key);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (*n < ENTRANTS_MAX)
			player[(*n)++] = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return step == SQLITE_DONE ? DB_OK :
	       db_fail(db, "reading the entrants' ratings");
}

int db_tournament_draw_by_rating(struct db *db, int64_t tid, int random,
				 uint64_t random_seed, int *seeded)
{
	struct db_tournament_info t;
	char id[24], key[DB_RATING_KEY_MAX];
	int64_t player[ENTRANTS_MAX];
	int free_seed[ENTRANTS_MAX], n, n_free, rc = db_begin(db);

	*seeded = 0;
	if (rc != DB_OK)
		return rc;
	snprintf(id, sizeof(id), "%lld", (long long)tid);
	rc = db_tournament_find(db, id, &t);
	if (rc == DB_OK && strcmp(t.status, "entry") != 0)
		rc = db_refuse(db, "tournament '%s' has been drawn already",
			       t.name);
	if (rc == DB_OK)
		rc = db_rating_key(db, t.kind, t.options, key, sizeof(key));
	if (rc == DB_OK)
		rc = entrants_by_rating(db, tid, key, player, &n, free_seed,
					&n_free);
	for (int i = 0; rc == DB_OK && i < n && i < n_free; i++) {
		rc = db_tournament_seed(db, tid, player[i], free_seed[i]);
		*seeded += rc == DB_OK;
	}
	if (rc == DB_OK)
		rc = db_tournament_draw(db, tid, random, random_seed);
	rc = db_end(db, rc);
	if (rc != DB_OK)
		*seeded = 0;
	return rc;
}
