/*
 * pitbossd.c - the referee daemon's command line: its options, the
 * configuration read or the built-in tables made, the options that set
 * keys of pitboss.conf(5) applied over them through the same
 * descriptors, then the daemon run (daemon.c).
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/conf.h"
#include "daemon/daemon.h"
#include "daemon/demo.h"
#include "daemon/source.h"
#include "daemon/table.h"
#include "db/db.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: pitbossd [-f] [-v] [-c FILE] [--db PATH] [--hub]\n"
		"       pitbossd -t [-c FILE]\n"
		"       pitbossd [-f] [-v] [-c FILE] [--db PATH] --demo\n"
		"       pitbossd [-f] [-v] [-c FILE] [--db PATH] [--speed X] --sim N\n"
		"       pitbossd --help | --version\n"
		"\n"
		"The pitboss referee daemon: watches the tables' sensors, referees\n"
		"every move and records games in the database.\n"
		"\n"
		"  -c, --config FILE the configuration (" CONF_DEFAULT_PATH ");\n"
		"                    with --demo or --sim, its web and log keys\n"
		"  -t, --test        check the configuration and exit\n"
		"  -f, --foreground  stay in the foreground, log to standard error\n"
		"  -v, --verbose     log more (twice: debug)\n"
		"  --hub             the club's hub: take in every table's records\n"
		"                    from the MQTT broker (keys mqtt.enable = yes,\n"
		"                    mqtt.role = hub; docs/mqtt.md)\n"
		"  --db PATH         the database: key database (with --demo\n"
		"                    pitboss-demo.db, --sim $PITBOSS_DB if set)\n"
		"  --demo            two simulated tables with a little sensor noise\n"
		"  --sim N           N simulated tables\n"
		"  --speed X         simulated and replayed time runs X times faster (1)\n"
		"  --seed N          the simulated players' random seed (1)\n"
		"  --no-noise        simulated sensors without noise or illegal play\n"
		"  --web-listen ADDR the dashboard's address: key web.listen\n"
		"  --web-port N      the dashboard's port: key web.port (0: none)\n"
		"  --assets DIR      serve the dashboard's pages, script and style\n"
		"                    from DIR instead of those built in\n"
		"\n"
		"An option that sets a key is checked as the key is and goes over\n"
		"the configuration's value; a relative --db is from here.\n"
		"Exit status: 0 stopped by a signal, 1 could not start, 2 usage.\n"
		"\nConfiguration keys (pitboss.conf(5)):\n");
	conf_describe(out);
}

/* ------------------------------------------------------ command line */

/* Options that set a key of pitboss.conf(5): applied over the file's or
 * the built-in tables', through the key's descriptor and checks. */
static const struct key_option {
	int code;
	const char *key;
	int path;		/* relative to the working directory */
} key_options[] = {
	{ 'd', "database", 1 },
	{ 'L', "web.listen", 0 },
	{ 'P', "web.port", 0 },
};

#define NKEY_OPTIONS (sizeof(key_options) / sizeof(key_options[0]))

static const struct option long_options[] = {
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
	{ "hub", no_argument, NULL, 'H' },
	{ NULL, 0, NULL, 0 }
};

struct args {
	const char *conf_path;	/* NULL: the default */
	int test, foreground, verbose, demo, noisy, hub;
	unsigned nsim;		/* built-in tables; 0: the file's */
	double speed;
	unsigned long long seed;
	const char *assets;
	const char *value[NKEY_OPTIONS];	/* of key_options; NULL: none */
};

static const char *option_name(int code)
{
	for (const struct option *o = long_options; o->name != NULL; o++)
		if (o->val == code)
			return o->name;
	return "?";
}

/*
 * `value` of key option `k` set in `conf`: a relative path made
 * absolute first, since the daemon's directory is not the user's.
 */
static int set_key(struct conf *conf, const struct key_option *k,
		   const char *value, char *err, size_t errlen)
{
	char path[CONF_PATH_MAX + 1], cwd[CONF_PATH_MAX];

	if (k->path && value[0] != '/') {
		if (getcwd(cwd, sizeof(cwd)) == NULL) {
			snprintf(err, errlen, "the working directory: %s",
				 strerror(errno));
			return -1;
		}
		/* Cut, it is longer than the key takes: refused as such. */
		if (snprintf(path, sizeof(path), "%.*s/%.*s",
			     CONF_PATH_MAX - 1, cwd, CONF_PATH_MAX - 1,
			     value) < 0) {
			snprintf(err, errlen, "the path: %s", strerror(errno));
			return -1;
		}
		value = path;
	}
	return conf_set(conf, k->key, value, err, errlen);
}

/* A key option's value checked as the key's: 0, 2 (a usage error), or
 * -1 when `code` is no key option. */
static int take_key_option(struct args *a, int code)
{
	static struct conf scratch;
	char err[CONF_ERR_MAX];

	for (size_t k = 0; k < NKEY_OPTIONS; k++) {
		if (key_options[k].code != code)
			continue;
		conf_default(&scratch);
		if (set_key(&scratch, &key_options[k], optarg, err,
			    sizeof(err)) < 0) {
			fprintf(stderr, "pitbossd: --%s: %s\n", option_name(code),
				err);
			return 2;
		}
		a->value[k] = optarg;
		return 0;
	}
	return -1;
}

static int take_number(int code, const char *text, struct args *a)
{
	char *end;

	errno = 0;
	if (code == 's') {
		long n = strtol(text, &end, 10);

		a->nsim = (unsigned)n;
		if (*end == '\0' && n >= 1 && n <= CONF_TABLES_MAX)
			return 0;
		fprintf(stderr, "pitbossd: --sim: '%s' is not a number of "
			"tables from 1 to %d\n", text, CONF_TABLES_MAX);
	} else if (code == 'S') {
		a->speed = strtod(text, &end);
		if (errno == 0 && *end == '\0' && a->speed >= 0.01 &&
		    a->speed <= 10000)
			return 0;
		fprintf(stderr, "pitbossd: --speed: '%s' is not a factor from "
			"0.01 to 10000\n", text);
	} else {
		a->seed = strtoull(text, &end, 10);
		if (*end == '\0' && text[0] != '-')
			return 0;
		fprintf(stderr, "pitbossd: --seed: '%s' is not a number\n",
			text);
	}
	return 2;
}

/* One option; -1 to go on, else the exit status. */
static int take_option(struct args *a, int c)
{
	switch (c) {
	case 'h':
		usage(stdout);
		return 0;
	case 'V':
		printf("pitbossd %s\n", PACKAGE_VERSION);
		return 0;
	case 'f':
		a->foreground = 1;
		return -1;
	case 'c':
		a->conf_path = optarg;
		return -1;
	case 't':
		a->test = 1;
		return -1;
	case 'v':
		a->verbose++;
		return -1;
	case 'D':
		a->demo = 1;
		return -1;
	case 'n':
		a->noisy = 0;
		return -1;
	case 'A':
		a->assets = optarg;
		return -1;
	case 'H':
		a->hub = 1;
		return -1;
	case 's':
	case 'S':
	case 'r':
		return take_number(c, optarg, a) == 0 ? -1 : 2;
	}
	switch (take_key_option(a, c)) {
	case 0:
		return -1;
	case 2:
		return 2;
	}
	usage(stderr);	/* getopt said what is wrong */
	return 2;
}

/* The command line read into `a`: -1 to run, else the exit status. */
static int parse_args(int argc, char **argv, struct args *a)
{
	int c, rc;

	memset(a, 0, sizeof(*a));
	a->noisy = 1;
	a->speed = 1.0;
	a->seed = 1;
	a->assets = "";		/* those built in */
	while ((c = getopt_long(argc, argv, "hfvVc:t", long_options,
				NULL)) != -1)
		if ((rc = take_option(a, c)) >= 0)
			return rc;
	if (optind != argc || ((a->demo || a->nsim > 0) && a->test)) {
		fprintf(stderr, "pitbossd: %s (try 'pitbossd --help')\n",
			optind != argc ? "unexpected arguments" :
			"--demo and --sim run built-in tables: -t checks a "
			"configuration's own");
		return 2;
	}
	if (a->demo) {
		a->nsim = 2;
		a->foreground = 1;
	}
	if (a->nsim == 0 && a->conf_path == NULL)
		a->conf_path = CONF_DEFAULT_PATH;
	return -1;
}

/*
 * With --demo or --sim, what a configuration file (-c) gives the built-in
 * tables: the dashboard's keys (the arbiter's password, address, port,
 * limits, TLS) and the log level. Its tables and database stay its own:
 * the demo's tournament never goes into a club's records.
 */
static int file_settings(const char *path, struct conf *conf, char *err,
			 size_t errlen)
{
	struct conf *file = malloc(sizeof(*file));

	if (file == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	conf_default(file);
	if (conf_load(file, path, err, errlen) < 0) {
		free(file);
		return -1;
	}
	memcpy(conf->web_listen, file->web_listen, sizeof(conf->web_listen));
	conf->web_port = file->web_port;
	memcpy(conf->web_password_hash, file->web_password_hash,
	       sizeof(conf->web_password_hash));
	conf->web_connection_limit = file->web_connection_limit;
	conf->web_per_ip_limit = file->web_per_ip_limit;
	memcpy(conf->web_tls_cert, file->web_tls_cert,
	       sizeof(conf->web_tls_cert));
	memcpy(conf->web_tls_key, file->web_tls_key, sizeof(conf->web_tls_key));
	conf->log_level = file->log_level;
	conf_free(file);
	free(file);
	return 0;
}

/*
 * The tables --demo and --sim run: their database the demo's in the
 * working directory, else $PITBOSS_DB, else the default; the web and
 * log keys of -c FILE when given.
 */
static int builtin_conf(const struct args *a, struct conf *conf, char *err,
			size_t errlen)
{
	static const struct key_option db = { 'd', "database", 1 };
	const char *env = getenv("PITBOSS_DB");
	struct demo_tables tables = {
		.ntables = a->nsim, .seed = a->seed, .noisy = a->noisy,
	};

	if (demo_conf(conf, &tables, err, errlen) < 0)
		return -1;
	if (a->conf_path != NULL &&
	    file_settings(a->conf_path, conf, err, errlen) < 0)
		return -1;
	if (a->demo)
		return set_key(conf, &db, "pitboss-demo.db", err, errlen);
	if (env != NULL && env[0] != '\0' &&
	    set_key(conf, &db, env, err, errlen) < 0)
		return -1;
	return 0;
}

/* The configuration, the command line's settings over it: 0, or 1 with
 * the reason said. */
static int read_conf(const struct args *a, struct conf *conf)
{
	char err[CONF_ERR_MAX + 64];
	size_t k;

	if (a->nsim > 0 ? builtin_conf(a, conf, err, sizeof(err)) :
	    conf_load(conf, a->conf_path, err, sizeof(err))) {
		fprintf(stderr, "pitbossd: %s\n", err);
		return 1;
	}
	for (k = 0; k < NKEY_OPTIONS; k++)
		if (a->value[k] != NULL &&
		    set_key(conf, &key_options[k], a->value[k], err,
			    sizeof(err)) < 0) {
			fprintf(stderr, "pitbossd: --%s: %s\n",
				option_name(key_options[k].code), err);
			return 1;
		}
	/* --hub: the keys that make a hub. */
	if (a->hub && (conf_set(conf, "mqtt.enable", "yes", err,
				sizeof(err)) < 0 ||
		       conf_set(conf, "mqtt.role", "hub", err,
				sizeof(err)) < 0)) {
		fprintf(stderr, "pitbossd: --hub: %s\n", err);
		return 1;
	}
	return 0;
}

/* -t on a configuration with no table yet: how to declare one, a
 * line per source of the registry. */
static void print_table_steps(unsigned step)
{
	const struct source_ops *s;

	printf("  %u. a table: a [table N] section with its game and its "
	       "source,\n     one of:\n", step);
	for (size_t i = 0; (s = source_at(i)) != NULL; i++)
		printf("       %-8s %s%s\n", s->name, s->help,
		       s->flags & SOURCE_MISSING ? " (not compiled in)" : "");
	printf("     The configuration as installed has an example of each,\n"
	       "     commented out; their keys are in pitboss.conf(5).\n");
}

/* -t: what is left to configure before the first refereed game (a new
 * installation's configuration has no table and no password). */
static void print_first_steps(const char *path, const struct conf *conf)
{
	unsigned step = 0;

	if (conf->ntables > 0 && conf->web_password_hash[0] != '\0')
		return;
	printf("To referee a game, configure in %s:\n", path);
	if (conf->web_password_hash[0] == '\0')
		printf("  %u. the arbiter's password, for the dashboard's admin "
		       "page:\n     pitboss passwd%s%s\n", ++step,
		       strcmp(path, CONF_DEFAULT_PATH) ? " --config " : "",
		       strcmp(path, CONF_DEFAULT_PATH) ? path : "");
	if (conf->ntables == 0)
		print_table_steps(++step);
	if (conf->web_port != 0 && strcmp(conf->web_listen, "127.0.0.1") == 0)
		printf("  %u. the dashboard answers on this machine only "
		       "(web.listen = 127.0.0.1):\n     web.listen = 0.0.0.0 "
		       "opens it to the club's network.\n", ++step);
	printf("Then 'pitbossd -t' again, and restart pitbossd "
	       "(systemctl restart pitbossd).\n");
}

/* -t: what the configuration declares, and what is left to set. */
static void print_conf(const struct args *a, const struct conf *conf)
{
	printf("%s: ok: %zu table%s, database %s\n", a->conf_path,
	       conf->ntables, conf->ntables == 1 ? "" : "s", conf->database);
	for (size_t i = 0; i < conf->ntables; i++)
		printf("  table %u: %s %s from %s%s%s\n", conf->table[i].id,
		       conf->table[i].game, conf->table[i].options[0] ?
		       conf->table[i].options : "(standard rules)",
		       conf->table[i].source->name,
		       conf->table[i].check ? ", checked by " : "",
		       conf->table[i].check ? conf->table[i].check->name : "");
	print_first_steps(a->conf_path, conf);
}

int main(int argc, char **argv)
{
	struct args a;
	struct conf *conf;
	int rc = parse_args(argc, argv, &a);

	if (rc >= 0)
		return rc;
#ifdef M_ARENA_MAX
	/* The dashboard's threads share two heaps rather than one each:
	 * memory freed by one is used again by the next. */
	mallopt(M_ARENA_MAX, 2);
#endif
	conf = malloc(sizeof(*conf));
	if (conf == NULL) {
		fprintf(stderr, "pitbossd: out of memory\n");
		return 1;
	}
	conf_default(conf);
	rc = read_conf(&a, conf);
	if (rc == 0 && a.test) {
		print_conf(&a, conf);
	} else if (rc == 0) {
		struct daemon_settings s = {
			.conf = conf, .conf_path = a.nsim ? NULL : a.conf_path,
			.foreground = a.foreground, .verbose = a.verbose,
			.speed = a.speed, .assets = a.assets, .demo = a.demo,
		};

		rc = daemon_run(&s);
	}
	conf_free(conf);
	free(conf);
	return rc;
}
