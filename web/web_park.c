/*
 * web_park.c - requests parked, their connections suspended until what
 * they wait for comes (web_park.h).
 */
#include "config.h"

#include <poll.h>
#include <stddef.h>

#include "web/web_park.h"

#define GONE_BATCH 64		/* sockets looked at in one poll() */

void web_park(struct web_park *l, struct web_parked *p,
	      struct MHD_Connection *con, uint64_t until)
{
	const union MHD_ConnectionInfo *info = MHD_get_connection_info(
		con, MHD_CONNECTION_INFO_CONNECTION_FD);

	MHD_suspend_connection(con);
	p->con = con;
	p->until = until;
	p->fd = info != NULL ? info->connect_fd : -1;
	p->parked = 1;
	p->gone = 0;
	p->next = NULL;
	p->prev = l->last;
	if (l->last != NULL)
		l->last->next = p;
	else
		l->first = p;
	l->last = p;
}

void web_park_forget(struct web_park *l, struct web_parked *p)
{
	if (!p->parked)
		return;
	if (p->prev != NULL)
		p->prev->next = p->next;
	else
		l->first = p->next;
	if (p->next != NULL)
		p->next->prev = p->prev;
	else
		l->last = p->prev;
	p->prev = p->next = NULL;
	p->parked = 0;
}

void web_park_wake(struct web_park *l, struct web_parked *p)
{
	web_park_forget(l, p);
	MHD_resume_connection(p->con);
}

void web_park_wake_all(struct web_park *l)
{
	while (l->first != NULL)
		web_park_wake(l, l->first);
}

void web_park_wake_due(struct web_park *l, uint64_t now)
{
	struct web_parked *p = l->first, *next;

	for (; p != NULL; p = next) {
		next = p->next;
		if (p->until != 0 && now >= p->until)
			web_park_wake(l, p);
	}
}

/* Of the entries from `p` on, up to GONE_BATCH looked at: those gone
 * woken. The entry to look at next, or NULL. */
static struct web_parked *wake_gone_batch(struct web_park *l,
					  struct web_parked *p)
{
	struct pollfd fds[GONE_BATCH];
	struct web_parked *at[GONE_BATCH];
	int n = 0;

	for (; p != NULL && n < GONE_BATCH; p = p->next) {
		if (p->fd < 0)
			continue;
		fds[n] = (struct pollfd){ .fd = p->fd, .events = POLLRDHUP };
		at[n++] = p;
	}
	if (n == 0 || poll(fds, (nfds_t)n, 0) <= 0)
		return p;
	for (int i = 0; i < n; i++)
		if (fds[i].revents & (POLLRDHUP | POLLHUP | POLLERR)) {
			at[i]->gone = 1;
			web_park_wake(l, at[i]);
		}
	return p;
}

void web_park_wake_gone(struct web_park *l)
{
	struct web_parked *p = l->first;

	while (p != NULL)
		p = wake_gone_batch(l, p);
}

void web_park_wake_if(struct web_park *l,
		      int (*match)(const struct web_parked *p, void *arg),
		      void *arg)
{
	struct web_parked *p = l->first, *next;

	for (; p != NULL; p = next) {
		next = p->next;
		if (match(p, arg))
			web_park_wake(l, p);
	}
}
