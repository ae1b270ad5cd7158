/*
 * gpio_board_tests.h - the tests both libgpiod backends pass alike
 * (test_gpio.c for 1.6, test_gpio_v2.c for 2.x): a board opened
 * offline, the turn LEDs, the timed foul and sensor patterns, an output
 * written to a chip gone away, and edges through to the referee.
 *
 * The including file defines first, for its backend and its fake chips:
 *   FAKE_LINE             the fake's line type, with value, writes,
 *                         write_value[] and write_at[];
 *   BOARD_FDS             how many fds the board of table_config() has;
 *   ERR_AT_CHIP0          what an error adds after a line of the first
 *                         chip ("" or the chip's device);
 *   close_board(b)        closes a board, checking it let go of all;
 *   assert_let_go()       checks an offline board holds nothing;
 *   line_held(name)       whether the board requested line `name`;
 *   assert_active_low_output(name)
 *                         checks `name` was requested as an active-low
 *                         output;
 *   bounce(name, t_us)    makes a bounce on `name` for the board to
 *                         drop, if the board sees bounces: how many
 *                         it will count.
 */
#ifndef PITBOSS_TESTS_GPIO_BOARD_TESTS_H
#define PITBOSS_TESTS_GPIO_BOARD_TESTS_H

#include "tests/gpio_board_util.h"

static void test_output_write_on_gone_chip_goes_offline(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	world.chip[0].plugged = 0;
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_S, 1), -1);
	assert_int_equal(gpio_board_status(b), GPIO_OFFLINE);
	assert_string_equal(gpio_board_error(b),
			    "table 2: sensors offline: setting line 'GPIO20' "
			    "(turn LED S)" ERR_AT_CHIP0 ": No such device");
	assert_int_equal(lines_requested(), 0);
	close_board(b);
}

static void test_open_offline_allowed(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	char err[256] = "";
	int fds[4];

	(void)state;
	table_config(&c);
	world.chip[1].plugged = 0;
	b = gpio_board_open(&c, GPIO_OPEN_ALLOW_OFFLINE, err, sizeof(err));
	assert_non_null(b);
	assert_string_equal(err, "");
	assert_int_equal(gpio_board_status(b), GPIO_OFFLINE);
	assert_string_equal(gpio_board_error(b),
			    "table 2: line 'EXP0' (drop sensor A) not found "
			    "on any GPIO chip");
	assert_int_equal(gpio_board_fds(b, fds, 4), 0);
	assert_let_go();
	world.chip[1].plugged = 1;
	assert_int_equal(gpio_board_retry(b), 0);
	assert_int_equal(gpio_board_fds(b, fds, 4), BOARD_FDS);
	close_board(b);
}

/* ------------------------------------------------------------ outputs */

static void test_turn_leds(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	assert_int_equal(fake_line("GPIO20")->value, 0);
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_S, 1), 0);
	assert_int_equal(fake_line("GPIO20")->value, 1);
	assert_int_equal(fake_line("GPIO21")->value, 0);
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_S, 0), 0);
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_N, 7), 0);
	assert_int_equal(fake_line("GPIO20")->value, 0);
	assert_int_equal(fake_line("GPIO21")->value, 1);
	assert_true(gpio_board_has_output(b, GPIO_OUT_FOUL));
	/* Closing switches the outputs off before letting go. */
	close_board(b);
	assert_int_equal(fake_line("GPIO21")->value, 0);

	/* Active-low outputs: "on" is still the logical value 1. */
	world_reset();
	table_config(&c);
	c.output_active_low = 1;
	b = open_ok(&c);
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_S, 1), 0);
	assert_active_low_output("GPIO20");
	assert_int_equal(fake_line("GPIO20")->value, 1);
	close_board(b);

	/* An output the config does not name is ignored. */
	world_reset();
	table_config(&c);
	c.output[GPIO_OUT_TURN_N][0] = '\0';
	b = open_ok(&c);
	assert_false(gpio_board_has_output(b, GPIO_OUT_TURN_N));
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_N, 1), 0);
	assert_false(line_held("GPIO21"));
	assert_int_equal(fake_line("GPIO21")->writes, 0);
	close_board(b);
}

/* Plays a signal from t0, ticking at every deadline; returns the end. */
static uint64_t play(struct gpio_board *b, enum gpio_signal s, uint64_t t0)
{
	uint64_t due;
	int guard = 0;

	world.now = t0;
	assert_int_equal(gpio_board_signal(b, s, t0), 0);
	while ((due = gpio_board_deadline(b)) != 0) {
		assert_true(due > world.now);
		/* Just before the deadline nothing happens. */
		world.now = due - 1;
		assert_int_equal(gpio_board_tick(b, world.now), 0);
		assert_int_equal(gpio_board_deadline(b), due);
		world.now = due;
		assert_int_equal(gpio_board_tick(b, world.now), 0);
		assert_true(++guard < 100);
	}
	return world.now;
}

static void test_foul_patterns_are_timed_and_distinct(void **state)
{
	static const int foul_ms[] = { 0, 600, 800, 1400, 1600, 2200 };
	struct gpio_table_config c;
	struct gpio_board *b;
	FAKE_LINE *buzzer;
	uint64_t t0 = 50000000, end;
	int ons;

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	buzzer = fake_line("GPIO26");

	end = play(b, GPIO_SIGNAL_FOUL, t0);
	assert_int_equal(end - t0, 2200000);
	assert_int_equal(buzzer->writes, 6);
	for (int i = 0; i < 6; i++) {
		assert_int_equal(buzzer->write_value[i], i % 2 == 0);
		assert_int_equal(buzzer->write_at[i],
				 t0 + 1000u * (unsigned)foul_ms[i]);
	}
	assert_int_equal(buzzer->value, 0);
	assert_int_equal(gpio_board_signal_playing(b), GPIO_SIGNAL_NONE);

	buzzer->writes = 0;
	end = play(b, GPIO_SIGNAL_SENSOR, t0);
	assert_int_equal(end - t0, 1100000);
	ons = 0;
	for (int i = 0; i < buzzer->writes; i++)
		ons += buzzer->write_value[i];
	assert_int_equal(ons, 6);
	assert_int_equal(buzzer->writes, 12);
	assert_int_equal(buzzer->value, 0);
	/* The turn LEDs are never touched by the patterns. */
	assert_int_equal(fake_line("GPIO20")->writes, 0);
	close_board(b);
}

static void test_pattern_late_tick_replace_and_stop(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	FAKE_LINE *buzzer;

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	buzzer = fake_line("GPIO26");
	assert_int_equal(gpio_board_deadline(b), 0);

	/* A tick long after the end turns the output off once. */
	gpio_board_signal(b, GPIO_SIGNAL_FOUL, 1000000);
	assert_int_equal(gpio_board_signal_playing(b), GPIO_SIGNAL_FOUL);
	assert_int_equal(gpio_board_tick(b, 9000000), 0);
	assert_int_equal(buzzer->writes, 2);
	assert_int_equal(buzzer->value, 0);
	assert_int_equal(gpio_board_deadline(b), 0);

	/* A tick in the middle of an off step lands there. */
	gpio_board_signal(b, GPIO_SIGNAL_FOUL, 1000000);
	gpio_board_tick(b, 1700000);
	assert_int_equal(buzzer->value, 0);
	assert_int_equal(gpio_board_deadline(b), 1800000);

	/* A sensor signal replaces the foul one from its start. */
	gpio_board_signal(b, GPIO_SIGNAL_SENSOR, 1750000);
	assert_int_equal(buzzer->value, 1);
	assert_int_equal(gpio_board_deadline(b), 1850000);
	assert_int_equal(gpio_board_signal_playing(b), GPIO_SIGNAL_SENSOR);

	gpio_board_signal(b, GPIO_SIGNAL_NONE, 1760000);
	assert_int_equal(buzzer->value, 0);
	assert_int_equal(gpio_board_deadline(b), 0);
	close_board(b);
}

/* ------------------------------------------- through to the referee */

static void test_edges_reach_the_referee(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct referee *ref;
	struct verdicts vs = { 0 };
	struct observation start = { .t_us = 0, .table = 2,
				     .kind = OBS_START };
	char err[256] = "", pos[128];
	int bounces;

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	ref = referee_new(2, "kalah", "", NULL, on_verdict, &vs, err,
			  sizeof(err));
	if (ref == NULL)
		fail_msg("referee_new: %s", err);
	referee_feed(ref, &start);

	/* South sows c: d e f S, with a bounce on e where the board sees
	 * one; then presses. */
	pulse("GPIO7", 1000000);
	pulse("GPIO8", 1300000);
	bounces = bounce("GPIO8", 1302000);
	pulse("GPIO9", 1600000);
	pulse("GPIO10", 1900000);
	pulse("GPIO16", 2500000);
	board_to_referee(b, ref);
	referee_tick(ref, 6000000);

	assert_int_equal(gpio_board_stats(b, input_of(&c, "GPIO8"))->bounces,
			 bounces);
	assert_true(vs.n >= 2);
	assert_int_equal(vs.v[1].kind, VERDICT_ACCEPT);
	assert_string_equal(vs.v[1].move, "c");
	assert_string_equal(referee_position(ref, pos, sizeof(pos)),
			    "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S");
	referee_free(ref);
	close_board(b);
}

#endif
