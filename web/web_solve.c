/*
 * web_solve.c - the spectators' value bar: every position of a game
 * (the start, then after each move) solved by the game's solver (struct
 * rules_solver_ops), GET /api/games/{id}/values.
 *
 * A request never solves: it answers what is kept and queues the
 * positions not yet solved for one worker thread, which solves them
 * newest first (the position on the board before the moves behind it),
 * each within a time budget, and keeps the answers per position (an
 * estimate too: a position not solved within its budget stays an
 * estimate). A position not solved yet is null, and the page asks again.
 * The worker's solver has a small transposition table and an endgame
 * database for few seeds in play, built in memory when first needed;
 * both are given back once the worker has been idle a while.
 * A game's values are given once it is over, or while it is played at a
 * table whose options show the analysis live.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/rules.h"
#include "web/web_impl.h"

#define SOLVE_TABLE_BYTES ((size_t)8 << 20)
#define SOLVE_DB_SEEDS 12	/* the endgame database's seeds in play */
#define SOLVE_DB_MAX ((size_t)4 << 20)	/* and its size at most */
#define SOLVE_POSITION_S 1.0	/* a position's budget */
#define SOLVE_IDLE_S 60		/* idle seconds before the memory goes */
#define SOLVE_KEPT 4096		/* answers kept */
#define SOLVE_QUEUE 256		/* positions waiting, the oldest dropped */

struct kept {
	uint64_t key;		/* the game's options and the position */
	int value, exact, refused;
	char best[16];
};

struct job {
	uint64_t key;
	const struct rules *ops;
	char options[256];
	void *pos;
};

/* What only the worker touches. */
struct worker {
	const struct rules *ops;
	char options[256];
	struct rules_game *game;
	void *solver, *db;
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	int running, stop;
	struct job queue[SOLVE_QUEUE];	/* a stack: the newest on top */
	int queued;
	struct kept kept[SOLVE_KEPT];
	struct worker w;
} solve = { .lock = PTHREAD_MUTEX_INITIALIZER,
	    .wake = PTHREAD_COND_INITIALIZER };

static void worker_release(struct worker *w)
{
	if (w->solver != NULL)
		w->ops->solver->close(w->solver);
	rules_game_free(w->game);
	free(w->db);
	*w = (struct worker){ 0 };
}

/* The endgame database: the most seeds in play up to SOLVE_DB_SEEDS
 * that fit SOLVE_DB_MAX; none when it cannot be had. */
static void worker_db(struct worker *w)
{
	const struct rules_solver_ops *ops = w->ops->solver;
	char name[128];

	if (ops->db_bytes == NULL)
		return;
	for (int n = SOLVE_DB_SEEDS; n > 0; n--) {
		size_t bytes = ops->db_bytes(w->solver, n, name, sizeof(name));

		if (bytes == 0 || bytes > SOLVE_DB_MAX)
			continue;
		w->db = malloc(bytes);
		if (w->db == NULL)
			return;
		ops->db_build(w->solver, n, w->db, NULL, NULL);
		ops->db_use(w->solver, w->db, n);
		return;
	}
}

/* The worker's game and solver for a job's game; 0, or -1: none. */
static int worker_for(struct worker *w, const struct job *j)
{
	char err[RULES_ERR_MAX];

	if (w->solver != NULL && w->ops == j->ops &&
	    strcmp(w->options, j->options) == 0)
		return 0;
	worker_release(w);
	w->ops = j->ops;
	snprintf(w->options, sizeof(w->options), "%s", j->options);
	w->game = rules_game_new(j->ops, j->options, err, sizeof(err));
	if (w->game != NULL)
		w->solver = j->ops->solver->open(w->game, SOLVE_TABLE_BYTES,
						 err, sizeof(err));
	if (w->solver == NULL) {
		worker_release(w);
		return -1;
	}
	worker_db(w);
	return 0;
}

/* Solves one job (lock not held) into `k`. */
static void worker_solve(struct worker *w, const struct job *j,
			 struct kept *k)
{
	struct rules_eval e;
	char err[RULES_ERR_MAX];

	*k = (struct kept){ j->key, 0, 0, 1, "" };
	if (worker_for(w, j) < 0 ||
	    j->ops->solver->solve(w->solver, j->pos, SOLVE_POSITION_S, &e,
				  err, sizeof(err)) < 0)
		return;
	k->refused = 0;
	k->value = e.value;
	k->exact = e.exact;
	if (e.has_best)
		j->ops->move_format(w->game, j->pos, &e.best, k->best,
				    sizeof(k->best));
}

/* Waits for a job (lock held); 0 with it in *j, -1: stopping. After
 * SOLVE_IDLE_S without one, the solver's memory is given back. */
static int worker_wait(struct job *j)
{
	while (solve.queued == 0 && !solve.stop) {
		struct timespec until;

		if (solve.w.solver == NULL) {
			pthread_cond_wait(&solve.wake, &solve.lock);
			continue;
		}
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += SOLVE_IDLE_S;
		if (pthread_cond_timedwait(&solve.wake, &solve.lock,
					   &until) == ETIMEDOUT &&
		    solve.queued == 0) {
			pthread_mutex_unlock(&solve.lock);
			worker_release(&solve.w);
			pthread_mutex_lock(&solve.lock);
		}
	}
	if (solve.stop)
		return -1;
	*j = solve.queue[--solve.queued];
	return 0;
}

static void *worker_run(void *arg)
{
	struct job j;
	struct kept k;

	(void)arg;
	pthread_mutex_lock(&solve.lock);
	while (worker_wait(&j) == 0) {
		pthread_mutex_unlock(&solve.lock);
		worker_solve(&solve.w, &j, &k);
		free(j.pos);
		pthread_mutex_lock(&solve.lock);
		solve.kept[k.key % SOLVE_KEPT] = k;
	}
	pthread_mutex_unlock(&solve.lock);
	worker_release(&solve.w);
	return NULL;
}

/* Queues a position not yet kept (lock held): on top, the oldest
 * dropped when the queue is full; the worker started when needed. */
static void enqueue(const struct rules_game *game, const void *pos,
		    uint64_t key)
{
	size_t size = rules_position_size(game);
	struct job j = { key, game->ops, "", malloc(size) };

	for (int i = 0; i < solve.queued; i++)
		if (solve.queue[i].key == key)
			return;
	if (j.pos == NULL)
		return;
	if (!solve.running) {
		solve.stop = 0;
		if (pthread_create(&solve.thread, NULL, worker_run, NULL) != 0) {
			free(j.pos);
			return;
		}
		solve.running = 1;
	}
	memcpy(j.pos, pos, size);
	snprintf(j.options, sizeof(j.options), "%s", game->options);
	if (solve.queued == SOLVE_QUEUE) {
		free(solve.queue[0].pos);
		memmove(&solve.queue[0], &solve.queue[1],
			(SOLVE_QUEUE - 1) * sizeof(solve.queue[0]));
		solve.queued--;
	}
	solve.queue[solve.queued++] = j;
	pthread_cond_signal(&solve.wake);
}

struct values_ctx {
	struct jbuf *b;
	struct rules_game *game;
	void *pos;
	uint64_t options_hash;
	int n, missing;
};

/* One position's value as kept, or null and queued (lock held). */
static void one_value(struct values_ctx *c)
{
	uint64_t key = c->game->ops->hash(c->game, c->pos) ^ c->options_hash;
	struct kept *k = &solve.kept[key % SOLVE_KEPT];

	jbuf_printf(c->b, "%s", c->n++ ? "," : "");
	if (k->key != key || k->refused) {
		jbuf_printf(c->b, "null");
		if (k->key != key) {
			enqueue(c->game, c->pos, key);
			c->missing++;
		}
		return;
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

/* The values of the start and of `positions` (lines), read with the
 * database released. */
static void values_of(struct jbuf *b, char *positions,
		      struct rules_game *game)
{
	struct values_ctx c = { b, game, calloc(1, rules_position_size(game)),
				rules_fnv1a(RULES_FNV_OFFSET, game->options,
					    strlen(game->options)), 0, 0 };
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
	if (!solve.running) {
		pthread_mutex_unlock(&solve.lock);
		return;
	}
	solve.stop = 1;
	pthread_cond_signal(&solve.wake);
	pthread_mutex_unlock(&solve.lock);
	pthread_join(solve.thread, NULL);
	pthread_mutex_lock(&solve.lock);
	solve.running = 0;
	while (solve.queued > 0)
		free(solve.queue[--solve.queued].pos);
	pthread_mutex_unlock(&solve.lock);
}
