/*
 * transport_contact.c - Transport's contact and the end: what entering a
 * square may do (the vulnerability table, one piece per side and
 * stratum, entries of no effect), making a move with its destructions,
 * missiles going back to reserve, and the end of the game (a transport
 * destroyed, quiet plies, repetition, no legal move).
 */
#include "config.h"

#include <string.h>

#include "rules/transport_impl.h"

/*
 * Whether a piece of `kind` of `side` may enter `sq`: not onto its own
 * side's piece of the same stratum, nor onto an enemy piece it is
 * vulnerable to, except that a plane may enter an enemy plane's square
 * (and destroys it).
 */
int tp_entry_ok(const struct tp_board *b, int side, int kind, int sq)
{
	unsigned vulnerable = tp_kinds[kind].vulnerable;
	int foe = side ^ 1;

	if (b->at[side][tp_kinds[kind].stratum][sq])
		return 0;
	for (int st = 0; st < 3; st++) {
		int k = b->at[foe][st][sq] - 1;

		if (k >= 0 && (vulnerable >> k & 1) &&
		    !(kind == TRANSPORT_P && k == TRANSPORT_P))
			return 0;
	}
	return 1;
}

/* Whether entering `sq` destroys an enemy piece there. */
int tp_entry_kills(const struct tp_board *b, int side, int kind, int sq)
{
	int foe = side ^ 1;

	for (int st = 0; st < 3; st++) {
		int k = b->at[foe][st][sq] - 1;

		if (k >= 0 && (tp_kinds[k].vulnerable >> kind & 1))
			return 1;
	}
	return 0;
}

/*
 * A piece of `kind` of the side to move has entered `sq`: every enemy
 * piece there vulnerable to it is destroyed. Returns how many; sets
 * *sunk when one of them was the transport.
 */
static int destroy_at(struct transport_pos *p, int kind, int sq, int *sunk)
{
	int foe = p->side ^ 1, n = 0;

	for (int k = 0; k < TRANSPORT_SHIPS; k++) {
		struct transport_piece *sh = &p->ship[foe][k];

		if (sh->sq == TP_NONE || (sh->sq != sq && sh->bow != sq) ||
		    !(tp_kinds[k].vulnerable >> kind & 1))
			continue;
		sh->sq = TP_NONE;
		sh->bow = TP_NONE;
		n++;
		if (k == TRANSPORT_C)
			p->reserve[foe][RES_P] = 0;	/* planes lost */
		if (k == TRANSPORT_T)
			*sunk = 1;
	}
	for (int i = 0; i < p->naux[foe]; i++) {
		struct transport_piece *a = &p->aux[foe][i];

		if (a->sq == sq && (tp_kinds[a->kind].vulnerable >> kind & 1)) {
			tp_aux_remove(p, foe, a);
			n++;
			i--;
		}
	}
	return n;
}

/* A shell or torpedo enters `to` (or leaves the board): back to reserve
 * when it leaves or destroys something. Returns the destroyed. */
static int missile_enters(const struct tp_cfg *c, struct transport_pos *p,
			  struct transport_piece *a, int to, int *sunk)
{
	int side = p->side, res = a->kind - TRANSPORT_P, n = 0;

	(void)c;
	if (to != TP_OFF && to != TP_NONE) {
		a->sq = (uint8_t)to;
		n = destroy_at(p, a->kind, to, sunk);
		if (n == 0)
			return 0;
	}
	tp_aux_remove(p, side, a);
	p->reserve[side][res]++;
	return n;
}

/* Moves a piece on the board; returns the destroyed; *fresh_used when
 * it was that piece's first move. */
static int play_move(const struct tp_cfg *c, struct transport_pos *p,
		     int kind, int from, int to, int dir, int *sunk,
		     int *fresh_used)
{
	int side = p->side;
	struct transport_piece *pc = tp_find(p, side, kind, from);

	if (kind == TRANSPORT_H || kind == TRANSPORT_O)
		return missile_enters(c, p, pc, to, sunk);
	if (pc->bow != TP_NONE) {
		int other = pc->sq == from ? pc->bow : pc->sq;

		if (tp_adjacent(c, other, to)) {	/* pivot */
			if (pc->sq == from)
				pc->sq = (uint8_t)to;
			else
				pc->bow = (uint8_t)to;
		} else if (pc->bow == from) {		/* slide ahead */
			pc->sq = pc->bow;
			pc->bow = (uint8_t)to;
		} else {				/* slide astern */
			pc->bow = pc->sq;
			pc->sq = (uint8_t)to;
		}
	} else {
		pc->sq = (uint8_t)to;
	}
	if (kind == TRANSPORT_P)
		pc->dir = (uint8_t)dir;
	if (kind == TRANSPORT_U || kind == TRANSPORT_D) {
		unsigned bit = kind == TRANSPORT_U ? FRESH_U : FRESH_D;

		*fresh_used = (p->fresh[side] & bit) != 0;
		p->fresh[side] &= (uint8_t)~bit;
	}
	return destroy_at(p, kind, to, sunk);
}

/* A launch: the missile is placed on `q` pointed `dir`; a torpedo that
 * destroys nothing there runs on one square. */
static int play_launch(const struct tp_cfg *c, struct transport_pos *p,
		       int launcher, int q, int dir, int *sunk)
{
	int side = p->side, missile = tp_missile_of(c, launcher), n;
	struct transport_piece *a = &p->aux[side][p->naux[side]++];

	p->reserve[side][missile - TRANSPORT_P]--;
	a->kind = (uint8_t)missile;
	a->sq = (uint8_t)q;
	a->bow = TP_NONE;
	a->dir = (uint8_t)dir;
	if (missile == TRANSPORT_P)
		return 0;	/* onto an empty square: no contact */
	n = destroy_at(p, missile, q, sunk);
	if (n > 0) {
		tp_aux_remove(p, side, a);
		p->reserve[side][missile - TRANSPORT_P]++;
		return n;
	}
	if (missile == TRANSPORT_O) {
		int next = c->nb[q][dir];

		return missile_enters(c, p, a, next == TP_NONE ? TP_OFF : next,
				      sunk);
	}
	return 0;
}

void tp_end_by(const struct tp_cfg *c, struct transport_pos *p, int end,
	       int winner)
{
	(void)c;
	p->over = (uint8_t)end;
	p->winner = (uint8_t)winner;
	p->side = 0;		/* one canonical form once over */
}

/*
 * Makes a checked move and everything that follows: destructions, the
 * next side and team member, the quiet count, the history, the end.
 * Returns the rules_outcome flags.
 */
unsigned tp_play(const struct tp_cfg *c, struct transport_pos *p,
		 const struct rules_move *m, int *destroyed)
{
	int type = (int)(m->w[0] & 0xff), kind = (int)(m->w[0] >> 8 & 0xff);
	int side = p->side, sunk = 0, fresh_used = 0, n = 0;
	unsigned flags = 0;
	uint64_t key;

	*destroyed = 0;
	if (type == TP_RESIGN) {
		tp_end_by(c, p, TRANSPORT_RESIGNED, (int)(m->w[0] >> 16 & 1) ^ 1);
		return RULES_GAME_OVER;
	}
	if (type == TP_DRAW) {
		tp_end_by(c, p, TRANSPORT_DECLARED, TP_NONE);
		return RULES_GAME_OVER;
	}
	if (type == TP_MOVE)
		n = play_move(c, p, kind, (int)m->w[1], (int)m->w[2],
			      (int)m->w[3], &sunk, &fresh_used);
	else
		n = play_launch(c, p, kind, (int)m->w[1], (int)m->w[3], &sunk);
	*destroyed = n;
	if (n > 0)
		flags |= RULES_CAPTURE;
	p->quiet = n > 0 ? 0 : p->quiet < UINT16_MAX ? p->quiet + 1 : p->quiet;
	if (c->teams > 1)
		p->member[side] = (uint8_t)((p->member[side] + 1) % c->teams);
	p->side ^= 1;
	key = tp_key(p);
	/* A destruction, a first move or a plane launched cannot be undone:
	 * no earlier position can come back. */
	tp_history_push(p, key, n > 0 || fresh_used ||
			(type == TP_LAUNCH && kind == TRANSPORT_C));
	if (sunk)
		tp_end_by(c, p, TRANSPORT_SUNK, side);
	else if (c->quiet > 0 && p->quiet >= c->quiet)
		tp_end_by(c, p, TRANSPORT_QUIET, TP_NONE);
	else if (tp_history_count(p, key) >= 3)
		tp_end_by(c, p, TRANSPORT_REPETITION, TP_NONE);
	else if (!tp_has_move(c, p))
		tp_end_by(c, p, TRANSPORT_NO_MOVE, side);
	if (p->over != TRANSPORT_GOING)
		flags |= RULES_GAME_OVER;
	return flags;
}
