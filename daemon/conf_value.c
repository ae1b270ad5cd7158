/*
 * conf_value.c - the value types of pitboss.conf(5): how each is read
 * into its field and how conf_describe() names it. One row per type.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/conf_impl.h"

/* What a value is read from and into, and where the reason goes. */
struct store {
	const struct conf_item *it;
	const char *v;
	void *dst;
	size_t cap;		/* bytes at dst, for text */
	char *why;
	size_t len;
};

static int fail(const struct store *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(const struct store *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->why, s->len, fmt, ap);
	va_end(ap);
	return -1;
}

/* Whole milliseconds with up to 3 decimals, into microseconds. */
static int parse_ms(const char *s, uint64_t *us)
{
	uint64_t whole = 0, frac = 0;
	int digits = 0, fdigits = 0;

	for (; *s >= '0' && *s <= '9'; s++, digits++) {
		if (whole > 100000000)
			return -1;
		whole = whole * 10 + (uint64_t)(*s - '0');
	}
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++, fdigits++) {
			if (fdigits == 3)
				return -1;
			frac = frac * 10 + (uint64_t)(*s - '0');
		}
	if (*s != '\0' || digits == 0)
		return -1;
	while (fdigits++ < 3)
		frac *= 10;
	*us = whole * 1000 + frac;
	return 0;
}

static int parse_u64(const char *s, uint64_t *v)
{
	uint64_t n = 0;

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (d > 9 || n > (UINT64_MAX - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	*v = n;
	return 0;
}

static void choice_list(const char *const *choices, const char *sep,
			char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; choices[i] != NULL && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? sep : "",
				      choices[i]);
}

static void source_list(const char *sep, char *buf, size_t len)
{
	size_t n = 0;
	const struct source_ops *ops;

	buf[0] = '\0';
	for (size_t i = 0; (ops = source_at(i)) != NULL && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? sep : "",
				      ops->name);
}

/* Text of the right length that passes the item's own check. */
static int checked_text(const struct store *s)
{
	char buf[CONF_ERR_MAX];
	const char *bad;

	if (strlen(s->v) >= s->cap)
		return fail(s, "too long (at most %zu characters)", s->cap - 1);
	if (s->it->check != NULL &&
	    (bad = s->it->check(s->v, buf, sizeof(buf))) != NULL)
		return fail(s, "%s", bad);
	return 0;
}

static int store_text(const struct store *s)
{
	if (s->it->type == CONF_PATH && s->v[0] != '/')
		return fail(s, "'%s' is not an absolute path", s->v);
	if (s->it->type == CONF_LINE && strpbrk(s->v, " \t") != NULL)
		return fail(s, "'%s' is not a line name", s->v);
	if (checked_text(s) < 0)
		return -1;
	memcpy(s->dst, s->v, strlen(s->v) + 1);
	return 0;
}

static int store_addr(const struct store *s)
{
	unsigned char addr[sizeof(struct in6_addr)];

	if (inet_pton(AF_INET, s->v, addr) != 1 &&
	    inet_pton(AF_INET6, s->v, addr) != 1)
		return fail(s, "'%s' is not an IPv4 or IPv6 address", s->v);
	if (checked_text(s) < 0)
		return -1;
	memcpy(s->dst, s->v, strlen(s->v) + 1);
	return 0;
}

static int store_uint(const struct store *s)
{
	uint64_t u;

	if (parse_u64(s->v, &u) < 0)
		return fail(s, "'%s' is not a whole number", s->v);
	if (u < (uint64_t)s->it->min || u > (uint64_t)s->it->max)
		return fail(s, "%s is out of range (%lld to %lld)", s->v,
			    s->it->min, s->it->max);
	if (s->it->size != sizeof(unsigned))
		abort();	/* CONF_UINT fields are unsigned or int */
	*(unsigned *)s->dst = (unsigned)u;
	return 0;
}

static int store_u64(const struct store *s)
{
	uint64_t u;

	if (parse_u64(s->v, &u) < 0)
		return fail(s, "'%s' is not a whole number "
			    "(0 to 18446744073709551615)", s->v);
	*(uint64_t *)s->dst = u;
	return 0;
}

static int store_ms(const struct store *s)
{
	uint64_t u;

	if (parse_ms(s->v, &u) < 0)
		return fail(s, "'%s' is not a number of milliseconds "
			    "(like 5 or 2.5)", s->v);
	if (u < (uint64_t)s->it->min * 1000 || u > (uint64_t)s->it->max * 1000)
		return fail(s, "%s ms is out of range (%lld to %lld)", s->v,
			    s->it->min, s->it->max);
	*(uint64_t *)s->dst = u;
	return 0;
}

static int store_rate(const struct store *s)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(s->v, &end);
	if (s->v[0] == '\0' || *end != '\0' || errno != 0 || isnan(d) ||
	    d < 0 || d > 1)
		return fail(s, "'%s' is not a rate from 0 to 1", s->v);
	*(double *)s->dst = d;
	return 0;
}

static int store_bool(const struct store *s)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < 4; i++) {
		if (strcmp(s->v, yes[i]) == 0 || strcmp(s->v, no[i]) == 0) {
			*(int *)s->dst = strcmp(s->v, yes[i]) == 0;
			return 0;
		}
	}
	return fail(s, "'%s' is not yes or no", s->v);
}

static int store_choice(const struct store *s)
{
	char buf[CONF_ERR_MAX];

	for (int i = 0; s->it->choices[i] != NULL; i++)
		if (strcmp(s->it->choices[i], s->v) == 0) {
			*(int *)s->dst = i;
			return 0;
		}
	choice_list(s->it->choices, ", ", buf, sizeof(buf));
	return fail(s, "'%s' is not one of: %s", s->v, buf);
}

/* "Ada, Bob": the names in order, blanks around them and empty ones
 * left out, into char [max][size / max]. */
static int store_list(const struct store *s)
{
	size_t n = (size_t)s->it->max, width = s->it->size / n, i = 0;
	char words[1024];
	const char *p = s->v;

	if (s->it->size > sizeof(words))
		abort();	/* a list field larger than words */
	if (checked_text(s) < 0)
		return -1;
	memset(words, 0, s->it->size);
	while (*p != '\0') {
		size_t lead = strspn(p, " \t"), w = strcspn(p + lead, ","), e;

		for (e = w; e > 0 && (p[lead + e - 1] == ' ' ||
				      p[lead + e - 1] == '\t'); e--)
			;
		if (e > 0 && i == n)
			return fail(s, "more than %zu names", n);
		if (e >= width)
			return fail(s, "'%.*s' is too long (at most %zu "
				    "characters)", (int)e, p + lead, width - 1);
		if (e > 0)
			memcpy(words + i++ * width, p + lead, e);
		p += lead + w + (p[lead + w] == ',');
	}
	memcpy(s->dst, words, s->it->size);
	return 0;
}

static int store_source(const struct store *s)
{
	const struct source_ops *ops = source_find(s->v);
	char buf[CONF_ERR_MAX];

	if (ops == NULL) {
		source_list(", ", buf, sizeof(buf));
		return fail(s, "'%s' is not one of: %s", s->v, buf);
	}
	*(const struct source_ops **)s->dst = ops;
	return 0;
}

static const struct type {
	const char *name;	/* for describe; NULL: from the item */
	int (*store)(const struct store *s);
} types[] = {
	[CONF_TEXT] = { "TEXT", store_text },
	[CONF_PATH] = { "PATH", store_text },
	[CONF_ADDR] = { "ADDRESS", store_addr },
	[CONF_UINT] = { NULL, store_uint },
	[CONF_U64] = { "N", store_u64 },
	[CONF_MS] = { NULL, store_ms },
	[CONF_RATE] = { "0..1", store_rate },
	[CONF_BOOL] = { "yes|no", store_bool },
	[CONF_CHOICE] = { NULL, store_choice },
	[CONF_LINE] = { "LINE", store_text },
	[CONF_LIST] = { "NAME, ...", store_list },
	[CONF_SOURCE] = { NULL, store_source },
};

int conf_store(const struct conf_item *it, const char *value, void *dst,
	       size_t cap, char *why, size_t len)
{
	struct store s = { it, value, dst, cap, why, len };

	return types[it->type].store(&s);
}

void conf_type_name(const struct conf_item *it, char *buf, size_t len)
{
	if (types[it->type].name != NULL)
		snprintf(buf, len, "%s", types[it->type].name);
	else if (it->type == CONF_UINT)
		snprintf(buf, len, "%lld..%lld", it->min, it->max);
	else if (it->type == CONF_MS)
		snprintf(buf, len, "MS (%lld..%lld)", it->min, it->max);
	else if (it->type == CONF_CHOICE)
		choice_list(it->choices, "|", buf, len);
	else
		source_list("|", buf, len);
}
