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
#include "referee/sim_impl.h"
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

/* A simulation of the physical board at `level`, not yet playing. */
static struct sim *world_sim(const char *level, uint64_t seed)
{
	struct sim_config cfg;
	struct sim *sim;
	char err[256];

	sim_config_default(&cfg);
	assert_int_equal(sim_config_level(&cfg, level), 0);
	cfg.seed = seed;
	sim = sim_new(&cfg, err, sizeof(err));
	assert_non_null(sim);
	return sim;
}

#define MS 1000u

/* Seeds reaching one gate within 8 ms make one pulse; 8 ms or more
 * apart, two; on two gates at once, one each. */
static void test_gates_merge_seeds_within_8_ms(void **state)
{
	struct sim *sim = world_sim("clean", 1);
	struct sim_fall f[] = {
		{ 1000 * MS, 3, 0, 0 }, { 1005 * MS, 3, 0, 0 },
		{ 2000 * MS, 4, 0, 0 }, { 2020 * MS, 4, 0, 0 },
		{ 3000 * MS, 5, 0, 0 }, { 3007 * MS, 5, 0, 0 }, { 3014 * MS, 5, 0, 0 },
		{ 4000 * MS, 6, 0, 0 }, { 4000 * MS, 7, 0, 0 },
		{ 5000 * MS, 8, 0, 0 }, { 5008 * MS, 8, 0, 0 },
	};
	struct pulse p[SIM_PULSES_MAX];
	int n = sim_gates(sim, f, (int)(sizeof(f) / sizeof(f[0])), p);

	(void)state;
	assert_int_equal(n, 8);
	assert_int_equal(p[0].place, 3);
	assert_int_equal(p[0].t, 1000 * MS);
	assert_int_equal(p[1].place, 4);
	assert_int_equal(p[2].place, 4);
	assert_int_equal(p[2].t, 2020 * MS);
	assert_int_equal(p[3].place, 5);	/* a chain of three: one */
	assert_int_equal(p[4].t, 4000 * MS);
	assert_int_equal(p[5].t, 4000 * MS);
	assert_int_equal(p[6].t, 5000 * MS);
	assert_int_equal(p[7].t, 5008 * MS);
	assert_int_equal(sim_stats(sim)->merged, 3);
	assert_int_equal(sim_stats(sim)->noise, 0);
	sim_free(sim);
}

/* Which moves of a batch made a pulse: a move whose only seed merged
 * with another's made none, so no gate saw it. */
static void test_gates_tell_which_moves_made_a_pulse(void **state)
{
	struct sim *sim = world_sim("clean", 1);
	struct sim_fall f[] = {
		{ 1000 * MS, 3, 0, 0 }, { 1300 * MS, 13, 0, 0 },
		{ 1304 * MS, 13, 0, 1 }, { 2000 * MS, 12, 0, 2 },
	};
	struct pulse p[SIM_PULSES_MAX];

	(void)state;
	assert_int_equal(sim_gates(sim, f, 4, p), 3);
	assert_int_equal(sim->pulsed, 1u << 0 | 1u << 2);
	assert_int_equal(sim_gates(sim, f, 0, p), 0);
	assert_int_equal(sim->pulsed, 0);
	sim_free(sim);
}

/* The hand's shadow: a pulse on the origin at the lift, before any seed
 * of the move falls; the seeds then each make their own. */
static void test_shadow_on_the_origin_at_the_lift(void **state)
{
	struct sim *sim = world_sim("clean", 2);
	const int drops[] = { 3, 4, 5 };
	struct sim_hand hand = { 2, drops, 3, NULL, 0 };
	struct sim_fall f[SIM_PULSES_MAX];
	struct pulse p[SIM_PULSES_MAX];
	uint64_t fell, lift = 10000 * MS;
	int n;

	(void)state;
	sim->cfg.world.shadow = 1;
	n = sim_hand(sim, &hand, lift, f, 0, &fell);
	assert_int_equal(n, 4);
	n = sim_gates(sim, f, n, p);
	assert_int_equal(n, 4);
	assert_int_equal(p[0].place, 2);
	assert_true(p[0].t >= lift && p[0].t <= lift + 120 * MS);
	for (int i = 1; i < 4; i++) {
		assert_int_not_equal(p[i].place, 2);
		assert_true(p[i].t >= lift + 230 * MS);	/* lift, fall */
	}
	assert_true(fell >= p[3].t);
	assert_int_equal(sim_stats(sim)->noise, 1);
	sim_free(sim);
}

/* Seeds fall 30-60 ms from the hand: a fast dribble swaps some of
 * them, a slow hand never does. */
static void test_a_fast_hand_swaps_seeds(void **state)
{
	struct sim *sim = world_sim("clean", 6);
	const int drops[] = { 1, 2, 3, 4, 5, 6 };
	struct sim_hand hand = { 0, drops, 6, NULL, 0 };
	struct sim_fall f[SIM_PULSES_MAX];
	struct pulse p[SIM_PULSES_MAX];
	int swapped[2] = { 0, 0 };
	uint64_t fell;

	(void)state;
	for (int fast = 0; fast < 2; fast++) {
		sim->cfg.world.dribble = fast;
		sim->cfg.world.slow = !fast;
		for (int k = 0; k < 400; k++) {
			int n = sim_hand(sim, &hand, 0, f, 0, &fell);

			assert_int_equal(sim_gates(sim, f, n, p), 6);
			for (int i = 0; i + 1 < 6; i++)
				swapped[fast] += p[i].place > p[i + 1].place;
		}
	}
	assert_int_equal(swapped[0], 0);
	assert_true(swapped[1] > 8);	/* about 1.4 % of 2000 pairs */
	sim_free(sim);
}

/* Contact bounce: 1-3 more edges within 20 ms; late bounce: one more
 * 30-75 ms after, on the same gate. */
static void test_bounce_and_late_bounce(void **state)
{
	struct sim *sim = world_sim("clean", 7);
	struct sim_fall f[] = { { 1000 * MS, 4, 0, 0 } };
	struct pulse p[SIM_PULSES_MAX];
	int n;

	(void)state;
	sim->cfg.world.bounce = 1;
	for (int k = 0; k < 20; k++) {
		n = sim_gates(sim, f, 1, p);
		assert_in_range(n, 2, 4);
		for (int i = 1; i < n; i++) {
			assert_int_equal(p[i].place, 4);
			assert_in_range(p[i].t, 1001 * MS, 1020 * MS);
		}
	}
	sim->cfg.world.bounce = 0;
	sim->cfg.world.late = 1;
	n = sim_gates(sim, f, 1, p);
	assert_int_equal(n, 2);
	assert_int_equal(p[1].place, 4);
	assert_in_range(p[1].t, 1030 * MS, 1075 * MS);
	sim_free(sim);
}

/* A dirty gate misses its share of the seeds, the same all run long;
 * the others miss none. */
static void test_dirty_gate_misses_its_share(void **state)
{
	struct sim *sim = world_sim("clean", 3);
	struct sim_fall f[SIM_PULSES_MAX];
	struct pulse p[SIM_PULSES_MAX];
	int seen[2] = { 0, 0 };

	(void)state;
	for (int g = 0; g < sim->places; g++)
		sim->dirt[g] = g == 1 ? 0.2 : 0;
	for (int round = 0; round < 50; round++) {
		int n;

		for (int i = 0; i < 200; i++)
			f[i] = (struct sim_fall){ (uint64_t)i * 100 * MS,
						  i % 2, 0, 0 };
		n = sim_gates(sim, f, 200, p);
		for (int i = 0; i < n; i++)
			seen[p[i].place]++;
	}
	assert_int_equal(seen[0], 5000);
	assert_in_range(seen[1], 3750, 4250);	/* 80 % of 5000 */
	sim_free(sim);
}

/* A dirty gate is drawn once for the run, its dirt within the level's
 * range, and stays so game after game; a clean board has none. */
static void test_dirt_is_drawn_for_the_night(void **state)
{
	struct sim *clean = world_sim("clean", 4);
	struct sim_config cfg;
	struct sim *sim;
	double dirt[SENSE_HOLES_MAX];
	char err[256];

	(void)state;
	for (int g = 0; g < clean->places; g++)
		assert_true(clean->dirt[g] == 0);
	sim_free(clean);
	sim_config_default(&cfg);
	sim_config_level(&cfg, "heavy");
	cfg.world.dirty = 1;
	sim = sim_new(&cfg, err, sizeof(err));
	assert_non_null(sim);
	for (int g = 0; g < sim->places; g++) {
		assert_true(sim->dirt[g] >= cfg.world.dirt_min &&
			    sim->dirt[g] <= cfg.world.dirt_max);
		dirt[g] = sim->dirt[g];
	}
	sim_game(sim, NULL, NULL, NULL);
	sim_game(sim, NULL, NULL, NULL);
	for (int g = 0; g < sim->places; g++)
		assert_true(sim->dirt[g] == dirt[g]);
	assert_true(sim_stats(sim)->missed > 0);
	sim_free(sim);
}

/* Carried seeds dumped by the handful reach the gate within a few ms:
 * fewer pulses than seeds. One by one, a pulse each. */
static void test_a_handful_merges(void **state)
{
	struct sim *sim = world_sim("clean", 5);
	const int carry[] = { 6, 6, 6, 6, 6, 6 };
	struct sim_hand hand = { -1, NULL, 0, carry, 6 };
	struct sim_fall f[SIM_PULSES_MAX];
	struct pulse p[SIM_PULSES_MAX];
	int pulses[2] = { 0, 0 };
	uint64_t fell;

	(void)state;
	for (int handful = 0; handful < 2; handful++) {
		sim->cfg.world.handful = handful;
		for (int k = 0; k < 20; k++) {
			int n = sim_hand(sim, &hand, 0, f, 0, &fell);

			pulses[handful] += sim_gates(sim, f, n, p);
		}
	}
	assert_int_equal(pulses[0], 120);
	assert_true(pulses[1] < 100);
	sim_free(sim);
}

/* Every level plays, the same seed giving the same trace; a count
 * source adds snapshots to the drops. */
static void test_levels_play_the_same_twice(void **state)
{
	(void)state;
	for (int l = 0; sim_levels[l] != NULL; l++) {
		char *texts[3];
		size_t snaps[3] = { 0, 0, 0 }, drops = 0;

		for (int run = 0; run < 3; run++) {
			struct sim_config cfg;
			struct trace trace;
			struct sim *sim;
			char err[256];

			sim_config_default(&cfg);
			assert_int_equal(sim_config_level(&cfg, sim_levels[l]),
					 0);
			cfg.seed = 77;
			cfg.counts = run == 2;
			sim = sim_new(&cfg, err, sizeof(err));
			assert_non_null(sim);
			memset(&trace, 0, sizeof(trace));
			sim_table(sim, &trace.table[0]);
			trace.ntables = 1;
			sim_game(sim, &trace, NULL, NULL);
			for (size_t i = 0; i < trace.nobs; i++) {
				snaps[run] += trace.obs[i].kind == OBS_SNAPSHOT;
				drops += trace.obs[i].kind == OBS_DROP;
			}
			texts[run] = write_text(&trace);
			trace_free(&trace);
			sim_free(sim);
		}
		assert_string_equal(texts[0], texts[1]);
		assert_int_equal(snaps[0], 0);
		assert_true(snaps[2] > 10);
		assert_true(drops > 300);
		for (int run = 0; run < 3; run++)
			free(texts[run]);
	}
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
		cmocka_unit_test(test_gates_merge_seeds_within_8_ms),
		cmocka_unit_test(test_gates_tell_which_moves_made_a_pulse),
		cmocka_unit_test(test_shadow_on_the_origin_at_the_lift),
		cmocka_unit_test(test_a_fast_hand_swaps_seeds),
		cmocka_unit_test(test_bounce_and_late_bounce),
		cmocka_unit_test(test_dirty_gate_misses_its_share),
		cmocka_unit_test(test_dirt_is_drawn_for_the_night),
		cmocka_unit_test(test_a_handful_merges),
		cmocka_unit_test(test_levels_play_the_same_twice),
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
