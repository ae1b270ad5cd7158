/*
 * lines.h - GPIO lines read and driven on demand, for a board that is
 * scanned (gpio/scan.h) rather than watched for edges: each line found
 * by its name on whichever chip has it, requested as an input (with a
 * bias) or an output (at a first level), its electrical level read or
 * set at once. Built on the libgpiod configure found: lines_v1.c
 * (libgpiod 1.6) or lines_v2.c (libgpiod 2.x), over gpio_common.c.
 *
 * gpio_lines_set() and gpio_lines_get() have the shape of struct
 * scan_pins' calls, the lines being their context. A line that fails
 * (its chip unplugged) makes them return -1 with the reason in
 * gpio_lines_error(); the caller closes the lines and opens them again
 * later.
 */
#ifndef PITBOSS_GPIO_LINES_H
#define PITBOSS_GPIO_LINES_H

#include <stddef.h>

#include "gpio/gpio.h"

#define GPIO_LINES_MAX 64

struct gpio_line_spec {
	char name[GPIO_NAME_MAX];
	int output;		/* driven; else read */
	int initial;		/* an output's first level */
	const char *what;	/* for messages: "clock line", "row 3" */
};

struct gpio_lines;

/*
 * Finds and requests `n` lines for table `table`, inputs with `bias`.
 * NULL with why in `err` ("table 3: line 'GPIO17' (data line) not found
 * on any GPIO chip"); no line stays requested then.
 */
struct gpio_lines *gpio_lines_open(unsigned table,
				   const struct gpio_line_spec *spec, size_t n,
				   enum gpio_bias bias, char *err,
				   size_t errlen);
/* Releases the lines and frees. */
void gpio_lines_close(struct gpio_lines *lines);

/* Drives output `i` to `level`: 0, or -1. `lines` is a gpio_lines. */
int gpio_lines_set(void *lines, unsigned i, int level);
/* The level of input `i`: 0 or 1, or -1. */
int gpio_lines_get(void *lines, unsigned i);
/* Why the last call failed; "" if none did. */
const char *gpio_lines_error(const struct gpio_lines *lines);

#endif
