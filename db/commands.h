/*
 * commands.h - the words of the commands door, one table for all who
 * use it: `pitboss table` queues them, the dashboard's endpoints queue
 * them, and pitbossd carries them out. A command word names what the
 * daemon does (feed an observation to a table's referee, take a seat's
 * secret, record a forfeit), whether it takes a text, and what each
 * side calls it.
 */
#ifndef PITBOSS_COMMANDS_H
#define PITBOSS_COMMANDS_H

#include <stddef.h>
#include <stdio.h>

enum command_act {
	COMMAND_OBSERVE,	/* the observation `observation`, to a table */
	COMMAND_SECRET,		/* a seat's secret: "GAME SEAT SECRET" */
	COMMAND_FORFEIT,	/* a tournament's forfeit: "TOURNAMENT
				   PLAYER"; no table */
	COMMAND_CALL,		/* a series called to the table: "SERIES" */
	COMMAND_FIX		/* a finished game voided or corrected:
				   "GAME ... -- REASON" (db_game_fix_text());
				   no table */
};

enum command_text {
	COMMAND_TEXT_NONE,
	COMMAND_TEXT_OPTIONAL,
	COMMAND_TEXT_NEEDED
};

/* Where a command may come from, besides the daemon's own queue. */
enum {
	COMMAND_FROM_ARBITER = 1,	/* the dashboard's command endpoint */
	COMMAND_FROM_PLAYER = 2,	/* the player page (PIN) */
	COMMAND_FROM_CLI = 4		/* `pitboss table WORD` */
};

struct command_word {
	const char *word;	/* in the queue and the API: "entry" */
	const char *cli;	/* the word of `pitboss table`: "enter" */
	enum command_act act;
	const char *observation; /* its observation kind (COMMAND_OBSERVE) */
	enum command_text text;
	const char *what;	/* the text's name in a usage: "MOVE" */
	unsigned from;		/* COMMAND_FROM_* */
	int quiet;		/* its text may hold a secret: never logged */
	const char *help;
};

/* The words, ended by one whose `word` is NULL. */
extern const struct command_word command_words[];

/* The word `word` (queue and API), or NULL. */
const struct command_word *command_find(const char *word);
/* The word `pitboss table` calls `cli`, or NULL. */
const struct command_word *command_find_cli(const char *cli);
/* "start, end, entry... or undo": the words from `from`, for messages.
 * Returns `buf`. */
const char *command_list(unsigned from, char *buf, size_t len);

/*
 * The causes the door gives itself, in a command's outcome_cause, when
 * it answers without a table (otherwise the verdict's cause).
 */
#define COMMAND_CAUSE_STALE "stale"		/* queued too long before */
#define COMMAND_CAUSE_NO_TABLE "no-table"	/* not a table of this daemon */
#define COMMAND_CAUSE_UNKNOWN "unknown"		/* not a command word */
#define COMMAND_CAUSE_NO_TEXT "no-text"		/* its text missing or wrong */
#define COMMAND_CAUSE_FAILED "failed"		/* the store failed */
#define COMMAND_CAUSE_FORFEIT "forfeit"		/* a forfeit recorded */
#define COMMAND_CAUSE_FIXED "fixed"		/* a game voided or corrected */

#endif
