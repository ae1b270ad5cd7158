/*
 * mqtt_pub.c - the tables' outbox to the broker.
 *
 * The outbox is the truth: a row is sent until the broker acknowledges
 * it (PUBACK), then marked sent in a small transaction (the marks of
 * the acknowledgements that came together, at once). At most
 * PUB_WINDOW rows are in flight. On every connection each table's
 * publishing starts again from its first unsent row, so that what was
 * in flight when the link, the broker or pitbossd died is sent again
 * (the hub ignores what it has already). Every few seconds
 * (mqtt.status-every) each table's status gives its last event's
 * number, so that the hub sees what it lacks at the stream's end; a
 * resync for rows pruned already is answered "gone".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/log.h"
#include "daemon/mqtt_link.h"
#include "daemon/mqtt_pub.h"

#define PUB_WINDOW 100		/* rows in flight at most */
#define PUB_PERIOD_US 100000u	/* a look at the outbox without a kick */
#define ACKS_MAX PUB_WINDOW
#define KEEP_ROWS 100000	/* sent rows kept, with KEEP_DAYS */
#define KEEP_DAYS 7
#define PUB_DRAIN_MS 5000u	/* a clean stop waits for its PUBACKs */

/* One table's stream of events. */
struct side {
	struct mqtt_pub *pub;
	char key[CONF_MQTT_ID_MAX];
	char name[64];			/* the board's */
	int64_t board;
	int64_t next;			/* the next seq to look at */
	int64_t resend_from, resend_to;	/* a resync's rows still to send */
	int64_t acked[ACKS_MAX];	/* acknowledged, not yet marked */
	size_t nacked;
};

struct mqtt_pub {
	struct loop *loop;
	struct db *db;
	struct door *door;
	struct mqtt_link *link;
	int home_assistant;
	char instance[DB_INSTANCE_MAX];	/* the database's */
	uint64_t status_every_us, status_at;
	struct side side[CONF_TABLES_MAX];
	int nsides;
	size_t in_flight;
	int soon, period;		/* timers, or -1 */
};

static void topic(char *buf, size_t len, const struct side *s,
		  const char *what)
{
	snprintf(buf, len, "pitboss/v1/%s/%s", s->key, what);
}

/* ---------------------------------------------------------- status */

static void status(struct side *s, const char *state)
{
	char t[MQTT_TOPIC_MAX], body[256], at[DB_TIME_MAX];
	int64_t last = 0;

	db_outbox_last(s->pub->db, s->key, &last);
	db_now(at, sizeof(at));
	topic(t, sizeof(t), s, "status");
	snprintf(body, sizeof(body), "{\"v\":1,\"table\":\"%s\",\"instance\":"
		 "\"%s\",\"state\":\"%s\",\"seq\":%lld,\"at\":\"%s\"}",
		 s->key, s->pub->instance, state, (long long)last, at);
	mqtt_link_publish(s->pub->link, t, body, strlen(body), 1, 1, NULL,
			  NULL, 0);
}

/* Home Assistant's discovery: the table's state as a sensor. */
static void discovery(struct side *s)
{
	char t[MQTT_TOPIC_MAX], st[MQTT_TOPIC_MAX], body[768];

	topic(st, sizeof(st), s, "status");
	snprintf(t, sizeof(t), "homeassistant/sensor/pitboss_%s/state/config",
		 s->key);
	snprintf(body, sizeof(body), "{\"name\":\"pitboss %s\","
		 "\"unique_id\":\"pitboss_%s_state\",\"state_topic\":\"%s\","
		 "\"value_template\":\"{{ value_json.state }}\","
		 "\"json_attributes_topic\":\"%s\",\"icon\":\"mdi:table-furniture\","
		 "\"device\":{\"identifiers\":[\"pitboss_%s\"],\"name\":"
		 "\"pitboss %s\",\"manufacturer\":\"pitboss\"}}", s->key, s->key,
		 st, st, s->key, s->key);
	mqtt_link_publish(s->pub->link, t, body, strlen(body), 1, 1, NULL,
			  NULL, 0);
}

/* ---------------------------------------------------------- publish */

static void soon(struct mqtt_pub *p);

/* PUBACK (acked), or the connection lost first. */
static void settled(void *arg, int64_t seq, int acked)
{
	struct side *s = arg;

	s->pub->in_flight--;
	if (!acked)
		return;	/* sent again from the outbox on the next connection */
	if (s->nacked == ACKS_MAX)
		return;	/* cannot happen with the window; sent again later */
	s->acked[s->nacked++] = seq;
	soon(s->pub);
}

/* The acknowledged rows marked sent, one transaction a table. */
static void mark_acked(struct mqtt_pub *p)
{
	for (int i = 0; i < p->nsides; i++) {
		struct side *s = &p->side[i];

		if (s->nacked == 0)
			continue;
		if (db_outbox_sent(p->db, s->key, s->acked, s->nacked) != DB_OK)
			log_err("mqtt: marking %zu events of %s sent: %s "
				"(they are sent again)", s->nacked, s->key,
				db_error(p->db));
		s->nacked = 0;
	}
}

/* The next row of the side, a resync's first; 0 when none. */
static int next_row(struct side *s, struct db_outbox_row *row)
{
	struct db *db = s->pub->db;

	if (s->resend_from > 0) {
		if (db_outbox_get(db, s->key, s->resend_from, 0, row) == DB_OK &&
		    row->seq <= s->resend_to) {
			s->resend_from = row->seq + 1;
			return 1;
		}
		free(row->body);
		s->resend_from = s->resend_to = 0;
	}
	if (db_outbox_get(db, s->key, s->next, 1, row) != DB_OK)
		return 0;
	s->next = row->seq + 1;
	return 1;
}

/* One more row of the side in flight: 1, or 0 when it has none. */
static int send_one(struct side *s)
{
	struct db_outbox_row row;
	char t[MQTT_TOPIC_MAX];
	int rc;

	if (!next_row(s, &row))
		return 0;
	topic(t, sizeof(t), s, "event");
	rc = mqtt_link_publish(s->pub->link, t, row.body, strlen(row.body), 1,
			       0, settled, s, row.seq);
	free(row.body);
	if (rc < 0) {
		s->next = 1;	/* the link is down: from the first unsent */
		return 0;
	}
	s->pub->in_flight++;
	return 1;
}

/* Rows in flight up to the window, the tables in turn. */
static void pump(struct mqtt_pub *p)
{
	int more = 1;

	mark_acked(p);
	while (more && mqtt_link_up(p->link)) {
		more = 0;
		for (int i = 0; i < p->nsides && p->in_flight < PUB_WINDOW; i++)
			more |= send_one(&p->side[i]);
	}
}

static void on_soon(void *ctx)
{
	struct mqtt_pub *p = ctx;

	p->soon = -1;
	pump(p);
}

static void soon(struct mqtt_pub *p)
{
	if (p->soon < 0)
		p->soon = loop_at(p->loop, loop_now(), on_soon, p);
}

static void on_period(void *ctx)
{
	struct mqtt_pub *p = ctx;
	uint64_t now = loop_now();

	p->period = loop_at(p->loop, now + PUB_PERIOD_US, on_period, p);
	pump(p);
	if (mqtt_link_up(p->link) && now >= p->status_at) {
		p->status_at = now + p->status_every_us;
		for (int i = 0; i < p->nsides; i++)
			status(&p->side[i], "online");
	}
}

void mqtt_pub_kick(struct mqtt_pub *p)
{
	if (p != NULL)
		soon(p);
}

/* -------------------------------------------------- from the hub */

static struct side *side_of(struct mqtt_pub *p, const char *t,
			    const char **what)
{
	for (int i = 0; i < p->nsides; i++) {
		size_t n = strlen(p->side[i].key);

		if (strncmp(t, "pitboss/v1/", 11) == 0 &&
		    strncmp(t + 11, p->side[i].key, n) == 0 &&
		    t[11 + n] == '/') {
			*what = t + 12 + n;
			return &p->side[i];
		}
	}
	return NULL;
}

/* Whether a message of the hub names another pitbossd's instance (two
 * give this table id: the hub pinned the other). */
static int for_other(struct side *s, const char *json)
{
	char inst[64];

	if (db_json_get(s->pub->db, json, "$.instance", inst, sizeof(inst)) !=
	    DB_OK || strcmp(inst, s->pub->instance) == 0)
		return 0;
	log_warn("mqtt: %s: a message of the hub for another pitbossd "
		 "(instance %s; this one is %s) ignored: two give the table "
		 "id %s; give each its own mqtt-id", s->key, inst,
		 s->pub->instance, s->key);
	return 1;
}

/* Rows f..t asked for but pruned already: said gone, once. */
static long long gone(struct side *s, long long f, long long t)
{
	char tp[MQTT_TOPIC_MAX], body[192];
	int64_t first = 0;
	long long g;

	if (db_outbox_first(s->pub->db, s->key, &first) != DB_OK ||
	    first <= f)
		return f;
	g = t < first - 1 ? t : first - 1;
	topic(tp, sizeof(tp), s, "gone");
	snprintf(body, sizeof(body), "{\"v\":1,\"table\":\"%s\",\"instance\":"
		 "\"%s\",\"from\":%lld,\"to\":%lld}", s->key,
		 s->pub->instance, f, g);
	mqtt_link_publish(s->pub->link, tp, body, strlen(body), 1, 0, NULL,
			  NULL, 0);
	log_warn("mqtt: %s: the hub asks for events %lld to %lld, pruned "
		 "already: said gone", s->key, f, g);
	return g + 1;
}

/* {"from":N,"to":M}: rows N..M published again. */
static void resync(struct side *s, const char *json)
{
	char from[32], to[32];
	long long f, t;

	if (db_json_get(s->pub->db, json, "$.from", from, sizeof(from)) !=
	    DB_OK || db_json_get(s->pub->db, json, "$.to", to,
				 sizeof(to)) != DB_OK ||
	    (f = atoll(from)) < 1 || (t = atoll(to)) < f) {
		log_warn("mqtt: %s: a resync request that is not "
			 "{\"from\":N,\"to\":M}", s->key);
		return;
	}
	if ((f = gone(s, f, t)) > t)
		return;
	if (s->resend_from == 0 || f < s->resend_from)
		s->resend_from = f;
	if (t > s->resend_to)
		s->resend_to = t;
	log_info("mqtt: %s: the hub asks for events %lld to %lld again",
		 s->key, f, t);
	soon(s->pub);
}

/* A command the hub sends again (it does so while it has no answer)
 * and queued already as `local`: its answer is on its way, unless the
 * table carried it out and its command-done event was pruned before
 * the hub took it in (the hub was told it is gone): then the same
 * answer goes again as a new event. */
static void repeated(struct side *s, const char *id, int64_t local)
{
	int again = 0;

	if (db_command_answer_again(s->pub->db, s->key, local, &again) !=
	    DB_OK) {
		log_warn("mqtt: %s: command %s of the hub: %s", s->key, id,
			 db_error(s->pub->db));
		return;
	}
	if (!again) {
		log_info("mqtt: %s: command %s of the hub: queued already "
			 "(%lld)", s->key, id, (long long)local);
		return;
	}
	log_info("mqtt: %s: command %s of the hub, carried out as %lld, "
		 "came again after its answer was pruned: answered again",
		 s->key, id, (long long)local);
	soon(s->pub);
}

/* {"v":1,"id":"...","kind":"<word>","text":"..."}: through the door
 * (an assign also has "series": the hub's series, as JSON). */
static void command(struct side *s, const char *json)
{
	struct db *db = s->pub->db;
	char id[64], kind[32], text[DB_TEXT_MAX];
	int64_t local = 0;
	int rc;

	if (db_json_get(db, json, "$.id", id, sizeof(id)) != DB_OK ||
	    db_json_get(db, json, "$.kind", kind, sizeof(kind)) != DB_OK) {
		log_warn("mqtt: %s: a command without its id or kind", s->key);
		return;
	}
	/* A hub's series is called by its JSON, never by its id, which
	 * names no series of the table's. */
	if (db_json_get(db, json, strcmp(kind, "assign") == 0 ? "$.series" :
			"$.text", text, sizeof(text)) == DB_FAILED)
		text[0] = '\0';
	rc = db_command_add_hub(db, s->board, kind, text, id, &local);
	if (rc == DB_REFUSED && local != 0) {
		repeated(s, id, local);
		return;
	}
	if (rc != DB_OK) {
		log_warn("mqtt: %s: command %s of the hub: %s", s->key, id,
			 db_error(db));
		return;
	}
	log_info("mqtt: %s: command %s of the hub queued as %lld (%s)",
		 s->key, id, (long long)local, kind);
	door_ring(s->pub->door);
}

static void on_message(void *ctx, const char *t, const void *payload,
		       size_t len)
{
	struct mqtt_pub *p = ctx;
	const char *what;
	struct side *s = side_of(p, t, &what);
	char *json;

	if (s == NULL || (json = malloc(len + 1)) == NULL)
		return;
	memcpy(json, payload, len);
	json[len] = '\0';
	if (for_other(s, json))
		;
	else if (strcmp(what, "resync") == 0)
		resync(s, json);
	else if (strcmp(what, "command") == 0)
		command(s, json);
	free(json);
}

/* ------------------------------------------------------ connection */

static void on_connected(void *ctx)
{
	struct mqtt_pub *p = ctx;
	char t[MQTT_TOPIC_MAX];

	for (int i = 0; i < p->nsides; i++) {
		struct side *s = &p->side[i];

		topic(t, sizeof(t), s, "resync");
		mqtt_link_subscribe(p->link, t, 1);
		topic(t, sizeof(t), s, "command");
		mqtt_link_subscribe(p->link, t, 1);
		status(s, "online");
		p->status_at = loop_now() + p->status_every_us;
		if (p->home_assistant)
			discovery(s);
		s->next = 1;	/* what was in flight is sent again */
	}
	pump(p);
}

static const struct mqtt_link_ops pub_ops = {
	.connected = on_connected,
	.message = on_message,
};

/* The link's settings: the broker of the keys, the first table's
 * status as the will. */
static void link_config(const struct conf *c, const struct side *first,
			struct mqtt_link_config *lc)
{
	memset(lc, 0, sizeof(*lc));
	snprintf(lc->host, sizeof(lc->host), "%s", c->mqtt_host);
	lc->port = c->mqtt_port;
	lc->keepalive = c->mqtt_keepalive;
	snprintf(lc->username, sizeof(lc->username), "%s", c->mqtt_username);
	snprintf(lc->password_file, sizeof(lc->password_file), "%s",
		 c->mqtt_password_file);
	snprintf(lc->tls_ca, sizeof(lc->tls_ca), "%s", c->mqtt_tls_ca);
	snprintf(lc->client_id, sizeof(lc->client_id), "pitboss-%s",
		 first->key);
	topic(lc->will_topic, sizeof(lc->will_topic), first, "status");
	snprintf(lc->will_payload, sizeof(lc->will_payload),
		 "{\"v\":1,\"table\":\"%s\",\"instance\":\"%s\",\"state\":"
		 "\"offline\"}", first->key, first->pub->instance);
}

static void add_sides(struct mqtt_pub *p, const struct conf *conf,
		      struct table *const *tables, int ntables)
{
	for (int i = 0; i < ntables; i++) {
		const struct table_config *c =
			conf_table_find(conf, table_id(tables[i]));
		struct side *s = &p->side[p->nsides];

		if (c == NULL || !c->outbox)
			continue;
		s->pub = p;
		snprintf(s->key, sizeof(s->key), "%s", c->mqtt_id);
		snprintf(s->name, sizeof(s->name), "%s", c->name);
		s->board = table_board_id(tables[i]);
		s->next = 1;
		if (db_outbox_prune(p->db, s->key, KEEP_ROWS, KEEP_DAYS) != DB_OK)
			log_warn("mqtt: pruning the outbox of %s: %s", s->key,
				 db_error(p->db));
		p->nsides++;
	}
}

struct mqtt_pub *mqtt_pub_open(struct loop *loop, struct db *db,
			       const struct conf *conf,
			       struct table *const *tables, int ntables,
			       struct door *door, char *err, size_t errlen)
{
	struct mqtt_pub *p = calloc(1, sizeof(*p));
	struct mqtt_link_config lc;

	if (p == NULL) {
		snprintf(err, errlen, "mqtt: out of memory");
		return NULL;
	}
	p->loop = loop;
	p->db = db;
	p->door = door;
	p->home_assistant = conf->mqtt_home_assistant;
	p->status_every_us = (uint64_t)conf->mqtt_status_every * 1000000u;
	if (db_instance(db, p->instance, sizeof(p->instance)) != DB_OK) {
		snprintf(err, errlen, "mqtt: %s", db_error(db));
		free(p);
		return NULL;
	}
	p->soon = p->period = -1;
	add_sides(p, conf, tables, ntables);
	if (p->nsides == 0) {
		snprintf(err, errlen, "mqtt: no table to publish");
		free(p);
		return NULL;
	}
	link_config(conf, &p->side[0], &lc);
	p->link = mqtt_link_open(loop, &lc, &pub_ops, p, err, errlen);
	if (p->link == NULL) {
		free(p);
		return NULL;
	}
	p->period = loop_at(loop, loop_now() + PUB_PERIOD_US, on_period, p);
	log_info("mqtt: publishing %d table%s to %s:%u as %s", p->nsides,
		 p->nsides == 1 ? "" : "s", lc.host, lc.port, lc.client_id);
	return p;
}

void mqtt_pub_close(struct mqtt_pub *p)
{
	if (p == NULL)
		return;
	uint64_t end = loop_now() + PUB_DRAIN_MS * 1000u;

	/* What is unsent sent and acknowledged, if the broker answers
	 * soon, so that a clean stop leaves nothing for the next start
	 * to send; then the offline statuses. */
	pump(p);
	while (mqtt_link_up(p->link) && p->in_flight > 0 &&
	       loop_now() < end) {
		mqtt_link_drain(p->link, 20);
		pump(p);
	}
	for (int i = 0; mqtt_link_up(p->link) && i < p->nsides; i++)
		status(&p->side[i], "offline");
	mqtt_link_drain(p->link, loop_now() < end ?
			(int)((end - loop_now()) / 1000u) + 1 : 1);
	mqtt_link_close(p->link);
	mark_acked(p);
	if (p->soon >= 0)
		loop_cancel(p->loop, p->soon);
	if (p->period >= 0)
		loop_cancel(p->loop, p->period);
	free(p);
}
