/*
 * test_offload.c - a blocking call off the poll loop (offload.h): the
 * loop's timers keep running while the work is blocked, `done` comes in
 * the loop once the work has ended, and a cancelled offload waits for
 * its work and never calls `done`; an abandoned one returns while its
 * work is still blocked (a resolver waiting on a dead name server), and
 * its thread releases what the work used once it ends.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
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
	atomic_int released;
	int guard[2];		/* wakes the guard thread early */
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

/* The test's guard: opens the gate after 30 s at most, so that an
 * abandon that waited for its work ends (and fails) rather than hang. */
static void *guard(void *arg)
{
	struct held *h = arg;
	struct pollfd p = { .fd = h->guard[0], .events = POLLIN };

	(void)poll(&p, 1, 30000);
	assert_int_equal(write(h->gate[1], "", 1), 1);
	return NULL;
}

static void release(void *arg)
{
	struct held *h = arg;

	atomic_store(&h->released, h->worked ? 1 : -1);
}

static void test_abandon_returns(void **state)
{
	struct held h = { 0 };
	struct offload *o;
	pthread_t g;
	int waits = 0;

	(void)state;
	h.loop = loop_new();
	assert_non_null(h.loop);
	assert_int_equal(pipe(h.gate), 0);
	assert_int_equal(pipe(h.guard), 0);
	assert_int_equal(pthread_create(&g, NULL, guard, &h), 0);
	o = offload_start(h.loop, work, &h, done, &h);
	assert_non_null(o);
	offload_abandon(o, release);
	/* Back while the work is still blocked: nothing released yet. */
	assert_int_equal(h.worked, 0);
	assert_int_equal(atomic_load(&h.released), 0);
	/* The work let go: its thread releases after it ended. */
	assert_int_equal(write(h.guard[1], "", 1), 1);
	assert_int_equal(pthread_join(g, NULL), 0);
	while (atomic_load(&h.released) == 0 && waits++ < 3000)
		usleep(10000);
	assert_int_equal(atomic_load(&h.released), 1);
	assert_int_equal(h.done, 0);
	close(h.gate[0]);
	close(h.gate[1]);
	close(h.guard[0]);
	close(h.guard[1]);
	loop_free(h.loop);
}

/* Abandoned after its work ended: released at once, `done` not called. */
static void test_abandon_after_end(void **state)
{
	struct held h = { 0 };
	struct offload *o;
	int waits = 0;

	(void)state;
	h.loop = loop_new();
	assert_non_null(h.loop);
	assert_int_equal(pipe(h.gate), 0);
	assert_int_equal(write(h.gate[1], "", 1), 1);
	o = offload_start(h.loop, work, &h, done, &h);
	assert_non_null(o);
	while (!h.worked && waits++ < 3000)
		usleep(10000);
	offload_abandon(o, release);
	while (atomic_load(&h.released) == 0 && waits++ < 6000)
		usleep(10000);
	assert_int_equal(atomic_load(&h.released), 1);
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
		cmocka_unit_test(test_abandon_returns),
		cmocka_unit_test(test_abandon_after_end),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
