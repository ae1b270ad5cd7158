/*
 * test_offload.c - a blocking call off the poll loop (offload.h): the
 * loop's timers keep running while the work is blocked, `done` comes in
 * the loop once the work has ended, and a cancelled offload waits for
 * its work and never calls `done`.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include <cmocka.h>

#include "daemon/loop.h"
#include "daemon/offload.h"

struct held {
	struct loop *loop;
	int gate[2];		/* the work blocks reading gate[0] */
	int ticks;		/* timer turns while it was blocked */
	int worked, done;
	int ticks_at_done;
};

/* Blocks until the loop's timer opens the gate. */
static void work(void *arg)
{
	struct held *h = arg;
	char c;

	while (read(h->gate[0], &c, 1) < 0)
		;
	h->worked = 1;
}

static void done(void *ctx)
{
	struct held *h = ctx;

	h->done++;
	h->ticks_at_done = h->ticks;
	loop_stop(h->loop);
}

static void tick(void *ctx)
{
	struct held *h = ctx;

	if (++h->ticks == 5)
		assert_int_equal(write(h->gate[1], "", 1), 1);
	if (h->ticks < 50)
		loop_at(h->loop, loop_now() + 2000, tick, h);
}

static void test_loop_runs_while_blocked(void **state)
{
	struct held h = { 0 };

	(void)state;
	h.loop = loop_new();
	assert_non_null(h.loop);
	assert_int_equal(pipe(h.gate), 0);
	assert_non_null(offload_start(h.loop, work, &h, done, &h));
	loop_at(h.loop, loop_now() + 2000, tick, &h);
	assert_int_equal(loop_run(h.loop), 0);
	/* The gate opened at the fifth tick: the loop ran meanwhile. */
	assert_int_equal(h.worked, 1);
	assert_int_equal(h.done, 1);
	assert_true(h.ticks_at_done >= 5);
	close(h.gate[0]);
	close(h.gate[1]);
	loop_free(h.loop);
}

static void test_cancel_waits(void **state)
{
	struct held h = { 0 };
	struct offload *o;

	(void)state;
	h.loop = loop_new();
	assert_non_null(h.loop);
	assert_int_equal(pipe(h.gate), 0);
	o = offload_start(h.loop, work, &h, done, &h);
	assert_non_null(o);
	assert_int_equal(write(h.gate[1], "", 1), 1);
	offload_cancel(o);
	assert_int_equal(h.worked, 1);
	assert_int_equal(h.done, 0);
	close(h.gate[0]);
	close(h.gate[1]);
	loop_free(h.loop);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loop_runs_while_blocked),
		cmocka_unit_test(test_cancel_waits),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
