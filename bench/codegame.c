/*
 * bench/codegame.c - the hidden-code game's analysis speed: time to
 * count the codes still consistent with the public marks after a guess,
 * for 4 players (the goal is under 1 ms) and, for scale, 5. Run by
 * `make bench`; prints figures, asserts none.
 *
 *   bench/codegame [GAMES]     (default 200 random games)
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/codegame.h"
#include "rules/rules.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static unsigned next_random(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 8;
}

/* Plays one random guess and its (forced) marks. */
static int play_row(const struct rules_game *game, struct codegame_pos *pos,
		    unsigned *seed)
{
	static struct rules_move moves[CODEGAME_CODES];
	size_t n = codegame_rules.legal_moves(game, pos, moves, CODEGAME_CODES);

	if (n != CODEGAME_CODES)
		return -1;
	if (codegame_rules.apply(game, pos, &moves[next_random(seed) % n],
				 NULL, NULL, 0) < 0)
		return -1;
	while ((n = codegame_rules.legal_moves(game, pos, moves, 3)) == 3) {
		size_t m = 0;

		while (m < 3 && codegame_rules.apply(game, pos, &moves[m], NULL,
						     NULL, 0) < 0)
			m++;
		if (m == 3)
			return -1;
	}
	return 0;
}

/* Times the count after the first, second and third guess of `games`
 * random games; prints the mean and the worst (each the best of 3). */
static int run(int players, int games)
{
	double total = 0, worst = 0;
	uint64_t codes = 0;
	int counts = 0;
	unsigned seed = 2024;

	for (int g = 0; g < games; g++) {
		char options[64], err[RULES_ERR_MAX];
		struct rules_game *game;
		struct codegame_pos pos;

		snprintf(options, sizeof(options), "players=%d seed=%d",
			 players, g + 1);
		game = rules_game_new(&codegame_rules, options, err, sizeof(err));
		if (game == NULL) {
			fprintf(stderr, "codegame: %s\n", err);
			return -1;
		}
		codegame_rules.start(game, &pos);
		for (int row = 0; row < 3; row++) {
			struct codegame_count count;
			double start, took;

			if (play_row(game, &pos, &seed) < 0) {
				fprintf(stderr, "codegame: random play failed\n");
				rules_game_free(game);
				return -1;
			}
			/* The best of three runs: one count's own time,
			 * without the machine's other work. */
			took = 1e9;
			for (int run_no = 0; run_no < 3; run_no++) {
				start = now();
				codegame_consistent(game, &pos, -1, &count);
				start = now() - start;
				took = start < took ? start : took;
			}
			total += took;
			worst = took > worst ? took : worst;
			codes += count.codes;
			counts++;
		}
		rules_game_free(game);
	}
	printf("codegame players=%d consistent codes after a guess: mean %7.1f us, worst %7.1f us (%d counts, mean %.0f codes left)\n",
	       players, total / counts * 1e6, worst * 1e6, counts,
	       (double)codes / counts);
	return 0;
}

/* The slowest case: a guess that told nothing (all blanks), so every
 * code is still possible. */
static int run_uninformed(int players, int repeats)
{
	char options[64], err[RULES_ERR_MAX];
	struct rules_game *game;
	struct codegame_pos pos;
	struct codegame_count count = { 0, 0 };
	struct rules_move move;
	double start, took;

	snprintf(options, sizeof(options), "players=%d seed=1", players);
	game = rules_game_new(&codegame_rules, options, err, sizeof(err));
	if (game == NULL) {
		fprintf(stderr, "codegame: %s\n", err);
		return -1;
	}
	codegame_rules.start(game, &pos);
	if (codegame_rules.move_parse(game, &pos, "1:-----", &move, err,
				      sizeof(err)) < 0 ||
	    codegame_rules.apply(game, &pos, &move, NULL, err,
				 sizeof(err)) < 0) {
		fprintf(stderr, "codegame: %s\n", err);
		rules_game_free(game);
		return -1;
	}
	start = now();
	for (int i = 0; i < repeats; i++)
		codegame_consistent(game, &pos, -1, &count);
	took = (now() - start) / repeats;
	printf("codegame players=%d consistent codes after a blank guess: %7.1f us (%" PRIu32 " codes, %" PRIu32 " holdings)\n",
	       players, took * 1e6, count.codes, count.holdings);
	rules_game_free(game);
	return 0;
}

int main(int argc, char **argv)
{
	int games = 200;

	if (argc > 1) {
		char *end;
		long n = strtol(argv[1], &end, 10);

		if (*end != '\0' || n < 1 || n > 100000) {
			fprintf(stderr, "usage: %s [GAMES 1..100000]\n", argv[0]);
			return 2;
		}
		games = (int)n;
	}
	if (run(4, games) < 0 || run(5, games / 4 + 1) < 0 ||
	    run_uninformed(4, 200) < 0 || run_uninformed(5, 50) < 0)
		return 1;
	return 0;
}
