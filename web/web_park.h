/*
 * web_park.h - requests parked: their connections suspended in
 * libmicrohttpd (holding none of its threads) until what they wait for
 * comes, or a time. The dashboard parks an event stream with nothing to
 * send (web_events.c), a command's request until the daemon answers it
 * (web_command.c) and a login until its password is hashed
 * (web_login.c), each in a list of its own.
 *
 * A suspended connection is not read by libmicrohttpd, so a client
 * that has gone (its socket shut down by the other end, which
 * libmicrohttpd takes as gone too) is not seen by it until it is
 * resumed and written to, maybe many seconds later; web_park_wake_gone() looks at
 * the sockets themselves, for the watchdog.
 *
 * A list is kept under its owner's lock (web->lock), and a connection is
 * suspended and resumed under that lock only, so it is never resumed
 * before it is suspended; libmicrohttpd calls none of the server's
 * functions holding its own lock. A resumed connection's request is
 * called again by its thread.
 */
#ifndef PITBOSS_WEB_PARK_H
#define PITBOSS_WEB_PARK_H

#include <stdint.h>
#include <microhttpd.h>

/* An entry, kept in what is parked (a stream, a request). */
struct web_parked {
	struct MHD_Connection *con;
	struct web_parked *prev, *next;
	uint64_t until;		/* monotonic ms it is woken at; 0: never */
	int fd;			/* its socket, or -1 */
	int parked;		/* in a list, its connection suspended */
	int gone;		/* woken as its client had gone */
};

/* A list, in the order parked. */
struct web_park {
	struct web_parked *first, *last;
};

/* `p`'s connection `con` suspended and `p` put last in `l`. */
void web_park(struct web_park *l, struct web_parked *p,
	      struct MHD_Connection *con, uint64_t until);
/* `p` (parked in `l`) out of it, its connection resumed. */
void web_park_wake(struct web_park *l, struct web_parked *p);
/* `p` out of `l` if it is in it, its connection left as it is. */
void web_park_forget(struct web_park *l, struct web_parked *p);
/* Every entry woken: at a stop. */
void web_park_wake_all(struct web_park *l);
/* The entries due at `now` (monotonic ms) woken. */
void web_park_wake_due(struct web_park *l, uint64_t now);
/* The entries whose client has gone (the other end shut its socket
 * down, or it failed) woken, with `gone` set. */
void web_park_wake_gone(struct web_park *l);
/* The entries `match` says yes to woken. */
void web_park_wake_if(struct web_park *l,
		      int (*match)(const struct web_parked *p, void *arg),
		      void *arg);

#endif
