/*
 * gpio_impl.h - what the two libgpiod backends share (gpio_common.c):
 * the board state that does not depend on libgpiod, the edge-to-
 * observation step with its software debounce, the foul pattern
 * player, and of the lines read and driven on demand (lines.h) all but
 * the libgpiod calls. Not for use outside gpio/.
 */
#ifndef PITBOSS_GPIO_IMPL_H
#define PITBOSS_GPIO_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "gpio/gpio.h"
#include "gpio/lines.h"

#define GPIO_ERR_MAX 256

/*
 * The first member of each backend's struct gpio_board, so the shared
 * code reaches it through a cast of the board pointer.
 */
struct gpio_core {
	struct gpio_table_config cfg;
	char consumer[32];		/* shown by gpioinfo: "pitboss-t1" */
	enum gpio_status status;
	char error[GPIO_ERR_MAX];
	struct gpio_input_stats stats[GPIO_INPUTS_MAX];
	int level[GPIO_OUTPUTS];	/* last level asked for, 0 or 1 */
	/* Foul pattern: which, its current step, when the next is due. */
	enum gpio_signal signal;
	size_t step;
	uint64_t step_due;
};

static inline struct gpio_core *gpio_core(struct gpio_board *board)
{
	return (struct gpio_core *)board;
}

static inline const struct gpio_core *
gpio_core_const(const struct gpio_board *board)
{
	return (const struct gpio_core *)board;
}

/* Checks a config and copies it in; -1 with a message if unusable. */
int gpio_core_init(struct gpio_core *core,
		   const struct gpio_table_config *config, char *err,
		   size_t errlen);

/* Sets the board's error: "table N: " and the message. */
void gpio_core_error(struct gpio_core *core, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * One edge on input `index`. `soft_debounce`: filter bounces here.
 * Writes an observation and returns 1 for a pulse, else returns 0.
 */
int gpio_core_edge(struct gpio_core *core, size_t index, int active,
		   uint64_t t_us, int soft_debounce, struct observation *out);

/*
 * Backend: drives output `which` to `level` (already in core->level).
 * 0 if done or nothing to do, -1 if the board went offline.
 */
int gpio_backend_write(struct gpio_board *board, enum gpio_output which,
		       int level);

/*
 * Backend: the value libgpiod takes for a bias (1.6: request flags,
 * 2.x: an enum gpiod_line_bias), for the boards and the lines alike.
 */
int gpio_backend_bias(enum gpio_bias bias);

/* ----------------------------------------------- lines read on demand */

struct gpio_lines_ops;

/*
 * The first member of each backend's struct gpio_lines (lines_v1.c,
 * lines_v2.c), so the shared code reaches it through a cast.
 */
struct gpio_lines_core {
	const struct gpio_lines_ops *ops;
	unsigned table;
	char consumer[32];		/* "pitboss-t1" */
	enum gpio_bias bias;
	struct gpio_line_spec spec[GPIO_LINES_MAX];
	size_t n;
	char error[GPIO_ERR_MAX];
};

static inline struct gpio_lines_core *gpio_lines_core(struct gpio_lines *l)
{
	return (struct gpio_lines_core *)l;
}

/* What a backend does with libgpiod for its lines. */
struct gpio_lines_ops {
	/* Finds every line on the chips and requests it: 0, or -1 with
	 * the error set. */
	int (*attach)(struct gpio_lines *l);
	/* Releases what attach() requested or opened. */
	void (*release)(struct gpio_lines *l);
	/* Drives output `i`: 0, or -1 with errno set. */
	int (*set)(struct gpio_lines *l, unsigned i, int level);
	/* Reads input `i`: 0 or 1, or -1 with errno set. */
	int (*get)(struct gpio_lines *l, unsigned i);
};

/*
 * gpio_lines_open() of a backend whose struct gpio_lines has `size`
 * bytes: checks, allocates, fills the core and attaches.
 */
struct gpio_lines *gpio_lines_core_open(size_t size,
					const struct gpio_lines_ops *ops,
					unsigned table,
					const struct gpio_line_spec *spec,
					size_t n, enum gpio_bias bias,
					char *err, size_t errlen);

/* Sets the lines' error: "table N: " and the message. */
void gpio_lines_fail(struct gpio_lines_core *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The error of line `i` found on no chip; -1. */
int gpio_lines_not_found(struct gpio_lines_core *c, size_t i);

#endif
