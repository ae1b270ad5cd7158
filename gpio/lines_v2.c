/*
 * lines_v2.c - lines read and driven on demand (lines.h) on libgpiod
 * 2.x: every /dev/gpiochip* is opened in turn and asked for the offsets
 * of the names still missing; the lines found on a chip become one line
 * request (inputs with their bias, outputs at their first level), and
 * the chip is closed again: a request outlives the chip it was made on.
 * The checks and messages are gpio_common.c's.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpiod.h>

#include "gpio/gpio_impl.h"
#include "gpio/lines.h"

#define LINES_PATH_MAX 64

struct gpio_lines {
	struct gpio_lines_core core;	/* first: see gpio_impl.h */
	int req_of[GPIO_LINES_MAX];	/* request index, -1 if not found */
	unsigned off[GPIO_LINES_MAX];
	struct gpiod_line_request *req[GPIO_CHIPS_MAX];
	size_t nreq;
};

static void v2_release(struct gpio_lines *l)
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
	const struct gpio_line_spec *sp = &l->core.spec[i];

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
		   gpiod_line_settings_set_bias(
			   s, gpio_backend_bias(l->core.bias)) < 0) {
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
	for (size_t i = 0; i < l->core.n; i++) {
		if (l->req_of[i] >= 0)
			continue;
		off = gpiod_chip_get_line_offset_from_name(chip,
							   l->core.spec[i].name);
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
	gpiod_request_config_set_consumer(rcfg, l->core.consumer);
	req = gpiod_chip_request_lines(chip, rcfg, lcfg);
	if (req != NULL) {
		l->req[l->nreq++] = req;
		rc = 0;
	}
out:
	if (rc < 0)
		gpio_lines_fail(&l->core, "cannot request lines on %s: %s",
				path, strerror(errno));
	gpiod_request_config_free(rcfg);
	gpiod_line_config_free(lcfg);
	gpiod_line_settings_free(s);
	return rc;
}

static int is_gpiochip(const struct dirent *d)
{
	return strncmp(d->d_name, "gpiochip", 8) == 0;
}

static int v2_attach(struct gpio_lines *l)
{
	struct dirent **names = NULL;
	char path[LINES_PATH_MAX];
	int n, rc = 0;

	for (size_t i = 0; i < l->core.n; i++)
		l->req_of[i] = -1;
	n = scandir("/dev", &names, is_gpiochip, alphasort);
	if (n < 0) {
		gpio_lines_fail(&l->core, "cannot list /dev: %s",
				strerror(errno));
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
	for (size_t i = 0; i < l->core.n && rc == 0; i++)
		if (l->req_of[i] < 0)
			rc = gpio_lines_not_found(&l->core, i);
	return rc;
}

static int v2_set(struct gpio_lines *l, unsigned i, int level)
{
	return gpiod_line_request_set_value(l->req[l->req_of[i]], l->off[i],
					    level ? GPIOD_LINE_VALUE_ACTIVE :
					    GPIOD_LINE_VALUE_INACTIVE);
}

static int v2_get(struct gpio_lines *l, unsigned i)
{
	enum gpiod_line_value v =
		gpiod_line_request_get_value(l->req[l->req_of[i]], l->off[i]);

	if (v == GPIOD_LINE_VALUE_ERROR)
		return -1;
	return v == GPIOD_LINE_VALUE_ACTIVE;
}

static const struct gpio_lines_ops v2_ops = {
	.attach = v2_attach,
	.release = v2_release,
	.set = v2_set,
	.get = v2_get,
};

struct gpio_lines *gpio_lines_open(unsigned table,
				   const struct gpio_line_spec *spec, size_t n,
				   enum gpio_bias bias, char *err,
				   size_t errlen)
{
	return gpio_lines_core_open(sizeof(struct gpio_lines), &v2_ops, table,
				    spec, n, bias, err, errlen);
}
