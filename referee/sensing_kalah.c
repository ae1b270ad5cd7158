/*
 * sensing_kalah.c - the Kalah board: one sensed hole per pit and store,
 * named as in the notation (a.., A.., S, N), read by drop counters (the
 * drops of every legal sowing, found by replaying it seed by seed on the
 * rules engine's board geometry) or by count snapshots ("4 4 0 5 5 5/4 4
 * 4 4 4 4/1 0": South's pits, North's pits, the stores).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/sensing.h"
#include "rules/kalah.h"

static const char *const hole_names[] = {
	"a", "b", "c", "d", "e", "f", "g", "h",
	"A", "B", "C", "D", "E", "F", "G", "H",
};

static int pits_of(const struct rules_game *game)
{
	return (int)game->value[rules_option_index(game->ops, "pits")];
}

/* Sensed holes: South's pits, North's pits, S, N (2P + 2). */
static int kalah_holes(const struct rules_game *game, const char **names)
{
	int pits = pits_of(game), n = 0;

	for (int side = 0; side < 2; side++)
		for (int i = 0; i < pits; i++)
			names[n++] = hole_names[side * KALAH_PITS_MAX + i];
	names[n++] = "S";
	names[n++] = "N";
	return n;
}

/* Sensed hole index of a kalah_pos byte, and back. */
static int hole_of_byte(int pits, int byte)
{
	if (byte >= KALAH_STORE)
		return 2 * pits + (byte - KALAH_STORE);
	return byte / KALAH_ROW * pits + byte % KALAH_ROW;
}

static int byte_of_hole(int pits, int hole)
{
	if (hole >= 2 * pits)
		return KALAH_STORE + hole - 2 * pits;
	return hole / pits * KALAH_ROW + hole % pits;
}

/* The byte after `byte` when sowing, in the given direction. */
static int next_byte(int pits, int side, int byte, int clockwise)
{
	/* Counter-clockwise ring: a..f S A..F N. */
	int ring[2 * KALAH_PITS_MAX + 2], n = 0, at = 0;

	for (int i = 0; i < pits; i++)
		ring[n++] = i;
	ring[n++] = KALAH_STORE;
	for (int i = 0; i < pits; i++)
		ring[n++] = KALAH_ROW + i;
	ring[n++] = KALAH_STORE + 1;
	for (int i = 0; i < n; i++)
		if (ring[i] == byte)
			at = i;
	do {
		at = clockwise ? (at + n - 1) % n : (at + 1) % n;
	} while (ring[at] == KALAH_STORE + (side ^ 1));
	return ring[at];
}

static size_t kalah_expect(const struct rules_game *game, const void *pos,
			   struct sense_expect *out, size_t cap)
{
	const struct kalah_pos *p = pos;
	struct rules_move moves[KALAH_PITS_MAX + 1];
	int pits = pits_of(game);
	int cross = (int)game->value[rules_option_index(game->ops, "cross")];
	size_t n = game->ops->legal_moves(game, pos, moves, KALAH_PITS_MAX + 1);
	size_t found = 0;

	for (size_t m = 0; m < n && found < cap; m++) {
		struct sense_expect *e = &out[found];
		struct kalah_pos after = *p;
		struct rules_outcome outcome;
		int byte, seeds, clockwise;

		if (game->ops->move_format(game, pos, &moves[m], e->text,
					   sizeof(e->text)) < 0 ||
		    strcmp(e->text, "swap") == 0)
			continue;	/* not made by sowing */
		byte = islower((unsigned char)e->text[0])
		       ? e->text[0] - 'a' : KALAH_ROW + e->text[0] - 'A';
		seeds = p->hole[byte];
		clockwise = cross && (seeds & 1);
		e->move = moves[m];
		e->origin = hole_of_byte(pits, byte);
		e->npath = 0;
		for (int s = 0; s < seeds && s < SENSE_PATH_MAX; s++) {
			byte = next_byte(pits, p->side, byte, clockwise);
			e->path[e->npath++] = (uint8_t)hole_of_byte(pits, byte);
		}
		e->beyond = hole_of_byte(pits, next_byte(pits, p->side, byte,
							 clockwise));
		/* The tail: every store gain beyond the sowing's own seeds
		 * is carried by hand (capture, sweep). */
		memset(e->tail, 0, sizeof(e->tail));
		e->ntail = 0;
		game->ops->apply(game, &after, &moves[m], &outcome, NULL, 0);
		e->ends = (outcome.flags & RULES_GAME_OVER) != 0;
		for (int side = 0; side < 2; side++) {
			int store = 2 * pits + side;
			int sown = 0, gain;

			for (int s = 0; s < e->npath; s++)
				sown += e->path[s] == store;
			gain = after.hole[KALAH_STORE + side] -
			       p->hole[KALAH_STORE + side] - sown;
			if (gain > 0) {
				e->tail[store] = (uint8_t)gain;
				e->ntail += gain;
			}
		}
		found++;
	}
	return found;
}

/* Move `e`'s seeds sown the other way round the ring from its pit. */
static int kalah_reversed(const struct rules_game *game, const void *pos,
			  const struct sense_expect *e, uint8_t *path)
{
	const struct kalah_pos *p = pos;
	int pits = pits_of(game), byte = byte_of_hole(pits, e->origin);
	int cross = (int)game->value[rules_option_index(game->ops, "cross")];
	int clockwise = !(cross && (e->npath & 1)), n = 0;

	for (; n < e->npath && n < SENSE_PATH_MAX; n++) {
		byte = next_byte(pits, p->side, byte, clockwise);
		path[n] = (uint8_t)hole_of_byte(pits, byte);
	}
	return n;
}

static const char *kalah_hole_word(const struct rules_game *game, int hole)
{
	return hole >= 2 * pits_of(game) ? "store" : "pit";
}

static int kalah_adjacent(const struct rules_game *game, int a, int b)
{
	int pits = pits_of(game);
	int ba = byte_of_hole(pits, a), bb = byte_of_hole(pits, b);

	for (int side = 0; side < 2; side++)
		for (int cw = 0; cw < 2; cw++)
			if (next_byte(pits, side, ba, cw) == bb)
				return 1;
	return 0;
}

static int kalah_forbidden(const struct rules_game *game, const void *pos,
			   int hole)
{
	const struct kalah_pos *p = pos;

	return hole == 2 * pits_of(game) + (p->side ^ 1);
}

static void kalah_counts(const struct rules_game *game, const void *pos,
			 int *counts)
{
	const struct kalah_pos *p = pos;
	int pits = pits_of(game);

	for (int h = 0; h < 2 * pits + 2; h++)
		counts[h] = p->hole[byte_of_hole(pits, h)];
}

static int kalah_snapshot_parse(const struct rules_game *game,
				const char *text, int *counts, char *err,
				size_t errlen)
{
	return sensing_counts_parse(text, 2 * pits_of(game) + 2, counts, err,
				    errlen);
}

/* "4 4 0 5 5 5/4 4 4 4 4 4/1 0" */
static int kalah_snapshot_format(const struct rules_game *game,
				 const int *counts, char *buf, size_t len)
{
	int pits = pits_of(game);
	size_t used = 0;

	for (int h = 0; h < 2 * pits + 2; h++) {
		int n = snprintf(buf + used, len - used, "%s%d", h == 0 ? "" :
				 h == pits || h == 2 * pits ? "/" : " ",
				 counts[h]);

		if (n < 0 || (size_t)n >= len - used)
			return -1;
		used += (size_t)n;
	}
	return 0;
}

/* Every move but the pie rule's swap moves seeds. */
static int kalah_sensed(const struct rules_game *game, const void *pos,
			const struct rules_move *move)
{
	char text[16];

	return game->ops->move_format(game, pos, move, text,
				      sizeof(text)) == 0 &&
	       strcmp(text, "swap") != 0;
}

/* Seeds lifted from a pit and some, not all, of them sown. */
static int kalah_under_way(const struct rules_game *game, const void *pos,
			   const int *seen)
{
	struct sense_expect ex[KALAH_PITS_MAX + 1];
	int holes = 2 * pits_of(game) + 2, counts[KALAH_HOLES];
	size_t n = kalah_expect(game, pos, ex, KALAH_PITS_MAX + 1);

	for (size_t e = 0; e < n; e++) {
		kalah_counts(game, pos, counts);
		counts[ex[e].origin] = 0;
		for (int k = 0; k + 1 < ex[e].npath; k++) {
			counts[ex[e].path[k]]++;
			if (memcmp(counts, seen,
				   (size_t)holes * sizeof(counts[0])) == 0)
				return 1;
		}
	}
	return 0;
}

/* The pit opposite `hole` across the board: South's i faces North's
 * pits - 1 - i (holes 0..2 pits - 1). */
static int opposite(int pits, int hole)
{
	return 2 * pits - 1 - hole;
}

/* The board after `move` before the final sweep: the seeds sown, and a
 * capture (as the rules engine made it) carried to the mover's store. */
static void kalah_unswept(const struct rules_game *game, const void *pos,
			  const struct rules_move *move, int *counts)
{
	struct sense_expect ex[KALAH_PITS_MAX + 1];
	struct kalah_pos after = *(const struct kalah_pos *)pos;
	struct rules_outcome out;
	int pits = pits_of(game), store = 2 * pits +
		   ((const struct kalah_pos *)pos)->side;
	size_t n = kalah_expect(game, pos, ex, KALAH_PITS_MAX + 1), e = 0;

	kalah_counts(game, pos, counts);
	while (e < n && memcmp(&ex[e].move, move, sizeof(*move)) != 0)
		e++;
	if (e == n || game->ops->apply(game, &after, move, &out, NULL, 0) < 0)
		return;
	counts[ex[e].origin] -= ex[e].npath;
	for (int k = 0; k < ex[e].npath; k++)
		counts[ex[e].path[k]]++;
	if ((out.flags & RULES_CAPTURE) && ex[e].npath > 0 &&
	    ex[e].path[ex[e].npath - 1] < 2 * pits) {
		int last = ex[e].path[ex[e].npath - 1];
		int opp = opposite(pits, last);

		counts[store] += counts[last] + counts[opp];
		counts[last] = counts[opp] = 0;
	}
}

static const struct sense_model *const kalah_models[] = {
	&sense_model_drops, &sense_model_snapshots, NULL
};

const struct sensing sensing_kalah = {
	.game = "kalah",
	.models = kalah_models,
	.words = { "seed", "seeds", "sow", "sown", "sowing" },
	.holes = kalah_holes,
	.hole_word = kalah_hole_word,
	.expect = kalah_expect,
	.adjacent = kalah_adjacent,
	.forbidden = kalah_forbidden,
	.counts = kalah_counts,
	.snapshot_parse = kalah_snapshot_parse,
	.snapshot_format = kalah_snapshot_format,
	.sensed = kalah_sensed,
	.unswept = kalah_unswept,
	.reversed = kalah_reversed,
	.under_way = kalah_under_way,
};
