/*
 * scan.h - a board of switches, one per square, read by scanning: the
 * occupancy of every square as a game-neutral bitmap, debounced square
 * by square, with the alarm of a chain that reads the same level
 * everywhere for a long time (unplugged, or its data line stuck), and
 * that of a square whose switch chatters (scan_faulty()).
 *
 * Two wirings:
 *
 *  - SCAN_SHIFT_REGISTER: a chain of 74HC165 parallel-in serial-out
 *    registers read through three lines: load (/PL, pulsed low to latch
 *    the switches), clock (CP, the rising edge shifts) and data (Q7 of
 *    the register nearest the host). Square 8*r + d is input Dd of the
 *    register r places from the host. SCAN_MSB_FIRST (the 74HC165's
 *    order) shifts D7 out first, SCAN_LSB_FIRST D0.
 *
 *  - SCAN_MATRIX: rows driven one at a time, columns read, one diode
 *    per switch so that three closed corners of a rectangle do not make
 *    the fourth look closed. Square r*cols + c is row r, column c.
 *
 * The lines are reached through struct scan_pins, so the same scanner
 * runs on libgpiod lines, on fake chips in the tests and in bench/.
 * Line numbers: SCAN_LINE_LOAD, _CLOCK, _DATA for a chain; rows 0 to
 * rows-1 then columns rows to rows+cols-1 for a matrix. Which square is
 * which place of a game is the caller's business (place order).
 *
 * A square is debounced: its new value counts once it has read the
 * same for `debounce` scans in a row. Spare inputs (bits beyond
 * `squares`) are read but never reported; tied to the occupied level
 * they keep a healthy chain from ever reading uniform, so an empty
 * board is not taken for a stuck one.
 */
#ifndef PITBOSS_SCAN_H
#define PITBOSS_SCAN_H

#include <stddef.h>
#include <stdint.h>

#define SCAN_REGISTERS_MAX 64		/* 74HC165s in a chain */
#define SCAN_BITS_MAX (8 * SCAN_REGISTERS_MAX)
#define SCAN_MATRIX_LINES_MAX 64	/* rows + columns */

enum scan_kind { SCAN_SHIFT_REGISTER, SCAN_MATRIX, SCAN_KIND_COUNT };
enum scan_order { SCAN_MSB_FIRST, SCAN_LSB_FIRST, SCAN_ORDER_COUNT };

enum { SCAN_LINE_LOAD, SCAN_LINE_CLOCK, SCAN_LINE_DATA };

struct scan_config {
	enum scan_kind kind;
	unsigned registers;	/* shift registers in the chain */
	enum scan_order order;
	unsigned rows, cols;	/* matrix */
	unsigned squares;	/* squares reported, from 0 */
	int active_low;		/* a closed switch reads low; matrix: the
				 * driven row is low */
	unsigned debounce;	/* scans a square must hold, >= 1 */
	unsigned stuck_scans;	/* uniform scans that make the alarm; 0:
				 * never */
};

/* How the scanner reaches its lines. */
struct scan_pins {
	/* Drives output `line` to the electrical `level`: 0, or -1. */
	int (*set)(void *ctx, unsigned line, int level);
	/* The electrical level of input `line`: 0 or 1, or -1. */
	int (*get)(void *ctx, unsigned line);
	void *ctx;
};

/* The word of a kind or an order ("shift-register"), and back (-1). */
const char *scan_kind_name(enum scan_kind kind);
int scan_kind_find(const char *name);
const char *scan_order_name(enum scan_order order);
int scan_order_find(const char *name);

/* Bits read per scan: 8 per register, or rows * cols. */
unsigned scan_bits(const struct scan_config *c);
/* Lines the wiring uses (3 for a chain), and whether `line` is driven. */
unsigned scan_lines(const struct scan_config *c);
int scan_line_is_output(const struct scan_config *c, unsigned line);

/* 0 when the config can work, else -1 with why in `err`. */
int scan_check(const struct scan_config *c, char *err, size_t errlen);

struct scan;

/* A scanner, every square empty and settled; NULL with why. */
struct scan *scan_new(const struct scan_config *c,
		      const struct scan_pins *pins, char *err, size_t errlen);
void scan_free(struct scan *s);

/* scan_once() flags. */
#define SCAN_CHANGED 0x1u	/* the debounced board changed */
#define SCAN_STUCK 0x2u		/* the alarm has just started */
#define SCAN_UNSTUCK 0x4u	/* the alarm has just ended */
#define SCAN_FAULT 0x8u		/* a square's switch began or stopped
				   chattering (scan_faulty()) */

/* Changes in a row without holding for the debounce that make a
 * square's switch chatter: it is not trusted until it has held one
 * reading for stuck_scans scans (SCAN_CHATTER debounces when 0). */
#define SCAN_CHATTER 16

/*
 * Reads every switch once and debounces: the SCAN_ flags of what
 * happened, or -1 when a line could not be read or driven (the board
 * stays as it was). Allocates nothing.
 */
int scan_once(struct scan *s);

/* The debounced board: one byte per square, 1 occupied. */
const uint8_t *scan_board(const struct scan *s);
/* The last scan as read, before the debounce. */
const uint8_t *scan_raw(const struct scan *s);
/* Per square, 1 while its switch chatters (its board value is then
 * the last it held). */
const uint8_t *scan_faulty(const struct scan *s);
/* Whether the stuck alarm is on. */
int scan_is_stuck(const struct scan *s);
/* Whether the last scan read one level on every input, spares too. */
int scan_is_uniform(const struct scan *s);
/* Scans made; squares whose reading changed before it settled. */
unsigned long scan_count(const struct scan *s);
unsigned long scan_bounces(const struct scan *s);

/* The board as text: "1" occupied, "0" empty, in square order. */
void scan_format(const struct scan *s, char *buf, size_t len);

#endif
