/*
 * referee_impl.h - the referee's state, shared by its files (referee.c:
 * life cycle, the sensing models and dispatch; referee_move.c: taking,
 * holding and refusing moves; referee_command.c: entries and the
 * arbiter's commands) and by the sensing models (sense_model.h). Not
 * part of the referee's interface.
 */
#ifndef PITBOSS_REFEREE_IMPL_H
#define PITBOSS_REFEREE_IMPL_H

#include "referee/referee.h"
#include "referee/sense_model.h"
#include "rules/rules.h"

#define REF_HISTORY_MAX 2048	/* positions kept for undo, per game */
#define REF_MOVE_TEXT 16	/* a move's notation, with its NUL */

enum ref_state {
	REF_IDLE,	/* no game */
	REF_PLAY,	/* waiting for or following a move */
	REF_HELD,	/* a move awaits confirmation */
	REF_RESTORE	/* after a foul: the board is being put back */
};

/* A sensing model reading the board, and its state. */
struct ref_reader {
	const struct sense_model *model;
	void *state;
};

/* What a verdict is about besides its sentence: why it was given, the
 * places concerned and, for a sensor line, its warnings. */
struct ref_about {
	enum verdict_cause cause;
	int places[VERDICT_PLACES_MAX];
	int nplaces;
	int warnings;
	char evidence[VERDICT_EVIDENCE_MAX];	/* what it rests on, or "" */
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
	int after_end;			/* the board is put back after play
					   after the end: the game stays over */
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
	char move_text[REF_HISTORY_MAX + 1][REF_MOVE_TEXT];

	/* The sensed places, and the health of their lines. */
	int nholes;
	const char *hole_names[SENSE_HOLES_MAX];
	short hole_of_char[256];	/* a one-letter place name's index,
					   or -1 */
	struct line_health *health;	/* one per place */
	int buttons_seen;		/* the table's players use buttons */
	int snapshots_seen;		/* the table sends snapshots */
	int drops_seen;			/* and drops (a count source beside
					   drop gates reads every move) */
	/* A snapshot read as ranges (a camera unsure of some places)
	 * while it is judged: the upper bounds, the lower ones being the
	 * `seen` values the models are handed; NULL for exact counts. */
	const int *seen_hi;

	/* The models that read the board, and which reads each kind. */
	struct ref_reader reader[SENSE_MODELS_MAX];
	int nreaders;
	signed char reads[OBS_KIND_COUNT];	/* a reader, or -1 */

	/* What the next verdict reports of a move just taken. */
	int taken;
	struct rules_turn taken_turn;
	enum verdict_source taken_source;
	int undone_to;			/* plies left by a take-back, or -1 */
	char revised[REF_MOVE_TEXT];	/* the move the referee took back
					   itself, for the next verdict; "" */
	int culprit;		/* seat of the next foul, -1: the mover */
	enum verdict_source next_source;	/* for ref_accept's caller */
	struct rules_move held;		/* the move awaiting confirmation */
	char held_text[REF_MOVE_TEXT];
	int held_kept;			/* observations the models kept for
					   after the decision on it */
	int held_arbiter;		/* the arbiter alone confirms it: the
					   opponent's button is the one it
					   doubts */
	/* The board the game's last move left before the end's own
	 * bookkeeping (sensing's unswept), to tell the end being put away
	 * from play after it; end_unswept_set: known. */
	int end_unswept[SENSE_HOLES_MAX];
	int end_unswept_set;
};

/* referee.c */
/* printf at the end of the text in `buf` (of `len`), cut to fit. */
void ref_append(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Adds `place` to what a verdict is about (once; none when < 0). */
/* Where the values `seen` differ from `want`, place by place ("WORD
 * NAME reads 5, expected 4; ..."), into `buf`; the places into `about`. */
void ref_disagreement(const struct referee *ref, const int *seen,
		      const int *want, char *buf, size_t len,
		      struct ref_about *about);
void ref_about_place(struct ref_about *about, int place);
/* How far `v` pieces are from the snapshot's place `h`: none in its
 * range (ref->seen_hi), else the seeds to its nearer end. */
int ref_seen_off(const struct referee *ref, const int *seen, int h, int v);
/* How far the values `want` are from the snapshot `seen`: the seeds
 * each place is off, a range (ref->seen_hi) counting from its nearer
 * end. */
int ref_seen_distance(const struct referee *ref, const int *want,
		      const int *seen);
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
/* What players call a place: the game's word for it. */
const char *ref_hole_word(const struct referee *ref, int hole);
/* The game's words for what drops and how a move is made. */
const struct sense_words *ref_words(const struct referee *ref);
/* Index of a place by name, or -1. */
int ref_hole_index(const struct referee *ref, const char *name);
const char *ref_ordinal(int n, char *buf, size_t len);
void *ref_pos(struct referee *ref);
const void *ref_pos_const(const struct referee *ref);
void ref_position_text(const struct referee *ref, const void *pos, char *buf,
		       size_t len);
void ref_public_text(const struct referee *ref, const void *pos, char *buf,
		     size_t len);
/* A new move is to be read from the current position. */
void ref_new_move(struct referee *ref);
/* The move under way is forgotten. */
void ref_clear_move(struct referee *ref);
/* The board is back as the position says: the mover may go on (or,
 * after play after the end, the game is over still). `about` and
 * `but` (what still differs, or "") for the note; NULL: none. */
void ref_restored(struct referee *ref, const struct ref_about *about,
		  const char *but);
/* An observation naming no sensed place. */
void ref_unknown_place(struct referee *ref, const struct observation *obs);
/* The board's values `values` (a snapshot read by `from`), to every
 * other model's counted(): 1 when one of them judged with them. */
int ref_counted(struct referee *ref, const struct sense_model *from,
		const int *values);
/* The table reads the board's values as well as its drops: a move is
 * judged with them when they come soon enough. */
int ref_counts_read(const struct referee *ref);
/* Plays `game` from now on (the caller's game is the referee's then);
 * -1 with the reason, nothing changed, when it needs another board. */
int ref_use_game(struct referee *ref, struct rules_game *game, char *err,
		 size_t errlen);

/* referee_move.c */
int ref_mover(const struct referee *ref);
const char *ref_mover_name(const struct referee *ref);
/* Pushes a copy of the current position; returns it. */
void *ref_push(struct referee *ref);
/* Applies a legal move and says so, for what `about` says; `note`
 * qualifies the verdict. */
int ref_accept(struct referee *ref, const struct rules_move *move,
	       enum verdict_kind kind, const struct ref_about *about,
	       const char *note);
/* Holds `move` (`text`) for the arbiter or the opponent: "S plays c?
 * WHY; confirm or correct", or "S plays c? WHY ASK" when `ask` is not
 * NULL (" — check and confirm"). */
void ref_hold(struct referee *ref, const struct rules_move *move,
	      const char *text, const struct ref_about *about,
	      const char *why, const char *ask);
/* After a foul was said: the board is to be put back (after the end of
 * the game: to its final position). */
void ref_await_restore(struct referee *ref);
/* The move before gave the mover another turn: its text; else NULL. */
const char *ref_moves_again(const struct referee *ref);
/*
 * The last move, taken from the sensors, was read before the hand had
 * finished: taken back by the referee itself, and the move before it
 * followed anew. The next verdict carries the correction (undone_to,
 * and "corrects M" in its sentence), so the record is put right in the
 * same transaction as it. -1 when the last move is no sensed move.
 */
int ref_revise(struct referee *ref);

/* referee_command.c */
void ref_start_game(struct referee *ref);
/* The held move is confirmed, by the arbiter or by `seat` (the
 * opponent, at the table) when >= 0, unless the hold is the arbiter's
 * alone (held_arbiter: then a note); or as `by` says ("confirmed by
 * the counts"). */
void ref_confirm(struct referee *ref, int seat);
void ref_confirm_by(struct referee *ref, const char *by);
void ref_command(struct referee *ref, const struct observation *obs);

#endif
