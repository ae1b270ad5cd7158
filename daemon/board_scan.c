/*
 * board_scan.c - a scanned occupancy board at a table (board_scan.h):
 * its config checked against the game's places, its lines opened by
 * name, scanned on a timer of the loop, each change of the debounced
 * board emitted as a snapshot in the game's text.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/board_scan.h"
#include "daemon/log.h"
#include "referee/sensing.h"
#include "rules/rules.h"

struct board_scan {
	struct loop *loop;
	source_emit_fn emit;
	void *ctx;
	unsigned table;
	const struct board_scan_conf *conf;
	struct rules_game *game;
	const struct sensing *sense;
	int nplaces;
	const char *names[SENSE_HOLES_MAX];	/* the places' names */
	int counts[SENSE_HOLES_MAX];
	struct gpio_lines *lines;	/* NULL while offline */
	struct scan *scan;
	int timer;
	uint64_t next_us, period_us;
	char status[320];
	uint8_t sent[SCAN_BITS_MAX];	/* the board last emitted */
	int pending;			/* a change held back */
	unsigned clean;			/* scans since one read uniform */
	struct observation obs;
};

/* ------------------------------------------------------------- check */

static int count_names(const char (*names)[GPIO_NAME_MAX])
{
	int n = 0;

	while (n < BOARD_SCAN_MATRIX_MAX && names[n][0] != '\0')
		n++;
	return n;
}

static void add_spec(struct board_scan_conf *b, const char *name,
		     int output, int initial, const char *what)
{
	struct gpio_line_spec *sp = &b->spec[b->nspec++];

	snprintf(sp->name, sizeof(sp->name), "%s", name);
	sp->output = output;
	sp->initial = initial;
	sp->what = what;
}

static int check_chain(const struct conf_check *c, struct board_scan_conf *b,
		       int nplaces)
{
	const char *const key[] = { "load", "clock", "data" };
	const char *const lines[] = { b->load, b->clock, b->data };
	const char *const what[] = { "load line", "clock line", "data line" };

	for (int k = 0; k < 3; k++)
		if (lines[k][0] == '\0')
			return conf_check_fail(c, c->source_line, key[k],
					       "missing: a shift-register board "
					       "needs its load, clock and data "
					       "lines");
	if (b->rows[0][0] != '\0' || b->cols[0][0] != '\0')
		return conf_check_fail(c, c->source_line, "rows", "a "
				       "shift-register board has no rows or "
				       "columns");
	b->scan.kind = SCAN_SHIFT_REGISTER;
	b->scan.registers = b->registers != 0 ? b->registers :
			    (unsigned)(nplaces + 7) / 8;
	b->scan.order = (enum scan_order)b->order;
	for (int k = 0; k < 3; k++)
		add_spec(b, lines[k], k != SCAN_LINE_DATA,
			 k == SCAN_LINE_LOAD, what[k]);
	return 0;
}

static int check_matrix(const struct conf_check *c, struct board_scan_conf *b)
{
	static char what[2 * BOARD_SCAN_MATRIX_MAX][16];
	int rows = count_names(b->rows), cols = count_names(b->cols);
	int idle = b->scan.active_low ? 1 : 0;

	if (rows == 0 || cols == 0)
		return conf_check_fail(c, c->source_line, rows ? "cols" :
				       "rows", "missing: a matrix board needs "
				       "its row and column lines");
	if (b->load[0] || b->clock[0] || b->data[0])
		return conf_check_fail(c, c->source_line, "load", "a matrix "
				       "board has no load, clock or data line");
	b->scan.kind = SCAN_MATRIX;
	b->scan.rows = (unsigned)rows;
	b->scan.cols = (unsigned)cols;
	for (int r = 0; r < rows; r++) {
		snprintf(what[r], sizeof(what[r]), "row %d", r + 1);
		add_spec(b, b->rows[r], 1, idle, what[r]);
	}
	for (int k = 0; k < cols; k++) {
		snprintf(what[BOARD_SCAN_MATRIX_MAX + k], sizeof(what[0]),
			 "column %d", k + 1);
		add_spec(b, b->cols[k], 0, 0, what[BOARD_SCAN_MATRIX_MAX + k]);
	}
	return 0;
}

int board_scan_check(const struct conf_check *c, struct board_scan_conf *b,
		     int bias, int active_low)
{
	const struct sensing *sense = sensing_find(c->game->ops->name);
	const char *names[SENSE_HOLES_MAX];
	char err[128];
	int nplaces;

	if (sense == NULL || sense->snapshot_format == NULL)
		return conf_check_fail(c, c->source_line, "board", "%s has no "
				       "snapshot of its board to read an "
				       "occupancy into", c->game->ops->name);
	nplaces = sense->holes(c->game, names);
	memset(&b->scan, 0, sizeof(b->scan));
	b->nspec = 0;
	b->scan.active_low = active_low;
	if ((b->board == BOARD_SHIFT_REGISTER ? check_chain(c, b, nplaces) :
	     check_matrix(c, b)) < 0)
		return -1;
	b->scan.squares = (unsigned)nplaces;
	b->scan.debounce = b->debounce;
	b->scan.stuck_scans = (unsigned)(b->stuck_us * b->rate_hz / 1000000u);
	if (b->stuck_us != 0 && b->scan.stuck_scans == 0)
		b->scan.stuck_scans = 1;
	if (scan_check(&b->scan, err, sizeof(err)) < 0)
		return conf_check_fail(c, c->source_line, "board", "%s (%s %s "
				       "has %d places)", err,
				       c->game->ops->name,
				       c->game->options[0] ? c->game->options :
				       "(default options)", nplaces);
	b->bias = bias;
	b->line = c->source_line;
	return 0;
}

size_t board_scan_claims(const struct board_scan_conf *b,
			 struct conf_claim *out, size_t cap)
{
	size_t n = 0;

	static const char *const chain_keys[] = { "load", "clock", "data" };

	for (size_t i = 0; i < b->nspec && n < cap; i++, n++) {
		out[n].kind = "line";
		out[n].name = b->spec[i].name;
		out[n].line = b->line;
		snprintf(out[n].key, sizeof(out[n].key), "%s",
			 b->scan.kind == SCAN_SHIFT_REGISTER ? chain_keys[i] :
			 i < b->scan.rows ? "rows" : "cols");
	}
	return n;
}

/* --------------------------------------------------------------- run */

static void tick(void *ctx);

static void schedule(struct board_scan *bs, uint64_t when)
{
	bs->timer = loop_at(bs->loop, when, tick, bs);
}

static int attach(struct board_scan *bs)
{
	struct scan_pins pins = { gpio_lines_set, gpio_lines_get, NULL };
	char err[256];

	bs->lines = gpio_lines_open(bs->table, bs->conf->spec, bs->conf->nspec,
				    (enum gpio_bias)bs->conf->bias, err,
				    sizeof(err));
	if (bs->lines == NULL) {
		snprintf(bs->status, sizeof(bs->status), "%s", err);
		return -1;
	}
	pins.ctx = bs->lines;
	scan_free(bs->scan);
	bs->scan = scan_new(&bs->conf->scan, &pins, err, sizeof(err));
	if (bs->scan == NULL) {
		gpio_lines_close(bs->lines);
		bs->lines = NULL;
		snprintf(bs->status, sizeof(bs->status), "table %u: %.200s",
			 bs->table, err);
		return -1;
	}
	snprintf(bs->status, sizeof(bs->status), "online");
	log_info("table %u: %s board of %u squares online, scanned %u times "
		 "a second", bs->table, scan_kind_name(bs->conf->scan.kind),
		 bs->conf->scan.squares, bs->conf->rate_hz);
	return 0;
}

static void went_offline(struct board_scan *bs)
{
	snprintf(bs->status, sizeof(bs->status), "%s (sensors offline)",
		 gpio_lines_error(bs->lines));
	log_err("%s; looking again every %g s", bs->status,
		(double)source_gpio_retry_us / 1e6);
	gpio_lines_close(bs->lines);
	bs->lines = NULL;
}

/* The board as sent: the debounced value of each square, or 2 for one
 * whose switch chatters on a board of switches (where the game's
 * snapshot can say a square is not read, -1). */
static void board_now(const struct board_scan *bs, uint8_t *out)
{
	const uint8_t *board = scan_board(bs->scan);
	const uint8_t *faulty = scan_faulty(bs->scan);

	for (unsigned i = 0; i < bs->conf->scan.squares; i++)
		out[i] = bs->sense->occupancy && faulty[i] ? 2 : board[i];
}

/* The debounced board as the game's snapshot, to the table. */
static void emit_snapshot(struct board_scan *bs, uint64_t now)
{
	board_now(bs, bs->sent);
	for (int i = 0; i < bs->nplaces; i++)
		bs->counts[i] = bs->sent[i] == 2 ? -1 : bs->sent[i];
	memset(&bs->obs, 0, sizeof(bs->obs));
	if (bs->sense->snapshot_format(bs->game, bs->counts, bs->obs.text,
				       sizeof(bs->obs.text)) < 0) {
		log_err("table %u: the board's snapshot does not fit",
			bs->table);
		return;
	}
	bs->obs.t_us = now;
	bs->obs.table = bs->table;
	bs->obs.kind = OBS_SNAPSHOT;
	bs->emit(bs->ctx, &bs->obs);
}

/* A square's switch began or stopped chattering: logged. */
static void tell_faults(struct board_scan *bs)
{
	const uint8_t *faulty = scan_faulty(bs->scan);

	for (unsigned i = 0; i < bs->conf->scan.squares; i++)
		if (faulty[i] != (bs->sent[i] == 2) && bs->sense->occupancy)
			log_warn("table %u: the switch of %s %s", bs->table,
				 (int)i < bs->nplaces ? bs->names[i] : "a spare",
				 faulty[i] ? "chatters; it is not read until "
				 "it holds" : "holds again");
}

static void scan_step(struct board_scan *bs, uint64_t now)
{
	uint8_t now_board[SCAN_BITS_MAX];
	int flags = scan_once(bs->scan);

	if (flags < 0) {
		went_offline(bs);
		return;
	}
	if (flags & SCAN_STUCK) {
		snprintf(bs->status, sizeof(bs->status), "table %u: the board "
			 "reads one level on every switch (unplugged, or its "
			 "data line stuck)", bs->table);
		log_err("%s", bs->status);
	}
	if (flags & SCAN_UNSTUCK) {
		snprintf(bs->status, sizeof(bs->status), "online");
		log_info("table %u: the board reads again", bs->table);
	}
	if (flags & SCAN_FAULT)
		tell_faults(bs);
	if (flags & (SCAN_CHANGED | SCAN_FAULT))
		bs->pending = 1;
	/*
	 * Every input at one level, spares too, is no board a game shows
	 * (spares are tied to the occupied level): held until the board
	 * has read again for a debounce. A change that comes back to the
	 * board last sent is none.
	 */
	if (scan_is_uniform(bs->scan) &&
	    scan_bits(&bs->conf->scan) > bs->conf->scan.squares)
		bs->clean = 0;
	else if (bs->clean < bs->conf->scan.debounce)
		bs->clean++;
	if (!bs->pending || scan_is_stuck(bs->scan) ||
	    bs->clean < bs->conf->scan.debounce)
		return;
	bs->pending = 0;
	board_now(bs, now_board);
	if (memcmp(bs->sent, now_board, bs->conf->scan.squares))
		emit_snapshot(bs, now);
}

static void tick(void *ctx)
{
	struct board_scan *bs = ctx;
	uint64_t now = loop_now();

	bs->timer = -1;
	if (bs->lines == NULL && attach(bs) < 0) {
		schedule(bs, now + source_gpio_retry_us);
		return;
	}
	scan_step(bs, now);
	if (bs->lines == NULL) {
		schedule(bs, now + source_gpio_retry_us);
		return;
	}
	/* Keep the rate; after a stall, start again from now. */
	bs->next_us += bs->period_us;
	if (bs->next_us <= now)
		bs->next_us = now + bs->period_us;
	schedule(bs, bs->next_us);
}

struct board_scan *board_scan_open(struct loop *loop,
				   const struct table_config *table,
				   const struct board_scan_conf *b,
				   source_emit_fn emit, void *ctx, char *err,
				   size_t errlen)
{
	const struct rules *ops = rules_find(table->game);
	struct board_scan *bs = calloc(1, sizeof(*bs));

	if (bs == NULL || ops == NULL) {
		snprintf(err, errlen, "table %u: %s", table->id,
			 bs == NULL ? "out of memory" : "no such game");
		free(bs);
		return NULL;
	}
	bs->game = rules_game_new(ops, table->options, err, errlen);
	bs->sense = sensing_find(ops->name);
	if (bs->game == NULL || bs->sense == NULL ||
	    bs->sense->snapshot_format == NULL) {
		if (bs->game != NULL)
			snprintf(err, errlen, "table %u: %s has no snapshot",
				 table->id, ops->name);
		board_scan_close(bs);
		return NULL;
	}
	bs->nplaces = bs->sense->holes(bs->game, bs->names);
	bs->loop = loop;
	bs->emit = emit;
	bs->ctx = ctx;
	bs->table = table->id;
	bs->conf = b;
	bs->period_us = 1000000u / b->rate_hz;
	bs->next_us = loop_now();
	if (attach(bs) < 0)
		log_err("%s (sensors offline); looking again every %g s",
			bs->status, (double)source_gpio_retry_us / 1e6);
	schedule(bs, bs->lines != NULL ? bs->next_us :
		 loop_now() + source_gpio_retry_us);
	return bs;
}

void board_scan_close(struct board_scan *bs)
{
	if (bs == NULL)
		return;
	if (bs->timer >= 0 && bs->loop != NULL)
		loop_cancel(bs->loop, bs->timer);
	scan_free(bs->scan);
	gpio_lines_close(bs->lines);
	rules_game_free(bs->game);
	free(bs);
}

const char *board_scan_status(const struct board_scan *bs)
{
	return bs->status;
}
