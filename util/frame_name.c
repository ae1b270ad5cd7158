/*
 * frame_name.c - the names of the frames a camera table keeps.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/frame_name.h"

static const char *const frame_tags[] = { "read", "moved" };

int frame_name(char *buf, size_t len, unsigned table, unsigned long seq,
	       const char *tag)
{
	return snprintf(buf, len, "table%u-%08lu-%s.jpg", table, seq, tag);
}

/* The number at *p (digits only, no sign or space) and the text after
 * it into *end; -1 when none or too large. */
static int number(const char *p, unsigned long *v, const char **end)
{
	char *e;

	if (*p < '0' || *p > '9')
		return -1;
	errno = 0;
	*v = strtoul(p, &e, 10);
	if (errno != 0)
		return -1;
	*end = e;
	return 0;
}

int frame_name_parse(const char *name, unsigned *table, unsigned long *seq,
		     const char **tag)
{
	char again[FRAME_NAME_MAX];
	unsigned long id, n;
	const char *p;
	size_t k;

	if (strncmp(name, "table", 5) != 0 ||
	    number(name + 5, &id, &p) < 0 || id > UINT_MAX || *p++ != '-' ||
	    number(p, &n, &p) < 0 || *p++ != '-')
		return -1;
	for (k = 0; k < sizeof(frame_tags) / sizeof(frame_tags[0]); k++) {
		size_t len = strlen(frame_tags[k]);

		if (strncmp(p, frame_tags[k], len) == 0 &&
		    strcmp(p + len, ".jpg") == 0)
			break;
	}
	if (k == sizeof(frame_tags) / sizeof(frame_tags[0]))
		return -1;
	/* Spelled as written: "table01-", "-42-" or "-000000042-" name
	 * no frame the daemon keeps. */
	if (frame_name(again, sizeof(again), (unsigned)id, n, frame_tags[k]) >=
	    (int)sizeof(again) || strcmp(again, name) != 0)
		return -1;
	*table = (unsigned)id;
	*seq = n;
	*tag = frame_tags[k];
	return 0;
}
