/*
 * table_record.c - a live table's record: the journal of what its
 * verdicts write, committed in one transaction before they are told,
 * and kept in memory while the store fails (table_impl.h says how).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/log.h"
#include "daemon/table_impl.h"

#define RETRY_US 1000000	/* a failing store tried again this often */

static void *must(void *p)
{
	if (p == NULL) {
		log_err("out of memory");
		abort();
	}
	return p;
}

static char *copy(const char *text)
{
	return text != NULL ? must(strdup(text)) : NULL;
}

/* ---------------------------------------------------------- journal */

static struct record_op *op_new(struct table *t, enum record_kind kind)
{
	struct record_op *op;

	if (t->nops == t->ops_cap) {
		t->ops_cap = t->ops_cap ? 2 * t->ops_cap : 16;
		t->op = must(realloc(t->op, t->ops_cap * sizeof(*t->op)));
	}
	op = &t->op[t->nops++];
	memset(op, 0, sizeof(*op));
	op->kind = kind;
	op->against = -1;
	db_now(op->at, sizeof(op->at));
	return op;
}

static void op_free(struct record_op *op)
{
	free(op->position);
	free(op->text);
	free(op->options);
	free(op->evidence);
}

static const char *source_word(enum verdict_source s)
{
	return s == SOURCE_MANUAL ? DB_SOURCE_MANUAL :
	       s == SOURCE_CORRECTION ? DB_SOURCE_CORRECTION :
	       DB_SOURCE_SENSOR;
}

/* The cause an incident keeps: the verdict's, none for CAUSE_NONE. */
static const char *cause_of(const struct verdict *v)
{
	return v->cause == CAUSE_NONE ? NULL : verdict_cause_name(v->cause);
}

static void journal_start(struct table *t)
{
	struct record_op *op = op_new(t, REC_START);
	char pos[256];

	t->seats = rules_game_seats(referee_game(t->ref));
	op->seats = t->seats;
	op->options = copy(rules_game_options(referee_game(t->ref)));
	op->position = copy(referee_public_position(t->ref, pos, sizeof(pos)));
}

static void journal_over(struct table *t)
{
	struct record_op *op = op_new(t, REC_OVER);
	struct rules_result r;

	referee_result(t->ref, &r);
	op->seats = t->seats;
	op->end.verdict = r.verdict == RULES_ONGOING ? RULES_VOID : r.verdict;
	op->end.winner = op->end.verdict == RULES_WIN ? r.winner : -1;
	for (int s = 0; s < t->seats && s < RULES_MAX_SEATS; s++) {
		op->end.score[s] = r.score[s];
		op->end.points[s] = op->end.verdict == RULES_VOID ? 0 :
				    r.points[s];
	}
}

static void journal_incident(struct table *t, const struct verdict *v,
			     const char *kind)
{
	struct record_op *op = op_new(t, REC_INCIDENT);

	op->ply = v->ply;
	op->incident = kind;
	op->cause = cause_of(v);
	op->text = copy(v->text);
	op->evidence = v->evidence[0] ? copy(v->evidence) : NULL;
	/* A foul is kept against its player. */
	if (v->kind == VERDICT_FOUL && v->seat >= 0 && v->seat < t->seats)
		op->against = v->seat;
}

/* The position now, with the plies kept: a take-back or a position set. */
static void journal_take_back(struct table *t, const struct verdict *v,
			      int keep)
{
	struct record_op *op = op_new(t, REC_TAKE_BACK);
	char pos[256];

	op->keep = keep;
	op->position = copy(referee_public_position(t->ref, pos, sizeof(pos)));
	op->cause = cause_of(v);
	op->text = copy(v->text);
}

static void journal_move(struct table *t, const struct verdict *v)
{
	struct record_op *op = op_new(t, REC_MOVE);

	op->ply = v->ply;
	op->seat = v->seat;
	op->member = v->member;
	op->keep = v->undone_to >= 0 ? v->undone_to : v->ply - 1;
	op->source = source_word(v->source);
	snprintf(op->move, sizeof(op->move), "%s", v->move);
	op->position = copy(v->position);
	/* A plain move needs no incident; a warning or a correction keeps
	 * its text with it, in the same transaction: the referee's own
	 * (a move it took back, the hand not done) as a warning. */
	op->incident = v->kind == VERDICT_WARN ||
		       (v->kind == VERDICT_ACCEPT && v->undone_to >= 0) ?
		       DB_INCIDENT_WARNING : DB_INCIDENT_COMMAND;
	op->cause = cause_of(v);
	op->text = v->kind == VERDICT_ACCEPT && v->undone_to < 0 ? NULL :
		   copy(v->text);
	op->evidence = v->evidence[0] ? copy(v->evidence) : NULL;
}

/* A move, or what a command did to the game. */
static void journal_play(struct table *t, const struct verdict *v)
{
	struct record_op *op;

	if (v->options_changed) {
		op = op_new(t, REC_OPTIONS);
		op->options = copy(rules_game_options(referee_game(t->ref)));
		op->cause = cause_of(v);
		op->text = copy(v->text);
	} else if (v->move[0] != '\0' && v->position[0] != '\0') {
		journal_move(t, v);
	} else if (v->undone_to >= 0) {
		journal_take_back(t, v, v->undone_to);
	} else if (v->cause == CAUSE_POSITION_SET) {
		journal_take_back(t, v, referee_plies(t->ref));
	} else {
		journal_incident(t, v, v->kind == VERDICT_WARN ?
				 DB_INCIDENT_WARNING : DB_INCIDENT_COMMAND);
	}
}

static void tell_later(struct table *t, const struct verdict *v)
{
	if (t->ntell == t->tell_cap) {
		t->tell_cap = t->tell_cap ? 2 * t->tell_cap : 4;
		t->tell = must(realloc(t->tell, t->tell_cap * sizeof(*t->tell)));
	}
	t->tell[t->ntell++] = *v;
}

void record_verdict(struct table *t, const struct verdict *v)
{
	/* The referee took back a move of its own that the hand had not
	 * finished: the record is put right with this verdict, in its
	 * transaction (a move taken carries it itself). */
	if (v->undone_to >= 0 && v->kind != VERDICT_ACCEPT &&
	    v->kind != VERDICT_WARN && v->kind != VERDICT_COMMAND)
		journal_take_back(t, v, v->undone_to);
	switch (v->kind) {
	case VERDICT_START:
		journal_start(t);
		break;
	case VERDICT_ACCEPT:
	case VERDICT_WARN:
	case VERDICT_COMMAND:
		journal_play(t, v);
		break;
	case VERDICT_HOLD:
		journal_incident(t, v, DB_INCIDENT_WARNING);
		break;
	case VERDICT_FOUL:
		journal_incident(t, v, DB_INCIDENT_FOUL);
		break;
	case VERDICT_REFUSED:
		journal_incident(t, v, DB_INCIDENT_COMMAND);
		break;
	case VERDICT_NOTE:
		/* A line that died or came back is kept with the game. */
		if (verdict_is_sensor(v))
			journal_incident(t, v, DB_INCIDENT_WARNING);
		break;
	case VERDICT_OVER:
		journal_over(t);
		break;
	}
	tell_later(t, v);
}

void record_game_over(struct table *t)
{
	journal_over(t);
}

void record_command_done(struct table *t, int64_t command,
			 const struct db_command_outcome *o)
{
	struct record_op *op = op_new(t, REC_DONE);

	op->command = command;
	snprintf(op->outcome_kind, sizeof(op->outcome_kind), "%s", o->kind);
	snprintf(op->outcome_cause, sizeof(op->outcome_cause), "%s", o->cause);
	op->ply = o->ply;
	snprintf(op->move, sizeof(op->move), "%s", o->move ? o->move : "");
	op->text = copy(o->text);
}

/* ------------------------------------------------------ the writes */

/* A write the store refused is logged and left out; the others go on.
 * A failure ends the flush. */
static int settled(struct table *t, int rc, const char *what)
{
	if (rc != DB_REFUSED)
		return rc;
	t->store_errors++;
	log_err("table %u: %s: %s", t->cfg.id, what, db_error(t->db));
	return DB_OK;
}

void flush_say(struct flush *fs, enum log_level level, const char *fmt, ...)
{
	va_list ap;
	int i = fs->nsaid < FLUSH_SAID_MAX ? fs->nsaid++ : FLUSH_SAID_MAX - 1;

	fs->said[i].level = level;
	va_start(ap, fmt);
	vsnprintf(fs->said[i].text, sizeof(fs->said[i].text), fmt, ap);
	va_end(ap);
}

static int apply_start(struct table *t, struct flush *fs,
		       const struct record_op *op)
{
	struct db_game_end void_end = { RULES_VOID, -1, { 0 }, { 0 }, op->at };
	struct db_game_new g;
	char why[256];
	int rc;

	if (fs->game != 0 &&
	    (rc = settled(t, db_game_finish(t->db, fs->game, &void_end),
			  "closing the abandoned game")) != DB_OK)
		return rc;
	fs->game = 0;
	rc = table_seat_friendly(t, op->seats, fs->friendly, why, sizeof(why));
	if ((rc = settled(t, rc, "seating the players")) != DB_OK)
		return rc;
	memset(&g, 0, sizeof(g));
	g.kind = t->cfg.game;
	g.options = op->options;
	g.table_id = t->board_id;
	g.seats = op->seats;
	for (int s = 0; s < op->seats; s++)
		g.members[s] = 1;
	g.first_how = DB_FIRST_RULES;
	g.position = op->position;
	g.started = op->at;
	rc = table_start_series_game(t, &g, fs);
	if (rc != 0)
		return rc == 1 ? DB_OK : rc;
	/* A friendly game (or the series could not take it). */
	for (int s = 0; s < RULES_MAX_SEATS; s++)
		g.player[s][0] = fs->player[s] =
			s < op->seats ? fs->friendly[s] : 0;
	g.series_id = 0;
	fs->series = 0;
	return settled(t, db_game_start(t->db, &g, &fs->game),
		       "starting the game");
}

static int apply_move(struct table *t, struct flush *fs,
		      const struct record_op *op)
{
	struct db_move m = {
		.ply = op->ply, .seat = op->seat, .member = op->member,
		.player_id = op->seat >= 0 && op->seat < RULES_MAX_SEATS ?
			     fs->player[op->seat] : 0,
		.notation = op->move, .position = op->position,
		.source = op->source, .at = op->at, .evidence = op->evidence,
	};
	int rc;

	if (fs->game == 0)
		return DB_OK;
	rc = db_game_take_back(t->db, fs->game, op->keep, op->position, &m,
			       op->incident, op->cause, op->text);
	if (rc == DB_OK)
		fs->moves++;
	return settled(t, rc, "recording the move");
}

static int apply_take_back(struct table *t, struct flush *fs,
			   const struct record_op *op)
{
	if (fs->game == 0)
		return DB_OK;
	return settled(t, db_game_take_back(t->db, fs->game, op->keep,
					    op->position, NULL,
					    DB_INCIDENT_COMMAND, op->cause,
					    op->text),
		       "taking the move back");
}

static int apply_options(struct table *t, struct flush *fs,
			 const struct record_op *op)
{
	if (fs->game == 0)
		return DB_OK;
	return settled(t, db_game_set_options(t->db, fs->game, op->options,
					      op->cause, op->text),
		       "keeping the entered secret");
}

static int apply_incident(struct table *t, struct flush *fs,
			  const struct record_op *op)
{
	int64_t player = op->against >= 0 && op->against < RULES_MAX_SEATS ?
			 fs->player[op->against] : 0;

	if (fs->game == 0)
		return DB_OK;
	return settled(t, db_incident_add(t->db, fs->game, op->ply,
					  op->incident, op->cause, player,
					  op->text, op->evidence),
		       "recording an incident");
}

static int apply_over(struct table *t, struct flush *fs,
		      const struct record_op *op)
{
	struct db_game_end end = op->end;
	int64_t game = fs->game;

	if (game == 0)
		return DB_OK;
	fs->game = 0;
	end.ended = op->at;
	return settled(t, db_game_finish(t->db, game, &end),
		       "finishing the game");
}

static int apply_done(struct table *t, struct flush *fs,
		      const struct record_op *op)
{
	struct db_command_outcome o = {
		op->outcome_kind, op->outcome_cause, op->ply, op->move,
		op->text,
	};

	(void)fs;
	return settled(t, db_command_done(t->db, op->command, &o),
		       "closing the command");
}

static int (*const apply[REC_KINDS])(struct table *t, struct flush *fs,
				     const struct record_op *op) = {
	[REC_START] = apply_start,
	[REC_MOVE] = apply_move,
	[REC_TAKE_BACK] = apply_take_back,
	[REC_OPTIONS] = apply_options,
	[REC_INCIDENT] = apply_incident,
	[REC_OVER] = apply_over,
	[REC_DONE] = apply_done,
};

/* One operation, with its events in the outbox when the table keeps
 * one: all in the flush's transaction. */
static int apply_op(struct table *t, struct flush *fs,
		    const struct record_op *op)
{
	struct outbox_mark m;
	int rc;

	if (!t->cfg.outbox)
		return apply[op->kind](t, fs, op);
	rc = outbox_before(t, fs, &m);
	if (rc == DB_OK)
		rc = apply[op->kind](t, fs, op);
	if (rc == DB_OK)
		rc = outbox_after(t, fs, op, &m);
	return rc;
}

/* ------------------------------------------------------------ flush */

static void retry(void *ctx);

/* The store failed: the journal waits, and is tried again. */
static void store_failing(struct table *t)
{
	t->store_errors++;
	if (t->retry < 0)
		t->retry = loop_at(t->loop, loop_now() + RETRY_US, retry, t);
	if (t->unrecorded)
		return;
	t->unrecorded = 1;
	snprintf(t->store_state, sizeof(t->store_state), "%s: moves are not "
		 "being recorded", db_full(t->db) ? "database full" :
		 "database failing");
	log_err("table %u: %s; they are kept in memory and written as soon "
		"as the database takes them (%s)", t->cfg.id, t->store_state,
		db_error(t->db));
	if (t->observer != NULL)
		t->observer(t->observer_ctx, t, NULL);
}

/* The journal committed: the table's record is the flush's now. */
static void committed(struct table *t, const struct flush *fs)
{
	size_t n = t->nops;

	t->game_id = fs->game;
	t->series_id = fs->series;
	memcpy(t->player, fs->player, sizeof(t->player));
	memcpy(t->friendly, fs->friendly, sizeof(t->friendly));
	t->moves += fs->moves;
	for (size_t i = 0; i < t->nops; i++)
		op_free(&t->op[i]);
	t->nops = 0;
	for (int i = 0; i < fs->nsaid; i++)
		log_msg(fs->said[i].level, "table %u: %s", t->cfg.id,
			fs->said[i].text);
	if (t->unrecorded) {
		t->unrecorded = 0;
		t->store_state[0] = '\0';
		log_warn("table %u: the database takes writes again: the %zu "
			 "records kept in memory are written", t->cfg.id, n);
		if (t->observer != NULL)
			t->observer(t->observer_ctx, t, NULL);
	}
}

/* The journal in one transaction: 0 committed, -1 kept for later. */
static int flush(struct table *t)
{
	struct flush fs;
	int rc;

	if (t->nops == 0)
		return 0;
	memset(&fs, 0, sizeof(fs));
	fs.game = t->game_id;
	fs.series = t->series_id;
	memcpy(fs.player, t->player, sizeof(fs.player));
	memcpy(fs.friendly, t->friendly, sizeof(fs.friendly));
	rc = db_transaction_begin(t->db);
	for (size_t i = 0; i < t->nops && rc == DB_OK; i++) {
		/* Written late, each record keeps the time of its verdict. */
		db_set_time(t->db, t->op[i].at);
		rc = apply_op(t, &fs, &t->op[i]);
	}
	db_set_time(t->db, NULL);
	rc = db_transaction_end(t->db, rc);
	if (rc != DB_OK) {
		store_failing(t);
		return -1;
	}
	committed(t, &fs);
	return 0;
}

static void retry(void *ctx)
{
	struct table *t = ctx;

	t->retry = -1;
	flush(t);
}

/* Tells the verdicts waiting: the log, the board's lights, the
 * dashboard. */
static void tell(struct table *t)
{
	for (size_t i = 0; i < t->ntell; i++) {
		const struct verdict *v = &t->tell[i];

		/* "(not recorded yet: database full)" while it fails. */
		log_msg(v->kind == VERDICT_FOUL || v->kind == VERDICT_WARN ||
			v->kind == VERDICT_HOLD ? LOG_LEVEL_WARN :
			LOG_LEVEL_INFO, "table %u: %s %d %s: %s%s%.*s%s",
			t->cfg.id, verdict_kind_name(v->kind), v->ply,
			v->move[0] ? v->move : "-", v->text,
			t->unrecorded ? " (not recorded yet: " : "",
			(int)strcspn(t->store_state, ":"), t->store_state,
			t->unrecorded ? ")" : "");
		if (t->source != NULL && t->source_ops->verdict != NULL)
			t->source_ops->verdict(t->source, v,
					       referee_mover(t->ref));
		if (t->check != NULL && t->cfg.check->verdict != NULL)
			t->cfg.check->verdict(t->check, v,
					      referee_mover(t->ref));
		if (t->observer != NULL)
			t->observer(t->observer_ctx, t, v);
	}
	t->ntell = 0;
}

int record_settle(struct table *t)
{
	/* While the store fails, the timer tries it: not every verdict. */
	if (!t->unrecorded)
		flush(t);
	tell(t);
	return t->nops == 0 ? 0 : 1;
}

void record_free(struct table *t)
{
	/* The store may work again before the next try was due. */
	flush(t);
	if (t->retry >= 0)
		loop_cancel(t->loop, t->retry);
	t->retry = -1;
	if (t->nops > 0)
		log_err("table %u: %zu records never written: the database "
			"did not take them", t->cfg.id, t->nops);
	for (size_t i = 0; i < t->nops; i++)
		op_free(&t->op[i]);
	free(t->op);
	free(t->tell);
	t->op = NULL;
	t->tell = NULL;
	t->nops = t->ntell = 0;
}
