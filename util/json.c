/*
 * json.c - JSON strings.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "util/json.h"

/* How `c` (not NUL) is written inside a JSON string; `esc` holds it
 * when it is no fixed text. */
static const char *escape(unsigned char c, char esc[8])
{
	switch (c) {
	case '"':
		return "\\\"";
	case '\\':
		return "\\\\";
	case '\n':
		return "\\n";
	case '\t':
		return "\\t";
	default:
		if (c < 0x20 || c == '<') {
			snprintf(esc, 8, "\\u%04x", c);
			return esc;
		}
		esc[0] = (char)c;
		esc[1] = '\0';
		return esc;
	}
}

/* Appends `n` bytes of `s` at `at` within a buffer of `len`. */
static void put(char *buf, size_t len, size_t at, const char *s, size_t n)
{
	if (at + 1 >= len)
		return;
	if (n > len - 1 - at)
		n = len - 1 - at;
	memcpy(buf + at, s, n);
}

size_t json_quote(char *buf, size_t len, const char *text)
{
	size_t at = 0;
	char esc[8];

	if (text == NULL) {
		put(buf, len, at, "null", 4);
		at = 4;
	} else {
		put(buf, len, at++, "\"", 1);
		for (const unsigned char *p = (const unsigned char *)text; *p;
		     p++) {
			const char *e;
			size_t n;

			if (*p >= 0x20 && *p != '"' && *p != '\\' && *p != '<') {
				/* As it is: most of any text. */
				if (at + 1 < len)
					buf[at] = (char)*p;
				at++;
				continue;
			}
			e = escape(*p, esc);
			n = strlen(e);
			put(buf, len, at, e, n);
			at += n;
		}
		put(buf, len, at++, "\"", 1);
	}
	if (len > 0)
		buf[at < len ? at : len - 1] = '\0';
	return at;
}

void json_fputs(FILE *out, const char *text)
{
	char esc[8];

	if (text == NULL) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		fputs(escape(*p, esc), out);
	fputc('"', out);
}
