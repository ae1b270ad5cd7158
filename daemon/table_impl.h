/*
 * table_impl.h - what the files of a live table share: the table, and
 * its record (table_record.c). Not for use outside daemon/table*.c.
 *
 * A verdict becomes record operations in the table's journal, and
 * waits there to be told. The journal is committed in one transaction
 * (with the outcome of the command that caused it, if any), and only
 * then is the verdict told: logged, lit, sent to the dashboard. When
 * the store fails (a full disk), the journal stays in memory with every
 * later verdict's operations, the verdicts are told as not recorded
 * yet, and the whole journal is tried again every second until it
 * commits: games started meanwhile get their ids only then.
 */
#ifndef PITBOSS_TABLE_IMPL_H
#define PITBOSS_TABLE_IMPL_H

#include "daemon/log.h"
#include "daemon/table.h"

enum record_kind {
	REC_START,		/* a game: the one under way closed, void */
	REC_MOVE,		/* a move, after the plies kept */
	REC_TAKE_BACK,		/* plies taken back, a position set */
	REC_OPTIONS,		/* the game's options, before its first move */
	REC_INCIDENT,		/* a foul, a warning, a command */
	REC_OVER,		/* the game's end and result */
	REC_DONE,		/* a command of the door, carried out */
	REC_KINDS
};

/* One write to the store, as decided by a verdict. */
struct record_op {
	enum record_kind kind;
	char at[DB_TIME_MAX];		/* when it was decided */
	int ply, seat, member;
	int keep;			/* plies kept (REC_MOVE, TAKE_BACK) */
	int seats;			/* REC_START, REC_OVER */
	const char *source;		/* DB_SOURCE_* of a move */
	const char *incident;		/* DB_INCIDENT_*, or NULL */
	const char *cause;		/* its verdict's cause, or NULL */
	int against;			/* the seat a foul is kept against, or -1 */
	char move[16];
	char *position, *text, *options;	/* owned, or NULL */
	char *evidence;			/* the judgement's, owned, or NULL */
	struct db_game_end end;		/* REC_OVER */
	int64_t command;		/* REC_DONE: its id */
	char outcome_kind[16], outcome_cause[24];
};

struct table {
	struct table_config cfg;
	struct loop *loop;
	struct db *db;
	struct referee *ref;
	const struct source_ops *source_ops;
	struct source *source;
	/* The check source (cfg.check), opened with check_cfg: the table's
	 * settings with its own block; NULL when none. */
	struct source *check;
	struct table_config check_cfg;
	char resume_position[256];	/* a game under way, for the source */
	int64_t board_id;
	int seats;			/* seats in play */
	/* As committed: */
	int64_t game_id;		/* the game under way, 0 if none */
	int64_t series_id;		/* its series, 0 if a friendly */
	int64_t player[RULES_MAX_SEATS];	/* of the game under way */
	int64_t friendly[RULES_MAX_SEATS];	/* the table's own players */
	int timer;			/* the referee's deadline, or -1 */
	struct verdict last_v;		/* the last verdict */
	unsigned long verdicts;		/* given so far */
	table_observer_fn observer;
	void *observer_ctx;
	unsigned long moves, store_errors;
	/* The journal, and the verdicts waiting to be told: */
	struct record_op *op;
	size_t nops, ops_cap;
	struct verdict *tell;
	size_t ntell, tell_cap;
	int deferred;			/* a command under way: wait for it */
	int unrecorded;			/* the store failed; the journal waits */
	int retry;			/* the next try, or -1 */
	char store_state[96];		/* "" or why nothing is recorded */
	/* The trace of what the table saw (table_trace.c): NULL when off
	 * or stopped by a write error. */
	FILE *trace;
	char trace_path[CONF_PATH_MAX + 64];
	char trace_frame[CONF_PATH_MAX];	/* the last frame named in it */
	uint64_t trace_last_us;		/* the time of its last line */
};

#define FLUSH_SAID_MAX 8	/* lines to log once a flush commits */

/* What a flush has written so far, the table's as it will be once
 * committed, and what it will log then. */
struct flush {
	int64_t game;
	int64_t series;
	int64_t player[RULES_MAX_SEATS];
	int64_t friendly[RULES_MAX_SEATS];
	unsigned long moves;
	struct {
		enum log_level level;
		char text[256];
	} said[FLUSH_SAID_MAX];
	int nsaid;
};

/* A line for the log once the flush commits (the last one kept is
 * replaced when there are too many). */
void flush_say(struct flush *fs, enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* What the store held before an operation was applied, for its events
 * in the outbox (table_outbox.c). */
struct outbox_mark {
	int64_t game;			/* the game under way */
	unsigned long moves, errors;	/* the flush's moves, store errors */
	int64_t incident;		/* the last incident's id */
};

/* Inside the flush's transaction, around applying `op` (when the table
 * keeps an outbox): the mark before, then the events of what it wrote.
 * DB_OK, or the store's failure (the flush then fails whole). */
int outbox_before(struct table *t, const struct flush *fs,
		  struct outbox_mark *m);
int outbox_after(struct table *t, const struct flush *fs,
		 const struct record_op *op, const struct outbox_mark *m);

/* The operations of verdict `v` into the journal, and `v` to be told. */
void record_verdict(struct table *t, const struct verdict *v);
/* A game found over at start: its end into the journal. */
void record_game_over(struct table *t);
/* A command carried out: its outcome into the journal. */
void record_command_done(struct table *t, int64_t command,
			 const struct db_command_outcome *outcome);
/*
 * Commits the journal in one transaction (while the store works; else
 * leaves it to the timer), then tells the verdicts waiting. 0 when the
 * journal is committed, 1 when it waits for the store.
 */
int record_settle(struct table *t);
/* Frees the journal and what waits to be told (the table closes). */
void record_free(struct table *t);

/* The table's trace file (table_trace.c): opened on its `traces` folder
 * (nothing when empty), every observation fed to the referee written to
 * it, closed. A failure is logged once and ends the trace, never the
 * table. */
void table_trace_open(struct table *t);
void table_trace_obs(struct table *t, const struct observation *obs,
		     const char *frame);
void table_trace_close(struct table *t);

/* The friendly players of `seats` seats (created when missing) into
 * `friendly`, which keeps those known; -1 with the store's message. */
int table_seat_friendly(struct table *t, int seats, int64_t *friendly,
			char *err, size_t errlen);
/* Opens `g` (its seats, options and position set) into the store as
 * the next game of the series the table plays, for REC_START, within
 * flush `fs`: 1 with its game, players and series set in `fs`, 0 when
 * the table has no series for it, DB_FAILED when the store failed.
 * What it writes (a call-up) commits with the game. */
int table_start_series_game(struct table *t, struct db_game_new *g,
			    struct flush *fs);

#endif
