/*
 * bench/sse.c - how fast a verdict reaches many open event streams.
 * Opens N connections to /api/events, then runs a command (the verdict
 * maker, e.g. 'pitboss table enter ...') and measures, per stream, the
 * time from the command's start to the verdict's arrival. Prints
 * figures; asserts nothing. Used by bench/web.sh.
 *
 *   bench/sse PORT CLIENTS COMMAND...
 */
#include "config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CLIENTS_MAX 1000

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	static struct pollfd pfd[CLIENTS_MAX];
	static double got[CLIENTS_MAX];
	static char seen[CLIENTS_MAX];
	struct sockaddr_in addr = { .sin_family = AF_INET };
	int port, n, waiting, status;
	double start;
	pid_t child;

	if (argc < 4 || (port = atoi(argv[1])) <= 0 ||
	    (n = atoi(argv[2])) <= 0 || n > CLIENTS_MAX) {
		fprintf(stderr, "usage: bench/sse PORT CLIENTS COMMAND...\n");
		return 2;
	}
	addr.sin_port = htons((uint16_t)port);
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	for (int i = 0; i < n; i++) {
		static const char req[] = "GET /api/events HTTP/1.1\r\n"
					  "Host: localhost\r\n\r\n";
		int fd = socket(AF_INET, SOCK_STREAM, 0);

		if (fd < 0 || connect(fd, (struct sockaddr *)&addr,
				      sizeof(addr)) < 0 ||
		    write(fd, req, sizeof(req) - 1) != (ssize_t)(sizeof(req) - 1)) {
			perror("bench/sse: connect");
			return 1;
		}
		pfd[i] = (struct pollfd){ fd, POLLIN, 0 };
	}
	usleep(500000);		/* every stream opened and waiting */
	for (int i = 0; i < n; i++) {
		char buf[4096];

		while (poll(&pfd[i], 1, 0) > 0 && read(pfd[i].fd, buf,
							sizeof(buf)) > 0)
			;		/* headers and keep-alives */
	}
	start = now_ms();
	child = fork();
	if (child == 0) {
		execvp(argv[3], argv + 3);
		_exit(127);
	}
	for (waiting = n; waiting > 0 && now_ms() - start < 10000;) {
		if (poll(pfd, (nfds_t)n, 1000) <= 0)
			continue;
		for (int i = 0; i < n; i++) {
			char buf[8192];
			ssize_t len;

			if (!(pfd[i].revents & POLLIN) || seen[i])
				continue;
			len = read(pfd[i].fd, buf, sizeof(buf) - 1);
			if (len <= 0)
				continue;
			buf[len] = '\0';
			if (strstr(buf, "event: verdict") != NULL) {
				got[i] = now_ms() - start;
				seen[i] = 1;
				pfd[i].events = 0;
				waiting--;
			}
		}
	}
	waitpid(child, &status, 0);
	qsort(got, (size_t)n, sizeof(got[0]), cmp_double);
	{
		int m = n - waiting;	/* got[waiting..n) are the arrivals */
		int p99 = waiting + (m * 99 + 99) / 100 - 1;

		if (m == 0) {
			printf("%d event streams: none received the verdict\n", n);
		} else {
			printf("%d event streams: %d received the verdict; from "
			       "the command's start: median %.1f ms, p99 %.1f ms, "
			       "slowest %.1f ms\n", n, m, got[waiting + m / 2],
			       got[p99 < n ? p99 : n - 1], got[n - 1]);
		}
	}
	for (int i = 0; i < n; i++)
		close(pfd[i].fd);
	return 0;
}
