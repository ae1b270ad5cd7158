/*
 * table_state.c - a live table's state as the dashboard and the CLI
 * see it: one JSON object of its position, turn, sensors, store and
 * last verdict (the tournament's part from table_calls.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/table_calls.h"
#include "daemon/table_impl.h"
#include "util/json.h"

/* Appends to a growing string; gives up quietly when memory runs out. */
static void add(char **s, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add(char **s, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *grown;

	if (*s == NULL)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	grown = n < 0 ? NULL : realloc(*s, *len + (size_t)n + 1);
	if (grown == NULL) {
		free(*s);
		*s = NULL;
		return;
	}
	*s = grown;
	va_start(ap, fmt);
	vsnprintf(*s + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
}

/* A JSON string, quotes included. */
static void add_str(char **s, size_t *len, const char *text)
{
	size_t n = json_quote(NULL, 0, text);
	char *grown = *s != NULL ? realloc(*s, *len + n + 1) : NULL;

	if (grown == NULL) {
		free(*s);
		*s = NULL;
		return;
	}
	*s = grown;
	json_quote(*s + *len, n + 1, text);
	*len += n;
}

char *table_state_json(struct table *t)
{
	const char *names[SENSE_HOLES_MAX];
	char *calls;
	char pos[256], *s = malloc(1);
	size_t len = 0;
	int mover = referee_mover(t->ref), n;

	if (s == NULL)
		return NULL;
	s[0] = '\0';
	add(&s, &len, "{\"table\":%u,\"board\":%lld,\"name\":", t->cfg.id,
	    (long long)t->board_id);
	add_str(&s, &len, t->cfg.name);
	add(&s, &len, ",\"game\":");
	add_str(&s, &len, t->cfg.game);
	calls = table_calls_json(t->db, t->board_id, t->cfg.game,
				 rules_game_options(referee_game(t->ref)),
				 t->player, t->seats);
	add(&s, &len, "%s", calls != NULL ? calls : "");
	free(calls);
	add(&s, &len, ",\"position\":");
	add_str(&s, &len, referee_public_position(t->ref, pos, sizeof(pos)));
	add(&s, &len, ",\"to_move\":");
	if (mover >= 0)
		add_str(&s, &len,
			rules_seat_name(referee_game(t->ref)->ops, mover));
	else
		add(&s, &len, "null");
	add(&s, &len, ","
	    "\"held\":%s,\"restoring\":%s,\"plies\":%d,\"sensors\":\"%s\","
	    "\"camera\":%s,\"lines\":[",
	    referee_held(t->ref) ? "true" : "false",
	    referee_restoring(t->ref) ? "true" : "false",
	    referee_plies(t->ref),
	    strcmp(table_source_status(t), "online") == 0 ? "online" :
	    "offline", table_camera_image(t)[0] ? "true" : "false");
	n = referee_lines(t->ref, names);
	for (int h = 0; h < n; h++) {
		const struct line_health *lh = referee_line(t->ref, h);

		add(&s, &len, "%s{\"line\":\"%s\",\"pulses\":%u,"
		    "\"bounces\":%u,\"misses\":%u,\"extras\":%u,"
		    "\"state\":\"%s\"}", h ? "," : "", names[h], lh->pulses,
		    lh->bounces, lh->misses, lh->extras,
		    line_state_name(lh->state));
	}
	add(&s, &len, "],\"store\":");
	if (table_store_state(t) != NULL)
		add_str(&s, &len, table_store_state(t));
	else
		add(&s, &len, "null");
	add(&s, &len, ",\"last\":");
	if (t->verdicts > 0) {
		add(&s, &len, "{\"kind\":\"%s\",\"ply\":%d,\"move\":",
		    verdict_kind_name(t->last_v.kind), t->last_v.ply);
		if (t->last_v.move[0])
			add_str(&s, &len, t->last_v.move);
		else
			add(&s, &len, "null");
		add(&s, &len, ",\"cause\":\"%s\",\"places\":[",
		    verdict_cause_name(t->last_v.cause));
		for (int i = 0; i < t->last_v.nplaces &&
		     i < VERDICT_PLACES_MAX; i++)
			add(&s, &len, "%s%d", i ? "," : "", t->last_v.places[i]);
		add(&s, &len, "],\"text\":");
		add_str(&s, &len, t->last_v.text);
		add(&s, &len, "}");
	} else {
		add(&s, &len, "null");
	}
	add(&s, &len, "}");
	return s;
}
