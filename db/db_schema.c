/*
 * db_schema.c - the records store's schema: every numbered migration,
 * from an empty file to DB_SCHEMA_VERSION (db.c runs them).
 */
#include "config.h"

#include "db/db_impl.h"

/*
 * Migrations: db_migration[v - 1] takes a file from version v - 1 to v.
 * Each runs in one transaction and ends by setting user_version, so a
 * step is either wholly applied or not at all. Never edit a released
 * step; add a new one.
 */
const char *const db_migration[DB_SCHEMA_VERSION] = {
	/* 1: players and physical tables. */
	"CREATE TABLE players ("
	"  id INTEGER PRIMARY KEY,"
	"  name TEXT NOT NULL,"
	"  name_key TEXT NOT NULL UNIQUE,"	/* case-folded, names.h */
	"  created TEXT NOT NULL,"
	"  retired TEXT"			/* NULL while active */
	");"
	"CREATE TABLE player_names ("		/* former names */
	"  player_id INTEGER NOT NULL REFERENCES players(id),"
	"  name TEXT NOT NULL,"
	"  until TEXT NOT NULL"
	");"
	"CREATE INDEX player_names_player ON player_names(player_id);"
	"CREATE TABLE boards ("
	"  id INTEGER PRIMARY KEY,"
	"  name TEXT NOT NULL,"
	"  name_key TEXT NOT NULL UNIQUE,"
	"  location TEXT NOT NULL DEFAULT '',"
	"  created TEXT NOT NULL"
	");"
	"PRAGMA user_version = 1;",

	/* 2: games, their sides and players, moves and incidents. */
	"CREATE TABLE games ("
	"  id INTEGER PRIMARY KEY,"
	"  kind TEXT NOT NULL,"
	"  options TEXT NOT NULL DEFAULT '',"
	"  board_id INTEGER REFERENCES boards(id),"
	"  seats INTEGER NOT NULL CHECK (seats BETWEEN 1 AND 5),"
	"  first_seat INTEGER NOT NULL,"
	"  first_how TEXT NOT NULL"
	"    CHECK (first_how IN ('rules','set','lot','alternate')),"
	"  started TEXT NOT NULL,"
	"  ended TEXT,"
	"  status TEXT NOT NULL DEFAULT 'playing'"
	"    CHECK (status IN ('playing','finished')),"
	"  result TEXT CHECK (result IN ('win','draw','void')),"
	"  winner_seat INTEGER,"
	"  plies INTEGER NOT NULL DEFAULT 0,"
	"  position TEXT NOT NULL"		/* after the last move */
	");"
	"CREATE INDEX games_started ON games(started);"
	"CREATE TABLE game_players ("
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  seat INTEGER NOT NULL,"
	"  member INTEGER NOT NULL,"
	"  player_id INTEGER NOT NULL REFERENCES players(id),"
	"  PRIMARY KEY (game_id, seat, member)"
	") WITHOUT ROWID;"
	"CREATE INDEX game_players_player ON game_players(player_id, game_id);"
	"CREATE TABLE game_sides ("
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  seat INTEGER NOT NULL,"
	"  score INTEGER NOT NULL,"
	"  points INTEGER NOT NULL,"
	"  PRIMARY KEY (game_id, seat)"
	") WITHOUT ROWID;"
	"CREATE TABLE moves ("
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  ply INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  member INTEGER NOT NULL DEFAULT 0,"
	"  player_id INTEGER REFERENCES players(id),"
	"  notation TEXT NOT NULL,"
	"  position TEXT NOT NULL,"
	"  at TEXT NOT NULL,"
	"  source TEXT NOT NULL"
	"    CHECK (source IN ('sensor','manual','correction')),"
	"  PRIMARY KEY (game_id, ply)"
	") WITHOUT ROWID;"
	"CREATE TABLE incidents ("
	"  id INTEGER PRIMARY KEY,"
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  ply INTEGER,"
	"  kind TEXT NOT NULL CHECK (kind IN ('foul','warning','command')),"
	"  player_id INTEGER REFERENCES players(id),"
	"  text TEXT NOT NULL,"
	"  at TEXT NOT NULL"
	");"
	"CREATE INDEX incidents_game ON incidents(game_id);"
	"PRAGMA user_version = 2;",

	/* 3: series, tournaments, entries and bracket slots. */
	"CREATE TABLE tournaments ("
	"  id INTEGER PRIMARY KEY,"
	"  name TEXT NOT NULL,"
	"  name_key TEXT NOT NULL UNIQUE,"
	"  kind TEXT NOT NULL,"
	"  options TEXT NOT NULL DEFAULT '',"
	"  target INTEGER NOT NULL CHECK (target > 0),"
	"  third_place INTEGER NOT NULL DEFAULT 0,"
	"  status TEXT NOT NULL DEFAULT 'entry'"
	"    CHECK (status IN ('entry','drawn','finished')),"
	"  random INTEGER NOT NULL DEFAULT 0,"
	"  random_seed TEXT,"			/* decimal uint64 */
	"  created TEXT NOT NULL,"
	"  drawn TEXT,"
	"  champion_id INTEGER REFERENCES players(id)"
	");"
	"CREATE TABLE entries ("
	"  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),"
	"  player_id INTEGER NOT NULL REFERENCES players(id),"
	"  seed INTEGER,"			/* fixed before the draw */
	"  drawn_seed INTEGER,"			/* seed in the bracket */
	"  status TEXT NOT NULL DEFAULT 'in'"
	"    CHECK (status IN ('in','withdrawn')),"
	"  entered TEXT NOT NULL,"
	"  PRIMARY KEY (tournament_id, player_id)"
	") WITHOUT ROWID;"
	"CREATE TABLE bracket_slots ("
	"  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),"
	"  slot INTEGER NOT NULL,"
	"  seed INTEGER NOT NULL,"
	"  player_id INTEGER REFERENCES players(id),"	/* NULL: a bye */
	"  PRIMARY KEY (tournament_id, slot)"
	") WITHOUT ROWID;"
	"CREATE TABLE bracket_results ("	/* in the order decided */
	"  id INTEGER PRIMARY KEY,"
	"  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),"
	"  match INTEGER NOT NULL,"
	"  winner_seed INTEGER NOT NULL,"	/* 0: nobody (both gone) */
	"  how TEXT NOT NULL CHECK (how IN ('play','forfeit','withdrawal')),"
	"  decided TEXT NOT NULL,"
	"  UNIQUE (tournament_id, match)"
	");"
	"CREATE TABLE series ("
	"  id INTEGER PRIMARY KEY,"
	"  tournament_id INTEGER REFERENCES tournaments(id),"
	"  match INTEGER,"			/* bracket match number */
	"  kind TEXT NOT NULL,"
	"  options TEXT NOT NULL DEFAULT '',"
	"  target INTEGER NOT NULL CHECK (target > 0),"
	"  player_a INTEGER NOT NULL REFERENCES players(id),"
	"  player_b INTEGER NOT NULL REFERENCES players(id),"
	"  first INTEGER NOT NULL CHECK (first IN (0, 1)),"
	"  first_how TEXT NOT NULL CHECK (first_how IN ('set','lot')),"
	"  lot_seed TEXT,"
	"  status TEXT NOT NULL DEFAULT 'playing'"
	"    CHECK (status IN ('playing','finished')),"
	"  decided_by TEXT CHECK (decided_by IN ('play','forfeit','withdrawal')),"
	"  winner INTEGER CHECK (winner IN (0, 1)),"
	"  total_a INTEGER NOT NULL DEFAULT 0,"
	"  total_b INTEGER NOT NULL DEFAULT 0,"
	"  games INTEGER NOT NULL DEFAULT 0,"
	"  won_a INTEGER NOT NULL DEFAULT 0,"	/* games won by A, B, drawn */
	"  won_b INTEGER NOT NULL DEFAULT 0,"
	"  drawn INTEGER NOT NULL DEFAULT 0,"
	"  started TEXT NOT NULL,"
	"  ended TEXT,"
	"  UNIQUE (tournament_id, match)"
	");"
	"ALTER TABLE games ADD COLUMN series_id INTEGER REFERENCES series(id);"
	"ALTER TABLE games ADD COLUMN game_no INTEGER;"
	"CREATE INDEX games_series ON games(series_id);"
	"PRAGMA user_version = 3;",

	/* 4: the door for commands to live tables (CLI, web -> daemon). */
	"CREATE TABLE commands ("
	"  id INTEGER PRIMARY KEY,"
	"  board_id INTEGER NOT NULL REFERENCES boards(id),"
	"  kind TEXT NOT NULL,"
	"  text TEXT NOT NULL DEFAULT '',"
	"  created TEXT NOT NULL,"
	"  done TEXT,"
	"  outcome TEXT"
	");"
	"CREATE INDEX commands_pending ON commands(done, id);"
	"PRAGMA user_version = 4;",

	/* 5: the game under way at a board, found without a scan. */
	"CREATE INDEX games_board ON games(board_id, status);"
	"PRAGMA user_version = 5;",

	/* 6: a command's outcome in columns, which readers decide by (the
	 * sentence stays, for people); commands for no table (a forfeit).
	 * Commands answered before keep their sentence alone. */
	"CREATE TABLE commands_6 ("
	"  id INTEGER PRIMARY KEY,"
	"  board_id INTEGER REFERENCES boards(id),"	/* NULL: no table */
	"  kind TEXT NOT NULL,"
	"  text TEXT NOT NULL DEFAULT '',"
	"  created TEXT NOT NULL,"
	"  done TEXT,"
	"  outcome TEXT,"			/* the sentence people read */
	"  outcome_kind TEXT,"			/* the verdict's: 'refused' */
	"  outcome_cause TEXT,"			/* its cause, or the door's */
	"  outcome_ply INTEGER,"
	"  outcome_move TEXT"
	");"
	"INSERT INTO commands_6 (id, board_id, kind, text, created, done,"
	"  outcome)"
	"  SELECT id, board_id, kind, text, created, done, outcome"
	"  FROM commands;"
	"DROP TABLE commands;"
	"ALTER TABLE commands_6 RENAME TO commands;"
	"CREATE INDEX commands_pending ON commands(done, id);"
	"PRAGMA user_version = 6;",

	/* 7: a series called to a table (the arbiter's call-up), a
	 * tournament whose due series go to free tables by themselves, and
	 * round robins next to knockouts. */
	"ALTER TABLE series ADD COLUMN board_id INTEGER REFERENCES boards(id);"
	"CREATE INDEX series_board ON series(board_id, status);"
	"ALTER TABLE tournaments ADD COLUMN auto_call INTEGER NOT NULL"
	"  DEFAULT 0 CHECK (auto_call IN (0, 1));"
	"ALTER TABLE tournaments ADD COLUMN format TEXT NOT NULL"
	"  DEFAULT 'knockout' CHECK (format IN ('knockout','round-robin'));"
	"PRAGMA user_version = 7;",

	/* 8: a game voided after the fact (status 'void': it no longer
	 * counts), the audit of every correction and void (who, when, what
	 * it was and became, why, and what it undid), and an incident's
	 * cause (the verdict's, as the live events give it). The games table
	 * is made anew for its CHECK (db_migrate() runs a step with the
	 * foreign keys off and checks them before it commits). */
	"CREATE TABLE games_8 ("
	"  id INTEGER PRIMARY KEY,"
	"  kind TEXT NOT NULL,"
	"  options TEXT NOT NULL DEFAULT '',"
	"  board_id INTEGER REFERENCES boards(id),"
	"  seats INTEGER NOT NULL CHECK (seats BETWEEN 1 AND 5),"
	"  first_seat INTEGER NOT NULL,"
	"  first_how TEXT NOT NULL"
	"    CHECK (first_how IN ('rules','set','lot','alternate')),"
	"  started TEXT NOT NULL,"
	"  ended TEXT,"
	"  status TEXT NOT NULL DEFAULT 'playing'"
	"    CHECK (status IN ('playing','finished','void')),"
	"  result TEXT CHECK (result IN ('win','draw','void')),"
	"  winner_seat INTEGER,"
	"  plies INTEGER NOT NULL DEFAULT 0,"
	"  position TEXT NOT NULL,"
	"  series_id INTEGER REFERENCES series(id),"
	"  game_no INTEGER"
	");"
	"INSERT INTO games_8 (id, kind, options, board_id, seats, first_seat,"
	"  first_how, started, ended, status, result, winner_seat, plies,"
	"  position, series_id, game_no)"
	"  SELECT id, kind, options, board_id, seats, first_seat, first_how,"
	"  started, ended, status, result, winner_seat, plies, position,"
	"  series_id, game_no FROM games;"
	"DROP TABLE games;"
	"ALTER TABLE games_8 RENAME TO games;"
	"CREATE INDEX games_started ON games(started);"
	"CREATE INDEX games_series ON games(series_id);"
	"CREATE INDEX games_board ON games(board_id, status);"
	"CREATE TABLE game_audit ("
	"  id INTEGER PRIMARY KEY,"
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  at TEXT NOT NULL,"
	"  by TEXT NOT NULL,"			/* "alice (cli)", "arbiter (dashboard)" */
	"  action TEXT NOT NULL CHECK (action IN ('void','correct')),"
	"  before TEXT NOT NULL,"
	"  after TEXT NOT NULL,"
	"  reason TEXT NOT NULL,"
	"  undone TEXT NOT NULL DEFAULT ''"	/* later matches it undid */
	");"
	"CREATE INDEX game_audit_game ON game_audit(game_id);"
	"ALTER TABLE incidents ADD COLUMN cause TEXT;"	/* the verdict's */
	"PRAGMA user_version = 8;",

	/* 9: Glicko-2 ratings, one list per kind of game (the rules'
	 * rating key), and every player's rating after each rated game.
	 * Games finished before are rated when the next one finishes (or
	 * by 'pitboss rating recompute'): rating_state says so. */
	"CREATE TABLE ratings ("
	"  kind_key TEXT NOT NULL,"		/* "kalah pits=6 seeds=4" */
	"  player_id INTEGER NOT NULL REFERENCES players(id),"
	"  rating REAL NOT NULL,"
	"  rd REAL NOT NULL,"			/* after the last game */
	"  volatility REAL NOT NULL,"
	"  games INTEGER NOT NULL,"
	"  wins INTEGER NOT NULL,"
	"  losses INTEGER NOT NULL,"
	"  draws INTEGER NOT NULL,"
	"  last_game_id INTEGER NOT NULL REFERENCES games(id),"
	"  last_played TEXT NOT NULL,"
	"  PRIMARY KEY (kind_key, player_id)"
	") WITHOUT ROWID;"
	"CREATE TABLE rating_history ("
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  player_id INTEGER NOT NULL REFERENCES players(id),"
	"  kind_key TEXT NOT NULL,"
	"  ended TEXT NOT NULL,"
	"  ended_day REAL NOT NULL,"		/* julianday(ended): order */
	"  rating_before REAL NOT NULL,"
	"  rd_before REAL NOT NULL,"
	"  rating REAL NOT NULL,"
	"  rd REAL NOT NULL,"
	"  volatility REAL NOT NULL,"
	"  score REAL NOT NULL,"		/* points won in the game */
	"  opponents INTEGER NOT NULL,"
	"  PRIMARY KEY (game_id, player_id)"
	") WITHOUT ROWID;"
	"CREATE INDEX rating_history_player ON rating_history(player_id,"
	"  kind_key, ended_day);"
	"CREATE INDEX rating_history_kind ON rating_history(kind_key,"
	"  ended_day, game_id);"
	"CREATE TABLE rating_state (stale INTEGER NOT NULL);"
	"INSERT INTO rating_state SELECT EXISTS (SELECT 1 FROM games"
	"  WHERE status = 'finished');"
	"PRAGMA user_version = 9;",

	/* 10: whether the file was closed cleanly (db_clean.c): a writer
	 * skips the scan of a file every writer closed; a table's last
	 * game found without a sort. */
	"CREATE TABLE closed ("
	"  id INTEGER PRIMARY KEY CHECK (id = 1),"
	"  clean INTEGER NOT NULL CHECK (clean IN (0, 1)),"
	"  at TEXT"
	");"
	"INSERT INTO closed (id, clean) VALUES (1, 0);"
	"CREATE INDEX games_board_started ON games(board_id, started);"
	"PRAGMA user_version = 10;",

	/* 11: what the referee's judgement of a move or an incident rested
	 * on (its evidence), for the arbiter. */
	"ALTER TABLE moves ADD COLUMN evidence TEXT NOT NULL DEFAULT '';"
	"ALTER TABLE incidents ADD COLUMN evidence TEXT NOT NULL DEFAULT '';"
	"PRAGMA user_version = 11;",

	/* 12: the outbox of the MQTT link (db_outbox.c): every record a
	 * table writes, as the event a hub takes in, numbered per table
	 * without gaps, kept once the broker acknowledged it (sent); the
	 * hub's id of a command that came from it. */
	"CREATE TABLE outbox ("
	"  table_key TEXT NOT NULL,"		/* the table's MQTT id */
	"  seq INTEGER NOT NULL,"		/* 1, 2, 3... per table */
	"  kind TEXT NOT NULL,"
	"  at TEXT NOT NULL,"
	"  body TEXT NOT NULL,"			/* the event's whole JSON */
	"  sent TEXT,"				/* PUBACK's time, NULL before */
	"  PRIMARY KEY (table_key, seq)"
	") WITHOUT ROWID;"
	"CREATE INDEX outbox_unsent ON outbox(table_key, seq)"
	"  WHERE sent IS NULL;"
	"ALTER TABLE commands ADD COLUMN hub_id TEXT;"
	"PRAGMA user_version = 12;",
	/* 13: a hub's records of remote tables (db_hub.c): every event
	 * received, once per table and sequence number; each table's link
	 * and how far its events are applied; its games by their ids. */
	"CREATE TABLE hub_events ("
	"  table_key TEXT NOT NULL,"
	"  seq INTEGER NOT NULL,"
	"  kind TEXT NOT NULL,"
	"  at TEXT NOT NULL,"
	"  body TEXT NOT NULL,"
	"  received TEXT NOT NULL,"
	"  applied TEXT,"			/* NULL while waiting for a gap */
	"  error TEXT,"				/* why the records refused it */
	"  PRIMARY KEY (table_key, seq)"
	") WITHOUT ROWID;"
	"CREATE TABLE hub_tables ("
	"  table_key TEXT PRIMARY KEY,"
	"  state TEXT,"				/* online, offline, NULL */
	"  last_seq INTEGER NOT NULL DEFAULT 0,"	/* applied without a gap */
	"  seen TEXT,"
	"  lag_ms INTEGER,"
	"  table_seq INTEGER,"			/* the last its status gave */
	"  duplicates INTEGER NOT NULL DEFAULT 0,"
	"  board_id INTEGER REFERENCES boards(id)"
	");"
	"CREATE TABLE hub_games ("
	"  table_key TEXT,"
	"  remote_game INTEGER,"
	"  game_id INTEGER REFERENCES games(id),"
	"  PRIMARY KEY (table_key, remote_game)"
	") WITHOUT ROWID;"
	"PRAGMA user_version = 13;",
	/* 14: the database's instance, a random id made once and carried
	 * in its tables' events, so that a hub tells two pitbossd that
	 * give the same table id apart; at a hub, the instance pinned for
	 * each remote table, what came from another, and the events a
	 * table no longer had when asked for them (lost). */
	"CREATE TABLE instance (id TEXT NOT NULL);"
	"INSERT INTO instance (id) VALUES (lower(hex(randomblob(8))));"
	"ALTER TABLE hub_tables ADD COLUMN instance TEXT;"
	"ALTER TABLE hub_tables ADD COLUMN foreign_instance TEXT;"
	"ALTER TABLE hub_tables ADD COLUMN foreign_events INTEGER NOT NULL"
	"  DEFAULT 0;"
	"ALTER TABLE hub_tables ADD COLUMN foreign_seen TEXT;"
	"ALTER TABLE hub_tables ADD COLUMN lost INTEGER NOT NULL DEFAULT 0;"
	"PRAGMA user_version = 14;",
	/* 15: the sender's key of a command (the dashboard's
	 * Idempotency-Key, `pitboss table --key`): a command sent again
	 * with the same key is the same command, queued and carried out
	 * once, and answered with its first outcome. */
	"ALTER TABLE commands ADD COLUMN request_key TEXT;"
	"CREATE UNIQUE INDEX commands_request ON commands(request_key)"
	"  WHERE request_key IS NOT NULL;"
	"PRAGMA user_version = 15;",
	/* 16: a hub's series played at a remote table: at the table, the
	 * hub's id of the series it plays for the hub, and the MQTT id its
	 * board's records are published under (for a game corrected
	 * after the fact); at the hub, when a command was handed on to a
	 * remote table (sent again until answered). */
	"ALTER TABLE series ADD COLUMN hub_series INTEGER;"
	"CREATE UNIQUE INDEX series_hub ON series(hub_series)"
	"  WHERE hub_series IS NOT NULL;"
	"ALTER TABLE boards ADD COLUMN outbox_key TEXT;"
	"ALTER TABLE commands ADD COLUMN handed_on TEXT;"
	"CREATE INDEX commands_handed_on ON commands(id)"
	"  WHERE handed_on IS NOT NULL AND done IS NULL;"
	"PRAGMA user_version = 16;",
	/* 17: each member's game with its start time, and the index a
	 * player's history walks newest first, reading only the games it
	 * shows (a game's start never changes once written). */
	"ALTER TABLE game_players ADD COLUMN started TEXT;"
	"UPDATE game_players SET started ="
	"  (SELECT g.started FROM games g WHERE g.id = game_players.game_id);"
	"CREATE INDEX game_players_started"
	"  ON game_players(player_id, started, game_id);"
	/* A member written without it (by hand) takes the game's. */
	"CREATE TRIGGER game_players_started AFTER INSERT ON game_players"
	"  WHEN NEW.started IS NULL BEGIN"
	"  UPDATE game_players SET started ="
	"   (SELECT g.started FROM games g WHERE g.id = NEW.game_id)"
	"   WHERE game_id = NEW.game_id AND seat = NEW.seat"
	"   AND member = NEW.member;"
	"  END;"
	"PRAGMA user_version = 17;",
	/* 18: the outbox seq of the command-done event that answered each
	 * command, so that whether that answer was pruned is one lookup
	 * by primary key; kept answers found once, from their payload. */
	"ALTER TABLE commands ADD COLUMN answer_seq INTEGER;"
	"CREATE TEMP TABLE answer_18 (command INTEGER PRIMARY KEY,"
	"  seq INTEGER NOT NULL);"
	"INSERT INTO answer_18 (command, seq)"
	"  SELECT json_extract(body, '$.payload.command'), MAX(seq)"
	"  FROM outbox WHERE kind = 'command-done'"
	"  AND json_extract(body, '$.payload.command') IS NOT NULL"
	"  GROUP BY 1;"
	"UPDATE commands SET answer_seq ="
	"  (SELECT seq FROM answer_18 WHERE command = commands.id)"
	"  WHERE id IN (SELECT command FROM answer_18);"
	"DROP TABLE answer_18;"
	"PRAGMA user_version = 18;",
	/* 19: the machine the instance is bound to (a digest of its
	 * identity; NULL until pitbossd first runs on the file): on
	 * another machine, the database is a copy and draws a new id. */
	"ALTER TABLE instance ADD COLUMN machine TEXT;"
	"PRAGMA user_version = 19;",
};
