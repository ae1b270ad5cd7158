/*
 * gpio_board_util.h - what the tests of both libgpiod backends
 * (test_gpio.c, test_gpio_v2.c) build their boards with: the table's
 * config on the fake chips (gpiod1_fake.h, gpiod2_fake.h both have its
 * lines), a board opened or the test failed, and a board's edges fed
 * to a referee. (The tests they pass alike: gpio_board_tests.h.)
 */
#ifndef PITBOSS_TESTS_GPIO_BOARD_UTIL_H
#define PITBOSS_TESTS_GPIO_BOARD_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "gpio/gpio.h"
#include "referee/referee.h"

static inline void add_input(struct gpio_table_config *c, const char *line,
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
static inline void table_config(struct gpio_table_config *c)
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

static inline struct gpio_board *open_ok(const struct gpio_table_config *c)
{
	char err[256] = "";
	struct gpio_board *b = gpio_board_open(c, 0, err, sizeof(err));

	if (b == NULL)
		fail_msg("gpio_board_open: %s", err);
	return b;
}

/* Index of the input on line `name`. */
static inline size_t input_of(const struct gpio_table_config *c, const char *name)
{
	for (size_t i = 0; i < c->ninputs; i++)
		if (strcmp(c->input[i].line, name) == 0)
			return i;
	fail_msg("no input on %s", name);
	return 0;
}

/* A referee's verdicts, kept. */
struct verdicts {
	int n;
	struct verdict v[16];
};

static inline void on_verdict(void *ctx, const struct verdict *v)
{
	struct verdicts *vs = ctx;

	if (vs->n < 16)
		vs->v[vs->n++] = *v;
}

/* Reads every fd of the board into the referee, in time order. */
static inline void board_to_referee(struct gpio_board *b, struct referee *ref)
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

#endif
