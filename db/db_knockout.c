/*
 * db_knockout.c - a knockout tournament's bracket in the store.
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

#include "db/bracket.h"
#include "db/db_impl.h"
#include "db/db_tourney.h"
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
	rc = db_tournament_get(db, tid, &r->t);
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

int db_knockout_match_won_tx(struct db *db, int64_t tid, int match,
			     int64_t winner)
{
	struct rebuilt *r = malloc(sizeof(*r));
	int rc, seed;

	if (r == NULL)
		return db_refuse(db, "out of memory");
	rc = rebuild(db, tid, r);
	for (seed = 1; rc == DB_OK && seed <= r->b.entrants; seed++)
		if (r->player[seed] == winner)
			break;
	if (rc == DB_OK)
		rc = result_insert_tx(db, tid, match, seed, BRACKET_PLAYED);
	free(r);
	if (rc == DB_OK)
		rc = db_tournament_sync_tx(db, tid);
	return rc;
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
		db_series_row(st, s);
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
		rc = db_tournament_get(db, tid, &t);
	if (rc == DB_OK)
		rc = db_player_get(db, player_id, &p);
	if (rc == DB_OK)
		rc = db_entry_get(db, &t, &p, status, sizeof(status), &seed);
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
