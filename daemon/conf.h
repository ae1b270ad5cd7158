/*
 * conf.h - pitbossd's configuration file, pitboss.conf(5): global keys
 * (database, web listener, log level) and one [table N] section per
 * table (game, options, players, referee settings, the source and the
 * source's own keys).
 *
 * Descriptor tables drive the parser, the checks, the defaults and
 * conf_describe(): conf.c's for the global keys and the keys of every
 * table, and each source's own (source.h) for its keys, parsed into a
 * block of its own that only the source reads. A file is read and
 * checked whole before anything is handed out: on any error the
 * caller's struct is left as it was, and the message reads
 * "FILE:LINE: key 'x': why".
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
#include "rules/rules.h"

/* CONF_DEFAULT_PATH, the file read without -c: from configure (config.h),
 * pitboss/pitboss.conf in its --sysconfdir. */

#define CONF_TABLES_MAX 16
#define CONF_PATH_MAX 1024
#define CONF_ERR_MAX 512	/* enough for any message conf_* writes */
#define CONF_KEY_MAX 64		/* a key with its NUL */
#define CONF_MQTT_ID_MAX 33	/* a table's MQTT id with its NUL */

/* ----------------------------------------------------- descriptors */

enum conf_type {
	CONF_TEXT,	/* any text */
	CONF_PATH,	/* an absolute path */
	CONF_ADDR,	/* an IPv4 or IPv6 address */
	CONF_UINT,	/* a whole number in [min, max] (unsigned or int) */
	CONF_U64,	/* a whole number of 64 bits */
	CONF_MS,	/* milliseconds, up to 3 decimals, in [min, max] */
	CONF_RATE,	/* a fraction from 0 to 1 (double) */
	CONF_BOOL,	/* yes or no (int) */
	CONF_CHOICE,	/* one of `choices`, stored as its index (int) */
	CONF_LINE,	/* a GPIO line name */
	CONF_LIST,	/* comma-separated texts: char [max][size / max] */
	CONF_SOURCE	/* a source by name (const struct source_ops *) */
};

enum {
	CONF_GLOBAL = 1u << 0,	/* before the first [table N] */
	CONF_REQUIRED = 1u << 1,	/* no default: the table needs it */
	/*
	 * "prefix.WORD": one key per WORD ("line.a", "line.S"), its value
	 * checked for its type (at most `size` bytes) and handed to the
	 * source's `each`. The key is written "prefix.HOLE" or
	 * "prefix.SEAT". Required or not, the source's check says which
	 * words must be given.
	 */
	CONF_EACH = 1u << 2
};

/* One key: its name, type, default, help, where its value goes in the
 * struct it fills, and any check beyond its type's. */
struct conf_item {
	const char *key;
	unsigned flags;
	enum conf_type type;
	const char *def;	/* default as written in a file; NULL: none */
	const char *help;
	size_t offset, size;	/* where it goes; CONF_EACH: size only */
	long long min, max;	/* CONF_UINT, CONF_MS (ms); CONF_LIST: max */
	const char *const *choices;	/* CONF_CHOICE, NULL-terminated */
	/* A check beyond the type's: NULL if fine, else why not. */
	const char *(*check)(const char *value, char *buf, size_t len);
};

/* offset and size of `field` in `type`, for a conf_item. */
#define CONF_AT(type, field) offsetof(type, field), \
	sizeof(((type *)0)->field)

/* ----------------------------------------------------- the tables */

struct source_ops;

/*
 * One table: the keys every table has, and the block its source parsed
 * from its own keys (read only by the source). Filled by conf_parse();
 * pitbossd sets `speed`. Which series a table plays is in the records
 * (db_series_called_at()), not here.
 */
struct table_config {
	unsigned id;			/* N of [table N] */
	unsigned line;			/* line of its [table N] header */
	char name[64];			/* the board's name: "Table N" */
	char players[RULES_MAX_SEATS][64];	/* per seat; "" = stand-in */
	char pins[64];			/* players' PINs by seat; "" = none */
	int live_analysis;		/* analysis shown while played */
	char game[32];			/* rules name: "kalah" */
	char options[200];		/* checked by rules_game_new() */
	char traces[CONF_PATH_MAX];	/* folder of its trace files; "" off */
	char mqtt_id[CONF_MQTT_ID_MAX];	/* its topics' name; "" before
					 * the check derives it from name */
	struct referee_config referee;
	const struct source_ops *source;
	void *source_conf;		/* the source's own block */
	/* A second source whose snapshots check the moves read from the
	 * first (a camera beside drop gates), or NULL; its own block. */
	const struct source_ops *check;
	void *check_conf;
	double speed;			/* played time runs this fast */
	int outbox;			/* records kept for the MQTT link
					 * too (pitbossd sets it) */
};

enum conf_log_level {
	CONF_LOG_ERROR,
	CONF_LOG_WARNING,
	CONF_LOG_NOTICE,
	CONF_LOG_INFO,
	CONF_LOG_DEBUG
};

enum conf_mqtt_role {
	CONF_MQTT_TABLE,	/* publishes its tables' records */
	CONF_MQTT_HUB		/* takes in every table's */
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
	/* The MQTT link (docs/mqtt.md): off by default. */
	int mqtt_enable;
	char mqtt_host[256];
	unsigned mqtt_port;
	char mqtt_username[128];
	char mqtt_password_file[CONF_PATH_MAX];	/* "": no password */
	char mqtt_tls_ca[CONF_PATH_MAX];	/* "": plain TCP */
	unsigned mqtt_keepalive;		/* seconds */
	unsigned mqtt_status_every;		/* seconds between statuses */
	unsigned mqtt_hub_keep_days;		/* applied events kept */
	int mqtt_home_assistant;		/* discovery topics */
	enum conf_mqtt_role mqtt_role;
	size_t ntables;
	struct table_config table[CONF_TABLES_MAX];
};

/* The defaults: every global key at its default, no table. */
void conf_default(struct conf *conf);

/*
 * Reads and checks `path`. 0 and `*conf` replaced (what it held
 * released), or -1 with the message in `err` and `*conf` untouched.
 * `*conf` must hold a configuration: conf_default()'s or a file's.
 */
int conf_load(struct conf *conf, const char *path, char *err, size_t errlen);

/* The same from text in memory; `name` stands for the file in messages. */
int conf_parse(struct conf *conf, const char *name, const char *text,
	       char *err, size_t errlen);

/* Releases the sources' blocks; `*conf` holds the defaults after. */
void conf_free(struct conf *conf);

/*
 * A global key set over what the file said (a command-line setting),
 * through the same descriptor and checks. 0, or -1 with "key 'x': why"
 * in `err` and `*conf` untouched.
 */
int conf_set(struct conf *conf, const char *key, const char *value,
	     char *err, size_t errlen);

/* Every key with its type, default, source and help, for --help. */
void conf_describe(FILE *out);

/* The keys, the global and every table's first, then each source's in
 * the registry's order ("line.HOLE" for a CONF_EACH key); NULL past the
 * end. */
const char *conf_key(size_t index);

const char *conf_log_level_name(enum conf_log_level level);

/* A table's MQTT id from its name: lower case, any character outside
 * [a-z0-9_-] made '-', at most 32 ("Table 1": "table-1"). */
void conf_mqtt_id(const char *name, char *id, size_t len);

/* The table with id `id`, or NULL. */
const struct table_config *conf_table_find(const struct conf *conf,
					   unsigned id);

/* ------------------------------------------- for the sources' checks */

/*
 * What a source's check is given (the second pass, once every table is
 * read): the table with its generic keys checked, its game as a game
 * would start with the table's options, and where each of the source's
 * own keys was set.
 */
struct conf_check {
	struct table_config *table;	/* source_conf: the source's block */
	const struct rules_game *game;
	const unsigned *seen;		/* per key of the source: its line,
					 * 0 when not set */
	unsigned source_line;		/* where 'source =' is */
	struct conf_parser *parser;
};

/* The error of a check, "FILE:LINE: key 'KEY': why"; returns -1. */
int conf_check_fail(const struct conf_check *c, unsigned line,
		    const char *key, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Something of the host a table uses alone: a GPIO line, a camera. */
struct conf_claim {
	const char *kind;		/* "line": compared within a kind */
	const char *name;		/* "GPIO5" */
	char key[CONF_KEY_MAX];		/* the key claiming it: "line.b" */
	unsigned line;			/* where that key is */
};

#define CONF_CLAIMS_MAX 80		/* claims of one table */

#endif
