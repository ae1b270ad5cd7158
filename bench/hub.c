/*
 * bench/hub.c - how fast a hub takes in its tables' events
 * (db_hub_ingest(): each event kept and applied in its own committed
 * transaction, as pitbossd --hub does). Sixteen tables each play games
 * of 40 moves with an incident, published as events; they are taken in
 * once in order, table after table interleaved, then again with every
 * tenth event delivered twice and each table's events in pairs
 * swapped (a gap at every other event). Prints events per second, the
 * spread of each event's ingest time and how much of the slowest 1 %
 * was CPU work (the rest is waiting: for a CPU, for the disk); asserts
 * nothing. Run by `make bench`.
 *
 *   bench/hub [--games N]    (games per table, 10 by default)
 *
 * The database goes in $TMPDIR (or /tmp): on a tmpfs the figure is the
 * store's work, on a disk mostly each commit's fsync.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db_hub.h"

#define TABLES 16
#define PLIES 40
#define EVENT_MAX 640

struct event {
	int table;
	char json[EVENT_MAX];
};

static struct event *events;
static int n_events;
static long long seq[TABLES];

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void emit(int table, const char *kind, int s, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void emit(int table, const char *kind, int s, const char *fmt, ...)
{
	struct event *e = &events[n_events++];
	char payload[EVENT_MAX - 160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(payload, sizeof(payload), fmt, ap);
	va_end(ap);
	e->table = table;
	snprintf(e->json, sizeof(e->json),
		 "{\"v\":1,\"table\":\"t%d\",\"seq\":%lld,\"kind\":\"%s\","
		 "\"at\":\"2026-11-24T%02d:%02d:%02d.000Z\",\"payload\":{%s}}",
		 table, ++seq[table], kind, 18 + s / 3600, s / 60 % 60, s % 60,
		 payload);
}

/* Game `g` of every table, its events interleaved as tables play. */
static void play_round(int g)
{
	for (int ply = 0; ply <= PLIES + 2; ply++)
		for (int t = 0; t < TABLES; t++) {
			int s = g * 60 + ply, game = g + 1;

			if (ply == 0)
				emit(t, "game-start", s,
				     "\"game\":%d,\"kind\":\"kalah\",\"options\":"
				     "\"\",\"board\":\"Table %d\",\"seats\":2,"
				     "\"first_seat\":0,\"first_how\":\"rules\","
				     "\"started\":null,\"position\":\"start\","
				     "\"players\":[{\"seat\":0,\"member\":0,"
				     "\"name\":\"P%d\"},{\"seat\":1,\"member\":0,"
				     "\"name\":\"P%d\"}]", game, t + 1, 2 * t,
				     2 * t + 1);
			else if (ply <= PLIES)
				emit(t, "move", s,
				     "\"game\":%d,\"ply\":%d,\"seat\":%d,"
				     "\"member\":0,\"player\":\"P%d\",\"notation\":"
				     "\"%c\",\"position\":\"p%d\",\"at\":null,"
				     "\"source\":\"sensor\",\"evidence\":\"gates=6\"",
				     game, ply, (ply - 1) % 2, 2 * t + (ply - 1) % 2,
				     'a' + ply % 6, ply);
			else if (ply == PLIES + 1)
				emit(t, "incident", s,
				     "\"game\":%d,\"ply\":%d,\"kind\":\"warning\","
				     "\"player\":null,\"text\":\"a seed missed\","
				     "\"at\":null,\"cause\":\"sensed-fault\","
				     "\"evidence\":\"miss=1\"", game, PLIES);
			else
				emit(t, "game-over", s,
				     "\"game\":%d,\"result\":\"win\",\"winner_seat\":"
				     "0,\"ended\":null,\"sides\":[{\"seat\":0,"
				     "\"score\":30,\"points\":6},{\"seat\":1,"
				     "\"score\":18,\"points\":0}]", game);
		}
}

/* The process's CPU time: what the work took, not the waits. */
static double cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One event's ingest: its time, and the CPU time it used. */
struct took {
	double wall, cpu;
};

static int by_wall(const void *a, const void *b)
{
	double x = ((const struct took *)a)->wall,
	       y = ((const struct took *)b)->wall;

	return (x > y) - (x < y);
}

/* The ingest times' p50, p99, p99.9 and worst, in ms, and the CPU time
 * of the slowest 1 %: near the p50's, the tail is time spent waiting
 * (for a CPU on a loaded machine, for the disk), not work. */
static void spread(const char *what, struct took *t, int n)
{
	double tail_wall = 0, tail_cpu = 0;
	int k = 0;

	qsort(t, (size_t)n, sizeof(*t), by_wall);
	for (int i = n * 99 / 100; i < n; i++, k++) {
		tail_wall += t[i].wall;
		tail_cpu += t[i].cpu;
	}
	printf("# figure: hub ingest %s: each event's ingest p50 %.2f ms, "
	       "p99 %.2f ms, p99.9 %.2f ms, worst %.1f ms; the slowest 1 %%: "
	       "%.2f ms each, of which CPU %.2f ms (p50's CPU %.2f ms)\n",
	       what, t[n / 2].wall * 1e3, t[n * 99 / 100].wall * 1e3,
	       t[n * 999 / 1000].wall * 1e3, t[n - 1].wall * 1e3,
	       tail_wall / k * 1e3, tail_cpu / k * 1e3, t[n / 2].cpu * 1e3);
}

/* Takes in `order` (indexes into events); the rate and the slowest. */
static void run(const char *what, const char *path, const int *order, int n)
{
	char err[DB_ERR_MAX];
	struct db_hub_ingest out;
	struct db *db;
	double t0, worst = 0;
	struct took *took = calloc((size_t)n, sizeof(*took));
	long dups = 0, gaps = 0;

	if (took == NULL)
		exit(1);
	unlink(path);
	if (db_open(path, DB_OPEN_CREATE, &db, err, sizeof(err)) != DB_OK) {
		fprintf(stderr, "hub: %s\n", err);
		exit(1);
	}
	t0 = now();
	for (int i = 0; i < n; i++) {
		const char *json = events[order[i]].json;
		double t = now(), c = cpu();

		if (db_hub_ingest(db, json, (int)strlen(json), NULL, &out) !=
		    DB_OK || out.refused) {
			fprintf(stderr, "hub: %s: %s\n", json, db_error(db));
			exit(1);
		}
		dups += out.duplicate;
		gaps += out.gap_from != 0;
		took[i].wall = now() - t;
		took[i].cpu = cpu() - c;
		if (took[i].wall > worst)
			worst = took[i].wall;
	}
	t0 = now() - t0;
	printf("# figure: hub ingest %s: %d events (%ld copies, %ld ahead of "
	       "a gap) in %.2f s: %.0f events/s, slowest %.1f ms\n", what, n,
	       dups, gaps, t0, n / t0, worst * 1e3);
	spread(what, took, n);
	free(took);
	db_close(db);
	unlink(path);
}

int main(int argc, char **argv)
{
	int games = argc == 3 && strcmp(argv[1], "--games") == 0 ?
		    atoi(argv[2]) : 10;
	int cap = TABLES * games * (PLIES + 3), *order, n = 0;
	char path[64];

	if (games < 1)
		return 2;
	events = calloc((size_t)cap, sizeof(*events));
	order = calloc((size_t)cap * 2, sizeof(*order));
	if (events == NULL || order == NULL)
		return 1;
	for (int g = 0; g < games; g++)
		play_round(g);
	snprintf(path, sizeof(path), "%s/pitboss-bench-hub.%d.db",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
	for (int i = 0; i < n_events; i++)
		order[i] = i;
	run("in order", path, order, n_events);
	/* Pairs of each table's events swapped (events of one table are
	 * TABLES apart), every tenth delivered twice. */
	for (int i = 0; i < n_events; i++) {
		int block = i - i % (2 * TABLES), j = i;

		if (block + 2 * TABLES <= n_events)
			j = i - block < TABLES ? i + TABLES : i - TABLES;
		order[n++] = j;
		if (i % 10 == 0)
			order[n++] = j;
	}
	run("swapped, copies", path, order, n);
	free(order);
	free(events);
	return 0;
}
