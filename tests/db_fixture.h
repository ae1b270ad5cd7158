/*
 * db_fixture.h - what the store's tests share: a folder of their own
 * for each test, files opened in it, a count by fixed SQL, raw SQL on a
 * file, a player, a short finished Kalah game. A test file whose
 * sqlite3_step is wrapped defines DB_FIXTURE_STEP (the real step, so
 * that the count is not counted) and DB_FIXTURE_SETUP (run at each
 * test's setup) before including it.
 */
#ifndef PITBOSS_TESTS_DB_FIXTURE_H
#define PITBOSS_TESTS_DB_FIXTURE_H

#ifndef DB_FIXTURE_STEP
#define DB_FIXTURE_STEP sqlite3_step
#endif

static char dir[64];

static inline int setup_dir(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/pitboss-test-db.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
#ifdef DB_FIXTURE_SETUP
	DB_FIXTURE_SETUP;
#endif
	return 0;
}

static inline int remove_dir(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static inline const char *path_of(const char *name)
{
	static char path[2][128];
	static int which;

	which ^= 1;
	snprintf(path[which], sizeof(path[which]), "%s/%s", dir, name);
	return path[which];
}

static inline struct db *open_ok(const char *name, unsigned flags)
{
	char err[DB_ERR_MAX] = "";
	struct db *db;

	if (db_open(path_of(name), flags, &db, err, sizeof(err)) != DB_OK)
		fail_msg("open %s: %s", name, err);
	return db;
}

/* One integer from fixed SQL on a raw connection. */
static inline long long count(struct db *db, const char *sql)
{
	sqlite3_stmt *st;
	long long n = -1;

	assert_int_equal(sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL),
			 SQLITE_OK);
	if (DB_FIXTURE_STEP(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

static inline void raw_exec(const char *name, const char *sql)
{
	sqlite3 *h;

	assert_int_equal(sqlite3_open(path_of(name), &h), SQLITE_OK);
	if (sqlite3_exec(h, sql, NULL, NULL, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(h));
	sqlite3_close(h);
}

static inline int64_t add_player(struct db *db, const char *name)
{
	int64_t id = 0;

	if (db_player_add(db, name, &id) != DB_OK)
		fail_msg("player %s: %s", name, db_error(db));
	return id;
}

/* A short Kalah game (3 pits, 1 seed) S wins 5-1: b A c C A a. */
static const char *const short_moves[] = { "b", "A", "c", "C", "A", "a" };
static const int short_seats[] = { 0, 1, 0, 1, 1, 0 };

static inline void short_game(struct db_game_new *g, struct db_move *moves,
		       struct db_game_end *end, int64_t south, int64_t north,
		       int64_t series)
{
	memset(g, 0, sizeof(*g));
	g->kind = "kalah";
	g->options = "pits=3 seeds=1";
	g->series_id = series;
	g->seats = 2;
	g->members[0] = g->members[1] = 1;
	g->player[0][0] = south;
	g->player[1][0] = north;
	g->first_how = DB_FIRST_RULES;
	g->position = "1 1 1/1 1 1/0 0/S";
	for (int i = 0; i < 6; i++)
		moves[i] = (struct db_move){
			.ply = i + 1, .seat = short_seats[i],
			.player_id = short_seats[i] ? north : south,
			.notation = short_moves[i], .position = "x",
			.source = DB_SOURCE_MANUAL };
	memset(end, 0, sizeof(*end));
	end->verdict = RULES_WIN;
	end->winner = 0;
	end->score[0] = 5;
	end->score[1] = 1;
	end->points[0] = 2;
}

#endif
