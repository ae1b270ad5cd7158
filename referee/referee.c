/*
 * referee.c - the game-agnostic referee core: its life cycle, the
 * verdicts, time, and the sensing models that read the board.
 *
 * The game's sensing table names the models its board uses (drops,
 * snapshots, or entries only: sense_model.h). Each is opened for the
 * game with the referee and told when a new move is to be read or the
 * move under way is forgotten; each sensor observation goes to the model
 * that reads its kind, which takes, holds or refuses moves through the
 * core (referee_move.c). Entries and the arbiter's commands are the
 * core's own (referee_command.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/match.h"
#include "referee/referee.h"
#include "referee/referee_impl.h"
#include "referee/trace.h"

void referee_config_default(struct referee_config *c)
{
	c->debounce_us = 25000;
	c->pulse_gap_us = 80000;
	c->quiet_us = 2500000;
	c->turn_gap_us = 600000;
	c->accept_cost = MATCH_ACCEPT;
	c->snapshot_tolerance = 2;
	c->snapshot_confirm = 0;
	c->drop_gates = 0;
	c->dead_after = 3;
	c->stuck_pulses = 12;
	c->stuck_window_us = 1000000;
	c->flaky_warnings = 3;
	c->settle_us = 1000000;
}

const char *verdict_kind_name(enum verdict_kind kind)
{
	static const char *const names[] = {
		"start", "accept", "warn", "hold", "foul", "over", "command",
		"refused", "note"
	};

	return (unsigned)kind < sizeof(names) / sizeof(names[0])
	       ? names[kind] : "?";
}

void verdict_format(const struct verdict *v, char *buf, size_t len)
{
	char when[32];

	trace_format_time(when, sizeof(when), v->t_us);
	snprintf(buf, len, "%s %u %s %d %s: %s", when, v->table,
		 verdict_kind_name(v->kind), v->ply, v->move[0] ? v->move : "-",
		 v->text);
}

static const char *const cause_names[CAUSE_COUNT] = {
	[CAUSE_NONE] = "none",
	[CAUSE_STARTED] = "started",
	[CAUSE_ABANDONED] = "abandoned",
	[CAUSE_GAME_OVER] = "game-over",
	[CAUSE_ENDED] = "ended",
	[CAUSE_SENSED] = "sensed",
	[CAUSE_SENSED_FAULT] = "sensed-fault",
	[CAUSE_SNAPSHOT_OFF] = "snapshot-off",
	[CAUSE_ENTERED] = "entered",
	[CAUSE_CONFIRMED] = "confirmed",
	[CAUSE_CORRECTED] = "corrected",
	[CAUSE_NO_FIT] = "no-fit",
	[CAUSE_ILLEGAL] = "illegal",
	[CAUSE_AMBIGUOUS] = "ambiguous",
	[CAUSE_HELD_FAULT] = "held-fault",
	[CAUSE_SNAPSHOT_FAR] = "snapshot-far",
	[CAUSE_SNAPSHOT_BAD] = "snapshot-bad",
	[CAUSE_MOVES_AGAIN] = "moves-again",
	[CAUSE_BUTTON_ALONE] = "button-alone",
	[CAUSE_KEPT] = "kept",
	[CAUSE_UNKNOWN_PLACE] = "unknown-place",
	[CAUSE_AFTER_END] = "after-end",
	[CAUSE_STRAY] = "stray",
	[CAUSE_OVERLAP] = "overlap",
	[CAUSE_RESTORED] = "restored",
	[CAUSE_SENSOR_DEAD] = "sensor-dead",
	[CAUSE_SENSOR_STUCK] = "sensor-stuck",
	[CAUSE_SENSOR_BACK] = "sensor-back",
	[CAUSE_POSITION_SET] = "position-set",
	[CAUSE_TAKEN_BACK] = "taken-back",
	[CAUSE_REJECTED] = "rejected",
	[CAUSE_FOUL_UPHELD] = "foul-upheld",
	[CAUSE_SECRET] = "secret",
	[CAUSE_REFUSED] = "refused",
	[CAUSE_NO_MEMORY] = "no-memory",
	[CAUSE_EARLIER_MISREAD] = "earlier-misread",
};

const char *verdict_cause_name(enum verdict_cause cause)
{
	return (unsigned)cause < CAUSE_COUNT && cause_names[cause] != NULL
	       ? cause_names[cause] : "none";
}

int verdict_cause_find(const char *name)
{
	for (int c = 0; c < CAUSE_COUNT; c++)
		if (cause_names[c] != NULL && strcmp(cause_names[c], name) == 0)
			return c;
	return -1;
}

int verdict_is_sensor(const struct verdict *verdict)
{
	switch (verdict->cause) {
	case CAUSE_SENSED_FAULT:
	case CAUSE_SENSOR_DEAD:
	case CAUSE_SENSOR_STUCK:
	case CAUSE_SENSOR_BACK:
		return 1;
	default:
		return 0;
	}
}

const char *line_state_name(enum line_state state)
{
	static const char *const names[] = { "ok", "flaky", "dead", "stuck" };

	return (unsigned)state < 4 ? names[state] : "?";
}

void ref_about_place(struct ref_about *about, int place)
{
	if (place < 0 || about->nplaces == VERDICT_PLACES_MAX)
		return;
	for (int i = 0; i < about->nplaces; i++)
		if (about->places[i] == place)
			return;
	about->places[about->nplaces++] = place;
}

static void say(struct referee *ref, enum verdict_kind kind,
		const struct ref_about *about, int ply, const char *move,
		const char *fmt, va_list ap)
{
	struct verdict v;

	memset(&v, 0, sizeof(v));
	v.cause = about->cause;
	v.nplaces = about->nplaces;
	memcpy(v.places, about->places, sizeof(v.places));
	v.warnings = about->warnings;
	snprintf(v.evidence, sizeof(v.evidence), "%s", about->evidence);
	v.undone_to = ref->undone_to;
	ref->undone_to = -1;
	v.options_changed = ref->options_changed;
	ref->options_changed = 0;
	if ((kind == VERDICT_ACCEPT || kind == VERDICT_WARN ||
	     kind == VERDICT_COMMAND) && move != NULL && move[0] != '\0' &&
	    ref->taken) {
		v.seat = ref->taken_turn.seat;
		v.member = ref->taken_turn.member;
		v.source = ref->taken_source;
		ref_public_text(ref, ref_pos_const(ref), v.position,
				sizeof(v.position));
	}
	ref->taken = 0;
	if (kind == VERDICT_FOUL) {
		/* A foul is recorded against who made it. */
		v.seat = ref->culprit >= 0 ? ref->culprit :
			 ref->in_game ? ref_mover(ref) : -1;
		ref->culprit = -1;
	}
	v.t_us = ref->now;
	v.table = ref->table;
	v.kind = kind;
	v.ply = ply;
	snprintf(v.move, sizeof(v.move), "%s", move ? move : "");
	vsnprintf(v.text, sizeof(v.text), fmt, ap);
	/* The referee's own take-back goes with this verdict. */
	if (ref->revised[0] != '\0' && v.undone_to >= 0 &&
	    kind != VERDICT_COMMAND) {
		ref_append(v.text, sizeof(v.text), "; corrects %s, read before "
			   "the hand had finished", ref->revised);
		ref_append(v.evidence, sizeof(v.evidence), "%srevises=%s",
			   v.evidence[0] ? " " : "", ref->revised);
	}
	if (v.undone_to >= 0)
		ref->revised[0] = '\0';
	if (ref->fn != NULL)
		ref->fn(ref->ctx, &v);
}

int ref_seen_off(const struct referee *ref, const int *seen, int h, int v)
{
	int hi = ref->seen_hi != NULL ? ref->seen_hi[h] : seen[h];

	return v < seen[h] ? seen[h] - v : v > hi ? v - hi : 0;
}

int ref_seen_distance(const struct referee *ref, const int *want,
		      const int *seen)
{
	int d = 0;

	for (int h = 0; h < ref->nholes; h++)
		d += ref_seen_off(ref, seen, h, want[h]);
	return d;
}

void ref_disagreement(const struct referee *ref, const int *seen,
		      const int *want, char *buf, size_t len,
		      struct ref_about *about)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int h = 0; h < ref->nholes && used < len; h++) {
		char reads[32];

		if (ref_seen_off(ref, seen, h, want[h]) == 0)
			continue;
		ref_about_place(about, h);
		if (ref->seen_hi != NULL && ref->seen_hi[h] != seen[h])
			snprintf(reads, sizeof(reads), "%d-%d", seen[h],
				 ref->seen_hi[h]);
		else
			snprintf(reads, sizeof(reads), "%d", seen[h]);
		used += (size_t)snprintf(buf + used, len - used,
					 "%s%s %s reads %s, expected %d",
					 used ? "; " : "", ref_hole_word(ref, h),
					 ref_hole_name(ref, h), reads,
					 want[h]);
	}
}

void ref_append(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used >= len - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

void ref_say(struct referee *ref, enum verdict_kind kind,
	     enum verdict_cause cause, int ply, const char *move,
	     const char *fmt, ...)
{
	struct ref_about about = { .cause = cause };
	va_list ap;

	va_start(ap, fmt);
	say(ref, kind, &about, ply, move, fmt, ap);
	va_end(ap);
}

void ref_say_about(struct referee *ref, enum verdict_kind kind,
		   const struct ref_about *about, int ply, const char *move,
		   const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(ref, kind, about, ply, move, fmt, ap);
	va_end(ap);
}

const char *ref_hole_name(const struct referee *ref, int hole)
{
	return hole >= 0 && hole < ref->nholes ? ref->hole_names[hole] : "?";
}

const char *ref_hole_word(const struct referee *ref, int hole)
{
	return ref->sense->hole_word(ref->game, hole);
}

const struct sense_words *ref_words(const struct referee *ref)
{
	return &ref->sense->words;
}

/* The one-letter names of the places, looked up at once. */
static void index_holes(struct referee *ref)
{
	for (int c = 0; c < 256; c++)
		ref->hole_of_char[c] = -1;
	for (int h = 0; h < ref->nholes; h++)
		if (ref->hole_names[h][0] != '\0' &&
		    ref->hole_names[h][1] == '\0')
			ref->hole_of_char[(unsigned char)ref->hole_names[h][0]] =
				(short)h;
}

int ref_hole_index(const struct referee *ref, const char *name)
{
	if (name[0] != '\0' && name[1] == '\0' &&
	    ref->hole_of_char[(unsigned char)name[0]] >= 0)
		return ref->hole_of_char[(unsigned char)name[0]];
	for (int h = 0; h < ref->nholes; h++)
		if (strcmp(ref->hole_names[h], name) == 0)
			return h;
	return -1;
}

const char *ref_ordinal(int n, char *buf, size_t len)
{
	const char *suffix = "th";

	if (n % 100 < 11 || n % 100 > 13) {
		if (n % 10 == 1)
			suffix = "st";
		else if (n % 10 == 2)
			suffix = "nd";
		else if (n % 10 == 3)
			suffix = "rd";
	}
	snprintf(buf, len, "%d%s", n, suffix);
	return buf;
}

/* ------------------------------------------------------------ models */

static void close_readers(struct referee *ref)
{
	for (int i = 0; i < ref->nreaders; i++)
		ref->reader[i].model->close(ref->reader[i].state);
	ref->nreaders = 0;
}

/* Opens the models of the game's board; -1 when out of memory. */
static int open_readers(struct referee *ref)
{
	const struct sense_model *const *models = ref->sense->models;

	memset(ref->reads, -1, sizeof(ref->reads));
	for (int i = 0; i < SENSE_MODELS_MAX && models[i] != NULL; i++) {
		struct ref_reader *r = &ref->reader[ref->nreaders];

		r->model = models[i];
		r->state = r->model->open(ref);
		if (r->state == NULL)
			return -1;
		ref->nreaders++;
		for (int k = 0; k < OBS_KIND_COUNT; k++)
			if ((r->model->reads & SENSE_READS(k)) &&
			    ref->reads[k] < 0)
				ref->reads[k] = (signed char)i;
	}
	return 0;
}

void ref_new_move(struct referee *ref)
{
	for (int i = 0; i < ref->nreaders; i++)
		if (ref->reader[i].model->follow != NULL)
			ref->reader[i].model->follow(ref, ref->reader[i].state);
}

void ref_clear_move(struct referee *ref)
{
	ref->after_end = 0;
	for (int i = 0; i < ref->nreaders; i++)
		if (ref->reader[i].model->forget != NULL)
			ref->reader[i].model->forget(ref, ref->reader[i].state);
}

void ref_restored(struct referee *ref, const struct ref_about *about,
		  const char *but)
{
	static const struct ref_about restored = { .cause = CAUSE_RESTORED };
	const char *sep = but != NULL && but[0] ? " but " : "";

	if (about == NULL)
		about = &restored;
	if (but == NULL)
		but = "";
	if (ref->after_end) {
		ref->after_end = 0;
		ref->state = REF_IDLE;
		ref_say_about(ref, VERDICT_NOTE, about, ref->ply, NULL,
			      "board restored%s%s; the game is over", sep,
			      but);
		return;
	}
	ref->state = REF_PLAY;
	ref_new_move(ref);
	ref_say_about(ref, VERDICT_NOTE, about, ref->ply + 1, NULL,
		      "board restored%s%s; %s to move", sep, but,
		      ref_mover_name(ref));
}

int ref_counted(struct referee *ref, const struct sense_model *from,
		const int *values)
{
	for (int i = 0; i < ref->nreaders; i++) {
		const struct ref_reader *r = &ref->reader[i];

		if (r->model != from && r->model->counted != NULL &&
		    r->model->counted(ref, r->state, values))
			return 1;
	}
	return 0;
}

int ref_counts_read(const struct referee *ref)
{
	return ref->snapshots_seen;
}

void ref_unknown_place(struct referee *ref, const struct observation *obs)
{
	if (obs->kind == OBS_DROP)
		ref_say(ref, VERDICT_NOTE, CAUSE_UNKNOWN_PLACE, ref->ply, NULL,
			"drop in unknown hole '%s' ignored", obs->where);
}

/* ------------------------------------------------------- life cycle */

struct referee *referee_new(unsigned table, const char *game,
			    const char *options,
			    const struct referee_config *config, verdict_fn fn,
			    void *ctx, char *err, size_t errlen)
{
	const struct rules *ops = rules_find(game);
	struct referee *ref;

	if (ops == NULL || sensing_find(game) == NULL) {
		rules_error(err, errlen, "unknown game '%s'", game);
		return NULL;
	}
	ref = calloc(1, sizeof(*ref));
	if (ref == NULL) {
		rules_error(err, errlen, "out of memory");
		return NULL;
	}
	/* Until a game starts (each start draws its own fresh option). */
	ref->game = rules_game_new_fresh(ops, options, 1, err, errlen);
	if (ref->game == NULL)
		goto err_free_ref;
	ref->table = table;
	ref->sense = sensing_find(game);
	ref->fn = fn;
	ref->ctx = ctx;
	if (config != NULL)
		ref->cfg = *config;
	else
		referee_config_default(&ref->cfg);
	snprintf(ref->base_options, sizeof(ref->base_options), "%s",
		 options != NULL ? options : "");
	ref->undone_to = -1;
	ref->culprit = -1;
	ref->pos_size = ref->pos_cap = rules_position_size(ref->game);
	ref->history = calloc(REF_HISTORY_MAX + 1, ref->pos_size);
	ref->scratch = calloc(1, ref->pos_size);
	ref->nholes = ref->sense->holes(ref->game, ref->hole_names);
	index_holes(ref);
	ref->health = calloc((size_t)ref->nholes + 1, sizeof(*ref->health));
	if (ref->history == NULL || ref->scratch == NULL ||
	    ref->health == NULL || open_readers(ref) < 0) {
		rules_error(err, errlen, "out of memory");
		goto err_free_ref;
	}
	return ref;

err_free_ref:
	referee_free(ref);
	return NULL;
}

int ref_use_game(struct referee *ref, struct rules_game *game, char *err,
		 size_t errlen)
{
	const char *names[SENSE_HOLES_MAX];
	size_t size = rules_position_size(game);
	int n = ref->sense->holes(game, names);
	int same = n == ref->nholes;

	for (int h = 0; same && h < n; h++)
		same = strcmp(names[h], ref->hole_names[h]) == 0;
	if (!same) {
		char shown[256];

		rules_error(err, errlen, "options '%s' need another board (%d "
			    "sensed places, this table's has %d)",
			    rules_public_options(game, shown, sizeof(shown)), n,
			    ref->nholes);
		return -1;
	}
	if (size > ref->pos_cap) {
		unsigned char *history = calloc(REF_HISTORY_MAX + 1, size);
		unsigned char *scratch = calloc(1, size);

		if (history == NULL || scratch == NULL) {
			free(history);
			free(scratch);
			rules_error(err, errlen, "out of memory");
			return -1;
		}
		free(ref->history);
		free(ref->scratch);
		ref->history = history;
		ref->scratch = scratch;
		ref->pos_cap = size;
	}
	rules_game_free(ref->game);
	ref->game = game;
	ref->pos_size = size;
	ref->depth = 0;
	for (int h = 0; h < n; h++)
		ref->hole_names[h] = names[h];
	index_holes(ref);
	for (int i = 0; i < ref->nreaders; i++)
		if (ref->reader[i].model->use_game != NULL)
			ref->reader[i].model->use_game(ref,
						       ref->reader[i].state);
	return 0;
}

int referee_use_options(struct referee *ref, const char *options, char *err,
			size_t errlen)
{
	struct rules_game *game;

	if (strcmp(options, rules_game_options(ref->game)) == 0)
		return 0;
	game = rules_game_new(ref->game->ops, options, err, errlen);
	if (game == NULL)
		return -1;
	if (ref_use_game(ref, game, err, errlen) < 0) {
		rules_game_free(game);
		return -1;
	}
	return 0;
}

void referee_free(struct referee *ref)
{
	if (ref == NULL)
		return;
	close_readers(ref);
	rules_game_free(ref->game);
	free(ref->history);
	free(ref->scratch);
	free(ref->health);
	free(ref);
}

void *ref_pos(struct referee *ref)
{
	return ref->history + (size_t)ref->depth * ref->pos_size;
}

const void *ref_pos_const(const struct referee *ref)
{
	return ref->history + (size_t)ref->depth * ref->pos_size;
}

static void format_position(const struct referee *ref, const void *pos,
			    enum rules_text_view view, char *buf, size_t len)
{
	if (ref->game->ops->position_format(ref->game, pos, view, buf,
					    len) < 0)
		snprintf(buf, len, "?");
}

void ref_position_text(const struct referee *ref, const void *pos, char *buf,
		       size_t len)
{
	format_position(ref, pos, RULES_TEXT_FULL, buf, len);
}

/* What spectators may see of a position (verdicts are public). */
void ref_public_text(const struct referee *ref, const void *pos, char *buf,
		     size_t len)
{
	format_position(ref, pos, RULES_TEXT_PUBLIC, buf, len);
}

static const char *current_position(const struct referee *ref,
				    enum rules_text_view view, char *buf,
				    size_t len)
{
	if (!ref->in_game)
		snprintf(buf, len, "%s", "");
	else
		format_position(ref, ref_pos_const(ref), view, buf, len);
	return buf;
}

const char *referee_position(const struct referee *ref, char *buf,
			     size_t len)
{
	return current_position(ref, RULES_TEXT_FULL, buf, len);
}

const char *referee_public_position(const struct referee *ref, char *buf,
				    size_t len)
{
	return current_position(ref, RULES_TEXT_PUBLIC, buf, len);
}

int referee_plies(const struct referee *ref)
{
	return ref->ply;
}

int referee_in_game(const struct referee *ref)
{
	return ref->in_game && ref->state != REF_IDLE && !ref->after_end;
}

int referee_mover(const struct referee *ref)
{
	return referee_in_game(ref) ? ref_mover(ref) : -1;
}

int referee_held(const struct referee *ref)
{
	return ref->state == REF_HELD;
}

int referee_restoring(const struct referee *ref)
{
	return ref->state == REF_RESTORE;
}

void referee_result(const struct referee *ref, struct rules_result *result)
{
	ref->game->ops->result(ref->game, ref_pos_const(ref), result);
}

const struct rules_game *referee_game(const struct referee *ref)
{
	return ref->game;
}

int referee_lines(const struct referee *ref, const char **names)
{
	for (int h = 0; h < ref->nholes && names != NULL; h++)
		names[h] = ref->hole_names[h];
	return ref->nholes;
}

const struct line_health *referee_line(const struct referee *ref, int hole)
{
	if (hole < 0 || hole >= ref->nholes)
		return NULL;
	return &ref->health[hole];
}

/* The reader whose deadline comes first, and the deadline; -1, 0 when
 * none waits. */
static int next_reader(const struct referee *ref, uint64_t *deadline)
{
	int first = -1;

	*deadline = 0;
	for (int i = 0; i < ref->nreaders; i++) {
		const struct ref_reader *r = &ref->reader[i];
		uint64_t d;

		if (r->model->deadline == NULL)
			continue;
		d = r->model->deadline(ref, r->state);
		if (d != 0 && (first < 0 || d < *deadline)) {
			first = i;
			*deadline = d;
		}
	}
	return first;
}

uint64_t referee_deadline(const struct referee *ref)
{
	uint64_t deadline;

	switch (ref->state) {
	case REF_IDLE:
	case REF_HELD:
		return 0;
	case REF_RESTORE:
		/* A table with snapshots says when the board is back (a
		 * model may wait for it to be still); one with buttons
		 * too; else a quiet period does. */
		if (ref->snapshots_seen)
			break;
		if (ref->buttons_seen)
			return 0;
		return ref->last_activity + ref->cfg.quiet_us;
	case REF_PLAY:
		break;
	}
	next_reader(ref, &deadline);
	return deadline;
}

/* One deadline that has run out, at its time (never before the last
 * verdict's). */
static void run_out(struct referee *ref, uint64_t deadline)
{
	uint64_t first;
	int reader;

	if (deadline > ref->now)
		ref->now = deadline;
	if (ref->state == REF_RESTORE && !ref->snapshots_seen) {
		ref_restored(ref, NULL, NULL);
	} else if (ref->state == REF_PLAY || ref->state == REF_RESTORE) {
		reader = next_reader(ref, &first);
		if (reader >= 0 && ref->reader[reader].model->finish != NULL)
			ref->reader[reader].model->finish(
				ref, ref->reader[reader].state);
	}
}

void referee_tick(struct referee *ref, uint64_t now_us)
{
	/* A judgement may leave another move whose time has run out too
	 * (two moves in one stream of drops): each in turn. */
	for (int i = 0; i < 8; i++) {
		uint64_t deadline = referee_deadline(ref);

		if (deadline == 0 || now_us < deadline)
			break;
		run_out(ref, deadline);
	}
	if (now_us > ref->now)
		ref->now = now_us;
}

/* A sensor's observation, to the model that reads its kind. */
static void sensed(struct referee *ref, const struct observation *obs)
{
	int reader = ref->reads[obs->kind];

	if (obs->kind == OBS_BUTTON) {
		int seat = rules_seat_find(ref->game->ops, obs->where);

		ref->buttons_seen = 1;
		if (ref->state == REF_RESTORE) {
			ref_restored(ref, NULL, NULL);
			return;
		}
		/* The opponent's button while a move is held, before
		 * anything else was played: the opponent confirms it. */
		if (ref->state == REF_HELD && seat >= 0 &&
		    seat != ref_mover(ref) && ref->held_kept == 0) {
			ref_confirm(ref, seat);
			return;
		}
	}
	if (reader >= 0) {
		ref->reader[reader].model->feed(ref, ref->reader[reader].state,
						obs);
	} else if (obs->kind == OBS_SNAPSHOT) {
		ref_say(ref, VERDICT_NOTE, CAUSE_SNAPSHOT_BAD, ref->ply, NULL,
			"unreadable snapshot ignored: this board reads none");
	} else {
		ref_unknown_place(ref, obs);
	}
}

void referee_feed(struct referee *ref, const struct observation *obs)
{
	referee_tick(ref, obs->t_us);
	ref->now = obs->t_us;
	/* Any sign of life at the table restarts the quiet period, except
	 * what ends a turn or a move by itself. */
	if (obs->kind != OBS_BUTTON && obs->kind != OBS_DROP)
		ref->last_activity = ref->now;
	switch (obs->kind) {
	case OBS_DROP:
	case OBS_LIFT:
	case OBS_BUTTON:
	case OBS_SNAPSHOT:
		sensed(ref, obs);
		break;
	default:
		ref_command(ref, obs);
		break;
	}
}
