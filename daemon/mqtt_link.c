/*
 * mqtt_link.c - a libmosquitto client in the daemon's poll loop.
 *
 * Each connection is a mosquitto object of its own: made, connected
 * without blocking (mosquitto_connect_async; to a host name, in a
 * thread of its own, as libmosquitto resolves the name inside and
 * getaddrinfo() waits on DNS: offload.h), its socket handed to the
 * loop, read and written by mosquitto_loop_read()/_write() when poll()
 * says so, kept alive by mosquitto_loop_misc() every second. When it
 * fails, the object is destroyed (its in-flight queue with it: the
 * owner keeps the truth) and a new one is tried after a backoff.
 * libmosquitto's callbacks only set flags and call the owner's ops; the
 * object is destroyed outside them. A stop while a name is resolved
 * does not wait for the resolver: the thread is left to end, and then
 * destroys the object it was connecting.
 *
 * The library is set up (mosquitto_lib_init) for its first user and
 * cleaned up after its last: the links open and the connects left to
 * end alone, each a user until its object is destroyed, so that the
 * library is never cleaned up under a connect still running, and is
 * cleaned up by that connect's thread when it is the last.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mosquitto.h>

#include "daemon/log.h"
#include "daemon/mqtt_link.h"
#include "daemon/offload.h"

#define TICK_US 1000000u		/* keep-alive and loss checks */
#define BACKOFF_MIN_US 500000u
#define BACKOFF_MAX_US 30000000u
#define READ_MAX 256			/* packets read in one poll turn */

/* A publish awaiting its PUBACK. */
struct pending {
	int mid;
	mqtt_link_done_fn done;
	void *arg;
	int64_t tag;
};

struct mqtt_link {
	struct loop *loop;
	struct mqtt_link_config cfg;
	char password[256];
	int has_password;
	const struct mqtt_link_ops *ops;
	void *ctx;
	struct mosquitto *m;		/* the connection's, or NULL */
	int fd;				/* watched by the loop, or -1 */
	int up;				/* CONNACK accepted */
	int dead;			/* a callback saw it end */
	int tick, retry;		/* timers, or -1 */
	uint64_t backoff_us;
	uint64_t since;			/* when this connection was tried */
	unsigned failures;		/* attempts failed in a row */
	struct offload *connecting;	/* a host name's connect, or NULL */
	struct link_connect *job;	/* what it uses, while it runs */
	struct pending *pend;
	size_t npend, pend_cap;
};

/* A connect to a host name, in a thread of its own: what it uses is
 * its own, so that a stop may leave it to end alone. */
struct link_connect {
	struct mosquitto *m;
	char host[sizeof(((struct mqtt_link_config *)0)->host)];
	int port, keepalive;
	int rc, err;		/* its outcome */
};

static pthread_mutex_t lib_lock = PTHREAD_MUTEX_INITIALIZER;
static int lib_users;		/* links open, connects left under way */

static void attempt(void *ctx);

/* ------------------------------------------------------- library */

static void lib_hold(void)
{
	pthread_mutex_lock(&lib_lock);
	if (lib_users++ == 0)
		mosquitto_lib_init();
	pthread_mutex_unlock(&lib_lock);
}

/* In any thread: after the user's last call into the library. */
static void lib_release(void)
{
	pthread_mutex_lock(&lib_lock);
	if (--lib_users == 0)
		mosquitto_lib_cleanup();
	pthread_mutex_unlock(&lib_lock);
}

/* -------------------------------------------------------- pending */

static int pending_add(struct mqtt_link *l, int mid, mqtt_link_done_fn done,
		       void *arg, int64_t tag)
{
	struct pending *p;

	if (l->npend == l->pend_cap) {
		size_t cap = l->pend_cap ? 2 * l->pend_cap : 64;

		p = realloc(l->pend, cap * sizeof(*p));
		if (p == NULL)
			return -1;
		l->pend = p;
		l->pend_cap = cap;
	}
	l->pend[l->npend++] = (struct pending){ mid, done, arg, tag };
	return 0;
}

/* Every publish pending told it was not acknowledged. */
static void pending_lost(struct mqtt_link *l)
{
	size_t n = l->npend;

	l->npend = 0;
	for (size_t i = 0; i < n; i++)
		if (l->pend[i].done != NULL)
			l->pend[i].done(l->pend[i].arg, l->pend[i].tag, 0);
}

/* ------------------------------------------------------- callbacks */

static void on_connect(struct mosquitto *m, void *obj, int rc)
{
	struct mqtt_link *l = obj;

	(void)m;
	if (rc != 0) {
		log_err("mqtt: %s:%u refused the connection: %s",
			l->cfg.host, l->cfg.port, mosquitto_connack_string(rc));
		l->dead = 1;
		return;
	}
	l->up = 1;
	l->failures = 0;
	l->backoff_us = BACKOFF_MIN_US;
	log_info("mqtt: connected to %s:%u as %s", l->cfg.host, l->cfg.port,
		 l->cfg.client_id);
	if (l->ops->connected != NULL)
		l->ops->connected(l->ctx);
}

static void on_disconnect(struct mosquitto *m, void *obj, int rc)
{
	struct mqtt_link *l = obj;

	(void)m;
	(void)rc;
	l->dead = 1;
}

static void on_publish(struct mosquitto *m, void *obj, int mid)
{
	struct mqtt_link *l = obj;

	(void)m;
	for (size_t i = 0; i < l->npend; i++) {
		struct pending p = l->pend[i];

		if (p.mid != mid)
			continue;
		l->pend[i] = l->pend[--l->npend];
		if (p.done != NULL)
			p.done(p.arg, p.tag, 1);
		return;
	}
}

static void on_message(struct mosquitto *m, void *obj,
		       const struct mosquitto_message *msg)
{
	struct mqtt_link *l = obj;

	(void)m;
	if (l->ops->message != NULL)
		l->ops->message(l->ctx, msg->topic, msg->payload,
				(size_t)msg->payloadlen);
}

/* ------------------------------------------------------ connection */

static void watch(struct mqtt_link *l)
{
	if (l->fd >= 0)
		loop_set_events(l->loop, l->fd, (short)(POLLIN |
				(mosquitto_want_write(l->m) ? POLLOUT : 0)));
}

/* The connection is over: its object freed, the owner told, a new
 * one tried after the backoff. */
static void drop(struct mqtt_link *l)
{
	int was_up = l->up;

	if (l->fd >= 0)
		loop_remove_fd(l->loop, l->fd);
	if (l->tick >= 0)
		loop_cancel(l->loop, l->tick);
	l->fd = l->tick = -1;
	l->up = l->dead = 0;
	if (l->m != NULL)
		mosquitto_destroy(l->m);
	l->m = NULL;
	pending_lost(l);
	/* Said once an outage; each try after is debug. */
	if (was_up || l->failures == 0)
		log_warn("mqtt: no connection to %s:%u; trying again, from "
			 "every %.1f s to every %.0f s", l->cfg.host,
			 l->cfg.port, (double)l->backoff_us / 1e6,
			 (double)BACKOFF_MAX_US / 1e6);
	l->failures++;
	if (was_up && l->ops->lost != NULL)
		l->ops->lost(l->ctx);
	l->retry = loop_at(l->loop, loop_now() + l->backoff_us, attempt, l);
	l->backoff_us = l->backoff_us * 2 > BACKOFF_MAX_US ? BACKOFF_MAX_US :
			l->backoff_us * 2;
}

/* After libmosquitto ran: the connection lost, or what to watch. */
static void settle(struct mqtt_link *l, int rc)
{
	if (l->m == NULL)
		return;
	if (rc != MOSQ_ERR_SUCCESS || l->dead || mosquitto_socket(l->m) != l->fd)
		drop(l);
	else
		watch(l);
}

/* Whether more bytes wait on the socket now. */
static int readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) == 1 && (p.revents & POLLIN);
}

/* What the socket holds, up to READ_MAX packets (mosquitto_loop_read()
 * reads one), then the owner told that the turn's messages are in. */
static int read_turn(struct mqtt_link *l)
{
	int rc = MOSQ_ERR_SUCCESS;

	for (int n = 0; n < READ_MAX; n++) {
		rc = mosquitto_loop_read(l->m, 1);
		if (rc != MOSQ_ERR_SUCCESS || l->dead || !readable(l->fd))
			break;
	}
	if (l->ops->turn_end != NULL)
		l->ops->turn_end(l->ctx);
	return rc;
}

static void on_fd(void *ctx, int fd, short revents)
{
	struct mqtt_link *l = ctx;
	int rc = MOSQ_ERR_SUCCESS;

	(void)fd;
	if (revents & (POLLIN | POLLERR | POLLHUP))
		rc = read_turn(l);
	if (rc == MOSQ_ERR_SUCCESS && !l->dead && (revents & POLLOUT))
		rc = mosquitto_loop_write(l->m, 1);
	settle(l, rc);
}

static void on_tick(void *ctx)
{
	struct mqtt_link *l = ctx;
	int rc;

	l->tick = loop_at(l->loop, loop_now() + TICK_US, on_tick, l);
	/* A connection the broker never answered is given up. */
	if (!l->up && loop_now() - l->since >
	    (uint64_t)l->cfg.keepalive * 1000000u)
		l->dead = 1;
	rc = mosquitto_loop_misc(l->m);
	settle(l, rc == MOSQ_ERR_NO_CONN && !l->up ? MOSQ_ERR_SUCCESS : rc);
}

/* The mosquitto object of one connection, set up; NULL when not. */
static struct mosquitto *make(struct mqtt_link *l)
{
	const struct mqtt_link_config *c = &l->cfg;
	struct mosquitto *m = mosquitto_new(c->client_id, false, l);

	if (m == NULL)
		return NULL;
	mosquitto_int_option(m, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
	if ((c->username[0] != '\0' &&
	     mosquitto_username_pw_set(m, c->username, l->has_password ?
				       l->password : NULL) != MOSQ_ERR_SUCCESS) ||
	    (c->tls_ca[0] != '\0' &&
	     mosquitto_tls_set(m, c->tls_ca, NULL, NULL, NULL, NULL) !=
	     MOSQ_ERR_SUCCESS) ||
	    (c->will_topic[0] != '\0' &&
	     mosquitto_will_set(m, c->will_topic, (int)strlen(c->will_payload),
				c->will_payload, 1, true) != MOSQ_ERR_SUCCESS)) {
		mosquitto_destroy(m);
		return NULL;
	}
	mosquitto_connect_callback_set(m, on_connect);
	mosquitto_disconnect_callback_set(m, on_disconnect);
	mosquitto_publish_callback_set(m, on_publish);
	mosquitto_message_callback_set(m, on_message);
	return m;
}

/* The connection begun (`rc` from mosquitto_connect_async, `err` its
 * errno): its socket to the loop; the CONNACK comes later. */
static void begun(struct mqtt_link *l, int rc, int err)
{
	l->fd = rc == MOSQ_ERR_SUCCESS ? mosquitto_socket(l->m) : -1;
	if (l->fd < 0 || loop_add_fd(l->loop, l->fd, POLLIN, on_fd, l) < 0) {
		log_debug("mqtt: connecting to %s:%u: %s", l->cfg.host,
			  l->cfg.port, rc == MOSQ_ERR_ERRNO ? strerror(err) :
			  mosquitto_strerror(rc));
		l->fd = -1;
		drop(l);
		return;
	}
	l->tick = loop_at(l->loop, loop_now() + TICK_US, on_tick, l);
	watch(l);
}

/* In a thread of its own: the name resolved and the connect begun; the
 * loop touches nothing of the connection meanwhile. */
static void connect_work(void *arg)
{
	struct link_connect *j = arg;

	j->rc = mosquitto_connect_async(j->m, j->host, j->port, j->keepalive);
	j->err = errno;
}

static void connect_done(void *ctx)
{
	struct mqtt_link *l = ctx;
	struct link_connect *j = l->job;

	l->connecting = NULL;
	l->job = NULL;
	begun(l, j->rc, j->err);
	free(j);
}

/* A connect left at a stop, once it has ended (in its thread, or in
 * the loop's if it had ended): the library's last user, maybe. */
static void connect_release(void *arg)
{
	struct link_connect *j = arg;

	mosquitto_destroy(j->m);
	free(j);
	lib_release();
}

/* The connect to a host name started in its thread; 0 when it is. */
static int connect_start(struct mqtt_link *l)
{
	struct link_connect *j = calloc(1, sizeof(*j));

	if (j == NULL)
		return -1;
	j->m = l->m;
	snprintf(j->host, sizeof(j->host), "%s", l->cfg.host);
	j->port = (int)l->cfg.port;
	j->keepalive = (int)l->cfg.keepalive;
	l->job = j;
	l->connecting = offload_start(l->loop, connect_work, j, connect_done,
				      l);
	if (l->connecting != NULL)
		return 0;
	free(j);
	l->job = NULL;
	return -1;
}

static int numeric(const char *host)
{
	unsigned char a[sizeof(struct in6_addr)];

	return inet_pton(AF_INET, host, a) == 1 ||
	       inet_pton(AF_INET6, host, a) == 1;
}

/* One try: connecting without blocking. */
static void attempt(void *ctx)
{
	struct mqtt_link *l = ctx;
	int rc;

	l->retry = -1;
	l->since = loop_now();
	l->m = make(l);
	if (l->m == NULL) {
		log_err("mqtt: setting up the client: %s", strerror(errno));
		drop(l);
		return;
	}
	if (!numeric(l->cfg.host)) {
		if (connect_start(l) == 0)
			return;
		log_warn("mqtt: no thread to resolve %s in (%s): resolving "
			 "it in the loop", l->cfg.host, strerror(errno));
	}
	rc = mosquitto_connect_async(l->m, l->cfg.host, (int)l->cfg.port,
				     (int)l->cfg.keepalive);
	begun(l, rc, errno);
}

/* ----------------------------------------------------------- public */

/* The first line of the password file. */
static int read_password(struct mqtt_link *l, char *err, size_t errlen)
{
	FILE *f;

	if (l->cfg.password_file[0] == '\0')
		return 0;
	f = fopen(l->cfg.password_file, "r");
	if (f == NULL || fgets(l->password, sizeof(l->password), f) == NULL) {
		snprintf(err, errlen, "mqtt: password file %s: %s",
			 l->cfg.password_file, f == NULL ? strerror(errno) :
			 "empty");
		if (f != NULL)
			fclose(f);
		return -1;
	}
	fclose(f);
	l->password[strcspn(l->password, "\r\n")] = '\0';
	l->has_password = 1;
	return 0;
}

struct mqtt_link *mqtt_link_open(struct loop *loop,
				 const struct mqtt_link_config *cfg,
				 const struct mqtt_link_ops *ops, void *ctx,
				 char *err, size_t errlen)
{
	struct mqtt_link *l = calloc(1, sizeof(*l));

	if (l == NULL) {
		snprintf(err, errlen, "mqtt: out of memory");
		return NULL;
	}
	l->loop = loop;
	l->cfg = *cfg;
	l->ops = ops;
	l->ctx = ctx;
	l->fd = l->tick = l->retry = -1;
	l->backoff_us = BACKOFF_MIN_US;
	if (read_password(l, err, errlen) < 0) {
		free(l);
		return NULL;
	}
	lib_hold();
	attempt(l);
	return l;
}

void mqtt_link_drain(struct mqtt_link *l, int ms)
{
	uint64_t end = loop_now() + (uint64_t)(ms > 0 ? ms : 0) * 1000u;

	while (mqtt_link_up(l) && l->npend > 0 && loop_now() < end) {
		struct pollfd p = { .fd = l->fd, .events = (short)(POLLIN |
				    (mosquitto_want_write(l->m) ? POLLOUT : 0)) };
		int rc = MOSQ_ERR_SUCCESS;

		if (poll(&p, 1, 10) <= 0)
			continue;
		if (p.revents & (POLLIN | POLLERR | POLLHUP))
			rc = read_turn(l);
		if (rc == MOSQ_ERR_SUCCESS && !l->dead &&
		    (p.revents & POLLOUT))
			rc = mosquitto_loop_write(l->m, 1);
		if (rc != MOSQ_ERR_SUCCESS)
			break;
	}
}

void mqtt_link_close(struct mqtt_link *l)
{
	if (l == NULL)
		return;
	if (l->connecting != NULL) {
		/* Not waited for: the thread destroys its object, a user
		 * of the library of its own until then. */
		lib_hold();
		offload_abandon(l->connecting, connect_release);
		l->m = NULL;
	}
	if (l->m != NULL && l->up) {
		mosquitto_disconnect(l->m);
		mosquitto_loop_write(l->m, 1);
	}
	if (l->fd >= 0)
		loop_remove_fd(l->loop, l->fd);
	if (l->tick >= 0)
		loop_cancel(l->loop, l->tick);
	if (l->retry >= 0)
		loop_cancel(l->loop, l->retry);
	if (l->m != NULL)
		mosquitto_destroy(l->m);
	free(l->pend);
	memset(l->password, 0, sizeof(l->password));
	free(l);
	lib_release();
}

int mqtt_link_up(const struct mqtt_link *l)
{
	return l != NULL && l->up && !l->dead;
}

int mqtt_link_subscribe(struct mqtt_link *l, const char *topic, int qos)
{
	if (!mqtt_link_up(l))
		return -1;
	if (mosquitto_subscribe(l->m, NULL, topic, qos) != MOSQ_ERR_SUCCESS) {
		l->dead = 1;
		return -1;
	}
	watch(l);
	return 0;
}

int mqtt_link_publish(struct mqtt_link *l, const char *topic,
		      const void *payload, size_t len, int qos, int retain,
		      mqtt_link_done_fn done, void *arg, int64_t tag)
{
	int mid = 0, rc;

	if (!mqtt_link_up(l))
		return -1;
	rc = mosquitto_publish(l->m, &mid, topic, (int)len, payload, qos,
			       retain != 0);
	if (rc != MOSQ_ERR_SUCCESS) {
		/* Found lost: the tick drops it, outside any callback. */
		l->dead = 1;
		return -1;
	}
	if (qos > 0 && pending_add(l, mid, done, arg, tag) < 0) {
		l->dead = 1;
		return -1;
	}
	watch(l);
	return 0;
}

size_t mqtt_link_in_flight(const struct mqtt_link *l)
{
	return l != NULL ? l->npend : 0;
}

const char *mqtt_link_version(void)
{
	static char text[48];
	int major, minor, rev;

	mosquitto_lib_version(&major, &minor, &rev);
	snprintf(text, sizeof(text), "libmosquitto %d.%d.%d", major, minor,
		 rev);
	return text;
}
