/*
 * test_gpio.c - the libgpiod 1.6 backend (gpio/gpio_v1.c) on a fake set
 * of GPIO chips. The libgpiod calls are replaced at link time
 * (-Wl,--wrap=...), so the real backend code looks lines up by name,
 * requests them, reads edge events and drives outputs against chips
 * that the tests can fill with events, unplug and plug back.
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

#include <gpiod.h>

#include "daemon/loop.h"
#include "referee/referee.h"
#include "daemon/source.h"
#include "gpio/gpio.h"

/* ------------------------------------------------------ the fake chips */

#define FAKE_CHIPS 3
#define FAKE_LINES 24
#define FAKE_EVENTS 64
#define FAKE_WRITES 64

struct gpiod_line {
	struct gpiod_chip *chip;
	char name[32];
	int requested;		/* 0, 'e' events, 'o' output, 'i' input */
	int flags;
	char consumer[32];
	int value;
	int busy;		/* held by another process: EBUSY */
	int fds[2];		/* the pipe standing for the event fd */
	struct gpiod_line_event ev[FAKE_EVENTS];
	int nev;
	/* Output writes: value and the test's clock at the time. */
	int writes;
	int write_value[FAKE_WRITES];
	uint64_t write_at[FAKE_WRITES];
};

struct gpiod_chip {
	char name[16];
	int plugged;
	int opened;		/* open handles */
	int nlines;
	struct gpiod_line line[FAKE_LINES];
};

struct gpiod_chip_iter {
	int next;
};

static struct {
	struct gpiod_chip chip[FAKE_CHIPS];
	int iter_errno;		/* gpiod_chip_iter_new() fails with it */
	uint64_t now;		/* the test's clock, for output writes */
} world;

static struct gpiod_line *fake_line(const char *name)
{
	for (int c = 0; c < FAKE_CHIPS; c++)
		for (int l = 0; l < world.chip[c].nlines; l++)
			if (strcmp(world.chip[c].line[l].name, name) == 0)
				return &world.chip[c].line[l];
	fail_msg("no fake line %s", name);
	return NULL;
}

static void fake_chip(int c, const char *name, const char *lines)
{
	struct gpiod_chip *chip = &world.chip[c];
	char copy[512], *save = NULL;

	snprintf(chip->name, sizeof(chip->name), "%s", name);
	chip->plugged = 1;
	snprintf(copy, sizeof(copy), "%s", lines);
	for (char *w = strtok_r(copy, " ", &save); w != NULL;
	     w = strtok_r(NULL, " ", &save)) {
		struct gpiod_line *line = &chip->line[chip->nlines++];

		line->chip = chip;
		line->fds[0] = line->fds[1] = -1;
		snprintf(line->name, sizeof(line->name), "%s", w);
	}
}

/* The board of the tests: a Pi header and an I2C expander. */
static void world_reset(void)
{
	memset(&world, 0, sizeof(world));
	fake_chip(0, "gpiochip0",
		  "ID_SDA ID_SCL GPIO2 GPIO3 GPIO4 GPIO5 GPIO6 GPIO7 GPIO8 "
		  "GPIO9 GPIO10 GPIO11 GPIO12 GPIO13 GPIO16 GPIO17 GPIO18 "
		  "GPIO19 GPIO20 GPIO21 GPIO22 GPIO23 GPIO26 GPIO27");
	fake_chip(1, "gpiochip1", "EXP0 EXP1 EXP2 EXP3 EXP4 EXP5 EXP6 EXP7");
	fake_chip(2, "gpiochip2", "BRCM_A BRCM_B");
}

/* An edge on a line, at t_us. */
static void edge(const char *name, uint64_t t_us, int rising)
{
	struct gpiod_line *line = fake_line(name);
	struct gpiod_line_event *ev;

	assert_true(line->nev < FAKE_EVENTS);
	ev = &line->ev[line->nev++];
	ev->ts.tv_sec = (time_t)(t_us / 1000000);
	ev->ts.tv_nsec = (long)(t_us % 1000000) * 1000;
	ev->event_type = rising ? GPIOD_LINE_EVENT_RISING_EDGE
				: GPIOD_LINE_EVENT_FALLING_EDGE;
}

/* A whole pulse: active edge at t_us, back 3 ms later. */
static void pulse(const char *name, uint64_t t_us)
{
	edge(name, t_us, 1);
	edge(name, t_us + 3000, 0);
}

static int chips_open(void)
{
	int n = 0;

	for (int c = 0; c < FAKE_CHIPS; c++)
		n += world.chip[c].opened;
	return n;
}

static int lines_requested(void)
{
	int n = 0;

	for (int c = 0; c < FAKE_CHIPS; c++)
		for (int l = 0; l < world.chip[c].nlines; l++)
			n += world.chip[c].line[l].requested != 0;
	return n;
}

/* ------------------------------------------- libgpiod 1.6, wrapped */

struct gpiod_chip_iter *__wrap_gpiod_chip_iter_new(void);
struct gpiod_chip *__wrap_gpiod_chip_iter_next_noclose(struct gpiod_chip_iter *);
void __wrap_gpiod_chip_iter_free_noclose(struct gpiod_chip_iter *);
void __wrap_gpiod_chip_close(struct gpiod_chip *);
struct gpiod_line *__wrap_gpiod_chip_find_line(struct gpiod_chip *,
					       const char *);
int __wrap_gpiod_line_request_both_edges_events_flags(struct gpiod_line *,
						      const char *, int);
int __wrap_gpiod_line_request_output_flags(struct gpiod_line *, const char *,
					   int, int);
int __wrap_gpiod_line_event_get_fd(struct gpiod_line *);
int __wrap_gpiod_line_event_read_multiple(struct gpiod_line *,
					  struct gpiod_line_event *,
					  unsigned int);
int __wrap_gpiod_line_set_value(struct gpiod_line *, int);
int __wrap_gpiod_line_request_input_flags(struct gpiod_line *, const char *,
					  int);
int __wrap_gpiod_line_get_value(struct gpiod_line *);
void __wrap_gpiod_line_release(struct gpiod_line *);

/* Like 1.6: every chip is opened when the iterator is made. */
struct gpiod_chip_iter *__wrap_gpiod_chip_iter_new(void)
{
	struct gpiod_chip_iter *iter;

	if (world.iter_errno != 0) {
		errno = world.iter_errno;
		return NULL;
	}
	iter = calloc(1, sizeof(*iter));
	assert_non_null(iter);
	for (int c = 0; c < FAKE_CHIPS; c++)
		world.chip[c].opened += world.chip[c].plugged;
	return iter;
}

struct gpiod_chip *__wrap_gpiod_chip_iter_next_noclose(struct gpiod_chip_iter *iter)
{
	while (iter->next < FAKE_CHIPS) {
		struct gpiod_chip *chip = &world.chip[iter->next++];

		if (chip->plugged)
			return chip;
	}
	return NULL;
}

void __wrap_gpiod_chip_iter_free_noclose(struct gpiod_chip_iter *iter)
{
	free(iter);
}

void __wrap_gpiod_chip_close(struct gpiod_chip *chip)
{
	assert_true(chip->opened > 0);
	chip->opened--;
}

struct gpiod_line *__wrap_gpiod_chip_find_line(struct gpiod_chip *chip,
					       const char *name)
{
	assert_true(chip->opened > 0);
	for (int l = 0; l < chip->nlines; l++)
		if (strcmp(chip->line[l].name, name) == 0)
			return &chip->line[l];
	errno = ENOENT;
	return NULL;
}

static int fake_request(struct gpiod_line *line, const char *consumer,
			int flags, int how)
{
	assert_true(line->chip->opened > 0);
	if (line->busy || line->requested) {
		errno = EBUSY;
		return -1;
	}
	line->requested = how;
	line->flags = flags;
	snprintf(line->consumer, sizeof(line->consumer), "%s", consumer);
	return 0;
}

int __wrap_gpiod_line_request_both_edges_events_flags(struct gpiod_line *line,
						      const char *consumer,
						      int flags)
{
	if (fake_request(line, consumer, flags, 'e') < 0)
		return -1;
	assert_int_equal(pipe(line->fds), 0);
	return 0;
}

int __wrap_gpiod_line_request_output_flags(struct gpiod_line *line,
					   const char *consumer, int flags,
					   int default_val)
{
	if (fake_request(line, consumer, flags, 'o') < 0)
		return -1;
	line->value = default_val;
	return 0;
}

int __wrap_gpiod_line_event_get_fd(struct gpiod_line *line)
{
	if (line->requested != 'e') {
		errno = EPERM;
		return -1;
	}
	return line->fds[0];
}

int __wrap_gpiod_line_event_read_multiple(struct gpiod_line *line,
					  struct gpiod_line_event *events,
					  unsigned int num)
{
	int n;

	assert_int_equal(line->requested, 'e');
	if (!line->chip->plugged) {
		errno = ENODEV;
		return -1;
	}
	if (line->nev == 0) {
		errno = EAGAIN;
		return -1;
	}
	n = line->nev < (int)num ? line->nev : (int)num;
	memcpy(events, line->ev, (size_t)n * sizeof(*events));
	memmove(line->ev, line->ev + n,
		(size_t)(line->nev - n) * sizeof(*events));
	line->nev -= n;
	return n;
}

int __wrap_gpiod_line_set_value(struct gpiod_line *line, int value)
{
	assert_int_equal(line->requested, 'o');
	if (!line->chip->plugged) {
		errno = ENODEV;
		return -1;
	}
	line->value = value;
	if (line->writes < FAKE_WRITES) {
		line->write_value[line->writes] = value;
		line->write_at[line->writes] = world.now;
	}
	line->writes++;
	return 0;
}

/* Lines read on demand (gpio/lines_v1.c, linked in with the daemon's
 * gpio source): plain inputs reading `value`. */
int __wrap_gpiod_line_request_input_flags(struct gpiod_line *line,
					  const char *consumer, int flags)
{
	return fake_request(line, consumer, flags, 'i');
}

int __wrap_gpiod_line_get_value(struct gpiod_line *line)
{
	assert_int_equal(line->requested, 'i');
	if (!line->chip->plugged) {
		errno = ENODEV;
		return -1;
	}
	return line->value;
}

void __wrap_gpiod_line_release(struct gpiod_line *line)
{
	if (line->requested == 'e') {
		close(line->fds[0]);
		close(line->fds[1]);
		line->fds[0] = line->fds[1] = -1;
	}
	line->requested = 0;
}

/* ------------------------------------------------------------ helpers */

static void add_input(struct gpio_table_config *c, const char *line,
		      enum obs_kind kind, const char *where)
{
	struct gpio_input *in = &c->input[c->ninputs++];

	snprintf(in->line, sizeof(in->line), "%s", line);
	in->kind = kind;
	snprintf(in->where, sizeof(in->where), "%s", where);
}

/*
 * Table 2: a Kalah board of 6 pits a side. South's pits and the stores
 * on the Pi header, North's pits on the expander, a lift sensor on pit
 * a, both buttons, both turn LEDs and a buzzer.
 */
static void table_config(struct gpio_table_config *c)
{
	static const char *const south[] = {
		"GPIO4", "GPIO5", "GPIO6", "GPIO7", "GPIO8", "GPIO9"
	};
	static const char *const north[] = {
		"EXP0", "EXP1", "EXP2", "EXP3", "EXP4", "EXP5"
	};
	char hole[2] = "a";

	memset(c, 0, sizeof(*c));
	c->table = 2;
	for (int i = 0; i < 6; i++) {
		hole[0] = (char)('a' + i);
		add_input(c, south[i], OBS_DROP, hole);
	}
	for (int i = 0; i < 6; i++) {
		hole[0] = (char)('A' + i);
		add_input(c, north[i], OBS_DROP, hole);
	}
	add_input(c, "GPIO10", OBS_DROP, "S");
	add_input(c, "GPIO11", OBS_DROP, "N");
	add_input(c, "GPIO12", OBS_LIFT, "a");
	add_input(c, "GPIO16", OBS_BUTTON, "S");
	add_input(c, "EXP6", OBS_BUTTON, "N");
	snprintf(c->output[GPIO_OUT_TURN_S], GPIO_NAME_MAX, "GPIO20");
	snprintf(c->output[GPIO_OUT_TURN_N], GPIO_NAME_MAX, "GPIO21");
	snprintf(c->output[GPIO_OUT_FOUL], GPIO_NAME_MAX, "GPIO26");
	c->bias = GPIO_BIAS_PULL_UP;
	c->active_low = 1;
	c->debounce_us = 5000;
}

static struct gpio_board *open_ok(const struct gpio_table_config *c)
{
	char err[256] = "";
	struct gpio_board *b = gpio_board_open(c, 0, err, sizeof(err));

	if (b == NULL)
		fail_msg("gpio_board_open: %s", err);
	return b;
}

/* Index of the input on line `name`. */
static size_t input_of(const struct gpio_table_config *c, const char *name)
{
	for (size_t i = 0; i < c->ninputs; i++)
		if (strcmp(c->input[i].line, name) == 0)
			return i;
	fail_msg("no input on %s", name);
	return 0;
}

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
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(chips_open(), 0);
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
			    "(turn LED S): No such device");
	assert_int_equal(lines_requested(), 0);
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
	assert_int_equal(chips_open(), 0);
	world.chip[1].plugged = 1;
	assert_int_equal(gpio_board_retry(b), 0);
	assert_int_equal(gpio_board_fds(b, fds, 4), 17);
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
	gpio_board_close(b);
	assert_int_equal(fake_line("GPIO21")->value, 0);
	assert_int_equal(lines_requested(), 0);

	/* An output the config does not name is ignored. */
	world_reset();
	table_config(&c);
	c.output[GPIO_OUT_TURN_N][0] = '\0';
	b = open_ok(&c);
	assert_false(gpio_board_has_output(b, GPIO_OUT_TURN_N));
	assert_int_equal(gpio_board_set_output(b, GPIO_OUT_TURN_N, 1), 0);
	assert_int_equal(fake_line("GPIO21")->requested, 0);
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
	struct gpiod_line *buzzer;
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
	struct gpiod_line *buzzer;

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

struct verdicts {
	int n;
	struct verdict v[16];
};

static void on_verdict(void *ctx, const struct verdict *v)
{
	struct verdicts *vs = ctx;

	if (vs->n < 16)
		vs->v[vs->n++] = *v;
}

/* Reads every fd of the board into the referee, in time order. */
static void board_to_referee(struct gpio_board *b, struct referee *ref)
{
	struct observation all[64], got[16];
	int fds[GPIO_INPUTS_MAX], nall = 0;
	size_t nfds = gpio_board_fds(b, fds, GPIO_INPUTS_MAX);

	for (size_t i = 0; i < nfds; i++) {
		int n;

		while ((n = gpio_board_read(b, fds[i], got, 16)) > 0)
			for (int k = 0; k < n && nall < 64; k++)
				all[nall++] = got[k];
	}
	for (int i = 1; i < nall; i++)
		for (int j = i; j > 0 && all[j].t_us < all[j - 1].t_us; j--) {
			struct observation tmp = all[j];

			all[j] = all[j - 1];
			all[j - 1] = tmp;
		}
	for (int i = 0; i < nall; i++)
		referee_feed(ref, &all[i]);
}

static void test_edges_reach_the_referee(void **state)
{
	struct gpio_table_config c;
	struct gpio_board *b;
	struct referee *ref;
	struct verdicts vs = { 0 };
	struct observation start = { .t_us = 0, .table = 2,
				     .kind = OBS_START };
	char err[256] = "", pos[128];

	(void)state;
	table_config(&c);
	b = open_ok(&c);
	ref = referee_new(2, "kalah", "", NULL, on_verdict, &vs, err,
			  sizeof(err));
	if (ref == NULL)
		fail_msg("referee_new: %s", err);
	referee_feed(ref, &start);

	/* South sows c: d e f S, with a bounce on e; then presses. */
	pulse("GPIO7", 1000000);
	pulse("GPIO8", 1300000);
	edge("GPIO8", 1302000, 1);
	pulse("GPIO9", 1600000);
	pulse("GPIO10", 1900000);
	pulse("GPIO16", 2500000);
	board_to_referee(b, ref);
	referee_tick(ref, 6000000);

	assert_int_equal(gpio_board_stats(b, input_of(&c, "GPIO8"))->bounces,
			 1);
	assert_true(vs.n >= 2);
	assert_int_equal(vs.v[1].kind, VERDICT_ACCEPT);
	assert_string_equal(vs.v[1].move, "c");
	assert_string_equal(referee_position(ref, pos, sizeof(pos)),
			    "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S");
	referee_free(ref);
	close_board(b);
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
