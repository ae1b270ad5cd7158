/*
 * test_conf.c - pitboss.conf(5): a complete file read into every field,
 * the defaults, and one test per kind of error with its exact message
 * ("FILE:LINE: key 'x': why"), each leaving the caller's config as it
 * was. Each source's keys go to its own table and block; command-line
 * settings go through the same descriptors. Also: the example file
 * parses, and the man page and conf_describe() name every key of every
 * descriptor table.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "daemon/conf.h"
#include "daemon/source.h"
#include "gpio/gpio.h"
#include "referee/match.h"
#include "referee/sim.h"

/* Whole hashes of "pw" by every method, as crypt(3) made them. */
#define YESCRYPT "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$U4SOHmDd8SvW5vCUKSMR6N835VPwFAtgYNhQ9mFFeL5"

/* The sources a table may name, after gpio, replay and sim. */
#ifdef PB_CAMERA
#ifdef PB_CAMERA
#define CAMERA_REFUSED "key 'calibration': "
#else
#define CAMERA_REFUSED "is not compiled in"
#endif
#define SOURCES_TAIL ", camera or manual)"
#else
#define SOURCES_TAIL " or manual)"
#endif

static const char *const good_hashes[] = {
	YESCRYPT,
	"$gy$j9T$F5Jx5fExrKuPp53xLKQ..1$3vaJEj.EQFNwxqXgxrAb0zENEKPjgY8dCuXu/WESUm4",
	"$7$CU..../....abcdefgh$T0sduvKxu8wrIjSE2QDlEIQ24zoUNt7XmCAyI.79rw6",
	"$2b$12$yUydcLXJkoZxdiY.Jjzi0elVJdBO3ATGfqSQ5.Kg/BoMkFyJ/wCeS",
	"$6$.lpMFpSWVjWoW4rD$L3X5Fv35m507nC7PzlnuBEQoqGDZbUJhu.WV1OH86x7Z77Cf"
	"iAlh3MPlHXEVKxRPB6lUzg5QWOQW7meQisetl0",
	"$6$rounds=6000$abcdefgh$A83ACoVCcgl/etNkUwxRjVDuxlny38agOzSGshZB7PYc"
	"FuYI1GNcjym5ENtBKRAmbUP00/LJbbI5HXYpmC3Kb1",
	"$5$H0/kTll5ymTjScpO$vLFYKbP/l5cVfDRZVDLHqcO6UdclURqgzJEuqd2uSv2",
	"$1$6oQVaiyr$AuRQeWsjJh3cAdfl5tTvI/",
};

/* A gpio table with every key a board can have. */
#define BOARD \
	"[table 1]\n"			/* 1 */ \
	"game = kalah\n"		/* 2 */ \
	"options = pits=4 seeds=3\n"	/* 3 */ \
	"source = gpio\n"		/* 4 */ \
	"line.a = GPIO4\n"		/* 5 */ \
	"line.b = GPIO5\n"		/* 6 */ \
	"line.c = GPIO6\n"		/* 7 */ \
	"line.d = GPIO7\n"		/* 8 */ \
	"line.A = EXP0\n"		/* 9 */ \
	"line.B = EXP1\n"		/* 10 */ \
	"line.C = EXP2\n"		/* 11 */ \
	"line.D = EXP3\n"		/* 12 */ \
	"line.S = GPIO8\n"		/* 13 */ \
	"line.N = GPIO9\n"		/* 14 */ \
	"lift.b = GPIO10\n"		/* 15 */ \
	"button.N = GPIO11\n"		/* 16 */ \
	"button.S = GPIO12\n"		/* 17 */ \
	"led.S = GPIO13\n"		/* 18 */ \
	"led.N = GPIO16\n"		/* 19 */ \
	"led.foul = GPIO17\n"		/* 20 */

/* A board of three pits a side, lines P1..P8: 9 lines. */
#define SMALL(p) \
	"options = pits=3\n" \
	"line.a = " p "1\nline.b = " p "2\nline.c = " p "3\n" \
	"line.A = " p "4\nline.B = " p "5\nline.C = " p "6\n" \
	"line.S = " p "7\nline.N = " p "8\n"

static struct conf *conf;

static int setup(void **state)
{
	(void)state;
	conf = malloc(sizeof(*conf));
	assert_non_null(conf);
	conf_default(conf);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	conf_free(conf);
	free(conf);
	return 0;
}

/* The blocks of the sources, as their files describe them: the gpio
 * source's starts with its board's config, the simulator's is its
 * struct sim_config, the replay's starts with the trace's path. */
static const struct gpio_table_config *gpio_of(const struct table_config *t)
{
	assert_ptr_equal(t->source, source_find("gpio"));
	return t->source_conf;
}

static const struct sim_config *sim_of(const struct table_config *t)
{
	assert_ptr_equal(t->source, source_find("sim"));
	return t->source_conf;
}

static const char *trace_of(const struct table_config *t)
{
	assert_ptr_equal(t->source, source_find("replay"));
	return t->source_conf;
}

static void parse_ok(const char *text)
{
	char err[CONF_ERR_MAX] = "";

	if (conf_parse(conf, "test.conf", text, err, sizeof(err)) < 0)
		fail_msg("conf_parse: %s", err);
}

/* Parses `text`, wants exactly `want`, and the config left as it was. */
static void parse_fails(const char *text, const char *want)
{
	char err[CONF_ERR_MAX] = "";
	struct conf *before = malloc(sizeof(*before));

	assert_non_null(before);
	/* Something that is not a default, to see it survive. */
	parse_ok("web.port = 9999\n[table 7]\nsource = sim\n");
	memcpy(before, conf, sizeof(*conf));
	assert_int_equal(conf_parse(conf, "test.conf", text, err,
				    sizeof(err)), -1);
	assert_string_equal(err, want);
	assert_memory_equal(before, conf, sizeof(*conf));
	free(before);
}

/* ---------------------------------------------------------- mqtt */

/* The link's keys: off by default, read, refused with their line. */
static void test_mqtt_keys(void **state)
{
	(void)state;
	parse_ok("[table 1]\nsource = sim\n");
	assert_int_equal(conf->mqtt_enable, 0);
	assert_string_equal(conf->mqtt_host, "127.0.0.1");
	assert_int_equal(conf->mqtt_port, 1883);
	assert_int_equal(conf->mqtt_keepalive, 30);
	assert_int_equal(conf->mqtt_role, CONF_MQTT_TABLE);
	assert_string_equal(conf->table[0].mqtt_id, "table-1");
	parse_ok("mqtt.enable = yes\nmqtt.host = hub.local\nmqtt.port = 8883\n"
		 "mqtt.username = t1\nmqtt.password-file = /etc/p\n"
		 "mqtt.tls-ca = /etc/ca.pem\nmqtt.role = hub\n"
		 "[table 1]\nname = Salle Ä 2\nsource = sim\n"
		 "[table 2]\nmqtt-id = back_2\nsource = sim\n");
	assert_int_equal(conf->mqtt_enable, 1);
	assert_string_equal(conf->mqtt_host, "hub.local");
	assert_int_equal(conf->mqtt_port, 8883);
	assert_string_equal(conf->mqtt_tls_ca, "/etc/ca.pem");
	assert_int_equal(conf->mqtt_role, CONF_MQTT_HUB);
	assert_string_equal(conf->table[0].mqtt_id, "salle---2");
	assert_string_equal(conf->table[1].mqtt_id, "back_2");
	parse_fails("mqtt.port = 0\n", "test.conf:1: key 'mqtt.port': 0 is "
		    "out of range (1 to 65535)");
	parse_fails("\nmqtt.role = both\n", "test.conf:2: key 'mqtt.role': "
		    "'both' is not one of: table, hub");
	parse_fails("mqtt.password-file = pass\n", "test.conf:1: key "
		    "'mqtt.password-file': 'pass' is not an absolute path");
	parse_fails("[table 1]\nsource = sim\nmqtt-id = Front\n",
		    "test.conf:3: key 'mqtt-id': 'Front' holds more than a-z, "
		    "0-9, '_' and '-'");
	parse_fails("[table 1]\nsource = sim\nname = A b\n[table 2]\n"
		    "source = sim\nmqtt-id = a-b\n", "test.conf:6: key "
		    "'mqtt-id': 'a-b' is already the MQTT id of table 1");
	parse_fails("[table 3]\nsource = sim\nname = Hub\n", "test.conf:1: key "
		    "'mqtt-id': 'hub' is the hub's own topic; give table 3 "
		    "another mqtt-id");
	parse_fails("[table 1]\nmqtt.enable = yes\n", "test.conf:2: key "
		    "'mqtt.enable': a global key: put it before the first "
		    "[table N]");
}

/* ----------------------------------------------------- valid files */

static void test_complete_gpio_table(void **state)
{
	const struct table_config *t;
	const struct gpio_table_config *g;

	(void)state;
	parse_ok("# the club's board\n"
		 "database = /srv/pitboss/club.db\n"
		 "web.listen = ::1\n"
		 "web.port = 8443\n"
		 "web.password-hash = \"" YESCRYPT "\"\n"
		 "log-level = debug\n"
		 "\n"
		 BOARD
		 "bias = pull-up\n"
		 "active-low = yes\n"
		 "led-active-low = true\n"
		 "   debounce-ms   =   2.5   \n"
		 "quiet-ms = 1500\n"
		 "snapshot-tolerance = 0\n"
		 "snapshot-confirm = on\n"
		 "strict = yes\n");
	assert_string_equal(conf->path, "test.conf");
	assert_string_equal(conf->database, "/srv/pitboss/club.db");
	assert_string_equal(conf->web_listen, "::1");
	assert_int_equal(conf->web_port, 8443);
	assert_string_equal(conf->web_password_hash, YESCRYPT);
	assert_int_equal(conf->log_level, CONF_LOG_DEBUG);
	assert_int_equal(conf->ntables, 1);

	t = conf_table_find(conf, 1);
	assert_non_null(t);
	assert_null(conf_table_find(conf, 2));
	assert_int_equal(t->line, 8);
	assert_string_equal(t->game, "kalah");
	assert_string_equal(t->options, "pits=4 seeds=3");
	assert_string_equal(t->source->name, "gpio");
	assert_string_equal(t->name, "Table 1");
	assert_int_equal(t->referee.quiet_us, 1500000);
	assert_int_equal(t->referee.snapshot_tolerance, 0);
	assert_int_equal(t->referee.snapshot_confirm, 1);
	assert_int_equal(t->referee.accept_cost, 0);

	g = gpio_of(t);
	assert_int_equal(g->table, 1);
	assert_int_equal(g->bias, GPIO_BIAS_PULL_UP);
	assert_int_equal(g->active_low, 1);
	assert_int_equal(g->output_active_low, 1);
	assert_int_equal(g->debounce_us, 2500);
	/* Drops in hole order (a..d A..D S N), the lift, the buttons. */
	assert_int_equal(g->ninputs, 10 + 1 + 2);
	assert_string_equal(g->input[0].line, "GPIO4");
	assert_string_equal(g->input[0].where, "a");
	assert_int_equal(g->input[0].kind, OBS_DROP);
	assert_string_equal(g->input[4].line, "EXP0");
	assert_string_equal(g->input[4].where, "A");
	assert_string_equal(g->input[8].where, "S");
	assert_string_equal(g->input[9].line, "GPIO9");
	assert_string_equal(g->input[9].where, "N");
	assert_int_equal(g->input[10].kind, OBS_LIFT);
	assert_string_equal(g->input[10].where, "b");
	assert_string_equal(g->input[10].line, "GPIO10");
	assert_int_equal(g->input[11].kind, OBS_BUTTON);
	assert_string_equal(g->input[11].where, "N");
	assert_string_equal(g->input[12].where, "S");
	assert_string_equal(g->output[GPIO_OUT_TURN_S], "GPIO13");
	assert_string_equal(g->output[GPIO_OUT_TURN_N], "GPIO16");
	assert_string_equal(g->output[GPIO_OUT_FOUL], "GPIO17");
}

/* A trace of the suite, by its absolute path (a replay's trace is read
 * when the file is checked). */
static const char *suite_trace(void)
{
	static char abs[4096];
	const char *top = getenv("top_srcdir");
	char path[4096];

	snprintf(path, sizeof(path),
		 "%s/tests/traces/hand-capture-and-sweep.trace",
		 top != NULL ? top : ".");
	if (realpath(path, abs) == NULL)
		fail_msg("%s: not found", path);
	return abs;
}

static void test_sim_and_replay_tables(void **state)
{
	const struct table_config *table;
	const struct sim_config *sim;
	char text[8192];

	(void)state;
	snprintf(text, sizeof(text), "[table 3]\n"
		 "source = sim\n"
		 "options = seeds=6\n"
		 "seed = 18446744073709551615\n"
		 "player = random\n"
		 "sim.buttons = no\n"
		 "sim.lifts = yes\n"
		 "noise.bounce = 0.25\n"
		 "noise.miss = 1\n"
		 "noise.extra = 0.001\n"
		 "noise.swap = 0\n"
		 "noise.roll = .5\n"
		 "noise.illegal = 0.1\n"
		 "noise.dead = yes\n"
		 "noise.stuck = 1\n"
		 "quiet-ms = 900\n"
		 "[table 12]\n"
		 "source = replay\n"
		 "trace = %s\n", suite_trace());
	parse_ok(text);
	assert_int_equal(conf->ntables, 2);
	sim = sim_of(conf_table_find(conf, 3));
	assert_int_equal(sim->table, 3);
	assert_string_equal(sim->options, "seeds=6");
	assert_true(sim->seed == UINT64_MAX);
	assert_int_equal(sim->player, SIM_RANDOM);
	assert_int_equal(sim->buttons, 0);
	assert_int_equal(sim->lifts, 1);
	assert_true(sim->noise.bounce == 0.25);
	assert_true(sim->noise.miss == 1.0);
	assert_true(sim->noise.extra == 0.001);
	assert_true(sim->noise.roll == 0.5);
	assert_true(sim->noise.illegal == 0.1);
	assert_int_equal(sim->noise.dead, 1);
	assert_int_equal(sim->noise.stuck, 1);
	/* The simulator's referee is the table's. */
	assert_int_equal(sim->referee.quiet_us, 900000);
	assert_int_equal(sim->max_plies, 400);
	table = conf_table_find(conf, 12);
	assert_string_equal(trace_of(table), suite_trace());
	assert_string_equal(table->game, "kalah");
	assert_true(table->speed == 1.0);
	/* The physical model at a named level, with a count source. */
	parse_ok("[table 4]\nsource = sim\nsim.level = heavy\n"
		 "sim.counts = yes\n");
	sim = sim_of(conf_table_find(conf, 4));
	assert_string_equal(sim->level, "heavy");
	assert_int_equal(sim->counts, 1);
	assert_int_equal(sim->world.on, 1);
	assert_true(sim->world.dirty > 0 && sim->noise.illegal > 0);
	parse_fails("[table 4]\nsource = sim\nsim.level = filthy\n",
		    "test.conf:3: key 'sim.level': 'filthy' is not clean, "
		    "moderate or heavy");
	parse_fails("[table 4]\nsource = sim\nsim.level = clean\n"
		    "noise.miss = 0.1\n",
		    "test.conf:4: key 'noise.miss': sim.level replaces the "
		    "per-pulse noise: set one or the other");
	parse_fails("[table 4]\nsource = sim\nsim.counts = yes\n",
		    "test.conf:2: key 'sim.counts': a count source is "
		    "simulated with sim.level only");
	/* A trace that is not there is refused, as the daemon would. */
	parse_fails("[table 1]\nsource = replay\ntrace = /nonexistent/t.trace\n",
		    "test.conf:3: key 'trace': /nonexistent/t.trace: No such "
		    "file or directory");
}

static void test_defaults(void **state)
{
	struct referee_config ref;
	const struct table_config *t;

	(void)state;
	assert_string_equal(conf->database, "/var/lib/pitboss/pitboss.db");
	assert_string_equal(conf->web_listen, "127.0.0.1");
	assert_int_equal(conf->web_port, 8080);
	assert_string_equal(conf->web_password_hash, "");
	assert_int_equal(conf->log_level, CONF_LOG_NOTICE);
	assert_int_equal(conf->ntables, 0);

	/* Empty, comments only, CRLF: all defaults. */
	parse_ok("");
	parse_ok("# nothing\r\n; nothing either\r\n\r\n");
	assert_int_equal(conf->web_port, 8080);

	parse_ok("[table 2]\nsource = sim\n");
	t = &conf->table[0];
	referee_config_default(&ref);
	assert_int_equal(t->referee.debounce_us, ref.debounce_us);
	assert_int_equal(t->referee.pulse_gap_us, ref.pulse_gap_us);
	assert_int_equal(t->referee.quiet_us, ref.quiet_us);
	assert_int_equal(t->referee.turn_gap_us, ref.turn_gap_us);
	assert_int_equal(t->referee.snapshot_tolerance,
			 ref.snapshot_tolerance);
	assert_int_equal(t->referee.snapshot_confirm, ref.snapshot_confirm);
	assert_int_equal(t->referee.dead_after, ref.dead_after);
	assert_int_equal(t->referee.accept_cost, MATCH_ACCEPT);
	assert_string_equal(t->game, "kalah");
	assert_string_equal(t->options, "");
	assert_int_equal(sim_of(t)->seed, 1);
	assert_int_equal(sim_of(t)->player, SIM_GREEDY);
	assert_int_equal(sim_of(t)->buttons, 1);
	assert_int_equal(sim_of(t)->noise.miss, 0);
	assert_int_equal(t->live_analysis, 0);
	assert_string_equal(t->name, "Table 2");
	assert_string_equal(t->players[0], "");
	parse_ok("[table 2]\nsource = sim\nanalysis = live\n");
	assert_int_equal(conf->table[0].live_analysis, 1);

	parse_ok(BOARD);
	t = &conf->table[0];
	assert_int_equal(gpio_of(t)->bias, GPIO_BIAS_AS_IS);
	assert_int_equal(gpio_of(t)->active_low, 0);
	assert_int_equal(gpio_of(t)->debounce_us, 5000);
	/* Optional outputs left out stay empty. */
	parse_ok("[table 1]\nsource = gpio\noptions = pits=3\n"
		 "line.a = L1\nline.b = L5\nline.c = L6\nline.A = L2\n"
		 "line.B = L7\nline.C = L8\nline.S = L3\nline.N = L4\n");
	assert_int_equal(gpio_of(&conf->table[0])->ninputs, 8);
	assert_string_equal(gpio_of(&conf->table[0])->output[GPIO_OUT_FOUL], "");
	assert_string_equal(gpio_of(&conf->table[0])->output[GPIO_OUT_TURN_S],
			    "");
}

/* The example's global lines, and its commented-out table `which`
 * (0: the first) uncommented, written to `path`: the source it names,
 * or NULL when the example has no such table. */
static const char *example_table(const char *example, int which,
				 const char *path, char source[32])
{
	FILE *in = fopen(example, "r"), *out = fopen(path, "w");
	char line[256];
	int table = -1, inside = 0;

	assert_non_null(in);
	assert_non_null(out);
	source[0] = '\0';
	while (fgets(line, sizeof(line), in) != NULL) {
		if (strncmp(line, "#[table ", 8) == 0)
			inside = ++table == which;
		else if (line[0] != '#')
			inside = inside && line[0] != '\n';
		if (table < 0 && line[0] != '#')
			fputs(line, out);
		else if (inside && line[0] == '#')
			fputs(line + 1, out);
		if (inside && strncmp(line, "#source = ", 10) == 0)
			sscanf(line + 10, "%31s", source);
	}
	fclose(in);
	fclose(out);
	return table >= which ? source : NULL;
}

static void test_example_file_loads(void **state)
{
	const char *top = getenv("top_srcdir"), *source;
	char path[512], err[CONF_ERR_MAX] = "", tmp[] = "/tmp/test_conf_XXXXXX";
	char name[32];
	unsigned seen = 0;

	(void)state;
	snprintf(path, sizeof(path), "%s/etc/pitboss.conf.example",
		 top != NULL ? top : ".");
	if (conf_load(conf, path, err, sizeof(err)) < 0)
		fail_msg("%s", err);
	/* Installed as a new installation's configuration: no table yet. */
	assert_int_equal(conf->ntables, 0);
	assert_string_equal(conf->web_password_hash, "");
	assert_string_equal(conf->path, path);

	/* Each table commented out there loads once uncommented, but the
	 * replayed one (its trace is not there) and the camera (not in this
	 * build, or its calibration not there), refused at their lines; one
	 * example of every source. */
	close(mkstemp(tmp));
	for (int i = 0; (source = example_table(path, i, tmp, name)) != NULL;
	     i++) {
		int rc = conf_load(conf, tmp, err, sizeof(err));

		for (size_t k = 0; source_at(k) != NULL; k++)
			if (strcmp(source_at(k)->name, source) == 0)
				seen |= 1u << k;
		if (strcmp(source, "replay") == 0 ||
		    strcmp(source, "camera") == 0) {
			assert_int_equal(rc, -1);
			if (strstr(err, strcmp(source, "replay") == 0 ?
				   "key 'trace': " : CAMERA_REFUSED) == NULL)
				fail_msg("the example's %s table: %s", source,
					 err);
			continue;
		}
		if (rc < 0)
			fail_msg("the example's %s table: %s", source, err);
		assert_int_equal(conf->ntables, 1);
		assert_string_equal(conf->table[0].source->name, source);
		if (strcmp(source, "gpio") == 0 &&
		    !gpio_of(&conf->table[0])->scanned)
			assert_int_equal(gpio_of(&conf->table[0])->ninputs, 16);
	}
	unlink(tmp);
	for (size_t k = 0; source_at(k) != NULL; k++)
		if (!(seen & 1u << k))
			fail_msg("no example of source %s", source_at(k)->name);
}

static void test_load_errors(void **state)
{
	char err[CONF_ERR_MAX] = "";
	char path[] = "/tmp/test_conf_XXXXXX";
	FILE *f;
	int fd;

	(void)state;
	assert_int_equal(conf_load(conf, "/nonexistent/pitboss.conf", err,
				   sizeof(err)), -1);
	assert_string_equal(err, "/nonexistent/pitboss.conf: No such file "
			    "or directory");

	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("web.port = 80\n", f);
	fputc('\0', f);
	fclose(f);
	assert_int_equal(conf_load(conf, path, err, sizeof(err)), -1);
	assert_true(strstr(err, "not a text file") != NULL);

	f = fopen(path, "w");
	fputs("web.port = 80\nlog-level = loud\n", f);
	fclose(f);
	assert_int_equal(conf_load(conf, path, err, sizeof(err)), -1);
	assert_true(strncmp(err, path, strlen(path)) == 0);
	assert_string_equal(err + strlen(path),
			    ":2: key 'log-level': 'loud' is not one of: "
			    "error, warning, notice, info, debug");
	assert_int_equal(conf->web_port, 8080);
	remove(path);
}

/* ----------------------------------------------------------- errors */

static void test_syntax_errors(void **state)
{
	(void)state;
	parse_fails("web.port = 80\nfrobnicate\n",
		    "test.conf:2: key 'frobnicate': expected 'key = value'");
	parse_fails(" = 3\n", "test.conf:1: key '': a key is missing "
		    "before '='");
	parse_fails("[table 1\n", "test.conf:1: key '[table 1': a section "
		    "is '[table N]'");
	parse_fails("[tables 1]\n", "test.conf:1: key 'tables 1': unknown "
		    "section (only [table N])");
	parse_fails("[table one]\n", "test.conf:1: key 'table': 'one' is "
		    "not a table number (1 to 9999)");
	parse_fails("[table 0]\n", "test.conf:1: key 'table': '0' is not a "
		    "table number (1 to 9999)");
	parse_fails("[table -1]\n", "test.conf:1: key 'table': '-1' is not "
		    "a table number (1 to 9999)");
}

static void test_unknown_and_misplaced_keys(void **state)
{
	(void)state;
	parse_fails("web.prot = 80\n",
		    "test.conf:1: key 'web.prot': unknown key");
	parse_fails("[table 1]\nsource = sim\ncolour = red\n",
		    "test.conf:3: key 'colour': unknown key");
	parse_fails("[table 1]\nsource = sim\ndatabase = /x.db\n",
		    "test.conf:3: key 'database': a global key: put it "
		    "before the first [table N]");
	parse_fails("source = sim\n", "test.conf:1: key 'source': a table "
		    "key: put it in a [table N] section");
	parse_fails("[table 1]\nsource = sim\nline.a = GPIO4\n",
		    "test.conf:3: key 'line.a': not for source sim (table 1)");
	parse_fails("[table 1]\nsource = gpio\ntrace = /t\n" "line.a = X\n",
		    "test.conf:3: key 'trace': not for source gpio (table 1)");
	parse_fails("[table 1]\nsource = replay\ntrace = /t\nseed = 4\n",
		    "test.conf:4: key 'seed': not for source replay "
		    "(table 1)");
}

static void test_bad_values(void **state)
{
	(void)state;
	parse_fails("web.port = 80a\n",
		    "test.conf:1: key 'web.port': '80a' is not a whole number");
	parse_fails("web.port = -1\n",
		    "test.conf:1: key 'web.port': '-1' is not a whole number");
	parse_fails("web.listen = localhost\n", "test.conf:1: key "
		    "'web.listen': 'localhost' is not an IPv4 or IPv6 address");
	parse_fails("database = pitboss.db\n", "test.conf:1: key "
		    "'database': 'pitboss.db' is not an absolute path");
	parse_fails("web.password-hash = hunter2\n", "test.conf:1: key "
		    "'web.password-hash': not a crypt(3) hash of a known "
		    "method (yescrypt '$y$', SHA-512 '$6$', bcrypt '$2b$'...): "
		    "set one with 'pitboss passwd'");
	parse_fails("[table 1]\nsource = usb\n", "test.conf:2: key "
		    "'source': 'usb' is not one of: gpio, replay, sim, camera, "
		    "manual");
	parse_fails("[table 1]\nsource = sim\nanalysis = sometimes\n",
		    "test.conf:3: key 'analysis': 'sometimes' is not one of: "
		    "after, live");
	parse_fails("[table 1]\ngame = chess\n", "test.conf:2: key 'game': "
		    "no game 'chess' (known: kalah codegame transport)");
	parse_fails("[table 1]\ngame = codegame\nsource = sim\n",
		    "test.conf:3: key 'source': the simulator has no board "
		    "for this game");
	parse_fails("[table 1]\nsource = sim\nstrict = maybe\n",
		    "test.conf:3: key 'strict': 'maybe' is not yes or no");
	parse_fails("[table 1]\nsource = sim\nseed = 18446744073709551616\n",
		    "test.conf:3: key 'seed': '18446744073709551616' is not "
		    "a whole number (0 to 18446744073709551615)");
	parse_fails("[table 1]\nsource = sim\nnoise.miss = 5%\n",
		    "test.conf:3: key 'noise.miss': '5%' is not a rate from "
		    "0 to 1");
	parse_fails("[table 1]\nsource = sim\nquiet-ms = 1.2345\n",
		    "test.conf:3: key 'quiet-ms': '1.2345' is not a number "
		    "of milliseconds (like 5 or 2.5)");
	parse_fails("[table 1]\nsource = gpio\nline.a = GPIO 4\n",
		    "test.conf:3: key 'line.a': 'GPIO 4' is not a line name");
	parse_fails("[table 1]\nsource = gpio\nline.a = \"\"\n",
		    "test.conf:3: key 'line.a': empty line name");
	parse_fails("[table 1]\nsource = gpio\nline.a = "
		    "A_VERY_LONG_LINE_NAME_OF_THIRTY_TWO\n",
		    "test.conf:3: key 'line.a': too long (at most 31 "
		    "characters)");
}

/* A password hash no password matches would lock the arbiter out: only
 * whole hashes of a known method are taken. */
static void test_password_hash_must_be_whole(void **state)
{
	static const char *const bad[] = {
		"$", "$$", "$6$", "$6$salt", "$6$salt$", "$y$j9T$",
		"$0$abc$def", "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$U4SOHmDd8SvW5vCUKSM",
		"$y$$F5Jx5fExrKuPp53xLKQ..1U4SOHmDd8SvW5vCUKSMR6N835VPwFAtgYNhQ9mFFeL5",
		"$y$j9T$F5Jx5fExrKuPp53xLKQ..1$U4SOHmDd8SvW5vCUKSMR6N835VPwFAtgYNhQ9mFFe*5",
		"$2b$3$yUydcLXJkoZxdiY.Jjzi0elVJdBO3ATGfqSQ5.Kg/BoMkFyJ/wCeS",
		"$2b$32$yUydcLXJkoZxdiY.Jjzi0elVJdBO3ATGfqSQ5.Kg/BoMkFyJ/wCeS",
		"$2b$12$yUydcLXJkoZxdiY.Jjzi0elVJdBO3ATGfqSQ5.Kg/BoMkFyJ/wCe",
		"$1$6oQVaiyr$AuRQeWsjJh3cAdfl5tTvI/x",
		"!$6$.lpMFpSWVjWoW4rD$L3X5Fv35m5",
	};
	char text[256], err[CONF_ERR_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(good_hashes) / sizeof(good_hashes[0]);
	     i++) {
		snprintf(text, sizeof(text), "web.password-hash = %s\n",
			 good_hashes[i]);
		parse_ok(text);
		assert_string_equal(conf->web_password_hash, good_hashes[i]);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "web.password-hash = %s\n", bad[i]);
		if (conf_parse(conf, "test.conf", text, err, sizeof(err)) == 0)
			fail_msg("'%s' taken as a password hash", bad[i]);
		if (strncmp(err, "test.conf:1: key 'web.password-hash': not a ",
			    44) != 0)
			fail_msg("'%s': %s", bad[i], err);
	}
	parse_fails("web.password-hash = $6$salt$abc\n", "test.conf:1: key "
		    "'web.password-hash': not a whole SHA-512 hash (its "
		    "settings, '$', then 86 characters): set one with "
		    "'pitboss passwd'");
}

/* Quotes come in pairs; a byte order mark before the first key is
 * skipped, and nowhere else. */
static void test_quotes_and_byte_order_mark(void **state)
{
	(void)state;
	parse_fails("[table 1]\nsource = sim\nname = \"unterminated\n",
		    "test.conf:3: key 'name': unterminated quote");
	parse_fails("[table 1]\nsource = sim\nname = \"\n",
		    "test.conf:3: key 'name': unterminated quote");
	parse_ok("[table 1]\nsource = sim\nname = \"Front \"A\"\"\n"
		 "players = Ann\", Bob\n");
	assert_string_equal(conf->table[0].name, "Front \"A\"");
	parse_ok("\xef\xbb\xbf" "database = /srv/club.db\nweb.port = 81\n");
	assert_string_equal(conf->database, "/srv/club.db");
	parse_ok("\xef\xbb\xbf# a comment first\n[table 2]\nsource = sim\n");
	assert_int_equal(conf->ntables, 1);
	parse_fails("web.port = 81\n\xef\xbb\xbf" "database = /srv/club.db\n",
		    "test.conf:2: key '\xef\xbb\xbf" "database': unknown key");
}

static void test_out_of_range(void **state)
{
	(void)state;
	parse_fails("web.port = 65536\n", "test.conf:1: key 'web.port': "
		    "65536 is out of range (0 to 65535)");
	parse_fails("[table 1]\nsource = sim\nsnapshot-tolerance = 21\n",
		    "test.conf:3: key 'snapshot-tolerance': 21 is out of "
		    "range (0 to 20)");
	parse_fails("[table 1]\nsource = sim\nquiet-ms = 199.999\n",
		    "test.conf:3: key 'quiet-ms': 199.999 ms is out of range "
		    "(200 to 60000)");
	parse_fails("[table 1]\nsource = gpio\ndebounce-ms = 100.5\n",
		    "test.conf:3: key 'debounce-ms': 100.5 ms is out of "
		    "range (0 to 100)");
	parse_fails("[table 1]\nsource = sim\nnoise.roll = 1.01\n",
		    "test.conf:3: key 'noise.roll': '1.01' is not a rate "
		    "from 0 to 1");
}

/* settle-ms: the referee's settle time on a board read once still;
 * refused where nothing waits for the board to be still. */
static void test_settle_time(void **state)
{
	(void)state;
	parse_ok("[table 1]\nsource = sim\ngame = transport\n"
		 "settle-ms = 350\n");
	assert_int_equal(conf->table[0].referee.settle_us, 350000);
	parse_ok("[table 1]\nsource = sim\ngame = transport\n");
	assert_int_equal(conf->table[0].referee.settle_us, 1000000);
	parse_ok("[table 1]\nsource = sim\ngame = transport\n"
		 "settle-ms = 0\n");
	assert_int_equal(conf->table[0].referee.settle_us, 0);
	parse_fails("[table 1]\nsource = sim\ngame = transport\n"
		    "settle-ms = 60001\n", "test.conf:4: key 'settle-ms': "
		    "60001 ms is out of range (0 to 60000)");
	parse_fails("[table 1]\nsource = sim\ngame = transport\n\n"
		    "settle-ms = soon\n", "test.conf:5: key 'settle-ms': "
		    "'soon' is not a number of milliseconds (like 5 or 2.5)");
	parse_fails("[table 1]\nsource = sim\nsettle-ms = 500\n",
		    "test.conf:3: key 'settle-ms': the board of kalah is read "
		    "as it changes, not once still (source sim); leave "
		    "settle-ms out");
}

static void test_duplicates(void **state)
{
	(void)state;
	parse_fails("web.port = 80\nweb.port = 81\n", "test.conf:2: key "
		    "'web.port': set twice (first on line 1)");
	parse_fails("[table 4]\nsource = sim\n[table 5]\nsource = sim\n"
		    "[table 4]\n", "test.conf:5: key 'table': table 4 is "
		    "defined twice (first on line 1)");
	parse_fails("[table 1]\nsource = sim\nseed = 1\nseed = 2\n",
		    "test.conf:4: key 'seed': set twice (first on line 3)");
	parse_fails("[table 1]\nsource = gpio\nline.a = X1\nline.a = X2\n",
		    "test.conf:4: key 'line.a': set twice (first on line 3)");
}

static void test_too_many_tables(void **state)
{
	char text[2048];
	size_t n = 0;

	(void)state;
	for (int i = 1; i <= CONF_TABLES_MAX + 1; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "[table %d]\nsource = sim\n", i);
	parse_fails(text, "test.conf:33: key 'table': more than 16 tables");
}

static void test_missing_required_keys(void **state)
{
	(void)state;
	parse_fails("[table 1]\ngame = kalah\n", "test.conf:1: key "
		    "'source': missing in [table 1] (gpio, replay, sim" SOURCES_TAIL);
	parse_fails("[table 1]\nsource = sim\n\n[table 2]\nsource = replay\n",
		    "test.conf:4: key 'trace': missing in [table 2]: source "
		    "replay needs it");
}

static void test_options_checked_by_the_rules(void **state)
{
	(void)state;
	parse_fails("[table 1]\nsource = sim\noptions = pits=99\n",
		    "test.conf:3: key 'options': kalah: option 'pits': 99 "
		    "is out of range 3..8");
	parse_fails("[table 1]\nsource = sim\noptions = fast\n",
		    "test.conf:3: key 'options': kalah: unknown option "
		    "'fast'");
}

static void test_gpio_board_must_match_the_game(void **state)
{
	(void)state;
	/* Line 13 (line.S) left out: S is missing. */
	parse_fails("[table 1]\ngame = kalah\noptions = pits=4 seeds=3\n"
		    "source = gpio\nline.a = GPIO4\nline.b = GPIO5\n"
		    "line.c = GPIO6\nline.d = GPIO7\nline.A = EXP0\n"
		    "line.B = EXP1\nline.C = EXP2\nline.D = EXP3\n"
		    "line.N = GPIO9\n",
		    "test.conf:1: key 'line.S': missing in [table 1]: kalah "
		    "pits=4 seeds=3 needs a drop sensor line for each of a b "
		    "c d A B C D S N");
	/* Default options: six pits a side, so line.e is missing. */
	parse_fails("[table 1]\nsource = gpio\nline.a = A\nline.b = B\n"
		    "line.c = C\nline.d = D\n",
		    "test.conf:1: key 'line.e': missing in [table 1]: kalah "
		    "(default options) needs a drop sensor line for each of "
		    "a b c d e f A B C D E F S N");
	parse_fails(BOARD "line.e = GPIO18\n",
		    "test.conf:21: key 'line.e': no hole 'e' on this board "
		    "(kalah pits=4 seeds=3: a b c d A B C D S N)");
	parse_fails(BOARD "lift.x = GPIO18\n",
		    "test.conf:21: key 'lift.x': no hole 'x' on this board "
		    "(kalah pits=4 seeds=3: a b c d A B C D S N)");
	parse_fails(BOARD "lift.abcdefghij = GPIO18\n",
		    "test.conf:21: key 'lift.abcdefghij': no such hole");
	parse_fails(BOARD "button.W = GPIO18\n",
		    "test.conf:21: key 'button.W': no seat 'W' in kalah");
	parse_fails(BOARD "led.E = GPIO18\n",
		    "test.conf:21: key 'led.E': no seat 'E' in kalah");
}

static void test_same_line_twice(void **state)
{
	(void)state;
	parse_fails(BOARD "lift.c = GPIO5\n",
		    "test.conf:21: key 'lift.c': line 'GPIO5' is already "
		    "used by line.b on line 6");
	parse_fails(BOARD "led.foul = GPIO9\n",
		    "test.conf:21: key 'led.foul': set twice (first on line "
		    "20)");
	/* The second use is named, even when the key sorts first. */
	parse_fails("[table 1]\nsource = gpio\noptions = pits=3\n"
		    "line.S = L3\nline.N = L4\nline.A = L2\nline.B = L5\n"
		    "line.C = L6\nline.b = L7\nline.c = L8\nline.a = L3\n",
		    "test.conf:11: key 'line.a': line 'L3' is already used by "
		    "line.S on line 4");
	parse_fails("[table 1]\nsource = gpio\n" SMALL("L") "led.foul = BUZZ\n"
		    "[table 2]\nsource = gpio\n" SMALL("M") "led.foul = BUZZ\n",
		    "test.conf:24: key 'led.foul': line 'BUZZ' is already "
		    "used by led.foul of table 1 on line 12");
	/* A sim table's keys are not lines: no clash with them. */
	parse_ok("[table 1]\nsource = gpio\noptions = pits=3\n"
		 "line.a = L1\nline.b = L5\nline.c = L6\nline.A = L2\n"
		 "line.B = L7\nline.C = L8\nline.S = L3\nline.N = L4\n"
		 "[table 2]\nsource = sim\n");
}

/* ---------------------------------------------------- source keys */

static void test_each_source_reads_its_own_keys(void **state)
{
	const struct table_config *t;

	(void)state;
	parse_fails("[table 1]\nsource = sim\nbias = pull-up\n",
		    "test.conf:3: key 'bias': not for source sim (table 1)");
	parse_fails("[table 1]\nsource = gpio\nnoise.miss = 0.1\n",
		    "test.conf:3: key 'noise.miss': not for source gpio "
		    "(table 1)");
	parse_fails("[table 5]\nsource = replay\nname = Bug report\n",
		    "test.conf:1: key 'trace': missing in [table 5]: source "
		    "replay needs it");
	parse_fails("trace = /t.trace\n", "test.conf:1: key 'trace': a "
		    "table key: put it in a [table N] section");
	parse_fails("[table 1]\nsource = sim\nsource = gpio\n",
		    "test.conf:3: key 'source': set twice (first on line 2)");
	parse_fails("[table 1]\nseed = 3\n", "test.conf:1: key 'source': "
		    "missing in [table 1] (gpio, replay, sim" SOURCES_TAIL);

	/* Keys before 'source =' wait for it, and keep their lines. */
	parse_ok("[table 1]\nnoise.miss = 0.5\nplayer = random\n"
		 "source = sim\n");
	t = &conf->table[0];
	assert_true(sim_of(t)->noise.miss == 0.5);
	assert_int_equal(sim_of(t)->player, SIM_RANDOM);
	parse_fails("[table 1]\nnoise.miss = 2\nsource = sim\n",
		    "test.conf:2: key 'noise.miss': '2' is not a rate from 0 "
		    "to 1");
	parse_fails("[table 1]\ntrace = /t\nsource = sim\n",
		    "test.conf:2: key 'trace': not for source sim (table 1)");
	parse_fails("[table 1]\nseed = 1\nseed = 2\nsource = sim\n",
		    "test.conf:3: key 'seed': set twice (first on line 2)");
	parse_fails("[table 1]\ncolour = red\n[table 2]\nsource = sim\n",
		    "test.conf:2: key 'colour': unknown key");
}

#ifdef PB_CAMERA
/* The camera compiled in: its keys and its calibration checked. */
static void test_a_source_not_compiled_in(void **state)
{
	(void)state;
	parse_fails("[table 1]\ngame = kalah\nsource = camera\n",
		    "test.conf:1: key 'camera': missing in [table 1]: source "
		    "camera needs it");
	parse_fails("[table 1]\nsource = camera\ncamera = webcam\n"
		    "calibration = /nonexistent/cal.txt\n",
		    "test.conf:3: key 'camera': 'webcam' is not rpicam, pipe, "
		    "/dev/videoN or an absolute path of a folder of frames");
	parse_fails("[table 1]\nsource = camera\ncamera = /dev/video0\n"
		    "calibration = /nonexistent/cal.txt\n",
		    "test.conf:4: key 'calibration': /nonexistent/cal.txt: No "
		    "such file or directory");
}
#else
static void test_a_source_not_compiled_in(void **state)
{
	(void)state;
	parse_fails("[table 1]\ngame = kalah\nsource = camera\n",
		    "test.conf:3: key 'source': source 'camera' is not "
		    "compiled in");
	/* Its table refused whatever else it says; the others are fine. */
	parse_fails("[table 1]\nsource = sim\n\n[table 2]\nname = Cam\n"
		    "source = camera\ncamera.device = /dev/video0\n",
		    "test.conf:6: key 'source': source 'camera' is not "
		    "compiled in");
}
#endif

/* A second source checking a table's moves (a camera beside drop
 * gates): its keys taken before or after 'check', refused without it;
 * only a source that sees the whole board may check. */
static void test_a_check_source(void **state)
{
	(void)state;
	parse_fails("[table 1]\nsource = sim\ncamera = /dev/video0\n",
		    "test.conf:3: key 'camera': not for source sim (table 1)");
	parse_fails("[table 1]\nsource = sim\ncheck = sim\n",
		    "test.conf:3: key 'check': source 'sim' cannot check the "
		    "moves of source 'sim': a check sees the whole board "
		    "(camera)");
	parse_fails("[table 1]\nsource = sim\ncheck = replay\n",
		    "test.conf:3: key 'check': source 'replay' cannot check "
		    "the moves of source 'sim': a check sees the whole board "
		    "(camera)");
#ifdef PB_CAMERA
	parse_fails("[table 1]\ncamera = /dev/video0\nsource = sim\n"
		    "check = camera\n",
		    "test.conf:1: key 'calibration': missing in [table 1]: "
		    "source camera needs it");
	parse_fails("[table 1]\nsource = sim\ncheck = camera\n"
		    "camera = /dev/video0\ncalibration = /nonexistent/cal.txt\n"
		    "seed = 7\n",
		    "test.conf:5: key 'calibration': /nonexistent/cal.txt: No "
		    "such file or directory");
	parse_fails("[table 1]\nsource = sim\ncheck = camera\n"
		    "camera = /dev/video0\ncamera = /dev/video1\n",
		    "test.conf:5: key 'camera': set twice (first on line 4)");
#else
	parse_fails("[table 1]\nsource = sim\ncheck = camera\n"
		    "camera = /dev/video0\n",
		    "test.conf:3: key 'check': source 'camera' is not compiled "
		    "in");
#endif
}

static void test_players_by_seat(void **state)
{
	const struct table_config *t;

	(void)state;
	parse_ok("[table 1]\nsource = sim\nplayers = Ada Lovelace,Bob ,\n");
	t = &conf->table[0];
	assert_string_equal(t->players[0], "Ada Lovelace");
	assert_string_equal(t->players[1], "Bob");
	assert_string_equal(t->players[2], "");
	/* Empty names are left out, as blanks around them. */
	parse_ok("[table 1]\nsource = sim\nplayers = , Cleo ,, Dev\n");
	assert_string_equal(conf->table[0].players[0], "Cleo");
	assert_string_equal(conf->table[0].players[1], "Dev");
	parse_fails("[table 1]\nsource = sim\nplayers = A, B, C, D, E, F\n",
		    "test.conf:3: key 'players': more than 5 names");
	parse_fails("[table 1]\nsource = sim\nplayers = Ada, "
		    "Bartholomew-Maximilian-Konstantin-Friedrich-von-Hohenberg-"
		    "Sigmaringen\n", "test.conf:3: key 'players': "
		    "'Bartholomew-Maximilian-Konstantin-Friedrich-von-Hohenberg-"
		    "Sigmaringen' is too long (at most 63 characters)");
}

/* Command-line settings go through the same descriptors. */
static void test_settings_over_the_file(void **state)
{
	char err[CONF_ERR_MAX] = "";

	(void)state;
	parse_ok("database = /srv/a.db\nweb.port = 9999\n");
	assert_int_equal(conf_set(conf, "web.port", "0", err, sizeof(err)), 0);
	assert_int_equal(conf->web_port, 0);
	assert_int_equal(conf_set(conf, "database", "/srv/b.db", err,
				  sizeof(err)), 0);
	assert_string_equal(conf->database, "/srv/b.db");
	assert_int_equal(conf_set(conf, "web.port", "70000", err, sizeof(err)),
			 -1);
	assert_string_equal(err, "key 'web.port': 70000 is out of range "
			    "(0 to 65535)");
	assert_int_equal(conf->web_port, 0);
	assert_int_equal(conf_set(conf, "database", "b.db", err, sizeof(err)),
			 -1);
	assert_string_equal(err, "key 'database': 'b.db' is not an absolute "
			    "path");
	assert_string_equal(conf->database, "/srv/b.db");
	assert_int_equal(conf_set(conf, "seed", "3", err, sizeof(err)), -1);
	assert_string_equal(err, "key 'seed': a table key: set it in a "
			    "[table N] section");
	assert_int_equal(conf_set(conf, "web.prot", "1", err, sizeof(err)), -1);
	assert_string_equal(err, "key 'web.prot': unknown key");
}

/* ------------------------------------------------ describe, man page */

static void test_every_key_described_and_in_the_man_page(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[512], *text, *man, *want;
	size_t len = 0, n;
	FILE *f;

	(void)state;
	f = open_memstream(&text, &len);
	assert_non_null(f);
	conf_describe(f);
	fclose(f);

	snprintf(path, sizeof(path), "%s/man/pitboss.conf.5",
		 top != NULL ? top : ".");
	f = fopen(path, "r");
	if (f == NULL)
		fail_msg("cannot open %s", path);
	man = calloc(1, 65536);
	assert_non_null(man);
	n = fread(man, 1, 65535, f);
	fclose(f);
	assert_true(n > 0 && n < 65535);

	for (size_t i = 0; conf_key(i) != NULL; i++) {
		const char *key = conf_key(i);

		want = malloc(strlen(key) + 16);
		assert_non_null(want);
		sprintf(want, "  %s ", key);
		if (strstr(text, want) == NULL)
			fail_msg("conf_describe() does not list '%s'", key);
		/* The man page: ".It Ic key" for plain keys,
		 * ".It Ic line . Ns Ar HOLE" for the per-hole ones. */
		if (strchr(key, '.') != NULL &&
		    strspn(strchr(key, '.') + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") ==
			    strlen(strchr(key, '.') + 1))
			sprintf(want, ".It Ic %.*s Ns Ar",
				(int)(strchr(key, '.') - key + 1), key);
		else
			sprintf(want, ".It Ic %s\n", key);
		if (strstr(man, want) == NULL)
			fail_msg("pitboss.conf.5 has no '%s'", want);
		free(want);
	}
	/* Each source with its keys, and the one not compiled in. */
	for (size_t s = 0; source_at(s) != NULL; s++) {
		want = malloc(64);
		assert_non_null(want);
		snprintf(want, 64, "\nsource = %s: ", source_at(s)->name);
		if (strstr(text, want) == NULL)
			fail_msg("conf_describe() has no '%s'", want + 1);
		free(want);
	}
	assert_true(strstr(strstr(text, "\nsource = sim: "), "  noise.miss ")
		    != NULL);
#ifndef PB_CAMERA
	assert_non_null(strstr(text, "\nsource = camera: count snapshots from "
			       "a camera over the board (not compiled in)\n"));
#else
	assert_true(strstr(strstr(text, "\nsource = camera: "),
			   "  calibration ") != NULL);
#endif
	free(man);
	free(text);
}

/* No key in two descriptor tables: a file's key has one meaning. */
static void test_keys_are_unique(void **state)
{
	size_t n = 0;

	(void)state;
	while (conf_key(n) != NULL)
		n++;
	assert_true(n > 40);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (strcmp(conf_key(i), conf_key(j)) == 0)
				fail_msg("'%s' is declared twice", conf_key(i));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_complete_gpio_table, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mqtt_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sim_and_replay_tables, setup, teardown),
		cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
		cmocka_unit_test_setup_teardown(test_example_file_loads, setup, teardown),
		cmocka_unit_test_setup_teardown(test_load_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_syntax_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_and_misplaced_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_values, setup, teardown),
		cmocka_unit_test_setup_teardown(test_out_of_range, setup, teardown),
		cmocka_unit_test_setup_teardown(test_settle_time, setup, teardown),
		cmocka_unit_test_setup_teardown(test_duplicates, setup, teardown),
		cmocka_unit_test_setup_teardown(test_too_many_tables, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_required_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_options_checked_by_the_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gpio_board_must_match_the_game, setup, teardown),
		cmocka_unit_test_setup_teardown(test_same_line_twice, setup, teardown),
		cmocka_unit_test_setup_teardown(test_each_source_reads_its_own_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_source_not_compiled_in, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_check_source, setup, teardown),
		cmocka_unit_test_setup_teardown(test_players_by_seat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_settings_over_the_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_key_described_and_in_the_man_page, setup, teardown),
		cmocka_unit_test_setup_teardown(test_keys_are_unique, setup, teardown),
		cmocka_unit_test_setup_teardown(test_password_hash_must_be_whole, setup, teardown),
		cmocka_unit_test_setup_teardown(test_quotes_and_byte_order_mark, setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
