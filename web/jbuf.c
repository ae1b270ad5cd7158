/*
 * jbuf.c - the JSON text buffer.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "web/jbuf.h"

static int grow(struct jbuf *b, size_t more)
{
	size_t cap;
	char *data;

	if (b->failed)
		return -1;
	if (b->len + more + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 1024;
	while (cap < b->len + more + 1)
		cap *= 2;
	data = realloc(b->data, cap);
	if (data == NULL) {
		b->failed = 1;
		return -1;
	}
	b->data = data;
	b->cap = cap;
	return 0;
}

void jbuf_printf(struct jbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* Written at once when it fits, as it mostly does; else measured,
	 * made room for and written again. */
	if (grow(b, 64) < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		if (grow(b, (size_t)n) < 0)
			return;
		va_start(ap, fmt);
		vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void jbuf_raw(struct jbuf *b, const char *text)
{
	size_t n = strlen(text);

	if (grow(b, n) < 0)
		return;
	memcpy(b->data + b->len, text, n + 1);
	b->len += n;
}

void jbuf_int(struct jbuf *b, int64_t n)
{
	char digits[24], *p = digits + sizeof(digits);
	/* As unsigned: the most negative number has no positive. */
	uint64_t u = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;

	*--p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (n < 0)
		*--p = '-';
	jbuf_raw(b, p);
}

void jbuf_str(struct jbuf *b, const char *text)
{
	/* At most six bytes a character ("\u003c"), and the quotes: one
	 * pass of the escaper. */
	size_t most = text != NULL ? strlen(text) * 6 + 2 : 4;

	if (grow(b, most) < 0)
		return;
	b->len += json_quote(b->data + b->len, b->cap - b->len, text);
}

void jbuf_key(struct jbuf *b, const char *key)
{
	jbuf_str(b, key);
	jbuf_printf(b, ":");
}

char *jbuf_take(struct jbuf *b, size_t *len)
{
	char *data = b->data;

	if (b->failed || data == NULL) {
		jbuf_free(b);
		return NULL;
	}
	data[b->len] = '\0';
	if (len != NULL)
		*len = b->len;
	b->data = NULL;
	b->len = b->cap = 0;
	return data;
}

void jbuf_free(struct jbuf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}
