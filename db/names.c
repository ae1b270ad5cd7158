/*
 * names.c - checking names and folding them to a unique key.
 */
#include "config.h"

#include <string.h>

#include "db/names.h"
#include "rules/rules.h"

size_t names_utf8_decode(const unsigned char *s, unsigned long *cp)
{
	unsigned long c;
	size_t len;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		c = s[0] & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return len;
}

static int is_control(unsigned long c)
{
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 ||
	       c == 0x2029;
}

static int is_blank(unsigned long c)
{
	return c == ' ' || c == 0xa0 || c == 0x3000 ||
	       (c >= 0x2000 && c <= 0x200b);
}

int names_check(const char *what, const char *name, char *err,
		size_t errlen)
{
	const unsigned char *p = (const unsigned char *)name;
	unsigned long c = 0;
	size_t chars = 0, bytes = strlen(name);

	if (bytes == 0) {
		rules_error(err, errlen, "%s is empty", what);
		return -1;
	}
	while (*p) {
		size_t len = names_utf8_decode(p, &c);

		if (len == 0) {
			rules_error(err, errlen,
				    "%s: byte %zu is not valid UTF-8", what,
				    (size_t)(p - (const unsigned char *)name) + 1);
			return -1;
		}
		chars++;
		if (is_control(c)) {
			rules_error(err, errlen,
				    "%s: character %zu is a control character (U+%04lX)",
				    what, chars, c);
			return -1;
		}
		if (chars == 1 && is_blank(c)) {
			rules_error(err, errlen, "%s begins with a blank", what);
			return -1;
		}
		p += len;
	}
	if (is_blank(c)) {
		rules_error(err, errlen, "%s ends with a blank", what);
		return -1;
	}
	if (chars > NAMES_MAX_CHARS) {
		rules_error(err, errlen,
			    "%s is too long: %zu characters; at most %d", what,
			    chars, NAMES_MAX_CHARS);
		return -1;
	}
	return 0;
}

/* Lower case of the capitals named in names.h; other characters as is. */
static unsigned long fold(unsigned long c)
{
	if (c >= 'A' && c <= 'Z')
		return c + 0x20;
	if (c >= 0xc0 && c <= 0xde && c != 0xd7)
		return c + 0x20;
	if (c == 0x130 || c == 0x131)	/* dotted/dotless i: Turkish, left */
		return c;
	if ((c >= 0x100 && c <= 0x137) || (c >= 0x14a && c <= 0x177))
		return c | 1;
	if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e))
		return (c & 1) ? c + 1 : c;
	if (c == 0x178)
		return 0xff;
	if (c >= 0x391 && c <= 0x3a9 && c != 0x3a2)
		return c + 0x20;
	if (c >= 0x410 && c <= 0x42f)
		return c + 0x20;
	if (c >= 0x400 && c <= 0x40f)
		return c + 0x50;
	return c;
}

static size_t encode(unsigned long c, char *out)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (c >> 18));
	out[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

void names_key(const char *name, char *key, size_t keylen)
{
	const unsigned char *p = (const unsigned char *)name;
	size_t used = 0;

	while (*p) {
		unsigned long c;
		size_t len = names_utf8_decode(p, &c);
		char buf[4];
		size_t n;

		if (len == 0)
			break;
		n = encode(fold(c), buf);
		if (used + n + 1 > keylen)
			break;
		memcpy(key + used, buf, n);
		used += n;
		p += len;
	}
	key[used] = '\0';
}
