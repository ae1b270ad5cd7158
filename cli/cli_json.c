/*
 * cli_json.c - the CLI's JSON writer.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "cli/cli_json.h"
#include "util/json.h"

void cli_json_string(FILE *out, const char *text)
{
	json_fputs(out, text);
}

void cli_json_key(FILE *out, const char *key)
{
	cli_json_string(out, key);
	fputc(':', out);
}

void cli_json_text_or_null(FILE *out, const char *text)
{
	if (text == NULL || text[0] == '\0')
		fputs("null", out);
	else
		cli_json_string(out, text);
}

void cli_json_open(struct cli_json *j, FILE *out, int comma)
{
	j->out = out;
	j->members = 0;
	fputs(comma ? ",{" : "{", out);
}

void cli_json_close(struct cli_json *j)
{
	fputc('}', j->out);
}

void cli_json_member(struct cli_json *j, const char *key)
{
	if (j->members++)
		fputc(',', j->out);
	cli_json_key(j->out, key);
}

void cli_json_str(struct cli_json *j, const char *key, const char *text)
{
	cli_json_member(j, key);
	cli_json_string(j->out, text);
}

void cli_json_str_or_null(struct cli_json *j, const char *key,
			  const char *text)
{
	cli_json_member(j, key);
	cli_json_text_or_null(j->out, text);
}

void cli_json_null(struct cli_json *j, const char *key)
{
	cli_json_member(j, key);
	fputs("null", j->out);
}

void cli_json_int(struct cli_json *j, const char *key, int64_t value)
{
	cli_json_member(j, key);
	fprintf(j->out, "%" PRId64, value);
}

void cli_json_id_or_null(struct cli_json *j, const char *key, int64_t id)
{
	if (id)
		cli_json_int(j, key, id);
	else
		cli_json_null(j, key);
}

void cli_json_bool(struct cli_json *j, const char *key, int value)
{
	cli_json_member(j, key);
	fputs(value ? "true" : "false", j->out);
}

void cli_json_u64_text(struct cli_json *j, const char *key, uint64_t value)
{
	cli_json_member(j, key);
	fprintf(j->out, "\"%" PRIu64 "\"", value);
}
