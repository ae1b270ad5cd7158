/*
 * sensing.c - the sensing tables of the games, and what is common to
 * them: finding a hole by name, reading a snapshot. A game without a
 * sensed board (the hidden-code game: guesses and marks are entered)
 * gets the table of no holes, so its moves come as entries only.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "referee/sensing.h"

static int no_holes(const struct rules_game *game, const char **names)
{
	(void)game;
	(void)names;
	return 0;
}

static size_t no_expect(const struct rules_game *game, const void *pos,
			struct sense_expect *out, size_t cap)
{
	(void)game;
	(void)pos;
	(void)out;
	(void)cap;
	return 0;
}

static const char *no_word(const struct rules_game *game, int hole)
{
	(void)game;
	(void)hole;
	return "hole";
}

static int no_adjacent(const struct rules_game *game, int a, int b)
{
	(void)game;
	(void)a;
	(void)b;
	return 0;
}

static int no_forbidden(const struct rules_game *game, const void *pos,
			int hole)
{
	(void)game;
	(void)pos;
	(void)hole;
	return 0;
}

static void no_counts(const struct rules_game *game, const void *pos,
		      int *counts)
{
	(void)game;
	(void)pos;
	(void)counts;
}

static const struct sensing sensing_none = {
	.game = NULL,
	.holes = no_holes,
	.expect = no_expect,
	.hole_word = no_word,
	.adjacent = no_adjacent,
	.forbidden = no_forbidden,
	.counts = no_counts,
};

static const struct sensing *const registry[] = { &sensing_kalah, NULL };

const struct sensing *sensing_find(const char *game)
{
	if (rules_find(game) == NULL)
		return NULL;
	for (size_t i = 0; registry[i] != NULL; i++)
		if (strcmp(registry[i]->game, game) == 0)
			return registry[i];
	return &sensing_none;
}

int sensing_hole(const struct sensing *s, const struct rules_game *game,
		 const char *name)
{
	const char *names[SENSE_HOLES_MAX];
	int n = s->holes(game, names);

	for (int h = 0; h < n; h++)
		if (strcmp(names[h], name) == 0)
			return h;
	return -1;
}

int sensing_snapshot_parse(const struct sensing *s,
			   const struct rules_game *game, const char *text,
			   int *counts, char *err, size_t errlen)
{
	const char *names[SENSE_HOLES_MAX];
	int n = s->holes(game, names), found = 0, slashes = 0;
	const char *p = text;

	while (*p != '\0' && slashes < 3) {
		if (*p == ' ') {
			p++;
		} else if (*p == '/') {
			slashes++;
			p++;
		} else if (isdigit((unsigned char)*p)) {
			long value = 0;

			while (isdigit((unsigned char)*p) && value < 1000)
				value = value * 10 + (*p++ - '0');
			if (found < n)
				counts[found] = (int)value;
			found++;
		} else {
			rules_error(err, errlen,
				    "snapshot: '%c' is not a count (hole %d)",
				    *p, found + 1);
			return -1;
		}
	}
	if (found != n) {
		rules_error(err, errlen,
			    "snapshot: %d counts for a board of %d holes", found,
			    n);
		return -1;
	}
	return 0;
}
