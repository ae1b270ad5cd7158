/*
 * bench/referee.c - how well and how fast the referee reads a
 * drop-counter board: simulated games on the physically modelled board
 * of `pitboss sim --level` (clean, moderate, heavy), each with drops
 * alone and with a count source too, and the referee's time per
 * observation. Run by `make bench`; prints figures, asserts none.
 *
 *   bench/referee [GAMES [SEED [LEVEL]]]
 *
 * GAMES per level (default 500); SEED shifts every level's random
 * stream (default 0: the figures quoted); LEVEL runs that level alone,
 * without the Transport board. The referee's verdicts are paired with
 * the moves made by the fewest misreadings (sim_assign()): a move read
 * as another is misread, not silent beside a move no move made.
 *
 * With PITBOSS_BENCH_DUMP=DIR in the environment, each game in which a
 * move got no verdict, or a move was taken that no move made (or, with
 * counts, an illegal move was taken), is
 * written to DIR as LEVEL-SOURCE-NIGHT-GAME.txt: the night's trace up
 * to its end (replayed, it gives the same verdicts), the game's truth
 * (moves taken that no move made marked "unexplained", moves with no
 * verdict "silent") and its verdicts, for a look at what the referee
 * made of it.
 *
 * With REFEREE_BENCH_MISSED=FILE, every legal move not taken without
 * help and every illegal move not called a foul is described in FILE,
 * one line each (sim_debug_missed()).
 *
 * With REFEREE_BENCH_WORLD="KNOB=V KNOB=V ...", each level's board and
 * players have those knobs of the model changed (as `pitboss sim
 * --world`; pitboss(1) lists them): how the referee fares on a world
 * unlike the levels it is measured on.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/sim.h"
#include "referee/trace.h"

static double pct(unsigned long n, unsigned long of)
{
	return of ? 100.0 * (double)n / (double)of : 0;
}

/* Each way of illegal play: how often it was taken, or went unseen. */
static void kinds(const struct sim_stats *st)
{
	printf("%18s", "");
	for (int k = 0; k < SIM_KINDS_MAX && st->kinds[k].name != NULL; k++)
		printf(" %s %lu/%lu/%lu", st->kinds[k].name,
		       st->kinds[k].accepted, st->kinds[k].unseen,
		       st->kinds[k].moves);
	printf("\n");
}

/* The legal moves held, fouled or taken as another, by what the model
 * did to them; beside each, per mille of the legal moves it happened
 * to. */
static void phys(const struct sim_stats *st)
{
	static const enum sim_class cls[] = { SIM_LEGAL_HELD,
					      SIM_LEGAL_FOULED,
					      SIM_LEGAL_MISREAD };

	for (size_t i = 0; i < sizeof(cls) / sizeof(cls[0]); i++) {
		printf("%18s %s:", "", sim_class_name(cls[i]));
		for (int p = 0; p < SIM_PHYS; p++) {
			unsigned long of = 0;

			for (int c = SIM_LEGAL_ACCEPTED; c <= SIM_LEGAL_UNSEEN;
			     c++)
				of += c == SIM_LEGAL_WARNED ? 0 :
				      st->phys[c][p];
			if (st->phys[cls[i]][p] > 0)
				printf(" %s %lu (%.0f)", sim_phys_name(p),
				       st->phys[cls[i]][p],
				       of ? 1000.0 * (double)st->phys[cls[i]][p]
						/ (double)of : 0);
		}
		printf("\n");
	}
}

#define NIGHTS 10		/* runs per level, each with its own gates */

/* REFEREE_BENCH_MISSED=FILE: every legal move not taken without help,
 * described there (sim_debug_missed()). */
static FILE *missed;

/* Adds a night's figures to the level's. */
static void add(struct sim_stats *to, const struct sim_stats *st)
{
	to->legal += st->legal;
	to->illegal += st->illegal;
	to->unexplained += st->unexplained;
	to->revised += st->revised;
	to->legal_blind += st->legal_blind;
	to->illegal_blind += st->illegal_blind;
	to->same += st->same;
	to->same_accepted += st->same_accepted;
	for (int c = 0; c < SIM_CLASSES; c++) {
		to->count[c] += st->count[c];
		for (int p = 0; p < SIM_PHYS; p++)
			to->phys[c][p] += st->phys[c][p];
	}
	for (int i = 0; i < SIM_TIMING_BUCKETS; i++)
		to->timing[i] += st->timing[i];
	for (int k = 0; k < SIM_KINDS_MAX && st->kinds[k].name != NULL;
	     k++) {
		int j = 0;

		while (j < SIM_KINDS_MAX - 1 && to->kinds[j].name != NULL &&
		       strcmp(to->kinds[j].name, st->kinds[k].name) != 0)
			j++;
		to->kinds[j].name = st->kinds[k].name;
		to->kinds[j].moves += st->kinds[k].moves;
		to->kinds[j].accepted += st->kinds[k].accepted;
		to->kinds[j].unseen += st->kinds[k].unseen;
	}
}

/* The moves of a game with no verdict, and those no move made; with
 * counts, the illegal moves taken too (the counts should catch each). */
static unsigned long troubles(const struct sim_stats *st, int counts)
{
	return st->count[SIM_LEGAL_UNSEEN] + st->count[SIM_ILLEGAL_UNSEEN] +
	       st->unexplained +
	       (counts ? st->count[SIM_ILLEGAL_ACCEPTED] : 0);
}

/* `text`'s lines as comments of a trace file. */
static void comment(FILE *out, const char *text)
{
	while (*text != '\0') {
		size_t len = strcspn(text, "\n");

		fprintf(out, "#%s%.*s\n", text[0] == '#' ? "" : " ",
			(int)len, text);
		text += len + (text[len] != '\0');
	}
}

/* One game played with its trace, truth and verdicts kept, written to
 * the folder `dir` when it had troubles. */
static void dump_game(struct sim *sim, const char *dir, const char *level,
		      int counts, uint64_t seed, unsigned long g)
{
	static struct trace trace;
	unsigned long before = troubles(sim_stats(sim), counts);
	char *tbuf = NULL, *vbuf = NULL, path[512];
	size_t tlen = 0, vlen = 0;
	FILE *truth = open_memstream(&tbuf, &tlen);
	FILE *verdicts = open_memstream(&vbuf, &vlen);
	FILE *out;

	if (g == 0)	/* the night's trace: the referee remembers */
		trace.nobs = 0;
	if (truth == NULL || verdicts == NULL) {
		/* No memory to keep it: played, not written. */
		if (truth != NULL)
			fclose(truth);
		if (verdicts != NULL)
			fclose(verdicts);
		free(tbuf);
		free(vbuf);
		sim_game(sim, NULL, NULL, NULL);
		return;
	}
	sim_game(sim, &trace, truth, verdicts);
	fclose(truth);
	fclose(verdicts);
	snprintf(path, sizeof(path), "%s/%s-%s-%llu-%lu.txt", dir, level,
		 counts ? "counts" : "drops", (unsigned long long)seed, g);
	if (troubles(sim_stats(sim), counts) > before &&
	    (out = fopen(path, "w")) != NULL) {
		struct trace_table table;

		sim_table(sim, &table);
		trace_write_header(out, &table, 1);
		for (size_t i = 0; i < trace.nobs; i++)
			trace_write_obs(out, &trace.obs[i]);
		fprintf(out, "# truth\n");
		comment(out, tbuf);
		fprintf(out, "# verdicts\n");
		comment(out, vbuf);
		fclose(out);
	}
	free(tbuf);
	free(vbuf);
}

/* REFEREE_BENCH_WORLD's knobs set in `cfg`: -1, said, when one is
 * unknown or out of range. */
static int world(struct sim_config *cfg)
{
	const char *knobs = getenv("REFEREE_BENCH_WORLD");
	char copy[512], *save = NULL, err[256];

	if (knobs == NULL)
		return 0;
	snprintf(copy, sizeof(copy), "%s", knobs);
	for (char *k = strtok_r(copy, " ,", &save); k != NULL;
	     k = strtok_r(NULL, " ,", &save))
		if (sim_world_set(&cfg->world, k, err, sizeof(err)) < 0) {
			fprintf(stderr, "referee bench: REFEREE_BENCH_WORLD: "
				"%s\n", err);
			return -1;
		}
	return 0;
}

/* One night of `games` at `level`, added to `st`. */
static int night(const char *level, int counts, unsigned long games,
		 uint64_t seed, struct sim_stats *st)
{
	const char *dump = getenv("PITBOSS_BENCH_DUMP");
	struct sim_config cfg;
	struct sim *sim;
	char err[256];

	sim_config_default(&cfg);
	sim_config_level(&cfg, level);
	if (world(&cfg) < 0)
		return -1;
	cfg.seed = seed;
	cfg.counts = counts;
	cfg.timing = 1;
	sim = sim_new(&cfg, err, sizeof(err));
	if (sim == NULL) {
		fprintf(stderr, "referee bench: %s\n", err);
		return -1;
	}
	if (missed != NULL) {
		fprintf(missed, "NIGHT level=%s counts=%d seed=%llu\n", level,
			counts, (unsigned long long)seed);
		sim_debug_missed(sim, missed);
	}
	for (unsigned long g = 0; g < games; g++)
		if (dump == NULL)
			sim_game(sim, NULL, NULL, NULL);
		else
			dump_game(sim, dump, level, counts, seed, g);
	add(st, sim_stats(sim));
	sim_free(sim);
	return 0;
}

static int run(const char *level, int counts, unsigned long games,
	       uint64_t seed)
{
	static struct sim_stats all;
	const struct sim_stats *st = &all;

	memset(&all, 0, sizeof(all));
	for (int n = 0; n < NIGHTS; n++)
		if (night(level, counts, (games + NIGHTS - 1 - (unsigned long)n) /
			  NIGHTS, seed * 100 + (uint64_t)n, &all) < 0)
			return -1;
	printf("%-9s %-6s %6lu %7.2f%% %6.2f%% %7lu %6.2f%% %6.2f%% %6.2f%% "
	       "%6lu %5.2f%% %5.2f%% %5.2f%% %5.1f %5.1f\n", level,
	       counts ? "+count" : "drops", st->legal,
	       pct(st->count[SIM_LEGAL_ACCEPTED], st->legal),
	       pct(st->count[SIM_LEGAL_UNSEEN], st->legal), st->illegal,
	       pct(st->count[SIM_ILLEGAL_ACCEPTED], st->illegal),
	       pct(st->count[SIM_ILLEGAL_ACCEPTED] - st->same_accepted,
		   st->illegal - st->same),
	       pct(st->count[SIM_ILLEGAL_UNSEEN], st->illegal),
	       st->unexplained,
	       pct(st->count[SIM_LEGAL_HELD], st->legal),
	       pct(st->count[SIM_LEGAL_FOULED], st->legal),
	       pct(st->count[SIM_LEGAL_MISREAD], st->legal),
	       sim_timing_quantile(st, 0.5) / 1000,
	       sim_timing_quantile(st, 0.99) / 1000);
	kinds(st);
	printf("%18s silent with no pulse at all: legal %lu of %lu, illegal "
	       "%lu of %lu; taken back by the referee itself: %lu\n", "",
	       st->legal_blind, st->count[SIM_LEGAL_UNSEEN],
	       st->illegal_blind, st->count[SIM_ILLEGAL_UNSEEN],
	       st->revised);
	phys(st);
	fflush(stdout);
	return 0;
}

/* Transport on its occupancy board at `level`: one line. */
static int transport(const char *level, unsigned long games, uint64_t seed)
{
	static struct sim_stats all;
	const struct sim_stats *st = &all;
	struct sim_config cfg;
	struct sim *sim;
	char err[256];

	memset(&all, 0, sizeof(all));
	sim_config_default(&cfg);
	snprintf(cfg.game, sizeof(cfg.game), "transport");
	sim_config_level(&cfg, level);
	cfg.seed = seed;
	cfg.timing = 1;
	sim = sim_new(&cfg, err, sizeof(err));
	if (sim == NULL) {
		fprintf(stderr, "referee bench: %s\n", err);
		return -1;
	}
	for (unsigned long g = 0; g < games; g++)
		sim_game(sim, NULL, NULL, NULL);
	add(&all, sim_stats(sim));
	sim_free(sim);
	printf("%-9s %6lu %7.2f%% %6.2f%% %6.2f%% %6.2f%% %7lu %6.2f%% "
	       "%6.2f%% %5.1f %5.1f\n", level, st->legal,
	       pct(st->count[SIM_LEGAL_ACCEPTED], st->legal),
	       pct(st->count[SIM_LEGAL_HELD], st->legal),
	       pct(st->count[SIM_LEGAL_FOULED], st->legal),
	       pct(st->count[SIM_LEGAL_MISREAD], st->legal), st->illegal,
	       pct(st->count[SIM_ILLEGAL_ACCEPTED], st->illegal),
	       pct(st->count[SIM_ILLEGAL_UNSEEN], st->illegal),
	       sim_timing_quantile(st, 0.5) / 1000,
	       sim_timing_quantile(st, 0.99) / 1000);
	kinds(st);
	fflush(stdout);
	return 0;
}

static int transport_all(unsigned long games)
{
	static const char *const levels[] = { "clean", "moderate", "heavy" };

	printf("\nTransport (11x11) on an occupancy board: %lu greedy games per "
	       "level, people lifting\npieces to think, switches bouncing "
	       "and sticking as the level says\n\n", games);
	printf("%-9s %6s %8s %7s %7s %7s %7s %7s %7s %5s %5s\n", "level",
	       "legal", "taken", "held", "fouled", "misrd", "illegal",
	       "TAKEN", "silent", "p50us", "p99us");
	for (int l = 0; l < 3; l++)
		if (transport(levels[l], games, 3031 + (uint64_t)l) < 0)
			return -1;
	printf("\nheld: the board cannot tell the moves apart (a pointing, "
	       "which piece): the\nplayer enters the move; p50us, p99us: "
	       "referee time per observation.\n");
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long games = argc > 1 ? strtoul(argv[1], NULL, 10) : 500;
	uint64_t shift = argc > 2 ? strtoull(argv[2], NULL, 10) * 1000 : 0;
	const char *only = argc > 3 ? argv[3] : NULL;
	const char *dump = getenv("REFEREE_BENCH_MISSED");
	static const char *const levels[] = { "clean", "moderate", "heavy" };
	struct sim_config check;

	sim_config_default(&check);
	if (world(&check) < 0)
		return 1;
	if (dump != NULL && (missed = fopen(dump, "w")) == NULL) {
		perror(dump);
		return 1;
	}
	printf("referee accuracy and speed: %lu greedy games per level on the "
	       "physical board model\n(pitboss sim --level), 5%% of moves "
	       "illegal, with drops alone and with counts too;\n"
	       "each level over %d nights of its own gates\n", games,
	       NIGHTS);
	if (getenv("REFEREE_BENCH_WORLD") != NULL)
		printf("with the model's knobs changed: %s\n",
		       getenv("REFEREE_BENCH_WORLD"));
	printf("\n");
	printf("%-9s %-6s %6s %8s %7s %7s %7s %7s %7s %6s %6s %6s %6s %5s "
	       "%5s\n", "level", "source", "legal", "taken", "silent",
	       "illegal", "TAKEN", "TAKEN*", "silent", "unexpl", "held",
	       "fouled", "misrd",
	       "p50us", "p99us");
	for (int l = 0; l < 3; l++)
		for (int counts = 0; counts < 2; counts++)
			if ((only == NULL || strcmp(only, levels[l]) == 0) &&
			    run(levels[l], counts, games, shift + 2026 +
				2 * (uint64_t)l + (uint64_t)counts) < 0)
				return 1;
	printf("\ntaken: legal moves accepted without help (maybe warned); "
	       "silent: moves with no\nverdict at all; TAKEN: illegal moves "
	       "accepted; TAKEN*: the same, leaving out\nthe illegal moves "
	       "whose drops are exactly a legal move's (no drop gate can\n"
	       "tell them; the counts do); unexpl: moves accepted that no "
	       "move made;\nheld, fouled, misrd: legal moves held, called a "
	       "foul, taken as another\nmove; p50us, p99us: referee time per "
	       "observation.\nUnder each level, per way of illegal play: "
	       "taken/silent/played;\nthen the silent moves that made no "
	       "pulse at all (every seed missed or merged):\nno drop gate "
	       "saw them; and the moves the referee took back itself when "
	       "more drops\nof the same hand came (each corrected by its "
	       "next verdict).\n");
	if (only == NULL &&
	    transport_all(games / 10 > 0 ? games / 10 : 1) < 0)
		return 1;
	return 0;
}
