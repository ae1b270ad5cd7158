/*
 * codegame_views.c - what each audience may see of a hidden-code game:
 * spectators the options without the secrets and the codes still
 * consistent with the public marks; each player his own secret, which
 * he may enter himself before the first move.
 */
#include "config.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/codegame_impl.h"

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
	const struct codegame_cfg *cfg = cg_cfg(game);
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
int codegame_analyse(const struct rules_game *game, const void *vpos,
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
int codegame_seat_view(const struct rules_game *game, const void *vpos,
			      int seat, char *buf, size_t buflen)
{
	const struct codegame_pos *pos = vpos;
	int n;

	if (seat < 0 || seat >= cg_cfg(game)->players)
		return -1;
	if (pos->colour[seat] == 0)
		n = snprintf(buf, buflen,
			     "seat %d has not entered a secret yet", seat + 1);
	else
		n = snprintf(buf, buflen, "seat %d holds %c at place %d",
			     seat + 1, cg_peg_letter[pos->colour[seat]],
			     pos->place[seat] + 1);
	return n < 0 || (size_t)n >= buflen ? -1 : 0;
}

/* A player's own secret, entered before the first move into a game
 * started with secrets=ask or a '?' for his seat. The messages never
 * repeat it: refusals are shown to the room. */
int codegame_seat_enter(const struct rules_game *game, int seat,
			       const char *text, char *buf, size_t buflen,
			       char *err, size_t errlen)
{
	const struct codegame_cfg *cfg = cg_cfg(game);
	uint8_t colour[CODEGAME_PLAYERS_MAX], place[CODEGAME_PLAYERS_MAX];
	uint8_t entered[CODEGAME_PLAYERS_MAX];
	char secret[4], secrets[40] = "secrets=";
	size_t len = strlen(text);
	int complete = 1, clash = 0;

	if (seat < 0 || seat >= cfg->players) {
		rules_error(err, errlen, "no seat %d in this game", seat + 1);
		return -1;
	}
	if (game->text[OPT_SECRETS] == NULL) {
		rules_error(err, errlen,
			    "this game's secrets were drawn by pitboss: there is none to enter");
		return -1;
	}
	/* Once in, a secret stays: entering again would let a player try
	 * places and learn from the answers which the others hold. */
	if (cfg->colour[seat] != 0) {
		rules_error(err, errlen, cfg->entered[seat] ?
			    "seat %d has entered a secret already; to change it the arbiter starts the game again" :
			    "seat %d's secret was given when the game started",
			    seat + 1);
		return -1;
	}
	memcpy(colour, cfg->colour, sizeof(colour));
	memcpy(place, cfg->place, sizeof(place));
	memcpy(entered, cfg->entered, sizeof(entered));
	snprintf(secret, sizeof(secret), "%.3s", text);
	secret[0] = (char)toupper((unsigned char)secret[0]);
	if (len != 2 || cg_parse_secret(secret, 2, &colour[seat],
				     &place[seat]) < 0) {
		rules_error(err, errlen,
			    "seat %d: a secret is a colour (R O Y G B P) and a place (1..5), such as R3",
			    seat + 1);
		return -1;
	}
	entered[seat] = 1;
	/* Checked together only when all are in, so an answer tells a
	 * player nothing of the others' secrets until everyone has
	 * entered; then secrets that cannot be held together (two players
	 * at one place) are all entered again. */
	for (int s = 0; s < cfg->players; s++)
		complete &= colour[s] != 0;
	if (complete && cg_check_secrets(cfg->players, cfg->distinct, colour,
					 place, NULL, "", NULL, 0) < 0) {
		clash = 1;
		for (int s = 0; s < cfg->players; s++)
			if (entered[s])
				colour[s] = place[s] = entered[s] = 0;
		rules_error(err, errlen,
			    "the secrets entered cannot all be held together (two at one place%s): every player who entered one checks his counters and enters it again",
			    cfg->distinct ? ", or one colour twice" : "");
	}
	for (int s = 0; s < cfg->players; s++) {
		size_t used = strlen(secrets);

		if (colour[s] == 0)
			snprintf(secrets + used, sizeof(secrets) - used,
				 "%s?", s ? "/" : "");
		else
			snprintf(secrets + used, sizeof(secrets) - used,
				 "%s%c%d%s", s ? "/" : "",
				 cg_peg_letter[colour[s]], place[s] + 1,
				 entered[s] ? "*" : "");
	}
	if (rules_options_merge(rules_game_options(game), secrets, buf,
				buflen) < 0) {
		rules_error(err, errlen, "the options are too long");
		return -1;
	}
	return clash;
}

