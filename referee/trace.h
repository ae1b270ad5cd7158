/*
 * trace.h - trace files (pitboss-trace(5)): the observations of one or
 * more tables, one per line, with the game of every table in the header.
 * Read whole and checked before anything is used: a malformed file is
 * refused with FILE:LINE and nothing of it is applied.
 */
#ifndef PITBOSS_TRACE_H
#define PITBOSS_TRACE_H

#include <stddef.h>
#include <stdio.h>

#include "referee/observation.h"

#define TRACE_VERSION 1
/* A line: the time, the table, the kind and an observation's text. */
#define TRACE_LINE_MAX (OBS_TEXT_MAX + 64)
#define TRACE_TABLES_MAX 64

struct trace_table {
	unsigned id;
	char game[16];
	char options[200];
};

struct trace {
	struct trace_table table[TRACE_TABLES_MAX];
	size_t ntables;
	struct observation *obs;
	size_t nobs, cap;
};

/* Reads a whole trace; `name` is used in messages. Free with
 * trace_free(), also after a failure. */
int trace_read(FILE *in, const char *name, struct trace *trace, char *err,
	       size_t errlen);
int trace_read_file(const char *path, struct trace *trace, char *err,
		    size_t errlen);
void trace_free(struct trace *trace);

/* The table of an id, or NULL. */
const struct trace_table *trace_table_find(const struct trace *trace,
					   unsigned id);

/* Appends one observation (growing the array). */
int trace_append(struct trace *trace, const struct observation *obs);

/* Writing: the header, then one line per observation. */
void trace_write_header(FILE *out, const struct trace_table *tables,
			size_t ntables);
void trace_write_obs(FILE *out, const struct observation *obs);
void trace_write(FILE *out, const struct trace *trace);

/* "12.345" or "12.345678": the time as trace files write it. */
void trace_format_time(char *buf, size_t len, uint64_t t_us);

#endif
