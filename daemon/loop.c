/*
 * loop.c - poll() over registered descriptors, the nearest timer as its
 * timeout.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/loop.h"

#define LOOP_FDS_MAX 256
#define LOOP_TIMERS_MAX 256

struct watch {
	loop_fd_fn fn;
	void *ctx;
};

struct timer {
	int id;
	uint64_t when;
	loop_timer_fn fn;
	void *ctx;
};

struct loop {
	struct pollfd pfd[LOOP_FDS_MAX];
	struct watch watch[LOOP_FDS_MAX];
	int nfds;
	struct timer timer[LOOP_TIMERS_MAX];
	int ntimers;
	int next_id;
	int stop;
};

uint64_t loop_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

struct loop *loop_new(void)
{
	struct loop *loop = calloc(1, sizeof(*loop));

	if (loop != NULL)
		loop->next_id = 1;
	return loop;
}

void loop_free(struct loop *loop)
{
	free(loop);
}

int loop_add_fd(struct loop *loop, int fd, short events, loop_fd_fn fn,
		void *ctx)
{
	if (fd < 0 || loop->nfds == LOOP_FDS_MAX)
		return -1;
	loop->pfd[loop->nfds] = (struct pollfd){ fd, events, 0 };
	loop->watch[loop->nfds] = (struct watch){ fn, ctx };
	loop->nfds++;
	return 0;
}

void loop_remove_fd(struct loop *loop, int fd)
{
	for (int i = 0; i < loop->nfds; i++)
		if (loop->pfd[i].fd == fd) {
			loop->nfds--;
			memmove(&loop->pfd[i], &loop->pfd[i + 1],
				(size_t)(loop->nfds - i) * sizeof(loop->pfd[0]));
			memmove(&loop->watch[i], &loop->watch[i + 1],
				(size_t)(loop->nfds - i) * sizeof(loop->watch[0]));
			return;
		}
}

void loop_set_events(struct loop *loop, int fd, short events)
{
	for (int i = 0; i < loop->nfds; i++)
		if (loop->pfd[i].fd == fd)
			loop->pfd[i].events = events;
}

int loop_at(struct loop *loop, uint64_t when_us, loop_timer_fn fn, void *ctx)
{
	int at = loop->ntimers;

	if (loop->ntimers == LOOP_TIMERS_MAX)
		return -1;
	while (at > 0 && loop->timer[at - 1].when > when_us)
		at--;
	memmove(&loop->timer[at + 1], &loop->timer[at],
		(size_t)(loop->ntimers - at) * sizeof(loop->timer[0]));
	loop->timer[at] = (struct timer){ loop->next_id, when_us, fn, ctx };
	loop->ntimers++;
	if (++loop->next_id <= 0)
		loop->next_id = 1;
	return loop->timer[at].id;
}

void loop_cancel(struct loop *loop, int id)
{
	for (int i = 0; i < loop->ntimers; i++)
		if (loop->timer[i].id == id) {
			loop->ntimers--;
			memmove(&loop->timer[i], &loop->timer[i + 1],
				(size_t)(loop->ntimers - i) * sizeof(loop->timer[0]));
			return;
		}
}

void loop_stop(struct loop *loop)
{
	loop->stop = 1;
}

/* Runs the timers that are due. */
static void run_timers(struct loop *loop)
{
	uint64_t now = loop_now();

	while (loop->ntimers > 0 && loop->timer[0].when <= now &&
	       !loop->stop) {
		struct timer t = loop->timer[0];

		loop->ntimers--;
		memmove(&loop->timer[0], &loop->timer[1],
			(size_t)loop->ntimers * sizeof(loop->timer[0]));
		t.fn(t.ctx);
	}
}

int loop_run(struct loop *loop)
{
	loop->stop = 0;
	while (!loop->stop) {
		int timeout = -1, n;

		run_timers(loop);
		if (loop->stop)
			break;
		if (loop->ntimers > 0) {
			uint64_t now = loop_now(), when = loop->timer[0].when;

			timeout = when <= now ? 0 :
				  (int)((when - now + 999) / 1000);
		}
		n = poll(loop->pfd, (nfds_t)loop->nfds, timeout);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (int i = 0; i < loop->nfds && n > 0 && !loop->stop; i++) {
			struct pollfd p = loop->pfd[i];

			if (p.revents == 0)
				continue;
			n--;
			loop->pfd[i].revents = 0;
			loop->watch[i].fn(loop->watch[i].ctx, p.fd, p.revents);
		}
	}
	return 0;
}
