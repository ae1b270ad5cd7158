/*
 * web_events.c - server-sent events: every verdict the main loop
 * publishes goes to each open /api/events stream at once, numbered; a
 * reconnecting browser sends Last-Event-ID and gets what it missed from
 * a ring of the last WEB_RING verdicts.
 *
 * libmicrohttpd's threads each serve many connections, so a stream
 * never waits in them: with nothing to send it is parked (its
 * connection suspended) until an event is published, or for a comment
 * line every KEEPALIVE_S that keeps proxies and phones from dropping it.
 * A parked stream whose client has gone is closed at the watchdog's
 * next look (web_park_wake_gone()), not at its next line.
 *
 * A client that does not read must not cost the daemon what it does not
 * take: a stream is handed at most WEB_STREAM_MAX of text at a time, its
 * socket buffers little, and the guard (web_guard.c) drops a stream
 * lagging behind by more than that; a resumed stream gets at most half
 * of it of what it missed.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/log.h"
#include "web/web_impl.h"

#define KEEPALIVE_S 15
#define EVENT_HEAD "id: %llu\nevent: verdict\ndata: "

struct web_stream {
	struct web *web;
	struct MHD_Connection *con;
	struct web_conn *conn;	/* valid while the server reads the stream */
	struct web_parked park;	/* in web->parked (web->lock) */
	uint64_t sent_ms;	/* when it last had text */
	uint64_t last;		/* the last event id taken */
	uint64_t pos;		/* web->published after the last taken */
	char *pending;		/* text not yet handed to the server */
	size_t len, off;
};

void web_publish(struct web *web, const char *json)
{
	char *copy = strdup(json);
	struct web_event *e;

	if (copy == NULL)
		return;
	pthread_mutex_lock(&web->lock);
	e = &web->ring[web->next_id % WEB_RING];
	free(e->json);
	e->id = web->next_id++;
	e->json = copy;
	e->len = (size_t)snprintf(NULL, 0, EVENT_HEAD,
				  (unsigned long long)e->id) +
		 strlen(copy) + 2;
	web->published += e->len;
	e->end = web->published;
	pthread_cond_broadcast(&web->changed);
	web_events_wake_all(web);
	pthread_mutex_unlock(&web->lock);
}

/*
 * Parks stream `s` (web->lock held, from its reader) until an event is
 * published or its keep-alive line is due: its reader is called again
 * once woken.
 */
static void park(struct web_stream *s)
{
	web_park(&s->web->parked, &s->park, s->con,
		 s->sent_ms + KEEPALIVE_S * 1000);
}

void web_events_wake_all(struct web *web)
{
	web_park_wake_all(&web->parked);
}

void web_events_tick(struct web *web)
{
	uint64_t now = web_now_ms();

	pthread_mutex_lock(&web->lock);
	web_park_wake_gone(&web->parked);
	web_park_wake_due(&web->parked, now);
	pthread_mutex_unlock(&web->lock);
}

static uint64_t oldest_id(const struct web *web)
{
	return web->next_id > WEB_RING ? web->next_id - WEB_RING : 1;
}

/* Events after s->last, as stream text, at most WEB_STREAM_MAX of it
 * (web->lock held); NULL when there are none. */
static char *take_events(struct web_stream *s, size_t *len)
{
	struct web *web = s->web;
	struct jbuf b = { 0 };

	if (s->last + 1 < oldest_id(web))
		s->last = oldest_id(web) - 1;	/* older ones are gone */
	for (uint64_t id = s->last + 1; id < web->next_id; id++) {
		const struct web_event *e = &web->ring[id % WEB_RING];

		if (b.len > 0 && b.len + e->len > WEB_STREAM_MAX)
			break;
		jbuf_printf(&b, EVENT_HEAD "%s\n\n",
			    (unsigned long long)e->id, e->json);
		s->last = id;
		s->pos = e->end;
	}
	return b.len > 0 ? jbuf_take(&b, len) : (jbuf_free(&b), NULL);
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	static const char keepalive[] = ": keep-alive\n\n";
	struct web_stream *s = cls;
	struct web *web = s->web;

	(void)pos;
	if (s->pending == NULL) {
		pthread_mutex_lock(&web->lock);
		if (web->closing || s->park.gone) {
			pthread_mutex_unlock(&web->lock);
			return s->park.gone ? MHD_CONTENT_READER_END_WITH_ERROR :
			       MHD_CONTENT_READER_END_OF_STREAM;
		}
		s->pending = take_events(s, &s->len);
		if (s->pending == NULL &&
		    web_now_ms() - s->sent_ms < KEEPALIVE_S * 1000) {
			park(s);
			pthread_mutex_unlock(&web->lock);
			return 0;
		}
		pthread_mutex_unlock(&web->lock);
		web_guard_stream(web, s->conn, s->pos);
		s->off = 0;
		s->sent_ms = web_now_ms();
		if (s->pending == NULL) {
			s->pending = strdup(keepalive);
			if (s->pending == NULL)
				return MHD_CONTENT_READER_END_WITH_ERROR;
			s->len = sizeof(keepalive) - 1;
		}
	}
	if (max > s->len - s->off)
		max = s->len - s->off;
	memcpy(buf, s->pending + s->off, max);
	s->off += max;
	if (s->off == s->len) {
		free(s->pending);
		s->pending = NULL;
	}
	return (ssize_t)max;
}

static void stream_free(void *cls)
{
	struct web_stream *s = cls;

	pthread_mutex_lock(&s->web->lock);
	s->web->sse_clients--;
	/* Not expected: one parked is woken before it ends. */
	web_park_forget(&s->web->parked, &s->park);
	if (s->park.gone)
		log_debug("dashboard: an event stream's client has gone: "
			  "closed while it waited (%lu open)",
			  s->web->sse_clients);
	pthread_mutex_unlock(&s->web->lock);
	free(s->pending);
	free(s);
}

/*
 * Where stream `s` resumes (web->lock held): after s->last, but with at
 * most half of WEB_STREAM_MAX to catch up on, so that a client coming
 * back from far behind is not dropped at once.
 */
static void resume_from(struct web *web, struct web_stream *s)
{
	uint64_t oldest = oldest_id(web);

	if (s->last + 1 < oldest)
		s->last = oldest - 1;
	s->pos = s->last + 1 < web->next_id ?
		 web->ring[(s->last + 1) % WEB_RING].end -
		 web->ring[(s->last + 1) % WEB_RING].len : web->published;
	while (web->published - s->pos > WEB_STREAM_MAX / 2) {
		s->last++;
		s->pos = web->ring[s->last % WEB_RING].end;
	}
}

void api_events(struct web_request *r)
{
	const char *last = MHD_lookup_connection_value(r->con, MHD_HEADER_KIND,
						       "Last-Event-ID");
	struct web_stream *s = calloc(1, sizeof(*s));
	char *end;

	if (s == NULL) {
		web_error(r, 500, "out of memory");
		return;
	}
	s->web = r->web;
	s->con = r->con;
	s->conn = r->conn;
	s->sent_ms = web_now_ms();
	pthread_mutex_lock(&r->web->lock);
	/* A new stream starts now; a resumed one where it broke off. */
	s->last = r->web->next_id - 1;
	if (last != NULL && last[0] >= '0' && last[0] <= '9') {
		unsigned long long id = strtoull(last, &end, 10);

		if (*end == '\0' && id < r->web->next_id)
			s->last = id;
	}
	resume_from(r->web, s);
	r->web->sse_clients++;
	pthread_mutex_unlock(&r->web->lock);
	web_guard_stream(r->web, s->conn, s->pos);
	r->response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096,
							stream_read, s,
							stream_free);
	if (r->response == NULL) {
		stream_free(s);
		web_error(r, 500, "cannot open the event stream");
		return;
	}
	MHD_add_response_header(r->response, MHD_HTTP_HEADER_CACHE_CONTROL,
				"no-cache");
	r->status = 200;
	r->content_type = "text/event-stream";
}
