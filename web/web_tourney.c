/*
 * web_tourney.c - tournaments in the JSON API (docs/api.md): the list,
 * one tournament (its status "playing" once a game of it started), its
 * standings and its bracket.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/web_impl.h"

static int tournament_info(struct web_request *r, struct db *db,
			   struct db_tournament_info *t)
{
	char id[24];

	snprintf(id, sizeof(id), "%" PRId64, r->param[0]);
	if (db_tournament_find(db, id, t) != DB_OK) {
		web_error(r, 404, "no tournament %s", id);
		return -1;
	}
	return 0;
}

/* Whether a game of the tournament was started: it is being played. */
static int any_game(void *ctx, const struct db_game_info *g)
{
	(void)g;
	*(int *)ctx = 1;
	return 1;
}

static void tournament_json(struct jbuf *b, struct db *db,
			    const struct db_tournament_info *t)
{
	struct db_history_filter f = { 0 };
	int played = 0;

	f.tournament_id = t->id;
	f.limit = 1;
	if (strcmp(t->status, "drawn") == 0)
		db_history(db, &f, any_game, &played);
	jbuf_printf(b, "{\"id\":%" PRId64 ",\"name\":", t->id);
	jbuf_str(b, t->name);
	jbuf_printf(b, ",\"game\":");
	jbuf_str(b, t->kind);
	jbuf_printf(b, ",\"options\":");
	web_public_options(b, t->kind, t->options);
	jbuf_printf(b, ",\"format\":");
	jbuf_str(b, t->format[0] ? t->format : DB_FORMAT_KNOCKOUT);
	jbuf_printf(b, ",\"target\":%d,\"third_place\":%s,\"status\":",
		    t->target, t->third_place ? "true" : "false");
	jbuf_str(b, played ? "playing" : t->status);
	jbuf_printf(b, ",\"entrants\":%d,\"created\":", t->entrants);
	jbuf_str(b, t->created);
	jbuf_printf(b, ",\"champion\":");
	jbuf_str(b, t->champion ? t->champion_name : NULL);
	jbuf_printf(b, ",\"champion_id\":");
	if (t->champion)
		jbuf_printf(b, "%" PRId64, t->champion);
	else
		jbuf_printf(b, "null");
	jbuf_printf(b, "}");
}

void api_tournament(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct db_tournament_info t;
	struct jbuf b = { 0 };

	if (tournament_info(r, db, &t) == 0) {
		tournament_json(&b, db, &t);
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}

struct tournaments_ctx {
	struct jbuf *b;
	struct db *db;
	int n;
};

static int each_tournament(void *ctx, const struct db_tournament_info *t)
{
	struct tournaments_ctx *c = ctx;

	if (c->n++)
		jbuf_printf(c->b, ",");
	tournament_json(c->b, c->db, t);
	return 0;
}

void api_tournaments(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct jbuf b = { 0 };
	struct tournaments_ctx c = { &b, db, 0 };

	jbuf_printf(&b, "[");
	if (db_tournament_list(db, each_tournament, &c) != DB_OK) {
		jbuf_free(&b);
		web_error(r, 500, "%s", db_error(db));
	} else {
		jbuf_printf(&b, "]");
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}

void api_standings(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct db_tournament_info t;
	struct standing *rows = NULL;
	struct jbuf b = { 0 };
	size_t n = 0;

	if (tournament_info(r, db, &t) < 0)
		goto out;
	if (db_tournament_standings(db, t.id, &rows, &n) != DB_OK) {
		web_error(r, 500, "%s", db_error(db));
		goto out;
	}
	jbuf_printf(&b, "[");
	for (size_t i = 0; i < n; i++) {
		const struct standing *s = &rows[i];

		jbuf_printf(&b, "%s{\"place\":%zu,\"player\":%" PRId64
			    ",\"name\":", i ? "," : "", i + 1, s->player_id);
		jbuf_str(&b, s->name);
		jbuf_printf(&b, ",\"seed\":%d,\"seeded\":%s,"
			    "\"round_reached\":%d,\"out_round\":%d,"
			    "\"out_by\":", s->seed, s->seeded ? "true" : "false",
			    s->round_reached, s->out_round);
		jbuf_str(&b, s->out_by[0] ? s->out_by : NULL);
		jbuf_printf(&b, ",\"out_forfeit\":%s,\"status\":",
			    s->out_forfeit ? "true" : "false");
		jbuf_str(&b, standings_status_name(s->status));
		jbuf_printf(&b, ",\"series_won\":%d,\"series_lost\":%d,"
			    "\"games_won\":%d,\"games_lost\":%d,"
			    "\"games_drawn\":%d,\"points_for\":%d,"
			    "\"points_against\":%d}", s->series_won,
			    s->series_lost, s->games_won, s->games_lost,
			    s->games_drawn, s->points_for, s->points_against);
	}
	jbuf_printf(&b, "]");
	web_json(r, &b);
out:
	free(rows);
	web_db_release(r->web, db);
}

struct match_ctx {
	struct jbuf *b;
	int n;
};

static int each_match(void *ctx, const struct db_bracket_match *m)
{
	struct match_ctx *l = ctx;

	jbuf_printf(l->b, "%s{\"match\":%d,\"round\":%d,\"index\":%d,"
		    "\"third_place\":%s,\"players\":[", l->n++ ? "," : "",
		    m->match, m->round, m->index,
		    m->third_place ? "true" : "false");
	for (int p = 0; p < 2; p++) {
		jbuf_printf(l->b, "%s{\"id\":", p ? "," : "");
		if (m->player[p])
			jbuf_printf(l->b, "%" PRId64, m->player[p]);
		else
			jbuf_printf(l->b, "null");
		jbuf_printf(l->b, ",\"name\":");
		jbuf_str(l->b, m->name[p]);
		jbuf_printf(l->b, ",\"seed\":%d,\"seeded\":%s,\"total\":%d}",
			    m->seed[p], m->seeded[p] ? "true" : "false",
			    m->total[p]);
	}
	jbuf_printf(l->b, "],\"series\":");
	if (m->series_id)
		jbuf_printf(l->b, "%" PRId64, m->series_id);
	else
		jbuf_printf(l->b, "null");
	jbuf_printf(l->b, ",\"how\":");
	jbuf_str(l->b, m->how);
	jbuf_printf(l->b, ",\"winner\":");
	if (m->winner)
		jbuf_printf(l->b, "%" PRId64, m->winner);
	else
		jbuf_printf(l->b, "null");
	jbuf_printf(l->b, "}");
	return 0;
}

void api_bracket(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct db_tournament_info t;
	struct jbuf b = { 0 };
	struct match_ctx l = { &b, 0 };

	if (tournament_info(r, db, &t) == 0) {
		jbuf_printf(&b, "[");
		if (db_tournament_bracket(db, t.id, each_match, &l) != DB_OK) {
			jbuf_free(&b);
			web_error(r, 500, "%s", db_error(db));
		} else {
			jbuf_printf(&b, "]");
			web_json(r, &b);
		}
	}
	web_db_release(r->web, db);
}

