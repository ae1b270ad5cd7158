/*
 * offload.c - a blocking call in a thread of its own, its end said to
 * the poll loop by one byte on a pipe (offload.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "daemon/offload.h"

struct offload {
	struct loop *loop;
	pthread_t thread;
	int pipe[2];
	offload_work_fn work;
	void *arg;
	offload_done_fn done;
	void *ctx;
	offload_work_fn release;	/* set before state is ABANDONED */
	atomic_int state;
};

enum { RUNNING, ENDED, ABANDONED };

static void *run(void *p)
{
	struct offload *o = p;
	ssize_t n;

	o->work(o->arg);
	/* Abandoned by the loop: the thread cleans up after itself, and
	 * nobody reads the pipe any more. */
	if (atomic_exchange(&o->state, ENDED) == ABANDONED) {
		o->release(o->arg);
		close(o->pipe[1]);
		free(o);
		return NULL;
	}
	do
		n = write(o->pipe[1], "", 1);
	while (n < 0 && errno == EINTR);
	return NULL;
}

/* The thread and its pipe released. */
static void reap(struct offload *o)
{
	loop_remove_fd(o->loop, o->pipe[0]);
	pthread_join(o->thread, NULL);
	close(o->pipe[0]);
	close(o->pipe[1]);
}

static void on_end(void *ctx, int fd, short revents)
{
	struct offload *o = ctx;
	offload_done_fn done = o->done;
	void *done_ctx = o->ctx;

	(void)fd;
	(void)revents;
	reap(o);
	free(o);
	done(done_ctx);
}

struct offload *offload_start(struct loop *loop, offload_work_fn work,
			      void *arg, offload_done_fn done, void *ctx)
{
	struct offload *o = calloc(1, sizeof(*o));
	int err;

	if (o == NULL)
		return NULL;
	*o = (struct offload){ .loop = loop, .pipe = { -1, -1 },
			       .work = work, .arg = arg, .done = done,
			       .ctx = ctx };
	atomic_init(&o->state, RUNNING);
	if (pipe2(o->pipe, O_CLOEXEC) < 0)
		goto err_free;
	if (loop_add_fd(loop, o->pipe[0], POLLIN, on_end, o) < 0) {
		errno = ENOMEM;
		goto err_close;
	}
	err = pthread_create(&o->thread, NULL, run, o);
	if (err != 0) {
		loop_remove_fd(loop, o->pipe[0]);
		errno = err;
		goto err_close;
	}
	return o;
err_close:
	err = errno;
	close(o->pipe[0]);
	close(o->pipe[1]);
	errno = err;
err_free:
	free(o);
	return NULL;
}

void offload_cancel(struct offload *o)
{
	if (o == NULL)
		return;
	reap(o);
	free(o);
}

void offload_abandon(struct offload *o, offload_work_fn release)
{
	struct loop *loop;
	pthread_t thread;
	int fd;

	if (o == NULL)
		return;
	/* Once abandoned, the thread may free `o` at any time. */
	loop = o->loop;
	thread = o->thread;
	fd = o->pipe[0];
	o->release = release;
	if (atomic_exchange(&o->state, ABANDONED) == ENDED) {
		/* Ended already: its byte is written or about to be. */
		reap(o);
		release(o->arg);
		free(o);
		return;
	}
	loop_remove_fd(loop, fd);
	close(fd);
	pthread_detach(thread);
}
