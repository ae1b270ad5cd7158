/*
 * scan.c - a scanned switch board (scan.h): a 74HC165 chain or a
 * row/column matrix read through struct scan_pins, each square
 * debounced, the alarm of a chain reading uniform, and the alarm of
 * a square whose switch chatters.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpio/scan.h"

struct scan {
	struct scan_config cfg;
	struct scan_pins pins;
	unsigned nbits;
	uint8_t level[SCAN_BITS_MAX];	/* electrical, as read */
	uint8_t raw[SCAN_BITS_MAX];	/* occupancy as read */
	uint8_t board[SCAN_BITS_MAX];	/* debounced */
	uint16_t run[SCAN_BITS_MAX];	/* scans raw has held */
	uint8_t chatter[SCAN_BITS_MAX];	/* changes since it last held */
	uint8_t faulty[SCAN_BITS_MAX];	/* its switch chatters */
	unsigned uniform;		/* uniform scans in a row */
	int stuck;
	unsigned long scans, bounces;
};

static const char *const kind_names[SCAN_KIND_COUNT] = {
	[SCAN_SHIFT_REGISTER] = "shift-register",
	[SCAN_MATRIX] = "matrix",
};

static const char *const order_names[SCAN_ORDER_COUNT] = {
	[SCAN_MSB_FIRST] = "msb-first",
	[SCAN_LSB_FIRST] = "lsb-first",
};

const char *scan_kind_name(enum scan_kind kind)
{
	return (unsigned)kind < SCAN_KIND_COUNT ? kind_names[kind] : "?";
}

int scan_kind_find(const char *name)
{
	for (int i = 0; i < SCAN_KIND_COUNT; i++)
		if (strcmp(kind_names[i], name) == 0)
			return i;
	return -1;
}

const char *scan_order_name(enum scan_order order)
{
	return (unsigned)order < SCAN_ORDER_COUNT ? order_names[order] : "?";
}

int scan_order_find(const char *name)
{
	for (int i = 0; i < SCAN_ORDER_COUNT; i++)
		if (strcmp(order_names[i], name) == 0)
			return i;
	return -1;
}

unsigned scan_bits(const struct scan_config *c)
{
	return c->kind == SCAN_MATRIX ? c->rows * c->cols : 8 * c->registers;
}

unsigned scan_lines(const struct scan_config *c)
{
	return c->kind == SCAN_MATRIX ? c->rows + c->cols : 3;
}

int scan_line_is_output(const struct scan_config *c, unsigned line)
{
	if (c->kind == SCAN_MATRIX)
		return line < c->rows;
	return line != SCAN_LINE_DATA;
}

static int say(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL && errlen > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int scan_check(const struct scan_config *c, char *err, size_t errlen)
{
	if (c->kind == SCAN_SHIFT_REGISTER &&
	    (c->registers == 0 || c->registers > SCAN_REGISTERS_MAX))
		return say(err, errlen, "%u shift registers (1 to %d)",
			   c->registers, SCAN_REGISTERS_MAX);
	if (c->kind == SCAN_SHIFT_REGISTER &&
	    (unsigned)c->order >= SCAN_ORDER_COUNT)
		return say(err, errlen, "unknown bit order %d", (int)c->order);
	if (c->kind == SCAN_MATRIX &&
	    (c->rows == 0 || c->cols == 0 ||
	     c->rows + c->cols > SCAN_MATRIX_LINES_MAX))
		return say(err, errlen, "a %ux%u matrix (rows and columns: 1 "
			   "or more, %d lines in all)", c->rows, c->cols,
			   SCAN_MATRIX_LINES_MAX);
	if ((unsigned)c->kind >= SCAN_KIND_COUNT)
		return say(err, errlen, "unknown board kind %d", (int)c->kind);
	if (c->squares == 0 || c->squares > scan_bits(c))
		return say(err, errlen, "%u squares on a board of %u switches",
			   c->squares, scan_bits(c));
	if (c->debounce == 0 || c->debounce > UINT16_MAX)
		return say(err, errlen, "debounce of %u scans (1 to %u)",
			   c->debounce, (unsigned)UINT16_MAX);
	return 0;
}

struct scan *scan_new(const struct scan_config *c,
		      const struct scan_pins *pins, char *err, size_t errlen)
{
	struct scan *s;

	if (scan_check(c, err, errlen) < 0)
		return NULL;
	s = calloc(1, sizeof(*s));
	if (s == NULL) {
		say(err, errlen, "out of memory");
		return NULL;
	}
	s->cfg = *c;
	s->pins = *pins;
	s->nbits = scan_bits(c);
	return s;
}

void scan_free(struct scan *s)
{
	free(s);
}

/* ------------------------------------------------------------ reading */

static int set(struct scan *s, unsigned line, int level)
{
	return s->pins.set(s->pins.ctx, line, level);
}

/*
 * The chain: /PL low latches the switches, high again; then Q7 is read
 * before each rising clock edge, which brings the next bit.
 */
static int read_chain(struct scan *s)
{
	unsigned lsb = s->cfg.order == SCAN_LSB_FIRST;

	if (set(s, SCAN_LINE_CLOCK, 0) < 0 || set(s, SCAN_LINE_LOAD, 0) < 0 ||
	    set(s, SCAN_LINE_LOAD, 1) < 0)
		return -1;
	for (unsigned i = 0; i < s->nbits; i++) {
		unsigned d = lsb ? i % 8 : 7 - i % 8;
		int v = s->pins.get(s->pins.ctx, SCAN_LINE_DATA);

		if (v < 0)
			return -1;
		s->level[i - i % 8 + d] = (uint8_t)v;
		if (set(s, SCAN_LINE_CLOCK, 1) < 0 ||
		    set(s, SCAN_LINE_CLOCK, 0) < 0)
			return -1;
	}
	return 0;
}

/* The matrix: each row driven in turn, every column read. */
static int read_matrix(struct scan *s)
{
	int on = s->cfg.active_low ? 0 : 1;
	unsigned rows = s->cfg.rows, cols = s->cfg.cols;

	for (unsigned r = 0; r < rows; r++)
		if (set(s, r, !on) < 0)
			return -1;
	for (unsigned r = 0; r < rows; r++) {
		if (set(s, r, on) < 0)
			return -1;
		for (unsigned c = 0; c < cols; c++) {
			int v = s->pins.get(s->pins.ctx, rows + c);

			if (v < 0)
				return -1;
			s->level[r * cols + c] = (uint8_t)v;
		}
		if (set(s, r, !on) < 0)
			return -1;
	}
	return 0;
}

/* Scans a chattering square must hold a reading to be trusted again. */
static unsigned trust_scans(const struct scan *s)
{
	unsigned n = s->cfg.stuck_scans ? s->cfg.stuck_scans :
		     SCAN_CHATTER * s->cfg.debounce;

	return n < UINT16_MAX ? n : UINT16_MAX;
}

/* One square's reading against its debounced value: SCAN_CHANGED when
 * the board changed, SCAN_FAULT when its switch began or stopped
 * chattering (SCAN_CHATTER changes in a row, each before the last held). */
static unsigned settle(struct scan *s, unsigned i, uint8_t now)
{
	unsigned flags = 0;

	if (now != s->raw[i]) {
		if (s->raw[i] != s->board[i])
			s->bounces++;	/* changed again before it held */
		if (s->run[i] < s->cfg.debounce && s->chatter[i] < UINT8_MAX)
			s->chatter[i]++;
		s->raw[i] = now;
		s->run[i] = 0;
	}
	if (s->run[i] < UINT16_MAX)
		s->run[i]++;
	if (s->run[i] >= s->cfg.debounce && !s->faulty[i])
		s->chatter[i] = 0;
	if (!s->faulty[i] && s->chatter[i] >= SCAN_CHATTER) {
		s->faulty[i] = 1;
		flags |= SCAN_FAULT;
	} else if (s->faulty[i] && s->run[i] >= trust_scans(s)) {
		s->faulty[i] = 0;
		s->chatter[i] = 0;
		flags |= SCAN_FAULT;
	}
	if (now != s->board[i] && s->run[i] >= s->cfg.debounce) {
		s->board[i] = now;
		flags |= SCAN_CHANGED;
	}
	return flags;
}

/* The alarm: every bit at one level for stuck_scans scans. */
static unsigned watch_stuck(struct scan *s)
{
	int uniform = 1;

	for (unsigned i = 1; i < s->nbits && uniform; i++)
		uniform = s->level[i] == s->level[0];
	if (!uniform) {
		s->uniform = 0;
		if (!s->stuck)
			return 0;
		s->stuck = 0;
		return SCAN_UNSTUCK;
	}
	if (s->uniform < UINT32_MAX)
		s->uniform++;
	if (s->stuck || s->cfg.stuck_scans == 0 ||
	    s->uniform < s->cfg.stuck_scans)
		return 0;
	s->stuck = 1;
	return SCAN_STUCK;
}

int scan_once(struct scan *s)
{
	unsigned flags = 0;
	uint8_t closed = s->cfg.active_low ? 0 : 1;
	int rc = s->cfg.kind == SCAN_MATRIX ? read_matrix(s) : read_chain(s);

	if (rc < 0)
		return -1;
	s->scans++;
	for (unsigned i = 0; i < s->cfg.squares; i++)
		flags |= settle(s, i, s->level[i] == closed);
	return (int)(flags | watch_stuck(s));
}

const uint8_t *scan_board(const struct scan *s)
{
	return s->board;
}

const uint8_t *scan_raw(const struct scan *s)
{
	return s->raw;
}

const uint8_t *scan_faulty(const struct scan *s)
{
	return s->faulty;
}

int scan_is_stuck(const struct scan *s)
{
	return s->stuck;
}

int scan_is_uniform(const struct scan *s)
{
	return s->uniform > 0;
}

unsigned long scan_count(const struct scan *s)
{
	return s->scans;
}

unsigned long scan_bounces(const struct scan *s)
{
	return s->bounces;
}

void scan_format(const struct scan *s, char *buf, size_t len)
{
	size_t n = 0;

	if (len == 0)
		return;
	for (unsigned i = 0; i < s->cfg.squares && n + 1 < len; i++)
		buf[n++] = s->board[i] ? '1' : '0';
	buf[n] = '\0';
}
