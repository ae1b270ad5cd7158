/*
 * test_kalah_perft.c - perft of the engine checked against a second,
 * deliberately simple counter written here from RULES.md alone.
 *
 * The simple counter shares nothing with rules/kalah.c: it keeps the two
 * rows and the two stores apart, walks seed by seed with an explicit
 * cursor (no lap arithmetic, no precomputed rings, no word tricks) and
 * makes every move, even at the last ply.
 */
#include "config.h"

#include <stdlib.h>

#include "tests/kalah_util.h"

/* ------------------------------------------------------ simple counter */

struct simple_rules {
	int pits;
	int empty_capture;
	int cross;
	int pie;
};

struct simple_board {
	int row[2][KALAH_PITS_MAX];	/* row[0] South a.., row[1] North A.. */
	int store[2];
	int mover;
	int pie_state;			/* 0 none, 1 first turn, 2 offer */
	int over;
};

/* Where a seed can go: a pit of a row, or a store. */
struct cursor {
	int in_store;
	int side;
	int pit;
};

/* The next hole counter-clockwise (a..f, S, A..F, N, a...). */
static struct cursor step_ccw(const struct simple_rules *r, struct cursor c)
{
	if (c.in_store)
		return (struct cursor){ 0, !c.side, 0 };
	if (c.pit + 1 < r->pits)
		return (struct cursor){ 0, c.side, c.pit + 1 };
	return (struct cursor){ 1, c.side, 0 };
}

/* The next hole clockwise: the same walk backwards. */
static struct cursor step_cw(const struct simple_rules *r, struct cursor c)
{
	if (c.in_store)
		return (struct cursor){ 0, c.side, r->pits - 1 };
	if (c.pit > 0)
		return (struct cursor){ 0, c.side, c.pit - 1 };
	return (struct cursor){ 1, !c.side, 0 };
}

static int side_empty(const struct simple_rules *r,
		      const struct simple_board *b, int side)
{
	for (int i = 0; i < r->pits; i++)
		if (b->row[side][i] != 0)
			return 0;
	return 1;
}

static void simple_sow(const struct simple_rules *r, struct simple_board *b,
		       int pit)
{
	int me = b->mover;
	int seeds = b->row[me][pit];
	int clockwise = r->cross && seeds % 2 == 1;
	struct cursor c = { 0, me, pit };
	int extra = 0;

	if (b->pie_state == 2)
		b->pie_state = 0;
	b->row[me][pit] = 0;
	while (seeds > 0) {
		c = clockwise ? step_cw(r, c) : step_ccw(r, c);
		if (c.in_store && c.side != me)
			continue;
		if (c.in_store)
			b->store[c.side]++;
		else
			b->row[c.side][c.pit]++;
		seeds--;
	}
	if (c.in_store) {
		extra = 1;
	} else if (c.side == me && b->row[me][c.pit] == 1) {
		int opposite = r->pits - 1 - c.pit;
		int across = b->row[!me][opposite];

		if (across > 0 || r->empty_capture) {
			b->store[me] += across + 1;
			b->row[!me][opposite] = 0;
			b->row[me][c.pit] = 0;
		}
	}
	if (side_empty(r, b, 0) || side_empty(r, b, 1)) {
		b->over = 1;
		return;
	}
	if (!extra) {
		if (b->pie_state == 1)
			b->pie_state = 2;
		b->mover = !me;
	}
}

static uint64_t simple_perft(const struct simple_rules *r,
			     const struct simple_board *b, int depth)
{
	uint64_t leaves = 0;

	if (depth == 0)
		return 1;
	if (b->over)
		return 0;
	for (int pit = 0; pit < r->pits; pit++) {
		struct simple_board next = *b;

		if (b->row[b->mover][pit] == 0)
			continue;
		simple_sow(r, &next, pit);
		leaves += simple_perft(r, &next, depth - 1);
	}
	if (b->pie_state == 2) {
		struct simple_board next = *b;

		/* The swap changes owners, not the board: the same side
		 * moves next, with no swap on offer. */
		next.pie_state = 0;
		leaves += simple_perft(r, &next, depth - 1);
	}
	return leaves;
}

static void simple_start(const struct simple_rules *r, struct simple_board *b,
			 int seeds)
{
	memset(b, 0, sizeof(*b));
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < r->pits; i++)
			b->row[side][i] = seeds;
	b->pie_state = r->pie ? 1 : 0;
}

/* ------------------------------------------------------ comparisons */

struct perft_case {
	int pits, seeds;
	const char *flags;	/* extra engine options */
	int depth;
};

static void compare(const struct perft_case *pc)
{
	char options[96];
	struct rules_game *game;
	struct kalah_pos pos;
	struct simple_rules r = { pc->pits, 0, 0, 0 };
	struct simple_board b;

	snprintf(options, sizeof(options), "pits=%d seeds=%d %s", pc->pits,
		 pc->seeds, pc->flags);
	r.empty_capture = strstr(pc->flags, "empty-capture") != NULL;
	r.cross = strstr(pc->flags, "cross") != NULL;
	r.pie = strstr(pc->flags, "pie") != NULL;
	game = kgame(options);
	kalah_rules.start(game, &pos);
	simple_start(&r, &b, pc->seeds);
	for (int d = 1; d <= pc->depth; d++) {
		uint64_t expected = simple_perft(&r, &b, d);
		uint64_t got = rules_perft(game, &pos, (unsigned)d);

		if (got != expected)
			fail_msg("%s depth %d: engine %llu, simple counter %llu",
				 options, d, (unsigned long long)got,
				 (unsigned long long)expected);
	}
	rules_game_free(game);
}

static void test_perft_6_3_standard_depth_9(void **state)
{
	static const struct perft_case pc = { 6, 3, "", 9 };

	(void)state;
	compare(&pc);
}

static void test_perft_6_4_standard_depth_9(void **state)
{
	static const struct perft_case pc = { 6, 4, "", 9 };

	(void)state;
	compare(&pc);
}

static void test_perft_6_6_standard_depth_8(void **state)
{
	static const struct perft_case pc = { 6, 6, "", 8 };

	(void)state;
	compare(&pc);
}

static void test_perft_6_3_empty_capture_depth_9(void **state)
{
	static const struct perft_case pc = { 6, 3, "empty-capture", 9 };

	(void)state;
	compare(&pc);
}

static void test_perft_6_4_empty_capture_depth_9(void **state)
{
	static const struct perft_case pc = { 6, 4, "empty-capture", 9 };

	(void)state;
	compare(&pc);
}

static void test_perft_6_6_empty_capture_depth_8(void **state)
{
	static const struct perft_case pc = { 6, 6, "empty-capture", 8 };

	(void)state;
	compare(&pc);
}

static void test_perft_cross_and_pie(void **state)
{
	static const struct perft_case cases[] = {
		{ 6, 4, "cross", 8 },
		{ 6, 4, "pie", 8 },
		{ 6, 3, "cross empty-capture pie", 8 },
		{ 6, 4, "no-sweep", 7 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		compare(&cases[i]);
}

static void test_perft_every_board_size(void **state)
{
	(void)state;
	for (int pits = KALAH_PITS_MIN; pits <= KALAH_PITS_MAX; pits++) {
		struct perft_case pc = { pits, 1 + pits % 4, "", 7 };

		compare(&pc);
		pc.seeds = 12;
		pc.depth = 5;
		compare(&pc);
	}
}

/* Long-lapping positions: many seeds in one pit, late-game shapes. */
static void test_perft_from_positions(void **state)
{
	static const char *const positions[] = {
		"13 0 0 0 0 0/1 1 1 1 1 1/20 9/S",
		"0 0 0 0 0 30/0 0 0 0 0 1/10 7/S",
		"1 0 2 0 0 5/0 3 0 0 1 0/20 16/N",
	};
	struct rules_game *game = kgame("");

	(void)state;
	for (size_t i = 0; i < sizeof(positions) / sizeof(positions[0]); i++) {
		struct kalah_pos pos;
		struct simple_rules r = { 6, 0, 0, 0 };
		struct simple_board b;

		char side;

		kset(game, &pos, positions[i]);
		memset(&b, 0, sizeof(b));
		assert_int_equal(sscanf(positions[i],
					"%d %d %d %d %d %d/%d %d %d %d %d %d/%d %d/%c",
					&b.row[0][0], &b.row[0][1], &b.row[0][2],
					&b.row[0][3], &b.row[0][4], &b.row[0][5],
					&b.row[1][0], &b.row[1][1], &b.row[1][2],
					&b.row[1][3], &b.row[1][4], &b.row[1][5],
					&b.store[0], &b.store[1], &side), 15);
		b.mover = side == 'N';
		for (int d = 1; d <= 7; d++)
			assert_true(rules_perft(game, &pos, (unsigned)d) ==
				    simple_perft(&r, &b, d));
	}
	rules_game_free(game);
}

/* The generic counter (over legal_moves and apply, without the bulk
 * count at the last ply) agrees with the engine's fast one. */
static void test_generic_perft_agrees(void **state)
{
	struct rules_game *game = kgame("pie cross");
	struct kalah_pos pos;

	(void)state;
	kalah_rules.start(game, &pos);
	for (unsigned d = 0; d <= 7; d++)
		assert_true(rules_perft_generic(game, &pos, d) ==
			    rules_perft(game, &pos, d));
	rules_game_free(game);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft_6_3_standard_depth_9),
		cmocka_unit_test(test_perft_6_4_standard_depth_9),
		cmocka_unit_test(test_perft_6_6_standard_depth_8),
		cmocka_unit_test(test_perft_6_3_empty_capture_depth_9),
		cmocka_unit_test(test_perft_6_4_empty_capture_depth_9),
		cmocka_unit_test(test_perft_6_6_empty_capture_depth_8),
		cmocka_unit_test(test_perft_cross_and_pie),
		cmocka_unit_test(test_perft_every_board_size),
		cmocka_unit_test(test_perft_from_positions),
		cmocka_unit_test(test_generic_perft_agrees),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("kalah perft", tests, NULL, NULL);
}
