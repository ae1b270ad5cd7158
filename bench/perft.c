/*
 * bench/perft.c - perft speed: leaves per second on one core for fixed
 * workloads, Kalah's at DEPTH and Transport's from the start of each
 * board size at depth 3 (and 8x8 at depth 4, 2.9 million positions
 * made). Run by `make bench`; prints figures, asserts none.
 *
 *   bench/perft [DEPTH]     (Kalah's depth, default 11)
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rules/kalah.h"
#include "rules/rules.h"
#include "rules/transport.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run(const char *options, unsigned depth)
{
	char err[RULES_ERR_MAX];
	struct rules_game *game = rules_game_new(&kalah_rules, options, err,
						 sizeof(err));
	struct kalah_pos pos;
	double start, seconds;
	uint64_t leaves;

	if (game == NULL) {
		fprintf(stderr, "perft: %s\n", err);
		return -1;
	}
	kalah_rules.start(game, &pos);
	start = now();
	leaves = rules_perft(game, &pos, depth);
	seconds = now() - start;
	printf("kalah %-16s depth %2u: %14" PRIu64 " leaves in %7.3f s = %7.1f M leaves/s\n",
	       options, depth, leaves, seconds,
	       (double)leaves / seconds / 1e6);
	rules_game_free(game);
	return 0;
}

static int run_transport(const char *options, unsigned depth)
{
	char err[RULES_ERR_MAX];
	struct rules_game *game = rules_game_new(&transport_rules, options,
						 err, sizeof(err));
	struct transport_pos pos;
	double start, seconds;
	uint64_t leaves;

	if (game == NULL) {
		fprintf(stderr, "perft: %s\n", err);
		return -1;
	}
	transport_rules.start(game, &pos);
	start = now();
	leaves = rules_perft(game, &pos, depth);
	seconds = now() - start;
	printf("transport %-12s depth %2u: %14" PRIu64 " leaves in %7.3f s = %7.1f M leaves/s\n",
	       options, depth, leaves, seconds,
	       (double)leaves / seconds / 1e6);
	rules_game_free(game);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned depth = 11;

	if (argc > 1) {
		char *end;
		long d = strtol(argv[1], &end, 10);

		if (*end != '\0' || d < 1 || d > 20) {
			fprintf(stderr, "usage: %s [DEPTH 1..20]\n", argv[0]);
			return 2;
		}
		depth = (unsigned)d;
	}
	if (run("pits=6 seeds=4", depth) < 0 ||
	    run("pits=6 seeds=6", depth) < 0 ||
	    run("pits=6 seeds=4 cross", depth) < 0)
		return 1;
	if (run_transport("size=8", 3) < 0 || run_transport("size=11", 3) < 0 ||
	    run_transport("size=13", 3) < 0 || run_transport("size=15", 3) < 0 ||
	    run_transport("size=8", 4) < 0)
		return 1;
	return 0;
}
