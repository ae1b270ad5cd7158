/*
 * notify.c - the sd_notify datagram.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "daemon/notify.h"

int notify_send(const char *state)
{
	const char *path = getenv("NOTIFY_SOCKET");
	struct sockaddr_un addr;
	socklen_t len;
	int fd, rc;

	if (path == NULL || path[0] == '\0')
		return 0;
	if ((path[0] != '/' && path[0] != '@') ||
	    strlen(path) >= sizeof(addr.sun_path))
		return -1;
	memset(&addr, 0, sizeof(addr));
	addr.sun_family = AF_UNIX;
	memcpy(addr.sun_path, path, strlen(path));
	if (path[0] == '@')
		addr.sun_path[0] = '\0';	/* abstract namespace */
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + strlen(path));
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	rc = (int)sendto(fd, state, strlen(state), MSG_NOSIGNAL,
			 (struct sockaddr *)&addr, len);
	close(fd);
	return rc < 0 ? -1 : 0;
}

uint64_t notify_watchdog_usec(void)
{
	const char *usec = getenv("WATCHDOG_USEC"), *pid = getenv("WATCHDOG_PID");
	char *end;
	unsigned long long value;

	if (usec == NULL)
		return 0;
	if (pid != NULL && strtol(pid, NULL, 10) != (long)getpid())
		return 0;
	errno = 0;
	value = strtoull(usec, &end, 10);
	if (errno != 0 || *end != '\0')
		return 0;
	return (uint64_t)value;
}
