/*
 * source_gpio.c - a table's drop-counter board on GPIO lines (gpio/):
 * edges become observations, verdicts light the turn LEDs and sound the
 * foul output, and a board whose chip disappears is looked for again
 * every few seconds while the daemon goes on. Its keys of
 * pitboss.conf(5) name a line for every hole of the game's board; its
 * block is a struct gpio_conf, which starts with the board's
 * struct gpio_table_config.
 */
#include "config.h"

#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/board_scan.h"
#include "daemon/log.h"
#include "daemon/source.h"
#include "gpio/gpio.h"
#include "referee/sensing.h"

/* How often an offline board is looked for (tests shorten it). */
uint64_t source_gpio_retry_us = 5000000;
#define FDS_MAX GPIO_INPUTS_MAX

struct source {
	struct loop *loop;
	source_emit_fn emit;
	void *ctx;
	unsigned table;
	struct gpio_board *board;
	struct board_scan *scan;	/* a scanned board instead */
	int fds[FDS_MAX];
	size_t nfds;
	int retry_timer, signal_timer;
};

static void on_readable(void *ctx, int fd, short revents);
static void retry(void *ctx);
static int gpio_conf_scanned(const void *block);
static const struct board_scan_conf *gpio_conf_scan(const void *block);

static void watch(struct source *s)
{
	s->nfds = gpio_board_fds(s->board, s->fds, FDS_MAX);
	for (size_t i = 0; i < s->nfds; i++)
		loop_add_fd(s->loop, s->fds[i], POLLIN, on_readable, s);
}

static void unwatch(struct source *s)
{
	for (size_t i = 0; i < s->nfds; i++)
		loop_remove_fd(s->loop, s->fds[i]);
	s->nfds = 0;
}

static void went_offline(struct source *s)
{
	unwatch(s);
	log_err("%s (sensors offline); looking again every %g s",
		gpio_board_error(s->board),
		(double)source_gpio_retry_us / 1e6);
	if (s->retry_timer < 0)
		s->retry_timer = loop_at(s->loop,
					 loop_now() + source_gpio_retry_us,
					 retry, s);
}

static void retry(void *ctx)
{
	struct source *s = ctx;

	s->retry_timer = -1;
	if (gpio_board_retry(s->board) == 0) {
		log_info("table %u: sensors online again", s->table);
		watch(s);
		return;
	}
	s->retry_timer = loop_at(s->loop, loop_now() + source_gpio_retry_us,
				 retry, s);
}

static void on_readable(void *ctx, int fd, short revents)
{
	struct source *s = ctx;
	struct observation obs[64];
	int n;

	(void)revents;
	n = gpio_board_read(s->board, fd, obs, 64);
	if (n < 0) {
		went_offline(s);
		return;
	}
	for (int i = 0; i < n; i++) {
		obs[i].table = s->table;
		s->emit(s->ctx, &obs[i]);
	}
}

/* After an output write: a board that went offline in it is let go of
 * by the loop and looked for again. */
static void check_output(struct source *s, int rc)
{
	if (rc < 0 && s->retry_timer < 0 &&
	    gpio_board_status(s->board) == GPIO_OFFLINE)
		went_offline(s);
}

static void signal_tick(void *ctx)
{
	struct source *s = ctx;
	uint64_t next;

	s->signal_timer = -1;
	check_output(s, gpio_board_tick(s->board, loop_now()));
	next = gpio_board_deadline(s->board);
	if (next != 0)
		s->signal_timer = loop_at(s->loop, next, signal_tick, s);
}

static struct source *gpio_open(struct loop *loop,
				const struct table_config *table,
				const char *resume, source_emit_fn emit,
				void *ctx, char *err, size_t errlen)
{
	const struct gpio_table_config *board = table->source_conf;
	struct source *s = calloc(1, sizeof(*s));

	(void)resume;	/* the board is as the players left it */
	if (s == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	s->loop = loop;
	s->emit = emit;
	s->ctx = ctx;
	s->table = table->id;
	s->retry_timer = s->signal_timer = -1;
	if (gpio_conf_scanned(table->source_conf)) {
		s->scan = board_scan_open(loop, table,
					  gpio_conf_scan(table->source_conf),
					  emit, ctx, err, errlen);
		if (s->scan == NULL) {
			free(s);
			return NULL;
		}
		return s;
	}
	s->board = gpio_board_open(board, GPIO_OPEN_ALLOW_OFFLINE, err,
				   errlen);
	if (s->board == NULL) {
		free(s);
		return NULL;
	}
	log_info("table %u: %s board, %s", s->table, gpio_backend(),
		 gpio_board_status(s->board) == GPIO_ONLINE ? "online" :
		 "offline");
	if (gpio_board_status(s->board) == GPIO_ONLINE)
		watch(s);
	else
		went_offline(s);
	return s;
}

static void gpio_close(struct source *s)
{
	if (s == NULL)
		return;
	if (s->scan != NULL) {
		board_scan_close(s->scan);
		free(s);
		return;
	}
	unwatch(s);
	if (s->retry_timer >= 0)
		loop_cancel(s->loop, s->retry_timer);
	if (s->signal_timer >= 0)
		loop_cancel(s->loop, s->signal_timer);
	gpio_board_close(s->board);
	free(s);
}

static void gpio_verdict(struct source *s, const struct verdict *v,
			 int mover)
{
	enum gpio_signal sig = GPIO_SIGNAL_NONE;
	uint64_t next;

	if (s->scan != NULL)	/* a scanned board has no outputs */
		return;

	if (gpio_board_has_output(s->board, GPIO_OUT_TURN_S))
		check_output(s, gpio_board_set_output(s->board,
						      GPIO_OUT_TURN_S,
						      mover == 0));
	if (gpio_board_has_output(s->board, GPIO_OUT_TURN_N))
		check_output(s, gpio_board_set_output(s->board,
						      GPIO_OUT_TURN_N,
						      mover == 1));
	if (v->kind == VERDICT_FOUL)
		sig = GPIO_SIGNAL_FOUL;
	else if (verdict_is_sensor(v))
		sig = GPIO_SIGNAL_SENSOR;
	if (sig == GPIO_SIGNAL_NONE ||
	    !gpio_board_has_output(s->board, GPIO_OUT_FOUL))
		return;
	check_output(s, gpio_board_signal(s->board, sig, loop_now()));
	next = gpio_board_deadline(s->board);
	if (next != 0 && s->signal_timer < 0)
		s->signal_timer = loop_at(s->loop, next, signal_tick, s);
}

static const char *gpio_status_text(const struct source *s)
{
	if (s->scan != NULL)
		return board_scan_status(s->scan);
	return gpio_board_status(s->board) == GPIO_ONLINE ? "online" :
	       gpio_board_error(s->board);
}

/* ------------------------------------------------------ configuration */

/* A line named in the file: line.a, lift.b, button.S, led.N. */
struct wire {
	const struct conf_item *item;
	char name[OBS_WHERE_MAX];	/* the hole or seat after the dot */
	char line[GPIO_NAME_MAX];
	unsigned lineno;
};

#define WIRES_MAX (GPIO_INPUTS_MAX + GPIO_OUTPUTS)

struct gpio_conf {
	struct gpio_table_config board;	/* first: what gpio_board_open()
					 * takes, filled by the check */
	char foul_led[GPIO_NAME_MAX];
	unsigned foul_lineno;
	size_t nwires;
	struct wire wire[WIRES_MAX];
	struct board_scan_conf scan;	/* board = shift-register, matrix */
};

/* Read through the block's first member: callers may hand a bare
 * struct gpio_table_config for a drop board. */
static int gpio_conf_scanned(const void *block)
{
	return ((const struct gpio_table_config *)block)->scanned;
}

static const struct board_scan_conf *gpio_conf_scan(const void *block)
{
	return &((const struct gpio_conf *)block)->scan;
}

static const char *const bias_names[] = {
	"as-is", "disable", "pull-up", "pull-down", NULL
};

static const char *const board_names[] = {
	"drops", "shift-register", "matrix", NULL
};

static const char *const order_names[] = {
	"msb-first", "lsb-first", NULL
};

#define B(field) CONF_AT(struct gpio_conf, field)
#define LINE_NAME 0, GPIO_NAME_MAX

static const struct conf_item gpio_items[] = {
	{ "line.HOLE", CONF_EACH | CONF_REQUIRED, CONF_LINE, NULL,
	  "drop sensor line of a pit or store (line.a, line.S)", LINE_NAME,
	  0, 0, NULL, NULL },
	{ "lift.HOLE", CONF_EACH, CONF_LINE, NULL,
	  "hand-in-pit sensor line of a hole (optional)", LINE_NAME, 0, 0,
	  NULL, NULL },
	{ "button.SEAT", CONF_EACH, CONF_LINE, NULL,
	  "end-of-turn button of a seat (button.S, button.N)", LINE_NAME, 0,
	  0, NULL, NULL },
	{ "led.SEAT", CONF_EACH, CONF_LINE, NULL,
	  "turn LED of a seat (led.S, led.N)", LINE_NAME, 0, 0, NULL, NULL },
	{ "led.foul", 0, CONF_LINE, "", "foul LED or buzzer line",
	  B(foul_led), 0, 0, NULL, NULL },
	{ "bias", 0, CONF_CHOICE, "as-is", "bias of the input lines",
	  B(board.bias), 0, 0, bias_names, NULL },
	{ "active-low", 0, CONF_BOOL, "no",
	  "inputs: the low level is active (beam broken, pressed)",
	  B(board.active_low), 0, 0, NULL, NULL },
	{ "led-active-low", 0, CONF_BOOL, "no", "outputs: the low level is on",
	  B(board.output_active_low), 0, 0, NULL, NULL },
	{ "debounce-ms", 0, CONF_MS, "5",
	  "edges closer than this on a line are one (see DEBOUNCE)",
	  B(board.debounce_us), 0, 100, NULL, NULL },
	{ "board", 0, CONF_CHOICE, "drops",
	  "drop sensors, or an occupancy board scanned: shift-register, "
	  "matrix (see SCANNED BOARDS)", B(scan.board), 0, 0, board_names,
	  NULL },
	{ "load", 0, CONF_LINE, "", "shift-register: the load line (/PL)",
	  B(scan.load), 0, 0, NULL, NULL },
	{ "clock", 0, CONF_LINE, "", "shift-register: the clock line (CP)",
	  B(scan.clock), 0, 0, NULL, NULL },
	{ "data", 0, CONF_LINE, "",
	  "shift-register: the data line (Q7 of the first register)",
	  B(scan.data), 0, 0, NULL, NULL },
	{ "registers", 0, CONF_UINT, "0",
	  "shift-register: registers in the chain; 0: as the places need",
	  B(scan.registers), 0, SCAN_REGISTERS_MAX, NULL, NULL },
	{ "order", 0, CONF_CHOICE, "msb-first",
	  "shift-register: which input a register shifts out first",
	  B(scan.order), 0, 0, order_names, NULL },
	{ "rows", 0, CONF_LIST, "", "matrix: the row lines, driven in turn",
	  B(scan.rows), 0, BOARD_SCAN_MATRIX_MAX, NULL, NULL },
	{ "cols", 0, CONF_LIST, "", "matrix: the column lines, read",
	  B(scan.cols), 0, BOARD_SCAN_MATRIX_MAX, NULL, NULL },
	{ "rate", 0, CONF_UINT, "50", "scanned board: scans a second",
	  B(scan.rate_hz), 20, 1000, NULL, NULL },
	{ "debounce-scans", 0, CONF_UINT, "3",
	  "scanned board: scans a square must read the same to count",
	  B(scan.debounce), 1, 1000, NULL, NULL },
	{ "stuck-ms", 0, CONF_MS, "10000",
	  "scanned board: every switch at one level this long is an alarm; "
	  "0: never", B(scan.stuck_us), 0, 3600000, NULL, NULL },
};

static int is_hole_key(const struct conf_item *it)
{
	return strcmp(strchr(it->key, '.') + 1, "HOLE") == 0;
}

static int wire_is(const struct wire *w, const char *key)
{
	return strcmp(w->item->key, key) == 0;
}

static void wire_key(const struct wire *w, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s.%s", (int)strcspn(w->item->key, "."),
		 w->item->key, w->name);
}

static int gpio_each(void *block, const struct conf_item *it,
		     const char *word, const char *value, unsigned line,
		     char *why, size_t len)
{
	struct gpio_conf *g = block;
	struct wire *w;

	if (strlen(word) >= OBS_WHERE_MAX) {
		snprintf(why, len, "no such %s", is_hole_key(it) ? "hole" :
			 "seat");
		return -1;
	}
	for (size_t i = 0; i < g->nwires; i++)
		if (g->wire[i].item == it &&
		    strcmp(g->wire[i].name, word) == 0) {
			snprintf(why, len, "set twice (first on line %u)",
				 g->wire[i].lineno);
			return -1;
		}
	if (g->nwires == WIRES_MAX) {
		snprintf(why, len, "more than %d lines in a table", WIRES_MAX);
		return -1;
	}
	if (value[0] == '\0') {
		snprintf(why, len, "empty line name");
		return -1;
	}
	w = &g->wire[g->nwires++];
	w->item = it;
	snprintf(w->name, sizeof(w->name), "%s", word);
	snprintf(w->line, sizeof(w->line), "%s", value);
	w->lineno = line;
	return 0;
}

/* The holes and seats of a table's game, for the wires. */
struct layout {
	const struct rules_game *game;
	int nholes;
	const char *holes[SENSE_HOLES_MAX];
	char list[128];			/* "a b c d A B C D S N" */
};

static int layout_hole(const struct layout *b, const char *name)
{
	for (int h = 0; h < b->nholes; h++)
		if (strcmp(b->holes[h], name) == 0)
			return h;
	return -1;
}

static int add_input(const struct conf_check *c,
		     struct gpio_table_config *g, const char *line,
		     enum obs_kind kind, const char *where)
{
	struct gpio_input *in;
	size_t n = strlen(line);

	if (g->ninputs >= GPIO_INPUTS_MAX)
		return conf_check_fail(c, c->table->line, "source", "more "
				       "than %d input lines in [table %u]",
				       GPIO_INPUTS_MAX, c->table->id);
	in = &g->input[g->ninputs++];

	/* Lengths were checked on reading: both fit. */
	memmove(in->line, line, n + 1);
	in->kind = kind;
	n = strlen(where);
	memmove(in->where, where, n + 1);
	return 0;
}

/* Each wire names a hole of the board or a seat of the game. */
static int check_names(const struct conf_check *c, const struct layout *b)
{
	const struct gpio_conf *g = c->table->source_conf;
	const struct rules *ops = b->game->ops;
	char key[CONF_KEY_MAX];

	for (size_t i = 0; i < g->nwires; i++) {
		const struct wire *w = &g->wire[i];

		wire_key(w, key, sizeof(key));
		if (is_hole_key(w->item) && layout_hole(b, w->name) < 0)
			return conf_check_fail(c, w->lineno, key, "no hole "
					       "'%s' on this board (%s %s: %s)",
					       w->name, ops->name,
					       b->game->options, b->list);
		if (!is_hole_key(w->item) && rules_seat_find(ops, w->name) < 0)
			return conf_check_fail(c, w->lineno, key, "no seat "
					       "'%s' in %s", w->name, ops->name);
		if (wire_is(w, "led.SEAT") &&
		    rules_seat_find(ops, w->name) > GPIO_OUT_TURN_N)
			return conf_check_fail(c, w->lineno, key, "turn LEDs "
					       "exist for the first two seats "
					       "only");
	}
	return 0;
}

static int missing_drop(const struct conf_check *c, const struct layout *b,
			int hole)
{
	char key[CONF_KEY_MAX];

	snprintf(key, sizeof(key), "line.%s", b->holes[hole]);
	return conf_check_fail(c, c->table->line, key, "missing in [table "
			       "%u]: %s %s needs a drop sensor line for each "
			       "of %s", c->table->id, b->game->ops->name,
			       b->game->options[0] ? b->game->options :
			       "(default options)", b->list);
}

/* Inputs: drops in hole order, then lifts, then buttons. */
static int fill_inputs(const struct conf_check *c, const struct layout *b)
{
	struct gpio_conf *g = c->table->source_conf;
	const char *kinds[] = { "lift.HOLE", "button.SEAT" };

	for (int h = 0; h < b->nholes; h++) {
		size_t i;

		for (i = 0; i < g->nwires; i++)
			if (wire_is(&g->wire[i], "line.HOLE") &&
			    strcmp(g->wire[i].name, b->holes[h]) == 0)
				break;
		if (i == g->nwires)
			return missing_drop(c, b, h);
		if (add_input(c, &g->board, g->wire[i].line, OBS_DROP,
			      b->holes[h]) < 0)
			return -1;
	}
	for (size_t k = 0; k < 2; k++)
		for (size_t i = 0; i < g->nwires; i++)
			if (wire_is(&g->wire[i], kinds[k]) &&
			    add_input(c, &g->board, g->wire[i].line,
				      k == 0 ? OBS_LIFT : OBS_BUTTON,
				      g->wire[i].name) < 0)
				return -1;
	return 0;
}

/* A scanned board: none of the drop board's lines. */
static int gpio_check_scanned(const struct conf_check *c)
{
	struct gpio_conf *g = c->table->source_conf;
	char key[CONF_KEY_MAX];

	if (g->nwires > 0 || g->foul_led[0] != '\0') {
		if (g->nwires > 0)
			wire_key(&g->wire[0], key, sizeof(key));
		else
			snprintf(key, sizeof(key), "led.foul");
		return conf_check_fail(c, g->nwires > 0 ? g->wire[0].lineno :
				       c->source_line, key, "a %s board has "
				       "no drop, lift, button or LED lines",
				       board_names[g->scan.board]);
	}
	g->board.table = c->table->id;
	g->board.scanned = 1;
	return board_scan_check(c, &g->scan, (int)g->board.bias,
				g->board.active_low);
}

/* The wires against the game's board; the board's config filled. */
static int gpio_check(const struct conf_check *c)
{
	struct gpio_conf *g = c->table->source_conf;
	const struct rules *ops = c->game->ops;
	const struct sensing *sense = sensing_find(ops->name);
	struct layout b = { .game = c->game };
	size_t n = 0;

	if (g->scan.board != BOARD_DROPS)
		return gpio_check_scanned(c);
	if (sense == NULL)
		return conf_check_fail(c, c->source_line, "source", "%s has no "
				       "sensor board layout", ops->name);
	b.nholes = sense->holes(c->game, b.holes);
	for (int h = 0; h < b.nholes && n < sizeof(b.list); h++)
		n += (size_t)snprintf(b.list + n, sizeof(b.list) - n, "%s%s",
				      h ? " " : "", b.holes[h]);
	if (check_names(c, &b) < 0 || fill_inputs(c, &b) < 0)
		return -1;
	for (size_t i = 0; i < g->nwires; i++)
		if (wire_is(&g->wire[i], "led.SEAT"))
			snprintf(g->board.output[rules_seat_find(
					 ops, g->wire[i].name)],
				 GPIO_NAME_MAX, "%s", g->wire[i].line);
	snprintf(g->board.output[GPIO_OUT_FOUL], GPIO_NAME_MAX, "%s",
		 g->foul_led);
	for (size_t i = 0; i < sizeof(gpio_items) / sizeof(gpio_items[0]); i++)
		if (strcmp(gpio_items[i].key, "led.foul") == 0)
			g->foul_lineno = c->seen[i];
	g->board.table = c->table->id;
	return 0;
}

/* Every line of the table, none to be used by another key. */
static size_t gpio_claims(const void *block, struct conf_claim *out,
			  size_t cap)
{
	const struct gpio_conf *g = block;
	size_t n = 0;

	if (g->scan.board != BOARD_DROPS)
		return board_scan_claims(&g->scan, out, cap);
	for (size_t i = 0; i < g->nwires && n < cap; i++, n++) {
		out[n].kind = "line";
		out[n].name = g->wire[i].line;
		out[n].line = g->wire[i].lineno;
		wire_key(&g->wire[i], out[n].key, sizeof(out[n].key));
	}
	if (g->foul_led[0] != '\0' && n < cap) {
		out[n].kind = "line";
		out[n].name = g->foul_led;
		out[n].line = g->foul_lineno;
		snprintf(out[n].key, sizeof(out[n].key), "led.foul");
		n++;
	}
	return n;
}

const struct source_ops source_gpio_ops = {
	.name = "gpio",
	.help = "a drop-counter board on GPIO lines",
	.conf = {
		.items = gpio_items,
		.nitems = sizeof(gpio_items) / sizeof(gpio_items[0]),
		.size = sizeof(struct gpio_conf),
		.each = gpio_each,
		.check = gpio_check,
		.claims = gpio_claims,
	},
	.open = gpio_open,
	.close = gpio_close,
	.verdict = gpio_verdict,
	.status = gpio_status_text,
};
