/*
 * tcp_cut.c - a TCP relay for the tests, from 127.0.0.1:LISTEN to
 * 127.0.0.1:TARGET, that can cut the network like a cable pulled.
 *
 * SIGUSR1 cuts: not a byte goes either way and no new connection is
 * taken on (the kernel still queues it: a connect succeeds and is never
 * answered), nothing is closed. SIGUSR2 brings the network back: the
 * connections of before the cut are closed (both ends gave them up
 * meanwhile) and the relay goes on.
 *
 *   tcp_cut LISTEN-PORT TARGET-PORT
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define PAIRS_MAX 64

struct pair {
	int fd[2];		/* the client's side, the target's */
};

static volatile sig_atomic_t want_cut, want_back;
static struct pair pairs[PAIRS_MAX];
static int npairs;

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		want_cut = 1;
	else
		want_back = 1;
}

static struct sockaddr_in loopback(unsigned port)
{
	struct sockaddr_in a = { 0 };

	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

static void pair_close(int i)
{
	close(pairs[i].fd[0]);
	close(pairs[i].fd[1]);
	pairs[i] = pairs[--npairs];
}

static void take(int listener, unsigned target)
{
	struct sockaddr_in a = loopback(target);
	int c = accept(listener, NULL, NULL), t;

	if (c < 0)
		return;
	t = socket(AF_INET, SOCK_STREAM, 0);
	if (npairs == PAIRS_MAX || t < 0 ||
	    connect(t, (struct sockaddr *)&a, sizeof(a)) < 0) {
		close(c);
		if (t >= 0)
			close(t);
		return;
	}
	pairs[npairs++] = (struct pair){ { c, t } };
}

/* What side `s` of pair `i` holds, to the other side; 0 or -1 (over). */
static int relay(int i, int s)
{
	char buf[65536];
	ssize_t n = read(pairs[i].fd[s], buf, sizeof(buf));

	if (n <= 0)
		return -1;
	for (ssize_t off = 0; off < n;) {
		ssize_t w = write(pairs[i].fd[!s], buf + off, (size_t)(n - off));

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += w;
	}
	return 0;
}

static int listen_on(unsigned port)
{
	struct sockaddr_in a = loopback(port);
	int one = 1, l = socket(AF_INET, SOCK_STREAM, 0);

	if (l < 0 || setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one,
				sizeof(one)) < 0 ||
	    bind(l, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(l, 16) < 0)
		return -1;
	return l;
}

static void turn(int listener, unsigned target, int cut)
{
	struct pollfd p[1 + 2 * PAIRS_MAX];
	int n = 0, np = npairs;

	if (!cut) {
		p[n++] = (struct pollfd){ .fd = listener, .events = POLLIN };
		for (int i = 0; i < np; i++)
			for (int s = 0; s < 2; s++)
				p[n++] = (struct pollfd){ .fd = pairs[i].fd[s],
							  .events = POLLIN };
	}
	if (poll(p, (nfds_t)n, 100) <= 0 || cut)
		return;
	/* The pairs from the last down, so a closed one moves none unseen. */
	for (int i = np - 1; i >= 0; i--)
		for (int s = 0; s < 2; s++)
			if ((p[1 + 2 * i + s].revents & (POLLIN | POLLHUP |
							 POLLERR)) &&
			    relay(i, s) < 0) {
				pair_close(i);
				break;
			}
	if (p[0].revents & POLLIN)
		take(listener, target);
}

int main(int argc, char **argv)
{
	struct sigaction sa = { 0 };
	unsigned lport, tport;
	int listener, cut = 0;

	if (argc != 3 || (lport = (unsigned)atoi(argv[1])) == 0 ||
	    (tport = (unsigned)atoi(argv[2])) == 0) {
		fprintf(stderr, "usage: tcp_cut LISTEN-PORT TARGET-PORT\n");
		return 2;
	}
	sa.sa_handler = on_signal;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	listener = listen_on(lport);
	if (listener < 0) {
		fprintf(stderr, "tcp_cut: port %u: %s\n", lport,
			strerror(errno));
		return 1;
	}
	/* Said once the port is this relay's: a test that probes the port
	 * cannot otherwise tell this relay from another listener on it. */
	fprintf(stderr, "tcp_cut: relaying port %u to port %u\n", lport,
		tport);
	for (;;) {
		if (want_cut) {
			want_cut = 0;
			cut = 1;
		}
		if (want_back) {
			want_back = 0;
			cut = 0;
			while (npairs > 0)
				pair_close(0);
		}
		turn(listener, tport, cut);
	}
}
