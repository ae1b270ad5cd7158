/*
 * test_bracket.c - knockout bracket logic: sizes, the standard seeding
 * order, byes to the top seeds, advancement, forfeits, withdrawals,
 * the third-place match and the reproducible random draw, for every
 * field size from 2 to 64.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "db/bracket.h"

static void test_sizes(void **state)
{
	(void)state;
	assert_int_equal(bracket_size(1), -1);
	assert_int_equal(bracket_size(257), -1);
	for (int n = 2; n <= 256; n++) {
		int size = bracket_size(n);

		assert_true(size >= n);
		assert_true(size / 2 < n);
		assert_int_equal(size & (size - 1), 0);
	}
}

static void test_order_of_sixteen_as_rules_md(void **state)
{
	static const int want[16] = { 1, 16, 8, 9, 5, 12, 4, 13,
				      3, 14, 6, 11, 7, 10, 2, 15 };
	int order[BRACKET_MAX];

	(void)state;
	bracket_seed_order(16, order);
	assert_memory_equal(order, want, sizeof(want));
}

/* If the better seed always wins, round r pairs seeds summing to
 * size / 2^(r-1) + 1, and seeds 1 and 2 meet in the final. */
static void test_order_every_size(void **state)
{
	(void)state;
	for (int size = 2; size <= BRACKET_MAX; size *= 2) {
		int order[BRACKET_MAX], seen[BRACKET_MAX + 1] = { 0 };
		int alive[BRACKET_MAX], n = size;

		bracket_seed_order(size, order);
		for (int i = 0; i < size; i++) {
			assert_in_range(order[i], 1, size);
			seen[order[i]]++;
			alive[i] = order[i];
		}
		for (int s = 1; s <= size; s++)
			assert_int_equal(seen[s], 1);
		while (n > 1) {
			for (int i = 0; i < n; i += 2) {
				assert_int_equal(alive[i] + alive[i + 1], n + 1);
				alive[i / 2] = alive[i] < alive[i + 1] ?
					       alive[i] : alive[i + 1];
			}
			n /= 2;
			if (n == 2)
				assert_int_equal(alive[0] + alive[1], 3);
		}
		assert_int_equal(alive[0], 1);
	}
}

static void test_byes_go_to_top_seeds(void **state)
{
	(void)state;
	for (int n = 2; n <= 64; n++) {
		struct bracket b;
		int byes = 0;

		assert_int_equal(bracket_init(&b, n, 0), 0);
		assert_int_equal(b.size, bracket_size(n));
		for (int i = 0; i < b.size / 2; i++) {
			const struct bracket_match *m = &b.match[i];

			/* Two byes never meet. */
			assert_false(m->side[0] == BRACKET_BYE &&
				     m->side[1] == BRACKET_BYE);
			if (m->side[1] == BRACKET_BYE ||
			    m->side[0] == BRACKET_BYE) {
				int seed = m->side[0] == BRACKET_BYE ?
					   m->side[1] : m->side[0];

				byes++;
				/* Seeds 1..size-n have the byes. */
				assert_in_range(seed, 1, b.size - n);
				assert_int_equal(m->how, BRACKET_WALKOVER);
				assert_int_equal(m->winner, seed);
			} else {
				assert_int_equal(m->how, BRACKET_PENDING);
				assert_true(bracket_ready(&b, i));
				assert_true(m->side[0] > b.size - n);
				assert_true(m->side[1] > b.size - n);
			}
		}
		assert_int_equal(byes, b.size - n);
	}
}

static uint64_t rng = 12345;

/* Plays every match with a random winner; checks advancement. */
static void play_out(struct bracket *b)
{
	int decided = 0, lost[BRACKET_MAX + 1] = { 0 };
	char err[160];

	for (;;) {
		int match = -1;

		for (int i = 0; i < bracket_matches(b); i++)
			if (bracket_ready(b, i)) {
				match = i;
				break;
			}
		if (match < 0)
			break;
		int side = (int)(bracket_splitmix64(&rng) & 1);
		int winner = b->match[match].side[side];
		int loser = b->match[match].side[!side];

		assert_int_equal(bracket_decide(b, match, winner,
						BRACKET_PLAYED, err,
						sizeof(err)), 0);
		assert_int_equal(b->match[match].winner, winner);
		if (!bracket_is_third_place(b, match)) {
			lost[loser]++;
			assert_int_equal(lost[loser], 1);
		}
		if (bracket_round_of(b, match) < b->rounds) {
			int next = bracket_first_match(b, bracket_round_of(b, match) + 1) +
				   bracket_index_in_round(b, match) / 2;

			assert_int_equal(b->match[next].side[bracket_index_in_round(b, match) % 2],
					 winner);
		}
		/* Deciding it again is refused. */
		assert_int_equal(bracket_decide(b, match, winner,
						BRACKET_PLAYED, err,
						sizeof(err)), -1);
		decided++;
	}
	assert_true(bracket_finished(b));
	assert_int_not_equal(bracket_champion(b), BRACKET_TBD);
	assert_int_equal(lost[bracket_champion(b)], 0);
	for (int s = 1; s <= b->entrants; s++)
		if (s != bracket_champion(b))
			assert_int_equal(lost[s], 1);
	/* Every match but the byes was played: one per entrant knocked
	 * out, and the third-place match when it has two players. */
	assert_int_equal(decided, b->entrants - 1 +
			 (b->third_place && b->entrants >= 4 ? 1 : 0));
}

static void test_advancement_every_size(void **state)
{
	(void)state;
	for (int n = 2; n <= 64; n++) {
		struct bracket b;

		bracket_init(&b, n, 0);
		assert_int_equal(bracket_champion(&b), BRACKET_TBD);
		play_out(&b);
		bracket_init(&b, n, 1);
		play_out(&b);
	}
}

static void test_better_seeds_win(void **state)
{
	char err[160];

	(void)state;
	for (int n = 2; n <= 64; n++) {
		struct bracket b;

		bracket_init(&b, n, 0);
		for (int i = 0; i < bracket_matches(&b); i++) {
			const struct bracket_match *m = &b.match[i];

			if (!bracket_ready(&b, i))
				continue;
			assert_int_equal(bracket_decide(&b, i,
				m->side[0] < m->side[1] ? m->side[0] : m->side[1],
				BRACKET_PLAYED, err, sizeof(err)), 0);
		}
		assert_int_equal(bracket_champion(&b), 1);
		assert_int_equal(b.match[b.size - 2].side[0] +
				 b.match[b.size - 2].side[1], 3);
	}
}

static void test_refusals(void **state)
{
	struct bracket b;
	char err[160];

	(void)state;
	bracket_init(&b, 8, 0);
	/* The final waits for the semi-finals. */
	assert_int_equal(bracket_decide(&b, 6, 1, BRACKET_PLAYED, err,
					sizeof(err)), -1);
	assert_string_equal(err, "match 6 waits for an earlier result");
	/* Seed 2 is not in match 0 (1 v 8). */
	assert_int_equal(bracket_decide(&b, 0, 2, BRACKET_PLAYED, err,
					sizeof(err)), -1);
	assert_string_equal(err, "seed 2 does not play in match 0");
	assert_int_equal(bracket_decide(&b, 9, 1, BRACKET_PLAYED, err,
					sizeof(err)), -1);
	assert_int_equal(bracket_current_match(&b, 8), 0);
}

static void test_forfeit_recorded(void **state)
{
	struct bracket b;
	char err[160];

	(void)state;
	bracket_init(&b, 4, 0);
	/* 1 v 4 and 2 v 3; 4 forfeits. */
	assert_int_equal(bracket_decide(&b, 0, 1, BRACKET_FORFEIT, err,
					sizeof(err)), 0);
	assert_int_equal(b.match[0].how, BRACKET_FORFEIT);
	assert_int_equal(b.match[2].side[0], 1);
	assert_int_equal(bracket_current_match(&b, 4), -1);
	assert_int_equal(bracket_current_match(&b, 1), 2);
}

static void test_withdrawal(void **state)
{
	struct bracket b;
	char err[160];

	(void)state;
	/* 5 entrants: 1, 2 and 3 have byes; round 2 is match 4,
	 * 1 v (4 or 5), and match 5, 3 v 2. */
	bracket_init(&b, 5, 0);
	assert_int_equal(b.match[5].side[0], 3);
	assert_int_equal(b.match[5].side[1], 2);
	bracket_withdraw(&b, 2);
	assert_int_equal(b.match[5].how, BRACKET_WITHDRAWAL);
	assert_int_equal(b.match[5].winner, 3);
	assert_int_equal(b.match[6].side[1], 3);
	/* Withdrawn before his opponent is known: the match is decided
	 * when it is due. */
	bracket_withdraw(&b, 1);
	assert_int_equal(b.match[4].how, BRACKET_PENDING);
	assert_int_equal(bracket_decide(&b, 1, 5, BRACKET_PLAYED, err,
					sizeof(err)), 0);
	assert_int_equal(b.match[4].how, BRACKET_WITHDRAWAL);
	assert_int_equal(b.match[4].winner, 5);
	assert_int_equal(b.match[6].side[0], 5);
	assert_true(bracket_ready(&b, 6));
	/* A withdrawn player in a ready match loses it at once. */
	bracket_init(&b, 4, 0);
	bracket_withdraw(&b, 1);
	assert_int_equal(b.match[0].how, BRACKET_WITHDRAWAL);
	assert_int_equal(b.match[0].winner, 4);
	assert_int_equal(bracket_current_match(&b, 1), -1);
	assert_int_equal(bracket_current_match(&b, 4), 2);
}

static void test_third_place(void **state)
{
	struct bracket b;
	char err[160];

	(void)state;
	bracket_init(&b, 4, 1);
	assert_int_equal(bracket_matches(&b), 4);
	assert_true(bracket_is_third_place(&b, 3));
	bracket_decide(&b, 0, 4, BRACKET_PLAYED, err, sizeof(err));
	bracket_decide(&b, 1, 2, BRACKET_PLAYED, err, sizeof(err));
	assert_int_equal(b.match[3].side[0], 1);
	assert_int_equal(b.match[3].side[1], 3);
	assert_true(bracket_ready(&b, 3));
	bracket_decide(&b, 2, 4, BRACKET_PLAYED, err, sizeof(err));
	assert_false(bracket_finished(&b));
	assert_int_equal(bracket_champion(&b), 4);
	bracket_decide(&b, 3, 3, BRACKET_PLAYED, err, sizeof(err));
	assert_true(bracket_finished(&b));
	/* Two entrants have no semi-finals, so no third place. */
	bracket_init(&b, 2, 1);
	assert_int_equal(bracket_matches(&b), 1);
}

static void test_random_draw_reproducible(void **state)
{
	uint64_t s = 0;
	int a[64], b[64], seen[64] = { 0 }, moved = 0;

	(void)state;
	/* The reference splitmix64 stream from 0. */
	assert_true(bracket_splitmix64(&s) == 0xe220a8397b1dcdafULL);
	assert_true(bracket_splitmix64(&s) == 0x6e789e6aa1b965f4ULL);
	for (int i = 0; i < 64; i++)
		a[i] = b[i] = i;
	bracket_shuffle(20261123, a, 64);
	bracket_shuffle(20261123, b, 64);
	assert_memory_equal(a, b, sizeof(a));
	for (int i = 0; i < 64; i++) {
		seen[a[i]]++;
		moved += a[i] != i;
	}
	for (int i = 0; i < 64; i++)
		assert_int_equal(seen[i], 1);
	assert_true(moved > 32);
	bracket_shuffle(20261124, b, 64);
	assert_memory_not_equal(a, b, sizeof(a));
}

static void test_record_replays(void **state)
{
	struct bracket b;
	char err[160];

	(void)state;
	bracket_init(&b, 4, 0);
	assert_int_equal(bracket_record(&b, 0, 1, BRACKET_PLAYED, err,
					sizeof(err)), 0);
	/* The same decision again is accepted; a different one is not. */
	assert_int_equal(bracket_record(&b, 0, 1, BRACKET_PLAYED, err,
					sizeof(err)), 0);
	assert_int_equal(bracket_record(&b, 0, 4, BRACKET_PLAYED, err,
					sizeof(err)), -1);
	assert_int_equal(bracket_record(&b, 1, BRACKET_BYE,
					BRACKET_WITHDRAWAL, err,
					sizeof(err)), 0);
	assert_int_equal(bracket_champion(&b), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_order_of_sixteen_as_rules_md),
		cmocka_unit_test(test_order_every_size),
		cmocka_unit_test(test_byes_go_to_top_seeds),
		cmocka_unit_test(test_advancement_every_size),
		cmocka_unit_test(test_better_seeds_win),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_forfeit_recorded),
		cmocka_unit_test(test_withdrawal),
		cmocka_unit_test(test_third_place),
		cmocka_unit_test(test_random_draw_reproducible),
		cmocka_unit_test(test_record_replays),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
