/*
 * test_hub.c - a hub taking in three tables' events (db_hub.h): the
 * same events delivered twice, or shuffled with copies and gaps, leave
 * the records that applying the games directly leaves, row by row
 * (games, players, moves, incidents, series, ratings) and the same
 * standings; a gap is reported until it fills; a command of the hub's
 * is answered by its event; what is not an event is refused; a game
 * voided at its table is voided at the hub; a hub's series is made
 * once at a table.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "db/db.h"
#include "db/db_hub.h"
#include "db/series.h"

#define MAX_EVENTS 400
#define EVENT_MAX 1024

static char dir[64];
static struct db *hub, *ref;	/* events taken in; games applied directly */
static int64_t tid;
static int clock_s;		/* the tables' clock, seconds after 01:00 */

struct event {
	int table;
	int64_t seq;
	char json[EVENT_MAX];
};
static struct event events[MAX_EVENTS];
static int n_events;

/* A simulated table: its events and the same records written into ref. */
struct table_gen {
	const char *key, *board;
	int64_t seq;
	int game, plies, first;
	int64_t ref_game;
	const char *names[2];	/* by seat */
};

static void stamp(char *at, size_t len)
{
	clock_s++;
	snprintf(at, len, "2026-11-24T%02d:%02d:%02d.%03dZ",
		 (1 + clock_s / 3600) % 24, clock_s / 60 % 60, clock_s % 60,
		 clock_s % 7 * 100);
}

static void emit(struct table_gen *t, int table, const char *kind,
		 const char *at, const char *fmt, ...)
{
	struct event *e = &events[n_events++];
	char payload[EVENT_MAX - 160];
	va_list ap;

	assert_true(n_events <= MAX_EVENTS);
	va_start(ap, fmt);
	vsnprintf(payload, sizeof(payload), fmt, ap);
	va_end(ap);
	e->table = table;
	e->seq = ++t->seq;
	snprintf(e->json, sizeof(e->json),
		 "{\"v\":1,\"table\":\"%s\",\"seq\":%lld,\"kind\":\"%s\","
		 "\"at\":\"%s\",\"payload\":{%s}}", t->key, (long long)e->seq,
		 kind, at, payload);
}

static int64_t ref_player(const char *name)
{
	struct db_player p;
	int64_t id = 0;

	if (db_player_find(ref, name, &p) == DB_OK)
		return p.id;
	assert_int_equal(db_player_add(ref, name, &id), DB_OK);
	return id;
}

static void gen_start(struct table_gen *t, int table, const char *options,
		      int64_t series, const char *seat0, const char *seat1)
{
	struct db_game_new g = { 0 };
	struct db_table b;
	char at[DB_TIME_MAX], hub_series[24] = "null", pos[32];

	stamp(at, sizeof(at));
	t->game++;
	t->plies = 0;
	t->names[0] = seat0;
	t->names[1] = seat1;
	if (series != 0)
		snprintf(hub_series, sizeof(hub_series), "%lld",
			 (long long)series);
	emit(t, table, "game-start", at,
	     "\"game\":%d,\"kind\":\"kalah\",\"options\":\"%s\",\"board\":"
	     "\"%s\",\"seats\":2,\"first_seat\":0,\"first_how\":\"%s\","
	     "\"started\":\"%s\",\"position\":\"start %d\",\"series\":null,"
	     "\"hub_series\":%s,\"game_no\":null,\"players\":[{\"seat\":0,"
	     "\"member\":0,\"name\":\"%s\"},{\"seat\":1,\"member\":0,"
	     "\"name\":\"%s\"}]", t->game, options, t->board,
	     series ? DB_FIRST_ALTERNATE : DB_FIRST_RULES, at, t->game,
	     hub_series, seat0, seat1);
	db_set_time(ref, at);
	if (db_table_find(ref, t->board, &b) != DB_OK)
		assert_int_equal(db_table_add(ref, t->board, "", &b.id), DB_OK);
	snprintf(pos, sizeof(pos), "start %d", t->game);
	g.kind = "kalah";
	g.options = options;
	g.table_id = b.id;
	g.series_id = series;
	g.seats = 2;
	g.members[0] = g.members[1] = 1;
	g.player[0][0] = ref_player(seat0);
	g.player[1][0] = ref_player(seat1);
	g.first_how = series ? DB_FIRST_ALTERNATE : DB_FIRST_RULES;
	g.position = pos;
	g.started = at;
	if (db_game_start(ref, &g, &t->ref_game) != DB_OK)
		fail_msg("%s", db_error(ref));
}

static void gen_move(struct table_gen *t, int table, const char *notation)
{
	struct db_move m = { 0 };
	char at[DB_TIME_MAX], pos[32], ev[16];
	int seat = t->plies % 2;

	stamp(at, sizeof(at));
	t->plies++;
	snprintf(pos, sizeof(pos), "p%d-%d", t->game, t->plies);
	emit(t, table, "move", at,
	     "\"game\":%d,\"ply\":%d,\"seat\":%d,\"member\":0,\"player\":"
	     "\"%s\",\"notation\":\"%s\",\"position\":\"%s\",\"at\":\"%s\","
	     "\"source\":\"sensor\",\"evidence\":\"gates=%d\"", t->game,
	     t->plies, seat, t->names[seat], notation, pos, at, t->plies);
	m.ply = t->plies;
	m.seat = seat;
	m.player_id = ref_player(t->names[seat]);
	m.notation = notation;
	m.position = pos;
	m.source = DB_SOURCE_SENSOR;
	m.at = at;
	snprintf(ev, sizeof(ev), "gates=%d", t->plies);
	m.evidence = ev;
	db_set_time(ref, at);
	if (db_move_add(ref, t->ref_game, &m) != DB_OK)
		fail_msg("%s", db_error(ref));
}

/* A move in place of the last one, taken back in the same decision. */
static void gen_move_over(struct table_gen *t, int table, const char *notation)
{
	struct db_move m = { 0 };
	char at[DB_TIME_MAX], pos[32];
	int seat = (t->plies - 1) % 2;

	stamp(at, sizeof(at));
	snprintf(pos, sizeof(pos), "p%d-%d'", t->game, t->plies);
	emit(t, table, "move", at,
	     "\"game\":%d,\"ply\":%d,\"keep\":%d,\"seat\":%d,\"member\":0,"
	     "\"player\":\"%s\",\"notation\":\"%s\",\"position\":\"%s\","
	     "\"at\":\"%s\",\"source\":\"manual\",\"evidence\":null",
	     t->game, t->plies, t->plies - 1, seat, t->names[seat], notation,
	     pos, at);
	m.ply = t->plies;
	m.seat = seat;
	m.player_id = ref_player(t->names[seat]);
	m.notation = notation;
	m.position = pos;
	m.source = DB_SOURCE_MANUAL;
	m.at = at;
	db_set_time(ref, at);
	assert_int_equal(db_game_take_back(ref, t->ref_game, t->plies - 1, pos,
					   &m, NULL, NULL, NULL), DB_OK);
}

static void gen_incident(struct table_gen *t, int table, int seat)
{
	char at[DB_TIME_MAX], text[64];

	stamp(at, sizeof(at));
	emit(t, table, "incident", at,
	     "\"game\":%d,\"ply\":%d,\"kind\":\"warning\",\"player\":\"%s\","
	     "\"text\":\"warn %d: two seeds at \\\"f\\\"\",\"at\":\"%s\","
	     "\"cause\":\"no-fit\",\"evidence\":\"drops=2\"", t->game,
	     t->plies, t->names[seat], t->plies, at);
	snprintf(text, sizeof(text), "warn %d: two seeds at \"f\"", t->plies);
	db_set_time(ref, at);
	assert_int_equal(db_incident_add(ref, t->ref_game, t->plies,
					 DB_INCIDENT_WARNING, "no-fit",
					 ref_player(t->names[seat]), text,
					 "drops=2"), DB_OK);
}

static void gen_take_back(struct table_gen *t, int table)
{
	char at[DB_TIME_MAX], pos[32];

	stamp(at, sizeof(at));
	t->plies--;
	snprintf(pos, sizeof(pos), "p%d-%d", t->game, t->plies);
	emit(t, table, "take-back", at,
	     "\"game\":%d,\"keep\":%d,\"position\":\"%s\"", t->game,
	     t->plies, pos);
	db_set_time(ref, at);
	assert_int_equal(db_game_take_back(ref, t->ref_game, t->plies, pos,
					   NULL, NULL, NULL, NULL), DB_OK);
}

static void gen_options(struct table_gen *t, int table, const char *options)
{
	char at[DB_TIME_MAX];

	stamp(at, sizeof(at));
	emit(t, table, "options", at, "\"game\":%d,\"options\":\"%s\"",
	     t->game, options);
	db_set_time(ref, at);
	assert_int_equal(db_game_set_options(ref, t->ref_game, options, NULL,
					     NULL), DB_OK);
}

/* The game over: `winner` (a seat) scores `points`. */
static void gen_over(struct table_gen *t, int table, int winner, int points)
{
	struct db_game_end end = { .verdict = RULES_WIN, .winner = winner };
	char at[DB_TIME_MAX];

	stamp(at, sizeof(at));
	end.score[winner] = 24 + points;
	end.score[!winner] = 24 - points;
	end.points[winner] = points;
	end.ended = at;
	emit(t, table, "game-over", at,
	     "\"game\":%d,\"ended\":\"%s\",\"status\":\"finished\","
	     "\"result\":\"win\",\"winner_seat\":%d,\"plies\":%d,"
	     "\"position\":\"p%d-%d\",\"sides\":[{\"seat\":0,\"score\":%d,"
	     "\"points\":%d},{\"seat\":1,\"score\":%d,\"points\":%d}]",
	     t->game, at, winner, t->plies, t->game, t->plies, end.score[0],
	     end.points[0], end.score[1], end.points[1]);
	db_set_time(ref, at);
	if (db_game_finish(ref, t->ref_game, &end) != DB_OK)
		fail_msg("%s", db_error(ref));
}

/* A series game: player A (of the hub's series) wins with `points`. */
static void series_game(struct table_gen *t, int table, int64_t sid,
			int points)
{
	struct db_series_info s;
	int first, seat_a;

	assert_int_equal(db_series_get(ref, sid, &s), DB_OK);
	first = series_first_mover(s.first, s.games + 1);
	seat_a = first == 0 ? 0 : 1;
	gen_start(t, table, s.options, sid, s.name[first], s.name[!first]);
	for (int i = 0; i < 5; i++)
		gen_move(t, table, (const char *[]){ "a", "b", "c", "d",
						      "e" }[i]);
	gen_incident(t, table, 1);
	gen_over(t, table, seat_a, points);
}

/* Three tables: two play two series each of the round robin (each
 * decided in two games), the third its two and a friendly game with a
 * player the hub does not know, new options, a take-back. */
static void script(void)
{
	static struct table_gen tables[3] = {
		{ .key = "t1", .board = "Table 1" },
		{ .key = "t2", .board = "Table 2" },
		{ .key = "t-3_x", .board = "Garden" },
	};
	int64_t sid = 1;

	n_events = 0;
	clock_s = 0;
	for (int i = 0; i < 3; i++) {
		tables[i].seq = 0;
		tables[i].game = 0;
	}
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < 3; i++, sid++) {
			series_game(&tables[i], i, sid, 3);
			series_game(&tables[i], i, sid, 4);
		}
	gen_start(&tables[2], 2, "", 0, "Eve", "Ann");
	gen_options(&tables[2], 2, "pits=5 seeds=6");
	gen_move(&tables[2], 2, "a");
	gen_move(&tables[2], 2, "b");
	gen_take_back(&tables[2], 2);
	gen_move(&tables[2], 2, "c");
	gen_move_over(&tables[2], 2, "d");
	gen_incident(&tables[2], 2, 0);
	gen_over(&tables[2], 2, 1, 5);
}

/* ------------------------------------------------------------ records */

/* The records as text, ids replaced by names and start times, so that
 * two files written in another order compare row by row. */
static const char *const dump_sql[] = {
	"SELECT name, location, created FROM boards ORDER BY name",
	"SELECT b.name, g.kind, g.options, g.first_seat, g.first_how,"
	" g.started, g.ended, g.status, g.result, g.winner_seat, g.plies,"
	" g.position, g.series_id, g.game_no FROM games g"
	" LEFT JOIN boards b ON b.id = g.board_id ORDER BY g.started",
	"SELECT g.started, gp.seat, gp.member, p.name FROM game_players gp"
	" JOIN games g ON g.id = gp.game_id JOIN players p ON p.id ="
	" gp.player_id ORDER BY 1, 2, 3",
	"SELECT g.started, s.seat, s.score, s.points FROM game_sides s"
	" JOIN games g ON g.id = s.game_id ORDER BY 1, 2",
	"SELECT g.started, m.ply, m.seat, m.member, p.name, m.notation,"
	" m.position, m.at, m.source, m.evidence FROM moves m JOIN games g"
	" ON g.id = m.game_id LEFT JOIN players p ON p.id = m.player_id"
	" ORDER BY 1, 2",
	"SELECT g.started, i.ply, i.kind, p.name, i.text, i.at, i.cause,"
	" i.evidence FROM incidents i JOIN games g ON g.id = i.game_id"
	" LEFT JOIN players p ON p.id = i.player_id ORDER BY 1, i.at, i.text",
	"SELECT s.*, pa.name, pb.name FROM series s JOIN players pa"
	" ON pa.id = s.player_a JOIN players pb ON pb.id = s.player_b"
	" ORDER BY s.id",
	"SELECT * FROM tournaments ORDER BY id",
	"SELECT p.name, p.created FROM players p ORDER BY p.name",
	"SELECT r.kind_key, p.name, printf('%.6f %.6f %.6f', r.rating, r.rd,"
	" r.volatility), r.games, r.wins, r.losses, r.draws, r.last_played"
	" FROM ratings r JOIN players p ON p.id = r.player_id ORDER BY 1, 2",
	"SELECT g.started, p.name, h.kind_key, h.ended, printf('%.6f %.6f"
	" %.6f %.6f', h.rating_before, h.rd_before, h.rating, h.rd), h.score,"
	" h.opponents FROM rating_history h JOIN games g ON g.id = h.game_id"
	" JOIN players p ON p.id = h.player_id ORDER BY 1, 2",
};

static char *dump(const char *name, int *rows)
{
	char path[128], *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	sqlite3 *h;

	*rows = 0;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL),
			 SQLITE_OK);
	for (size_t q = 0; q < sizeof(dump_sql) / sizeof(*dump_sql); q++) {
		sqlite3_stmt *st;

		assert_int_equal(sqlite3_prepare_v2(h, dump_sql[q], -1, &st,
						    NULL), SQLITE_OK);
		fprintf(f, "-- %zu\n", q);
		while (sqlite3_step(st) == SQLITE_ROW) {
			for (int c = 0; c < sqlite3_column_count(st); c++) {
				const unsigned char *v =
					sqlite3_column_text(st, c);

				fprintf(f, "%s%s", c ? "|" : "",
					v ? (const char *)v : "NULL");
			}
			fputc('\n', f);
			(*rows)++;
		}
		sqlite3_finalize(st);
	}
	sqlite3_close(h);
	fclose(f);
	return out;
}

/* The hub's records equal ref's, row by row, and so do the standings. */
static void assert_same_records(void)
{
	struct standing *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	char *want, *got;
	int want_rows, got_rows;

	want = dump("ref.db", &want_rows);
	got = dump("hub.db", &got_rows);
	assert_true(want_rows > 150);
	assert_string_equal(got, want);
	free(want);
	free(got);
	assert_int_equal(db_tournament_standings(ref, tid, &a, &na), DB_OK);
	assert_int_equal(db_tournament_standings(hub, tid, &b, &nb), DB_OK);
	assert_int_equal(na, 4);
	assert_int_equal(nb, na);
	for (size_t i = 0; i < na; i++) {
		assert_string_equal(b[i].name, a[i].name);
		assert_int_equal(b[i].place, a[i].place);
		assert_int_equal(b[i].series_won, a[i].series_won);
		assert_int_equal(b[i].series_lost, a[i].series_lost);
		assert_int_equal(b[i].games_won, a[i].games_won);
		assert_int_equal(b[i].games_lost, a[i].games_lost);
		assert_int_equal(b[i].points_for, a[i].points_for);
		assert_int_equal(b[i].points_against, a[i].points_against);
	}
	/* Every series was decided, by the hub's own scoring. */
	assert_int_equal(a[0].series_won + a[1].series_won + a[2].series_won +
			 a[3].series_won, 6);
	free(a);
	free(b);
	assert_int_equal(db_check(hub), DB_OK);
}

/* ------------------------------------------------------------- setup */

static int open_hub(void)
{
	char path[128], err[DB_ERR_MAX];

	snprintf(path, sizeof(path), "%s/hub.db", dir);
	return db_open(path, DB_OPEN_CREATE, &hub, err, sizeof(err));
}

static int setup(void **state)
{
	const char *names[] = { "Ann", "Bob", "Cyd", "Dee" };
	char path[128], err[DB_ERR_MAX];

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/pitboss-test-hub.XXXXXX");
	if (mkdtemp(dir) == NULL || open_hub() != DB_OK)
		return -1;
	if (db_tournament_create(hub, "Club night", "kalah", "", 5, 0, &tid) !=
	    DB_OK ||
	    db_tournament_set_format(hub, tid, DB_FORMAT_ROUND_ROBIN) != DB_OK)
		return -1;
	for (int i = 0; i < 4; i++) {
		int64_t id;

		if (db_player_add(hub, names[i], &id) != DB_OK ||
		    db_tournament_enter(hub, tid, id) != DB_OK)
			return -1;
	}
	if (db_tournament_draw(hub, tid, 0, 0) != DB_OK)
		return -1;
	snprintf(path, sizeof(path), "%s/start.db", dir);
	if (db_backup(hub, path) != DB_OK)
		return -1;
	snprintf(path, sizeof(path), "%s/ref.db", dir);
	if (db_backup(hub, path) != DB_OK ||
	    db_open(path, 0, &ref, err, sizeof(err)) != DB_OK)
		return -1;
	script();
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	db_close(hub);
	db_close(ref);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* The hub back to the state before any event (a copy of start.db). */
static void fresh_hub(void)
{
	char cmd[256];

	db_close(hub);
	snprintf(cmd, sizeof(cmd), "cd '%s' && rm -f hub.db hub.db-wal "
		 "hub.db-shm && cp start.db hub.db", dir);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(open_hub(), DB_OK);
}

static void ingest(const struct event *e, struct db_hub_ingest *out)
{
	if (db_hub_ingest(hub, e->json, (int)strlen(e->json), NULL, out) !=
	    DB_OK)
		fail_msg("%s: %s", e->json, db_error(hub));
}

/* ------------------------------------------------------------- tests */

static void test_in_order_twice(void **state)
{
	struct db_hub_ingest out;
	struct db_hub_table t;

	(void)state;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n_events; i++) {
			ingest(&events[i], &out);
			assert_int_equal(out.duplicate, pass);
			assert_int_equal(out.applied, !pass);
			assert_int_equal(out.refused, 0);
			assert_int_equal(out.seq, events[i].seq);
			if (pass == 0)
				assert_int_equal(out.last_seq, events[i].seq);
			else
				assert_true(out.last_seq >= events[i].seq);
			assert_int_equal(out.gap_from, 0);
		}
	assert_int_equal(db_hub_table_get(hub, "t1", &t), DB_OK);
	assert_int_equal(t.last_seq, 32);
	assert_int_equal(t.duplicates, 32);
	assert_int_equal(t.waiting, 0);
	assert_string_equal(t.board, "Table 1");
	assert_int_equal(db_hub_table_get(hub, "t-3_x", &t), DB_OK);
	assert_int_equal(t.last_seq, 41);
	assert_same_records();
}

/* What the hub must say after the events `got` (by table, seq) came. */
static void expect_progress(const unsigned char got[3][64], int table,
			    const struct db_hub_ingest *out)
{
	int64_t last = 0, next = 0;

	while (got[table][last + 1])
		last++;
	for (int64_t s = last + 2; s < 64 && next == 0; s++)
		if (got[table][s])
			next = s;
	assert_int_equal(out->last_seq, last);
	assert_int_equal(out->gap_from, next ? last + 1 : 0);
	assert_int_equal(out->gap_to, next ? next - 1 : 0);
}

static void test_shuffled_with_gaps(void **state)
{
	static int order[2 * MAX_EVENTS];

	(void)state;
	for (unsigned seed = 1; seed <= 6; seed++) {
		unsigned char got[3][64] = { { 0 } };
		unsigned r = seed * 2654435761u;
		int n = 0, gaps = 0, dups = 0;

		fresh_hub();
		/* Every event once, a third of them twice, shuffled. */
		for (int i = 0; i < n_events; i++) {
			order[n++] = i;
			if (i % 3 == (int)seed % 3)
				order[n++] = i;
		}
		for (int i = n - 1; i > 0; i--) {
			int j, k;

			r = r * 1103515245u + 12345u;
			j = (int)((r >> 8) % (unsigned)(i + 1));
			k = order[i];
			order[i] = order[j];
			order[j] = k;
		}
		for (int i = 0; i < n; i++) {
			const struct event *e = &events[order[i]];
			struct db_hub_ingest out;

			ingest(e, &out);
			assert_int_equal(out.duplicate, got[e->table][e->seq]);
			got[e->table][e->seq] = 1;
			expect_progress((const unsigned char (*)[64])got,
					e->table, &out);
			gaps += out.gap_from != 0;
			dups += out.duplicate;
		}
		assert_true(gaps > 0);
		assert_true(dups > 0);
		assert_same_records();
	}
}

static void test_command_answered(void **state)
{
	struct db_hub_ingest out;
	struct db_command c;
	struct db_table b;
	struct db_hub_table t1;
	char key[DB_HUB_KEY_MAX], json[512];
	int64_t id = 0;

	(void)state;
	for (int i = 0; i < n_events; i++)
		ingest(&events[i], &out);
	assert_int_equal(db_table_find(hub, "Table 2", &b), DB_OK);
	assert_int_equal(db_hub_table_of_board(hub, b.id, key, sizeof(key)),
			 DB_OK);
	assert_string_equal(key, "t2");
	assert_int_equal(db_command_add(hub, b.id, "confirm", "", &id), DB_OK);
	snprintf(json, sizeof(json),
		 "{\"v\":1,\"table\":\"t2\",\"seq\":33,\"kind\":"
		 "\"command-done\",\"at\":\"2026-11-24T03:00:00.000Z\","
		 "\"payload\":{\"hub_command\":\"%lld\",\"command\":7,"
		 "\"outcome\":\"refused: nothing held\",\"outcome_kind\":"
		 "\"refused\",\"outcome_cause\":\"nothing-held\","
		 "\"outcome_ply\":null,\"outcome_move\":null}}",
		 (long long)id);
	assert_int_equal(db_hub_ingest(hub, json, (int)strlen(json), NULL,
				       &out), DB_OK);
	assert_int_equal(out.refused, 0);
	assert_int_equal(out.nanswered, 1);
	assert_int_equal(out.answered[0], id);
	assert_int_equal(db_command_get(hub, id, &c), DB_OK);
	assert_string_equal(c.done, "2026-11-24T03:00:00.000Z");
	assert_string_equal(c.outcome_kind, "refused");
	assert_string_equal(c.outcome_cause, "nothing-held");
	assert_string_equal(c.outcome, "refused: nothing held");
	/* Another table cannot answer t2's command. */
	assert_int_equal(db_hub_table_get(hub, "t1", &t1), DB_OK);
	assert_int_equal(db_command_add(hub, b.id, "confirm", "", &id), DB_OK);
	snprintf(json, sizeof(json),
		 "{\"v\":1,\"table\":\"t1\",\"seq\":%lld,\"kind\":"
		 "\"command-done\",\"at\":\"2026-11-24T03:00:01.000Z\","
		 "\"payload\":{\"hub_command\":\"%lld\",\"command\":8,"
		 "\"outcome\":\"done\",\"outcome_kind\":\"accept\","
		 "\"outcome_cause\":null,\"outcome_ply\":null,"
		 "\"outcome_move\":null}}", (long long)t1.last_seq + 1,
		 (long long)id);
	assert_int_equal(db_hub_ingest(hub, json, (int)strlen(json), NULL,
				       &out), DB_OK);
	assert_int_equal(out.refused, 1);
	assert_int_equal(db_command_get(hub, id, &c), DB_OK);
	assert_string_equal(c.done, "");
	/* A local board is no remote table's. */
	assert_int_equal(db_table_add(hub, "Local", "", &id), DB_OK);
	assert_int_equal(db_hub_table_of_board(hub, id, key, sizeof(key)),
			 DB_REFUSED);
}

/* One event of table `key` after its last applied, ingested. */
static void ingest_next(const char *key, const char *kind,
			const char *payload, struct db_hub_ingest *out)
{
	struct db_hub_table t;
	char json[EVENT_MAX];

	assert_int_equal(db_hub_table_get(hub, key, &t), DB_OK);
	snprintf(json, sizeof(json), "{\"v\":1,\"table\":\"%s\",\"seq\":%lld,"
		 "\"kind\":\"%s\",\"at\":\"2026-11-24T05:00:00.000Z\","
		 "\"payload\":%s}", key, (long long)t.last_seq + 1, kind,
		 payload);
	assert_int_equal(db_hub_ingest(hub, json, (int)strlen(json), NULL,
				       out), DB_OK);
}

/* A game voided at its table is voided at the hub, once. */
static void test_game_fix(void **state)
{
	static const char *const fix =
		"{\"game\":1,\"action\":\"void\",\"by\":\"arb (cli)\","
		"\"reason\":\"wrong players\",\"status\":\"void\","
		"\"result\":\"void\",\"winner_seat\":null,\"sides\":[]}";
	struct db_hub_ingest out;
	struct db_game_info *g = malloc(sizeof(*g));
	int64_t game = 0;

	(void)state;
	assert_non_null(g);
	for (int i = 0; i < n_events; i++)
		ingest(&events[i], &out);
	assert_int_equal(db_hub_game(hub, "t1", 1, &game), DB_OK);
	assert_true(game != 0);
	assert_int_equal(db_game_get(hub, game, g), DB_OK);
	assert_string_equal(g->status, "finished");
	ingest_next("t1", "game-fix", fix, &out);
	assert_int_equal(out.applied, 1);
	assert_int_equal(out.refused, 0);
	assert_int_equal(db_game_get(hub, game, g), DB_OK);
	assert_string_equal(g->status, "void");
	/* The same change again (another event): it is so already. */
	ingest_next("t1", "game-fix", fix, &out);
	assert_int_equal(out.refused, 0);
	/* Not a change of a game the hub has. */
	ingest_next("t1", "game-fix", "{\"game\":999,\"action\":\"void\","
		    "\"by\":\"x\",\"reason\":\"y\"}", &out);
	assert_int_equal(out.refused, 1);
	free(g);
}

/* A hub's series as a table makes its own for it: once, however often
 * the call comes; one with games played is refused. */
static void test_series_mirror(void **state)
{
	struct db_series_info hs, ts;
	char *json = NULL;
	int64_t sid = 0, local = 0, again = 0;

	(void)state;
	assert_int_equal(db_series_next_due(hub, 0, NULL, NULL, &sid), DB_OK);
	assert_true(sid != 0);
	assert_int_equal(db_series_get(hub, sid, &hs), DB_OK);
	assert_int_equal(db_hub_series_json(hub, sid, &json), DB_OK);
	assert_int_equal(db_hub_series_mirror(ref, json, &local), DB_OK);
	assert_int_equal(db_hub_series_mirror(ref, json, &again), DB_OK);
	assert_int_equal(again, local);
	assert_int_equal(db_series_get(ref, local, &ts), DB_OK);
	assert_string_equal(ts.name[0], hs.name[0]);
	assert_string_equal(ts.name[1], hs.name[1]);
	assert_int_equal(ts.first, hs.first);
	assert_int_equal(ts.target, hs.target);
	assert_int_equal(ts.tournament_id, 0);
	free(json);
	assert_int_equal(db_hub_series_mirror(ref, "{\"id\":77,\"kind\":"
		"\"kalah\",\"options\":\"\",\"target\":5,\"first\":0,"
		"\"games\":1,\"players\":[\"Ann\",\"Bob\"]}", &local),
		DB_REFUSED);
	assert_int_equal(db_hub_series_mirror(ref, "{\"id\":78}", &local),
			 DB_REFUSED);
	assert_int_equal(db_hub_series_mirror(ref, "not json", &local),
			 DB_REFUSED);
}

static void test_not_events_refused(void **state)
{
	static const char *const bad[] = {
		"{\"v\":1,\"table\":\"t1\",\"seq\":1,\"kind\":\"move\"",
		"{\"v\":2,\"table\":\"t1\",\"seq\":1,\"kind\":\"move\","
		"\"at\":\"x\",\"payload\":{}}",
		"{\"v\":1,\"table\":\"T 1\",\"seq\":1,\"kind\":\"move\","
		"\"at\":\"x\",\"payload\":{}}",
		"{\"v\":1,\"table\":\"t1\",\"seq\":\"1\",\"kind\":\"move\","
		"\"at\":\"x\",\"payload\":{}}",
		"{\"v\":1,\"table\":\"t1\",\"seq\":0,\"kind\":\"move\","
		"\"at\":\"x\",\"payload\":{}}",
		"{\"v\":1,\"table\":\"t1\",\"seq\":1,\"kind\":\"move\","
		"\"at\":\"x\",\"payload\":[]}",
	};
	const char *odd = "{\"v\":1,\"table\":\"t9\",\"seq\":1,\"kind\":"
			  "\"later\",\"at\":\"2026-11-24T01:00:00Z\","
			  "\"payload\":{}}";
	const char *lost = "{\"v\":1,\"table\":\"t9\",\"seq\":2,\"kind\":"
			   "\"move\",\"at\":\"2026-11-24T01:00:01Z\","
			   "\"payload\":{\"game\":99,\"ply\":1}}";
	const char *status = "{\"v\":1,\"table\":\"t9\",\"state\":"
			     "\"online\",\"seq\":7,\"at\":\"x\"}";
	const char *coin = "{\"v\":1,\"table\":\"t9\",\"seq\":3,\"kind\":"
			   "\"game-start\",\"at\":\"2026-11-24T01:00:02Z\","
			   "\"payload\":{\"game\":5,\"kind\":\"kalah\","
			   "\"options\":\"\",\"board\":\"Nine\",\"seats\":2,"
			   "\"first_seat\":0,\"first_how\":\"coin\",\"started\":"
			   "\"2026-11-24T01:00:02Z\",\"position\":\"x\","
			   "\"players\":[]}}";
	struct db_hub_ingest out;
	struct db_hub_table t;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		assert_int_equal(db_hub_ingest(hub, bad[i], (int)strlen(bad[i]),
					       NULL, &out), DB_REFUSED);
	assert_int_equal(db_hub_table_get(hub, "t1", &t), DB_REFUSED);
	/* Kept and passed with the reason: a kind not known, a move of a
	 * game never started. */
	assert_int_equal(db_hub_ingest(hub, lost, (int)strlen(lost),
				       "2026-11-24T01:00:01.250Z", &out), DB_OK);
	assert_int_equal(out.applied, 0);
	assert_int_equal(out.gap_from, 1);
	assert_int_equal(out.gap_to, 1);
	assert_int_equal(out.lag_ms, 250);
	assert_int_equal(db_hub_ingest(hub, odd, (int)strlen(odd), NULL, &out),
			 DB_OK);
	assert_int_equal(out.applied, 2);
	assert_int_equal(out.refused, 2);
	assert_int_equal(out.last_seq, 2);
	/* A game the records cannot take (a constraint) is refused and
	 * passed, not a store failure that would stop the table. */
	assert_int_equal(db_hub_ingest(hub, coin, (int)strlen(coin), NULL,
				       &out), DB_OK);
	assert_int_equal(out.refused, 1);
	assert_int_equal(out.last_seq, 3);
	assert_int_equal(db_hub_status(hub, status, (int)strlen(status), NULL),
			 DB_OK);
	assert_int_equal(db_hub_table_get(hub, "t9", &t), DB_OK);
	assert_string_equal(t.state, "online");
	assert_int_equal(t.table_seq, 7);
	assert_int_equal(t.refused, 3);
	assert_int_equal(t.board_id, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_in_order_twice, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_shuffled_with_gaps, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_command_answered, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_not_events_refused, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_game_fix, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_series_mirror, setup,
						teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
