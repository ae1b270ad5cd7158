/*
 * kalah.h - Kalah (Champion's patent, 1955) and its house variants,
 * behind the rules interface. See pitboss-rules(7) and RULES.md §1.
 */
#ifndef PITBOSS_KALAH_H
#define PITBOSS_KALAH_H

#include <stdint.h>

#include "rules/rules.h"

#define KALAH_PITS_MIN 3
#define KALAH_PITS_MAX 8
#define KALAH_SEEDS_MIN 1
#define KALAH_SEEDS_MAX 12
/* Holes: South's pits from byte 0, North's pits from byte 8, then the
 * S and N stores, so that each row is one aligned machine word. */
#define KALAH_ROW 8
#define KALAH_STORE 16
#define KALAH_HOLES 18

enum kalah_side { KALAH_SOUTH = 0, KALAH_NORTH = 1 };

/* Pie rule progress. */
enum kalah_pie {
	KALAH_PIE_NONE = 0,	/* no swap possible (any more) */
	KALAH_PIE_FIRST,	/* the first mover's opening turn is under way */
	KALAH_PIE_OFFER		/* the side to move may swap instead of sowing */
};

/*
 * A position. hole[0..P-1] are South's pits a.., hole[8..8+P-1] North's
 * pits A.., hole[16] South's store, hole[17] North's store; the bytes of
 * pits beyond P stay 0. 24 bytes in all.
 */
struct kalah_pos {
	uint8_t hole[KALAH_HOLES];
	uint8_t side;		/* enum kalah_side to move */
	uint8_t over;		/* the game has ended */
	uint8_t pie;		/* enum kalah_pie */
	uint8_t swapped;	/* the players have exchanged sides */
	uint8_t member[2];	/* next team member of each player (0-based) */
};

extern const struct rules kalah_rules;

#endif
