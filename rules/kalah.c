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
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/kalah_impl.h"
#include "rules/kalah_solve.h"


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

_Static_assert(sizeof(struct kalah_pos) == sizeof(struct kalah_words),
	       "a position is exactly three words");

const char *const kalah_seat_names[] = { "S", "N" };
const char *const kalah_side_word[] = { "South", "North" };

/*
 * The move path works on a position as three words held in registers
 * (struct kalah_words); a byte of struct kalah_pos is a lane of a word.
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LANE_SHIFT(byte) (56 - 8 * ((byte) & 7))
#define BIT_LANE(bit) (7 - ((bit) >> 3))
#else
#define LANE_SHIFT(byte) (8 * ((byte) & 7))
#define BIT_LANE(bit) ((bit) >> 3)
#endif

enum {
	B_SIDE = offsetof(struct kalah_pos, side),
	B_OVER = offsetof(struct kalah_pos, over),
	B_PIE = offsetof(struct kalah_pos, pie),
	B_SWAPPED = offsetof(struct kalah_pos, swapped),
	B_MEMBER = offsetof(struct kalah_pos, member)
};

static inline unsigned lane(const struct kalah_words *k, int byte)
{
	return (unsigned)(k->w[byte >> 3] >> LANE_SHIFT(byte)) & 0xff;
}

static inline void lane_set(struct kalah_words *k, int byte, unsigned value)
{
	int shift = LANE_SHIFT(byte);

	k->w[byte >> 3] = (k->w[byte >> 3] & ~(UINT64_C(0xff) << shift)) |
			  ((uint64_t)value << shift);
}

static inline void lane_add(struct kalah_words *k, int byte, unsigned value)
{
	k->w[byte >> 3] += (uint64_t)value << LANE_SHIFT(byte);
}

/* The top bit of every non-zero byte of a word. */
static inline uint64_t nonzero_lanes(uint64_t w)
{
	const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);

	return (((w & low7) + low7) | w) & ~low7;
}

static inline int nonzero_bytes(uint64_t w)
{
	/* Adds the eight 0/1 flags into the top byte. */
	return (int)(((nonzero_lanes(w) >> 7) * UINT64_C(0x0101010101010101))
		     >> 56);
}

/* The seeds of a row; a row never holds more than 192. */
static inline unsigned row_seeds(uint64_t w)
{
	return (unsigned)((w * UINT64_C(0x0101010101010101)) >> 56);
}

static inline void words_load(struct kalah_words *k, const struct kalah_pos *p)
{
	memcpy(k->w, p, sizeof(k->w));
}

static inline void words_store(struct kalah_pos *p, const struct kalah_words *k)
{
	memcpy(p, k->w, sizeof(k->w));
}

/* The owner (player 0 started South) of the side. */
static inline int owner_of(const struct kalah_pos *p, int side)
{
	return side ^ p->swapped;
}

/* The next member of the mover's team takes the following turn. */
static inline void next_member(const struct kalah_cfg *c,
			       struct kalah_words *k)
{
	if (c->teams > 1) {
		int byte = B_MEMBER + (lane(k, B_SIDE) ^ lane(k, B_SWAPPED));

		lane_set(k, byte, (lane(k, byte) + 1) % (unsigned)c->teams);
	}
}

static inline void end_turn(const struct kalah_cfg *c, struct kalah_words *k)
{
	next_member(c, k);
	if (lane(k, B_PIE) == KALAH_PIE_FIRST)
		lane_set(k, B_PIE, KALAH_PIE_OFFER);
	lane_set(k, B_SIDE, lane(k, B_SIDE) ^ 1);
}

/*
 * The pie rule's swap: the players exchange sides and the board stays as
 * it is, so the side to move is unchanged and is now the first player's.
 * The swap is the second player's turn.
 */
static inline void swap_sides(const struct kalah_cfg *c, struct kalah_words *k)
{
	next_member(c, k);
	lane_set(k, B_SWAPPED, lane(k, B_SWAPPED) ^ 1);
	lane_set(k, B_PIE, KALAH_PIE_NONE);
}

/* The game has ended: mark it, and sweep unless no-sweep. */
static inline unsigned game_over(const struct kalah_cfg *c,
				 struct kalah_words *k)
{
	unsigned flags = RULES_GAME_OVER;

	lane_set(k, B_OVER, 1);
	lane_set(k, B_SIDE, KALAH_SOUTH);	/* one canonical form */
	lane_set(k, B_PIE, KALAH_PIE_NONE);
	if (!c->no_sweep && (k->w[0] | k->w[1]) != 0) {
		lane_add(k, store_of(c, KALAH_SOUTH), row_seeds(k->w[0]));
		lane_add(k, store_of(c, KALAH_NORTH), row_seeds(k->w[1]));
		k->w[0] = k->w[1] = 0;
		flags |= RULES_SWEEP;
	}
	return flags;
}

/*
 * Sows the pit `origin` of the side to move, which must hold seeds, and
 * does everything that follows: capture, end and sweep, next side.
 */
static inline unsigned kalah_sow(const struct kalah_cfg *c,
				 struct kalah_words *k, int origin,
				 int *captured)
{
	int side = (int)lane(k, B_SIDE);
	unsigned seeds = lane(k, origin);
	const struct kalah_sowing *sow =
		&c->sowing[c->cross & seeds][origin][c->rest[seeds]];
	int last = sow->last;
	unsigned flags = 0;

	for (int i = 0; i < 3; i++)
		k->w[i] += sow->delta[i];
	if (seeds >= (unsigned)c->ring_len)
		for (int i = 0; i < 3; i++)
			k->w[i] += c->lap_delta[origin].w[i] * c->laps[seeds];
	if (lane(k, B_PIE) == KALAH_PIE_OFFER)
		lane_set(k, B_PIE, KALAH_PIE_NONE);	/* swap declined */

	*captured = 0;
	if (last == store_of(c, side)) {
		flags = RULES_EXTRA_TURN;
	} else if (owns_pit(c, side, last) && lane(k, last) == 1) {
		int opposite = c->opposite[last];
		unsigned across = lane(k, opposite);

		if (across != 0 || c->empty_capture) {
			*captured = (int)across + 1;
			lane_add(k, store_of(c, side), across + 1);
			lane_set(k, opposite, 0);
			lane_set(k, last, 0);
			flags = RULES_CAPTURE;
		}
	}
	if (k->w[0] == 0 || k->w[1] == 0)
		return (flags & RULES_CAPTURE) | game_over(c, k);
	if (flags != RULES_EXTRA_TURN)
		end_turn(c, k);
	return flags;
}

/* The words of a position holding one seed in each listed hole. */
static struct kalah_words one_per_hole(const uint8_t *holes, int n)
{
	struct kalah_pos p;
	struct kalah_words k;

	memset(&p, 0, sizeof(p));
	for (int i = 0; i < n; i++)
		p.hole[holes[i]]++;
	words_load(&k, &p);
	return k;
}

/* a - b * times, word by word (wrapping: see struct kalah_sowing). */
static struct kalah_words words_minus(struct kalah_words a,
				      struct kalah_words b, unsigned times)
{
	for (int i = 0; i < 3; i++)
		a.w[i] -= b.w[i] * times;
	return a;
}

/* Precomputes the sowing tables of the game's board. */
static void build_sowing_tables(struct kalah_cfg *c)
{
	for (int side = 0; side < 2; side++) {
		/* Counter-clockwise from the side's first pit: own pits,
		 * own store, the opponent's pits (his store is skipped). */
		uint8_t order[RING_MAX];
		struct kalah_words lap;
		int n = 0;

		for (int i = 0; i < c->pits; i++)
			order[n++] = (uint8_t)(first_pit(c, side) + i);
		order[n++] = (uint8_t)store_of(c, side);
		for (int i = 0; i < c->pits; i++)
			order[n++] = (uint8_t)(first_pit(c, side ^ 1) + i);
		lap = one_per_hole(order, n);

		for (int pit = 0; pit < c->pits; pit++) {
			uint8_t origin = order[pit];
			struct kalah_words take = one_per_hole(&origin, 1);

			c->lap_delta[origin] = words_minus(lap, take,
							   (unsigned)n);
			for (int cw = 0; cw < 2; cw++) {
				uint8_t sown[RING_MAX];

				for (int rest = 0; rest < n; rest++) {
					/* The ring runs forwards, or
					 * backwards when clockwise. */
					int at = cw ? (pit - rest + n) % n
						    : (pit + rest) % n;
					struct kalah_sowing *sow =
						&c->sowing[cw][origin][rest];
					struct kalah_words d;

					if (rest > 0)
						sown[rest - 1] = order[at];
					d = words_minus(one_per_hole(sown, rest),
							take, (unsigned)rest);
					memcpy(sow->delta, d.w, sizeof(d.w));
					sow->last = order[at];
				}
			}
		}
	}
	for (int i = 0; i < c->pits; i++) {
		c->opposite[first_pit(c, KALAH_SOUTH) + i] =
			(uint8_t)(first_pit(c, KALAH_NORTH) + c->pits - 1 - i);
		c->opposite[first_pit(c, KALAH_NORTH) + i] =
			(uint8_t)(first_pit(c, KALAH_SOUTH) + c->pits - 1 - i);
	}
	for (int s = 0; s < 256; s++) {
		c->laps[s] = (uint8_t)(s / c->ring_len);
		c->rest[s] = (uint8_t)(s % c->ring_len);
	}
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
	build_sowing_tables(c);
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
		struct kalah_words k;

		words_load(&k, p);
		swap_sides(c, &k);
		words_store(p, &k);
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
		struct kalah_words k;

		words_load(&k, p);
		result.flags = kalah_sow(c, &k, hole, &result.captured);
		words_store(p, &k);
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

	/* South's pits, S store, North's pits, N store: the documented
	 * order, whatever the layout in memory. */
	for (int side = 0; side < 2; side++) {
		h = rules_fnv1a(h, &p->hole[first_pit(c, side)], (size_t)c->pits);
		h = rules_fnv1a(h, &p->hole[store_of(c, side)], 1);
	}
	h = rules_fnv1a(h, &p->side, 1);
	h = rules_fnv1a(h, &p->over, 1);
	h = rules_fnv1a(h, &p->pie, 1);
	h = rules_fnv1a(h, &p->swapped, 1);
	h = rules_fnv1a(h, p->member, 2);
	return h;
}

/* Leaves of the subtree; at depth 1 the moves are counted, not made. */
static uint64_t perft_walk(const struct kalah_cfg *c,
			   const struct kalah_words *k, unsigned depth)
{
	int side = (int)lane(k, B_SIDE);
	uint64_t leaves = 0, pits;

	if (lane(k, B_OVER))
		return 0;
	if (depth == 1)
		return (uint64_t)nonzero_bytes(k->w[side]) +
		       (lane(k, B_PIE) == KALAH_PIE_OFFER);
	/* South's row is word 0, North's word 1: one bit per sowable pit. */
	pits = nonzero_lanes(k->w[side]);
	while (pits != 0) {
		int origin = first_pit(c, side) + BIT_LANE(__builtin_ctzll(pits));
		struct kalah_words child = *k;
		int captured;

		pits &= pits - 1;
		kalah_sow(c, &child, origin, &captured);
		leaves += perft_walk(c, &child, depth - 1);
	}
	if (lane(k, B_PIE) == KALAH_PIE_OFFER) {
		struct kalah_words child = *k;

		swap_sides(c, &child);
		leaves += perft_walk(c, &child, depth - 1);
	}
	return leaves;
}

static uint64_t kalah_perft(const struct rules_game *game, const void *pos,
			    unsigned depth)
{
	struct kalah_words k;

	if (depth == 0)
		return 1;
	words_load(&k, pos);
	return perft_walk(cfg_of(game), &k, depth);
}


/* A board's size and its seeds make separate rating lists. */
static const char *const kalah_rating_options[] = { "pits", "seeds", NULL };

const struct rules kalah_rules = {
	.name = "kalah",
	.rating_options = kalah_rating_options,
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
	.public_options = NULL,
	.active_seats = NULL,
	.move_seat = NULL,
	.analyse = NULL,
	.seat_view = NULL,
	.solver = &kalah_solver_ops,
};
