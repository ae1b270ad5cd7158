/*
 * rules.h - the one interface to every game pitboss referees.
 *
 * Everything above rules/ (referee, database, web, CLI) talks to a game
 * only through a `struct rules` ops table, so none of it branches on
 * the game. A game is created from named options; positions are plain
 * fixed-size buffers owned by the caller; moves are small opaque values.
 * Engines do no I/O, keep no globals and never allocate on the move path
 * (only rules_game_new() allocates).
 *
 * Seats. Each game has `seats` sides, named by short strings ("S"/"N",
 * "1".."5"). A seat may be a team: the engine says which member of the
 * seat is to act (`struct rules_turn.member`).
 *
 * How the three games map onto it:
 *
 *  - Kalah (rules/kalah.c): seats S and N; a move is a pit letter
 *    (a..h for South, A..H for North) or "swap" (pie rule). apply()
 *    reports an extra turn, a capture of n seeds, a swap, the game's
 *    end; the score is the patent's points. Teams rotate members after
 *    every complete turn.
 *
 *  - The hidden-code game (Meirovitz): one seat per player (2..5). The
 *    position holds the secrets, the current row and the marks given so
 *    far; the engine's turn is "guess by X" and then "mark by Y" for each
 *    other player in order. A move carries its actor: a guess (five
 *    colours or blanks), a mark (black/white/none) or a claim, which any
 *    seat may make out of turn. A wrong mark is refused by apply() with
 *    the correct mark in the reason, which the referee records as a foul
 *    against the marker. result() reports a win, a disqualification or a
 *    void game (claims=patent). Secrets are options (drawn from a
 *    recorded `seed=` or entered), never shown by position_format() to a
 *    public caller before the game is over (RULES_TEXT_PUBLIC).
 *
 *  - Transport (Paschal, rules/transport.c): seats S and N (four players
 *    are two teams of two, so a seat with two members). The position
 *    (struct transport_pos) is every piece with its squares and
 *    pointing, the reserves and the repetition history; a move is a
 *    piece's "Tf1-f2", "Pe5-e7:ne", "He11-off" or a launch "B*h3:n";
 *    apply() reports pieces destroyed as captures and the end (a
 *    transport sunk, no legal move, quiet plies, repetition, a
 *    resignation or a declared draw).
 *
 * Errors: functions that can fail return 0 or -1 and write a one-line
 * message into a caller's buffer (`err`, `errlen`); messages name the
 * offending option, field or move in the game's own notation.
 */
#ifndef PITBOSS_RULES_H
#define PITBOSS_RULES_H

#include <stddef.h>
#include <stdint.h>

#define RULES_MAX_SEATS 5
#define RULES_MAX_OPTIONS 16
#define RULES_ERR_MAX 160

struct rules_game;

/* One option a game accepts, spelled `name` or `name=value`. */
enum rules_opt_type {
	RULES_OPT_FLAG,		/* present or absent; value 1 or 0 */
	RULES_OPT_INT,		/* integer in [min, max] */
	RULES_OPT_CHOICE,	/* one of `choices`; value is its index */
	RULES_OPT_TEXT		/* free text, checked by the engine */
};

struct rules_option {
	const char *name;
	enum rules_opt_type type;
	long long def;
	long long min, max;
	long long bare;			/* INT: value of the bare name, 0: none */
	const char *const *choices;	/* RULES_OPT_CHOICE: NULL-terminated */
	const char *help;
};

/* A move: an engine-defined value, copied freely, compared with memcmp. */
struct rules_move {
	uint32_t w[4];
};

/* Whose turn it is. seat < 0 when the game is over. */
struct rules_turn {
	int seat;
	int member;		/* team member of that seat to act, from 0 */
	int members;		/* members of that seat's team, 1 if no team */
};

/* What applying a move did. */
enum {
	RULES_EXTRA_TURN = 1u << 0,	/* the same seat moves again */
	RULES_CAPTURE = 1u << 1,	/* `captured` pieces or seeds were won */
	RULES_GAME_OVER = 1u << 2,
	RULES_SWAP = 1u << 3,		/* players exchanged seats (pie rule) */
	RULES_SWEEP = 1u << 4		/* end-of-game sweep moved seeds */
};

struct rules_outcome {
	unsigned flags;
	int captured;
	struct rules_turn next;		/* who acts next */
};

enum rules_verdict {
	RULES_ONGOING,
	RULES_WIN,		/* `winner` won */
	RULES_DRAW,
	RULES_VOID		/* game discontinued, no result */
};

struct rules_result {
	enum rules_verdict verdict;
	int winner;				/* seat, -1 unless RULES_WIN */
	int score[RULES_MAX_SEATS];		/* game-defined tally (Kalah: store) */
	int points[RULES_MAX_SEATS];		/* points carried into a series */
};

/* position_format() audiences. */
enum rules_text_view {
	RULES_TEXT_FULL,	/* everything, for the referee and the record */
	RULES_TEXT_PUBLIC	/* what spectators may see (hides secrets) */
};

struct rules {
	const char *name;		/* "kalah" */
	const char *title;		/* "Kalah (Champion, 1955)" */
	int seats;
	const char *const *seat_names;
	const char *score_name;		/* what result().score counts: "stores" */
	const struct rules_option *options;	/* terminated by name == NULL */
	size_t max_moves;		/* upper bound of legal_moves() */

	/* Engine set-up from parsed option values; may allocate `*priv`. */
	int (*setup)(struct rules_game *game, char *err, size_t errlen);
	void (*teardown)(struct rules_game *game);
	size_t (*position_size)(const struct rules_game *game);

	void (*start)(const struct rules_game *game, void *pos);
	struct rules_turn (*to_move)(const struct rules_game *game,
				     const void *pos);
	/* Fills up to `cap` moves; returns how many exist. */
	size_t (*legal_moves)(const struct rules_game *game, const void *pos,
			      struct rules_move *moves, size_t cap);
	/* Checks and applies; on an illegal move leaves `pos` unchanged,
	 * says why in `err` and returns -1. */
	int (*apply)(const struct rules_game *game, void *pos,
		     const struct rules_move *move, struct rules_outcome *out,
		     char *err, size_t errlen);
	void (*result)(const struct rules_game *game, const void *pos,
		       struct rules_result *result);

	int (*position_parse)(const struct rules_game *game, const char *text,
			      void *pos, char *err, size_t errlen);
	int (*position_format)(const struct rules_game *game, const void *pos,
			       enum rules_text_view view, char *buf,
			       size_t buflen);
	int (*move_parse)(const struct rules_game *game, const void *pos,
			  const char *text, struct rules_move *move, char *err,
			  size_t errlen);
	int (*move_format)(const struct rules_game *game, const void *pos,
			   const struct rules_move *move, char *buf,
			   size_t buflen);
	/* Stable across runs, builds and machines. */
	uint64_t (*hash)(const struct rules_game *game, const void *pos);

	/* Optional fast move-path counter; NULL uses the generic one. */
	uint64_t (*perft)(const struct rules_game *game, const void *pos,
			  unsigned depth);
	/* Optional: the options spectators may see (secrets left out);
	 * NULL: all of them. 0, or -1 when `buf` is too small. */
	int (*public_options)(const struct rules_game *game, char *buf,
			      size_t buflen);
	/* Optional: the seats in play, when the options say (players=3);
	 * NULL: all `seats`. */
	int (*active_seats)(const struct rules_game *game);
	/* Optional: the seat that makes `move` (a claim out of turn);
	 * NULL: the seat to move. */
	int (*move_seat)(const struct rules_game *game, const void *pos,
			 const struct rules_move *move);
	/* Optional: what spectators may learn from a position (the codes
	 * still consistent with the marks), as one line; 0, or -1. */
	int (*analyse)(const struct rules_game *game, const void *pos,
		       char *buf, size_t buflen);
	/* Optional: what one seat alone may know (its secret), to be shown
	 * to that player only; NULL: a game without secrets. */
	int (*seat_view)(const struct rules_game *game, const void *pos,
			 int seat, char *buf, size_t buflen);
	/* Optional: an INT option drawn anew for every game whose options
	 * leave it out (the hidden-code game's seed, so no two games share
	 * secrets), unless the engine refuses it with the options given
	 * (secrets entered instead); NULL: none. */
	const char *fresh_option;
	/* Optional: seat `seat` enters what it alone may know (its secret)
	 * as `text`, before the first move: the game's option text with it,
	 * into `buf`, for the game to be made anew from. 0; 1 when the
	 * last entry showed that the entries cannot stand together, all of
	 * them then taken back in `buf` and what to do in `err`; or -1
	 * with why in `err`, which never repeats `text`. NULL: nothing to
	 * enter. */
	int (*seat_enter)(const struct rules_game *game, int seat,
			  const char *text, char *buf, size_t buflen,
			  char *err, size_t errlen);
	/* Optional: the options whose values make games of a different
	 * kind for the ratings (Kalah's pits and seeds), NULL-terminated;
	 * NULL: one rating list for the game (rules_rating_key()). */
	const char *const *rating_options;
	/* Optional: a solver for spectators' analysis; NULL: the game
	 * offers none (open() may still refuse some of its options). */
	const struct rules_solver_ops *solver;
};

/* Progress of a solver's search, or a database's build. */
struct rules_progress {
	int depth;		/* plies of the iteration; 0: the exact search */
	int value;		/* the first seat's margin so far */
	int exact;		/* the value is the perfect-play value */
	int done;		/* the iteration (or level) is complete */
	uint64_t nodes;		/* positions searched (or built) */
	double seconds;
};

typedef void (*rules_progress_fn)(void *ctx, const struct rules_progress *p);

/* A solver's answer for a position. */
struct rules_eval {
	int value;		/* final score, the first seat's minus the
				 * second's, with best play on both sides */
	int exact;		/* 1: perfect play; 0: a bounded search's
				 * estimate after `depth` plies */
	int depth;
	int has_best;
	struct rules_move best;	/* a best move for the seat to move */
	uint64_t nodes;
	double seconds;
};

/*
 * A game's perfect-play analysis (for spectators and `pitboss rules
 * solve`). open() allocates everything the solver will use (its
 * transposition table about `bytes` large); solve() then allocates
 * nothing. Endgame databases are memory the caller owns (built into
 * a buffer, kept in a file and memory-mapped): db_bytes() says how
 * large the one for `seeds` in play is and names it (0: none),
 * db_build() fills it, db_use() hands it to the solver.
 */
struct rules_solver_ops {
	void *(*open)(const struct rules_game *game, size_t bytes, char *err,
		      size_t errlen);
	void (*close)(void *solver);
	void (*progress)(void *solver, rules_progress_fn fn, void *ctx);
	/* Within `seconds` (<= 0: until solved); -1 with why in `err` for
	 * a position it does not take. */
	int (*solve)(void *solver, const void *pos, double seconds,
		     struct rules_eval *out, char *err, size_t errlen);
	size_t (*db_bytes)(void *solver, int seeds, char *name,
			   size_t namelen);
	void (*db_build)(void *solver, int seeds, void *db,
			 rules_progress_fn fn, void *ctx);
	void (*db_use)(void *solver, const void *db, int seeds);
};

/* A created game: the ops, the option values and the engine's data. */
struct rules_game {
	const struct rules *ops;
	long long value[RULES_MAX_OPTIONS];
	char *text[RULES_MAX_OPTIONS];	/* RULES_OPT_TEXT values, or NULL */
	char options[256];		/* canonical option text */
	void *priv;
};

/* NULL-terminated list of every game compiled in. */
extern const struct rules *const rules_registry[];

const struct rules *rules_find(const char *name);

/*
 * Creates a game from an option list: words separated by spaces or
 * commas, each `name` (a flag) or `name=value`. Unknown names, bad values
 * and values out of range are refused with a message naming them.
 * Free with rules_game_free().
 */
struct rules_game *rules_game_new(const struct rules *ops,
				  const char *options, char *err,
				  size_t errlen);
void rules_game_free(struct rules_game *game);

/*
 * rules_game_new() for a game about to be played: when the game has a
 * fresh option and `options` leave it out, it is set from `draw` (brought
 * into the option's range) if the engine accepts that, so the drawn value
 * is in the game's option text and the game can be replayed.
 */
struct rules_game *rules_game_new_fresh(const struct rules *ops,
					const char *options, uint64_t draw,
					char *err, size_t errlen);

/*
 * Option text `over` laid on `base`: base's words whose names `over`
 * does not give, then over's words. -1 when `out` is too small.
 */
int rules_options_merge(const char *base, const char *over, char *out,
			size_t outlen);

/* Index of option `name` in the game's table, or -1. */
int rules_option_index(const struct rules *ops, const char *name);

/* Canonical option text: options differing from their default, in table
 * order ("pits=5 empty-capture"); empty for the defaults. */
const char *rules_game_options(const struct rules_game *game);
/* The seats in play in this game. */
int rules_game_seats(const struct rules_game *game);
/* The options as spectators may see them, into `buf`. */
const char *rules_public_options(const struct rules_game *game, char *buf,
				 size_t buflen);

size_t rules_position_size(const struct rules_game *game);

/*
 * The rating list the results of a game of `ops` with `options` go to:
 * the game's name, then each of its rating options with its value,
 * default or not ("kalah pits=6 seeds=4"; "codegame"). Only the options
 * are read (the engine's set-up is not run). -1 with why in `err` for
 * options that do not parse, or a `buf` too small.
 */
int rules_rating_key(const struct rules *ops, const char *options,
		     char *buf, size_t buflen, char *err, size_t errlen);

/* Seat name, or "?" for an out-of-range seat. */
const char *rules_seat_name(const struct rules *ops, int seat);
/* Seat index of a name, or -1. */
int rules_seat_find(const struct rules *ops, const char *name);

/*
 * Leaf count at exactly `depth` plies (a game that ends earlier counts
 * only at its own depth). Uses the engine's fast counter when it has
 * one.
 */
uint64_t rules_perft(const struct rules_game *game, const void *pos,
		     unsigned depth);
/* The generic counter over legal_moves() and apply(). */
uint64_t rules_perft_generic(const struct rules_game *game, const void *pos,
			     unsigned depth);

/* Writes a message into a caller's error buffer (either may be NULL/0). */
void rules_error(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* FNV-1a, 64 bits: the stable hash engines build on. */
uint64_t rules_fnv1a(uint64_t hash, const void *data, size_t len);
#define RULES_FNV_OFFSET 14695981039346656037ULL

#endif
