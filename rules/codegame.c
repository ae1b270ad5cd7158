/*
 * codegame.c - the hidden-code game of Meirovitz's patent: 2..5 players
 * each hold one colour and one distinct place of a five-place code; a
 * guess is marked by every other player against his own secret (black,
 * white or none); a "Mastermind" claim is settled by the other players'
 * disputes (claims=patent) or by the referee (claims=verified).
 *
 * The position keeps only what happened (secrets, rows, claims, passes);
 * whose turn it is, who is disqualified and how the game ended are
 * derived from it by cg_derive(), so a parsed position cannot contradict
 * itself. Nothing here allocates or does I/O except setup().
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/codegame.h"
#include "rules/codegame_impl.h"


static const char *const claims_choices[] = { "patent", "verified", NULL };

static const struct rules_option codegame_options[] = {
	[OPT_PLAYERS] = { "players", RULES_OPT_INT, 4, CODEGAME_PLAYERS_MIN,
			  CODEGAME_PLAYERS_MAX, 0, NULL,
			  "players, seated 1.. clockwise; 1 guesses first" },
	[OPT_DISTINCT] = { "distinct-colours", RULES_OPT_FLAG, 0, 0, 1, 0,
			   NULL, "no two players hold the same colour" },
	[OPT_CLAIMS] = { "claims", RULES_OPT_CHOICE, 0, 0, 1, 0,
			 claims_choices,
			 "patent: the others' disputes settle a claim; verified: the referee does" },
	[OPT_ROWS] = { "rows", RULES_OPT_INT, 4, 1, CODEGAME_ROWS_MAX, 0, NULL,
		       "code rows per player" },
	[OPT_SEED] = { "seed", RULES_OPT_INT, 0, 1, INT64_MAX, 0, NULL,
		       "draw the secrets from this recorded seed" },
	[OPT_SECRETS] = { "secrets", RULES_OPT_TEXT, 0, 0, 0, 0, NULL,
			  "enter the secrets: colour and place per seat, e.g. R3/G1/B5/Y2" },
	{ NULL, 0, 0, 0, 0, 0, NULL, NULL }
};

static const char *const codegame_seat_names[] = { "1", "2", "3", "4", "5" };

const char cg_peg_letter[] = "-ROYGBP";
const char *const cg_mark_word[] = { "unmarked", "none", "white", "black" };
const char cg_mark_letter[] = ".-wb";


enum codegame_mark codegame_mark(const uint8_t guess[CODEGAME_PLACES],
				 int colour, int place)
{
	if (guess[place] == colour)
		return CODEGAME_BLACK;
	for (int k = 0; k < CODEGAME_PLACES; k++)
		if (guess[k] == colour)
			return CODEGAME_WHITE;
	return CODEGAME_NONE;
}

void codegame_code(const struct rules_game *game,
		   const struct codegame_pos *pos,
		   uint8_t code[CODEGAME_PLACES])
{
	memset(code, CODEGAME_BLANK, CODEGAME_PLACES);
	for (int s = 0; s < cg_cfg(game)->players; s++)
		if (pos->colour[s] != 0)
			code[pos->place[s]] = pos->colour[s];
}

int codegame_claim_right(const struct rules_game *game,
			 const struct codegame_pos *pos, int index)
{
	uint8_t code[CODEGAME_PLACES];

	if (index < 0 || index >= pos->claims)
		return 0;
	codegame_code(game, pos, code);
	return memcmp(code, pos->claim[index].code, CODEGAME_PLACES) == 0;
}

enum settlement cg_settle(const struct rules_game *game,
			      const struct codegame_pos *pos, int index)
{
	const struct codegame_cfg *cfg = cg_cfg(game);
	const struct codegame_claim *c = &pos->claim[index];
	int disputes = 0;

	if (cfg->verified)
		return codegame_claim_right(game, pos, index) ? CLAIM_WINS
							      : CLAIM_FAILS;
	for (int s = 0; s < cfg->players; s++) {
		if (s == c->claimant)
			continue;
		if (c->answer[s] == CODEGAME_UNANSWERED)
			return CLAIM_PENDING;
		disputes += c->answer[s] == CODEGAME_DISPUTE;
	}
	if (disputes == 0)
		return CLAIM_WINS;
	return disputes == 1 ? CLAIM_VOIDS : CLAIM_FAILS;
}

int cg_rows_of(const struct codegame_pos *pos, int seat)
{
	int n = 0;

	for (int r = 0; r < pos->rows; r++)
		n += pos->row[r].guesser == seat;
	return n;
}

/* The first seat clockwise from `from` (itself included) whose slot in
 * `slots` is 0 and that is not `skip`, or -1. */
int cg_next_unset(int players, int from, const uint8_t *slots, int skip)
{
	for (int i = 0; i < players; i++) {
		int s = (from + i) % players;

		if (s != skip && slots[s] == 0)
			return s;
	}
	return -1;
}

/* Who plays once the claims are settled and no claim is pending. */
static void derive_play(const struct rules_game *game,
			const struct codegame_pos *pos, struct state *st)
{
	const struct codegame_cfg *cfg = cg_cfg(game);
	int n = cfg->players, from = 0;

	if (pos->rows > 0) {
		const struct codegame_row *last = &pos->row[pos->rows - 1];
		int marker = cg_next_unset(n, last->guesser + 1, last->mark,
					last->guesser);

		if (marker >= 0) {
			st->phase = PHASE_MARK;
			st->seat = marker;
			return;
		}
		from = last->guesser + 1;
	}
	for (int i = 0; i < n; i++) {
		int s = (from + i) % n;

		if (st->dq & (1u << s))
			continue;
		if (cg_rows_of(pos, s) < cfg->rows) {
			st->phase = PHASE_GUESS;
			st->seat = s;
			return;
		}
		/* Every row is used: the closing round of passes or claims. */
		for (int j = 0; j < n; j++) {
			int p = (s + j) % n;

			if (!(st->dq & (1u << p)) && !(pos->passed & (1u << p))) {
				st->phase = PHASE_PASS;
				st->seat = p;
				return;
			}
		}
		break;
	}
	st->phase = PHASE_OVER;
	st->seat = -1;
	st->verdict = RULES_VOID;
}

void cg_derive(const struct rules_game *game,
		   const struct codegame_pos *pos, struct state *st)
{
	int n = cg_cfg(game)->players;

	st->pending = -1;
	st->dq = 0;
	st->verdict = RULES_ONGOING;
	st->winner = -1;
	for (int i = 0; i < pos->claims; i++) {
		switch (cg_settle(game, pos, i)) {
		case CLAIM_PENDING:
			st->pending = i;
			break;
		case CLAIM_WINS:
			st->verdict = RULES_WIN;
			st->winner = pos->claim[i].claimant;
			break;
		case CLAIM_VOIDS:
			st->verdict = RULES_VOID;
			break;
		case CLAIM_FAILS:
			st->dq |= 1u << pos->claim[i].claimant;
			break;
		}
	}
	if (st->verdict == RULES_ONGOING && st->dq == (1u << n) - 1)
		st->verdict = RULES_VOID;
	if (memchr(pos->colour, 0, (size_t)n) != NULL) {
		st->phase = PHASE_SECRETS;
		st->seat = 0;
	} else if (st->verdict != RULES_ONGOING) {
		st->phase = PHASE_OVER;
		st->seat = -1;
	} else if (st->pending >= 0) {
		const struct codegame_claim *c = &pos->claim[st->pending];

		st->phase = PHASE_ANSWER;
		st->seat = cg_next_unset(n, c->claimant + 1, c->answer,
				      c->claimant);
	} else {
		derive_play(game, pos, st);
	}
}

unsigned codegame_disqualified(const struct rules_game *game,
			       const struct codegame_pos *pos)
{
	struct state st;

	cg_derive(game, pos, &st);
	return st.dq;
}

/* ------------------------------------------------------------ set-up */

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Shuffles `items` (Fisher-Yates) with the seed's stream. */
static void shuffle(uint8_t *items, int count, uint64_t *state)
{
	for (int i = count - 1; i > 0; i--) {
		int j = (int)(splitmix64(state) % (uint64_t)(i + 1));
		uint8_t t = items[i];

		items[i] = items[j];
		items[j] = t;
	}
}

/* The patent's draw: distinct place counters; colour counters several
 * per colour, or one per colour with distinct-colours. */
static void draw_secrets(struct codegame_cfg *cfg, uint64_t seed)
{
	uint8_t places[CODEGAME_PLACES] = { 0, 1, 2, 3, 4 };
	uint8_t colours[CODEGAME_COLOURS] = { 1, 2, 3, 4, 5, 6 };
	uint64_t state = seed;

	shuffle(places, CODEGAME_PLACES, &state);
	if (cfg->distinct)
		shuffle(colours, CODEGAME_COLOURS, &state);
	for (int s = 0; s < cfg->players; s++) {
		cfg->place[s] = places[s];
		cfg->colour[s] = cfg->distinct ? colours[s] :
			(uint8_t)(1 + splitmix64(&state) % CODEGAME_COLOURS);
	}
}

int cg_peg_of(char c)
{
	const char *hit = c != '\0' ? strchr(cg_peg_letter, c) : NULL;

	return hit != NULL ? (int)(hit - cg_peg_letter) : -1;
}

/* Reads one seat's secret "R3" (colour, place 1..5). */
int cg_parse_secret(const char *text, size_t len, uint8_t *colour,
			uint8_t *place)
{
	int c = len == 2 ? cg_peg_of(text[0]) : -1;

	if (c < 1 || text[1] < '1' || text[1] > '5')
		return -1;
	*colour = (uint8_t)c;
	*place = (uint8_t)(text[1] - '1');
	return 0;
}

/* Refuses secrets two players cannot hold together (colour 0: a secret
 * still to be entered). */
int cg_check_secrets(int players, int distinct, const uint8_t *colour,
		     const uint8_t *place, const uint8_t *entered,
		     const char *where, char *err, size_t errlen)
{
	int complete = memchr(colour, 0, (size_t)players) == NULL;

	for (int s = 0; s < players; s++) {
		for (int t = 0; t < s; t++) {
			if (colour[s] == 0 || colour[t] == 0)
				continue;
			if (!complete && entered != NULL &&
			    (entered[s] || entered[t]))
				continue;
			/* Refusals are public: they name no place or
			 * colour. */
			if (place[s] == place[t]) {
				rules_error(err, errlen,
					    "%s: seats %d and %d hold the same place",
					    where, t + 1, s + 1);
				return -1;
			}
			if (distinct && colour[s] == colour[t]) {
				rules_error(err, errlen,
					    "%s: seats %d and %d hold the same colour, but the game has distinct-colours",
					    where, t + 1, s + 1);
				return -1;
			}
		}
	}
	return 0;
}

static int enter_secrets(struct codegame_cfg *cfg, const char *text,
			 char *err, size_t errlen)
{
	const char *p = text;

	/* "ask": every player enters his own (rules_seat_enter). */
	if (strcmp(text, "ask") == 0)
		return 0;
	for (int s = 0; s < cfg->players; s++) {
		size_t len = strcspn(p, "/");

		/* A '*' marks a secret its player entered. */
		cfg->entered[s] = len == 3 && p[2] == '*';
		if (len == 1 && *p == '?') {
			cfg->colour[s] = cfg->place[s] = 0;
		} else if (cg_parse_secret(p, len - cfg->entered[s],
					   &cfg->colour[s],
					   &cfg->place[s]) < 0) {
			/* The text is not repeated: it may be a secret. */
			rules_error(err, errlen,
				    "codegame: option 'secrets': seat %d: not a colour (R O Y G B P) and a place (1..5) such as R3, nor ? for a secret the player enters",
				    s + 1);
			return -1;
		}
		p += len;
		if (s + 1 < cfg->players && *p++ != '/') {
			rules_error(err, errlen,
				    "codegame: option 'secrets': %d secrets for %d players (one per seat, separated by '/')",
				    s + 1, cfg->players);
			return -1;
		}
	}
	if (*p != '\0') {
		rules_error(err, errlen,
			    "codegame: option 'secrets': more than %d secrets for %d players",
			    cfg->players, cfg->players);
		return -1;
	}
	return cg_check_secrets(cfg->players, cfg->distinct, cfg->colour,
				cfg->place, cfg->entered,
				"codegame: option 'secrets'", err, errlen);
}

static int codegame_setup(struct rules_game *game, char *err, size_t errlen)
{
	struct codegame_cfg *cfg = calloc(1, sizeof(*cfg));
	const char *secrets = game->text[OPT_SECRETS];

	if (cfg == NULL) {
		rules_error(err, errlen, "out of memory");
		return -1;
	}
	game->priv = cfg;
	cfg->players = (int)game->value[OPT_PLAYERS];
	cfg->distinct = game->value[OPT_DISTINCT] != 0;
	cfg->verified = game->value[OPT_CLAIMS] == 1;
	cfg->rows = (int)game->value[OPT_ROWS];
	if (secrets != NULL && game->value[OPT_SEED] != 0) {
		rules_error(err, errlen,
			    "codegame: give seed= (drawn secrets) or secrets= (entered), not both");
		return -1;
	}
	if (secrets != NULL)
		return enter_secrets(cfg, secrets, err, errlen);
	if (game->value[OPT_SEED] == 0) {
		rules_error(err, errlen,
			    "codegame: the secrets are missing: seed=N draws them, secrets=R3/G1/... enters them");
		return -1;
	}
	draw_secrets(cfg, (uint64_t)game->value[OPT_SEED]);
	return 0;
}

static void codegame_teardown(struct rules_game *game)
{
	free(game->priv);
	game->priv = NULL;
}

static size_t codegame_position_size(const struct rules_game *game)
{
	(void)game;
	return sizeof(struct codegame_pos);
}

static void codegame_start(const struct rules_game *game, void *vpos)
{
	const struct codegame_cfg *cfg = cg_cfg(game);
	struct codegame_pos *pos = vpos;

	memset(pos, 0, sizeof(*pos));
	memcpy(pos->colour, cfg->colour, sizeof(pos->colour));
	memcpy(pos->place, cfg->place, sizeof(pos->place));
}

static struct rules_turn codegame_to_move(const struct rules_game *game,
					  const void *pos)
{
	struct state st;

	cg_derive(game, pos, &st);
	return (struct rules_turn){ st.seat, 0, 1 };
}

/* ------------------------------------------------------------ moves */


static size_t codegame_legal_moves(const struct rules_game *game,
				   const void *pos, struct rules_move *moves,
				   size_t cap)
{
	struct state st;
	size_t count = 0;

	cg_derive(game, pos, &st);
	switch (st.phase) {
	case PHASE_SECRETS:
		return 0;
	case PHASE_GUESS:
		for (uint32_t index = 0; index < CODEGAME_CODES; index++) {
			uint8_t code[CODEGAME_PLACES];
			uint32_t rest = index;

			for (int k = 0; k < CODEGAME_PLACES; k++, rest /= 7)
				code[k] = (uint8_t)(rest % 7);
			if (count < cap)
				moves[count] = cg_make_move(MOVE_GUESS, st.seat,
							 cg_pack_code(code));
			count++;
		}
		return count;
	case PHASE_MARK:
		for (uint32_t m = CODEGAME_NONE; m <= CODEGAME_BLACK; m++, count++)
			if (count < cap)
				moves[count] = cg_make_move(MOVE_MARK, st.seat, m);
		return count;
	case PHASE_ANSWER:
		if (cap > 0)
			moves[0] = cg_make_move(MOVE_ACCEPT, st.seat, 0);
		if (cap > 1)
			moves[1] = cg_make_move(MOVE_DISPUTE, st.seat, 0);
		return 2;
	case PHASE_PASS:
		if (cap > 0)
			moves[0] = cg_make_move(MOVE_PASS, st.seat, 0);
		return 1;
	case PHASE_OVER:
		break;
	}
	return 0;
}

/* Says whose turn it is, for refusals. */
static void describe_turn(const struct codegame_pos *pos,
			  const struct state *st, char *buf, size_t len)
{
	switch (st->phase) {
	case PHASE_SECRETS:
		snprintf(buf, len, "the players' secrets are not all entered yet");
		break;
	case PHASE_GUESS:
		snprintf(buf, len, "%d is to guess", st->seat + 1);
		break;
	case PHASE_MARK:
		snprintf(buf, len, "%d is to mark %d's guess", st->seat + 1,
			 pos->row[pos->rows - 1].guesser + 1);
		break;
	case PHASE_ANSWER:
		snprintf(buf, len, "play is suspended: %d is to answer %d's claim (accept or dispute)",
			 st->seat + 1, pos->claim[st->pending].claimant + 1);
		break;
	case PHASE_PASS:
		snprintf(buf, len, "the rows are used up: %d is to pass or claim",
			 st->seat + 1);
		break;
	case PHASE_OVER:
		snprintf(buf, len, "the game is over");
		break;
	}
}

static int refuse_turn(const struct codegame_pos *pos, const struct state *st,
		       int seat, const char *action, char *err, size_t errlen)
{
	char turn[96];

	describe_turn(pos, st, turn, sizeof(turn));
	if (st->phase == PHASE_OVER)
		rules_error(err, errlen, "%d may not %s: the game is over",
			    seat + 1, action);
	else
		rules_error(err, errlen, "%d may not %s now: %s", seat + 1,
			    action, turn);
	return -1;
}

static int apply_claim(const struct rules_game *game,
		       struct codegame_pos *pos, const struct state *st,
		       int seat, uint32_t code, char *err, size_t errlen)
{
	struct codegame_claim *c;

	if (st->phase == PHASE_OVER || st->phase == PHASE_ANSWER ||
	    st->phase == PHASE_SECRETS)
		return refuse_turn(pos, st, seat, "claim", err, errlen);
	if (st->dq & (1u << seat)) {
		rules_error(err, errlen,
			    "%d may not claim: disqualified by an earlier claim",
			    seat + 1);
		return -1;
	}
	(void)game;
	c = &pos->claim[pos->claims++];
	c->claimant = (uint8_t)seat;
	cg_unpack_code(code, c->code);
	return 0;
}

static int apply_mark(const struct rules_game *game, struct codegame_pos *pos,
		      int seat, uint32_t mark, char *err, size_t errlen)
{
	struct codegame_row *row = &pos->row[pos->rows - 1];
	enum codegame_mark right = codegame_mark(row->peg, pos->colour[seat],
						 pos->place[seat]);

	(void)game;
	if (mark != right) {
		rules_error(err, errlen,
			    "wrong mark by %d on %d's guess: %s given, the correct mark is %s",
			    seat + 1, row->guesser + 1, cg_mark_word[mark],
			    cg_mark_word[right]);
		return -1;
	}
	row->mark[seat] = (uint8_t)mark;
	return 0;
}

static int apply_in_turn(const struct rules_game *game,
			 struct codegame_pos *pos, const struct state *st,
			 const struct rules_move *move, char *err,
			 size_t errlen)
{
	static const enum phase needs[] = {
		[MOVE_GUESS] = PHASE_GUESS, [MOVE_MARK] = PHASE_MARK,
		[MOVE_ACCEPT] = PHASE_ANSWER, [MOVE_DISPUTE] = PHASE_ANSWER,
		[MOVE_PASS] = PHASE_PASS
	};
	static const char *const action[] = {
		[MOVE_GUESS] = "guess", [MOVE_MARK] = "mark",
		[MOVE_ACCEPT] = "accept a claim",
		[MOVE_DISPUTE] = "dispute a claim", [MOVE_PASS] = "pass"
	};
	int kind = (int)move->w[0], seat = (int)move->w[1];

	if ((kind == MOVE_ACCEPT || kind == MOVE_DISPUTE) &&
	    cg_cfg(game)->verified) {
		rules_error(err, errlen,
			    "%d may not %s: under claims=verified the referee judges claims",
			    seat + 1, action[kind]);
		return -1;
	}
	if (st->phase != needs[kind] || st->seat != seat)
		return refuse_turn(pos, st, seat, action[kind], err, errlen);
	switch (kind) {
	case MOVE_GUESS: {
		struct codegame_row *row = &pos->row[pos->rows++];

		memset(row, 0, sizeof(*row));
		row->guesser = (uint8_t)seat;
		cg_unpack_code(move->w[2], row->peg);
		return 0;
	}
	case MOVE_MARK:
		return apply_mark(game, pos, seat, move->w[2], err, errlen);
	case MOVE_PASS:
		pos->passed |= (uint8_t)(1u << seat);
		return 0;
	default:
		pos->claim[st->pending].answer[seat] = (uint8_t)
			(kind == MOVE_ACCEPT ? CODEGAME_ACCEPT : CODEGAME_DISPUTE);
		return 0;
	}
}

/* A move as move_parse() makes it; anything else is refused. */
int cg_move_valid(const struct rules_game *game,
		      const struct rules_move *move)
{
	uint8_t code[CODEGAME_PLACES];

	if (move->w[1] >= (uint32_t)cg_cfg(game)->players || move->w[3] != 0)
		return 0;
	switch (move->w[0]) {
	case MOVE_GUESS:
	case MOVE_CLAIM:
		cg_unpack_code(move->w[2], code);
		for (int k = 0; k < CODEGAME_PLACES; k++)
			if (code[k] > CODEGAME_COLOURS)
				return 0;
		return move->w[2] < (1u << (3 * CODEGAME_PLACES));
	case MOVE_MARK:
		return move->w[2] >= CODEGAME_NONE &&
		       move->w[2] <= CODEGAME_BLACK;
	case MOVE_ACCEPT:
	case MOVE_DISPUTE:
	case MOVE_PASS:
		return move->w[2] == 0;
	}
	return 0;
}

static int codegame_apply(const struct rules_game *game, void *vpos,
			  const struct rules_move *move,
			  struct rules_outcome *out, char *err, size_t errlen)
{
	struct codegame_pos *pos = vpos;
	struct state st;
	int rc;

	if (!cg_move_valid(game, move)) {
		rules_error(err, errlen, "not a move of this game");
		return -1;
	}
	cg_derive(game, pos, &st);
	if (move->w[0] == MOVE_CLAIM)
		rc = apply_claim(game, pos, &st, (int)move->w[1], move->w[2],
				 err, errlen);
	else
		rc = apply_in_turn(game, pos, &st, move, err, errlen);
	if (rc < 0)
		return -1;
	if (out != NULL) {
		cg_derive(game, pos, &st);
		out->flags = st.phase == PHASE_OVER ? RULES_GAME_OVER : 0;
		out->captured = 0;
		out->next = (struct rules_turn){ st.seat, 0, 1 };
	}
	return 0;
}

static void codegame_result(const struct rules_game *game, const void *vpos,
			    struct rules_result *result)
{
	const struct codegame_pos *pos = vpos;
	struct state st;

	cg_derive(game, pos, &st);
	memset(result, 0, sizeof(*result));
	result->verdict = st.verdict;
	result->winner = st.winner;
	for (int s = 0; s < cg_cfg(game)->players; s++) {
		result->score[s] = cg_rows_of(pos, s);
		if (s == st.winner)
			result->points[s] = 1;
		else if (st.dq & (1u << s))
			result->points[s] = -1;
	}
}

/* Everything but the secrets: a published hash must not give away the
 * deal, which a search over at most 933,120 deals would find. */
static uint64_t codegame_hash(const struct rules_game *game, const void *vpos)
{
	const struct codegame_pos *pos = vpos;
	size_t skip = offsetof(struct codegame_pos, rows);

	(void)game;
	return rules_fnv1a(RULES_FNV_OFFSET, &pos->rows, sizeof(*pos) - skip);
}

/* Every move carries its actor. */
static int codegame_move_seat(const struct rules_game *game, const void *pos,
			      const struct rules_move *move)
{
	(void)game;
	(void)pos;
	return (int)move->w[1];
}

static int codegame_active_seats(const struct rules_game *game)
{
	return cg_cfg(game)->players;
}

const struct rules codegame_rules = {
	.name = "codegame",
	.title = "The hidden-code game (Meirovitz, US 4,241,923, 1980)",
	.seats = CODEGAME_PLAYERS_MAX,
	.seat_names = codegame_seat_names,
	.score_name = "rows",
	.options = codegame_options,
	.max_moves = CODEGAME_CODES,
	.setup = codegame_setup,
	.teardown = codegame_teardown,
	.position_size = codegame_position_size,
	.start = codegame_start,
	.to_move = codegame_to_move,
	.legal_moves = codegame_legal_moves,
	.apply = codegame_apply,
	.result = codegame_result,
	.position_parse = codegame_position_parse,
	.position_format = codegame_position_format,
	.move_parse = codegame_move_parse,
	.move_format = codegame_move_format,
	.hash = codegame_hash,
	.perft = NULL,
	.public_options = codegame_public_options,
	.active_seats = codegame_active_seats,
	.move_seat = codegame_move_seat,
	.analyse = codegame_analyse,
	.seat_view = codegame_seat_view,
	.fresh_option = "seed",
	.seat_enter = codegame_seat_enter,
};
