/*
 * test_referee_sim_confirm.c - the simulator's arbiter and the moves of
 * a turn made while the referee held an earlier one: the referee keeps
 * their drops until the held move is confirmed, then reads them. The
 * arbiter confirms a move held as made before the moves after it are
 * judged, so those moves are judged by what the referee made of them,
 * not counted held for want of a verdict given before the confirmation.
 * Read from the simulator's debug lines (sim_debug_missed()).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "referee/sim.h"

/* The debug lines of `games` games at `level`, the next player always
 * quick (a turn's moves follow each other within a second). */
static char *missed_lines(const char *level, int games)
{
	struct sim_config cfg;
	struct sim *sim;
	char err[256] = "", *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	sim_config_default(&cfg);
	assert_int_equal(sim_config_level(&cfg, level), 0);
	assert_int_equal(sim_world_set(&cfg.world, "quick=1", err,
				       sizeof(err)), 0);
	cfg.seed = 11;
	sim = sim_new(&cfg, err, sizeof(err));
	if (sim == NULL)
		fail_msg("sim_new: %s", err);
	sim_debug_missed(sim, out);
	for (int g = 0; g < games; g++)
		sim_game(sim, NULL, NULL, NULL);
	sim_free(sim);
	fclose(out);
	return text;
}

/* A line's move index in its batch, the batch's size ("of=I/N") and
 * its first ply (the line's "ply=" less the index). */
static int batch_index(const char *line, int *n, int *first)
{
	const char *of = strstr(line, " of="), *ply = strstr(line, " ply=");
	int i;

	if (of == NULL || ply == NULL || sscanf(of, " of=%d/%d", &i, n) != 2 ||
	    sscanf(ply, " ply=%d", first) != 1)
		return -1;
	*first -= i;
	return i;
}

/* A legal move held as made (its hold names it), every move before it
 * in its batch taken (none described before it) and other moves after
 * it: the arbiter confirms it; the next legal move is then never
 * counted held for want of a verdict of its own. */
static void test_move_after_a_confirmed_hold_is_judged(void **state)
{
	char *text = missed_lines("moderate", 150), *line, *save = NULL;
	int held_before = 0, counted_held = 0, prev = -1, prev_n = 0;
	int seen_first = -1, seen_n = 0;

	(void)state;
	for (line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		int n, first, i = batch_index(line, &n, &first);
		int held = strncmp(line, "MISSED class=held ", 18) == 0;
		int alone = first != seen_first || n != seen_n;

		if (i < 0)
			continue;
		if (held && prev >= 0 && i == prev + 1 && n == prev_n &&
		    strstr(line, " verdict=- ") != NULL)
			counted_held++;
		prev = -1;
		if (held && alone && strstr(line, " verdict=hold ") != NULL &&
		    i + 1 < n) {
			held_before++;
			prev = i;
			prev_n = n;
		}
		seen_first = first;
		seen_n = n;
	}
	free(text);
	if (held_before < 5)
		fail_msg("only %d moves held with more moves after them",
			 held_before);
	if (counted_held != 0)
		fail_msg("%d moves after a move held as made (of %d) counted "
			 "held with no verdict", counted_held, held_before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_move_after_a_confirmed_hold_is_judged),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
