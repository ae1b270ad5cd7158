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

/* A position as three machine words, for whole-board arithmetic. Bytes
 * never carry into each other: no hole ever holds more than 192 seeds. */
struct kalah_words {
	uint64_t w[3];
};

/*
 * Sowing `seeds` (= laps * ring_len + rest) from the pit `origin` adds
 * delta to the words of the position, and lap_delta[origin] * laps when
 * the sowing laps the board; the last seed falls into `last`. Each delta
 * is "one seed in each hole sown, minus the seeds lifted from the
 * origin" computed as whole words: the arithmetic wraps in between but
 * every byte of the result is exact.
 */
struct kalah_sowing {
	uint64_t delta[3];
	uint8_t last;
};

struct kalah_cfg {
	int pits, seeds, total;
	int ring_len;			/* holes a side sows into: 2P+1 */
	int empty_capture, no_sweep, pie, cross, teams, first;
	uint8_t opposite[KALAH_HOLES];
	/* sowing[clockwise][origin][rest] and lap_delta[origin]: see
	 * struct kalah_sowing. */
	struct kalah_sowing sowing[2][2 * KALAH_ROW][RING_MAX];
	struct kalah_words lap_delta[2 * KALAH_ROW];
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
	(void)c;
	return KALAH_STORE + side;
}

static inline int first_pit(const struct kalah_cfg *c, int side)
{
	(void)c;
	return side * KALAH_ROW;
}

static inline int owns_pit(const struct kalah_cfg *c, int side, int hole)
{
	int first = first_pit(c, side);

	return hole >= first && hole < first + c->pits;
}

/* The pits of a side as one word, one byte per pit (unused bytes 0). */
static inline uint64_t side_word_of(const struct kalah_cfg *c,
				    const struct kalah_pos *p, int side)
{
	uint64_t w;

	memcpy(&w, &p->hole[first_pit(c, side)], sizeof(w));
	return w;
}

/* The letter of a pit hole: a.. for South, A.. for North. */
static inline char pit_letter(const struct kalah_cfg *c, int hole)
{
	if (hole < KALAH_ROW)
		return (char)('a' + hole);
	(void)c;
	return (char)('A' + hole - KALAH_ROW);
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
