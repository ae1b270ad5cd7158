/*
 * gpiod1_fake.h - libgpiod 1.6 as a set of fake GPIO chips, for
 * tests/test_gpio.c (the board backend, gpio/gpio_v1.c) and
 * tests/test_scan_v1.c (lines read on demand, gpio/lines_v1.c): the
 * libgpiod calls replaced at link time (-Wl,--wrap=..., see Makefile.am)
 * with fakes the tests fill with events, unplug and plug back, and look
 * into to see what the backend asked for.
 */
#ifndef PITBOSS_GPIOD1_FAKE_H
#define PITBOSS_GPIOD1_FAKE_H

#include <stdint.h>

#include <gpiod.h>

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

/* Everything the fakes know; world_reset() starts it again. */
struct fake_world {
	struct gpiod_chip chip[FAKE_CHIPS];
	int iter_errno;		/* gpiod_chip_iter_new() fails with it */
	uint64_t now;		/* the test's clock, for output writes */
	/* When set: the consumer every request must name. */
	const char *consumer;
	/* When set: called on an output's first level and every write;
	 * and asked for an input's level first (-1: the line's value). */
	void (*on_set)(struct gpiod_line *line, int value);
	int (*on_get)(const struct gpiod_line *line);
};

extern struct fake_world world;

/* The board of the tests: a Pi header and an I2C expander. */
void world_reset(void);
/* Chip `c` plugged in as `name` with the lines named in `lines`
 * (separated by spaces). */
void fake_chip(int c, const char *name, const char *lines);
/* The line called `name` (the test fails if there is none). */
struct gpiod_line *fake_line(const char *name);
/* An edge on a line, at t_us. */
void edge(const char *name, uint64_t t_us, int rising);
/* A whole pulse: active edge at t_us, back 3 ms later. */
void pulse(const char *name, uint64_t t_us);
/* Chip handles open; lines held by our requests. */
int chips_open(void);
int lines_requested(void);

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

#endif
