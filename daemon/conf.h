/*
 * conf.h - pitbossd's configuration file, pitboss.conf(5): global keys
 * (database, web listener, log level) and one [table N] section per
 * table (game, options, source and the source's settings, referee
 * settings).
 *
 * One descriptor table in conf.c drives the parser, the checks, the
 * defaults and conf_describe(). A file is read and checked whole before
 * anything is handed out: on any error the caller's struct is left as
 * it was, and the message reads "FILE:LINE: key 'x': why".
 *
 * (The module is "conf", not "config": daemon/config.h would shadow the
 * build's own config.h for every file in daemon/.)
 */
#ifndef PITBOSS_CONF_H
#define PITBOSS_CONF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "referee/referee.h"
#include "referee/sim.h"
#include "gpio/gpio.h"

#define CONF_DEFAULT_PATH "/etc/pitboss/pitboss.conf"
#define CONF_TABLES_MAX 16
#define CONF_PATH_MAX 256
#define CONF_ERR_MAX 512	/* enough for any message conf_* writes */

enum conf_source {
	CONF_SOURCE_GPIO,	/* a drop-counter board on GPIO lines */
	CONF_SOURCE_REPLAY,	/* a trace file played in real time */
	CONF_SOURCE_SIM,	/* a simulated table */
	CONF_SOURCE_COUNT
};

enum conf_log_level {
	CONF_LOG_ERROR,
	CONF_LOG_WARNING,
	CONF_LOG_NOTICE,
	CONF_LOG_INFO,
	CONF_LOG_DEBUG
};

struct conf_table {
	unsigned id;			/* N of [table N] */
	unsigned line;			/* line of its [table N] header */
	char name[64];			/* the board's name; "" = "Table N" */
	char players[160];		/* "South, North"; "" = per table */
	char pins[64];			/* players' PINs by seat; "" = none */
	int live_analysis;		/* analysis shown while played */
	char game[32];			/* rules name: "kalah" */
	char options[200];		/* checked by rules_game_new() */
	enum conf_source source;
	struct referee_config referee;
	/* CONF_SOURCE_REPLAY */
	char trace[CONF_PATH_MAX];
	/* CONF_SOURCE_SIM: complete, table, options and referee included */
	struct sim_config sim;
	/* CONF_SOURCE_GPIO: complete, ready for gpio_board_open() */
	struct gpio_table_config gpio;
};

struct conf {
	char path[CONF_PATH_MAX];	/* the file read, or "" */
	char database[CONF_PATH_MAX];
	char web_listen[64];		/* an IPv4 or IPv6 address */
	unsigned web_port;		/* 0: no web server */
	char web_password_hash[128];	/* "" : no admin login */
	unsigned web_connection_limit;
	unsigned web_per_ip_limit;
	char web_tls_cert[CONF_PATH_MAX];	/* PEM files; "" : plain HTTP */
	char web_tls_key[CONF_PATH_MAX];
	enum conf_log_level log_level;
	size_t ntables;
	struct conf_table table[CONF_TABLES_MAX];
};

/* The defaults: every global key at its default, no table. */
void conf_default(struct conf *conf);

/*
 * Reads and checks `path`. 0 and `*conf` replaced, or -1 with the
 * message in `err` and `*conf` untouched.
 */
int conf_load(struct conf *conf, const char *path, char *err, size_t errlen);

/* The same from text in memory; `name` stands for the file in messages. */
int conf_parse(struct conf *conf, const char *name, const char *text,
	       char *err, size_t errlen);

/* Every key with its type, default, sources and help, for --help. */
void conf_describe(FILE *out);

/* The keys of the descriptor table, in order ("line.HOLE" for the
 * per-hole keys); NULL past the end. */
const char *conf_key(size_t index);

const char *conf_source_name(enum conf_source source);
const char *conf_log_level_name(enum conf_log_level level);

/* The table with id `id`, or NULL. */
const struct conf_table *conf_table_find(const struct conf *conf,
					 unsigned id);

#endif
