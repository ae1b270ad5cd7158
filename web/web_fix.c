/*
 * web_fix.c - the arbiter voids or corrects a finished game from the
 * dashboard: the commands void-game and correct-game (db/commands.h),
 * queued for the daemon, which carries them out with the code `pitboss
 * game void` and `game correct` run (db_game_fix_text()), so that no
 * handler writes records.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "db/commands.h"
#include "web/web_impl.h"

/* Who the dashboard's changes are kept as made by. */
#define DASHBOARD_BY "arbiter@dashboard"

/* Appends " NAME=VALUE" for a body field made of `allowed` characters
 * only; 0, or -1 after answering 400. Absent: nothing. */
static int add_field(struct web_request *r, const char *key,
		     const char *allowed, char *text, size_t len)
{
	char value[64];
	size_t used = strlen(text);
	int rc = web_body_field(r, key, value, sizeof(value));

	if (rc == -1 || (rc == 0 && value[0] == '\0'))
		return 0;
	if (rc < 0 || value[strspn(value, allowed)] != '\0') {
		web_error(r, 400, "%s: '%s' is not understood", key,
			  rc < 0 ? "" : value);
		return -1;
	}
	snprintf(text + used, len - used, " %s=%s",
		 strcmp(key, "winner") == 0 ? "win" : key, value);
	return 0;
}

/* Whether a yes/no body field says yes ("1", "true", "yes"). */
static int said_yes(struct web_request *r, const char *key)
{
	char value[8];

	return web_body_field(r, key, value, sizeof(value)) == 0 &&
	       (strcmp(value, "1") == 0 || strcmp(value, "true") == 0 ||
		strcmp(value, "yes") == 0);
}

/* The command's text from the body; 0, or -1 after answering 400. */
static int fix_text(struct web_request *r, int correct, char *text,
		    size_t len)
{
	char reason[DB_TEXT_MAX - 96];
	size_t used;
	int rc = web_body_field(r, "reason", reason, sizeof(reason));

	if (rc == -2) {
		web_error(r, 400, "the body is not a JSON object of strings");
		return -1;
	}
	if (rc < 0 || reason[strspn(reason, " \t")] == '\0' ||
	    strpbrk(reason, "\r\n") != NULL) {
		web_error(r, 400, "reason: say why, on one line (it is kept with the change)");
		return -1;
	}
	snprintf(text, len, "%" PRId64 "%s by=" DASHBOARD_BY, r->param[0],
		 said_yes(r, "force") ? " force" : "");
	if (correct) {
		if (said_yes(r, "draw"))
			snprintf(text + strlen(text), len - strlen(text),
				 " draw");
		if (add_field(r, "winner", "0123456789", text, len) < 0 ||
		    add_field(r, "points", "0123456789,", text, len) < 0 ||
		    add_field(r, "score", "0123456789,", text, len) < 0)
			return -1;
	}
	used = strlen(text);
	snprintf(text + used, len - used, " -- %s", reason);
	return 0;
}

static void fix_done(struct web_request *r, int rc,
		     const struct db_command *cmd)
{
	struct jbuf b = { 0 };

	if (rc == 0 && strcmp(cmd->outcome_kind, "refused") == 0) {
		web_error(r, strcmp(cmd->outcome_cause, COMMAND_CAUSE_FAILED) ==
			  0 ? 500 : 409, "%s", web_outcome_text(cmd));
		return;
	}
	jbuf_printf(&b, "{\"command\":%" PRId64 ",\"game\":%" PRId64
		    ",\"outcome\":", cmd->id, r->param[0]);
	jbuf_str(&b, rc == 0 ? web_outcome_text(cmd) : NULL);
	jbuf_printf(&b, "}");
	web_json(r, &b);
	if (rc == 1)
		r->status = 202;	/* queued; the daemon has not answered */
}

static void game_fix(struct web_request *r, const char *word)
{
	const struct command_word *w = command_find(word);
	char text[DB_TEXT_MAX];

	if (w == NULL || w->act != COMMAND_FIX) {
		web_error(r, 404, "no command %s", word);
		return;
	}
	if (fix_text(r, strcmp(word, "correct-game") == 0, text,
		     sizeof(text)) < 0)
		return;
	web_queue_then(r, 0, word, text, fix_done);
}

void api_game_void(struct web_request *r)
{
	game_fix(r, "void-game");
}

void api_game_correct(struct web_request *r)
{
	game_fix(r, "correct-game");
}
