/*
 * demo.c - the built-in tables of --sim and --demo, and the demo's
 * tournament.
 */
#include "config.h"

#include <stdio.h>

#include "daemon/demo.h"
#include "daemon/log.h"

/* Per pulse and per move, as a slightly worn board and a careless
 * player would give them. */
static const char noise[] =
	"noise.miss = 0.01\nnoise.bounce = 0.05\nnoise.illegal = 0.01\n";

int demo_conf(struct conf *conf, const struct demo_tables *tables,
	      char *err, size_t errlen)
{
	char text[4096];
	size_t n = 0;

	if (tables->database != NULL)
		n += (size_t)snprintf(text, sizeof(text), "database = %s\n",
				      tables->database);
	for (unsigned i = 1; i <= tables->ntables && n < sizeof(text); i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "[table %u]\nsource = sim\nseed = %llu\n"
				      "%s", i, (unsigned long long)
				      (tables->seed * 1000 + i),
				      tables->noisy ? noise : "");
	if (n >= sizeof(text)) {
		snprintf(err, errlen, "built-in tables: too many");
		return -1;
	}
	return conf_parse(conf, "built-in tables", text, err, errlen);
}

int64_t demo_tournament(struct db *db)
{
	static const char *const names[] = {
		"Ada", "Bram", "Cleo", "Dev", "Edda", "Finn", "Gus", "Hana"
	};
	struct db_tournament_info info;
	int64_t tid, player;

	if (db_tournament_find(db, "Demo Cup", &info) == DB_OK)
		return db_tournament_auto_call(db, info.id, 1) == DB_OK ?
		       info.id : 0;
	if (db_tournament_create(db, "Demo Cup", "kalah", "", 40, 0, &tid) !=
	    DB_OK)
		goto fail;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct db_player p;

		if (db_player_find(db, names[i], &p) == DB_OK)
			player = p.id;
		else if (db_player_add(db, names[i], &player) != DB_OK)
			goto fail;
		if (db_tournament_enter(db, tid, player) != DB_OK)
			goto fail;
	}
	if (db_tournament_draw(db, tid, 1, 2026) != DB_OK ||
	    db_tournament_auto_call(db, tid, 1) != DB_OK)
		goto fail;
	log_info("demo: tournament 'Demo Cup' of 8 drawn, auto call on: its "
		 "series are called to the free tables ('pitboss tournament "
		 "show \"Demo Cup\"')");
	return tid;
fail:
	log_warn("demo: no tournament: %s", db_error(db));
	return 0;
}
