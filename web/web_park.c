/*
 * web_park.c - requests parked, their connections suspended until what
 * they wait for comes (web_park.h).
 */
#include "config.h"

#include <stddef.h>

#include "web/web_park.h"

void web_park(struct web_park *l, struct web_parked *p,
	      struct MHD_Connection *con, uint64_t until)
{
	MHD_suspend_connection(con);
	p->con = con;
	p->until = until;
	p->parked = 1;
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
