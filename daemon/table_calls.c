/*
 * table_calls.c - the tournament's part of a live table's state.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/table_calls.h"
#include "util/json.h"

static void series_json(FILE *f, int set, const struct db_series_info *r)
{
	if (!set) {
		fputs("null", f);
		return;
	}
	fprintf(f, "{\"id\":%lld,\"tournament\":%lld,\"match\":%d,"
		"\"players\":[", (long long)r->id, (long long)r->tournament_id,
		r->match + 1);
	json_fputs(f, r->name[0]);
	fputc(',', f);
	json_fputs(f, r->name[1]);
	fprintf(f, "],\"total\":[%d,%d],\"target\":%d,\"games\":%d}",
		r->total[0], r->total[1], r->target, r->games);
}

char *table_calls_json(struct db *db, int64_t board_id, const char *kind,
		       const char *options, const int64_t *players, int seats)
{
	struct db_table_calls c;
	struct db_player p;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return NULL;
	if (db_table_calls(db, board_id, kind, options, &c) != DB_OK)
		memset(&c, 0, sizeof(c));
	fputs(",\"series\":", f);
	series_json(f, c.playing, &c.now);
	fputs(",\"players\":[", f);
	for (int i = 0; i < seats; i++) {
		fputs(i ? "," : "", f);
		if (db_player_get(db, players[i], &p) == DB_OK)
			json_fputs(f, p.name);
		else
			fputs("null", f);
	}
	fputs("],\"next\":", f);
	series_json(f, c.next, &c.up);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}
