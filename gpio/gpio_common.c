/*
 * gpio_common.c - the parts of a GPIO board that do not touch libgpiod:
 * config checks, edges to observations (with the software debounce of
 * the 1.6 backend), line counters, and the foul output's patterns; and
 * of the lines read on demand (lines.h): their checks, their errors and
 * the calls on them, a backend's ops doing the libgpiod part.
 */
#include "config.h"

#include <stdarg.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpio/gpio_impl.h"

static const char *const bias_names[GPIO_BIAS_COUNT] = {
	[GPIO_BIAS_AS_IS] = "as-is",
	[GPIO_BIAS_DISABLE] = "disable",
	[GPIO_BIAS_PULL_UP] = "pull-up",
	[GPIO_BIAS_PULL_DOWN] = "pull-down",
};

const char *gpio_bias_name(enum gpio_bias bias)
{
	return (unsigned)bias < GPIO_BIAS_COUNT ? bias_names[bias] : "?";
}

int gpio_bias_find(const char *name)
{
	for (int i = 0; i < GPIO_BIAS_COUNT; i++)
		if (strcmp(bias_names[i], name) == 0)
			return i;
	return -1;
}

/*
 * Foul output patterns in milliseconds, on and off in turn, starting
 * on. Long and few for a foul, short and many for a sensor, so the two
 * are told apart without looking.
 */
static const unsigned foul_pattern[] = { 600, 200, 600, 200, 600 };
static const unsigned sensor_pattern[] = {
	100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100
};

static const struct {
	const unsigned *ms;
	size_t steps;
} patterns[GPIO_SIGNAL_COUNT] = {
	[GPIO_SIGNAL_FOUL] = { foul_pattern,
			       sizeof(foul_pattern) / sizeof(foul_pattern[0]) },
	[GPIO_SIGNAL_SENSOR] = { sensor_pattern, sizeof(sensor_pattern) /
						 sizeof(sensor_pattern[0]) },
};

void gpio_input_describe(const struct gpio_input *input, char *buf,
			 size_t len)
{
	const char *what = "input";

	switch (input->kind) {
	case OBS_DROP:
		what = "drop sensor";
		break;
	case OBS_LIFT:
		what = "lift sensor";
		break;
	case OBS_BUTTON:
		what = "button";
		break;
	default:
		break;
	}
	snprintf(buf, len, "%s %s", what, input->where);
}

const char *gpio_output_describe(enum gpio_output which)
{
	static const char *const names[GPIO_OUTPUTS] = {
		[GPIO_OUT_TURN_S] = "turn LED S",
		[GPIO_OUT_TURN_N] = "turn LED N",
		[GPIO_OUT_FOUL] = "foul output",
	};

	return (unsigned)which < GPIO_OUTPUTS ? names[which] : "?";
}

static void say(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* The i-th line name of a table: its inputs, then its outputs. */
static const char *line_name_at(const struct gpio_table_config *c, size_t i)
{
	return i < c->ninputs ? c->input[i].line : c->output[i - c->ninputs];
}

static int check_names(const struct gpio_table_config *c, char *err,
		       size_t errlen)
{
	size_t total = c->ninputs + GPIO_OUTPUTS;

	for (size_t i = 0; i < total; i++) {
		const char *name = line_name_at(c, i);

		if (memchr(name, '\0', GPIO_NAME_MAX) == NULL) {
			say(err, errlen, "table %u: a line name is too long",
			    c->table);
			return -1;
		}
		if (name[0] == '\0')
			continue;
		for (size_t j = 0; j < i; j++)
			if (strcmp(name, line_name_at(c, j)) == 0) {
				say(err, errlen,
				    "table %u: line '%s' is used twice",
				    c->table, name);
				return -1;
			}
	}
	return 0;
}

int gpio_core_init(struct gpio_core *core,
		   const struct gpio_table_config *c, char *err, size_t errlen)
{
	if (c->ninputs == 0 || c->ninputs > GPIO_INPUTS_MAX) {
		say(err, errlen, "table %u: %zu input lines (1 to %d)",
		    c->table, c->ninputs, GPIO_INPUTS_MAX);
		return -1;
	}
	if ((unsigned)c->bias >= GPIO_BIAS_COUNT) {
		say(err, errlen, "table %u: unknown bias %d", c->table,
		    (int)c->bias);
		return -1;
	}
	for (size_t i = 0; i < c->ninputs; i++) {
		const struct gpio_input *in = &c->input[i];

		if (in->kind != OBS_DROP && in->kind != OBS_LIFT &&
		    in->kind != OBS_BUTTON) {
			say(err, errlen,
			    "table %u: input %zu is not a drop, lift or button",
			    c->table, i);
			return -1;
		}
		if (in->line[0] == '\0') {
			say(err, errlen, "table %u: input %zu has no line name",
			    c->table, i);
			return -1;
		}
	}
	if (check_names(c, err, errlen) < 0)
		return -1;
	memset(core, 0, sizeof(*core));
	core->cfg = *c;
	snprintf(core->consumer, sizeof(core->consumer), "pitboss-t%u",
		 c->table);
	core->status = GPIO_OFFLINE;
	return 0;
}

/* "table N: " and the message into `buf`. */
static void say_table(char *buf, size_t len, unsigned table, const char *fmt,
		      va_list ap)
{
	int n = snprintf(buf, len, "table %u: ", table);

	if (n < 0 || (size_t)n >= len)
		return;
	vsnprintf(buf + n, len - (size_t)n, fmt, ap);
}

void gpio_core_error(struct gpio_core *core, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_table(core->error, sizeof(core->error), core->cfg.table, fmt, ap);
	va_end(ap);
}

int gpio_core_edge(struct gpio_core *core, size_t index, int active,
		   uint64_t t_us, int soft_debounce, struct observation *out)
{
	struct gpio_input_stats *st = &core->stats[index];
	const struct gpio_input *in = &core->cfg.input[index];

	st->edges++;
	if (!active)
		return 0;
	if (soft_debounce && st->pulses > 0 && t_us >= st->last_us &&
	    t_us - st->last_us < core->cfg.debounce_us) {
		st->bounces++;
		return 0;
	}
	st->pulses++;
	st->last_us = t_us;
	memset(out, 0, sizeof(*out));
	out->t_us = t_us;
	out->table = core->cfg.table;
	out->kind = in->kind;
	snprintf(out->where, sizeof(out->where), "%s", in->where);
	return 1;
}

/* ---- the public calls that need no backend of their own */

enum gpio_status gpio_board_status(const struct gpio_board *board)
{
	return gpio_core_const(board)->status;
}

const char *gpio_board_error(const struct gpio_board *board)
{
	return gpio_core_const(board)->error;
}

const struct gpio_input_stats *gpio_board_stats(const struct gpio_board *board,
						size_t index)
{
	const struct gpio_core *core = gpio_core_const(board);

	return index < core->cfg.ninputs ? &core->stats[index] : NULL;
}

int gpio_board_has_output(const struct gpio_board *board,
			  enum gpio_output which)
{
	const struct gpio_core *core = gpio_core_const(board);

	return (unsigned)which < GPIO_OUTPUTS &&
	       core->cfg.output[which][0] != '\0';
}

static int drive(struct gpio_board *board, enum gpio_output which, int on)
{
	struct gpio_core *core = gpio_core(board);

	core->level[which] = on ? 1 : 0;
	if (core->cfg.output[which][0] == '\0' ||
	    core->status != GPIO_ONLINE)
		return 0;
	return gpio_backend_write(board, which, core->level[which]);
}

int gpio_board_set_output(struct gpio_board *board, enum gpio_output which,
			  int on)
{
	if ((unsigned)which >= GPIO_OUTPUTS)
		return 0;
	return drive(board, which, on);
}

int gpio_board_signal(struct gpio_board *board, enum gpio_signal signal,
		      uint64_t now_us)
{
	struct gpio_core *core = gpio_core(board);

	if ((unsigned)signal >= GPIO_SIGNAL_COUNT || signal == GPIO_SIGNAL_NONE) {
		core->signal = GPIO_SIGNAL_NONE;
		core->step_due = 0;
		return drive(board, GPIO_OUT_FOUL, 0);
	}
	core->signal = signal;
	core->step = 0;
	core->step_due = now_us + 1000ull * patterns[signal].ms[0];
	return drive(board, GPIO_OUT_FOUL, 1);
}

enum gpio_signal gpio_board_signal_playing(const struct gpio_board *board)
{
	return gpio_core_const(board)->signal;
}

uint64_t gpio_board_deadline(const struct gpio_board *board)
{
	const struct gpio_core *core = gpio_core_const(board);

	return core->signal == GPIO_SIGNAL_NONE ? 0 : core->step_due;
}

int gpio_board_tick(struct gpio_board *board, uint64_t now_us)
{
	struct gpio_core *core = gpio_core(board);
	int level = core->level[GPIO_OUT_FOUL];

	while (core->signal != GPIO_SIGNAL_NONE && now_us >= core->step_due) {
		core->step++;
		if (core->step >= patterns[core->signal].steps) {
			core->signal = GPIO_SIGNAL_NONE;
			core->step_due = 0;
			level = 0;
			break;
		}
		/* Even steps are "on": the pattern starts on. */
		level = core->step % 2 == 0;
		core->step_due += 1000ull * patterns[core->signal].ms[core->step];
	}
	if (level == core->level[GPIO_OUT_FOUL])
		return 0;
	return drive(board, GPIO_OUT_FOUL, level);
}

/* ----------------------------------------------- lines read on demand */

void gpio_lines_fail(struct gpio_lines_core *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_table(c->error, sizeof(c->error), c->table, fmt, ap);
	va_end(ap);
}

int gpio_lines_not_found(struct gpio_lines_core *c, size_t i)
{
	gpio_lines_fail(c, "line '%s' (%s) not found on any GPIO chip",
			c->spec[i].name, c->spec[i].what);
	return -1;
}

struct gpio_lines *gpio_lines_core_open(size_t size,
					const struct gpio_lines_ops *ops,
					unsigned table,
					const struct gpio_line_spec *spec,
					size_t n, enum gpio_bias bias,
					char *err, size_t errlen)
{
	struct gpio_lines *l;
	struct gpio_lines_core *c;

	if (n == 0 || n > GPIO_LINES_MAX) {
		snprintf(err, errlen, "table %u: %zu lines (1 to %d)", table,
			 n, GPIO_LINES_MAX);
		return NULL;
	}
	l = calloc(1, size);
	if (l == NULL) {
		snprintf(err, errlen, "table %u: out of memory", table);
		return NULL;
	}
	c = gpio_lines_core(l);
	c->ops = ops;
	c->table = table;
	c->bias = bias;
	c->n = n;
	memcpy(c->spec, spec, n * sizeof(*spec));
	snprintf(c->consumer, sizeof(c->consumer), "pitboss-t%u", table);
	if (ops->attach(l) < 0) {
		snprintf(err, errlen, "%s", c->error);
		ops->release(l);
		free(l);
		return NULL;
	}
	return l;
}

void gpio_lines_close(struct gpio_lines *l)
{
	if (l == NULL)
		return;
	gpio_lines_core(l)->ops->release(l);
	free(l);
}

int gpio_lines_set(void *lines, unsigned i, int level)
{
	struct gpio_lines_core *c = gpio_lines_core(lines);

	if (i >= c->n || !c->spec[i].output) {
		gpio_lines_fail(c, "line %u is not an output", i);
		return -1;
	}
	if (c->ops->set(lines, i, level) < 0) {
		gpio_lines_fail(c, "setting line '%s' (%s): %s",
				c->spec[i].name, c->spec[i].what,
				strerror(errno));
		return -1;
	}
	return 0;
}

int gpio_lines_get(void *lines, unsigned i)
{
	struct gpio_lines_core *c = gpio_lines_core(lines);
	int v;

	if (i >= c->n || c->spec[i].output) {
		gpio_lines_fail(c, "line %u is not an input", i);
		return -1;
	}
	v = c->ops->get(lines, i);
	if (v < 0) {
		gpio_lines_fail(c, "reading line '%s' (%s): %s",
				c->spec[i].name, c->spec[i].what,
				strerror(errno));
		return -1;
	}
	return v;
}

const char *gpio_lines_error(const struct gpio_lines *l)
{
	return ((const struct gpio_lines_core *)l)->error;
}
