/*
 * kalah_impl.h - what the Kalah engine's files share: the compiled
 * configuration of a game and the board geometry helpers. Not part of
 * the rules interface.
 */
#ifndef PITBOSS_KALAH_IMPL_H
#define PITBOSS_KALAH_IMPL_H

#include <stdint.h>
#include <string.h>

#include "rules/kalah.h"

/* Option indexes: the order of kalah_options[]. */
enum {
	OPT_PITS, OPT_SEEDS, OPT_EMPTY_CAPTURE, OPT_NO_SWEEP, OPT_PIE,
	OPT_CROSS, OPT_TEAMS, OPT_FIRST
};

/* Move kinds in rules_move.w[0]. */
enum { MOVE_SOW = 1, MOVE_SWAP = 2 };

#define RING_MAX (2 * KALAH_PITS_MAX + 1)

struct kalah_cfg {
	int pits, seeds, total;
	int ring_len;			/* holes a side sows into: 2P+1 */
	int empty_capture, no_sweep, pie, cross, teams, first;
	uint64_t side_mask;		/* P low bytes set, as read by memcpy */
	/* ring[side][clockwise]: sowing order, twice over, starting at
	 * hole `ring[..][0]`; ring_at gives the index of each hole. */
	uint8_t ring[2][2][2 * RING_MAX];
	uint8_t ring_at[2][2][KALAH_HOLES];
	uint8_t laps[256], rest[256];
};

extern const char *const kalah_seat_names[];
extern const char *const kalah_side_word[];

static inline const struct kalah_cfg *cfg_of(const struct rules_game *game)
{
	return game->priv;
}

static inline int store_of(const struct kalah_cfg *c, int side)
{
	return side == KALAH_SOUTH ? c->pits : 2 * c->pits + 1;
}

static inline int first_pit(const struct kalah_cfg *c, int side)
{
	return side == KALAH_SOUTH ? 0 : c->pits + 1;
}

static inline int owns_pit(const struct kalah_cfg *c, int side, int hole)
{
	int first = first_pit(c, side);

	return hole >= first && hole < first + c->pits;
}

/* The P pits of a side as one word, one byte per pit. */
static inline uint64_t side_word_of(const struct kalah_cfg *c,
				    const struct kalah_pos *p, int side)
{
	uint64_t w;

	memcpy(&w, &p->hole[first_pit(c, side)], sizeof(w));
	return w & c->side_mask;
}


/* The letter of a pit hole: a.. for South, A.. for North. */
static inline char pit_letter(const struct kalah_cfg *c, int hole)
{
	if (hole < c->pits)
		return (char)('a' + hole);
	return (char)('A' + hole - c->pits - 1);
}


int kalah_position_parse(const struct rules_game *game, const char *text,
			 void *pos, char *err, size_t errlen);
int kalah_position_format(const struct rules_game *game, const void *pos,
			  enum rules_text_view view, char *buf, size_t buflen);
int kalah_move_parse(const struct rules_game *game, const void *pos,
		     const char *text, struct rules_move *move, char *err,
		     size_t errlen);
int kalah_move_format(const struct rules_game *game, const void *pos,
		      const struct rules_move *move, char *buf, size_t buflen);

#endif
