/*
 * sensing.c - finding a game's sensing table, and what the tables share:
 * finding a place by name, reading counts. A game without a sensed
 * board (the hidden-code game: guesses and marks are entered) gets the
 * table of no places, read by entries only.
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

static const char *no_word(const struct rules_game *game, int hole)
{
	(void)game;
	(void)hole;
	return "place";
}

static const struct sense_model *const entries_only[] = {
	&sense_model_entries, NULL
};

static const struct sensing sensing_none = {
	.game = NULL,
	.models = entries_only,
	.words = { "piece", "pieces", "move", "moved", "moving" },
	.holes = no_holes,
	.hole_word = no_word,
};

const struct sensing *sensing_find(const char *game)
{
	if (rules_find(game) == NULL)
		return NULL;
	for (size_t i = 0; sensing_registry[i] != NULL; i++)
		if (strcmp(sensing_registry[i]->game, game) == 0)
			return sensing_registry[i];
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

int sensing_counts_parse(const char *text, int n, int *counts, char *err,
			 size_t errlen)
{
	int found = 0, slashes = 0;
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
