/*
 * log.c - standard error or syslog, one whole line per message from
 * any thread.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <syslog.h>

#include "daemon/log.h"

static int log_foreground = 1;
static enum log_level log_level = LOG_LEVEL_INFO;

void log_open(const char *ident, int foreground, enum log_level level)
{
	log_foreground = foreground;
	log_level = level;
	if (!foreground)
		openlog(ident, LOG_PID | LOG_NDELAY, LOG_DAEMON);
}

void log_set_level(enum log_level level)
{
	log_level = level;
}

void log_close(void)
{
	if (!log_foreground)
		closelog();
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	static const char *const names[] = { "error", "warning", "info",
					     "debug" };
	static const int priorities[] = { LOG_ERR, LOG_WARNING, LOG_INFO,
					  LOG_DEBUG };
	va_list ap;

	if (level > log_level)
		return;
	va_start(ap, fmt);
	if (log_foreground) {
		/* The dashboard's threads log too: one line at a time. */
		flockfile(stderr);
		fprintf(stderr, "pitbossd: %s: ", names[level]);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		funlockfile(stderr);
	} else {
		vsyslog(priorities[level], fmt, ap);
	}
	va_end(ap);
}
