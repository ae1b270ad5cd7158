/*
 * codegame_text.c - the hidden-code game's move and position text: moves
 * name their actor ("1:RGB-Y", "2:black", "3:claim=GYR-B"); a position
 * is "secrets ... | rows ... | claims ... | passed ...", parsed with
 * errors that name the field, and checked against the rules so a parsed
 * position cannot contradict itself.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/codegame_impl.h"

/* ------------------------------------------------------------ move text */

static void format_code(const uint8_t code[CODEGAME_PLACES], char *out)
{
	for (int k = 0; k < CODEGAME_PLACES; k++)
		out[k] = cg_peg_letter[code[k]];
	out[CODEGAME_PLACES] = '\0';
}

/* Reads five pegs; says which one is wrong. */
static int parse_code(const char *text, size_t len, uint8_t *code,
		      const char *what, char *err, size_t errlen)
{
	for (size_t k = 0; k < len && k < CODEGAME_PLACES; k++) {
		int peg = cg_peg_of(text[k]);

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

int codegame_move_parse(const struct rules_game *game, const void *pos,
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
	int players = cg_cfg(game)->players, seat;
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
			*move = cg_make_move(words[i].kind, seat, words[i].value);
			return 0;
		}
	}
	if (strncmp(rest, "claim=", 6) == 0) {
		if (parse_code(rest + 6, strlen(rest + 6), code, "claim", err,
			       errlen) < 0)
			return -1;
		*move = cg_make_move(MOVE_CLAIM, seat, cg_pack_code(code));
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
	*move = cg_make_move(MOVE_GUESS, seat, cg_pack_code(code));
	return 0;
}

int codegame_move_format(const struct rules_game *game, const void *pos,
				const struct rules_move *move, char *buf,
				size_t buflen)
{
	char code[CODEGAME_PLACES + 1];
	int n;
	uint8_t pegs[CODEGAME_PLACES];

	(void)pos;
	if (!cg_move_valid(game, move))
		return -1;
	cg_unpack_code(move->w[2], pegs);
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
			     cg_mark_word[move->w[2]]);
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
				   cg_mark_letter[row->mark[s]];
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

int codegame_position_format(const struct rules_game *game,
				    const void *vpos,
				    enum rules_text_view view, char *buf,
				    size_t buflen)
{
	const struct codegame_cfg *cfg = cg_cfg(game);
	const struct codegame_pos *pos = vpos;
	struct text_out t = { buf, buflen, 0, 0 };
	struct state st;
	int hide;

	if (buflen == 0)
		return -1;
	buf[0] = '\0';
	cg_derive(game, pos, &st);
	hide = view == RULES_TEXT_PUBLIC && st.phase != PHASE_OVER;
	put(&t, "secrets");
	for (int s = 0; s < cfg->players; s++) {
		if (hide || pos->colour[s] == 0)
			put(&t, " ?");
		else
			put(&t, " %c%d", cg_peg_letter[pos->colour[s]],
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
	const struct codegame_cfg *cfg = cg_cfg(game);
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
		} else if (cg_parse_secret(word, strlen(word), &pos->colour[s],
					&pos->place[s]) < 0) {
			/* Not repeated: it may be a secret. */
			rules_error(err, errlen,
				    "field 1 (secrets): seat %d: not a colour and a place such as R3, nor ?",
				    s + 1);
			return -1;
		}
	}
	if (s < cfg->players) {
		rules_error(err, errlen,
			    "field 1 (secrets): %d secrets for %d players", s,
			    cfg->players);
		return -1;
	}
	return cg_check_secrets(cfg->players, cfg->distinct, pos->colour,
				pos->place, cfg->entered, "field 1 (secrets)",
				err, errlen);
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
	const struct codegame_cfg *cfg = cg_cfg(game);
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
				    index, s + 1, cg_mark_letter[row->mark[s]]);
			return -1;
		}
	}
	if (cg_rows_of(pos, seat) >= cfg->rows) {
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
	const struct codegame_cfg *cfg = cg_cfg(game);
	char *save = NULL, *word;

	if (strcmp(text, "none") == 0)
		return 0;
	for (word = strtok_r(text, " ", &save); word != NULL;
	     word = strtok_r(NULL, " ", &save)) {
		if (pos->rows > 0 &&
		    cg_next_unset(cfg->players, 0, pos->row[pos->rows - 1].mark,
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
	const struct codegame_cfg *cfg = cg_cfg(game);
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
		enum settlement how = cg_settle(game, pos, i);
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
	int players = cg_cfg(game)->players;
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
	const struct codegame_cfg *cfg = cg_cfg(game);
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
		if (!(dq & (1u << s)) && cg_rows_of(pos, s) < cfg->rows) {
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

int codegame_position_parse(const struct rules_game *game,
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
