/*
 * conf_impl.h - what conf.c (the descriptor table and reading) and
 * conf_check.c (checking each table and the whole file) share. Not for
 * use outside daemon/conf*.c.
 */
#ifndef PITBOSS_CONF_IMPL_H
#define PITBOSS_CONF_IMPL_H

#include <stddef.h>

#include "daemon/conf.h"

enum conf_type {
	T_TEXT,		/* any text */
	T_PATH,		/* an absolute path */
	T_ADDR,		/* an IPv4 or IPv6 address */
	T_UINT,		/* a whole number in [min, max] */
	T_U64,		/* a whole number of 64 bits */
	T_MS,		/* milliseconds, up to 3 decimals, in [min, max] */
	T_RATE,		/* a fraction from 0 to 1 */
	T_BOOL,		/* yes or no */
	T_CHOICE,	/* one of `choices` */
	T_LINE		/* a GPIO line name */
};

#define SRC_GPIO (1u << CONF_SOURCE_GPIO)
#define SRC_REPLAY (1u << CONF_SOURCE_REPLAY)
#define SRC_SIM (1u << CONF_SOURCE_SIM)
#define SRC_ALL (SRC_GPIO | SRC_REPLAY | SRC_SIM)

enum {
	F_GLOBAL = 1u << 0,	/* before the first [table N] */
	F_REQUIRED = 1u << 1,	/* no default: the sources need it */
	F_HOLE = 1u << 2,	/* "prefix.HOLE": one per hole */
	F_SEAT = 1u << 3	/* "prefix.SEAT": one per seat */
};

/* What a table is read into before it is checked. */
struct raw_wire {
	size_t item;			/* the descriptor: line., lift. ... */
	char name[OBS_WHERE_MAX];	/* the hole or seat after the dot */
	char line[GPIO_NAME_MAX];
	unsigned lineno;
};

#define RAW_WIRES_MAX (GPIO_INPUTS_MAX + GPIO_OUTPUTS)

struct raw_table {
	struct conf_table t;
	unsigned seen[64];		/* line that set each item, 0 if none */
	int strict;
	char foul_led[GPIO_NAME_MAX];
	size_t nwires;
	struct raw_wire wire[RAW_WIRES_MAX];
};

struct conf_item {
	const char *key;
	unsigned flags;
	unsigned sources;	/* table keys: the sources it is for */
	enum conf_type type;
	const char *def;	/* default as written in a file; NULL: none */
	const char *help;
	size_t offset, size;	/* where it goes: struct conf or raw_table */
	long long min, max;	/* T_UINT, T_MS (ms) */
	const char *const *choices;
	/* A check beyond the type's: NULL if fine, else why not. */
	const char *(*check)(const char *value, char *buf, size_t len);
};

/* The descriptor table (conf.c), and its size. */
#define CONF_ITEMS_MAX 64
extern const struct conf_item conf_items[];
extern const size_t conf_nitems;
#define CONF_NITEMS conf_nitems

struct parser {
	const char *name;
	struct conf *conf;			/* being built */
	struct raw_table *raw;			/* CONF_TABLES_MAX of them */
	struct raw_table *cur;			/* section being read, or NULL */
	unsigned global_seen[CONF_ITEMS_MAX];
	char *err;
	size_t errlen;
};

/* Sets the parser's error, "FILE:LINE: key 'KEY': why"; returns -1. */
int conf_fail(struct parser *p, unsigned line, const char *key,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* conf_check.c: a table complete and coherent (pass 2), no GPIO line
 * used twice (pass 3). 0, or -1 through conf_fail(). */
int conf_check_table(struct parser *p, struct raw_table *t);
int conf_check_lines(struct parser *p);

#endif
