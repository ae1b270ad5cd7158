/*
 * board_scan.h - a table's occupancy board read by scanning (gpio/scan.h
 * on gpio/lines.h), as driven by source_gpio.c when its `board` key
 * names a scanned board: a timer of the loop scans it `rate` times a
 * second, and each change of the debounced board becomes a snapshot
 * observation in the game's own text (the game's sensing table turns
 * the occupancy of its places, in place order, into that text). A chain
 * that reads one level everywhere for `stuck-ms` is logged as stuck and
 * shown in the table's status until it reads again; lines that fail are
 * let go of and looked for again every few seconds.
 */
#ifndef PITBOSS_BOARD_SCAN_H
#define PITBOSS_BOARD_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/conf.h"
#include "daemon/loop.h"
#include "daemon/source.h"
#include "gpio/lines.h"
#include "gpio/scan.h"

#define BOARD_SCAN_MATRIX_MAX 32	/* rows, and columns */

/* The `board` key's values; drops is source_gpio's own board. */
enum board_kind { BOARD_DROPS, BOARD_SHIFT_REGISTER, BOARD_MATRIX };

/* The keys of a scanned board, inside source_gpio's block. */
struct board_scan_conf {
	int board;				/* enum board_kind */
	char load[GPIO_NAME_MAX];
	char clock[GPIO_NAME_MAX];
	char data[GPIO_NAME_MAX];
	unsigned registers;			/* 0: as the places need */
	int order;				/* enum scan_order */
	char rows[BOARD_SCAN_MATRIX_MAX][GPIO_NAME_MAX];
	char cols[BOARD_SCAN_MATRIX_MAX][GPIO_NAME_MAX];
	unsigned rate_hz;
	unsigned debounce;			/* scans */
	uint64_t stuck_us;			/* 0: no alarm */
	/* Filled by the check. */
	struct scan_config scan;
	size_t nspec;
	struct gpio_line_spec spec[GPIO_LINES_MAX];
	int bias;				/* enum gpio_bias */
	unsigned line;				/* of 'source =', for claims */
};

/*
 * The scanned board of table c->table against its game: lines given
 * for the wiring and none for the other, room for every place; fills
 * the scanner's config and its lines. `bias`: of the inputs;
 * `active_low`: a closed switch reads low (a matrix row is driven low). 0, or -1 through conf_check_fail().
 */
int board_scan_check(const struct conf_check *c, struct board_scan_conf *b,
		     int bias, int active_low);

/* The board's lines as claims (see source_conf.claims). */
size_t board_scan_claims(const struct board_scan_conf *b,
			 struct conf_claim *out, size_t cap);

struct board_scan;

/* Starts scanning; lines not found yet are looked for again. NULL with
 * why in `err` only when the game cannot be set up. */
struct board_scan *board_scan_open(struct loop *loop,
				   const struct table_config *table,
				   const struct board_scan_conf *b,
				   source_emit_fn emit, void *ctx, char *err,
				   size_t errlen);
void board_scan_close(struct board_scan *bs);
/* "online", or why not (lines missing, the chain stuck). */
const char *board_scan_status(const struct board_scan *bs);

#endif
