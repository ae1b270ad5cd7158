/*
 * table.h - one live table in pitbossd: its source, its referee, and the
 * record of every verdict in the store, one transaction per change, the
 * verdict told once committed. Commands from the CLI or the web reach
 * it as observations through table_command(). While the store fails
 * (a full disk) the table referees on, its records kept in memory and
 * written whole once the store takes them again.
 */
#ifndef PITBOSS_TABLE_H
#define PITBOSS_TABLE_H

#include <stdint.h>

#include "daemon/conf.h"
#include "daemon/loop.h"
#include "referee/referee.h"
#include "daemon/source.h"
#include "db/commands.h"
#include "db/db.h"

struct table;

/*
 * Opens a table: its board in the store, the game under way resumed at
 * its last committed move, and its source started. `config` (the
 * source's block it points to included) stays the caller's and must
 * outlive the table. NULL with the reason.
 */
struct table *table_open(struct loop *loop, struct db *db,
			 const struct table_config *config, char *err,
			 size_t errlen);
void table_close(struct table *table);

/* Told of every verdict, after it is recorded (the dashboard), and with
 * a NULL verdict when the table's state changed without one: its
 * records stopped or started being written. */
typedef void (*table_observer_fn)(void *ctx, struct table *table,
				  const struct verdict *verdict);
void table_set_observer(struct table *table, table_observer_fn fn,
			void *ctx);
/* The live state as one JSON object: position, turn, sensor health. */
char *table_state_json(struct table *table);
const char *table_name(const struct table *table);

/*
 * Carries out a command of the door (db/commands.h) with its text; the
 * last verdict it caused goes to `outcome`. 0; 1 when it caused none
 * (`outcome` says "no verdict"); -1 when refused before it reached the
 * referee (`outcome` a refusal saying why). What its verdicts write is
 * held, and they are not told, until table_command_close().
 */
int table_command(struct table *table, const struct command_word *word,
		  const char *text, struct verdict *outcome);
/*
 * Closes the command table_command() carried out: its verdicts' records
 * and the command's outcome (kept for command `command_id` of the
 * door's queue; 0: none) commit in one transaction, so that a command
 * is either done with all it did or not done at all; then its verdicts
 * are told. 0 when committed; 1 when the store fails and it all waits
 * in memory, written with the table's next records once it works.
 */
int table_command_close(struct table *table, int64_t command_id,
			const struct db_command_outcome *outcome);

int64_t table_board_id(const struct table *table);
unsigned table_id(const struct table *table);
/* Inside a transaction: the event of command `command`, closed by the
 * door without the table's journal (refused there), when `table` (may
 * be NULL) keeps an outbox for the MQTT link. */
int table_outbox_command_done(struct table *table, int64_t command);
/* db_game_replace_empty() with the new game's game-start event in the
 * same transaction (the hub gives up its empty game as the table did). */
int table_outbox_replace_empty(struct table *table, int64_t old_id,
			       const struct db_game_new *g, int64_t *id);
const struct referee *table_referee(const struct table *table);
/* "online", or why the table's sensors are offline. */
const char *table_source_status(const struct table *table);
/* The PNG file of the table's camera image for the arbiter (its last
 * frame with the places drawn), "" when it has no camera. */
const char *table_camera_image(const struct table *table);
/* Moves committed and verdicts given since the start. */
unsigned long table_moves_committed(const struct table *table);
/* The store refused or failed a write (shown as a fault). */
unsigned long table_store_errors(const struct table *table);
/* NULL while the table's records are written; else why they are not:
 * "database full: moves are not being recorded". */
const char *table_store_state(const struct table *table);

#endif
