/*
 * lines_v2.c - lines read and driven on demand (lines.h) on libgpiod
 * 2.x: every /dev/gpiochip* is opened in turn and asked for the offsets
 * of the names still missing; the lines found on a chip become one line
 * request (inputs with their bias, outputs at their first level), and
 * the chip is closed again: a request outlives the chip it was made on.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpiod.h>

#include "gpio/lines.h"

#define LINES_PATH_MAX 64

struct gpio_lines {
	unsigned table;
	char consumer[32];
	enum gpio_bias bias;
	struct gpio_line_spec spec[GPIO_LINES_MAX];
	int req_of[GPIO_LINES_MAX];	/* request index, -1 if not found */
	unsigned off[GPIO_LINES_MAX];
	size_t n;
	struct gpiod_line_request *req[GPIO_CHIPS_MAX];
	size_t nreq;
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

static enum gpiod_line_bias v2_bias(enum gpio_bias bias)
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

static void release(struct gpio_lines *l)
{
	for (size_t r = 0; r < l->nreq; r++)
		gpiod_line_request_release(l->req[r]);
	l->nreq = 0;
}

/* The settings of line `i` added to `lcfg`. */
static int add_line(struct gpio_lines *l, size_t i,
		    struct gpiod_line_settings *s,
		    struct gpiod_line_config *lcfg)
{
	const struct gpio_line_spec *sp = &l->spec[i];

	gpiod_line_settings_reset(s);
	if (sp->output) {
		if (gpiod_line_settings_set_direction(
			    s, GPIOD_LINE_DIRECTION_OUTPUT) < 0 ||
		    gpiod_line_settings_set_output_value(
			    s, sp->initial ? GPIOD_LINE_VALUE_ACTIVE :
			    GPIOD_LINE_VALUE_INACTIVE) < 0)
			return -1;
	} else if (gpiod_line_settings_set_direction(
			   s, GPIOD_LINE_DIRECTION_INPUT) < 0 ||
		   gpiod_line_settings_set_bias(s, v2_bias(l->bias)) < 0) {
		return -1;
	}
	return gpiod_line_config_add_line_settings(lcfg, &l->off[i], 1, s);
}

/* Requests the missing lines `chip` has; -1 with the error set. */
static int claim_chip(struct gpio_lines *l, struct gpiod_chip *chip,
		      const char *path)
{
	struct gpiod_line_settings *s = gpiod_line_settings_new();
	struct gpiod_line_config *lcfg = gpiod_line_config_new();
	struct gpiod_request_config *rcfg = gpiod_request_config_new();
	struct gpiod_line_request *req = NULL;
	int r = (int)l->nreq, found = 0, rc = -1, off;

	if (s == NULL || lcfg == NULL || rcfg == NULL)
		goto out;
	for (size_t i = 0; i < l->n; i++) {
		if (l->req_of[i] >= 0)
			continue;
		off = gpiod_chip_get_line_offset_from_name(chip,
							   l->spec[i].name);
		if (off < 0)
			continue;
		l->req_of[i] = r;
		l->off[i] = (unsigned)off;
		found++;
		if (add_line(l, i, s, lcfg) < 0)
			goto out;
	}
	if (found == 0) {
		rc = 0;
		goto out;
	}
	if (l->nreq == GPIO_CHIPS_MAX) {
		errno = E2BIG;
		goto out;
	}
	gpiod_request_config_set_consumer(rcfg, l->consumer);
	req = gpiod_chip_request_lines(chip, rcfg, lcfg);
	if (req != NULL) {
		l->req[l->nreq++] = req;
		rc = 0;
	}
out:
	if (rc < 0)
		fail(l, "cannot request lines on %s: %s", path,
		     strerror(errno));
	gpiod_request_config_free(rcfg);
	gpiod_line_config_free(lcfg);
	gpiod_line_settings_free(s);
	return rc;
}

static int is_gpiochip(const struct dirent *d)
{
	return strncmp(d->d_name, "gpiochip", 8) == 0;
}

static int attach(struct gpio_lines *l)
{
	struct dirent **names = NULL;
	char path[LINES_PATH_MAX];
	int n, rc = 0;

	n = scandir("/dev", &names, is_gpiochip, alphasort);
	if (n < 0) {
		fail(l, "cannot list /dev: %s", strerror(errno));
		return -1;
	}
	for (int k = 0; k < n; k++) {
		struct gpiod_chip *chip;

		if (rc < 0 ||
		    snprintf(path, sizeof(path), "/dev/%s",
			     names[k]->d_name) >= (int)sizeof(path) ||
		    !gpiod_is_gpiochip_device(path))
			continue;
		chip = gpiod_chip_open(path);
		if (chip == NULL)
			continue;
		rc = claim_chip(l, chip, path);
		gpiod_chip_close(chip);
	}
	for (int k = 0; k < n; k++)
		free(names[k]);
	free(names);
	for (size_t i = 0; i < l->n && rc == 0; i++)
		if (l->req_of[i] < 0) {
			fail(l, "line '%s' (%s) not found on any GPIO chip",
			     l->spec[i].name, l->spec[i].what);
			rc = -1;
		}
	return rc;
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
	l->bias = bias;
	l->n = n;
	memcpy(l->spec, spec, n * sizeof(*spec));
	for (size_t i = 0; i < n; i++)
		l->req_of[i] = -1;
	snprintf(l->consumer, sizeof(l->consumer), "pitboss-t%u", table);
	if (attach(l) < 0) {
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
	if (gpiod_line_request_set_value(l->req[l->req_of[i]], l->off[i],
					 level ? GPIOD_LINE_VALUE_ACTIVE :
					 GPIOD_LINE_VALUE_INACTIVE) < 0) {
		fail(l, "setting line '%s' (%s): %s", l->spec[i].name,
		     l->spec[i].what, strerror(errno));
		return -1;
	}
	return 0;
}

int gpio_lines_get(void *lines, unsigned i)
{
	struct gpio_lines *l = lines;
	enum gpiod_line_value v;

	if (i >= l->n || l->spec[i].output) {
		fail(l, "line %u is not an input", i);
		return -1;
	}
	v = gpiod_line_request_get_value(l->req[l->req_of[i]], l->off[i]);
	if (v == GPIOD_LINE_VALUE_ERROR) {
		fail(l, "reading line '%s' (%s): %s", l->spec[i].name,
		     l->spec[i].what, strerror(errno));
		return -1;
	}
	return v == GPIOD_LINE_VALUE_ACTIVE;
}

const char *gpio_lines_error(const struct gpio_lines *l)
{
	return l->error;
}
