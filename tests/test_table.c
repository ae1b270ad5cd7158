/*
 * test_table.c - a live table's record of verdicts, decided by their
 * kind and cause and never by their sentence: verdicts made by hand are
 * given to the table's verdict handler (table.c is compiled in, with a
 * source that senses nothing), and the store is read back. Commands
 * answer with the verdict they caused. The log (-Wl,--wrap=log_msg),
 * the lights and the dashboard are watched: what they tell of a move
 * must be committed already. A disk that fills up (tests/full_vfs.c)
 * under three tables: they referee on, record nothing, say so, and
 * write each game whole in its own row once space is back.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "daemon/table.c"
#include "daemon/table_record.c"
#include "db/db_impl.h"
#include "tests/full_vfs.h"

/* ------------------------------------------- announcements, watched */

/* The table whose announcements are checked against its store, and
 * how many moves were announced before they were committed. */
static struct table *watched;
static int announced, announced_unrecorded;

struct ply_wanted {
	int ply;
	const char *move;
	int found;
};

static int each_move_wanted(void *ctx, const struct db_move_info *m)
{
	struct ply_wanted *w = ctx;

	if (m->ply == w->ply && strcmp(m->notation, w->move) == 0)
		w->found = 1;
	return 0;
}

/* A move is announced: it must be in the store already. */
static void announcing(int ply, const char *move)
{
	struct ply_wanted w = { ply, move, 0 };

	if (watched == NULL || ply <= 0 || move[0] == '\0' ||
	    strcmp(move, "-") == 0)
		return;
	announced++;
	if (watched->game_id == 0 ||
	    db_game_moves(watched->db, watched->game_id, each_move_wanted,
			  &w) != DB_OK || !w.found)
		announced_unrecorded++;
}

/* The last lines logged, for what the arbiter reads there. */
static char logged[16][2048];
static int nlogged;

static int was_logged(const char *part)
{
	for (int i = 0; i < nlogged && i < 16; i++)
		if (strstr(logged[i], part) != NULL)
			return 1;
	return 0;
}

void __real_log_msg(enum log_level level, const char *fmt, ...);
void __wrap_log_msg(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void __wrap_log_msg(enum log_level level, const char *fmt, ...)
{
	char line[2048], kind[16], move[16];
	unsigned table;
	int ply;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	snprintf(logged[nlogged++ % 16], sizeof(logged[0]), "%s", line);
	if (strstr(line, "not recorded yet") != NULL)
		return;		/* told as not recorded: rightly so */
	if (sscanf(line, "table %u: %15s %d %15[^:]:", &table, kind, &ply,
		   move) == 4 && (strcmp(kind, "accept") == 0 ||
				  strcmp(kind, "warn") == 0 ||
				  strcmp(kind, "command") == 0))
		announcing(ply, move);
	__real_log_msg(level, "%s", line);
}

/* ------------------------------------------------ a source of nothing */

static int verdicts_seen;

static struct source *quiet_open(struct loop *loop,
				 const struct table_config *config,
				 const char *resume, source_emit_fn emit,
				 void *ctx, char *err, size_t errlen)
{
	static int token;

	(void)loop, (void)config, (void)resume, (void)emit, (void)ctx,
	(void)err, (void)errlen;
	return (struct source *)&token;
}

static void quiet_close(struct source *source)
{
	(void)source;
}

static void quiet_verdict(struct source *source, const struct verdict *v,
			  int mover)
{
	(void)source, (void)mover;
	verdicts_seen++;
	/* The lights: what they show of a move is committed. */
	announcing(v->ply, v->move);
}

/* The dashboard's event: the same. */
static void to_dashboard(void *ctx, struct table *t, const struct verdict *v)
{
	(void)ctx, (void)t;
	if (v != NULL)
		announcing(v->ply, v->move);
}

static const struct source_ops quiet_ops = {
	.name = "quiet",
	.open = quiet_open,
	.close = quiet_close,
	.verdict = quiet_verdict,
};

/* ------------------------------------------------------------ helpers */

struct fixture {
	char dir[64];
	struct loop *loop;
	struct db *db;
	struct table *table;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct table_config c;
	char path[128], err[DB_ERR_MAX];

	if (f == NULL)
		return -1;
	full_vfs_set_full(0);
	snprintf(f->dir, sizeof(f->dir), "/tmp/pitboss-test-table.XXXXXX");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/t.db", f->dir);
	log_set_level(LOG_LEVEL_ERR);
	f->loop = loop_new();
	if (f->loop == NULL ||
	    db_open(path, DB_OPEN_CREATE, &f->db, err, sizeof(err)) != DB_OK)
		return -1;
	memset(&c, 0, sizeof(c));
	c.id = 1;
	snprintf(c.name, sizeof(c.name), "Front");
	snprintf(c.game, sizeof(c.game), "kalah");
	c.source = &quiet_ops;	/* in place of a source of the registry */
	referee_config_default(&c.referee);
	f->table = table_open(f->loop, f->db, &c, err, sizeof(err));
	if (f->table == NULL) {
		fprintf(stderr, "table_open: %s\n", err);
		return -1;
	}
	verdicts_seen = 0;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[128];

	table_close(f->table);
	db_close(f->db);
	loop_free(f->loop);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	free(f);
	return system(cmd) == 0 ? 0 : -1;
}

static struct verdict made(enum verdict_kind kind, enum verdict_cause cause,
			   const char *text)
{
	struct verdict v;

	memset(&v, 0, sizeof(v));
	v.table = 1;
	v.kind = kind;
	v.cause = cause;
	v.undone_to = -1;
	v.seat = -1;
	snprintf(v.text, sizeof(v.text), "%s", text);
	return v;
}

/* A game started and one move recorded, at a position of our own. */
static int64_t game_with_a_move(struct fixture *f)
{
	struct verdict v = made(VERDICT_START, CAUSE_STARTED, "game on");
	struct db_game_info g;

	on_verdict(f->table, &v);
	v = made(VERDICT_ACCEPT, CAUSE_ENTERED, "S plays c");
	v.ply = 1;
	v.seat = 0;
	v.source = SOURCE_MANUAL;
	snprintf(v.move, sizeof(v.move), "c");
	snprintf(v.position, sizeof(v.position), "made up");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, f->table->game_id, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	assert_string_equal(g.position, "made up");
	return g.id;
}

struct incidents {
	int n;
	char kind[8][16];
	char cause[8][24];
	char text[8][DB_TEXT_MAX];
	char at[8][DB_TIME_MAX];
	char evidence[8][DB_EVIDENCE_MAX];
};

static int each_incident(void *ctx, const struct db_incident_info *i)
{
	struct incidents *l = ctx;

	if (l->n < 8) {
		snprintf(l->kind[l->n], sizeof(l->kind[0]), "%s", i->kind);
		snprintf(l->cause[l->n], sizeof(l->cause[0]), "%s", i->cause);
		snprintf(l->text[l->n], sizeof(l->text[0]), "%s", i->text);
		snprintf(l->at[l->n], sizeof(l->at[0]), "%s", i->at);
		snprintf(l->evidence[l->n], sizeof(l->evidence[0]), "%s",
			 i->evidence);
		l->n++;
	}
	return 0;
}

static struct incidents incidents_of(struct fixture *f, int64_t game)
{
	struct incidents l;

	memset(&l, 0, sizeof(l));
	assert_int_equal(db_game_incidents(f->db, game, each_incident, &l),
			 DB_OK);
	return l;
}

/* Another table of the fixture's, on its store and loop. */
static struct table *another(struct fixture *f, unsigned id, const char *name)
{
	struct table_config c;
	struct table *t;
	char err[512];

	memset(&c, 0, sizeof(c));
	c.id = id;
	snprintf(c.name, sizeof(c.name), "%s", name);
	snprintf(c.game, sizeof(c.game), "kalah");
	c.source = &quiet_ops;
	referee_config_default(&c.referee);
	t = table_open(f->loop, f->db, &c, err, sizeof(err));
	if (t == NULL)
		fail_msg("table_open: %s", err);
	return t;
}

static void started(struct table *t)
{
	struct verdict v = made(VERDICT_START, CAUSE_STARTED, "game on");

	v.table = t->cfg.id;
	on_verdict(t, &v);
}

static void moved(struct table *t, int ply, const char *move)
{
	struct verdict v = made(VERDICT_ACCEPT, CAUSE_SENSED, "played");

	v.table = t->cfg.id;
	v.ply = ply;
	v.seat = (ply + 1) % 2;
	snprintf(v.move, sizeof(v.move), "%s", move);
	snprintf(v.position, sizeof(v.position), "after %s %d", move, ply);
	on_verdict(t, &v);
}

static void over(struct table *t)
{
	struct verdict v = made(VERDICT_OVER, CAUSE_ENDED, "game ended");

	v.table = t->cfg.id;
	on_verdict(t, &v);
}

/* One integer from fixed SQL. */
static long long db_count(struct db *db, const char *sql)
{
	sqlite3_stmt *st;
	long long n = -1;

	assert_int_equal(sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL),
			 SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

static void stop_loop(void *ctx)
{
	loop_stop(ctx);
}

/* The games at board `board`, oldest first: "status:m1 m2 ..|..". */
static void games_at(struct db *db, int64_t board, char *out, size_t len)
{
	sqlite3_stmt *st;
	size_t used = 0;

	out[0] = '\0';
	assert_int_equal(sqlite3_prepare_v2(db->sql,
		"SELECT g.status, coalesce((SELECT group_concat(notation, ' ')"
		" FROM (SELECT notation FROM moves m WHERE m.game_id = g.id"
		" ORDER BY ply)), '') FROM games g WHERE g.board_id = ?"
		" ORDER BY g.id", -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, board);
	while (sqlite3_step(st) == SQLITE_ROW && used < len)
		used += (size_t)snprintf(out + used, len - used, "%s%s:%s",
			used ? "|" : "", sqlite3_column_text(st, 0),
			sqlite3_column_text(st, 1));
	sqlite3_finalize(st);
}

/*
 * The disk fills up under three tables: they go on refereeing, telling
 * the players every verdict, recording nothing, and the log and their
 * state say so. When space is back each table's games are written whole
 * into rows of their own: none shares another's id, no board keeps two
 * games under way, and every move's player sits at its game.
 */
static void test_full_disk(void **state)
{
	struct fixture *f = *state;
	struct table *mid = another(f, 2, "Middle");
	struct table *back = another(f, 3, "Back");
	struct table *all[3] = { f->table, mid, back };
	long long games_before;
	char *json, games[512], before_space[DB_TIME_MAX];
	struct verdict v;
	struct incidents l;

	for (int i = 0; i < 3; i++) {
		started(all[i]);
		moved(all[i], 1, "c");
	}
	games_before = db_count(f->db, "SELECT count(*) FROM games");
	assert_int_equal(games_before, 3);

	full_vfs_set_full(1);
	nlogged = 0;
	/* Front: its game goes on, ends, and another starts. */
	moved(f->table, 2, "A");
	moved(f->table, 3, "d");
	over(f->table);
	started(f->table);
	moved(f->table, 1, "e");
	/* Middle: moves only. Back: a new game over the one under way. */
	moved(mid, 2, "B");
	moved(mid, 3, "b");
	v = made(VERDICT_FOUL, CAUSE_ILLEGAL, "N sowed from S's side");
	v.table = mid->cfg.id;
	v.seat = 1;
	on_verdict(mid, &v);
	started(back);
	moved(back, 1, "f");
	moved(back, 2, "F");
	assert_true(full_vfs_refused() > 0);
	assert_true(was_logged("database full: moves are not being recorded"));
	for (int i = 0; i < 3; i++) {
		json = table_state_json(all[i]);
		assert_non_null(strstr(json, "\"store\":\"database full: moves "
					   "are not being recorded\""));
		free(json);
	}
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM games"), 3);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 3);
	/* Every verdict was told all the same: the lights saw them. */
	assert_int_equal(verdicts_seen, 6 + 11);

	db_now(before_space, sizeof(before_space));
	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);

	games_at(f->db, table_board_id(f->table), games, sizeof(games));
	assert_string_equal(games, "finished:c A d|playing:e");
	games_at(f->db, table_board_id(mid), games, sizeof(games));
	assert_string_equal(games, "playing:c B b");
	/* The foul is kept against N's player, at the time it was made. */
	l = incidents_of(f, mid->game_id);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.kind[0], "foul");
	if (strcmp(l.at[0], before_space) > 0)
		fail_msg("foul at %s, space back at %s", l.at[0], before_space);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM incidents i"
		" JOIN games g ON g.id = i.game_id JOIN game_players p"
		" ON p.game_id = g.id AND p.seat = 1"
		" WHERE i.player_id = p.player_id"), 1);
	games_at(f->db, table_board_id(back), games, sizeof(games));
	assert_string_equal(games, "finished:c|playing:f F");
	assert_int_equal(db_check(f->db), DB_OK);
	for (int i = 0; i < 3; i++) {
		json = table_state_json(all[i]);
		assert_non_null(strstr(json, "\"store\":null"));
		free(json);
	}
	/* Later moves are recorded at once, in the right game. */
	moved(mid, 4, "a");
	games_at(f->db, table_board_id(mid), games, sizeof(games));
	assert_string_equal(games, "playing:c B b a");
	table_close(mid);
	table_close(back);
}

/* A command is done with what it wrote, in one transaction: with the
 * disk full neither its refusal nor its being done is written; once
 * space is back, both are. (A crash in between would otherwise run it
 * again at the next start.) */
static void test_command_done_with_its_records(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f), id;
	struct db_command_outcome o;
	struct db_command c;
	struct verdict v;

	assert_int_equal(db_command_add(f->db, table_board_id(f->table),
					"entry", "zz7", &id), DB_OK);
	full_vfs_set_full(1);
	assert_int_equal(table_command(f->table, command_find("entry"), "zz7",
				       &v), 0);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	o = (struct db_command_outcome){ "refused", "refused", v.ply, NULL,
					 v.text };
	assert_int_equal(table_command_close(f->table, id, &o), 1);
	assert_int_equal(db_command_get(f->db, id, &c), DB_OK);
	assert_string_equal(c.done, "");
	assert_int_equal(incidents_of(f, game).n, 0);

	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);
	assert_int_equal(db_command_get(f->db, id, &c), DB_OK);
	assert_string_not_equal(c.done, "");
	assert_string_equal(c.outcome_kind, "refused");
	assert_int_equal(incidents_of(f, game).n, 1);
	assert_non_null(strstr(incidents_of(f, game).text[0], "entry refused"));
}

/* -------------------------------------------------------------- tests */

/* The log, the lights and the dashboard tell of a move once it is
 * committed, never before (a power cut in between would lose a move
 * the players were told of). */
static void test_announced_after_commit(void **state)
{
	struct fixture *f = *state;
	struct verdict v;

	log_set_level(LOG_LEVEL_INFO);
	watched = f->table;
	announced = announced_unrecorded = 0;
	table_set_observer(f->table, to_dashboard, NULL);
	game_with_a_move(f);
	v = made(VERDICT_WARN, CAUSE_NONE, "N plays A, sensed late");
	v.ply = 2;
	v.seat = 1;
	snprintf(v.move, sizeof(v.move), "A");
	snprintf(v.position, sizeof(v.position), "made up 2");
	on_verdict(f->table, &v);
	v = made(VERDICT_COMMAND, CAUSE_CORRECTED, "N plays B; replaces A");
	v.ply = 2;
	v.seat = 1;
	v.undone_to = 1;
	v.source = SOURCE_CORRECTION;
	snprintf(v.move, sizeof(v.move), "B");
	snprintf(v.position, sizeof(v.position), "made up 3");
	on_verdict(f->table, &v);
	watched = NULL;
	log_set_level(LOG_LEVEL_ERR);
	/* Three moves, each told three times: log, lights, dashboard. */
	assert_int_equal(announced, 9);
	assert_int_equal(announced_unrecorded, 0);
}

/* The arbiter's position is recorded as the game's by its cause: the
 * moves after the referee's go, whatever the sentence. */
static void test_position_set_by_cause(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	struct verdict v;
	struct db_game_info g;
	struct incidents l;
	char pos[256];

	/* A sentence that reads like it, without the cause: an incident. */
	v = made(VERDICT_COMMAND, CAUSE_NONE, "position set: 1 2 3");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	assert_string_equal(g.position, "made up");
	/* The cause, with any sentence: the referee's position and plies. */
	v = made(VERDICT_COMMAND, CAUSE_POSITION_SET, "the arbiter's board");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, referee_plies(f->table->ref));
	assert_string_equal(g.position, referee_public_position(
		f->table->ref, pos, sizeof(pos)));
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.text[0], "position set: 1 2 3");
	assert_string_equal(l.kind[1], "command");
	assert_string_equal(l.cause[1], "position-set");
	assert_string_equal(l.text[1], "the arbiter's board");
	assert_int_equal(verdicts_seen, 4);
}

/* A note is kept with the game when it is about a sensor line. */
static void test_sensor_notes_by_cause(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	static const enum verdict_cause kept[] = {
		CAUSE_SENSOR_DEAD, CAUSE_SENSOR_BACK
	};
	struct incidents l;
	struct verdict v;

	v = made(VERDICT_NOTE, CAUSE_NONE, "sensor on pit a is dead");
	on_verdict(f->table, &v);
	v = made(VERDICT_NOTE, CAUSE_UNKNOWN_PLACE, "drop in unknown hole");
	on_verdict(f->table, &v);
	assert_int_equal(incidents_of(f, game).n, 0);
	for (size_t i = 0; i < 2; i++) {
		v = made(VERDICT_NOTE, kept[i], "line 3");
		on_verdict(f->table, &v);
	}
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.kind[0], "warning");
	assert_string_equal(l.kind[1], "warning");
}

/* Fouls are kept as fouls, refusals as commands. */
static void test_fouls_and_refusals(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	struct incidents l;
	struct verdict v;

	v = made(VERDICT_FOUL, CAUSE_ILLEGAL, "N sowed from S's side");
	v.seat = 1;
	snprintf(v.evidence, sizeof(v.evidence), "move=A legal=20.0 "
		 "short=5.8 decided=foul");
	on_verdict(f->table, &v);
	v = made(VERDICT_REFUSED, CAUSE_REFUSED, "nothing held");
	on_verdict(f->table, &v);
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.kind[0], "foul");
	assert_string_equal(l.cause[0], "illegal");
	assert_string_equal(l.kind[1], "command");
	assert_string_equal(l.cause[1], "refused");
	/* The foul's evidence is kept with it; the refusal has none. */
	assert_string_equal(l.evidence[0], "move=A legal=20.0 short=5.8 "
			    "decided=foul");
	assert_string_equal(l.evidence[1], "");
}

static int each_move_evidence(void *ctx, const struct db_move_info *m)
{
	if (m->ply == 2)
		snprintf(ctx, DB_EVIDENCE_MAX, "%s", m->evidence);
	return 0;
}

/* A move taken with a warning keeps what the judgement rested on. */
static void test_evidence_with_the_move(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	char evidence[DB_EVIDENCE_MAX] = "";
	struct verdict v;

	v = made(VERDICT_WARN, CAUSE_SENSED_FAULT, "N plays A; a pulse missed");
	v.ply = 2;
	v.seat = 1;
	snprintf(v.move, sizeof(v.move), "A");
	snprintf(v.position, sizeof(v.position), "made up 2");
	snprintf(v.evidence, sizeof(v.evidence), "move=A legal=7.8 "
		 "faults=miss:B(2/40) decided=take");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_moves(f->db, game, each_move_evidence,
				       evidence), DB_OK);
	assert_string_equal(evidence, "move=A legal=7.8 faults=miss:B(2/40) "
			    "decided=take");
}

/* The referee took back a move of its own (more drops of the same hand
 * came): the verdict after it carries the take-back, recorded with it.
 * A hold or a foul takes the move back and keeps itself; a move taken
 * replaces it at its ply. Never a move lost or recorded twice. */
static void test_referee_takes_back_its_own_move(void **state)
{
	struct fixture *f = *state;
	int64_t game = game_with_a_move(f);
	struct db_game_info g;
	struct incidents l;
	struct verdict v;

	v = made(VERDICT_HOLD, CAUSE_AMBIGUOUS, "S plays b? ...; corrects c");
	v.ply = 1;
	v.undone_to = 0;
	snprintf(v.move, sizeof(v.move), "b");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, 0);
	l = incidents_of(f, game);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.cause[1], "ambiguous");
	assert_string_equal(l.kind[1], "warning");

	game = game_with_a_move(f);
	v = made(VERDICT_WARN, CAUSE_SENSED_FAULT, "S plays b; corrects c");
	v.ply = 1;
	v.seat = 0;
	v.undone_to = 0;
	snprintf(v.move, sizeof(v.move), "b");
	snprintf(v.position, sizeof(v.position), "after b");
	on_verdict(f->table, &v);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.plies, 1);
	assert_string_equal(g.position, "after b");
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves m JOIN "
				  "games g ON g.id = m.game_id WHERE "
				  "g.status = 'playing'"), 1);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves m JOIN "
				  "games g ON g.id = m.game_id WHERE "
				  "g.status = 'playing' AND m.notation = 'b'"),
			 1);
}

/* A command answers with the verdict it caused, or a refusal of its
 * own before the referee. */
static void test_command_answers(void **state)
{
	struct fixture *f = *state;
	struct verdict v;

	assert_int_equal(table_command(f->table, command_find("start"), "",
				       &v), 0);
	assert_int_equal(v.kind, VERDICT_START);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_not_equal(f->table->game_id, 0);
	assert_int_equal(table_command(f->table, command_find("entry"), "zz",
				       &v), 0);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(table_command(f->table, command_find("correct"), "",
				       &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(v.cause, CAUSE_REFUSED);
	assert_string_equal(v.text, "correct needs its text");
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(table_command(f->table, command_find("secret"),
				       "99 S R3", &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "entered for game 99"));
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(table_command(f->table, command_find("forfeit"),
				       "1 2", &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
}

static int count_game(void *ctx, const struct db_game_info *g)
{
	(void)g;
	(*(int *)ctx)++;
	return 0;
}

/* A series called to the table: the empty game under way becomes its
 * first game, with its players; the table's state says so; a second
 * series waits until the first ends. */
static void test_series_called(void **state)
{
	struct fixture *f = *state;
	struct db_game_info g;
	struct verdict v;
	struct db_history_filter hf = { 0 };
	int64_t ada, bob, cyd, sid, other, empty, game = 0;
	int games = 0;
	char text[32], *json;

	assert_int_equal(db_player_add(f->db, "Ada", &ada), DB_OK);
	assert_int_equal(db_player_add(f->db, "Bob", &bob), DB_OK);
	assert_int_equal(db_player_add(f->db, "Cyd", &cyd), DB_OK);
	assert_int_equal(db_series_start(f->db, "kalah", "", 10, ada, bob, 1,
					 &sid), DB_OK);
	assert_int_equal(db_series_start(f->db, "kalah", "", 10, cyd, bob, 0,
					 &other), DB_OK);
	assert_int_equal(table_command(f->table, command_find("start"), "",
				       &v), 0);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	empty = f->table->game_id;
	assert_int_not_equal(empty, 0);
	assert_int_equal(f->table->series_id, 0);	/* a friendly */

	snprintf(text, sizeof(text), "%lld", (long long)sid);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), 0);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(v.kind, VERDICT_COMMAND);
	assert_non_null(strstr(v.text, "its game under way"));
	assert_int_equal(db_game_playing_at(f->db, f->table->board_id, &game),
			 DB_OK);
	/* The empty game left no record: one game at the table. */
	hf.table_id = f->table->board_id;
	assert_int_equal(db_history(f->db, &hf, count_game, &games), DB_OK);
	assert_int_equal(games, 1);
	assert_int_equal(db_game_get(f->db, game, &g), DB_OK);
	assert_int_equal(g.series_id, sid);
	assert_int_equal(g.game_no, 1);
	/* B moves first in game 1 of this series: Bob at seat 0. */
	assert_int_equal(g.side_player[0], bob);
	assert_int_equal(g.side_player[1], ada);
	assert_string_equal(g.first_how, DB_FIRST_ALTERNATE);

	json = table_state_json(f->table);
	assert_non_null(json);
	snprintf(text, sizeof(text), "\"series\":{\"id\":%lld", (long long)sid);
	assert_non_null(strstr(json, text));
	assert_non_null(strstr(json, "\"players\":[\"Bob\",\"Ada\"]"));
	free(json);

	snprintf(text, sizeof(text), "%lld", (long long)other);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), -1);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "until it ends"));
	assert_int_equal(table_command(f->table, command_find("assign"), "x",
				       &v), -1);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	/* A series of other options is not this table's to play. */
	assert_int_equal(db_series_start(f->db, "kalah", "seeds=3", 10, cyd,
					 ada, 0, &other), DB_OK);
	snprintf(text, sizeof(text), "%lld", (long long)other);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), -1);
	assert_int_equal(table_command_close(f->table, 0, NULL), 0);
	assert_non_null(strstr(v.text, "is played as kalah 'seeds=3'"));
}

/* A series called to the table while the disk is full: its game waits
 * in the journal with the rest, and is the series' once space is back;
 * meanwhile a call-up, written outside the journal, is refused. */
/* A table of the fixture's that keeps an outbox, as id "front-mqtt". */
static struct table *with_outbox(struct fixture *f, unsigned id,
				 const char *name)
{
	struct table_config c;
	struct table *t;
	char err[512];

	memset(&c, 0, sizeof(c));
	c.id = id;
	snprintf(c.name, sizeof(c.name), "%s", name);
	snprintf(c.game, sizeof(c.game), "kalah");
	conf_mqtt_id(name, c.mqtt_id, sizeof(c.mqtt_id));
	c.outbox = 1;
	c.source = &quiet_ops;
	referee_config_default(&c.referee);
	t = table_open(f->loop, f->db, &c, err, sizeof(err));
	if (t == NULL)
		fail_msg("table_open: %s", err);
	return t;
}

/* The outbox's kinds for `key` in order: "game-start move ...", and
 * whether its seqs run 1..N. */
static int outbox_kinds(struct db *db, const char *key, char *out,
			size_t len)
{
	sqlite3_stmt *st;
	size_t used = 0;
	int64_t want = 1;
	int gapless = 1;

	out[0] = '\0';
	assert_int_equal(sqlite3_prepare_v2(db->sql, "SELECT seq, kind FROM "
		"outbox WHERE table_key = ? ORDER BY seq", -1, &st, NULL),
		SQLITE_OK);
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW && used < len) {
		gapless &= sqlite3_column_int64(st, 0) == want++;
		used += (size_t)snprintf(out + used, len - used, "%s%s",
			used ? " " : "", sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	return gapless;
}

/* Without mqtt the outbox stays empty. */
static void test_outbox_off(void **state)
{
	struct fixture *f = *state;

	started(f->table);
	moved(f->table, 1, "c");
	over(f->table);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 1);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox"), 0);
}

/* Every record an event, numbered 1..N, its payload from the rows. */
static void test_outbox_events(void **state)
{
	struct fixture *f = *state;
	struct table *t = with_outbox(f, 2, "Side Table");
	struct verdict v;
	char kinds[512];

	started(t);
	moved(t, 1, "c");
	moved(t, 2, "A");
	v = made(VERDICT_FOUL, CAUSE_ILLEGAL, "N sowed from S's side");
	v.table = 2;
	v.seat = 1;
	on_verdict(t, &v);
	over(t);
	started(t);
	started(t);	/* the game under way closed, void */
	assert_true(outbox_kinds(f->db, "side-table", kinds, sizeof(kinds)));
	assert_string_equal(kinds, "game-start move move incident game-over "
			    "game-start game-over game-start");
	/* The moves' events as the moves rows, row by row. */
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves m JOIN "
		"outbox o ON o.kind = 'move' AND json_extract(o.body, "
		"'$.payload.game') = m.game_id AND json_extract(o.body, "
		"'$.payload.ply') = m.ply AND json_extract(o.body, "
		"'$.payload.notation') = m.notation AND json_extract(o.body, "
		"'$.payload.position') = m.position AND json_extract(o.body, "
		"'$.payload.player') = (SELECT name FROM players WHERE id = "
		"m.player_id)"), 2);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox WHERE "
		"json_extract(body, '$.table') = 'side-table' AND "
		"json_extract(body, '$.seq') = seq AND json_extract(body, "
		"'$.v') = 1 AND json_extract(body, '$.kind') = kind"), 8);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox WHERE "
		"kind = 'game-start' AND json_array_length(body, "
		"'$.payload.players') = 2 AND json_extract(body, "
		"'$.payload.board') = 'Side Table'"), 3);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox WHERE "
		"kind = 'incident' AND json_extract(body, '$.payload.kind') = "
		"'foul' AND json_extract(body, '$.payload.cause') = 'illegal'"),
		1);
	/* The table without mqtt wrote none. */
	started(f->table);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM outbox"), 8);
	table_close(t);
}

/* A record that does not commit leaves no event; once it does, its
 * events follow the others without a gap. */
static void test_outbox_with_its_records(void **state)
{
	struct fixture *f = *state;
	struct table *t = with_outbox(f, 2, "Side");
	char kinds[512];

	started(t);
	moved(t, 1, "c");
	full_vfs_set_full(1);
	moved(t, 2, "A");
	moved(t, 3, "d");
	assert_true(full_vfs_refused() > 0);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 1);
	assert_true(outbox_kinds(f->db, "side", kinds, sizeof(kinds)));
	assert_string_equal(kinds, "game-start move");
	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);
	assert_int_equal(db_count(f->db, "SELECT count(*) FROM moves"), 3);
	assert_true(outbox_kinds(f->db, "side", kinds, sizeof(kinds)));
	assert_string_equal(kinds, "game-start move move move");
	table_close(t);
}

static void test_series_game_waits_with_the_journal(void **state)
{
	struct fixture *f = *state;
	struct verdict v = made(VERDICT_START, CAUSE_STARTED, "game on");
	struct db_game_info g;
	int64_t ada, bob, sid;
	char text[32];

	assert_int_equal(db_player_add(f->db, "Ada", &ada), DB_OK);
	assert_int_equal(db_player_add(f->db, "Bob", &bob), DB_OK);
	assert_int_equal(db_series_start(f->db, "kalah", "", 10, ada, bob, 1,
					 &sid), DB_OK);
	assert_int_equal(db_series_call(f->db, sid, f->table->board_id),
			 DB_OK);
	full_vfs_set_full(1);
	nlogged = 0;
	on_verdict(f->table, &v);
	assert_int_equal(f->table->game_id, 0);
	assert_int_equal(f->table->series_id, 0);
	assert_false(was_logged("of series"));
	snprintf(text, sizeof(text), "%lld", (long long)sid);
	assert_int_equal(table_command(f->table, command_find("assign"), text,
				       &v), -1);
	assert_int_equal(v.kind, VERDICT_REFUSED);
	assert_non_null(strstr(v.text, "wait for the database"));
	assert_int_equal(table_command_close(f->table, 0, NULL), 1);

	full_vfs_set_full(0);
	loop_at(f->loop, loop_now() + 3000000, stop_loop, f->loop);
	assert_int_equal(loop_run(f->loop), 0);
	assert_int_not_equal(f->table->game_id, 0);
	assert_int_equal(f->table->series_id, sid);
	assert_true(was_logged("is game 1 of series"));
	assert_int_equal(db_game_get(f->db, f->table->game_id, &g), DB_OK);
	assert_int_equal(g.series_id, sid);
	assert_int_equal(g.side_player[0], bob);
	assert_int_equal(g.side_player[1], ada);
	assert_int_equal(db_check(f->db), DB_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_full_disk, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_command_done_with_its_records, setup, teardown),
		cmocka_unit_test_setup_teardown(test_announced_after_commit,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_position_set_by_cause,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_sensor_notes_by_cause,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_evidence_with_the_move,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_referee_takes_back_its_own_move,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_fouls_and_refusals,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_series_called,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_series_game_waits_with_the_journal, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_outbox_off, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_outbox_events, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_outbox_with_its_records,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_command_answers,
						setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	if (full_vfs_install() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
