/*
 * cmd_table_live.c - `pitboss table start|confirm|reject|correct|enter|
 * set-position|undo|end|status`: commands to a live table. They go
 * through the one door pitbossd reads (the commands queue in the
 * database), and the daemon's answer, the verdict the command caused,
 * is printed.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_table_live.h"
#include "db/commands.h"
#include "rules/rules.h"

void table_live_usage(FILE *out)
{
	for (const struct command_word *w = command_words; w->word; w++) {
		if (!(w->from & COMMAND_FROM_CLI))
			continue;
		fprintf(out, "       %s table %s TABLE", cli_progname, w->cli);
		if (w->act == COMMAND_SECRET)
			fprintf(out, " %s   (the secret on stdin)\n", w->what);
		else if (w->text == COMMAND_TEXT_NONE)
			fprintf(out, " [--wait S] [--key KEY]\n");
		else
			fprintf(out, w->text == COMMAND_TEXT_OPTIONAL ?
				" [%s] [--wait S] [--key KEY]\n" :
				" %s [--wait S] [--key KEY]\n", w->what);
	}
	fprintf(out,
		"       %s table status TABLE [--json]\n"
		"       %s table secret TABLE SEAT\n"
		"\nCommands to a live table:\n",
		cli_progname, cli_progname);
	for (const struct command_word *w = command_words; w->word; w++)
		if (w->from & COMMAND_FROM_CLI)
			fprintf(out, "  %-13s %s\n", w->cli, w->help);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Whether the daemon's answer says no: a refusal, or a foul. */
static int refused(const struct db_command *cmd)
{
	return strcmp(cmd->outcome_kind, "refused") == 0 ||
	       strcmp(cmd->outcome_kind, "foul") == 0;
}

/* The answer with its columns, for scripts. */
static void outcome_json(const struct db_command *cmd)
{
	printf("{\"command\":%" PRId64 ",\"kind\":", cmd->id);
	cli_json_string(stdout, cmd->outcome_kind);
	printf(",\"cause\":");
	cli_json_string(stdout, cmd->outcome_cause);
	printf(",\"ply\":%d,\"move\":", cmd->outcome_ply);
	cli_json_string(stdout, cmd->outcome_move[0] ? cmd->outcome_move :
			NULL);
	printf(",\"outcome\":");
	cli_json_string(stdout, cmd->outcome);
	printf("}\n");
}

/*
 * A player's secret for `seat`, typed on the terminal without being shown
 * (or one line of standard input): never an argument, which the shell's
 * history and ps would keep. Into `text` as "SEAT SECRET".
 */
static int read_secret(const char *seat, char *text, size_t len)
{
	struct termios old, quiet;
	int tty = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &old) == 0;
	char line[64];
	size_t n;

	if (tty) {
		fprintf(stderr, "seat %s's secret (not shown): ", seat);
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)ECHO;
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
	}
	if (fgets(line, sizeof(line), stdin) == NULL)
		line[0] = '\0';
	if (tty) {
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
		fputc('\n', stderr);
	}
	n = strcspn(line, "\r\n");
	line[n] = '\0';
	if (n == 0) {
		cli_error("no secret given for seat %s", seat);
		return -1;
	}
	snprintf(text, len, "%s %s", seat, line);
	explicit_bzero(line, sizeof(line));
	return 0;
}

/*
 * `table assign TABLE SERIES|next`: the call-up is recorded here, so
 * that it holds without pitbossd; the command then tells the daemon's
 * table at once. The series' number goes into `text`.
 */
static int record_call(struct db *db, const struct db_table *table,
		       const char *which, char *text, size_t len)
{
	int64_t id = 0;
	long v;
	int rc;

	if (strcmp(which, "next") == 0) {
		rc = cli_db_result(db, db_series_next_due(db, 0, NULL, NULL, &id));
		if (rc == EXIT_OK && id == 0) {
			cli_error("no series is due");
			rc = EXIT_REFUSED;
		}
	} else if (cli_parse_int("series", which, 1, 2147483647, &v) < 0) {
		return EXIT_USAGE;
	} else {
		id = v;
		rc = EXIT_OK;
	}
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_series_call(db, id, table->id));
	snprintf(text, len, "%" PRId64, id);
	return rc;
}

/*
 * Command `id` was queued before with `key`: the same command is waited
 * for again, not queued twice; a key of another command is refused.
 */
static int same_key(struct db *db, int64_t id, int64_t board,
		    const char *word, const char *text, const char *key)
{
	struct db_command cmd;
	int rc = cli_db_result(db, db_command_get(db, id, &cmd));

	/* Without `text` (a call or a secret, resolved the first time):
	 * the same board and word. */
	if (rc == EXIT_OK && (text == NULL ? cmd.board_id != board ||
			      strcmp(cmd.kind, word) != 0 :
			      !db_command_same(&cmd, board, word, text))) {
		cli_error("--key %s was command %" PRId64 "'s, another command",
			  key, id);
		rc = EXIT_REFUSED;
	}
	explicit_bzero(&cmd, sizeof(cmd));
	return rc;
}

static int send_command(const struct command_word *w, int argc, char **argv)
{
	static const struct option lo[] = {
		CLI_COMMON_OPTIONS,
		{ "wait", required_argument, NULL, 'w' },
		{ "key", required_argument, NULL, 'k' },
		{ 0 }
	};
	const char *key = NULL, *sent;
	struct cli_common co = { 0 };
	struct db_table table;
	struct db_command cmd;
	struct db *db;
	char command[64], text[96] = "", tagged[128] = "", call[24] = "";
	long wait = 10;
	int64_t id = 0;
	int c, rc, known = 0;

	snprintf(command, sizeof(command), "table %s", w->cli);
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, table_live_usage, command, argv);
		case 'w':
			if (cli_parse_int("--wait", optarg, 0, 600, &wait) < 0)
				return EXIT_USAGE;
			break;
		case 'k':
			if (!db_request_key_valid(optarg)) {
				cli_error("--key: 1 to %d letters, digits or "
					  "-_.:", DB_REQUEST_KEY_MAX);
				return EXIT_USAGE;
			}
			key = optarg;
			break;
		}
	}
	if (cli_operands(command, argc, argv,
			 w->text == COMMAND_TEXT_NEEDED ? 2 : 1,
			 w->text == COMMAND_TEXT_NONE ? 1 : 2) != EXIT_OK)
		return EXIT_USAGE;
	if (w->act == COMMAND_SECRET &&
	    read_secret(argv[optind + 1], text, sizeof(text)) < 0)
		return EXIT_USAGE;
	if ((rc = cli_db_open(co.db, 0, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_table_find(db, argv[optind], &table));
	/* A key given before: that command waited for again, nothing
	 * resolved or called anew (the next series, the game under way). */
	if (rc == EXIT_OK && key != NULL)
		rc = cli_db_result(db, db_command_by_key(db, key, &id));
	if (rc == EXIT_OK && id != 0)
		rc = same_key(db, id, table.id, w->word,
			      w->act == COMMAND_CALL || w->act == COMMAND_SECRET ?
			      NULL : argc - optind == 2 ? argv[optind + 1] : "",
			      key);
	else if (rc == EXIT_OK && w->act == COMMAND_CALL)
		rc = record_call(db, &table, argv[optind + 1], call,
				 sizeof(call));
	/* A secret is for the game under way now, not the next one. */
	if (rc == EXIT_OK && id == 0 && text[0] != '\0') {
		int64_t game = 0;

		rc = cli_db_result(db, db_game_playing_at(db, table.id, &game));
		if (rc == EXIT_OK && game == 0) {
			cli_error("table %s has no game under way", argv[optind]);
			rc = EXIT_REFUSED;
		}
		snprintf(tagged, sizeof(tagged), "%" PRId64 " %s", game, text);
	}
	sent = call[0] != '\0' ? call : tagged[0] != '\0' ? tagged :
	       argc - optind == 2 ? argv[optind + 1] : "";
	if (rc == EXIT_OK && id == 0)
		rc = cli_db_result(db, db_command_add_keyed(db, table.id,
			w->word, sent, key, &id, &known));
	if (rc == EXIT_OK && known)
		rc = same_key(db, id, table.id, w->word, sent, key);
	explicit_bzero(text, sizeof(text));
	explicit_bzero(tagged, sizeof(tagged));
	for (long waited = 0; rc == EXIT_OK; waited += 100) {
		rc = cli_db_result(db, db_command_get(db, id, &cmd));
		if (rc != EXIT_OK || cmd.done[0] != '\0')
			break;
		if (waited >= wait * 1000 && w->act == COMMAND_CALL) {
			printf("series %s called to table %s (recorded; "
			       "pitbossd takes it at the table's next game)\n",
			       cmd.text, table.name);
			db_close(db);
			return EXIT_OK;
		}
		if (waited >= wait * 1000) {
			fprintf(stderr, "%s: no answer from pitbossd within %ld s; "
				"command %" PRId64 " waits in the queue (a "
				"pitbossd started within 15 minutes carries "
				"it out)\n",
				cli_progname, wait, id);
			rc = EXIT_REFUSED;
			break;
		}
		sleep_ms(100);
	}
	if (rc == EXIT_OK) {
		if (co.json)
			outcome_json(&cmd);
		else
			printf("%s\n", cmd.outcome);
		if (refused(&cmd))
			rc = EXIT_REFUSED;
	}
	db_close(db);
	return rc;
}

/* The series called to the table and the next due one. */
static void calls_text(const struct db_table_calls *c)
{
	if (c->playing)
		printf("series %" PRId64 ": %s v %s, %d-%d to %d\n",
		       c->now.id, c->now.name[0], c->now.name[1],
		       c->now.total[0], c->now.total[1], c->now.target);
	else
		printf("no series called: games here are friendlies\n");
	if (c->next)
		printf("next: series %" PRId64 ", %s v %s\n", c->up.id,
		       c->up.name[0], c->up.name[1]);
}

static void series_json(int set, const struct db_series_info *s)
{
	if (!set) {
		printf("null");
		return;
	}
	printf("{\"id\":%" PRId64 ",\"tournament\":%" PRId64 ",\"players\":[",
	       s->id, s->tournament_id);
	cli_json_string(stdout, s->name[0]);
	putchar(',');
	cli_json_string(stdout, s->name[1]);
	printf("],\"total\":[%d,%d],\"target\":%d}", s->total[0],
	       s->total[1], s->target);
}

static void calls_json(const struct db_table_calls *c)
{
	printf(",\"series\":");
	series_json(c->playing, &c->now);
	printf(",\"next\":");
	series_json(c->next, &c->up);
}

static int status(int argc, char **argv)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	struct cli_common co = { 0 };
	struct db_table table;
	struct db_table_calls calls;
	struct db_game_info g;
	struct db *db;
	int64_t game = 0;
	int c, rc;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, table_live_usage, "table status", argv);
		}
	}
	if (cli_operands("table status", argc, argv, 1, 1) != EXIT_OK)
		return EXIT_USAGE;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_table_find(db, argv[optind], &table));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_game_playing_at(db, table.id, &game));
	if (rc == EXIT_OK && game != 0)
		rc = cli_db_result(db, db_game_get(db, game, &g));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_table_calls(db, table.id, NULL, NULL, &calls));
	if (rc == EXIT_OK && co.json) {
		printf("{\"table\":%" PRId64 ",\"name\":", table.id);
		cli_json_string(stdout, table.name);
		calls_json(&calls);
		if (game == 0) {
			printf(",\"game\":null}\n");
		} else {
			printf(",\"game\":%" PRId64 ",\"plies\":%d,\"position\":",
			       game, g.plies);
			cli_json_string(stdout, g.position);
			printf(",\"S\":");
			cli_json_string(stdout, g.side[0]);
			printf(",\"N\":");
			cli_json_string(stdout, g.side[1]);
			printf("}\n");
		}
	} else if (rc == EXIT_OK) {
		printf("table %" PRId64 ": %s\n", table.id, table.name);
		calls_text(&calls);
		if (game == 0)
			printf("no game under way\n");
		else {
			printf("game %" PRId64 ": ", game);
			for (int s = 0; s < g.seats && s < RULES_MAX_SEATS; s++)
				printf("%s%s", s ? " v " : "", g.side[s]);
			printf(", %d moves\nposition: %s\n", g.plies,
			       g.position);
		}
	}
	db_close(db);
	return rc;
}

/* One seat's secret of the game under way, for that player's eyes. */
static int secret(int argc, char **argv)
{
	static const struct option lo[] = { CLI_COMMON_OPTIONS, { 0 } };
	struct cli_common co = { 0 };
	const struct rules *ops;
	struct rules_game *game = NULL;
	struct db_table table;
	struct db_game_info g;
	struct db *db;
	char err[RULES_ERR_MAX], view[256];
	void *pos = NULL;
	int64_t id = 0;
	long seat;
	int c, rc;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		CLI_COMMON_CASES(co, table_live_usage, "table secret", argv);
		}
	}
	if (cli_operands("table secret", argc, argv, 2, 2) != EXIT_OK ||
	    cli_parse_int("seat", argv[optind + 1], 1, RULES_MAX_SEATS,
			  &seat) < 0)
		return EXIT_USAGE;
	if ((rc = cli_db_open(co.db, DB_OPEN_READONLY, &db)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_table_find(db, argv[optind], &table));
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_game_playing_at(db, table.id, &id));
	if (rc == EXIT_OK && id == 0) {
		cli_error("table %s has no game under way", argv[optind]);
		rc = EXIT_REFUSED;
	}
	if (rc == EXIT_OK)
		rc = cli_db_result(db, db_game_get(db, id, &g));
	if (rc != EXIT_OK)
		goto out;
	ops = rules_find(g.kind);
	if (ops == NULL || ops->seat_view == NULL) {
		cli_error("%s has no secrets", g.kind);
		rc = EXIT_REFUSED;
		goto out;
	}
	err[0] = '\0';
	game = rules_game_new(ops, g.options, err, sizeof(err));
	pos = game ? calloc(1, rules_position_size(game)) : NULL;
	if (game == NULL || pos == NULL ||
	    ops->position_parse(game, g.position, pos, err, sizeof(err)) < 0) {
		cli_error("game %lld: %s", (long long)id,
			  err[0] ? err : "out of memory");
		rc = EXIT_REFUSED;
		goto out;
	}
	if (seat > rules_game_seats(game) ||
	    ops->seat_view(game, pos, (int)seat - 1, view, sizeof(view)) < 0) {
		cli_error("game %lld: seat %ld: no such seat", (long long)id,
			  seat);
		rc = EXIT_REFUSED;
		goto out;
	}
	printf("%s\n", view);
out:
	free(pos);
	rules_game_free(game);
	db_close(db);
	return rc;
}

int table_live_run(const char *word, int argc, char **argv)
{
	const struct command_word *w = command_find_cli(word);

	if (strcmp(word, "status") == 0)
		return status(argc, argv);
	if (strcmp(word, "secret") == 0)
		return secret(argc, argv);
	if (w == NULL || !(w->from & COMMAND_FROM_CLI))
		return -1;
	return send_command(w, argc, argv);
}
