/*
 * mqtt_link_none.c - the MQTT link in a build without libmosquitto:
 * opening it fails with the reason, so that pitbossd with mqtt.enable
 * says why instead of running without its link.
 */
#include "config.h"

#include <stdio.h>

#include "daemon/mqtt_link.h"

struct mqtt_link *mqtt_link_open(struct loop *loop,
				 const struct mqtt_link_config *cfg,
				 const struct mqtt_link_ops *ops, void *ctx,
				 char *err, size_t errlen)
{
	(void)loop;
	(void)cfg;
	(void)ops;
	(void)ctx;
	snprintf(err, errlen, "mqtt: not compiled in (configure found no "
		 "libmosquitto: install libmosquitto-dev and build again)");
	return NULL;
}

void mqtt_link_close(struct mqtt_link *link)
{
	(void)link;
}

int mqtt_link_up(const struct mqtt_link *link)
{
	(void)link;
	return 0;
}

int mqtt_link_subscribe(struct mqtt_link *link, const char *topic, int qos)
{
	(void)link;
	(void)topic;
	(void)qos;
	return -1;
}

int mqtt_link_publish(struct mqtt_link *link, const char *topic,
		      const void *payload, size_t len, int qos, int retain,
		      mqtt_link_done_fn done, void *arg, int64_t tag)
{
	(void)link;
	(void)topic;
	(void)payload;
	(void)len;
	(void)qos;
	(void)retain;
	(void)done;
	(void)arg;
	(void)tag;
	return -1;
}

void mqtt_link_drain(struct mqtt_link *link, int ms)
{
	(void)link;
	(void)ms;
}

size_t mqtt_link_in_flight(const struct mqtt_link *link)
{
	(void)link;
	return 0;
}

const char *mqtt_link_version(void)
{
	return "not compiled in";
}
