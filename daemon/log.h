/*
 * log.h - the daemon's log: standard error in the foreground, syslog (and
 * so the journal) otherwise, with levels.
 */
#ifndef PITBOSS_LOG_H
#define PITBOSS_LOG_H

enum log_level { LOG_LEVEL_ERR, LOG_LEVEL_WARN, LOG_LEVEL_INFO,
		 LOG_LEVEL_DEBUG };

/* Foreground: to standard error with the level; else to syslog. */
void log_open(const char *ident, int foreground, enum log_level level);
void log_set_level(enum log_level level);
void log_close(void);

void log_msg(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define log_err(...) log_msg(LOG_LEVEL_ERR, __VA_ARGS__)
#define log_warn(...) log_msg(LOG_LEVEL_WARN, __VA_ARGS__)
#define log_info(...) log_msg(LOG_LEVEL_INFO, __VA_ARGS__)
#define log_debug(...) log_msg(LOG_LEVEL_DEBUG, __VA_ARGS__)

#endif
