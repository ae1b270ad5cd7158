/*
 * transport.h - Transport (Paschal's naval game, US 2,414,185, 1947)
 * behind the rules interface. See pitboss-rules(7) and RULES.md §3.
 *
 * The board is N x N (8, 11, 13 or 15), squares numbered rank * N + file
 * from a1 = 0. Each side has five ships (submarine U, carrier C,
 * transport T, battleship B, destroyer D; the carrier and the battleship
 * lie on two squares, stern and bow) and auxiliary pieces kept in
 * reserve until launched: planes P, shells H and torpedoes O. A piece
 * lives in one stratum (under water, surface, air); a square holds at
 * most one piece of each side in each stratum.
 */
#ifndef PITBOSS_TRANSPORT_H
#define PITBOSS_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define TRANSPORT_SIZE_MAX 15
#define TRANSPORT_SQUARES_MAX (TRANSPORT_SIZE_MAX * TRANSPORT_SIZE_MAX)
#define TRANSPORT_PLANES_MAX 4
#define TRANSPORT_SHELLS_MAX 9
#define TRANSPORT_TORPEDOES_MAX 9
#define TRANSPORT_AUX_MAX (TRANSPORT_PLANES_MAX + TRANSPORT_SHELLS_MAX + \
			   TRANSPORT_TORPEDOES_MAX)
#define TRANSPORT_SHIPS 5
/* Positions remembered for the repetition draw (see pitboss-rules(7)). */
#define TRANSPORT_HISTORY 128
/* Squares around a ship of two squares lying diagonally. */
#define TRANSPORT_AROUND_MAX 12
/* The longest position text, its NUL included: every auxiliary piece of
 * both sides on the 15x15 board (a bound checked by the tests). */
#define TRANSPORT_TEXT_MAX 512
#define TRANSPORT_NONE 0xff	/* no square: destroyed, or off the board */

/*
 * The most legal moves a side can have, the bound behind max_moves:
 * ships 16 (carrier) + 16 (battleship) + 8 (transport) + 16 (destroyer,
 * with its double) + 8 (submarine, with its double); each plane 9
 * squares x 8 pointings; each shell or torpedo 1; launches onto the
 * squares around a two-square ship (12 when it lies diagonally) x 8
 * pointings (planes, shells), the 8 around a one-square launcher x 8
 * (armed transport, destroyer, submarine).
 */
#define TRANSPORT_MAX_MOVES (16 + 16 + 8 + 16 + 8 + \
			     TRANSPORT_PLANES_MAX * 9 * 8 + \
			     TRANSPORT_SHELLS_MAX + TRANSPORT_TORPEDOES_MAX + \
			     TRANSPORT_AROUND_MAX * 8 * 2 + 3 * 8 * 8)

/* Piece kinds; the first five are the ships, in their slot order. */
enum transport_kind {
	TRANSPORT_U, TRANSPORT_C, TRANSPORT_T, TRANSPORT_B, TRANSPORT_D,
	TRANSPORT_P, TRANSPORT_H, TRANSPORT_O, TRANSPORT_KINDS
};

enum transport_stratum { TRANSPORT_UNDER, TRANSPORT_SURFACE, TRANSPORT_AIR };

/* Why a game ended (transport_pos.over). */
enum transport_end {
	TRANSPORT_GOING = 0,
	TRANSPORT_SUNK,		/* a transport destroyed */
	TRANSPORT_NO_MOVE,	/* the side to move had no legal move */
	TRANSPORT_QUIET,	/* quiet-plies without a destruction */
	TRANSPORT_REPETITION,	/* third occurrence of a position */
	TRANSPORT_RESIGNED,
	TRANSPORT_DECLARED	/* the arbiter declared a draw */
};

/*
 * A piece: kind, square (a ship's stern), bow (ships only, else NONE),
 * pointing 0..7 (planes, shells, torpedoes; n ne e se s sw w nw).
 */
struct transport_piece {
	uint8_t kind, sq, bow, dir;
};

/*
 * A position. ship[side][kind] for the five ships (sq NONE once
 * destroyed), aux[side][0..naux) the planes, shells and torpedoes on the
 * board in no particular order, reserve[side][0..2] the planes, shells
 * and torpedoes off the board. fresh[side] bit U and bit D: that piece
 * has not made its first move. hist holds the repetition keys of the
 * positions since the last move that cannot be undone (ring of hcount
 * from hstart), the current one last.
 */
struct transport_pos {
	struct transport_piece ship[2][TRANSPORT_SHIPS];
	struct transport_piece aux[2][TRANSPORT_AUX_MAX];
	uint8_t naux[2];
	uint8_t reserve[2][3];
	uint8_t fresh[2];
	uint8_t side;		/* 0 South, 1 North to move */
	uint8_t over;		/* enum transport_end */
	uint8_t winner;		/* seat, NONE for a draw */
	uint8_t member[2];	/* next team member of each side */
	uint16_t quiet;		/* plies since the last destruction */
	uint8_t hstart, hcount;
	uint64_t hist[TRANSPORT_HISTORY];
};

extern const struct rules transport_rules;

/*
 * For a board that senses squares (a table's sensing, its simulator):
 * squares are numbered rank * N + file from a1 = 0.
 */
/* The side of the board: 8, 11, 13 or 15. */
int transport_board_size(const struct rules_game *game);
/* The name of square `sq` ("e5"); -1 when it is not on the board or
 * `buf` is too small. */
int transport_square_name(const struct rules_game *game, int sq, char *buf,
			  size_t len);
/* Pieces standing on each square of `pos`, either side, any stratum (a
 * two-square ship on both of its squares), into count[0..N*N). */
void transport_occupancy(const struct rules_game *game, const void *pos,
			 int *count);

#endif
