/*
 * conf_check.c - the second and third passes over pitboss.conf(5): each
 * table complete for its source, its game and options accepted by the
 * rules engine and a GPIO line named for every hole of the game's board
 * (pass 2), and no GPIO line used twice in the file (pass 3).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/conf_impl.h"
#include "referee/match.h"
#include "referee/sensing.h"
#include "rules/rules.h"

/* ----------------------------------------------------------- checking */

/* The holes and seats of a table's game, for the gpio keys. */
struct board {
	struct rules_game *game;
	const struct sensing *sense;
	int nholes;
	const char *holes[SENSE_HOLES_MAX];
};

static int wire_is(const struct raw_wire *w, const char *key)
{
	return strcmp(conf_items[w->item].key, key) == 0;
}

static void wire_key(const struct raw_wire *w, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s.%s", (int)strcspn(conf_items[w->item].key, "."),
		 conf_items[w->item].key, w->name);
}

static int board_hole(const struct board *b, const char *name)
{
	for (int h = 0; h < b->nholes; h++)
		if (strcmp(b->holes[h], name) == 0)
			return h;
	return -1;
}

static void hole_list(const struct board *b, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int h = 0; h < b->nholes && n < len; h++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", h ? " " : "",
				      b->holes[h]);
}

static void add_input(struct gpio_table_config *g, const char *line,
		      enum obs_kind kind, const char *where)
{
	struct gpio_input *in = &g->input[g->ninputs++];
	size_t n = strlen(line);

	/* Lengths were checked on reading: both fit. */
	memmove(in->line, line, n + 1);
	in->kind = kind;
	n = strlen(where);
	memmove(in->where, where, n + 1);
}

/* Checks the wires against the board and fills t->gpio. */
static int check_wires(struct parser *p, struct raw_table *t,
		       const struct board *b)
{
	const struct rules *ops = b->game->ops;
	struct gpio_table_config *g = &t->t.gpio;
	char key[32], list[128];

	hole_list(b, list, sizeof(list));
	for (size_t i = 0; i < t->nwires; i++) {
		const struct raw_wire *w = &t->wire[i];
		const struct conf_item *it = &conf_items[w->item];

		wire_key(w, key, sizeof(key));
		if ((it->flags & F_HOLE) && board_hole(b, w->name) < 0)
			return conf_fail(p, w->lineno, key, "no hole '%s' on this "
				         "board (%s %s: %s)", w->name, ops->name,
				         b->game->options, list);
		if ((it->flags & F_SEAT) &&
		    rules_seat_find(ops, w->name) < 0)
			return conf_fail(p, w->lineno, key, "no seat '%s' in %s",
				         w->name, ops->name);
		if (wire_is(w, "led.SEAT") &&
		    rules_seat_find(ops, w->name) > GPIO_OUT_TURN_N)
			return conf_fail(p, w->lineno, key, "turn LEDs exist for "
				         "the first two seats only");
	}
	/* Inputs: drops in hole order, then lifts, then buttons. */
	for (int h = 0; h < b->nholes; h++) {
		size_t i;

		for (i = 0; i < t->nwires; i++)
			if (wire_is(&t->wire[i], "line.HOLE") &&
			    strcmp(t->wire[i].name, b->holes[h]) == 0)
				break;
		if (i == t->nwires) {
			snprintf(key, sizeof(key), "line.%s", b->holes[h]);
			return conf_fail(p, t->t.line, key, "missing in [table %u]: "
				         "%s %s needs a drop sensor line for each "
				         "of %s", t->t.id, ops->name,
				         b->game->options[0] ? b->game->options
							     : "(default options)",
				         list);
		}
		add_input(g, t->wire[i].line, OBS_DROP, b->holes[h]);
	}
	for (const char *kind = "lift.HOLE"; kind != NULL;
	     kind = kind[0] == 'l' ? "button.SEAT" : NULL)
		for (size_t i = 0; i < t->nwires; i++)
			if (wire_is(&t->wire[i], kind))
				add_input(g, t->wire[i].line,
					  kind[0] == 'l' ? OBS_LIFT : OBS_BUTTON,
					  t->wire[i].name);
	for (size_t i = 0; i < t->nwires; i++)
		if (wire_is(&t->wire[i], "led.SEAT"))
			snprintf(g->output[rules_seat_find(ops, t->wire[i].name)],
				 GPIO_NAME_MAX, "%s", t->wire[i].line);
	snprintf(g->output[GPIO_OUT_FOUL], GPIO_NAME_MAX, "%s", t->foul_led);
	g->table = t->t.id;
	return 0;
}

static size_t item_index(const char *key)
{
	for (size_t i = 0; i < CONF_NITEMS; i++)
		if (strcmp(conf_items[i].key, key) == 0)
			return i;
	abort();	/* a key this file names must be in the table */
}

/* The line where the game's options were given, for their errors. */
static unsigned options_line(const struct raw_table *t)
{
	unsigned at = t->seen[item_index("options")];

	if (at == 0)
		at = t->seen[item_index("game")];
	return at != 0 ? at : t->t.line;
}

/* Keys set that the table's source does not use, keys it lacks. */
static int check_keys(struct parser *p, const struct raw_table *t)
{
	enum conf_source src = t->t.source;
	const char *name = conf_source_name((enum conf_source)src);

	for (size_t i = 0; i < CONF_NITEMS; i++) {
		const struct conf_item *it = &conf_items[i];

		if (it->flags & (F_GLOBAL | F_HOLE | F_SEAT))
			continue;
		if (t->seen[i] != 0 && !(it->sources & (1u << src)))
			return conf_fail(p, t->seen[i], it->key, "not for source "
				         "%s (table %u)", name, t->t.id);
		if ((it->flags & F_REQUIRED) && (it->sources & (1u << src)) &&
		    t->seen[i] == 0)
			return conf_fail(p, t->t.line, it->key, "missing in "
				         "[table %u]: source %s needs it", t->t.id,
				         name);
	}
	if (src != CONF_SOURCE_GPIO && t->nwires > 0) {
		char key[32];

		wire_key(&t->wire[0], key, sizeof(key));
		return conf_fail(p, t->wire[0].lineno, key, "not for source %s "
			         "(table %u)", name, t->t.id);
	}
	return 0;
}

int conf_check_table(struct parser *p, struct raw_table *t)
{
	const struct rules *ops = rules_find(t->t.game);
	char why[RULES_ERR_MAX];
	struct board b;
	int rc = -1;

	if (t->seen[item_index("source")] == 0)
		return conf_fail(p, t->t.line, "source", "missing in [table %u] "
			         "(gpio, replay or sim)", t->t.id);
	if (check_keys(p, t) < 0)
		return -1;
	/* Checked as a game would start with them (a fresh seed drawn). */
	b.game = rules_game_new_fresh(ops, t->t.options, 1, why, sizeof(why));
	if (b.game == NULL)
		return conf_fail(p, options_line(t), "options", "%s", why);
	if (t->t.source == CONF_SOURCE_SIM && strcmp(ops->name, "kalah") != 0) {
		conf_fail(p, t->seen[item_index("source")], "source",
		          "the simulator plays kalah only");
		goto out_free_game;
	}
	if (t->t.source == CONF_SOURCE_GPIO) {
		b.sense = sensing_find(ops->name);
		if (b.sense == NULL) {
			conf_fail(p, t->seen[item_index("source")], "source",
			          "%s has no sensor board layout", ops->name);
			goto out_free_game;
		}
		b.nholes = b.sense->holes(b.game, b.holes);
		if (check_wires(p, t, &b) < 0)
			goto out_free_game;
	}
	t->t.referee.accept_cost = t->strict ? 0 : MATCH_ACCEPT;
	t->t.sim.table = t->t.id;
	snprintf(t->t.sim.options, sizeof(t->t.sim.options), "%s",
		 t->t.options);
	t->t.sim.referee = t->t.referee;
	rc = 0;
out_free_game:
	rules_game_free(b.game);
	return rc;
}

/* Every GPIO line of the file, to find one used twice. */
struct use {
	const char *line;
	unsigned lineno, table;
	char key[32];
};

int conf_check_lines(struct parser *p)
{
	static struct use uses[CONF_TABLES_MAX * (RAW_WIRES_MAX + 1)];
	size_t n = 0;

	for (size_t k = 0; k < p->conf->ntables; k++) {
		const struct raw_table *t = &p->raw[k];

		if (t->t.source != CONF_SOURCE_GPIO)
			continue;
		for (size_t i = 0; i < t->nwires; i++, n++) {
			uses[n].line = t->wire[i].line;
			uses[n].lineno = t->wire[i].lineno;
			uses[n].table = t->t.id;
			wire_key(&t->wire[i], uses[n].key, sizeof(uses[n].key));
		}
		if (t->foul_led[0] != '\0') {
			uses[n].line = t->foul_led;
			uses[n].lineno = t->seen[item_index("led.foul")];
			uses[n].table = t->t.id;
			snprintf(uses[n].key, sizeof(uses[n].key), "led.foul");
			n++;
		}
	}
	/* In file order, so the second use is the one reported. */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && uses[j].lineno < uses[j - 1].lineno;
		     j--) {
			struct use tmp = uses[j];

			uses[j] = uses[j - 1];
			uses[j - 1] = tmp;
		}
	for (size_t j = 1; j < n; j++)
		for (size_t i = 0; i < j; i++) {
			if (strcmp(uses[i].line, uses[j].line) != 0)
				continue;
			if (uses[i].table == uses[j].table)
				return conf_fail(p, uses[j].lineno, uses[j].key,
					         "line '%s' is already used by %s "
					         "on line %u", uses[j].line,
					         uses[i].key, uses[i].lineno);
			return conf_fail(p, uses[j].lineno, uses[j].key,
				         "line '%s' is already used by %s of "
				         "table %u on line %u", uses[j].line,
				         uses[i].key, uses[i].table,
				         uses[i].lineno);
		}
	return 0;
}
