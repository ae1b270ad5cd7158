/*
 * test_trace.c - trace files: what is written reads back unchanged, and
 * every malformed file is refused whole with FILE:LINE and the reason.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "referee/sim.h"
#include "referee/sim_game.h"
#include "referee/trace.h"

static int read_text(const char *text, struct trace *trace, char *err,
		     size_t errlen)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	int rc;

	assert_non_null(in);
	rc = trace_read(in, "t.trace", trace, err, errlen);
	fclose(in);
	return rc;
}

/* Writes a trace to memory; returns the text (free it). */
static char *write_text(const struct trace *trace)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	trace_write(out, trace);
	fclose(out);
	return buf;
}

#define HEAD "# pitboss-trace 1\n# table 1 kalah pits=6\n"

static void test_hand_written_trace_reads_back_unchanged(void **state)
{
	static const char text[] =
		"# pitboss-trace 1\n"
		"# table 1 kalah\n"
		"# table 2 kalah pits=4 seeds=3 empty-capture\n"
		"0.000 1 start\n"
		"0.500 2 start\n"
		"1.204 1 drop e\n"
		"1.204500 2 lift c\n"
		"2.950 1 button S\n"
		"3.000 2 snapshot 0 4 4 4/3 3 3 3/1 0\n"
		"4.000 2 entry b\n"
		"5.000 1 confirm\n"
		"6.000 1 reject\n"
		"7.000 1 correct d\n"
		"8.000 1 position 4 4 4 4 4 4/4 4 4 4 4 4/0 0/S\n"
		"9.000 1 undo\n"
		"10.000 1 end\n"
		"11.000 1 start seeds=3 no-sweep\n";
	struct trace trace;
	char err[256] = "", *back;

	(void)state;
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), 0);
	assert_int_equal(trace.ntables, 2);
	assert_int_equal(trace.nobs, 14);
	assert_string_equal(trace.obs[0].text, "");
	assert_string_equal(trace.obs[13].text, "seeds=3 no-sweep");
	assert_int_equal(trace.obs[3].t_us, 1204500);
	assert_int_equal(trace.obs[3].kind, OBS_LIFT);
	assert_string_equal(trace.table[1].options, "pits=4 seeds=3 empty-capture");
	back = write_text(&trace);
	assert_string_equal(back, text);
	free(back);
	trace_free(&trace);
}

static void test_simulated_trace_round_trip(void **state)
{
	struct sim_config cfg;
	struct trace trace, again;
	struct trace_table table;
	struct sim *sim;
	char err[256], *text, *text2;

	(void)state;
	sim_config_default(&cfg);
	cfg.seed = 99;
	cfg.noise.miss = 0.03;
	cfg.noise.bounce = 0.05;
	cfg.noise.illegal = 0.05;
	sim = sim_new(&cfg, err, sizeof(err));
	assert_non_null(sim);
	memset(&trace, 0, sizeof(trace));
	sim_table(sim, &table);
	trace.table[0] = table;
	trace.ntables = 1;
	for (int g = 0; g < 3; g++)
		sim_game(sim, &trace, NULL, NULL);
	assert_true(trace.nobs > 100);
	text = write_text(&trace);
	assert_int_equal(read_text(text, &again, err, sizeof(err)), 0);
	assert_int_equal(again.nobs, trace.nobs);
	for (size_t i = 0; i < trace.nobs; i++) {
		assert_int_equal(again.obs[i].t_us, trace.obs[i].t_us);
		assert_int_equal(again.obs[i].kind, trace.obs[i].kind);
		assert_string_equal(again.obs[i].where, trace.obs[i].where);
		assert_string_equal(again.obs[i].text, trace.obs[i].text);
	}
	text2 = write_text(&again);
	assert_string_equal(text, text2);
	free(text);
	free(text2);
	trace_free(&trace);
	trace_free(&again);
	sim_free(sim);
}

static void test_same_seed_same_trace(void **state)
{
	char *texts[2];

	(void)state;
	for (int run = 0; run < 2; run++) {
		struct sim_config cfg;
		struct trace trace;
		struct sim *sim;
		char err[256];

		sim_config_default(&cfg);
		cfg.seed = 4242;
		cfg.noise.miss = 0.02;
		cfg.noise.extra = 0.02;
		cfg.noise.swap = 0.01;
		cfg.noise.illegal = 0.03;
		sim = sim_new(&cfg, err, sizeof(err));
		assert_non_null(sim);
		memset(&trace, 0, sizeof(trace));
		sim_table(sim, &trace.table[0]);
		trace.ntables = 1;
		sim_game(sim, &trace, NULL, NULL);
		sim_game(sim, &trace, NULL, NULL);
		texts[run] = write_text(&trace);
		trace_free(&trace);
		sim_free(sim);
	}
	assert_string_equal(texts[0], texts[1]);
	free(texts[0]);
	free(texts[1]);
}

/* Only a game with a sim table can be simulated; the refusal names it. */
static void test_sim_refuses_a_game_without_a_board(void **state)
{
	struct sim_config cfg;
	struct trace_table table;
	struct sim *sim;
	char err[256];

	(void)state;
	sim_config_default(&cfg);
	snprintf(cfg.game, sizeof(cfg.game), "codegame");
	assert_null(sim_new(&cfg, err, sizeof(err)));
	assert_non_null(strstr(err, "codegame cannot be simulated"));
	snprintf(cfg.game, sizeof(cfg.game), "%s", sim_games[0]->game);
	sim = sim_new(&cfg, err, sizeof(err));
	assert_non_null(sim);
	sim_table(sim, &table);
	assert_string_equal(table.game, sim_games[0]->game);
	sim_free(sim);
}

static const struct {
	const char *text;
	const char *error;
} bad[] = {
	{ "", "t.trace:1: empty file" },
	{ "0.000 1 start\n", "t.trace:1: not a pitboss trace" },
	{ "# pitboss-trace 2\n", "t.trace:1: trace version 2; this pitboss reads version 1" },
	{ "# pitboss-trace 1 extra\n", "t.trace:1: not a pitboss trace" },
	{ HEAD "0.000 2 start\n", "t.trace:3: table '2' is not declared" },
	{ HEAD "0.000 1 begin\n", "t.trace:3: unknown observation 'begin'" },
	{ HEAD "x.5 1 start\n", "t.trace:3: 'x.5' is not a time in seconds" },
	{ HEAD "1. 1 start\n", "t.trace:3: '1.' is not a time" },
	{ HEAD "1.5 1\n", "t.trace:3: expected TIME TABLE KIND" },
	{ HEAD "2.0 1 start\n1.0 1 end\n", "t.trace:4: time 1.0 goes back" },
	{ HEAD "0.0 1 drop\n", "t.trace:3: drop takes one name" },
	{ HEAD "0.0 1 drop z\n", "t.trace:3: drop: 'z' is not a hole of this kalah board" },
	{ "# pitboss-trace 1\n# table 1 kalah pits=4\n0.0 1 drop e\n",
	  "t.trace:3: drop: 'e' is not a hole" },
	{ HEAD "0.0 1 drop a b\n", "t.trace:3: drop takes one name" },
	{ HEAD "0.0 1 button W\n", "t.trace:3: button: 'W' is not a seat of kalah" },
	{ HEAD "0.0 1 undo now\n", "t.trace:3: undo takes no argument" },
	{ HEAD "0.0 1 entry\n", "t.trace:3: entry needs its text" },
	{ HEAD "0.0 1 start\n# table 3 kalah\n",
	  "t.trace:4: table declared after the first observation" },
	{ "# pitboss-trace 1\n# table 1 chess\n", "t.trace:2: table 1: unknown game 'chess'" },
	{ "# pitboss-trace 1\n# table 1 kalah pits=9\n", "t.trace:2: table 1: " },
	{ "# pitboss-trace 1\n# table 0 kalah\n", "t.trace:2: table: '0' is not a table id" },
	{ "# pitboss-trace 1\n# table 1 kalah\n# table 1 kalah\n",
	  "t.trace:3: table 1 is declared twice" },
	{ "# pitboss-trace 1\n# table\n", "t.trace:2: table: missing table id" },
	{ "# pitboss-trace 1\n# table 5\n", "t.trace:2: table 5: missing game name" },
	{ HEAD "0.0 1 st\tart\n", "t.trace:3: control character at column 9" },
	/* Bytes of no UTF-8 character are shown escaped, never raw. */
	{ HEAD "0.0 1 b\xffgin\n", "t.trace:3: unknown observation 'b\\xffgin'" },
	{ HEAD "0.0 1 \xc0\xafx\n", "t.trace:3: unknown observation '\\xc0\\xafx'" },
	{ HEAD "0.0 1 \xed\xa0\x80\n",
	  "t.trace:3: unknown observation '\\xed\\xa0\\x80'" },
	{ HEAD "0.0 1 \xf4\x90\x80\x80\n",
	  "t.trace:3: unknown observation '\\xf4\\x90\\x80\\x80'" },
	{ HEAD "0.0 1 \xe2\x82\n", "t.trace:3: unknown observation '\\xe2\\x82'" },
	{ "# pitboss-trace 1\n# table 1 k\xe4lah\n",
	  "t.trace:2: table 1: unknown game 'k\\xe4lah'" },
	/* Valid UTF-8 is shown as it is. */
	{ HEAD "0.0 1 dr\xc3\xb6p \xf0\x9f\x8e\xb2\n",
	  "t.trace:3: unknown observation 'dr\xc3\xb6p'" },
};

static void test_malformed_traces_are_refused_whole(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct trace trace;
		char err[256] = "";

		if (read_text(bad[i].text, &trace, err, sizeof(err)) == 0)
			fail_msg("case %zu accepted: %s", i, bad[i].text);
		if (strstr(err, bad[i].error) != err)
			fail_msg("case %zu: got '%s', want '%s...'", i, err,
				 bad[i].error);
		/* Nothing of a refused file is kept. */
		assert_int_equal(trace.nobs, 0);
		assert_null(trace.obs);
	}
}

static int read_bytes(const char *bytes, size_t len, struct trace *trace,
		      char *err, size_t errlen)
{
	FILE *in = fmemopen((void *)bytes, len, "r");
	int rc;

	assert_non_null(in);
	rc = trace_read(in, "t.trace", trace, err, errlen);
	fclose(in);
	return rc;
}

/* A NUL byte is named with its place, on a short line or a long one. */
static void test_nul_byte_is_refused_with_its_place(void **state)
{
	static const char text[] = HEAD "0.0 1 st\0art\n";
	char binary[4 * TRACE_LINE_MAX];
	struct trace trace;
	char err[256] = "";

	(void)state;
	assert_int_equal(read_bytes(text, sizeof(text) - 1, &trace, err,
				    sizeof(err)), -1);
	assert_string_equal(err, "t.trace:3: NUL byte at column 9");
	assert_int_equal(read_bytes("\0", 1, &trace, err, sizeof(err)), -1);
	assert_string_equal(err, "t.trace:1: NUL byte at column 1");
	memset(binary, 0, sizeof(binary));
	memcpy(binary, HEAD "0.0 1 entry x", strlen(HEAD "0.0 1 entry x"));
	assert_int_equal(read_bytes(binary, sizeof(binary), &trace, err,
				    sizeof(err)), -1);
	assert_string_equal(err, "t.trace:3: NUL byte at column 14");
	assert_int_equal(trace.nobs, 0);
}

static void test_overlong_line_is_refused(void **state)
{
	char text[2 * TRACE_LINE_MAX];
	struct trace trace;
	char err[256];
	size_t at;

	(void)state;
	snprintf(text, sizeof(text), HEAD "0.0 1 entry ");
	at = strlen(text);
	memset(text + at, 'a', TRACE_LINE_MAX);
	snprintf(text + at + TRACE_LINE_MAX, sizeof(text) - at - TRACE_LINE_MAX,
		 "\n");
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "t.trace:3: line longer than"));
	/* The last line too, without its '\n'. */
	text[at + TRACE_LINE_MAX] = '\0';
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "t.trace:3: line longer than"));
}

/* A line of TRACE_LINE_MAX bytes is read, with or without its '\n'. */
static void test_longest_line_is_read(void **state)
{
	char text[2 * TRACE_LINE_MAX];
	struct trace trace;
	char err[256] = "";
	size_t at;

	(void)state;
	snprintf(text, sizeof(text), HEAD "# ");
	at = strlen(text);
	memset(text + at, 'a', TRACE_LINE_MAX - 2);
	snprintf(text + at + TRACE_LINE_MAX - 2,
		 sizeof(text) - at - TRACE_LINE_MAX + 2, "\n0.0 1 start\n");
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), 0);
	assert_int_equal(trace.nobs, 1);
	trace_free(&trace);
	text[at + TRACE_LINE_MAX - 2] = '\0';
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), 0);
	assert_int_equal(trace.nobs, 0);
	trace_free(&trace);
}

/* A text that fits a line but not an observation: refused with why. */
static void test_overlong_text_is_refused(void **state)
{
	char text[2 * TRACE_LINE_MAX];
	struct trace trace;
	char err[256];
	size_t at;

	(void)state;
	snprintf(text, sizeof(text), HEAD "0.0 1 position ");
	at = strlen(text);
	memset(text + at, '4', OBS_TEXT_MAX);
	snprintf(text + at + OBS_TEXT_MAX, sizeof(text) - at - OBS_TEXT_MAX,
		 "\n");
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "t.trace:3: position: text longer than"));
	/* One byte less fits. */
	snprintf(text + at + OBS_TEXT_MAX - 1,
		 sizeof(text) - at - OBS_TEXT_MAX + 1, "\n");
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), 0);
	assert_int_equal(strlen(trace.obs[0].text), OBS_TEXT_MAX - 1);
	trace_free(&trace);
}

/* The snapshot of a 15x15 board, two digits a square, rows apart:
 * one line, read back unchanged. */
static void test_snapshot_of_a_large_board_fits(void **state)
{
	char text[2 * TRACE_LINE_MAX], *back;
	struct trace trace;
	char err[256] = "";
	size_t used;

	(void)state;
	used = (size_t)snprintf(text, sizeof(text), HEAD "0.000 1 snapshot");
	for (int square = 0; square < 225; square++)
		used += (size_t)snprintf(text + used, sizeof(text) - used,
					 "%s%02d", square == 0 ? " " :
					 square % 15 == 0 ? "/" : " ",
					 square % 100);
	snprintf(text + used, sizeof(text) - used, "\n");
	assert_true(used > 512);
	assert_int_equal(read_text(text, &trace, err, sizeof(err)), 0);
	assert_int_equal(trace.nobs, 1);
	assert_int_equal(trace.obs[0].kind, OBS_SNAPSHOT);
	back = write_text(&trace);
	assert_string_equal(back, text);
	free(back);
	trace_free(&trace);
}

static void test_missing_file(void **state)
{
	struct trace trace;
	char err[256];

	(void)state;
	assert_int_equal(trace_read_file("/nonexistent/x.trace", &trace, err,
					 sizeof(err)), -1);
	assert_string_equal(err, "/nonexistent/x.trace: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_written_trace_reads_back_unchanged),
		cmocka_unit_test(test_simulated_trace_round_trip),
		cmocka_unit_test(test_same_seed_same_trace),
		cmocka_unit_test(test_sim_refuses_a_game_without_a_board),
		cmocka_unit_test(test_malformed_traces_are_refused_whole),
		cmocka_unit_test(test_nul_byte_is_refused_with_its_place),
		cmocka_unit_test(test_overlong_line_is_refused),
		cmocka_unit_test(test_longest_line_is_read),
		cmocka_unit_test(test_overlong_text_is_refused),
		cmocka_unit_test(test_snapshot_of_a_large_board_fits),
		cmocka_unit_test(test_missing_file),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
