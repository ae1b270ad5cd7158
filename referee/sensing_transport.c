/*
 * sensing_transport.c - the Transport board: one sensed square per
 * square of the board, named as in the notation (a1 .. o15), read by a
 * switch array that senses occupancy only. An occupancy snapshot gives
 * the ranks from the top (North's side) down, '/' between them, '.' an
 * empty square and 'x' an occupied one ("x..x..../........ ...").
 *
 * Occupancy cannot see a piece's kind, stratum or pointing: the
 * snapshot model finds the legal moves whose board matches, and when
 * several match (a launch's or a flight's pointing, which piece of a
 * square moved) holds the first and asks for the part this table says
 * is missing. A board is judged once it has been still for the settle
 * time: a piece lifted and put back meanwhile is no move.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/sensing.h"
#include "rules/transport.h"

#define SQUARE_UNREAD (-1)	/* a square the board cannot read */

#define R(r) { "a" #r, "b" #r, "c" #r, "d" #r, "e" #r, "f" #r, "g" #r, \
	       "h" #r, "i" #r, "j" #r, "k" #r, "l" #r, "m" #r, "n" #r, \
	       "o" #r }

static const char *const square_names[TRANSPORT_SIZE_MAX]
				     [TRANSPORT_SIZE_MAX] = {
	R(1), R(2), R(3), R(4), R(5), R(6), R(7), R(8), R(9), R(10), R(11),
	R(12), R(13), R(14), R(15)
};

#undef R

static int transport_holes(const struct rules_game *game, const char **names)
{
	int n = transport_board_size(game);

	for (int sq = 0; sq < n * n; sq++)
		names[sq] = square_names[sq / n][sq % n];
	return n * n;
}

static const char *transport_hole_word(const struct rules_game *game,
				       int hole)
{
	(void)game;
	(void)hole;
	return "square";
}

static void transport_counts(const struct rules_game *game, const void *pos,
			     int *counts)
{
	int n = transport_board_size(game);

	transport_occupancy(game, pos, counts);
	for (int sq = 0; sq < n * n; sq++)
		counts[sq] = counts[sq] > 0;
}

/* '?': a square the board cannot read (its switch at fault). */
static int square_value(char ch)
{
	if (ch == '?')
		return SQUARE_UNREAD;
	if (ch == '.' || ch == '0' || ch == '-')
		return 0;
	if (ch == 'x' || ch == 'X' || ch == '1' || ch == '#')
		return 1;
	return -2;	/* no square */
}

/* "........ / ..x.....": ranks from the top, blanks anywhere. */
static int transport_snapshot_parse(const struct rules_game *game,
				    const char *text, int *counts, char *err,
				    size_t errlen)
{
	int n = transport_board_size(game), rank = n - 1, file = 0;

	for (const char *t = text; *t != '\0'; t++) {
		if (*t == ' ' || *t == '\t')
			continue;
		if (*t == '/') {
			if (file != n || rank == 0)
				break;
			rank--;
			file = 0;
			continue;
		}
		if (square_value(*t) < SQUARE_UNREAD || file == n) {
			snprintf(err, errlen, "rank %d: '%c' is no square "
				 "(. empty, x occupied, ? unread, %d a rank)",
				 rank + 1,
				 *t, n);
			return -1;
		}
		counts[rank * n + file++] = square_value(*t);
	}
	if (rank != 0 || file != n) {
		snprintf(err, errlen, "%d ranks of %d squares expected, "
			 "rank %d short", n, n, rank + 1);
		return -1;
	}
	return 0;
}

static int transport_snapshot_format(const struct rules_game *game,
				     const int *counts, char *buf,
				     size_t len)
{
	int n = transport_board_size(game);
	size_t used = 0;

	if (len < (size_t)(n * (n + 1)))
		return -1;
	for (int rank = n - 1; rank >= 0; rank--) {
		for (int file = 0; file < n; file++)
			buf[used++] = counts[rank * n + file] < 0 ? '?' :
				      counts[rank * n + file] ? 'x' : '.';
		buf[used++] = rank > 0 ? '/' : '\0';
	}
	return 0;
}

/*
 * The moves fit alike: what they differ in. Moves are encoded as the
 * engine does (its kind and piece, the two squares, the pointing).
 */
static const char *transport_missing(const struct rules_game *game,
				     const void *pos,
				     const struct rules_move *moves, size_t n)
{
	int same_squares = 1, same_piece = 1;

	(void)game;
	(void)pos;
	for (size_t i = 1; i < n; i++) {
		same_squares &= moves[i].w[1] == moves[0].w[1] &&
				moves[i].w[2] == moves[0].w[2];
		same_piece &= moves[i].w[0] == moves[0].w[0];
	}
	if (same_squares && same_piece)
		return "direction";
	if (same_squares)
		return "piece";
	return "move";
}

static const struct sense_model *const transport_models[] = {
	&sense_model_snapshots, NULL
};

const struct sensing sensing_transport = {
	.game = "transport",
	.models = transport_models,
	.words = { "piece", "pieces", "move", "moved", "moving" },
	.holes = transport_holes,
	.hole_word = transport_hole_word,
	.counts = transport_counts,
	.snapshot_parse = transport_snapshot_parse,
	.snapshot_format = transport_snapshot_format,
	.settles = 1,
	.occupancy = 1,
	.missing = transport_missing,
};
