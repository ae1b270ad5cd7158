/*
 * test_mqtt_link.c - libmosquitto's set-up and clean-up around a connect
 * left to end alone (daemon/mqtt_link.c): a link closed while its
 * broker's name is resolved leaves the library set up until the
 * connect's thread has destroyed its object, and that thread then cleans
 * it up, once; a link opened meanwhile does not set it up a second time,
 * and the last link's close cleans it up. The library is a fake here
 * that counts its set-ups and clean-ups and every call made while it is
 * not set up, or a clean-up under a live object; its connect to a host
 * name blocks until the test lets it go.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <mosquitto.h>

#include "daemon/loop.h"
#include "daemon/mqtt_link.h"

/* ------------------------------------------------ the fake library */

static atomic_int inited, inits, cleanups, objects, connecting, bad;
static int gate[2];		/* a host name's connect reads it */

struct mosquitto {
	int fake;
};

/* A call into the library: it must be set up. */
static void used(void)
{
	if (!atomic_load(&inited))
		atomic_fetch_add(&bad, 1);
}

int mosquitto_lib_init(void)
{
	atomic_fetch_add(&inits, 1);
	atomic_store(&inited, 1);
	return MOSQ_ERR_SUCCESS;
}

int mosquitto_lib_cleanup(void)
{
	used();
	if (atomic_load(&objects) > 0)
		atomic_fetch_add(&bad, 1);
	atomic_store(&inited, 0);
	atomic_fetch_add(&cleanups, 1);
	return MOSQ_ERR_SUCCESS;
}

struct mosquitto *mosquitto_new(const char *id, bool clean, void *obj)
{
	(void)id;
	(void)clean;
	(void)obj;
	used();
	atomic_fetch_add(&objects, 1);
	return calloc(1, sizeof(struct mosquitto));
}

void mosquitto_destroy(struct mosquitto *m)
{
	used();
	atomic_fetch_sub(&objects, 1);
	free(m);
}

int mosquitto_connect_async(struct mosquitto *m, const char *host, int port,
			    int keepalive)
{
	char c;

	(void)m;
	(void)port;
	(void)keepalive;
	used();
	if (strcmp(host, "broker.example") == 0) {
		atomic_store(&connecting, 1);
		while (read(gate[0], &c, 1) < 0 && errno == EINTR)
			;
		used();
		atomic_store(&connecting, 0);
	}
	errno = ECONNREFUSED;
	return MOSQ_ERR_ERRNO;
}

int mosquitto_socket(struct mosquitto *m)
{
	(void)m;
	return -1;
}

/* The rest: they need the library set up, and do nothing (no
 * connection is ever up). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define QUIET(...) { used(); return 0; }
int mosquitto_int_option(struct mosquitto *m, enum mosq_opt_t o, int v)
	QUIET()
int mosquitto_username_pw_set(struct mosquitto *m, const char *u,
			      const char *p) QUIET()
int mosquitto_tls_set(struct mosquitto *m, const char *a, const char *b,
		      const char *c, const char *d,
		      int (*cb)(char *, int, int, void *)) QUIET()
int mosquitto_will_set(struct mosquitto *m, const char *t, int n,
		       const void *p, int q, bool r) QUIET()
int mosquitto_disconnect(struct mosquitto *m) QUIET()
int mosquitto_loop_misc(struct mosquitto *m) QUIET()
int mosquitto_loop_read(struct mosquitto *m, int n) QUIET()
int mosquitto_loop_write(struct mosquitto *m, int n) QUIET()
int mosquitto_subscribe(struct mosquitto *m, int *mid, const char *s,
			int q) QUIET()
int mosquitto_publish(struct mosquitto *m, int *mid, const char *t, int n,
		      const void *p, int q, bool r) QUIET()
void mosquitto_connect_callback_set(struct mosquitto *m,
	void (*f)(struct mosquitto *, void *, int)) { used(); }
void mosquitto_disconnect_callback_set(struct mosquitto *m,
	void (*f)(struct mosquitto *, void *, int)) { used(); }
void mosquitto_publish_callback_set(struct mosquitto *m,
	void (*f)(struct mosquitto *, void *, int)) { used(); }
void mosquitto_message_callback_set(struct mosquitto *m,
	void (*f)(struct mosquitto *, void *,
		  const struct mosquitto_message *)) { used(); }
bool mosquitto_want_write(struct mosquitto *m) { used(); return false; }
const char *mosquitto_strerror(int e) { (void)e; return "error"; }
const char *mosquitto_connack_string(int c) { (void)c; return "refused"; }
int mosquitto_lib_version(int *a, int *b, int *c)
{
	*a = *b = *c = 0;
	return 0;
}
#pragma GCC diagnostic pop

/* ------------------------------------------------------------ tests */

static int setup(void **state)
{
	(void)state;
	atomic_store(&inited, 0);
	atomic_store(&inits, 0);
	atomic_store(&cleanups, 0);
	atomic_store(&objects, 0);
	atomic_store(&connecting, 0);
	atomic_store(&bad, 0);
	return pipe(gate);
}

static int teardown(void **state)
{
	(void)state;
	close(gate[0]);
	close(gate[1]);
	return 0;
}

/* Waits up to 30 s for *v to be `want`. */
static void wait_for(atomic_int *v, int want)
{
	for (int i = 0; i < 3000 && atomic_load(v) != want; i++)
		usleep(10000);
	assert_int_equal(atomic_load(v), want);
}

static int watch_ticks;

/* A timer of the loop: stops it once no object is left (a connect's
 * end handled in the loop), or after 30 s. */
static void stop_when_ended(void *ctx)
{
	struct loop *loop = ctx;

	if (atomic_load(&objects) == 0 || ++watch_ticks >= 3000)
		loop_stop(loop);
	else
		loop_at(loop, loop_now() + 10000, stop_when_ended, loop);
}

static struct mqtt_link *open_link(struct loop *loop, const char *host)
{
	static const struct mqtt_link_ops ops = { 0 };
	struct mqtt_link_config cfg = { .port = 1883, .keepalive = 30 };
	char err[256];
	struct mqtt_link *l;

	snprintf(cfg.host, sizeof(cfg.host), "%s", host);
	snprintf(cfg.client_id, sizeof(cfg.client_id), "test");
	l = mqtt_link_open(loop, &cfg, &ops, NULL, err, sizeof(err));
	assert_non_null(l);
	return l;
}

/* Closed while its connect runs: cleaned up by the connect's thread
 * once it has destroyed its object, not before, and once. */
static void test_abandoned_last(void **state)
{
	struct loop *loop = loop_new();
	struct mqtt_link *l;

	(void)state;
	assert_non_null(loop);
	l = open_link(loop, "broker.example");
	wait_for(&connecting, 1);
	mqtt_link_close(l);
	assert_int_equal(atomic_load(&cleanups), 0);
	assert_int_equal(atomic_load(&objects), 1);
	assert_int_equal(write(gate[1], "", 1), 1);
	wait_for(&cleanups, 1);
	usleep(100000);		/* nothing more comes */
	assert_int_equal(atomic_load(&objects), 0);
	assert_int_equal(atomic_load(&inits), 1);
	assert_int_equal(atomic_load(&cleanups), 1);
	assert_int_equal(atomic_load(&bad), 0);
	loop_free(loop);
}

/* A link opened while a connect left runs: the library set up once,
 * cleaned up once, after the last of them. */
static void test_abandoned_then_open(void **state)
{
	struct loop *loop = loop_new();
	struct mqtt_link *a, *b;

	(void)state;
	assert_non_null(loop);
	a = open_link(loop, "broker.example");
	wait_for(&connecting, 1);
	mqtt_link_close(a);
	b = open_link(loop, "127.0.0.1");
	assert_int_equal(write(gate[1], "", 1), 1);
	wait_for(&objects, 0);
	usleep(100000);
	assert_int_equal(atomic_load(&cleanups), 0);
	mqtt_link_close(b);
	/* The connect's thread may release after the close, or before. */
	wait_for(&cleanups, 1);
	usleep(100000);		/* nothing more comes */
	assert_int_equal(atomic_load(&inits), 1);
	assert_int_equal(atomic_load(&cleanups), 1);
	assert_int_equal(atomic_load(&bad), 0);
	loop_free(loop);
}

/* The connect ended before the close: all in the loop, as before. */
static void test_ended_before_close(void **state)
{
	struct loop *loop = loop_new();
	struct mqtt_link *l;

	(void)state;
	assert_non_null(loop);
	assert_int_equal(write(gate[1], "", 1), 1);
	l = open_link(loop, "broker.example");
	/* The loop runs until the connect's end is handled in it: its
	 * object destroyed there, its retry not due for half a second. */
	watch_ticks = 0;
	assert_true(loop_at(loop, loop_now() + 10000, stop_when_ended,
			    loop) >= 0);
	loop_run(loop);
	assert_int_equal(atomic_load(&objects), 0);
	mqtt_link_close(l);
	/* Nothing left running: cleaned up by the close itself. */
	assert_int_equal(atomic_load(&cleanups), 1);
	assert_int_equal(atomic_load(&inits), 1);
	assert_int_equal(atomic_load(&bad), 0);
	loop_free(loop);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_abandoned_last, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_abandoned_then_open, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ended_before_close, setup,
						teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
