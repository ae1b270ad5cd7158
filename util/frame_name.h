/*
 * frame_name.h - the names of the frames a camera table keeps in its
 * frames folder: tableN-SEQUENCE-TAG.jpg, N the table's number in the
 * configuration, SEQUENCE at least 8 digits, TAG "read" or "moved".
 * The daemon writes them, a verdict's evidence names them, the web
 * serves them; one spelling for all three.
 */
#ifndef PITBOSS_FRAME_NAME_H
#define PITBOSS_FRAME_NAME_H

#include <stddef.h>

#define FRAME_NAME_MAX 64	/* bytes of a name, its NUL included */

/* The name of frame `seq` of table `table` (tag "read" or "moved") into
 * buf; the length snprintf gives. */
int frame_name(char *buf, size_t len, unsigned table, unsigned long seq,
	       const char *tag);
/* Whether `name` is the whole of such a name, spelled exactly as
 * frame_name spells it (no other digits, leading zeros, tag or
 * extension, nothing after): 0 with its table, sequence and tag
 * (static text), or -1. */
int frame_name_parse(const char *name, unsigned *table, unsigned long *seq,
		     const char **tag);

#endif
