/*
 * db_tourney.c - tournaments in the store: created, found, listed,
 * entered and seeded, and drawn. A knockout's bracket after the draw is
 * in db_knockout.c, a round robin's table in db_roundrobin.c, the
 * series of both in db_series.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/bracket.h"
#include "db/db_impl.h"
#include "db/db_tourney.h"

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

int db_tournament_get(struct db *db, int64_t tid,
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
		return db_tournament_get(db, id, out);
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
int db_entry_get(struct db *db, const struct db_tournament_info *t,
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
	int rc = db_tournament_get(db, tid, t);

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
		rc = db_entry_get(db, &t, &p, status, sizeof(status), &seed);
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
		rc = db_entry_get(db, &t, &p, status, sizeof(status), &old);
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
	rc = db_tournament_get(db, tid, &t);
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
