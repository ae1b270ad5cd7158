/*
 * gpio_impl.h - what the two libgpiod backends share (gpio_common.c):
 * the board state that does not depend on libgpiod, the edge-to-
 * observation step with its software debounce, and the foul pattern
 * player. Not for use outside gpio/.
 */
#ifndef PITBOSS_GPIO_IMPL_H
#define PITBOSS_GPIO_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "gpio/gpio.h"

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

#endif
