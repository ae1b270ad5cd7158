/*
 * test_fix.c - finished games corrected and voided: the audit row, the
 * series scored again (a series the game had decided open again), the
 * knockout's later matches refused or undone with force, the round
 * robin's standings and winner ranked again, and the commands' text.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "db/db.h"
#include "db/series.h"

static char dir[64];
static struct db *db;
static int64_t ada, bob, cyd, dee;

static int setup(void **state)
{
	char path[128], err[DB_ERR_MAX];

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/pitboss-test-fix.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/fix.db", dir);
	if (db_open(path, DB_OPEN_CREATE, &db, err, sizeof(err)) != DB_OK)
		return -1;
	db_player_add(db, "Ada", &ada);
	db_player_add(db, "Bob", &bob);
	db_player_add(db, "Cyd", &cyd);
	db_player_add(db, "Dee", &dee);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	db_close(db);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* The next game of series `sid`, entered whole: A scores `pa`, B `pb`
 * (a draw when equal), `source` its one move's. */
static int64_t play(int64_t sid, int pa, int pb, const char *source)
{
	struct db_series_info s;
	struct db_game_new g = { 0 };
	struct db_game_end end = { 0 };
	struct db_move move = { 1, 0, 0, 0, "a", "x", NULL, NULL, NULL };
	int64_t id = 0;
	int first, seat_a;

	assert_int_equal(db_series_get(db, sid, &s), DB_OK);
	first = series_first_mover(s.first, s.games + 1);
	seat_a = first == 0 ? 0 : 1;
	g.kind = s.kind;
	g.options = s.options;
	g.series_id = sid;
	g.seats = 2;
	g.members[0] = g.members[1] = 1;
	g.player[0][0] = s.player[first];
	g.player[1][0] = s.player[!first];
	g.first_how = DB_FIRST_ALTERNATE;
	g.position = "start";
	move.source = source;
	end.verdict = pa == pb ? RULES_DRAW : RULES_WIN;
	end.winner = pa > pb ? seat_a : !seat_a;
	end.points[seat_a] = pa == pb ? 0 : pa;
	end.points[!seat_a] = pa == pb ? 0 : pb;
	end.score[seat_a] = 24 + pa;
	end.score[!seat_a] = 24 + pb;
	if (db_game_add(db, &g, &move, 1, &end, &id) != DB_OK)
		fail_msg("game of series %lld: %s", (long long)sid,
			 db_error(db));
	return id;
}

struct matches {
	struct db_bracket_match m[8];
	int n;
};

static int each_match(void *ctx, const struct db_bracket_match *m)
{
	struct matches *ms = ctx;

	if (ms->n < 8)
		ms->m[ms->n++] = *m;
	return 0;
}

static void bracket(int64_t tid, struct matches *ms)
{
	memset(ms, 0, sizeof(*ms));
	assert_int_equal(db_tournament_bracket(db, tid, each_match, ms), DB_OK);
}

static int64_t tournament(const char *name, const char *format)
{
	int64_t tid = 0, who[] = { ada, bob, cyd, dee };

	assert_int_equal(db_tournament_create(db, name, "kalah", "", 5, 0,
					      &tid), DB_OK);
	assert_int_equal(db_tournament_set_format(db, tid, format), DB_OK);
	for (int i = 0; i < 4; i++)
		assert_int_equal(db_tournament_enter(db, tid, who[i]), DB_OK);
	assert_int_equal(db_tournament_draw(db, tid, 0, 0), DB_OK);
	return tid;
}

struct audits {
	struct db_audit_info a[4];
	int n;
};

static int each_audit(void *ctx, const struct db_audit_info *a)
{
	struct audits *l = ctx;

	if (l->n < 4)
		l->a[l->n] = *a;
	l->n++;
	return 0;
}

static void audit_of(int64_t game, struct audits *l)
{
	memset(l, 0, sizeof(*l));
	assert_int_equal(db_game_audit(db, game, each_audit, l), DB_OK);
}

static const char *status_of(int64_t game)
{
	static struct db_game_info g;

	assert_int_equal(db_game_get(db, game, &g), DB_OK);
	return g.status;
}

static void test_void_reopens_series(void **state)
{
	struct db_series_info s;
	struct matches ms;
	struct audits l;
	struct standing *rows;
	size_t n;
	int64_t tid = tournament("Cup", "knockout"), game;

	(void)state;
	bracket(tid, &ms);
	game = play(ms.m[0].series_id, 6, 0, DB_SOURCE_MANUAL);
	assert_int_equal(db_series_get(db, ms.m[0].series_id, &s), DB_OK);
	assert_string_equal(s.status, "finished");
	/* Who, and why, are needed. */
	assert_int_equal(db_game_void(db, game, "alice (cli)", " ", 0),
			 DB_REFUSED);
	assert_int_equal(db_game_void(db, game, "alice (cli)", "wrong pair",
				      0), DB_OK);
	assert_string_equal(status_of(game), "void");
	assert_int_equal(db_series_get(db, ms.m[0].series_id, &s), DB_OK);
	assert_string_equal(s.status, "playing");
	assert_int_equal(s.total[0] + s.total[1], 0);
	assert_int_equal(s.games, 0);
	assert_int_equal(s.winner, -1);
	bracket(tid, &ms);
	assert_string_equal(ms.m[0].how, "pending");
	assert_int_equal(ms.m[0].winner, 0);
	audit_of(game, &l);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.a[0].action, "void");
	assert_string_equal(l.a[0].by, "alice (cli)");
	assert_string_equal(l.a[0].reason, "wrong pair");
	assert_string_equal(l.a[0].after, "void");
	assert_non_null(strstr(l.a[0].before, "points"));
	assert_non_null(strstr(l.a[0].undone, "open again"));
	/* Voided once is enough; the standings count it no more. */
	assert_int_equal(db_game_void(db, game, "alice (cli)", "again", 0),
			 DB_REFUSED);
	assert_non_null(strstr(db_error(db), "void already"));
	assert_int_equal(db_tournament_standings(db, tid, &rows, &n), DB_OK);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(rows[i].games_won + rows[i].points_for, 0);
	free(rows);
	/* The series is played again: a new game decides it. */
	play(ms.m[0].series_id, 0, 7, DB_SOURCE_MANUAL);
	bracket(tid, &ms);
	assert_string_equal(ms.m[0].how, "played");
	assert_int_equal(ms.m[0].winner, ms.m[0].player[1]);
}

static void test_later_series_refused_then_forced(void **state)
{
	struct matches ms;
	struct audits l;
	int64_t tid = tournament("Plate", "knockout"), g0, final_game;

	(void)state;
	bracket(tid, &ms);
	g0 = play(ms.m[0].series_id, 6, 0, DB_SOURCE_MANUAL);
	play(ms.m[1].series_id, 6, 0, DB_SOURCE_MANUAL);
	bracket(tid, &ms);
	assert_true(ms.m[2].series_id != 0);
	final_game = play(ms.m[2].series_id, 2, 0, DB_SOURCE_MANUAL);
	/* The final has a game: refused, saying what would go. */
	assert_int_equal(db_game_void(db, g0, "arbiter", "misread", 0),
			 DB_REFUSED);
	assert_non_null(strstr(db_error(db), "match 3"));
	assert_non_null(strstr(db_error(db), "--force"));
	assert_string_equal(status_of(g0), "finished");
	assert_string_equal(status_of(final_game), "finished");
	audit_of(g0, &l);
	assert_int_equal(l.n, 0);
	/* Forced: the final goes, its game voided with the same reason. */
	assert_int_equal(db_game_void(db, g0, "arbiter", "misread", 1), DB_OK);
	assert_string_equal(status_of(final_game), "void");
	bracket(tid, &ms);
	assert_int_equal(ms.m[2].series_id, 0);
	assert_string_equal(ms.m[2].how, "pending");
	assert_string_equal(ms.m[0].how, "pending");
	audit_of(final_game, &l);
	assert_int_equal(l.n, 1);
	assert_non_null(strstr(l.a[0].reason, "misread"));
	audit_of(g0, &l);
	assert_non_null(strstr(l.a[0].undone, "match 3 undone"));
	/* Decided again, the final comes back with its players. */
	play(ms.m[0].series_id, 0, 8, DB_SOURCE_MANUAL);
	bracket(tid, &ms);
	assert_true(ms.m[2].series_id != 0);
	assert_int_equal(ms.m[2].total[0] + ms.m[2].total[1], 0);
	assert_int_equal(ms.m[2].player[0], ms.m[0].player[1]);
}

struct hand_list {
	int64_t id[64];
	int n;
};

static int hand_has(const struct hand_list *h, int64_t id)
{
	for (int i = 0; i < h->n; i++)
		if (h->id[i] == id)
			return 1;
	return 0;
}

static int each_hand(void *ctx, const struct db_game_info *g)
{
	struct hand_list *h = ctx;

	if (h->n < 64)
		h->id[h->n++] = g->id;
	return 0;
}

static void test_correct_changes_winner(void **state)
{
	struct db_game_fix fix = { 0 };
	struct db_game_info g;
	struct matches ms;
	struct audits l;
	int64_t tid = tournament("Bowl", "knockout"), game, sensed;

	(void)state;
	bracket(tid, &ms);
	game = play(ms.m[0].series_id, 6, 0, DB_SOURCE_MANUAL);
	assert_int_equal(db_game_get(db, game, &g), DB_OK);
	fix.set_result = 1;
	fix.verdict = RULES_WIN;
	fix.winner = !g.winner;
	fix.set_points[g.winner] = fix.set_points[!g.winner] = 1;
	fix.points[g.winner] = 0;
	fix.points[!g.winner] = 6;
	assert_int_equal(db_game_correct(db, game, &fix, "arbiter",
					 "seats swapped", 0), DB_OK);
	bracket(tid, &ms);
	assert_int_equal(ms.m[0].winner, ms.m[0].player[1]);
	assert_int_equal(ms.m[0].total[1], 6);
	audit_of(game, &l);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.a[0].action, "correct");
	assert_string_not_equal(l.a[0].before, l.a[0].after);
	/* The same again changes nothing: refused. */
	assert_int_equal(db_game_correct(db, game, &fix, "arbiter", "again",
					 0), DB_REFUSED);
	/* A draw counts no points. */
	memset(&fix, 0, sizeof(fix));
	fix.set_result = 1;
	fix.verdict = RULES_DRAW;
	fix.set_points[0] = 1;
	fix.points[0] = 3;
	assert_int_equal(db_game_correct(db, game, &fix, "arbiter", "draw",
					 0), DB_REFUSED);
	/* A game read by sensors is not corrected, only voided. */
	sensed = play(ms.m[1].series_id, 2, 0, DB_SOURCE_SENSOR);
	assert_int_equal(db_game_by_hand(db, sensed), 0);
	assert_int_equal(db_game_by_hand(db, game), 1);
	{
		struct hand_list h = { 0 };

		assert_int_equal(db_games_by_hand(db, 200, each_hand, &h), DB_OK);
		assert_true(h.n > 0);
		for (int i = 0; i < h.n; i++)
			assert_true(h.id[i] != sensed);
		assert_true(hand_has(&h, game));
	}
	fix.set_points[0] = 0;
	assert_int_equal(db_game_correct(db, sensed, &fix, "arbiter", "x", 0),
			 DB_REFUSED);
	assert_non_null(strstr(db_error(db), "sensors"));
}

static void test_round_robin_ranked_again(void **state)
{
	struct db_tournament_info t;
	struct matches ms;
	struct standing *rows;
	int64_t tid = tournament("League", "round-robin"), last = 0;
	size_t n;
	char said[DB_TEXT_MAX], text[128];

	(void)state;
	bracket(tid, &ms);
	assert_int_equal(ms.n, 6);
	/* Ada wins everything, the others beat whoever is later in the
	 * entry order. */
	for (int i = 0; i < ms.n; i++)
		last = play(ms.m[i].series_id, 6, 0, DB_SOURCE_MANUAL);
	assert_int_equal(db_tournament_find(db, "League", &t), DB_OK);
	assert_string_equal(t.status, "finished");
	/* Through the commands' text: the winner's crown goes with it. */
	snprintf(text, sizeof(text), "%lld by=arbiter@dashboard -- wrong table",
		 (long long)last);
	assert_int_equal(db_game_fix_text(db, "void-game", text, said,
					  sizeof(said)), DB_OK);
	assert_non_null(strstr(said, "voided"));
	assert_non_null(strstr(said, "open again"));
	assert_int_equal(db_tournament_find(db, "League", &t), DB_OK);
	assert_string_equal(t.status, "drawn");
	assert_int_equal(t.champion, 0);
	assert_int_equal(db_tournament_standings(db, tid, &rows, &n), DB_OK);
	{
		int points = 0;

		for (size_t i = 0; i < n; i++)
			points += rows[i].points;
		assert_int_equal(points, 5);	/* five series decided */
	}
	free(rows);
	/* Unknown words and a missing reason are refused. */
	assert_int_equal(db_game_fix_text(db, "void-game", "3 draw -- x", said,
					  sizeof(said)), DB_REFUSED);
	assert_int_equal(db_game_fix_text(db, "void-game", "3 by=x", said,
					  sizeof(said)), DB_REFUSED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_void_reopens_series),
		cmocka_unit_test(test_later_series_refused_then_forced),
		cmocka_unit_test(test_correct_changes_winner),
		cmocka_unit_test(test_round_robin_ranked_again),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
