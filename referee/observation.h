/*
 * observation.h - what a source saw at a table: the one type every
 * source (GPIO, camera, replay, simulator, manual entry) produces and the
 * referee consumes, and that trace files store line by line.
 */
#ifndef PITBOSS_OBSERVATION_H
#define PITBOSS_OBSERVATION_H

#include <stdint.h>

#define OBS_WHERE_MAX 8		/* a place or seat name: "a", "S", "k11" */
/* A snapshot, a move, a position: room for a 15x15 board's counts. */
#define OBS_TEXT_MAX 1024

enum obs_kind {
	OBS_START,	/* a game starts at the table */
	OBS_END,	/* the game is ended by the arbiter */
	OBS_DROP,	/* a piece fell into place `where` */
	OBS_LIFT,	/* a hand in hole `where` (touch sensor) */
	OBS_BUTTON,	/* seat `where` pressed the end-of-turn button */
	OBS_SNAPSHOT,	/* counts or occupancy of the whole board: `text` */
	OBS_ENTRY,	/* a move entered by hand: `text` */
	/* Arbiter commands, recorded in the same stream. */
	OBS_CONFIRM,	/* accept the move held for confirmation */
	OBS_REJECT,	/* refuse it: the board goes back */
	OBS_CORRECT,	/* replace the last move by `text` */
	OBS_POSITION,	/* set the position to `text` */
	OBS_UNDO,	/* take the last move back */
	OBS_KIND_COUNT
};

struct observation {
	uint64_t t_us;		/* monotonic time, microseconds */
	unsigned table;		/* table id, from 1 */
	enum obs_kind kind;
	char where[OBS_WHERE_MAX];
	char text[OBS_TEXT_MAX];
};

/* The keyword of a kind in trace files: "drop". */
const char *obs_kind_name(enum obs_kind kind);
/* The kind of a keyword, or -1. */
int obs_kind_find(const char *name);
/* What a kind's line carries after the keyword. */
/* OBS_ARG_OPT_TEXT: text that may be left out (start's options). */
enum obs_arg { OBS_ARG_NONE, OBS_ARG_WHERE, OBS_ARG_TEXT, OBS_ARG_OPT_TEXT };
enum obs_arg obs_kind_arg(enum obs_kind kind);

#endif
