/*
 * conf.c - reading pitboss.conf(5) from one descriptor table.
 *
 * Three passes over a private copy, so nothing is half-applied:
 *  1. every line: syntax, known key, right section, value of the right
 *     type and range, not set twice;
 *  2. every table: the source's required keys present, no key of
 *     another source, game and options accepted by the rules engine,
 *     a line for every hole of the game's board;
 *  3. the whole file: no GPIO line used twice.
 * Only then is the result copied to the caller.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/conf.h"
#include "referee/match.h"
#include "referee/sensing.h"
#include "rules/rules.h"
#include "daemon/conf_impl.h"


static const char *const source_names[] = { "gpio", "replay", "sim", NULL };
static const char *const level_names[] = {
	"error", "warning", "notice", "info", "debug", NULL
};
static const char *const bias_names[] = {
	"as-is", "disable", "pull-up", "pull-down", NULL
};
static const char *const player_names[] = { "random", "greedy", NULL };
static const char *const analysis_names[] = { "after", "live", NULL };

static const char *check_game(const char *value, char *buf, size_t len);
static const char *check_hash(const char *value, char *buf, size_t len);
static const char *check_abs(const char *value, char *buf, size_t len);
static const char *check_pins(const char *value, char *buf, size_t len);

#define G(field) offsetof(struct conf, field), sizeof(((struct conf *)0)->field)
#define R(field) offsetof(struct raw_table, field), \
	sizeof(((struct raw_table *)0)->field)
#define NONE 0, 0

const struct conf_item conf_items[] = {
	/* ---- global */
	{ "database", F_GLOBAL, 0, T_PATH, "/var/lib/pitboss/pitboss.db",
	  "SQLite database of players, games, series and tournaments",
	  G(database), 0, 0, NULL, NULL },
	{ "web.listen", F_GLOBAL, 0, T_ADDR, "127.0.0.1",
	  "address the dashboard listens on", G(web_listen), 0, 0, NULL,
	  NULL },
	{ "web.port", F_GLOBAL, 0, T_UINT, "8080",
	  "port of the dashboard; 0: no web server", G(web_port), 0, 65535,
	  NULL, NULL },
	{ "web.password-hash", F_GLOBAL, 0, T_TEXT, "",
	  "crypt(3) hash of the admin password; empty: no admin login",
	  G(web_password_hash), 0, 0, NULL, check_hash },
	{ "web.connection-limit", F_GLOBAL, 0, T_UINT, "256",
	  "connections the dashboard serves at once", G(web_connection_limit),
	  1, 10000, NULL, NULL },
	{ "web.per-ip-limit", F_GLOBAL, 0, T_UINT, "64",
	  "connections from one address at once", G(web_per_ip_limit), 1,
	  10000, NULL, NULL },
	{ "web.tls-cert", F_GLOBAL, 0, T_TEXT, "",
	  "PEM certificate for HTTPS; empty: plain HTTP", G(web_tls_cert), 0,
	  0, NULL, check_abs },
	{ "web.tls-key", F_GLOBAL, 0, T_TEXT, "",
	  "PEM private key for HTTPS, with web.tls-cert", G(web_tls_key), 0, 0,
	  NULL, check_abs },
	{ "log-level", F_GLOBAL, 0, T_CHOICE, "notice",
	  "least important messages logged", G(log_level), 0, 0, level_names,
	  NULL },
	/* ---- every table */
	{ "name", 0, SRC_ALL, T_TEXT, "",
	  "the board's name in the records; empty: \"Table N\"",
	  R(t.name), 0, 0, NULL, NULL },
	{ "players", 0, SRC_ALL, T_TEXT, "",
	  "players of the seats, comma-separated (\"Ada, Bob\"); empty: one "
	  "stand-in per seat", R(t.players), 0, 0, NULL, NULL },
	{ "pins", 0, SRC_ALL, T_TEXT, "",
	  "players' PINs by seat, comma-separated, for the dashboard's "
	  "player page; empty: none", R(t.pins), 0, 0, NULL, check_pins },
	{ "analysis", 0, SRC_ALL, T_CHOICE, "after",
	  "when spectators see what the game tells of a position (the codes "
	  "still possible): after the game, or live", R(t.live_analysis), 0,
	  0, analysis_names, NULL },
	{ "game", 0, SRC_ALL, T_TEXT, "kalah", "game played at the table",
	  R(t.game), 0, 0, NULL, check_game },
	{ "options", 0, SRC_ALL, T_TEXT, "",
	  "game options, as for 'pitboss rules' (\"pits=6 seeds=4\")",
	  R(t.options), 0, 0, NULL, NULL },
	{ "source", F_REQUIRED, SRC_ALL, T_CHOICE, NULL,
	  "where the observations come from", R(t.source), 0, 0,
	  source_names, NULL },
	{ "quiet-ms", 0, SRC_ALL, T_MS, "2500",
	  "a pause this long ends a turn (tables without buttons)",
	  R(t.referee.quiet_us), 200, 60000, NULL, NULL },
	{ "snapshot-tolerance", 0, SRC_ALL, T_UINT, "2",
	  "seeds a count snapshot may be off and still be accepted",
	  R(t.referee.snapshot_tolerance), 0, 20, NULL, NULL },
	{ "snapshot-confirm", 0, SRC_ALL, T_BOOL, "no",
	  "a snapshot within tolerance waits for the arbiter",
	  R(t.referee.snapshot_confirm), 0, 0, NULL, NULL },
	{ "strict", 0, SRC_ALL, T_BOOL, "no",
	  "a move with any sensor fault waits for the arbiter", R(strict), 0,
	  0, NULL, NULL },
	/* ---- replay */
	{ "trace", F_REQUIRED, SRC_REPLAY, T_PATH, NULL,
	  "trace file to play (pitboss-trace(5))", R(t.trace), 0, 0, NULL,
	  NULL },
	/* ---- sim */
	{ "seed", 0, SRC_SIM, T_U64, "1", "seed of the simulation",
	  R(t.sim.seed), 0, 0, NULL, NULL },
	{ "player", 0, SRC_SIM, T_CHOICE, "greedy", "how the players choose",
	  R(t.sim.player), 0, 0, player_names, NULL },
	{ "sim.buttons", 0, SRC_SIM, T_BOOL, "yes",
	  "players press the end-of-turn button", R(t.sim.buttons), 0, 0,
	  NULL, NULL },
	{ "sim.lifts", 0, SRC_SIM, T_BOOL, "no",
	  "the board has hand-in-pit sensors", R(t.sim.lifts), 0, 0, NULL,
	  NULL },
	{ "noise.bounce", 0, SRC_SIM, T_RATE, "0",
	  "per pulse: a second edge within the debounce time",
	  R(t.sim.noise.bounce), 0, 0, NULL, NULL },
	{ "noise.miss", 0, SRC_SIM, T_RATE, "0", "per pulse: a pulse lost",
	  R(t.sim.noise.miss), 0, 0, NULL, NULL },
	{ "noise.extra", 0, SRC_SIM, T_RATE, "0",
	  "per pulse: a pulse nothing caused", R(t.sim.noise.extra), 0, 0,
	  NULL, NULL },
	{ "noise.swap", 0, SRC_SIM, T_RATE, "0",
	  "per pulse: two seeds sensed in swapped order",
	  R(t.sim.noise.swap), 0, 0, NULL, NULL },
	{ "noise.roll", 0, SRC_SIM, T_RATE, "0",
	  "per pulse: a seed rolls into the next hole", R(t.sim.noise.roll),
	  0, 0, NULL, NULL },
	{ "noise.illegal", 0, SRC_SIM, T_RATE, "0",
	  "per move: the move is played illegally", R(t.sim.noise.illegal), 0,
	  0, NULL, NULL },
	{ "noise.dead", 0, SRC_SIM, T_BOOL, "no",
	  "one line per game never fires", R(t.sim.noise.dead), 0, 0, NULL,
	  NULL },
	{ "noise.stuck", 0, SRC_SIM, T_BOOL, "no",
	  "one line per game chatters for a while", R(t.sim.noise.stuck), 0,
	  0, NULL, NULL },
	/* ---- gpio */
	{ "line.HOLE", F_HOLE | F_REQUIRED, SRC_GPIO, T_LINE, NULL,
	  "drop sensor line of a pit or store (line.a, line.S)", NONE, 0, 0,
	  NULL, NULL },
	{ "lift.HOLE", F_HOLE, SRC_GPIO, T_LINE, NULL,
	  "hand-in-pit sensor line of a hole (optional)", NONE, 0, 0, NULL,
	  NULL },
	{ "button.SEAT", F_SEAT, SRC_GPIO, T_LINE, NULL,
	  "end-of-turn button of a seat (button.S, button.N)", NONE, 0, 0,
	  NULL, NULL },
	{ "led.SEAT", F_SEAT, SRC_GPIO, T_LINE, NULL,
	  "turn LED of a seat (led.S, led.N)", NONE, 0, 0, NULL, NULL },
	{ "led.foul", 0, SRC_GPIO, T_LINE, "",
	  "foul LED or buzzer line", R(foul_led), 0, 0, NULL, NULL },
	{ "bias", 0, SRC_GPIO, T_CHOICE, "as-is",
	  "bias of the input lines", R(t.gpio.bias), 0, 0, bias_names, NULL },
	{ "active-low", 0, SRC_GPIO, T_BOOL, "no",
	  "inputs: the low level is active (beam broken, pressed)",
	  R(t.gpio.active_low), 0, 0, NULL, NULL },
	{ "led-active-low", 0, SRC_GPIO, T_BOOL, "no",
	  "outputs: the low level is on", R(t.gpio.output_active_low), 0, 0,
	  NULL, NULL },
	{ "debounce-ms", 0, SRC_GPIO, T_MS, "5",
	  "edges closer than this on a line are one (see DEBOUNCE)",
	  R(t.gpio.debounce_us), 0, 100, NULL, NULL },
};

#define ITEMS_COUNT (sizeof(conf_items) / sizeof(conf_items[0]))
const size_t conf_nitems = ITEMS_COUNT;

_Static_assert(ITEMS_COUNT <= CONF_ITEMS_MAX, "CONF_ITEMS_MAX too small");

_Static_assert(ITEMS_COUNT <= sizeof(((struct raw_table *)0)->seen) /
			 sizeof(unsigned),
	       "raw_table.seen too small for the descriptor table");

/* ------------------------------------------------------------ reading */


int conf_fail(struct parser *p, unsigned line, const char *key,
	      const char *fmt, ...)
{
	char why[CONF_ERR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (p->err != NULL && p->errlen > 0)
		snprintf(p->err, p->errlen, "%s:%u: key '%s': %s", p->name,
			 line, key, why);
	return -1;
}

static const char *check_game(const char *value, char *buf, size_t len)
{
	size_t n;

	if (rules_find(value) != NULL)
		return NULL;
	n = (size_t)snprintf(buf, len, "no game '%s' (known:", value);
	for (size_t i = 0; rules_registry[i] != NULL && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, " %s",
				      rules_registry[i]->name);
	if (n < len)
		snprintf(buf + n, len - n, ")");
	return buf;
}

/* "1234, 5678": 4 to 8 digits a seat. */
static const char *check_pins(const char *value, char *buf, size_t len)
{
	int digits = 0, pins = 0;

	for (const char *p = value;; p++) {
		if (*p >= '0' && *p <= '9') {
			digits++;
			continue;
		}
		if (*p == ' ' && digits == 0)
			continue;
		if ((*p == ',' || *p == '\0' || *p == ' ') &&
		    (digits >= 4 && digits <= 8)) {
			pins++;
			digits = 0;
			while (*p == ' ')
				p++;
			if (*p == '\0')
				break;
			if (*p == ',')
				continue;
		}
		if (*p == '\0' && pins == 0 && value[0] == '\0')
			break;
		snprintf(buf, len, "'%s' is not PINs of 4 to 8 digits "
			 "separated by commas", value);
		return buf;
	}
	return NULL;
}

/* An absolute path, or empty. */
static const char *check_abs(const char *value, char *buf, size_t len)
{
	if (value[0] == '\0' || value[0] == '/')
		return NULL;
	snprintf(buf, len, "'%s' is not an absolute path", value);
	return buf;
}

static const char *check_hash(const char *value, char *buf, size_t len)
{
	(void)buf;
	(void)len;
	if (value[0] == '\0')
		return NULL;
	if (value[0] != '$' || strpbrk(value, " \t") != NULL)
		return "not a crypt(3) hash (it starts with '$', "
		       "make one with 'mkpasswd -m yescrypt')";
	return NULL;
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

static int parse_bool(const char *s)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < 4; i++) {
		if (strcmp(s, yes[i]) == 0)
			return 1;
		if (strcmp(s, no[i]) == 0)
			return 0;
	}
	return -1;
}

static int parse_choice(const char *const *choices, const char *s)
{
	for (int i = 0; choices[i] != NULL; i++)
		if (strcmp(choices[i], s) == 0)
			return i;
	return -1;
}

static void choice_list(const char *const *choices, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; choices[i] != NULL && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "",
				      choices[i]);
}

static int check_text(const char *v, size_t cap, char *why, size_t len)
{
	if (strlen(v) >= cap) {
		snprintf(why, len, "too long (at most %zu characters)",
			 cap - 1);
		return -1;
	}
	return 0;
}

/*
 * Converts `v` as item `it` says and stores it at `dst` (`cap` bytes
 * for text). -1 with the reason in `why`.
 */
static int store_value(const struct conf_item *it, const char *v, void *dst,
		       size_t cap, char *why, size_t len)
{
	char buf[CONF_ERR_MAX];
	const char *bad;
	uint64_t u;
	int k;

	switch (it->type) {
	case T_PATH:
		if (v[0] != '/') {
			snprintf(why, len, "'%s' is not an absolute path", v);
			return -1;
		}
		/* fall through */
	case T_TEXT:
	case T_LINE:
		if (check_text(v, cap, why, len) < 0)
			return -1;
		if (it->type == T_LINE && strpbrk(v, " \t") != NULL) {
			snprintf(why, len, "'%s' is not a line name", v);
			return -1;
		}
		if (it->check != NULL &&
		    (bad = it->check(v, buf, sizeof(buf))) != NULL) {
			snprintf(why, len, "%s", bad);
			return -1;
		}
		memcpy(dst, v, strlen(v) + 1);
		return 0;
	case T_ADDR: {
		unsigned char addr[sizeof(struct in6_addr)];

		if (inet_pton(AF_INET, v, addr) != 1 &&
		    inet_pton(AF_INET6, v, addr) != 1) {
			snprintf(why, len, "'%s' is not an IPv4 or IPv6 address",
				 v);
			return -1;
		}
		return check_text(v, cap, why, len) < 0
		       ? -1 : (memcpy(dst, v, strlen(v) + 1), 0);
	}
	case T_UINT:
		if (parse_u64(v, &u) < 0) {
			snprintf(why, len, "'%s' is not a whole number", v);
			return -1;
		}
		if (u < (uint64_t)it->min || u > (uint64_t)it->max) {
			snprintf(why, len, "%s is out of range (%lld to %lld)",
				 v, it->min, it->max);
			return -1;
		}
		if (it->size != sizeof(unsigned))
			abort();	/* T_UINT fields are unsigned or int */
		*(unsigned *)dst = (unsigned)u;
		return 0;
	case T_U64:
		if (parse_u64(v, &u) < 0) {
			snprintf(why, len, "'%s' is not a whole number "
				 "(0 to 18446744073709551615)", v);
			return -1;
		}
		*(uint64_t *)dst = u;
		return 0;
	case T_MS:
		if (parse_ms(v, &u) < 0) {
			snprintf(why, len, "'%s' is not a number of milliseconds "
				 "(like 5 or 2.5)", v);
			return -1;
		}
		if (u < (uint64_t)it->min * 1000 ||
		    u > (uint64_t)it->max * 1000) {
			snprintf(why, len, "%s ms is out of range (%lld to "
				 "%lld)", v, it->min, it->max);
			return -1;
		}
		*(uint64_t *)dst = u;
		return 0;
	case T_RATE: {
		char *end;
		double d;

		errno = 0;
		d = strtod(v, &end);
		if (v[0] == '\0' || *end != '\0' || errno != 0 || isnan(d) ||
		    d < 0 || d > 1) {
			snprintf(why, len, "'%s' is not a rate from 0 to 1", v);
			return -1;
		}
		*(double *)dst = d;
		return 0;
	}
	case T_BOOL:
		if ((k = parse_bool(v)) < 0) {
			snprintf(why, len, "'%s' is not yes or no", v);
			return -1;
		}
		*(int *)dst = k;
		return 0;
	case T_CHOICE:
		if ((k = parse_choice(it->choices, v)) < 0) {
			choice_list(it->choices, buf, sizeof(buf));
			if (it->choices == source_names &&
			    strcmp(v, "camera") == 0)
				snprintf(why, len, "'camera' is not available "
					 "in this version (%s)", buf);
			else
				snprintf(why, len, "'%s' is not one of: %s", v,
					 buf);
			return -1;
		}
		*(int *)dst = k;
		return 0;
	}
	return -1;
}

/* The descriptor of `key`; `*suffix` gets what follows a pattern's dot. */
static const struct conf_item *find_item(const char *key,
					 const char **suffix)
{
	*suffix = NULL;
	for (size_t i = 0; i < CONF_NITEMS; i++) {
		const struct conf_item *it = &conf_items[i];

		if (it->flags & (F_HOLE | F_SEAT)) {
			size_t n = strcspn(it->key, ".") + 1;

			if (strncmp(key, it->key, n) == 0 && key[n] != '\0' &&
			    strcmp(key, "led.foul") != 0) {
				*suffix = key + n;
				return it;
			}
		} else if (strcmp(key, it->key) == 0) {
			return it;
		}
	}
	return NULL;
}

static int set_wire(struct parser *p, unsigned line, const char *key,
		    const struct conf_item *it, const char *suffix,
		    const char *value)
{
	struct raw_table *t = p->cur;
	struct raw_wire *w;
	char why[CONF_ERR_MAX];

	if (strlen(suffix) >= OBS_WHERE_MAX)
		return conf_fail(p, line, key, "no such %s",
			         it->flags & F_HOLE ? "hole" : "seat");
	for (size_t i = 0; i < t->nwires; i++)
		if (t->wire[i].item == (size_t)(it - conf_items) &&
		    strcmp(t->wire[i].name, suffix) == 0)
			return conf_fail(p, line, key, "set twice (first on line %u)",
				         t->wire[i].lineno);
	if (t->nwires == RAW_WIRES_MAX)
		return conf_fail(p, line, key, "more than %d lines in a table",
			         RAW_WIRES_MAX);
	w = &t->wire[t->nwires];
	if (store_value(it, value, w->line, sizeof(w->line), why,
			sizeof(why)) < 0)
		return conf_fail(p, line, key, "%s", why);
	if (w->line[0] == '\0')
		return conf_fail(p, line, key, "empty line name");
	w->item = (size_t)(it - conf_items);
	snprintf(w->name, sizeof(w->name), "%s", suffix);
	w->lineno = line;
	t->nwires++;
	return 0;
}

static int set_key(struct parser *p, unsigned line, const char *key,
		   const char *value)
{
	const struct conf_item *it;
	const char *suffix;
	unsigned *seen;
	char why[CONF_ERR_MAX];
	void *base;

	it = find_item(key, &suffix);
	if (it == NULL)
		return conf_fail(p, line, key, "unknown key");
	if ((it->flags & F_GLOBAL) && p->cur != NULL)
		return conf_fail(p, line, key, "a global key: put it before the "
			         "first [table N]");
	if (!(it->flags & F_GLOBAL) && p->cur == NULL)
		return conf_fail(p, line, key, "a table key: put it in a "
			         "[table N] section");
	if (suffix != NULL)
		return set_wire(p, line, key, it, suffix, value);
	seen = p->cur != NULL ? &p->cur->seen[it - conf_items]
			      : &p->global_seen[it - conf_items];
	if (*seen != 0)
		return conf_fail(p, line, key, "set twice (first on line %u)",
			         *seen);
	base = p->cur != NULL ? (void *)p->cur : (void *)p->conf;
	if (store_value(it, value, (char *)base + it->offset, it->size, why,
			sizeof(why)) < 0)
		return conf_fail(p, line, key, "%s", why);
	*seen = line;
	return 0;
}

/* Every item of a scope at its default. */
static void set_defaults(void *base, unsigned global)
{
	char why[CONF_ERR_MAX];

	for (size_t i = 0; i < CONF_NITEMS; i++) {
		const struct conf_item *it = &conf_items[i];

		if (it->def == NULL || !(it->flags & F_GLOBAL) != !global)
			continue;
		if (store_value(it, it->def, (char *)base + it->offset,
				it->size, why, sizeof(why)) < 0)
			abort();	/* a default that fails its own check */
	}
}

static int open_table(struct parser *p, unsigned line, char *inner)
{
	char *end;
	unsigned long id;
	struct raw_table *t;

	if (strncmp(inner, "table", 5) != 0 ||
	    (inner[5] != ' ' && inner[5] != '\t'))
		return conf_fail(p, line, inner, "unknown section (only [table N])");
	errno = 0;
	id = strtoul(inner + 5, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end != '\0' || errno != 0 || id < 1 || id > 9999 ||
	    strchr(inner + 5, '-') != NULL)
		return conf_fail(p, line, "table", "'%s' is not a table number "
			         "(1 to 9999)", inner + 6);
	for (size_t i = 0; i < p->conf->ntables; i++)
		if (p->raw[i].t.id == id)
			return conf_fail(p, line, "table", "table %lu is defined "
				         "twice (first on line %u)", id,
				         p->raw[i].t.line);
	if (p->conf->ntables == CONF_TABLES_MAX)
		return conf_fail(p, line, "table", "more than %d tables",
			         CONF_TABLES_MAX);
	t = &p->raw[p->conf->ntables++];
	memset(t, 0, sizeof(*t));
	t->t.id = (unsigned)id;
	t->t.line = line;
	sim_config_default(&t->t.sim);
	referee_config_default(&t->t.referee);
	set_defaults(t, 0);
	p->cur = t;
	return 0;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static int parse_line(struct parser *p, unsigned line, char *text)
{
	char *s = trim(text), *eq, *key, *value;
	size_t n;

	if (*s == '\0' || *s == '#' || *s == ';')
		return 0;
	if (*s == '[') {
		n = strlen(s);
		if (s[n - 1] != ']')
			return conf_fail(p, line, s, "a section is '[table N]'");
		s[n - 1] = '\0';
		return open_table(p, line, trim(s + 1));
	}
	eq = strchr(s, '=');
	if (eq == NULL) {
		s[strcspn(s, " \t")] = '\0';
		return conf_fail(p, line, s, "expected 'key = value'");
	}
	*eq = '\0';
	key = trim(s);
	value = trim(eq + 1);
	n = strlen(value);
	if (n >= 2 && value[0] == '"' && value[n - 1] == '"') {
		value[n - 1] = '\0';
		value++;
	}
	if (*key == '\0')
		return conf_fail(p, line, "", "a key is missing before '='");
	return set_key(p, line, key, value);
}

/* ------------------------------------------------------------- public */

void conf_default(struct conf *conf)
{
	memset(conf, 0, sizeof(*conf));
	set_defaults(conf, 1);
}

int conf_parse(struct conf *out, const char *name, const char *text,
	       char *err, size_t errlen)
{
	struct parser p;
	char *copy, *line, *next;
	unsigned lineno = 0;
	int rc = -1;

	memset(&p, 0, sizeof(p));
	p.name = name;
	p.err = err;
	p.errlen = errlen;
	p.conf = malloc(sizeof(*p.conf));
	p.raw = calloc(CONF_TABLES_MAX, sizeof(*p.raw));
	copy = strdup(text);
	if (p.conf == NULL || p.raw == NULL || copy == NULL) {
		snprintf(err, errlen, "%s: out of memory", name);
		goto out_free;
	}
	conf_default(p.conf);
	snprintf(p.conf->path, sizeof(p.conf->path), "%s", name);
	for (line = copy; line != NULL; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (parse_line(&p, ++lineno, line) < 0)
			goto out_free;
	}
	for (size_t k = 0; k < p.conf->ntables; k++)
		if (conf_check_table(&p, &p.raw[k]) < 0)
			goto out_free;
	if (conf_check_lines(&p) < 0)
		goto out_free;
	for (size_t k = 0; k < p.conf->ntables; k++)
		p.conf->table[k] = p.raw[k].t;
	*out = *p.conf;
	rc = 0;
out_free:
	free(copy);
	free(p.raw);
	free(p.conf);
	return rc;
}

#define CONF_FILE_MAX (1 << 20)

int conf_load(struct conf *conf, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *text;
	size_t n;
	int rc = -1;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	text = malloc(CONF_FILE_MAX + 1);
	if (text == NULL) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto out_close;
	}
	n = fread(text, 1, CONF_FILE_MAX + 1, f);
	if (ferror(f))
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	else if (n > CONF_FILE_MAX)
		snprintf(err, errlen, "%s: larger than 1 MiB", path);
	else if (memchr(text, '\0', n) != NULL)
		snprintf(err, errlen, "%s: not a text file (a NUL byte)", path);
	else {
		text[n] = '\0';
		rc = conf_parse(conf, path, text, err, errlen);
	}
	free(text);
out_close:
	fclose(f);
	return rc;
}

static void describe_type(const struct conf_item *it, char *buf, size_t len)
{
	switch (it->type) {
	case T_TEXT:
		snprintf(buf, len, "TEXT");
		break;
	case T_PATH:
		snprintf(buf, len, "PATH");
		break;
	case T_ADDR:
		snprintf(buf, len, "ADDRESS");
		break;
	case T_UINT:
		snprintf(buf, len, "%lld..%lld", it->min, it->max);
		break;
	case T_U64:
		snprintf(buf, len, "N");
		break;
	case T_MS:
		snprintf(buf, len, "MS (%lld..%lld)", it->min, it->max);
		break;
	case T_RATE:
		snprintf(buf, len, "0..1");
		break;
	case T_BOOL:
		snprintf(buf, len, "yes|no");
		break;
	case T_CHOICE: {
		size_t n = 0;

		buf[0] = '\0';
		for (int i = 0; it->choices[i] != NULL && n < len; i++)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
					      i ? "|" : "", it->choices[i]);
		break;
	}
	case T_LINE:
		snprintf(buf, len, "LINE");
		break;
	}
}

void conf_describe(FILE *out)
{
	char type[128], sources[64];

	fprintf(out, "Global keys (before the first [table N]):\n");
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			fprintf(out, "\nTable keys (in each [table N] "
				"section):\n");
		for (size_t i = 0; i < CONF_NITEMS; i++) {
			const struct conf_item *it = &conf_items[i];
			size_t n = 0;

			if (((it->flags & F_GLOBAL) != 0) == pass)
				continue;
			describe_type(it, type, sizeof(type));
			sources[0] = '\0';
			for (int s = 0; pass && it->sources != SRC_ALL &&
					s < CONF_SOURCE_COUNT; s++)
				if (it->sources & (1u << s))
					n += (size_t)snprintf(
						sources + n, sizeof(sources) - n,
						"%s%s", n ? "," : " [",
						source_names[s]);
			if (n > 0)
				snprintf(sources + n, sizeof(sources) - n, "]");
			fprintf(out, "  %-18s = %s%s\n", it->key, type, sources);
			if (it->flags & F_REQUIRED)
				fprintf(out, "      %s; required\n", it->help);
			else if (it->def == NULL || it->def[0] == '\0')
				fprintf(out, "      %s\n", it->help);
			else
				fprintf(out, "      %s; default %s\n", it->help,
					it->def);
		}
	}
}

const char *conf_key(size_t index)
{
	return index < CONF_NITEMS ? conf_items[index].key : NULL;
}

const char *conf_source_name(enum conf_source source)
{
	return (unsigned)source < CONF_SOURCE_COUNT ? source_names[source]
						    : "?";
}

const char *conf_log_level_name(enum conf_log_level level)
{
	return (unsigned)level <= CONF_LOG_DEBUG ? level_names[level] : "?";
}

const struct conf_table *conf_table_find(const struct conf *conf,
					 unsigned id)
{
	for (size_t i = 0; i < conf->ntables; i++)
		if (conf->table[i].id == id)
			return &conf->table[i];
	return NULL;
}
