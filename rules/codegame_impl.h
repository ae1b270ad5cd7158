/*
 * codegame_impl.h - what codegame.c (play) and codegame_text.c (move
 * and position text) share of the hidden-code game's engine. Not for
 * use outside rules/.
 */
#ifndef PITBOSS_CODEGAME_IMPL_H
#define PITBOSS_CODEGAME_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "rules/codegame.h"

/* The options, in codegame.c's table. */
enum {
	OPT_PLAYERS,
	OPT_DISTINCT,
	OPT_CLAIMS,
	OPT_ROWS,
	OPT_SEED,
	OPT_SECRETS
};

extern const char cg_peg_letter[];		/* "-ROYGBP" by peg */
extern const char *const cg_mark_word[];	/* by enum codegame_mark */
extern const char cg_mark_letter[];		/* ".-wb" */

struct codegame_cfg {
	int players;
	int distinct;
	int verified;
	int rows;
	uint8_t colour[CODEGAME_PLAYERS_MAX];	/* 0: still to be entered */
	uint8_t place[CODEGAME_PLAYERS_MAX];
	uint8_t entered[CODEGAME_PLAYERS_MAX];	/* entered by the player */
};

/* Move kinds, in rules_move.w[0]; w[1] the actor seat; w[2] the value:
 * a mark, or a code as 3 bits per place. */
enum move_kind {
	MOVE_GUESS = 1,
	MOVE_MARK,
	MOVE_CLAIM,
	MOVE_ACCEPT,
	MOVE_DISPUTE,
	MOVE_PASS
};

/* PHASE_SECRETS: some players have still to enter their secrets. */
enum phase { PHASE_SECRETS, PHASE_GUESS, PHASE_MARK, PHASE_ANSWER,
	     PHASE_PASS, PHASE_OVER };

/* What follows from a position: see cg_derive(). */
struct state {
	enum phase phase;
	int seat;			/* who acts, -1 once over */
	int pending;			/* claim awaiting answers, or -1 */
	unsigned dq;			/* disqualified seats */
	enum rules_verdict verdict;
	int winner;
};

enum settlement { CLAIM_PENDING, CLAIM_WINS, CLAIM_VOIDS, CLAIM_FAILS };

static inline const struct codegame_cfg *cg_cfg(const struct rules_game *game)
{
	return game->priv;
}

static inline uint32_t cg_pack_code(const uint8_t code[CODEGAME_PLACES])
{
	uint32_t packed = 0;

	for (int k = 0; k < CODEGAME_PLACES; k++)
		packed |= (uint32_t)code[k] << (3 * k);
	return packed;
}

static inline void cg_unpack_code(uint32_t packed, uint8_t code[CODEGAME_PLACES])
{
	for (int k = 0; k < CODEGAME_PLACES; k++)
		code[k] = (packed >> (3 * k)) & 7;
}

static inline struct rules_move cg_make_move(enum move_kind kind,
						  int seat, uint32_t value)
{
	return (struct rules_move){ { (uint32_t)kind, (uint32_t)seat, value,
				      0 } };
}

/* How claim `index` stands: pending, or settled one way. */
enum settlement cg_settle(const struct rules_game *game,
			  const struct codegame_pos *pos, int index);
/* Rows guessed by `seat`. */
int cg_rows_of(const struct codegame_pos *pos, int seat);
/* The first seat clockwise from `from` (itself included) whose slot in
 * `slots` is 0 and that is not `skip`, or -1. */
int cg_next_unset(int players, int from, const uint8_t *slots, int skip);
/* Whose turn, which phase, who is out, how it ended. */
void cg_derive(const struct rules_game *game, const struct codegame_pos *pos,
	       struct state *st);
/* The peg of a letter of cg_peg_letter, or -1. */
int cg_peg_of(char c);
/* One seat's secret "R3" (colour, place 1..5); -1 if malformed. */
int cg_parse_secret(const char *text, size_t len, uint8_t *colour,
		    uint8_t *place);
/* Refuses secrets two players cannot hold together (colour 0: one still
 * to be entered); the message starts with `where`. Until every secret
 * is in, those players entered (`entered`, may be NULL) are not held
 * against the others: seat_enter checks them all at the last one. */
int cg_check_secrets(int players, int distinct, const uint8_t *colour,
		     const uint8_t *place, const uint8_t *entered,
		     const char *where, char *err, size_t errlen);
/* Whether `move` is one move_parse() could have made. */
int cg_move_valid(const struct rules_game *game,
		  const struct rules_move *move);

/* codegame_text.c: the ops' text functions. */
int codegame_move_parse(const struct rules_game *game, const void *pos,
			const char *text, struct rules_move *move, char *err,
			size_t errlen);
int codegame_move_format(const struct rules_game *game, const void *pos,
			 const struct rules_move *move, char *buf,
			 size_t buflen);
int codegame_position_format(const struct rules_game *game, const void *vpos,
			     enum rules_text_view view, char *buf,
			     size_t buflen);
int codegame_position_parse(const struct rules_game *game, const char *text,
			    void *vpos, char *err, size_t errlen);

/* codegame_views.c: what each audience may see. */
int codegame_analyse(const struct rules_game *game, const void *vpos,
		     char *buf, size_t buflen);
int codegame_seat_view(const struct rules_game *game, const void *vpos,
		       int seat, char *buf, size_t buflen);
int codegame_seat_enter(const struct rules_game *game, int seat,
			const char *text, char *buf, size_t buflen, char *err,
			size_t errlen);

#endif
