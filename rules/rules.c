/*
 * rules.c - the game registry, option parsing from each game's option
 * table, and the game-independent helpers (perft, hashing).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/kalah.h"
#include "rules/codegame.h"
#include "rules/transport.h"

const struct rules *const rules_registry[] = {
	&kalah_rules,
	&codegame_rules,
	&transport_rules,
	NULL
};

const struct rules *rules_find(const char *name)
{
	for (size_t i = 0; rules_registry[i] != NULL; i++)
		if (strcmp(rules_registry[i]->name, name) == 0)
			return rules_registry[i];
	return NULL;
}

void rules_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

int rules_option_index(const struct rules *ops, const char *name)
{
	for (int i = 0; ops->options[i].name != NULL; i++)
		if (strcmp(ops->options[i].name, name) == 0)
			return i;
	return -1;
}

static int parse_integer(const char *text, long long *value)
{
	char *end;

	if (*text == '\0' || isspace((unsigned char)*text))
		return -1;
	errno = 0;
	*value = strtoll(text, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	return 0;
}

/* Sets one option from `name` and `value` (NULL when absent). */
static int set_option(struct rules_game *game, const char *name,
		      const char *value, char *err, size_t errlen)
{
	const struct rules *ops = game->ops;
	int idx = rules_option_index(ops, name);
	const struct rules_option *opt;
	long long number;

	if (idx < 0) {
		rules_error(err, errlen, "%s: unknown option '%s'", ops->name,
			  name);
		return -1;
	}
	opt = &ops->options[idx];
	switch (opt->type) {
	case RULES_OPT_FLAG:
		if (value == NULL || strcmp(value, "1") == 0 ||
		    strcmp(value, "yes") == 0) {
			game->value[idx] = 1;
		} else if (strcmp(value, "0") == 0 || strcmp(value, "no") == 0) {
			game->value[idx] = 0;
		} else {
			rules_error(err, errlen,
				  "%s: option '%s' is a flag; value '%s' is not yes/no/1/0",
				  ops->name, name, value);
			return -1;
		}
		return 0;
	case RULES_OPT_INT:
		if (value == NULL && opt->bare != 0) {
			game->value[idx] = opt->bare;
			return 0;
		}
		if (value == NULL) {
			rules_error(err, errlen, "%s: option '%s' needs a value (%s=N)",
				  ops->name, name, name);
			return -1;
		}
		if (parse_integer(value, &number) < 0) {
			rules_error(err, errlen,
				  "%s: option '%s': '%s' is not a whole number",
				  ops->name, name, value);
			return -1;
		}
		if (number < opt->min || number > opt->max) {
			rules_error(err, errlen,
				  "%s: option '%s': %lld is out of range %lld..%lld",
				  ops->name, name, number, opt->min, opt->max);
			return -1;
		}
		game->value[idx] = number;
		return 0;
	case RULES_OPT_CHOICE:
		if (value == NULL) {
			rules_error(err, errlen, "%s: option '%s' needs a value",
				  ops->name, name);
			return -1;
		}
		for (int c = 0; opt->choices[c] != NULL; c++) {
			if (strcmp(opt->choices[c], value) == 0) {
				game->value[idx] = c;
				return 0;
			}
		}
		rules_error(err, errlen, "%s: option '%s': '%s' is not one of:",
			  ops->name, name, value);
		for (int c = 0; err != NULL && opt->choices[c] != NULL; c++) {
			size_t used = strlen(err);

			if (used + 1 < errlen)
				snprintf(err + used, errlen - used, " %s",
					 opt->choices[c]);
		}
		return -1;
	case RULES_OPT_TEXT:
		if (value == NULL || *value == '\0') {
			rules_error(err, errlen, "%s: option '%s' needs a value",
				  ops->name, name);
			return -1;
		}
		free(game->text[idx]);
		game->text[idx] = strdup(value);
		if (game->text[idx] == NULL) {
			rules_error(err, errlen, "out of memory");
			return -1;
		}
		game->value[idx] = 1;
		return 0;
	}
	return -1;
}

/* The next option word of `*p` ("name" or "name=value"): its start and
 * length, `*p` moved past it; 0 at the end. */
static size_t next_word(const char **p, const char **word)
{
	size_t len;

	while (**p == ' ' || **p == ',' || **p == '\t')
		(*p)++;
	len = strcspn(*p, " ,\t");
	*word = *p;
	*p += len;
	return len;
}

static int parse_options(struct rules_game *game, const char *options,
			 char *err, size_t errlen)
{
	char word[128];
	const char *p = options != NULL ? options : "", *at;
	size_t len;

	while ((len = next_word(&p, &at)) > 0) {
		char *eq;

		if (len >= sizeof(word)) {
			size_t name = strcspn(at, "= ,\t");

			/* Named only: the value may be a secret. */
			rules_error(err, errlen, "%s: option '%.*s' is too long",
				  game->ops->name, (int)(name > 20 ? 20 : name),
				  at);
			return -1;
		}
		memcpy(word, at, len);
		word[len] = '\0';
		for (char *c = word; *c != '\0'; c++) {
			if ((unsigned char)*c < 0x20 || *c == 0x7f) {
				rules_error(err, errlen,
					  "%s: option text holds a control character",
					  game->ops->name);
				return -1;
			}
		}
		eq = strchr(word, '=');
		if (eq != NULL)
			*eq = '\0';
		if (set_option(game, word, eq ? eq + 1 : NULL, err, errlen) < 0)
			return -1;
	}
	return 0;
}

static void canonical_options(struct rules_game *game)
{
	const struct rules_option *opt = game->ops->options;
	size_t used = 0;

	game->options[0] = '\0';
	for (int i = 0; opt[i].name != NULL; i++) {
		char word[96];

		if (opt[i].type == RULES_OPT_TEXT ? game->text[i] == NULL
		    : game->value[i] == opt[i].def)
			continue;
		switch (opt[i].type) {
		case RULES_OPT_FLAG:
			snprintf(word, sizeof(word), "%s", opt[i].name);
			break;
		case RULES_OPT_INT:
			snprintf(word, sizeof(word), "%s=%lld", opt[i].name,
				 game->value[i]);
			break;
		case RULES_OPT_CHOICE:
			snprintf(word, sizeof(word), "%s=%s", opt[i].name,
				 opt[i].choices[game->value[i]]);
			break;
		case RULES_OPT_TEXT:
			snprintf(word, sizeof(word), "%s=%s", opt[i].name,
				 game->text[i]);
			break;
		}
		used += (size_t)snprintf(game->options + used,
					 sizeof(game->options) - used, "%s%s",
					 used ? " " : "", word);
		if (used >= sizeof(game->options))
			used = sizeof(game->options) - 1;
	}
}

struct rules_game *rules_game_new(const struct rules *ops,
				  const char *options, char *err,
				  size_t errlen)
{
	struct rules_game *game = calloc(1, sizeof(*game));

	if (game == NULL) {
		rules_error(err, errlen, "out of memory");
		return NULL;
	}
	game->ops = ops;
	for (int i = 0; ops->options[i].name != NULL; i++)
		game->value[i] = ops->options[i].def;
	if (parse_options(game, options, err, errlen) < 0)
		goto err_free_game;
	canonical_options(game);
	if (ops->setup != NULL && ops->setup(game, err, errlen) < 0)
		goto err_free_game;
	return game;

err_free_game:
	rules_game_free(game);
	return NULL;
}

/* Whether option text `text` has a word named `name`, len `nlen`. */
static int names_option(const char *text, const char *name, size_t nlen)
{
	const char *word;
	size_t len;

	while ((len = next_word(&text, &word)) > 0)
		if (strcspn(word, "= ,\t") == nlen &&
		    memcmp(word, name, nlen) == 0)
			return 1;
	return 0;
}

int rules_options_merge(const char *base, const char *over, char *out,
			size_t outlen)
{
	const char *p = base != NULL ? base : "", *word;
	size_t used = 0, len;

	if (outlen == 0)
		return -1;
	out[0] = '\0';
	for (int pass = 0; pass < 2; pass++) {
		while ((len = next_word(&p, &word)) > 0) {
			size_t nlen = strcspn(word, "= ,\t");

			if (pass == 0 && over != NULL &&
			    names_option(over, word, nlen))
				continue;
			if (used + (used > 0) + len >= outlen)
				return -1;
			if (used > 0)
				out[used++] = ' ';
			memcpy(out + used, word, len);
			used += len;
			out[used] = '\0';
		}
		p = over != NULL ? over : "";
	}
	return 0;
}

struct rules_game *rules_game_new_fresh(const struct rules *ops,
					const char *options, uint64_t draw,
					char *err, size_t errlen)
{
	const char *name = ops->fresh_option;
	int idx = name != NULL ? rules_option_index(ops, name) : -1;
	char text[512], why[RULES_ERR_MAX];

	if (options == NULL)
		options = "";
	if (idx >= 0 && ops->options[idx].type == RULES_OPT_INT &&
	    !names_option(options, name, strlen(name))) {
		const struct rules_option *opt = &ops->options[idx];
		/* In unsigned arithmetic: max - min may exceed INT64_MAX. */
		uint64_t span = (uint64_t)opt->max - (uint64_t)opt->min;
		long long value = (long long)((uint64_t)opt->min +
				  (span == UINT64_MAX ? draw : draw % (span + 1)));
		struct rules_game *game;
		int n = snprintf(text, sizeof(text), "%s%s%s=%lld", options,
				 options[0] ? " " : "", name, value);

		if (n > 0 && (size_t)n < sizeof(text)) {
			game = rules_game_new(ops, text, why, sizeof(why));
			if (game != NULL)
				return game;
		}
	}
	return rules_game_new(ops, options, err, errlen);
}

void rules_game_free(struct rules_game *game)
{
	if (game == NULL)
		return;
	if (game->ops->teardown != NULL)
		game->ops->teardown(game);
	for (int i = 0; i < RULES_MAX_OPTIONS; i++)
		free(game->text[i]);
	free(game);
}

const char *rules_game_options(const struct rules_game *game)
{
	return game->options;
}

int rules_game_seats(const struct rules_game *game)
{
	return game->ops->active_seats != NULL ? game->ops->active_seats(game)
					       : game->ops->seats;
}

const char *rules_public_options(const struct rules_game *game, char *buf,
				 size_t buflen)
{
	if (game->ops->public_options == NULL ||
	    game->ops->public_options(game, buf, buflen) < 0)
		snprintf(buf, buflen, "%s",
			 game->ops->public_options ? "" : game->options);
	return buf;
}

/* The rating key of option values already parsed into `game`. */
static int rating_key_of(const struct rules_game *game, char *buf,
			 size_t buflen)
{
	const char *const *names = game->ops->rating_options;
	size_t used = (size_t)snprintf(buf, buflen, "%s", game->ops->name);

	for (int k = 0; names != NULL && names[k] != NULL; k++) {
		int i = rules_option_index(game->ops, names[k]);
		const struct rules_option *opt;

		if (i < 0 || used >= buflen)
			continue;
		opt = &game->ops->options[i];
		if (opt->type == RULES_OPT_INT)
			used += (size_t)snprintf(buf + used, buflen - used,
						 " %s=%lld", opt->name,
						 game->value[i]);
		else if (opt->type == RULES_OPT_CHOICE)
			used += (size_t)snprintf(buf + used, buflen - used,
						 " %s=%s", opt->name,
						 opt->choices[game->value[i]]);
		else if (opt->type == RULES_OPT_FLAG && game->value[i])
			used += (size_t)snprintf(buf + used, buflen - used,
						 " %s", opt->name);
	}
	return used < buflen ? 0 : -1;
}

int rules_rating_key(const struct rules *ops, const char *options,
		     char *buf, size_t buflen, char *err, size_t errlen)
{
	struct rules_game game = { .ops = ops };
	int rc;

	/* The options' values only: the engine's set-up (secrets that
	 * must be there, say) has no say in what kind of game it is. */
	for (int i = 0; ops->options[i].name != NULL; i++)
		game.value[i] = ops->options[i].def;
	rc = parse_options(&game, options, err, errlen);
	if (rc == 0 && (rc = rating_key_of(&game, buf, buflen)) < 0)
		rules_error(err, errlen, "%s: the rating key is too long",
			    ops->name);
	for (int i = 0; i < RULES_MAX_OPTIONS; i++)
		free(game.text[i]);
	return rc;
}

size_t rules_position_size(const struct rules_game *game)
{
	return game->ops->position_size(game);
}

const char *rules_seat_name(const struct rules *ops, int seat)
{
	if (seat < 0 || seat >= ops->seats)
		return "?";
	return ops->seat_names[seat];
}

int rules_seat_find(const struct rules *ops, const char *name)
{
	for (int i = 0; i < ops->seats; i++)
		if (strcmp(ops->seat_names[i], name) == 0)
			return i;
	return -1;
}

struct perft_frame {
	unsigned char *positions;	/* one position per depth */
	struct rules_move *moves;	/* max_moves per depth */
	size_t size;
};

static uint64_t perft_walk(const struct rules_game *game,
			   struct perft_frame *f, unsigned ply,
			   unsigned depth)
{
	const struct rules *ops = game->ops;
	const unsigned char *pos = f->positions + (size_t)ply * f->size;
	unsigned char *child = f->positions + (size_t)(ply + 1) * f->size;
	struct rules_move *moves = f->moves + (size_t)ply * ops->max_moves;
	size_t count;
	uint64_t leaves = 0;

	if (depth == 0)
		return 1;
	count = ops->legal_moves(game, pos, moves, ops->max_moves);
	if (count > ops->max_moves)
		count = ops->max_moves;
	for (size_t i = 0; i < count; i++) {
		struct rules_outcome out;

		memcpy(child, pos, f->size);
		if (ops->apply(game, child, &moves[i], &out, NULL, 0) < 0)
			continue;
		leaves += perft_walk(game, f, ply + 1, depth - 1);
	}
	return leaves;
}

uint64_t rules_perft_generic(const struct rules_game *game, const void *pos,
			     unsigned depth)
{
	struct perft_frame f;
	uint64_t leaves;

	f.size = rules_position_size(game);
	f.positions = malloc(f.size * (depth + 1));
	f.moves = malloc(sizeof(*f.moves) * game->ops->max_moves *
			 (depth + 1));
	if (f.positions == NULL || f.moves == NULL) {
		free(f.positions);
		free(f.moves);
		return 0;
	}
	memcpy(f.positions, pos, f.size);
	leaves = perft_walk(game, &f, 0, depth);
	free(f.positions);
	free(f.moves);
	return leaves;
}

uint64_t rules_perft(const struct rules_game *game, const void *pos,
		     unsigned depth)
{
	if (game->ops->perft != NULL)
		return game->ops->perft(game, pos, depth);
	return rules_perft_generic(game, pos, depth);
}

uint64_t rules_fnv1a(uint64_t hash, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++) {
		hash ^= p[i];
		hash *= 1099511628211ULL;
	}
	return hash;
}
