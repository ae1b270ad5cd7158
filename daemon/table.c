/*
 * table.c - a live table: observations in, verdicts out and into the
 * store (table_record.c). Every verdict that changes the record commits
 * before it is told and before the next observation is looked at, so a
 * power cut loses at most the move being made, never one that was
 * announced.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/log.h"
#include "daemon/table_impl.h"
#include "db/commands.h"
#include "db/db_hub.h"
#include "db/series.h"

static int ensure_player(struct table *t, const char *name, int64_t *id)
{
	struct db_player p;
	int rc = db_player_find(t->db, name, &p);

	if (rc == DB_OK) {
		*id = p.id;
		return DB_OK;
	}
	return rc == DB_FAILED ? rc : db_player_add(t->db, name, id);
}

int table_seat_friendly(struct table *t, int seats, int64_t *friendly,
			char *err, size_t errlen)
{
	for (int s = 0; s < seats && s < RULES_MAX_SEATS; s++) {
		char name[128];
		int rc;

		if (t->cfg.players[s][0] != '\0')
			snprintf(name, sizeof(name), "%s", t->cfg.players[s]);
		else
			snprintf(name, sizeof(name), "%s %s", t->cfg.name,
				 rules_seat_name(referee_game(t->ref)->ops, s));
		if (friendly[s] == 0 &&
		    (rc = ensure_player(t, name, &friendly[s])) != DB_OK) {
			snprintf(err, errlen, "table %u: player '%s': %s",
				 t->cfg.id, name, db_error(t->db));
			return rc;
		}
	}
	return DB_OK;
}

/* The seats of the game the referee plays and the table's own player at
 * each (a game's options may seat more or fewer than the last). */
static int seat_players(struct table *t, char *err, size_t errlen)
{
	t->seats = rules_game_seats(referee_game(t->ref));
	if (table_seat_friendly(t, t->seats, t->friendly, err, errlen) !=
	    DB_OK)
		return -1;
	for (int s = 0; s < t->seats; s++)
		t->player[s] = t->friendly[s];
	return 0;
}

/* --------------------------------------------------------- the record */

/* Whether series `id` (read into `s`) is played with the table's game
 * and `options`: 1 or 0, -1 when the store failed. */
static int series_fits(struct table *t, int64_t id, const char *options,
		       struct db_series_info *s)
{
	int rc = db_series_get(t->db, id, s);

	if (rc != DB_OK)
		return rc == DB_FAILED ? -1 : 0;
	return strcmp(s->kind, t->cfg.game) == 0 &&
	       strcmp(s->options, options) == 0;
}

/* Whether series `id` is played with the table's game and options. */
static int plays_here(struct table *t, int64_t id)
{
	struct db_series_info s;

	return series_fits(t, id, rules_game_options(referee_game(t->ref)),
			   &s) == 1;
}

/* `g` becomes the next game of series `s` (two seats, the first mover
 * alternating). */
static void series_players(struct db_game_new *g,
			   const struct db_series_info *s)
{
	int first = series_first_mover(s->first, s->games + 1);

	g->player[0][0] = s->player[first];
	g->player[1][0] = s->player[!first];
	g->series_id = s->id;
	g->first_how = DB_FIRST_ALTERNATE;
}

/* What game `game`, started as `g` in series `s`, says once committed. */
static void series_said(const struct db_game_new *g,
			const struct db_series_info *s, int64_t game,
			char *said, size_t len)
{
	int first = g->player[0][0] == s->player[0] ? 0 : 1;

	snprintf(said, len, "game %lld is game %d of series %lld, %s v %s",
		 (long long)game, s->games + 1, (long long)s->id,
		 s->name[first], s->name[!first]);
}

/*
 * The series the table plays, for a game of `options`, into *id (0 when
 * none): the one called to it (called off when it is of another game),
 * or, when it is free, the next due series of its game in a tournament
 * with auto call. Part of a flush: its writes commit with the game it
 * starts, and what it says is logged then. DB_FAILED when the store
 * failed.
 */
static int table_series(struct table *t, struct flush *fs,
			const char *options, int64_t *id)
{
	struct db_series_info s;
	int rc = db_series_called_at(t->db, t->board_id, id), fits;

	if (rc != DB_OK)
		return rc;
	if (*id != 0) {
		if ((fits = series_fits(t, *id, options, &s)) != 0)
			return fits < 0 ? DB_FAILED : DB_OK;
		flush_say(fs, LOG_LEVEL_WARN, "series %lld is of another game "
			  "or other options; called off", (long long)*id);
		rc = db_series_call(t->db, *id, 0);
		if (rc == DB_FAILED)
			return rc;
	}
	rc = db_series_call_next(t->db, t->board_id, t->cfg.game, options, id);
	if (rc == DB_OK && *id != 0)
		flush_say(fs, LOG_LEVEL_INFO, "series %lld called by auto call",
			  (long long)*id);
	return rc;
}

int table_start_series_game(struct table *t, struct db_game_new *g,
			    struct flush *fs)
{
	struct db_series_info s;
	char said[256];
	int64_t id = 0;
	int rc = g->seats == 2 ? table_series(t, fs, g->options, &id) : DB_OK;

	if (rc == DB_OK && id != 0)
		rc = db_series_get(t->db, id, &s);
	if (rc != DB_OK || id == 0)
		return rc == DB_FAILED ? rc : 0;
	series_players(g, &s);
	rc = db_game_start(t->db, g, &fs->game);
	if (rc != DB_OK) {
		fs->game = 0;
		if (rc == DB_FAILED)
			return rc;
		t->store_errors++;
		log_err("table %u: starting the series' game: %s", t->cfg.id,
			db_error(t->db));
		return 0;
	}
	for (int i = 0; i < RULES_MAX_SEATS; i++)
		fs->player[i] = i < 2 ? g->player[i][0] : 0;
	fs->series = s.id;
	series_said(g, &s, fs->game, said, sizeof(said));
	flush_say(fs, LOG_LEVEL_INFO, "%s", said);
	return 1;
}

/* The record of a new game at the table, before its players. */
static void new_game(struct table *t, struct db_game_new *g, char *pos,
		     size_t len)
{
	memset(g, 0, sizeof(*g));
	g->kind = t->cfg.game;
	g->options = rules_game_options(referee_game(t->ref));
	g->table_id = t->board_id;
	g->seats = t->seats;
	for (int s = 0; s < t->seats; s++)
		g->members[s] = 1;
	g->first_seat = 0;
	g->first_how = DB_FIRST_RULES;
	g->position = referee_public_position(t->ref, pos, len);
}

/* The frame the last snapshot came from, of the check or the source;
 * "" when none was kept. */
static const char *last_frame(const struct table *t)
{
	if (t->check != NULL && t->cfg.check->frame != NULL)
		return t->cfg.check->frame(t->check);
	if (t->source != NULL && t->source_ops->frame != NULL)
		return t->source_ops->frame(t->source);
	return "";
}

/* A hold, a warning or a foul at a table with a camera: the last frame
 * it read, named in the verdict's evidence for the records (its file in
 * the camera's frames folder), to look at if the decision is disputed. */
static const struct verdict *with_frame(const struct table *t,
					const struct verdict *v,
					struct verdict *buf)
{
	const char *frame = last_frame(t), *base = strrchr(frame, '/');
	size_t n = strlen(v->evidence);

	if (frame[0] == '\0' || (v->kind != VERDICT_HOLD &&
				 v->kind != VERDICT_WARN &&
				 v->kind != VERDICT_FOUL) ||
	    n + strlen(frame) + 8 > sizeof(v->evidence))
		return v;
	*buf = *v;
	snprintf(buf->evidence + n, sizeof(buf->evidence) - n, " frame=%s",
		 base != NULL ? base + 1 : frame);
	return buf;
}

static void on_verdict(void *ctx, const struct verdict *verdict)
{
	struct table *t = ctx;
	struct verdict copy;
	const struct verdict *v = with_frame(t, verdict, &copy);

	t->last_v = *v;
	t->verdicts++;
	record_verdict(t, v);
	/* A command's verdicts wait for its outcome: one transaction. */
	if (!t->deferred)
		record_settle(t);
}

/* ------------------------------------------------------------- time */

static void on_deadline(void *ctx);

static void reschedule(struct table *t)
{
	uint64_t when = referee_deadline(t->ref);

	if (t->timer >= 0)
		loop_cancel(t->loop, t->timer);
	t->timer = when != 0 ? loop_at(t->loop, when, on_deadline, t) : -1;
}

static void on_deadline(void *ctx)
{
	struct table *t = ctx;

	t->timer = -1;
	referee_tick(t->ref, loop_now());
	reschedule(t);
}

/* Where every observation reaches the referee, a source's or a
 * command's: written to the table's trace first, so that the trace
 * replays to the same verdicts. */
static void feed(struct table *t, const struct observation *o)
{
	table_trace_obs(t, o, o->kind == OBS_SNAPSHOT ? last_frame(t) : "");
	referee_feed(t->ref, o);
	reschedule(t);
}

static void on_observation(void *ctx, const struct observation *obs)
{
	struct table *t = ctx;
	struct observation o = *obs;

	o.table = t->cfg.id;
	feed(t, &o);
}

/* The check source, its snapshots fed to the referee beside the
 * source's observations: opened on the table's settings with its own
 * block. 0, or -1 with why in `err`. */
static int open_check(struct table *t, char *err, size_t errlen)
{
	t->check_cfg = t->cfg;
	t->check_cfg.source = t->cfg.check;
	t->check_cfg.source_conf = t->cfg.check_conf;
	t->check_cfg.check = NULL;
	t->check = t->cfg.check->open(t->loop, &t->check_cfg,
				      t->resume_position, on_observation, t,
				      err, errlen);
	return t->check != NULL ? 0 : -1;
}

/* ----------------------------------------------------------- resume */

struct move_list {
	char (*text)[64];
	const char **ptr;
	int n, cap;
};

static int collect_move(void *ctx, const struct db_move_info *m)
{
	struct move_list *l = ctx;

	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		char (*text)[64] = realloc(l->text, (size_t)cap * sizeof(*text));

		if (text == NULL)
			return -1;
		l->text = text;
		l->cap = cap;
	}
	snprintf(l->text[l->n++], sizeof(l->text[0]), "%s", m->notation);
	return 0;
}

/* Takes up the game under way at the board, if any. */
static int resume(struct table *t, char *err, size_t errlen)
{
	struct db_game_info info;
	struct move_list l = { NULL, NULL, 0, 0 };
	char pos[256];
	int rc = 0;

	if (db_game_playing_at(t->db, t->board_id, &t->game_id) != DB_OK) {
		snprintf(err, errlen, "%s", db_error(t->db));
		return -1;
	}
	if (t->game_id == 0)
		return 0;
	if (db_game_get(t->db, t->game_id, &info) != DB_OK ||
	    db_game_moves(t->db, t->game_id, collect_move, &l) != DB_OK) {
		snprintf(err, errlen, "%s", db_error(t->db));
		free(l.text);
		return -1;
	}
	/* The game's own options, which a start may have changed. */
	if (referee_use_options(t->ref, info.options, err, errlen) < 0 ||
	    seat_players(t, err, errlen) < 0) {
		free(l.text);
		return -1;
	}
	l.ptr = calloc((size_t)l.n + 1, sizeof(*l.ptr));
	for (int i = 0; l.ptr != NULL && i < l.n; i++)
		l.ptr[i] = l.text[i];
	if (l.ptr == NULL ||
	    referee_resume(t->ref, l.ptr, l.n, NULL, err, errlen) < 0) {
		rc = -1;
	} else if (strcmp(referee_public_position(t->ref, pos, sizeof(pos)),
			  info.position) != 0 &&
		   referee_resume(t->ref, l.ptr, l.n, info.position, err,
				  errlen) < 0) {
		rc = -1;
	}
	if (rc == 0) {
		for (int s = 0; s < info.seats && s < RULES_MAX_SEATS; s++)
			t->player[s] = info.side_player[s];
		t->series_id = info.series_id;
		log_info("table %u: game %lld resumed after %d moves at %s",
			 t->cfg.id, (long long)t->game_id, l.n,
			 referee_public_position(t->ref, pos, sizeof(pos)));
		if (referee_in_game(t->ref))
			snprintf(t->resume_position,
				 sizeof(t->resume_position), "%s", pos);
		else {
			/* It ended as the power went. */
			record_game_over(t);
			record_settle(t);
		}
	}
	free(l.ptr);
	free(l.text);
	return rc;
}

/* ------------------------------------------------------- life cycle */

struct table *table_open(struct loop *loop, struct db *db,
			 const struct table_config *config, char *err,
			 size_t errlen)
{
	struct table *t = calloc(1, sizeof(*t));
	struct db_table board;
	char why[256];

	if (t == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	t->cfg = *config;
	t->loop = loop;
	t->db = db;
	t->timer = -1;
	t->retry = -1;
	if (db_table_find(db, t->cfg.name, &board) == DB_OK)
		t->board_id = board.id;
	else if (db_table_add(db, t->cfg.name, "", &t->board_id) != DB_OK)
		t->board_id = 0;
	/* Its records' MQTT id, for a game corrected by `pitboss game`. */
	if (t->board_id == 0 ||
	    db_board_outbox_key(db, t->board_id, t->cfg.outbox ?
				t->cfg.mqtt_id : NULL) != DB_OK) {
		snprintf(err, errlen, "table %u: %s", t->cfg.id, db_error(db));
		goto err_free;
	}
	/* A check beside the source (a camera beside drop gates): the
	 * drops see every move, from the start. */
	if (t->cfg.check != NULL)
		t->cfg.referee.drop_gates = 1;
	t->ref = referee_new(t->cfg.id, t->cfg.game, t->cfg.options,
			     &t->cfg.referee, on_verdict, t, why, sizeof(why));
	if (t->ref == NULL) {
		snprintf(err, errlen, "table %u: %s", t->cfg.id, why);
		goto err_free;
	}
	if (seat_players(t, err, errlen) < 0)
		goto err_free_referee;
	if (resume(t, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "table %u: resuming game %lld: %s",
			 t->cfg.id, (long long)t->game_id, why);
		goto err_free_referee;
	}
	table_trace_open(t);
	t->source_ops = t->cfg.source;
	t->source = t->source_ops->open(loop, &t->cfg, t->resume_position,
					on_observation, t, why, sizeof(why));
	if (t->source == NULL) {
		snprintf(err, errlen, "table %u: %s", t->cfg.id, why);
		goto err_free_referee;
	}
	if (t->cfg.check != NULL && open_check(t, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "table %u: check: %s", t->cfg.id, why);
		t->source_ops->close(t->source);
		goto err_free_referee;
	}
	reschedule(t);
	return t;

err_free_referee:
	table_trace_close(t);
	record_free(t);
	referee_free(t->ref);
err_free:
	free(t);
	return NULL;
}

void table_close(struct table *t)
{
	if (t == NULL)
		return;
	if (t->timer >= 0)
		loop_cancel(t->loop, t->timer);
	if (t->check != NULL)
		t->cfg.check->close(t->check);
	if (t->source != NULL)
		t->source_ops->close(t->source);
	table_trace_close(t);
	record_free(t);
	referee_free(t->ref);
	free(t);
}

/* A command refused before it reached the referee. */
static int refuse(struct table *t, struct verdict *out, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int refuse(struct table *t, struct verdict *out, const char *fmt, ...)
{
	va_list ap;

	memset(out, 0, sizeof(*out));
	out->table = t->cfg.id;
	out->kind = VERDICT_REFUSED;
	out->cause = CAUSE_REFUSED;
	out->undone_to = -1;
	va_start(ap, fmt);
	vsnprintf(out->text, sizeof(out->text), fmt, ap);
	va_end(ap);
	return -1;
}

/* The verdict the command caused: 0, or 1 when it caused none. */
static int answer(struct table *t, unsigned long before, struct verdict *out)
{
	if (t->verdicts == before) {
		memset(out, 0, sizeof(*out));
		snprintf(out->text, sizeof(out->text), "no verdict");
		return 1;
	}
	*out = t->last_v;
	return 0;
}

/* "GAME SEAT SECRET": a player's own secret for the game that was under
 * way when he entered it; never an observation (so never in a trace). */
static int enter_secret(struct table *t, const char *text,
			struct verdict *out)
{
	unsigned long before = t->verdicts;
	char seat[16] = "";
	long long game = 0;
	int n = 0, s;

	sscanf(text != NULL ? text : "", "%lld %15s %n", &game, seat, &n);
	s = rules_seat_find(referee_game(t->ref)->ops, seat);
	if (s < 0 || n == 0)
		return refuse(t, out, "secret refused: 'GAME SEAT SECRET' "
			      "expected");
	if (game != t->game_id)
		return refuse(t, out, "secret refused: it was entered for "
			      "game %lld and game %lld is under way; enter "
			      "it again", game, (long long)t->game_id);
	referee_enter_secret(t->ref, s, text + n);
	return answer(t, before, out);
}

/*
 * "SERIES": the series is called to this table, recorded at once (a
 * hub's series, given as its JSON, is played as the table's own series
 * made for it: db_hub_series_mirror()); a
 * game under way without a move and in no series gives way to the
 * series' first game here. Its writes are its own, not the journal's:
 * refused while the journal waits for the store, as the game under way
 * is known only once it is committed.
 */
static int call_series(struct table *t, const char *text,
		       struct verdict *out)
{
	struct db_series_info s;
	struct db_game_new g;
	char pos[256], said[256], *end = NULL;
	long long id = text != NULL ? strtoll(text, &end, 10) : 0;
	int64_t game = 0;

	if (t->unrecorded || t->nops > 0)
		return refuse(t, out, "assign refused: the table's records "
			      "wait for the database; try again once they "
			      "are written");
	/* A hub's series (its call's JSON): the table's own for it. */
	if (text != NULL && text[0] == '{') {
		if (db_hub_series_mirror(t->db, text, &game) != DB_OK)
			return refuse(t, out, "%s", db_error(t->db));
		id = game;
		game = 0;
	} else if (end == NULL || end == text || *end != '\0' || id <= 0)
		return refuse(t, out, "assign: a series number expected");
	/* Called here already (the CLI records the call first). */
	if (db_series_get(t->db, id, &s) != DB_OK)
		return refuse(t, out, "%s", db_error(t->db));
	if (!plays_here(t, id)) {
		if (s.board_id == t->board_id)
			db_series_call(t->db, id, 0);
		return refuse(t, out, "series %lld is played as %s '%s'; "
			      "table %s plays %s '%s'", id, s.kind, s.options,
			      t->cfg.name, t->cfg.game,
			      rules_game_options(referee_game(t->ref)));
	}
	if (s.board_id != t->board_id &&
	    db_series_call(t->db, id, t->board_id) != DB_OK)
		return refuse(t, out, "%s", db_error(t->db));
	if (t->game_id != 0 && t->series_id == 0 && t->seats == 2 &&
	    referee_plies(t->ref) == 0 && referee_in_game(t->ref)) {
		new_game(t, &g, pos, sizeof(pos));
		series_players(&g, &s);
		if (table_outbox_replace_empty(t, t->game_id, &g, &game) ==
		    DB_OK) {
			t->game_id = game;
			t->player[0] = g.player[0][0];
			t->player[1] = g.player[1][0];
			t->series_id = s.id;
			series_said(&g, &s, game, said, sizeof(said));
			log_info("table %u: %s", t->cfg.id, said);
		} else {
			game = 0;
		}
	}
	memset(out, 0, sizeof(*out));
	out->table = t->cfg.id;
	out->kind = VERDICT_COMMAND;
	out->undone_to = -1;
	snprintf(out->text, sizeof(out->text), "series %lld called to table "
		 "%s%s", id, t->cfg.name, game != 0 ? ", its game under way" :
		 ", from the next game");
	return 0;
}

static int command(struct table *t, const struct command_word *w,
		   const char *text, struct verdict *out)
{
	unsigned long before = t->verdicts;
	struct observation o;
	int k;

	if (w->act == COMMAND_SECRET)
		return enter_secret(t, text, out);
	if (w->act == COMMAND_CALL)
		return call_series(t, text, out);
	k = w->act == COMMAND_OBSERVE ? obs_kind_find(w->observation) : -1;
	if (k < 0)
		return refuse(t, out, "%s is not a command for a table",
			      w->word);
	if (w->text == COMMAND_TEXT_NEEDED && (text == NULL || text[0] == '\0'))
		return refuse(t, out, "%s needs its text", w->word);
	memset(&o, 0, sizeof(o));
	o.t_us = loop_now();
	o.table = t->cfg.id;
	o.kind = (enum obs_kind)k;
	if (w->text != COMMAND_TEXT_NONE && text != NULL) {
		if (strlen(text) >= sizeof(o.text))
			return refuse(t, out, "%s: text longer than %zu bytes",
				      w->word, sizeof(o.text) - 1);
		snprintf(o.text, sizeof(o.text), "%s", text);
	}
	feed(t, &o);
	return answer(t, before, out);
}

int table_command(struct table *t, const struct command_word *w,
		  const char *text, struct verdict *out)
{
	t->deferred = 1;
	return command(t, w, text, out);
}

int table_command_close(struct table *t, int64_t command_id,
			const struct db_command_outcome *outcome)
{
	if (command_id != 0)
		record_command_done(t, command_id, outcome);
	t->deferred = 0;
	return record_settle(t);
}

const char *table_store_state(const struct table *t)
{
	return t->store_state[0] != '\0' ? t->store_state : NULL;
}

int64_t table_board_id(const struct table *t)
{
	return t->board_id;
}

unsigned table_id(const struct table *t)
{
	return t->cfg.id;
}

const struct referee *table_referee(const struct table *t)
{
	return t->ref;
}

const char *table_source_status(const struct table *t)
{
	const char *s = t->source == NULL || t->source_ops->status == NULL ?
			"online" : t->source_ops->status(t->source);

	/* The check's trouble when the source itself is well. */
	if (strcmp(s, "online") == 0 && t->check != NULL &&
	    t->cfg.check->status != NULL)
		return t->cfg.check->status(t->check);
	return s;
}

const char *table_camera_image(const struct table *t)
{
	if (t->check != NULL && t->cfg.check->image != NULL)
		return t->cfg.check->image(t->check);
	if (t->source != NULL && t->source_ops->image != NULL)
		return t->source_ops->image(t->source);
	return "";
}

unsigned long table_moves_committed(const struct table *t)
{
	return t->moves;
}

unsigned long table_store_errors(const struct table *t)
{
	return t->store_errors;
}

void table_set_observer(struct table *t, table_observer_fn fn, void *ctx)
{
	t->observer = fn;
	t->observer_ctx = ctx;
}

const char *table_name(const struct table *t)
{
	return t->cfg.name;
}
