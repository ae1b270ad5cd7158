/*
 * test_conf.c - pitboss.conf(5) read right: a complete file read into
 * every field, the mqtt keys, each source's own block, the defaults,
 * the example file, loading from disk, players by seat and command-line
 * settings through the same descriptors. Also: the man page and
 * conf_describe() name every key of every descriptor table, and no key
 * is declared twice. (Each kind of error: test_conf_errors.c.)
 */
#include "config.h"

#include "tests/conf_util.h"

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
	char text[8192];
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
	assert_string_equal(t->traces, "");	/* no trace written */
	parse_ok("[table 2]\nsource = sim\nanalysis = live\n");
	assert_int_equal(conf->table[0].live_analysis, 1);
	/* A table's trace folder, beside a replay's own trace file. */
	snprintf(text, sizeof(text), "[table 2]\ntraces = "
		 "/var/lib/pitboss/traces\nsource = replay\ntrace = %s\n",
		 suite_trace());
	parse_ok(text);
	assert_string_equal(conf->table[0].traces, "/var/lib/pitboss/traces");

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
		cmocka_unit_test_setup_teardown(test_players_by_seat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_settings_over_the_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_key_described_and_in_the_man_page, setup, teardown),
		cmocka_unit_test_setup_teardown(test_keys_are_unique, setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
