/*
 * codegame.h - the four-player hidden-code game (Meirovitz's patent,
 * US 4,241,923, 1980) behind the rules interface, and the game-specific
 * calls the referee and the web make: the mark a secret gives a guess,
 * whether a claim was right, the codes still consistent with the public
 * marks, and the options safe to show before the game ends.
 * See pitboss-rules(7) and RULES.md §2.
 */
#ifndef PITBOSS_CODEGAME_H
#define PITBOSS_CODEGAME_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define CODEGAME_PLAYERS_MIN 2
#define CODEGAME_PLAYERS_MAX 5
#define CODEGAME_PLACES 5		/* positions of the code */
#define CODEGAME_COLOURS 6
/* Code rows per player; 5 keeps the longest position text under 512
 * bytes, the referee's and the CLI's line. */
#define CODEGAME_ROWS_MAX 5
#define CODEGAME_ROW_SLOTS (CODEGAME_ROWS_MAX * CODEGAME_PLAYERS_MAX)
#define CODEGAME_CODES 16807		/* 7^5: colours or blank per place */

/* A peg: 0 is a blank (an empty hole), 1..6 the colours R O Y G B P. */
enum codegame_peg { CODEGAME_BLANK = 0 };

/* A mark in a row; 0 while the marker has not marked yet. */
enum codegame_mark {
	CODEGAME_UNMARKED = 0,
	CODEGAME_NONE = 1,
	CODEGAME_WHITE = 2,
	CODEGAME_BLACK = 3
};

/* An answer to a claim (claims=patent). */
enum codegame_answer {
	CODEGAME_UNANSWERED = 0,
	CODEGAME_ACCEPT = 1,
	CODEGAME_DISPUTE = 2
};

/* One code row: a guess and the other players' marks, by seat. */
struct codegame_row {
	uint8_t guesser;			/* seat, from 0 */
	uint8_t peg[CODEGAME_PLACES];
	uint8_t mark[CODEGAME_PLAYERS_MAX];	/* guesser's own stays 0 */
	uint8_t unused;
};

/* One "Mastermind" claim and, under claims=patent, the answers to it. */
struct codegame_claim {
	uint8_t claimant;
	uint8_t code[CODEGAME_PLACES];
	uint8_t answer[CODEGAME_PLAYERS_MAX];	/* by seat; claimant's 0 */
	uint8_t unused;
};

/*
 * A position: the secrets, every row so far, every claim so far and the
 * passes of the closing round. Whose turn it is, who is disqualified and
 * how the game ended all follow from these (see codegame.c). Bytes of
 * unused rows, claims and seats stay 0, so memcmp and the hash work.
 */
struct codegame_pos {
	uint8_t colour[CODEGAME_PLAYERS_MAX];	/* by seat, 1..6 */
	uint8_t place[CODEGAME_PLAYERS_MAX];	/* by seat, 0..4 */
	uint8_t rows;				/* rows used */
	uint8_t claims;				/* claims made */
	uint8_t passed;				/* seats (bits) that passed */
	uint8_t unused;
	struct codegame_row row[CODEGAME_ROW_SLOTS];
	struct codegame_claim claim[CODEGAME_PLAYERS_MAX];
};

extern const struct rules codegame_rules;

/* The mark a holder of `colour` at `place` owes `guess`. */
enum codegame_mark codegame_mark(const uint8_t guess[CODEGAME_PLACES],
				 int colour, int place);

/* The hidden code of a position: colour or blank per place. */
void codegame_code(const struct rules_game *game,
		   const struct codegame_pos *pos,
		   uint8_t code[CODEGAME_PLACES]);

/* Whether claim `index` of `pos` named the hidden code. */
int codegame_claim_right(const struct rules_game *game,
			 const struct codegame_pos *pos, int index);

/* Seats (bit s for seat s) disqualified by the claims so far. */
unsigned codegame_disqualified(const struct rules_game *game,
			       const struct codegame_pos *pos);

struct codegame_count {
	uint32_t codes;		/* hidden codes still possible */
	uint32_t holdings;	/* ways to deal the secrets that fit */
};

/*
 * What a spectator can still believe after the first `rows` rows of
 * `pos` (all of them when `rows` is negative or larger): the codes, and
 * the seat-by-seat holdings, consistent with every mark given in those
 * rows and with the game's options. Uses no secret, allocates nothing.
 */
void codegame_consistent(const struct rules_game *game,
			 const struct codegame_pos *pos, int rows,
			 struct codegame_count *count);

/*
 * The game's canonical options without those that reveal the secrets
 * (seed= and secrets=), for public pages while the game is on.
 * Returns 0, or -1 when `buf` is too small.
 */
int codegame_public_options(const struct rules_game *game, char *buf,
			    size_t buflen);

#endif
