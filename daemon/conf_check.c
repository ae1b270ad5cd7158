/*
 * conf_check.c - the second and third passes over pitboss.conf(5): each
 * table with its source and the source's required keys, its game and
 * options accepted by the rules engine, then checked by its source
 * (pass 2); nothing a table uses alone, such as a GPIO line, used twice
 * in the file (pass 3).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/conf_impl.h"
#include "db/names.h"
#include "referee/match.h"
#include "referee/sensing.h"
#include "rules/rules.h"

int conf_check_fail(const struct conf_check *c, unsigned line,
		    const char *key, const char *fmt, ...)
{
	char why[CONF_ERR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return conf_fail(c->parser, line, key, "%s", why);
}

/* The line where the game's options were given, for their errors. */
static unsigned options_line(const struct raw_table *t)
{
	unsigned at = t->seen[conf_item_index("options")];

	if (at == 0)
		at = t->seen[conf_item_index("game")];
	return at != 0 ? at : t->t.line;
}

/* "gpio, replay or sim": the sources this build has. */
static void source_choices(char *buf, size_t len)
{
	const struct source_ops *ops, *last = NULL;
	size_t n = 0;

	for (size_t i = 0; (ops = source_at(i)) != NULL; i++)
		if (!(ops->flags & SOURCE_MISSING))
			last = ops;
	buf[0] = '\0';
	for (size_t i = 0; (ops = source_at(i)) != NULL && n < len; i++)
		if (!(ops->flags & SOURCE_MISSING))
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
					      n == 0 ? "" : ops == last ?
					      " or " : ", ", ops->name);
}

/* The keys of source `ops` that have no default and were not given
 * (`seen`: where each was set). */
static int check_required(struct conf_parser *p, const struct raw_table *t,
			  const struct source_ops *ops, const unsigned *seen)
{
	for (size_t i = 0; i < ops->conf.nitems; i++) {
		const struct conf_item *it = &ops->conf.items[i];

		if ((it->flags & CONF_REQUIRED) && !(it->flags & CONF_EACH) &&
		    seen[i] == 0)
			return conf_fail(p, t->t.line, it->key, "missing in "
					 "[table %u]: source %s needs it",
					 t->t.id, ops->name);
	}
	return 0;
}

/* A name as the records store takes it (db/names.h), and not a number,
 * which the store would take for an id. */
static int check_name(struct conf_parser *p, unsigned line, const char *key,
		      const char *what, const char *name)
{
	char why[CONF_ERR_MAX];

	if (names_check(what, name, why, sizeof(why)) < 0)
		return conf_fail(p, line, key, "%s", why);
	if (name[strspn(name, "0123456789")] == '\0')
		return conf_fail(p, line, key, "%s '%s' is a number; numbers "
				 "are taken as ids", what, name);
	return 0;
}

/* The table's name, and its players: names, one per seat of the game
 * (or none: stand-ins), no one twice. */
static int check_names(struct conf_parser *p, const struct raw_table *t,
		       const struct rules_game *game)
{
	unsigned line = t->seen[conf_item_index("players")];
	unsigned name_line = t->seen[conf_item_index("name")];
	char key[RULES_MAX_SEATS][NAMES_MAX_BYTES];
	int seats = rules_game_seats(game), given = 0;

	if (check_name(p, name_line ? name_line : t->t.line, "name",
		       "table name", t->t.name) < 0)
		return -1;
	for (int s = 0; s < RULES_MAX_SEATS; s++) {
		const char *who = t->t.players[s];

		if (who[0] == '\0')
			continue;
		if (check_name(p, line, "players", "player name", who) < 0)
			return -1;
		names_key(who, key[given], sizeof(key[given]));
		for (int o = 0; o < given; o++)
			if (strcmp(key[o], key[given]) == 0)
				return conf_fail(p, line, "players", "'%s' "
						 "is named twice", who);
		given++;
	}
	if (given != 0 && given != seats)
		return conf_fail(p, line, "players", "%d player%s for the %d "
				 "seats of %s in [table %u]", given,
				 given == 1 ? "" : "s", seats, t->t.game,
				 t->t.id);
	return 0;
}

/* A settle time given where nothing waits for the board to be still:
 * the game's board is read as it changes, and the source reads it so. */
static int check_settle(struct conf_parser *p, const struct raw_table *t)
{
	unsigned line = t->seen[conf_item_index("settle-ms")];
	const struct sensing *sense = sensing_find(t->t.game);

	if (line == 0 || (t->t.source->flags & SOURCE_SETTLES) ||
	    (t->t.check != NULL && (t->t.check->flags & SOURCE_SETTLES)) ||
	    (sense != NULL && sense->settles))
		return 0;
	return conf_fail(p, line, "settle-ms", "the board of %s is read as "
			 "it changes, not once still (source %s); leave "
			 "settle-ms out", t->t.game, t->t.source->name);
}

/* The table's check source: another source than its own, one that sees
 * the whole board, with its keys; checked by itself as if it were the
 * table's source. */
static int check_second(struct conf_parser *p, struct raw_table *t,
			const struct rules_game *game)
{
	const struct source_ops *chk = t->t.check;
	struct table_config as = t->t;
	struct conf_check c = {
		.table = &as, .game = game, .seen = t->check_seen, .parser = p,
		.source_line = t->seen[conf_item_index("check")],
	};

	if (chk->flags & SOURCE_MISSING)
		return conf_fail(p, c.source_line, "check", "source '%s' is not "
				 "compiled in", chk->name);
	if (chk == t->t.source || !(chk->flags & SOURCE_CHECKS))
		return conf_fail(p, c.source_line, "check", "source '%s' cannot "
				 "check the moves of source '%s': a check "
				 "sees the whole board (camera)", chk->name,
				 t->t.source->name);
	if (check_required(p, t, chk, t->check_seen) < 0)
		return -1;
	as.source = chk;
	as.source_conf = t->t.check_conf;
	as.check = NULL;
	return chk->conf.check != NULL ? chk->conf.check(&c) : 0;
}

int conf_check_table(struct conf_parser *p, struct raw_table *t)
{
	const struct source_ops *ops = t->t.source;
	struct conf_check c = {
		.table = &t->t, .seen = t->source_seen, .parser = p,
		.source_line = t->seen[conf_item_index("source")],
	};
	struct rules_game *game;
	char why[RULES_ERR_MAX];
	int rc;

	if (ops == NULL) {
		source_choices(why, sizeof(why));
		return conf_fail(p, t->t.line, "source", "missing in [table %u] "
				 "(%s)", t->t.id, why);
	}
	if (ops->flags & SOURCE_MISSING)
		return ops->conf.check(&c);
	if (check_required(p, t, ops, t->source_seen) < 0)
		return -1;
	/* Checked as a game would start with them (a fresh seed drawn). */
	game = rules_game_new_fresh(rules_find(t->t.game), t->t.options, 1,
				    why, sizeof(why));
	if (game == NULL)
		return conf_fail(p, options_line(t), "options", "%s", why);
	if (t->t.name[0] == '\0')
		snprintf(t->t.name, sizeof(t->t.name), "Table %u", t->t.id);
	if (t->t.mqtt_id[0] == '\0')
		conf_mqtt_id(t->t.name, t->t.mqtt_id, sizeof(t->t.mqtt_id));
	t->t.referee.accept_cost = t->strict ? 0 : MATCH_ACCEPT;
	c.game = game;
	rc = check_names(p, t, game);
	if (rc == 0)
		rc = check_settle(p, t);
	if (rc == 0 && ops->conf.check != NULL)
		rc = ops->conf.check(&c);
	if (rc == 0 && t->t.check != NULL)
		rc = check_second(p, t, game);
	rules_game_free(game);
	return rc;
}

/* A claim, and the table that makes it. */
struct use {
	struct conf_claim claim;
	unsigned table;
};

static size_t collect_claims(struct conf_parser *p, struct use *uses)
{
	struct conf_claim claims[CONF_CLAIMS_MAX];
	size_t n = 0;

	for (size_t k = 0; k < p->conf->ntables; k++) {
		const struct table_config *t = &p->raw[k].t;

		for (int k2 = 0; k2 < 2; k2++) {
			const struct source_ops *ops = k2 ? t->check : t->source;
			size_t m;

			if (ops == NULL || ops->conf.claims == NULL)
				continue;
			m = ops->conf.claims(k2 ? t->check_conf : t->source_conf,
					     claims, CONF_CLAIMS_MAX);
			for (size_t i = 0; i < m; i++, n++) {
				uses[n].claim = claims[i];
				uses[n].table = t->id;
			}
		}
	}
	/* In file order, so the second use is the one reported. */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && uses[j].claim.line <
					    uses[j - 1].claim.line; j--) {
			struct use tmp = uses[j];

			uses[j] = uses[j - 1];
			uses[j - 1] = tmp;
		}
	return n;
}

static int same_claim(const struct conf_claim *a, const struct conf_claim *b)
{
	return strcmp(a->kind, b->kind) == 0 && strcmp(a->name, b->name) == 0;
}

static int used_twice(struct conf_parser *p, const struct use *first,
		      const struct use *again)
{
	const struct conf_claim *a = &first->claim, *b = &again->claim;

	if (first->table == again->table)
		return conf_fail(p, b->line, b->key, "%s '%s' is already used "
				 "by %s on line %u", b->kind, b->name, a->key,
				 a->line);
	return conf_fail(p, b->line, b->key, "%s '%s' is already used by %s "
			 "of table %u on line %u", b->kind, b->name, a->key,
			 first->table, a->line);
}

void conf_mqtt_id(const char *name, char *id, size_t len)
{
	size_t n = 0;

	for (; *name != '\0' && n + 1 < len && n < CONF_MQTT_ID_MAX - 1;
	     name++) {
		char c = *name >= 'A' && *name <= 'Z' ? (char)(*name + 32) :
			 *name;

		if (((unsigned char)c & 0xc0) == 0x80)
			continue;	/* within a UTF-8 character */
		id[n++] = strchr("abcdefghijklmnopqrstuvwxyz0123456789_-", c) !=
			  NULL ? c : '-';
	}
	id[n] = '\0';
}

/* Two tables under one name (case folded) would be one board; two
 * under one MQTT id, one stream of events. */
static int check_table_names(struct conf_parser *p)
{
	char key[CONF_TABLES_MAX][NAMES_MAX_BYTES];

	for (size_t k = 0; k < p->conf->ntables && k < CONF_TABLES_MAX; k++) {
		const struct raw_table *t = &p->raw[k];
		unsigned line = t->seen[conf_item_index("name")];
		unsigned id_line = t->seen[conf_item_index("mqtt-id")];

		names_key(t->t.name, key[k], sizeof(key[k]));
		if (strcmp(t->t.mqtt_id, "hub") == 0)
			return conf_fail(p, id_line ? id_line : t->t.line,
					 "mqtt-id", "'hub' is the hub's own "
					 "topic; give table %u another mqtt-id",
					 t->t.id);
		for (size_t o = 0; o < k; o++) {
			if (strcmp(key[o], key[k]) == 0)
				return conf_fail(p, line ? line : t->t.line,
						 "name", "table name '%s' is "
						 "already the name of table %u",
						 t->t.name, p->raw[o].t.id);
			if (strcmp(p->raw[o].t.mqtt_id, t->t.mqtt_id) == 0)
				return conf_fail(p, id_line ? id_line :
						 t->t.line, "mqtt-id", "'%s' "
						 "is already the MQTT id of "
						 "table %u", t->t.mqtt_id,
						 p->raw[o].t.id);
		}
	}
	return 0;
}

int conf_check_claims(struct conf_parser *p)
{
	struct use *uses = calloc(2 * CONF_TABLES_MAX * CONF_CLAIMS_MAX,
				  sizeof(*uses));
	size_t n;
	int rc = 0;

	if (uses == NULL)
		return conf_fail(p, 1, "table", "out of memory");
	if (check_table_names(p) < 0) {
		free(uses);
		return -1;
	}
	n = collect_claims(p, uses);
	for (size_t j = 1; j < n && rc == 0; j++)
		for (size_t i = 0; i < j && rc == 0; i++)
			if (same_claim(&uses[i].claim, &uses[j].claim))
				rc = used_twice(p, &uses[i], &uses[j]);
	free(uses);
	return rc;
}
