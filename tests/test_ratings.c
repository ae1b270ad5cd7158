/*
 * test_ratings.c - the rating lists in the store: rated in the
 * transaction that finishes a game, a list per kind of game, draws and
 * void games, the hidden-code game's pairwise results, the deviation
 * growing between games, a game entered out of order, and `recompute`
 * giving exactly what the games gave one by one; a store migrated with
 * games already finished rates them with the next game.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "db/db.h"
#include "db/glicko.h"

static char dir[64];
static char path[128];
static struct db *db;
static int64_t who[5];

static int setup(void **state)
{
	const char *names[] = { "Ada", "Bob", "Cyd", "Dee", "Eve" };
	char err[DB_ERR_MAX];

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/pitboss-test-ratings.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/r.db", dir);
	if (db_open(path, DB_OPEN_CREATE, &db, err, sizeof(err)) != DB_OK)
		return -1;
	for (int i = 0; i < 5; i++)
		if (db_player_add(db, names[i], &who[i]) != DB_OK)
			return -1;
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	db_close(db);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* A whole game between players a and b (indexes), won by seat
 * `winner` (-1: a draw, -2: void), ended at `ended`. */
static int64_t game(const char *kind, const char *options, int seats,
		    const int *players, int winner, const char *ended)
{
	struct db_game_new g = {
		.kind = kind, .options = options, .seats = seats,
		.first_seat = 0, .first_how = DB_FIRST_RULES,
		.position = "p", .started = ended,
	};
	struct db_game_end end = {
		.verdict = winner >= 0 ? RULES_WIN :
			   winner == -1 ? RULES_DRAW : RULES_VOID,
		.winner = winner >= 0 ? winner : -1, .ended = ended,
	};
	int64_t id;

	for (int s = 0; s < seats; s++) {
		g.members[s] = 1;
		g.player[s][0] = who[players[s]];
	}
	assert_int_equal(db_game_add(db, &g, NULL, 0, &end, &id), DB_OK);
	return id;
}

static int64_t kalah(int a, int b, int winner, const char *ended)
{
	int players[2] = { a, b };

	return game("kalah", "", 2, players, winner, ended);
}

struct rows {
	int n;
	struct db_rating r[16];
};

static int keep(void *ctx, const struct db_rating *r)
{
	struct rows *rows = ctx;

	if (rows->n < 16)
		rows->r[rows->n++] = *r;
	return 0;
}

static struct rows list(const char *key, int64_t player)
{
	struct rows rows = { 0 };

	assert_int_equal(db_rating_list(db, key, player, keep, &rows), DB_OK);
	return rows;
}

/* Two lists are the same to the last bit. */
static void assert_same(const struct rows *a, const struct rows *b)
{
	assert_int_equal(a->n, b->n);
	for (int i = 0; i < a->n; i++) {
		assert_string_equal(a->r[i].key, b->r[i].key);
		assert_int_equal(a->r[i].player_id, b->r[i].player_id);
		assert_memory_equal(&a->r[i].rating, &b->r[i].rating,
				    sizeof(double));
		assert_memory_equal(&a->r[i].rd, &b->r[i].rd, sizeof(double));
		assert_memory_equal(&a->r[i].volatility,
				    &b->r[i].volatility, sizeof(double));
		assert_int_equal(a->r[i].games, b->r[i].games);
		assert_string_equal(a->r[i].last_played,
				    b->r[i].last_played);
	}
}

static void test_first_game_and_draw(void **state)
{
	struct rows rows;

	(void)state;
	db_set_time(db, "2026-11-23T20:00:00Z");
	kalah(0, 1, -1, "2026-11-20T20:00:00Z");
	rows = list("kalah pits=6 seeds=4", 0);
	assert_int_equal(rows.n, 2);
	/* A draw between newcomers moves no rating, narrows both. */
	assert_true(rows.r[0].rating > 1499.999 && rows.r[0].rating < 1500.001);
	assert_true(rows.r[0].rd < 350 && rows.r[0].provisional);
	assert_int_equal(rows.r[0].draws, 1);
	/* A void game is not rated. */
	kalah(0, 2, -2, "2026-11-20T21:00:00Z");
	assert_int_equal(list(NULL, who[2]).n, 0);
	/* A win: Ada up, Bob down, by as much. */
	kalah(0, 1, 0, "2026-11-20T22:00:00Z");
	rows = list("kalah pits=6 seeds=4", 0);
	assert_string_equal(rows.r[0].name, "Ada");
	assert_int_equal(rows.r[0].wins, 1);
	assert_int_equal(rows.r[1].losses, 1);
	assert_true(rows.r[0].rating > 1550);
	assert_float_equal(rows.r[0].rating - 1500, 1500 - rows.r[1].rating,
			   1e-3);
	/* Three days later than the last game: RD now grows. */
	assert_true(rows.r[0].rd_now > rows.r[0].rd);
	db_set_time(db, NULL);
}

static void test_lists_by_kind(void **state)
{
	int three[3] = { 2, 3, 4 };
	struct rows rows;

	(void)state;
	kalah(0, 1, 0, "2026-11-20T20:00:00Z");
	game("kalah", "seeds=3 empty-capture", 2, (int[]){ 0, 1 }, 1,
	     "2026-11-20T20:30:00Z");
	rows = list(NULL, who[0]);
	assert_int_equal(rows.n, 2);
	assert_string_equal(rows.r[0].key, "kalah pits=6 seeds=3");
	assert_string_equal(rows.r[1].key, "kalah pits=6 seeds=4");
	assert_true(rows.r[0].rating < 1500 && rows.r[1].rating > 1500);
	/* The hidden-code game: the winner beat both, the others lost to
	 * him only. */
	game("codegame", "players=3 seed=5", 3, three, 1,
	     "2026-11-20T21:00:00Z");
	rows = list("codegame", 0);
	assert_int_equal(rows.n, 3);
	assert_string_equal(rows.r[0].name, "Dee");
	assert_true(rows.r[1].rating < 1500 && rows.r[2].rating < 1500);
	assert_true(rows.r[1].rating == rows.r[2].rating);
	assert_true(rows.r[0].rating - 1500 > 1500 - rows.r[1].rating);
	/* A retired player leaves the lists; his ratings stay his. */
	assert_int_equal(db_player_retire(db, who[3]), DB_OK);
	assert_int_equal(list("codegame", 0).n, 2);
	assert_int_equal(list("codegame", who[3]).n, 1);
}

struct steps {
	int n;
	struct db_rating_step s[16];
};

static int keep_step(void *ctx, const struct db_rating_step *s)
{
	struct steps *steps = ctx;

	if (steps->n < 16)
		steps->s[steps->n++] = *s;
	return 0;
}

static void test_rd_grows_between_games(void **state)
{
	struct steps st = { 0 };

	(void)state;
	kalah(0, 1, 0, "2026-01-01T20:00:00Z");
	kalah(0, 1, 0, "2026-01-01T21:00:00Z");
	kalah(0, 1, 0, "2026-06-01T20:00:00Z");
	assert_int_equal(db_rating_history(db, who[0], NULL, keep_step, &st),
			 DB_OK);
	assert_int_equal(st.n, 3);
	assert_float_equal(st.s[0].rd_before, 350, 1e-6);
	/* An hour: almost nothing; five months: a lot. */
	assert_true(st.s[1].rd_before - st.s[0].rd < 1);
	assert_float_equal(st.s[2].rd_before,
			   glicko_rd_after(&glicko_club, (struct glicko_rating){
				   st.s[1].rating, st.s[1].rd,
				   st.s[1].volatility },
				   (150 + 23 / 24.0) / GLICKO_PERIOD_DAYS),
			   1e-3);
	assert_true(st.s[2].rd_before - st.s[1].rd > 4);
	assert_true(st.s[2].rating_before == st.s[1].rating);
	assert_true(st.s[2].score == 1 && st.s[2].opponents == 1);
}

/* Out of order, then recomputed: the same numbers either way. */
static void test_recompute_gives_the_same(void **state)
{
	struct rows before, after;
	int games;

	(void)state;
	kalah(0, 1, 0, "2026-03-01T20:00:00Z");
	kalah(1, 2, 1, "2026-03-08T20:00:00Z");
	kalah(2, 0, -1, "2026-03-15T20:00:00Z");
	game("kalah", "seeds=3", 2, (int[]){ 3, 4 }, 0,
	     "2026-03-15T20:10:00Z");
	kalah(3, 0, 1, "2026-03-22T20:00:00Z");
	/* Entered late: it ended before the last two. */
	kalah(1, 3, 0, "2026-03-10T20:00:00Z");
	kalah(4, 2, 0, "2026-03-29T20:00:00Z");
	before = list(NULL, 0);
	assert_int_equal(before.n, 7);
	assert_int_equal(db_rating_recompute(db, &games), DB_OK);
	assert_int_equal(games, 7);
	after = list(NULL, 0);
	assert_same(&before, &after);
}

/* A game voided or corrected after it was rated: its list is what the
 * games left give, as a recompute gives it. */
static void test_void_and_correct_rate_anew(void **state)
{
	struct db_game_fix fix = { .set_result = 1, .verdict = RULES_WIN,
				   .winner = 0 };
	struct rows before, after;
	int64_t first, second;
	int games;

	(void)state;
	first = kalah(0, 1, 0, "2026-03-01T20:00:00Z");
	second = kalah(1, 2, 1, "2026-03-08T20:00:00Z");
	kalah(2, 0, 0, "2026-03-15T20:00:00Z");
	before = list(NULL, who[0]);
	assert_int_equal(before.r[0].games, 2);
	assert_int_equal(db_game_void(db, first, "arbiter (test)",
				      "played with the wrong seeds", 0), DB_OK);
	after = list(NULL, who[0]);
	assert_int_equal(after.r[0].games, 1);
	assert_int_equal(after.r[0].wins, 0);
	if (db_game_correct(db, second, &fix, "arbiter (test)",
			    "the result was the other way", 0) != DB_OK)
		fail_msg("%s", db_error(db));
	before = list(NULL, 0);
	assert_int_equal(db_rating_recompute(db, &games), DB_OK);
	assert_int_equal(games, 2);
	after = list(NULL, 0);
	assert_same(&before, &after);
	after = list(NULL, who[1]);
	assert_int_equal(after.r[0].wins, 1);
	after = list(NULL, who[2]);
	assert_int_equal(after.r[0].wins, 1);
	assert_int_equal(after.r[0].losses, 1);
}

static void raw(const char *sql)
{
	sqlite3 *s;

	assert_int_equal(sqlite3_open(path, &s), SQLITE_OK);
	assert_int_equal(sqlite3_exec(s, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(s);
}

/* Games finished before the ratings: rated with the next game. */
static void test_stale_after_migration(void **state)
{
	struct rows rows;
	int stale;

	(void)state;
	kalah(0, 1, 0, "2026-02-01T20:00:00Z");
	db_close(db);
	raw("DELETE FROM ratings; DELETE FROM rating_history;"
	    "UPDATE rating_state SET stale = 1;");
	assert_int_equal(db_open(path, 0, &db, NULL, 0), DB_OK);
	assert_int_equal(db_rating_stale(db, &stale), DB_OK);
	assert_int_equal(stale, 1);
	assert_int_equal(list(NULL, 0).n, 0);
	kalah(2, 3, 0, "2026-02-02T20:00:00Z");
	rows = list(NULL, 0);
	assert_int_equal(rows.n, 4);
	assert_int_equal(db_rating_stale(db, &stale), DB_OK);
	assert_int_equal(stale, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_first_game_and_draw, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lists_by_kind, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rd_grows_between_games, setup, teardown),
		cmocka_unit_test_setup_teardown(test_recompute_gives_the_same, setup, teardown),
		cmocka_unit_test_setup_teardown(test_void_and_correct_rate_anew, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stale_after_migration, setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
