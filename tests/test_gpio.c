/*
 * test_gpio.c - the libgpiod 1.6 backend (gpio/gpio_v1.c) on a fake set
 * of GPIO chips. The libgpiod calls are replaced at link time
 * (-Wl,--wrap=...), so the real backend code looks lines up by name,
 * requests them, reads edge events and drives outputs against chips
 * that the tests can fill with events, unplug and plug back. The tests
 * the 2.x backend passes alike are in tests/gpio_board_tests.h.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "daemon/loop.h"
#include "referee/referee.h"
#include "daemon/source.h"
#include "gpio/gpio.h"

#include "tests/gpio_board_util.h"
#include "tests/gpiod1_fake.h"

/* ------------------------------------------------------------ helpers */

/* The fd of the input on line `name`, as the poll loop would see it. */
static int fd_of(const char *name)
{
	struct gpiod_line *line = fake_line(name);

	assert_int_equal(line->requested, 'e');
	return line->fds[0];
}

static void close_board(struct gpio_board *b)
{
	gpio_board_close(b);
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(chips_open(), 0);
}

static int setup(void **state)
{
	(void)state;
	world_reset();
	return 0;
}

/* ----------------------------------------------------- opening lines */

static void test_lines_found_by_name_on_two_chips(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	int fds[GPIO_INPUTS_MAX];

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	assert_int_equal(gpio_board_status(b), GPIO_ONLINE);
	assert_string_equal(gpio_board_error(b), "");
	assert_int_equal(lines_requested(), 17 + 3);
	assert_int_equal(fake_line("GPIO4")->requested, 'e');
	assert_int_equal(fake_line("EXP5")->requested, 'e');
	assert_int_equal(fake_line("EXP6")->requested, 'e');
	assert_int_equal(fake_line("GPIO26")->requested, 'o');
	assert_int_equal(fake_line("EXP7")->requested, 0);
	assert_string_equal(fake_line("GPIO4")->consumer, "pitboss-t2");
	/* The chip with none of the lines was closed again. */
	assert_int_equal(world.chip[0].opened, 1);
	assert_int_equal(world.chip[1].opened, 1);
	assert_int_equal(world.chip[2].opened, 0);
	/* One fd per input, in config order, and non-blocking. */
	assert_int_equal(gpio_board_fds(b, fds, GPIO_INPUTS_MAX), 17);
	assert_int_equal(fds[0], fd_of("GPIO4"));
	assert_int_equal(fds[16], fd_of("EXP6"));
	assert_true(fcntl(fds[3], F_GETFL) & O_NONBLOCK);
	/* A short array gets what fits; the count says how many exist. */
	assert_int_equal(gpio_board_fds(b, fds, 2), 17);
	close_board(b);
}

static void test_missing_input_line_named_with_table(void **state)
{
	struct gpio_table_config c;
	char err[256] = "";

	(void)state;
	table_config(&c);
	snprintf(c.input[input_of(&c, "GPIO6")].line, GPIO_NAME_MAX,
		 "GPIO99");
	assert_null(gpio_board_open(&c, 0, err, sizeof(err)));
	assert_string_equal(err, "table 2: line 'GPIO99' (drop sensor c) "
			    "not found on any GPIO chip");
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(chips_open(), 0);
}

static void test_missing_output_line_named(void **state)
{
	struct gpio_table_config c;
	char err[256] = "";

	(void)state;
	table_config(&c);
	snprintf(c.output[GPIO_OUT_FOUL], GPIO_NAME_MAX, "BUZZER");
	assert_null(gpio_board_open(&c, 0, err, sizeof(err)));
	assert_string_equal(err, "table 2: line 'BUZZER' (foul output) "
			    "not found on any GPIO chip");
	assert_int_equal(chips_open(), 0);
}

static void test_chips_unreadable(void **state)
{
	struct gpio_table_config c;
	char err[256] = "";

	(void)state;
	table_config(&c);
	world.iter_errno = EACCES;
	assert_null(gpio_board_open(&c, 0, err, sizeof(err)));
	assert_string_equal(err, "table 2: cannot open the GPIO chips: "
			    "Permission denied");
}

static void test_busy_line_releases_the_others(void **state)
{
	struct gpio_table_config c;
	char err[256] = "";

	(void)state;
	table_config(&c);
	fake_line("GPIO10")->busy = 1;
	assert_null(gpio_board_open(&c, 0, err, sizeof(err)));
	assert_string_equal(err, "table 2: cannot request line 'GPIO10' "
			    "(drop sensor S): Device or resource busy");
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(chips_open(), 0);
}

static void test_unusable_configs_refused(void **state)
{
	struct gpio_table_config c;
	char err[256] = "";

	(void)state;
	table_config(&c);
	snprintf(c.output[GPIO_OUT_TURN_N], GPIO_NAME_MAX, "GPIO5");
	assert_null(gpio_board_open(&c, GPIO_OPEN_ALLOW_OFFLINE, err,
				    sizeof(err)));
	assert_string_equal(err, "table 2: line 'GPIO5' is used twice");

	table_config(&c);
	c.ninputs = 0;
	assert_null(gpio_board_open(&c, GPIO_OPEN_ALLOW_OFFLINE, err,
				    sizeof(err)));
	assert_string_equal(err, "table 2: 0 input lines (1 to 64)");

	table_config(&c);
	c.input[3].kind = OBS_SNAPSHOT;
	assert_null(gpio_board_open(&c, 0, err, sizeof(err)));
	assert_string_equal(err,
			    "table 2: input 3 is not a drop, lift or button");
	assert_int_equal(chips_open(), 0);
}

static void test_bias_and_active_low_flags(void **state)
{
	static const struct {
		enum gpio_bias bias;
		int flag;
	} cases[] = {
		{ GPIO_BIAS_AS_IS, 0 },
		{ GPIO_BIAS_DISABLE, GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE },
		{ GPIO_BIAS_PULL_UP, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP },
		{ GPIO_BIAS_PULL_DOWN, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN },
	};
	struct gpio_table_config c;

	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		for (int low = 0; low < 2; low++) {
			struct gpio_board *b;
			int want = cases[k].flag |
				   (low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0);

			world_reset();
			table_config(&c);
			c.bias = cases[k].bias;
			c.active_low = low;
			c.output_active_low = !low;
			b = open_ok(&c);
			assert_int_equal(fake_line("GPIO4")->flags, want);
			assert_int_equal(fake_line("EXP6")->flags, want);
			/* Outputs: only their own active-low, never a bias. */
			assert_int_equal(fake_line("GPIO20")->flags,
					 low ? 0
					     : GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW);
			close_board(b);
		}
	}
	assert_string_equal(gpio_bias_name(GPIO_BIAS_PULL_DOWN), "pull-down");
	assert_int_equal(gpio_bias_find("as-is"), GPIO_BIAS_AS_IS);
	assert_int_equal(gpio_bias_find("pullup"), -1);
}

/* ------------------------------------------------------ reading edges */

static void test_edges_become_observations(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct observation o[8];

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	pulse("GPIO7", 1000200);	/* d */
	assert_int_equal(gpio_board_read(b, fd_of("GPIO7"), o, 8), 1);
	assert_int_equal(o[0].kind, OBS_DROP);
	assert_string_equal(o[0].where, "d");
	assert_int_equal(o[0].table, 2);
	assert_int_equal(o[0].t_us, 1000200);

	pulse("EXP2", 2500000);		/* C: a North pit on the expander */
	pulse("GPIO11", 2800000);	/* N */
	pulse("GPIO12", 3000000);	/* hand in a */
	pulse("EXP6", 4123456);		/* North's button */
	assert_int_equal(gpio_board_read(b, fd_of("EXP2"), o, 8), 1);
	assert_string_equal(o[0].where, "C");
	assert_int_equal(gpio_board_read(b, fd_of("GPIO11"), o, 8), 1);
	assert_int_equal(o[0].kind, OBS_DROP);
	assert_string_equal(o[0].where, "N");
	assert_int_equal(gpio_board_read(b, fd_of("GPIO12"), o, 8), 1);
	assert_int_equal(o[0].kind, OBS_LIFT);
	assert_string_equal(o[0].where, "a");
	assert_int_equal(gpio_board_read(b, fd_of("EXP6"), o, 8), 1);
	assert_int_equal(o[0].kind, OBS_BUTTON);
	assert_string_equal(o[0].where, "N");
	assert_int_equal(o[0].t_us, 4123456);

	/* Both edges are counted; only the active one is a pulse. */
	assert_int_equal(gpio_board_stats(b, input_of(&c, "GPIO7"))->edges, 2);
	assert_int_equal(gpio_board_stats(b, input_of(&c, "GPIO7"))->pulses, 1);
	assert_int_equal(gpio_board_stats(b, input_of(&c, "GPIO7"))->last_us,
			 1000200);
	assert_null(gpio_board_stats(b, 17));
	close_board(b);
}

static void test_nothing_to_read(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct observation o[4];

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	/* Nothing queued (EAGAIN), a foreign fd, a zero-sized buffer. */
	assert_int_equal(gpio_board_read(b, fd_of("GPIO4"), o, 4), 0);
	assert_int_equal(gpio_board_read(b, 999, o, 4), 0);
	pulse("GPIO4", 10);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO4"), o, 0), 0);
	/* A falling edge alone makes no observation. */
	edge("GPIO5", 20, 0);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO5"), o, 4), 0);
	assert_int_equal(gpio_board_stats(b, 1)->edges, 1);
	assert_int_equal(gpio_board_status(b), GPIO_ONLINE);
	close_board(b);
}

static void test_cap_leaves_the_rest_queued(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct observation o[4];

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	for (int i = 0; i < 4; i++)
		edge("GPIO10", 100000u * (unsigned)(i + 1), 1);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO10"), o, 3), 3);
	assert_int_equal(o[2].t_us, 300000);
	assert_int_equal(fake_line("GPIO10")->nev, 1);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO10"), o, 3), 1);
	assert_int_equal(o[0].t_us, 400000);
	close_board(b);
}

static void test_bounce_dropped_and_counted(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct observation o[16];
	const struct gpio_input_stats *st;

	(void)state;
	table_config(&c);
	c.debounce_us = 5000;
	b = open_ok(&c);
	edge("GPIO8", 1000000, 1);	/* the seed */
	edge("GPIO8", 1001000, 0);
	edge("GPIO8", 1002000, 1);	/* bounce at 2 ms */
	edge("GPIO8", 1003000, 0);
	edge("GPIO8", 1004999, 1);	/* bounce at 4.999 ms */
	edge("GPIO8", 1005500, 0);
	edge("GPIO8", 1005000 + 400000, 1);	/* the next seed */
	assert_int_equal(gpio_board_read(b, fd_of("GPIO8"), o, 16), 2);
	assert_int_equal(o[0].t_us, 1000000);
	assert_int_equal(o[1].t_us, 1405000);
	st = gpio_board_stats(b, input_of(&c, "GPIO8"));
	assert_int_equal(st->pulses, 2);
	assert_int_equal(st->bounces, 2);
	assert_int_equal(st->edges, 7);

	/* Exactly the debounce time apart: two seeds. */
	edge("GPIO9", 2000000, 1);
	edge("GPIO9", 2005000, 1);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO9"), o, 16), 2);
	close_board(b);

	/* Debounce 0: every active edge passes. */
	world_reset();
	c.debounce_us = 0;
	b = open_ok(&c);
	edge("GPIO8", 1000000, 1);
	edge("GPIO8", 1000001, 1);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO8"), o, 16), 2);
	close_board(b);
}

/* ----------------------------------------- the tests of both backends */

/* What tests/gpio_board_tests.h asks of this backend and its fakes. */
#define FAKE_LINE struct gpiod_line
#define BOARD_FDS 17		/* one per input */
#define ERR_AT_CHIP0 ""		/* errors name the line alone */

/* An offline board holds no line and no chip. */
static void assert_let_go(void)
{
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(chips_open(), 0);
}

static int line_held(const char *name)
{
	return fake_line(name)->requested != 0;
}

static void assert_active_low_output(const char *name)
{
	assert_int_equal(fake_line(name)->requested, 'o');
	assert_int_equal(fake_line(name)->flags,
			 GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW);
}

/* The board drops bounces itself: one is made, one counted. */
static int bounce(const char *name, uint64_t t_us)
{
	edge(name, t_us, 1);
	return 1;
}

#include "tests/gpio_board_tests.h"

/* ---------------------------------------------------- chip going away */

static void test_chip_gone_goes_offline_and_retry_recovers(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct observation o[4];
	int fds[GPIO_INPUTS_MAX], old_fd;

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_N, 1), 0);
	old_fd = fd_of("EXP3");

	world.chip[1].plugged = 0;	/* the expander is unplugged */
	assert_int_equal(gpio_board_read(b, old_fd, o, 4), -1);
	assert_int_equal(gpio_board_status(b), GPIO_OFFLINE);
	assert_string_equal(gpio_board_error(b),
			    "table 2: sensors offline: reading line 'EXP3' "
			    "(drop sensor D): No such device");
	/* Everything let go; no fds to poll; reads are harmless. */
	assert_let_go();
	assert_int_equal(gpio_board_fds(b, fds, GPIO_INPUTS_MAX), 0);
	assert_int_equal(gpio_board_read(b, old_fd, o, 4), 0);
	/* Outputs asked for while offline are remembered. */
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_N, 0), 0);
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_S, 1), 0);

	/* Still unplugged: the retry says which line is missing. */
	assert_int_equal(gpio_board_retry(b), -1);
	assert_string_equal(gpio_board_error(b),
			    "table 2: line 'EXP0' (drop sensor A) not found "
			    "on any GPIO chip");
	assert_int_equal(chips_open(), 0);
	assert_int_equal(lines_requested(), 0);

	world.chip[1].plugged = 1;
	assert_int_equal(gpio_board_retry(b), 0);
	assert_int_equal(gpio_board_status(b), GPIO_ONLINE);
	assert_string_equal(gpio_board_error(b), "");
	assert_int_equal(gpio_board_fds(b, fds, GPIO_INPUTS_MAX), 17);
	assert_int_equal(fake_line("GPIO20")->value, 1);
	assert_int_equal(fake_line("GPIO21")->value, 0);
	pulse("EXP3", 7000000);
	assert_int_equal(gpio_board_read(b, fd_of("EXP3"), o, 4), 1);
	assert_string_equal(o[0].where, "D");
	/* Online: a retry is a no-op. */
	assert_int_equal(gpio_board_retry(b), 0);
	close_board(b);
}

static void count_obs(void *ctx, const struct observation *o)
{
	(void)o;
	(*(int *)ctx)++;
}

static void stop_loop(void *ctx)
{
	loop_stop(ctx);
}

/* The daemon's gpio source: a board lost while lighting a turn LED is let
 * go of by the poll loop and looked for again until it is back. */
static void test_source_retries_a_board_lost_on_output(void **state)
{
	const struct source_ops *gpio = source_find("gpio");
	struct table_config t;
	struct gpio_table_config board;	/* how the gpio source's block starts */
	struct verdict v;
	struct source *s;
	struct loop *loop = loop_new();
	char err[256] = "";
	int seen = 0;

	(void)state;
	assert_non_null(loop);
	memset(&t, 0, sizeof(t));
	t.id = 2;
	t.source = gpio;
	table_config(&board);
	t.source_conf = &board;
	source_gpio_retry_us = 50000;
	s = gpio->open(loop, &t, "", count_obs, &seen, err, sizeof(err));
	if (s == NULL)
		fail_msg("open: %s", err);
	assert_string_equal(gpio->status(s), "online");
	world.chip[0].plugged = 0;
	memset(&v, 0, sizeof(v));
	v.kind = VERDICT_ACCEPT;
	gpio->verdict(s, &v, 1);
	assert_string_equal(gpio->status(s),
			    "table 2: sensors offline: setting line 'GPIO20' "
			    "(turn LED S): No such device");
	assert_int_equal(lines_requested(), 0);
	/* Plugged back: the next look finds it, with the LEDs as asked. */
	world.chip[0].plugged = 1;
	loop_at(loop, loop_now() + 400000, stop_loop, loop);
	assert_int_equal(loop_run(loop), 0);
	assert_string_equal(gpio->status(s), "online");
	assert_int_equal(fake_line("GPIO20")->value, 0);
	assert_int_equal(fake_line("GPIO21")->value, 1);
	assert_int_equal(seen, 0);
	gpio->close(s);
	loop_free(loop);
	assert_int_equal(chips_open(), 0);
}

/* The foul output sounds the sensor pattern for a verdict whose cause is
 * a sensor, whatever its sentence says, and the foul one for a foul. */
static void test_source_signals_by_cause(void **state)
{
	const struct source_ops *gpio = source_find("gpio");
	struct table_config t;
	struct gpio_table_config board;	/* how the gpio source's block starts */
	struct verdict v;
	struct source *s;
	struct gpiod_line *buzzer;
	struct loop *loop = loop_new();
	char err[256] = "";
	int seen = 0;

	(void)state;
	assert_non_null(loop);
	memset(&t, 0, sizeof(t));
	t.id = 2;
	t.source = gpio;
	table_config(&board);
	t.source_conf = &board;
	s = gpio->open(loop, &t, "", count_obs, &seen, err, sizeof(err));
	if (s == NULL)
		fail_msg("open: %s", err);
	buzzer = fake_line("GPIO26");
	memset(&v, 0, sizeof(v));
	v.kind = VERDICT_NOTE;
	snprintf(v.text, sizeof(v.text), "sensor on pit a is dead");
	gpio->verdict(s, &v, 0);
	assert_int_equal(buzzer->writes, 0);
	v.cause = CAUSE_SENSOR_DEAD;
	v.text[0] = '\0';
	gpio->verdict(s, &v, 0);
	assert_int_equal(buzzer->writes, 1);
	assert_int_equal(buzzer->value, 1);
	/* A move taken sounds nothing of its own. */
	memset(&v, 0, sizeof(v));
	v.kind = VERDICT_ACCEPT;
	v.cause = CAUSE_SENSED;
	gpio->verdict(s, &v, 1);
	assert_int_equal(buzzer->writes, 1);
	gpio->close(s);
	loop_free(loop);
	assert_int_equal(chips_open(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_lines_found_by_name_on_two_chips, setup),
		cmocka_unit_test_setup(test_missing_input_line_named_with_table, setup),
		cmocka_unit_test_setup(test_missing_output_line_named, setup),
		cmocka_unit_test_setup(test_chips_unreadable, setup),
		cmocka_unit_test_setup(test_busy_line_releases_the_others, setup),
		cmocka_unit_test_setup(test_unusable_configs_refused, setup),
		cmocka_unit_test_setup(test_bias_and_active_low_flags, setup),
		cmocka_unit_test_setup(test_edges_become_observations, setup),
		cmocka_unit_test_setup(test_nothing_to_read, setup),
		cmocka_unit_test_setup(test_cap_leaves_the_rest_queued, setup),
		cmocka_unit_test_setup(test_bounce_dropped_and_counted, setup),
		cmocka_unit_test_setup(test_chip_gone_goes_offline_and_retry_recovers, setup),
		cmocka_unit_test_setup(test_output_write_on_gone_chip_goes_offline, setup),
		cmocka_unit_test_setup(test_source_retries_a_board_lost_on_output, setup),
		cmocka_unit_test_setup(test_source_signals_by_cause, setup),
		cmocka_unit_test_setup(test_open_offline_allowed, setup),
		cmocka_unit_test_setup(test_turn_leds, setup),
		cmocka_unit_test_setup(test_foul_patterns_are_timed_and_distinct, setup),
		cmocka_unit_test_setup(test_pattern_late_tick_replace_and_stop, setup),
		cmocka_unit_test_setup(test_edges_reach_the_referee, setup),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
