/*
 * test_conf_errors.c - pitboss.conf(5) refused: one test per kind of
 * error with its exact message ("FILE:LINE: key 'x': why"), each
 * leaving the caller's config as it was; password hashes taken whole
 * or not at all; each source's keys going to its own table and block,
 * a source not compiled in, and a second source checking the moves.
 */
#include "config.h"

#include "tests/conf_util.h"

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
	parse_fails("[table 1]\nsource = sim\ntraces = traces\n",
		    "test.conf:3: key 'traces': 'traces' is not an absolute "
		    "path");
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
#ifdef PB_CAMERA
	parse_fails("[table 1]\nsource = sim\ncamera = /dev/video0\n",
		    "test.conf:3: key 'camera': not for source sim (table 1)");
#else
	parse_fails("[table 1]\nsource = sim\ncamera = /dev/video0\n",
		    "test.conf:3: key 'camera': unknown key");
#endif
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

int main(void)
{
	const struct CMUnitTest tests[] = {
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
		cmocka_unit_test_setup_teardown(test_password_hash_must_be_whole, setup, teardown),
		cmocka_unit_test_setup_teardown(test_quotes_and_byte_order_mark, setup, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
