/*
 * rules_solve.c - `pitboss rules solve`: runs a game's solver (struct
 * rules_solver_ops) on one position. The endgame database the solver
 * asks for is built once into a file in the cache folder ($PITBOSS_CACHE,
 * else $XDG_CACHE_HOME/pitboss, else ~/.cache/pitboss) and then
 * memory-mapped read-only, so later runs share it through the page
 * cache. A file is written under a temporary name and renamed when
 * complete, so a broken build is never used.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/rules_solve.h"

#define DB_HEADER 64
#define DB_MAGIC "pitboss endgame database 1\n"
#define DB_DEFAULT_SEEDS 16
#define DB_DEFAULT_MAX ((size_t)64 << 20)

struct db_map {
	void *base;
	size_t len;
};

static int cache_dir(const struct solve_opts *o, char *dir, size_t len)
{
	const char *env = getenv("PITBOSS_CACHE"), *home = getenv("HOME");
	const char *xdg = getenv("XDG_CACHE_HOME");
	int n;

	if (o->db_dir != NULL)
		n = snprintf(dir, len, "%s", o->db_dir);
	else if (env != NULL && env[0] != '\0')
		n = snprintf(dir, len, "%s", env);
	else if (xdg != NULL && xdg[0] != '\0')
		n = snprintf(dir, len, "%s/pitboss", xdg);
	else if (home != NULL && home[0] != '\0')
		n = snprintf(dir, len, "%s/.cache/pitboss", home);
	else
		return -1;
	if (n < 0 || (size_t)n >= len)
		return -1;
	for (char *p = dir + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(dir, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

static void db_progress(void *ctx, const struct rules_progress *p)
{
	(void)ctx;
	fprintf(stderr, "  %d seeds in play: done, %" PRIu64 " positions\n",
		p->depth, p->nodes);
}

/* Builds the database into `path` through a temporary file. */
static int db_build_file(const struct rules_solver_ops *ops, void *solver,
			 int seeds, size_t bytes, const char *path)
{
	char tmp[4400];
	void *map;
	int fd;

	if (snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path,
		     (long)getpid()) >= (int)sizeof(tmp))
		return -1;
	fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || ftruncate(fd, (off_t)(DB_HEADER + bytes)) < 0) {
		cli_error("%s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	map = mmap(NULL, DB_HEADER + bytes, PROT_READ | PROT_WRITE,
		   MAP_SHARED, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		cli_error("%s: %s", tmp, strerror(errno));
		unlink(tmp);
		return -1;
	}
	fprintf(stderr, "endgame database %s: building %zu positions\n",
		path, bytes);
	ops->db_build(solver, seeds, (char *)map + DB_HEADER, db_progress,
		      NULL);
	memcpy(map, DB_MAGIC, sizeof(DB_MAGIC) - 1);
	if (msync(map, DB_HEADER + bytes, MS_SYNC) < 0 ||
	    rename(tmp, path) < 0) {
		cli_error("%s: %s", path, strerror(errno));
		munmap(map, DB_HEADER + bytes);
		unlink(tmp);
		return -1;
	}
	munmap(map, DB_HEADER + bytes);
	return 0;
}

/* Maps the database for `seeds`, building it first when missing. */
static int db_open(const struct rules_solver_ops *ops, void *solver,
		   const struct solve_opts *o, int seeds, struct db_map *m)
{
	char name[128], dir[4000], path[4200];
	size_t bytes = ops->db_bytes(solver, seeds, name, sizeof(name));
	struct stat st;
	int fd;

	if (bytes == 0)
		return 0;
	if (cache_dir(o, dir, sizeof(dir)) < 0) {
		cli_error("no cache folder for the endgame database (set PITBOSS_CACHE or --db-dir)");
		return -1;
	}
	if (snprintf(path, sizeof(path), "%s/%s.edb", dir, name) >=
	    (int)sizeof(path))
		return -1;
	if (stat(path, &st) < 0 &&
	    db_build_file(ops, solver, seeds, bytes, path) < 0)
		return -1;
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0 ||
	    (size_t)st.st_size != DB_HEADER + bytes) {
		cli_error("%s: not the endgame database it should be (remove it to rebuild)",
			  path);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	m->len = DB_HEADER + bytes;
	m->base = mmap(NULL, m->len, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (m->base == MAP_FAILED ||
	    memcmp(m->base, DB_MAGIC, sizeof(DB_MAGIC) - 1) != 0) {
		cli_error("%s: not an endgame database", path);
		if (m->base != MAP_FAILED)
			munmap(m->base, m->len);
		m->base = NULL;
		return -1;
	}
	ops->db_use(solver, (char *)m->base + DB_HEADER, seeds);
	fprintf(stderr, "endgame database %s: %d seeds in play, mapped\n",
		path, seeds);
	return 0;
}

/* The default database: the largest for up to 16 seeds in 64 MiB. */
static int default_seeds(const struct rules_solver_ops *ops, void *solver)
{
	char name[128];

	for (int n = DB_DEFAULT_SEEDS; n > 0; n--) {
		size_t bytes = ops->db_bytes(solver, n, name, sizeof(name));

		if (bytes > 0 && bytes <= DB_DEFAULT_MAX)
			return n;
	}
	return 0;
}

static void search_progress(void *ctx, const struct rules_progress *p)
{
	(void)ctx;
	if (p->exact)
		fprintf(stderr, "solved: %+d", p->value);
	else if (!p->done)
		fprintf(stderr, "%s under way: %+d so far",
			p->depth > 0 ? "iteration" : "exact search",
			p->value);
	else
		fprintf(stderr, "depth %d: %+d (estimate)", p->depth,
			p->value);
	fprintf(stderr, ", %" PRIu64 " nodes, %.1f s\n", p->nodes,
		p->seconds);
}

static void print_answer(const struct rules_game *game, const void *pos,
			 const struct rules_eval *e, int json)
{
	char move[64] = "";

	if (e->has_best)
		game->ops->move_format(game, pos, &e->best, move, sizeof(move));
	if (json) {
		printf("{\"value\":%d,\"exact\":%s,\"depth\":%d,\"best\":",
		       e->value, e->exact ? "true" : "false", e->depth);
		if (e->has_best)
			printf("\"%s\"", move);
		else
			printf("null");
		printf(",\"nodes\":%" PRIu64 ",\"seconds\":%.3f}\n", e->nodes,
		       e->seconds);
		return;
	}
	printf("value: %+d (%s)\n", e->value,
	       e->exact ? "perfect play" : "estimate");
	printf("best: %s\n", e->has_best ? move : "none (the game is over)");
	printf("nodes: %" PRIu64 "\n", e->nodes);
	printf("seconds: %.2f\n", e->seconds);
}

int rules_solve_run(const struct rules_game *game, const void *pos,
		    const struct solve_opts *o)
{
	const struct rules_solver_ops *ops = game->ops->solver;
	struct db_map m = { NULL, 0 };
	char err[RULES_ERR_MAX];
	struct rules_eval e;
	void *solver;
	int seeds, rc = EXIT_OK;

	if (ops == NULL) {
		cli_error("rules solve: %s has no solver", game->ops->name);
		return EXIT_REFUSED;
	}
	solver = ops->open(game, (size_t)o->memory_mb << 20, err, sizeof(err));
	if (solver == NULL) {
		cli_error("rules solve: %s", err);
		return EXIT_REFUSED;
	}
	seeds = o->db_seeds >= 0 ? o->db_seeds : default_seeds(ops, solver);
	if (seeds > 0 && db_open(ops, solver, o, seeds, &m) < 0) {
		ops->close(solver);
		return EXIT_REFUSED;
	}
	ops->progress(solver, search_progress, NULL);
	if (ops->solve(solver, pos, o->seconds, &e, err, sizeof(err)) < 0) {
		cli_error("rules solve: %s", err);
		rc = EXIT_REFUSED;
	} else {
		print_answer(game, pos, &e, o->json);
	}
	ops->close(solver);
	if (m.base != NULL)
		munmap(m.base, m.len);
	return rc;
}
