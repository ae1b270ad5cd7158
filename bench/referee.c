/*
 * bench/referee.c - how well and how fast the referee reads a noisy
 * drop-counter board: simulated games at the noise levels the referee is
 * judged on, each with 2% illegal play, and the referee's time per
 * observation. Run by `make bench`; prints figures, asserts none.
 *
 *   bench/referee [GAMES]     (default 10000 per level)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/sim.h"

struct level {
	const char *name;
	double bounce, miss, extra, swap;
	int strict, lifts;
};

static const struct level levels[] = {
	{ "none", 0, 0, 0, 0, 0, 0 },
	{ "1% miss + 5% bounce", 0.05, 0.01, 0, 0, 0, 0 },
	{ "3% miss + 3% extra + 1% swap", 0, 0.03, 0.03, 0.01, 0, 0 },
	{ "1% miss + 5% bounce, hand sensors", 0.05, 0.01, 0, 0, 0, 1 },
	{ "1% miss + 5% bounce, strict", 0.05, 0.01, 0, 0, 1, 0 },
	{ "3% miss + 3% extra + 1% swap, strict", 0, 0.03, 0.03, 0.01, 1, 0 },
};

static double pct(unsigned long n, unsigned long of)
{
	return of ? 100.0 * (double)n / (double)of : 0;
}

int main(int argc, char **argv)
{
	unsigned long games = argc > 1 ? strtoul(argv[1], NULL, 10) : 10000;

	printf("referee accuracy and speed: %lu greedy games per level, "
	       "2%% of moves illegal\n\n", games);
	printf("%-38s %8s %8s %7s %7s %7s %7s %7s %7s %8s %8s\n", "noise",
	       "legal", "accepted", "held", "fouled", "misread", "unseen",
	       "illegal", "caught", "ACCEPTED", "med/p99");
	for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
		const struct level *lv = &levels[l];
		struct sim_config cfg;
		const struct sim_stats *st;
		struct sim *sim;
		char err[256];

		sim_config_default(&cfg);
		cfg.seed = 2026 + l;
		cfg.noise.bounce = lv->bounce;
		cfg.noise.miss = lv->miss;
		cfg.noise.extra = lv->extra;
		cfg.noise.swap = lv->swap;
		cfg.noise.illegal = 0.02;
		cfg.lifts = lv->lifts;
		cfg.timing = 1;
		if (lv->strict)
			cfg.referee.accept_cost = 0;
		sim = sim_new(&cfg, err, sizeof(err));
		if (sim == NULL) {
			fprintf(stderr, "referee bench: %s\n", err);
			return 1;
		}
		for (unsigned long g = 0; g < games; g++)
			sim_game(sim, NULL, NULL, NULL);
		st = sim_stats(sim);
		printf("%-38s %8lu %7.2f%% %6.2f%% %6.2f%% %6.2f%% %6.2f%% "
		       "%7lu %6.2f%% %8lu %3.1f/%.1fus\n", lv->name, st->legal,
		       pct(st->count[SIM_LEGAL_ACCEPTED], st->legal),
		       pct(st->count[SIM_LEGAL_HELD], st->legal),
		       pct(st->count[SIM_LEGAL_FOULED], st->legal),
		       pct(st->count[SIM_LEGAL_MISREAD], st->legal),
		       pct(st->count[SIM_LEGAL_UNSEEN], st->legal), st->illegal,
		       pct(st->count[SIM_ILLEGAL_CAUGHT], st->illegal),
		       st->count[SIM_ILLEGAL_ACCEPTED],
		       sim_timing_quantile(st, 0.5) / 1000,
		       sim_timing_quantile(st, 0.99) / 1000);
		fflush(stdout);
		sim_free(sim);
	}
	printf("\naccepted: legal moves taken without the arbiter (with or "
	       "without a sensor warning)\nheld: waited for the arbiter's "
	       "confirmation; misread: taken as another move;\nunseen: no "
	       "pulse of the move sensed; ACCEPTED: illegal moves the referee "
	       "took.\nmed/p99: referee time per observation.\n");
	return 0;
}
