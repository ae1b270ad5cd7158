/*
 * daemon.c - pitbossd started, run and stopped: the database, the
 * dashboard, the tables and their sources, signals (SIGHUP re-reads the
 * log level, SIGTERM and SIGINT stop), the commands door and systemd's
 * watchdog, all in one poll loop; every verdict recorded before the
 * next observation is looked at.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "daemon/daemon.h"
#include "daemon/door.h"
#include "daemon/hub.h"
#include "daemon/demo.h"
#include "daemon/log.h"
#include "daemon/machine.h"
#include "daemon/loop.h"
#include "daemon/mqtt_pub.h"
#include "daemon/notify.h"
#include "daemon/table.h"
#include "db/db.h"
#include "util/json.h"
#include "web/web.h"

/* ---------------------------------------------------------- signals */

static enum log_level log_level_of(enum conf_log_level level, int verbose)
{
	enum log_level l = level <= CONF_LOG_ERROR ? LOG_LEVEL_ERR :
			   level == CONF_LOG_WARNING ? LOG_LEVEL_WARN :
			   level == CONF_LOG_DEBUG ? LOG_LEVEL_DEBUG :
			   LOG_LEVEL_INFO;

	while (verbose-- > 0 && l < LOG_LEVEL_DEBUG)
		l++;
	return l;
}

/* SIGHUP: the log level takes effect; the rest needs a restart. */
static void reload(struct daemon *d)
{
	struct conf *conf;
	char err[CONF_ERR_MAX];

	if (d->conf_path == NULL) {
		log_info("SIGHUP: no configuration file to re-read");
		return;
	}
	conf = malloc(sizeof(*conf));
	if (conf == NULL)
		return;
	conf_default(conf);
	if (conf_load(conf, d->conf_path, err, sizeof(err)) < 0) {
		log_err("SIGHUP: %s; going on as before", err);
	} else {
		log_set_level(log_level_of(conf->log_level, 0));
		log_info("SIGHUP: %s re-read; log level %s now; tables, "
			 "sources, the database and the web listener change "
			 "only with a restart", d->conf_path,
			 conf_log_level_name(conf->log_level));
	}
	conf_free(conf);
	free(conf);
}

static void on_signal(void *ctx, int fd, short revents)
{
	struct daemon *d = ctx;
	struct signalfd_siginfo si;

	(void)revents;
	if (read(fd, &si, sizeof(si)) != (ssize_t)sizeof(si))
		return;
	if (si.ssi_signo == SIGHUP) {
		reload(d);
		return;
	}
	log_info("%s: finishing and closing", strsignal((int)si.ssi_signo));
	d->stopping = 1;
	notify_send("STOPPING=1");
	loop_stop(d->loop);
}

static int open_signals(struct daemon *d)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
		return -1;
	d->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	if (d->sigfd < 0)
		return -1;
	return loop_add_fd(d->loop, d->sigfd, POLLIN, on_signal, d);
}

static void watchdog(void *ctx)
{
	struct daemon *d = ctx;

	notify_send("WATCHDOG=1");
	loop_at(d->loop, loop_now() + d->watchdog_us / 2, watchdog, d);
}

/* ------------------------------------------------------------ tables */

/* Simulated or replayed time runs `speed` times faster: so must the
 * referee's. A GPIO board runs in real time. */
static void scale_time(struct table_config *c, double speed)
{
	struct referee_config *r = &c->referee;

	if (!(c->source->flags & SOURCE_PLAYED_TIME))
		return;
	c->speed = speed;
	r->debounce_us = (uint64_t)((double)r->debounce_us / speed);
	r->pulse_gap_us = (uint64_t)((double)r->pulse_gap_us / speed);
	r->quiet_us = (uint64_t)((double)r->quiet_us / speed);
	r->settle_us = (uint64_t)((double)r->settle_us / speed);
	r->turn_gap_us = (uint64_t)((double)r->turn_gap_us / speed);
	r->stuck_window_us = (uint64_t)((double)r->stuck_window_us / speed);
}

static void json_string(FILE *f, const char *text)
{
	json_fputs(f, text);
}

/* Every verdict to the dashboard: the event and the table's state (only
 * the state when it changed without a verdict). */
static void to_web(void *ctx, struct table *t, const struct verdict *v)
{
	struct daemon *d = ctx;
	char *state, *event;
	size_t len = 0;
	FILE *f;

	if (d->web == NULL)
		return;
	state = table_state_json(t);
	if (state != NULL)
		web_table_state(d->web, table_board_id(t), state);
	if (v == NULL) {
		free(state);
		return;
	}
	f = open_memstream(&event, &len);
	if (f == NULL) {
		free(state);
		return;
	}
	fprintf(f, "{\"table\":%u,\"board\":%lld,\"kind\":\"%s\","
		"\"ply\":%d,\"move\":", table_id(t),
		(long long)table_board_id(t), verdict_kind_name(v->kind), v->ply);
	json_string(f, v->move[0] ? v->move : NULL);
	fprintf(f, ",\"cause\":\"%s\",\"places\":[",
		verdict_cause_name(v->cause));
	for (int i = 0; i < v->nplaces && i < VERDICT_PLACES_MAX; i++)
		fprintf(f, "%s%d", i ? "," : "", v->places[i]);
	fputs("],\"text\":", f);
	json_string(f, v->text);
	fputs(",\"state\":", f);
	fputs(state != NULL ? state : "null", f);
	fputs("}", f);
	fclose(f);
	web_publish(d->web, event);
	free(event);
	free(state);
}

/* A verdict told: to the dashboard; the records it committed to the
 * broker. */
static void told(void *ctx, struct table *t, const struct verdict *v)
{
	struct daemon *d = ctx;

	to_web(ctx, t, v);
	mqtt_pub_kick(d->mqtt);
}

/* The tables that open; one that does not (its source, its trace) is
 * logged and left out, and the others run. -1 when none opens. */
static int open_tables(struct daemon *d, struct table_config *cfg, int n)
{
	char err[512], options[256];

	for (int i = 0; i < n; i++) {
		struct table *t = table_open(d->loop, d->db, &cfg[i], err,
					     sizeof(err));

		if (t == NULL) {
			log_err("%s; table %u (%s) is left out", err,
				cfg[i].id, cfg[i].name);
			continue;
		}
		d->table[d->ntables++] = t;
		table_set_observer(t, told, d);
		/* Logs are not private: a game's secrets stay out. */
		rules_public_options(referee_game(table_referee(t)), options,
				     sizeof(options));
		log_info("table %u (%s): %s %s from %s%s%s", cfg[i].id,
			 cfg[i].name, cfg[i].game, options[0] ? options :
			 "(standard rules)", cfg[i].source->name,
			 cfg[i].check ? ", checked by " : "",
			 cfg[i].check ? cfg[i].check->name : "");
	}
	return n > 0 && d->ntables == 0 ? -1 : 0;
}


/* The dashboard, when the configuration has a port for it. */
static int start_web(struct daemon *d, const struct daemon_settings *s)
{
	const struct conf *c = s->conf;
	struct web_config wc;
	char err[512];
	int v6 = strchr(c->web_listen, ':') != NULL;

	if (c->web_port == 0)
		return 0;
	memset(&wc, 0, sizeof(wc));
	snprintf(wc.listen, sizeof(wc.listen), "%s", c->web_listen);
	wc.port = c->web_port;
	snprintf(wc.db_path, sizeof(wc.db_path), "%s", c->database);
	snprintf(wc.assets, sizeof(wc.assets), "%s", s->assets);
	snprintf(wc.password_hash, sizeof(wc.password_hash), "%s",
		 c->web_password_hash);
	wc.connection_limit = c->web_connection_limit;
	wc.per_ip_limit = c->web_per_ip_limit;
	snprintf(wc.tls_cert, sizeof(wc.tls_cert), "%s", c->web_tls_cert);
	snprintf(wc.tls_key, sizeof(wc.tls_key), "%s", c->web_tls_key);
	d->web = web_start(&wc, err, sizeof(err));
	if (d->web == NULL) {
		log_err("%s", err);
		return -1;
	}
	log_info("dashboard on %s://%s%s%s:%u/", wc.tls_cert[0] ? "https" :
		 "http", v6 ? "[" : "", wc.listen, v6 ? "]" : "",
		 web_port(d->web));
	return 0;
}

/* Each table's settings and state on the dashboard from the start. */
static void show_tables(struct daemon *d, const struct conf *conf)
{
	for (int i = 0; d->web != NULL && i < d->ntables; i++) {
		int64_t board = table_board_id(d->table[i]);
		char *state = table_state_json(d->table[i]);

		web_table_settings(d->web, board, conf->table[i].pins,
				   conf->table[i].live_analysis);
		web_table_camera(d->web, board,
				 table_camera_image(d->table[i]));
		if (state != NULL)
			web_table_state(d->web, board, state);
		free(state);
	}
}

/* The tables made ready to open: played time; the demo's tournament,
 * whose series free tables call by themselves (auto call). */
static void prepare_tables(struct daemon *d, const struct daemon_settings *s)
{
	struct conf *conf = s->conf;

	if (s->demo)
		demo_tournament(d->db);
	for (size_t i = 0; i < conf->ntables; i++) {
		struct table_config *c = &conf->table[i];

		scale_time(c, s->speed);
		/* The records kept for the broker too, as they are written. */
		c->outbox = conf->mqtt_enable &&
			    conf->mqtt_role == CONF_MQTT_TABLE;
		if (c->mqtt_id[0] == '\0')
			conf_mqtt_id(c->name, c->mqtt_id, sizeof(c->mqtt_id));
	}
	if (conf->ntables == 0)
		log_warn("%s declares no table", conf->path);
}

/* The database's instance bound to this machine: a database first run
 * elsewhere (a cloned SD card) draws its own, said in the log. */
static void bind_instance(struct daemon *d, const char *db_path)
{
	char machine[DB_MACHINE_MAX], id[DB_INSTANCE_MAX], was[DB_INSTANCE_MAX];
	const char *from = machine_digest(machine, sizeof(machine));

	if (from == NULL) {
		log_debug("no machine identity found: the database's instance "
			  "is not bound to this machine");
		return;
	}
	if (db_instance_bind(d->db, machine, id, sizeof(id), was,
			     sizeof(was)) != DB_OK) {
		log_warn("binding the database's instance to this machine: %s",
			 db_error(d->db));
		return;
	}
	if (was[0] != '\0')
		log_warn("database %s was last run on another machine (%s "
			 "differs): it is a copy, and its instance is now %s "
			 "(was %s), so that a hub tells it from its original; "
			 "give its tables their own mqtt-id", db_path, from, id,
			 was);
}

/* The tables' records to the broker, when mqtt.enable says so (a hub's
 * own tables keep theirs). */
static int start_mqtt(struct daemon *d, const struct conf *c)
{
	char err[512];

	if (!c->mqtt_enable || d->ntables == 0 ||
	    c->mqtt_role != CONF_MQTT_TABLE)
		return 0;
	d->mqtt = mqtt_pub_open(d->loop, d->db, c, d->table, d->ntables,
				d->door, err, sizeof(err));
	if (d->mqtt == NULL) {
		log_err("%s", err);
		return -1;
	}
	return 0;
}

/* A hub (mqtt.role = hub): every table's events taken in, commands for
 * remote tables sent to them. */
static int start_hub(struct daemon *d, const struct conf *conf)
{
	char err[512];

	if (!conf->mqtt_enable || conf->mqtt_role != CONF_MQTT_HUB)
		return 0;
	d->hub = hub_open(d->loop, d->db, conf, d->web, err, sizeof(err));
	if (d->hub == NULL) {
		log_err("the hub: %s", err);
		return -1;
	}
	door_set_remote(d->door, hub_send_command, d->hub);
	hub_set_door(d->hub, d->door);
	return 0;
}

/* ------------------------------------------------------- life cycle */

#define DAEMON_DB_MEMORY (4 << 20)

static int daemon_start(struct daemon *d, const struct daemon_settings *s)
{
	const char *db_path = s->conf->database;
	char err[DB_ERR_MAX];
	uint64_t t0 = loop_now();

	d->loop = loop_new();
	if (d->loop == NULL || open_signals(d) < 0) {
		log_err("setting up: %s", strerror(errno));
		return -1;
	}
	/* The pages of the file kept in memory, all connections together:
	 * what the tables write is small, and the dashboard keeps its
	 * answers. */
	db_memory_limit(DAEMON_DB_MEMORY);
	if (db_open(db_path, DB_OPEN_CREATE, &d->db, err, sizeof(err)) !=
	    DB_OK) {
		log_err("%s", err);
		return -1;
	}
	log_info("database %s: %s", db_path, db_checked(d->db) ?
		 "checked (not closed cleanly)" : "closed cleanly, not scanned");
	bind_instance(d, db_path);
	prepare_tables(d, s);
	if (start_web(d, s) < 0 ||
	    open_tables(d, s->conf->table, (int)s->conf->ntables) < 0)
		return -1;
	show_tables(d, s->conf);
	d->door = door_open(d->loop, d->db, db_path, d->table, d->ntables,
			    d->web);
	if (d->door == NULL) {
		log_err("the commands door: %s", strerror(errno));
		return -1;
	}
	if (start_mqtt(d, s->conf) < 0 || start_hub(d, s->conf) < 0)
		return -1;
	d->watchdog_us = notify_watchdog_usec();
	if (d->watchdog_us > 0)
		loop_at(d->loop, loop_now() + d->watchdog_us / 2, watchdog, d);
	log_info("ready: %d table%s, started in %.1f ms", d->ntables,
		 d->ntables == 1 ? "" : "s", (double)(loop_now() - t0) / 1000.0);
	notify_send("READY=1\nSTATUS=refereeing");
	return 0;
}

static void daemon_stop(struct daemon *d)
{
	mqtt_pub_close(d->mqtt);
	door_close(d->door);
	hub_close(d->hub);
	for (int i = 0; i < d->ntables; i++) {
		if (d->table[i] != NULL)
			log_info("table %u: %lu moves recorded",
				 table_id(d->table[i]),
				 table_moves_committed(d->table[i]));
		table_close(d->table[i]);
	}
	web_stop(d->web);
	db_close(d->db);
	if (d->sigfd >= 0)
		close(d->sigfd);
	loop_free(d->loop);
}

int daemon_run(const struct daemon_settings *s)
{
	struct daemon d = { .sigfd = -1 };
	enum log_level level;
	int rc = 1;

	/* Built-in tables log at info; -v twice for debugging. */
	if (s->conf_path != NULL)
		level = log_level_of(s->conf->log_level, s->verbose);
	else
		level = s->verbose >= 2 ? LOG_LEVEL_DEBUG : LOG_LEVEL_INFO;
	log_open("pitbossd", s->foreground, level);
	d.conf_path = s->conf_path;
	if (daemon_start(&d, s) == 0) {
		if (loop_run(d.loop) < 0)
			log_err("poll: %s", strerror(errno));
		else
			rc = d.stopping ? 0 : 1;
	}
	daemon_stop(&d);
	log_close();
	return rc;
}
