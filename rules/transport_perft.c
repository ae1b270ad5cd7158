/*
 * transport_perft.c - Transport's move-path counter: the leaves at a
 * depth, the last ply counted from the generator without being made.
 * Moves are kept on the stack, one list of TRANSPORT_MAX_MOVES per ply.
 */
#include "config.h"

#include "rules/transport_impl.h"

static uint64_t count_moves(const struct tp_cfg *c,
			    const struct transport_pos *p)
{
	struct tp_gen g = { .c = c, .p = p };

	tp_generate(&g);
	return g.n;
}

static uint64_t walk(const struct tp_cfg *c, const struct transport_pos *p,
		     unsigned depth)
{
	struct rules_move moves[TRANSPORT_MAX_MOVES];
	struct tp_gen g = { .c = c, .p = p, .moves = moves,
			    .cap = TRANSPORT_MAX_MOVES };
	uint64_t leaves = 0;

	if (p->over != TRANSPORT_GOING)
		return 0;
	if (depth == 1)
		return count_moves(c, p);
	tp_generate(&g);
	for (size_t i = 0; i < g.n && i < TRANSPORT_MAX_MOVES; i++) {
		struct transport_pos child = *p;
		int destroyed;

		tp_play(c, &child, &moves[i], &destroyed);
		leaves += walk(c, &child, depth - 1);
	}
	return leaves;
}

uint64_t transport_perft(const struct rules_game *game, const void *pos,
			 unsigned depth)
{
	if (depth == 0)
		return 1;
	return walk(tp_cfg_of(game), pos, depth);
}
