/*
 * transport.c - the Transport engine: options, the pieces' table, the
 * deployments, set-up, the turn, applying a move and the result. The
 * move path lives in transport_move.c (legal moves, checks) and
 * transport_contact.c (entries, destruction, the end); neither
 * allocates: the board's geometry is precomputed in struct tp_cfg when
 * the game is created.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/transport_impl.h"

#define KBIT(k) (1u << TRANSPORT_##k)

const struct tp_kind tp_kinds[TRANSPORT_KINDS] = {
	[TRANSPORT_U] = { 'U', "submarine", TRANSPORT_UNDER, 1,
			  KBIT(D) | KBIT(P), TRANSPORT_O },
	[TRANSPORT_C] = { 'C', "carrier", TRANSPORT_SURFACE, 2,
			  KBIT(H) | KBIT(O) | KBIT(P), TRANSPORT_P },
	[TRANSPORT_T] = { 'T', "transport", TRANSPORT_SURFACE, 1,
			  KBIT(H) | KBIT(O) | KBIT(P), -1 },
	[TRANSPORT_B] = { 'B', "battleship", TRANSPORT_SURFACE, 2,
			  KBIT(H) | KBIT(O) | KBIT(P), TRANSPORT_H },
	[TRANSPORT_D] = { 'D', "destroyer", TRANSPORT_SURFACE, 1,
			  KBIT(H) | KBIT(P), TRANSPORT_O },
	[TRANSPORT_P] = { 'P', "plane", TRANSPORT_AIR, 1,
			  KBIT(H) | KBIT(P), -1 },
	[TRANSPORT_H] = { 'H', "shell", TRANSPORT_AIR, 1, 0, -1 },
	[TRANSPORT_O] = { 'O', "torpedo", TRANSPORT_SURFACE, 1, 0, -1 },
};

const char *const tp_dir_names[8] = {
	"n", "ne", "e", "se", "s", "sw", "w", "nw"
};

const char *const transport_seat_names[] = { "S", "N" };
const char *const transport_side_word[] = { "South", "North" };

/* Files of U C T B D on each size; RULES.md §3, fine point 1. */
const struct tp_deploy tp_deploys[] = {
	{ "standard", { 8, 11, 13, 15 },
	  { { 0, 1, 3, 6, 7 }, { 0, 2, 5, 8, 10 }, { 0, 2, 6, 10, 12 },
	    { 0, 3, 7, 11, 14 } } },
	{ NULL, { 0 }, { { 0 } } }
};

static const char *const size_choices[] = { "8", "11", "13", "15", NULL };
static const char *const deploy_choices[] = { "standard", NULL };
static const char *const first_choices[] = { "S", "N", "lot", NULL };
static const int size_of_choice[] = { 8, 11, 13, 15 };

static const struct rules_option transport_options[] = {
	[OPT_SIZE] = { "size", RULES_OPT_CHOICE, 1, 0, 3, 0, size_choices,
		       "squares on a side of the board: 8, 11, 13 or 15" },
	[OPT_DEPLOY] = { "deploy", RULES_OPT_CHOICE, 0, 0, 0, 0,
			 deploy_choices,
			 "the named table placing the ships at the start" },
	[OPT_PLANES] = { "planes", RULES_OPT_INT, 2, 0, TRANSPORT_PLANES_MAX,
			 0, NULL, "planes on each carrier" },
	[OPT_SHELLS] = { "shells", RULES_OPT_INT, 5, 0, TRANSPORT_SHELLS_MAX,
			 0, NULL, "shells of each side" },
	[OPT_TORPEDOES] = { "torpedoes", RULES_OPT_INT, 4, 0,
			    TRANSPORT_TORPEDOES_MAX, 0, NULL,
			    "torpedoes of each side" },
	[OPT_ARMED] = { "armed-transport", RULES_OPT_FLAG, 0, 0, 1, 0, NULL,
			"the transport fires shells too" },
	[OPT_QUIET] = { "quiet-plies", RULES_OPT_INT, 100, 0, 1000, 0, NULL,
			"plies without a destruction that draw the game (0: never)" },
	[OPT_FIRST] = { "first", RULES_OPT_CHOICE, 0, 0, 2, 0, first_choices,
			"side that moves first (lot: drawn from seed=)" },
	[OPT_SEED] = { "seed", RULES_OPT_INT, 0, 1, 2147483647, 0, NULL,
		       "the lot for first=lot (drawn when a game starts)" },
	[OPT_HANDICAP] = { "handicap", RULES_OPT_TEXT, 0, 0, 0, 0, NULL,
			   "fewer auxiliary pieces: SIDE:KIND-N[/SIDE:KIND-N...]" },
	[OPT_TEAMS] = { "teams", RULES_OPT_INT, 1, 1, 6, 2, NULL,
			"players per side taking turns in a fixed order (bare 'teams' = 2)" },
	{ NULL, 0, 0, 0, 0, 0, NULL, NULL }
};

static const char *const reserve_words[3] = { "planes", "shells",
					      "torpedoes" };

/* One handicap word "S:shells-2" taken off the counts. */
static int handicap_word(struct tp_cfg *c, const char *w, size_t len,
			 char *err, size_t errlen)
{
	int side = -1, kind = -1;
	const char *dash = memchr(w, '-', len);
	long n = 0;

	if (len > 2 && w[1] == ':')
		side = w[0] == 'S' ? 0 : w[0] == 'N' ? 1 : -1;
	for (int k = 0; k < 3 && dash != NULL && side >= 0; k++)
		if ((size_t)(dash - w - 2) == strlen(reserve_words[k]) &&
		    memcmp(w + 2, reserve_words[k], (size_t)(dash - w - 2)) == 0)
			kind = k;
	if (kind >= 0) {
		const char *d = dash + 1;

		if (d == w + len)
			kind = -1;
		for (; d < w + len && kind >= 0; d++) {
			if (*d < '0' || *d > '9' || n > 100)
				kind = -1;
			n = n * 10 + (*d - '0');
		}
	}
	if (kind < 0) {
		rules_error(err, errlen,
			    "transport: option 'handicap': '%.*s' is not SIDE:KIND-N (S or N; planes, shells or torpedoes)",
			    (int)len, w);
		return -1;
	}
	if (n > c->count[side][kind]) {
		rules_error(err, errlen,
			    "transport: option 'handicap': %s has only %d %s",
			    transport_seat_names[side], c->count[side][kind],
			    reserve_words[kind]);
		return -1;
	}
	c->count[side][kind] -= (int)n;
	return 0;
}

static int parse_handicap(struct tp_cfg *c, const char *text, char *err,
			  size_t errlen)
{
	while (text != NULL && *text != '\0') {
		size_t len = strcspn(text, "/");

		if (handicap_word(c, text, len, err, errlen) < 0)
			return -1;
		text += len;
		if (*text == '/')
			text++;
	}
	return 0;
}

static void build_geometry(struct tp_cfg *c)
{
	static const int df[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
	static const int dr[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

	for (int sq = 0; sq < c->squares; sq++) {
		int f = sq % c->n, r = sq / c->n;

		c->dark[sq] = (f + r) % 2 == 0;
		for (int d = 0; d < 8; d++) {
			int nf = f + df[d], nr = r + dr[d];

			c->nb[sq][d] = nf < 0 || nr < 0 || nf >= c->n ||
				       nr >= c->n ? TP_NONE
						  : (uint8_t)(nr * c->n + nf);
		}
	}
}

static int transport_setup(struct rules_game *game, char *err,
			   size_t errlen)
{
	struct tp_cfg *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		rules_error(err, errlen, "out of memory");
		return -1;
	}
	c->deploy_size = (int)game->value[OPT_SIZE];
	c->n = size_of_choice[c->deploy_size];
	c->squares = c->n * c->n;
	c->deploy = &tp_deploys[game->value[OPT_DEPLOY]];
	for (int s = 0; s < 2; s++) {
		c->count[s][RES_P] = (int)game->value[OPT_PLANES];
		c->count[s][RES_H] = (int)game->value[OPT_SHELLS];
		c->count[s][RES_O] = (int)game->value[OPT_TORPEDOES];
	}
	c->armed = (int)game->value[OPT_ARMED];
	c->quiet = (int)game->value[OPT_QUIET];
	c->teams = (int)game->value[OPT_TEAMS];
	c->first = (int)game->value[OPT_FIRST];
	game->priv = c;
	if (c->first == 2 && game->value[OPT_SEED] == 0) {
		rules_error(err, errlen,
			    "transport: option 'first=lot' needs seed=N (the referee draws one when a game starts)");
		return -1;
	}
	if (c->first != 2 && game->value[OPT_SEED] != 0) {
		rules_error(err, errlen,
			    "transport: option 'seed' is only for first=lot");
		return -1;
	}
	if (c->first == 2) {
		uint64_t h = rules_fnv1a(RULES_FNV_OFFSET,
					 &game->value[OPT_SEED],
					 sizeof(game->value[OPT_SEED]));

		c->first = (int)((h >> 17) & 1);
	}
	if (parse_handicap(c, game->text[OPT_HANDICAP], err, errlen) < 0)
		return -1;
	build_geometry(c);
	return 0;
}

static void transport_teardown(struct rules_game *game)
{
	free(game->priv);
	game->priv = NULL;
}

static size_t transport_position_size(const struct rules_game *game)
{
	(void)game;
	return sizeof(struct transport_pos);
}

/* South's square (file, rank) for `side`: North's is turned half round. */
static uint8_t deployed(const struct tp_cfg *c, int side, int file, int rank)
{
	if (side == 1) {
		file = c->n - 1 - file;
		rank = c->n - 1 - rank;
	}
	return (uint8_t)(rank * c->n + file);
}

static void transport_start(const struct rules_game *game, void *pos)
{
	const struct tp_cfg *c = tp_cfg_of(game);
	struct transport_pos *p = pos;

	memset(p, 0, sizeof(*p));
	for (int s = 0; s < 2; s++) {
		for (int k = 0; k < TRANSPORT_SHIPS; k++) {
			struct transport_piece *sh = &p->ship[s][k];
			int file = c->deploy->file[c->deploy_size][k];

			sh->kind = (uint8_t)k;
			sh->sq = deployed(c, s, file, 0);
			sh->bow = tp_kinds[k].squares == 2 ?
				  deployed(c, s, file, 1) : TP_NONE;
		}
		for (int r = 0; r < 3; r++)
			p->reserve[s][r] = (uint8_t)c->count[s][r];
		p->fresh[s] = FRESH_U | FRESH_D;
	}
	p->side = (uint8_t)c->first;
	p->winner = TP_NONE;
	tp_history_push(p, tp_key(p), 1);
}

static struct rules_turn transport_to_move(const struct rules_game *game,
					   const void *pos)
{
	const struct transport_pos *p = pos;
	struct rules_turn turn = { -1, 0, tp_cfg_of(game)->teams };

	if (p->over == TRANSPORT_GOING) {
		turn.seat = p->side;
		turn.member = p->member[p->side];
	}
	return turn;
}

static size_t transport_legal_moves(const struct rules_game *game,
				    const void *pos, struct rules_move *moves,
				    size_t cap)
{
	struct tp_gen g = { .c = tp_cfg_of(game), .p = pos, .moves = moves,
			    .cap = cap };

	if (g.p->over != TRANSPORT_GOING)
		return 0;
	tp_generate(&g);
	return g.n;
}

static int transport_apply(const struct rules_game *game, void *pos,
			   const struct rules_move *move,
			   struct rules_outcome *out, char *err,
			   size_t errlen)
{
	const struct tp_cfg *c = tp_cfg_of(game);
	struct transport_pos *p = pos;
	struct rules_outcome result = { 0, 0, { -1, 0, 1 } };

	if (tp_check(c, p, move, err, errlen) < 0)
		return -1;
	result.flags = tp_play(c, p, move, &result.captured);
	result.next = transport_to_move(game, p);
	if (out != NULL)
		*out = result;
	return 0;
}

static void transport_result(const struct rules_game *game, const void *pos,
			     struct rules_result *r)
{
	const struct transport_pos *p = pos;

	(void)game;
	memset(r, 0, sizeof(*r));
	r->winner = -1;
	/* The score: each side's ships still afloat. */
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < TRANSPORT_SHIPS; k++)
			r->score[s] += p->ship[s][k].sq != TP_NONE;
	if (p->over == TRANSPORT_GOING) {
		r->verdict = RULES_ONGOING;
	} else if (p->winner == TP_NONE) {
		r->verdict = RULES_DRAW;
	} else {
		r->verdict = RULES_WIN;
		r->winner = p->winner;
		r->points[p->winner] = 1;
	}
}

static uint64_t transport_hash(const struct rules_game *game,
			       const void *pos)
{
	const struct transport_pos *p = pos;
	uint64_t key = tp_key(p);
	uint8_t bytes[8 + 5];

	(void)game;
	for (int i = 0; i < 8; i++)
		bytes[i] = (uint8_t)(key >> (8 * i));
	bytes[8] = p->over;
	bytes[9] = p->winner;
	bytes[10] = (uint8_t)(p->quiet & 0xff);
	bytes[11] = (uint8_t)(p->quiet >> 8);
	bytes[12] = 0;
	return rules_fnv1a(RULES_FNV_OFFSET, bytes, sizeof(bytes));
}

static int transport_move_seat(const struct rules_game *game,
			       const void *pos, const struct rules_move *move)
{
	const struct transport_pos *p = pos;

	(void)game;
	if ((move->w[0] & 0xff) == TP_RESIGN)
		return (int)((move->w[0] >> 16) & 1);
	return p->side;
}

const struct rules transport_rules = {
	.name = "transport",
	.title = "Transport (Paschal, US 2,414,185, 1947)",
	.seats = 2,
	.seat_names = transport_seat_names,
	.score_name = "ships",
	.options = transport_options,
	.max_moves = TRANSPORT_MAX_MOVES,
	.setup = transport_setup,
	.teardown = transport_teardown,
	.position_size = transport_position_size,
	.start = transport_start,
	.to_move = transport_to_move,
	.legal_moves = transport_legal_moves,
	.apply = transport_apply,
	.result = transport_result,
	.position_parse = transport_position_parse,
	.position_format = transport_position_format,
	.move_parse = transport_move_parse,
	.move_format = transport_move_format,
	.hash = transport_hash,
	.perft = transport_perft,
	.move_seat = transport_move_seat,
	.fresh_option = "seed",
};
