/*
 * gpiod1_fake.c - libgpiod 1.6 as a set of fake GPIO chips
 * (gpiod1_fake.h).
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
#include <unistd.h>
#include <cmocka.h>

#include "tests/gpiod1_fake.h"

struct fake_world world;

struct gpiod_line *fake_line(const char *name)
{
	for (int c = 0; c < FAKE_CHIPS; c++)
		for (int l = 0; l < world.chip[c].nlines; l++)
			if (strcmp(world.chip[c].line[l].name, name) == 0)
				return &world.chip[c].line[l];
	fail_msg("no fake line %s", name);
	return NULL;
}

void fake_chip(int c, const char *name, const char *lines)
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
void world_reset(void)
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
void edge(const char *name, uint64_t t_us, int rising)
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
void pulse(const char *name, uint64_t t_us)
{
	edge(name, t_us, 1);
	edge(name, t_us + 3000, 0);
}

int chips_open(void)
{
	int n = 0;

	for (int c = 0; c < FAKE_CHIPS; c++)
		n += world.chip[c].opened;
	return n;
}

int lines_requested(void)
{
	int n = 0;

	for (int c = 0; c < FAKE_CHIPS; c++)
		for (int l = 0; l < world.chip[c].nlines; l++)
			n += world.chip[c].line[l].requested != 0;
	return n;
}

/* ------------------------------------------- libgpiod 1.6, wrapped */

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
	if (world.consumer != NULL)
		assert_string_equal(consumer, world.consumer);
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
	if (world.on_set != NULL)
		world.on_set(line, default_val);
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
	if (world.on_set != NULL)
		world.on_set(line, value);
	if (line->writes < FAKE_WRITES) {
		line->write_value[line->writes] = value;
		line->write_at[line->writes] = world.now;
	}
	line->writes++;
	return 0;
}

/* Lines read on demand (gpio/lines_v1.c): inputs reading `value`, or
 * what world.on_get says. */
int __wrap_gpiod_line_request_input_flags(struct gpiod_line *line,
					  const char *consumer, int flags)
{
	return fake_request(line, consumer, flags, 'i');
}

int __wrap_gpiod_line_get_value(struct gpiod_line *line)
{
	int level;

	assert_int_equal(line->requested, 'i');
	if (!line->chip->plugged) {
		errno = ENODEV;
		return -1;
	}
	if (world.on_get != NULL && (level = world.on_get(line)) >= 0)
		return level;
	return line->value;
}

void __wrap_gpiod_line_release(struct gpiod_line *line)
{
	assert_true(line->requested != 0);
	if (line->requested == 'e') {
		close(line->fds[0]);
		close(line->fds[1]);
		line->fds[0] = line->fds[1] = -1;
	}
	line->requested = 0;
}
