/*
 * db_tourney.c - series and knockout tournaments in the store.
 *
 * A tournament's bracket is never stored as a picture: the store keeps
 * the slots (who was drawn where), every decision in the order it was
 * made (bracket_results) and the withdrawals, and rebuilds the bracket
 * with bracket.c. After every change sync_tx() records what the rules
 * of the bracket now decide (walkovers after a withdrawal), starts the
 * series of every match that became ready and crowns the champion.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "db/bracket.h"
#include "db/db_impl.h"
#include "db/series.h"

/* A tournament rebuilt: its bracket and who holds each seed. */
struct rebuilt {
	struct db_tournament_info t;
	struct bracket b;
	int64_t player[BRACKET_MAX + 1];	/* by seed */
	unsigned char recorded[BRACKET_MAX];	/* match has a result row */
};

static const char *const how_text[] = {
	[BRACKET_PENDING] = "pending",
	[BRACKET_PLAYED] = "play",
	[BRACKET_WALKOVER] = "bye",
	[BRACKET_FORFEIT] = "forfeit",
	[BRACKET_WITHDRAWAL] = "withdrawal",
};

static enum bracket_how how_parse(const char *text)
{
	if (strcmp(text, "forfeit") == 0)
		return BRACKET_FORFEIT;
	if (strcmp(text, "withdrawal") == 0)
		return BRACKET_WITHDRAWAL;
	return BRACKET_PLAYED;
}

static uint64_t fresh_seed(void)
{
	uint64_t seed;

	if (getrandom(&seed, sizeof(seed), 0) != (ssize_t)sizeof(seed))
		seed = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ULL;
	return seed;
}

/* ------------------------------------------------------------- series */

static void series_row(sqlite3_stmt *st, struct db_series_info *s)
{
	const char *seed;

	memset(s, 0, sizeof(*s));
	s->id = sqlite3_column_int64(st, 0);
	s->tournament_id = sqlite3_column_int64(st, 1);
	s->match = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 :
		   sqlite3_column_int(st, 2);
	db_column_text(st, 3, s->kind, sizeof(s->kind));
	db_column_text(st, 4, s->options, sizeof(s->options));
	s->target = sqlite3_column_int(st, 5);
	s->player[0] = sqlite3_column_int64(st, 6);
	s->player[1] = sqlite3_column_int64(st, 7);
	db_column_text(st, 8, s->name[0], sizeof(s->name[0]));
	db_column_text(st, 9, s->name[1], sizeof(s->name[1]));
	s->first = sqlite3_column_int(st, 10);
	db_column_text(st, 11, s->first_how, sizeof(s->first_how));
	seed = (const char *)sqlite3_column_text(st, 12);
	s->lot_seed = seed ? strtoull(seed, NULL, 10) : 0;
	db_column_text(st, 13, s->status, sizeof(s->status));
	db_column_text(st, 14, s->decided_by, sizeof(s->decided_by));
	s->winner = sqlite3_column_type(st, 15) == SQLITE_NULL ? -1 :
		    sqlite3_column_int(st, 15);
	s->total[0] = sqlite3_column_int(st, 16);
	s->total[1] = sqlite3_column_int(st, 17);
	s->games = sqlite3_column_int(st, 18);
	db_column_text(st, 19, s->started, sizeof(s->started));
	db_column_text(st, 20, s->ended, sizeof(s->ended));
	s->board_id = sqlite3_column_int64(st, 21);
	db_column_text(st, 22, s->board, sizeof(s->board));
}

int db_series_get(struct db *db, int64_t id, struct db_series_info *out)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_GET, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		series_row(st, out);
	sqlite3_reset(st);
	if (step == SQLITE_ROW)
		return DB_OK;
	if (step != SQLITE_DONE)
		return db_fail(db, "reading a series");
	return db_refuse(db, "there is no series %lld", (long long)id);
}

int db_series_insert_tx(struct db *db, int64_t tid, int match,
			    const char *kind, const char *options, int target,
			    int64_t a, int64_t b, int first, int64_t *id)
{
	char now[DB_TIME_MAX], seed_text[24];
	uint64_t seed = 0;
	sqlite3_stmt *st;
	int rc;

	if (first < 0) {
		uint64_t state;

		seed = fresh_seed();
		state = seed;
		first = (int)(bracket_splitmix64(&state) >> 63);
	}
	if ((rc = db_prepare(db, Q_SERIES_INSERT, &st)) != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	db_bind_id(st, 1, tid);
	if (tid != 0)
		sqlite3_bind_int(st, 2, match);
	db_bind_text(st, 3, kind);
	db_bind_text(st, 4, options);
	sqlite3_bind_int(st, 5, target);
	sqlite3_bind_int64(st, 6, a);
	sqlite3_bind_int64(st, 7, b);
	sqlite3_bind_int(st, 8, first);
	db_bind_text(st, 9, seed ? DB_FIRST_LOT : DB_FIRST_SET);
	if (seed) {
		snprintf(seed_text, sizeof(seed_text), "%llu",
			 (unsigned long long)seed);
		db_bind_text(st, 10, seed_text);
	}
	db_bind_text(st, 11, now);
	rc = db_exec(db, st, "starting a series");
	if (rc == DB_OK && id != NULL)
		*id = sqlite3_last_insert_rowid(db->sql);
	return rc;
}

int db_series_start(struct db *db, const char *kind, const char *options,
		    int target, int64_t a, int64_t b, int first, int64_t *id)
{
	struct db_player pa, pb;
	int rc;

	if (target < 1 || target > SERIES_TARGET_MAX)
		return db_refuse(db, "series target %d is out of range 1..%d",
				 target, SERIES_TARGET_MAX);
	if (a == b)
		return db_refuse(db, "a series needs two different players");
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = db_player_get(db, a, &pa);
	if (rc == DB_OK)
		rc = db_player_get(db, b, &pb);
	if (rc == DB_OK && (pa.retired[0] || pb.retired[0]))
		rc = db_refuse(db, "player '%s' is retired",
			       pa.retired[0] ? pa.name : pb.name);
	if (rc == DB_OK)
		rc = db_series_insert_tx(db, 0, 0, kind, options, target, a, b,
				      first, id);
	return db_keep_id(db, rc, id);
}

/* Writes a finished series: totals, winner and how it was decided. */
int db_series_close_tx(struct db *db, int64_t sid,
			   const struct series_state *s, const char *how,
			   int winner)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_FINISH, &st);

	if (rc != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	sqlite3_bind_int64(st, 1, sid);
	sqlite3_bind_int(st, 2, s->total[0]);
	sqlite3_bind_int(st, 3, s->total[1]);
	sqlite3_bind_int(st, 4, s->games);
	sqlite3_bind_int(st, 9, s->won[0]);
	sqlite3_bind_int(st, 10, s->won[1]);
	sqlite3_bind_int(st, 11, s->drawn);
	if (how != NULL) {
		db_bind_text(st, 5, "finished");
		db_bind_text(st, 6, how);
		sqlite3_bind_int(st, 7, winner);
		db_bind_text(st, 8, now);
	} else {
		db_bind_text(st, 5, "playing");
	}
	return db_exec(db, st, "scoring a series");
}

/* The series' state from its finished games, in game order. */
int db_series_replay_tx(struct db *db, const struct db_series_info *info,
			 struct series_state *s)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_SCORE, &st), step;
	char err[DB_ERR_MAX];

	if (rc != DB_OK)
		return rc;
	series_init(s, info->target);
	sqlite3_bind_int64(st, 1, info->id);
	sqlite3_bind_int64(st, 2, info->player[0]);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *result = (const char *)sqlite3_column_text(st, 0);
		int draw = result == NULL || strcmp(result, "win") != 0;

		if (series_add_game(s, sqlite3_column_int(st, 1),
				    sqlite3_column_int(st, 2), draw, err,
				    sizeof(err)) < 0) {
			sqlite3_reset(st);
			return db_refuse(db, "series %lld: %s",
					 (long long)info->id, err);
		}
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "scoring a series");
	return DB_OK;
}

int db_series_close_unplayed_tx(struct db *db,
				const struct db_series_info *info,
				const char *how, int winner)
{
	struct series_state state;
	int rc = db_series_replay_tx(db, info, &state);

	if (rc == DB_OK)
		rc = db_series_close_tx(db, info->id, &state, how, winner);
	return rc;
}

static int result_insert_tx(struct db *db, int64_t tid, int match,
			    int winner_seed, enum bracket_how how);
static int rebuild(struct db *db, int64_t tid, struct rebuilt *r);

int db_series_game_finished_tx(struct db *db, int64_t sid, int64_t game_id)
{
	struct db_series_info info;
	struct series_state s;
	struct rebuilt *r;
	int rc = db_series_get(db, sid, &info), seed;

	(void)game_id;
	if (rc == DB_OK)
		rc = db_series_replay_tx(db, &info, &s);
	if (rc == DB_OK)
		rc = db_series_close_tx(db, sid, &s, s.finished ? "play" : NULL,
				     s.winner);
	if (rc != DB_OK || !s.finished || info.tournament_id == 0)
		return rc;
	if (db_rr_is(db, info.tournament_id))
		return db_rr_sync_tx(db, info.tournament_id);
	r = malloc(sizeof(*r));
	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rebuild(db, info.tournament_id, r);
	for (seed = 1; rc == DB_OK && seed <= r->b.entrants; seed++)
		if (r->player[seed] == info.player[s.winner])
			break;
	if (rc == DB_OK)
		rc = result_insert_tx(db, info.tournament_id, info.match, seed,
				      BRACKET_PLAYED);
	free(r);
	if (rc == DB_OK)
		rc = db_tournament_sync_tx(db, info.tournament_id);
	return rc;
}

/* -------------------------------------------------------- tournaments */

static void tournament_row(sqlite3_stmt *st, struct db_tournament_info *t)
{
	const char *seed;

	memset(t, 0, sizeof(*t));
	t->id = sqlite3_column_int64(st, 0);
	db_column_text(st, 1, t->name, sizeof(t->name));
	db_column_text(st, 2, t->kind, sizeof(t->kind));
	db_column_text(st, 3, t->options, sizeof(t->options));
	t->target = sqlite3_column_int(st, 4);
	t->third_place = sqlite3_column_int(st, 5);
	db_column_text(st, 6, t->status, sizeof(t->status));
	t->random = sqlite3_column_int(st, 7);
	seed = (const char *)sqlite3_column_text(st, 8);
	t->random_seed = seed ? strtoull(seed, NULL, 10) : 0;
	db_column_text(st, 9, t->created, sizeof(t->created));
	t->champion = sqlite3_column_int64(st, 10);
	db_column_text(st, 11, t->champion_name, sizeof(t->champion_name));
	t->entrants = sqlite3_column_int(st, 12);
	t->auto_call = sqlite3_column_int(st, 13);
	db_column_text(st, 14, t->format, sizeof(t->format));
}

static int tournament_get(struct db *db, int64_t tid,
			  struct db_tournament_info *out)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_TOURNAMENT_BY_ID, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		tournament_row(st, out);
	sqlite3_reset(st);
	if (step == SQLITE_ROW)
		return DB_OK;
	if (step != SQLITE_DONE)
		return db_fail(db, "reading a tournament");
	return db_refuse(db, "there is no tournament %lld", (long long)tid);
}

int db_tournament_find(struct db *db, const char *id_or_name,
		       struct db_tournament_info *out)
{
	char key[NAMES_MAX_BYTES], *end;
	long long id = strtoll(id_or_name, &end, 10);
	sqlite3_stmt *st;
	int rc, step;

	if (id_or_name[0] >= '0' && id_or_name[0] <= '9' && *end == '\0' &&
	    id > 0)
		return tournament_get(db, id, out);
	if ((rc = db_prepare(db, Q_TOURNAMENT_BY_KEY, &st)) != DB_OK)
		return rc;
	names_key(id_or_name, key, sizeof(key));
	db_bind_text(st, 1, key);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		tournament_row(st, out);
	sqlite3_reset(st);
	if (step == SQLITE_ROW)
		return DB_OK;
	if (step != SQLITE_DONE)
		return db_fail(db, "reading a tournament");
	return db_refuse(db, "there is no tournament '%s'", id_or_name);
}

int db_tournament_list(struct db *db,
		       int (*each)(void *ctx,
				   const struct db_tournament_info *t),
		       void *ctx)
{
	struct db_tournament_info t;
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_TOURNAMENT_LIST, &st), step;

	if (rc != DB_OK)
		return rc;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		tournament_row(st, &t);
		if (each(ctx, &t) != 0)
			break;
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "listing tournaments");
	return DB_OK;
}

int db_tournament_create(struct db *db, const char *name, const char *kind,
			 const char *options, int target, int third_place,
			 int64_t *id)
{
	char key[NAMES_MAX_BYTES], now[DB_TIME_MAX];
	struct db_tournament_info other;
	sqlite3_stmt *st;
	int rc;

	if (names_check("tournament name", name, db->err,
			sizeof(db->err)) < 0)
		return DB_REFUSED;
	if (name[strspn(name, "0123456789")] == '\0')
		return db_refuse(db, "tournament name '%s' is a number; numbers are taken as ids",
				 name);
	if (target < 1 || target > SERIES_TARGET_MAX)
		return db_refuse(db, "series target %d is out of range 1..%d",
				 target, SERIES_TARGET_MAX);
	if ((rc = db_begin(db)) != DB_OK)
		return rc;
	rc = db_tournament_find(db, name, &other);
	if (rc == DB_OK)
		rc = db_refuse(db, "the name '%s' is taken by tournament %lld ('%s')",
			       name, (long long)other.id, other.name);
	else if (rc == DB_REFUSED)
		rc = DB_OK;
	if (rc == DB_OK)
		rc = db_prepare(db, Q_TOURNAMENT_INSERT, &st);
	if (rc == DB_OK) {
		names_key(name, key, sizeof(key));
		db_stamp(db, now, sizeof(now));
		db_bind_text(st, 1, name);
		db_bind_text(st, 2, key);
		db_bind_text(st, 3, kind);
		db_bind_text(st, 4, options);
		sqlite3_bind_int(st, 5, target);
		sqlite3_bind_int(st, 6, third_place ? 1 : 0);
		db_bind_text(st, 7, now);
		rc = db_exec(db, st, "creating a tournament");
		*id = sqlite3_last_insert_rowid(db->sql);
	}
	return db_keep_id(db, rc, id);
}

/* The entry of a player: status ("in", "withdrawn") and fixed seed. */
static int entry_get(struct db *db, const struct db_tournament_info *t,
		     const struct db_player *p, char *status, size_t len,
		     int *seed)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_ENTRY_GET, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, t->id);
	sqlite3_bind_int64(st, 2, p->id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		db_column_text(st, 0, status, len);
		*seed = sqlite3_column_int(st, 1);
	}
	sqlite3_reset(st);
	if (step == SQLITE_ROW)
		return DB_OK;
	if (step != SQLITE_DONE)
		return db_fail(db, "reading an entry");
	return db_refuse(db, "%s is not entered in tournament '%s'", p->name,
			 t->name);
}

/* Loads the tournament and the player and checks the entry period. */
static int entry_period(struct db *db, int64_t tid, int64_t player_id,
			struct db_tournament_info *t, struct db_player *p)
{
	int rc = tournament_get(db, tid, t);

	if (rc == DB_OK)
		rc = db_player_get(db, player_id, p);
	if (rc == DB_OK && strcmp(t->status, "entry") != 0)
		rc = db_refuse(db, "tournament '%s' has been drawn; entries and seeds are closed",
			       t->name);
	return rc;
}

int db_tournament_enter(struct db *db, int64_t tid, int64_t player_id)
{
	struct db_tournament_info t;
	struct db_player p;
	char status[16], now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_begin(db), seed;

	if (rc != DB_OK)
		return rc;
	rc = entry_period(db, tid, player_id, &t, &p);
	if (rc == DB_OK && p.retired[0] != '\0')
		rc = db_refuse(db, "player '%s' is retired and cannot enter",
			       p.name);
	if (rc == DB_OK) {
		rc = entry_get(db, &t, &p, status, sizeof(status), &seed);
		if (rc == DB_OK)
			rc = db_refuse(db, "%s is already entered in tournament '%s'",
				       p.name, t.name);
		else if (rc == DB_REFUSED)
			rc = DB_OK;
	}
	if (rc == DB_OK && t.entrants >= BRACKET_MAX)
		rc = db_refuse(db, "tournament '%s' is full (%d entrants)",
			       t.name, BRACKET_MAX);
	if (rc == DB_OK)
		rc = db_prepare(db, Q_ENTRY_INSERT, &st);
	if (rc == DB_OK) {
		db_stamp(db, now, sizeof(now));
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int64(st, 2, player_id);
		db_bind_text(st, 3, now);
		rc = db_exec(db, st, "entering a player");
	}
	return db_end(db, rc);
}

int db_tournament_seed(struct db *db, int64_t tid, int64_t player_id,
		       int seed)
{
	struct db_tournament_info t;
	struct db_player p;
	char status[16];
	sqlite3_stmt *st;
	int rc = db_begin(db), old, step;

	if (rc != DB_OK)
		return rc;
	rc = entry_period(db, tid, player_id, &t, &p);
	if (rc == DB_OK)
		rc = entry_get(db, &t, &p, status, sizeof(status), &old);
	if (rc == DB_OK && (seed < 0 || seed > BRACKET_MAX))
		rc = db_refuse(db, "seed %d is out of range 1..%d", seed,
			       BRACKET_MAX);
	if (rc == DB_OK && seed > 0)
		rc = db_prepare(db, Q_ENTRY_SEED_TAKEN, &st);
	if (rc == DB_OK && seed > 0) {
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int(st, 2, seed);
		sqlite3_bind_int64(st, 3, player_id);
		step = sqlite3_step(st);
		if (step == SQLITE_ROW)
			rc = db_refuse(db, "seed %d is already held by %s", seed,
				       (const char *)sqlite3_column_text(st, 0));
		else if (step != SQLITE_DONE)
			rc = db_fail(db, "checking seeds");
		sqlite3_reset(st);
	}
	if (rc == DB_OK)
		rc = db_prepare(db, Q_ENTRY_SET_SEED, &st);
	if (rc == DB_OK) {
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int64(st, 2, player_id);
		if (seed > 0)
			sqlite3_bind_int(st, 3, seed);
		rc = db_exec(db, st, "seeding a player");
	}
	return db_end(db, rc);
}

/* Entrants still in, in entry order: players and fixed seeds. */
static int entries_in(struct db *db, int64_t tid, int64_t *player,
		      int *seed, int *n)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_ENTRY_LIST, &st), step;

	if (rc != DB_OK)
		return rc;
	*n = 0;
	sqlite3_bind_int64(st, 1, tid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW && *n < BRACKET_MAX) {
		player[*n] = sqlite3_column_int64(st, 0);
		seed[*n] = sqlite3_column_int(st, 1);
		(*n)++;
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE && step != SQLITE_ROW)
		return db_fail(db, "listing entries");
	return DB_OK;
}

/* Places entrants at seeds: fixed ones first, then the rest in entry
 * order or shuffled. by_seed[s] = player. */
static int place(struct db *db, const int64_t *player, const int *fixed,
		 int n, int random, uint64_t random_seed, int64_t *by_seed)
{
	int free_seeds[BRACKET_MAX], n_free = 0, k = 0;

	memset(by_seed, 0, sizeof(int64_t) * (BRACKET_MAX + 1));
	for (int i = 0; i < n; i++) {
		if (fixed[i] == 0)
			continue;
		if (fixed[i] > n) {
			struct db_player p;

			db_player_get(db, player[i], &p);
			return db_refuse(db, "%s holds seed %d but there are only %d entrants; change it with 'tournament seed'",
					 p.name, fixed[i], n);
		}
		by_seed[fixed[i]] = player[i];
	}
	for (int s = 1; s <= n; s++)
		if (by_seed[s] == 0)
			free_seeds[n_free++] = s;
	if (random)
		bracket_shuffle(random_seed, free_seeds, n_free);
	for (int i = 0; i < n; i++)
		if (fixed[i] == 0)
			by_seed[free_seeds[k++]] = player[i];
	return DB_OK;
}

int db_tournament_draw(struct db *db, int64_t tid, int random,
		       uint64_t random_seed)
{
	struct db_tournament_info t;
	int64_t player[BRACKET_MAX], by_seed[BRACKET_MAX + 1];
	int fixed[BRACKET_MAX], n = 0, rc = db_begin(db);
	char now[DB_TIME_MAX], seed_text[24];
	struct bracket *b;
	sqlite3_stmt *st;

	if (rc != DB_OK)
		return rc;
	b = malloc(sizeof(*b));
	if (b == NULL)
		return db_end(db, db_refuse(db, "out of memory"));
	rc = tournament_get(db, tid, &t);
	if (rc == DB_OK && strcmp(t.status, "entry") != 0)
		rc = db_refuse(db, "tournament '%s' has been drawn already",
			       t.name);
	if (rc == DB_OK)
		rc = entries_in(db, tid, player, fixed, &n);
	if (rc == DB_OK && n < BRACKET_MIN)
		rc = db_refuse(db, "tournament '%s' has %d entrant%s; a draw needs at least %d",
			       t.name, n, n == 1 ? "" : "s", BRACKET_MIN);
	if (rc == DB_OK)
		rc = place(db, player, fixed, n, random, random_seed, by_seed);
	if (rc == DB_OK && strcmp(t.format, DB_FORMAT_ROUND_ROBIN) == 0) {
		free(b);
		rc = db_rr_draw_tx(db, &t, by_seed, n, random, random_seed);
		return db_end(db, rc);
	}
	if (rc == DB_OK)
		bracket_init(b, n, t.third_place);
	for (int slot = 0; rc == DB_OK && slot < b->size; slot++) {
		int seed = b->slot[slot] != BRACKET_BYE ? b->slot[slot] :
			   bracket_size(n) + 1 - b->slot[slot ^ 1];

		if ((rc = db_prepare(db, Q_SLOT_INSERT, &st)) != DB_OK)
			break;
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int(st, 2, slot);
		sqlite3_bind_int(st, 3, seed);
		if (b->slot[slot] != BRACKET_BYE)
			sqlite3_bind_int64(st, 4, by_seed[seed]);
		rc = db_exec(db, st, "drawing the bracket");
	}
	if (rc == DB_OK)
		rc = db_prepare(db, Q_TOURNAMENT_DRAWN, &st);
	if (rc == DB_OK) {
		db_stamp(db, now, sizeof(now));
		snprintf(seed_text, sizeof(seed_text), "%llu",
			 (unsigned long long)random_seed);
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int(st, 2, random ? 1 : 0);
		db_bind_text(st, 3, random ? seed_text : NULL);
		db_bind_text(st, 4, now);
		rc = db_exec(db, st, "drawing the bracket");
	}
	free(b);
	if (rc == DB_OK)
		rc = db_tournament_sync_tx(db, tid);
	return db_end(db, rc);
}

/* The drawn slots of tournament `t` into player[] (by seed) and its
 * bracket initialised for them. */
int db_bracket_slots(struct db *db, const struct db_tournament_info *t,
		     int64_t player[BRACKET_MAX + 1], struct bracket *b)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SLOT_LIST, &st), step, n = 0;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, t->id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int seed = sqlite3_column_int(st, 1);

		if (sqlite3_column_type(st, 2) != SQLITE_NULL &&
		    seed >= 1 && seed <= BRACKET_MAX) {
			player[seed] = sqlite3_column_int64(st, 2);
			n++;
		}
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading the bracket");
	if (bracket_init(b, n, t->third_place) < 0)
		return db_refuse(db, "tournament '%s' has a broken bracket (%d entrants)",
				 t->name, n);
	return DB_OK;
}

/* Rebuilds the bracket from slots, results (in order), withdrawals. */
static int rebuild(struct db *db, int64_t tid, struct rebuilt *r)
{
	char err[RULES_ERR_MAX];
	sqlite3_stmt *st;
	int rc, step;

	memset(r, 0, sizeof(*r));
	rc = tournament_get(db, tid, &r->t);
	if (rc == DB_OK && strcmp(r->t.status, "entry") == 0)
		return db_refuse(db, "tournament '%s' has not been drawn yet ('tournament draw')",
				 r->t.name);
	if (rc == DB_OK)
		rc = db_bracket_slots(db, &r->t, r->player, &r->b);
	if (rc != DB_OK)
		return rc;
	if ((rc = db_prepare(db, Q_RESULT_LIST, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int match = sqlite3_column_int(st, 0);

		if (bracket_record(&r->b, match, sqlite3_column_int(st, 1),
				   how_parse((const char *)sqlite3_column_text(st, 2)),
				   err, sizeof(err)) < 0) {
			sqlite3_reset(st);
			return db_refuse(db, "tournament '%s': a recorded result does not fit the bracket: %s",
					 r->t.name, err);
		}
		if (match >= 0 && match < BRACKET_MAX)
			r->recorded[match] = 1;
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading results");
	if ((rc = db_prepare(db, Q_ENTRY_WITHDRAWN, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t pid = sqlite3_column_int64(st, 0);

		for (int s = 1; s <= r->b.entrants; s++)
			if (r->player[s] == pid)
				bracket_withdraw(&r->b, s);
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading withdrawals");
	return DB_OK;
}

static int result_insert_tx(struct db *db, int64_t tid, int match,
			    int winner_seed, enum bracket_how how)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_RESULT_INSERT, &st);

	if (rc != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	sqlite3_bind_int64(st, 1, tid);
	sqlite3_bind_int(st, 2, match);
	sqlite3_bind_int(st, 3, winner_seed);
	db_bind_text(st, 4, how_text[how]);
	db_bind_text(st, 5, now);
	return db_exec(db, st, "recording a bracket result");
}

/* The series of a bracket match: its id, or 0 when none. */
static int match_series(struct db *db, int64_t tid, int match,
			struct db_series_info *s)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_OF_MATCH, &st), step;

	if (rc != DB_OK)
		return rc;
	s->id = 0;
	sqlite3_bind_int64(st, 1, tid);
	sqlite3_bind_int(st, 2, match);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		series_row(st, s);
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a series");
	return DB_OK;
}

/* A match decided off the board: its running series (if any) closes. */
static int close_unplayed(struct db *db, struct rebuilt *r, int match)
{
	const struct bracket_match *m = &r->b.match[match];
	struct db_series_info s;
	struct series_state state;
	int rc = match_series(db, r->t.id, match, &s);

	if (rc != DB_OK || s.id == 0 || strcmp(s.status, "playing") != 0)
		return rc;
	if ((rc = db_series_replay_tx(db, &s, &state)) != DB_OK)
		return rc;
	return db_series_close_tx(db, s.id, &state, how_text[m->how],
			       r->player[m->winner] == s.player[0] ? 0 : 1);
}

int db_tournament_sync_tx(struct db *db, int64_t tid)
{
	struct rebuilt *r = malloc(sizeof(*r));
	struct db_series_info s;
	sqlite3_stmt *st;
	int rc;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rebuild(db, tid, r);
	for (int i = 0; rc == DB_OK && i < bracket_matches(&r->b); i++) {
		const struct bracket_match *m = &r->b.match[i];

		if (m->how == BRACKET_FORFEIT || m->how == BRACKET_WITHDRAWAL) {
			if (!r->recorded[i])
				rc = result_insert_tx(db, tid, i, m->winner,
						      m->how);
			if (rc == DB_OK)
				rc = close_unplayed(db, r, i);
		} else if (bracket_ready(&r->b, i)) {
			rc = match_series(db, tid, i, &s);
			if (rc == DB_OK && s.id == 0)
				rc = db_series_insert_tx(db, tid, i, r->t.kind,
						      r->t.options, r->t.target,
						      r->player[m->side[0]],
						      r->player[m->side[1]], -1,
						      NULL);
		}
	}
	if (rc == DB_OK && bracket_finished(&r->b) &&
	    strcmp(r->t.status, "finished") != 0) {
		int champion = bracket_champion(&r->b);

		rc = db_prepare(db, Q_TOURNAMENT_FINISHED, &st);
		if (rc == DB_OK) {
			sqlite3_bind_int64(st, 1, tid);
			db_bind_id(st, 2, champion > 0 ? r->player[champion] : 0);
			rc = db_exec(db, st, "crowning the champion");
		}
	}
	free(r);
	return rc;
}

/* The seed a player holds in a rebuilt bracket, or 0. */
static int seed_of(const struct rebuilt *r, int64_t player_id)
{
	for (int s = 1; s <= r->b.entrants; s++)
		if (r->player[s] == player_id)
			return s;
	return 0;
}

static int knockout_forfeit(struct db *db, int64_t tid, int64_t player_id)
{
	struct rebuilt *r = malloc(sizeof(*r));
	char err[RULES_ERR_MAX];
	struct db_player p;
	int rc, seed = 0, match = -1;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = db_begin(db);
	if (rc == DB_OK)
		rc = db_player_get(db, player_id, &p);
	if (rc == DB_OK)
		rc = rebuild(db, tid, r);
	if (rc == DB_OK && (seed = seed_of(r, player_id)) == 0)
		rc = db_refuse(db, "%s is not in the bracket of tournament '%s'",
			       p.name, r->t.name);
	if (rc == DB_OK && (match = bracket_current_match(&r->b, seed)) < 0)
		rc = db_refuse(db, "%s has no match to forfeit in tournament '%s' (out, or the tournament is over)",
			       p.name, r->t.name);
	if (rc == DB_OK && !bracket_ready(&r->b, match))
		rc = db_refuse(db, "%s's opponent in round %d is not known yet; forfeit when the match is due, or withdraw",
			       p.name, bracket_round_of(&r->b, match));
	if (rc == DB_OK) {
		const struct bracket_match *m = &r->b.match[match];
		int winner = m->side[0] == seed ? m->side[1] : m->side[0];

		if (bracket_decide(&r->b, match, winner, BRACKET_FORFEIT, err,
				   sizeof(err)) < 0)
			rc = db_refuse(db, "%s", err);
		else
			rc = result_insert_tx(db, tid, match, winner,
					      BRACKET_FORFEIT);
	}
	if (rc == DB_OK)
		rc = close_unplayed(db, r, match);
	if (rc == DB_OK)
		rc = db_tournament_sync_tx(db, tid);
	free(r);
	return db_end(db, rc);
}

int db_tournament_forfeit(struct db *db, int64_t tid, int64_t player_id)
{
	if (db_rr_is(db, tid))
		return db_rr_forfeit(db, tid, player_id, 0);
	return knockout_forfeit(db, tid, player_id);
}

static int knockout_withdraw(struct db *db, int64_t tid, int64_t player_id)
{
	struct db_tournament_info t;
	struct rebuilt *r = malloc(sizeof(*r));
	struct db_player p;
	char status[16];
	sqlite3_stmt *st;
	int rc, seed;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = db_begin(db);
	if (rc == DB_OK)
		rc = tournament_get(db, tid, &t);
	if (rc == DB_OK)
		rc = db_player_get(db, player_id, &p);
	if (rc == DB_OK)
		rc = entry_get(db, &t, &p, status, sizeof(status), &seed);
	if (rc == DB_OK && strcmp(status, "withdrawn") == 0)
		rc = db_refuse(db, "%s has withdrawn from tournament '%s' already",
			       p.name, t.name);
	if (rc == DB_OK && strcmp(t.status, "entry") != 0) {
		rc = rebuild(db, tid, r);
		if (rc == DB_OK &&
		    bracket_current_match(&r->b, seed_of(r, player_id)) < 0)
			rc = db_refuse(db, "%s is already out of tournament '%s'",
				       p.name, t.name);
	}
	if (rc == DB_OK)
		rc = db_prepare(db, Q_ENTRY_WITHDRAW, &st);
	if (rc == DB_OK) {
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int64(st, 2, player_id);
		rc = db_exec(db, st, "withdrawing a player");
	}
	if (rc == DB_OK && strcmp(t.status, "entry") != 0)
		rc = db_tournament_sync_tx(db, tid);
	free(r);
	return db_end(db, rc);
}

int db_tournament_withdraw(struct db *db, int64_t tid, int64_t player_id)
{
	if (db_rr_is(db, tid))
		return db_rr_forfeit(db, tid, player_id, 1);
	return knockout_withdraw(db, tid, player_id);
}

/* ------------------------------------------------------------ readers */

static int knockout_bracket(struct db *db, int64_t tid,
			    int (*each)(void *ctx,
					const struct db_bracket_match *m),
			    void *ctx)
{
	struct rebuilt *r = malloc(sizeof(*r));
	struct db_bracket_match out;
	struct db_series_info s;
	struct db_player p;
	int rc;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rebuild(db, tid, r);
	for (int i = 0; rc == DB_OK && i < bracket_matches(&r->b); i++) {
		const struct bracket_match *m = &r->b.match[i];

		memset(&out, 0, sizeof(out));
		out.match = i;
		out.round = bracket_round_of(&r->b, i);
		out.index = bracket_index_in_round(&r->b, i);
		out.third_place = bracket_is_third_place(&r->b, i);
		for (int k = 0; k < 2 && rc == DB_OK; k++) {
			out.seed[k] = m->side[k] > 0 ? m->side[k] : 0;
			if (m->side[k] == BRACKET_BYE) {
				snprintf(out.name[k], sizeof(out.name[k]), "(bye)");
			} else if (m->side[k] > 0) {
				out.player[k] = r->player[m->side[k]];
				out.seeded[k] = db_entry_seeded(db, tid,
								out.player[k]);
				rc = db_player_get(db, out.player[k], &p);
				snprintf(out.name[k], sizeof(out.name[k]), "%s",
					 p.name);
			}
		}
		if (rc == DB_OK)
			rc = match_series(db, tid, i, &s);
		if (rc != DB_OK)
			break;
		out.series_id = s.id;
		if (s.id != 0) {
			out.total[0] = s.total[0];
			out.total[1] = s.total[1];
		}
		snprintf(out.how, sizeof(out.how), "%s",
			 m->how == BRACKET_PLAYED ? "played" : how_text[m->how]);
		out.winner = m->winner > 0 ? r->player[m->winner] : 0;
		if (each(ctx, &out) != 0)
			break;
	}
	free(r);
	return rc;
}

int db_tournament_bracket(struct db *db, int64_t tid,
			  int (*each)(void *ctx,
				      const struct db_bracket_match *m),
			  void *ctx)
{
	if (db_rr_is(db, tid))
		return db_rr_matches(db, tid, each, ctx);
	return knockout_bracket(db, tid, each, ctx);
}

static struct standing *row_of(struct standing *rows, int n, int64_t pid)
{
	for (int i = 0; i < n; i++)
		if (rows[i].player_id == pid)
			return &rows[i];
	return NULL;
}

int db_entry_seeded(struct db *db, int64_t tid, int64_t player_id)
{
	sqlite3_stmt *st;
	int seeded = 0;

	if (player_id == 0 || db_prepare(db, Q_ENTRY_SEEDED, &st) != DB_OK)
		return 0;
	sqlite3_bind_int64(st, 1, tid);
	sqlite3_bind_int64(st, 2, player_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		seeded = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return seeded;
}

/* Games won, lost, drawn and points, from the totals each series keeps
 * (its games are counted when they finish). */
int db_standings_games_tx(struct db *db, int64_t tid,
			  struct standing *rows, int n)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_TOTALS_OF_TOURNAMENT, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		struct standing *a = row_of(rows, n, sqlite3_column_int64(st, 0));
		struct standing *b = row_of(rows, n, sqlite3_column_int64(st, 1));
		int pa = sqlite3_column_int(st, 2), pb = sqlite3_column_int(st, 3);
		int wa = sqlite3_column_int(st, 4), wb = sqlite3_column_int(st, 5);
		int drawn = sqlite3_column_int(st, 6);

		if (a == NULL || b == NULL)
			continue;
		a->points_for += pa;
		a->points_against += pb;
		b->points_for += pb;
		b->points_against += pa;
		a->games_won += wa;
		a->games_lost += wb;
		b->games_won += wb;
		b->games_lost += wa;
		a->games_drawn += drawn;
		b->games_drawn += drawn;
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading a tournament's series");
	return DB_OK;
}

static void standings_bracket(const struct rebuilt *r,
			      struct standing *rows)
{
	const struct bracket *b = &r->b;

	for (int i = 0; i < bracket_matches(b); i++) {
		const struct bracket_match *m = &b->match[i];
		int round = bracket_round_of(b, i);

		for (int k = 0; k < 2; k++) {
			struct standing *me;
			int other = m->side[!k];

			if (m->side[k] <= 0)
				continue;
			me = &rows[m->side[k] - 1];
			if (!bracket_is_third_place(b, i) &&
			    round > me->round_reached)
				me->round_reached = round;
			if (m->how == BRACKET_PENDING || other <= 0)
				continue;
			if (bracket_is_third_place(b, i) || round == b->rounds)
				me->place = (bracket_is_third_place(b, i) ? 3 : 1) +
					    (m->winner != m->side[k]);
			if (m->how == BRACKET_PLAYED) {
				if (m->winner == m->side[k])
					me->series_won++;
				else
					me->series_lost++;
			}
			if (m->winner != m->side[k] &&
			    !bracket_is_third_place(b, i)) {
				me->status = STANDING_ELIMINATED;
				me->out_round = round;
				me->out_forfeit = m->how != BRACKET_PLAYED;
				snprintf(me->out_by, sizeof(me->out_by), "%s",
					 rows[other - 1].name);
			}
		}
	}
	for (int s = 1; s <= b->entrants; s++)
		if (b->withdrawn[s] && rows[s - 1].status != STANDING_CHAMPION)
			rows[s - 1].status = STANDING_WITHDRAWN;
	if (bracket_champion(b) > 0) {
		struct standing *c = &rows[bracket_champion(b) - 1];

		c->status = STANDING_CHAMPION;
		c->round_reached = b->rounds + 1;
	}
}

static int knockout_standings(struct db *db, int64_t tid,
			      struct standing **out, size_t *n_out)
{
	struct rebuilt *r = malloc(sizeof(*r));
	struct standing *rows = NULL;
	struct db_player p;
	int rc;

	*out = NULL;
	*n_out = 0;
	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rebuild(db, tid, r);
	if (rc == DB_OK) {
		rows = calloc((size_t)r->b.entrants, sizeof(*rows));
		if (rows == NULL)
			rc = db_refuse(db, "out of memory");
	}
	for (int s = 1; rc == DB_OK && s <= r->b.entrants; s++) {
		struct standing *row = &rows[s - 1];

		row->player_id = r->player[s];
		row->seed = s;
		row->seeded = db_entry_seeded(db, tid, r->player[s]);
		rc = db_player_get(db, r->player[s], &p);
		snprintf(row->name, sizeof(row->name), "%s", p.name);
	}
	if (rc == DB_OK) {
		standings_bracket(r, rows);
		rc = db_standings_games_tx(db, tid, rows, r->b.entrants);
	}
	if (rc == DB_OK) {
		standings_sort(rows, (size_t)r->b.entrants);
		*out = rows;
		*n_out = (size_t)r->b.entrants;
	} else {
		free(rows);
	}
	free(r);
	return rc;
}

int db_tournament_standings(struct db *db, int64_t tid,
			    struct standing **out, size_t *n_out)
{
	if (db_rr_is(db, tid))
		return db_rr_standings(db, tid, out, n_out);
	return knockout_standings(db, tid, out, n_out);
}
