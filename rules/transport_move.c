/*
 * transport_move.c - Transport's movement and launches: the legal moves
 * of a position, and the check of one move with the reason it is
 * refused, naming the piece and the square.
 *
 * One generator serves both: it enumerates each piece's candidate moves
 * by their geometry and keeps those that pass the rules of entry
 * (transport_contact.c). When checking a move it runs for that kind of
 * piece only and notes why a candidate equal to the move was dropped.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rules/transport_impl.h"

/* Why a candidate was dropped (struct tp_why). */
enum {
	WHY_NONE, WHY_OWN, WHY_FOE, WHY_PASS, WHY_DPASS, WHY_NOT_EMPTY,
	WHY_AT_LAUNCHER
};

/* A move wanted by tp_check(), and what became of it. */
struct tp_want {
	const struct rules_move *move;
	int found, why, why_sq;
};

void tp_move_set(struct rules_move *m, int type, int kind, int a, int b,
		 int dir)
{
	memset(m, 0, sizeof(*m));
	m->w[0] = (uint32_t)type | (uint32_t)kind << 8;
	m->w[1] = (uint32_t)a;
	m->w[2] = (uint32_t)b;
	m->w[3] = (uint32_t)dir;
}

int tp_missile_of(const struct tp_cfg *c, int launcher)
{
	if (launcher == TRANSPORT_T)
		return c->armed ? TRANSPORT_H : -1;
	return launcher >= 0 && launcher < TRANSPORT_KINDS ?
	       tp_kinds[launcher].launches : -1;
}

static struct tp_want *want_of(const struct tp_gen *g)
{
	return g->want;
}

static inline void emit(struct tp_gen *g, int type, int kind, int a, int b,
			int dir)
{
	if (g->want != NULL) {
		struct rules_move m;

		tp_move_set(&m, type, kind, a, b, dir);
		if (memcmp(&m, want_of(g)->move, sizeof(m)) == 0)
			want_of(g)->found = 1;
	} else if (g->n < g->cap) {
		tp_move_set(&g->moves[g->n], type, kind, a, b, dir);
	}
	g->n++;
}

/* A candidate dropped for `why` at `sq`; matched against the wanted
 * move on everything but the pointing when `anydir`. */
static void drop(struct tp_gen *g, int type, int kind, int a, int b,
		 int dir, int anydir, int why, int sq)
{
	const struct rules_move *w;
	struct rules_move m;

	if (g->want == NULL)
		return;
	w = want_of(g)->move;
	tp_move_set(&m, type, kind, a, b, anydir ? (int)w->w[3] : dir);
	if (memcmp(&m, w, sizeof(m)) == 0 && want_of(g)->why == WHY_NONE) {
		want_of(g)->why = why;
		want_of(g)->why_sq = sq;
	}
}

/* Entry rules for a move to `to`: the reason it may not, or WHY_NONE. */
static int entry_why(const struct tp_gen *g, int kind, int to)
{
	if (g->board.at[g->p->side][tp_kinds[kind].stratum][to])
		return WHY_OWN;
	return tp_entry_ok(&g->board, g->p->side, kind, to) ? WHY_NONE
							    : WHY_FOE;
}

static void step_to(struct tp_gen *g, int kind, int from, int to, int dir,
		    int anydir)
{
	int why = entry_why(g, kind, to);

	if (why != WHY_NONE) {
		drop(g, TP_MOVE, kind, from, to, dir, anydir, why, to);
		return;
	}
	if (kind == TRANSPORT_P) {
		for (int d = 0; d < 8; d++)
			emit(g, TP_MOVE, kind, from, to, d);
	} else {
		emit(g, TP_MOVE, kind, from, to, dir);
	}
}

/* Battleship and carrier: 7 pivots about each end and 2 slides. */
static void gen_ship2(struct tp_gen *g, const struct transport_piece *sh)
{
	const struct tp_cfg *c = g->c;
	int stern = sh->sq, bow = sh->bow, ahead = tp_dir_to(c, stern, bow);
	int y;

	for (int d = 0; d < 8; d++) {
		y = c->nb[stern][d];
		if (y != TP_NONE && y != bow)
			step_to(g, sh->kind, bow, y, 0, 0);
		y = c->nb[bow][d];
		if (y != TP_NONE && y != stern)
			step_to(g, sh->kind, stern, y, 0, 0);
	}
	y = c->nb[bow][ahead];
	if (y != TP_NONE)
		step_to(g, sh->kind, bow, y, 0, 0);
	y = c->nb[stern][tp_opposite(ahead)];
	if (y != TP_NONE)
		step_to(g, sh->kind, stern, y, 0, 0);
}

/* Enemy shell or plane on `sq` (any pointing when dir < 0, else the
 * one pointed `dir`). */
static int foe_air_at(const struct tp_gen *g, int sq, int dir)
{
	const struct transport_pos *p = g->p;
	int foe = p->side ^ 1;

	if (g->board.at[foe][TRANSPORT_AIR][sq] == 0)
		return 0;
	if (dir < 0)
		return 1;
	for (int i = 0; i < p->naux[foe]; i++)
		if (p->aux[foe][i].sq == sq &&
		    tp_kinds[p->aux[foe][i].kind].stratum == TRANSPORT_AIR)
			return p->aux[foe][i].dir == dir;
	return 0;
}

/* Transport, destroyer (its first move may go two squares straight,
 * not over an enemy shell or plane) and submarine (dark diagonals; its
 * first move may skip one square). */
static void gen_single(struct tp_gen *g, const struct transport_piece *sh)
{
	const struct tp_cfg *c = g->c;
	int kind = sh->kind, from = sh->sq, diag = kind == TRANSPORT_U;
	unsigned fresh = g->p->fresh[g->p->side] &
			 (kind == TRANSPORT_U ? FRESH_U :
			  kind == TRANSPORT_D ? FRESH_D : 0);

	for (int d = diag; d < 8; d += 1 + diag) {
		int y = c->nb[from][d], z;

		if (y == TP_NONE)
			continue;
		step_to(g, kind, from, y, 0, 0);
		z = c->nb[y][d];
		if (!fresh || z == TP_NONE)
			continue;
		if (kind == TRANSPORT_D && foe_air_at(g, y, -1))
			drop(g, TP_MOVE, kind, from, z, 0, 0, WHY_DPASS, y);
		else
			step_to(g, kind, from, z, 0, 0);
	}
}

/* A plane: one square any way, or two its pointed way, not over an
 * enemy shell or plane pointed straight back at it; then any pointing. */
static void gen_plane(struct tp_gen *g, const struct transport_piece *a)
{
	const struct tp_cfg *c = g->c;
	int mid = c->nb[a->sq][a->dir], z;

	for (int d = 0; d < 8; d++)
		if (c->nb[a->sq][d] != TP_NONE)
			step_to(g, TRANSPORT_P, a->sq, c->nb[a->sq][d], 0, 1);
	if (mid == TP_NONE || (z = c->nb[mid][a->dir]) == TP_NONE)
		return;
	if (foe_air_at(g, mid, tp_opposite(a->dir)))
		drop(g, TP_MOVE, TRANSPORT_P, a->sq, z, 0, 1, WHY_PASS, mid);
	else
		step_to(g, TRANSPORT_P, a->sq, z, 0, 1);
}

/* A shell or torpedo: one square its pointed way, or off the board. */
static void gen_missile(struct tp_gen *g, const struct transport_piece *a)
{
	int y = g->c->nb[a->sq][a->dir];

	if (y == TP_NONE)
		emit(g, TP_MOVE, a->kind, a->sq, TP_OFF, 0);
	else
		step_to(g, a->kind, a->sq, y, 0, 0);
}

/* The squares around a launcher, each once; how many. */
static int around(const struct tp_cfg *c, const struct transport_piece *l,
		  uint8_t *out)
{
	int n = 0;

	for (int end = 0; end < 2; end++) {
		int from = end ? l->bow : l->sq;

		if (from == TP_NONE)
			continue;
		for (int d = 0; d < 8; d++) {
			int y = c->nb[from][d], dup = 0;

			if (y == TP_NONE || y == l->sq || y == l->bow)
				continue;
			for (int i = 0; i < n; i++)
				dup |= out[i] == y;
			if (!dup)
				out[n++] = (uint8_t)y;
		}
	}
	return n;
}

static int empty_square(const struct tp_board *b, int sq)
{
	for (int s = 0; s < 2; s++)
		for (int st = 0; st < 3; st++)
			if (b->at[s][st][sq])
				return 0;
	return 1;
}

/* One launch onto `q` pointed `d` by `l`, firing `missile`. */
static void launch_one(struct tp_gen *g, const struct transport_piece *l,
		       int missile, int q, int d, int kills)
{
	int next = g->c->nb[q][d], why;

	if (next != TP_NONE && (next == l->sq || next == l->bow)) {
		drop(g, TP_LAUNCH, l->kind, q, 0, d, 0, WHY_AT_LAUNCHER, next);
		return;
	}
	if (missile == TRANSPORT_O && !kills && next != TP_NONE &&
	    (why = entry_why(g, missile, next)) != WHY_NONE) {
		drop(g, TP_LAUNCH, l->kind, q, 0, d, 0, why, next);
		return;
	}
	emit(g, TP_LAUNCH, l->kind, q, 0, d);
}

static void gen_launches(struct tp_gen *g, const struct transport_piece *l)
{
	int missile = tp_missile_of(g->c, l->kind), side = g->p->side;
	uint8_t sq[TRANSPORT_AROUND_MAX];
	int n;

	if (missile < 0 || g->p->reserve[side][missile - TRANSPORT_P] == 0)
		return;
	n = around(g->c, l, sq);
	for (int i = 0; i < n; i++) {
		int q = sq[i], why, kills;

		if (missile == TRANSPORT_P) {
			if (!empty_square(&g->board, q)) {
				drop(g, TP_LAUNCH, l->kind, q, 0, 0, 1,
				     WHY_NOT_EMPTY, q);
				continue;
			}
			for (int d = 0; d < 8; d++)
				emit(g, TP_LAUNCH, l->kind, q, 0, d);
			continue;
		}
		why = entry_why(g, missile, q);
		if (why != WHY_NONE) {
			drop(g, TP_LAUNCH, l->kind, q, 0, 0, 1, why, q);
			continue;
		}
		kills = tp_entry_kills(&g->board, side, missile, q);
		for (int d = 0; d < 8; d++)
			launch_one(g, l, missile, q, d, kills);
	}
}

static int wanted_kind(const struct tp_gen *g, int kind)
{
	return g->want == NULL ||
	       (int)((want_of(g)->move->w[0] >> 8) & 0xff) ==
	       kind;
}

/* Whether an auxiliary piece on `sq` may make the wanted move: a move
 * names its square (a launch names none of them). */
static int wanted_aux(const struct tp_gen *g, int kind, int sq)
{
	const struct rules_move *m;

	if (g->want == NULL)
		return 1;
	m = want_of(g)->move;
	return wanted_kind(g, kind) && (m->w[0] & 0xff) == TP_MOVE &&
	       (int)m->w[1] == sq;
}

void tp_generate(struct tp_gen *g)
{
	const struct transport_pos *p = g->p;
	int side = p->side;

	tp_board_build(g->c, p, &g->board);
	/* The transport first: a side almost always has a move there. */
	static const int order[TRANSPORT_SHIPS] = {
		TRANSPORT_T, TRANSPORT_D, TRANSPORT_U, TRANSPORT_C, TRANSPORT_B
	};
	for (int i = 0; i < TRANSPORT_SHIPS; i++) {
		const struct transport_piece *sh = &p->ship[side][order[i]];

		if (sh->sq == TP_NONE || !wanted_kind(g, sh->kind))
			continue;
		if (sh->bow != TP_NONE)
			gen_ship2(g, sh);
		else
			gen_single(g, sh);
		if (g->stop && g->n)
			return;
	}
	for (int i = 0; i < p->naux[side]; i++) {
		const struct transport_piece *a = &p->aux[side][i];

		if (!wanted_aux(g, a->kind, a->sq))
			continue;
		if (a->kind == TRANSPORT_P)
			gen_plane(g, a);
		else
			gen_missile(g, a);
		if (g->stop && g->n)
			return;
	}
	for (int k = 0; k < TRANSPORT_SHIPS; k++) {
		const struct transport_piece *sh = &p->ship[side][k];

		if (sh->sq != TP_NONE && wanted_kind(g, k))
			gen_launches(g, sh);
	}
}

int tp_has_move(const struct tp_cfg *c, const struct transport_pos *p)
{
	struct tp_gen g = { .c = c, .p = p, .stop = 1 };

	tp_generate(&g);
	return g.n > 0;
}

/* ------------------------------------------------------------ checks */

/* "N's shell" for the enemy piece on `sq` that `kind` is vulnerable
 * to, or the own piece in its stratum when `own`. */
static void who_on(const struct tp_gen *g, int kind, int sq, int own,
		   char *buf, size_t len)
{
	int side = g->p->side, foe = side ^ 1;

	if (own) {
		int k = g->board.at[side][tp_kinds[kind].stratum][sq] - 1;

		snprintf(buf, len, "%s's own %s", transport_seat_names[side],
			 k >= 0 ? tp_kinds[k].name : "piece");
		return;
	}
	for (int st = 0; st < 3; st++) {
		int k = g->board.at[foe][st][sq] - 1;

		if (k >= 0 && (tp_kinds[kind].vulnerable >> k & 1)) {
			snprintf(buf, len, "%s's %s", transport_seat_names[foe],
				 tp_kinds[k].name);
			return;
		}
		if (k >= 0 && kind == TRANSPORT_P && st == TRANSPORT_AIR) {
			snprintf(buf, len, "%s's %s", transport_seat_names[foe],
				 tp_kinds[k].name);
			return;
		}
	}
	snprintf(buf, len, "a piece");
}

static int why_text(const struct tp_gen *g, const char *what, int kind,
		    const struct tp_want *w, char *err, size_t errlen)
{
	char at[8], who[48];

	tp_square_name(g->c, w->why_sq, at, sizeof(at));
	switch (w->why) {
	case WHY_OWN:
		who_on(g, kind, w->why_sq, 1, who, sizeof(who));
		rules_error(err, errlen,
			    "%s: %s is on %s (a side has one piece per stratum on a square)",
			    what, who, at);
		return -1;
	case WHY_FOE:
		who_on(g, kind, w->why_sq, 0, who, sizeof(who));
		rules_error(err, errlen,
			    "%s: %s on %s would destroy the %s (no piece moves onto a piece it is vulnerable to)",
			    what, who, at, tp_kinds[kind].name);
		return -1;
	case WHY_PASS:
		rules_error(err, errlen,
			    "%s: the plane may not pass over %s, pointed straight at it",
			    what, at);
		return -1;
	case WHY_DPASS:
		rules_error(err, errlen,
			    "%s: the destroyer may not pass over the enemy's shell or plane on %s",
			    what, at);
		return -1;
	case WHY_NOT_EMPTY:
		rules_error(err, errlen,
			    "%s: a plane is launched onto an empty square; %s is not",
			    what, at);
		return -1;
	case WHY_AT_LAUNCHER:
		rules_error(err, errlen,
			    "%s: the %s would point at its own launcher on %s",
			    what, tp_kinds[kind].name, at);
		return -1;
	}
	return 0;
}

static const char *const reach_hint[TRANSPORT_KINDS] = {
	[TRANSPORT_U] = "a submarine moves one square diagonally (two on its first move)",
	[TRANSPORT_C] = "the end moved pivots about the other end, or the ship slides one square along its line",
	[TRANSPORT_T] = "a transport moves one square",
	[TRANSPORT_D] = "a destroyer moves one square (two in a straight line on its first move)",
	[TRANSPORT_B] = "the end moved pivots about the other end, or the ship slides one square along its line",
	[TRANSPORT_P] = "a plane moves one square, or two its pointed way",
	[TRANSPORT_H] = "a shell flies one square its pointed way",
	[TRANSPORT_O] = "a torpedo runs one square its pointed way",
};

static int check_move(struct tp_gen *g, struct tp_want *w, char *err,
		      size_t errlen)
{
	const struct rules_move *m = w->move;
	int kind = (int)(m->w[0] >> 8 & 0xff), side = g->p->side;
	int from = (int)m->w[1], to = (int)m->w[2];
	char what[40], fs[8], ts[8];

	if (from >= g->c->squares || (to >= g->c->squares && to != TP_OFF) ||
	    m->w[3] > 7) {
		rules_error(err, errlen, "not a move on this board");
		return -1;
	}
	tp_square_name(g->c, from, fs, sizeof(fs));
	tp_square_name(g->c, to, ts, sizeof(ts));
	snprintf(what, sizeof(what), "%s %s-%s", tp_kinds[kind].name, fs, ts);
	if (tp_find((struct transport_pos *)g->p, side, kind, from) == NULL) {
		const char *owner = tp_find((struct transport_pos *)g->p,
					    side ^ 1, kind, from) ?
				    " (it is the other side's)" : "";

		rules_error(err, errlen, "%s: no %s of %s on %s%s", what,
			    tp_kinds[kind].name, transport_seat_names[side],
			    fs, owner);
		return -1;
	}
	tp_generate(g);
	if (w->found)
		return 0;
	if (why_text(g, what, kind, w, err, errlen) < 0)
		return -1;
	rules_error(err, errlen, "%s: the %s on %s cannot go to %s: %s", what,
		    tp_kinds[kind].name, fs, ts, reach_hint[kind]);
	return -1;
}

static int check_launch(struct tp_gen *g, struct tp_want *w, char *err,
			size_t errlen)
{
	const struct rules_move *m = w->move;
	int kind = (int)(m->w[0] >> 8 & 0xff), side = g->p->side;
	int q = (int)m->w[1], missile = tp_missile_of(g->c, kind), n, near = 0;
	const struct transport_piece *l;
	char what[40], qs[8];
	uint8_t sq[TRANSPORT_AROUND_MAX];

	if (q >= g->c->squares || m->w[2] != 0 || m->w[3] > 7) {
		rules_error(err, errlen, "not a launch on this board");
		return -1;
	}
	tp_square_name(g->c, q, qs, sizeof(qs));
	snprintf(what, sizeof(what), "launch by the %s on %s",
		 tp_kinds[kind].name, qs);
	if (missile < 0) {
		rules_error(err, errlen, "%s: the %s launches nothing%s", what,
			    tp_kinds[kind].name, kind == TRANSPORT_T ?
			    " (without armed-transport)" : "");
		return -1;
	}
	l = &g->p->ship[side][kind];
	if (l->sq == TP_NONE) {
		rules_error(err, errlen, "%s: %s's %s has been destroyed",
			    what, transport_seat_names[side],
			    tp_kinds[kind].name);
		return -1;
	}
	if (g->p->reserve[side][missile - TRANSPORT_P] == 0) {
		rules_error(err, errlen, "%s: %s has no %s in reserve", what,
			    transport_seat_names[side], tp_kinds[missile].name);
		return -1;
	}
	n = around(g->c, l, sq);
	for (int i = 0; i < n; i++)
		near |= sq[i] == q;
	if (!near) {
		rules_error(err, errlen, "%s: %s is not next to the %s", what,
			    qs, tp_kinds[kind].name);
		return -1;
	}
	tp_generate(g);
	if (w->found)
		return 0;
	if (why_text(g, what, missile, w, err, errlen) < 0)
		return -1;
	rules_error(err, errlen, "%s: not a legal launch", what);
	return -1;
}

int tp_check(const struct tp_cfg *c, const struct transport_pos *p,
	     const struct rules_move *m, char *err, size_t errlen)
{
	struct tp_want want = { m, 0, WHY_NONE, 0 };
	struct tp_gen g;
	int type = (int)(m->w[0] & 0xff), kind = (int)(m->w[0] >> 8 & 0xff);

	if (p->over != TRANSPORT_GOING) {
		rules_error(err, errlen, "the game is over");
		return -1;
	}
	if ((type == TP_RESIGN && (m->w[0] >> 16) <= 1 && kind == 0) ||
	    (type == TP_DRAW && (m->w[0] >> 8) == 0)) {
		if ((m->w[1] | m->w[2] | m->w[3]) == 0)
			return 0;
	}
	memset(&g, 0, sizeof(g));
	g.c = c;
	g.p = p;
	g.want = &want;
	if (type == TP_MOVE && kind < TRANSPORT_KINDS && m->w[0] >> 16 == 0)
		return check_move(&g, &want, err, errlen);
	if (type == TP_LAUNCH && kind < TRANSPORT_KINDS && m->w[0] >> 16 == 0)
		return check_launch(&g, &want, err, errlen);
	rules_error(err, errlen, "not a Transport move");
	return -1;
}
