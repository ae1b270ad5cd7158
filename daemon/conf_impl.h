/*
 * conf_impl.h - what conf.c (the descriptor table and reading) and
 * conf_check.c (checking each table and the whole file) share. Not for
 * use outside daemon/conf*.c.
 */
#ifndef PITBOSS_CONF_IMPL_H
#define PITBOSS_CONF_IMPL_H

#include <stddef.h>

#include "daemon/conf.h"
#include "daemon/source.h"

/* The descriptor table of the global and every table's keys (conf.c). */
#define CONF_ITEMS_MAX 48
extern const struct conf_item conf_items[];
extern const size_t conf_nitems;

#define SOURCE_ITEMS_MAX 64	/* keys of one source */
#define PENDING_MAX 256		/* settings read before the source */

/* A setting of a table read before the source it is for was known. */
struct pending {
	const char *key, *value;	/* in the parser's copy of the text */
	unsigned line;
};

/* What a table is read into before it is checked. */
struct raw_table {
	struct table_config t;
	unsigned seen[CONF_ITEMS_MAX];	/* line that set each item, 0 if none */
	unsigned source_seen[SOURCE_ITEMS_MAX];	/* its source's */
	unsigned check_seen[SOURCE_ITEMS_MAX];	/* its check source's */
	int strict;
	size_t npending;
	struct pending pending[PENDING_MAX];
};

struct conf_parser {
	const char *name;
	struct conf *conf;			/* being built */
	struct raw_table *raw;			/* CONF_TABLES_MAX of them */
	struct raw_table *cur;			/* section being read, or NULL */
	unsigned global_seen[CONF_ITEMS_MAX];
	char *err;
	size_t errlen;
};

/* Sets the parser's error, "FILE:LINE: key 'KEY': why"; returns -1. */
int conf_fail(struct conf_parser *p, unsigned line, const char *key,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * Converts `value` as `it` says and stores it at `dst` (`cap` bytes for
 * text). -1 with the reason in `why`.
 */
int conf_store(const struct conf_item *it, const char *value, void *dst,
	       size_t cap, char *why, size_t len);

/* How conf_describe() names the type of `it`: "PATH", "0..20". */
void conf_type_name(const struct conf_item *it, char *buf, size_t len);

/* Item `index` of the generic table by key (the key must be there). */
size_t conf_item_index(const char *key);

/* conf_check.c: a table complete and coherent (pass 2), nothing a
 * table uses alone used twice (pass 3). 0, or -1 through conf_fail(). */
/* conf_source.c: the source that has `key`, or NULL. */
const struct source_ops *conf_owner(const char *key);
/* Whether `key` of a table can be set now (its source known). */
int conf_key_ready(const struct raw_table *t, const char *key);
/* `key` of the table's source, or else of its check source. 0, or -1
 * through conf_fail(). */
int conf_set_source_key(struct conf_parser *p, struct raw_table *t,
			unsigned line, const char *key, const char *value);
/* The table's source (`check` 0) or its check source (1) just named at
 * `line`: its block made, the keys waiting for it set. */
int conf_source_known(struct conf_parser *p, struct raw_table *t,
		      unsigned line, int check);

int conf_check_table(struct conf_parser *p, struct raw_table *t);
int conf_check_claims(struct conf_parser *p);

#endif
