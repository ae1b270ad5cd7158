/*
 * transport_board.c - Transport's pieces and board: who stands on each
 * square by side and stratum, finding and removing pieces, squares and
 * pointings as text, and the repetition key with its history.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rules/transport_impl.h"

void tp_board_build(const struct tp_cfg *c, const struct transport_pos *p,
		    struct tp_board *b)
{
	for (int s = 0; s < 2; s++) {
		memset(b->at[s], 0, sizeof(b->at[s][0][0]) * 3 *
		       TRANSPORT_SQUARES_MAX);
		for (int k = 0; k < TRANSPORT_SHIPS; k++) {
			const struct transport_piece *sh = &p->ship[s][k];
			int st = tp_kinds[k].stratum;

			if (sh->sq == TP_NONE)
				continue;
			b->at[s][st][sh->sq] = (uint8_t)(k + 1);
			if (sh->bow != TP_NONE)
				b->at[s][st][sh->bow] = (uint8_t)(k + 1);
		}
		for (int i = 0; i < p->naux[s]; i++) {
			const struct transport_piece *a = &p->aux[s][i];

			b->at[s][tp_kinds[a->kind].stratum][a->sq] =
				(uint8_t)(a->kind + 1);
		}
	}
	(void)c;
}

/* The piece of `side` of `kind` on `sq` (either square of a ship). */
struct transport_piece *tp_find(struct transport_pos *p, int side, int kind,
				int sq)
{
	if (tp_is_ship(kind)) {
		struct transport_piece *sh = &p->ship[side][kind];

		return sh->sq != TP_NONE && (sh->sq == sq || sh->bow == sq) ?
		       sh : NULL;
	}
	for (int i = 0; i < p->naux[side]; i++)
		if (p->aux[side][i].kind == kind && p->aux[side][i].sq == sq)
			return &p->aux[side][i];
	return NULL;
}

void tp_aux_remove(struct transport_pos *p, int side,
		   struct transport_piece *piece)
{
	struct transport_piece *last = &p->aux[side][p->naux[side] - 1];

	*piece = *last;
	memset(last, 0, sizeof(*last));
	p->naux[side]--;
}

/* SplitMix64's finaliser: a fixed, portable mixing of one word. */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static uint64_t piece_code(int side, const struct transport_piece *a,
			   unsigned fresh)
{
	return (uint64_t)side | (uint64_t)a->kind << 1 |
	       (uint64_t)a->sq << 8 | (uint64_t)a->bow << 16 |
	       (uint64_t)a->dir << 24 | (uint64_t)fresh << 28;
}

/*
 * The repetition key (RULES.md §3, fine point 10): the pieces (owner,
 * kind, squares with stern and bow, pointing, first-move flags), the
 * reserves and the side to move. Pieces are summed, so the order of the
 * auxiliary pieces in the position does not matter.
 */
uint64_t tp_key(const struct transport_pos *p)
{
	uint64_t key = mix(0x5452414e53ULL + p->side);

	for (int s = 0; s < 2; s++) {
		for (int k = 0; k < TRANSPORT_SHIPS; k++) {
			const struct transport_piece *sh = &p->ship[s][k];
			unsigned fresh = 0;

			if (sh->sq == TP_NONE)
				continue;
			if (k == TRANSPORT_U)
				fresh = p->fresh[s] & FRESH_U;
			else if (k == TRANSPORT_D)
				fresh = (p->fresh[s] & FRESH_D) != 0;
			key += mix(piece_code(s, sh, fresh));
		}
		for (int i = 0; i < p->naux[s]; i++)
			key += mix(piece_code(s, &p->aux[s][i], 0));
		key += mix(0x100000000ULL | (uint64_t)s << 24 |
			   (uint64_t)p->reserve[s][0] << 16 |
			   (uint64_t)p->reserve[s][1] << 8 | p->reserve[s][2]);
	}
	return key;
}

/* Appends `key` to the history, after emptying it when `reset`. */
void tp_history_push(struct transport_pos *p, uint64_t key, int reset)
{
	if (reset) {
		p->hstart = 0;
		p->hcount = 0;
	}
	if (p->hcount == TRANSPORT_HISTORY) {
		p->hstart = (uint8_t)((p->hstart + 1) % TRANSPORT_HISTORY);
		p->hcount--;
	}
	p->hist[(p->hstart + p->hcount) % TRANSPORT_HISTORY] = key;
	p->hcount++;
}

int tp_history_count(const struct transport_pos *p, uint64_t key)
{
	int n = 0;

	for (int i = 0; i < p->hcount; i++)
		n += p->hist[(p->hstart + i) % TRANSPORT_HISTORY] == key;
	return n;
}

int tp_square_name(const struct tp_cfg *c, int sq, char *buf, size_t len)
{
	if (sq == TP_OFF)
		return snprintf(buf, len, "off");
	return snprintf(buf, len, "%c%d", 'a' + sq % c->n, sq / c->n + 1);
}

/* A square "e5" at *text, which moves past it; -1 when there is none
 * or it is off the board. */
int tp_square_parse(const struct tp_cfg *c, const char **text)
{
	const char *t = *text;
	int file, rank = 0, digits = 0;

	if (*t < 'a' || *t > 'z')
		return -1;
	file = *t++ - 'a';
	while (*t >= '0' && *t <= '9' && digits < 3) {
		rank = rank * 10 + (*t++ - '0');
		digits++;
	}
	if (digits == 0 || (*t >= '0' && *t <= '9') || file >= c->n ||
	    rank < 1 || rank > c->n)
		return -1;
	*text = t;
	return (rank - 1) * c->n + file;
}

/* A pointing "ne" at *text, which moves past it; -1 when none. */
int tp_dir_parse(const char **text)
{
	int best = -1;
	size_t blen = 0;

	for (int d = 0; d < 8; d++) {
		size_t len = strlen(tp_dir_names[d]);

		if (strncmp(*text, tp_dir_names[d], len) == 0 && len > blen) {
			best = d;
			blen = len;
		}
	}
	if (best >= 0)
		*text += blen;
	return best;
}

int transport_board_size(const struct rules_game *game)
{
	return tp_cfg_of(game)->n;
}

int transport_square_name(const struct rules_game *game, int sq, char *buf,
			  size_t len)
{
	const struct tp_cfg *c = tp_cfg_of(game);
	int n;

	if (sq < 0 || sq >= c->squares)
		return -1;
	n = tp_square_name(c, sq, buf, len);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

void transport_occupancy(const struct rules_game *game, const void *pos,
			 int *count)
{
	const struct tp_cfg *c = tp_cfg_of(game);
	const struct transport_pos *p = pos;

	memset(count, 0, sizeof(*count) * (size_t)c->squares);
	for (int s = 0; s < 2; s++) {
		for (int k = 0; k < TRANSPORT_SHIPS; k++) {
			if (p->ship[s][k].sq == TP_NONE)
				continue;
			count[p->ship[s][k].sq]++;
			if (p->ship[s][k].bow != TP_NONE)
				count[p->ship[s][k].bow]++;
		}
		for (int i = 0; i < p->naux[s]; i++)
			count[p->aux[s][i].sq]++;
	}
}
