/*
 * test_referee_sim_press.c - the simulator's players and the turn
 * button: a player who sows illegally (a seed left behind, two in one
 * pit, the wrong way round...) means the move as made, and presses the
 * button after it as after a legal move, forgetting it no more often;
 * so a button after the drops tells the referee nothing about whether
 * the sowing was legal. The illegal moves the referee did not call a
 * foul are read from the simulator's debug lines (sim_debug_missed()).
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

/* `games` games at `level`, a third of the moves illegal, no button
 * forgotten: the illegal moves described, and of them those followed by
 * their mover's button ("BTN<seat>" among the pulses after the move's
 * first piece). */
static void illegal_buttons(const char *level, int games, int *illegal,
			    int *pressed)
{
	struct sim_config cfg;
	struct sim *sim;
	char err[256] = "", *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	sim_config_default(&cfg);
	assert_int_equal(sim_config_level(&cfg, level), 0);
	assert_int_equal(sim_world_set(&cfg.world, "forget=0", err,
				       sizeof(err)), 0);
	cfg.noise.illegal = 0.3;
	cfg.seed = 7;
	sim = sim_new(&cfg, err, sizeof(err));
	if (sim == NULL)
		fail_msg("sim_new: %s", err);
	sim_debug_missed(sim, out);
	for (int g = 0; g < games; g++)
		sim_game(sim, NULL, NULL, NULL);
	sim_free(sim);
	fclose(out);
	*illegal = *pressed = 0;
	for (line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		const char *seat = strstr(line, " seat="), *pulses;
		char btn[8];

		if (strncmp(line, "ILLEGAL ", 8) != 0 || seat == NULL ||
		    strstr(line, "kind=out-of-turn") != NULL ||
		    strstr(line, "kind=after-end") != NULL ||
		    strstr(line, "kind=overlap") != NULL)
			continue;
		(*illegal)++;
		snprintf(btn, sizeof(btn), "BTN%c@", seat[6]);
		pulses = strstr(line, " pulses=");
		*pressed += pulses != NULL && strstr(pulses, btn) != NULL;
	}
	free(text);
}

/* Sowings whose last seed ends the turn are most moves: with no button
 * forgotten, at least a third of the illegal sowings
 * (those whose move ends the turn) are followed by their mover's button,
 * as legal ones are. */
static void test_illegal_sowing_is_followed_by_the_button(void **state)
{
	int illegal, pressed;

	(void)state;
	illegal_buttons("moderate", 40, &illegal, &pressed);
	if (illegal < 20)
		fail_msg("only %d illegal sowings not called a foul", illegal);
	if (pressed * 3 < illegal)
		fail_msg("%d of %d illegal sowings followed by the button",
			 pressed, illegal);
}

/* The same on clean gates: nothing but people's play. */
static void test_button_after_illegal_sowing_on_clean_gates(void **state)
{
	int illegal, pressed;

	(void)state;
	illegal_buttons("clean", 40, &illegal, &pressed);
	if (illegal < 10)
		fail_msg("only %d illegal sowings not called a foul", illegal);
	if (pressed * 3 < illegal)
		fail_msg("%d of %d illegal sowings followed by the button",
			 pressed, illegal);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_illegal_sowing_is_followed_by_the_button),
		cmocka_unit_test(test_button_after_illegal_sowing_on_clean_gates),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
