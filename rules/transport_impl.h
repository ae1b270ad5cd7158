/*
 * transport_impl.h - what the Transport engine's files share: the
 * compiled configuration of a game, the pieces' table, the board's
 * geometry, the occupancy of a position and the move encoding. Not part
 * of the rules interface.
 */
#ifndef PITBOSS_TRANSPORT_IMPL_H
#define PITBOSS_TRANSPORT_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "rules/transport.h"

#define TP_NONE TRANSPORT_NONE
#define TP_OFF 0xfe		/* a move's destination off the board */

/* Option indexes: the order of transport_options[]. */
enum {
	OPT_SIZE, OPT_DEPLOY, OPT_PLANES, OPT_SHELLS, OPT_TORPEDOES,
	OPT_ARMED, OPT_QUIET, OPT_FIRST, OPT_SEED, OPT_HANDICAP, OPT_TEAMS
};

/* Move kinds in rules_move.w[0] (low byte); the piece kind, or the
 * launcher's, in the next byte; the seat of a resignation above. */
enum { TP_MOVE = 1, TP_LAUNCH = 2, TP_RESIGN = 3, TP_DRAW = 4 };

/* Reserves: planes, shells, torpedoes (kind - TRANSPORT_P). */
enum { RES_P, RES_H, RES_O };

/* Bits of transport_pos.fresh. */
#define FRESH_U 1u
#define FRESH_D 2u

/* One piece kind: its letter, name, stratum, squares, the kinds it is
 * vulnerable to (bits by kind) and the missile it launches (or -1). */
struct tp_kind {
	char letter;
	const char *name;
	uint8_t stratum;
	uint8_t squares;
	uint8_t vulnerable;
	int8_t launches;
};

extern const struct tp_kind tp_kinds[TRANSPORT_KINDS];
extern const char *const tp_dir_names[8];
extern const char *const transport_seat_names[];
extern const char *const transport_side_word[];

/* A deployment: South's file (0-based) of each ship by board size, the
 * stern on rank 1 and the bow on rank 2 for the two-square ships. North
 * is South turned half round. */
struct tp_deploy {
	const char *name;
	uint8_t sizes[4];
	uint8_t file[4][TRANSPORT_SHIPS];
};

extern const struct tp_deploy tp_deploys[];

struct tp_cfg {
	int n, squares;
	int count[2][3];		/* planes, shells, torpedoes per side */
	int armed, quiet, first, teams;
	const struct tp_deploy *deploy;
	int deploy_size;		/* index into deploy->sizes */
	/* nb[sq][d]: the next square in direction d, or TP_NONE. */
	uint8_t nb[TRANSPORT_SQUARES_MAX][8];
	uint8_t dark[TRANSPORT_SQUARES_MAX];
};

/* Who is on each square: kind + 1 (0: nobody), by side and stratum. */
struct tp_board {
	uint8_t at[2][3][TRANSPORT_SQUARES_MAX];
};

static inline const struct tp_cfg *tp_cfg_of(const struct rules_game *game)
{
	return game->priv;
}

static inline int tp_is_ship(int kind)
{
	return kind < TRANSPORT_P;
}

static inline int tp_opposite(int dir)
{
	return (dir + 4) & 7;
}

/* The squares of a ship of two squares adjacent? (either way) */
static inline int tp_adjacent(const struct tp_cfg *c, int a, int b)
{
	for (int d = 0; d < 8; d++)
		if (c->nb[a][d] == b)
			return 1;
	return 0;
}

/* The direction from a to an adjacent b, or -1. */
static inline int tp_dir_to(const struct tp_cfg *c, int a, int b)
{
	for (int d = 0; d < 8; d++)
		if (c->nb[a][d] == b)
			return d;
	return -1;
}

/* transport_board.c: pieces, occupancy, repetition keys. */
void tp_board_build(const struct tp_cfg *c, const struct transport_pos *p,
		    struct tp_board *b);
struct transport_piece *tp_find(struct transport_pos *p, int side, int kind,
				int sq);
void tp_aux_remove(struct transport_pos *p, int side,
		   struct transport_piece *piece);
uint64_t tp_key(const struct transport_pos *p);
void tp_history_push(struct transport_pos *p, uint64_t key, int reset);
int tp_history_count(const struct transport_pos *p, uint64_t key);
int tp_square_name(const struct tp_cfg *c, int sq, char *buf, size_t len);
int tp_square_parse(const struct tp_cfg *c, const char **text);
int tp_dir_parse(const char **text);

/* transport_move.c: legal moves, and the check of one move. */
struct tp_want;
struct tp_gen {
	const struct tp_cfg *c;
	const struct transport_pos *p;
	struct tp_board board;
	struct rules_move *moves;
	size_t cap, n;
	int stop;		/* stop at the first move found */
	struct tp_want *want;	/* tp_check(): the move looked for */
};
void tp_generate(struct tp_gen *g);
int tp_has_move(const struct tp_cfg *c, const struct transport_pos *p);
int tp_check(const struct tp_cfg *c, const struct transport_pos *p,
	     const struct rules_move *m, char *err, size_t errlen);
void tp_move_set(struct rules_move *m, int type, int kind, int a, int b,
		 int dir);
int tp_missile_of(const struct tp_cfg *c, int launcher);

/* transport_contact.c: entries, making a move, the end. */
int tp_entry_ok(const struct tp_board *b, int side, int kind, int sq);
int tp_entry_kills(const struct tp_board *b, int side, int kind, int sq);
unsigned tp_play(const struct tp_cfg *c, struct transport_pos *p,
		 const struct rules_move *m, int *destroyed);
void tp_end_by(const struct tp_cfg *c, struct transport_pos *p, int end,
	       int winner);

/* transport_text.c */
int transport_position_parse(const struct rules_game *game, const char *text,
			     void *pos, char *err, size_t errlen);
int transport_position_format(const struct rules_game *game, const void *pos,
			      enum rules_text_view view, char *buf,
			      size_t buflen);
int transport_move_parse(const struct rules_game *game, const void *pos,
			 const char *text, struct rules_move *move, char *err,
			 size_t errlen);
int transport_move_format(const struct rules_game *game, const void *pos,
			  const struct rules_move *move, char *buf,
			  size_t buflen);

/* transport_perft.c */
uint64_t transport_perft(const struct rules_game *game, const void *pos,
			 unsigned depth);

#endif
