/*
 * referee.h - the referee of one table: turns observations into accepted
 * moves, fouls and sensor warnings, and carries out the arbiter's
 * commands. Game-agnostic: the game comes in through its rules ops and
 * its sensing table.
 *
 * Time only moves with the observations and referee_tick(): replaying a
 * trace gives the same verdicts as the live table did.
 */
#ifndef PITBOSS_REFEREE_H
#define PITBOSS_REFEREE_H

#include <stddef.h>
#include <stdint.h>

#include "referee/observation.h"
#include "referee/sensing.h"

struct referee;

struct referee_config {
	uint64_t debounce_us;	/* pulses closer than this on a line: bounce */
	uint64_t pulse_gap_us;	/* closer than this: too fast to be two drops */
	uint64_t quiet_us;	/* no observation this long ends a turn */
	uint64_t turn_gap_us;	/* a pause that may part two moves */
	int accept_cost;	/* sensor faults a move may show and still be
				   taken without the arbiter: 1, or 0 (strict) */
	int snapshot_tolerance;	/* counts a snapshot may be off and pass */
	int snapshot_confirm;	/* within tolerance: ask instead of accept */
	int drop_gates;		/* the table senses drops too (they see
				   every move): a reading that fits the
				   board as it was is no move */
	int dead_after;		/* missed pulses in a row that make a line dead */
	int stuck_pulses;	/* pulses within stuck_window_us: a stuck line */
	uint64_t stuck_window_us;
	int flaky_warnings;	/* warnings within 40 plies that mean flaky */
	uint64_t settle_us;	/* a board that must settle (hands lifting
				   pieces): still this long, it is read */
};

void referee_config_default(struct referee_config *config);

enum verdict_kind {
	VERDICT_START,		/* a game started */
	VERDICT_ACCEPT,		/* a move was accepted */
	VERDICT_WARN,		/* accepted, but a sensor or the board disagrees */
	VERDICT_HOLD,		/* a move awaits confirmation */
	VERDICT_FOUL,		/* an illegal move: the board must be restored */
	VERDICT_OVER,		/* the game is over */
	VERDICT_COMMAND,	/* an arbiter's command was carried out */
	VERDICT_REFUSED,	/* an arbiter's command was refused */
	VERDICT_NOTE		/* anything else worth keeping */
};

/* How a move came to be taken. */
enum verdict_source {
	SOURCE_SENSOR,		/* sensed (drops, snapshot), maybe confirmed */
	SOURCE_MANUAL,		/* entered by hand */
	SOURCE_CORRECTION	/* the arbiter's correction of a move */
};

/*
 * Why a verdict was given. Code downstream (records, lights, the
 * commands door, pages) decides by the kind and the cause, never by the
 * sentence, which is for people.
 */
enum verdict_cause {
	CAUSE_NONE,
	/* games */
	CAUSE_STARTED,		/* a game started */
	CAUSE_ABANDONED,	/* a game under way was replaced by a new one */
	CAUSE_GAME_OVER,	/* the rules ended the game */
	CAUSE_ENDED,		/* the arbiter ended it, no result */
	/* moves taken */
	CAUSE_SENSED,		/* read from the sensors, as expected */
	CAUSE_SENSED_FAULT,	/* read from the sensors, a line at fault
				   (places: the lines at fault) */
	CAUSE_SNAPSHOT_OFF,	/* read from a snapshot that is off by a little */
	CAUSE_ENTERED,		/* entered by hand */
	CAUSE_CONFIRMED,	/* confirmed by the arbiter or the opponent */
	CAUSE_CORRECTED,	/* the arbiter's correction */
	/* moves not taken */
	CAUSE_NO_FIT,		/* no legal move fits what was sensed */
	CAUSE_ILLEGAL,		/* an illegal move (entered, or a rule broken) */
	CAUSE_AMBIGUOUS,	/* held: the evidence fits more than one move,
				   or a faulty legal move and an illegal one */
	CAUSE_HELD_FAULT,	/* held: too many sensor faults to take alone */
	CAUSE_SNAPSHOT_FAR,	/* a snapshot disagrees with the board */
	CAUSE_SNAPSHOT_BAD,	/* a snapshot that cannot be read */
	CAUSE_MOVES_AGAIN,	/* the mover has an extra turn still to play */
	CAUSE_BUTTON_ALONE,	/* a button pressed with nothing sensed */
	CAUSE_KEPT,		/* sensed while a move is held: kept for later */
	CAUSE_UNKNOWN_PLACE,	/* an observation names no sensed place */
	CAUSE_AFTER_END,	/* played after the end of the game
				   (places: where the pieces fell) */
	CAUSE_STRAY,		/* pulses no move made (the counts show the
				   board as it was) */
	CAUSE_OVERLAP,		/* the next player began before the mover's
				   last piece fell (places: the next
				   player's drops among the mover's) */
	CAUSE_RESTORED,		/* the board was put back after a foul */
	/* sensors (places: the line) */
	CAUSE_SENSOR_DEAD,	/* a line stopped pulsing */
	CAUSE_SENSOR_STUCK,	/* a line pulses on its own */
	CAUSE_SENSOR_BACK,	/* a dead or stuck line works again */
	/* the arbiter's commands */
	CAUSE_POSITION_SET,	/* the position was set by the arbiter */
	CAUSE_TAKEN_BACK,	/* the last move or override taken back */
	CAUSE_REJECTED,		/* the held move was rejected */
	CAUSE_FOUL_UPHELD,	/* a reject during the restoration */
	CAUSE_SECRET,		/* a seat entered its secret */
	CAUSE_REFUSED,		/* a command was refused (text: why) */
	CAUSE_NO_MEMORY,	/* the referee could not get memory */
	CAUSE_EARLIER_MISREAD,	/* held: the drops say an earlier move taken
				   may have been another, illegal one
				   (places: the places to check) */
	CAUSE_COUNT
};

#define VERDICT_PLACES_MAX 8
/* A verdict's evidence (see struct verdict). */
#define VERDICT_EVIDENCE_MAX 200
/* A verdict's sentence; it may quote a position. */
#define VERDICT_TEXT_MAX (OBS_TEXT_MAX + 512)
/* A verdict as verdict_format() writes it. */
#define VERDICT_LINE_MAX (VERDICT_TEXT_MAX + 64)

struct verdict {
	uint64_t t_us;
	unsigned table;
	enum verdict_kind kind;
	enum verdict_cause cause;
	int ply;		/* the move concerned, from 1; 0 if none */
	char move[16];		/* its notation, or "" */
	/* The places concerned (holes or squares by sensed index): the
	 * lines at fault, the places to check. */
	int places[VERDICT_PLACES_MAX];
	int nplaces;
	/* For a sensor cause: the line's warnings in the window. */
	int warnings;
	char text[VERDICT_TEXT_MAX];	/* the sentence people read */
	/* What the decision rests on, for the arbiter's view: blank
	 * separated KEY=VALUE words, "" when none (pitboss-trace(5)):
	 * "move=a legal=6.2 faults=miss:e(0/212) short=5.8 other=9.2
	 * decided=hold". */
	char evidence[VERDICT_EVIDENCE_MAX];
	/* For a move taken (accept, warn, or a command with a move): */
	int seat, member;	/* who made it */
	enum verdict_source source;
	char position[OBS_TEXT_MAX];	/* the position after it */
	/* For a command that took moves back: the plies left. */
	int undone_to;		/* -1 when nothing was taken back */
	/* The game's options changed before its first move (a secret
	 * entered): the record takes referee_game()'s options. */
	int options_changed;
};

typedef void (*verdict_fn)(void *ctx, const struct verdict *verdict);

enum line_state { LINE_OK, LINE_FLAKY, LINE_DEAD, LINE_STUCK };

struct line_health {
	unsigned pulses;	/* accepted pulses */
	unsigned bounces;	/* pulses dropped by the debounce */
	unsigned misses;	/* pulses a move needed that never came */
	unsigned extras;	/* pulses no move explains */
	uint64_t last_us;	/* last pulse, 0 if never */
	enum line_state state;
};

/*
 * A verdict as `pitboss replay` prints it (pitboss-trace(5)):
 * "TIME TABLE KIND PLY MOVE: TEXT", MOVE "-" when none.
 */
void verdict_format(const struct verdict *verdict, char *buf, size_t len);

/* The verdict keyword: "accept". */
const char *verdict_kind_name(enum verdict_kind kind);
/* The cause keyword: "sensor-dead"; verdict_cause_find() the reverse
 * (-1 when unknown). */
const char *verdict_cause_name(enum verdict_cause cause);
int verdict_cause_find(const char *name);
/* The verdict is about a sensor line (dead, stuck, back, or a move
 * taken though a line was at fault). */
int verdict_is_sensor(const struct verdict *verdict);
const char *line_state_name(enum line_state state);

/*
 * A referee for table `table` playing `game` with `options`; verdicts go
 * to `fn`. Free with referee_free().
 */
struct referee *referee_new(unsigned table, const char *game,
			    const char *options,
			    const struct referee_config *config, verdict_fn fn,
			    void *ctx, char *err, size_t errlen);
void referee_free(struct referee *ref);

/*
 * The options of the game under way, as recorded at its start (they may
 * differ from the table's), before referee_resume(). -1 with the reason.
 */
int referee_use_options(struct referee *ref, const char *options, char *err,
			size_t errlen);

/*
 * Takes up a game under way without a verdict (after a restart): the
 * game's start, then `moves` in the game's notation, then `position`
 * when not NULL (an arbiter's override after the moves). -1 with the
 * reason when a move does not apply.
 */
int referee_resume(struct referee *ref, const char *const *moves, int nmoves,
		   const char *position, char *err, size_t errlen);

/*
 * Seat `seat` enters what it alone may know (its secret in the
 * hidden-code game) before the game's first move. Answered by a verdict,
 * a command or a refusal, that never repeats `text`.
 */
void referee_enter_secret(struct referee *ref, int seat, const char *text);

/* Feeds one observation (sensor, entry or arbiter command). */
void referee_feed(struct referee *ref, const struct observation *obs);
/* Lets time pass: a quiet period that has run out ends the turn. */
void referee_tick(struct referee *ref, uint64_t now_us);
/* When referee_tick() is next needed; 0 when nothing waits. */
uint64_t referee_deadline(const struct referee *ref);

/* The position as text into `buf` (also returned); "" before any game. */
const char *referee_position(const struct referee *ref, char *buf,
			     size_t len);
/* The position as spectators may see it (a game's secrets hidden). */
const char *referee_public_position(const struct referee *ref, char *buf,
				    size_t len);
/* Moves accepted in the current game. */
int referee_plies(const struct referee *ref);
/* A game is on and open for moves. */
int referee_in_game(const struct referee *ref);
/* The seat to move, or -1 when no game is open for moves. */
int referee_mover(const struct referee *ref);
/* A move awaits the arbiter's confirmation. */
int referee_held(const struct referee *ref);
/* After a foul: the board is being put back. */
int referee_restoring(const struct referee *ref);
/* The result of the position (over or not). */
void referee_result(const struct referee *ref, struct rules_result *result);
/* The rules game of the table. */
const struct rules_game *referee_game(const struct referee *ref);

/* Sensor lines: how many, their names, their health. */
int referee_lines(const struct referee *ref, const char **names);
const struct line_health *referee_line(const struct referee *ref, int hole);

#endif
