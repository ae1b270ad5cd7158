/*
 * test_scan_v1.c - a scanned board on libgpiod 1.6 lines (gpio/lines_v1.c
 * under gpio/scan.c) against fake chips: the libgpiod calls are replaced
 * at link time, and the chip's data line answers from a chain of
 * 74HC165s that the load and clock lines drive, so a board goes from
 * switches through the real backend to the scanner's bitmap. Also: lines
 * looked up by name on two chips, a missing line named, a busy line
 * releasing the others, an unplugged chip making the scan fail, and
 * pitbossd's gpio source with `board = shift-register` turning the
 * board into snapshots in the game's text on the loop's timer, a
 * Transport board's chattering switch sent as a square not read.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "daemon/conf.h"
#include "daemon/loop.h"
#include "daemon/source.h"
#include "gpio/lines.h"
#include "gpio/scan.h"
#include "tests/gpiod1_fake.h"

#define REGS 8

/* The chain of 74HC165s behind the lines, and its switches. */
static struct {
	uint8_t in[8 * REGS];	/* switch inputs, electrical */
	uint8_t sr[REGS];
	int load, clock;
	int stuck;		/* -1, or the level the data line reads */
	int chatter;		/* -1, or an input that flips at each load */
} w;

/* The chain behind the lines: /PL on GPIO4, CP on GPIO5, Q7 on EXP0. */
static void chain_drive(struct gpiod_line *line, int level)
{
	if (strcmp(line->name, "GPIO4") == 0) {
		w.load = level;
		if (level == 0 && w.chatter >= 0)
			w.in[w.chatter] ^= 1;
		if (level == 0)
			for (int r = 0; r < REGS; r++) {
				w.sr[r] = 0;
				for (int d = 0; d < 8; d++)
					w.sr[r] |= (uint8_t)(w.in[8 * r + d]
							     << d);
			}
	} else if (strcmp(line->name, "GPIO5") == 0) {
		if (level == 1 && w.clock == 0 && w.load == 1)
			for (int r = 0; r < REGS; r++)
				w.sr[r] = (uint8_t)(w.sr[r] << 1 |
						    (r + 1 < REGS ?
						     w.sr[r + 1] >> 7 : 1));
		w.clock = level;
	}
}

/* The data line's level, from the chain. */
static int chain_data(const struct gpiod_line *line)
{
	if (strcmp(line->name, "EXP0") != 0)
		return -1;
	if (w.stuck >= 0)
		return w.stuck;
	return w.load == 0 ? w.in[7] : w.sr[0] >> 7;
}

static int setup(void **state)
{
	(void)state;
	memset(&world, 0, sizeof(world));
	fake_chip(0, "gpiochip0", "GPIO4 GPIO5 GPIO6");
	fake_chip(1, "gpiochip1", "EXP0 EXP1");
	world.consumer = "pitboss-t3";
	world.on_set = chain_drive;
	world.on_get = chain_data;
	memset(&w, 0, sizeof(w));
	memset(w.in, 1, sizeof(w.in));
	w.load = w.clock = 1;
	w.stuck = w.chatter = -1;
	return 0;
}

static const struct gpio_line_spec chain_spec[] = {
	{ "GPIO4", 1, 1, "load line" },
	{ "GPIO5", 1, 0, "clock line" },
	{ "EXP0", 0, 0, "data line" },
};

static void test_chain_through_libgpiod(void **state)
{
	struct scan_config c = {
		.kind = SCAN_SHIFT_REGISTER, .registers = REGS,
		.order = SCAN_MSB_FIRST, .squares = 15, .active_low = 1,
		.debounce = 2, .stuck_scans = 10,
	};
	char err[256] = "";
	struct gpio_lines *l = gpio_lines_open(3, chain_spec, 3,
					       GPIO_BIAS_PULL_UP, err,
					       sizeof(err));
	struct scan_pins pins = { gpio_lines_set, gpio_lines_get, NULL };
	struct scan *s;
	char text[32];

	(void)state;
	if (l == NULL)
		fail_msg("%s", err);
	assert_int_equal(lines_requested(), 3);
	assert_int_equal(fake_line("EXP0")->flags,
			 GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP);
	assert_int_equal(fake_line("GPIO4")->requested, 'o');
	assert_int_equal(fake_line("GPIO4")->value, 1);	/* /PL idle */
	pins.ctx = l;
	s = scan_new(&c, &pins, err, sizeof(err));
	assert_non_null(s);
	w.in[0] = w.in[9] = w.in[14] = 0;	/* three pieces down */
	w.in[15] = 0;				/* the spare, tied closed */
	assert_int_equal(scan_once(s), 0);	/* not yet held */
	assert_int_equal(scan_once(s), SCAN_CHANGED);
	scan_format(s, text, sizeof(text));
	assert_string_equal(text, "100000000100001");
	/* The expander unplugged: the scan fails and says which line. */
	world.chip[1].plugged = 0;
	assert_int_equal(scan_once(s), -1);
	assert_string_equal(gpio_lines_error(l), "table 3: reading line "
			    "'EXP0' (data line): No such device");
	scan_free(s);
	gpio_lines_close(l);
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(world.chip[0].opened + world.chip[1].opened, 0);
}

static void test_missing_and_busy_lines(void **state)
{
	struct gpio_line_spec spec[3];
	char err[256] = "";

	(void)state;
	memcpy(spec, chain_spec, sizeof(spec));
	snprintf(spec[2].name, sizeof(spec[2].name), "EXP7");
	assert_null(gpio_lines_open(3, spec, 3, GPIO_BIAS_AS_IS, err,
				    sizeof(err)));
	assert_string_equal(err, "table 3: line 'EXP7' (data line) not "
			    "found on any GPIO chip");
	assert_int_equal(world.chip[0].opened + world.chip[1].opened, 0);
	fake_line("EXP0")->busy = 1;
	assert_null(gpio_lines_open(3, chain_spec, 3, GPIO_BIAS_AS_IS, err,
				    sizeof(err)));
	assert_string_equal(err, "table 3: cannot request line 'EXP0' (data "
			    "line): Device or resource busy");
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(world.chip[0].opened + world.chip[1].opened, 0);
}

struct seen {
	int n;
	struct observation last;
};

static void record(void *ctx, const struct observation *obs)
{
	struct seen *seen = ctx;

	seen->n++;
	seen->last = *obs;
}

static void stop_loop(void *ctx)
{
	loop_stop(ctx);
}

static void run_for(struct loop *loop, uint64_t us)
{
	loop_at(loop, loop_now() + us, stop_loop, loop);
	assert_int_equal(loop_run(loop), 0);
}

/* Runs the loop in short steps until `done` holds, for at most 20 s:
 * a busy machine scans less often than the rate asks, never more. */
#define RUN_UNTIL(loop, done)						\
	do {								\
		for (int step_ = 0; step_ < 1000 && !(done); step_++)	\
			run_for((loop), 20000);				\
	} while (0)

/* Table 3's board of switches on the chain, playing `game` (its game
 * and options lines). */
static const char board_keys[] =
	"source = gpio\n"
	"board = shift-register\n"
	"load = GPIO4\n"
	"clock = GPIO5\n"
	"data = EXP0\n"
	"bias = pull-up\n"
	"active-low = yes\n"
	"rate = 200\n"
	"debounce-scans = 2\n"
	"stuck-ms = 150\n";

static struct conf *board_conf(const char *game)
{
	struct conf *conf = calloc(1, sizeof(*conf));
	char text[1024], err[512] = "";

	assert_non_null(conf);
	conf_default(conf);
	snprintf(text, sizeof(text), "[table 3]\n%s%s", game, board_keys);
	if (conf_parse(conf, "test.conf", text, err, sizeof(err)) < 0)
		fail_msg("conf_parse: %s", err);
	return conf;
}

static void test_source_emits_snapshots(void **state)
{
	struct conf *conf = board_conf("game = kalah\n"
				       "options = pits=6 seeds=4\n");
	struct loop *loop = loop_new();
	struct seen seen = { 0 };
	const struct table_config *t;
	struct source *s;
	char err[512] = "";

	(void)state;
	assert_non_null(loop);
	t = &conf->table[0];
	/* Pits a and F and North's store occupied; the spares tied. */
	w.in[0] = w.in[11] = w.in[13] = 0;
	w.in[14] = w.in[15] = 0;
	s = t->source->open(loop, t, "", record, &seen, err, sizeof(err));
	if (s == NULL)
		fail_msg("open: %s", err);
	assert_string_equal(t->source->status(s), "online");
	assert_int_equal(lines_requested(), 3);
	assert_int_equal(fake_line("EXP0")->flags,
			 GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP);
	RUN_UNTIL(loop, seen.n >= 1);
	run_for(loop, 50000);
	assert_int_equal(seen.n, 1);	/* one change: one snapshot */
	assert_int_equal(seen.last.kind, OBS_SNAPSHOT);
	assert_int_equal(seen.last.table, 3);
	assert_string_equal(seen.last.text, "1 0 0 0 0 0/0 0 0 0 0 1/0 1");
	/* A piece lifted from pit a. */
	w.in[0] = 1;
	RUN_UNTIL(loop, seen.n >= 2);
	assert_int_equal(seen.n, 2);
	assert_string_equal(seen.last.text, "0 0 0 0 0 0/0 0 0 0 0 1/0 1");
	/* The data line stuck low for a moment: every input closed, spares
	 * too, is no board; the same board back is no change. */
	w.stuck = 0;
	run_for(loop, 60000);
	assert_int_equal(seen.n, 2);
	assert_string_equal(t->source->status(s), "online");
	w.stuck = -1;
	run_for(loop, 60000);
	assert_int_equal(seen.n, 2);
	/* Stuck high for longer than stuck-ms: the alarm, then back, with
	 * the piece put down meanwhile. */
	w.stuck = 1;
	RUN_UNTIL(loop, strcmp(t->source->status(s), "online") != 0);
	assert_int_equal(seen.n, 2);
	assert_string_equal(t->source->status(s), "table 3: the board reads "
			    "one level on every switch (unplugged, or its "
			    "data line stuck)");
	w.in[0] = 0;
	w.stuck = -1;
	RUN_UNTIL(loop, seen.n >= 3);
	assert_string_equal(t->source->status(s), "online");
	assert_int_equal(seen.n, 3);
	assert_string_equal(seen.last.text, "1 0 0 0 0 0/0 0 0 0 0 1/0 1");
	/* The expander unplugged: offline, and back once plugged in. */
	source_gpio_retry_us = 50000;
	world.chip[1].plugged = 0;
	RUN_UNTIL(loop, strcmp(t->source->status(s), "online") != 0);
	assert_string_equal(t->source->status(s), "table 3: reading line "
			    "'EXP0' (data line): No such device (sensors "
			    "offline)");
	assert_int_equal(lines_requested(), 0);
	world.chip[1].plugged = 1;
	RUN_UNTIL(loop, strcmp(t->source->status(s), "online") == 0);
	assert_string_equal(t->source->status(s), "online");
	t->source->close(s);
	assert_int_equal(lines_requested(), 0);
	assert_int_equal(world.chip[0].opened + world.chip[1].opened, 0);
	loop_free(loop);
	conf_free(conf);
	free(conf);
}

/* A Transport board of 8x8 switches: a switch that chatters is sent as
 * a square not read ('?'), until it has held a reading for stuck-ms. */
static void test_chattering_switch_sent_unread(void **state)
{
	struct conf *conf = board_conf("game = transport\n"
				       "options = size=8\n");
	struct loop *loop = loop_new();
	struct seen seen = { 0 };
	const struct table_config *t;
	struct source *s;
	char err[512] = "";

	(void)state;
	assert_non_null(loop);
	t = &conf->table[0];
	w.in[0] = 0;		/* a1 occupied, the rest empty */
	s = t->source->open(loop, t, "", record, &seen, err, sizeof(err));
	if (s == NULL)
		fail_msg("open: %s", err);
	RUN_UNTIL(loop, seen.n >= 1);
	assert_string_equal(seen.last.text, "......../......../......../"
			    "......../......../......../......../x.......");
	/* The switch of c1 chatters: c1 is sent as not read. */
	w.chatter = 2;
	RUN_UNTIL(loop, strchr(seen.last.text, '?') != NULL);
	assert_string_equal(seen.last.text, "......../......../......../"
			    "......../......../......../......../x.?.....");
	/* It holds open again: read again once it has held for stuck-ms. */
	w.chatter = -1;
	w.in[2] = 1;
	RUN_UNTIL(loop, strchr(seen.last.text, '?') == NULL);
	assert_string_equal(seen.last.text, "......../......../......../"
			    "......../......../......../......../x.......");
	t->source->close(s);
	loop_free(loop);
	conf_free(conf);
	free(conf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_chain_through_libgpiod, setup),
		cmocka_unit_test_setup(test_missing_and_busy_lines, setup),
		cmocka_unit_test_setup(test_source_emits_snapshots, setup),
		cmocka_unit_test_setup(test_chattering_switch_sent_unread, setup),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
