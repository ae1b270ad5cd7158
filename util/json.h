/*
 * json.h - JSON strings, the one escaper of the tree: the API, the
 * live events, the tables' state and the CLI's --json all write a text
 * the same way. '<' is escaped too, so the JSON is safe inside HTML.
 */
#ifndef PITBOSS_JSON_H
#define PITBOSS_JSON_H

#include <stddef.h>
#include <stdio.h>

/*
 * Writes `text` as a JSON string, quotes included (NULL as null), into
 * `buf` as snprintf() does: cut to `len` and terminated when len > 0.
 * Returns the length of the whole, without the terminating NUL.
 */
size_t json_quote(char *buf, size_t len, const char *text);
/* The same, to a stream. */
void json_fputs(FILE *out, const char *text);

#endif
