/*
 * cmd_game_show.c - a game written out: `pitboss game show` (the game,
 * its moves, incidents and audit), and the JSON of a game and its moves
 * that the lists and exports share.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_game.h"
#include "cli/cmd_game_fix.h"

const char *game_seat_name(const char *kind, int seat, char *buf, size_t len)
{
	const struct rules *ops = rules_find(kind);

	if (ops != NULL)
		return rules_seat_name(ops, seat);
	snprintf(buf, len, "%d", seat + 1);
	return buf;
}

/*
 * The options of a game as they may be shown: a game under way keeps its
 * secrets (the hidden-code game's) out of listings and exports.
 */
const char *game_shown_options(const struct db_game_info *g, char *buf,
			       size_t len)
{
	const struct rules *ops = rules_find(g->kind);
	struct rules_game *game;
	char err[RULES_ERR_MAX];

	if (ops == NULL || ops->public_options == NULL ||
	    strcmp(g->status, "finished") == 0)
		return g->options;
	game = rules_game_new(ops, g->options, err, sizeof(err));
	if (game == NULL)
		snprintf(buf, len, "%s", "");
	else
		rules_public_options(game, buf, len);
	rules_game_free(game);
	return buf;
}

/* The sides of a game: `"sides":[...]`. */
static void sides_json(struct cli_json *j, const struct db_game_info *g)
{
	struct cli_json side;
	char buf[16];

	cli_json_member(j, "sides");
	fputc('[', j->out);
	for (int s = 0; s < g->seats; s++) {
		cli_json_open(&side, j->out, s > 0);
		cli_json_str(&side, "seat",
			     game_seat_name(g->kind, s, buf, sizeof(buf)));
		cli_json_int(&side, "player", g->side_player[s]);
		cli_json_str(&side, "players", g->side[s]);
		cli_json_int(&side, "score", g->score[s]);
		cli_json_int(&side, "points", g->points[s]);
		cli_json_close(&side);
	}
	fputc(']', j->out);
}

void game_json(struct cli_json *j, FILE *out, const struct db_game_info *g,
	       int comma)
{
	char shown[DB_TEXT_MAX];
	char buf[16];

	cli_json_open(j, out, comma);
	cli_json_int(j, "id", g->id);
	cli_json_str(j, "game", g->kind);
	cli_json_str(j, "options", game_shown_options(g, shown, sizeof(shown)));
	cli_json_str(j, "started", g->started);
	cli_json_str_or_null(j, "ended", g->ended);
	cli_json_str_or_null(j, "table", g->table);
	cli_json_id_or_null(j, "tournament", g->tournament_id);
	cli_json_id_or_null(j, "series", g->series_id);
	if (g->series_id)
		cli_json_int(j, "game_no", g->game_no);
	else
		cli_json_null(j, "game_no");
	cli_json_str(j, "first", game_seat_name(g->kind, g->first_seat, buf,
						sizeof(buf)));
	cli_json_str(j, "first_how", g->first_how);
	cli_json_str(j, "status", g->status);
	cli_json_str_or_null(j, "result", g->result);
	cli_json_str_or_null(j, "winner", g->winner < 0 ? NULL :
			     game_seat_name(g->kind, g->winner, buf,
					    sizeof(buf)));
	cli_json_int(j, "plies", g->plies);
	sides_json(j, g);
}

/* ------------------------------------------------------------ game show */

/* A line for the text's judgements: "  3 foul: TEXT" and its evidence. */
static void note(struct game_moves *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct game_moves *c, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (c->nnotes + (size_t)n + 1 > c->notes_cap) {
		size_t cap = 2 * c->notes_cap + (size_t)n + 256;
		char *p = realloc(c->notes, cap);

		if (p == NULL)
			return;
		c->notes = p;
		c->notes_cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(c->notes + c->nnotes, c->notes_cap - c->nnotes, fmt, ap);
	va_end(ap);
	c->nnotes += (size_t)n;
}

/* Whether evidence has the word `word` ("decided=take"). */
static int has_word(const char *evidence, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = evidence; (p = strstr(p, word)) != NULL; p += n)
		if ((p == evidence || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

int game_moves_each(void *ctx, const struct db_move_info *m)
{
	struct game_moves *c = ctx;
	char ply[16], buf[16];

	if (c->used < sizeof(c->record))
		c->used += (size_t)snprintf(c->record + c->used,
					    sizeof(c->record) - c->used, "%s%s",
					    c->used ? " " : "", m->notation);
	if (c->used >= sizeof(c->record))
		c->used = sizeof(c->record) - 1;
	if (c->json) {
		struct cli_json j;

		cli_json_open(&j, stdout, c->n);
		cli_json_int(&j, "ply", m->ply);
		cli_json_str(&j, "seat", game_seat_name(c->kind, m->seat, buf,
							sizeof(buf)));
		cli_json_str_or_null(&j, "player", m->player);
		cli_json_str(&j, "move", m->notation);
		cli_json_str(&j, "position", m->position);
		cli_json_str(&j, "source", m->source);
		cli_json_str(&j, "at", m->at);
		cli_json_str_or_null(&j, "evidence", m->evidence);
		cli_json_close(&j);
	} else if (c->table != NULL) {
		snprintf(ply, sizeof(ply), "%d", m->ply);
		cli_table_row(c->table, ply,
			      game_seat_name(c->kind, m->seat, buf, sizeof(buf)),
			      m->player, m->notation, m->position, m->source);
		/* The text lists the moves read with faults, not the
		 * exact ones. */
		if (m->evidence[0] != '\0' &&
		    !(has_word(m->evidence, "legal=0.0") &&
		      has_word(m->evidence, "decided=take")))
			note(c, "%4d %-8s %s\n     evidence %s\n", m->ply,
			     "move", m->notation, m->evidence);
	}
	c->n++;
	return 0;
}

/* A game's incidents: in JSON, or as lines of the text's judgements. */
static int incidents_each(void *ctx, const struct db_incident_info *i)
{
	struct game_moves *c = ctx;

	if (c->json) {
		struct cli_json j;

		cli_json_open(&j, stdout, c->n++);
		cli_json_int(&j, "ply", i->ply);
		cli_json_str(&j, "kind", i->kind);
		cli_json_str_or_null(&j, "player", i->player);
		cli_json_str(&j, "text", i->text);
		cli_json_str(&j, "at", i->at);
		cli_json_str_or_null(&j, "evidence", i->evidence);
		cli_json_close(&j);
		return 0;
	}
	note(c, "%4d %-8s %s\n", i->ply, i->kind, i->text);
	if (i->evidence[0] != '\0')
		note(c, "     evidence %s\n", i->evidence);
	return 0;
}

/* `game show --json`: the game, its moves, record, incidents and audit. */
static int show_json(struct db *db, const struct db_game_info *g,
		     struct game_moves *m)
{
	struct cli_json j;
	int rc;

	game_json(&j, stdout, g, 0);
	cli_json_member(&j, "moves");
	putchar('[');
	rc = cli_db_result(db, db_game_moves(db, g->id, game_moves_each, m));
	if (rc != EXIT_OK)
		return rc;
	putchar(']');
	cli_json_str(&j, "record", m->record);
	cli_json_member(&j, "incidents");
	putchar('[');
	m->n = 0;
	rc = cli_db_result(db, db_game_incidents(db, g->id, incidents_each, m));
	putchar(']');
	if (rc == EXIT_OK)
		rc = cli_db_result(db, game_fix_show_audit(db, g->id, &j));
	cli_json_close(&j);
	putchar('\n');
	return rc;
}

/* The text's head: the game, its sides, how it went, up to the record. */
static void show_head(const struct db_game_info *g, const char *record)
{
	char shown[DB_TEXT_MAX], buf[16];

	game_shown_options(g, shown, sizeof(shown));
	printf("game %" PRId64 ": %s%s%s\n", g->id, g->kind,
	       shown[0] ? " " : "", shown);
	for (int s = 0; s < g->seats; s++)
		printf("%-9s %s%s\n", game_seat_name(g->kind, s, buf,
						     sizeof(buf)),
		       g->side[s], s == g->first_seat ? " (first)" : "");
	printf("first:    decided by %s\n", g->first_how);
	if (g->table[0])
		printf("table:    %s\n", g->table);
	if (g->series_id)
		printf("series:   %" PRId64 ", game %d\n", g->series_id,
		       g->game_no);
	printf("started:  %s\n", g->started);
	if (g->ended[0])
		printf("ended:    %s\n", g->ended);
	printf("result:   ");
	if (strcmp(g->result, "win") == 0)
		printf("%s wins", g->side[g->winner]);
	else
		printf("%s", g->result[0] ? g->result : g->status);
	if (g->result[0]) {
		printf("; score");
		for (int s = 0; s < g->seats; s++)
			printf("%s %d", s ? "," : "", g->score[s]);
		printf("; points");
		for (int s = 0; s < g->seats; s++)
			printf("%s %d", s ? "," : "", g->points[s]);
	}
	if (strcmp(g->status, "void") == 0)
		printf("\nstatus:   void: the game no longer counts");
	printf("\nrecord:   %s\n", record);
}

/* `game show`: the head, the audit, the moves' table, the judgements. */
static int show_text(struct db *db, const struct db_game_info *g,
		     struct game_moves *m)
{
	int rc;

	m->table = cli_table_new(6, "PLY", "SIDE", "PLAYER", "MOVE",
				 "POSITION AFTER", "SOURCE");
	rc = cli_db_result(db, db_game_moves(db, g->id, game_moves_each, m));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_game_incidents(db, g->id,
							 incidents_each, m));
	if (rc != EXIT_OK)
		return rc;
	show_head(g, m->record);
	rc = cli_db_result(db, game_fix_show_audit(db, g->id, NULL));
	putchar('\n');
	cli_table_print(m->table, stdout);
	if (m->nnotes > 0)
		printf("\nincidents and evidence:\n%s", m->notes);
	return rc;
}

int game_show(int argc, char **argv)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	struct cli_common co = { 0 };
	struct db_game_info *g = malloc(sizeof(*g));
	struct game_moves *m = calloc(1, sizeof(*m));
	struct db *db = NULL;
	long id;
	int c, rc = EXIT_OK;

	if (g == NULL || m == NULL) {
		free(g);
		free(m);
		cli_error("out of memory");
		return EXIT_DATABASE;
	}
	while (rc == EXIT_OK && (c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		case CLI_OPT_DB:
			co.db = optarg;
			break;
		case CLI_OPT_JSON:
			co.json = 1;
			break;
		case CLI_OPT_HELP:
			game_usage(stdout);
			rc = -1;
			break;
		default:
			rc = cli_bad_option("game show", argv);
		}
	}
	if (rc == EXIT_OK && cli_operands("game show", argc, argv, 1, 1) != EXIT_OK)
		rc = EXIT_USAGE;
	if (rc == EXIT_OK && cli_parse_int("game", argv[optind], 1, 0x7fffffff,
					   &id) < 0)
		rc = EXIT_USAGE;
	if (rc == EXIT_OK)
		rc = cli_db_open(co.db, DB_OPEN_READONLY, &db);
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_game_get(db, id, g));
	if (rc == EXIT_OK) {
		m->json = co.json;
		m->kind = g->kind;
		rc = co.json ? show_json(db, g, m) : show_text(db, g, m);
	}
	cli_table_free(m->table);
	free(m->notes);
	free(m);
	free(g);
	db_close(db);
	return rc < 0 ? EXIT_OK : rc;
}

