/*
 * offload.h - one blocking call run in a thread of its own, its end
 * handed back to the daemon's poll loop through a pipe: for what must
 * not stop the loop, such as a library call that resolves a host name
 * inside (getaddrinfo() waits on DNS as long as it takes).
 *
 * The work runs alone in its thread: nothing else may touch what it
 * uses until `done` is called, in the loop, once it has ended.
 */
#ifndef PITBOSS_DAEMON_OFFLOAD_H
#define PITBOSS_DAEMON_OFFLOAD_H

#include "daemon/loop.h"

struct offload;

typedef void (*offload_work_fn)(void *arg);	/* in the thread */
typedef void (*offload_done_fn)(void *ctx);	/* in the loop, after */

/* Starts `work(arg)`; `done(ctx)` follows in the loop once it ended
 * (the offload freed already). NULL with errno set when no thread. */
struct offload *offload_start(struct loop *loop, offload_work_fn work,
			      void *arg, offload_done_fn done, void *ctx);
/* Waits for the work to end (a call under way cannot be cut short) and
 * frees the offload; `done` is not called. */
void offload_cancel(struct offload *o);
/*
 * Returns at once, without waiting for the work (a resolver waiting on
 * a dead name server): `done` is not called, and `release(arg)` frees
 * what the work used once it has ended, in its thread if it is still
 * under way (then the thread frees the offload too), else here. What
 * `arg` holds must be the work's alone from now on.
 */
void offload_abandon(struct offload *o, offload_work_fn release);

#endif
