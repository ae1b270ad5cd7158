/*
 * db_roundrobin.c - round robin tournaments in the store: the draw makes
 * every pairing's series at once (roundrobin.h schedules them by
 * rounds), the series are the record, and the standings are ranked from
 * them. The entrants' seeds are kept in bracket_slots (slot = seed - 1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_impl.h"
#include "db/roundrobin.h"

int db_rr_is(struct db *db, int64_t tid)
{
	struct db_tournament_info t;
	char id[24];

	snprintf(id, sizeof(id), "%lld", (long long)tid);
	return db_tournament_find(db, id, &t) == DB_OK &&
	       strcmp(t.format, DB_FORMAT_ROUND_ROBIN) == 0 &&
	       strcmp(t.status, "entry") != 0;
}

int db_tournament_set_format(struct db *db, int64_t tid, const char *format)
{
	sqlite3_stmt *st;
	int rc;

	if (strcmp(format, DB_FORMAT_KNOCKOUT) != 0 &&
	    strcmp(format, DB_FORMAT_ROUND_ROBIN) != 0)
		return db_refuse(db, "format '%s': knockout or round-robin",
				 format);
	if ((rc = db_prepare(db, Q_TOURNAMENT_FORMAT, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	db_bind_text(st, 2, format);
	rc = db_exec(db, st, "setting a tournament's format");
	if (rc == DB_OK && sqlite3_changes(db->sql) == 0)
		return db_refuse(db, "tournament %lld is not taking entries",
				 (long long)tid);
	return rc;
}

static int slot_insert(struct db *db, int64_t tid, int seed, int64_t player)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SLOT_INSERT, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	sqlite3_bind_int(st, 2, seed - 1);
	sqlite3_bind_int(st, 3, seed);
	sqlite3_bind_int64(st, 4, player);
	return db_exec(db, st, "drawing a round robin");
}

int db_rr_draw_tx(struct db *db, const struct db_tournament_info *t,
		  const int64_t *by_seed, int n, int random,
		  uint64_t random_seed)
{
	char now[DB_TIME_MAX], seed_text[24];
	int rounds = rr_rounds(n), match = 0, rc = DB_OK;
	sqlite3_stmt *st;

	if (rounds < 0)
		return db_refuse(db, "a round robin has %d to %d entrants, "
				 "not %d", RR_MIN, RR_MAX, n);
	for (int s = 1; rc == DB_OK && s <= n; s++)
		rc = slot_insert(db, t->id, s, by_seed[s]);
	for (int r = 1; rc == DB_OK && r <= rounds; r++)
		for (int k = 0; rc == DB_OK && k < rr_pairs_per_round(n); k++) {
			int a, b;

			rr_pairing(n, r, k, &a, &b);
			rc = db_series_insert_tx(db, t->id, match++, t->kind,
						 t->options, t->target,
						 by_seed[a], by_seed[b], -1,
						 NULL);
		}
	if (rc == DB_OK)
		rc = db_prepare(db, Q_TOURNAMENT_DRAWN, &st);
	if (rc != DB_OK)
		return rc;
	db_now(now, sizeof(now));
	snprintf(seed_text, sizeof(seed_text), "%llu",
		 (unsigned long long)random_seed);
	sqlite3_bind_int64(st, 1, t->id);
	sqlite3_bind_int(st, 2, random ? 1 : 0);
	db_bind_text(st, 3, random ? seed_text : NULL);
	db_bind_text(st, 4, now);
	return db_exec(db, st, "drawing a round robin");
}

/* A round robin read back: entrants by seed and every series. */
struct rr {
	struct db_tournament_info t;
	int n;
	int64_t player[RR_MAX + 1];
	char name[RR_MAX + 1][NAMES_MAX_BYTES];
	int nseries;
	struct db_series_info series[RR_MAX * (RR_MAX - 1) / 2];
};

static int seed_of(const struct rr *r, int64_t player)
{
	for (int s = 1; s <= r->n; s++)
		if (r->player[s] == player)
			return s;
	return 0;
}

static int read_slots(struct db *db, struct rr *r)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SLOT_LIST, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, r->t.id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW && r->n < RR_MAX) {
		int seed = sqlite3_column_int(st, 1);

		if (seed < 1 || seed > RR_MAX)
			continue;
		r->player[seed] = sqlite3_column_int64(st, 2);
		if (seed > r->n)
			r->n = seed;
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE && step != SQLITE_ROW)
		return db_fail(db, "reading a round robin");
	for (int s = 1; rc == DB_OK && s <= r->n; s++) {
		struct db_player p;

		rc = db_player_get(db, r->player[s], &p);
		snprintf(r->name[s], sizeof(r->name[s]), "%s", p.name);
	}
	return rc;
}

static int rr_read(struct db *db, int64_t tid, struct rr *r)
{
	static const int max = (int)(sizeof(r->series) / sizeof(r->series[0]));
	int64_t *ids = malloc(sizeof(int64_t) * (size_t)max);
	char id[24];
	sqlite3_stmt *st;
	int rc, step = SQLITE_DONE, n = 0;

	memset(r, 0, sizeof(*r));
	if (ids == NULL)
		return db_refuse(db, "out of memory");
	snprintf(id, sizeof(id), "%lld", (long long)tid);
	rc = db_tournament_find(db, id, &r->t);
	if (rc == DB_OK)
		rc = read_slots(db, r);
	if (rc == DB_OK && (rc = db_prepare(db, Q_SERIES_OF_TOURNAMENT,
					    &st)) == DB_OK) {
		sqlite3_bind_int64(st, 1, tid);
		while (n < max && (step = sqlite3_step(st)) == SQLITE_ROW)
			ids[n++] = sqlite3_column_int64(st, 0);
		sqlite3_reset(st);
		if (step != SQLITE_ROW && step != SQLITE_DONE)
			rc = db_fail(db, "reading a round robin");
	}
	for (int i = 0; rc == DB_OK && i < n; i++)
		rc = db_series_get(db, ids[i], &r->series[r->nseries++]);
	free(ids);
	return rc;
}

/* The decided series as results, and game points by seed. */
static size_t results(const struct rr *r, struct rr_result *res,
		      int *pf, int *pa)
{
	size_t n = 0;

	memset(pf, 0, sizeof(int) * (size_t)r->n);
	memset(pa, 0, sizeof(int) * (size_t)r->n);
	for (int i = 0; i < r->nseries; i++) {
		const struct db_series_info *s = &r->series[i];
		int a = seed_of(r, s->player[0]), b = seed_of(r, s->player[1]);

		if (a == 0 || b == 0)
			continue;
		pf[a - 1] += s->total[0];
		pa[a - 1] += s->total[1];
		pf[b - 1] += s->total[1];
		pa[b - 1] += s->total[0];
		if (strcmp(s->status, "finished") == 0 && s->winner >= 0)
			res[n++] = (struct rr_result){ a, b,
						       s->winner ? b : a };
	}
	return n;
}

/* Ranks the round robin into rows (by rank); NULL when out of memory. */
static struct rr_row *rank(const struct rr *r, size_t *decided)
{
	struct rr_result *res = calloc((size_t)r->nseries + 1, sizeof(*res));
	struct rr_row *rows = calloc((size_t)r->n + 1, sizeof(*rows));
	int pf[RR_MAX], pa[RR_MAX];

	if (res == NULL || rows == NULL) {
		free(res);
		free(rows);
		return NULL;
	}
	*decided = results(r, res, pf, pa);
	rr_rank(r->n, res, *decided, pf, pa, rows);
	free(res);
	return rows;
}

int db_rr_sync_tx(struct db *db, int64_t tid)
{
	struct rr *r = malloc(sizeof(*r));
	struct rr_row *rows = NULL;
	sqlite3_stmt *st;
	size_t decided = 0;
	int rc;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rr_read(db, tid, r);
	if (rc == DB_OK && (rows = rank(r, &decided)) == NULL)
		rc = db_refuse(db, "out of memory");
	if (rc == DB_OK && decided == (size_t)r->nseries &&
	    strcmp(r->t.status, "finished") != 0 &&
	    (rc = db_prepare(db, Q_TOURNAMENT_FINISHED, &st)) == DB_OK) {
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int64(st, 2, r->player[rows[0].seed]);
		rc = db_exec(db, st, "crowning the round robin's winner");
	}
	free(rows);
	free(r);
	return rc;
}

/* Closes the player's first series still playing (or with `all`, every
 * one) as lost off the board. */
static int forfeit_tx(struct db *db, struct rr *r, int64_t player, int all)
{
	const char *how = all ? "withdrawal" : "forfeit";
	int done = 0, rc = DB_OK;

	for (int i = 0; rc == DB_OK && i < r->nseries; i++) {
		const struct db_series_info *s = &r->series[i];

		if (strcmp(s->status, "playing") != 0 ||
		    (s->player[0] != player && s->player[1] != player))
			continue;
		rc = db_series_close_unplayed_tx(db, s, how,
						 s->player[0] == player);
		done++;
		if (!all)
			break;
	}
	if (rc == DB_OK && done == 0)
		return db_refuse(db, "no series left to %s in tournament '%s'",
				 all ? "withdraw from" : "forfeit",
				 r->t.name);
	return rc;
}

int db_rr_forfeit(struct db *db, int64_t tid, int64_t player_id,
		  int withdraw)
{
	struct rr *r = malloc(sizeof(*r));
	sqlite3_stmt *st;
	int rc;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = db_begin(db);
	if (rc == DB_OK)
		rc = rr_read(db, tid, r);
	if (rc == DB_OK && seed_of(r, player_id) == 0)
		rc = db_refuse(db, "player %lld is not in tournament '%s'",
			       (long long)player_id, r->t.name);
	if (rc == DB_OK)
		rc = forfeit_tx(db, r, player_id, withdraw);
	if (rc == DB_OK && withdraw &&
	    (rc = db_prepare(db, Q_ENTRY_WITHDRAW, &st)) == DB_OK) {
		sqlite3_bind_int64(st, 1, tid);
		sqlite3_bind_int64(st, 2, player_id);
		rc = db_exec(db, st, "withdrawing a player");
	}
	if (rc == DB_OK)
		rc = db_rr_sync_tx(db, tid);
	free(r);
	return db_end(db, rc);
}

int db_rr_matches(struct db *db, int64_t tid,
		  int (*each)(void *ctx, const struct db_bracket_match *m),
		  void *ctx)
{
	struct rr *r = malloc(sizeof(*r));
	struct db_bracket_match m;
	int rc;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rr_read(db, tid, r);
	for (int i = 0; rc == DB_OK && i < r->nseries; i++) {
		const struct db_series_info *s = &r->series[i];

		memset(&m, 0, sizeof(m));
		m.match = s->match;
		m.round = rr_round_of(r->n, s->match);
		m.index = s->match % rr_pairs_per_round(r->n);
		for (int k = 0; k < 2; k++) {
			m.player[k] = s->player[k];
			m.seed[k] = seed_of(r, s->player[k]);
			m.seeded[k] = db_entry_seeded(db, tid, s->player[k]);
			m.total[k] = s->total[k];
			snprintf(m.name[k], sizeof(m.name[k]), "%s",
				 s->name[k]);
		}
		m.series_id = s->id;
		snprintf(m.how, sizeof(m.how), "%s",
			 strcmp(s->status, "playing") == 0 ? "pending" :
			 strcmp(s->decided_by, "play") == 0 ? "played" :
			 s->decided_by);
		if (strcmp(s->status, "finished") == 0 && s->winner >= 0)
			m.winner = s->player[s->winner];
		if (each(ctx, &m) != 0)
			break;
	}
	free(r);
	return rc;
}

/* Series won and lost, and who withdrew, by seed. */
static void series_counts(const struct rr *r, struct standing *by_seed)
{
	for (int i = 0; i < r->nseries; i++) {
		const struct db_series_info *s = &r->series[i];
		int w, l;

		if (strcmp(s->status, "finished") != 0 || s->winner < 0)
			continue;
		w = seed_of(r, s->player[s->winner]);
		l = seed_of(r, s->player[!s->winner]);
		if (w == 0 || l == 0)
			continue;
		by_seed[w - 1].series_won++;
		by_seed[l - 1].series_lost++;
		if (strcmp(s->decided_by, "withdrawal") == 0)
			by_seed[l - 1].status = STANDING_WITHDRAWN;
	}
}

int db_rr_standings(struct db *db, int64_t tid, struct standing **out,
		    size_t *n_out)
{
	struct rr *r = malloc(sizeof(*r));
	struct standing *by_seed = NULL, *rows = NULL;
	struct rr_row *rank_rows = NULL;
	size_t decided;
	int rc;

	*out = NULL;
	*n_out = 0;
	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rr_read(db, tid, r);
	if (rc == DB_OK) {
		by_seed = calloc((size_t)r->n + 1, sizeof(*by_seed));
		rows = calloc((size_t)r->n + 1, sizeof(*rows));
		rank_rows = rank(r, &decided);
		if (by_seed == NULL || rows == NULL || rank_rows == NULL)
			rc = db_refuse(db, "out of memory");
	}
	for (int s = 1; rc == DB_OK && s <= r->n; s++) {
		by_seed[s - 1].player_id = r->player[s];
		by_seed[s - 1].seed = s;
		by_seed[s - 1].seeded = db_entry_seeded(db, tid, r->player[s]);
		snprintf(by_seed[s - 1].name, sizeof(by_seed[s - 1].name),
			 "%s", r->name[s]);
	}
	if (rc == DB_OK) {
		series_counts(r, by_seed);
		rc = db_standings_games_tx(db, tid, by_seed, r->n);
	}
	for (int i = 0; rc == DB_OK && i < r->n; i++) {
		const struct rr_row *x = &rank_rows[i];

		rows[i] = by_seed[x->seed - 1];
		rows[i].points = x->points;
		rows[i].head_to_head = x->head_to_head;
		rows[i].sonneborn_berger = x->sonneborn_berger;
		rows[i].separated_by = i + 1 < r->n ?
			rr_separated_by(x, &rank_rows[i + 1]) : NULL;
	}
	if (rc == DB_OK && strcmp(r->t.status, "finished") == 0 && r->n > 0)
		rows[0].status = STANDING_CHAMPION;
	if (rc == DB_OK) {
		*out = rows;
		*n_out = (size_t)r->n;
	} else {
		free(rows);
	}
	free(by_seed);
	free(rank_rows);
	free(r);
	return rc;
}
