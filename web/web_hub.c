/*
 * web_hub.c - a hub's remote tables on the dashboard (GET /api/hub):
 * each table's link state as its status last said, how far its events
 * are applied, a gap waiting to be filled, the copies ignored, the
 * events the records refused, the lag of its newest event, the
 * instance pinned for it and another heard giving the same id, and the
 * events lost (gone at the table before the hub had them).
 */
#include "config.h"

#include <inttypes.h>

#include "db/db_hub.h"
#include "web/web_impl.h"

static int each_remote(void *ctx, const struct db_hub_table *t)
{
	struct jbuf *b = ctx;

	jbuf_printf(b, "%s{\"table\":", b->len > 1 ? "," : "");
	jbuf_str(b, t->table);
	jbuf_printf(b, ",\"state\":");
	jbuf_str(b, t->state[0] ? t->state : NULL);
	jbuf_printf(b, ",\"last_seq\":%" PRId64 ",\"table_seq\":", t->last_seq);
	if (t->table_seq >= 0)
		jbuf_printf(b, "%" PRId64, t->table_seq);
	else
		jbuf_printf(b, "null");
	jbuf_printf(b, ",\"waiting\":%" PRId64 ",\"gap\":", t->waiting);
	if (t->gap_from != 0)
		jbuf_printf(b, "[%" PRId64 ",%" PRId64 "]", t->gap_from,
			    t->gap_to);
	else
		jbuf_printf(b, "null");
	jbuf_printf(b, ",\"duplicates\":%" PRId64 ",\"refused\":%" PRId64
		    ",\"seen\":", t->duplicates, t->refused);
	jbuf_str(b, t->seen[0] ? t->seen : NULL);
	jbuf_printf(b, ",\"lag_ms\":");
	if (t->lag_ms >= 0)
		jbuf_printf(b, "%" PRId64, t->lag_ms);
	else
		jbuf_printf(b, "null");
	jbuf_printf(b, ",\"board\":");
	jbuf_str(b, t->board[0] ? t->board : NULL);
	jbuf_printf(b, ",\"board_id\":");
	if (t->board_id != 0)
		jbuf_printf(b, "%" PRId64, t->board_id);
	else
		jbuf_printf(b, "null");
	jbuf_printf(b, ",\"instance\":");
	jbuf_str(b, t->instance[0] ? t->instance : NULL);
	jbuf_printf(b, ",\"foreign\":");
	if (t->foreign_instance[0] != '\0') {
		jbuf_printf(b, "{\"instance\":");
		jbuf_str(b, t->foreign_instance);
		jbuf_printf(b, ",\"events\":%" PRId64 ",\"seen\":",
			    t->foreign_events);
		jbuf_str(b, t->foreign_seen[0] ? t->foreign_seen : NULL);
		jbuf_printf(b, "}");
	} else {
		jbuf_printf(b, "null");
	}
	jbuf_printf(b, ",\"lost\":%" PRId64 "}", t->lost);
	return 0;
}

void api_hub(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	struct jbuf b = { 0 };

	jbuf_printf(&b, "[");
	if (db_hub_tables(db, each_remote, &b) != DB_OK) {
		jbuf_free(&b);
		web_error(r, 500, "%s", db_error(db));
	} else {
		jbuf_printf(&b, "]");
		web_json(r, &b);
	}
	web_db_release(r->web, db);
}
