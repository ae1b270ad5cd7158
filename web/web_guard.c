/*
 * web_guard.c - the dashboard's connections kept in check against slow
 * and greedy clients: every connection counted per address when it is
 * accepted (at most web.per-ip-limit from one address, and the last
 * quarter of web.connection-limit only for addresses holding few), and
 * every request given WEB_REQUEST_S to arrive whole from the moment its
 * connection opens or its previous answer is sent, and every event
 * stream dropped once it lags behind by more than WEB_STREAM_MAX (a
 * client that does not read).
 *
 * libmicrohttpd's own timeout counts idle time only, which a client
 * sending a header line now and then never reaches; so a watchdog
 * thread looks at the connections twice a second and shuts down the
 * socket of a request that overstays or a stream left behind, which
 * libmicrohttpd's thread polling it closes at once. It also wakes the
 * parked event streams due a comment line (web_events.c), the
 * requests whose command was not answered in time (web_command.c), and
 * every parked stream, command request or login waiting for its hash
 * (web_login.c) whose client has gone. Once the requests stop for a
 * look, it has the server hand back the memory they left (web_quiet).
 */
#include "config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "daemon/log.h"
#include "web/web_impl.h"

#define WATCH_MS 500		/* how often the watchdog looks */
#define REPORT_S 10		/* at most one summary in the log per */
#define RESERVE_HELD 8		/* an address holding fewer may take the
				   last places (a browser opens six) */

struct web_conn {
	struct web_conn *prev, *next;
	struct web_addr addr;
	int fd;
	int receiving;		/* a request is on its way */
	uint64_t since_ms;	/* when it started */
	int stream;		/* an event stream */
	uint64_t stream_pos;	/* what it has taken (web->published) */
	int cut;		/* shut down by the guard */
};

struct web_guard {
	struct web *web;
	pthread_mutex_t lock;	/* everything below */
	pthread_cond_t wake;	/* stopping */
	pthread_t thread;
	int running, stopping;
	struct web_conn *conns;
	unsigned open;
	unsigned limit, per_ip, reserve;
	/* Since the last summary in the log. */
	unsigned long cut_requests, refused, dropped;
	uint64_t reported_ms;
	/* Requests answered: ever, at the last look; some since the server
	 * was last quiet. */
	unsigned long answered, answered_seen;
	int busy;
};

/* The address of a peer, without its port; a zero one if unknown. */
static struct web_addr addr_of(const struct sockaddr *sa)
{
	struct web_addr a = { 0 };

	if (sa != NULL && sa->sa_family == AF_INET) {
		a.family = AF_INET;
		memcpy(a.bytes, &((const struct sockaddr_in *)sa)->sin_addr, 4);
	} else if (sa != NULL && sa->sa_family == AF_INET6) {
		a.family = AF_INET6;
		memcpy(a.bytes, &((const struct sockaddr_in6 *)sa)->sin6_addr,
		       16);
	}
	return a;
}

static int addr_same(const struct web_addr *a, const struct web_addr *b)
{
	return a->family == b->family &&
	       memcmp(a->bytes, b->bytes, sizeof(a->bytes)) == 0;
}

void web_addr_text(const struct web_addr *a, char *out, size_t len)
{
	if (a->family == 0 ||
	    inet_ntop(a->family, a->bytes, out, (socklen_t)len) == NULL)
		snprintf(out, len, "?");
}

/* ------------------------------------------------------ libmicrohttpd */

enum MHD_Result web_guard_accept(void *cls, const struct sockaddr *sa,
				 socklen_t len)
{
	struct web_guard *g = ((struct web *)cls)->guard;
	struct web_addr a = addr_of(sa);
	unsigned held = 0;
	int ok;

	(void)len;
	pthread_mutex_lock(&g->lock);
	for (struct web_conn *c = g->conns; c != NULL; c = c->next)
		held += addr_same(&c->addr, &a);
	ok = g->open < g->limit && held < g->per_ip &&
	     (g->open < g->limit - g->reserve || held < RESERVE_HELD);
	if (!ok)
		g->refused++;
	pthread_mutex_unlock(&g->lock);
	return ok ? MHD_YES : MHD_NO;
}

void web_guard_notify(void *cls, struct MHD_Connection *con,
		      void **socket_context,
		      enum MHD_ConnectionNotificationCode code)
{
	struct web_guard *g = ((struct web *)cls)->guard;
	struct web_conn *c = *socket_context;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *addr, *fd;

		c = calloc(1, sizeof(*c));
		if (c == NULL)
			return;
		addr = MHD_get_connection_info(con,
				MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		fd = MHD_get_connection_info(con,
				MHD_CONNECTION_INFO_CONNECTION_FD);
		c->addr = addr_of(addr != NULL ? addr->client_addr : NULL);
		c->fd = fd != NULL ? fd->connect_fd : -1;
		c->receiving = 1;
		c->since_ms = web_now_ms();
		pthread_mutex_lock(&g->lock);
		c->next = g->conns;
		if (g->conns != NULL)
			g->conns->prev = c;
		g->conns = c;
		g->open++;
		pthread_mutex_unlock(&g->lock);
		*socket_context = c;
		return;
	}
	if (code != MHD_CONNECTION_NOTIFY_CLOSED || c == NULL)
		return;
	/* The socket is closed after this returns, never before. */
	pthread_mutex_lock(&g->lock);
	if (c->prev != NULL)
		c->prev->next = c->next;
	else
		g->conns = c->next;
	if (c->next != NULL)
		c->next->prev = c->prev;
	g->open--;
	pthread_mutex_unlock(&g->lock);
	free(c);
	*socket_context = NULL;
}

struct web_conn *web_guard_conn(struct MHD_Connection *con)
{
	const union MHD_ConnectionInfo *info = MHD_get_connection_info(
		con, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return info != NULL ? info->socket_context : NULL;
}

int web_guard_received(struct web *web, struct web_conn *c)
{
	int cut;

	if (c == NULL)
		return 0;
	pthread_mutex_lock(&web->guard->lock);
	c->receiving = 0;
	cut = c->cut;
	pthread_mutex_unlock(&web->guard->lock);
	return cut;
}

void web_guard_answered(struct web *web, struct web_conn *c)
{
	if (c == NULL)
		return;
	pthread_mutex_lock(&web->guard->lock);
	c->receiving = 1;
	c->since_ms = web_now_ms();
	c->stream = 0;		/* a stream ends with its answer */
	web->guard->answered++;
	pthread_mutex_unlock(&web->guard->lock);
}

void web_guard_stream(struct web *web, struct web_conn *c, uint64_t pos)
{
	/* The kernel doubles it: what a stream may hold unsent there. */
	int sndbuf = WEB_STREAM_MAX / 2;

	if (c == NULL)
		return;
	pthread_mutex_lock(&web->guard->lock);
	if (!c->stream && c->fd >= 0)
		setsockopt(c->fd, SOL_SOCKET, SO_SNDBUF, &sndbuf,
			   sizeof(sndbuf));
	c->stream = 1;
	c->stream_pos = pos;
	pthread_mutex_unlock(&web->guard->lock);
}

/* ----------------------------------------------------------- watchdog */

/* Ends connection `c` now (the guard's lock held: its socket is open);
 * libmicrohttpd sees it closed and closes it. `drop`: what it
 * still had to send is thrown away at the close. */
static void cut(struct web_conn *c, int drop)
{
	struct linger abort_close = { 1, 0 };

	if (drop)
		setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &abort_close,
			   sizeof(abort_close));
	shutdown(c->fd, SHUT_RDWR);
	c->cut = 1;
}

/* Drops stream `c` if it lags behind by too much. */
static void look_stream(struct web_guard *g, struct web_conn *c,
			uint64_t published)
{
	char ip[INET6_ADDRSTRLEN];
	uint64_t behind = published > c->stream_pos ?
			  published - c->stream_pos : 0;

	if (behind <= WEB_STREAM_MAX)
		return;
	web_addr_text(&c->addr, ip, sizeof(ip));
	log_info("dashboard: event stream to %s dropped: %llu KiB behind "
		 "(at most %d), it does not read", ip,
		 (unsigned long long)(behind / 1024), WEB_STREAM_MAX / 1024);
	cut(c, 1);
	g->dropped++;
}

/* What the guard did since it last said so, at most every REPORT_S. */
static void report(struct web_guard *g, uint64_t now)
{
	char cut_text[64] = "", refused_text[160] = "", dropped_text[96] = "";

	if ((g->cut_requests == 0 && g->refused == 0 && g->dropped == 0) ||
	    (g->reported_ms != 0 && now - g->reported_ms < REPORT_S * 1000))
		return;
	if (g->cut_requests > 0)
		snprintf(cut_text, sizeof(cut_text), "%lu requests cut (not "
			 "whole within %d s)", g->cut_requests, WEB_REQUEST_S);
	if (g->refused > 0)
		snprintf(refused_text, sizeof(refused_text), "%s%lu connections "
			 "refused (too many from one address, or the last places "
			 "kept for others)", cut_text[0] ? ", " : "",
			 g->refused);
	if (g->dropped > 0)
		snprintf(dropped_text, sizeof(dropped_text), "%s%lu event "
			 "streams dropped (over %d KiB behind)",
			 cut_text[0] || refused_text[0] ? ", " : "", g->dropped,
			 WEB_STREAM_MAX / 1024);
	log_warn("dashboard: %s%s%s", cut_text, refused_text, dropped_text);
	g->cut_requests = 0;
	g->refused = 0;
	g->dropped = 0;
	g->reported_ms = now;
}

static void look(struct web_guard *g, uint64_t now, uint64_t published)
{
	for (struct web_conn *c = g->conns; c != NULL; c = c->next) {
		char ip[INET6_ADDRSTRLEN];

		if (c->cut || c->fd < 0)
			continue;
		if (c->stream)
			look_stream(g, c, published);
		if (c->cut || !c->receiving ||
		    now - c->since_ms < WEB_REQUEST_S * 1000)
			continue;
		web_addr_text(&c->addr, ip, sizeof(ip));
		log_debug("dashboard: a request from %s was not whole within "
			  "%d s: cut", ip, WEB_REQUEST_S);
		cut(c, 0);
		g->cut_requests++;
	}
	report(g, now);
}

/* Whether the requests stopped since the last look, after some
 * (g->lock held). */
static int became_quiet(struct web_guard *g)
{
	int quiet = g->busy && g->answered == g->answered_seen;

	if (g->answered != g->answered_seen)
		g->busy = 1;
	else if (quiet)
		g->busy = 0;
	g->answered_seen = g->answered;
	return quiet;
}

static void *watch(void *arg)
{
	struct web_guard *g = arg;
	int quiet = 0;

	pthread_mutex_lock(&g->lock);
	while (!g->stopping) {
		struct timespec until;
		uint64_t published;

		/* Never both locks at once. */
		pthread_mutex_unlock(&g->lock);
		if (quiet)
			web_quiet(g->web);
		web_events_tick(g->web);
		web_commands_tick(g->web);
		web_logins_tick(g->web);
		pthread_mutex_lock(&g->web->lock);
		published = g->web->published;
		pthread_mutex_unlock(&g->web->lock);
		pthread_mutex_lock(&g->lock);
		look(g, web_now_ms(), published);
		quiet = became_quiet(g);
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += WATCH_MS * 1000000L;
		until.tv_sec += until.tv_nsec / 1000000000L;
		until.tv_nsec %= 1000000000L;
		while (!g->stopping &&
		       pthread_cond_timedwait(&g->wake, &g->lock, &until) == 0)
			;
	}
	pthread_mutex_unlock(&g->lock);
	return NULL;
}

/* ---------------------------------------------------------- life cycle */

int web_guard_start(struct web *web, char *err, size_t errlen)
{
	struct web_guard *g = calloc(1, sizeof(*g));
	pthread_condattr_t attr;
	int rc;

	if (g == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	g->limit = web->cfg.connection_limit ? web->cfg.connection_limit
					     : WEB_CONNECTIONS;
	g->per_ip = web->cfg.per_ip_limit ? web->cfg.per_ip_limit
					  : WEB_PER_IP;
	g->reserve = g->limit / 4;
	g->web = web;
	pthread_mutex_init(&g->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&g->wake, &attr);
	pthread_condattr_destroy(&attr);
	web->guard = g;
	rc = pthread_create(&g->thread, NULL, watch, g);
	if (rc != 0) {
		snprintf(err, errlen, "web: no watchdog thread: %s",
			 strerror(rc));
		return -1;
	}
	g->running = 1;
	return 0;
}

/* After the server has stopped: every connection is closed. */
void web_guard_stop(struct web *web)
{
	struct web_guard *g = web->guard;

	if (g == NULL)
		return;
	pthread_mutex_lock(&g->lock);
	g->stopping = 1;
	pthread_cond_broadcast(&g->wake);
	pthread_mutex_unlock(&g->lock);
	if (g->running)
		pthread_join(g->thread, NULL);
	pthread_cond_destroy(&g->wake);
	pthread_mutex_destroy(&g->lock);
	free(g);
	web->guard = NULL;
}

void web_guard_log(void *cls, const char *fmt, va_list ap)
{
	char msg[512];
	size_t len;

	(void)cls;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	len = strlen(msg);
	while (len > 0 && msg[len - 1] == '\n')
		msg[--len] = '\0';
	log_debug("dashboard: libmicrohttpd: %s", msg);
}
