/*
 * daemon.h - pitbossd's life once its command line is read: the
 * database opened, the dashboard started, the tables of a configuration
 * opened with their sources, signals, the commands door and the
 * watchdog in one poll loop, until a signal stops it; then everything
 * closed in order.
 */
#ifndef PITBOSS_DAEMON_H
#define PITBOSS_DAEMON_H

#include <stdint.h>

#include "daemon/conf.h"

struct mqtt_pub;
struct hub;

#define TABLES_MAX CONF_TABLES_MAX

/* What the daemon is started with. */
struct daemon_settings {
	/* The tables, the database, the dashboard: the file's or the
	 * built-in tables', command-line settings applied. Stays the
	 * caller's, and must outlive daemon_run(). */
	struct conf *conf;
	const char *conf_path;	/* re-read on SIGHUP; NULL: built-in tables */
	int foreground;		/* log to standard error */
	int verbose;		/* -v given this many times */
	double speed;		/* played time runs this many times faster */
	const char *assets;	/* the dashboard's pages */
	int demo;		/* the tables play the demo's tournament */
};

/*
 * Runs the daemon until a signal stops it: 0 then, 1 when it could not
 * start or its loop failed (the reason logged).
 */
int daemon_run(const struct daemon_settings *settings);

/* The running daemon, for its parts: the loop, the store, the tables,
 * the signals, the commands door, the dashboard. */
struct daemon {
	const char *conf_path;		/* NULL: built-in tables */
	struct loop *loop;
	struct db *db;
	struct table *table[TABLES_MAX];
	int ntables;
	int sigfd;
	struct door *door;		/* the commands door */
	struct hub *hub;		/* mqtt.role = hub: the tables' events */
	struct web *web;
	struct mqtt_pub *mqtt;		/* the tables' outbox to the broker */
	uint64_t watchdog_us;
	int stopping;
};

#endif
