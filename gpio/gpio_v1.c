/*
 * gpio_v1.c - the GPIO board on libgpiod 1.6 (Debian bookworm).
 *
 * Every chip is opened once through the chip iterator and asked for the
 * names still missing; a chip that has none of them is closed again.
 * Each input is its own line request with both-edge events (one fd per
 * line); bounces are filtered in software (gpio_core_edge()). Event
 * timestamps come from the kernel (CLOCK_MONOTONIC since Linux 5.7).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpiod.h>

#include "gpio/gpio_impl.h"

#define V1_EVENTS_MAX 16	/* events read from a line at once */

struct gpio_board {
	struct gpio_core core;		/* first: see gpio_impl.h */
	struct gpiod_chip *chip[GPIO_CHIPS_MAX];
	size_t nchips;
	struct gpiod_line *in[GPIO_INPUTS_MAX];
	int in_fd[GPIO_INPUTS_MAX];
	struct gpiod_line *out[GPIO_OUTPUTS];
};

const char *gpio_backend(void)
{
	return "libgpiod 1.6";
}

int gpio_backend_bias(enum gpio_bias bias)
{
	switch (bias) {
	case GPIO_BIAS_DISABLE:
		return GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
	case GPIO_BIAS_PULL_UP:
		return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
	case GPIO_BIAS_PULL_DOWN:
		return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
	default:
		return 0;
	}
}

/* Releases every line and closes every chip: the board is offline. */
static void v1_release(struct gpio_board *b)
{
	for (size_t i = 0; i < b->core.cfg.ninputs; i++) {
		if (b->in_fd[i] >= 0)
			gpiod_line_release(b->in[i]);
		b->in[i] = NULL;
		b->in_fd[i] = -1;
	}
	for (int o = 0; o < GPIO_OUTPUTS; o++) {
		if (b->out[o] != NULL)
			gpiod_line_release(b->out[o]);
		b->out[o] = NULL;
	}
	for (size_t c = 0; c < b->nchips; c++)
		gpiod_chip_close(b->chip[c]);
	b->nchips = 0;
	b->core.status = GPIO_OFFLINE;
}

/*
 * Finds the lines still missing on `chip`. Returns how many were found
 * there; they stay valid while the chip is open.
 */
static int v1_find_on_chip(struct gpio_board *b, struct gpiod_chip *chip,
			   struct gpiod_line **found_out)
{
	const struct gpio_table_config *c = &b->core.cfg;
	int found = 0;

	for (size_t i = 0; i < c->ninputs; i++) {
		if (b->in[i] != NULL)
			continue;
		b->in[i] = gpiod_chip_find_line(chip, c->input[i].line);
		found += b->in[i] != NULL;
	}
	for (int o = 0; o < GPIO_OUTPUTS; o++) {
		if (found_out[o] != NULL || c->output[o][0] == '\0')
			continue;
		found_out[o] = gpiod_chip_find_line(chip, c->output[o]);
		found += found_out[o] != NULL;
	}
	return found;
}

/* Looks up every line by name; -1 with the board's error set. */
static int v1_find(struct gpio_board *b, struct gpiod_line **found_out)
{
	const struct gpio_table_config *c = &b->core.cfg;
	struct gpiod_chip_iter *iter;
	struct gpiod_chip *chip;
	char what[64];
	int too_many = 0;

	iter = gpiod_chip_iter_new();
	if (iter == NULL) {
		gpio_core_error(&b->core, "cannot open the GPIO chips: %s",
				strerror(errno));
		return -1;
	}
	while ((chip = gpiod_chip_iter_next_noclose(iter)) != NULL) {
		if (too_many || v1_find_on_chip(b, chip, found_out) == 0) {
			gpiod_chip_close(chip);
			continue;
		}
		b->chip[b->nchips++] = chip;
		too_many = b->nchips == GPIO_CHIPS_MAX;
	}
	gpiod_chip_iter_free_noclose(iter);

	for (size_t i = 0; i < c->ninputs; i++)
		if (b->in[i] == NULL) {
			gpio_input_describe(&c->input[i], what, sizeof(what));
			gpio_core_error(&b->core,
					"line '%s' (%s) not found on any GPIO chip",
					c->input[i].line, what);
			return -1;
		}
	for (int o = 0; o < GPIO_OUTPUTS; o++)
		if (c->output[o][0] != '\0' && found_out[o] == NULL) {
			gpio_core_error(&b->core,
					"line '%s' (%s) not found on any GPIO chip",
					c->output[o], gpio_output_describe(o));
			return -1;
		}
	return 0;
}

/* Requests input `i` for both-edge events; its fd is non-blocking. */
static int v1_request_input(struct gpio_board *b, size_t i, int flags)
{
	struct gpiod_line *line = b->in[i];
	int fd;

	if (gpiod_line_request_both_edges_events_flags(line, b->core.consumer,
						       flags) < 0)
		return -1;
	fd = gpiod_line_event_get_fd(line);
	/* A read with nothing queued must not stall the poll loop. */
	if (fd < 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0)
		goto err_release;
	b->in_fd[i] = fd;
	return 0;

err_release:
	gpiod_line_release(line);
	return -1;
}

static int v1_request_inputs(struct gpio_board *b)
{
	const struct gpio_table_config *c = &b->core.cfg;
	int flags = gpio_backend_bias(c->bias);
	char what[64];

	if (c->active_low)
		flags |= GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW;
	for (size_t i = 0; i < c->ninputs; i++)
		if (v1_request_input(b, i, flags) < 0) {
			gpio_input_describe(&c->input[i], what, sizeof(what));
			gpio_core_error(&b->core,
					"cannot request line '%s' (%s): %s",
					c->input[i].line, what,
					strerror(errno));
			return -1;
		}
	return 0;
}

static int v1_request_outputs(struct gpio_board *b,
			      struct gpiod_line **found_out)
{
	const struct gpio_table_config *c = &b->core.cfg;
	int flags = c->output_active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW
					 : 0;

	for (int o = 0; o < GPIO_OUTPUTS; o++) {
		if (found_out[o] == NULL)
			continue;
		if (gpiod_line_request_output_flags(found_out[o],
						    b->core.consumer, flags,
						    b->core.level[o]) < 0) {
			gpio_core_error(&b->core,
					"cannot request line '%s' (%s): %s",
					c->output[o], gpio_output_describe(o),
					strerror(errno));
			return -1;
		}
		b->out[o] = found_out[o];
	}
	return 0;
}

/* Finds and requests every line: online, or offline with the error. */
static int v1_attach(struct gpio_board *b)
{
	struct gpiod_line *found_out[GPIO_OUTPUTS] = { NULL };

	if (v1_find(b, found_out) < 0 || v1_request_inputs(b) < 0 ||
	    v1_request_outputs(b, found_out) < 0) {
		v1_release(b);
		return -1;
	}
	b->core.status = GPIO_ONLINE;
	b->core.error[0] = '\0';
	return 0;
}

struct gpio_board *gpio_board_open(const struct gpio_table_config *config,
				   unsigned flags, char *err, size_t errlen)
{
	struct gpio_board *b = calloc(1, sizeof(*b));

	if (b == NULL) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "table %u: out of memory",
				 config->table);
		return NULL;
	}
	if (gpio_core_init(&b->core, config, err, errlen) < 0)
		goto err_free_board;
	for (size_t i = 0; i < GPIO_INPUTS_MAX; i++)
		b->in_fd[i] = -1;
	if (v1_attach(b) < 0 && !(flags & GPIO_OPEN_ALLOW_OFFLINE)) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "%s", b->core.error);
		goto err_free_board;
	}
	return b;

err_free_board:
	free(b);
	return NULL;
}

void gpio_board_close(struct gpio_board *b)
{
	if (b == NULL)
		return;
	if (b->core.status == GPIO_ONLINE)
		for (int o = 0; o < GPIO_OUTPUTS; o++)
			if (b->out[o] != NULL)
				gpiod_line_set_value(b->out[o], 0);
	v1_release(b);
	free(b);
}

size_t gpio_board_fds(const struct gpio_board *b, int *fds, size_t cap)
{
	size_t n = 0;

	if (b->core.status != GPIO_ONLINE)
		return 0;
	for (size_t i = 0; i < b->core.cfg.ninputs; i++) {
		if (n < cap)
			fds[n] = b->in_fd[i];
		n++;
	}
	return n;
}

int gpio_board_read(struct gpio_board *b, int fd, struct observation *out,
		    size_t cap)
{
	struct gpiod_line_event ev[V1_EVENTS_MAX];
	const struct gpio_input *in;
	char what[64];
	size_t i, want;
	int n, nobs = 0;

	if (b->core.status != GPIO_ONLINE || cap == 0 || fd < 0)
		return 0;
	for (i = 0; i < b->core.cfg.ninputs && b->in_fd[i] != fd; i++)
		;
	if (i == b->core.cfg.ninputs)
		return 0;
	want = cap < V1_EVENTS_MAX ? cap : V1_EVENTS_MAX;
	n = gpiod_line_event_read_multiple(b->in[i], ev, (unsigned)want);
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return 0;
		in = &b->core.cfg.input[i];
		gpio_input_describe(in, what, sizeof(what));
		gpio_core_error(&b->core,
				"sensors offline: reading line '%s' (%s): %s",
				in->line, what, strerror(errno));
		v1_release(b);
		return -1;
	}
	for (int e = 0; e < n && e < (int)want; e++) {
		uint64_t t_us = (uint64_t)ev[e].ts.tv_sec * 1000000u +
				(uint64_t)ev[e].ts.tv_nsec / 1000u;
		int active = ev[e].event_type == GPIOD_LINE_EVENT_RISING_EDGE;

		nobs += gpio_core_edge(&b->core, i, active, t_us, 1,
				       &out[nobs]);
	}
	return nobs;
}

int gpio_board_retry(struct gpio_board *b)
{
	if (b->core.status == GPIO_ONLINE)
		return 0;
	return v1_attach(b);
}

int gpio_backend_write(struct gpio_board *b, enum gpio_output which,
		       int level)
{
	if (b->out[which] == NULL)
		return 0;
	if (gpiod_line_set_value(b->out[which], level) < 0) {
		gpio_core_error(&b->core,
				"sensors offline: setting line '%s' (%s): %s",
				b->core.cfg.output[which],
				gpio_output_describe(which), strerror(errno));
		v1_release(b);
		return -1;
	}
	return 0;
}
