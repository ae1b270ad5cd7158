/*
 * test_scan.c - the scanned switch board (gpio/scan.c) on fake chips: a
 * chain of 74HC165s modelled gate by gate (parallel load, shift on the
 * rising clock edge, each register's serial input from the next one's
 * Q7) shifting out a given board in either bit order, a square that
 * bounces, one whose switch chatters, a chain that reads stuck and comes back, spare inputs that
 * keep an empty board from looking stuck, and a row/column matrix whose
 * diodes keep ghosts out (the same fake without diodes shows one).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gpio/scan.h"

/* ---------------------------------------------------- a fake 74HC165 */

struct chain {
	unsigned registers;
	int reversed;			/* D0 wired to the square of D7 */
	uint8_t in[SCAN_BITS_MAX];	/* electrical level at each input */
	uint8_t sr[SCAN_REGISTERS_MAX];	/* the registers' flip-flops */
	int ds;				/* serial input of the last one */
	int load, clock;		/* line levels */
	int data_stuck;			/* -1, or the level data reads */
	int fail;			/* reads fail */
	unsigned long edges;		/* rising clock edges shifted */
};

static uint8_t latch(const struct chain *f, unsigned r)
{
	uint8_t v = 0;

	for (unsigned d = 0; d < 8; d++) {
		unsigned sq = 8 * r + (f->reversed ? 7 - d : d);

		v |= (uint8_t)(f->in[sq] << d);
	}
	return v;
}

static int chain_set(void *ctx, unsigned line, int level)
{
	struct chain *f = ctx;

	if (line == SCAN_LINE_LOAD) {
		f->load = level;
		if (level == 0)	/* /PL low: asynchronous parallel load */
			for (unsigned r = 0; r < f->registers; r++)
				f->sr[r] = latch(f, r);
		return 0;
	}
	assert_int_equal(line, SCAN_LINE_CLOCK);
	if (level == 1 && f->clock == 0 && f->load == 1) {
		for (unsigned r = 0; r < f->registers; r++) {
			int in = r + 1 < f->registers ? f->sr[r + 1] >> 7 :
				 f->ds;

			f->sr[r] = (uint8_t)(f->sr[r] << 1 | (in & 1));
		}
		f->edges++;
	}
	f->clock = level;
	return 0;
}

static int chain_get(void *ctx, unsigned line)
{
	struct chain *f = ctx;

	assert_int_equal(line, SCAN_LINE_DATA);
	if (f->fail)
		return -1;
	if (f->data_stuck >= 0)
		return f->data_stuck;
	return f->load == 0 ? latch(f, 0) >> 7 : f->sr[0] >> 7;
}

static void chain_init(struct chain *f, unsigned registers, int idle)
{
	memset(f, 0, sizeof(*f));
	f->registers = registers;
	f->data_stuck = -1;
	f->load = 1;
	memset(f->in, idle, sizeof(f->in));
}

/* An 11x11 board on 16 registers, switches closing to ground. */
static struct scan_config board11(unsigned debounce)
{
	struct scan_config c = {
		.kind = SCAN_SHIFT_REGISTER, .registers = 16,
		.order = SCAN_MSB_FIRST, .squares = 121, .active_low = 1,
		.debounce = debounce, .stuck_scans = 40,
	};
	return c;
}

static struct scan *open_chain(struct chain *f, const struct scan_config *c)
{
	struct scan_pins pins = { chain_set, chain_get, f };
	char err[128] = "";
	struct scan *s = scan_new(c, &pins, err, sizeof(err));

	assert_non_null(s);
	return s;
}

/* Square i occupied in the pattern of the test: every third, and 120. */
static int pattern(unsigned i)
{
	return i % 3 == 0 || i == 120;
}

static void test_chain_shifts_board(void **state)
{
	struct chain f;
	struct scan_config c = board11(1);
	struct scan *s;
	const uint8_t *b;

	(void)state;
	for (int order = 0; order < SCAN_ORDER_COUNT; order++) {
		chain_init(&f, 16, 1);
		f.reversed = order == SCAN_LSB_FIRST;
		for (unsigned i = 0; i < 121; i++)
			f.in[i] = pattern(i) ? 0 : 1;	/* closed: low */
		for (unsigned i = 121; i < 128; i++)
			f.in[i] = 0;			/* spares tied closed */
		c.order = (enum scan_order)order;
		s = open_chain(&f, &c);
		assert_int_equal(scan_once(s), SCAN_CHANGED);
		assert_int_equal(f.edges, 128);
		b = scan_board(s);
		for (unsigned i = 0; i < 121; i++)
			assert_int_equal(b[i], pattern(i));
		assert_int_equal(scan_once(s), 0);	/* nothing new */
		scan_free(s);
	}
}

static void test_chain_wrong_order_misreads(void **state)
{
	struct chain f;
	struct scan_config c = board11(1);
	struct scan *s;

	(void)state;
	chain_init(&f, 16, 1);
	f.in[0] = 0;		/* D0 of the first register closed */
	s = open_chain(&f, &c);
	assert_int_equal(scan_once(s), SCAN_CHANGED);
	assert_int_equal(scan_board(s)[0], 1);
	scan_free(s);
	c.order = SCAN_LSB_FIRST;	/* a chain wired the other way */
	s = open_chain(&f, &c);
	scan_once(s);
	assert_int_equal(scan_board(s)[0], 0);
	assert_int_equal(scan_board(s)[7], 1);
	scan_free(s);
}

static void test_bounce_is_debounced(void **state)
{
	struct chain f;
	struct scan_config c = board11(3);
	struct scan *s;
	char text[200];

	(void)state;
	chain_init(&f, 16, 1);
	s = open_chain(&f, &c);
	assert_int_equal(scan_once(s), 0);
	/* A piece put down on square 60: contacts chatter for 4 scans. */
	for (int k = 0; k < 4; k++) {
		f.in[60] = (uint8_t)(k % 2);	/* closed, open, closed... */
		assert_int_equal(scan_once(s) & SCAN_CHANGED, 0);
		assert_int_equal(scan_board(s)[60], 0);
	}
	f.in[60] = 0;	/* settled closed: three scans to count */
	assert_int_equal(scan_once(s) & SCAN_CHANGED, 0);
	assert_int_equal(scan_once(s) & SCAN_CHANGED, 0);
	assert_int_equal(scan_once(s) & SCAN_CHANGED, SCAN_CHANGED);
	assert_int_equal(scan_board(s)[60], 1);
	assert_true(scan_bounces(s) >= 2);
	scan_format(s, text, sizeof(text));
	assert_int_equal(strlen(text), 121);
	assert_int_equal(text[60], '1');
	assert_int_equal(strchr(text, '1') - text, 60);
	/* Lifted and put back within the debounce: no change at all. */
	f.in[60] = 1;
	assert_int_equal(scan_once(s), 0);
	f.in[60] = 0;
	assert_int_equal(scan_once(s), 0);
	assert_int_equal(scan_once(s), 0);
	assert_int_equal(scan_board(s)[60], 1);
	scan_free(s);
}

/* A switch that chatters (changes every scan, never holding) is said
 * faulty once, its board value the last it held; a bounce is not; it
 * is trusted again once it has held a reading for stuck_scans. */
static void test_chattering_switch_alarms(void **state)
{
	struct chain f;
	struct scan_config c = board11(3);
	struct scan *s;
	int flags = 0, k;

	(void)state;
	chain_init(&f, 16, 1);
	s = open_chain(&f, &c);
	assert_int_equal(scan_once(s), 0);
	/* A piece put down on square 60, its contacts bouncing 4 times. */
	for (k = 0; k < 4; k++) {
		f.in[60] = (uint8_t)(k % 2);
		flags |= scan_once(s);
	}
	f.in[60] = 0;
	for (k = 0; k < 3; k++)
		flags |= scan_once(s);
	assert_int_equal(flags, SCAN_CHANGED);
	assert_int_equal(scan_faulty(s)[60], 0);
	/* Square 7's switch chatters: faulty after SCAN_CHATTER changes
	 * that each came before the last had held. */
	flags = 0;
	for (k = 0; k <= SCAN_CHATTER; k++) {
		assert_int_equal(flags & SCAN_FAULT, 0);
		f.in[7] = (uint8_t)(k % 2);
		flags |= scan_once(s);
	}
	assert_int_equal(flags, SCAN_FAULT);
	assert_int_equal(scan_faulty(s)[7], 1);
	assert_int_equal(scan_board(s)[7], 0);
	assert_int_equal(scan_faulty(s)[60], 0);
	/* Said once, while it goes on. */
	for (k = 0; k < 10; k++) {
		f.in[7] = (uint8_t)(k % 2);
		assert_int_equal(scan_once(s) & SCAN_FAULT, 0);
	}
	/* It holds closed: the board follows after the debounce, but the
	 * square is trusted only after stuck_scans. */
	f.in[7] = 0;
	flags = 0;
	for (k = 0; k < (int)c.stuck_scans - 1; k++)
		flags |= scan_once(s);
	assert_int_equal(flags, SCAN_CHANGED);
	assert_int_equal(scan_faulty(s)[7], 1);
	assert_int_equal(scan_once(s), SCAN_FAULT);
	assert_int_equal(scan_faulty(s)[7], 0);
	assert_int_equal(scan_board(s)[7], 1);
	scan_free(s);
}

static void test_stuck_chain_alarms(void **state)
{
	struct chain f;
	struct scan_config c = board11(2);
	struct scan *s;
	int flags = 0;

	(void)state;
	chain_init(&f, 16, 1);
	for (unsigned i = 121; i < 128; i++)
		f.in[i] = 0;
	s = open_chain(&f, &c);
	/* An empty board for long: the spares keep it from looking stuck. */
	for (int k = 0; k < 100; k++)
		assert_int_equal(scan_once(s), 0);
	assert_false(scan_is_stuck(s));
	/* The data line pulled high for good: an unplugged chain. */
	f.data_stuck = 1;
	for (unsigned k = 0; k < c.stuck_scans - 1; k++)
		flags |= scan_once(s);
	assert_int_equal(flags, 0);
	assert_false(scan_is_stuck(s));
	assert_int_equal(scan_once(s), SCAN_STUCK);
	assert_true(scan_is_stuck(s));
	assert_int_equal(scan_once(s), 0);	/* said once */
	/* Stuck low: every square reads closed; the debounced board
	 * follows, but the alarm stays on. */
	f.data_stuck = 0;
	assert_int_equal(scan_once(s), 0);
	assert_int_equal(scan_once(s), SCAN_CHANGED);
	assert_true(scan_is_stuck(s));
	f.data_stuck = -1;
	assert_int_equal(scan_once(s), SCAN_UNSTUCK);
	assert_false(scan_is_stuck(s));
	assert_int_equal(scan_once(s), SCAN_CHANGED);	/* empty again */
	assert_int_equal(scan_board(s)[5], 0);
	scan_free(s);
}

static void test_read_failure(void **state)
{
	struct chain f;
	struct scan_config c = board11(1);
	struct scan *s;

	(void)state;
	chain_init(&f, 16, 1);
	f.in[3] = 0;
	s = open_chain(&f, &c);
	f.fail = 1;
	assert_int_equal(scan_once(s), -1);
	assert_int_equal(scan_board(s)[3], 0);
	assert_int_equal(scan_count(s), 0);
	f.fail = 0;
	assert_int_equal(scan_once(s), SCAN_CHANGED);
	assert_int_equal(scan_count(s), 1);
	scan_free(s);
}

static void test_config_checks(void **state)
{
	struct scan_config c = board11(1);
	char err[128];

	(void)state;
	assert_int_equal(scan_check(&c, err, sizeof(err)), 0);
	c.squares = 129;
	assert_int_equal(scan_check(&c, err, sizeof(err)), -1);
	assert_string_equal(err, "129 squares on a board of 128 switches");
	c = board11(0);
	assert_int_equal(scan_check(&c, err, sizeof(err)), -1);
	c = board11(1);
	c.registers = 0;
	assert_int_equal(scan_check(&c, err, sizeof(err)), -1);
	c = board11(1);
	c.kind = SCAN_MATRIX;
	c.rows = 11;
	c.cols = 11;
	assert_int_equal(scan_check(&c, err, sizeof(err)), 0);
	assert_int_equal(scan_lines(&c), 22);
	assert_true(scan_line_is_output(&c, 10));
	assert_false(scan_line_is_output(&c, 11));
	c.cols = 60;
	assert_int_equal(scan_check(&c, err, sizeof(err)), -1);
	assert_int_equal(scan_kind_find("matrix"), SCAN_MATRIX);
	assert_int_equal(scan_order_find("lsb-first"), SCAN_LSB_FIRST);
	assert_int_equal(scan_kind_find("ring"), -1);
}

/* ------------------------------------------------------ a fake matrix */

#define MROWS 4
#define MCOLS 4

struct matrix {
	int diodes;
	uint8_t closed[MROWS][MCOLS];
	int row[MROWS];			/* driven levels */
};

static int matrix_set(void *ctx, unsigned line, int level)
{
	struct matrix *m = ctx;

	assert_true(line < MROWS);
	m->row[line] = level;
	return 0;
}

/*
 * Column c reads low (active-low wiring) when current reaches it from a
 * row driven low. Through diodes only straight from the row; without,
 * also back through any closed switch to other columns and rows.
 */
static int matrix_get(void *ctx, unsigned line)
{
	struct matrix *m = ctx;
	unsigned c = line - MROWS;
	int row_on[MROWS], col_on[MCOLS] = { 0 }, grew = 1;

	assert_true(line >= MROWS && c < MCOLS);
	for (unsigned r = 0; r < MROWS; r++)
		row_on[r] = m->row[r] == 0;
	while (grew) {
		grew = 0;
		for (unsigned r = 0; r < MROWS; r++)
			for (unsigned k = 0; k < MCOLS; k++) {
				if (!m->closed[r][k])
					continue;
				if (row_on[r] && !col_on[k])
					col_on[k] = grew = 1;
				if (!m->diodes && col_on[k] && !row_on[r])
					row_on[r] = grew = 1;
			}
	}
	return col_on[c] ? 0 : 1;
}

static unsigned matrix_count(struct matrix *m)
{
	struct scan_config c = {
		.kind = SCAN_MATRIX, .rows = MROWS, .cols = MCOLS,
		.squares = MROWS * MCOLS, .active_low = 1, .debounce = 1,
	};
	struct scan_pins pins = { matrix_set, matrix_get, m };
	struct scan *s = scan_new(&c, &pins, NULL, 0);
	unsigned n = 0;

	assert_non_null(s);
	assert_int_equal(scan_once(s), SCAN_CHANGED);
	for (unsigned i = 0; i < MROWS * MCOLS; i++)
		n += scan_board(s)[i];
	assert_int_equal(scan_board(s)[1 * MCOLS + 2], 1);
	for (unsigned r = 0; r < MROWS; r++)
		assert_int_equal(m->row[r], 1);	/* all released */
	scan_free(s);
	return n;
}

static void test_matrix_no_ghost_with_diodes(void **state)
{
	struct matrix m = { .diodes = 1 };

	(void)state;
	/* Three corners of a rectangle: (1,2) (1,3) (3,2); (3,3) open. */
	m.closed[1][2] = m.closed[1][3] = m.closed[3][2] = 1;
	assert_int_equal(matrix_count(&m), 3);
	/* The fake is honest: without diodes, (3,3) shows as a ghost. */
	m.diodes = 0;
	assert_int_equal(matrix_count(&m), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chain_shifts_board),
		cmocka_unit_test(test_chain_wrong_order_misreads),
		cmocka_unit_test(test_bounce_is_debounced),
		cmocka_unit_test(test_chattering_switch_alarms),
		cmocka_unit_test(test_stuck_chain_alarms),
		cmocka_unit_test(test_read_failure),
		cmocka_unit_test(test_config_checks),
		cmocka_unit_test(test_matrix_no_ghost_with_diodes),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
