/*
 * pitbossd.c - the referee daemon: one poll() loop over the tables'
 * sources, their referees' deadlines, signals and the commands door;
 * every verdict recorded before the next observation is looked at.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include "daemon/conf.h"
#include "daemon/log.h"
#include "daemon/loop.h"
#include "daemon/notify.h"
#include "daemon/table.h"
#include "db/db.h"
#include "web/web.h"

#define TABLES_MAX 16
#define DOOR_PERIOD_US 5000000	/* the commands door, looked at anyway */
#define STALE_COMMAND_S 900	/* queued longer before a start: not done */
#define DOOR_SETTLE_US 15000	/* after the log is written, till committed */

struct daemon {
	const char *conf_path;		/* NULL: built-in tables */
	struct loop *loop;
	struct db *db;
	struct table *table[TABLES_MAX];
	int ntables;
	int sigfd;
	int inotify;			/* the database's log being written */
	int door_timer;
	struct web *web;
	int64_t data_version;
	int64_t last_command;
	uint64_t watchdog_us;
	int stopping;
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: pitbossd [-f] [-v] [-c FILE] [--db PATH]\n"
		"       pitbossd -t [-c FILE]\n"
		"       pitbossd [-f] [-v] [--db PATH] --demo\n"
		"       pitbossd [-f] [-v] [--db PATH] [--speed X] --sim N\n"
		"       pitbossd --help | --version\n"
		"\n"
		"The pitboss referee daemon: watches the tables' sensors, referees\n"
		"every move and records games in the database.\n"
		"\n"
		"  -c, --config FILE the configuration (" CONF_DEFAULT_PATH ")\n"
		"  -t, --test        check the configuration and exit\n"
		"  -f, --foreground  stay in the foreground, log to standard error\n"
		"  -v, --verbose     log more (twice: debug)\n"
		"  --db PATH         the database (pitboss-demo.db with --demo, else\n"
		"                    $PITBOSS_DB, else " DB_DEFAULT_PATH ")\n"
		"  --demo            two simulated tables with a little sensor noise\n"
		"  --sim N           N simulated tables\n"
		"  --speed X         simulated and replayed time runs X times faster (1)\n"
		"  --seed N          the simulated players' random seed (1)\n"
		"  --no-noise        simulated sensors without noise or illegal play\n"
		"  --web-listen ADDR the dashboard's address (127.0.0.1)\n"
		"  --web-port N      the dashboard's port (8080; 0: no dashboard)\n"
		"  --assets DIR      the dashboard's pages (" PB_ASSETS_DIR ")\n"
		"\n"
		"Exit status: 0 stopped by a signal, 1 could not start, 2 usage.\n"
		"\nConfiguration keys (pitboss.conf(5)):\n");
	conf_describe(out);
}

/* ---------------------------------------------------------- signals */

static void json_string(FILE *f, const char *text)
{
	if (text == NULL) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p == '<')
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	fputc('"', f);
}

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

/* ---------------------------------------------------- commands door */

static struct table *table_of_board(struct daemon *d, int64_t board_id)
{
	for (int i = 0; i < d->ntables; i++)
		if (table_board_id(d->table[i]) == board_id)
			return d->table[i];
	return NULL;
}

static void door(void *ctx);
static void take_commands(struct daemon *d, const char *stale_before);

/* Another process wrote to the database's log: maybe a command. */
static void on_wal_written(void *ctx, int fd, short revents)
{
	struct daemon *d = ctx;
	char buf[4096];

	(void)revents;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	/* The log is written before the commit is complete: look a moment
	 * later, once the writer is done. */
	loop_cancel(d->loop, d->door_timer);
	d->door_timer = loop_at(d->loop, loop_now() + DOOR_SETTLE_US, door, d);
}

/*
 * Commands are written by other processes into the database: its
 * write-ahead log changes, and inotify wakes the loop. A slow timer
 * stays as a fallback for file systems without inotify.
 */
static void open_door(struct daemon *d, const char *db_path)
{
	char wal[4096];

	snprintf(wal, sizeof(wal), "%s-wal", db_path);
	d->inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (d->inotify >= 0 &&
	    (inotify_add_watch(d->inotify, wal, IN_MODIFY) < 0 ||
	     loop_add_fd(d->loop, d->inotify, POLLIN, on_wal_written, d) < 0)) {
		log_warn("commands door: no inotify on %s (%s); looking every "
			 "%d s", wal, strerror(errno), DOOR_PERIOD_US / 1000000);
		close(d->inotify);
		d->inotify = -1;
	}
	/* Commands queued while pitbossd was not running are carried out
	 * now, in order, as they would have been; older ones are stale. */
	{
		time_t then = time(NULL) - STALE_COMMAND_S;
		struct tm tm;
		char stale[DB_TIME_MAX];

		gmtime_r(&then, &tm);
		strftime(stale, sizeof(stale), "%Y-%m-%dT%H:%M:%S", &tm);
		take_commands(d, stale);
	}
	db_data_version(d->db, &d->data_version);
	d->door_timer = loop_at(d->loop, loop_now() + DOOR_PERIOD_US, door, d);
}

/* Carries out the commands waiting, in order; those queued before
 * `stale_before` (store time text; NULL: none) are closed unexecuted. */
static void take_commands(struct daemon *d, const char *stale_before)
{
	struct db_command c;

	while (db_command_next(d->db, d->last_command, &c) == DB_OK) {
		struct table *t = table_of_board(d, c.board_id);
		char outcome[512];

		d->last_command = c.id;
		if (stale_before != NULL && strcmp(c.created, stale_before) < 0)
			snprintf(outcome, sizeof(outcome),
				 "refused 0 -: not carried out: queued at %s, "
				 "more than %d minutes before pitbossd started",
				 c.created, STALE_COMMAND_S / 60);
		else if (t == NULL)
			snprintf(outcome, sizeof(outcome),
				 "refused 0 -: table %lld is not run by "
				 "this daemon", (long long)c.board_id);
		else
			table_command(t, c.kind, c.text, outcome,
				      sizeof(outcome));
		/* A start's options, a secret entered and a position
		 * set may hold secrets: their verdicts say what may
		 * be shown. */
		int quiet = strcmp(c.kind, "start") == 0 ||
			    strcmp(c.kind, "secret") == 0 ||
			    strcmp(c.kind, "position") == 0 ||
			    c.text[0] == '\0';

		log_info("command %lld (%s%s%s): %s", (long long)c.id,
			 c.kind, quiet ? "" : " ", quiet ? "" : c.text,
			 outcome);
		if (db_command_done(d->db, c.id, outcome) != DB_OK)
			log_err("closing command %lld: %s",
				(long long)c.id, db_error(d->db));
	}
}

static void door(void *ctx)
{
	struct daemon *d = ctx;
	int64_t version;

	if (db_data_version(d->db, &version) == DB_OK &&
	    version != d->data_version) {
		d->data_version = version;
		take_commands(d, NULL);
		/* Our own writes change nothing for the others. */
		db_data_version(d->db, &d->data_version);
	}
	d->door_timer = loop_at(d->loop, loop_now() + DOOR_PERIOD_US, door, d);
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
	r->turn_gap_us = (uint64_t)((double)r->turn_gap_us / speed);
	r->stuck_window_us = (uint64_t)((double)r->stuck_window_us / speed);
}

/* The simulated tables of --sim and --demo, written with the keys of
 * pitboss.conf(5) and read as a file would be. */
static int simulated_tables(struct conf *conf, int n, uint64_t seed,
			    int noisy, char *err, size_t errlen)
{
	char text[4096];
	size_t k = 0;

	for (int i = 1; i <= n && k < sizeof(text); i++)
		k += (size_t)snprintf(text + k, sizeof(text) - k,
				      "[table %d]\nsource = sim\nseed = %llu\n%s",
				      i, (unsigned long long)(seed * 1000 +
							      (uint64_t)i),
				      noisy ? "noise.miss = 0.01\n"
				      "noise.bounce = 0.05\n"
				      "noise.illegal = 0.01\n" : "");
	return conf_parse(conf, "--sim", text, err, errlen);
}

/*
 * The demo's knockout tournament of eight, drawn and under way; found
 * again when the demo database already has it. 0 when it cannot be made.
 */
static int64_t demo_tournament(struct db *db)
{
	static const char *const names[] = {
		"Ada", "Bram", "Cleo", "Dev", "Edda", "Finn", "Gus", "Hana"
	};
	struct db_tournament_info info;
	int64_t tid, player;

	if (db_tournament_find(db, "Demo Cup", &info) == DB_OK)
		return info.id;
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
	if (db_tournament_draw(db, tid, 1, 2026) != DB_OK)
		goto fail;
	log_info("demo: tournament 'Demo Cup' of 8 drawn; its series are "
		 "played at the tables ('pitboss tournament show \"Demo Cup\"')");
	return tid;
fail:
	log_warn("demo: no tournament: %s", db_error(db));
	return 0;
}

/* Every verdict to the dashboard: the event and the table's state. */
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
	f = open_memstream(&event, &len);
	if (f == NULL) {
		free(state);
		return;
	}
	fprintf(f, "{\"table\":%u,\"board\":%lld,\"kind\":\"%s\","
		"\"ply\":%d,\"move\":", table_id(t),
		(long long)table_board_id(t), verdict_kind_name(v->kind), v->ply);
	json_string(f, v->move[0] ? v->move : NULL);
	fputs(",\"text\":", f);
	json_string(f, v->text);
	fputs(",\"state\":", f);
	fputs(state != NULL ? state : "null", f);
	fputs("}", f);
	fclose(f);
	web_publish(d->web, event);
	free(event);
	free(state);
}

static int open_tables(struct daemon *d, struct table_config *cfg, int n)
{
	char err[512];

	for (int i = 0; i < n; i++) {
		d->table[i] = table_open(d->loop, d->db, &cfg[i], err,
					 sizeof(err));
		if (d->table[i] == NULL) {
			log_err("%s", err);
			return -1;
		}
		d->ntables = i + 1;
		table_set_observer(d->table[i], to_web, d);
		{
			char options[256];

			/* Logs are not private: a game's secrets stay out. */
			rules_public_options(referee_game(table_referee(
				d->table[i])), options, sizeof(options));
			log_info("table %u (%s): %s %s from %s", cfg[i].id,
				 cfg[i].name, cfg[i].game, options[0] ? options :
				 "(standard rules)", cfg[i].source->name);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "foreground", no_argument, NULL, 'f' },
		{ "config", required_argument, NULL, 'c' },
		{ "test", no_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "db", required_argument, NULL, 'd' },
		{ "demo", no_argument, NULL, 'D' },
		{ "sim", required_argument, NULL, 's' },
		{ "speed", required_argument, NULL, 'S' },
		{ "seed", required_argument, NULL, 'r' },
		{ "no-noise", no_argument, NULL, 'n' },
		{ "web-listen", required_argument, NULL, 'L' },
		{ "web-port", required_argument, NULL, 'P' },
		{ "assets", required_argument, NULL, 'A' },
		{ NULL, 0, NULL, 0 }
	};
	struct daemon d = { .sigfd = -1, .inotify = -1 };
	const char *db_path = NULL;
	int c, foreground = 0, verbose = 0, demo = 0, nsim = 0, rc = 1;
	int noisy = 1, test = 0;
	struct web_config wc;
	long web_port_opt = -1;
	const char *conf_path = NULL, *assets = PB_ASSETS_DIR;
	char wc_listen[64] = "";
	struct conf *conf = NULL;
	enum log_level level = LOG_LEVEL_INFO;
	double speed = 1.0;
	unsigned long long seed = 1;
	char err[DB_ERR_MAX], *end;
	uint64_t t0 = loop_now();

	while ((c = getopt_long(argc, argv, "hfvVc:t", lo, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("pitbossd %s\n", PACKAGE_VERSION);
			return 0;
		case 'f':
			foreground = 1;
			break;
		case 'c':
			conf_path = optarg;
			break;
		case 't':
			test = 1;
			break;
		case 'v':
			verbose++;
			break;
		case 'd':
			db_path = optarg;
			break;
		case 'D':
			demo = 1;
			break;
		case 's':
			nsim = (int)strtol(optarg, &end, 10);
			if (*end != '\0' || nsim < 1 || nsim > TABLES_MAX) {
				fprintf(stderr, "pitbossd: --sim: '%s' is not a "
					"number of tables from 1 to %d\n", optarg,
					TABLES_MAX);
				return 2;
			}
			break;
		case 'S':
			errno = 0;
			speed = strtod(optarg, &end);
			if (errno != 0 || *end != '\0' || !(speed >= 0.01) ||
			    speed > 10000) {
				fprintf(stderr, "pitbossd: --speed: '%s' is not "
					"a factor from 0.01 to 10000\n", optarg);
				return 2;
			}
			break;
		case 'n':
			noisy = 0;
			break;
		case 'L':
			snprintf(wc_listen, sizeof(wc_listen), "%s", optarg);
			break;
		case 'P':
			web_port_opt = strtol(optarg, &end, 10);
			if (*end != '\0' || web_port_opt < 0 || web_port_opt > 65535) {
				fprintf(stderr, "pitbossd: --web-port: '%s' is not "
					"a port from 0 (no dashboard) to 65535\n",
					optarg);
				return 2;
			}
			break;
		case 'A':
			assets = optarg;
			break;
		case 'r':
			seed = strtoull(optarg, &end, 10);
			if (*end != '\0' || optarg[0] == '-') {
				fprintf(stderr, "pitbossd: --seed: '%s' is not a "
					"number\n", optarg);
				return 2;
			}
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc || ((demo || nsim > 0) && (conf_path || test))) {
		fprintf(stderr, "pitbossd: %s (try 'pitbossd --help')\n",
			optind != argc ? "unexpected arguments" :
			"--demo and --sim run built-in tables, without -c or -t");
		return 2;
	}
	conf = malloc(sizeof(*conf));
	if (conf == NULL) {
		fprintf(stderr, "pitbossd: out of memory\n");
		return 1;
	}
	conf_default(conf);
	if (demo)
		nsim = 2;
	if (nsim > 0 && simulated_tables(conf, nsim, seed, noisy, err,
					 sizeof(err)) < 0) {
		fprintf(stderr, "pitbossd: %s\n", err);
		free(conf);
		return 1;
	}
	if (nsim == 0) {
		if (conf_path == NULL)
			conf_path = CONF_DEFAULT_PATH;
		if (conf_load(conf, conf_path, err, sizeof(err)) < 0) {
			fprintf(stderr, "pitbossd: %s\n", err);
			free(conf);
			return 1;
		}
		if (test) {
			printf("%s: ok: %zu table%s, database %s\n", conf_path,
			       conf->ntables, conf->ntables == 1 ? "" : "s",
			       conf->database);
			for (size_t i = 0; i < conf->ntables; i++)
				printf("  table %u: %s %s from %s\n",
				       conf->table[i].id, conf->table[i].game,
				       conf->table[i].options[0] ?
				       conf->table[i].options : "(standard rules)",
				       conf->table[i].source->name);
			conf_free(conf);
			free(conf);
			return 0;
		}
		d.conf_path = conf_path;
		if (db_path == NULL)
			db_path = conf->database;
		level = log_level_of(conf->log_level, verbose);
	} else {
		level = verbose >= 2 ? LOG_LEVEL_DEBUG : LOG_LEVEL_INFO;
	}
	if (demo) {
		foreground = 1;
		if (db_path == NULL)
			db_path = "pitboss-demo.db";
	}
	if (db_path == NULL)
		db_path = getenv("PITBOSS_DB");
	if (db_path == NULL)
		db_path = DB_DEFAULT_PATH;
	log_open("pitbossd", foreground, level);

	d.loop = loop_new();
	if (d.loop == NULL || open_signals(&d) < 0) {
		log_err("setting up: %s", strerror(errno));
		goto out;
	}
	if (db_open(db_path, DB_OPEN_CREATE, &d.db, err, sizeof(err)) != DB_OK) {
		log_err("%s", err);
		goto out;
	}
	log_info("database %s", db_path);
	{
		int64_t tid = demo ? demo_tournament(d.db) : 0;

		for (size_t i = 0; i < conf->ntables; i++) {
			scale_time(&conf->table[i], speed);
			conf->table[i].tournament_id = tid;
		}
		if (conf->ntables == 0)
			log_warn("%s declares no table", conf_path);
	}
	memset(&wc, 0, sizeof(wc));
	snprintf(wc.listen, sizeof(wc.listen), "%s", wc_listen[0] ? wc_listen :
		 conf->web_listen);
	wc.port = web_port_opt >= 0 ? (unsigned)web_port_opt : conf->web_port;
	snprintf(wc.db_path, sizeof(wc.db_path), "%s", db_path);
	snprintf(wc.assets, sizeof(wc.assets), "%s", assets);
	snprintf(wc.password_hash, sizeof(wc.password_hash), "%s",
		 conf->web_password_hash);
	wc.connection_limit = conf->web_connection_limit;
	wc.per_ip_limit = conf->web_per_ip_limit;
	snprintf(wc.tls_cert, sizeof(wc.tls_cert), "%s", conf->web_tls_cert);
	snprintf(wc.tls_key, sizeof(wc.tls_key), "%s", conf->web_tls_key);
	if (wc.port != 0) {
		d.web = web_start(&wc, err, sizeof(err));
		if (d.web == NULL) {
			log_err("%s", err);
			goto out;
		}
		log_info("dashboard on %s://%s%s%s:%u/", wc.tls_cert[0] ?
			 "https" : "http", strchr(wc.listen, ':')
			 ? "[" : "", wc.listen, strchr(wc.listen, ':') ? "]" : "",
			 web_port(d.web));
	}
	if (open_tables(&d, conf->table, (int)conf->ntables) < 0)
		goto out;
	for (int i = 0; d.web != NULL && i < d.ntables; i++) {
		char *state = table_state_json(d.table[i]);

		web_table_settings(d.web, table_board_id(d.table[i]),
				   conf->table[i].pins,
				   conf->table[i].live_analysis);

		if (state != NULL)
			web_table_state(d.web, table_board_id(d.table[i]), state);
		free(state);
	}
	open_door(&d, db_path);
	d.watchdog_us = notify_watchdog_usec();
	if (d.watchdog_us > 0)
		loop_at(d.loop, loop_now() + d.watchdog_us / 2, watchdog, &d);
	log_info("ready: %d table%s, started in %.1f ms", d.ntables,
		 d.ntables == 1 ? "" : "s", (double)(loop_now() - t0) / 1000.0);
	notify_send("READY=1\nSTATUS=refereeing");
	if (loop_run(d.loop) < 0)
		log_err("poll: %s", strerror(errno));
	else
		rc = d.stopping ? 0 : 1;
out:
	for (int i = 0; i < d.ntables; i++) {
		if (d.table[i] != NULL)
			log_info("table %u: %lu moves recorded", table_id(d.table[i]),
				 table_moves_committed(d.table[i]));
		table_close(d.table[i]);
	}
	web_stop(d.web);
	db_close(d.db);
	conf_free(conf);
	free(conf);
	if (d.sigfd >= 0)
		close(d.sigfd);
	if (d.inotify >= 0)
		close(d.inotify);
	loop_free(d.loop);
	log_close();
	return rc;
}
