/*
 * lines_v1.c - lines read and driven on demand (lines.h) on libgpiod
 * 1.6: every chip is opened through the chip iterator and asked for the
 * names still missing; chips holding none are closed again, the others
 * stay open with the lines.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpiod.h>

#include "gpio/lines.h"

struct gpio_lines {
	unsigned table;
	char consumer[32];
	struct gpio_line_spec spec[GPIO_LINES_MAX];
	struct gpiod_line *line[GPIO_LINES_MAX];
	int requested[GPIO_LINES_MAX];
	size_t n;
	struct gpiod_chip *chip[GPIO_CHIPS_MAX];
	size_t nchips;
	char error[256];
};

static void fail(struct gpio_lines *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct gpio_lines *l, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(l->error, sizeof(l->error), "table %u: ", l->table);

	if (n < 0 || (size_t)n >= sizeof(l->error))
		return;
	va_start(ap, fmt);
	vsnprintf(l->error + n, sizeof(l->error) - (size_t)n, fmt, ap);
	va_end(ap);
}

static int bias_flags(enum gpio_bias bias)
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

static void release(struct gpio_lines *l)
{
	for (size_t i = 0; i < l->n; i++) {
		if (l->requested[i])
			gpiod_line_release(l->line[i]);
		l->requested[i] = 0;
		l->line[i] = NULL;
	}
	for (size_t c = 0; c < l->nchips; c++)
		gpiod_chip_close(l->chip[c]);
	l->nchips = 0;
}

static int find_on_chip(struct gpio_lines *l, struct gpiod_chip *chip)
{
	int found = 0;

	for (size_t i = 0; i < l->n; i++) {
		if (l->line[i] != NULL)
			continue;
		l->line[i] = gpiod_chip_find_line(chip, l->spec[i].name);
		found += l->line[i] != NULL;
	}
	return found;
}

static int find(struct gpio_lines *l)
{
	struct gpiod_chip_iter *iter = gpiod_chip_iter_new();
	struct gpiod_chip *chip;
	int too_many = 0;

	if (iter == NULL) {
		fail(l, "cannot open the GPIO chips: %s", strerror(errno));
		return -1;
	}
	while ((chip = gpiod_chip_iter_next_noclose(iter)) != NULL) {
		if (too_many || find_on_chip(l, chip) == 0) {
			gpiod_chip_close(chip);
			continue;
		}
		l->chip[l->nchips++] = chip;
		too_many = l->nchips == GPIO_CHIPS_MAX;
	}
	gpiod_chip_iter_free_noclose(iter);
	for (size_t i = 0; i < l->n; i++)
		if (l->line[i] == NULL) {
			fail(l, "line '%s' (%s) not found on any GPIO chip",
			     l->spec[i].name, l->spec[i].what);
			return -1;
		}
	return 0;
}

static int request(struct gpio_lines *l, enum gpio_bias bias)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct gpio_line_spec *s = &l->spec[i];
		int rc = s->output ?
			gpiod_line_request_output_flags(l->line[i],
							l->consumer, 0,
							s->initial) :
			gpiod_line_request_input_flags(l->line[i],
						       l->consumer,
						       bias_flags(bias));

		if (rc < 0) {
			fail(l, "cannot request line '%s' (%s): %s", s->name,
			     s->what, strerror(errno));
			return -1;
		}
		l->requested[i] = 1;
	}
	return 0;
}

struct gpio_lines *gpio_lines_open(unsigned table,
				   const struct gpio_line_spec *spec, size_t n,
				   enum gpio_bias bias, char *err,
				   size_t errlen)
{
	struct gpio_lines *l;

	if (n == 0 || n > GPIO_LINES_MAX) {
		snprintf(err, errlen, "table %u: %zu lines (1 to %d)", table,
			 n, GPIO_LINES_MAX);
		return NULL;
	}
	l = calloc(1, sizeof(*l));
	if (l == NULL) {
		snprintf(err, errlen, "table %u: out of memory", table);
		return NULL;
	}
	l->table = table;
	l->n = n;
	memcpy(l->spec, spec, n * sizeof(*spec));
	snprintf(l->consumer, sizeof(l->consumer), "pitboss-t%u", table);
	if (find(l) < 0 || request(l, bias) < 0) {
		snprintf(err, errlen, "%s", l->error);
		release(l);
		free(l);
		return NULL;
	}
	return l;
}

void gpio_lines_close(struct gpio_lines *l)
{
	if (l == NULL)
		return;
	release(l);
	free(l);
}

int gpio_lines_set(void *lines, unsigned i, int level)
{
	struct gpio_lines *l = lines;

	if (i >= l->n || !l->spec[i].output) {
		fail(l, "line %u is not an output", i);
		return -1;
	}
	if (gpiod_line_set_value(l->line[i], level) < 0) {
		fail(l, "setting line '%s' (%s): %s", l->spec[i].name,
		     l->spec[i].what, strerror(errno));
		return -1;
	}
	return 0;
}

int gpio_lines_get(void *lines, unsigned i)
{
	struct gpio_lines *l = lines;
	int v;

	if (i >= l->n || l->spec[i].output) {
		fail(l, "line %u is not an input", i);
		return -1;
	}
	v = gpiod_line_get_value(l->line[i]);
	if (v < 0) {
		fail(l, "reading line '%s' (%s): %s", l->spec[i].name,
		     l->spec[i].what, strerror(errno));
		return -1;
	}
	return v != 0;
}

const char *gpio_lines_error(const struct gpio_lines *l)
{
	return l->error;
}
