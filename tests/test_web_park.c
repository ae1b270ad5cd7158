/*
 * test_web_park.c - requests parked (web/web_park.c): each connection
 * suspended once as it is parked and resumed once as it is woken, by
 * its time, by a match, or all at a stop; the list keeps the order
 * parked, and an entry forgotten is not resumed; an entry whose client
 * has gone (its socket shut down at the other end, or reset) is woken
 * as gone, one still there is not. libmicrohttpd's suspend and resume
 * are recorded here instead, and its connections' sockets are the
 * test's.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
#include <cmocka.h>

#include "web/web_park.h"

#define N 4

/* Stand-ins for connections: their addresses only are used. */
static char conns[N];
static int suspended[N], resumed[N];
static int sockets[N];		/* each connection's socket, or -1 */

static struct MHD_Connection *con(int i)
{
	return (struct MHD_Connection *)&conns[i];
}

static int index_of(struct MHD_Connection *c)
{
	return (int)((char *)c - conns);
}

const union MHD_ConnectionInfo *MHD_get_connection_info(
	struct MHD_Connection *c, enum MHD_ConnectionInfoType type, ...)
{
	static union MHD_ConnectionInfo info;

	assert_int_equal(type, MHD_CONNECTION_INFO_CONNECTION_FD);
	info.connect_fd = sockets[index_of(c)];
	return &info;
}

void MHD_suspend_connection(struct MHD_Connection *c)
{
	suspended[index_of(c)]++;
}

void MHD_resume_connection(struct MHD_Connection *c)
{
	/* Never resumed before it is suspended, nor twice. */
	assert_int_equal(resumed[index_of(c)] + 1, suspended[index_of(c)]);
	resumed[index_of(c)]++;
}

static int setup(void **state)
{
	(void)state;
	for (int i = 0; i < N; i++) {
		suspended[i] = resumed[i] = 0;
		sockets[i] = -1;
	}
	return 0;
}

/* The entries of `l` in order, as their indexes: "0 2 3". */
static const char *order(const struct web_park *l)
{
	static char out[4 * N];
	char *o = out;

	out[0] = '\0';
	for (const struct web_parked *p = l->first; p != NULL; p = p->next)
		o += sprintf(o, "%s%d", o == out ? "" : " ", index_of(p->con));
	return out;
}

static void test_order_and_due(void **state)
{
	struct web_park l = { 0 };
	struct web_parked p[N] = { { 0 } };

	(void)state;
	web_park(&l, &p[0], con(0), 100);
	web_park(&l, &p[1], con(1), 0);		/* never by time */
	web_park(&l, &p[2], con(2), 300);
	web_park(&l, &p[3], con(3), 200);
	assert_string_equal(order(&l), "0 1 2 3");
	for (int i = 0; i < N; i++)
		assert_int_equal(suspended[i], 1);
	web_park_wake_due(&l, 99);
	assert_string_equal(order(&l), "0 1 2 3");
	web_park_wake_due(&l, 200);
	assert_string_equal(order(&l), "1 2");
	assert_int_equal(resumed[0] + resumed[3], 2);
	assert_int_equal(resumed[1] + resumed[2], 0);
	assert_int_equal(p[0].parked, 0);
	assert_int_equal(p[2].parked, 1);
	web_park_wake_due(&l, 1000000);
	assert_string_equal(order(&l), "1");
	assert_ptr_equal(l.last, &p[1]);
	web_park_wake_all(&l);
	assert_null(l.first);
	assert_null(l.last);
	for (int i = 0; i < N; i++)
		assert_int_equal(resumed[i], 1);
}

static int odd(const struct web_parked *p, void *arg)
{
	(*(int *)arg)++;
	return index_of(p->con) % 2 == 1;
}

static void test_match_and_forget(void **state)
{
	struct web_park l = { 0 };
	struct web_parked p[N] = { { 0 } };
	int asked = 0;

	(void)state;
	for (int i = 0; i < N; i++)
		web_park(&l, &p[i], con(i), 0);
	web_park_wake_if(&l, odd, &asked);
	assert_int_equal(asked, N);
	assert_string_equal(order(&l), "0 2");
	/* The last one forgotten (its stream ended): not resumed. */
	web_park_forget(&l, &p[2]);
	assert_string_equal(order(&l), "0");
	assert_ptr_equal(l.last, &p[0]);
	assert_int_equal(resumed[2], 0);
	web_park_forget(&l, &p[2]);		/* not in it: nothing */
	web_park_wake(&l, &p[0]);
	assert_null(l.first);
	assert_null(l.last);
	/* Parked again after being woken: last again. */
	web_park(&l, &p[1], con(1), 0);
	web_park(&l, &p[3], con(3), 0);
	web_park(&l, &p[0], con(0), 0);
	assert_string_equal(order(&l), "1 3 0");
	web_park_forget(&l, &p[3]);
	assert_string_equal(order(&l), "1 0");
	web_park_wake_all(&l);
	assert_int_equal(resumed[0], 2);
	assert_int_equal(resumed[1], 2);
	assert_int_equal(resumed[3], 1);
	assert_int_equal(suspended[3], 2);	/* forgotten, not resumed */
}

static void test_gone(void **state)
{
	struct web_park l = { 0 };
	struct web_parked p[N] = { { 0 } };
	int peer[N];

	(void)state;
	for (int i = 0; i < N - 1; i++) {
		int sv[2];

		assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
		sockets[i] = sv[0];
		peer[i] = sv[1];
	}
	for (int i = 0; i < N; i++)	/* the last with no socket */
		web_park(&l, &p[i], con(i), 0);
	web_park_wake_gone(&l);
	assert_string_equal(order(&l), "0 1 2 3");
	/* A request sent on (pipelined) is no client gone. */
	assert_int_equal(write(peer[0], "GET", 3), 3);
	/* Its client closed; its client shut its writing down. */
	close(peer[1]);
	assert_int_equal(shutdown(peer[2], SHUT_WR), 0);
	web_park_wake_gone(&l);
	assert_string_equal(order(&l), "0 3");
	assert_int_equal(p[1].gone + p[2].gone, 2);
	assert_int_equal(resumed[1] + resumed[2], 2);
	assert_int_equal(p[0].gone + p[3].gone, 0);
	/* Parked again: not gone until seen so again. */
	assert_int_equal(close(peer[0]), 0);
	web_park_wake_all(&l);
	assert_int_equal(p[0].gone, 0);
	web_park(&l, &p[0], con(0), 0);
	assert_int_equal(p[0].gone, 0);
	web_park_wake_gone(&l);
	assert_int_equal(p[0].gone, 1);
	assert_null(l.first);
	close(peer[2]);
	for (int i = 0; i < N - 1; i++)
		close(sockets[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_order_and_due, setup),
		cmocka_unit_test_setup(test_match_and_forget, setup),
		cmocka_unit_test_setup(test_gone, setup),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
