/*
 * demo.h - the tables pitbossd runs without a configuration file:
 * simulated Kalah tables (--sim N), and the demo (--demo), whose two
 * tables play a knockout tournament of eight in the demo's database.
 */
#ifndef PITBOSS_DEMO_H
#define PITBOSS_DEMO_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/conf.h"
#include "db/db.h"

/* The built-in tables. */
struct demo_tables {
	unsigned ntables;	/* 1 to CONF_TABLES_MAX */
	uint64_t seed;		/* of the simulated players; table N adds N */
	int noisy;		/* a little sensor noise and illegal play */
	const char *database;	/* an absolute path, or NULL: the default */
};

/*
 * `*conf` replaced by the built-in tables, written with the keys of
 * pitboss.conf(5) and read as a file is. 0, or -1 with the reason.
 */
int demo_conf(struct conf *conf, const struct demo_tables *tables,
	      char *err, size_t errlen);

/*
 * The demo's knockout tournament of eight, drawn and under way; found
 * again when the demo database already has it. 0 when it cannot be made.
 */
int64_t demo_tournament(struct db *db);

#endif
