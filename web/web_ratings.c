/*
 * web_ratings.c - the rating lists in the JSON API: every list (or one)
 * best first, and one player's ratings with the history his chart is
 * drawn from.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "web/web_impl.h"

struct ratings_ctx {
	struct jbuf *b;
	int n, rank;			/* rows so far, in this list */
	char key[DB_RATING_KEY_MAX];	/* the list being written */
	int grouped;			/* lists as objects of their rows */
};

static void rating_row(struct jbuf *b, const struct db_rating *r, int rank)
{
	if (rank > 0) {
		jbuf_printf(b, "{\"rank\":%d,", rank);
	} else {
		jbuf_printf(b, "{\"list\":");
		jbuf_str(b, r->key);
		jbuf_printf(b, ",");
	}
	jbuf_printf(b, "\"player\":%" PRId64 ",\"name\":", r->player_id);
	jbuf_str(b, r->name);
	jbuf_printf(b, ",\"rating\":%.2f,\"rd\":%.2f,\"rd_now\":%.2f,"
		    "\"volatility\":%.6f,\"provisional\":%s,\"games\":%d,"
		    "\"wins\":%d,\"losses\":%d,\"draws\":%d,\"last_played\":",
		    r->rating, r->rd, r->rd_now, r->volatility,
		    r->provisional ? "true" : "false", r->games, r->wins,
		    r->losses, r->draws);
	jbuf_str(b, r->last_played);
	jbuf_printf(b, "}");
}

/* The game's title for a list: its key's first word is the game. */
static const char *list_title(const char *key)
{
	char name[32];
	const struct rules *ops;

	snprintf(name, sizeof(name), "%.*s", (int)strcspn(key, " "), key);
	ops = rules_find(name);
	return ops != NULL ? ops->title : key;
}

static int each_rating(void *ctx, const struct db_rating *r)
{
	struct ratings_ctx *c = ctx;

	if (!c->grouped) {
		jbuf_printf(c->b, "%s", c->n++ ? "," : "");
		rating_row(c->b, r, 0);
		return 0;
	}
	if (c->n == 0 || strcmp(c->key, r->key) != 0) {
		jbuf_printf(c->b, "%s{\"key\":", c->n ? "]}," : "");
		jbuf_str(c->b, r->key);
		jbuf_printf(c->b, ",\"title\":");
		jbuf_str(c->b, list_title(r->key));
		jbuf_printf(c->b, ",\"ratings\":[");
		snprintf(c->key, sizeof(c->key), "%s", r->key);
		c->rank = 0;
	} else {
		jbuf_printf(c->b, ",");
	}
	c->n++;
	rating_row(c->b, r, ++c->rank);
	return 0;
}

void api_ratings(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	const char *list = web_arg(r, "list");
	struct jbuf b = { 0 };
	struct ratings_ctx c = { .b = &b, .grouped = 1 };
	int stale = 0;

	if (list != NULL && (list[0] == '\0' ||
			     strlen(list) >= DB_RATING_KEY_MAX)) {
		web_error(r, 400, "list: not a rating list's key");
		goto out;
	}
	db_rating_stale(db, &stale);
	jbuf_printf(&b, "{\"stale\":%s,\"lists\":[",
		    stale ? "true" : "false");
	if (db_rating_list(db, list, 0, each_rating, &c) != DB_OK) {
		jbuf_free(&b);
		web_error(r, 500, "%s", db_error(db));
		goto out;
	}
	jbuf_printf(&b, "%s]}", c.n ? "]}" : "");
	web_json(r, &b);
out:
	web_db_release(r->web, db);
}

static int each_step(void *ctx, const struct db_rating_step *s)
{
	struct ratings_ctx *c = ctx;

	jbuf_printf(c->b, "%s{\"game\":%" PRId64 ",\"list\":",
		    c->n++ ? "," : "", s->game_id);
	jbuf_str(c->b, s->key);
	jbuf_printf(c->b, ",\"ended\":");
	jbuf_str(c->b, s->ended);
	jbuf_printf(c->b, ",\"rating_before\":%.2f,\"rd_before\":%.2f,"
		    "\"rating\":%.2f,\"rd\":%.2f,\"volatility\":%.6f,"
		    "\"score\":%.1f,\"opponents\":%d}", s->rating_before,
		    s->rd_before, s->rating, s->rd, s->volatility, s->score,
		    s->opponents);
	return 0;
}

void api_player_ratings(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct jbuf b = { 0 };
	struct ratings_ctx c = { .b = &b };
	struct db_player p;

	if (db_player_get(db, r->param[0], &p) != DB_OK) {
		web_error(r, 404, "no player %" PRId64, r->param[0]);
		goto out;
	}
	jbuf_printf(&b, "{\"player\":%" PRId64 ",\"name\":", p.id);
	jbuf_str(&b, p.name);
	jbuf_printf(&b, ",\"ratings\":[");
	if (db_rating_list(db, NULL, p.id, each_rating, &c) != DB_OK)
		goto failed;
	jbuf_printf(&b, "],\"history\":[");
	c.n = 0;
	if (db_rating_history(db, p.id, NULL, each_step, &c) != DB_OK)
		goto failed;
	jbuf_printf(&b, "]}");
	web_json(r, &b);
	goto out;
failed:
	jbuf_free(&b);
	web_error(r, 500, "%s", db_error(db));
out:
	web_db_release(r->web, db);
}
