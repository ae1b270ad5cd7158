/*
 * jbuf.h - a growing text buffer for JSON answers: append, escape, take.
 * Out of memory leaves the buffer marked failed; jbuf_take() then
 * returns NULL.
 */
#ifndef PITBOSS_JBUF_H
#define PITBOSS_JBUF_H

#include <stddef.h>
#include <stdint.h>

struct jbuf {
	char *data;
	size_t len, cap;
	int failed;
};

void jbuf_printf(struct jbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Text as it is (JSON already), and a number: no format to read. */
void jbuf_raw(struct jbuf *b, const char *text);
void jbuf_int(struct jbuf *b, int64_t n);
/* A JSON string, quotes included; NULL is written as null. */
void jbuf_str(struct jbuf *b, const char *text);
/* "key": */
void jbuf_key(struct jbuf *b, const char *key);
/* The text (free() it), or NULL when something failed. */
char *jbuf_take(struct jbuf *b, size_t *len);
void jbuf_free(struct jbuf *b);

#endif
