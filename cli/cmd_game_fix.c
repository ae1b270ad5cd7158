/*
 * cmd_game_fix.c - `pitboss game void` and `pitboss game correct`: a
 * finished game set right after the fact, with its audit row, and the
 * audit as `game show` prints it. Both build the text of the commands
 * "void-game" and "correct-game" (db/commands.h) and carry it out with
 * db_game_fix_text(), the code the daemon runs for the dashboard.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_game_fix.h"

void game_fix_usage(FILE *out)
{
	fprintf(out,
		"usage: %s game void GAME --reason TEXT [--force]\n"
		"       %s game correct GAME [--winner SEAT | --draw]\n"
		"                  [--score SEAT=N]... [--points SEAT=N]...\n"
		"                  --reason TEXT [--force]\n"
		"\n"
		"A voided game no longer counts: its series is scored again,\n"
		"and a series it had decided is open again. Only a game\n"
		"entered by hand (no move read by sensors) can be corrected.\n"
		"When a later match of the bracket has been played since, the\n"
		"change is refused, saying what it would undo; --force undoes\n"
		"it too. Every change is kept with who, when and why ('game\n"
		"show').\n",
		cli_progname, cli_progname);
}

enum { OPT_REASON = 5000, OPT_FORCE, OPT_WINNER, OPT_DRAW, OPT_SCORE,
       OPT_POINTS };

struct fix_args {
	struct cli_common co;
	const char *reason, *winner;
	int force, draw;
	const char *score[8], *points[8];
	int n_score, n_points;
};

static int fix_parse(const char *command, int argc, char **argv,
		     struct fix_args *a)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "reason", required_argument, NULL, OPT_REASON },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "winner", required_argument, NULL, OPT_WINNER },
		{ "draw", no_argument, NULL, OPT_DRAW },
		{ "score", required_argument, NULL, OPT_SCORE },
		{ "points", required_argument, NULL, OPT_POINTS },
		{ 0 }
	};
	int c, at = 0, is_void = strcmp(command, "game void") == 0;

	memset(a, 0, sizeof(*a));
	while ((c = getopt_long(argc, argv, "", lo, &at)) != -1) {
		if (is_void && c >= OPT_WINNER && c <= OPT_POINTS) {
			cli_error("game void: --%s is for 'game correct'",
				  lo[at].name);
			return EXIT_USAGE;
		}
		switch (c) {
		CLI_COMMON_CASES(a->co, game_fix_usage, command, argv);
		case OPT_REASON:
			a->reason = optarg;
			break;
		case OPT_FORCE:
			a->force = 1;
			break;
		case OPT_WINNER:
			a->winner = optarg;
			break;
		case OPT_DRAW:
			a->draw = 1;
			break;
		case OPT_SCORE:
		case OPT_POINTS:
			if ((c == OPT_SCORE ? a->n_score : a->n_points) == 8) {
				cli_error("%s: too many seats", command);
				return EXIT_USAGE;
			}
			if (c == OPT_SCORE)
				a->score[a->n_score++] = optarg;
			else
				a->points[a->n_points++] = optarg;
			break;
		}
	}
	if (a->reason == NULL || a->reason[strspn(a->reason, " \t")] == '\0') {
		cli_error("%s: say why with --reason TEXT (it is kept with the change)",
			  command);
		return EXIT_USAGE;
	}
	if (strchr(a->reason, '\n') != NULL) {
		cli_error("%s: the reason is one line", command);
		return EXIT_USAGE;
	}
	if (a->winner != NULL && a->draw) {
		cli_error("%s: --winner or --draw, not both", command);
		return EXIT_USAGE;
	}
	if (!is_void && a->winner == NULL && !a->draw && a->n_score == 0 &&
	    a->n_points == 0) {
		cli_error("%s: nothing to correct (give --winner, --draw, --score or --points)",
			  command);
		return EXIT_USAGE;
	}
	if (cli_operands(command, argc, argv, 1, 1) != EXIT_OK)
		return EXIT_USAGE;
	return -1;
}

/* The seat a name stands for in game `kind` ("S", or a number from 1). */
static int seat_of(const char *kind, const char *name)
{
	const struct rules *ops = rules_find(kind);
	char *end;
	long n;

	if (ops != NULL && rules_seat_find(ops, name) >= 0)
		return rules_seat_find(ops, name);
	n = strtol(name, &end, 10);
	return *end == '\0' && n >= 1 && n <= RULES_MAX_SEATS ? (int)n - 1 : -1;
}

/* "SEAT=N" for seat `seat`'s values, in order, into "N,N,...". */
static int seat_list(const char *command, const char *kind, int seats,
		     const char *const *given, int n, char *out, size_t len)
{
	long values[RULES_MAX_SEATS];
	int set[RULES_MAX_SEATS] = { 0 };
	size_t used = 0;

	for (int i = 0; i < n; i++) {
		const char *eq = strchr(given[i], '=');
		char name[16];
		int seat;

		if (eq == NULL || (size_t)(eq - given[i]) >= sizeof(name)) {
			cli_error("%s: '%s': give SEAT=N", command, given[i]);
			return EXIT_USAGE;
		}
		memcpy(name, given[i], (size_t)(eq - given[i]));
		name[eq - given[i]] = '\0';
		seat = seat_of(kind, name);
		if (seat < 0 || seat >= seats) {
			cli_error("%s: the game has no seat '%s'", command, name);
			return EXIT_USAGE;
		}
		if (cli_parse_int(name, eq + 1, 0, 100000, &values[seat]) < 0)
			return EXIT_USAGE;
		set[seat] = 1;
	}
	for (int s = 0; s < seats; s++) {
		if (!set[s]) {
			cli_error("%s: give every seat's value (seat %d is missing)",
				  command, s + 1);
			return EXIT_USAGE;
		}
		used += (size_t)snprintf(out + used, len - used, "%s%ld",
					 s ? "," : "", values[s]);
	}
	return EXIT_OK;
}

/* Who changes the record: "alice@cli". */
static void who(char *buf, size_t len)
{
	struct passwd *pw = getpwuid(getuid());

	if (pw != NULL && pw->pw_name[0] != '\0' &&
	    strpbrk(pw->pw_name, " \t") == NULL)
		snprintf(buf, len, "%s@cli", pw->pw_name);
	else
		snprintf(buf, len, "uid%u@cli", (unsigned)getuid());
}

/* The command's text: GAME [force] by=WHO [...] -- REASON. */
static int fix_text(struct db *db, const char *command, long id,
		    const struct fix_args *a, char *text, size_t len)
{
	struct db_game_info *g = malloc(sizeof(*g));
	char by[64], list[128];
	size_t used;
	int rc;

	if (g == NULL) {
		cli_error("out of memory");
		return EXIT_DATABASE;
	}
	who(by, sizeof(by));
	used = (size_t)snprintf(text, len, "%ld%s by=%s", id,
				a->force ? " force" : "", by);
	rc = cli_db_result(db, db_game_get(db, id, g));
	if (rc == EXIT_OK && a->winner != NULL) {
		int seat = seat_of(g->kind, a->winner);

		if (seat < 0 || seat >= g->seats) {
			cli_error("%s: the game has no seat '%s'", command,
				  a->winner);
			rc = EXIT_USAGE;
		}
		used += (size_t)snprintf(text + used, len - used, " win=%d",
					 seat + 1);
	}
	if (rc == EXIT_OK && a->draw)
		used += (size_t)snprintf(text + used, len - used, " draw");
	if (rc == EXIT_OK && a->n_score > 0 &&
	    (rc = seat_list(command, g->kind, g->seats, a->score, a->n_score,
			    list, sizeof(list))) == EXIT_OK)
		used += (size_t)snprintf(text + used, len - used, " score=%s",
					 list);
	if (rc == EXIT_OK && a->n_points > 0 &&
	    (rc = seat_list(command, g->kind, g->seats, a->points,
			    a->n_points, list, sizeof(list))) == EXIT_OK)
		used += (size_t)snprintf(text + used, len - used, " points=%s",
					 list);
	if (rc == EXIT_OK && used + 4 + strlen(a->reason) >= len) {
		cli_error("%s: the reason is too long", command);
		rc = EXIT_USAGE;
	}
	if (rc == EXIT_OK)
		snprintf(text + used, len - used, " -- %s", a->reason);
	free(g);
	return rc;
}

static int game_fix(const char *command, const char *word, int argc,
		    char **argv)
{
	struct fix_args a;
	char text[DB_TEXT_MAX], said[DB_ERR_MAX];
	struct db *db;
	long id;
	int rc = fix_parse(command, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (cli_parse_int("game", argv[optind], 1, 0x7fffffff, &id) < 0)
		return EXIT_USAGE;
	if ((rc = cli_db_open(a.co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = fix_text(db, command, id, &a, text, sizeof(text));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_game_fix_text(db, word, text, said,
							 sizeof(said)));
	if (rc == EXIT_OK)
		printf("%s\n", said);
	db_close(db);
	return rc;
}

int game_void(int argc, char **argv)
{
	return game_fix("game void", "void-game", argc, argv);
}

int game_correct(int argc, char **argv)
{
	return game_fix("game correct", "correct-game", argc, argv);
}

/* ------------------------------------------------------------ audit */

struct audit_ctx {
	int json, n;
};

static int audit_each(void *ctx, const struct db_audit_info *a)
{
	struct audit_ctx *c = ctx;

	if (c->json) {
		struct cli_json j;

		cli_json_open(&j, stdout, c->n);
		cli_json_str(&j, "at", a->at);
		cli_json_str(&j, "by", a->by);
		cli_json_str(&j, "action", a->action);
		cli_json_str(&j, "before", a->before);
		cli_json_str(&j, "after", a->after);
		cli_json_str(&j, "reason", a->reason);
		cli_json_str_or_null(&j, "undone", a->undone);
		cli_json_close(&j);
	} else {
		printf("%s %s %s by %s: %s -> %s; why: %s\n",
		       c->n ? "         " : "changes: ", a->at,
		       strcmp(a->action, "void") == 0 ? "voided" : "corrected",
		       a->by, a->before, a->after, a->reason);
		if (a->undone[0])
			printf("          which also: %s\n", a->undone);
	}
	c->n++;
	return 0;
}

int game_fix_show_audit(struct db *db, int64_t id, struct cli_json *j)
{
	struct audit_ctx c = { j != NULL, 0 };
	int rc;

	if (j != NULL) {
		cli_json_member(j, "audit");
		putchar('[');
	}
	rc = db_game_audit(db, id, audit_each, &c);
	if (j != NULL)
		putchar(']');
	return rc;
}
