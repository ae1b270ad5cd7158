/*
 * kalah.c - the Kalah engine: sowing with laps, extra turns, captures,
 * the end and sweep, and the options empty-capture, no-sweep, pie,
 * cross and teams; the patent's score; position and move text.
 *
 * The move path (kalah_sow and the perft counter) neither allocates nor
 * does I/O: everything it needs is precomputed in struct kalah_cfg when
 * the game is created.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/kalah_impl.h"


static const char *const side_choices[] = { "S", "N", NULL };

static const struct rules_option kalah_options[] = {
	[OPT_PITS] = { "pits", RULES_OPT_INT, 6, KALAH_PITS_MIN,
		       KALAH_PITS_MAX, 0, NULL, "pits per side" },
	[OPT_SEEDS] = { "seeds", RULES_OPT_INT, 4, KALAH_SEEDS_MIN,
			KALAH_SEEDS_MAX, 0, NULL, "seeds per pit at the start" },
	[OPT_EMPTY_CAPTURE] = { "empty-capture", RULES_OPT_FLAG, 0, 0, 1, 0,
				NULL,
				"a last seed in an own empty pit is banked even when the opposite pit is empty" },
	[OPT_NO_SWEEP] = { "no-sweep", RULES_OPT_FLAG, 0, 0, 1, 0, NULL,
			   "seeds left in the pits at the end count for nobody" },
	[OPT_PIE] = { "pie", RULES_OPT_FLAG, 0, 0, 1, 0, NULL,
		      "after the first player's opening turn the second may swap sides" },
	[OPT_CROSS] = { "cross", RULES_OPT_FLAG, 0, 0, 1, 0, NULL,
			"Cross-Kalah: odd counts are sown clockwise, even counts counter-clockwise" },
	[OPT_TEAMS] = { "teams", RULES_OPT_INT, 1, 1, 6, 2, NULL,
			"players per side taking turns in a fixed order (bare 'teams' = 2)" },
	[OPT_FIRST] = { "first", RULES_OPT_CHOICE, 0, 0, 1, 0, side_choices,
			"side that moves first" },
	{ NULL, 0, 0, 0, 0, 0, NULL, NULL }
};

const char *const kalah_seat_names[] = { "S", "N" };
const char *const kalah_side_word[] = { "South", "North" };

/* Number of non-zero bytes of a word. */
static inline int nonzero_bytes(uint64_t w)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;
	uint64_t high = ((w & low7) + low7) | w;

	return __builtin_popcountll(high & ~low7);
}

static int seeds_on_side(const struct kalah_cfg *c, const struct kalah_pos *p,
			 int side)
{
	int sum = 0;

	for (int i = 0; i < c->pits; i++)
		sum += p->hole[first_pit(c, side) + i];
	return sum;
}

/* The owner (player 0 started South) of the side. */
static inline int owner_of(const struct kalah_pos *p, int side)
{
	return side ^ p->swapped;
}

/* The next member of the mover's team takes the following turn. */
static inline void next_member(const struct kalah_cfg *c, struct kalah_pos *p)
{
	int owner = owner_of(p, p->side);

	if (c->teams > 1)
		p->member[owner] = (uint8_t)((p->member[owner] + 1) % c->teams);
}

static inline void end_turn(const struct kalah_cfg *c, struct kalah_pos *p)
{
	next_member(c, p);
	if (p->pie == KALAH_PIE_FIRST)
		p->pie = KALAH_PIE_OFFER;
	p->side ^= 1;
}

/*
 * The pie rule's swap: the players exchange sides and the board stays as
 * it is, so the side to move is unchanged and is now the first player's.
 * The swap is the second player's turn.
 */
static inline void swap_sides(const struct kalah_cfg *c, struct kalah_pos *p)
{
	next_member(c, p);
	p->swapped ^= 1;
	p->pie = KALAH_PIE_NONE;
}

/*
 * Sows the pit `origin` of the side to move, which must hold seeds, and
 * does everything that follows: capture, end and sweep, next side.
 */
static inline unsigned kalah_sow(const struct kalah_cfg *c,
				 struct kalah_pos *p, int origin,
				 int *captured)
{
	int side = p->side;
	int seeds = p->hole[origin];
	int clockwise = c->cross & seeds;
	const uint8_t *ring = c->ring[side][clockwise];
	int at = c->ring_at[side][clockwise][origin];
	int rest = c->rest[seeds];
	int last;
	unsigned flags = 0;

	if (p->pie == KALAH_PIE_OFFER)
		p->pie = KALAH_PIE_NONE;	/* sowing declines the swap */
	p->hole[origin] = 0;
	if (c->laps[seeds] != 0) {
		uint8_t laps = c->laps[seeds];

		for (int k = 0; k < c->ring_len; k++)
			p->hole[ring[k]] += laps;
	}
	for (int k = 1; k <= rest; k++)
		p->hole[ring[at + k]]++;
	last = ring[at + rest];

	*captured = 0;
	if (last == store_of(c, side)) {
		flags |= RULES_EXTRA_TURN;
	} else if (p->hole[last] == 1 && owns_pit(c, side, last)) {
		int opposite = 2 * c->pits - last;

		if (p->hole[opposite] != 0 || c->empty_capture) {
			*captured = p->hole[opposite] + 1;
			p->hole[store_of(c, side)] += (uint8_t)*captured;
			p->hole[opposite] = 0;
			p->hole[last] = 0;
			flags |= RULES_CAPTURE;
		}
	}

	if (side_word_of(c, p, KALAH_SOUTH) == 0 ||
	    side_word_of(c, p, KALAH_NORTH) == 0) {
		flags = (flags & ~(unsigned)RULES_EXTRA_TURN) | RULES_GAME_OVER;
		p->over = 1;
		p->side = KALAH_SOUTH;	/* nobody moves; one canonical form */
		p->pie = KALAH_PIE_NONE;
		if (!c->no_sweep) {
			for (int s = 0; s < 2; s++) {
				int left = seeds_on_side(c, p, s);

				if (left != 0)
					flags |= RULES_SWEEP;
				memset(&p->hole[first_pit(c, s)], 0,
				       (size_t)c->pits);
				p->hole[store_of(c, s)] += (uint8_t)left;
			}
		}
		return flags;
	}
	if (!(flags & RULES_EXTRA_TURN))
		end_turn(c, p);
	return flags;
}

static int kalah_setup(struct rules_game *game, char *err, size_t errlen)
{
	struct kalah_cfg *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		rules_error(err, errlen, "out of memory");
		return -1;
	}
	c->pits = (int)game->value[OPT_PITS];
	c->seeds = (int)game->value[OPT_SEEDS];
	c->total = 2 * c->pits * c->seeds;
	c->ring_len = 2 * c->pits + 1;
	c->empty_capture = (int)game->value[OPT_EMPTY_CAPTURE];
	c->no_sweep = (int)game->value[OPT_NO_SWEEP];
	c->pie = (int)game->value[OPT_PIE];
	c->cross = (int)game->value[OPT_CROSS];
	c->teams = (int)game->value[OPT_TEAMS];
	c->first = (int)game->value[OPT_FIRST];

	{
		uint8_t bytes[8] = { 0 };

		memset(bytes, 0xff, (size_t)c->pits);
		memcpy(&c->side_mask, bytes, sizeof(c->side_mask));
	}
	for (int side = 0; side < 2; side++) {
		/* Counter-clockwise order from the side's first pit,
		 * skipping the opponent's store. */
		uint8_t order[RING_MAX];
		int n = 0;

		for (int i = 0; i < 2 * c->pits + 2; i++) {
			int hole = (first_pit(c, side) + i) % (2 * c->pits + 2);

			if (hole != store_of(c, side ^ 1))
				order[n++] = (uint8_t)hole;
		}
		for (int cw = 0; cw < 2; cw++) {
			memset(c->ring_at[side][cw], 0xff, KALAH_HOLES);
			for (int k = 0; k < 2 * n; k++) {
				int i = k % n;
				uint8_t hole = cw ? order[(n - i) % n] : order[i];

				c->ring[side][cw][k] = hole;
				if (k < n)
					c->ring_at[side][cw][hole] = (uint8_t)k;
			}
		}
	}
	for (int s = 0; s < 256; s++) {
		c->laps[s] = (uint8_t)(s / c->ring_len);
		c->rest[s] = (uint8_t)(s % c->ring_len);
	}
	game->priv = c;
	return 0;
}

static void kalah_teardown(struct rules_game *game)
{
	free(game->priv);
	game->priv = NULL;
}

static size_t kalah_position_size(const struct rules_game *game)
{
	(void)game;
	return sizeof(struct kalah_pos);
}

static void kalah_start(const struct rules_game *game, void *pos)
{
	const struct kalah_cfg *c = cfg_of(game);
	struct kalah_pos *p = pos;

	memset(p, 0, sizeof(*p));
	for (int s = 0; s < 2; s++)
		memset(&p->hole[first_pit(c, s)], c->seeds, (size_t)c->pits);
	p->side = (uint8_t)c->first;
	p->pie = c->pie ? KALAH_PIE_FIRST : KALAH_PIE_NONE;
}

static struct rules_turn kalah_to_move(const struct rules_game *game,
				       const void *pos)
{
	const struct kalah_pos *p = pos;
	struct rules_turn turn = { -1, 0, cfg_of(game)->teams };

	if (!p->over) {
		turn.seat = p->side;
		turn.member = p->member[owner_of(p, p->side)];
	}
	return turn;
}

static size_t kalah_legal_moves(const struct rules_game *game,
				const void *pos, struct rules_move *moves,
				size_t cap)
{
	const struct kalah_cfg *c = cfg_of(game);
	const struct kalah_pos *p = pos;
	size_t n = 0;

	if (p->over)
		return 0;
	for (int i = 0; i < c->pits; i++) {
		int hole = first_pit(c, p->side) + i;

		if (p->hole[hole] == 0)
			continue;
		if (n < cap) {
			memset(&moves[n], 0, sizeof(moves[n]));
			moves[n].w[0] = MOVE_SOW;
			moves[n].w[1] = (uint32_t)hole;
		}
		n++;
	}
	if (p->pie == KALAH_PIE_OFFER) {
		if (n < cap) {
			memset(&moves[n], 0, sizeof(moves[n]));
			moves[n].w[0] = MOVE_SWAP;
		}
		n++;
	}
	return n;
}

static int kalah_apply(const struct rules_game *game, void *pos,
		       const struct rules_move *move,
		       struct rules_outcome *out, char *err, size_t errlen)
{
	const struct kalah_cfg *c = cfg_of(game);
	struct kalah_pos *p = pos;
	struct rules_outcome result = { 0, 0, { -1, 0, 1 } };

	if (p->over) {
		rules_error(err, errlen, "the game is over");
		return -1;
	}
	if (move->w[0] == MOVE_SWAP) {
		if (!c->pie) {
			rules_error(err, errlen, "swap: this game has no pie rule");
			return -1;
		}
		if (p->pie != KALAH_PIE_OFFER) {
			rules_error(err, errlen,
				  "swap: only the second player's first move may be a swap (pie rule)");
			return -1;
		}
		swap_sides(c, p);
		result.flags = RULES_SWAP;
	} else if (move->w[0] == MOVE_SOW && move->w[1] < KALAH_HOLES &&
		   (owns_pit(c, KALAH_SOUTH, (int)move->w[1]) ||
		    owns_pit(c, KALAH_NORTH, (int)move->w[1]))) {
		int hole = (int)move->w[1];

		if (!owns_pit(c, p->side, hole)) {
			rules_error(err, errlen,
				  "pit %c is %s's; %s (%s) is to move",
				  pit_letter(c, hole), kalah_side_word[p->side ^ 1],
				  kalah_side_word[p->side],
				  kalah_seat_names[p->side]);
			return -1;
		}
		if (p->hole[hole] == 0) {
			rules_error(err, errlen, "pit %c is empty",
				  pit_letter(c, hole));
			return -1;
		}
		result.flags = kalah_sow(c, p, hole, &result.captured);
	} else {
		rules_error(err, errlen, "not a Kalah move");
		return -1;
	}
	result.next = kalah_to_move(game, p);
	if (out != NULL)
		*out = result;
	return 0;
}

static void kalah_result(const struct rules_game *game, const void *pos,
			 struct rules_result *r)
{
	const struct kalah_cfg *c = cfg_of(game);
	const struct kalah_pos *p = pos;

	memset(r, 0, sizeof(*r));
	r->winner = -1;
	for (int s = 0; s < 2; s++) {
		int store = p->hole[store_of(c, s)];
		int points = store - c->pits * c->seeds;

		r->score[s] = store;
		r->points[s] = points > 0 ? points : 0;
	}
	if (!p->over) {
		r->verdict = RULES_ONGOING;
	} else if (r->score[0] == r->score[1]) {
		r->verdict = RULES_DRAW;
	} else {
		r->verdict = RULES_WIN;
		r->winner = r->score[0] > r->score[1] ? 0 : 1;
	}
}

static uint64_t kalah_hash(const struct rules_game *game, const void *pos)
{
	const struct kalah_cfg *c = cfg_of(game);
	const struct kalah_pos *p = pos;
	uint64_t h = RULES_FNV_OFFSET;

	h = rules_fnv1a(h, p->hole, (size_t)(2 * c->pits + 2));
	h = rules_fnv1a(h, &p->side, 1);
	h = rules_fnv1a(h, &p->over, 1);
	h = rules_fnv1a(h, &p->pie, 1);
	h = rules_fnv1a(h, &p->swapped, 1);
	h = rules_fnv1a(h, p->member, 2);
	return h;
}

/* Leaves of the subtree; at depth 1 the moves are counted, not made. */
static uint64_t perft_walk(const struct kalah_cfg *c,
			   const struct kalah_pos *p, unsigned depth)
{
	uint64_t leaves = 0;
	int first;

	if (p->over)
		return 0;
	if (depth == 1)
		return (uint64_t)nonzero_bytes(side_word_of(c, p, p->side)) +
		       (p->pie == KALAH_PIE_OFFER);
	first = first_pit(c, p->side);
	for (int i = 0; i < c->pits; i++) {
		struct kalah_pos child;
		int captured;

		if (p->hole[first + i] == 0)
			continue;
		child = *p;
		kalah_sow(c, &child, first + i, &captured);
		leaves += perft_walk(c, &child, depth - 1);
	}
	if (p->pie == KALAH_PIE_OFFER) {
		struct kalah_pos child = *p;

		swap_sides(c, &child);
		leaves += perft_walk(c, &child, depth - 1);
	}
	return leaves;
}

static uint64_t kalah_perft(const struct rules_game *game, const void *pos,
			    unsigned depth)
{
	if (depth == 0)
		return 1;
	return perft_walk(cfg_of(game), pos, depth);
}


const struct rules kalah_rules = {
	.name = "kalah",
	.title = "Kalah (Champion, US 2,720,362, 1955)",
	.seats = 2,
	.seat_names = kalah_seat_names,
	.score_name = "stores",
	.options = kalah_options,
	.max_moves = KALAH_PITS_MAX + 1,
	.setup = kalah_setup,
	.teardown = kalah_teardown,
	.position_size = kalah_position_size,
	.start = kalah_start,
	.to_move = kalah_to_move,
	.legal_moves = kalah_legal_moves,
	.apply = kalah_apply,
	.result = kalah_result,
	.position_parse = kalah_position_parse,
	.position_format = kalah_position_format,
	.move_parse = kalah_move_parse,
	.move_format = kalah_move_format,
	.hash = kalah_hash,
	.perft = kalah_perft,
};
