/*
 * web_players.c - the player index of the JSON API: every player, or
 * those whose name holds a given text (compared as names are, case
 * folded), a page at a time.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/names.h"
#include "web/web_impl.h"

#define PLAYERS_PAGE 50		/* players in a page by default */

struct players_ctx {
	struct jbuf *b;
	char key[NAMES_MAX_BYTES];	/* "" lists all */
	long offset, limit;
	long total, shown;
};

static int each_player(void *ctx, const struct db_player *p)
{
	struct players_ctx *c = ctx;
	char key[NAMES_MAX_BYTES];

	if (c->key[0] != '\0') {
		names_key(p->name, key, sizeof(key));
		if (strstr(key, c->key) == NULL)
			return 0;
	}
	if (c->total++ < c->offset || c->shown >= c->limit)
		return 0;
	jbuf_printf(c->b, "%s{\"id\":%" PRId64 ",\"name\":",
		    c->shown++ ? "," : "", p->id);
	jbuf_str(c->b, p->name);
	jbuf_printf(c->b, ",\"retired\":");
	jbuf_str(c->b, p->retired[0] ? p->retired : NULL);
	jbuf_printf(c->b, "}");
	return 0;
}

/* A number argument in lo..hi, or `dflt` when absent; -1 after a 400. */
static int number_arg(struct web_request *r, const char *name, long lo,
		      long hi, long dflt, long *out)
{
	const char *v = web_arg(r, name);
	char *end;

	*out = dflt;
	if (v == NULL)
		return 0;
	*out = strtol(v, &end, 10);
	if (*v == '\0' || *end != '\0' || *out < lo || *out > hi) {
		web_error(r, 400, "%s: '%s' is not %ld..%ld", name, v, lo, hi);
		return -1;
	}
	return 0;
}

void api_players(struct web_request *r)
{
	struct db *db = NULL;
	struct jbuf b = { 0 };
	struct players_ctx c = { &b, "", 0, 0, 0, 0 };
	const char *name = web_arg(r, "name");
	char err[128];

	if (number_arg(r, "offset", 0, 1000000, 0, &c.offset) < 0 ||
	    number_arg(r, "limit", 1, 1000, PLAYERS_PAGE, &c.limit) < 0)
		return;
	if (name != NULL && name[0] != '\0') {
		if (names_check("name", name, err, sizeof(err)) < 0) {
			web_error(r, 400, "%s", err);
			return;
		}
		names_key(name, c.key, sizeof(c.key));
	}
	db = web_db_acquire(r->web);
	jbuf_printf(&b, "{\"players\":[");
	if (db_player_list(db, 1, each_player, &c) != DB_OK) {
		jbuf_free(&b);
		web_error(r, 500, "%s", db_error(db));
	} else {
		jbuf_printf(&b, "],\"total\":%ld,\"offset\":%ld,\"limit\":%ld}",
			    c.total, c.offset, c.limit);
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}
