/*
 * loop.h - the daemon's one poll() loop: file descriptors with handlers,
 * one-shot timers on the monotonic clock, and a stop flag. Nothing runs
 * between events: an idle daemon sleeps in poll().
 */
#ifndef PITBOSS_LOOP_H
#define PITBOSS_LOOP_H

#include <stdint.h>

struct loop;

typedef void (*loop_fd_fn)(void *ctx, int fd, short revents);
typedef void (*loop_timer_fn)(void *ctx);

/* A loop; free with loop_free(). NULL when out of memory. */
struct loop *loop_new(void);
void loop_free(struct loop *loop);

/* Watches `fd` for `events` (POLLIN...). */
int loop_add_fd(struct loop *loop, int fd, short events, loop_fd_fn fn,
		void *ctx);
void loop_remove_fd(struct loop *loop, int fd);
/* The events watched on `fd` changed (POLLOUT while output waits). */
void loop_set_events(struct loop *loop, int fd, short events);

/*
 * Calls `fn` once at `when_us` (loop_now() clock). Returns a timer id
 * for loop_cancel(), or -1. Timers are kept in time order.
 */
int loop_at(struct loop *loop, uint64_t when_us, loop_timer_fn fn, void *ctx);
void loop_cancel(struct loop *loop, int id);

/* Runs until loop_stop(); returns 0, or -1 when poll() fails. */
int loop_run(struct loop *loop);
void loop_stop(struct loop *loop);

/* CLOCK_MONOTONIC in microseconds. */
uint64_t loop_now(void);

#endif
