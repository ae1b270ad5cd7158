/*
 * source_gpio.c - a table's drop-counter board on GPIO lines (gpio/):
 * edges become observations, verdicts light the turn LEDs and sound the
 * foul output, and a board whose chip disappears is looked for again
 * every few seconds while the daemon goes on.
 */
#include "config.h"

#include <poll.h>
#include <stdlib.h>

#include "daemon/log.h"
#include "daemon/source.h"

/* How often an offline board is looked for (tests shorten it). */
uint64_t source_gpio_retry_us = 5000000;
#define FDS_MAX GPIO_INPUTS_MAX

struct source {
	struct loop *loop;
	source_emit_fn emit;
	void *ctx;
	unsigned table;
	struct gpio_board *board;
	int fds[FDS_MAX];
	size_t nfds;
	int retry_timer, signal_timer;
};

static void on_readable(void *ctx, int fd, short revents);
static void retry(void *ctx);

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
				const struct source_params *p,
				source_emit_fn emit, void *ctx, char *err,
				size_t errlen)
{
	struct source *s = calloc(1, sizeof(*s));

	if (s == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	s->loop = loop;
	s->emit = emit;
	s->ctx = ctx;
	s->table = p->table;
	s->retry_timer = s->signal_timer = -1;
	s->board = gpio_board_open(&p->gpio, GPIO_OPEN_ALLOW_OFFLINE, err,
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
	return gpio_board_status(s->board) == GPIO_ONLINE ? "online" :
	       gpio_board_error(s->board);
}

const struct source_ops source_gpio_ops = {
	.name = "gpio",
	.open = gpio_open,
	.close = gpio_close,
	.verdict = gpio_verdict,
	.status = gpio_status_text,
};
