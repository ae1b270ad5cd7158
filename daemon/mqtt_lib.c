/*
 * mqtt_lib.c - libmosquitto, opened when the first MQTT link starts
 * (util/lazy.h): a daemon without MQTT maps neither it nor the TLS
 * libraries it brings. The functions the link uses, by their own names;
 * those a link starts with fail as the library would when it cannot be
 * opened.
 */
#include "config.h"

#include <errno.h>
#include <mosquitto.h>

#include "util/lazy.h"

/* The functions used, in their order in fn[]. */
#define FUNCS(X) \
	X(mosquitto_connack_string) \
	X(mosquitto_connect_async) \
	X(mosquitto_connect_callback_set) \
	X(mosquitto_destroy) \
	X(mosquitto_disconnect) \
	X(mosquitto_disconnect_callback_set) \
	X(mosquitto_int_option) \
	X(mosquitto_lib_cleanup) \
	X(mosquitto_lib_init) \
	X(mosquitto_lib_version) \
	X(mosquitto_loop_misc) \
	X(mosquitto_loop_read) \
	X(mosquitto_loop_write) \
	X(mosquitto_message_callback_set) \
	X(mosquitto_new) \
	X(mosquitto_publish) \
	X(mosquitto_publish_callback_set) \
	X(mosquitto_socket) \
	X(mosquitto_strerror) \
	X(mosquitto_subscribe) \
	X(mosquitto_tls_set) \
	X(mosquitto_username_pw_set) \
	X(mosquitto_want_write) \
	X(mosquitto_will_set)
LAZY_LIB(MOSQUITTO_SONAME);

const char *mosquitto_connack_string(int connack_code)
{
	if (lazy_open(&lib) < 0)
		return lib.why;
	return FN(mosquitto_connack_string)(connack_code);
}

int mosquitto_connect_async(struct mosquitto *mosq, const char *host,
			    int port, int keepalive)
{
	return FN(mosquitto_connect_async)(mosq, host, port, keepalive);
}

void mosquitto_connect_callback_set(struct mosquitto *mosq,
		void (*on_connect)(struct mosquitto *, void *, int))
{
	FN(mosquitto_connect_callback_set)(mosq, on_connect);
}

void mosquitto_destroy(struct mosquitto *mosq)
{
	FN(mosquitto_destroy)(mosq);
}

int mosquitto_disconnect(struct mosquitto *mosq)
{
	return FN(mosquitto_disconnect)(mosq);
}

void mosquitto_disconnect_callback_set(struct mosquitto *mosq,
		void (*on_disconnect)(struct mosquitto *, void *, int))
{
	FN(mosquitto_disconnect_callback_set)(mosq, on_disconnect);
}

int mosquitto_int_option(struct mosquitto *mosq, enum mosq_opt_t option,
			 int value)
{
	return FN(mosquitto_int_option)(mosq, option, value);
}

int mosquitto_lib_cleanup(void)
{
	if (lazy_open(&lib) < 0)
		return MOSQ_ERR_SUCCESS;
	return FN(mosquitto_lib_cleanup)();
}

int mosquitto_lib_init(void)
{
	if (lazy_open(&lib) < 0)
		return MOSQ_ERR_NOT_SUPPORTED;
	return FN(mosquitto_lib_init)();
}

int mosquitto_lib_version(int *major, int *minor, int *revision)
{
	if (lazy_open(&lib) < 0)
		return *major = *minor = *revision = 0;
	return FN(mosquitto_lib_version)(major, minor, revision);
}

int mosquitto_loop_misc(struct mosquitto *mosq)
{
	return FN(mosquitto_loop_misc)(mosq);
}

int mosquitto_loop_read(struct mosquitto *mosq, int max_packets)
{
	return FN(mosquitto_loop_read)(mosq, max_packets);
}

int mosquitto_loop_write(struct mosquitto *mosq, int max_packets)
{
	return FN(mosquitto_loop_write)(mosq, max_packets);
}

void mosquitto_message_callback_set(struct mosquitto *mosq,
		void (*on_message)(struct mosquitto *, void *,
				   const struct mosquitto_message *))
{
	FN(mosquitto_message_callback_set)(mosq, on_message);
}

struct mosquitto *mosquitto_new(const char *id, bool clean_session, void *obj)
{
	if (lazy_open(&lib) < 0)
		return errno = ENOSYS, NULL;
	return FN(mosquitto_new)(id, clean_session, obj);
}

int mosquitto_publish(struct mosquitto *mosq, int *mid, const char *topic,
		      int payloadlen, const void *payload, int qos,
		      bool retain)
{
	return FN(mosquitto_publish)(mosq, mid, topic, payloadlen, payload, qos,
				     retain);
}

void mosquitto_publish_callback_set(struct mosquitto *mosq,
		void (*on_publish)(struct mosquitto *, void *, int))
{
	FN(mosquitto_publish_callback_set)(mosq, on_publish);
}

int mosquitto_socket(struct mosquitto *mosq)
{
	return FN(mosquitto_socket)(mosq);
}

const char *mosquitto_strerror(int mosq_errno)
{
	if (lazy_open(&lib) < 0)
		return lib.why;
	return FN(mosquitto_strerror)(mosq_errno);
}

int mosquitto_subscribe(struct mosquitto *mosq, int *mid, const char *sub,
			int qos)
{
	return FN(mosquitto_subscribe)(mosq, mid, sub, qos);
}

int mosquitto_tls_set(struct mosquitto *mosq, const char *cafile,
		      const char *capath, const char *certfile,
		      const char *keyfile,
		      int (*pw_callback)(char *buf, int size, int rwflag,
					 void *userdata))
{
	return FN(mosquitto_tls_set)(mosq, cafile, capath, certfile, keyfile,
				     pw_callback);
}

int mosquitto_username_pw_set(struct mosquitto *mosq, const char *username,
			      const char *password)
{
	return FN(mosquitto_username_pw_set)(mosq, username, password);
}

bool mosquitto_want_write(struct mosquitto *mosq)
{
	return FN(mosquitto_want_write)(mosq);
}

int mosquitto_will_set(struct mosquitto *mosq, const char *topic,
		       int payloadlen, const void *payload, int qos,
		       bool retain)
{
	return FN(mosquitto_will_set)(mosq, topic, payloadlen, payload, qos,
				      retain);
}
