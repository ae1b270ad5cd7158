/*
 * hub.c - the hub's side of the MQTT link: subscribed to every table's
 * event and status topics at QoS 1 in a persistent session, each event
 * handed to the records (db_hub_ingest()), which keep it once and apply
 * it in order; the events of one poll turn are committed together, and
 * acted on (gaps asked for, commands' answers woken) once committed. A gap is asked for on the table's resync topic at once;
 * at each connection every known table is asked for what follows its
 * last applied event, and a look every few seconds asks again for a
 * gap still open or a table whose status says it wrote more than the
 * hub has. Commands of the hub's door for a remote table's board go out
 * on its command topic, kept in the records until the table answers;
 * those not answered go again at each connection.
 *
 * A turn applies HUB_APPLY_TURN events at most: a long run of waiting
 * events (a large gap filled at once) goes on over the next turns. An
 * event on one table's topic that names another is refused; so are the
 * events of a second pitbossd giving a table id already pinned to
 * another instance (db_hub.c). A table's "gone" answer passes the
 * events it no longer has, counted lost. Applied events older than
 * mqtt.hub-keep-days are pruned every hour.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/hub.h"
#include "daemon/log.h"
#include "daemon/mqtt_link.h"
#include "db/commands.h"
#include "db/db_hub.h"
#include "util/json.h"

#define HUB_TOPIC_PREFIX "pitboss/v1/"
#define HUB_LOOK_US 5000000u		/* gaps and lagging tables */
#define HUB_ASK_AGAIN_US 2000000u	/* the same range not asked sooner */
#define HUB_SEQ_MAX 9007199254740991LL	/* "to the end": 2^53 - 1 */
#define HUB_BATCH_MAX 256	/* events committed together at most */
#define HUB_DRAIN_MS 2000	/* a clean stop waits for its PUBACKs */
#define HUB_APPLY_TURN 512	/* events applied in one turn at most */
#define HUB_PRUNE_US 3600000000u	/* applied events pruned hourly */

/* A range asked for lately, and where a table stood at the last look. */
struct hub_ask {
	char table[DB_HUB_KEY_MAX];
	int64_t from;
	uint64_t at_us;
	int64_t looked_seq;	/* last_seq at the previous look */
};

struct hub {
	struct loop *loop;
	struct db *db;
	struct web *web;
	struct door *door;	/* rung for the commands the records queue */
	struct mqtt_link *link;
	int timer;
	struct hub_ask *ask;	/* one per table heard of */
	int nask, cap;
	/* Tables whose next events wait for a turn of their own. */
	char (*more)[DB_HUB_KEY_MAX];
	int nmore, more_cap, more_timer;
	int applied_turn;	/* events applied in this turn */
	unsigned keep_days;
	uint64_t pruned_at;
	unsigned long events, duplicates, refused, resyncs, foreign, lost;
	/* The poll turn's events, kept but not committed yet. */
	struct db_hub_ingest batch[HUB_BATCH_MAX];
	int nbatch;
	int batch_open;
};

static struct hub_ask *ask_of(struct hub *h, const char *table)
{
	for (int i = 0; i < h->nask; i++)
		if (strcmp(h->ask[i].table, table) == 0)
			return &h->ask[i];
	if (h->nask == h->cap) {
		int cap = h->cap ? 2 * h->cap : 16;
		struct hub_ask *a = realloc(h->ask, sizeof(*a) * (size_t)cap);

		if (a == NULL)
			return NULL;
		h->ask = a;
		h->cap = cap;
	}
	memset(&h->ask[h->nask], 0, sizeof(h->ask[0]));
	snprintf(h->ask[h->nask].table, DB_HUB_KEY_MAX, "%s", table);
	h->ask[h->nask].looked_seq = -1;
	return &h->ask[h->nask++];
}

/* `table`'s pinned instance as a JSON member to end a message with
 * (,"instance":"..."), so that only that pitbossd acts on it; "" when
 * none is pinned. */
static void instance_member(struct hub *h, const char *table, char *buf,
			    size_t len)
{
	struct db_hub_table t;

	buf[0] = '\0';
	if (db_hub_table_get(h->db, table, &t) == DB_OK &&
	    t.instance[0] != '\0')
		snprintf(buf, len, ",\"instance\":\"%s\"", t.instance);
}

/* Asks `table` to publish its events from..to again (not the same
 * start twice within HUB_ASK_AGAIN_US). */
static void resync(struct hub *h, const char *table, int64_t from,
		   int64_t to)
{
	struct hub_ask *a = ask_of(h, table);
	char topic[MQTT_TOPIC_MAX], body[160], inst[DB_INSTANCE_MAX + 16];
	uint64_t now = loop_now();
	int n;

	if (a != NULL && a->from == from && a->at_us != 0 &&
	    now - a->at_us < HUB_ASK_AGAIN_US)
		return;
	snprintf(topic, sizeof(topic), HUB_TOPIC_PREFIX "%s/resync", table);
	instance_member(h, table, inst, sizeof(inst));
	n = snprintf(body, sizeof(body), "{\"from\":%lld,\"to\":%lld%s}",
		     (long long)from, (long long)to, inst);
	if (mqtt_link_publish(h->link, topic, body, (size_t)n, 1, 0, NULL,
			      NULL, 0) < 0)
		return;
	h->resyncs++;
	log_info("hub: table %s asked for events %lld..%lld", table,
		 (long long)from, (long long)to);
	if (a != NULL) {
		a->from = from;
		a->at_us = now;
	}
}

/* ---------------------------------------------------------- incoming */

/* The table of topic pitboss/v1/<table>/<what>; 0 unless it is one. */
static int topic_table(const char *topic, const char *what, char *table)
{
	const char *t = topic + strlen(HUB_TOPIC_PREFIX), *slash;

	if (strncmp(topic, HUB_TOPIC_PREFIX, strlen(HUB_TOPIC_PREFIX)) != 0 ||
	    (slash = strchr(t, '/')) == NULL || strcmp(slash + 1, what) != 0 ||
	    slash - t >= DB_HUB_KEY_MAX)
		return 0;
	memcpy(table, t, (size_t)(slash - t));
	table[slash - t] = '\0';
	return db_hub_key_ok(table) && strcmp(table, "hub") != 0;
}

static void more_add(struct hub *h, const char *table);

static int to_web(void *ctx, const char *json)
{
	web_publish(ctx, json);
	return 0;
}

/* Command `id` answered by its table: logged with its outcome, and
 * whoever waits for it woken. */
static void answered(struct hub *h, const char *table, int64_t id)
{
	struct db_command c;

	if (db_command_get(h->db, id, &c) == DB_OK)
		log_info("hub: command %lld (%s) answered by table %s: %s",
			 (long long)id, c.kind, table, c.outcome);
	if (h->web != NULL)
		web_command_answered(h->web, id);
}

/* One event of the turn committed: counted, its gap asked for unless
 * a later event of the same table in the turn says more, the commands
 * it answered woken. */
static void announce(struct hub *h, int i, int n)
{
	const struct db_hub_ingest *out = &h->batch[i];
	int last = 1;

	for (int j = i + 1; j < n && last; j++)
		last = strcmp(h->batch[j].table, out->table) != 0;
	if (out->foreign > 0) {
		h->foreign++;
		if ((out->foreign & (out->foreign - 1)) == 0)
			log_err("hub: table %s: an event from another pitbossd "
				"(instance %s) refused, %lld so far: two give "
				"the same mqtt-id; give each table its own",
				out->table, out->instance,
				(long long)out->foreign);
		return;
	}
	if (out->lost > 0) {
		h->lost += (unsigned long)out->lost;
		log_err("hub: table %s: %lld event%s lost (gone at the "
			"table); the hub's records lack them", out->table,
			(long long)out->lost, out->lost == 1 ? "" : "s");
	}
	if (out->more && last)
		more_add(h, out->table);
	h->events += out->seq != 0;
	h->duplicates += (unsigned long)out->duplicate;
	h->refused += (unsigned long)out->refused;
	if (out->refused > 0)
		log_warn("hub: table %s: %d event%s not taken by the records "
			 "(kept with the reason)", out->table, out->refused,
			 out->refused == 1 ? "" : "s");
	if (out->gap_from != 0 && last)
		resync(h, out->table, out->gap_from, out->gap_to);
	for (int k = 0; k < out->nanswered; k++)
		answered(h, out->table, out->answered[k]);
	if (out->queued > 0 && h->door != NULL)
		door_ring(h->door);
	/* The dashboard's live events, as a local table's verdicts. */
	if (h->web != NULL && out->applied > out->refused)
		db_hub_live(h->db, out->table, out->last_seq - out->applied + 1,
			    out->last_seq, to_web, h->web);
}

static void on_more(void *ctx);

/* `table` has events waiting that the turn's bound left. */
static void more_add(struct hub *h, const char *table)
{
	for (int i = 0; i < h->nmore; i++)
		if (strcmp(h->more[i], table) == 0)
			return;
	if (h->nmore == h->more_cap) {
		int cap = h->more_cap ? 2 * h->more_cap : 16;
		void *m = realloc(h->more, sizeof(h->more[0]) * (size_t)cap);

		if (m == NULL)
			return;	/* the look every few seconds goes on */
		h->more = m;
		h->more_cap = cap;
	}
	snprintf(h->more[h->nmore++], DB_HUB_KEY_MAX, "%s", table);
	if (h->more_timer < 0)
		h->more_timer = loop_at(h->loop, loop_now(), on_more, h);
}

/* The end of a poll turn: the events it brought in, kept and applied
 * each in a savepoint, committed in one transaction; only then are
 * they acted on. Not committed, they are asked for again as gaps. */
static void turn_end(void *ctx)
{
	struct hub *h = ctx;
	int n = h->nbatch;

	h->applied_turn = 0;
	if (!h->batch_open)
		return;
	h->batch_open = 0;
	h->nbatch = 0;
	if (db_transaction_end(h->db, DB_OK) != DB_OK) {
		log_err("hub: %d event%s not kept: %s", n, n == 1 ? "" : "s",
			db_error(h->db));
		return;
	}
	for (int i = 0; i < n; i++)
		announce(h, i, n);
}

/* The turn's batch open, with room for one more: its slot, or NULL. */
static struct db_hub_ingest *batch_slot(struct hub *h, const char *table)
{
	if (h->nbatch == HUB_BATCH_MAX)
		turn_end(h);
	if (!h->batch_open) {
		if (db_transaction_begin(h->db) != DB_OK) {
			log_err("hub: table %s: %s", table, db_error(h->db));
			return NULL;
		}
		h->batch_open = 1;
	}
	return &h->batch[h->nbatch];
}

/* What the turn may still apply. */
static int turn_room(const struct hub *h)
{
	return h->applied_turn < HUB_APPLY_TURN ?
	       HUB_APPLY_TURN - h->applied_turn : 0;
}

/* The next events of the tables the bound left waiting, in a turn of
 * their own. */
static void on_more(void *ctx)
{
	struct hub *h = ctx;
	char table[DB_HUB_KEY_MAX];
	struct db_hub_ingest *out;

	h->more_timer = -1;
	while (h->nmore > 0 && turn_room(h) > 0 &&
	       (out = batch_slot(h, h->more[0])) != NULL) {
		snprintf(table, sizeof(table), "%s", h->more[0]);
		memmove(h->more, h->more + 1,
			sizeof(h->more[0]) * (size_t)--h->nmore);
		if (db_hub_apply_more(h->db, table, turn_room(h), out) !=
		    DB_OK) {
			log_err("hub: table %s: %s", table, db_error(h->db));
			continue;
		}
		h->applied_turn += out->applied;
		h->nbatch++;
	}
	turn_end(h);
	if (h->nmore > 0 && h->more_timer < 0)
		h->more_timer = loop_at(h->loop, loop_now(), on_more, h);
}

static void on_event(struct hub *h, const char *table, const char *json,
		     size_t len)
{
	struct db_hub_ingest *out = batch_slot(h, table);
	int rc;

	if (out == NULL)
		return;
	rc = db_hub_ingest_from(h->db, table, json, (int)len, NULL,
				turn_room(h), out);
	if (rc == DB_REFUSED) {
		log_warn("hub: table %s: an event refused: %s", table,
			 db_error(h->db));
		return;
	}
	if (rc != DB_OK) {
		/* Not kept: it is asked for again as a gap. */
		log_err("hub: table %s: %s", table, db_error(h->db));
		return;
	}
	h->applied_turn += out->applied;
	h->nbatch++;
}

/* {"from":N,"to":M} that the table no longer has: passed as lost. */
static void on_gone(struct hub *h, const char *table, const char *json,
		    size_t len)
{
	struct db_hub_ingest *out = batch_slot(h, table);
	int rc;

	if (out == NULL)
		return;
	rc = db_hub_gone(h->db, table, json, (int)len, turn_room(h), out);
	if (rc != DB_OK) {
		log_warn("hub: table %s: a gone answer not taken: %s", table,
			 db_error(h->db));
		return;
	}
	h->applied_turn += out->applied;
	h->nbatch++;
}

static void send_unanswered(struct hub *h, const char *only);

/* A table's status kept. A table says it is online once it has
 * subscribed to its command topic: what it has not answered is sent
 * again, in case the broker lost its session (and what was sent to
 * it) meanwhile; the table queues a command once. */
static void on_status(struct hub *h, const char *table, const char *json,
		      size_t len)
{
	struct db_hub_table t;
	char was[sizeof(t.state)] = "";
	int changed;

	if (db_hub_table_get(h->db, table, &t) == DB_OK)
		snprintf(was, sizeof(was), "%s", t.state);
	if (db_hub_status(h->db, json, (int)len, NULL) != DB_OK) {
		log_warn("hub: table %s: a status not kept: %s", table,
			 db_error(h->db));
		return;
	}
	if (db_hub_table_get(h->db, table, &t) != DB_OK)
		return;
	/* Statuses come every mqtt.status-every seconds: a change is
	 * logged and shown, the rest only at debug level. */
	changed = strcmp(was, t.state) != 0;
	log_msg(changed ? LOG_LEVEL_INFO : LOG_LEVEL_DEBUG, "hub: table %s: %.*s",
		table, (int)len, json);
	if (strcmp(t.state, "online") == 0)
		send_unanswered(h, table);
	if (h->web != NULL && changed) {
		char event[96];

		/* A link's change for the dashboard's remote tables. */
		snprintf(event, sizeof(event), "{\"remote\":\"%s\","
			 "\"link\":\"%s\"}", table, t.state);
		web_publish(h->web, event);
	}
}

static void on_message(void *ctx, const char *topic, const void *payload,
		       size_t len)
{
	struct hub *h = ctx;
	char table[DB_HUB_KEY_MAX];

	if (topic_table(topic, "event", table))
		on_event(h, table, payload, len);
	else if (topic_table(topic, "gone", table))
		on_gone(h, table, payload, len);
	else if (topic_table(topic, "status", table) && len > 0)
		on_status(h, table, payload, len);
}

/* ---------------------------------------------------------- commands */

/* Publishes command `c` to its table `key`: 0, -1 when not connected.
 * A call carries the hub's series, which the table plays as its own. */
static int publish_command(struct hub *h, const struct db_command *c,
			   const char *key)
{
	const struct command_word *w = command_find(c->kind);
	char topic[MQTT_TOPIC_MAX], *body = NULL, *series = NULL;
	char inst[DB_INSTANCE_MAX + 16];
	size_t len = 0;
	FILE *f;
	int rc;

	instance_member(h, key, inst, sizeof(inst));
	if (w != NULL && w->act == COMMAND_CALL &&
	    db_hub_series_json(h->db, atoll(c->text), &series) != DB_OK)
		log_warn("hub: command %lld: %s", (long long)c->id,
			 db_error(h->db));
	if ((f = open_memstream(&body, &len)) == NULL) {
		free(series);
		return -1;
	}
	fprintf(f, "{\"v\":1,\"id\":\"%lld\",\"kind\":", (long long)c->id);
	json_fputs(f, c->kind);
	fputs(",\"text\":", f);
	json_fputs(f, c->text);
	if (series != NULL)
		fprintf(f, ",\"series\":%s", series);
	fprintf(f, "%s}", inst);
	fclose(f);
	free(series);
	snprintf(topic, sizeof(topic), HUB_TOPIC_PREFIX "%s/command", key);
	rc = mqtt_link_publish(h->link, topic, body, len, 1, 0, NULL, NULL,
			       c->id);
	free(body);
	return rc;
}

/*
 * The door hands on a command for a remote table's board: marked
 * handed on in the hub's records (kept until the table answers it),
 * and published when connected. Every command handed on and not yet
 * answered is published again at each connection, after a restart too;
 * the table queues a command of the hub's once, however often it
 * comes.
 */
void hub_set_door(struct hub *h, struct door *door)
{
	h->door = door;
}

int hub_send_command(void *ctx, const struct db_command *c)
{
	struct hub *h = ctx;
	char key[DB_HUB_KEY_MAX];

	if (c->board_id == 0 ||
	    db_hub_table_of_board(h->db, c->board_id, key, sizeof(key)) !=
	    DB_OK)
		return -1;
	if (db_command_handed_on(h->db, c->id) != DB_OK) {
		log_err("hub: command %lld: %s", (long long)c->id,
			db_error(h->db));
		return -1;
	}
	if (publish_command(h, c, key) == 0)
		log_info("hub: command %lld (%s) sent to table %s",
			 (long long)c->id, c->kind, key);
	return 0;
}

/* The commands handed on and not answered yet, sent again: all, or
 * those of table `only`. */
static void send_unanswered(struct hub *h, const char *only)
{
	int64_t id = 0;
	int n = 0;

	while (db_command_next_handed_on(h->db, id, &id) == DB_OK &&
	       id != 0) {
		struct db_command c;
		char key[DB_HUB_KEY_MAX];

		if (db_command_get(h->db, id, &c) != DB_OK ||
		    db_hub_table_of_board(h->db, c.board_id, key,
					  sizeof(key)) != DB_OK ||
		    (only != NULL && strcmp(key, only) != 0))
			continue;
		if (publish_command(h, &c, key) == 0)
			n++;
	}
	if (n > 0)
		log_info("hub: %d command%s not answered yet sent again", n,
			 n == 1 ? "" : "s");
}

/* ------------------------------------------------------ link and looks */

/* At each connection: every known table asked for what follows. */
static int ask_from_last(void *ctx, const struct db_hub_table *t)
{
	struct hub *h = ctx;

	resync(h, t->table, t->last_seq + 1,
	       t->table_seq > t->last_seq ? t->table_seq : HUB_SEQ_MAX);
	return 0;
}

/* At each look: a gap still open, or a table behind its status that
 * made no progress since the previous look, asked for again; a table
 * whose next events are here applied. */
static int ask_lagging(void *ctx, const struct db_hub_table *t)
{
	struct hub *h = ctx;
	struct hub_ask *a = ask_of(h, t->table);
	int stuck = a != NULL && a->looked_seq == t->last_seq;

	/* Its next events here, not applied (a bound reached before the
	 * hub stopped): applied over the next turns. */
	if (t->waiting > 0 && t->gap_from == 0)
		more_add(h, t->table);
	if (a != NULL)
		a->looked_seq = t->last_seq;
	if (t->gap_from != 0 && stuck)
		resync(h, t->table, t->gap_from, t->gap_to);
	else if (t->table_seq > t->last_seq && stuck)
		resync(h, t->table, t->last_seq + 1, t->table_seq);
	return 0;
}

static void say_online(struct hub *h, int online)
{
	char body[64];
	int n = snprintf(body, sizeof(body),
			 "{\"v\":1,\"table\":\"hub\",\"state\":\"%s\"}",
			 online ? "online" : "offline");

	mqtt_link_publish(h->link, HUB_TOPIC_PREFIX "hub/status", body,
			  (size_t)n, 1, 1, NULL, NULL, 0);
}

static void on_connected(void *ctx)
{
	struct hub *h = ctx;

	mqtt_link_subscribe(h->link, HUB_TOPIC_PREFIX "+/event", 1);
	mqtt_link_subscribe(h->link, HUB_TOPIC_PREFIX "+/status", 1);
	mqtt_link_subscribe(h->link, HUB_TOPIC_PREFIX "+/gone", 1);
	say_online(h, 1);
	for (int i = 0; i < h->nask; i++)
		h->ask[i].at_us = 0;
	db_hub_tables(h->db, ask_from_last, h);
	send_unanswered(h, NULL);
}

static void on_lost(void *ctx)
{
	struct hub *h = ctx;

	log_warn("hub: the broker's link is lost (%lu events taken so far); "
		 "connecting again", h->events);
}

/* Applied events older than mqtt.hub-keep-days deleted. */
static void prune(struct hub *h)
{
	int64_t n = 0;

	h->pruned_at = loop_now();
	turn_end(h);
	if (db_hub_prune(h->db, (int)h->keep_days, &n) != DB_OK)
		log_warn("hub: pruning the events applied: %s",
			 db_error(h->db));
	else if (n > 0)
		log_info("hub: %lld applied event%s older than %u days "
			 "pruned", (long long)n, n == 1 ? "" : "s",
			 h->keep_days);
}

static void look(void *ctx)
{
	struct hub *h = ctx;

	if (loop_now() - h->pruned_at >= HUB_PRUNE_US)
		prune(h);
	if (mqtt_link_up(h->link))
		db_hub_tables(h->db, ask_lagging, h);
	h->timer = loop_at(h->loop, loop_now() + HUB_LOOK_US, look, h);
}

static const struct mqtt_link_ops hub_ops = {
	.connected = on_connected,
	.lost = on_lost,
	.message = on_message,
	.turn_end = turn_end,
};

static void link_config(const struct conf *conf, struct mqtt_link_config *c)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->host, sizeof(c->host), "%s", conf->mqtt_host);
	c->port = conf->mqtt_port;
	c->keepalive = conf->mqtt_keepalive;
	snprintf(c->username, sizeof(c->username), "%s", conf->mqtt_username);
	snprintf(c->password_file, sizeof(c->password_file), "%s",
		 conf->mqtt_password_file);
	snprintf(c->tls_ca, sizeof(c->tls_ca), "%s", conf->mqtt_tls_ca);
	snprintf(c->client_id, sizeof(c->client_id), HUB_CLIENT_ID);
	snprintf(c->will_topic, sizeof(c->will_topic),
		 HUB_TOPIC_PREFIX "hub/status");
	snprintf(c->will_payload, sizeof(c->will_payload),
		 "{\"v\":1,\"table\":\"hub\",\"state\":\"offline\"}");
}

struct hub *hub_open(struct loop *loop, struct db *db, const struct conf *conf,
		     struct web *web, char *err, size_t errlen)
{
	struct hub *h = calloc(1, sizeof(*h));
	struct mqtt_link_config c;

	if (h == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	h->loop = loop;
	h->db = db;
	h->web = web;
	h->more_timer = -1;
	h->keep_days = conf->mqtt_hub_keep_days;
	link_config(conf, &c);
	h->link = mqtt_link_open(loop, &c, &hub_ops, h, err, errlen);
	if (h->link == NULL) {
		free(h);
		return NULL;
	}
	prune(h);
	h->timer = loop_at(loop, loop_now() + HUB_LOOK_US, look, h);
	log_info("hub: taking in every table's events from %s:%u",
		 conf->mqtt_host, conf->mqtt_port);
	return h;
}

void hub_close(struct hub *h)
{
	if (h == NULL)
		return;
	turn_end(h);
	if (mqtt_link_up(h->link)) {
		say_online(h, 0);
		mqtt_link_drain(h->link, HUB_DRAIN_MS);
	}
	loop_cancel(h->loop, h->timer);
	if (h->more_timer >= 0)
		loop_cancel(h->loop, h->more_timer);
	mqtt_link_close(h->link);
	log_info("hub: %lu events taken in (%lu copies ignored, %lu not "
		 "taken by the records, %lu from another instance, %lu "
		 "lost), %lu resyncs asked", h->events, h->duplicates,
		 h->refused, h->foreign, h->lost, h->resyncs);
	free(h->ask);
	free(h->more);
	free(h);
}
