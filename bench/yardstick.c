/*
 * bench/yardstick.c - the bare libmicrohttpd server the dashboard is
 * measured against: it sends the same bytes from memory, one response
 * made once, for each PATH given with its FILE; nothing else (no
 * routes, headers, database or guard). Prints its port, then serves
 * until SIGTERM.
 *
 *   bench/yardstick [--pool N] PATH FILE [PATH FILE]...
 *
 * Threads: one per connection, or with --pool N a pool of N threads
 * polling with epoll where it is available (as pitbossd, with its
 * WEB_THREADS).
 */
#include "config.h"

#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FILES_MAX 16

static struct {
	const char *path;
	struct MHD_Response *resp;
} file[FILES_MAX];
static int nfiles;

static enum MHD_Result on_request(void *cls, struct MHD_Connection *con,
				  const char *url, const char *method,
				  const char *version, const char *upload,
				  size_t *upload_size, void **con_cls)
{
	static int seen;

	(void)cls; (void)method; (void)version; (void)upload;
	(void)upload_size;
	/* The headers first; the answer once the request is whole (an
	 * answer queued earlier closes the connection). */
	if (*con_cls == NULL) {
		*con_cls = &seen;
		return MHD_YES;
	}
	for (int i = 0; i < nfiles; i++)
		if (strcmp(url, file[i].path) == 0)
			return MHD_queue_response(con, MHD_HTTP_OK,
						  file[i].resp);
	return MHD_NO;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	long size;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0 || (data = malloc((size_t)size + 1)) ==
	    NULL || fread(data, 1, (size_t)size, f) != (size_t)size) {
		perror(path);
		exit(1);
	}
	fclose(f);
	*len = (size_t)size;
	return data;
}

int main(int argc, char **argv)
{
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD;
	unsigned pool = 0;
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *info;
	sigset_t set;
	int i = 1, sig;

	if (argc > 2 && strcmp(argv[1], "--pool") == 0) {
		pool = (unsigned)atoi(argv[2]);
		i = 3;
	}
	for (; i + 1 < argc && nfiles < FILES_MAX; i += 2) {
		size_t len;
		char *data = slurp(argv[i + 1], &len);

		file[nfiles].path = argv[i];
		file[nfiles].resp =
			MHD_create_response_from_buffer_with_free_callback(
				len, data, free);
		MHD_add_response_header(file[nfiles].resp, "Content-Type",
					"application/json");
		nfiles++;
	}
	if (nfiles == 0) {
		fprintf(stderr, "usage: yardstick [--pool N] PATH FILE...\n");
		return 2;
	}
	flags |= pool ? MHD_USE_EPOLL_INTERNAL_THREAD :
			MHD_USE_THREAD_PER_CONNECTION;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	d = MHD_start_daemon(flags, 0, NULL, NULL, on_request, NULL,
			     MHD_OPTION_CONNECTION_LIMIT, (unsigned)4000,
			     pool ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
			     pool, MHD_OPTION_END);
	if (d == NULL) {
		fprintf(stderr, "yardstick: cannot start\n");
		return 1;
	}
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	printf("%u\n", info->port);
	fflush(stdout);
	sigwait(&set, &sig);
	MHD_stop_daemon(d);
	return 0;
}
