/*
 * db_fix.c - finished games corrected or voided after the fact, each
 * with its audit row, and what the change does to the game's series
 * and tournament: the series is scored again from the games that
 * count; a series it decides differently is open again or decided
 * anew; a knockout's later matches that hung on it are undone (only
 * when forced, if anything was played or decided there); a round robin
 * is ranked again.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/bracket.h"
#include "db/db_impl.h"

/* One change: who, why, and what it undid downstream. */
struct fix {
	int64_t game_id;
	const char *by, *reason;
	int force;
	char undone[DB_TEXT_MAX];	/* for the audit and the message */
	char blocked[DB_TEXT_MAX];	/* played later matches, unforced */
};

static void note(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void note(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 3 >= len)
		return;
	if (used > 0) {
		snprintf(buf + used, len - used, "; ");
		used += 2;
	}
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* "win seat 1; score 30 18; points 6 0" */
static void result_text(const char *result, int winner, int seats,
			const int *score, const int *points, char *buf,
			size_t len)
{
	size_t used;

	if (strcmp(result, "win") == 0)
		snprintf(buf, len, "win seat %d; score", winner + 1);
	else
		snprintf(buf, len, "%s; score", result[0] ? result : "none");
	for (int s = 0; s < seats; s++) {
		used = strlen(buf);
		snprintf(buf + used, len - used, " %d", score[s]);
	}
	used = strlen(buf);
	snprintf(buf + used, len - used, "; points");
	for (int s = 0; s < seats; s++) {
		used = strlen(buf);
		snprintf(buf + used, len - used, " %d", points[s]);
	}
}

static void game_text(const struct db_game_info *g, char *buf, size_t len)
{
	result_text(g->result, g->winner, g->seats, g->score, g->points, buf,
		    len);
}

static int audit_add(struct db *db, int64_t game_id, const struct fix *f,
		     const char *action, const char *before,
		     const char *after, const char *reason)
{
	char now[DB_TIME_MAX];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_AUDIT_INSERT, &st);

	if (rc != DB_OK)
		return rc;
	db_stamp(db, now, sizeof(now));
	sqlite3_bind_int64(st, 1, game_id);
	db_bind_text(st, 2, now);
	db_bind_text(st, 3, f->by);
	db_bind_text(st, 4, action);
	db_bind_text(st, 5, before);
	db_bind_text(st, 6, after);
	db_bind_text(st, 7, reason);
	db_bind_text(st, 8, game_id == f->game_id ? f->undone : "");
	if ((rc = db_exec(db, st, "auditing a game")) != DB_OK)
		return rc;
	/* The change published with the game's other records. */
	return db_outbox_game_fixed(db, game_id,
				    sqlite3_last_insert_rowid(db->sql));
}

/* ----------------------------------------------- a knockout undone */

struct ko {
	struct db_tournament_info t;
	struct bracket b;
	int64_t player[BRACKET_MAX + 1];	/* by seed */
	unsigned char gone[BRACKET_MAX];	/* result no longer stands */
	char how[BRACKET_MAX][12];		/* of a gone result */
};

static int ko_slots(struct db *db, struct ko *k)
{
	return db_bracket_slots(db, &k->t, k->player, &k->b);
}

/* The bracket as its results decide it without match `skip`'s: the
 * results that no longer fit are marked gone. */
static int ko_without(struct db *db, int64_t tid, int skip, struct ko *k)
{
	char id[24], err[RULES_ERR_MAX];
	sqlite3_stmt *st;
	int rc, step;

	memset(k, 0, sizeof(*k));
	snprintf(id, sizeof(id), "%lld", (long long)tid);
	rc = db_tournament_find(db, id, &k->t);
	if (rc == DB_OK)
		rc = ko_slots(db, k);
	if (rc == DB_OK)
		rc = db_prepare(db, Q_RESULT_LIST, &st);
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int match = sqlite3_column_int(st, 0);
		const char *how = (const char *)sqlite3_column_text(st, 2);
		enum bracket_how h = strcmp(how, "forfeit") == 0 ?
			BRACKET_FORFEIT : strcmp(how, "withdrawal") == 0 ?
			BRACKET_WITHDRAWAL : BRACKET_PLAYED;

		if (match < 0 || match >= BRACKET_MAX)
			continue;
		if (match == skip ||
		    bracket_record(&k->b, match, sqlite3_column_int(st, 1), h,
				   err, sizeof(err)) < 0) {
			k->gone[match] = 1;
			snprintf(k->how[match], sizeof(k->how[match]), "%s",
				 how);
		}
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading results");
	if ((rc = db_prepare(db, Q_ENTRY_WITHDRAWN, &st)) != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, tid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		for (int s = 1; s <= k->b.entrants; s++)
			if (k->player[s] == sqlite3_column_int64(st, 0))
				bracket_withdraw(&k->b, s);
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return db_fail(db, "reading withdrawals");
	return DB_OK;
}

/* Whether series `s` still stands in the bracket: its players are
 * still the two sides of its match. */
static int ko_stands(const struct ko *k, const struct db_series_info *s)
{
	const struct bracket_match *m;

	if (s->match < 0 || s->match >= bracket_matches(&k->b))
		return 1;
	m = &k->b.match[s->match];
	return m->side[0] > 0 && m->side[1] > 0 &&
	       k->player[m->side[0]] == s->player[0] &&
	       k->player[m->side[1]] == s->player[1];
}

/* Series `s` goes: its finished games are voided (audited) and leave
 * it, then the row. With `apply` 0, only counts: *played finished
 * games; a game under way refuses. */
static int series_undo(struct db *db, const struct db_series_info *s,
		       struct fix *f, int apply, int *played)
{
	int64_t ids[256];
	char before[DB_TEXT_MAX], why[DB_TEXT_MAX];
	struct db_game_info *g;
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_GAMES, &st), step, n = 0;

	*played = 0;
	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, s->id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW && n < 256) {
		const char *status = (const char *)sqlite3_column_text(st, 1);

		if (strcmp(status, "playing") == 0) {
			int64_t id = sqlite3_column_int64(st, 0);

			sqlite3_reset(st);
			return db_refuse(db, "match %d (series %lld, %s v %s) would be undone, but its game %lld is under way; end it first",
					 s->match + 1, (long long)s->id,
					 s->name[0], s->name[1], (long long)id);
		}
		*played += strcmp(status, "finished") == 0;
		ids[n++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE && step != SQLITE_ROW)
		return db_fail(db, "reading a series' games");
	if (!apply)
		return DB_OK;
	if ((g = malloc(sizeof(*g))) == NULL)
		return db_refuse(db, "out of memory");
	for (int i = 0; rc == DB_OK && i < n; i++) {
		rc = db_game_get(db, ids[i], g);
		if (rc == DB_OK && strcmp(g->status, "finished") == 0) {
			game_text(g, before, sizeof(before));
			snprintf(why, sizeof(why), "game %d of series %lld "
				 "(match %d) undone with game %lld: %s",
				 g->game_no, (long long)s->id, s->match + 1,
				 (long long)f->game_id, f->reason);
			rc = audit_add(db, ids[i], f, "void", before, "void",
				       why);
		}
		if (rc == DB_OK && (rc = db_prepare(db, Q_GAME_DETACH,
						    &st)) == DB_OK) {
			sqlite3_bind_int64(st, 1, ids[i]);
			rc = db_exec(db, st, "voiding a game");
		}
	}
	free(g);
	if (rc == DB_OK && (rc = db_prepare(db, Q_SERIES_DELETE, &st)) == DB_OK) {
		sqlite3_bind_int64(st, 1, s->id);
		rc = db_exec(db, st, "undoing a series");
	}
	return rc;
}

/* Every series of the bracket that no longer stands: noted, and with
 * `apply` undone. */
static int ko_series(struct db *db, const struct ko *k, int skip_match,
		     struct fix *f, int apply)
{
	struct db_series_info s;
	int64_t ids[BRACKET_MAX];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_SERIES_OF_TOURNAMENT, &st), step, n = 0;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, k->t.id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW && n < BRACKET_MAX)
		ids[n++] = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (step != SQLITE_DONE && step != SQLITE_ROW)
		return db_fail(db, "reading a tournament's series");
	for (int i = 0; rc == DB_OK && i < n; i++) {
		int played;

		rc = db_series_get(db, ids[i], &s);
		if (rc != DB_OK || s.match == skip_match || ko_stands(k, &s))
			continue;
		rc = series_undo(db, &s, f, apply, &played);
		if (rc != DB_OK || apply)
			continue;
		note(f->undone, sizeof(f->undone),
		     "match %d undone (series %lld, %s v %s, %d game%s voided)",
		     s.match + 1, (long long)s.id, s.name[0], s.name[1],
		     played, played == 1 ? "" : "s");
		if (played > 0)
			note(f->blocked, sizeof(f->blocked),
			     "match %d (series %lld, %s v %s) has %d game%s played",
			     s.match + 1, (long long)s.id, s.name[0],
			     s.name[1], played, played == 1 ? "" : "s");
	}
	return rc;
}

/*
 * Match `match` of a knockout is no longer decided: its result goes,
 * and so does every later one that hung on it (a withdrawal's walkover
 * comes back by itself). Refused, saying what it would undo, when a
 * later series was played or a later match forfeited, unless forced.
 */
static int ko_undo(struct db *db, const struct db_series_info *info,
		   struct fix *f)
{
	struct ko *k = malloc(sizeof(*k));
	sqlite3_stmt *st;
	int rc;

	if (k == NULL)
		return db_refuse(db, "out of memory");
	rc = ko_without(db, info->tournament_id, info->match, k);
	for (int i = 0; rc == DB_OK && i < bracket_matches(&k->b); i++)
		if (k->gone[i] && i != info->match &&
		    strcmp(k->how[i], "forfeit") == 0) {
			note(f->undone, sizeof(f->undone),
			     "the forfeit of match %d undone", i + 1);
			note(f->blocked, sizeof(f->blocked),
			     "match %d was forfeited", i + 1);
		}
	if (rc == DB_OK)
		rc = ko_series(db, k, info->match, f, 0);
	if (rc == DB_OK && f->blocked[0] != '\0' && !f->force)
		rc = db_refuse(db, "game %lld decided match %d (%s v %s), and later matches depend on it: %s; give --force to undo them too (their games are voided)",
			       (long long)f->game_id, info->match + 1,
			       info->name[0], info->name[1], f->blocked);
	if (rc == DB_OK)
		rc = ko_series(db, k, info->match, f, 1);
	for (int i = 0; rc == DB_OK && i < bracket_matches(&k->b); i++) {
		if (!k->gone[i])
			continue;
		if ((rc = db_prepare(db, Q_RESULT_DELETE, &st)) != DB_OK)
			break;
		sqlite3_bind_int64(st, 1, info->tournament_id);
		sqlite3_bind_int(st, 2, i);
		rc = db_exec(db, st, "undoing a bracket result");
	}
	free(k);
	return rc;
}

/* ------------------------------------------------- series rescored */

static int id_step(struct db *db, enum query q, int64_t key, int64_t key2)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, q, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, key);
	if (q == Q_SERIES_CALL)
		db_bind_id(st, 2, key2);
	return db_exec(db, st, "rescoring a series");
}

/* The series decided anew from the games that count. */
static int rescore_tx(struct db *db, int64_t sid, struct fix *f)
{
	struct db_series_info info;
	struct series_state s;
	int64_t playing = 0, tid;
	int rc = db_series_get(db, sid, &info), was, now, rr;

	if (rc == DB_OK)
		rc = db_series_replay_tx(db, &info, &s);
	if (rc != DB_OK)
		return rc;
	if (strcmp(info.status, "finished") == 0 &&
	    strcmp(info.decided_by, "play") != 0)	/* off the board */
		return db_series_close_tx(db, sid, &s, info.decided_by,
					  info.winner);
	was = strcmp(info.status, "finished") == 0 ? info.winner : -1;
	now = s.finished ? s.winner : -1;
	if (was == now)
		return db_series_close_tx(db, sid, &s, was >= 0 ? "play" : NULL,
					  was);
	rc = db_id_of(db, Q_GAME_PLAYING_IN_SERIES, sid, &playing,
		      "reading a series");
	if (rc == DB_OK && playing != 0)
		return db_refuse(db, "series %lld has game %lld under way; end it first",
				 (long long)sid, (long long)playing);
	tid = info.tournament_id;
	rr = tid != 0 && db_rr_is(db, tid);
	if (rc == DB_OK && tid != 0 && was >= 0 && !rr)
		rc = ko_undo(db, &info, f);
	if (rc == DB_OK && tid != 0 && was >= 0)
		rc = id_step(db, Q_TOURNAMENT_REOPEN, tid, 0);
	if (rc != DB_OK)
		return rc;
	if (now >= 0) {
		note(f->undone, sizeof(f->undone), "series %lld now won by %s",
		     (long long)sid, info.name[now]);
		return db_series_game_finished_tx(db, sid, f->game_id);
	}
	note(f->undone, sizeof(f->undone), "series %lld open again (%s %d, %s %d)",
	     (long long)sid, info.name[0], s.total[0], info.name[1],
	     s.total[1]);
	rc = db_series_close_tx(db, sid, &s, NULL, -1);
	if (rc == DB_OK)
		rc = id_step(db, Q_SERIES_CALL, sid, 0);
	if (rc == DB_OK && tid != 0)
		rc = rr ? db_rr_sync_tx(db, tid) : db_tournament_sync_tx(db, tid);
	return rc;
}

/* ------------------------------------------------------ the changes */

static int fix_begin(struct db *db, int64_t id, const char *by,
		     const char *reason, struct db_game_info *g)
{
	int rc;

	if (reason == NULL || reason[strspn(reason, " \t")] == '\0')
		return db_refuse(db, "say why (a reason is kept with the change)");
	if (by == NULL || by[0] == '\0')
		return db_refuse(db, "say who makes the change");
	if ((rc = db_game_get(db, id, g)) != DB_OK)
		return rc;
	if (strcmp(g->status, "playing") == 0)
		return db_refuse(db, "game %lld is under way; end it at its table first",
				 (long long)id);
	if (strcmp(g->status, "void") == 0)
		return db_refuse(db, "game %lld is void already", (long long)id);
	return DB_OK;
}

static int void_tx(struct db *db, struct db_game_info *g, struct fix *f)
{
	char before[DB_TEXT_MAX];
	int rc = fix_begin(db, f->game_id, f->by, f->reason, g);

	if (rc != DB_OK)
		return rc;
	game_text(g, before, sizeof(before));
	rc = id_step(db, Q_GAME_VOID, g->id, 0);
	if (rc == DB_OK && g->series_id != 0)
		rc = rescore_tx(db, g->series_id, f);
	if (rc == DB_OK)
		rc = db_rating_game_changed_tx(db, g->id);
	if (rc == DB_OK)
		rc = audit_add(db, g->id, f, "void", before, "void", f->reason);
	return rc;
}

int db_game_void(struct db *db, int64_t game_id, const char *by,
		 const char *reason, int force)
{
	struct fix f = { game_id, by, reason, force, "", "" };
	struct db_game_info *g = malloc(sizeof(*g));
	int rc;

	if (g == NULL)
		return db_refuse(db, "out of memory");
	if ((rc = db_begin(db)) == DB_OK)
		rc = db_end(db, void_tx(db, g, &f));
	free(g);
	return rc;
}

int db_game_by_hand(struct db *db, int64_t game_id)
{
	int64_t sensed = 1;

	if (db_id_of(db, Q_GAME_SENSED, game_id, &sensed,
		     "reading a game's moves") != DB_OK)
		return 0;
	return sensed == 0;
}

int db_games_by_hand(struct db *db, int limit,
		     int (*each)(void *ctx, const struct db_game_info *g),
		     void *ctx)
{
	struct db_game_info *g;
	int64_t ids[200];
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_GAMES_BY_HAND, &st), step, n = 0;

	if (rc != DB_OK)
		return rc;
	if (limit < 1 || limit > 200)
		limit = 200;
	sqlite3_bind_int(st, 1, limit);
	while ((step = sqlite3_step(st)) == SQLITE_ROW && n < limit)
		ids[n++] = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (step != SQLITE_DONE && step != SQLITE_ROW)
		return db_fail(db, "listing games entered by hand");
	if ((g = malloc(sizeof(*g))) == NULL)
		return db_refuse(db, "out of memory");
	for (int i = 0; rc == DB_OK && i < n; i++)
		if ((rc = db_game_get(db, ids[i], g)) == DB_OK && each(ctx, g))
			break;
	free(g);
	return rc;
}

/* The game's result changed as `fix` asks, checked; 0 when nothing
 * changes. */
static int fix_apply(struct db *db, struct db_game_info *g,
		     const struct db_game_fix *fix, int *changed)
{
	struct db_game_info old = *g;

	if (fix->set_result) {
		if (fix->verdict == RULES_WIN &&
		    (fix->winner < 0 || fix->winner >= g->seats))
			return db_refuse(db, "game %lld has no seat %d to win",
					 (long long)g->id, fix->winner + 1);
		if (fix->verdict != RULES_WIN && fix->verdict != RULES_DRAW)
			return db_refuse(db, "a corrected result is a win or a draw");
		snprintf(g->result, sizeof(g->result), "%s",
			 fix->verdict == RULES_WIN ? "win" : "draw");
		g->winner = fix->verdict == RULES_WIN ? fix->winner : -1;
	}
	for (int s = 0; s < RULES_MAX_SEATS; s++) {
		if ((fix->set_score[s] || fix->set_points[s]) && s >= g->seats)
			return db_refuse(db, "game %lld has no seat %d",
					 (long long)g->id, s + 1);
		if ((fix->set_score[s] && fix->score[s] < 0) ||
		    (fix->set_points[s] && fix->points[s] < 0))
			return db_refuse(db, "scores and points are not negative");
		if (fix->set_score[s])
			g->score[s] = fix->score[s];
		if (fix->set_points[s])
			g->points[s] = fix->points[s];
	}
	for (int s = 0; s < g->seats; s++)
		if (strcmp(g->result, "win") != 0 && g->points[s] != 0) {
			if (fix->set_points[s])
				return db_refuse(db, "a game without a winner counts 0 points to every seat");
			g->points[s] = 0;
		}
	*changed = strcmp(old.result, g->result) != 0 ||
		   old.winner != g->winner ||
		   memcmp(old.score, g->score, sizeof(g->score)) != 0 ||
		   memcmp(old.points, g->points, sizeof(g->points)) != 0;
	return DB_OK;
}

static int correct_write(struct db *db, const struct db_game_info *g)
{
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_GAME_RESULT_SET, &st);

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, g->id);
	db_bind_text(st, 2, g->result);
	if (g->winner >= 0)
		sqlite3_bind_int(st, 3, g->winner);
	rc = db_exec(db, st, "correcting a game");
	for (int s = 0; rc == DB_OK && s < g->seats; s++) {
		if ((rc = db_prepare(db, Q_GAME_SIDE_SET, &st)) != DB_OK)
			break;
		sqlite3_bind_int64(st, 1, g->id);
		sqlite3_bind_int(st, 2, s);
		sqlite3_bind_int(st, 3, g->score[s]);
		sqlite3_bind_int(st, 4, g->points[s]);
		rc = db_exec(db, st, "correcting a game");
	}
	return rc;
}

static int correct_tx(struct db *db, struct db_game_info *g,
		      const struct db_game_fix *fix, struct fix *f)
{
	char before[DB_TEXT_MAX], after[DB_TEXT_MAX];
	int rc = fix_begin(db, f->game_id, f->by, f->reason, g), changed = 0;

	if (rc != DB_OK)
		return rc;
	if (!db_game_by_hand(db, g->id))
		return db_refuse(db, "game %lld was read by sensors: its result follows from its moves; void it and enter it by hand ('pitboss game add')",
				 (long long)g->id);
	game_text(g, before, sizeof(before));
	rc = fix_apply(db, g, fix, &changed);
	if (rc == DB_OK && !changed)
		rc = db_refuse(db, "game %lld is already so: nothing to correct",
			       (long long)g->id);
	if (rc == DB_OK)
		rc = correct_write(db, g);
	if (rc == DB_OK && g->series_id != 0)
		rc = rescore_tx(db, g->series_id, f);
	if (rc == DB_OK)
		rc = db_rating_game_changed_tx(db, g->id);
	game_text(g, after, sizeof(after));
	if (rc == DB_OK)
		rc = audit_add(db, g->id, f, "correct", before, after,
			       f->reason);
	return rc;
}

int db_game_correct(struct db *db, int64_t game_id,
		    const struct db_game_fix *fix, const char *by,
		    const char *reason, int force)
{
	struct fix f = { game_id, by, reason, force, "", "" };
	struct db_game_info *g = malloc(sizeof(*g));
	int rc;

	if (g == NULL)
		return db_refuse(db, "out of memory");
	if ((rc = db_begin(db)) == DB_OK)
		rc = db_end(db, correct_tx(db, g, fix, &f));
	free(g);
	return rc;
}

int db_game_audit(struct db *db, int64_t game_id,
		  int (*each)(void *ctx, const struct db_audit_info *a),
		  void *ctx)
{
	struct db_audit_info a;
	sqlite3_stmt *st;
	int rc = db_prepare(db, Q_AUDIT_LIST, &st), step;

	if (rc != DB_OK)
		return rc;
	sqlite3_bind_int64(st, 1, game_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		a.id = sqlite3_column_int64(st, 0);
		db_column_text(st, 1, a.at, sizeof(a.at));
		db_column_text(st, 2, a.by, sizeof(a.by));
		db_column_text(st, 3, a.action, sizeof(a.action));
		db_column_text(st, 4, a.before, sizeof(a.before));
		db_column_text(st, 5, a.after, sizeof(a.after));
		db_column_text(st, 6, a.reason, sizeof(a.reason));
		db_column_text(st, 7, a.undone, sizeof(a.undone));
		if (each(ctx, &a) != 0)
			break;
	}
	sqlite3_reset(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return db_fail(db, "reading a game's audit");
	return DB_OK;
}

/* ------------------------------------------------ the commands' text */

/* "N,N,..." into values[] with set[] marked. */
static int seat_values(const char *text, int *values, int *set)
{
	char *end;

	for (int s = 0; s < RULES_MAX_SEATS; s++) {
		long v = strtol(text, &end, 10);

		if (end == text || v < 0 || v > 100000)
			return -1;
		values[s] = (int)v;
		set[s] = 1;
		if (*end == '\0')
			return 0;
		if (*end != ',')
			return -1;
		text = end + 1;
	}
	return -1;
}

struct fix_words {
	long long game;
	int force;
	char by[NAMES_MAX_BYTES];
	const char *reason;
	struct db_game_fix fix;
};

static int fix_word(struct fix_words *w, const char *tok)
{
	char *end;
	long seat;

	if (strcmp(tok, "force") == 0)
		w->force = 1;
	else if (strncmp(tok, "by=", 3) == 0)
		snprintf(w->by, sizeof(w->by), "%s", tok + 3);
	else if (strcmp(tok, "draw") == 0) {
		w->fix.set_result = 1;
		w->fix.verdict = RULES_DRAW;
	} else if (strncmp(tok, "win=", 4) == 0) {
		seat = strtol(tok + 4, &end, 10);
		if (*end != '\0' || seat < 1 || seat > RULES_MAX_SEATS)
			return -1;
		w->fix.set_result = 1;
		w->fix.verdict = RULES_WIN;
		w->fix.winner = (int)seat - 1;
	} else if (strncmp(tok, "score=", 6) == 0)
		return seat_values(tok + 6, w->fix.score, w->fix.set_score);
	else if (strncmp(tok, "points=", 7) == 0)
		return seat_values(tok + 7, w->fix.points, w->fix.set_points);
	else
		return -1;
	return 0;
}

/* GAME WORDS... -- REASON */
static int fix_parse(struct db *db, const char *word, const char *text,
		     struct fix_words *w)
{
	char copy[DB_TEXT_MAX], *save = NULL, *tok, *end;
	const char *dashes = strstr(text, " -- ");

	memset(w, 0, sizeof(*w));
	if (dashes == NULL || (size_t)(dashes - text) >= sizeof(copy))
		return db_refuse(db, "%s: 'GAME ... -- REASON' expected", word);
	memcpy(copy, text, (size_t)(dashes - text));
	copy[dashes - text] = '\0';
	w->reason = dashes + 4;
	tok = strtok_r(copy, " ", &save);
	w->game = tok ? strtoll(tok, &end, 10) : 0;
	if (tok == NULL || *end != '\0' || w->game <= 0)
		return db_refuse(db, "%s: a game number first", word);
	while ((tok = strtok_r(NULL, " ", &save)) != NULL)
		if (fix_word(w, tok) < 0 ||
		    (strcmp(word, "void-game") == 0 &&
		     strcmp(tok, "force") != 0 && strncmp(tok, "by=", 3) != 0))
			return db_refuse(db, "%s: '%s' is not understood",
					 word, tok);
	return DB_OK;
}

static int last_undone(void *ctx, const struct db_audit_info *a)
{
	snprintf(ctx, DB_TEXT_MAX, "%s", a->undone);
	return 0;
}

int db_game_fix_text(struct db *db, const char *word, const char *text,
		     char *said, size_t len)
{
	struct fix_words w;
	char undone[DB_TEXT_MAX] = "";
	int rc = fix_parse(db, word, text, &w), is_void;

	if (rc != DB_OK)
		return rc;
	is_void = strcmp(word, "void-game") == 0;
	if (!is_void && strcmp(word, "correct-game") != 0)
		return db_refuse(db, "'%s' is not void-game or correct-game",
				 word);
	rc = is_void ? db_game_void(db, w.game, w.by, w.reason, w.force) :
	     db_game_correct(db, w.game, &w.fix, w.by, w.reason, w.force);
	if (rc != DB_OK)
		return rc;
	db_game_audit(db, w.game, last_undone, undone);
	snprintf(said, len, "game %lld %s%s%s", w.game,
		 is_void ? "voided" : "corrected", undone[0] ? "; " : "",
		 undone);
	return DB_OK;
}
