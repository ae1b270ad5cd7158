/*
 * conf_source.c - a table's keys that are its sources' own: each set in
 * the block of the table's source or of its check source, a key read
 * before the source it is for waiting until that source is known.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/conf_impl.h"

/* The source's item for `key`; `*word` gets the WORD of a CONF_EACH
 * key ("a" of "line.a"), NULL for the others. A key of its own beats a
 * pattern: "led.foul" is not "led.SEAT". */
static const struct conf_item *source_item(const struct source_ops *ops,
					   const char *key, const char **word)
{
	const struct source_conf *sc = &ops->conf;

	*word = NULL;
	for (size_t i = 0; i < sc->nitems; i++)
		if (!(sc->items[i].flags & CONF_EACH) &&
		    strcmp(key, sc->items[i].key) == 0)
			return &sc->items[i];
	for (size_t i = 0; i < sc->nitems; i++) {
		size_t n = strcspn(sc->items[i].key, ".") + 1;

		if ((sc->items[i].flags & CONF_EACH) &&
		    strncmp(key, sc->items[i].key, n) == 0 && key[n] != '\0') {
			*word = key + n;
			return &sc->items[i];
		}
	}
	return NULL;
}

/* A source that has `key`, or NULL. */
const struct source_ops *conf_owner(const char *key)
{
	const struct source_ops *ops;
	const char *word;

	for (size_t i = 0; (ops = source_at(i)) != NULL; i++)
		if (source_item(ops, key, &word) != NULL)
			return ops;
	return NULL;
}

/* Every source item of a block at its default. */
static void source_defaults(const struct source_ops *ops, void *block)
{
	char why[CONF_ERR_MAX];

	if (ops->conf.init != NULL)
		ops->conf.init(block);
	for (size_t i = 0; i < ops->conf.nitems; i++) {
		const struct conf_item *it = &ops->conf.items[i];

		if (it->def == NULL || (it->flags & CONF_EACH))
			continue;
		if (conf_store(it, it->def, (char *)block + it->offset,
			       it->size, why, sizeof(why)) < 0)
			abort();	/* a default that fails its own check */
	}
}

/* Sets `key` of source `ops` in `block`, its lines in `seen`. */
static int set_block_key(struct conf_parser *p, struct raw_table *t,
			 const struct source_ops *ops, void *block,
			 unsigned *seen_at, const struct conf_item *it,
			 const char *word, unsigned line, const char *key,
			 const char *value)
{
	char why[CONF_ERR_MAX], text[CONF_PATH_MAX];
	unsigned *seen;

	if (word != NULL) {
		if (ops->conf.each == NULL || block != t->t.source_conf)
			return conf_fail(p, line, key, "not a key of a check "
					 "source");
		if (conf_store(it, value, text, it->size < sizeof(text) ?
			       it->size : sizeof(text), why, sizeof(why)) < 0 ||
		    ops->conf.each(block, it, word, text, line, why,
				   sizeof(why)) < 0)
			return conf_fail(p, line, key, "%s", why);
		return 0;
	}
	seen = &seen_at[it - ops->conf.items];
	if (*seen != 0)
		return conf_fail(p, line, key, "set twice (first on line %u)",
				 *seen);
	if (conf_store(it, value, (char *)block + it->offset, it->size, why,
		       sizeof(why)) < 0)
		return conf_fail(p, line, key, "%s", why);
	*seen = line;
	return 0;
}

/* A key of the table's source, or else of its check source. */
int conf_set_source_key(struct conf_parser *p, struct raw_table *t,
			unsigned line, const char *key, const char *value)
{
	const struct source_ops *ops = t->t.source, *chk = t->t.check;
	const struct conf_item *it;
	const char *word;

	if (ops->flags & SOURCE_MISSING)
		return 0;	/* the table is refused in pass 2 */
	it = source_item(ops, key, &word);
	if (it != NULL)
		return set_block_key(p, t, ops, t->t.source_conf,
				     t->source_seen, it, word, line, key,
				     value);
	if (chk != NULL && (chk->flags & SOURCE_MISSING))
		return 0;	/* refused in pass 2 */
	it = chk != NULL ? source_item(chk, key, &word) : NULL;
	if (it != NULL)
		return set_block_key(p, t, chk, t->t.check_conf, t->check_seen,
				     it, word, line, key, value);
	if (conf_owner(key) != NULL)
		return conf_fail(p, line, key, "not for source %s%s%s "
				 "(table %u)", ops->name, chk ? " or " : "",
				 chk ? chk->name : "", t->t.id);
	return conf_fail(p, line, key, "unknown key");
}

/* Whether `key` can be set now: a key of the source, once it is known,
 * or of the check source, once that is known. */
int conf_key_ready(const struct raw_table *t, const char *key)
{
	const char *word;

	if (t->t.source == NULL)
		return 0;
	return t->t.check != NULL || (t->t.source->flags & SOURCE_MISSING) ||
	       source_item(t->t.source, key, &word) != NULL ||
	       conf_owner(key) == NULL;
}

/* The keys read before they could be set, set now where they can be. */
static int set_pending(struct conf_parser *p, struct raw_table *t)
{
	size_t kept = 0;

	for (size_t i = 0; i < t->npending; i++) {
		const struct pending *k = &t->pending[i];

		if (!conf_key_ready(t, k->key))
			t->pending[kept++] = *k;
		else if (conf_set_source_key(p, t, k->line, k->key, k->value) < 0)
			return -1;
	}
	t->npending = kept;
	return 0;
}

/* A source's block at its defaults, into `*block`. */
static int make_block(struct conf_parser *p, const struct source_ops *ops,
		      void **block, unsigned line, const char *key)
{
	if (ops->conf.size == 0)
		return 0;
	*block = calloc(1, ops->conf.size);
	if (*block == NULL)
		return conf_fail(p, line, key, "out of memory");
	source_defaults(ops, *block);
	return 0;
}

/* The table's source (`check` 0) or its check source (1) is known: its
 * block made, the keys read before it set in order. */
int conf_source_known(struct conf_parser *p, struct raw_table *t,
		      unsigned line, int check)
{
	if (check && make_block(p, t->t.check, &t->t.check_conf, line,
				"check") < 0)
		return -1;
	if (!check && make_block(p, t->t.source, &t->t.source_conf, line,
				 "source") < 0)
		return -1;
	return set_pending(p, t);
}
