/*
 * codegame.c - the hidden-code game of Meirovitz's patent: 2..5 players
 * each hold one colour and one distinct place of a five-place code; a
 * guess is marked by every other player against his own secret (black,
 * white or none); a "Mastermind" claim is settled by the other players'
 * disputes (claims=patent) or by the referee (claims=verified).
 *
 * The position keeps only what happened (secrets, rows, claims, passes);
 * whose turn it is, who is disqualified and how the game ended are
 * derived from it by derive(), so a parsed position cannot contradict
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

enum {
	OPT_PLAYERS,
	OPT_DISTINCT,
	OPT_CLAIMS,
	OPT_ROWS,
	OPT_SEED,
	OPT_SECRETS
};

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

static const char peg_letter[] = "-ROYGBP";
static const char *const mark_word[] = { "unmarked", "none", "white",
					 "black" };
static const char mark_letter[] = ".-wb";

struct codegame_cfg {
	int players;
	int distinct;
	int verified;
	int rows;
	uint8_t colour[CODEGAME_PLAYERS_MAX];
	uint8_t place[CODEGAME_PLAYERS_MAX];
};

/* Move kinds, in rules_move.w[0]; w[1] the actor seat; w[2] the value:
 * a mark, or a code as 3 bits per place. */
enum move_kind {
	MOVE_GUESS = 1,
	MOVE_MARK,
	MOVE_CLAIM,
	MOVE_ACCEPT,
	MOVE_DISPUTE,
	MOVE_PASS
};

/* PHASE_SECRETS: some players have still to enter their secrets. */
enum phase { PHASE_SECRETS, PHASE_GUESS, PHASE_MARK, PHASE_ANSWER,
	     PHASE_PASS, PHASE_OVER };

/* What follows from a position: see derive(). */
struct state {
	enum phase phase;
	int seat;			/* who acts, -1 once over */
	int pending;			/* claim awaiting answers, or -1 */
	unsigned dq;			/* disqualified seats */
	enum rules_verdict verdict;
	int winner;
};

enum settlement { CLAIM_PENDING, CLAIM_WINS, CLAIM_VOIDS, CLAIM_FAILS };

static const struct codegame_cfg *cfg_of(const struct rules_game *game)
{
	return game->priv;
}

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
	for (int s = 0; s < cfg_of(game)->players; s++)
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

static enum settlement settle(const struct rules_game *game,
			      const struct codegame_pos *pos, int index)
{
	const struct codegame_cfg *cfg = cfg_of(game);
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

static int rows_of(const struct codegame_pos *pos, int seat)
{
	int n = 0;

	for (int r = 0; r < pos->rows; r++)
		n += pos->row[r].guesser == seat;
	return n;
}

/* The first seat clockwise from `from` (itself included) whose slot in
 * `slots` is 0 and that is not `skip`, or -1. */
static int next_unset(int players, int from, const uint8_t *slots, int skip)
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
	const struct codegame_cfg *cfg = cfg_of(game);
	int n = cfg->players, from = 0;

	if (pos->rows > 0) {
		const struct codegame_row *last = &pos->row[pos->rows - 1];
		int marker = next_unset(n, last->guesser + 1, last->mark,
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
		if (rows_of(pos, s) < cfg->rows) {
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

static void derive(const struct rules_game *game,
		   const struct codegame_pos *pos, struct state *st)
{
	int n = cfg_of(game)->players;

	st->pending = -1;
	st->dq = 0;
	st->verdict = RULES_ONGOING;
	st->winner = -1;
	for (int i = 0; i < pos->claims; i++) {
		switch (settle(game, pos, i)) {
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
		st->seat = next_unset(n, c->claimant + 1, c->answer,
				      c->claimant);
	} else {
		derive_play(game, pos, st);
	}
}

unsigned codegame_disqualified(const struct rules_game *game,
			       const struct codegame_pos *pos)
{
	struct state st;

	derive(game, pos, &st);
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

static int peg_of(char c)
{
	const char *hit = c != '\0' ? strchr(peg_letter, c) : NULL;

	return hit != NULL ? (int)(hit - peg_letter) : -1;
}

/* Reads one seat's secret "R3" (colour, place 1..5). */
static int parse_secret(const char *text, size_t len, uint8_t *colour,
			uint8_t *place)
{
	int c = len == 2 ? peg_of(text[0]) : -1;

	if (c < 1 || text[1] < '1' || text[1] > '5')
		return -1;
	*colour = (uint8_t)c;
	*place = (uint8_t)(text[1] - '1');
	return 0;
}

/* Refuses secrets two players cannot hold together (colour 0: a secret
 * still to be entered). */
static int check_secrets(int players, int distinct, const uint8_t *colour,
			 const uint8_t *place, const char *where, char *err,
			 size_t errlen)
{
	for (int s = 0; s < players; s++) {
		for (int t = 0; t < s; t++) {
			if (colour[s] == 0 || colour[t] == 0)
				continue;
			if (place[s] == place[t]) {
				rules_error(err, errlen,
					    "%s: seats %d and %d both hold place %d",
					    where, t + 1, s + 1, place[s] + 1);
				return -1;
			}
			if (distinct && colour[s] == colour[t]) {
				rules_error(err, errlen,
					    "%s: seats %d and %d both hold %c, but the game has distinct-colours",
					    where, t + 1, s + 1,
					    peg_letter[colour[s]]);
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

		if (len == 1 && *p == '?') {
			cfg->colour[s] = cfg->place[s] = 0;
		} else if (parse_secret(p, len, &cfg->colour[s],
					&cfg->place[s]) < 0) {
			rules_error(err, errlen,
				    "codegame: option 'secrets': seat %d: '%.*s' is not a colour (R O Y G B P) and a place (1..5), e.g. R3, or ? for a secret the player enters",
				    s + 1, (int)(len > 12 ? 12 : len), p);
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
	return check_secrets(cfg->players, cfg->distinct, cfg->colour,
			     cfg->place, "codegame: option 'secrets'", err,
			     errlen);
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
	const struct codegame_cfg *cfg = cfg_of(game);
	struct codegame_pos *pos = vpos;

	memset(pos, 0, sizeof(*pos));
	memcpy(pos->colour, cfg->colour, sizeof(pos->colour));
	memcpy(pos->place, cfg->place, sizeof(pos->place));
}

static struct rules_turn codegame_to_move(const struct rules_game *game,
					  const void *pos)
{
	struct state st;

	derive(game, pos, &st);
	return (struct rules_turn){ st.seat, 0, 1 };
}

/* ------------------------------------------------------------ moves */

static uint32_t pack_code(const uint8_t code[CODEGAME_PLACES])
{
	uint32_t packed = 0;

	for (int k = 0; k < CODEGAME_PLACES; k++)
		packed |= (uint32_t)code[k] << (3 * k);
	return packed;
}

static void unpack_code(uint32_t packed, uint8_t code[CODEGAME_PLACES])
{
	for (int k = 0; k < CODEGAME_PLACES; k++)
		code[k] = (packed >> (3 * k)) & 7;
}

static struct rules_move make_move(enum move_kind kind, int seat,
				   uint32_t value)
{
	return (struct rules_move){ { (uint32_t)kind, (uint32_t)seat, value,
				      0 } };
}

static size_t codegame_legal_moves(const struct rules_game *game,
				   const void *pos, struct rules_move *moves,
				   size_t cap)
{
	struct state st;
	size_t count = 0;

	derive(game, pos, &st);
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
				moves[count] = make_move(MOVE_GUESS, st.seat,
							 pack_code(code));
			count++;
		}
		return count;
	case PHASE_MARK:
		for (uint32_t m = CODEGAME_NONE; m <= CODEGAME_BLACK; m++, count++)
			if (count < cap)
				moves[count] = make_move(MOVE_MARK, st.seat, m);
		return count;
	case PHASE_ANSWER:
		if (cap > 0)
			moves[0] = make_move(MOVE_ACCEPT, st.seat, 0);
		if (cap > 1)
			moves[1] = make_move(MOVE_DISPUTE, st.seat, 0);
		return 2;
	case PHASE_PASS:
		if (cap > 0)
			moves[0] = make_move(MOVE_PASS, st.seat, 0);
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
	unpack_code(code, c->code);
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
			    seat + 1, row->guesser + 1, mark_word[mark],
			    mark_word[right]);
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
	    cfg_of(game)->verified) {
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
		unpack_code(move->w[2], row->peg);
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
static int move_valid(const struct rules_game *game,
		      const struct rules_move *move)
{
	uint8_t code[CODEGAME_PLACES];

	if (move->w[1] >= (uint32_t)cfg_of(game)->players || move->w[3] != 0)
		return 0;
	switch (move->w[0]) {
	case MOVE_GUESS:
	case MOVE_CLAIM:
		unpack_code(move->w[2], code);
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

	if (!move_valid(game, move)) {
		rules_error(err, errlen, "not a move of this game");
		return -1;
	}
	derive(game, pos, &st);
	if (move->w[0] == MOVE_CLAIM)
		rc = apply_claim(game, pos, &st, (int)move->w[1], move->w[2],
				 err, errlen);
	else
		rc = apply_in_turn(game, pos, &st, move, err, errlen);
	if (rc < 0)
		return -1;
	if (out != NULL) {
		derive(game, pos, &st);
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

	derive(game, pos, &st);
	memset(result, 0, sizeof(*result));
	result->verdict = st.verdict;
	result->winner = st.winner;
	for (int s = 0; s < cfg_of(game)->players; s++) {
		result->score[s] = rows_of(pos, s);
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

/* ------------------------------------------------------------ move text */

static void format_code(const uint8_t code[CODEGAME_PLACES], char *out)
{
	for (int k = 0; k < CODEGAME_PLACES; k++)
		out[k] = peg_letter[code[k]];
	out[CODEGAME_PLACES] = '\0';
}

/* Reads five pegs; says which one is wrong. */
static int parse_code(const char *text, size_t len, uint8_t *code,
		      const char *what, char *err, size_t errlen)
{
	for (size_t k = 0; k < len && k < CODEGAME_PLACES; k++) {
		int peg = peg_of(text[k]);

		if (peg < 0) {
			rules_error(err, errlen,
				    "%s: peg %zu: '%c' is not a colour (R O Y G B P) or - (blank)",
				    what, k + 1, text[k]);
			return -1;
		}
		code[k] = (uint8_t)peg;
	}
	if (len != CODEGAME_PLACES) {
		rules_error(err, errlen, "%s: a code has %d pegs, not %zu",
			    what, CODEGAME_PLACES, len);
		return -1;
	}
	return 0;
}

static int codegame_move_parse(const struct rules_game *game, const void *pos,
			       const char *text, struct rules_move *move,
			       char *err, size_t errlen)
{
	static const struct {
		const char *word;
		enum move_kind kind;
		uint32_t value;
	} words[] = {
		{ "black", MOVE_MARK, CODEGAME_BLACK },
		{ "white", MOVE_MARK, CODEGAME_WHITE },
		{ "none", MOVE_MARK, CODEGAME_NONE },
		{ "accept", MOVE_ACCEPT, 0 },
		{ "dispute", MOVE_DISPUTE, 0 },
		{ "pass", MOVE_PASS, 0 },
	};
	int players = cfg_of(game)->players, seat;
	const char *rest;
	uint8_t code[CODEGAME_PLACES];

	(void)pos;
	if (text[0] == '\0' || text[1] != ':') {
		rules_error(err, errlen,
			    "move '%.24s': no actor: write the seat first, as in 1:RGB-Y, 2:black, 3:claim=RG-YB",
			    text);
		return -1;
	}
	seat = text[0] - '1';
	if (seat < 0 || seat >= players) {
		rules_error(err, errlen,
			    "move '%.24s': seat '%c' is not a player (1..%d)",
			    text, text[0], players);
		return -1;
	}
	rest = text + 2;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (strcmp(rest, words[i].word) == 0) {
			*move = make_move(words[i].kind, seat, words[i].value);
			return 0;
		}
	}
	if (strncmp(rest, "claim=", 6) == 0) {
		if (parse_code(rest + 6, strlen(rest + 6), code, "claim", err,
			       errlen) < 0)
			return -1;
		*move = make_move(MOVE_CLAIM, seat, pack_code(code));
		return 0;
	}
	if (strspn(rest, "abcdefghijklmnopqrstuvwxyz=") == strlen(rest) ||
	    strlen(rest) > 2 * CODEGAME_PLACES) {
		rules_error(err, errlen,
			    "move '%.24s': '%.16s' is not a guess (5 of R O Y G B P -), black, white, none, claim=CODE, accept, dispute or pass",
			    text, rest);
		return -1;
	}
	if (parse_code(rest, strlen(rest), code, "guess", err, errlen) < 0)
		return -1;
	*move = make_move(MOVE_GUESS, seat, pack_code(code));
	return 0;
}

static int codegame_move_format(const struct rules_game *game, const void *pos,
				const struct rules_move *move, char *buf,
				size_t buflen)
{
	char code[CODEGAME_PLACES + 1];
	int n;
	uint8_t pegs[CODEGAME_PLACES];

	(void)pos;
	if (!move_valid(game, move))
		return -1;
	unpack_code(move->w[2], pegs);
	format_code(pegs, code);
	switch (move->w[0]) {
	case MOVE_GUESS:
		n = snprintf(buf, buflen, "%u:%s", move->w[1] + 1, code);
		break;
	case MOVE_CLAIM:
		n = snprintf(buf, buflen, "%u:claim=%s", move->w[1] + 1, code);
		break;
	case MOVE_MARK:
		n = snprintf(buf, buflen, "%u:%s", move->w[1] + 1,
			     mark_word[move->w[2]]);
		break;
	default:
		n = snprintf(buf, buflen, "%u:%s", move->w[1] + 1,
			     move->w[0] == MOVE_ACCEPT ? "accept" :
			     move->w[0] == MOVE_DISPUTE ? "dispute" : "pass");
		break;
	}
	return n < 0 || (size_t)n >= buflen ? -1 : 0;
}

/* ------------------------------------------------------------ position text
 *
 * "secrets R3 G1 B5 Y2 | rows 1:RGB-Y/xb-w 2:OOYYP/wx.. |
 *  claims 3:RGBY-/aa.x | passed none"
 *
 * secrets: colour and place per seat, "?" for each one hidden (the public
 * view before the end; parsing takes the game's own secret for it).
 * rows: guesser, guess, then one letter per seat: x the guesser, b w -
 * the mark given, . not marked yet. claims: claimant, code and, under
 * claims=patent, one letter per seat: x the claimant, a accept, d
 * dispute, . not answered yet. passed: the seats that passed in the
 * closing round, once every row is used.
 */

#define POSITION_TEXT_MAX 640

struct text_out {
	char *buf;
	size_t len, used;
	int overflow;
};

static void put(struct text_out *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct text_out *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= t->len - t->used) {
		t->overflow = 1;
		t->used = t->len - 1;
	} else {
		t->used += (size_t)n;
	}
}

static void format_rows(const struct codegame_pos *pos, int players,
			struct text_out *t)
{
	put(t, " | rows");
	if (pos->rows == 0)
		put(t, " none");
	for (int r = 0; r < pos->rows; r++) {
		const struct codegame_row *row = &pos->row[r];
		char code[CODEGAME_PLACES + 1], marks[CODEGAME_PLAYERS_MAX + 1];

		format_code(row->peg, code);
		for (int s = 0; s < players; s++)
			marks[s] = s == row->guesser ? 'x' :
				   mark_letter[row->mark[s]];
		marks[players] = '\0';
		put(t, " %d:%s/%s", row->guesser + 1, code, marks);
	}
}

static void format_claims(const struct codegame_pos *pos,
			  const struct codegame_cfg *cfg, struct text_out *t)
{
	put(t, " | claims");
	if (pos->claims == 0)
		put(t, " none");
	for (int i = 0; i < pos->claims; i++) {
		const struct codegame_claim *c = &pos->claim[i];
		char code[CODEGAME_PLACES + 1];

		format_code(c->code, code);
		put(t, " %d:%s", c->claimant + 1, code);
		if (cfg->verified)
			continue;
		put(t, "/");
		for (int s = 0; s < cfg->players; s++)
			put(t, "%c", s == c->claimant ? 'x' :
			    ".ad"[c->answer[s]]);
	}
}

static int codegame_position_format(const struct rules_game *game,
				    const void *vpos,
				    enum rules_text_view view, char *buf,
				    size_t buflen)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	const struct codegame_pos *pos = vpos;
	struct text_out t = { buf, buflen, 0, 0 };
	struct state st;
	int hide;

	if (buflen == 0)
		return -1;
	buf[0] = '\0';
	derive(game, pos, &st);
	hide = view == RULES_TEXT_PUBLIC && st.phase != PHASE_OVER;
	put(&t, "secrets");
	for (int s = 0; s < cfg->players; s++) {
		if (hide || pos->colour[s] == 0)
			put(&t, " ?");
		else
			put(&t, " %c%d", peg_letter[pos->colour[s]],
			    pos->place[s] + 1);
	}
	format_rows(pos, cfg->players, &t);
	format_claims(pos, cfg, &t);
	put(&t, " | passed");
	if (pos->passed == 0)
		put(&t, " none");
	for (int s = 0; s < cfg->players; s++)
		if (pos->passed & (1u << s))
			put(&t, " %d", s + 1);
	return t.overflow ? -1 : 0;
}

/* Reads a seat digit "1".."players" at text[0]; -1 if none. */
static int seat_of(char c, int players)
{
	return c >= '1' && c < '1' + players ? c - '1' : -1;
}

static int parse_secrets_field(const struct rules_game *game, char *text,
			       struct codegame_pos *pos, char *err,
			       size_t errlen)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	char *save = NULL, *word;
	int s = 0;

	for (word = strtok_r(text, " ", &save); word != NULL;
	     word = strtok_r(NULL, " ", &save), s++) {
		if (s == cfg->players) {
			rules_error(err, errlen,
				    "field 1 (secrets): more than %d secrets for %d players",
				    cfg->players, cfg->players);
			return -1;
		}
		if (strcmp(word, "?") == 0) {
			pos->colour[s] = cfg->colour[s];
			pos->place[s] = cfg->place[s];
		} else if (parse_secret(word, strlen(word), &pos->colour[s],
					&pos->place[s]) < 0) {
			rules_error(err, errlen,
				    "field 1 (secrets): seat %d: '%.12s' is not a colour and a place such as R3, or ?",
				    s + 1, word);
			return -1;
		}
	}
	if (s < cfg->players) {
		rules_error(err, errlen,
			    "field 1 (secrets): %d secrets for %d players", s,
			    cfg->players);
		return -1;
	}
	return check_secrets(cfg->players, cfg->distinct, pos->colour,
			     pos->place, "field 1 (secrets)", err, errlen);
}

/*
 * Reads one letter per seat after '/' into `slots` via `letters`
 * (index = value); `self` gets 'x'. Checks that the filled slots run
 * clockwise from `self`'s left without a gap.
 */
static int parse_slots(const char *text, int players, int self,
		       const char *letters, uint8_t *slots, const char *what,
		       int index, char *err, size_t errlen)
{
	int gap = -1;

	if ((int)strlen(text) != players) {
		rules_error(err, errlen, "%s %d: '%s' has %zu letters, one per seat (%d)",
			    what, index, text, strlen(text), players);
		return -1;
	}
	for (int i = 1; i < players; i++) {
		int s = (self + i) % players;
		const char *hit = strchr(letters, text[s]);

		if (text[s] == '\0' || hit == NULL || text[s] == 'x') {
			rules_error(err, errlen,
				    "%s %d: seat %d: '%c' is not one of %s",
				    what, index, s + 1, text[s], letters);
			return -1;
		}
		slots[s] = (uint8_t)(hit - letters);
		if (slots[s] == 0 && gap < 0)
			gap = s;
		if (slots[s] != 0 && gap >= 0) {
			rules_error(err, errlen,
				    "%s %d: seat %d has no letter but seat %d, after it clockwise, has",
				    what, index, gap + 1, s + 1);
			return -1;
		}
	}
	if (text[self] != 'x') {
		rules_error(err, errlen, "%s %d: seat %d's own letter is '%c', not x",
			    what, index, self + 1, text[self]);
		return -1;
	}
	return 0;
}

static int parse_row(const struct rules_game *game, char *word, int index,
		     struct codegame_pos *pos, char *err, size_t errlen)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	struct codegame_row *row = &pos->row[pos->rows];
	char *slash = strchr(word, '/');
	char what[32];
	int seat = seat_of(word[0], cfg->players);

	if (seat < 0 || word[1] != ':' || slash == NULL) {
		rules_error(err, errlen,
			    "field 2 (rows): row %d: '%.24s' is not SEAT:GUESS/MARKS such as 1:RGB-Y/xb-w",
			    index, word);
		return -1;
	}
	snprintf(what, sizeof(what), "field 2 (rows): row %d", index);
	row->guesser = (uint8_t)seat;
	if (parse_code(word + 2, (size_t)(slash - word - 2), row->peg, what,
		       err, errlen) < 0 ||
	    parse_slots(slash + 1, cfg->players, seat, ".-wb", row->mark,
			"field 2 (rows): row", index, err, errlen) < 0)
		return -1;
	for (int s = 0; s < cfg->players; s++) {
		if (row->mark[s] != CODEGAME_UNMARKED &&
		    row->mark[s] != codegame_mark(row->peg, pos->colour[s],
						  pos->place[s])) {
			rules_error(err, errlen,
				    "field 2 (rows): row %d: seat %d's mark '%c' is not the mark its secret gives",
				    index, s + 1, mark_letter[row->mark[s]]);
			return -1;
		}
	}
	if (rows_of(pos, seat) >= cfg->rows) {
		rules_error(err, errlen,
			    "field 2 (rows): row %d: seat %d has only %d rows",
			    index, seat + 1, cfg->rows);
		return -1;
	}
	return 0;
}

static int parse_rows_field(const struct rules_game *game, char *text,
			    struct codegame_pos *pos, char *err, size_t errlen)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	char *save = NULL, *word;

	if (strcmp(text, "none") == 0)
		return 0;
	for (word = strtok_r(text, " ", &save); word != NULL;
	     word = strtok_r(NULL, " ", &save)) {
		if (pos->rows > 0 &&
		    next_unset(cfg->players, 0, pos->row[pos->rows - 1].mark,
			       pos->row[pos->rows - 1].guesser) >= 0) {
			rules_error(err, errlen,
				    "field 2 (rows): row %d is not fully marked, yet row %d follows",
				    pos->rows, pos->rows + 1);
			return -1;
		}
		if (pos->rows == cfg->players * cfg->rows) {
			rules_error(err, errlen,
				    "field 2 (rows): more than %d rows",
				    cfg->players * cfg->rows);
			return -1;
		}
		if (parse_row(game, word, pos->rows + 1, pos, err, errlen) < 0)
			return -1;
		pos->rows++;
	}
	return 0;
}

static int parse_claim(const struct rules_game *game, char *word, int index,
		       struct codegame_pos *pos, char *err, size_t errlen)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	struct codegame_claim *c = &pos->claim[pos->claims];
	char *slash = strchr(word, '/');
	size_t len = slash ? (size_t)(slash - word - 2) : strlen(word + 2);
	char what[32];
	int seat = seat_of(word[0], cfg->players);

	if (seat < 0 || word[1] != ':') {
		rules_error(err, errlen,
			    "field 3 (claims): claim %d: '%.24s' is not SEAT:CODE%s",
			    index, word, cfg->verified ? "" : "/ANSWERS");
		return -1;
	}
	if ((slash != NULL) != !cfg->verified) {
		rules_error(err, errlen,
			    "field 3 (claims): claim %d: %s",
			    index, cfg->verified ?
			    "claims=verified: claims have no answers" :
			    "claims=patent: the answers (/x.ad per seat) are missing");
		return -1;
	}
	snprintf(what, sizeof(what), "field 3 (claims): claim %d", index);
	c->claimant = (uint8_t)seat;
	if (parse_code(word + 2, len, c->code, what, err, errlen) < 0)
		return -1;
	if (slash != NULL &&
	    parse_slots(slash + 1, cfg->players, seat, ".ad", c->answer,
			"field 3 (claims): claim", index, err, errlen) < 0)
		return -1;
	return 0;
}

/* Every claim but the last is settled, none follows a game-ending one,
 * and no claimant was already disqualified. */
static int check_claims(const struct rules_game *game,
			const struct codegame_pos *pos, char *err,
			size_t errlen)
{
	unsigned dq = 0;

	for (int i = 0; i < pos->claims; i++) {
		enum settlement how = settle(game, pos, i);
		int seat = pos->claim[i].claimant;

		if (dq & (1u << seat)) {
			rules_error(err, errlen,
				    "field 3 (claims): claim %d: seat %d was already disqualified",
				    i + 1, seat + 1);
			return -1;
		}
		if (i + 1 < pos->claims && how != CLAIM_FAILS) {
			rules_error(err, errlen,
				    "field 3 (claims): claim %d follows claim %d, which %s",
				    i + 2, i + 1, how == CLAIM_PENDING ?
				    "awaits answers" : "ended the game");
			return -1;
		}
		if (how == CLAIM_FAILS)
			dq |= 1u << seat;
	}
	return 0;
}

static int parse_claims_field(const struct rules_game *game, char *text,
			      struct codegame_pos *pos, char *err,
			      size_t errlen)
{
	int players = cfg_of(game)->players;
	char *save = NULL, *word;

	if (strcmp(text, "none") == 0)
		return 0;
	for (word = strtok_r(text, " ", &save); word != NULL;
	     word = strtok_r(NULL, " ", &save)) {
		if (pos->claims == players) {
			rules_error(err, errlen,
				    "field 3 (claims): more than %d claims",
				    players);
			return -1;
		}
		if (parse_claim(game, word, pos->claims + 1, pos, err,
				errlen) < 0)
			return -1;
		pos->claims++;
	}
	return check_claims(game, pos, err, errlen);
}

static int parse_passed_field(const struct rules_game *game, char *text,
			      struct codegame_pos *pos, char *err,
			      size_t errlen)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	char *save = NULL, *word;
	unsigned dq;

	if (strcmp(text, "none") == 0)
		return 0;
	for (word = strtok_r(text, " ", &save); word != NULL;
	     word = strtok_r(NULL, " ", &save)) {
		int seat = word[1] == '\0' ? seat_of(word[0], cfg->players) : -1;

		if (seat < 0 || (pos->passed & (1u << seat))) {
			rules_error(err, errlen,
				    "field 4 (passed): '%.12s' is not a seat (1..%d) named once",
				    word, cfg->players);
			return -1;
		}
		pos->passed |= (uint8_t)(1u << seat);
	}
	dq = codegame_disqualified(game, pos);
	for (int s = 0; s < cfg->players; s++) {
		if (!(dq & (1u << s)) && rows_of(pos, s) < cfg->rows) {
			rules_error(err, errlen,
				    "field 4 (passed): passes before the rows are used up (seat %d has a row left)",
				    s + 1);
			return -1;
		}
	}
	return 0;
}

/* Splits "secrets ... | rows ... | claims ... | passed ..." in place. */
static int split_fields(char *text, char **fields, char *err, size_t errlen)
{
	static const char *const keyword[] = { "secrets", "rows", "claims",
					       "passed" };
	char *p = text;
	int n = 0;

	for (;;) {
		char *bar = strchr(p, '|');

		if (n < 4)
			fields[n] = p;
		n++;
		if (bar == NULL)
			break;
		*bar = '\0';
		p = bar + 1;
	}
	if (n != 4) {
		rules_error(err, errlen,
			    "expected 4 fields separated by '|' (secrets, rows, claims, passed), found %d",
			    n);
		return -1;
	}
	for (int i = 0; i < 4; i++) {
		size_t klen = strlen(keyword[i]), end;
		char *f = fields[i];

		while (*f == ' ')
			f++;
		end = strlen(f);
		while (end > 0 && f[end - 1] == ' ')
			f[--end] = '\0';
		if (strncmp(f, keyword[i], klen) != 0 || f[klen] != ' ' ||
		    f[klen + 1 + strspn(f + klen + 1, " ")] == '\0') {
			rules_error(err, errlen,
				    "field %d: expected '%s' and its values (or none)",
				    i + 1, keyword[i]);
			return -1;
		}
		fields[i] = f + klen + 1 + strspn(f + klen + 1, " ");
	}
	return 0;
}

static int codegame_position_parse(const struct rules_game *game,
				   const char *text, void *vpos, char *err,
				   size_t errlen)
{
	struct codegame_pos pos;
	char copy[POSITION_TEXT_MAX], *fields[4];
	size_t len = strlen(text);

	if (len >= sizeof(copy)) {
		rules_error(err, errlen, "position text is too long (%zu bytes)",
			    len);
		return -1;
	}
	for (size_t i = 0; i < len; i++) {
		if ((unsigned char)text[i] < 0x20 || text[i] == 0x7f) {
			rules_error(err, errlen,
				    "position text holds a control character at byte %zu",
				    i + 1);
			return -1;
		}
	}
	memcpy(copy, text, len + 1);
	memset(&pos, 0, sizeof(pos));
	if (split_fields(copy, fields, err, errlen) < 0 ||
	    parse_secrets_field(game, fields[0], &pos, err, errlen) < 0 ||
	    parse_rows_field(game, fields[1], &pos, err, errlen) < 0 ||
	    parse_claims_field(game, fields[2], &pos, err, errlen) < 0 ||
	    parse_passed_field(game, fields[3], &pos, err, errlen) < 0)
		return -1;
	memcpy(vpos, &pos, sizeof(pos));
	return 0;
}

/* ------------------------------------------------------------ analysis
 *
 * A code is consistent when its coloured places can be dealt to the
 * seats one each, every seat getting a (colour, place) that fits all
 * its marks. The codes are walked place by place; along the way `ways`
 * counts, for each set of seats already dealt a place, how many deals
 * fit so far. At the last place, the deals of every seat are the code's
 * holdings, and a code with at least one is consistent.
 */

#define SEAT_SETS (1u << CODEGAME_PLAYERS_MAX)

struct analysis {
	int distinct;
	unsigned all_seats;
	uint8_t fit[CODEGAME_PLACES][CODEGAME_COLOURS + 1];	/* seat sets */
	uint32_t codes, holdings;
};

static void walk_codes(struct analysis *a, int place, int blanks,
		       unsigned colours, const uint32_t *ways)
{
	uint32_t next[SEAT_SETS];

	if (place == CODEGAME_PLACES) {
		if (ways[a->all_seats] != 0) {
			a->codes++;
			a->holdings += ways[a->all_seats];
		}
		return;
	}
	if (blanks > 0)
		walk_codes(a, place + 1, blanks - 1, colours, ways);
	if (CODEGAME_PLACES - place == blanks)
		return;
	for (int c = 1; c <= CODEGAME_COLOURS; c++) {
		unsigned fit = a->fit[place][c];
		int any = 0;

		if (fit == 0 || (a->distinct && (colours & (1u << c))))
			continue;
		memset(next, 0, sizeof(next));
		for (unsigned dealt = 0; dealt < a->all_seats; dealt++) {
			if (ways[dealt] == 0)
				continue;
			for (unsigned free = fit & ~dealt; free != 0;
			     free &= free - 1) {
				next[dealt | (free & -free)] += ways[dealt];
				any = 1;
			}
		}
		if (any)
			walk_codes(a, place + 1, blanks, colours | 1u << c, next);
	}
}

/* Whether a holder of (colour, place) gave every mark of seat `seat`
 * in the first `rows` rows. */
static int holding_fits(const struct codegame_pos *pos, int rows, int seat,
			int colour, int place)
{
	for (int r = 0; r < rows; r++) {
		const struct codegame_row *row = &pos->row[r];

		if (row->mark[seat] != CODEGAME_UNMARKED &&
		    row->mark[seat] != codegame_mark(row->peg, colour, place))
			return 0;
	}
	return 1;
}

void codegame_consistent(const struct rules_game *game,
			 const struct codegame_pos *pos, int rows,
			 struct codegame_count *count)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	struct analysis a;
	uint32_t start[SEAT_SETS] = { 1 };	/* nobody dealt: one way */

	if (rows < 0 || rows > pos->rows)
		rows = pos->rows;
	memset(&a, 0, sizeof(a));
	a.distinct = cfg->distinct;
	a.all_seats = (1u << cfg->players) - 1;
	for (int s = 0; s < cfg->players; s++)
		for (int c = 1; c <= CODEGAME_COLOURS; c++)
			for (int k = 0; k < CODEGAME_PLACES; k++)
				if (holding_fits(pos, rows, s, c, k))
					a.fit[k][c] |= (uint8_t)(1u << s);
	walk_codes(&a, 0, CODEGAME_PLACES - cfg->players, 0, start);
	count->codes = a.codes;
	count->holdings = a.holdings;
}

int codegame_public_options(const struct rules_game *game, char *buf,
			    size_t buflen)
{
	const char *p = rules_game_options(game);
	size_t used = 0;

	if (buflen == 0)
		return -1;
	buf[0] = '\0';
	while (*p != '\0') {
		size_t len = strcspn(p, " ");

		if (strncmp(p, "seed=", 5) != 0 &&
		    strncmp(p, "secrets=", 8) != 0) {
			if (used + (used > 0) + len >= buflen)
				return -1;
			if (used > 0)
				buf[used++] = ' ';
			memcpy(buf + used, p, len);
			used += len;
			buf[used] = '\0';
		}
		p += len;
		while (*p == ' ')
			p++;
	}
	return 0;
}

/* The spectators' analysis: codes still possible after the marks given
 * in the rows so far (an unfinished row counts once marked). */
static int codegame_analyse(const struct rules_game *game, const void *vpos,
			    char *buf, size_t buflen)
{
	const struct codegame_pos *pos = vpos;
	struct codegame_count count;
	int n;

	codegame_consistent(game, pos, pos->rows, &count);
	n = snprintf(buf, buflen, "%lu code%s and %lu dealing%s of the secrets "
		     "fit the marks of %u row%s", (unsigned long)count.codes,
		     count.codes == 1 ? "" : "s",
		     (unsigned long)count.holdings,
		     count.holdings == 1 ? "" : "s", pos->rows,
		     pos->rows == 1 ? "" : "s");
	/* Once the game is over, whether each claimed code was right may
	 * be told (under claims=patent the others' answers settled it). */
	if (game->ops->to_move(game, pos).seat < 0)
		for (int i = 0; i < pos->claims && n >= 0 &&
		     (size_t)n < buflen; i++)
			n += snprintf(buf + n, buflen - (size_t)n,
				      "; the code claimed by %d was %s",
				      pos->claim[i].claimant + 1,
				      codegame_claim_right(game, pos, i) ?
				      "right" : "wrong");
	return n < 0 || (size_t)n >= buflen ? -1 : 0;
}

/* A player's own secret, for his eyes only. */
static int codegame_seat_view(const struct rules_game *game, const void *vpos,
			      int seat, char *buf, size_t buflen)
{
	const struct codegame_pos *pos = vpos;
	int n;

	if (seat < 0 || seat >= cfg_of(game)->players)
		return -1;
	if (pos->colour[seat] == 0)
		n = snprintf(buf, buflen,
			     "seat %d has not entered a secret yet", seat + 1);
	else
		n = snprintf(buf, buflen, "seat %d holds %c at place %d",
			     seat + 1, peg_letter[pos->colour[seat]],
			     pos->place[seat] + 1);
	return n < 0 || (size_t)n >= buflen ? -1 : 0;
}

/* A player's own secret, entered before the first move into a game
 * started with secrets=ask or a '?' for his seat. The messages never
 * repeat it: refusals are shown to the room. */
static int codegame_seat_enter(const struct rules_game *game, int seat,
			       const char *text, char *buf, size_t buflen,
			       char *err, size_t errlen)
{
	const struct codegame_cfg *cfg = cfg_of(game);
	uint8_t colour[CODEGAME_PLAYERS_MAX], place[CODEGAME_PLAYERS_MAX];
	char secret[4], secrets[32] = "secrets=";
	size_t len = strlen(text);

	if (seat < 0 || seat >= cfg->players) {
		rules_error(err, errlen, "no seat %d in this game", seat + 1);
		return -1;
	}
	if (game->text[OPT_SECRETS] == NULL) {
		rules_error(err, errlen,
			    "this game's secrets were drawn by pitboss: there is none to enter");
		return -1;
	}
	memcpy(colour, cfg->colour, sizeof(colour));
	memcpy(place, cfg->place, sizeof(place));
	snprintf(secret, sizeof(secret), "%.3s", text);
	secret[0] = (char)toupper((unsigned char)secret[0]);
	if (len != 2 || parse_secret(secret, 2, &colour[seat],
				     &place[seat]) < 0) {
		rules_error(err, errlen,
			    "seat %d: a secret is a colour (R O Y G B P) and a place (1..5), such as R3",
			    seat + 1);
		return -1;
	}
	if (check_secrets(cfg->players, cfg->distinct, colour, place, "",
			  NULL, 0) < 0) {
		rules_error(err, errlen,
			    "seat %d: that secret does not go with those entered already (one place each%s); check the counters with the arbiter",
			    seat + 1, cfg->distinct ? ", one colour each" : "");
		return -1;
	}
	for (int s = 0; s < cfg->players; s++) {
		size_t used = strlen(secrets);

		if (colour[s] == 0)
			snprintf(secrets + used, sizeof(secrets) - used,
				 "%s?", s ? "/" : "");
		else
			snprintf(secrets + used, sizeof(secrets) - used,
				 "%s%c%d", s ? "/" : "",
				 peg_letter[colour[s]], place[s] + 1);
	}
	if (rules_options_merge(rules_game_options(game), secrets, buf,
				buflen) < 0) {
		rules_error(err, errlen, "the options are too long");
		return -1;
	}
	return 0;
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
	return cfg_of(game)->players;
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
