/*
 * gpiod2_fake.h - libgpiod 2.x as a set of fake GPIO chips, for
 * tests/test_gpio_v2.c: the libgpiod calls of gpio/gpio_v2.c and its
 * listing of /dev, replaced at link time (-Wl,--wrap=..., see
 * Makefile.am) with fakes the tests fill with events, unplug and plug
 * back, and look into to see what the backend asked for.
 *
 * The fakes keep libgpiod's rules: each object counts as alive until
 * the call its constructor's documentation names frees it, a closed
 * chip handle is gone (a request outlives it), an event buffer is read
 * over, not appended to, and never for more events than it holds.
 */
#ifndef PITBOSS_GPIOD2_FAKE_H
#define PITBOSS_GPIOD2_FAKE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gpiod.h>

#define FAKE_CHIPS 3
#define FAKE_LINES 24
#define FAKE_EVENTS 256	/* queued in the kernel per request */
#define FAKE_WRITES 64
#define FAKE_REQUEST_LINES 64	/* the kernel's GPIO_V2_LINES_MAX */
#define FAKE_EVENT_BUFFER_MAX 1024

/* What libgpiod keeps opaque, laid open for the tests to look into. */
struct gpiod_line_settings {
	enum gpiod_line_direction direction;
	enum gpiod_line_edge edge;
	enum gpiod_line_bias bias;
	enum gpiod_line_drive drive;
	enum gpiod_line_clock clock;
	bool active_low;
	unsigned long debounce_us;
	enum gpiod_line_value output;
};

struct fake_chip;

/* A line, and what the request holding it asked for. */
struct fake_line {
	struct fake_chip *chip;
	unsigned offset;
	char name[32];
	int busy;			/* held by another program */
	char busy_by[32];		/* its consumer name, "" if none */
	struct gpiod_line_request *req;	/* ours, or NULL */
	char consumer[32];
	struct gpiod_line_settings set;
	int value;			/* logical output value */
	/* Output writes: value and the test's clock at the time. */
	int writes;
	int write_value[FAKE_WRITES];
	uint64_t write_at[FAKE_WRITES];
};

struct fake_chip {
	char name[16];			/* "gpiochip0", listed in /dev */
	int plugged;
	int open_errno;			/* gpiod_chip_open() fails with it */
	int opened;			/* handles open */
	int nlines;
	struct fake_line line[FAKE_LINES];
};

/* A chip handle: gone once closed, the chip itself stays. */
struct gpiod_chip {
	struct fake_chip *dev;
};

struct gpiod_line_config {
	size_t n;
	unsigned offset[FAKE_REQUEST_LINES];
	struct gpiod_line_settings set[FAKE_REQUEST_LINES];
};

struct gpiod_request_config {
	char consumer[32];
};

struct gpiod_edge_event {
	enum gpiod_edge_event_type type;
	uint64_t ts_ns;
	unsigned offset;
};

/* A request: its lines, its fd (a pipe) and the kernel's event queue. */
struct gpiod_line_request {
	struct fake_chip *dev;
	size_t n;
	unsigned offset[FAKE_REQUEST_LINES];
	int fds[2];
	struct gpiod_edge_event ev[FAKE_EVENTS];
	int nev;
};

struct gpiod_edge_event_buffer {
	size_t capacity;
	size_t n;
	struct gpiod_edge_event *ev;
};

struct gpiod_line_info {
	int used;
	char consumer[32];
};

/* Everything the fakes know; world_reset() starts it again. */
struct fake_world {
	struct fake_chip chip[FAKE_CHIPS];
	int list_errno;		/* listing /dev fails with it */
	int request_errno;	/* the kernel refuses every request with it */
	uint64_t now;		/* the test's clock, for output writes */
	size_t last_max_events;	/* of the last edge event read */
	/* libgpiod objects alive: every one made must be freed. */
	int chips, settings, line_configs, request_configs, requests, infos,
	    buffers;
};

extern struct fake_world world;

/* The board of the tests: a Pi header and an I2C expander. */
void world_reset(void);
/* The line called `name` (the test fails if there is none). */
struct fake_line *fake_line(const char *name);
/*
 * An edge on a line as the kernel reports it: active-low applied, and
 * with a debounce period, once the level has held that long and stamped
 * then. `t_us` is when the level changed.
 */
void edge(const char *name, uint64_t t_us, int rising);
/* A whole pulse: active edge at t_us, back 30 ms later. */
void pulse(const char *name, uint64_t t_us);
/* Chip handles open; lines held by our requests. */
int chips_open(void);
int lines_requested(void);

#endif
