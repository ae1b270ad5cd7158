/*
 * cli_json.h - the CLI's JSON: strings through the one escaper
 * (util/json.c), and an object's members written in order, the writer
 * placing the commas.
 */
#ifndef PITBOSS_CLI_JSON_H
#define PITBOSS_CLI_JSON_H

#include <stdint.h>
#include <stdio.h>

/* Writes `text` as a JSON string, quotes included. */
void cli_json_string(FILE *out, const char *text);
/* `"key":`, for a value the caller writes. */
void cli_json_key(FILE *out, const char *key);
/* `text` as a string, or null when it is NULL or empty. */
void cli_json_text_or_null(FILE *out, const char *text);

/* An object being written: its stream and how many members it has. */
struct cli_json {
	FILE *out;
	int members;
};

/* Opens an object: "{", after a "," when `comma` (an array's next). */
void cli_json_open(struct cli_json *j, FILE *out, int comma);
/* Closes it: "}". */
void cli_json_close(struct cli_json *j);
/* The next member's `"key":` (after a comma but for the first), for a
 * value the caller writes. */
void cli_json_member(struct cli_json *j, const char *key);
/* Members: a string; a string or null (NULL or empty); null; a whole
 * number; a whole number or null for 0 (an id not set). */
void cli_json_str(struct cli_json *j, const char *key, const char *text);
void cli_json_str_or_null(struct cli_json *j, const char *key,
			  const char *text);
void cli_json_null(struct cli_json *j, const char *key);
void cli_json_int(struct cli_json *j, const char *key, int64_t value);
void cli_json_id_or_null(struct cli_json *j, const char *key, int64_t id);
/* Members: true or false; a 64-bit number as a string (a script's
 * numbers hold 53 bits). */
void cli_json_bool(struct cli_json *j, const char *key, int value);
void cli_json_u64_text(struct cli_json *j, const char *key, uint64_t value);

#endif
