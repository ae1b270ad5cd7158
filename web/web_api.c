/*
 * web_api.c - the JSON API (documented in docs/api.md): tables with
 * their live state, games with every move, series, players with their
 * history (tournaments in web_tourney.c, the player index in
 * web_players.c). Read-only: each
 * handler borrows a read connection from the pool. Boards are described
 * from the rules and the sensing table of their game (start position,
 * places and their layout) so that the dashboard computes none of it.
 */
#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/sensing.h"
#include "rules/rules.h"
#include "web/web_impl.h"

#define START_TEXT_MAX 1024	/* a start position as text */

/* ---------------------------------------------------------- pieces */

/* The options spectators may see: a game's secrets never leave. */
void web_public_options(struct jbuf *b, const char *kind, const char *options)
{
	const struct rules *ops = rules_find(kind);
	struct rules_game *game;
	char err[RULES_ERR_MAX], buf[DB_TEXT_MAX];

	if (ops == NULL || ops->public_options == NULL) {
		jbuf_str(b, options);
		return;
	}
	game = rules_game_new(ops, options, err, sizeof(err));
	jbuf_str(b, game != NULL ? rules_public_options(game, buf,
							sizeof(buf)) : "");
	rules_game_free(game);
}

/* A seat's name in the game's own words ("S", "1"). */
static const char *seat_name(const char *kind, int seat)
{
	const struct rules *ops = rules_find(kind);

	return ops != NULL ? rules_seat_name(ops, seat) : "?";
}

/*
 * How a board's places are laid out: the sizes of the runs of counts
 * its position text separates with '/', in place order ("4 4 4/4 4 4/0
 * 0/S": 3, 3, 2); one run of all the places when the text does not
 * list their counts so. Returns the number of runs.
 */
static int place_groups(const char *text, int places, int *groups, int cap)
{
	int n = 0, total = 0;

	while (*text != '\0' && total < places && n < cap) {
		int count = 0;

		for (; *text != '\0' && *text != '/'; text++) {
			if (isdigit((unsigned char)*text) &&
			    !isdigit((unsigned char)text[1]))
				count++;	/* the end of a number */
			else if (*text != ' ' && !isdigit((unsigned char)*text))
				count = places + 1;	/* not counts */
		}
		groups[n++] = count;
		total += count;
		if (*text == '/')
			text++;
	}
	if (total == places)
		return n;
	groups[0] = places;
	return places > 0;
}

/* The sensed places of a board in order, and their layout. */
static void geometry(struct jbuf *b, const struct rules_game *game,
		     const char *start)
{
	const struct sensing *sense = sensing_find(game->ops->name);
	const char *names[SENSE_HOLES_MAX];
	int groups[SENSE_HOLES_MAX], n, ngroups;

	n = sense != NULL ? sense->holes(game, names) : 0;
	ngroups = place_groups(start, n, groups, SENSE_HOLES_MAX);
	jbuf_printf(b, "{\"places\":[");
	for (int i = 0; i < n; i++) {
		jbuf_printf(b, "%s", i ? "," : "");
		jbuf_str(b, names[i]);
	}
	jbuf_printf(b, "],\"groups\":[");
	for (int i = 0; i < ngroups; i++)
		jbuf_printf(b, "%s%d", i ? "," : "", groups[i]);
	jbuf_printf(b, "]}");
}

/*
 * `"start":...,"geometry":...` of a game of `kind` with `options`: its
 * first position as spectators see it, and its board's places. Both
 * null for a game that cannot be made.
 */
static void board_fields(struct jbuf *b, const char *kind,
			 const char *options)
{
	const struct rules *ops = rules_find(kind);
	struct rules_game *game = NULL;
	char err[RULES_ERR_MAX], start[START_TEXT_MAX];
	void *pos = NULL;

	if (ops != NULL)
		game = rules_game_new(ops, options, err, sizeof(err));
	if (game != NULL)
		pos = calloc(1, rules_position_size(game));
	if (pos != NULL) {
		ops->start(game, pos);
		if (ops->position_format(game, pos, RULES_TEXT_PUBLIC, start,
					 sizeof(start)) < 0) {
			free(pos);
			pos = NULL;
		}
	}
	if (pos == NULL) {
		jbuf_printf(b, "\"start\":null,\"geometry\":null");
	} else {
		jbuf_printf(b, "\"start\":");
		jbuf_str(b, start);
		jbuf_printf(b, ",\"geometry\":");
		geometry(b, game, start);
	}
	free(pos);
	rules_game_free(game);
}

/* An id, or null when 0 (none). */
static void id_or_null(struct jbuf *b, int64_t id)
{
	if (id != 0)
		jbuf_int(b, id);
	else
		jbuf_raw(b, "null");
}

/* A game as the lists show it: written piece by piece, no format read,
 * as a history writes fifty of them. */
static void game_summary(struct jbuf *b, const struct db_game_info *g)
{
	jbuf_raw(b, "{\"id\":");
	jbuf_int(b, g->id);
	jbuf_raw(b, ",\"game\":");
	jbuf_str(b, g->kind);
	jbuf_raw(b, ",\"options\":");
	web_public_options(b, g->kind, g->options);
	jbuf_raw(b, ",\"table\":");
	jbuf_str(b, g->table[0] ? g->table : NULL);
	jbuf_raw(b, ",\"table_id\":");
	jbuf_int(b, g->table_id);
	jbuf_raw(b, ",\"series\":");
	id_or_null(b, g->series_id);
	jbuf_raw(b, ",\"game_no\":");
	jbuf_int(b, g->game_no);
	jbuf_raw(b, ",\"tournament\":");
	id_or_null(b, g->tournament_id);
	jbuf_raw(b, ",\"status\":");
	jbuf_str(b, g->status);
	jbuf_raw(b, ",\"result\":");
	jbuf_str(b, g->result[0] ? g->result : NULL);
	jbuf_raw(b, ",\"winner\":");
	jbuf_int(b, g->winner);
	jbuf_raw(b, ",\"plies\":");
	jbuf_int(b, g->plies);
	jbuf_raw(b, ",\"started\":");
	jbuf_str(b, g->started);
	jbuf_raw(b, ",\"ended\":");
	jbuf_str(b, g->ended[0] ? g->ended : NULL);
	jbuf_raw(b, ",\"position\":");
	jbuf_str(b, g->position);
	jbuf_raw(b, ",\"sides\":[");
	for (int s = 0; s < g->seats; s++) {
		jbuf_raw(b, s ? ",{\"seat\":" : "{\"seat\":");
		jbuf_str(b, seat_name(g->kind, s));
		jbuf_raw(b, ",\"player\":");
		jbuf_int(b, g->side_player[s]);
		jbuf_raw(b, ",\"name\":");
		jbuf_str(b, g->side[s]);
		jbuf_raw(b, ",\"score\":");
		jbuf_int(b, g->score[s]);
		jbuf_raw(b, ",\"points\":");
		jbuf_int(b, g->points[s]);
		jbuf_raw(b, "}");
	}
	jbuf_raw(b, "]}");
}

struct moves_ctx {
	struct jbuf *b;
	const char *kind;
};

static int each_move(void *ctx, const struct db_move_info *m)
{
	struct moves_ctx *c = ctx;
	struct jbuf *b = c->b;
	int first = b->data[b->len - 1] == '[';

	jbuf_printf(b, "%s{\"ply\":%d,\"seat\":", first ? "" : ",", m->ply);
	jbuf_str(b, seat_name(c->kind, m->seat));
	jbuf_printf(b, ",\"player\":");
	jbuf_str(b, m->player);
	jbuf_printf(b, ",\"move\":");
	jbuf_str(b, m->notation);
	jbuf_printf(b, ",\"position\":");
	jbuf_str(b, m->position);
	jbuf_printf(b, ",\"source\":");
	jbuf_str(b, m->source);
	jbuf_printf(b, ",\"at\":");
	jbuf_str(b, m->at);
	jbuf_printf(b, ",\"evidence\":");
	jbuf_str(b, m->evidence[0] ? m->evidence : NULL);
	jbuf_printf(b, "}");
	return 0;
}

static int each_incident(void *ctx, const struct db_incident_info *i)
{
	struct jbuf *b = ctx;
	int first = b->data[b->len - 1] == '[';

	jbuf_printf(b, "%s{\"ply\":%d,\"kind\":", first ? "" : ",", i->ply);
	jbuf_str(b, i->kind);
	jbuf_printf(b, ",\"cause\":");
	jbuf_str(b, i->cause[0] ? i->cause : NULL);
	jbuf_printf(b, ",\"player\":");
	jbuf_str(b, i->player[0] ? i->player : NULL);
	jbuf_printf(b, ",\"text\":");
	jbuf_str(b, i->text);
	jbuf_printf(b, ",\"at\":");
	jbuf_str(b, i->at);
	jbuf_printf(b, ",\"evidence\":");
	jbuf_str(b, i->evidence[0] ? i->evidence : NULL);
	jbuf_printf(b, "}");
	return 0;
}

/* A correction or void of the game: who, when, what, why. */
static int each_audit(void *ctx, const struct db_audit_info *a)
{
	struct jbuf *b = ctx;
	int first = b->data[b->len - 1] == '[';

	jbuf_printf(b, "%s{\"at\":", first ? "" : ",");
	jbuf_str(b, a->at);
	jbuf_printf(b, ",\"by\":");
	jbuf_str(b, a->by);
	jbuf_printf(b, ",\"action\":");
	jbuf_str(b, a->action);
	jbuf_printf(b, ",\"before\":");
	jbuf_str(b, a->before);
	jbuf_printf(b, ",\"after\":");
	jbuf_str(b, a->after);
	jbuf_printf(b, ",\"reason\":");
	jbuf_str(b, a->reason);
	jbuf_printf(b, ",\"undone\":");
	jbuf_str(b, a->undone[0] ? a->undone : NULL);
	jbuf_printf(b, "}");
	return 0;
}

struct analysis {
	struct jbuf *b;
	struct rules_game *game;
	void *pos;
	int n;
};

/* After the game, what spectators may learn after each move. */
static int each_analysis(void *ctx, const struct db_move_info *m)
{
	struct analysis *a = ctx;
	char err[RULES_ERR_MAX], text[256];

	jbuf_printf(a->b, "%s", a->n++ ? "," : "");
	if (a->game->ops->position_parse(a->game, m->position, a->pos, err,
					 sizeof(err)) < 0 ||
	    a->game->ops->analyse(a->game, a->pos, text, sizeof(text)) < 0)
		jbuf_printf(a->b, "null");
	else
		jbuf_str(a->b, text);
	return 0;
}

static void analyse_game(struct jbuf *b, struct db *db,
			 const struct db_game_info *g, int live)
{
	const struct rules *ops = rules_find(g->kind);
	struct analysis a = { b, NULL, NULL, 0 };
	char err[RULES_ERR_MAX];

	jbuf_printf(b, ",\"analysis\":");
	if (ops == NULL || ops->analyse == NULL ||
	    (strcmp(g->status, "finished") != 0 && !live) ||
	    (a.game = rules_game_new(ops, g->options, err, sizeof(err))) == NULL ||
	    (a.pos = calloc(1, rules_position_size(a.game))) == NULL) {
		jbuf_printf(b, "null");
	} else {
		jbuf_printf(b, "[");
		db_game_moves(db, g->id, each_analysis, &a);
		jbuf_printf(b, "]");
	}
	free(a.pos);
	rules_game_free(a.game);
}

/* A whole game: summary, moves, incidents; the analysis once over, or
 * while played at a table that shows it live. */
static int game_full(struct web *web, struct jbuf *b, struct db *db,
		     int64_t id)
{
	struct db_game_info g;

	if (db_game_get(db, id, &g) != DB_OK)
		return -1;
	game_summary(b, &g);
	b->len--;		/* reopen the object */
	analyse_game(b, db, &g, g.table_id != 0 &&
		     web_live_analysis(web, g.table_id));
	jbuf_printf(b, ",");
	board_fields(b, g.kind, g.options);
	jbuf_printf(b, ",\"moves\":[");
	db_game_moves(db, id, each_move,
		      &(struct moves_ctx){ b, g.kind });
	jbuf_printf(b, "],\"incidents\":[");
	db_game_incidents(db, id, each_incident, b);
	jbuf_printf(b, "],\"by_hand\":%s,\"audit\":[",
		    db_game_by_hand(db, id) ? "true" : "false");
	db_game_audit(db, id, each_audit, b);
	jbuf_printf(b, "]}");
	return 0;
}

static void series_summary(struct jbuf *b, const struct db_series_info *s)
{
	jbuf_printf(b, "{\"id\":%" PRId64 ",\"tournament\":", s->id);
	if (s->tournament_id)
		jbuf_printf(b, "%" PRId64, s->tournament_id);
	else
		jbuf_printf(b, "null");
	jbuf_printf(b, ",\"round\":%d,\"match\":%d,\"target\":%d,"
		    "\"players\":[", s->round, s->match, s->target);
	for (int p = 0; p < 2; p++) {
		jbuf_printf(b, "%s{\"id\":%" PRId64 ",\"name\":", p ? "," : "",
			    s->player[p]);
		jbuf_str(b, s->name[p]);
		jbuf_printf(b, ",\"total\":%d}", s->total[p]);
	}
	jbuf_printf(b, "],\"games\":%d,\"status\":", s->games);
	jbuf_str(b, s->status);
	jbuf_printf(b, ",\"winner\":%d,\"decided_by\":", s->winner);
	jbuf_str(b, s->decided_by[0] ? s->decided_by : NULL);
	jbuf_printf(b, "}");
}

/* The live state the daemon published for a board, or null. */
static void live_state(struct jbuf *b, struct web *web, int64_t board)
{
	char *json = NULL;

	pthread_mutex_lock(&web->lock);
	for (int i = 0; i < web->nlive; i++)
		if (web->live[i].board == board && web->live[i].json != NULL)
			json = strdup(web->live[i].json);
	pthread_mutex_unlock(&web->lock);
	jbuf_printf(b, "%s", json != NULL ? json : "null");
	free(json);
}

static int64_t param_or_404(struct web_request *r, const char *what)
{
	(void)what;
	return r->param[0];
}

/* ------------------------------------------------------------ tables */

struct tables_ctx {
	struct web *web;
	struct db *db;
	struct jbuf *b;
	int n;
};

/* The board a table shows: that of its game under way, else of the last
 * game played there; null when none was. */
static void table_board(struct jbuf *b, struct db *db, int64_t table,
			int64_t game)
{
	struct db_game_info g;

	if (game == 0 && db_game_last_at(db, table, &game) != DB_OK)
		game = 0;
	if (game == 0 || db_game_get(db, game, &g) != DB_OK) {
		jbuf_printf(b, "null");
		return;
	}
	jbuf_printf(b, "{\"game\":");
	jbuf_str(b, g.kind);
	jbuf_printf(b, ",\"options\":");
	web_public_options(b, g.kind, g.options);
	jbuf_printf(b, ",");
	board_fields(b, g.kind, g.options);
	jbuf_printf(b, "}");
}

static void table_json(struct jbuf *b, struct web *web, struct db *db,
		       const struct db_table *t, int full)
{
	int64_t game = 0;
	struct db_game_info g;

	jbuf_printf(b, "{\"id\":%" PRId64 ",\"name\":", t->id);
	jbuf_str(b, t->name);
	jbuf_printf(b, ",\"location\":");
	jbuf_str(b, t->location);
	jbuf_printf(b, ",\"live\":");
	live_state(b, web, t->id);
	jbuf_printf(b, ",\"game\":");
	if (db_game_playing_at(db, t->id, &game) == DB_OK && game != 0) {
		if (full)
			game_full(web, b, db, game);
		else if (db_game_get(db, game, &g) == DB_OK)
			game_summary(b, &g);
		else
			jbuf_printf(b, "null");
	} else {
		jbuf_printf(b, "null");
	}
	jbuf_printf(b, ",\"board\":");
	table_board(b, db, t->id, game);
	jbuf_printf(b, ",\"series\":");
	if (game != 0 && db_game_get(db, game, &g) == DB_OK && g.series_id) {
		struct db_series_info s;

		if (db_series_get(db, g.series_id, &s) == DB_OK)
			series_summary(b, &s);
		else
			jbuf_printf(b, "null");
	} else {
		jbuf_printf(b, "null");
	}
	jbuf_printf(b, "}");
}

static int each_table(void *ctx, const struct db_table *t)
{
	struct tables_ctx *c = ctx;

	if (c->n++)
		jbuf_printf(c->b, ",");
	table_json(c->b, c->web, c->db, t, 0);
	return 0;
}

void api_tables(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct jbuf b = { 0 };
	struct tables_ctx c = { r->web, db, &b, 0 };

	jbuf_printf(&b, "[");
	if (db_table_list(db, each_table, &c) != DB_OK) {
		web_error(r, 500, "%s", db_error(db));
		jbuf_free(&b);
	} else {
		jbuf_printf(&b, "]");
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}

void api_table(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct jbuf b = { 0 };
	struct db_table t;
	char id[24];

	snprintf(id, sizeof(id), "%" PRId64, param_or_404(r, "table"));
	if (db_table_find(db, id, &t) != DB_OK) {
		web_error(r, 404, "no table %s", id);
	} else {
		table_json(&b, r->web, db, &t, 1);
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}

/* ------------------------------------------------------------- games */

void api_game(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct jbuf b = { 0 };

	if (game_full(r->web, &b, db, r->param[0]) < 0) {
		jbuf_free(&b);
		web_error(r, 404, "no game %" PRId64, r->param[0]);
	} else {
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}

struct recent_ctx {
	struct jbuf *b;
	struct db *db;
	int n;
	int hand;		/* 1: all listed are by hand; 0: look */
};

static int each_recent(void *ctx, const struct db_game_info *g)
{
	struct recent_ctx *c = ctx;
	int hand = c->hand || (strcmp(g->status, "playing") != 0 &&
			       db_game_by_hand(c->db, g->id));

	jbuf_printf(c->b, "%s", c->n++ ? "," : "");
	game_summary(c->b, g);
	c->b->len--;		/* reopen the object */
	jbuf_printf(c->b, ",\"by_hand\":%s}", hand ? "true" : "false");
	return 0;
}

/* The newest games (?limit=1..200, 20 by default; ?by_hand=1: only the
 * games over that were entered by hand, what the arbiter may correct),
 * each with whether it was entered by hand. */
void api_games(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct db_history_filter f = { .limit = 20 };
	struct jbuf b = { 0 };
	const char *v = web_arg(r, "limit");
	const char *hand = web_arg(r, "by_hand");
	struct recent_ctx c = { &b, db, 0, hand != NULL && strcmp(hand, "1") == 0 };
	char *end;
	int rc;

	if (v != NULL) {
		long n = strtol(v, &end, 10);

		if (*v == '\0' || *end != '\0' || n < 1 || n > 200) {
			web_error(r, 400, "limit: '%s' is not 1..200", v);
			web_db_release(r->web, db);
			return;
		}
		f.limit = (int)n;
	}
	jbuf_printf(&b, "[");
	rc = c.hand ? db_games_by_hand(db, f.limit, each_recent, &c) :
	     db_history(db, &f, each_recent, &c);
	if (rc != DB_OK) {
		jbuf_free(&b);
		web_error(r, 500, "%s", db_error(db));
	} else {
		jbuf_printf(&b, "]");
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}

struct list_ctx {
	struct jbuf *b;
	int n;
	int skip;		/* games left out before the first listed */
	/* player totals */
	int64_t player;
	int won, lost, drawn, points_for, points_against;
};

static int each_game(void *ctx, const struct db_game_info *g)
{
	struct list_ctx *l = ctx;

	if (l->skip > 0) {
		l->skip--;
		return 0;
	}
	if (l->b != NULL) {
		if (l->n)
			jbuf_raw(l->b, ",");
		game_summary(l->b, g);
	}
	l->n++;
	if (l->player != 0 && strcmp(g->status, "finished") == 0) {
		int me = db_game_seat_of(g, l->player);

		if (strcmp(g->result, "draw") == 0)
			l->drawn++;
		else if (strcmp(g->result, "win") == 0 && g->winner == me)
			l->won++;
		else if (strcmp(g->result, "win") == 0)
			l->lost++;
		l->points_for += g->points[me];
		l->points_against += db_game_points_against(g, me);
	}
	return 0;
}

/* -------------------------------------------------------------- series */

void api_series(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct jbuf b = { 0 };
	struct db_series_info s;
	struct db_history_filter f = { 0 };
	struct list_ctx l = { .b = &b };

	if (db_series_get(db, r->param[0], &s) != DB_OK) {
		web_error(r, 404, "no series %" PRId64, r->param[0]);
		goto out;
	}
	series_summary(&b, &s);
	b.len--;
	jbuf_printf(&b, ",\"game_list\":[");
	f.series_id = s.id;
	db_history(db, &f, each_game, &l);
	jbuf_printf(&b, "]}");
	web_json(r, &b);
out:
	web_db_release(r->web, db);
}

/* ------------------------------------------------------------- players */

void api_player(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct db_player p;
	struct db_history_filter f = { 0 };
	struct jbuf b = { 0 };
	struct list_ctx l = { .b = NULL };	/* totals only */

	if (db_player_get(db, r->param[0], &p) != DB_OK) {
		web_error(r, 404, "no player %" PRId64, r->param[0]);
		goto out;
	}
	f.player_id = l.player = p.id;
	db_history(db, &f, each_game, &l);
	jbuf_printf(&b, "{\"id\":%" PRId64 ",\"name\":", p.id);
	jbuf_str(&b, p.name);
	jbuf_printf(&b, ",\"created\":");
	jbuf_str(&b, p.created);
	jbuf_printf(&b, ",\"retired\":");
	jbuf_str(&b, p.retired[0] ? p.retired : NULL);
	jbuf_printf(&b, ",\"games\":%d,\"won\":%d,\"lost\":%d,\"drawn\":%d,"
		    "\"points_for\":%d,\"points_against\":%d}", l.n, l.won,
		    l.lost, l.drawn, l.points_for, l.points_against);
	web_json(r, &b);
out:
	web_db_release(r->web, db);
}

/* An id filter of the query: absent (0), or a positive number. */
static int id_arg(struct web_request *r, const char *name, int64_t *id)
{
	const char *v = web_arg(r, name);
	char *end;

	if (v == NULL)
		return 0;
	*id = strtoll(v, &end, 10);
	if (*end != '\0' || *id <= 0) {
		web_error(r, 400, "%s: '%s' is not an id", name, v);
		return -1;
	}
	return 0;
}

/* The opponent filter: a player's number or name; 0 when absent. */
static int opponent_arg(struct web_request *r, struct db *db, int64_t *id)
{
	const char *v = web_arg(r, "opponent");
	struct db_player p;

	if (v == NULL || *v == '\0')
		return 0;
	if (db_player_find(db, v, &p) != DB_OK) {
		web_error(r, 400, "opponent: no player '%s'", v);
		return -1;
	}
	*id = p.id;
	return 0;
}

void api_history(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct db_player p;
	struct db_history_filter f = { 0 };
	struct jbuf b = { 0 };
	struct list_ctx l = { .b = &b };
	const char *v;
	char *end;

	db_read_begin(db);	/* the player and his games at one moment */
	if (db_player_get(db, r->param[0], &p) != DB_OK) {
		web_error(r, 404, "no player %" PRId64, r->param[0]);
		goto out;
	}
	f.player_id = p.id;
	f.limit = 50;
	if (opponent_arg(r, db, &f.opponent_id) < 0 ||
	    id_arg(r, "tournament", &f.tournament_id) < 0)
		goto out;
	if ((v = web_arg(r, "result")) != NULL) {
		if (strcmp(v, "win") && strcmp(v, "loss") && strcmp(v, "draw") &&
		    strcmp(v, "void")) {
			web_error(r, 400, "result: '%s' is not win, loss, draw "
				  "or void", v);
			goto out;
		}
		f.result = v;
	}
	f.from = web_arg(r, "from");
	f.to = web_arg(r, "to");
	if ((v = web_arg(r, "limit")) != NULL) {
		long n = strtol(v, &end, 10);

		if (*end != '\0' || n < 1 || n > 1000) {
			web_error(r, 400, "limit: '%s' is not 1..1000", v);
			goto out;
		}
		f.limit = (int)n;
	}
	if ((v = web_arg(r, "offset")) != NULL) {
		long n = strtol(v, &end, 10);

		if (*v == '\0' || *end != '\0' || n < 0 || n > 100000) {
			web_error(r, 400, "offset: '%s' is not 0..100000", v);
			goto out;
		}
		l.skip = (int)n;
		f.limit += (int)n;
	}
	jbuf_printf(&b, "[");
	if (db_history(db, &f, each_game, &l) != DB_OK) {
		jbuf_free(&b);
		web_error(r, 400, "%s", db_error(db));
		goto out;
	}
	jbuf_printf(&b, "]");
	web_json(r, &b);
out:
	db_read_end(db);
	web_db_release(r->web, db);
}
