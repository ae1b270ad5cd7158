/*
 * gpio_v2.c - the GPIO board on libgpiod 2.x (Raspberry Pi OS trixie).
 *
 * Every /dev/gpiochip* is opened in turn and asked for the offsets of
 * the names still missing; the lines found on a chip become one line
 * request (inputs with both-edge events, the kernel's debounce and
 * monotonic timestamps; outputs at their remembered levels), and the
 * chip is closed again: a request keeps its own fd and outlives the
 * chip it was made on. One fd per chip that has inputs.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpiod.h>

#include "gpio/gpio_impl.h"

#define V2_EVENTS_MAX 64	/* events read from a request at once */
#define V2_PATH_MAX 64		/* "/dev/gpiochipN", with room to spare */

struct v2_request {
	struct gpiod_line_request *req;
	int fd;
	char chip[V2_PATH_MAX];		/* its device path, for messages */
};

struct gpio_board {
	struct gpio_core core;		/* first: see gpio_impl.h */
	struct v2_request req[GPIO_CHIPS_MAX];
	size_t nreq;
	/* Where each line sits: a request index (-1: not found) and offset. */
	int in_req[GPIO_INPUTS_MAX];
	unsigned in_off[GPIO_INPUTS_MAX];
	int out_req[GPIO_OUTPUTS];
	unsigned out_off[GPIO_OUTPUTS];
	struct gpiod_edge_event_buffer *events;
};

const char *gpio_backend(void)
{
	return "libgpiod 2";
}

int gpio_backend_bias(enum gpio_bias bias)
{
	switch (bias) {
	case GPIO_BIAS_DISABLE:
		return GPIOD_LINE_BIAS_DISABLED;
	case GPIO_BIAS_PULL_UP:
		return GPIOD_LINE_BIAS_PULL_UP;
	case GPIO_BIAS_PULL_DOWN:
		return GPIOD_LINE_BIAS_PULL_DOWN;
	default:
		return GPIOD_LINE_BIAS_AS_IS;
	}
}

static void v2_forget(struct gpio_board *b)
{
	for (size_t i = 0; i < GPIO_INPUTS_MAX; i++)
		b->in_req[i] = -1;
	for (int o = 0; o < GPIO_OUTPUTS; o++)
		b->out_req[o] = -1;
}

/* Releases every request: the board is offline. */
static void v2_release(struct gpio_board *b)
{
	for (size_t r = 0; r < b->nreq; r++)
		gpiod_line_request_release(b->req[r].req);
	b->nreq = 0;
	v2_forget(b);
	b->core.status = GPIO_OFFLINE;
}

/*
 * Notes the missing lines that `chip` has, as lines of request `r`.
 * Fills the input and output offsets found; returns how many.
 */
static size_t v2_find_on_chip(struct gpio_board *b, struct gpiod_chip *chip,
			      int r, unsigned *in_offs, size_t *nin)
{
	const struct gpio_table_config *c = &b->core.cfg;
	size_t found = 0;
	int off;

	*nin = 0;
	for (size_t i = 0; i < c->ninputs; i++) {
		if (b->in_req[i] >= 0)
			continue;
		off = gpiod_chip_get_line_offset_from_name(chip,
							   c->input[i].line);
		if (off < 0)
			continue;
		b->in_req[i] = r;
		b->in_off[i] = (unsigned)off;
		in_offs[(*nin)++] = (unsigned)off;
		found++;
	}
	for (int o = 0; o < GPIO_OUTPUTS; o++) {
		if (b->out_req[o] >= 0 || c->output[o][0] == '\0')
			continue;
		off = gpiod_chip_get_line_offset_from_name(chip, c->output[o]);
		if (off < 0)
			continue;
		b->out_req[o] = r;
		b->out_off[o] = (unsigned)off;
		found++;
	}
	return found;
}

/* Adds the settings of every line of request `r` to `lcfg`. */
static int v2_line_config(struct gpio_board *b, int r,
			  const unsigned *in_offs, size_t nin,
			  struct gpiod_line_settings *s,
			  struct gpiod_line_config *lcfg)
{
	const struct gpio_table_config *c = &b->core.cfg;

	if (nin > 0) {
		if (gpiod_line_settings_set_direction(
			    s, GPIOD_LINE_DIRECTION_INPUT) < 0 ||
		    gpiod_line_settings_set_edge_detection(
			    s, GPIOD_LINE_EDGE_BOTH) < 0 ||
		    gpiod_line_settings_set_bias(s, gpio_backend_bias(c->bias)) < 0 ||
		    gpiod_line_settings_set_event_clock(
			    s, GPIOD_LINE_CLOCK_MONOTONIC) < 0)
			return -1;
		gpiod_line_settings_set_active_low(s, c->active_low != 0);
		gpiod_line_settings_set_debounce_period_us(
			s, (unsigned long)c->debounce_us);
		if (gpiod_line_config_add_line_settings(lcfg, in_offs, nin,
							s) < 0)
			return -1;
	}
	for (int o = 0; o < GPIO_OUTPUTS; o++) {
		if (b->out_req[o] != r)
			continue;
		gpiod_line_settings_reset(s);
		if (gpiod_line_settings_set_direction(
			    s, GPIOD_LINE_DIRECTION_OUTPUT) < 0 ||
		    gpiod_line_settings_set_output_value(
			    s, b->core.level[o] ? GPIOD_LINE_VALUE_ACTIVE
						: GPIOD_LINE_VALUE_INACTIVE) < 0)
			return -1;
		gpiod_line_settings_set_active_low(s,
						   c->output_active_low != 0);
		if (gpiod_line_config_add_line_settings(lcfg, &b->out_off[o], 1,
							s) < 0)
			return -1;
	}
	return 0;
}

/*
 * Line `k` of request `r`, inputs first, for messages: its name, offset
 * and what it is for. -1 past the request's last line.
 */
static int v2_line_of(const struct gpio_board *b, int r, size_t k,
		      const char **name, unsigned *off, char *what,
		      size_t whatlen)
{
	const struct gpio_table_config *c = &b->core.cfg;

	for (size_t i = 0; i < c->ninputs; i++)
		if (b->in_req[i] == r && k-- == 0) {
			*name = c->input[i].line;
			*off = b->in_off[i];
			gpio_input_describe(&c->input[i], what, whatlen);
			return 0;
		}
	for (int o = 0; o < GPIO_OUTPUTS; o++)
		if (b->out_req[o] == r && k-- == 0) {
			*name = c->output[o];
			*off = b->out_off[o];
			snprintf(what, whatlen, "%s", gpio_output_describe(o));
			return 0;
		}
	return -1;
}

/*
 * A busy line makes the kernel refuse the chip's whole request without
 * saying which: ask the chip which of them is in use, and by whom.
 */
static int v2_name_busy_line(struct gpio_board *b, struct gpiod_chip *chip,
			     int r, const char *path, int err)
{
	struct gpiod_line_info *info;
	const char *name, *consumer;
	char what[64], by[48];
	unsigned off;
	int used;

	for (size_t k = 0; v2_line_of(b, r, k, &name, &off, what,
				      sizeof(what)) == 0; k++) {
		info = gpiod_chip_get_line_info(chip, off);
		if (info == NULL)
			continue;
		used = gpiod_line_info_is_used(info);
		if (used) {
			/* The consumer string belongs to the info. */
			consumer = gpiod_line_info_get_consumer(info);
			if (consumer != NULL && consumer[0] != '\0')
				snprintf(by, sizeof(by), "'%s'", consumer);
			else
				snprintf(by, sizeof(by), "an unnamed consumer");
			gpio_core_error(&b->core,
					"cannot request line '%s' (%s) on %s: %s "
					"(in use by %s)",
					name, what, path, strerror(err), by);
		}
		gpiod_line_info_free(info);
		if (used)
			return 0;
	}
	return -1;
}

/* Says why the lines of request `r` could not be requested. */
static void v2_request_error(struct gpio_board *b, struct gpiod_chip *chip,
			     int r, const char *path, int err)
{
	const char *name = "?", *other;
	char what[64] = "?", other_what[64];
	unsigned off;
	size_t more = 0;

	if (err == EBUSY && v2_name_busy_line(b, chip, r, path, err) == 0)
		return;
	v2_line_of(b, r, 0, &name, &off, what, sizeof(what));
	while (v2_line_of(b, r, more + 1, &other, &off, other_what,
			  sizeof(other_what)) == 0)
		more++;
	if (more == 0)
		gpio_core_error(&b->core, "cannot request line '%s' (%s) on %s: %s",
				name, what, path, strerror(err));
	else
		gpio_core_error(&b->core,
				"cannot request line '%s' (%s) and %zu more on "
				"%s: %s",
				name, what, more, path, strerror(err));
}

/* Requests the lines `chip` has; -1 with the board's error set. */
static int v2_claim_chip(struct gpio_board *b, struct gpiod_chip *chip,
			 const char *path)
{
	unsigned in_offs[GPIO_INPUTS_MAX];
	struct gpiod_line_settings *s = NULL;
	struct gpiod_line_config *lcfg = NULL;
	struct gpiod_request_config *rcfg = NULL;
	struct gpiod_line_request *req;
	struct v2_request *slot;
	int r = (int)b->nreq, rc = -1, fd, err;
	size_t nin;

	if (v2_find_on_chip(b, chip, r, in_offs, &nin) == 0)
		return 0;
	if (b->nreq == GPIO_CHIPS_MAX) {
		gpio_core_error(&b->core, "lines on more than %d GPIO chips",
				GPIO_CHIPS_MAX);
		return -1;
	}
	s = gpiod_line_settings_new();
	lcfg = gpiod_line_config_new();
	rcfg = gpiod_request_config_new();
	if (s == NULL || lcfg == NULL || rcfg == NULL ||
	    v2_line_config(b, r, in_offs, nin, s, lcfg) < 0)
		goto err_report;
	gpiod_request_config_set_consumer(rcfg, b->core.consumer);
	req = gpiod_chip_request_lines(chip, rcfg, lcfg);
	if (req == NULL)
		goto err_report;
	fd = gpiod_line_request_get_fd(req);
	/* A read with nothing queued must not stall the poll loop. */
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) {
		err = errno;
		gpiod_line_request_release(req);
		errno = err;
		goto err_report;
	}
	slot = &b->req[b->nreq++];
	slot->req = req;
	slot->fd = fd;
	snprintf(slot->chip, sizeof(slot->chip), "%s", path);
	rc = 0;
	goto out_free;

err_report:
	v2_request_error(b, chip, r, path, errno);
out_free:
	gpiod_request_config_free(rcfg);
	gpiod_line_config_free(lcfg);
	gpiod_line_settings_free(s);
	return rc;
}

static int is_gpiochip(const struct dirent *d)
{
	return strncmp(d->d_name, "gpiochip", 8) == 0;
}

/* Says which line no chip has; -1 if one is missing. */
static int v2_check_found(struct gpio_board *b, const char *unopened,
			  int open_errno)
{
	const struct gpio_table_config *c = &b->core.cfg;
	const char *line = NULL;
	char what[64];

	for (size_t i = 0; i < c->ninputs && line == NULL; i++)
		if (b->in_req[i] < 0) {
			line = c->input[i].line;
			gpio_input_describe(&c->input[i], what, sizeof(what));
		}
	for (int o = 0; o < GPIO_OUTPUTS && line == NULL; o++)
		if (c->output[o][0] != '\0' && b->out_req[o] < 0) {
			line = c->output[o];
			snprintf(what, sizeof(what), "%s",
				 gpio_output_describe(o));
		}
	if (line == NULL)
		return 0;
	/* A chip we could not open may be the one that has it. */
	if (unopened[0] != '\0')
		gpio_core_error(&b->core,
				"line '%s' (%s) not found on any GPIO chip "
				"(cannot open %s: %s)",
				line, what, unopened, strerror(open_errno));
	else
		gpio_core_error(&b->core,
				"line '%s' (%s) not found on any GPIO chip",
				line, what);
	return -1;
}

/* Finds and requests every line: online, or offline with the error. */
static int v2_attach(struct gpio_board *b)
{
	struct dirent **names = NULL;
	char path[V2_PATH_MAX], unopened[V2_PATH_MAX] = "";
	int n, open_errno = 0, rc = 0;

	v2_forget(b);
	n = scandir("/dev", &names, is_gpiochip, alphasort);
	if (n < 0) {
		gpio_core_error(&b->core, "cannot list /dev: %s",
				strerror(errno));
		return -1;
	}
	for (int k = 0; k < n; k++) {
		struct gpiod_chip *chip;

		/* Too long a name to be "gpiochipN": not one of ours. */
		if (snprintf(path, sizeof(path), "/dev/%s", names[k]->d_name) >=
		    (int)sizeof(path))
			continue;
		if (rc < 0 || !gpiod_is_gpiochip_device(path))
			continue;
		chip = gpiod_chip_open(path);
		if (chip == NULL) {
			open_errno = errno;
			snprintf(unopened, sizeof(unopened), "%s", path);
			continue;
		}
		rc = v2_claim_chip(b, chip, path);
		/* The requests made keep their own fds: the chip can go. */
		gpiod_chip_close(chip);
	}
	for (int k = 0; k < n; k++)
		free(names[k]);
	free(names);
	if (rc < 0 || v2_check_found(b, unopened, open_errno) < 0) {
		v2_release(b);
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
	b->events = gpiod_edge_event_buffer_new(V2_EVENTS_MAX);
	if (b->events == NULL) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "table %u: out of memory",
				 config->table);
		goto err_free_board;
	}
	if (v2_attach(b) < 0 && !(flags & GPIO_OPEN_ALLOW_OFFLINE)) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "%s", b->core.error);
		goto err_free_events;
	}
	return b;

err_free_events:
	gpiod_edge_event_buffer_free(b->events);
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
			if (b->out_req[o] >= 0)
				gpiod_line_request_set_value(
					b->req[b->out_req[o]].req,
					b->out_off[o],
					GPIOD_LINE_VALUE_INACTIVE);
	v2_release(b);
	gpiod_edge_event_buffer_free(b->events);
	free(b);
}

size_t gpio_board_fds(const struct gpio_board *b, int *fds, size_t cap)
{
	size_t n = 0;

	if (b->core.status != GPIO_ONLINE)
		return 0;
	for (size_t r = 0; r < b->nreq; r++) {
		int has_input = 0;

		for (size_t i = 0; i < b->core.cfg.ninputs; i++)
			has_input |= b->in_req[i] == (int)r;
		if (!has_input)
			continue;
		if (n < cap)
			fds[n] = b->req[r].fd;
		n++;
	}
	return n;
}

/*
 * When an edge happened, in microseconds. The kernel's debouncer reports
 * an edge once the level has held for the debounce period, and stamps
 * it then: take the period off, so that a drop is not placed later than
 * it happened (the 1.6 backend stamps the edge itself).
 */
static uint64_t v2_edge_time_us(const struct gpio_board *b,
				struct gpiod_edge_event *ev)
{
	uint64_t t_us = gpiod_edge_event_get_timestamp_ns(ev) / 1000u;
	uint64_t period = b->core.cfg.debounce_us;

	return t_us > period ? t_us - period : 0;
}

/* The input at offset `off` of request `r`, or -1. */
static int v2_input_at(const struct gpio_board *b, int r, unsigned off)
{
	for (size_t i = 0; i < b->core.cfg.ninputs; i++)
		if (b->in_req[i] == r && b->in_off[i] == off)
			return (int)i;
	return -1;
}

int gpio_board_read(struct gpio_board *b, int fd, struct observation *out,
		    size_t cap)
{
	size_t r, want;
	int n, nobs = 0;

	if (b->core.status != GPIO_ONLINE || cap == 0 || fd < 0)
		return 0;
	for (r = 0; r < b->nreq && b->req[r].fd != fd; r++)
		;
	if (r == b->nreq)
		return 0;
	want = cap < V2_EVENTS_MAX ? cap : V2_EVENTS_MAX;
	n = gpiod_line_request_read_edge_events(b->req[r].req, b->events,
						want);
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return 0;
		gpio_core_error(&b->core,
				"sensors offline: reading the lines on %s: %s",
				b->req[r].chip, strerror(errno));
		v2_release(b);
		return -1;
	}
	for (int e = 0; e < n && (size_t)e < want; e++) {
		struct gpiod_edge_event *ev =
			gpiod_edge_event_buffer_get_event(b->events,
							  (unsigned long)e);
		int i, active;

		i = v2_input_at(b, (int)r, gpiod_edge_event_get_line_offset(ev));
		if (i < 0)
			continue;
		/* Active-low is applied by the kernel: rising is active. */
		active = gpiod_edge_event_get_event_type(ev) ==
			 GPIOD_EDGE_EVENT_RISING_EDGE;
		/* The kernel debounced already: no filter here. */
		nobs += gpio_core_edge(&b->core, (size_t)i, active,
				       v2_edge_time_us(b, ev), 0, &out[nobs]);
	}
	return nobs;
}

int gpio_board_retry(struct gpio_board *b)
{
	if (b->core.status == GPIO_ONLINE)
		return 0;
	return v2_attach(b);
}

int gpio_backend_write(struct gpio_board *b, enum gpio_output which,
		       int level)
{
	int r = b->out_req[which];

	if (r < 0)
		return 0;
	if (gpiod_line_request_set_value(b->req[r].req, b->out_off[which],
					 level ? GPIOD_LINE_VALUE_ACTIVE
					       : GPIOD_LINE_VALUE_INACTIVE) < 0) {
		gpio_core_error(&b->core,
				"sensors offline: setting line '%s' (%s) on %s: %s",
				b->core.cfg.output[which],
				gpio_output_describe(which), b->req[r].chip,
				strerror(errno));
		v2_release(b);
		return -1;
	}
	return 0;
}
