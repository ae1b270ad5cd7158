/*
 * test_gpio_v2.c - the libgpiod 2.x backend (gpio/gpio_v2.c) on a fake
 * set of GPIO chips (tests/gpiod2_fake.c). Every libgpiod call it makes,
 * and its listing of /dev, is replaced at link time (-Wl,--wrap=...) and
 * libgpiod itself is not linked, so the real backend code finds lines by
 * name, fills line settings, requests lines, reads edge events through
 * an event buffer and drives outputs against chips that the tests fill
 * with events, unplug and plug back; the tests the 1.6 backend passes
 * alike are in tests/gpio_board_tests.h. Also the lines a scanned board
 * reads and drives on demand (gpio/lines_v2.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <gpiod.h>

#include "referee/referee.h"
#include "gpio/gpio.h"
#include "gpio/lines.h"
#include "tests/gpio_board_util.h"
#include "tests/gpiod2_fake.h"

/* ------------------------------------------------------------ helpers */

/* libgpiod objects alive, but for the board's event buffer. */
static void assert_nothing_alive_but_buffer(int buffers)
{
	assert_int_equal(world.chips, 0);
	assert_int_equal(world.settings, 0);
	assert_int_equal(world.line_configs, 0);
	assert_int_equal(world.request_configs, 0);
	assert_int_equal(world.infos, 0);
	assert_int_equal(world.buffers, buffers);
}


/* The fd of the request holding line `name`, as the poll loop sees it. */
static int fd_of(const char *name)
{
	struct fake_line *line = fake_line(name);

	assert_non_null(line->req);
	return line->req->fds[0];
}

/* Closing frees every libgpiod object the board made. */
static void close_board(struct gpio_board *b)
{
	gpio_board_close(b);
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(chips_open(), 0);
	assert_int_equal(world.requests, 0);
	assert_nothing_alive_but_buffer(0);
}

/* A refused open leaves nothing behind. */
static void assert_refused(const struct gpio_table_config *c, unsigned flags,
			   const char *want)
{
	char err[256] = "";

	assert_null(gpio_board_open(c, flags, err, sizeof(err)));
	assert_string_equal(err, want);
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(chips_open(), 0);
	assert_int_equal(world.requests, 0);
	assert_nothing_alive_but_buffer(0);
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
	assert_string_equal(gpio_backend(), "libgpiod 2");
	table_config(&c);
	b = open_ok(&c);
	assert_int_equal(gpio_board_status(b), GPIO_ONLINE);
	assert_string_equal(gpio_board_error(b), "");
	assert_int_equal(lines_requested(), 17 + 3);
	assert_int_equal(fake_line("GPIO4")->set.direction,
			 GPIOD_LINE_DIRECTION_INPUT);
	assert_non_null(fake_line("EXP5")->req);
	assert_non_null(fake_line("EXP6")->req);
	assert_int_equal(fake_line("GPIO26")->set.direction,
			 GPIOD_LINE_DIRECTION_OUTPUT);
	assert_null(fake_line("EXP7")->req);
	assert_null(fake_line("BRCM_A")->req);
	assert_string_equal(fake_line("GPIO4")->consumer, "pitboss-t2");
	assert_string_equal(fake_line("EXP6")->consumer, "pitboss-t2");
	/* One request per chip, inputs and outputs together. */
	assert_int_equal(world.requests, 2);
	assert_ptr_equal(fake_line("GPIO4")->req, fake_line("GPIO26")->req);
	assert_ptr_not_equal(fake_line("GPIO4")->req, fake_line("EXP0")->req);
	/*
	 * Every chip was closed again, the requests live on without them;
	 * the settings and configs are freed, the event buffer is kept.
	 */
	assert_int_equal(chips_open(), 0);
	assert_nothing_alive_but_buffer(1);
	/* One fd per chip, chips in name order, and non-blocking. */
	assert_int_equal(gpio_board_fds(b, fds, GPIO_INPUTS_MAX), 2);
	assert_int_equal(fds[0], fd_of("GPIO4"));
	assert_int_equal(fds[1], fd_of("EXP0"));
	assert_true(fcntl(fds[0], F_GETFL) & O_NONBLOCK);
	assert_true(fcntl(fds[1], F_GETFL) & O_NONBLOCK);
	/* A short array gets what fits; the count says how many exist. */
	assert_int_equal(gpio_board_fds(b, fds, 1), 2);
	close_board(b);
}

static void test_outputs_alone_on_a_chip_have_no_fd(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	int fds[4];

	(void)state;
	table_config(&c);
	snprintf(c.output[GPIO_OUT_FOUL], GPIO_NAME_MAX, "EXP7");
	c.ninputs = 1;			/* GPIO4 only */
	snprintf(c.output[GPIO_OUT_TURN_N], GPIO_NAME_MAX, "BRCM_B");
	b = open_ok(&c);
	assert_int_equal(world.requests, 3);
	assert_int_equal(gpio_board_fds(b, fds, 4), 1);
	assert_int_equal(fds[0], fd_of("GPIO4"));
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_N, 1), 0);
	assert_int_equal(fake_line("BRCM_B")->value, 1);
	close_board(b);
}

static void test_missing_input_line_named_with_table(void **state)
{
	struct gpio_table_config c;

	(void)state;
	table_config(&c);
	snprintf(c.input[input_of(&c, "GPIO6")].line, GPIO_NAME_MAX,
		 "GPIO99");
	assert_refused(&c, 0, "table 2: line 'GPIO99' (drop sensor c) "
		       "not found on any GPIO chip");
}

static void test_missing_output_line_named(void **state)
{
	struct gpio_table_config c;

	(void)state;
	table_config(&c);
	snprintf(c.output[GPIO_OUT_FOUL], GPIO_NAME_MAX, "BUZZER");
	assert_refused(&c, 0, "table 2: line 'BUZZER' (foul output) "
		       "not found on any GPIO chip");
}

static void test_chips_unreadable(void **state)
{
	struct gpio_table_config c;

	(void)state;
	table_config(&c);
	world.list_errno = EACCES;
	assert_refused(&c, 0, "table 2: cannot list /dev: Permission denied");

	/* A chip that cannot be opened is named with the missing line. */
	world_reset();
	world.chip[1].open_errno = EACCES;
	assert_refused(&c, 0, "table 2: line 'EXP0' (drop sensor A) not "
		       "found on any GPIO chip (cannot open /dev/gpiochip1: "
		       "Permission denied)");

	/* Not needed: the board works without it. */
	world_reset();
	world.chip[2].open_errno = EACCES;
	close_board(open_ok(&c));
}

static void test_busy_line_named_with_its_user(void **state)
{
	struct gpio_table_config c, other;
	struct gpio_board *b;
	char err[256] = "";

	(void)state;
	table_config(&c);
	/* On the second chip: the first one's request is let go again. */
	fake_line("EXP6")->busy = 1;
	snprintf(fake_line("EXP6")->busy_by, 32, "gpio-keys");
	assert_refused(&c, 0, "table 2: cannot request line 'EXP6' (button N) "
		       "on /dev/gpiochip1: Device or resource busy (in use "
		       "by 'gpio-keys')");

	fake_line("EXP6")->busy_by[0] = '\0';
	assert_refused(&c, 0, "table 2: cannot request line 'EXP6' (button N) "
		       "on /dev/gpiochip1: Device or resource busy (in use "
		       "by an unnamed consumer)");

	/* Another table of ours holding a line. */
	world_reset();
	b = open_ok(&c);
	memset(&other, 0, sizeof(other));
	other.table = 3;
	add_input(&other, "GPIO13", OBS_DROP, "a");
	add_input(&other, "GPIO5", OBS_DROP, "b");
	assert_null(gpio_board_open(&other, 0, err, sizeof(err)));
	assert_string_equal(err, "table 3: cannot request line 'GPIO5' (drop "
			    "sensor b) on /dev/gpiochip0: Device or resource "
			    "busy (in use by 'pitboss-t2')");
	/* The first table keeps its lines. */
	assert_int_equal(lines_requested(), 20);
	assert_int_equal(world.requests, 2);
	close_board(b);
}

static void test_request_refused_names_the_lines(void **state)
{
	struct gpio_table_config c;

	(void)state;
	table_config(&c);
	world.request_errno = EINVAL;
	assert_refused(&c, 0, "table 2: cannot request line 'GPIO4' (drop "
		       "sensor a) and 12 more on /dev/gpiochip0: Invalid "
		       "argument");

	memset(&c, 0, sizeof(c));
	c.table = 4;
	add_input(&c, "EXP3", OBS_BUTTON, "S");
	assert_refused(&c, 0, "table 4: cannot request line 'EXP3' (button S) "
		       "on /dev/gpiochip1: Invalid argument");
}

static void test_unusable_configs_refused(void **state)
{
	struct gpio_table_config c;

	(void)state;
	table_config(&c);
	snprintf(c.output[GPIO_OUT_TURN_N], GPIO_NAME_MAX, "GPIO5");
	assert_refused(&c, GPIO_OPEN_ALLOW_OFFLINE,
		       "table 2: line 'GPIO5' is used twice");

	table_config(&c);
	c.ninputs = 0;
	assert_refused(&c, GPIO_OPEN_ALLOW_OFFLINE,
		       "table 2: 0 input lines (1 to 64)");

	table_config(&c);
	c.input[3].kind = OBS_SNAPSHOT;
	assert_refused(&c, 0, "table 2: input 3 is not a drop, lift or button");
}

/* What the kernel was asked for on every input and output line. */
static void assert_input_settings(const char *name, enum gpiod_line_bias bias,
				  int active_low, unsigned long debounce_us)
{
	const struct gpiod_line_settings *s = &fake_line(name)->set;

	assert_int_equal(s->direction, GPIOD_LINE_DIRECTION_INPUT);
	assert_int_equal(s->edge, GPIOD_LINE_EDGE_BOTH);
	assert_int_equal(s->bias, bias);
	assert_int_equal(s->active_low, active_low);
	assert_int_equal(s->debounce_us, debounce_us);
	/* The referee's clock: CLOCK_MONOTONIC, never wall time. */
	assert_int_equal(s->clock, GPIOD_LINE_CLOCK_MONOTONIC);
}

static void assert_output_settings(const char *name, int active_low,
				   int value)
{
	const struct gpiod_line_settings *s = &fake_line(name)->set;

	assert_int_equal(s->direction, GPIOD_LINE_DIRECTION_OUTPUT);
	assert_int_equal(s->active_low, active_low);
	assert_int_equal(s->output, value ? GPIOD_LINE_VALUE_ACTIVE
					  : GPIOD_LINE_VALUE_INACTIVE);
	/* None of the inputs' settings leak onto an output. */
	assert_int_equal(s->edge, GPIOD_LINE_EDGE_NONE);
	assert_int_equal(s->bias, GPIOD_LINE_BIAS_AS_IS);
	assert_int_equal(s->debounce_us, 0);
	assert_int_equal(s->drive, GPIOD_LINE_DRIVE_PUSH_PULL);
}

static void test_bias_active_low_and_debounce_settings(void **state)
{
	static const struct {
		enum gpio_bias bias;
		enum gpiod_line_bias want;
	} cases[] = {
		{ GPIO_BIAS_AS_IS, GPIOD_LINE_BIAS_AS_IS },
		{ GPIO_BIAS_DISABLE, GPIOD_LINE_BIAS_DISABLED },
		{ GPIO_BIAS_PULL_UP, GPIOD_LINE_BIAS_PULL_UP },
		{ GPIO_BIAS_PULL_DOWN, GPIOD_LINE_BIAS_PULL_DOWN },
	};
	struct gpio_table_config c;

	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		for (int low = 0; low < 2; low++) {
			struct gpio_board *b;

			world_reset();
			table_config(&c);
			c.bias = cases[k].bias;
			c.active_low = low;
			c.output_active_low = !low;
			c.debounce_us = 1000u * (k + 1);
			b = open_ok(&c);
			assert_input_settings("GPIO4", cases[k].want, low,
					      c.debounce_us);
			assert_input_settings("EXP6", cases[k].want, low,
					      c.debounce_us);
			assert_input_settings("GPIO12", cases[k].want, low,
					      c.debounce_us);
			/* Outputs: their own active-low, never a bias. */
			assert_output_settings("GPIO20", !low, 0);
			assert_output_settings("GPIO26", !low, 0);
			close_board(b);
		}
	}
	/* No debounce: the kernel is told 0, which turns it off. */
	world_reset();
	table_config(&c);
	c.debounce_us = 0;
	close_board(open_ok(&c));
	assert_input_settings("GPIO4", GPIOD_LINE_BIAS_PULL_UP, 1, 0);

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

	/* One chip's lines share its fd: read in the kernel's order. */
	pulse("EXP2", 2500000);		/* C: a North pit on the expander */
	pulse("EXP6", 4123456);		/* North's button */
	pulse("GPIO11", 2800000);	/* N */
	pulse("GPIO12", 3000000);	/* hand in a */
	assert_int_equal(gpio_board_read(b, fd_of("EXP2"), o, 8), 2);
	assert_int_equal(o[0].kind, OBS_DROP);
	assert_string_equal(o[0].where, "C");
	assert_int_equal(o[1].kind, OBS_BUTTON);
	assert_string_equal(o[1].where, "N");
	assert_int_equal(o[1].t_us, 4123456);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO11"), o, 8), 2);
	assert_int_equal(o[0].kind, OBS_DROP);
	assert_string_equal(o[0].where, "N");
	assert_int_equal(o[1].kind, OBS_LIFT);
	assert_string_equal(o[1].where, "a");

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
	assert_int_equal(gpio_board_read(b, -1, o, 4), 0);
	pulse("GPIO4", 10);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO4"), o, 0), 0);
	assert_int_equal(fake_line("GPIO4")->req->nev, 2);
	/* A falling edge alone makes no observation. */
	fake_line("GPIO4")->req->nev = 0;
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
	struct observation o[100];

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	for (int i = 0; i < 4; i++)
		edge("GPIO10", 100000u * (unsigned)(i + 1), 1);
	/* No more events are taken from the kernel than fit in `out`. */
	assert_int_equal(gpio_board_read(b, fd_of("GPIO10"), o, 3), 3);
	assert_int_equal(world.last_max_events, 3);
	assert_int_equal(o[2].t_us, 300000);
	assert_int_equal(fake_line("GPIO10")->req->nev, 1);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO10"), o, 3), 1);
	assert_int_equal(o[0].t_us, 400000);

	/* Nor more than the event buffer holds (the fake asserts it). */
	for (int i = 0; i < 60; i++) {
		edge("GPIO9", 1000000u + 20000u * (unsigned)i, 1);
		edge("GPIO9", 1010000u + 20000u * (unsigned)i, 0);
	}
	assert_int_equal(gpio_board_read(b, fd_of("GPIO9"), o, 100), 32);
	assert_int_equal(world.last_max_events, 64);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO9"), o, 100), 28);
	assert_int_equal(gpio_board_stats(b, input_of(&c, "GPIO9"))->edges,
			 120);
	close_board(b);
}

static void test_kernel_debounce_times_and_no_filter(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct observation o[8];
	const struct gpio_input_stats *st;

	(void)state;
	table_config(&c);
	c.debounce_us = 5000;
	b = open_ok(&c);
	/* The kernel stamps the edge when the level has held 5 ms. */
	edge("GPIO8", 1000000, 1);
	assert_int_equal(fake_line("GPIO8")->req->ev[0].ts_ns, 1005000000u);
	/* Whatever it lets through is a pulse: no second filter here. */
	edge("GPIO8", 1006000, 0);
	edge("GPIO8", 1012000, 1);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO8"), o, 8), 2);
	assert_int_equal(o[0].t_us, 1000000);
	assert_int_equal(o[1].t_us, 1012000);
	st = gpio_board_stats(b, input_of(&c, "GPIO8"));
	assert_int_equal(st->pulses, 2);
	assert_int_equal(st->bounces, 0);
	assert_int_equal(st->edges, 3);
	assert_int_equal(st->last_us, 1012000);
	close_board(b);

	/* Debounce 0: the kernel's stamps are taken as they are. */
	world_reset();
	c.debounce_us = 0;
	b = open_ok(&c);
	edge("GPIO8", 1000000, 1);
	edge("GPIO8", 1000001, 1);
	assert_int_equal(fake_line("GPIO8")->req->ev[0].ts_ns, 1000000000u);
	assert_int_equal(gpio_board_read(b, fd_of("GPIO8"), o, 8), 2);
	assert_int_equal(o[1].t_us, 1000001);
	close_board(b);
}

/* ----------------------------------------- the tests of both backends */

/* What tests/gpio_board_tests.h asks of this backend and its fakes. */
#define FAKE_LINE struct fake_line
#define BOARD_FDS 2		/* one per chip */
#define ERR_AT_CHIP0 " on /dev/gpiochip0"

/* An offline board holds no line and no request, only its buffer. */
static void assert_let_go(void)
{
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(world.requests, 0);
	assert_nothing_alive_but_buffer(1);
}

static int line_held(const char *name)
{
	return fake_line(name)->req != NULL;
}

static void assert_active_low_output(const char *name)
{
	assert_output_settings(name, 1, 0);
}

/* The kernel debounces the lines (test_kernel_debounce_times_and_no_
 * filter): no bounce reaches the board, none is counted. */
static int bounce(const char *name, uint64_t t_us)
{
	(void)name, (void)t_us;
	return 0;
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
			    "table 2: sensors offline: reading the lines on "
			    "/dev/gpiochip1: No such device");
	/* Everything let go; no fds to poll; reads are harmless. */
	assert_let_go();
	assert_int_equal(gpio_board_fds(b, fds, GPIO_INPUTS_MAX), 0);
	assert_int_equal(gpio_board_read(b, old_fd, o, 4), 0);
	/* Outputs asked for while offline are remembered. */
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_N, 0), 0);
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_S, 1), 0);
	assert_int_equal(fake_line("GPIO20")->writes, 0);

	/* Still unplugged: the retry says which line is missing. */
	assert_int_equal(gpio_board_retry(b), -1);
	assert_string_equal(gpio_board_error(b),
			    "table 2: line 'EXP0' (drop sensor A) not found "
			    "on any GPIO chip");
	assert_int_equal(lines_requested(), 0);
	assert_nothing_alive_but_buffer(1);

	world.chip[1].plugged = 1;
	assert_int_equal(gpio_board_retry(b), 0);
	assert_int_equal(gpio_board_status(b), GPIO_ONLINE);
	assert_string_equal(gpio_board_error(b), "");
	assert_int_equal(gpio_board_fds(b, fds, GPIO_INPUTS_MAX), 2);
	/* The levels come back with the request, not by a write after. */
	assert_output_settings("GPIO20", 0, 1);
	assert_output_settings("GPIO21", 0, 0);
	assert_int_equal(fake_line("GPIO20")->value, 1);
	assert_int_equal(fake_line("GPIO20")->writes, 0);
	pulse("EXP3", 7000000);
	assert_int_equal(gpio_board_read(b, fd_of("EXP3"), o, 4), 1);
	assert_string_equal(o[0].where, "D");
	/* Online: a retry is a no-op. */
	assert_int_equal(gpio_board_retry(b), 0);
	assert_int_equal(world.requests, 2);
	close_board(b);
}

/* ------------------------------------------ lines read on demand */

static const struct gpio_line_spec chain_spec[] = {
	{ "GPIO4", 1, 1, "load line" },
	{ "GPIO5", 1, 0, "clock line" },
	{ "EXP0", 0, 0, "data line" },
};

static void test_lines_read_and_driven_on_demand(void **state)
{
	char err[256] = "";
	struct gpio_lines *l;

	(void)state;
	l = gpio_lines_open(3, chain_spec, 3, GPIO_BIAS_PULL_UP, err,
			    sizeof(err));
	if (l == NULL)
		fail_msg("%s", err);
	assert_int_equal(world.requests, 2);	/* one per chip */
	assert_int_equal(fake_line("GPIO4")->set.direction,
			 GPIOD_LINE_DIRECTION_OUTPUT);
	assert_int_equal(fake_line("GPIO4")->set.output,
			 GPIOD_LINE_VALUE_ACTIVE);
	assert_int_equal(fake_line("GPIO5")->set.output,
			 GPIOD_LINE_VALUE_INACTIVE);
	assert_int_equal(fake_line("EXP0")->set.direction,
			 GPIOD_LINE_DIRECTION_INPUT);
	assert_int_equal(fake_line("EXP0")->set.bias, GPIOD_LINE_BIAS_PULL_UP);
	assert_int_equal(fake_line("EXP0")->set.edge, GPIOD_LINE_EDGE_NONE);
	assert_string_equal(fake_line("EXP0")->consumer, "pitboss-t3");
	assert_int_equal(gpio_lines_set(l, 1, 1), 0);
	assert_int_equal(fake_line("GPIO5")->value, 1);
	assert_int_equal(gpio_lines_set(l, 0, 0), 0);
	assert_int_equal(fake_line("GPIO4")->value, 0);
	fake_line("EXP0")->value = 1;
	assert_int_equal(gpio_lines_get(l, 2), 1);
	fake_line("EXP0")->value = 0;
	assert_int_equal(gpio_lines_get(l, 2), 0);
	assert_int_equal(gpio_lines_get(l, 0), -1);	/* an output */
	assert_int_equal(gpio_lines_set(l, 2, 1), -1);	/* an input */
	world.chip[1].plugged = 0;
	assert_int_equal(gpio_lines_get(l, 2), -1);
	assert_string_equal(gpio_lines_error(l), "table 3: reading line "
			    "'EXP0' (data line): No such device");
	gpio_lines_close(l);
	assert_int_equal(world.requests, 0);
	assert_nothing_alive_but_buffer(0);
}

static void test_lines_missing_or_busy(void **state)
{
	struct gpio_line_spec spec[3];
	char err[256] = "";

	(void)state;
	memcpy(spec, chain_spec, sizeof(spec));
	snprintf(spec[2].name, sizeof(spec[2].name), "EXP9");
	assert_null(gpio_lines_open(3, spec, 3, GPIO_BIAS_AS_IS, err,
				    sizeof(err)));
	assert_string_equal(err, "table 3: line 'EXP9' (data line) not "
			    "found on any GPIO chip");
	assert_int_equal(world.requests, 0);
	assert_nothing_alive_but_buffer(0);
	fake_line("EXP0")->busy = 1;
	assert_null(gpio_lines_open(3, chain_spec, 3, GPIO_BIAS_AS_IS, err,
				    sizeof(err)));
	assert_string_equal(err, "table 3: cannot request lines on "
			    "/dev/gpiochip1: Device or resource busy");
	assert_int_equal(world.requests, 0);
	assert_nothing_alive_but_buffer(0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_lines_found_by_name_on_two_chips, setup),
		cmocka_unit_test_setup(test_outputs_alone_on_a_chip_have_no_fd, setup),
		cmocka_unit_test_setup(test_missing_input_line_named_with_table, setup),
		cmocka_unit_test_setup(test_missing_output_line_named, setup),
		cmocka_unit_test_setup(test_chips_unreadable, setup),
		cmocka_unit_test_setup(test_busy_line_named_with_its_user, setup),
		cmocka_unit_test_setup(test_request_refused_names_the_lines, setup),
		cmocka_unit_test_setup(test_unusable_configs_refused, setup),
		cmocka_unit_test_setup(test_bias_active_low_and_debounce_settings, setup),
		cmocka_unit_test_setup(test_edges_become_observations, setup),
		cmocka_unit_test_setup(test_nothing_to_read, setup),
		cmocka_unit_test_setup(test_cap_leaves_the_rest_queued, setup),
		cmocka_unit_test_setup(test_kernel_debounce_times_and_no_filter, setup),
		cmocka_unit_test_setup(test_chip_gone_goes_offline_and_retry_recovers, setup),
		cmocka_unit_test_setup(test_output_write_on_gone_chip_goes_offline, setup),
		cmocka_unit_test_setup(test_open_offline_allowed, setup),
		cmocka_unit_test_setup(test_turn_leds, setup),
		cmocka_unit_test_setup(test_foul_patterns_are_timed_and_distinct, setup),
		cmocka_unit_test_setup(test_pattern_late_tick_replace_and_stop, setup),
		cmocka_unit_test_setup(test_edges_reach_the_referee, setup),
		cmocka_unit_test_setup(test_lines_read_and_driven_on_demand, setup),
		cmocka_unit_test_setup(test_lines_missing_or_busy, setup),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
