/*
 * sensing.h - what the referee needs to know of a game's board to read
 * it: the sensed places (holes, squares) and their names, the sensing
 * models the board uses (drop sequences, snapshots, or entries only: see
 * sense_model.h), what each model asks of the game, and the words people
 * read. One table per game, in a file of the game's own, listed in
 * sensing_registry[]; the referee core knows no game.
 */
#ifndef PITBOSS_SENSING_H
#define PITBOSS_SENSING_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define SENSE_HOLES_MAX 256	/* sensed places of a board (a uint8_t) */
#define SENSE_PATH_MAX 256	/* drops of one move */
#define SENSE_MOVES_MAX 16	/* moves read by their drops, per position */
#define SENSE_MODELS_MAX 4	/* sensing models of one board */

/*
 * The drops one legal move produces: `path` in this order, then the
 * `tail` drops in any order (pieces carried by hand to a place after
 * the move proper: a capture, a sweep at the end of the game).
 */
struct sense_expect {
	struct rules_move move;
	char text[16];			/* the move in the game's notation */
	int origin;			/* place the pieces are lifted from */
	int npath;
	uint8_t path[SENSE_PATH_MAX];
	int beyond;			/* where one piece more would have
					   gone, or -1 */
	int ntail;
	uint8_t tail[SENSE_HOLES_MAX];	/* drops expected per place */
	int ends;			/* the move ends the game: its tail
					   (the final sweep) may come after
					   the verdict, or not at all */
};

/* The words people read about the board, in the game's own terms. */
struct sense_words {
	const char *piece;		/* what drops into a place */
	const char *pieces;		/* the plural */
	const char *verb;		/* to make a move by drops */
	const char *done;		/* its participle: made so */
	const char *doing;		/* its gerund: making so */
};

struct sense_model;

struct sensing {
	const char *game;		/* the rules' name of the game */
	/* The models that read the board, NULL-terminated. */
	const struct sense_model *const *models;
	struct sense_words words;
	/* Number of sensed places; their names in `names`. */
	int (*holes)(const struct rules_game *game, const char **names);
	/* What players call a place (a game's word for its kind). */
	const char *(*hole_word)(const struct rules_game *game, int hole);

	/* For drop sequences (sense_model_drops). */
	/* Every legal move made by drops, with its drops. */
	size_t (*expect)(const struct rules_game *game, const void *pos,
			 struct sense_expect *out, size_t cap);
	/* Neighbouring places, where a piece may roll by accident. */
	int (*adjacent)(const struct rules_game *game, int a, int b);
	/* A place none of the mover's pieces may enter. */
	int (*forbidden)(const struct rules_game *game, const void *pos,
			 int hole);

	/* For snapshots (sense_model_snapshots). */
	/* The value of every place of a position, in place order: a count
	 * of pieces, or an occupancy. */
	void (*counts)(const struct rules_game *game, const void *pos,
		       int *counts);
	/* A snapshot's text as the value of every place; -1 with why. */
	int (*snapshot_parse)(const struct rules_game *game, const char *text,
			      int *counts, char *err, size_t errlen);
	/* The values of every place as a snapshot's text; -1 when `buf`
	 * is too small. */
	int (*snapshot_format)(const struct rules_game *game,
			       const int *counts, char *buf, size_t len);
	/* Optional: `move` changes what the board shows (an exchange of
	 * seats does not); NULL: every move does. */
	int (*sensed)(const struct rules_game *game, const void *pos,
		      const struct rules_move *move);
	/* Optional: the values of every place once `move` (from `pos`,
	 * ending the game) is made but before the end's own bookkeeping
	 * (Kalah's final sweep), which may come later or not at all;
	 * NULL: there is none. */
	void (*unswept)(const struct rules_game *game, const void *pos,
			const struct rules_move *move, int *counts);
	/* Optional, for drop sequences: the drops of move `e`'s pieces
	 * sown the wrong way round (a misplay the referee reads), into
	 * `path` (room for e->npath); their number. NULL, or 0: the
	 * game's pieces have no other way to go. */
	int (*reversed)(const struct rules_game *game, const void *pos,
			const struct sense_expect *e, uint8_t *path);
	/* Optional: the snapshot `counts` is a move from `pos` still being
	 * made (pieces lifted, some of them put down); NULL: never. */
	int (*under_way)(const struct rules_game *game, const void *pos,
			 const int *counts);
	/* The board is judged only once it has been still for the
	 * referee's settle time (referee_config.settle_us): pieces lifted
	 * and put back meanwhile make no move. 0: every snapshot at once. */
	int settles;
	/* The values are occupancy (0 or 1): what was seen is told as
	 * places emptied and filled. */
	int occupancy;
	/* Optional: what the legal moves `moves[0..n)` from `pos`, which
	 * the board shows alike, differ in ("direction", "piece"): the
	 * part a hold asks for, its candidates listed in its evidence.
	 * NULL: the hold names the first of them only. */
	const char *(*missing)(const struct rules_game *game, const void *pos,
			       const struct rules_move *moves, size_t n);
};

/* The sensing table of a game; a game without one gets the table of no
 * places (moves entered only). NULL for a game that does not exist. */
const struct sensing *sensing_find(const char *game);

/* Every game's table, NULL-terminated (sensing_registry.c). */
extern const struct sensing *const sensing_registry[];

/* The models, for the games' tables. */
extern const struct sense_model sense_model_drops;
extern const struct sense_model sense_model_snapshots;
extern const struct sense_model sense_model_entries;

/* Index of a place by name, or -1. */
int sensing_hole(const struct sensing *s, const struct rules_game *game,
		 const char *name);

/*
 * Reads `n` decimal counts in place order, blanks between them and '/'
 * allowed between groups ("4 4 0 5 5 5/4 4 4 4 4 4/1 0"); anything
 * after a third '/' is ignored (a side to move). For the games'
 * snapshot_parse().
 */
int sensing_counts_parse(const char *text, int n, int *counts, char *err,
			 size_t errlen);

#endif
