/*
 * transport_text.c - Transport's position and move text.
 *
 * Position: "FLEET S / FLEET N / TURN / QUIET[ / team=I.J]", e.g. on 11x11
 *   S: Ua1! Cc1c2 Tf1 Bi1i2 Dk1! reserve P2 H5 O4 /
 *   N: Uk11! Ci11i10 Tf11 Bc11c10 Da11! reserve P2 H5 O4 / S / 0
 * (one line). A fleet lists its pieces: the kind's letter and its square,
 * a two-square ship's stern then bow, "!" after a submarine or destroyer
 * that has not made its first move, ":POINTING" after a plane, shell or
 * torpedo; then "reserve" and the planes, shells and torpedoes off the
 * board. TURN is the side to move, or once the game is over "S-won",
 * "N-won" or "drawn" with ":why" (sunk, no-move, quiet, repetition,
 * resigned, declared). QUIET counts the plies since the last
 * destruction.
 *
 * Moves: "Tf1-f2" (a piece from its square; a two-square ship names the
 * end that moves), "Pe5-e7:ne" (a plane, then its pointing; left out: as
 * it was), "He9-off" (a shell or torpedo leaving the board), "B*h3:n"
 * (a launch by the battleship onto h3 pointed n), "resign" (the side to
 * move; "N:resign" names the side) and "draw" (declared).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules/transport_impl.h"

static const char *const end_words[] = {
	[TRANSPORT_GOING] = "", [TRANSPORT_SUNK] = "sunk",
	[TRANSPORT_NO_MOVE] = "no-move", [TRANSPORT_QUIET] = "quiet",
	[TRANSPORT_REPETITION] = "repetition",
	[TRANSPORT_RESIGNED] = "resigned", [TRANSPORT_DECLARED] = "declared"
};

static int kind_of_letter(char letter)
{
	for (int k = 0; k < TRANSPORT_KINDS; k++)
		if (tp_kinds[k].letter == letter)
			return k;
	return -1;
}

/* ------------------------------------------------------------ format */

struct out {
	char *buf;
	size_t len, used;
	int over;
};

static void put(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->used, o->used < o->len ? o->len - o->used : 0,
		      fmt, ap);
	va_end(ap);
	if (n < 0 || o->used + (size_t)n >= o->len)
		o->over = 1;
	else
		o->used += (size_t)n;
}

static void put_piece(struct out *o, const struct tp_cfg *c,
		      const struct transport_piece *a, int fresh)
{
	char sq[8], bow[8] = "";

	tp_square_name(c, a->sq, sq, sizeof(sq));
	if (a->bow != TP_NONE)
		tp_square_name(c, a->bow, bow, sizeof(bow));
	put(o, " %c%s%s%s", tp_kinds[a->kind].letter, sq, bow,
	    fresh ? "!" : "");
	if (!tp_is_ship(a->kind))
		put(o, ":%s", tp_dir_names[a->dir]);
}

/* The auxiliary pieces by kind, then square: an insertion sort. */
static void sort_aux(struct transport_piece *a, int n)
{
	for (int i = 1; i < n; i++) {
		struct transport_piece x = a[i];
		int j = i;

		for (; j > 0 && (a[j - 1].kind > x.kind ||
				 (a[j - 1].kind == x.kind && a[j - 1].sq > x.sq));
		     j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

static void put_fleet(struct out *o, const struct tp_cfg *c,
		      const struct transport_pos *p, int side)
{
	struct transport_piece aux[TRANSPORT_AUX_MAX];

	put(o, "%s:", transport_seat_names[side]);
	for (int k = 0; k < TRANSPORT_SHIPS; k++) {
		unsigned bit = k == TRANSPORT_U ? FRESH_U :
			       k == TRANSPORT_D ? FRESH_D : 0;

		if (p->ship[side][k].sq != TP_NONE)
			put_piece(o, c, &p->ship[side][k],
				  (p->fresh[side] & bit) != 0);
	}
	memcpy(aux, p->aux[side], sizeof(aux[0]) * p->naux[side]);
	sort_aux(aux, p->naux[side]);
	for (int i = 0; i < p->naux[side]; i++)
		put_piece(o, c, &aux[i], 0);
	put(o, " reserve P%d H%d O%d", p->reserve[side][RES_P],
	    p->reserve[side][RES_H], p->reserve[side][RES_O]);
}

int transport_position_format(const struct rules_game *game, const void *pos,
			      enum rules_text_view view, char *buf,
			      size_t buflen)
{
	const struct tp_cfg *c = tp_cfg_of(game);
	const struct transport_pos *p = pos;
	struct out o = { buf, buflen, 0, 0 };

	(void)view;
	if (buflen == 0)
		return -1;
	buf[0] = '\0';
	put_fleet(&o, c, p, 0);
	put(&o, " / ");
	put_fleet(&o, c, p, 1);
	if (p->over == TRANSPORT_GOING)
		put(&o, " / %s", transport_seat_names[p->side]);
	else if (p->winner == TP_NONE)
		put(&o, " / drawn:%s", end_words[p->over]);
	else
		put(&o, " / %s-won:%s", transport_seat_names[p->winner],
		    end_words[p->over]);
	put(&o, " / %u", p->quiet);
	if (c->teams > 1)
		put(&o, " / team=%d.%d", p->member[0] + 1, p->member[1] + 1);
	return o.over ? -1 : 0;
}

/* ------------------------------------------------------------- parse */

static const char *const field_name[] = {
	"South's fleet", "North's fleet", "turn", "quiet plies", "team"
};

struct parse {
	const struct tp_cfg *c;
	struct transport_pos *p;
	int field, side;
	char *err;
	size_t errlen;
	int seen[TRANSPORT_SHIPS];
};

static int fail(struct parse *ps, const char *word, int wlen,
		const char *why)
{
	rules_error(ps->err, ps->errlen, "field %d (%s): '%.*s': %s",
		    ps->field + 1, field_name[ps->field], wlen, word, why);
	return -1;
}

static int parse_reserve(struct parse *ps, const char *w, int len)
{
	int kind = kind_of_letter(w[0]), n = 0;

	if (kind < TRANSPORT_P || len < 2 || len > 3)
		return fail(ps, w, len,
			    "a reserve is P, H or O and a count (P2 H5 O4)");
	for (int i = 1; i < len; i++) {
		if (w[i] < '0' || w[i] > '9')
			return fail(ps, w, len, "the count is not a number");
		n = n * 10 + (w[i] - '0');
	}
	ps->p->reserve[ps->side][kind - TRANSPORT_P] = (uint8_t)n;
	return 0;
}

static int parse_piece(struct parse *ps, const char *w, int len)
{
	const char *t = w + 1, *end = w + len;
	int kind = kind_of_letter(w[0]), side = ps->side;
	struct transport_piece pc = { (uint8_t)kind, 0, TP_NONE, 0 };
	int sq;

	if (kind < 0)
		return fail(ps, w, len,
			    "not a piece (U C T B D P H O, then its square)");
	if ((sq = tp_square_parse(ps->c, &t)) < 0)
		return fail(ps, w, len, "no square of this board after the piece");
	pc.sq = (uint8_t)sq;
	if (tp_kinds[kind].squares == 2) {
		if ((sq = tp_square_parse(ps->c, &t)) < 0)
			return fail(ps, w, len, "a two-square ship needs its stern and bow squares");
		if (!tp_adjacent(ps->c, pc.sq, sq))
			return fail(ps, w, len, "stern and bow are not next to each other");
		pc.bow = (uint8_t)sq;
	}
	if (t < end && *t == '!') {
		if (kind != TRANSPORT_U && kind != TRANSPORT_D)
			return fail(ps, w, len, "only a submarine or destroyer has a first move to make (!)");
		ps->p->fresh[side] |= kind == TRANSPORT_U ? FRESH_U : FRESH_D;
		t++;
	}
	if (!tp_is_ship(kind)) {
		int d;

		if (t >= end || *t != ':' || (t++, d = tp_dir_parse(&t)) < 0)
			return fail(ps, w, len, "needs its pointing (:n :ne :e :se :s :sw :w :nw)");
		pc.dir = (uint8_t)d;
	}
	if (t != end)
		return fail(ps, w, len, "unexpected text after the piece");
	if (kind == TRANSPORT_U && !ps->c->dark[pc.sq])
		return fail(ps, w, len, "a submarine stays on dark squares");
	if (tp_is_ship(kind)) {
		if (ps->seen[kind]++)
			return fail(ps, w, len, "a side has one of each ship");
		ps->p->ship[side][kind] = pc;
	} else {
		if (ps->p->naux[side] >= TRANSPORT_AUX_MAX)
			return fail(ps, w, len, "more pieces than a side has");
		ps->p->aux[side][ps->p->naux[side]++] = pc;
	}
	return 0;
}

/* One fleet field: "S: pieces... reserve P2 H5 O4". */
static int parse_fleet(struct parse *ps, const char *text, size_t tlen)
{
	const char *t = text, *end = text + tlen;
	int in_reserve = 0, first = 1;

	memset(ps->seen, 0, sizeof(ps->seen));
	for (int k = 0; k < TRANSPORT_SHIPS; k++) {
		ps->p->ship[ps->side][k].kind = (uint8_t)k;
		ps->p->ship[ps->side][k].sq = TP_NONE;
		ps->p->ship[ps->side][k].bow = TP_NONE;
	}
	while (t < end) {
		const char *w;
		int len;

		while (t < end && *t == ' ')
			t++;
		w = t;
		while (t < end && *t != ' ')
			t++;
		len = (int)(t - w);
		if (len == 0)
			break;
		if (first && len == 2 && w[1] == ':') {
			first = 0;
			if (w[0] != transport_seat_names[ps->side][0])
				return fail(ps, w, len, "this field is the other side's fleet");
			continue;
		}
		first = 0;
		if (len == 7 && memcmp(w, "reserve", 7) == 0) {
			in_reserve = 1;
			continue;
		}
		if ((in_reserve ? parse_reserve(ps, w, len)
				: parse_piece(ps, w, len)) < 0)
			return -1;
	}
	return 0;
}

static int parse_turn(struct parse *ps, const char *w, int len)
{
	struct transport_pos *p = ps->p;

	if (len == 1 && (w[0] == 'S' || w[0] == 'N')) {
		p->side = w[0] == 'N';
		return 0;
	}
	for (int e = TRANSPORT_SUNK; e <= TRANSPORT_DECLARED; e++) {
		char word[32];

		for (int who = 0; who < 3; who++) {
			snprintf(word, sizeof(word), "%s:%s",
				 who == 2 ? "drawn" : who ? "N-won" : "S-won",
				 end_words[e]);
			if ((int)strlen(word) == len &&
			    memcmp(word, w, (size_t)len) == 0) {
				p->over = (uint8_t)e;
				p->winner = who == 2 ? TP_NONE : (uint8_t)who;
				return 0;
			}
		}
	}
	return fail(ps, w, len, "not S, N, or the end (S-won:sunk, drawn:quiet...)");
}

/* Pieces that cannot stand together: two of one side in a stratum, or
 * enemies either of which is vulnerable to the other. */
static int check_squares(struct parse *ps)
{
	const struct tp_cfg *c = ps->c;
	struct tp_board b;
	char sq[8];

	tp_board_build(c, ps->p, &b);
	for (int s = 0; s < 2; s++) {
		int n = 0;

		for (int k = 0; k < TRANSPORT_SHIPS; k++)
			n += ps->p->ship[s][k].sq != TP_NONE ?
			     tp_kinds[k].squares : 0;
		for (int i = 0; i < ps->p->naux[s]; i++)
			n++;
		for (int st = 0; st < 3; st++)
			for (int q = 0; q < c->squares; q++)
				n -= b.at[s][st][q] != 0;
		if (n != 0) {
			rules_error(ps->err, ps->errlen,
				    "%s has two pieces in one stratum on a square (a side has one piece per stratum there)",
				    transport_side_word[s]);
			return -1;
		}
	}
	for (int q = 0; q < c->squares; q++) {
		for (int x = 0; x < 3; x++) {
			int a = b.at[0][x][q] - 1;

			for (int y = 0; y < 3 && a >= 0; y++) {
				int e = b.at[1][y][q] - 1;

				if (e < 0 || !((tp_kinds[a].vulnerable >> e & 1) ||
					       (tp_kinds[e].vulnerable >> a & 1)))
					continue;
				tp_square_name(c, q, sq, sizeof(sq));
				rules_error(ps->err, ps->errlen,
					    "South's %s and North's %s cannot share %s (one would have destroyed the other)",
					    tp_kinds[a].name, tp_kinds[e].name, sq);
				return -1;
			}
		}
	}
	return 0;
}

static int check_counts(struct parse *ps)
{
	struct transport_pos *p = ps->p;

	for (int s = 0; s < 2; s++) {
		int n[3] = { 0, 0, 0 };

		for (int i = 0; i < p->naux[s]; i++)
			n[p->aux[s][i].kind - TRANSPORT_P]++;
		for (int r = 0; r < 3; r++) {
			if (n[r] + p->reserve[s][r] <= ps->c->count[s][r])
				continue;
			rules_error(ps->err, ps->errlen,
				    "%s has %d %s; this game gives %d",
				    transport_side_word[s],
				    n[r] + p->reserve[s][r],
				    tp_kinds[TRANSPORT_P + r].name,
				    ps->c->count[s][r]);
			return -1;
		}
		if (p->ship[s][TRANSPORT_C].sq == TP_NONE &&
		    p->reserve[s][RES_P] > 0) {
			rules_error(ps->err, ps->errlen,
				    "%s has planes in reserve but no carrier",
				    transport_side_word[s]);
			return -1;
		}
		if (p->ship[s][TRANSPORT_T].sq == TP_NONE &&
		    !(p->over == TRANSPORT_SUNK && p->winner == (s ^ 1))) {
			rules_error(ps->err, ps->errlen,
				    "%s has no transport, and the game is not over by its sinking",
				    transport_side_word[s]);
			return -1;
		}
	}
	return 0;
}

/* Field `f` of `text` ("/"-separated): start and length, or -1. */
static int field(const char *text, int f, const char **start, size_t *len)
{
	const char *t = text;

	for (int i = 0; i < f; i++) {
		t = strchr(t, '/');
		if (t == NULL)
			return -1;
		t++;
	}
	while (*t == ' ')
		t++;
	*start = t;
	*len = strcspn(t, "/");
	while (*len > 0 && t[*len - 1] == ' ')
		(*len)--;
	return 0;
}

static int parse_tail(struct parse *ps, const char *text)
{
	const char *w;
	size_t len;
	long q = 0;

	ps->field = 2;
	if (field(text, 2, &w, &len) < 0 || len == 0)
		return fail(ps, "", 0, "missing: S, N or the end");
	if (parse_turn(ps, w, (int)len) < 0)
		return -1;
	ps->field = 3;
	if (field(text, 3, &w, &len) < 0 || len == 0)
		return fail(ps, "", 0, "missing: a number of plies");
	for (size_t i = 0; i < len; i++) {
		if (w[i] < '0' || w[i] > '9' || q * 10 + (w[i] - '0') > UINT16_MAX)
			return fail(ps, w, (int)len, "not a number of plies");
		q = q * 10 + (w[i] - '0');
	}
	ps->p->quiet = (uint16_t)q;
	ps->field = 4;
	if (field(text, 4, &w, &len) == 0) {
		unsigned a, b;
		char word[32], tail;

		snprintf(word, sizeof(word), "%.*s", (int)len, w);
		if (len >= sizeof(word) ||
		    sscanf(word, "team=%u.%u%c", &a, &b, &tail) != 2 ||
		    a < 1 || b < 1 || a > (unsigned)ps->c->teams ||
		    b > (unsigned)ps->c->teams)
			return fail(ps, w, (int)len, "not team=I.J within the teams");
		ps->p->member[0] = (uint8_t)(a - 1);
		ps->p->member[1] = (uint8_t)(b - 1);
		if (field(text, 5, &w, &len) == 0)
			return fail(ps, w, (int)len, "a field too many");
	}
	return 0;
}

int transport_position_parse(const struct rules_game *game, const char *text,
			     void *pos, char *err, size_t errlen)
{
	struct transport_pos tmp;
	struct parse ps = { tp_cfg_of(game), &tmp, 0, 0, err, errlen, { 0 } };
	const char *w;
	size_t len;

	memset(&tmp, 0, sizeof(tmp));
	tmp.winner = TP_NONE;
	for (int s = 0; s < 2; s++) {
		ps.field = s;
		ps.side = s;
		if (field(text, s, &w, &len) < 0)
			return fail(&ps, "", 0, "missing");
		if (parse_fleet(&ps, w, len) < 0)
			return -1;
	}
	if (parse_tail(&ps, text) < 0 || check_counts(&ps) < 0 ||
	    check_squares(&ps) < 0)
		return -1;
	/* One canonical order, so that equal texts make equal bytes. */
	for (int s = 0; s < 2; s++)
		sort_aux(tmp.aux[s], tmp.naux[s]);
	if (tmp.over != TRANSPORT_GOING)
		tmp.side = 0;
	tp_history_push(&tmp, tp_key(&tmp), 1);
	memcpy(pos, &tmp, sizeof(tmp));
	return 0;
}

/* -------------------------------------------------------------- moves */

static int move_fail(const char *text, char *err, size_t errlen,
		     const char *why)
{
	rules_error(err, errlen, "'%s': %s", text, why);
	return -1;
}

static int parse_seat_word(const struct transport_pos *p, const char *text,
			   struct rules_move *move)
{
	int seat = -1;

	if (strcmp(text, "draw") == 0) {
		tp_move_set(move, TP_DRAW, 0, 0, 0, 0);
		return 0;
	}
	if (strcmp(text, "resign") == 0)
		seat = p->side;
	else if (strcmp(text, "S:resign") == 0)
		seat = 0;
	else if (strcmp(text, "N:resign") == 0)
		seat = 1;
	if (seat < 0)
		return -1;
	tp_move_set(move, TP_RESIGN, 0, 0, 0, 0);
	move->w[0] |= (uint32_t)seat << 16;
	return 0;
}

int transport_move_parse(const struct rules_game *game, const void *pos,
			 const char *text, struct rules_move *move, char *err,
			 size_t errlen)
{
	const struct tp_cfg *c = tp_cfg_of(game);
	const struct transport_pos *p = pos;
	const char *t = text + 1;
	int kind = kind_of_letter(text[0]), a, b, dir = 0;

	if (parse_seat_word(p, text, move) == 0)
		return 0;
	if (kind < 0)
		return move_fail(text, err, errlen,
				 "begins with a piece: U C T B D P H O (or resign, draw)");
	if (*t == '*') {
		t++;
		if ((a = tp_square_parse(c, &t)) < 0)
			return move_fail(text, err, errlen, "a launch names a square of the board after '*'");
		if (*t++ != ':' || (dir = tp_dir_parse(&t)) < 0 || *t != '\0')
			return move_fail(text, err, errlen, "a launch ends with its pointing (:n :ne :e :se :s :sw :w :nw)");
		tp_move_set(move, TP_LAUNCH, kind, a, 0, dir);
		return 0;
	}
	if ((a = tp_square_parse(c, &t)) < 0)
		return move_fail(text, err, errlen, "no square of the board after the piece");
	if (*t++ != '-')
		return move_fail(text, err, errlen, "a move is PIECE FROM-TO (Tf1-f2)");
	if (strncmp(t, "off", 3) == 0) {
		b = TP_OFF;
		t += 3;
	} else if ((b = tp_square_parse(c, &t)) < 0) {
		return move_fail(text, err, errlen, "no square of the board after '-'");
	}
	if (kind == TRANSPORT_P) {
		const struct transport_piece *pl =
			tp_find((struct transport_pos *)p, p->side, kind, a);

		dir = pl != NULL ? pl->dir : 0;
		if (*t == ':' && (t++, dir = tp_dir_parse(&t)) < 0)
			return move_fail(text, err, errlen, "not a pointing after ':' (n ne e se s sw w nw)");
	}
	if (*t != '\0')
		return move_fail(text, err, errlen, "unexpected text after the move");
	tp_move_set(move, TP_MOVE, kind, a, b, dir);
	return 0;
}

int transport_move_format(const struct rules_game *game, const void *pos,
			  const struct rules_move *move, char *buf,
			  size_t buflen)
{
	const struct tp_cfg *c = tp_cfg_of(game);
	const struct transport_pos *p = pos;
	int type = (int)(move->w[0] & 0xff), kind = (int)(move->w[0] >> 8 & 0xff);
	char a[8], b[8];
	int n;

	if (type == TP_DRAW) {
		n = snprintf(buf, buflen, "draw");
	} else if (type == TP_RESIGN) {
		int seat = (int)(move->w[0] >> 16 & 1);

		n = seat == p->side ? snprintf(buf, buflen, "resign")
				    : snprintf(buf, buflen, "%s:resign",
					       transport_seat_names[seat]);
	} else if ((type == TP_MOVE || type == TP_LAUNCH) &&
		   kind < TRANSPORT_KINDS && move->w[1] < (unsigned)c->squares &&
		   move->w[3] < 8) {
		tp_square_name(c, (int)move->w[1], a, sizeof(a));
		if (type == TP_LAUNCH)
			n = snprintf(buf, buflen, "%c*%s:%s",
				     tp_kinds[kind].letter, a,
				     tp_dir_names[move->w[3]]);
		else if (tp_square_name(c, (int)move->w[2], b, sizeof(b)),
			 kind == TRANSPORT_P)
			n = snprintf(buf, buflen, "P%s-%s:%s", a, b,
				     tp_dir_names[move->w[3]]);
		else
			n = snprintf(buf, buflen, "%c%s-%s",
				     tp_kinds[kind].letter, a, b);
	} else {
		n = snprintf(buf, buflen, "?");
	}
	return n < 0 || (size_t)n >= buflen ? -1 : 0;
}
