/*
 * kalah_text.c - Kalah position and move text.
 *
 * Position: "SOUTH/NORTH/STORES/SIDE[/STATE]", for example
 *   4 4 4 4 4 4/4 4 4 4 4 4/0 0/S
 * SOUTH holds the counts of pits a.. from South's left, NORTH those of
 * A.. from North's left, STORES the S and N stores, SIDE the side to move
 * (S, N, or - once the game is over). STATE is present only when it says
 * something: "pie=first" (the first mover's opening turn is under way),
 * "pie=offer" (the side to move may swap), "swapped" (the players have
 * exchanged sides), "team=I.J" (next member, from 1, of the team that
 * started South and of the one that started North).
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/kalah_impl.h"

#define POSITION_TEXT_MAX 256

static const char *const field_name[] = {
	"South's pits", "North's pits", "stores S N", "side to move",
	"state"
};

/* Reads exactly `want` counts separated by blanks from `text`. */
static int parse_counts(const char *text, int field, int want,
			const char *what, int *counts, char *err,
			size_t errlen)
{
	const char *p = text;
	int found = 0;

	for (;;) {
		long value = 0;
		const char *start;

		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		start = p;
		while (*p != '\0' && *p != ' ')
			p++;
		for (const char *d = start; d < p; d++) {
			if (!isdigit((unsigned char)*d)) {
				rules_error(err, errlen,
					    "field %d (%s%s): '%.*s' is not a seed count",
					    field + 1, field_name[field], what,
					    (int)(p - start), start);
				return -1;
			}
			value = value * 10 + (*d - '0');
			if (value > 255) {
				rules_error(err, errlen,
					    "field %d (%s%s): '%.*s' is more seeds than the game has",
					    field + 1, field_name[field], what,
					    (int)(p - start), start);
				return -1;
			}
		}
		if (found < want)
			counts[found] = (int)value;
		found++;
	}
	if (found != want) {
		rules_error(err, errlen,
			    "field %d (%s%s): expected %d counts, found %d",
			    field + 1, field_name[field], what, want, found);
		return -1;
	}
	return 0;
}

static int parse_state_word(const struct kalah_cfg *c, const char *word,
			    struct kalah_pos *p, char *err, size_t errlen)
{
	unsigned a, b;
	char tail;

	if (strcmp(word, "pie=first") == 0 || strcmp(word, "pie=offer") == 0) {
		if (!c->pie) {
			rules_error(err, errlen,
				    "field 5 (state): '%s' but the game has no pie rule",
				    word);
			return -1;
		}
		p->pie = word[4] == 'f' ? KALAH_PIE_FIRST : KALAH_PIE_OFFER;
		return 0;
	}
	if (strcmp(word, "swapped") == 0) {
		if (!c->pie) {
			rules_error(err, errlen,
				    "field 5 (state): 'swapped' but the game has no pie rule");
			return -1;
		}
		p->swapped = 1;
		return 0;
	}
	if (sscanf(word, "team=%u.%u%c", &a, &b, &tail) == 2 &&
	    strspn(word + 5, "0123456789.") == strlen(word + 5)) {
		if (c->teams < 2) {
			rules_error(err, errlen,
				    "field 5 (state): '%s' but the game has no teams",
				    word);
			return -1;
		}
		if (a < 1 || b < 1 || a > (unsigned)c->teams ||
		    b > (unsigned)c->teams) {
			rules_error(err, errlen,
				    "field 5 (state): '%s': members are numbered 1..%d",
				    word, c->teams);
			return -1;
		}
		p->member[0] = (uint8_t)(a - 1);
		p->member[1] = (uint8_t)(b - 1);
		return 0;
	}
	rules_error(err, errlen,
		    "field 5 (state): unknown word '%s' (expected pie=first, pie=offer, swapped or team=I.J)",
		    word);
	return -1;
}

static int parse_state(const struct kalah_cfg *c, char *text,
		       struct kalah_pos *p, char *err, size_t errlen)
{
	char *save = NULL;
	int words = 0;

	for (char *w = strtok_r(text, " ", &save); w != NULL;
	     w = strtok_r(NULL, " ", &save)) {
		if (parse_state_word(c, w, p, err, errlen) < 0)
			return -1;
		words++;
	}
	if (words == 0) {
		rules_error(err, errlen, "field 5 (state) is empty");
		return -1;
	}
	return 0;
}

/* Whole-position checks once every field has been read. */
static int check_position(const struct kalah_cfg *c, struct kalah_pos *p,
			  int side_field, char *err, size_t errlen)
{
	int total = 0, empty[2];

	for (int h = 0; h < KALAH_HOLES; h++)
		total += p->hole[h];
	if (total != c->total) {
		rules_error(err, errlen,
			    "the position holds %d seeds; this game has %d (%d pits x %d seeds x 2)",
			    total, c->total, c->pits, c->seeds);
		return -1;
	}
	for (int s = 0; s < 2; s++) {
		empty[s] = 1;
		for (int i = 0; i < c->pits; i++)
			if (p->hole[first_pit(c, s) + i] != 0)
				empty[s] = 0;
	}
	if (!c->no_sweep && empty[0] != empty[1]) {
		int s = empty[0] ? 0 : 1;

		rules_error(err, errlen,
			    "%s's pits are empty but %s's are not: the game ended and the sweep would have emptied them",
			    kalah_side_word[s], kalah_side_word[s ^ 1]);
		return -1;
	}
	p->over = (uint8_t)(empty[0] || empty[1]);
	if (side_field < 0 && !p->over) {
		rules_error(err, errlen,
			    "field 4 (side to move): '-' but the game is not over");
		return -1;
	}
	if (p->over)
		p->side = KALAH_SOUTH;	/* as kalah_sow() leaves it */
	else
		p->side = (uint8_t)side_field;
	if (p->over && p->pie != KALAH_PIE_NONE) {
		rules_error(err, errlen,
			    "field 5 (state): a pie state in a finished game");
		return -1;
	}
	if (p->pie != KALAH_PIE_NONE && p->swapped) {
		rules_error(err, errlen,
			    "field 5 (state): 'swapped' and a pending pie state together");
		return -1;
	}
	if (p->pie == KALAH_PIE_FIRST && p->side != c->first) {
		rules_error(err, errlen,
			    "field 5 (state): pie=first, but the first mover %s is not to move",
			    kalah_seat_names[c->first]);
		return -1;
	}
	if (p->pie == KALAH_PIE_OFFER && p->side == c->first) {
		rules_error(err, errlen,
			    "field 5 (state): pie=offer, but the swap is offered to %s, not to the first mover %s",
			    kalah_seat_names[c->first ^ 1],
			    kalah_seat_names[c->first]);
		return -1;
	}
	return 0;
}

int kalah_position_parse(const struct rules_game *game, const char *text,
			 void *pos, char *err, size_t errlen)
{
	const struct kalah_cfg *c = cfg_of(game);
	struct kalah_pos p;
	char copy[POSITION_TEXT_MAX];
	char *field[6];
	int nfields = 0, counts[KALAH_PITS_MAX], side_field;
	char what[2][24];

	if (strlen(text) >= sizeof(copy)) {
		rules_error(err, errlen, "position text is too long (%zu bytes)",
			    strlen(text));
		return -1;
	}
	for (const char *t = text; *t != '\0'; t++) {
		if ((unsigned char)*t < 0x20 || *t == 0x7f) {
			rules_error(err, errlen,
				    "position text holds a control character at byte %d",
				    (int)(t - text) + 1);
			return -1;
		}
	}
	strcpy(copy, text);
	field[nfields++] = copy;
	for (char *s = copy; *s != '\0'; s++) {
		if (*s == '/') {
			*s = '\0';
			if (nfields == 5) {
				nfields = 6;
				break;
			}
			field[nfields++] = s + 1;
		}
	}
	if (nfields < 4 || nfields > 5) {
		rules_error(err, errlen,
			    "expected 4 fields separated by '/' (South's pits/North's pits/stores/side to move), found %d",
			    nfields > 5 ? 6 : nfields);
		return -1;
	}

	memset(&p, 0, sizeof(p));
	snprintf(what[0], sizeof(what[0]), " a..%c", 'a' + c->pits - 1);
	snprintf(what[1], sizeof(what[1]), " A..%c", 'A' + c->pits - 1);
	for (int s = 0; s < 2; s++) {
		if (parse_counts(field[s], s, c->pits, what[s], counts, err,
				 errlen) < 0)
			return -1;
		for (int i = 0; i < c->pits; i++)
			p.hole[first_pit(c, s) + i] = (uint8_t)counts[i];
	}
	if (parse_counts(field[2], 2, 2, "", counts, err, errlen) < 0)
		return -1;
	p.hole[store_of(c, KALAH_SOUTH)] = (uint8_t)counts[0];
	p.hole[store_of(c, KALAH_NORTH)] = (uint8_t)counts[1];

	{
		char *side = field[3];
		size_t len;

		while (*side == ' ')
			side++;
		len = strlen(side);
		while (len > 0 && side[len - 1] == ' ')
			side[--len] = '\0';
		if (strcmp(side, "S") == 0)
			side_field = KALAH_SOUTH;
		else if (strcmp(side, "N") == 0)
			side_field = KALAH_NORTH;
		else if (strcmp(side, "-") == 0)
			side_field = -1;
		else {
			rules_error(err, errlen,
				    "field 4 (side to move): '%s' is not S, N or -",
				    side);
			return -1;
		}
	}
	if (nfields == 5 && parse_state(c, field[4], &p, err, errlen) < 0)
		return -1;
	if (check_position(c, &p, side_field, err, errlen) < 0)
		return -1;
	memcpy(pos, &p, sizeof(p));
	return 0;
}

/* Appends to buf; returns the new length, or -1 once it no longer fits. */
static int append(char *buf, size_t buflen, int used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int append(char *buf, size_t buflen, int used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (used < 0)
		return -1;
	va_start(ap, fmt);
	n = vsnprintf(buf + used, buflen - (size_t)used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)(used + n) >= buflen)
		return -1;
	return used + n;
}

int kalah_position_format(const struct rules_game *game, const void *pos,
			  enum rules_text_view view, char *buf, size_t buflen)
{
	static const char *const pie_word[] = { "", "pie=first", "pie=offer" };
	const struct kalah_cfg *c = cfg_of(game);
	const struct kalah_pos *p = pos;
	int used = 0;
	char sep = '/';

	(void)view;	/* Kalah has no secrets */
	if (buflen == 0)
		return -1;
	buf[0] = '\0';
	for (int s = 0; s < 2; s++) {
		for (int i = 0; i < c->pits; i++)
			used = append(buf, buflen, used, "%s%d", i ? " " : "",
				      p->hole[first_pit(c, s) + i]);
		used = append(buf, buflen, used, "/");
	}
	used = append(buf, buflen, used, "%d %d/%c",
		      p->hole[store_of(c, KALAH_SOUTH)],
		      p->hole[store_of(c, KALAH_NORTH)],
		      p->over ? '-' : kalah_seat_names[p->side][0]);
	if (p->pie != KALAH_PIE_NONE) {
		used = append(buf, buflen, used, "%c%s", sep, pie_word[p->pie]);
		sep = ' ';
	}
	if (p->swapped) {
		used = append(buf, buflen, used, "%cswapped", sep);
		sep = ' ';
	}
	if (c->teams > 1)
		used = append(buf, buflen, used, "%cteam=%d.%d", sep,
			      p->member[0] + 1, p->member[1] + 1);
	return used < 0 ? -1 : 0;
}

int kalah_move_parse(const struct rules_game *game, const void *pos,
		     const char *text, struct rules_move *move, char *err,
		     size_t errlen)
{
	const struct kalah_cfg *c = cfg_of(game);

	(void)pos;
	memset(move, 0, sizeof(*move));
	if (strcmp(text, "swap") == 0) {
		move->w[0] = MOVE_SWAP;
		return 0;
	}
	if (text[0] != '\0' && text[1] == '\0') {
		if (text[0] >= 'a' && text[0] < 'a' + c->pits) {
			move->w[0] = MOVE_SOW;
			move->w[1] = (uint32_t)(text[0] - 'a');
			return 0;
		}
		if (text[0] >= 'A' && text[0] < 'A' + c->pits) {
			move->w[0] = MOVE_SOW;
			move->w[1] = (uint32_t)(first_pit(c, KALAH_NORTH) +
						text[0] - 'A');
			return 0;
		}
	}
	rules_error(err, errlen,
		    "'%.16s' is not a move: pits are a..%c (South) and A..%c (North)%s",
		    text, 'a' + c->pits - 1, 'A' + c->pits - 1,
		    c->pie ? ", or swap" : "");
	return -1;
}

int kalah_move_format(const struct rules_game *game, const void *pos,
		      const struct rules_move *move, char *buf, size_t buflen)
{
	const struct kalah_cfg *c = cfg_of(game);
	int n;

	(void)pos;
	if (move->w[0] == MOVE_SWAP)
		n = snprintf(buf, buflen, "swap");
	else if (move->w[0] == MOVE_SOW && move->w[1] < KALAH_HOLES &&
		 (owns_pit(c, KALAH_SOUTH, (int)move->w[1]) ||
		  owns_pit(c, KALAH_NORTH, (int)move->w[1])))
		n = snprintf(buf, buflen, "%c", pit_letter(c, (int)move->w[1]));
	else
		return -1;
	return n < 0 || (size_t)n >= buflen ? -1 : 0;
}
