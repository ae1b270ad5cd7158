/*
 * db_tourney.h - what the store's tournament files share among
 * themselves (db_tourney.c, db_series.c, db_knockout.c).
 */
#ifndef PITBOSS_DB_TOURNEY_H
#define PITBOSS_DB_TOURNEY_H

#include <stddef.h>
#include <stdint.h>

#include "db/db_impl.h"

/* A series from a row of the series queries (db_series.c). */
void db_series_row(sqlite3_stmt *st, struct db_series_info *s);
/* Tournament `tid`, refused when there is none (db_tourney.c). */
int db_tournament_get(struct db *db, int64_t tid,
		      struct db_tournament_info *out);
/* The entry of a player: status ("in", "withdrawn") and fixed seed,
 * refused when the player is not entered (db_tourney.c). */
int db_entry_get(struct db *db, const struct db_tournament_info *t,
		 const struct db_player *p, char *status, size_t len,
		 int *seed);
/* Inside a transaction: a knockout's `match` won on the board by
 * player `winner`, recorded, and what follows from it decided
 * (db_knockout.c). */
int db_knockout_match_won_tx(struct db *db, int64_t tid, int match,
			     int64_t winner);

#endif
