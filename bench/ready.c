/*
 * bench/ready.c - start to ready: runs a command as systemd would (a
 * notify socket in NOTIFY_SOCKET) and times it from the start to its
 * READY=1, then stops it with SIGTERM. Prints the milliseconds; exits
 * 1 when the command stopped or was silent for 60 s.
 *
 *   bench/ready COMMAND...
 */
#include "config.h"

#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* An abstract socket of our own, named in NOTIFY_SOCKET. */
static int notify_socket(void)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char name[64];
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	snprintf(name, sizeof(name), "@pitboss-bench-ready-%ld",
		 (long)getpid());
	memcpy(addr.sun_path, name, strlen(name));
	addr.sun_path[0] = '\0';
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr,
			   (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
				       strlen(name))) < 0) {
		perror("ready: notify socket");
		exit(1);
	}
	setenv("NOTIFY_SOCKET", name, 1);
	return fd;
}

int main(int argc, char **argv)
{
	struct pollfd p;
	double t0;
	pid_t pid;
	int status, ready = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: ready COMMAND...\n");
		return 2;
	}
	p.fd = notify_socket();
	p.events = POLLIN;
	t0 = now_ms();
	pid = fork();
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	while (!ready && poll(&p, 1, 60000) == 1) {
		char msg[512];
		ssize_t n = recv(p.fd, msg, sizeof(msg) - 1, 0);

		if (n <= 0)
			break;
		msg[n] = '\0';
		ready = strncmp(msg, "READY=1", 7) == 0 ||
			strstr(msg, "\nREADY=1") != NULL;
	}
	if (ready)
		printf("%.1f\n", now_ms() - t0);
	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	return ready ? 0 : 1;
}
