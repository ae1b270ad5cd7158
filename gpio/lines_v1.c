/*
 * lines_v1.c - lines read and driven on demand (lines.h) on libgpiod
 * 1.6: every chip is opened through the chip iterator and asked for the
 * names still missing; chips holding none are closed again, the others
 * stay open with the lines. The checks and messages are gpio_common.c's.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <gpiod.h>

#include "gpio/gpio_impl.h"
#include "gpio/lines.h"

struct gpio_lines {
	struct gpio_lines_core core;	/* first: see gpio_impl.h */
	struct gpiod_line *line[GPIO_LINES_MAX];
	int requested[GPIO_LINES_MAX];
	struct gpiod_chip *chip[GPIO_CHIPS_MAX];
	size_t nchips;
};

static void v1_release(struct gpio_lines *l)
{
	for (size_t i = 0; i < l->core.n; i++) {
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

	for (size_t i = 0; i < l->core.n; i++) {
		if (l->line[i] != NULL)
			continue;
		l->line[i] = gpiod_chip_find_line(chip, l->core.spec[i].name);
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
		gpio_lines_fail(&l->core, "cannot open the GPIO chips: %s",
				strerror(errno));
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
	for (size_t i = 0; i < l->core.n; i++)
		if (l->line[i] == NULL)
			return gpio_lines_not_found(&l->core, i);
	return 0;
}

static int request(struct gpio_lines *l)
{
	for (size_t i = 0; i < l->core.n; i++) {
		const struct gpio_line_spec *s = &l->core.spec[i];
		int rc = s->output ?
			gpiod_line_request_output_flags(l->line[i],
							l->core.consumer, 0,
							s->initial) :
			gpiod_line_request_input_flags(
				l->line[i], l->core.consumer,
				gpio_backend_bias(l->core.bias));

		if (rc < 0) {
			gpio_lines_fail(&l->core,
					"cannot request line '%s' (%s): %s",
					s->name, s->what, strerror(errno));
			return -1;
		}
		l->requested[i] = 1;
	}
	return 0;
}

static int v1_attach(struct gpio_lines *l)
{
	return find(l) < 0 || request(l) < 0 ? -1 : 0;
}

static int v1_set(struct gpio_lines *l, unsigned i, int level)
{
	return gpiod_line_set_value(l->line[i], level);
}

static int v1_get(struct gpio_lines *l, unsigned i)
{
	int v = gpiod_line_get_value(l->line[i]);

	return v < 0 ? -1 : v != 0;
}

static const struct gpio_lines_ops v1_ops = {
	.attach = v1_attach,
	.release = v1_release,
	.set = v1_set,
	.get = v1_get,
};

struct gpio_lines *gpio_lines_open(unsigned table,
				   const struct gpio_line_spec *spec, size_t n,
				   enum gpio_bias bias, char *err,
				   size_t errlen)
{
	return gpio_lines_core_open(sizeof(struct gpio_lines), &v1_ops, table,
				    spec, n, bias, err, errlen);
}
