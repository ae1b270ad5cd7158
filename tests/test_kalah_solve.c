/*
 * test_kalah_solve.c - the Kalah solver against a plain minimax over the
 * rules engine on small boards (random positions, every variant it
 * plays, with and without endgame databases), the published values of
 * Kalah(6,3) and of mid-game positions, the best move's value, the
 * endgame database's entries, a bounded-time answer, and the games and
 * positions it refuses.
 */
#include "config.h"

#include <stdlib.h>

#include "rules/kalah_solve.h"
#include "tests/kalah_util.h"

#define MEMO_BITS 20
#define TT_BYTES ((size_t)16 << 20)

/* A plain minimax over the engine, remembering whole positions. */
struct memo {
	struct kalah_pos pos;
	int value;
	int used;
};

static struct memo *memo;

static int margin(const struct kalah_pos *p)
{
	return p->hole[KALAH_STORE] - p->hole[KALAH_STORE + 1];
}

static int minimax(const struct rules_game *game, const struct kalah_pos *p)
{
	struct rules_move moves[KALAH_PITS_MAX + 1];
	uint64_t h = kalah_rules.hash(game, p);
	struct memo *m = &memo[h & ((1u << MEMO_BITS) - 1)];
	size_t n;
	int best;

	if (p->over)
		return margin(p);
	if (m->used && memcmp(&m->pos, p, sizeof(*p)) == 0)
		return m->value;
	n = kalah_rules.legal_moves(game, p, moves, KALAH_PITS_MAX + 1);
	best = p->side == KALAH_SOUTH ? -1000 : 1000;
	for (size_t i = 0; i < n; i++) {
		struct kalah_pos child = *p;
		int v;

		assert_int_equal(kalah_rules.apply(game, &child, &moves[i],
						   NULL, NULL, 0), 0);
		v = minimax(game, &child);
		if (p->side == KALAH_SOUTH ? v > best : v < best)
			best = v;
	}
	*m = (struct memo){ *p, best, 1 };
	return best;
}

static struct kalah_solver *solver(const struct rules_game *game)
{
	char err[RULES_ERR_MAX] = "";
	struct kalah_solver *s = kalah_solver_new(game, TT_BYTES, err,
						  sizeof(err));

	if (s == NULL)
		fail_msg("solver refused: %s", err);
	return s;
}

static struct kalah_solve_result solve(struct kalah_solver *s,
				       const struct kalah_pos *p,
				       double seconds)
{
	struct kalah_solve_result r;
	char err[RULES_ERR_MAX] = "";

	if (kalah_solve(s, p, seconds, &r, err, sizeof(err)) < 0)
		fail_msg("solve refused: %s", err);
	return r;
}

/* A position after `plies` random legal moves (fewer if it ends). */
static void random_position(const struct rules_game *game,
			    struct kalah_pos *p, int plies, unsigned *seed)
{
	kalah_rules.start(game, p);
	for (int i = 0; i < plies && !p->over; i++) {
		struct rules_move moves[KALAH_PITS_MAX + 1];
		size_t n = kalah_rules.legal_moves(game, p, moves,
						   KALAH_PITS_MAX + 1);

		assert_int_equal(kalah_rules.apply(game, p,
			&moves[rand_r(seed) % n], NULL, NULL, 0), 0);
	}
}

/* The solver's value, and its best move's, against the minimax. */
static void check_position(const struct rules_game *game,
			   struct kalah_solver *s, const struct kalah_pos *p)
{
	struct kalah_solve_result r = solve(s, p, 0);
	int expect = minimax(game, p);

	if (r.value != expect || !r.exact)
		fail_msg("%s: solver %+d (exact %d), minimax %+d",
			 ktext(game, p), r.value, r.exact, expect);
	if (!p->over) {
		struct rules_move move = { { 1, (uint32_t)r.best, 0, 0 } };
		struct kalah_pos child = *p;

		assert_int_equal(kalah_rules.apply(game, &child, &move, NULL,
						   NULL, 0), 0);
		if (minimax(game, &child) != expect)
			fail_msg("%s: best move %d is worth %+d, not %+d",
				 ktext(game, p), r.best,
				 minimax(game, &child), expect);
	} else {
		assert_int_equal(r.best, -1);
	}
}

static void cross_check(const char *options, int egdb_seeds, int positions)
{
	struct rules_game *game = kgame(options);
	struct kalah_solver *s = solver(game);
	int8_t *db = NULL;
	unsigned seed = 19;
	struct kalah_pos p;

	memo = calloc(1u << MEMO_BITS, sizeof(*memo));
	assert_non_null(memo);
	if (egdb_seeds > 0) {
		db = malloc(kalah_egdb_bytes(game->value[0], egdb_seeds));
		assert_non_null(db);
		kalah_egdb_build(s, egdb_seeds, db, NULL, NULL);
		kalah_solver_use_egdb(s, db, egdb_seeds);
	}
	kalah_rules.start(game, &p);
	check_position(game, s, &p);
	for (int i = 0; i < positions; i++) {
		random_position(game, &p, (int)(rand_r(&seed) % 30), &seed);
		if (i % 3 == 0)
			kalah_solver_clear(s);
		check_position(game, s, &p);
	}
	kalah_solver_free(s);
	rules_game_free(game);
	free(db);
	free(memo);
}

static void test_minimax_three_pits(void **state)
{
	(void)state;
	cross_check("pits=3 seeds=2", 0, 150);
	cross_check("pits=3 seeds=3", 0, 150);
	cross_check("pits=3 seeds=3 empty-capture", 0, 150);
	cross_check("pits=3 seeds=3 no-sweep", 0, 150);
	cross_check("pits=3 seeds=3 first=N", 0, 50);
}

static void test_minimax_four_pits(void **state)
{
	(void)state;
	cross_check("pits=4 seeds=2", 0, 150);
	cross_check("pits=4 seeds=2 empty-capture no-sweep", 0, 100);
	cross_check("pits=4 seeds=2 teams=2", 0, 50);
}

static void test_minimax_with_databases(void **state)
{
	(void)state;
	cross_check("pits=3 seeds=3", 8, 150);
	cross_check("pits=4 seeds=2", 9, 150);
	cross_check("pits=4 seeds=2 empty-capture", 10, 100);
	cross_check("pits=4 seeds=2 no-sweep", 10, 100);
}

/* Every entry of a small database against the minimax of its position
 * (South to move, stores empty). */
static void test_database_entries(void **state)
{
	struct rules_game *game = kgame("pits=3 seeds=2");
	struct kalah_solver *s = solver(game);
	int8_t *db = malloc(kalah_egdb_bytes(3, 6));
	size_t checked = 0;

	(void)state;
	memo = calloc(1u << MEMO_BITS, sizeof(*memo));
	assert_non_null(db);
	kalah_egdb_build(s, 6, db, NULL, NULL);
	assert_int_equal(kalah_egdb_bytes(3, 6), 924);	/* C(12, 6) */
	kalah_solver_use_egdb(s, db, 6);
	for (unsigned code = 0; code < 7u * 7 * 7 * 7 * 7 * 7; code++) {
		struct kalah_pos p;
		unsigned c = code;
		int n = 0;

		memset(&p, 0, sizeof(p));
		for (int k = 0; k < 6; k++, c /= 7) {
			p.hole[k < 3 ? k : KALAH_ROW + k - 3] = (uint8_t)(c % 7);
			n += (int)(c % 7);
		}
		if (n > 6 || n == 0 || !(p.hole[0] | p.hole[1] | p.hole[2]) ||
		    !(p.hole[8] | p.hole[9] | p.hole[10]))
			continue;
		assert_int_equal(solve(s, &p, 0).value, minimax(game, &p));
		assert_int_equal(solve(s, &p, 0).nodes, 0);	/* looked up */
		checked++;
	}
	assert_true(checked > 500);
	free(memo);
	free(db);
	kalah_solver_free(s);
	rules_game_free(game);
}

static void test_kalah_6_3(void **state)
{
	struct rules_game *game = kgame("seeds=3");
	struct kalah_solver *s = solver(game);
	int8_t *db = malloc(kalah_egdb_bytes(6, 10));
	struct kalah_solve_result r;
	struct kalah_pos p;

	(void)state;
	kalah_egdb_build(s, 10, db, NULL, NULL);
	kalah_solver_use_egdb(s, db, 10);
	kalah_rules.start(game, &p);
	r = solve(s, &p, 0);
	assert_int_equal(r.value, 2);
	assert_true(r.exact);
	assert_true(r.nodes > 0);
	/* Whatever best move it gives keeps the +2 for South. */
	kplay(game, &p, (char[2]){ (char)('a' + r.best), 0 });
	kalah_solver_clear(s);
	r = solve(s, &p, 0);
	assert_int_equal(r.value, 2);
	free(db);
	kalah_solver_free(s);
	rules_game_free(game);
}

/* Mid-game positions of Kalah(6,4), with and without a database. */
static void test_kalah_6_4_midgame(void **state)
{
	struct rules_game *game = kgame("seeds=4");
	struct kalah_solver *s = solver(game);
	int8_t *db = malloc(kalah_egdb_bytes(6, 12));
	unsigned seed = 4;

	(void)state;
	kalah_egdb_build(s, 12, db, NULL, NULL);
	for (int i = 0; i < 12; i++) {
		struct kalah_pos p;
		struct kalah_solve_result with, without;

		random_position(game, &p, 24 + (int)(rand_r(&seed) % 12), &seed);
		kalah_solver_use_egdb(s, db, 12);
		kalah_solver_clear(s);
		with = solve(s, &p, 0);
		kalah_solver_use_egdb(s, NULL, 0);
		kalah_solver_clear(s);
		without = solve(s, &p, 0);
		assert_true(with.exact && without.exact);
		if (with.value != without.value)
			fail_msg("%s: %+d with the database, %+d without",
				 ktext(game, &p), with.value, without.value);
	}
	free(db);
	kalah_solver_free(s);
	rules_game_free(game);
}

/* A bounded search answers in time with a legal move and a value the
 * seeds allow; it says whether it is exact. */
static void test_bounded_time(void **state)
{
	struct rules_game *game = kgame("seeds=6");
	struct kalah_solver *s = solver(game);
	struct kalah_solve_result r;
	struct kalah_pos p;

	(void)state;
	kalah_rules.start(game, &p);
	r = solve(s, &p, 0.05);
	assert_true(r.best >= 0 && r.best < 6);
	assert_true(r.value >= -72 && r.value <= 72);
	assert_false(r.exact);	/* Kalah(6,6) is not solved in 50 ms */
	kalah_solver_free(s);
	rules_game_free(game);
}

static void test_refusals(void **state)
{
	struct rules_game *cross = kgame("cross"), *pie = kgame("pie");
	char err[RULES_ERR_MAX] = "";
	struct kalah_solver *s;
	struct kalah_solve_result r;
	struct kalah_pos p;

	(void)state;
	assert_null(kalah_solver_new(cross, TT_BYTES, err, sizeof(err)));
	assert_non_null(strstr(err, "Cross-Kalah"));
	s = solver(pie);
	kalah_rules.start(pie, &p);
	kplay(pie, &p, "a");
	assert_int_equal(kalah_solve(s, &p, 0, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "swap"));
	/* Once the swap is declined the position is plain Kalah. */
	kplay(pie, &p, "A");
	assert_int_equal(kalah_solve(s, &p, 0.2, &r, err, sizeof(err)), 0);
	kalah_solver_free(s);
	rules_game_free(cross);
	rules_game_free(pie);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_minimax_three_pits),
		cmocka_unit_test(test_minimax_four_pits),
		cmocka_unit_test(test_minimax_with_databases),
		cmocka_unit_test(test_database_entries),
		cmocka_unit_test(test_kalah_6_3),
		cmocka_unit_test(test_kalah_6_4_midgame),
		cmocka_unit_test(test_bounded_time),
		cmocka_unit_test(test_refusals),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
