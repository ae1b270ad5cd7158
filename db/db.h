/*
 * db.h - the records store: one SQLite file holding players, tables,
 * games with every move, incidents, series, tournaments and brackets.
 *
 * The file is migrated step by step under PRAGMA user_version when
 * opened; a file newer than this code is refused. Every write runs in a
 * BEGIN IMMEDIATE transaction, so a move and everything it causes (the
 * game's end, the series total, the bracket's next match) commit
 * together or not at all. Statements are prepared once per connection
 * and always bound; no SQL is built from text.
 *
 * The store knows no game: positions, moves and options are the rules
 * engine's text, and scores come from the engine's result().
 *
 * Return values: DB_OK, DB_REFUSED (the request is wrong: unknown id,
 * duplicate name, finished series; db_error() says what and why) or
 * DB_FAILED (SQLite failed: disk full, read-only file, corruption;
 * db_error() has SQLite's message). Nothing is left half-written, and a
 * call that makes a row sets its *id only when the row is committed
 * (0 otherwise).
 */
#ifndef PITBOSS_DB_H
#define PITBOSS_DB_H

#include <stddef.h>
#include <stdint.h>

#include "db/names.h"
#include "db/standings.h"
#include "rules/rules.h"

#define DB_SCHEMA_VERSION 19
#define DB_DEFAULT_PATH "/var/lib/pitboss/pitboss.db"
#define DB_ERR_MAX 2048
#define DB_TIME_MAX 32		/* "2026-11-23T08:56:40Z" */
#define DB_TEXT_MAX 512		/* options, positions, notation */
#define DB_EVIDENCE_MAX 256	/* a judgement's evidence */
#define DB_MAX_MEMBERS 6	/* players per seat (teams) */

enum db_status {
	DB_OK = 0,
	DB_REFUSED = -1,
	DB_FAILED = -2
};

enum {
	DB_OPEN_CREATE = 1u << 0,	/* create the file when missing */
	DB_OPEN_READONLY = 1u << 1,
	DB_OPEN_NO_MIGRATE = 1u << 2,	/* tests: leave the version alone */
	DB_OPEN_NO_CHECK = 1u << 3,	/* skip quick_check (a second handle);
					 * read-only handles skip it too */
	DB_OPEN_CHECK = 1u << 4,	/* quick_check even when read-only
					 * (a backup must not copy damage) */
	DB_OPEN_ONE_THREAD = 1u << 5	/* used by one thread at a time (a
					 * pool's): SQLite takes no lock of
					 * its own on each call */
};

struct db;

/*
 * Opens (and with DB_OPEN_CREATE creates) the store, checks it with
 * PRAGMA quick_check (a writer: unless every writer closed it cleanly
 * since; db_checked() tells) and migrates it to DB_SCHEMA_VERSION. On failure
 * returns DB_REFUSED (newer file) or DB_FAILED with a message in `err`
 * and *out NULL. Close with db_close().
 */
int db_open(const char *path, unsigned flags, struct db **out, char *err,
	    size_t errlen);
void db_close(struct db *db);
/* The most memory all connections of the process together keep of the
 * file's pages (SQLite's soft heap limit), in bytes; 0: no limit. */
void db_memory_limit(int64_t bytes);
/* Whether db_open() scanned the file with PRAGMA quick_check. */
int db_checked(const struct db *db);

/* The message of the last DB_REFUSED or DB_FAILED. */
const char *db_error(const struct db *db);
/* Whether the last DB_FAILED was the disk (or the file's limit) full. */
int db_full(const struct db *db);

/*
 * One transaction around several calls: every call inside it becomes a
 * savepoint (one refused undoes its own part only, the others stay),
 * and all commit at db_transaction_end(db, DB_OK), or none (any other
 * rc, or the commit failing). A DB_FAILED inside may have rolled the
 * whole transaction back already: the calls after it fail, and so does
 * the end. Returns DB_OK or the first failure.
 */
int db_transaction_begin(struct db *db);
int db_transaction_end(struct db *db, int rc);

/* Several reads seen at one moment of the file (a read transaction on
 * a connection that writes nothing else meanwhile). */
int db_read_begin(struct db *db);
void db_read_end(struct db *db);

/* The file's schema version (PRAGMA user_version). */
int db_version(struct db *db);

/* Migrates one step at a time up to `version`; used by db_open(). */
int db_migrate(struct db *db, int version);

/* PRAGMA integrity_check and foreign_key_check, then the records
 * against each other: every move's player sits at its seat of its
 * game, a game's plies are its moves, no board has two games under
 * way. DB_OK when clean, else DB_FAILED with the first problems in
 * db_error(). (db_check.c) */
int db_check(struct db *db);

/* Copies the open store into `path` with the online backup API. */
int db_backup(struct db *db, const char *path);

/* The current UTC time as the store writes it. */
void db_now(char *buf, size_t len);
/* The time the rows written from now on are stamped with (their
 * created, ended, done... times) in place of the clock's, until set
 * back with NULL: records written late keep the time they were
 * decided at. */
void db_set_time(struct db *db, const char *at);

/* ------------------------------------------------------------ players */

struct db_player {
	int64_t id;
	char name[NAMES_MAX_BYTES];
	char created[DB_TIME_MAX];
	char retired[DB_TIME_MAX];	/* "" while active */
};

int db_player_add(struct db *db, const char *name, int64_t *id);
/* By number ("12") or by name, case folded as in names.h. */
int db_player_find(struct db *db, const char *id_or_name,
		   struct db_player *out);
int db_player_get(struct db *db, int64_t id, struct db_player *out);
int db_player_rename(struct db *db, int64_t id, const char *name);
int db_player_retire(struct db *db, int64_t id);
int db_player_list(struct db *db, int with_retired,
		   int (*each)(void *ctx, const struct db_player *p),
		   void *ctx);
/* Former names, oldest first, with the time each stopped being used. */
int db_player_former_names(struct db *db, int64_t id,
			   int (*each)(void *ctx, const char *name,
				       const char *until),
			   void *ctx);

/* ------------------------------------------------------------- tables */

struct db_table {
	int64_t id;
	char name[NAMES_MAX_BYTES];
	char location[NAMES_MAX_BYTES];
	char created[DB_TIME_MAX];
};

int db_table_add(struct db *db, const char *name, const char *location,
		 int64_t *id);
int db_table_find(struct db *db, const char *id_or_name,
		  struct db_table *out);
int db_table_list(struct db *db,
		  int (*each)(void *ctx, const struct db_table *t), void *ctx);

/* -------------------------------------------------------------- games */

/* How the first mover was decided. */
#define DB_FIRST_RULES "rules"		/* the game's own default */
#define DB_FIRST_SET "set"		/* named by the arbiter */
#define DB_FIRST_LOT "lot"		/* drawn by lot */
#define DB_FIRST_ALTERNATE "alternate"	/* alternating within a series */

struct db_game_new {
	const char *kind;		/* rules name: "kalah" */
	const char *options;		/* canonical option text */
	int64_t table_id;		/* 0: none */
	int64_t series_id;		/* 0: not part of a series */
	int seats;
	int members[RULES_MAX_SEATS];
	int64_t player[RULES_MAX_SEATS][DB_MAX_MEMBERS];
	int first_seat;
	const char *first_how;
	const char *position;		/* start position text */
	const char *started;		/* NULL: now */
};

/* Move sources. */
#define DB_SOURCE_SENSOR "sensor"
#define DB_SOURCE_MANUAL "manual"
#define DB_SOURCE_CORRECTION "correction"

struct db_move {
	int ply;			/* from 1, in order */
	int seat, member;
	int64_t player_id;		/* 0: not known */
	const char *notation;
	const char *position;		/* position text after the move */
	const char *source;
	const char *at;			/* NULL: now */
	const char *evidence;		/* what the referee's judgement rested
					   on (KEY=VALUE words); NULL: none */
};

struct db_game_end {
	enum rules_verdict verdict;	/* RULES_WIN, RULES_DRAW, RULES_VOID */
	int winner;			/* seat, -1 unless RULES_WIN */
	int score[RULES_MAX_SEATS];
	int points[RULES_MAX_SEATS];
	const char *ended;		/* NULL: now */
};

/*
 * A game played live: started, fed move by move, finished. Each call is
 * one transaction; db_game_finish() also scores the game's series and,
 * when the series ends, advances the tournament bracket.
 */
int db_game_start(struct db *db, const struct db_game_new *g, int64_t *id);
int db_move_add(struct db *db, int64_t game_id, const struct db_move *m);
int db_game_finish(struct db *db, int64_t game_id,
		   const struct db_game_end *end);

/* A whole game entered at once: all of the above in one transaction. */
int db_game_add(struct db *db, const struct db_game_new *g,
		const struct db_move *moves, int n_moves,
		const struct db_game_end *end, int64_t *id);

/* Incident kinds. */
#define DB_INCIDENT_FOUL "foul"
#define DB_INCIDENT_WARNING "warning"
#define DB_INCIDENT_COMMAND "command"

/* `cause`: the verdict's cause that made it ("rejected", "no-fit"), or
 * NULL; `evidence`: what the judgement rested on (KEY=VALUE words), or
 * NULL. */
int db_incident_add(struct db *db, int64_t game_id, int ply,
		    const char *kind, const char *cause, int64_t player_id,
		    const char *text, const char *evidence);

struct db_game_info {
	int64_t id;
	char kind[32];
	char options[DB_TEXT_MAX];
	int64_t table_id;
	char table[NAMES_MAX_BYTES];
	int64_t series_id;
	int game_no;
	int64_t tournament_id;
	int seats;
	char side[RULES_MAX_SEATS][DB_MAX_MEMBERS * NAMES_MAX_BYTES];
	int64_t side_player[RULES_MAX_SEATS];	/* first member */
	int score[RULES_MAX_SEATS];
	int points[RULES_MAX_SEATS];
	int first_seat;
	char first_how[16];
	char started[DB_TIME_MAX];
	char ended[DB_TIME_MAX];
	char status[16];		/* playing, finished */
	char result[16];		/* win, draw, void, "" */
	int winner;			/* seat or -1 */
	int plies;
	char position[DB_TEXT_MAX];
};

/* The seat of `player` in a game (as first member), 0 when not found (a
 * history listing only holds games the player sat in), and the points
 * every other seat scored: what a player's totals count. */
static inline int db_game_seat_of(const struct db_game_info *g,
				  int64_t player)
{
	for (int s = 0; s < g->seats && s < RULES_MAX_SEATS; s++)
		if (g->side_player[s] == player)
			return s;
	return 0;
}

static inline int db_game_points_against(const struct db_game_info *g,
					 int seat)
{
	int sum = 0;

	for (int s = 0; s < g->seats && s < RULES_MAX_SEATS; s++)
		if (s != seat)
			sum += g->points[s];
	return sum;
}

struct db_move_info {
	int ply, seat, member;
	char player[NAMES_MAX_BYTES];
	char notation[64];
	char position[DB_TEXT_MAX];
	char source[16];
	char at[DB_TIME_MAX];
	char evidence[DB_EVIDENCE_MAX];	/* "" when none */
};

int db_game_get(struct db *db, int64_t id, struct db_game_info *out);
int db_game_moves(struct db *db, int64_t id,
		  int (*each)(void *ctx, const struct db_move_info *m),
		  void *ctx);

/* History filters: zero / NULL fields do not filter. */
struct db_history_filter {
	int64_t player_id;
	int64_t opponent_id;		/* with player_id */
	int64_t tournament_id;
	int64_t series_id;
	int64_t table_id;
	const char *from, *to;		/* dates, "YYYY-MM-DD" inclusive */
	const char *result;		/* win, loss (of player_id), draw, void */
	int limit;			/* 0: no limit */
};

/* Finished and running games, newest first. */
int db_history(struct db *db, const struct db_history_filter *f,
	       int (*each)(void *ctx, const struct db_game_info *g),
	       void *ctx);

/* --------------------------------------------- corrections and voids */
/* (db_fix.c) A finished game set right after the fact, each change in
 * one transaction with its audit row. A voided game (status "void")
 * no longer counts: its series is scored again without it, a series it
 * had decided is open again (and its tournament's bracket or round
 * robin with it). When a later series of the bracket has been played
 * since (or a later match decided), the change is refused, saying what
 * it would undo, unless forced: then the later series are undone too,
 * their games voided with the same reason. A game still under way is
 * never undone. */

/* The change asked for: a result, scores and points by seat. */
struct db_game_fix {
	int set_result;
	enum rules_verdict verdict;	/* RULES_WIN or RULES_DRAW */
	int winner;			/* seat, with RULES_WIN */
	int set_score[RULES_MAX_SEATS], score[RULES_MAX_SEATS];
	int set_points[RULES_MAX_SEATS], points[RULES_MAX_SEATS];
};

/* `by`: who ("alice (cli)"); `reason`: why (needed); `force`: undo the
 * later series too. The message of a refusal is in db_error(). */
int db_game_void(struct db *db, int64_t game_id, const char *by,
		 const char *reason, int force);
/* Only a game entered by hand (no move read by sensors: its moves and
 * result are what someone typed) can be corrected; a sensed game's
 * result follows from its moves: void it and enter it by hand. */
int db_game_correct(struct db *db, int64_t game_id,
		    const struct db_game_fix *fix, const char *by,
		    const char *reason, int force);

/* Whether a game was entered by hand (no move read by sensors): 1/0. */
int db_game_by_hand(struct db *db, int64_t game_id);
/* The newest `limit` games over (finished or void) entered by hand,
 * newest first. */
int db_games_by_hand(struct db *db, int limit,
		     int (*each)(void *ctx, const struct db_game_info *g),
		     void *ctx);

struct db_audit_info {
	int64_t id;
	char at[DB_TIME_MAX];
	char by[NAMES_MAX_BYTES];
	char action[16];		/* void, correct */
	char before[DB_TEXT_MAX];	/* "win seat 1; score 30 18; points 6 0" */
	char after[DB_TEXT_MAX];
	char reason[DB_TEXT_MAX];
	char undone[DB_TEXT_MAX];	/* what later matches it undid, "" */
};
int db_game_audit(struct db *db, int64_t game_id,
		  int (*each)(void *ctx, const struct db_audit_info *a),
		  void *ctx);

/*
 * The commands "void-game" and "correct-game" (db/commands.h) as text,
 * one parser for the CLI and the door:
 *   GAME [force] [by=WHO] [draw | win=SEAT] [score=N,N...]
 *        [points=N,N...] -- REASON
 * (seats from 1). Carries it out; `said` gets the sentence for people.
 */
int db_game_fix_text(struct db *db, const char *word, const char *text,
		     char *said, size_t len);

/* ------------------------------------------------------------- series */

struct db_series_info {
	int64_t id;
	int64_t tournament_id;		/* 0: a friendly series */
	int round, match;		/* bracket match, when in a tournament */
	char kind[32];
	char options[DB_TEXT_MAX];
	int target;
	int64_t player[2];
	char name[2][NAMES_MAX_BYTES];
	int first;			/* 0 or 1: who moved first in game 1 */
	char first_how[16];
	uint64_t lot_seed;
	char status[16];		/* playing, finished */
	char decided_by[16];		/* play, forfeit, withdrawal, "" */
	int winner;			/* 0, 1 or -1 */
	int total[2];
	int games;
	char started[DB_TIME_MAX];
	char ended[DB_TIME_MAX];
	int64_t board_id;		/* the table it is called to, 0: none */
	char board[NAMES_MAX_BYTES];	/* that table's name */
};

/* first: 0 or 1 (set by the arbiter) or -1 (drawn by lot, recorded). */
int db_series_start(struct db *db, const char *kind, const char *options,
		    int target, int64_t a, int64_t b, int first,
		    int64_t *id);
int db_series_get(struct db *db, int64_t id, struct db_series_info *out);

/* -------------------------------------------------------- tournaments */

struct db_tournament_info {
	int64_t id;
	char name[NAMES_MAX_BYTES];
	char kind[32];
	char options[DB_TEXT_MAX];
	int target;
	int third_place;
	char status[16];		/* entry, drawn, finished */
	int random;			/* unseeded entrants drawn at random */
	uint64_t random_seed;
	int entrants;
	char created[DB_TIME_MAX];
	int64_t champion;		/* player, 0 until decided */
	char champion_name[NAMES_MAX_BYTES];
	int auto_call;			/* due series go to free tables */
	char format[16];		/* DB_FORMAT_* */
};

#define DB_FORMAT_KNOCKOUT "knockout"
#define DB_FORMAT_ROUND_ROBIN "round-robin"

struct db_bracket_match {
	int match, round, index;
	int third_place;
	int64_t player[2];		/* 0: bye or not known */
	char name[2][NAMES_MAX_BYTES];	/* "(bye)" or "" when not known */
	int seed[2];			/* the place in the draw */
	int seeded[2];			/* seeded by the arbiter */
	int64_t series_id;		/* 0: none */
	int total[2];
	char how[16];			/* pending, played, bye, forfeit, withdrawal */
	int64_t winner;
};

int db_tournament_create(struct db *db, const char *name, const char *kind,
			 const char *options, int target, int third_place,
			 int64_t *id);
/* DB_FORMAT_KNOCKOUT (the default) or DB_FORMAT_ROUND_ROBIN: all play
 * all, every pairing one series (roundrobin.h); before the draw only. */
int db_tournament_set_format(struct db *db, int64_t tid, const char *format);
int db_tournament_find(struct db *db, const char *id_or_name,
		       struct db_tournament_info *out);
int db_tournament_list(struct db *db,
		       int (*each)(void *ctx,
				   const struct db_tournament_info *t),
		       void *ctx);
int db_tournament_enter(struct db *db, int64_t tid, int64_t player_id);
/* Fixes a seed (1..entrants) before the draw; 0 removes it. */
int db_tournament_seed(struct db *db, int64_t tid, int64_t player_id,
		       int seed);
/*
 * Makes the bracket: seeded entrants at their seeds, the others at the
 * free seeds in an order shuffled from `random_seed` (when `random`; by
 * entry order otherwise), which is recorded. Starts every series of
 * round 1; byes go to the top seeds.
 */
int db_tournament_draw(struct db *db, int64_t tid, int random,
		       uint64_t random_seed);
int db_tournament_forfeit(struct db *db, int64_t tid, int64_t player_id);
int db_tournament_withdraw(struct db *db, int64_t tid, int64_t player_id);
int db_tournament_bracket(struct db *db, int64_t tid,
			  int (*each)(void *ctx,
				      const struct db_bracket_match *m),
			  void *ctx);
/* Standings in RULES.md order; *rows is malloc'ed, free() it. */
int db_tournament_standings(struct db *db, int64_t tid,
			    struct standing **rows, size_t *n);

/* ------------------------------------------------------------ ratings */
/*
 * (db_ratings.c) Glicko-2 ratings (glicko.h), one list per kind of game:
 * the rules' rating key of the game's kind and options ("kalah pits=6
 * seeds=4", "codegame"). A finished game is rated in the transaction
 * that finishes it: each is a rating period for its players, and a
 * player's deviation first grows with the time since his last game of
 * that kind. A win scores 1 against every other seat, a draw 0.5
 * between every two seats; void games and games with a team at a seat
 * are not rated. The lists are always what rating every finished game
 * in the order it ended gives: a game entered with an earlier end than
 * one already rated has its list rated anew.
 */
#define DB_RATING_KEY_MAX 96

struct db_rating {
	char key[DB_RATING_KEY_MAX];
	int64_t player_id;
	char name[NAMES_MAX_BYTES];
	double rating, rd, volatility;	/* after the last game */
	double rd_now;			/* grown since, to now */
	int provisional;		/* rd_now >= 110 */
	int games, wins, losses, draws;
	char last_played[DB_TIME_MAX];
};

/* One rated game of a player: his rating before and after it. */
struct db_rating_step {
	int64_t game_id;
	char key[DB_RATING_KEY_MAX];
	char ended[DB_TIME_MAX];
	double rating_before, rd_before;	/* rd_before: grown by idle time */
	double rating, rd, volatility;
	double score;			/* points won: 1 a win, 0.5 a draw */
	int opponents;
};

/* The rating key of a kind of game with `options`; DB_REFUSED (unknown
 * game, bad options) with why in db_error(). */
int db_rating_key(struct db *db, const char *kind, const char *options,
		  char *key, size_t keylen);
/* Ratings, best first within each list, lists by key: of list `key`
 * (NULL: every list) and of `player_id` (0: everybody but the retired,
 * whose ratings are kept). */
int db_rating_list(struct db *db, const char *key, int64_t player_id,
		   int (*each)(void *ctx, const struct db_rating *r),
		   void *ctx);
/* A player's rated games, oldest first, list by list (`key` NULL). */
int db_rating_history(struct db *db, int64_t player_id, const char *key,
		      int (*each)(void *ctx,
				  const struct db_rating_step *s),
		      void *ctx);
/*
 * db_tournament_draw() after seeding by rating, in one transaction: the
 * entrants the arbiter has not seeded who hold a rating in the list of
 * the tournament's game take the free seeds, best rating first (level
 * ratings: the smaller deviation, then entry order); the unrated are
 * drawn as db_tournament_draw() draws the unseeded. *seeded: how many
 * were seeded by rating.
 */
int db_tournament_draw_by_rating(struct db *db, int64_t tid, int random,
				 uint64_t random_seed, int *seeded);
/* Every list rated anew from the finished games; *games: how many
 * were rated. */
int db_rating_recompute(struct db *db, int *games);
/* Whether games finished before the ratings existed are still to be
 * rated (by the next game to finish, or db_rating_recompute()). */
int db_rating_stale(struct db *db, int *stale);

/* ------------------------------------------------------- call-ups */
/* (db_calls.c) Which series a table plays: the arbiter calls a due
 * series to a table; its games there belong to it until it ends. */

/*
 * Calls series `series_id` to table `board_id` (0: calls it off). Refused
 * when the series is over, is called to another table, or the table
 * already has an unfinished series called to it.
 */
int db_series_call(struct db *db, int64_t series_id, int64_t board_id);
/* The unfinished series called to a table; *series_id 0 when none. */
int db_series_called_at(struct db *db, int64_t board_id,
			int64_t *series_id);
/*
 * The next due series: of a drawn tournament (only those with auto call
 * when `auto_only`), of game `kind` with `options` (any when `kind` is
 * NULL), called nowhere, neither player at a table in another series;
 * round by round, tournaments in the order made. 0 when none.
 */
int db_series_next_due(struct db *db, int auto_only, const char *kind,
		       const char *options, int64_t *series_id);
/* A free table playing `kind` with `options` takes the next due series
 * of an auto-call tournament; *series_id 0 when there is none (or the
 * table is not free). */
int db_series_call_next(struct db *db, int64_t board_id, const char *kind,
			const char *options, int64_t *series_id);
/* What a table's page shows: the series it plays and the next due one
 * (the call-up to come, at the first free table; of `kind` and
 * `options`, or any when `kind` is NULL). */
struct db_table_calls {
	int playing, next;		/* whether `now` and `up` are set */
	struct db_series_info now, up;
};
int db_table_calls(struct db *db, int64_t board_id, const char *kind,
		   const char *options, struct db_table_calls *out);
/* Turns a tournament's auto call on (1) or off (0). */
int db_tournament_auto_call(struct db *db, int64_t tid, int on);
/*
 * Game `old_id`, under way without a move and in no series, gives way to
 * the game `g` (a series' first game at the table), in one transaction:
 * the empty game leaves no record.
 */
int db_game_replace_empty(struct db *db, int64_t old_id,
			  const struct db_game_new *g, int64_t *id);

/* ------------------------------------------------------ live tables */
/* (db_live.c) What pitbossd needs to keep tables live across restarts. */

/*
 * The game being played at a board, if any: *game_id 0 when none. Its
 * moves come from db_game_moves().
 */
int db_game_playing_at(struct db *db, int64_t board_id, int64_t *game_id);
/* The newest game played at a board, under way or not; 0 when none. */
int db_game_last_at(struct db *db, int64_t board_id, int64_t *game_id);

/*
 * Takes moves back in one transaction: the moves after `keep` plies go,
 * the game's position becomes `position`, then `then` (when not NULL)
 * is added as the next move, and `incident` (when not NULL) is kept as
 * an incident of `incident_kind`. With `keep` the game's plies, nothing
 * is taken back: a move and its warning, or a new position, commit
 * together.
 */
int db_game_take_back(struct db *db, int64_t game_id, int keep,
		      const char *position, const struct db_move *then,
		      const char *incident_kind, const char *cause,
		      const char *incident);

/*
 * A game's options changed before its first move (a player entered his
 * secret), kept with `incident` (a command incident) in one transaction.
 * Refused once the game has a move or is over.
 */
int db_game_set_options(struct db *db, int64_t game_id, const char *options,
			const char *cause, const char *incident);

/* A game's incidents (fouls, warnings, commands), in order. */
struct db_incident_info {
	int ply;
	char player[NAMES_MAX_BYTES];	/* whose foul; "" if nobody's */
	char kind[16];
	char cause[24];			/* the verdict's cause, "" if none kept */
	char text[DB_TEXT_MAX];
	char at[DB_TIME_MAX];
	char evidence[DB_EVIDENCE_MAX];	/* "" when none */
};
int db_game_incidents(struct db *db, int64_t game_id,
		      int (*each)(void *ctx, const struct db_incident_info *i),
		      void *ctx);

/*
 * Commands to live tables (and to the records the daemon keeps, such as
 * a forfeit), executed in order by the daemon: the door (db/commands.h
 * has the words). The outcome is in columns, which callers decide by,
 * and in a sentence for people.
 */
struct db_command {
	int64_t id;
	int64_t board_id;		/* 0: for no table */
	char kind[16];
	char text[DB_TEXT_MAX];
	char created[DB_TIME_MAX];
	char done[DB_TIME_MAX];		/* "" while waiting */
	char outcome[DB_TEXT_MAX];	/* "KIND PLY MOVE: TEXT" */
	/* Once done ("" and 0 for commands answered before schema 6): */
	char outcome_kind[16];		/* the verdict's kind: "refused" */
	char outcome_cause[24];		/* its cause, or COMMAND_CAUSE_* */
	int outcome_ply;		/* the move concerned, 0 if none */
	char outcome_move[16];		/* its notation, "" if none */
	char handed_on[DB_TIME_MAX];	/* a hub's: sent to its remote
					   table at, "" if not */
};

/* A command's outcome, as db_command_done() keeps it. */
struct db_command_outcome {
	const char *kind;		/* "accept", "refused"... */
	const char *cause;		/* "sensed", "stale"... */
	int ply;
	const char *move;		/* NULL or "": none */
	const char *text;		/* "KIND PLY MOVE: TEXT" */
};

/* Queues a command for board `board_id` (0: for no table). */
int db_command_add(struct db *db, int64_t board_id, const char *kind,
		   const char *text, int64_t *id);
/* The longest key a sender may give a command (db_command_add_keyed()). */
#define DB_REQUEST_KEY_MAX 64
/*
 * Queues a command with its sender's key `key` (NULL: none, as
 * db_command_add()), in one transaction: when a command with that key
 * is queued already, nothing is added and *id is that command's, with
 * *known set (its board, word and text may differ: the caller compares
 * them, db_command_get()); else *known is 0. The key is 1 to
 * DB_REQUEST_KEY_MAX characters of letters, digits and "-_.:"
 * (DB_REFUSED otherwise; db_request_key_valid()).
 */
/* The command queued with sender's key `key` into *id (0: none). */
int db_command_by_key(struct db *db, const char *key, int64_t *id);
int db_command_add_keyed(struct db *db, int64_t board_id, const char *kind,
			 const char *text, const char *key, int64_t *id,
			 int *known);
/* Whether `key` may be a command's key. */
int db_request_key_valid(const char *key);
/* The days a done command keeps its sender's key: a request sent again
 * with it later is a request of its own. */
#define DB_REQUEST_KEY_DAYS 7
/* The keys of the commands done more than `keep_days` days ago
 * forgotten (the commands stay), their number into *pruned. */
int db_command_keys_prune(struct db *db, int keep_days, int64_t *pruned);
/* Whether command `c` (found by its key) is the one asked for now: the
 * same board, word and text (a secret's or a start's text is not kept
 * once carried out: then the board and word alone). */
int db_command_same(const struct db_command *c, int64_t board_id,
		    const char *kind, const char *text);
/* The oldest command not yet done with an id above `after`; DB_REFUSED
 * when there is none. */
int db_command_next(struct db *db, int64_t after, struct db_command *out);
int db_command_get(struct db *db, int64_t id, struct db_command *out);
/* A hub's command marked handed on to its remote table (the first
 * time only); the next such not yet answered after id `after` into *id
 * (0: none). */
int db_command_handed_on(struct db *db, int64_t id);
int db_command_next_handed_on(struct db *db, int64_t after, int64_t *id);
int db_command_done(struct db *db, int64_t id,
		    const struct db_command_outcome *outcome);
/*
 * The outbox of the MQTT link (db_outbox.c, docs/mqtt.md): one row per
 * record a table writes, numbered per table without gaps, written in
 * the record's own transaction; sent once the broker acknowledged it.
 */
enum db_outbox_kind {
	DB_OUTBOX_GAME_START,		/* game: its start, seats, players */
	DB_OUTBOX_MOVE,			/* game, ply; keep: plies kept */
	DB_OUTBOX_TAKE_BACK,		/* game, keep */
	DB_OUTBOX_OPTIONS,		/* game */
	DB_OUTBOX_INCIDENT,		/* id: the incident's */
	DB_OUTBOX_GAME_OVER,		/* game */
	DB_OUTBOX_COMMAND_DONE,		/* id: the command's */
	DB_OUTBOX_GAME_FIX,		/* id: the game's audit row */
	DB_OUTBOX_KINDS
};

/* What an event is made from: the rows the record just wrote. */
struct db_outbox_rec {
	enum db_outbox_kind kind;
	const char *table_key;		/* the table's MQTT id */
	const char *at;			/* when the record was decided */
	int64_t game;
	int ply, keep;
	int64_t id;
};

/* One row read back for publishing; `body` is malloc'd. */
struct db_outbox_row {
	int64_t seq;
	char kind[16];
	char *body;
};

/* "move" for DB_OUTBOX_MOVE... */
const char *db_outbox_kind_name(enum db_outbox_kind kind);
/* Inside the record's transaction: its event, numbered next for the
 * table. DB_REFUSED when the rows it is made from are missing. */
int db_outbox_add(struct db *db, const struct db_outbox_rec *rec);
/* The highest incident id so far (0: none), and an event for each
 * incident written after id `after`, inside the transaction. */
int db_incident_last_id(struct db *db, int64_t *id);
int db_outbox_add_incidents(struct db *db, const char *table_key,
			    const char *at, int64_t after);
/* A board's records published under MQTT id `key` (NULL: not). */
int db_board_outbox_key(struct db *db, int64_t board_id, const char *key);
/* Inside the transaction of a finished game voided or corrected (audit
 * row `audit_id`): its game-fix event, when its board's records are
 * published. */
int db_outbox_game_fixed(struct db *db, int64_t game_id, int64_t audit_id);
/* The last seq written for the table (0: none). */
int db_outbox_last(struct db *db, const char *table_key, int64_t *seq);
/* The first seq still kept for the table (0: none): those before it
 * were pruned. */
int db_outbox_first(struct db *db, const char *table_key, int64_t *seq);
/* The database's instance id (DB_INSTANCE_MAX with its nul): random,
 * made once with the schema, carried in every event and status so that
 * a hub tells two pitbossd giving the same table id apart. */
#define DB_INSTANCE_MAX 33
int db_instance(struct db *db, char *buf, size_t len);
/* Binds the instance to `machine` ("KIND:DIGEST", a digest of the
 * machine's identity of that kind, shorter than DB_MACHINE_MAX) and
 * gives its id in `id`. A database bound to another machine of the same
 * kind is a copy: it draws a new id, and the old one is given in `was`
 * ("" otherwise). A database not bound yet, or bound under another kind
 * of identity, is bound under the id it has. One transaction. */
#define DB_MACHINE_MAX 65
int db_instance_bind(struct db *db, const char *machine, char *id,
		     size_t idlen, char *was, size_t waslen);
/* The first row numbered `from` or later (not yet sent, when
 * `unsent_only`); DB_REFUSED when there is none. Free out->body. */
int db_outbox_get(struct db *db, const char *table_key, int64_t from,
		  int unsent_only, struct db_outbox_row *out);
/* Rows acknowledged by the broker, marked sent in one transaction. */
int db_outbox_sent(struct db *db, const char *table_key, const int64_t *seq,
		   size_t n);
/* Sent rows older than `keep_days` deleted, the last `keep_rows` kept. */
int db_outbox_prune(struct db *db, const char *table_key, int keep_rows,
		    int keep_days);
/* A command from the hub, queued with the hub's id for its answer;
 * DB_REFUSED when that id is queued already (a message delivered
 * twice). */
int db_command_add_hub(struct db *db, int64_t board_id, const char *kind,
		       const char *text, const char *hub_id, int64_t *id);
/* A command of the hub's sent again, which the table carried out
 * already: when its command-done event was pruned from the outbox
 * (so that the hub, told it is gone, never had it), the same answer
 * written again as a new event, and *again set; else nothing. */
int db_command_answer_again(struct db *db, const char *table_key,
			    int64_t id, int *again);
/* The value at `path` ("$.from") of JSON text `json`, as text;
 * DB_REFUSED when the text is no JSON or has no such value. */
int db_json_get(struct db *db, const char *json, const char *path,
		char *buf, size_t len);

/* SQLite's data_version: changes when another connection commits. */
int db_data_version(struct db *db, int64_t *version);
/* The most memory the connection keeps of the file's pages, in KiB
 * (SQLite's default: 2,000). */
int db_cache_kib(struct db *db, int kib);
/* Lets the file's pages the connection keeps go (it reads them again
 * when next asked). */
void db_release_memory(struct db *db);

#endif
