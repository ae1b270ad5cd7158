/*
 * trace.c - reading and writing trace files (pitboss-trace(5)).
 *
 *   # pitboss-trace 1
 *   # table 1 GAME OPTIONS...
 *   0.000 1 start
 *   1.204 1 drop e
 *   2.950 1 button S
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "referee/sensing.h"
#include "referee/trace.h"
#include "rules/rules.h"

struct reader {
	const char *name;
	unsigned line;
	struct trace *trace;
	struct rules_game *games[TRACE_TABLES_MAX];
	int seen_observation;
	uint64_t last_time;
	char *err;
	size_t errlen;
};

static int fail(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The lead bytes of UTF-8 (RFC 3629): how long a sequence each starts
 * and the range of its second byte (no overlong forms, no surrogates,
 * nothing over U+10FFFF); its other bytes are 0x80 to 0xbf. */
static const struct utf8_lead {
	unsigned char lo, hi, len, lo2, hi2;
} utf8_leads[] = {
	{ 0xc2, 0xdf, 2, 0x80, 0xbf },
	{ 0xe0, 0xe0, 3, 0xa0, 0xbf },
	{ 0xe1, 0xec, 3, 0x80, 0xbf },
	{ 0xed, 0xed, 3, 0x80, 0x9f },
	{ 0xee, 0xef, 3, 0x80, 0xbf },
	{ 0xf0, 0xf0, 4, 0x90, 0xbf },
	{ 0xf1, 0xf3, 4, 0x80, 0xbf },
	{ 0xf4, 0xf4, 4, 0x80, 0x8f },
};

/* Bytes of the printable character at `p`: 0 when it is a control
 * character or no valid UTF-8. */
static size_t utf8_char(const unsigned char *p)
{
	const struct utf8_lead *l = NULL;

	if (*p < 0x80)
		return *p >= 0x20 && *p != 0x7f;
	for (size_t i = 0; i < sizeof(utf8_leads) / sizeof(utf8_leads[0]); i++)
		if (*p >= utf8_leads[i].lo && *p <= utf8_leads[i].hi)
			l = &utf8_leads[i];
	if (l == NULL || p[1] < l->lo2 || p[1] > l->hi2)
		return 0;
	for (size_t k = 2; k < l->len; k++)
		if (p[k] < 0x80 || p[k] > 0xbf)
			return 0;
	return l->len;
}

/* `in` into `out` (len bytes), every byte of no printable character
 * written as \xNN: a message never carries the file's raw bytes. */
static void escape_text(const char *in, char *out, size_t len)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t n = 0, k;

	while (*p != '\0' && n + 5 <= len) {
		k = utf8_char(p);
		if (k == 0) {
			snprintf(out + n, len - n, "\\x%02x", *p++);
			n += 4;
		} else if (n + k < len) {
			memcpy(out + n, p, k);
			n += k;
			p += k;
		} else {
			break;
		}
	}
	out[n] = '\0';
}

static int fail(struct reader *r, const char *fmt, ...)
{
	char what[RULES_ERR_MAX + 64], safe[sizeof(what) * 4];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	escape_text(what, safe, sizeof(safe));
	rules_error(r->err, r->errlen, "%s:%u: %s", r->name, r->line, safe);
	return -1;
}

void trace_format_time(char *buf, size_t len, uint64_t t_us)
{
	if (t_us % 1000 == 0)
		snprintf(buf, len, "%" PRIu64 ".%03" PRIu64, t_us / 1000000,
			 t_us / 1000 % 1000);
	else
		snprintf(buf, len, "%" PRIu64 ".%06" PRIu64, t_us / 1000000,
			 t_us % 1000000);
}

/* "SECONDS[.FRACTION]" with at most 6 fraction digits. */
static int parse_time(const char *text, uint64_t *t_us)
{
	uint64_t seconds = 0, micros = 0;
	const char *p = text;
	int digits = 0;

	if (!isdigit((unsigned char)*p))
		return -1;
	while (isdigit((unsigned char)*p)) {
		if (seconds > UINT64_MAX / 10 / 1000000)
			return -1;
		seconds = seconds * 10 + (uint64_t)(*p++ - '0');
	}
	if (*p == '.') {
		p++;
		while (isdigit((unsigned char)*p) && digits < 6) {
			micros = micros * 10 + (uint64_t)(*p++ - '0');
			digits++;
		}
		if (digits == 0)
			return -1;
		for (; digits < 6; digits++)
			micros *= 10;
	}
	if (*p != '\0')
		return -1;
	*t_us = seconds * 1000000 + micros;
	return 0;
}

const struct trace_table *trace_table_find(const struct trace *trace,
					   unsigned id)
{
	for (size_t i = 0; i < trace->ntables; i++)
		if (trace->table[i].id == id)
			return &trace->table[i];
	return NULL;
}

static int table_index(const struct trace *trace, unsigned id)
{
	for (size_t i = 0; i < trace->ntables; i++)
		if (trace->table[i].id == id)
			return (int)i;
	return -1;
}

int trace_append(struct trace *trace, const struct observation *obs)
{
	if (trace->nobs == trace->cap) {
		size_t cap = trace->cap ? trace->cap * 2 : 256;
		struct observation *grown = realloc(trace->obs,
						    cap * sizeof(*grown));

		if (grown == NULL)
			return -1;
		trace->obs = grown;
		trace->cap = cap;
	}
	trace->obs[trace->nobs++] = *obs;
	return 0;
}

/* "# table ID GAME [OPTIONS...]" */
static int read_table(struct reader *r, char *rest)
{
	struct trace_table *t;
	char *id_text = strtok_r(rest, " ", &rest), *game, *end;
	const struct rules *ops;
	char why[RULES_ERR_MAX];
	unsigned long id;

	if (r->seen_observation)
		return fail(r, "table declared after the first observation");
	if (r->trace->ntables == TRACE_TABLES_MAX)
		return fail(r, "more than %d tables", TRACE_TABLES_MAX);
	if (id_text == NULL)
		return fail(r, "table: missing table id");
	errno = 0;
	id = strtoul(id_text, &end, 10);
	if (errno != 0 || *end != '\0' || id < 1 || id > 65535 ||
	    !isdigit((unsigned char)id_text[0]))
		return fail(r, "table: '%s' is not a table id (1..65535)",
			    id_text);
	if (trace_table_find(r->trace, (unsigned)id) != NULL)
		return fail(r, "table %lu is declared twice", id);
	game = strtok_r(NULL, " ", &rest);
	if (game == NULL)
		return fail(r, "table %lu: missing game name", id);
	ops = rules_find(game);
	if (ops == NULL || sensing_find(game) == NULL)
		return fail(r, "table %lu: unknown game '%s'", id, game);
	while (*rest == ' ')
		rest++;
	if (strlen(game) >= sizeof(t->game) || strlen(rest) >= sizeof(t->options))
		return fail(r, "table %lu: options too long", id);
	r->games[r->trace->ntables] = rules_game_new(ops, rest, why, sizeof(why));
	if (r->games[r->trace->ntables] == NULL)
		return fail(r, "table %lu: %s", id, why);
	t = &r->trace->table[r->trace->ntables++];
	t->id = (unsigned)id;
	strcpy(t->game, game);
	strcpy(t->options, rest);
	return 0;
}

/* Checks a drop/lift hole or a button seat against the table's game. */
static int check_where(struct reader *r, int table, const struct observation *o)
{
	const struct rules_game *game = r->games[table];

	if (o->kind == OBS_BUTTON) {
		if (rules_seat_find(game->ops, o->where) < 0)
			return fail(r, "button: '%s' is not a seat of %s",
				    o->where, game->ops->name);
		return 0;
	}
	if (sensing_hole(sensing_find(game->ops->name), game, o->where) < 0)
		return fail(r, "%s: '%s' is not a hole of this %s board",
			    obs_kind_name(o->kind), o->where, game->ops->name);
	return 0;
}

/* What the observation's kind takes after its keyword: `rest`. */
static int read_argument(struct reader *r, int table, const char *rest,
			 struct observation *o)
{
	const char *kind = obs_kind_name(o->kind);

	switch (obs_kind_arg(o->kind)) {
	case OBS_ARG_NONE:
		if (*rest != '\0')
			return fail(r, "%s takes no argument ('%s')", kind, rest);
		break;
	case OBS_ARG_WHERE:
		if (*rest == '\0' || strchr(rest, ' ') != NULL ||
		    strlen(rest) >= sizeof(o->where))
			return fail(r, "%s takes one name ('%s')", kind, rest);
		strcpy(o->where, rest);
		return check_where(r, table, o);
	case OBS_ARG_TEXT:
	case OBS_ARG_OPT_TEXT:
		if (*rest == '\0' && obs_kind_arg(o->kind) == OBS_ARG_TEXT)
			return fail(r, "%s needs its text", kind);
		if (strlen(rest) >= sizeof(o->text))
			return fail(r, "%s: text longer than %d bytes", kind,
				    OBS_TEXT_MAX - 1);
		strcpy(o->text, rest);
		break;
	}
	return 0;
}

static int read_observation(struct reader *r, char *line)
{
	struct observation o;
	char *rest = line, *time_text, *table_text, *kind_text, *end;
	unsigned long table;
	int kind, index;

	memset(&o, 0, sizeof(o));
	time_text = strtok_r(rest, " ", &rest);
	table_text = strtok_r(NULL, " ", &rest);
	kind_text = strtok_r(NULL, " ", &rest);
	if (kind_text == NULL)
		return fail(r, "expected TIME TABLE KIND [ARGUMENT]");
	if (parse_time(time_text, &o.t_us) < 0)
		return fail(r, "'%s' is not a time in seconds", time_text);
	if (r->seen_observation && o.t_us < r->last_time)
		return fail(r, "time %s goes back (the previous line is later)",
			    time_text);
	errno = 0;
	table = strtoul(table_text, &end, 10);
	if (errno != 0 || *end != '\0' || !isdigit((unsigned char)*table_text) ||
	    (index = table_index(r->trace, (unsigned)table)) < 0)
		return fail(r, "table '%s' is not declared in the header",
			    table_text);
	kind = obs_kind_find(kind_text);
	if (kind < 0)
		return fail(r, "unknown observation '%s'", kind_text);
	o.table = (unsigned)table;
	o.kind = (enum obs_kind)kind;
	while (*rest == ' ')
		rest++;
	if (read_argument(r, index, rest, &o) < 0)
		return -1;
	r->seen_observation = 1;
	r->last_time = o.t_us;
	if (trace_append(r->trace, &o) < 0)
		return fail(r, "out of memory");
	return 0;
}

static int read_line(struct reader *r, char *line)
{
	size_t len = strlen(line);

	while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
			return fail(r, "control character at column %zu", i + 1);
	if (r->line == 1) {
		unsigned version;
		char tail;

		if (sscanf(line, "# pitboss-trace %u%c", &version, &tail) != 1)
			return fail(r, "not a pitboss trace (the first line must be '# pitboss-trace %d')",
				    TRACE_VERSION);
		if (version != TRACE_VERSION)
			return fail(r, "trace version %u; this pitboss reads version %d",
				    version, TRACE_VERSION);
		return 0;
	}
	if (len == 0)
		return 0;
	if (strncmp(line, "# table", 7) == 0 &&
	    (line[7] == ' ' || line[7] == '\0'))
		return read_table(r, line + 7 + (line[7] == ' '));
	if (line[0] == '#')
		return 0;
	return read_observation(r, line);
}

/*
 * The next line of `in` into `line` (TRACE_LINE_MAX + 2 bytes), its
 * '\n' kept: 1, or 0 at the end of the file. Reading stops at the first
 * NUL byte, whose column goes to *nul (else 0), and after
 * TRACE_LINE_MAX + 1 bytes without a '\n': *too_long is then set.
 */
static int get_line(FILE *in, char *line, size_t *nul, int *too_long)
{
	size_t n = 0;
	int c = EOF;

	*nul = 0;
	while (n <= TRACE_LINE_MAX && (c = getc(in)) != EOF) {
		line[n++] = (char)c;
		if (c == '\0')
			*nul = n;
		if (c == '\n' || c == '\0')
			break;
	}
	line[n] = '\0';
	*too_long = n > TRACE_LINE_MAX && c != '\n' && c != '\0';
	return n > 0;
}

int trace_read(FILE *in, const char *name, struct trace *trace, char *err,
	       size_t errlen)
{
	struct reader r = { name, 0, trace, { NULL }, 0, 0, err, errlen };
	char line[TRACE_LINE_MAX + 2];
	size_t nul;
	int rc = 0, too_long;

	memset(trace, 0, sizeof(*trace));
	while (rc == 0 && get_line(in, line, &nul, &too_long)) {
		r.line++;
		if (nul != 0)
			rc = fail(&r, "NUL byte at column %zu", nul);
		else if (too_long)
			rc = fail(&r, "line longer than %d bytes",
				  TRACE_LINE_MAX);
		else
			rc = read_line(&r, line);
	}
	if (rc == 0 && ferror(in)) {
		rules_error(err, errlen, "%s: read error", name);
		rc = -1;
	}
	if (rc == 0 && r.line == 0) {
		r.line = 1;
		rc = fail(&r, "empty file: not a pitboss trace");
	}
	for (size_t i = 0; i < TRACE_TABLES_MAX; i++)
		rules_game_free(r.games[i]);
	if (rc < 0) {
		trace_free(trace);
		memset(trace, 0, sizeof(*trace));
	}
	return rc;
}

int trace_read_file(const char *path, struct trace *trace, char *err,
		    size_t errlen)
{
	FILE *in = fopen(path, "r");
	int rc;

	if (in == NULL) {
		memset(trace, 0, sizeof(*trace));
		rules_error(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = trace_read(in, path, trace, err, errlen);
	fclose(in);
	return rc;
}

void trace_free(struct trace *trace)
{
	free(trace->obs);
	trace->obs = NULL;
	trace->nobs = trace->cap = 0;
}

void trace_write_header(FILE *out, const struct trace_table *tables,
			size_t ntables)
{
	fprintf(out, "# pitboss-trace %d\n", TRACE_VERSION);
	for (size_t i = 0; i < ntables; i++)
		fprintf(out, "# table %u %s%s%s\n", tables[i].id, tables[i].game,
			tables[i].options[0] ? " " : "", tables[i].options);
}

void trace_write_obs(FILE *out, const struct observation *obs)
{
	char when[32];

	trace_format_time(when, sizeof(when), obs->t_us);
	fprintf(out, "%s %u %s", when, obs->table, obs_kind_name(obs->kind));
	switch (obs_kind_arg(obs->kind)) {
	case OBS_ARG_NONE:
		break;
	case OBS_ARG_WHERE:
		fprintf(out, " %s", obs->where);
		break;
	case OBS_ARG_TEXT:
		fprintf(out, " %s", obs->text);
		break;
	case OBS_ARG_OPT_TEXT:
		if (obs->text[0] != '\0')
			fprintf(out, " %s", obs->text);
		break;
	}
	fputc('\n', out);
}

void trace_write(FILE *out, const struct trace *trace)
{
	trace_write_header(out, trace->table, trace->ntables);
	for (size_t i = 0; i < trace->nobs; i++)
		trace_write_obs(out, &trace->obs[i]);
}
