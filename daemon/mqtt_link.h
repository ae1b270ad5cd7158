/*
 * mqtt_link.h - one MQTT client (libmosquitto) run inside the daemon's
 * poll loop: its socket watched by the loop (POLLOUT while output
 * waits), a one-second timer for keep-alive, no thread of its own.
 *
 * The session is persistent (clean session off, a fixed client id), the
 * will is retained. A link that fails or is cut is made anew after a
 * pause that doubles from half a second up to thirty; the owner learns
 * of each connection and loss through its ops, and publishes again what
 * it still needs acknowledged: what libmosquitto held in flight is lost
 * with the connection (each pending publish's `done` is called with
 * acked 0).
 *
 * Without libmosquitto (configure's HAVE_MOSQUITTO), mqtt_link_open()
 * fails with "not compiled in" (mqtt_link_none.c).
 */
#ifndef PITBOSS_MQTT_LINK_H
#define PITBOSS_MQTT_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/loop.h"

#define MQTT_TOPIC_MAX 256

/* Where to connect and as whom. */
struct mqtt_link_config {
	char host[256];
	unsigned port;
	unsigned keepalive;		/* seconds */
	char username[128];		/* "": none */
	char password_file[1024];	/* "": no password; its first line */
	char tls_ca[1024];		/* "": plain TCP; else a CA file */
	char client_id[64];
	char will_topic[MQTT_TOPIC_MAX];	/* "": no will */
	char will_payload[256];		/* retained, QoS 1 */
};

/* What the owner is told; any may be NULL. */
struct mqtt_link_ops {
	/* Connected (CONNACK accepted): subscribe, publish what waits. */
	void (*connected)(void *ctx);
	/* The connection was lost or refused; a new one will be tried. */
	void (*lost)(void *ctx);
	/* A message on a subscribed topic (payload not NUL-terminated). */
	void (*message)(void *ctx, const char *topic, const void *payload,
			size_t len);
	/* The messages of one poll turn (as many as the socket held, up
	 * to a bound) were handed over: commit what they wrote. */
	void (*turn_end)(void *ctx);
};

/* A publish settled: acked 1 on PUBACK, 0 when the connection was lost
 * before it. */
typedef void (*mqtt_link_done_fn)(void *arg, int64_t tag, int acked);

struct mqtt_link;

/*
 * A link to the broker of `cfg`, connecting at once (the answer comes
 * later, through ops->connected). NULL with the reason in `err` (the
 * password file unreadable, not compiled in).
 */
struct mqtt_link *mqtt_link_open(struct loop *loop,
				 const struct mqtt_link_config *cfg,
				 const struct mqtt_link_ops *ops, void *ctx,
				 char *err, size_t errlen);
/* Disconnects cleanly (no will sent) and frees; NULL is fine. */
void mqtt_link_close(struct mqtt_link *link);

/* Whether the broker accepted the connection and it still holds. */
int mqtt_link_up(const struct mqtt_link *link);

/* Subscribes (QoS 0 to 2). 0, or -1 when not connected. */
int mqtt_link_subscribe(struct mqtt_link *link, const char *topic, int qos);

/*
 * Publishes `len` bytes. At QoS 1 or 2, `done` (may be NULL) is called
 * with `arg` and `tag` on PUBACK, or with acked 0 if the connection is
 * lost first; at QoS 0 it is not called. 0, or -1 when not connected
 * (then `done` is not called).
 */
int mqtt_link_publish(struct mqtt_link *link, const char *topic,
		      const void *payload, size_t len, int qos, int retain,
		      mqtt_link_done_fn done, void *arg, int64_t tag);

/* Before a clean end: runs the link (messages handed over as usual)
 * until every QoS 1 publish is acknowledged, at most `ms`, so that the
 * last word (an offline status) is the broker's and nothing is left
 * unread at the close: a connection reset at the close loses the
 * DISCONNECT, and the broker publishes the will. */
void mqtt_link_drain(struct mqtt_link *l, int ms);
/* Publishes awaiting their PUBACK. */
size_t mqtt_link_in_flight(const struct mqtt_link *link);

/* "libmosquitto 2.0.11", or "not compiled in". */
const char *mqtt_link_version(void);

#endif
