/*
 * referee_impl.h - the referee's state, shared by its files
 * (referee.c: life cycle and dispatch; referee_move.c: drops and
 * verdicts; referee_command.c: snapshots, entries and the arbiter's
 * commands). Not part of the referee's interface.
 */
#ifndef PITBOSS_REFEREE_IMPL_H
#define PITBOSS_REFEREE_IMPL_H

#include "referee/match.h"
#include "referee/referee.h"
#include "rules/rules.h"

#define REF_HISTORY_MAX 2048	/* positions kept for undo, per game */
#define REF_WARN_KEEP 8		/* recent warnings remembered per line */
#define REF_WARN_PLIES 40	/* the window a warning count covers */

enum ref_state {
	REF_IDLE,	/* no game */
	REF_PLAY,	/* waiting for or following a move */
	REF_HELD,	/* a move awaits confirmation */
	REF_RESTORE	/* after a foul: the board is being put back */
};

struct line_track {
	int missed_in_a_row;
	int warn_ply[REF_WARN_KEEP];	/* plies of recent warnings */
	int nwarn;
	uint64_t recent[16];		/* times of recent pulses */
	int nrecent;
};

struct referee {
	unsigned table;
	struct referee_config cfg;
	struct rules_game *game;
	const struct sensing *sense;
	verdict_fn fn;
	void *ctx;
	uint64_t now;
	uint64_t last_activity;

	enum ref_state state;
	int in_game;
	int ply;			/* moves accepted in this game */
	int plies_seen;			/* moves accepted at this table ever */
	char base_options[256];		/* the table's; a start adds to them */
	int options_changed;		/* for the next verdict */
	size_t pos_size;
	size_t pos_cap;			/* room of each history slot */
	unsigned char *history;		/* positions 0..depth */
	unsigned char *scratch;		/* one position, for trying moves */
	int depth;
	/* How each position was reached: by a move (its text) or not. */
	uint8_t was_move[REF_HISTORY_MAX + 1];
	char move_text[REF_HISTORY_MAX + 1][16];

	int nholes;
	const char *hole_names[SENSE_HOLES_MAX];
	struct match_board board;
	struct line_health health[SENSE_HOLES_MAX];
	struct line_track track[SENSE_HOLES_MAX];

	uint8_t pend[MATCH_OBS_MAX];	/* drops of the move under way */
	int npend;
	int min_prefix;			/* best cost of pend as a beginning */
	int best_whole;			/* best cost of pend as a whole move */
	int lifted;			/* first hole touched, or -1 */
	uint64_t last_drop_us;		/* the drop before, in this move */
	int buttons_seen;		/* the table's players use buttons */
	int snapshots_seen;		/* the table sends snapshots */
	int whole;			/* pend is exactly one whole move */

	/* What the next verdict reports of a move just taken. */
	int taken;
	struct rules_turn taken_turn;
	enum verdict_source taken_source;
	int undone_to;			/* plies left by a take-back, or -1 */
	int culprit;			/* seat of the next foul, -1: the mover */
	enum verdict_source next_source;	/* set by the caller of ref_accept */
	struct rules_move held;		/* the move awaiting confirmation */
	char held_text[16];
	uint8_t queue[MATCH_OBS_MAX];	/* drops sensed while a move is held */
	int nqueue;
	int quiet_noted;		/* ignored drops already reported */

	/* The legal moves of the position and their alignment tables. */
	struct sense_expect expect[SENSE_MOVES_MAX];
	struct match_table align[SENSE_MOVES_MAX];
	struct match_result result[SENSE_MOVES_MAX];
	int nexpect;
	uint16_t *arena_cost;
	uint8_t *arena_step;
	size_t arena_cells;
};

/* What a verdict is about besides its sentence: why it was given, the
 * places concerned and, for a sensor line, its warnings. */
struct ref_about {
	enum verdict_cause cause;
	int places[VERDICT_PLACES_MAX];
	int nplaces;
	int warnings;
};

/* referee.c */
/* Adds `place` to what a verdict is about (once; none when < 0). */
void ref_about_place(struct ref_about *about, int place);
/* Gives a verdict for `cause`, about no place in particular. */
void ref_say(struct referee *ref, enum verdict_kind kind,
	     enum verdict_cause cause, int ply, const char *move,
	     const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* Gives a verdict about what `about` says. */
void ref_say_about(struct referee *ref, enum verdict_kind kind,
		   const struct ref_about *about, int ply, const char *move,
		   const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
const char *ref_hole_name(const struct referee *ref, int hole);
const char *ref_hole_word(const struct referee *ref, int hole);
const char *ref_ordinal(int n, char *buf, size_t len);
void *ref_pos(struct referee *ref);
const void *ref_pos_const(const struct referee *ref);
void ref_position_text(const struct referee *ref, const void *pos, char *buf,
		       size_t len);
void ref_public_text(const struct referee *ref, const void *pos, char *buf,
		     size_t len);

/* referee_move.c */
void ref_board_geometry(struct referee *ref);
int ref_mover(const struct referee *ref);
/* Recomputes the legal moves' drops for the current position. */
void ref_new_move(struct referee *ref);
/* Re-aligns the held drops (after a line changed state). */
void ref_rematch(struct referee *ref);
void ref_drop_hole(struct referee *ref, int hole);
void ref_drop(struct referee *ref, const struct observation *obs);
void ref_lift(struct referee *ref, const struct observation *obs);
void ref_button(struct referee *ref, const struct observation *obs);
void ref_finish_move(struct referee *ref, const char *why);
/* Applies a legal move and says so, for what `about` says; `note`
 * qualifies the verdict. */
int ref_accept(struct referee *ref, const struct rules_move *move,
	       enum verdict_kind kind, const struct ref_about *about,
	       const char *note);
void ref_clear_move(struct referee *ref);
/* Pushes a copy of the current position; returns it. */
void *ref_push(struct referee *ref);

/* referee_command.c */
void ref_snapshot(struct referee *ref, const char *text);
void ref_start_game(struct referee *ref);
/* Plays `game` from now on (the caller's game is the referee's then);
 * -1 with the reason, nothing changed, when it needs another board. */
int ref_use_game(struct referee *ref, struct rules_game *game, char *err,
		 size_t errlen);
void ref_command(struct referee *ref, const struct observation *obs);

#endif
