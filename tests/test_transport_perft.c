/*
 * test_transport_perft.c - the engine's legal moves and perft checked
 * against a second, deliberately simple move generator written here from
 * RULES.md alone.
 *
 * The simple generator shares nothing with rules/transport*.c but the
 * position's public layout (transport.h) and the move notation: it keeps
 * the pieces as a flat list with file and rank, tries every square of
 * the board as a destination of every piece (and every square and
 * pointing as a launch), and keeps what the rules allow, asking each
 * time who is on a square by walking the list. Both generators' moves
 * are compared as sorted texts at every node of the tree. Along random
 * games a simple player makes each move from its text alone (entries,
 * destructions, missiles back to reserve) and its pieces and reserves
 * must be the engine's after every ply.
 */
#include "config.h"

#include "tests/transport_util.h"

#define SIMPLE_MAX 64
#define LIST_MAX 1024
#define MOVE_LEN 16

static const char letters[] = "UCTBDPHO";
static const int stratum_of[8] = { 0, 1, 1, 1, 1, 2, 2, 1 };
/* The attackers each kind is vulnerable to (the patent's tail dots). */
static const char *const attackers[8] = {
	"DP", "HOP", "HOP", "HOP", "HP", "HP", "", ""
};
static const int dfile[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int drank[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const char *const dname[8] = { "n", "ne", "e", "se", "s", "sw", "w",
				      "nw" };

struct spiece {
	int side, kind, f, r, bf, br, dir, fresh;
};

struct simple {
	int n, armed, side;
	struct spiece pc[SIMPLE_MAX];
	int npc;
	int reserve[2][3];
};

static int vulnerable(int victim, int attacker)
{
	return strchr(attackers[victim], letters[attacker]) != NULL;
}

static void load(struct simple *s, const struct transport_pos *p, int n,
		 int armed)
{
	memset(s, 0, sizeof(*s));
	s->n = n;
	s->armed = armed;
	s->side = p->side;
	for (int side = 0; side < 2; side++) {
		for (int k = 0; k < 5; k++) {
			const struct transport_piece *t = &p->ship[side][k];

			if (t->sq == TRANSPORT_NONE)
				continue;
			s->pc[s->npc++] = (struct spiece){
				side, k, t->sq % n, t->sq / n,
				t->bow == TRANSPORT_NONE ? -1 : t->bow % n,
				t->bow == TRANSPORT_NONE ? -1 : t->bow / n, 0,
				(k == 0 && (p->fresh[side] & 1)) ||
				(k == 4 && (p->fresh[side] & 2)) };
		}
		for (int i = 0; i < p->naux[side]; i++) {
			const struct transport_piece *t = &p->aux[side][i];

			s->pc[s->npc++] = (struct spiece){
				side, t->kind, t->sq % n, t->sq / n, -1, -1,
				t->dir, 0 };
		}
		for (int r = 0; r < 3; r++)
			s->reserve[side][r] = p->reserve[side][r];
	}
}

static int covers(const struct spiece *p, int f, int r)
{
	return (p->f == f && p->r == r) ||
	       (p->bf >= 0 && p->bf == f && p->br == r);
}

static int inside(const struct simple *s, int f, int r)
{
	return f >= 0 && r >= 0 && f < s->n && r < s->n;
}

static int cheb(int f1, int r1, int f2, int r2)
{
	int df = abs(f1 - f2), dr = abs(r1 - r2);

	return df > dr ? df : dr;
}

/* Whether `side` has a piece of stratum `st` on (f, r). */
static int own_in(const struct simple *s, int side, int st, int f, int r)
{
	for (int i = 0; i < s->npc; i++)
		if (s->pc[i].side == side && stratum_of[s->pc[i].kind] == st &&
		    covers(&s->pc[i], f, r))
			return 1;
	return 0;
}

static int may_enter(const struct simple *s, int side, int kind, int f,
		     int r)
{
	if (own_in(s, side, stratum_of[kind], f, r))
		return 0;
	for (int i = 0; i < s->npc; i++) {
		const struct spiece *e = &s->pc[i];

		if (e->side != side && covers(e, f, r) &&
		    vulnerable(kind, e->kind) && !(kind == 5 && e->kind == 5))
			return 0;
	}
	return 1;
}

static int destroys(const struct simple *s, int side, int kind, int f,
		    int r)
{
	for (int i = 0; i < s->npc; i++)
		if (s->pc[i].side != side && covers(&s->pc[i], f, r) &&
		    vulnerable(s->pc[i].kind, kind))
			return 1;
	return 0;
}

static int anything_on(const struct simple *s, int f, int r)
{
	for (int i = 0; i < s->npc; i++)
		if (covers(&s->pc[i], f, r))
			return 1;
	return 0;
}

/* Enemy shell or plane on (f, r); pointed `dir`, or any when dir < 0. */
static int enemy_air(const struct simple *s, int side, int f, int r,
		     int dir)
{
	for (int i = 0; i < s->npc; i++) {
		const struct spiece *e = &s->pc[i];

		if (e->side != side && (e->kind == 5 || e->kind == 6) &&
		    covers(e, f, r) && (dir < 0 || e->dir == dir))
			return 1;
	}
	return 0;
}

struct list {
	char m[LIST_MAX][MOVE_LEN];
	int n;
};

static void sq(const struct simple *s, int f, int r, char *buf)
{
	(void)s;
	snprintf(buf, 16, "%c%d", 'a' + (f & 31), (r & 31) + 1);
}

static void add(struct list *l, const char *text)
{
	size_t len = strlen(text);

	assert_true(l->n < LIST_MAX);
	assert_true(len < MOVE_LEN);
	memcpy(l->m[l->n++], text, len + 1);
}

static void add_move(const struct simple *s, struct list *l,
		     const struct spiece *p, int ff, int fr, int f, int r)
{
	char a[16], b[16], m[64];

	sq(s, ff, fr, a);
	sq(s, f, r, b);
	if (p->kind == 5) {
		for (int d = 0; d < 8; d++) {
			snprintf(m, sizeof(m), "P%s-%s:%s", a, b, dname[d]);
			add(l, m);
		}
		return;
	}
	snprintf(m, sizeof(m), "%c%s-%s", letters[p->kind], a, b);
	add(l, m);
}

/* Whether (f, r) is a destination of piece `p` moving from (ff, fr). */
static int reaches(const struct simple *s, const struct spiece *p, int ff,
		   int fr, int f, int r)
{
	int df = f - ff, dr = r - fr, c = cheb(ff, fr, f, r);

	switch (letters[p->kind]) {
	case 'B': case 'C': {
		int of = covers(p, ff, fr) && p->f == ff && p->r == fr ?
			 p->bf : p->f;
		int orr = p->f == ff && p->r == fr ? p->br : p->r;

		if (cheb(of, orr, f, r) == 1 && !(f == ff && r == fr))
			return 1;
		return f == 2 * ff - of && r == 2 * fr - orr;
	}
	case 'T':
		return c == 1;
	case 'D':
		if (c == 1)
			return 1;
		return p->fresh && c == 2 && (df == 0 || abs(df) == 2) &&
		       (dr == 0 || abs(dr) == 2) &&
		       !enemy_air(s, p->side, ff + df / 2, fr + dr / 2, -1);
	case 'U':
		if (abs(df) == 1 && abs(dr) == 1)
			return 1;
		return p->fresh && abs(df) == 2 && abs(dr) == 2;
	case 'P':
		if (c == 1)
			return 1;
		return df == 2 * dfile[p->dir] && dr == 2 * drank[p->dir] &&
		       !enemy_air(s, p->side, ff + dfile[p->dir],
				  fr + drank[p->dir], (p->dir + 4) % 8);
	default:
		return df == dfile[p->dir] && dr == drank[p->dir];
	}
}

static void piece_moves(const struct simple *s, struct list *l,
			const struct spiece *p)
{
	for (int end = 0; end < 1 + (p->bf >= 0); end++) {
		int ff = end ? p->bf : p->f, fr = end ? p->br : p->r;

		for (int f = 0; f < s->n; f++)
			for (int r = 0; r < s->n; r++)
				if (!(f == ff && r == fr) &&
				    reaches(s, p, ff, fr, f, r) &&
				    may_enter(s, p->side, p->kind, f, r))
					add_move(s, l, p, ff, fr, f, r);
		if ((p->kind == 6 || p->kind == 7) &&
		    !inside(s, ff + dfile[p->dir], fr + drank[p->dir])) {
			char a[16], m[64];

			sq(s, ff, fr, a);
			snprintf(m, sizeof(m), "%c%s-off", letters[p->kind], a);
			add(l, m);
		}
	}
}

static int missile_of(const struct simple *s, int launcher)
{
	switch (letters[launcher]) {
	case 'C': return 5;
	case 'B': return 6;
	case 'T': return s->armed ? 6 : -1;
	case 'D': case 'U': return 7;
	}
	return -1;
}

static void launches(const struct simple *s, struct list *l,
		     const struct spiece *L)
{
	int m = missile_of(s, L->kind);

	if (m < 0 || s->reserve[L->side][m - 5] == 0)
		return;
	for (int f = 0; f < s->n; f++) {
		for (int r = 0; r < s->n; r++) {
			int near = cheb(L->f, L->r, f, r) == 1 ||
				   (L->bf >= 0 && cheb(L->bf, L->br, f, r) == 1);

			if (!near || covers(L, f, r))
				continue;
			for (int d = 0; d < 8; d++) {
				int nf = f + dfile[d], nr = r + drank[d];
				char a[16], text[64];

				if (m == 5 && anything_on(s, f, r))
					continue;
				if (m != 5 && (!may_enter(s, L->side, m, f, r) ||
					       covers(L, nf, nr)))
					continue;
				if (m == 7 && !destroys(s, L->side, m, f, r) &&
				    inside(s, nf, nr) &&
				    !may_enter(s, L->side, m, nf, nr))
					continue;
				sq(s, f, r, a);
				snprintf(text, sizeof(text), "%c*%s:%s",
					 letters[L->kind], a, dname[d]);
				add(l, text);
			}
		}
	}
}

static int by_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void simple_moves(const struct simple *s, struct list *l)
{
	l->n = 0;
	for (int i = 0; i < s->npc; i++)
		if (s->pc[i].side == s->side)
			piece_moves(s, l, &s->pc[i]);
	for (int i = 0; i < s->npc; i++)
		if (s->pc[i].side == s->side && s->pc[i].kind < 5)
			launches(s, l, &s->pc[i]);
	qsort(l->m, (size_t)l->n, MOVE_LEN, by_text);
}

/* ------------------------------------------------------------- walk */

struct walk {
	struct rules_game *game;
	int n, armed;
	uint64_t nodes;
};

static void engine_moves(struct walk *w, const struct transport_pos *p,
			 struct rules_move *moves, size_t *count,
			 struct list *l)
{
	*count = transport_rules.legal_moves(w->game, p, moves,
					     TRANSPORT_MAX_MOVES);
	assert_true(*count <= TRANSPORT_MAX_MOVES);
	l->n = 0;
	for (size_t i = 0; i < *count; i++) {
		char text[32];

		assert_int_equal(transport_rules.move_format(w->game, p,
			&moves[i], text, sizeof(text)), 0);
		add(l, text);
	}
	qsort(l->m, (size_t)l->n, MOVE_LEN, by_text);
}

static void compare(struct walk *w, const struct transport_pos *p,
		    const struct list *a, const struct list *b)
{
	int i = 0, j = 0;

	while (i < a->n || j < b->n) {
		int c = i >= a->n ? 1 : j >= b->n ? -1 :
			strcmp(a->m[i], b->m[j]);

		if (c != 0)
			fail_msg("%s: %s only by the %s generator",
				 ttext(w->game, p), c < 0 ? a->m[i] : b->m[j],
				 c < 0 ? "engine's" : "simple");
		i++;
		j++;
	}
}

static uint64_t walk(struct walk *w, const struct transport_pos *p,
		     unsigned depth)
{
	struct rules_move *moves = malloc(sizeof(*moves) * TRANSPORT_MAX_MOVES);
	struct list *mine = malloc(sizeof(*mine)), *theirs = malloc(sizeof(*theirs));
	struct simple s;
	size_t count;
	uint64_t leaves = 0;

	assert_non_null(moves);
	engine_moves(w, p, moves, &count, mine);
	if (p->over == TRANSPORT_GOING) {
		load(&s, p, w->n, w->armed);
		simple_moves(&s, theirs);
		compare(w, p, mine, theirs);
	}
	w->nodes++;
	if (depth == 1)
		leaves = count;
	for (size_t i = 0; depth > 1 && i < count; i++) {
		struct transport_pos child = *p;
		struct rules_outcome out;
		char err[RULES_ERR_MAX];

		if (transport_rules.apply(w->game, &child, &moves[i], &out,
					  err, sizeof(err)) < 0)
			fail_msg("%s: a listed move refused: %s",
				 ttext(w->game, p), err);
		leaves += walk(w, &child, depth - 1);
	}
	free(moves);
	free(mine);
	free(theirs);
	return leaves;
}

static void check_tree(const char *options, int n, int armed,
		       const char *position, unsigned depth)
{
	struct walk w = { tgame(options), n, armed, 0 };
	struct transport_pos p;
	uint64_t leaves;

	if (position != NULL)
		tset(w.game, &p, position);
	else
		transport_rules.start(w.game, &p);
	leaves = walk(&w, &p, depth);
	assert_int_equal(leaves, rules_perft(w.game, &p, depth));
	/* The generic counter makes every leaf through apply(): kept to
	 * the shallower trees. */
	if (depth <= 2)
		assert_int_equal(leaves, rules_perft_generic(w.game, &p,
							     depth));
	rules_game_free(w.game);
}

/* ------------------------------------------------------------- tests */

static void test_perft_known_counts(void **state)
{
	static const struct {
		const char *options;
		uint64_t count[4];
	} rows[] = {
		{ "size=8", { 1, 136, 18496, 2871776 } },
		{ "", { 1, 171, 29241, 5539887 } },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct rules_game *g = tgame(rows[i].options);
		struct transport_pos p;

		transport_rules.start(g, &p);
		for (unsigned d = 0; d < 4; d++)
			assert_int_equal(rules_perft(g, &p, d),
					 rows[i].count[d]);
		rules_game_free(g);
	}
}

static void test_simple_agrees_size_8_depth_3(void **state)
{
	(void)state;
	check_tree("size=8", 8, 0, NULL, 3);
}

static void test_simple_agrees_size_11_depth_2(void **state)
{
	(void)state;
	check_tree("", 11, 0, NULL, 2);
}

static void test_simple_agrees_other_sizes(void **state)
{
	(void)state;
	check_tree("size=13", 13, 0, NULL, 2);
	check_tree("size=15 armed-transport", 15, 1, NULL, 2);
}

/* Positions in the thick of it: missiles and planes in the air, ships
 * side by side, first moves still to make. */
static void test_simple_agrees_in_battle(void **state)
{
	static const char *const positions[] = {
		"S: Ue5! Cc4c5 Tf3 Bf5g6 De4! Pe6:ne Pd7:s He7:n Of6:e reserve P0 H4 O3 / N: Ug7 Ce8f8 Tf9 Bh6h7 Dg5 Pf7:s Hd6:e Og4:w reserve P1 H4 O3 / S / 3",
		"S: Ua1 Cb1b2 Td1 Bg1g2 Dh1 Hc3:n Pc2:ne reserve P1 H4 O4 / N: Uh8 Cg8g7 Te8 Bb8b7 Da8 Pc4:s Hb3:se Oa2:s reserve P1 H4 O3 / N / 0",
		"S: Te5 Dd4! Uc3! Bf4f5 Cd6e6 Pe4:n reserve P1 H5 O4 / N: Tk11 Pe7:s Pc5:e He3:n Oc4:s reserve P0 H4 O3 / S / 1",
	};

	(void)state;
	check_tree("armed-transport", 11, 1, positions[0], 2);
	check_tree("size=8", 8, 0, positions[1], 3);
	check_tree("", 11, 0, positions[2], 2);
}

/* ------------------------------------------------------ simple play */

/* A square "e5" at *t; -1 for "off". */
static int read_square(const char **t, int *f, int *r)
{
	if (strncmp(*t, "off", 3) == 0) {
		*t += 3;
		return -1;
	}
	*f = **t - 'a';
	*r = (int)strtol(*t + 1, (char **)t, 10) - 1;
	return 0;
}

static int read_dir(const char *t)
{
	for (int d = 0; d < 8; d++)
		if (strcmp(t, dname[d]) == 0)
			return d;
	return -1;
}

static void drop_piece(struct simple *s, int i)
{
	s->pc[i] = s->pc[--s->npc];
}

/* A piece of kind `kind` of the mover enters (f, r): the enemies
 * vulnerable to it there are destroyed. How many. */
static int enter(struct simple *s, int kind, int f, int r)
{
	int n = 0;

	for (int i = 0; i < s->npc; i++) {
		struct spiece *e = &s->pc[i];

		if (e->side == s->side || !covers(e, f, r) ||
		    !vulnerable(e->kind, kind))
			continue;
		if (e->kind == 1)
			s->reserve[e->side][0] = 0;
		drop_piece(s, i--);
		n++;
	}
	return n;
}

/* The mover `p`, taken off the list, enters (f, r) and stays there
 * unless it is a missile that destroyed something. */
static void land(struct simple *s, struct spiece p, int f, int r)
{
	p.f = f;
	p.r = r;
	if (enter(s, p.kind, f, r) > 0 && p.kind >= 6)
		s->reserve[s->side][p.kind - 5]++;
	else
		s->pc[s->npc++] = p;
}

static void simple_launch(struct simple *s, int kind, const char *t)
{
	int m = missile_of(s, kind), f, r, d;
	struct spiece p;

	read_square(&t, &f, &r);
	d = read_dir(t + 1);
	p = (struct spiece){ s->side, m, f, r, -1, -1, d, 0 };
	s->reserve[s->side][m - 5]--;
	if (m != 7) {
		land(s, p, f, r);
	} else if (enter(s, m, f, r) > 0 ||
		   !inside(s, f + dfile[d], r + drank[d])) {
		s->reserve[s->side][m - 5]++;
	} else {
		land(s, p, f + dfile[d], r + drank[d]);
	}
}

/* A two-square ship's end on (ff, fr) goes to (f, r). */
static void ship_end(struct spiece *p, int ff, int fr, int f, int r)
{
	int stern = p->f == ff && p->r == fr;
	int of = stern ? p->bf : p->f, orr = stern ? p->br : p->r;

	if (cheb(of, orr, f, r) == 1 && stern) {
		p->f = f, p->r = r;
	} else if (cheb(of, orr, f, r) == 1) {
		p->bf = f, p->br = r;
	} else if (!stern) {
		p->f = p->bf, p->r = p->br;
		p->bf = f, p->br = r;
	} else {
		p->bf = p->f, p->br = p->r;
		p->f = f, p->r = r;
	}
}

static void simple_play(struct simple *s, const char *text)
{
	int kind = (int)(strchr(letters, text[0]) - letters), f, r, ff, fr;
	const char *t = text + 1;
	struct spiece p;
	int i = 0;

	if (*t == '*') {
		simple_launch(s, kind, t + 1);
		s->side ^= 1;
		return;
	}
	read_square(&t, &ff, &fr);
	t++;
	while (!(s->pc[i].side == s->side && s->pc[i].kind == kind &&
		 covers(&s->pc[i], ff, fr)))
		i++;
	p = s->pc[i];
	drop_piece(s, i);
	if (read_square(&t, &f, &r) < 0) {
		s->reserve[s->side][kind - 5]++;	/* off the board */
	} else if (p.bf >= 0) {
		ship_end(&p, ff, fr, f, r);
		enter(s, kind, f, r);
		s->pc[s->npc++] = p;
	} else {
		p.fresh = 0;
		if (kind == 5)
			p.dir = read_dir(t + 1);
		land(s, p, f, r);
	}
	s->side ^= 1;
}

static int by_piece(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct spiece));
}

/* The simple play's pieces and reserves are the engine's. */
static void same_pieces(struct simple *a, struct simple *b, const char *move)
{
	qsort(a->pc, (size_t)a->npc, sizeof(a->pc[0]), by_piece);
	qsort(b->pc, (size_t)b->npc, sizeof(b->pc[0]), by_piece);
	if (a->npc != b->npc ||
	    memcmp(a->pc, b->pc, sizeof(a->pc[0]) * (size_t)a->npc) != 0 ||
	    memcmp(a->reserve, b->reserve, sizeof(a->reserve)) != 0) {
		for (int i = 0; i < a->npc || i < b->npc; i++) {
			const struct spiece *x = &a->pc[i], *y = &b->pc[i];

			if (i < a->npc && i < b->npc &&
			    memcmp(x, y, sizeof(*x)) == 0)
				continue;
			print_message("piece %d: simple %d %c %d,%d %d,%d %d %d; engine %d %c %d,%d %d,%d %d %d\n",
				i, x->side, letters[x->kind & 7], x->f, x->r,
				x->bf, x->br, x->dir, x->fresh, y->side,
				letters[y->kind & 7], y->f, y->r, y->bf, y->br,
				y->dir, y->fresh);
		}
		fail_msg("after %s the simple play has %d pieces, the engine %d",
			 move, a->npc, b->npc);
	}
}

static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Random games from fixed seeds: at every ply both generators agree. */
static void test_simple_agrees_along_random_games(void **state)
{
	static const struct {
		const char *options;
		int n, armed;
	} games[] = {
		{ "size=8 quiet-plies=0", 8, 0 },
		{ "quiet-plies=0 armed-transport", 11, 1 },
		{ "size=13 quiet-plies=0 planes=4 shells=9 torpedoes=9", 13, 0 },
	};
	static struct rules_move moves[TRANSPORT_MAX_MOVES];
	static struct list mine, theirs;

	(void)state;
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		struct walk w = { tgame(games[i].options), games[i].n,
				  games[i].armed, 0 };

		for (uint64_t seed = 1; seed <= 4; seed++) {
			uint64_t x = seed * 0x2545f4914f6cdd1dULL + i;
			struct transport_pos p;
			size_t count;

			transport_rules.start(w.game, &p);
			while (p.over == TRANSPORT_GOING) {
				struct simple s;
				struct rules_outcome out;

				engine_moves(&w, &p, moves, &count, &mine);
				load(&s, &p, w.n, w.armed);
				simple_moves(&s, &theirs);
				compare(&w, &p, &mine, &theirs);
				assert_true(count > 0);
				size_t pick = xorshift(&x) % count;
				struct simple after;
				char text[32];

				transport_rules.move_format(w.game, &p,
					&moves[pick], text, sizeof(text));
				assert_int_equal(transport_rules.apply(w.game,
					&p, &moves[pick], &out, NULL, 0), 0);
				simple_play(&s, text);
				load(&after, &p, w.n, w.armed);
				same_pieces(&s, &after, text);
			}
		}
		rules_game_free(w.game);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft_known_counts),
		cmocka_unit_test(test_simple_agrees_size_8_depth_3),
		cmocka_unit_test(test_simple_agrees_size_11_depth_2),
		cmocka_unit_test(test_simple_agrees_other_sizes),
		cmocka_unit_test(test_simple_agrees_in_battle),
		cmocka_unit_test(test_simple_agrees_along_random_games),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("transport perft", tests, NULL, NULL);
}
