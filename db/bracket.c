/*
 * bracket.c - knockout bracket logic: seeding order, byes, random
 * seeding with a recorded seed, advancement, forfeits and withdrawals.
 */
#include "config.h"

#include <string.h>

#include "db/bracket.h"
#include "rules/rules.h"

int bracket_size(int entrants)
{
	int size = 2;

	if (entrants < BRACKET_MIN || entrants > BRACKET_MAX)
		return -1;
	while (size < entrants)
		size *= 2;
	return size;
}

/*
 * Built by doubling: seed s at position i of the smaller bracket becomes
 * the pair (s, n + 1 - s), turned round at every odd position so that
 * each half stays balanced. Listing the better seed of each round-1 pair
 * first then gives 1 v 16, 8 v 9, 5 v 12, 4 v 13, ... (RULES.md).
 */
void bracket_seed_order(int size, int *order)
{
	int n = 1;

	order[0] = 1;
	while (n < size) {
		int next[BRACKET_MAX];

		n *= 2;
		for (int i = 0; i < n / 2; i++) {
			int s = order[i], odd = i % 2;

			next[2 * i + odd] = s;
			next[2 * i + !odd] = n + 1 - s;
		}
		memcpy(order, next, sizeof(int) * (size_t)n);
	}
	for (int i = 0; i + 1 < size; i += 2)
		if (order[i] > order[i + 1]) {
			int t = order[i];

			order[i] = order[i + 1];
			order[i + 1] = t;
		}
}

int bracket_matches(const struct bracket *b)
{
	return b->size - 1 + (b->third_place ? 1 : 0);
}

int bracket_first_match(const struct bracket *b, int round)
{
	return b->size - (b->size >> (round - 1));
}

int bracket_is_third_place(const struct bracket *b, int match)
{
	return b->third_place && match == b->size - 1;
}

int bracket_round_of(const struct bracket *b, int match)
{
	if (bracket_is_third_place(b, match))
		return b->rounds;
	for (int r = 1; r <= b->rounds; r++)
		if (match < bracket_first_match(b, r + 1))
			return r;
	return -1;
}

int bracket_index_in_round(const struct bracket *b, int match)
{
	if (bracket_is_third_place(b, match))
		return 1;
	return match - bracket_first_match(b, bracket_round_of(b, match));
}

int bracket_ready(const struct bracket *b, int match)
{
	const struct bracket_match *m = &b->match[match];

	return m->how == BRACKET_PENDING && m->side[0] != BRACKET_TBD &&
	       m->side[1] != BRACKET_TBD;
}

static int absent(const struct bracket *b, int side)
{
	return side == BRACKET_BYE || b->withdrawn[side];
}

/* Puts the winner (and a semi-final's loser) into the following match. */
static void advance(struct bracket *b, int match)
{
	const struct bracket_match *m = &b->match[match];
	int round = bracket_round_of(b, match);
	int index = bracket_index_in_round(b, match);
	int loser;

	if (bracket_is_third_place(b, match) || round == b->rounds)
		return;
	b->match[bracket_first_match(b, round + 1) + index / 2]
		.side[index % 2] = m->winner;
	if (b->third_place && round == b->rounds - 1) {
		loser = m->side[0] == m->winner ? m->side[1] : m->side[0];
		b->match[b->size - 1].side[index % 2] = loser;
	}
}

/* Decides every ready match that nobody can play: byes, withdrawals. */
static void settle(struct bracket *b)
{
	for (int i = 0; i < bracket_matches(b); i++) {
		struct bracket_match *m = &b->match[i];
		int gone0, gone1;

		if (!bracket_ready(b, i))
			continue;
		gone0 = absent(b, m->side[0]);
		gone1 = absent(b, m->side[1]);
		if (!gone0 && !gone1)
			continue;
		if (gone0 && gone1)
			m->winner = BRACKET_BYE;
		else
			m->winner = gone0 ? m->side[1] : m->side[0];
		if ((m->side[0] != BRACKET_BYE && b->withdrawn[m->side[0]]) ||
		    (m->side[1] != BRACKET_BYE && b->withdrawn[m->side[1]]))
			m->how = BRACKET_WITHDRAWAL;
		else
			m->how = BRACKET_WALKOVER;
		advance(b, i);
	}
}

int bracket_init(struct bracket *b, int entrants, int third_place)
{
	int order[BRACKET_MAX];

	memset(b, 0, sizeof(*b));
	b->size = bracket_size(entrants);
	if (b->size < 0)
		return -1;
	b->entrants = entrants;
	b->third_place = third_place && b->size >= 4;
	for (int n = b->size; n > 1; n /= 2)
		b->rounds++;
	bracket_seed_order(b->size, order);
	for (int s = 0; s < b->size; s++)
		b->slot[s] = order[s] <= entrants ? order[s] : BRACKET_BYE;
	for (int i = 0; i < bracket_matches(b); i++) {
		b->match[i].side[0] = b->match[i].side[1] = BRACKET_TBD;
		b->match[i].winner = BRACKET_TBD;
		b->match[i].how = BRACKET_PENDING;
	}
	for (int i = 0; i < b->size / 2; i++) {
		b->match[i].side[0] = b->slot[2 * i];
		b->match[i].side[1] = b->slot[2 * i + 1];
	}
	settle(b);
	return 0;
}

int bracket_decide(struct bracket *b, int match, int winner,
		   enum bracket_how how, char *err, size_t errlen)
{
	struct bracket_match *m;

	if (match < 0 || match >= bracket_matches(b)) {
		rules_error(err, errlen, "match %d is not in the bracket",
			    match);
		return -1;
	}
	m = &b->match[match];
	if (m->how != BRACKET_PENDING) {
		rules_error(err, errlen, "match %d is already decided", match);
		return -1;
	}
	if (!bracket_ready(b, match)) {
		rules_error(err, errlen,
			    "match %d waits for an earlier result", match);
		return -1;
	}
	if (winner == BRACKET_BYE || winner == BRACKET_TBD ||
	    (winner != m->side[0] && winner != m->side[1])) {
		rules_error(err, errlen, "seed %d does not play in match %d",
			    winner, match);
		return -1;
	}
	m->winner = winner;
	m->how = how;
	advance(b, match);
	settle(b);
	return 0;
}

int bracket_record(struct bracket *b, int match, int winner,
		   enum bracket_how how, char *err, size_t errlen)
{
	struct bracket_match *m;

	if (match < 0 || match >= bracket_matches(b)) {
		rules_error(err, errlen, "match %d is not in the bracket",
			    match);
		return -1;
	}
	m = &b->match[match];
	if (m->how != BRACKET_PENDING && m->winner == winner)
		return 0;
	if (winner != BRACKET_BYE || !bracket_ready(b, match) ||
	    m->how != BRACKET_PENDING)
		return bracket_decide(b, match, winner, how, err, errlen);
	m->winner = BRACKET_BYE;
	m->how = how;
	advance(b, match);
	settle(b);
	return 0;
}

void bracket_withdraw(struct bracket *b, int seed)
{
	if (seed < 1 || seed > b->entrants)
		return;
	b->withdrawn[seed] = 1;
	settle(b);
}

int bracket_current_match(const struct bracket *b, int seed)
{
	for (int i = 0; i < bracket_matches(b); i++) {
		const struct bracket_match *m = &b->match[i];

		if (m->how == BRACKET_PENDING &&
		    (m->side[0] == seed || m->side[1] == seed))
			return i;
	}
	return -1;
}

int bracket_champion(const struct bracket *b)
{
	const struct bracket_match *final = &b->match[b->size - 2];

	return final->how == BRACKET_PENDING ? BRACKET_TBD : final->winner;
}

int bracket_finished(const struct bracket *b)
{
	for (int i = 0; i < bracket_matches(b); i++)
		if (b->match[i].how == BRACKET_PENDING)
			return 0;
	return 1;
}

/* splitmix64 (Steele, Lea, Flood): fixed arithmetic on uint64_t, so
 * the same seed gives the same stream on every platform. */
uint64_t bracket_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A draw below `bound` without modulo bias (rejection sampling). */
static uint64_t below(uint64_t *state, uint64_t bound)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % bound, r;

	do
		r = bracket_splitmix64(state);
	while (r >= limit);
	return r % bound;
}

void bracket_shuffle(uint64_t seed, int *order, int n)
{
	uint64_t state = seed;

	for (int i = n - 1; i > 0; i--) {
		int j = (int)below(&state, (uint64_t)i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
}
