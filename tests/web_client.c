/*
 * tests/web_client.c - hostile clients of the dashboard for
 * tests/web_attack.sh, on loopback only. Each mode runs for a bounded
 * time and prints one line of figures (key=value); it asserts nothing.
 *
 *   web_client loris PORT FIRST-ADDR ADDRS CONNS EVERY-S FOR-S
 *	CONNS connections spread over ADDRS source addresses from
 *	FIRST-ADDR up (127.0.0.2, 127.0.0.3...), each sending a request
 *	line and then one header line every EVERY-S seconds, never
 *	finishing; a connection the server closes is opened again (after
 *	half a second if it was closed within one). Prints: opened,
 *	refused (closed within 1 s), cut (closed later), held (the most
 *	open at once), longest (ms a connection lived).
 *   web_client stall PORT ADDR CONNS FOR-S
 *	CONNS event streams (/api/events) from ADDR with a small receive
 *	buffer that read nothing for FOR-S seconds; then each is drained
 *	for up to 3 s. Prints: streams, closed (ended by the server).
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define CONNS_MAX 1024

struct conn {
	int fd;
	int addr;		/* index of the source address */
	int connected;
	double opened, next_line, retry;
	int lines;
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* A connection from `from` to 127.0.0.1:port, blocking unless
 * `nonblock` (then maybe still connecting); -1 on failure. */
static int dial(const char *from, int port, int rcvbuf, int nonblock)
{
	struct sockaddr_in src = { .sin_family = AF_INET };
	struct sockaddr_in dst = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC |
			(nonblock ? SOCK_NONBLOCK : 0), 0);

	if (fd < 0)
		return -1;
	dst.sin_port = htons((uint16_t)port);
	dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (inet_pton(AF_INET, from, &src.sin_addr) != 1 ||
	    (rcvbuf > 0 && setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf,
				      sizeof(rcvbuf)) < 0) ||
	    bind(fd, (struct sockaddr *)&src, sizeof(src)) < 0 ||
	    (connect(fd, (struct sockaddr *)&dst, sizeof(dst)) < 0 &&
	     !(nonblock && errno == EINPROGRESS))) {
		close(fd);
		return -1;
	}
	return fd;
}

static int send_all(int fd, const char *text)
{
	size_t len = strlen(text);

	return send(fd, text, len, MSG_NOSIGNAL) == (ssize_t)len ? 0 : -1;
}

/* The n-th address from `first` (its last byte counted up). */
static void nth_addr(const char *first, int n, char *out, size_t len)
{
	struct in_addr a;

	inet_pton(AF_INET, first, &a);
	a.s_addr = htonl(ntohl(a.s_addr) + (uint32_t)n);
	inet_ntop(AF_INET, &a, out, (socklen_t)len);
}

struct loris_count {
	long opened, refused, cut;
	int open_now, held;
	double longest;
};

/* Closes connection `c`, counted as refused or cut by its age. */
static void loris_closed(struct conn *c, struct loris_count *k, double now)
{
	close(c->fd);
	c->fd = -1;
	if (c->connected)
		k->open_now--;
	if (now - c->opened < 1000) {
		k->refused++;
		c->retry = now + 500;
	} else {
		k->cut++;
		c->retry = now;
	}
	if (c->connected && now - c->opened > k->longest)
		k->longest = now - c->opened;
}

/* Opens, completes or feeds connection `c` as its time comes. */
static void loris_step(struct conn *c, int port,
		       const char *first, int every_s, double now)
{
	char from[32], line[64];

	if (c->fd < 0 && now >= c->retry) {
		nth_addr(first, c->addr, from, sizeof(from));
		c->fd = dial(from, port, 0, 1);
		c->connected = 0;
		c->opened = now;
		if (c->fd < 0)
			c->retry = now + 500;
	} else if (c->fd >= 0 && c->connected && now >= c->next_line) {
		snprintf(line, sizeof(line), "X-Line-%d: %d\r\n", c->lines,
			 c->lines);
		c->lines++;
		c->next_line = now + every_s * 1e3;
		send_all(c->fd, line);
	}
}

/* What poll saw on connection `c`. */
static void loris_event(struct conn *c, short revents,
			struct loris_count *k, int every_s, double now)
{
	char buf[4096];
	int err = 0;
	socklen_t len = sizeof(err);
	ssize_t got;

	if (!c->connected) {
		if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0 ||
		    err != 0 || !(revents & POLLOUT) ||
		    send_all(c->fd, "GET / HTTP/1.1\r\nHost: x\r\n") < 0) {
			loris_closed(c, k, now);
			return;
		}
		c->connected = 1;
		c->opened = now;
		c->next_line = now + every_s * 1e3;
		c->lines = 0;
		k->opened++;
		if (++k->open_now > k->held)
			k->held = k->open_now;
		return;
	}
	got = recv(c->fd, buf, sizeof(buf), MSG_DONTWAIT);
	if (got > 0 || (got < 0 && errno == EAGAIN))
		return;		/* an answer: the server gave up on it */
	loris_closed(c, k, now);
}

static int loris(int port, const char *first, int addrs, int n, int every_s,
		 int for_s)
{
	static struct conn c[CONNS_MAX];
	static struct pollfd pfd[CONNS_MAX];
	struct loris_count k = { 0 };
	double start = now_ms();

	for (int i = 0; i < n; i++)
		c[i] = (struct conn){ .fd = -1, .addr = i % addrs };
	while (now_ms() - start < for_s * 1e3) {
		double now = now_ms();

		for (int i = 0; i < n; i++) {
			loris_step(&c[i], port, first, every_s, now);
			pfd[i].fd = c[i].fd;
			pfd[i].events = c[i].connected ? POLLIN : POLLOUT;
			pfd[i].revents = 0;
		}
		if (poll(pfd, (nfds_t)n, 100) < 0 && errno != EINTR)
			return 1;
		now = now_ms();
		for (int i = 0; i < n; i++)
			if (c[i].fd >= 0 && pfd[i].revents != 0)
				loris_event(&c[i], pfd[i].revents, &k, every_s,
					    now);
	}
	for (int i = 0; i < n; i++)
		if (c[i].fd >= 0) {
			if (c[i].connected &&
			    now_ms() - c[i].opened > k.longest)
				k.longest = now_ms() - c[i].opened;
			close(c[i].fd);
		}
	printf("opened=%ld refused=%ld cut=%ld held=%d longest=%.0f\n",
	       k.opened, k.refused, k.cut, k.held, k.longest);
	return 0;
}

/* Reads `fd` for up to `ms`; 1 when the server ended the stream. */
static int drain(int fd, double ms)
{
	double until = now_ms() + ms;
	char buf[65536];

	while (now_ms() < until) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t got;

		if (poll(&p, 1, 100) <= 0)
			continue;
		got = recv(fd, buf, sizeof(buf), 0);
		if (got <= 0)
			return 1;
	}
	return 0;
}

static int stall(int port, const char *from, int n, int for_s)
{
	static int fd[CONNS_MAX];
	int streams = 0, closed = 0;

	for (int i = 0; i < n; i++) {
		fd[i] = dial(from, port, 2048, 0);
		if (fd[i] >= 0 &&
		    send_all(fd[i], "GET /api/events HTTP/1.1\r\n"
			     "Host: x\r\n\r\n") == 0)
			streams++;
	}
	sleep((unsigned)for_s);
	for (int i = 0; i < n; i++)
		if (fd[i] >= 0) {
			closed += drain(fd[i], 3000);
			close(fd[i]);
		}
	printf("streams=%d closed=%d\n", streams, closed);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 8 && strcmp(argv[1], "loris") == 0 &&
	    atoi(argv[5]) > 0 && atoi(argv[5]) <= CONNS_MAX &&
	    atoi(argv[4]) > 0)
		return loris(atoi(argv[2]), argv[3], atoi(argv[4]),
			     atoi(argv[5]), atoi(argv[6]), atoi(argv[7]));
	if (argc == 6 && strcmp(argv[1], "stall") == 0 &&
	    atoi(argv[4]) > 0 && atoi(argv[4]) <= CONNS_MAX)
		return stall(atoi(argv[2]), argv[3], atoi(argv[4]),
			     atoi(argv[5]));
	fprintf(stderr, "usage: web_client loris PORT FIRST-ADDR ADDRS CONNS "
		"EVERY-S FOR-S\n       web_client stall PORT ADDR CONNS "
		"FOR-S\n");
	return 2;
}
