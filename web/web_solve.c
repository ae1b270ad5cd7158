/*
 * web_solve.c - the spectators' value bar: every position of a game
 * (the start, then after each move) solved by the game's solver (struct
 * rules_solver_ops), GET /api/games/{id}/values.
 *
 * The work runs in the request's own thread, one request at a time
 * (one solver, its table allocated once and kept), within a budget per
 * position and per request, so the daemon's main loop never waits for
 * it. Answers are kept per position (an estimate too: a position not
 * solved within its budget stays an estimate); a position not reached
 * within the request's budget is null, and asking again goes on where
 * it stopped.
 * A game's values are given once it is over, or while it is played at a
 * table whose options show the analysis live.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/rules.h"
#include "web/web_impl.h"

#define SOLVE_TABLE_BYTES ((size_t)32 << 20)
#define SOLVE_POSITION_S 0.25	/* a position's budget */
#define SOLVE_REQUEST_S 2.0	/* a request's budget */
#define SOLVE_KEPT 4096		/* answers kept */

struct kept {
	uint64_t key;		/* the game's options and the position */
	int value, exact;
	char best[16];
};

static struct {
	pthread_mutex_t lock;
	const struct rules *ops;
	char options[256];
	void *solver;
	struct kept kept[SOLVE_KEPT];
} solve = { .lock = PTHREAD_MUTEX_INITIALIZER };

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The solver for this game's options (lock held); NULL: none. */
static void *solver_for(const struct rules_game *game)
{
	char err[RULES_ERR_MAX];

	if (solve.solver != NULL && solve.ops == game->ops &&
	    strcmp(solve.options, game->options) == 0)
		return solve.solver;
	if (solve.solver != NULL)
		solve.ops->solver->close(solve.solver);
	solve.ops = game->ops;
	snprintf(solve.options, sizeof(solve.options), "%s", game->options);
	solve.solver = game->ops->solver->open(game, SOLVE_TABLE_BYTES, err,
					       sizeof(err));
	return solve.solver;
}

struct values_ctx {
	struct jbuf *b;
	struct rules_game *game;
	void *pos;
	uint64_t options_hash;
	double deadline;
	int n, missing;
};

/* One position's value, kept or solved within the budget (lock held). */
static void one_value(struct values_ctx *c)
{
	uint64_t key = c->game->ops->hash(c->game, c->pos) ^ c->options_hash;
	struct kept *k = &solve.kept[key % SOLVE_KEPT];
	double left = c->deadline - now_s();
	struct rules_eval e;
	char err[RULES_ERR_MAX];
	void *solver;

	jbuf_printf(c->b, "%s", c->n++ ? "," : "");
	if (k->key != key) {
		if (left <= 0 || (solver = solver_for(c->game)) == NULL ||
		    c->game->ops->solver->solve(solver, c->pos,
			left < SOLVE_POSITION_S ? left : SOLVE_POSITION_S,
			&e, err, sizeof(err)) < 0) {
			jbuf_printf(c->b, "null");
			c->missing++;
			return;
		}
		k->key = key;
		k->value = e.value;
		k->exact = e.exact;
		k->best[0] = '\0';
		if (e.has_best)
			c->game->ops->move_format(c->game, c->pos, &e.best,
						  k->best, sizeof(k->best));
	}
	jbuf_printf(c->b, "{\"value\":%d,\"exact\":%s,\"best\":", k->value,
		    k->exact ? "true" : "false");
	jbuf_str(c->b, k->best[0] ? k->best : NULL);
	jbuf_printf(c->b, "}");
}

/* The positions after each move, one text a line. */
static int each_position(void *ctx, const struct db_move_info *m)
{
	jbuf_printf(ctx, "%s\n", m->position);
	return 0;
}

/* The values of the start and of `positions` (lines), solved with the
 * database released. */
static void values_of(struct jbuf *b, char *positions,
		      struct rules_game *game)
{
	struct values_ctx c = { b, game, calloc(1, rules_position_size(game)),
				rules_fnv1a(RULES_FNV_OFFSET, game->options,
					    strlen(game->options)),
				now_s() + SOLVE_REQUEST_S, 0, 0 };
	char err[RULES_ERR_MAX], *line, *save = NULL;

	if (c.pos == NULL) {
		jbuf_printf(b, "null,\"complete\":false");
		return;
	}
	jbuf_printf(b, "[");
	pthread_mutex_lock(&solve.lock);
	game->ops->start(game, c.pos);
	one_value(&c);
	for (line = strtok_r(positions, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		if (game->ops->position_parse(game, line, c.pos, err,
					      sizeof(err)) < 0) {
			jbuf_printf(b, ",null");
			c.n++;
			c.missing++;
		} else {
			one_value(&c);
		}
	}
	pthread_mutex_unlock(&solve.lock);
	jbuf_printf(b, "],\"complete\":%s", c.missing ? "false" : "true");
	free(c.pos);
}

void api_game_values(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct db_game_info g;
	struct rules_game *game = NULL;
	const struct rules *ops;
	struct jbuf b = { 0 }, positions = { 0 };
	char err[RULES_ERR_MAX];

	if (db_game_get(db, r->param[0], &g) != DB_OK) {
		web_db_release(r->web, db);
		web_error(r, 404, "no game %" PRId64, r->param[0]);
		return;
	}
	ops = rules_find(g.kind);
	if (ops != NULL && ops->solver != NULL &&
	    (strcmp(g.status, "finished") == 0 ||
	     (g.table_id != 0 && web_live_analysis(r->web, g.table_id))))
		game = rules_game_new(ops, g.options, err, sizeof(err));
	if (game != NULL)
		db_game_moves(db, g.id, each_position, &positions);
	web_db_release(r->web, db);
	jbuf_printf(&b, "{\"game\":%" PRId64 ",\"values\":", g.id);
	if (game == NULL || positions.failed)
		jbuf_printf(&b, "null,\"complete\":%s",
			    game == NULL ? "true" : "false");
	else
		values_of(&b, positions.data != NULL ? positions.data :
			  (char[1]){ 0 }, game);
	jbuf_printf(&b, "}");
	jbuf_free(&positions);
	rules_game_free(game);
	web_json(r, &b);
}

void web_solve_stop(void)
{
	pthread_mutex_lock(&solve.lock);
	if (solve.solver != NULL)
		solve.ops->solver->close(solve.solver);
	solve.solver = NULL;
	solve.ops = NULL;
	pthread_mutex_unlock(&solve.lock);
}
