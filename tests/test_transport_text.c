/*
 * test_transport_text.c - Transport's position and move text: the round
 * trips, the errors (naming the field, the piece and the square), and
 * random games played to their end from fixed seeds, every position and
 * every legal move written and read back on the way.
 */
#include "config.h"

#include "tests/transport_util.h"

static void test_start_round_trips_every_size(void **state)
{
	static const char *const options[] = {
		"size=8", "", "size=13", "size=15", "teams=3",
		"planes=4 shells=9 torpedoes=9 size=15"
	};

	(void)state;
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		struct rules_game *g = tgame(options[i]);
		struct transport_pos a, b;
		char text[TP_TEXT_MAX];

		transport_rules.start(g, &a);
		snprintf(text, sizeof(text), "%s", ttext(g, &a));
		tset(g, &b, text);
		assert_string_equal(ttext(g, &b), text);
		assert_true(transport_rules.hash(g, &a) ==
			    transport_rules.hash(g, &b));
		rules_game_free(g);
	}
}

/* The longest text: every piece of both sides out on 15x15, each on a
 * square of three characters, pointed two-letter ways. */
static void test_longest_position_text(void **state)
{
	struct rules_game *g = tgame("size=15 planes=4 shells=9 torpedoes=9 teams=6");
	struct transport_pos p;
	char text[2048];
	size_t used = 0;

	(void)state;
	for (int side = 0; side < 2; side++) {
		int rank = side ? 13 : 10;

		used += (size_t)snprintf(text + used, sizeof(text) - used,
			"%s Ua%d! Cb%db%d Tc%d Bd%dd%d De%d!", side ? " / N:" : "S:",
			side ? rank : rank + 1, rank, rank + 1, rank, rank,
			rank + 1, rank);
		for (int i = 0; i < 22; i++)
			used += (size_t)snprintf(text + used,
				sizeof(text) - used, " %c%c%d:nw",
				i < 4 ? 'P' : i < 13 ? 'H' : 'O', 'f' + i % 10,
				rank + i / 10);
		used += (size_t)snprintf(text + used, sizeof(text) - used,
					 " reserve P0 H0 O0");
	}
	snprintf(text + used, sizeof(text) - used,
		 " / drawn:repetition / 65535 / team=6.6");
	tset(g, &p, text);
	assert_true(strlen(ttext(g, &p)) < TRANSPORT_TEXT_MAX);
	assert_string_equal(ttext(g, &p), text);
	rules_game_free(g);
}

static void test_position_text_is_documented_form(void **state)
{
	struct rules_game *g = tgame("");
	struct transport_pos p;

	(void)state;
	/* Extra blanks, the side's prefix left out, any order of pieces. */
	tset(g, &p, "  Dk1!  Tf1 Ua1! Bi1i2 Cc1c2 Ph5:ne He4:n reserve O4 H4 P1/"
	     "N: Tf11 reserve P0 H5 O4 /N/ 12 ");
	assert_string_equal(ttext(g, &p),
			    "S: Ua1! Cc1c2 Tf1 Bi1i2 Dk1! Ph5:ne He4:n reserve P1 H4 O4 / N: Tf11 reserve P0 H5 O4 / N / 12");
	rules_game_free(g);
}

static void test_position_errors_name_the_field(void **state)
{
	static const struct {
		const char *text, *part;
	} bad[] = {
		{ "S: Tf1 reserve P2 H5 O4", "field 2 (North's fleet)" },
		{ "S: Tf1 / N: Tf11 / X / 0", "field 3 (turn)" },
		{ "S: Tf1 / N: Tf11 / S / -4", "field 4 (quiet plies)" },
		{ "S: Tf1 / N: Tf11 / S / 0 / team=3.1", "team" },
		{ "S: Tf1 / N: Tf11 / S / 0 / team=1.1x", "team" },
		{ "S: Tf1 / N: Tf11 / S / 0 / team=1.1 / x", "field" },
		{ "S: Qf1 / N: Tf11 / S / 0", "'Qf1': not a piece" },
		{ "S: Tz1 / N: Tf11 / S / 0", "'Tz1': no square" },
		{ "S: Tf12 / N: Tf11 / S / 0", "'Tf12': no square" },
		{ "S: Tf1 Bc1e3 / N: Tf11 / S / 0", "not next to each other" },
		{ "S: Tf1 Bc1 / N: Tf11 / S / 0", "stern and bow" },
		{ "S: Tf1 Ub1 / N: Tf11 / S / 0", "dark" },
		{ "S: Tf1! / N: Tf11 / S / 0", "first move" },
		{ "S: Tf1 Pe5 / N: Tf11 / S / 0", "pointing" },
		{ "S: Tf1 Pe5:up / N: Tf11 / S / 0", "pointing" },
		{ "S: Tf1 Tf2 / N: Tf11 / S / 0", "one of each ship" },
		{ "N: Tf1 / S: Tf11 / S / 0", "other side's fleet" },
		{ "S: Tf1 reserve H6 / N: Tf11 / S / 0", "South has 6 shell" },
		{ "S: Tf1 reserve P1 / N: Tf11 / S / 0", "no carrier" },
		{ "S: Ua1 / N: Tf11 / S / 0", "no transport" },
		{ "S: Tf1 Df1 / N: Tf11 / S / 0", "stratum" },
		{ "S: Tf1 He5:n / N: Tf11 De5 / S / 0", "cannot share e5" },
		{ "S: Tf1 reserve X3 / N: Tf11 / S / 0", "reserve" },
	};
	struct rules_game *g = tgame("");
	struct transport_pos p;
	char err[RULES_ERR_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (transport_rules.position_parse(g, bad[i].text, &p, err,
						   sizeof(err)) == 0)
			fail_msg("'%s' was accepted", bad[i].text);
		assert_text_contains(err, bad[i].part);
	}
	/* A position after a sinking may lack a transport. */
	tset(g, &p, "S: Tf1 / N: Df11 / S-won:sunk / 0");
	rules_game_free(g);
}

static void test_move_errors_name_piece_and_square(void **state)
{
	static const struct {
		const char *move, *part[3];
	} bad[] = {
		{ "Xe5-e6", { "begins with a piece", NULL } },
		{ "Te12-e13", { "no square", NULL } },
		{ "Tf1f2", { "PIECE FROM-TO", NULL } },
		{ "Tf1-f2x", { "unexpected", NULL } },
		{ "Pe5-e6:up", { "pointing", NULL } },
		{ "B*i3", { "pointing", NULL } },
		{ "B*i3:up", { "pointing", NULL } },
		{ "Tf1-f3", { "transport", "f1", "f3" } },
		{ "Ua1-a2", { "submarine", "a1", "a2" } },
		{ "Tf11-f10", { "transport", "f11", "other side's" } },
		{ "Pe5-e6", { "no plane of S on e5", NULL } },
		{ "Dk1-j1", { NULL } },
		{ "Dk1-i1", { "destroyer", "own battleship", "i1" } },
		{ "Cc2-c1", { "carrier", "c2", "c1" } },
		{ "C*f5:n", { "not next to the carrier", "f5" } },
		{ "T*f2:n", { "armed-transport", NULL } },
		{ "U*b1:e", { "own carrier", "c1" } },
		{ "B*h1:e", { "own launcher", "i1" } },
		{ "He5-e6", { "no shell of S on e5", NULL } },
	};
	struct rules_game *g = tgame("");
	struct transport_pos p;

	(void)state;
	transport_rules.start(g, &p);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *why;

		if (bad[i].part[0] == NULL) {
			assert_true(tlegal(g, &p, bad[i].move));
			continue;
		}
		why = trefuse(g, &p, bad[i].move);
		for (int k = 0; k < 3 && bad[i].part[k] != NULL; k++)
			assert_text_contains(why, bad[i].part[k]);
	}
	rules_game_free(g);
}

/* ------------------------------------------------------ random games */

static uint64_t rng(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Every legal move reads back from its text as itself. */
static void moves_round_trip(const struct rules_game *g,
			     const struct transport_pos *p,
			     const struct rules_move *moves, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct rules_move back;
		char text[32], err[RULES_ERR_MAX];

		assert_int_equal(transport_rules.move_format(g, p, &moves[i],
							     text, sizeof(text)), 0);
		assert_true(strlen(text) < 16);	/* the referee's move text */
		if (transport_rules.move_parse(g, p, text, &back, err,
					       sizeof(err)) < 0)
			fail_msg("'%s' does not read back: %s", text, err);
		assert_memory_equal(&back, &moves[i], sizeof(back));
	}
}

static void position_round_trip(const struct rules_game *g,
				const struct transport_pos *p)
{
	struct transport_pos back;
	char text[TP_TEXT_MAX];

	snprintf(text, sizeof(text), "%s", ttext(g, p));
	tset(g, &back, text);
	assert_string_equal(ttext(g, &back), text);
	assert_true(transport_rules.hash(g, p) ==
		    transport_rules.hash(g, &back));
}

/* Plays one random game; returns how it ended (enum transport_end). */
static int random_game(const struct rules_game *g, uint64_t seed,
		       int *plies)
{
	static struct rules_move moves[TRANSPORT_MAX_MOVES];
	struct transport_pos p;

	transport_rules.start(g, &p);
	for (*plies = 0; *plies < 5000; (*plies)++) {
		size_t n = transport_rules.legal_moves(g, &p, moves,
						       TRANSPORT_MAX_MOVES);
		struct rules_outcome out;
		char err[RULES_ERR_MAX];

		assert_true(n <= TRANSPORT_MAX_MOVES);
		if ((*plies & 7) == 0) {
			position_round_trip(g, &p);
			moves_round_trip(g, &p, moves, n);
		}
		if (n == 0)
			break;
		if (transport_rules.apply(g, &p, &moves[rng(&seed) % n], &out,
					  err, sizeof(err)) < 0)
			fail_msg("a listed move refused: %s", err);
		assert_int_equal(out.next.seat,
				 transport_rules.to_move(g, &p).seat);
	}
	position_round_trip(g, &p);
	assert_int_not_equal(p.over, TRANSPORT_GOING);
	return p.over;
}

static void test_random_games_play_to_an_end(void **state)
{
	static const char *const options[] = {
		"size=8", "", "size=13 armed-transport", "size=15 planes=4",
		"quiet-plies=30 teams=2", "shells=9 torpedoes=9 first=N",
		"handicap=S:planes-2/N:shells-5", "quiet-plies=0",
		"size=13 quiet-plies=0 planes=4 shells=9 torpedoes=9",
	};
	int ends[8] = { 0 };

	(void)state;
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		struct rules_game *g = tgame(options[i]);

		for (uint64_t s = 1; s <= 6; s++) {
			int plies;

			int e = random_game(g, s * 0x9e3779b97f4a7c15ULL + i,
					    &plies);

			ends[e]++;
			if (getenv("TP_DEBUG"))
				printf("%s seed %d: end %d after %d plies\n",
				       options[i], (int)s, e, plies);
		}
		rules_game_free(g);
	}
	/* Random fleets do sink transports, and run out of time. */
	assert_true(ends[TRANSPORT_SUNK] > 0);
	assert_true(ends[TRANSPORT_QUIET] > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_round_trips_every_size),
		cmocka_unit_test(test_longest_position_text),
		cmocka_unit_test(test_position_text_is_documented_form),
		cmocka_unit_test(test_position_errors_name_the_field),
		cmocka_unit_test(test_move_errors_name_piece_and_square),
		cmocka_unit_test(test_random_games_play_to_an_end),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("transport text", tests, NULL, NULL);
}
