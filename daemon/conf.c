/*
 * conf.c - reading pitboss.conf(5): the descriptor table of the global
 * keys and of the keys every table has; a table's other keys go to its
 * source's own table (source.h).
 *
 * Three passes over a private copy, so nothing is half-applied:
 *  1. every line: syntax, known key, right section, value of the right
 *     type and range, not set twice, a key of the table's source (keys
 *     read before the table's 'source =' wait for it);
 *  2. every table: its source and the source's required keys present,
 *     game and options accepted by the rules engine, then the source's
 *     own check (conf_check.c);
 *  3. the whole file: nothing a table uses alone (a GPIO line) used by
 *     two.
 * Only then is the result copied to the caller.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/conf_impl.h"
#include "rules/rules.h"

static const char *const level_names[] = {
	"error", "warning", "notice", "info", "debug", NULL
};
static const char *const analysis_names[] = { "after", "live", NULL };
static const char *const role_names[] = { "table", "hub", NULL };

static const char *check_game(const char *value, char *buf, size_t len);
static const char *check_hash(const char *value, char *buf, size_t len);
static const char *check_abs(const char *value, char *buf, size_t len);
static const char *check_pins(const char *value, char *buf, size_t len);
static const char *check_mqtt_id(const char *value, char *buf, size_t len);

#define G(field) CONF_AT(struct conf, field)
#define R(field) CONF_AT(struct raw_table, field)

const struct conf_item conf_items[] = {
	/* ---- global */
	{ "database", CONF_GLOBAL, CONF_PATH, "/var/lib/pitboss/pitboss.db",
	  "SQLite database of players, games, series and tournaments",
	  G(database), 0, 0, NULL, NULL },
	{ "web.listen", CONF_GLOBAL, CONF_ADDR, "127.0.0.1",
	  "address the dashboard listens on", G(web_listen), 0, 0, NULL,
	  NULL },
	{ "web.port", CONF_GLOBAL, CONF_UINT, "8080",
	  "port of the dashboard; 0: no web server", G(web_port), 0, 65535,
	  NULL, NULL },
	{ "web.password-hash", CONF_GLOBAL, CONF_TEXT, "",
	  "crypt(3) hash of the admin password; empty: no admin login",
	  G(web_password_hash), 0, 0, NULL, check_hash },
	{ "web.connection-limit", CONF_GLOBAL, CONF_UINT, "256",
	  "connections the dashboard serves at once", G(web_connection_limit),
	  1, 10000, NULL, NULL },
	{ "web.per-ip-limit", CONF_GLOBAL, CONF_UINT, "64",
	  "connections from one address at once", G(web_per_ip_limit), 1,
	  10000, NULL, NULL },
	{ "web.tls-cert", CONF_GLOBAL, CONF_TEXT, "",
	  "PEM certificate for HTTPS; empty: plain HTTP", G(web_tls_cert), 0,
	  0, NULL, check_abs },
	{ "web.tls-key", CONF_GLOBAL, CONF_TEXT, "",
	  "PEM private key for HTTPS, with web.tls-cert", G(web_tls_key), 0, 0,
	  NULL, check_abs },
	{ "log-level", CONF_GLOBAL, CONF_CHOICE, "notice",
	  "least important messages logged", G(log_level), 0, 0, level_names,
	  NULL },
	{ "mqtt.enable", CONF_GLOBAL, CONF_BOOL, "no",
	  "publish the tables' records to an MQTT broker (docs/mqtt.md)",
	  G(mqtt_enable), 0, 0, NULL, NULL },
	{ "mqtt.host", CONF_GLOBAL, CONF_TEXT, "127.0.0.1",
	  "the MQTT broker's host name or address", G(mqtt_host), 0, 0, NULL,
	  NULL },
	{ "mqtt.port", CONF_GLOBAL, CONF_UINT, "1883",
	  "the MQTT broker's port", G(mqtt_port), 1, 65535, NULL, NULL },
	{ "mqtt.username", CONF_GLOBAL, CONF_TEXT, "",
	  "user name at the broker; empty: none", G(mqtt_username), 0, 0,
	  NULL, NULL },
	{ "mqtt.password-file", CONF_GLOBAL, CONF_TEXT, "",
	  "file whose first line is the broker password; empty: none",
	  G(mqtt_password_file), 0, 0, NULL, check_abs },
	{ "mqtt.tls-ca", CONF_GLOBAL, CONF_TEXT, "",
	  "CA certificate (PEM) of the broker: TLS when set; empty: plain "
	  "TCP", G(mqtt_tls_ca), 0, 0, NULL, check_abs },
	{ "mqtt.keepalive", CONF_GLOBAL, CONF_UINT, "30",
	  "seconds between keep-alive pings to the broker", G(mqtt_keepalive),
	  5, 3600, NULL, NULL },
	{ "mqtt.status-every", CONF_GLOBAL, CONF_UINT, "15",
	  "seconds between a table's status messages (with its last event's "
	  "number)", G(mqtt_status_every), 1, 3600, NULL, NULL },
	{ "mqtt.hub-keep-days", CONF_GLOBAL, CONF_UINT, "30",
	  "days a hub keeps the events it applied (their records stay)",
	  G(mqtt_hub_keep_days), 1, 3650, NULL, NULL },
	{ "mqtt.home-assistant", CONF_GLOBAL, CONF_BOOL, "no",
	  "Home Assistant discovery topics for each table",
	  G(mqtt_home_assistant), 0, 0, NULL, NULL },
	{ "mqtt.role", CONF_GLOBAL, CONF_CHOICE, "table",
	  "table: publish this pitbossd's tables; hub: take in every table's",
	  G(mqtt_role), 0, 0, role_names, NULL },
	/* ---- every table */
	{ "name", 0, CONF_TEXT, "",
	  "the board's name in the records; empty: \"Table N\"",
	  R(t.name), 0, 0, NULL, NULL },
	{ "players", 0, CONF_LIST, "",
	  "players of the seats, comma-separated (\"Ada, Bob\"); empty: one "
	  "stand-in per seat", R(t.players), 0, RULES_MAX_SEATS, NULL, NULL },
	{ "pins", 0, CONF_TEXT, "",
	  "players' PINs by seat, comma-separated, for the dashboard's "
	  "player page; empty: none", R(t.pins), 0, 0, NULL, check_pins },
	{ "analysis", 0, CONF_CHOICE, "after",
	  "when spectators see what the game tells of a position (the codes "
	  "still possible): after the game, or live", R(t.live_analysis), 0,
	  0, analysis_names, NULL },
	{ "game", 0, CONF_TEXT, "kalah", "game played at the table",
	  R(t.game), 0, 0, NULL, check_game },
	{ "options", 0, CONF_TEXT, "",
	  "game options, as for 'pitboss rules' (\"pits=6 seeds=4\")",
	  R(t.options), 0, 0, NULL, NULL },
	{ "mqtt-id", 0, CONF_TEXT, "",
	  "the table's name in MQTT topics, unique in the club ([a-z0-9_-], "
	  "at most 32); empty: the board's name made so",
	  R(t.mqtt_id), 0, 0, NULL, check_mqtt_id },
	{ "source", CONF_REQUIRED, CONF_SOURCE, NULL,
	  "where the observations come from; each source's keys below",
	  R(t.source), 0, 0, NULL, NULL },
	{ "check", 0, CONF_SOURCE, NULL,
	  "a second source, seeing the whole board (camera), whose "
	  "snapshots check each move the source reads; its keys with the "
	  "source's", R(t.check), 0, 0, NULL, NULL },
	{ "quiet-ms", 0, CONF_MS, "2500",
	  "a pause this long ends a turn (tables without buttons)",
	  R(t.referee.quiet_us), 200, 60000, NULL, NULL },
	{ "settle-ms", 0, CONF_MS, "1000",
	  "a board read once still (occupancy switches, a camera) is read "
	  "after it has been still this long; 0: at once",
	  R(t.referee.settle_us), 0, 60000, NULL, NULL },
	{ "snapshot-tolerance", 0, CONF_UINT, "2",
	  "seeds a count snapshot may be off and still be accepted",
	  R(t.referee.snapshot_tolerance), 0, 20, NULL, NULL },
	{ "snapshot-confirm", 0, CONF_BOOL, "no",
	  "a snapshot within tolerance waits for the arbiter",
	  R(t.referee.snapshot_confirm), 0, 0, NULL, NULL },
	{ "traces", 0, CONF_TEXT, "",
	  "absolute path of a folder where the table writes every "
	  "observation to a trace file, one per start of pitbossd "
	  "(pitboss-trace(5)); empty: none", R(t.traces), 0, 0, NULL,
	  check_abs },
	{ "strict", 0, CONF_BOOL, "no",
	  "a move with any sensor fault waits for the arbiter", R(strict), 0,
	  0, NULL, NULL },
};

#define ITEMS_COUNT (sizeof(conf_items) / sizeof(conf_items[0]))
const size_t conf_nitems = ITEMS_COUNT;

_Static_assert(ITEMS_COUNT <= CONF_ITEMS_MAX, "CONF_ITEMS_MAX too small");

/* ------------------------------------------------------------ checks */

int conf_fail(struct conf_parser *p, unsigned line, const char *key,
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

/* Lower-case letters, digits, '_' and '-': safe in a topic. */
static const char *check_mqtt_id(const char *value, char *buf, size_t len)
{
	if (strspn(value, "abcdefghijklmnopqrstuvwxyz0123456789_-") ==
	    strlen(value))
		return NULL;
	snprintf(buf, len, "'%s' holds more than a-z, 0-9, '_' and '-'",
		 value);
	return buf;
}

/* An absolute path, or empty. */
static const char *check_abs(const char *value, char *buf, size_t len)
{
	if (value[0] == '\0' || value[0] == '/')
		return NULL;
	snprintf(buf, len, "'%s' is not an absolute path", value);
	return buf;
}

/*
 * The crypt(3) methods a password hash may use: its prefix, and the
 * length of the hash proper after its last '$' (bcrypt's holds the
 * salt too, after a cost of two digits).
 */
static const struct hash_method {
	const char *prefix, *name;
	size_t digest;
	int cost;		/* the middle is a cost, 04 to 31 */
} hash_methods[] = {
	{ "$y$", "yescrypt", 43, 0 },
	{ "$gy$", "gost-yescrypt", 43, 0 },
	{ "$7$", "scrypt", 43, 0 },
	{ "$2b$", "bcrypt", 53, 1 },
	{ "$2y$", "bcrypt", 53, 1 },
	{ "$2a$", "bcrypt", 53, 1 },
	{ "$6$", "SHA-512", 86, 0 },
	{ "$5$", "SHA-256", 43, 0 },
	{ "$1$", "MD5", 22, 0 },
};

#define CRYPT64 "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/* Whether the `n` bytes between the prefix and the last '$' fit. */
static int hash_middle_ok(const struct hash_method *m, const char *mid,
			  size_t n)
{
	int cost;

	if (m->cost) {
		if (n != 2 || mid[0] < '0' || mid[0] > '9' || mid[1] < '0' ||
		    mid[1] > '9')
			return 0;
		cost = (mid[0] - '0') * 10 + (mid[1] - '0');
		return cost >= 4 && cost <= 31;
	}
	return n > 0 && strspn(mid, CRYPT64 "$=") >= n && mid[0] != '$' &&
	       mid[n - 1] != '$';
}

/* A whole hash of a known method: no password could match another. */
static const char *check_hash(const char *value, char *buf, size_t len)
{
	const struct hash_method *m = NULL;
	const char *digest;
	size_t pre, mid;

	if (value[0] == '\0')
		return NULL;
	for (size_t i = 0; i < sizeof(hash_methods) / sizeof(hash_methods[0]);
	     i++)
		if (strncmp(value, hash_methods[i].prefix,
			    strlen(hash_methods[i].prefix)) == 0)
			m = &hash_methods[i];
	if (m == NULL)
		return "not a crypt(3) hash of a known method (yescrypt "
		       "'$y$', SHA-512 '$6$', bcrypt '$2b$'...): set one "
		       "with 'pitboss passwd'";
	pre = strlen(m->prefix);
	digest = strrchr(value, '$') + 1;
	mid = (size_t)(digest - value) > pre ? (size_t)(digest - value) - pre - 1
					      : 0;
	if (mid == 0 || !hash_middle_ok(m, value + pre, mid) ||
	    strlen(digest) != m->digest || strspn(digest, CRYPT64) != m->digest) {
		snprintf(buf, len, "not a whole %s hash (its settings, '$', "
			 "then %zu characters): set one with 'pitboss "
			 "passwd'", m->name, m->digest);
		return buf;
	}
	return NULL;
}

/* ---------------------------------------------------------- the keys */

static const struct conf_item *generic_item(const char *key)
{
	for (size_t i = 0; i < ITEMS_COUNT; i++)
		if (strcmp(key, conf_items[i].key) == 0)
			return &conf_items[i];
	return NULL;
}

size_t conf_item_index(const char *key)
{
	const struct conf_item *it = generic_item(key);

	if (it == NULL)
		abort();	/* a key conf*.c names must be in the table */
	return (size_t)(it - conf_items);
}

/* ---------------------------------------------------------- reading */

/* A key of no generic item, in a table: its source's, or waiting. */
static int set_other_key(struct conf_parser *p, unsigned line,
			 const char *key, const char *value)
{
	struct raw_table *t = p->cur;

	if (conf_key_ready(t, key))
		return conf_set_source_key(p, t, line, key, value);
	if (t->npending == PENDING_MAX)
		return conf_fail(p, line, key, "more than %d keys before "
				 "'source' in [table %u]", PENDING_MAX,
				 t->t.id);
	t->pending[t->npending++] = (struct pending){ key, value, line };
	return 0;
}

static int set_key(struct conf_parser *p, unsigned line, const char *key,
		   const char *value)
{
	const struct conf_item *it = generic_item(key);
	unsigned *seen;
	char why[CONF_ERR_MAX];
	void *base;

	if (it == NULL && p->cur == NULL)
		return conf_fail(p, line, key, conf_owner(key) != NULL ?
				 "a table key: put it in a [table N] section" :
				 "unknown key");
	if (it == NULL)
		return set_other_key(p, line, key, value);
	if ((it->flags & CONF_GLOBAL) && p->cur != NULL)
		return conf_fail(p, line, key, "a global key: put it before the "
				 "first [table N]");
	if (!(it->flags & CONF_GLOBAL) && p->cur == NULL)
		return conf_fail(p, line, key, "a table key: put it in a "
				 "[table N] section");
	seen = p->cur != NULL ? &p->cur->seen[it - conf_items]
			      : &p->global_seen[it - conf_items];
	if (*seen != 0)
		return conf_fail(p, line, key, "set twice (first on line %u)",
				 *seen);
	base = p->cur != NULL ? (void *)p->cur : (void *)p->conf;
	if (conf_store(it, value, (char *)base + it->offset, it->size, why,
		       sizeof(why)) < 0)
		return conf_fail(p, line, key, "%s", why);
	*seen = line;
	if (it->type == CONF_SOURCE)
		return conf_source_known(p, p->cur, line,
				    it == generic_item("check"));
	return 0;
}

/* The keys of a table read before a 'source =' that never came: an
 * unknown one is refused now; a source's waits for pass 2. */
static int close_table(struct conf_parser *p)
{
	struct raw_table *t = p->cur;

	for (size_t i = 0; t != NULL && i < t->npending; i++)
		if (conf_owner(t->pending[i].key) == NULL)
			return conf_fail(p, t->pending[i].line,
					 t->pending[i].key, "unknown key");
	/* A source's key with no check source to take it. */
	for (size_t i = 0; t != NULL && t->t.source != NULL &&
	     i < t->npending; i++)
		if (conf_set_source_key(p, t, t->pending[i].line, t->pending[i].key,
				   t->pending[i].value) < 0)
			return -1;
	return 0;
}

/* Every generic item of a scope at its default. */
static void set_defaults(void *base, unsigned global)
{
	char why[CONF_ERR_MAX];

	for (size_t i = 0; i < ITEMS_COUNT; i++) {
		const struct conf_item *it = &conf_items[i];

		if (it->def == NULL || !(it->flags & CONF_GLOBAL) != !global)
			continue;
		if (conf_store(it, it->def, (char *)base + it->offset,
			       it->size, why, sizeof(why)) < 0)
			abort();	/* a default that fails its own check */
	}
}

static int open_table(struct conf_parser *p, unsigned line, char *inner)
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
	t->t.speed = 1.0;
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

static int parse_line(struct conf_parser *p, unsigned line, char *text)
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
		if (close_table(p) < 0)
			return -1;
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
	if (*key == '\0')
		return conf_fail(p, line, "", "a key is missing before '='");
	if (value[0] == '"') {
		if (n < 2 || value[n - 1] != '"')
			return conf_fail(p, line, key, "unterminated quote");
		value[n - 1] = '\0';
		value++;
	}
	return set_key(p, line, key, value);
}

/* ------------------------------------------------------------- public */

void conf_default(struct conf *conf)
{
	memset(conf, 0, sizeof(*conf));
	set_defaults(conf, 1);
}

void conf_free(struct conf *conf)
{
	for (size_t i = 0; i < conf->ntables; i++) {
		free(conf->table[i].source_conf);
		free(conf->table[i].check_conf);
	}
	conf_default(conf);
}

/* Every line, then every table, then the whole file. */
static int parse_text(struct conf_parser *p, char *text)
{
	char *line, *next;
	unsigned lineno = 0;

	for (line = text; line != NULL; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (parse_line(p, ++lineno, line) < 0)
			return -1;
	}
	if (close_table(p) < 0)
		return -1;
	for (size_t k = 0; k < p->conf->ntables; k++)
		if (conf_check_table(p, &p->raw[k]) < 0)
			return -1;
	return conf_check_claims(p);
}

int conf_parse(struct conf *out, const char *name, const char *text,
	       char *err, size_t errlen)
{
	struct conf_parser p;
	char *copy;
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
	/* A UTF-8 byte order mark, as some editors write, is no key. */
	rc = parse_text(&p, copy + (strncmp(copy, "\xef\xbb\xbf", 3) == 0 ?
				    3 : 0));
	for (size_t k = 0; k < p.conf->ntables; k++)
		if (rc < 0) {
			free(p.raw[k].t.source_conf);
			free(p.raw[k].t.check_conf);
		} else
			p.conf->table[k] = p.raw[k].t;
	if (rc == 0) {
		conf_free(out);
		*out = *p.conf;
	}
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

int conf_set(struct conf *conf, const char *key, const char *value,
	     char *err, size_t errlen)
{
	const struct conf_item *it = generic_item(key);
	char why[CONF_ERR_MAX];

	if (it == NULL && conf_owner(key) == NULL) {
		snprintf(err, errlen, "key '%s': unknown key", key);
		return -1;
	}
	if (it == NULL || !(it->flags & CONF_GLOBAL)) {
		snprintf(err, errlen, "key '%s': a table key: set it in a "
			 "[table N] section", key);
		return -1;
	}
	if (conf_store(it, value, (char *)conf + it->offset, it->size, why,
		       sizeof(why)) < 0) {
		snprintf(err, errlen, "key '%s': %s", key, why);
		return -1;
	}
	return 0;
}

static void describe_item(FILE *out, const struct conf_item *it)
{
	char type[128];

	conf_type_name(it, type, sizeof(type));
	fprintf(out, "  %-18s = %s\n", it->key, type);
	if (it->flags & CONF_REQUIRED)
		fprintf(out, "      %s; required\n", it->help);
	else if (it->def == NULL || it->def[0] == '\0')
		fprintf(out, "      %s\n", it->help);
	else
		fprintf(out, "      %s; default %s\n", it->help, it->def);
}

void conf_describe(FILE *out)
{
	const struct source_ops *ops;

	fprintf(out, "Global keys (before the first [table N]):\n");
	for (size_t i = 0; i < ITEMS_COUNT; i++)
		if (conf_items[i].flags & CONF_GLOBAL)
			describe_item(out, &conf_items[i]);
	fprintf(out, "\nTable keys (in each [table N] section):\n");
	for (size_t i = 0; i < ITEMS_COUNT; i++)
		if (!(conf_items[i].flags & CONF_GLOBAL))
			describe_item(out, &conf_items[i]);
	for (size_t s = 0; (ops = source_at(s)) != NULL; s++) {
		fprintf(out, "\nsource = %s: %s%s\n", ops->name, ops->help,
			ops->flags & SOURCE_MISSING ? " (not compiled in)" :
			ops->conf.nitems == 0 ? "; no keys of its own" : "");
		for (size_t i = 0; i < ops->conf.nitems; i++)
			describe_item(out, &ops->conf.items[i]);
	}
}

const char *conf_key(size_t index)
{
	const struct source_ops *ops;

	if (index < ITEMS_COUNT)
		return conf_items[index].key;
	index -= ITEMS_COUNT;
	for (size_t s = 0; (ops = source_at(s)) != NULL; s++) {
		if (index < ops->conf.nitems)
			return ops->conf.items[index].key;
		index -= ops->conf.nitems;
	}
	return NULL;
}

const char *conf_log_level_name(enum conf_log_level level)
{
	return (unsigned)level <= CONF_LOG_DEBUG ? level_names[level] : "?";
}

const struct table_config *conf_table_find(const struct conf *conf,
					   unsigned id)
{
	for (size_t i = 0; i < conf->ntables; i++)
		if (conf->table[i].id == id)
			return &conf->table[i];
	return NULL;
}
