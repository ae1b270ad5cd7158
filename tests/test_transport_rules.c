/*
 * test_transport_rules.c - every rule of Transport by name (RULES.md §3,
 * its decisions and fine points), played through the rules interface:
 * the board and set-up, the options, movement and launches. Contact and
 * the end are in test_transport_contact.c.
 */
#include "config.h"

#include "tests/transport_play.h"

/* ------------------------------------------------- board and set-up */

static void test_board_sizes_and_start(void **state)
{
	static const char *const expect[] = {
		"size=8", "S: Ua1! Cb1b2 Td1 Bg1g2 Dh1! reserve P2 H5 O4 / N: Uh8! Cg8g7 Te8 Bb8b7 Da8! reserve P2 H5 O4 / S / 0",
		"", "S: Ua1! Cc1c2 Tf1 Bi1i2 Dk1! reserve P2 H5 O4 / N: Uk11! Ci11i10 Tf11 Bc11c10 Da11! reserve P2 H5 O4 / S / 0",
		"size=13", "S: Ua1! Cc1c2 Tg1 Bk1k2 Dm1! reserve P2 H5 O4 / N: Um13! Ck13k12 Tg13 Bc13c12 Da13! reserve P2 H5 O4 / S / 0",
		"size=15", "S: Ua1! Cd1d2 Th1 Bl1l2 Do1! reserve P2 H5 O4 / N: Uo15! Cl15l14 Th15 Bd15d14 Da15! reserve P2 H5 O4 / S / 0",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); i += 2) {
		with(expect[i], NULL);
		assert_string_equal(ttext(game, &pos), expect[i + 1]);
	}
}

static void test_board_for_a_sensed_table(void **state)
{
	int count[TRANSPORT_SQUARES_MAX], total = 0;
	char name[8];

	(void)state;
	with("size=13", NULL);
	assert_int_equal(transport_board_size(game), 13);
	assert_int_equal(transport_square_name(game, 0, name, sizeof(name)), 0);
	assert_string_equal(name, "a1");
	assert_int_equal(transport_square_name(game, 168, name, sizeof(name)), 0);
	assert_string_equal(name, "m13");
	assert_int_equal(transport_square_name(game, 169, name, sizeof(name)), -1);
	transport_occupancy(game, &pos, count);
	for (int i = 0; i < 169; i++)
		total += count[i];
	assert_int_equal(total, 14);	/* 7 squares a side */
	assert_int_equal(count[2 + 13], 1);	/* the carrier's bow on c2 */
	with("", "S: Ta1 Ue5 He5:n reserve P0 H4 O0 / N: Tk11 Oe5:s reserve P0 H0 O3 / S / 0");
	transport_occupancy(game, &pos, count);
	assert_int_equal(count[4 * 11 + 4], 3);	/* three pieces share e5 */
}

static void test_deploy_is_a_named_table(void **state)
{
	char err[RULES_ERR_MAX];

	(void)state;
	with("deploy=standard", NULL);
	assert_string_equal(rules_game_options(game), "");
	assert_null(rules_game_new(&transport_rules, "deploy=corners", err,
				   sizeof(err)));
	assert_text_contains(err, "deploy");
	assert_text_contains(err, "standard");
}

static void test_dark_squares_a1_and_corners(void **state)
{
	(void)state;
	/* a1 is dark, and so is each corner on every odd size and on 8. */
	with("size=8", "S: Th1 Uh8 reserve P0 H0 O0 / N: Ta8 Ua1 reserve P0 H0 O0 / S / 0");
	with("", "S: Tb1 Ua1 reserve P0 H0 O0 / N: Tb11 Uk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "U"), 1);	/* b2 only */
	assert_true(tlegal(game, &pos, "Ua1-b2"));
}

static void test_first_option(void **state)
{
	char err[RULES_ERR_MAX];
	struct rules_game *g;

	(void)state;
	with("first=N", NULL);
	assert_int_equal(transport_rules.to_move(game, &pos).seat, 1);
	assert_null(rules_game_new(&transport_rules, "first=lot", err,
				   sizeof(err)));
	assert_text_contains(err, "seed");
	assert_null(rules_game_new(&transport_rules, "seed=5", err,
				   sizeof(err)));
	assert_text_contains(err, "first=lot");
	/* The lot is a fixed function of the seed: both sides come up. */
	int seen[2] = { 0, 0 };
	for (int seed = 1; seed <= 16; seed++) {
		char options[64];

		snprintf(options, sizeof(options), "first=lot seed=%d", seed);
		with(options, NULL);
		seen[transport_rules.to_move(game, &pos).seat]++;
	}
	assert_true(seen[0] > 0 && seen[1] > 0);
	/* A drawn seed is refused unless first=lot, so plain games keep
	 * their options. */
	g = rules_game_new_fresh(&transport_rules, "", 77, err, sizeof(err));
	assert_string_equal(rules_game_options(g), "");
	rules_game_free(g);
	g = rules_game_new_fresh(&transport_rules, "first=lot", 77, err,
				 sizeof(err));
	assert_non_null(g);
	assert_text_contains(rules_game_options(g), "seed=");
	rules_game_free(g);
}

static void test_option_errors(void **state)
{
	static const struct {
		const char *options, *part;
	} bad[] = {
		{ "size=9", "size" },
		{ "planes=5", "planes" },
		{ "shells=10", "shells" },
		{ "torpedoes=-1", "torpedoes" },
		{ "quiet-plies=x", "quiet-plies" },
		{ "teams=7", "teams" },
		{ "first=E", "first" },
		{ "handicap=S:shells", "SIDE:KIND-N" },
		{ "handicap=X:shells-1", "SIDE:KIND-N" },
		{ "handicap=S:boats-1", "SIDE:KIND-N" },
		{ "handicap=S:shells-6", "S has only 5 shells" },
		{ "handicap=N:planes-1/N:planes-2", "N has only 1 planes" },
		{ "armed-transport=2", "armed-transport" },
		{ "wind=3", "unknown option 'wind'" },
	};
	char err[RULES_ERR_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_null(rules_game_new(&transport_rules, bad[i].options,
					   err, sizeof(err)));
		assert_text_contains(err, bad[i].part);
	}
}

static void test_handicap_and_counts(void **state)
{
	(void)state;
	with("handicap=S:shells-2/N:planes-1/S:torpedoes-4", NULL);
	assert_text_contains(ttext(game, &pos), "reserve P2 H3 O0 / N:");
	assert_text_contains(ttext(game, &pos), "reserve P1 H5 O4 / S");
	assert_int_equal(tcount(game, &pos, "D*"), 0);
	with("planes=0 shells=9 torpedoes=1", NULL);
	assert_text_contains(ttext(game, &pos), "reserve P0 H9 O1");
	assert_int_equal(tcount(game, &pos, "C*"), 0);
}

/* ---------------------------------------------------------- movement */

static void test_ship_has_sixteen_moves_in_open_water(void **state)
{
	(void)state;
	with("", "S: Bf5f6 Ta1 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "B"), 16);
	with("", "S: Ce5f6 Ta1 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "C"), 16);
}

static void test_pivot_reversed_is_not_a_slide(void **state)
{
	struct transport_pos a, b;

	(void)state;
	with("", "S: Bf5f6 Ta1 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	a = pos;
	tplay(game, &a, "Bf6-f7");	/* slide ahead */
	b = pos;
	tplay(game, &b, "Bf5-f7");	/* stern pivots about the bow */
	assert_text_contains(ttext(game, &a), "Bf6f7");
	assert_text_contains(ttext(game, &b), "Bf7f6");
	tplay(game, &pos, "Bf5-f4");	/* slide astern */
	assert_text_contains(ttext(game, &pos), "Bf4f5");
	with("", "S: Bf5f6 Ta1 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "Bf6-g5");	/* bow pivots about the stern */
	assert_text_contains(ttext(game, &pos), "Bf5g5");
	assert_text_contains(trefuse(game, &pos, "Na1-a2"), "piece");
}

static void test_ship_enters_only_its_new_square(void **state)
{
	(void)state;
	/* An enemy shell beside the ship's path is not swept; one on the
	 * new square forbids the move; an enemy submarine there shares. */
	with("", "S: Bf5f6 Ta1 reserve P0 H0 O0 / N: Tk11 He7:n Ug7 reserve P0 H0 O0 / S / 0");
	assert_true(tlegal(game, &pos, "Bf6-g6"));
	assert_text_contains(trefuse(game, &pos, "Bf5-e7"), "shell");
	assert_text_contains(trefuse(game, &pos, "Bf5-e7"), "e7");
	tplay(game, &pos, "Bf5-g7");
	assert_text_contains(ttext(game, &pos), "Bg7f6");
	assert_text_contains(ttext(game, &pos), "Ug7");
}

static void test_transport_moves_one_square(void **state)
{
	(void)state;
	with("", "S: Tf5 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "T"), 8);
	assert_text_contains(trefuse(game, &pos, "Tf5-f7"), "one square");
}

static void test_submarine_dark_diagonals_and_first_double(void **state)
{
	(void)state;
	with("", "S: Ue5! Ta1 reserve P0 H0 O0 / N: Tk11 Df6 reserve P0 H0 O0 / S / 0");
	/* 3 single steps (not onto the enemy destroyer on f6, which would
	 * ram it), 4 doubles: the double skips the square between whatever
	 * is on it. */
	assert_int_equal(tcount(game, &pos, "U"), 7);
	assert_text_contains(trefuse(game, &pos, "Ue5-f6"), "destroyer");
	assert_true(tlegal(game, &pos, "Ue5-g7"));
	assert_text_contains(trefuse(game, &pos, "Ue5-e6"), "diagonally");
	tplay(game, &pos, "Ue5-d4 Tk11-k10");
	assert_int_equal(tcount(game, &pos, "U"), 4);	/* first move made */
	assert_text_contains(trefuse(game, &pos, "Ud4-f6"), "submarine");
	/* A submarine may not be set on a light square. */
	char err[RULES_ERR_MAX];
	assert_int_equal(transport_rules.position_parse(game,
		"S: Ue6 Ta1 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0",
		&pos, err, sizeof(err)), -1);
	assert_text_contains(err, "dark");
}

static void test_destroyer_first_double_and_pass_rule(void **state)
{
	(void)state;
	/* Fine point 8: over own pieces, enemy ships, torpedoes and
	 * submarines; never over an enemy shell or plane. */
	with("", "S: De5! Ta1 Uf6 reserve P0 H0 O0 / N: Tk11 Ce6d7 Of5:n He4:e Pd5:w Ud4 reserve P1 H4 O3 / S / 0");
	assert_true(tlegal(game, &pos, "De5-g7"));	/* over own U */
	assert_true(tlegal(game, &pos, "De5-e7"));	/* over enemy C */
	assert_true(tlegal(game, &pos, "De5-g5"));	/* over enemy O */
	assert_true(tlegal(game, &pos, "De5-c3"));	/* over enemy U */
	assert_text_contains(trefuse(game, &pos, "De5-e3"), "pass over");
	assert_text_contains(trefuse(game, &pos, "De5-c5"), "d5");
	/* Nothing on the square passed is rammed. */
	tplay(game, &pos, "De5-c3");
	assert_text_contains(ttext(game, &pos), "Ud4");
	/* The double is the destroyer's first move only. */
	with("", "S: De5 Ta1 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "D"), 8);
}

static void test_first_move_not_used_by_a_launch(void **state)
{
	(void)state;
	/* Fine point 9. */
	with("", "S: De5! Ta1 reserve P0 H0 O4 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "D*e6:n Tk11-k10");
	assert_text_contains(ttext(game, &pos), "De5!");
	assert_true(tlegal(game, &pos, "De5-c3"));
}

static void test_plane_moves_then_any_pointing(void **state)
{
	(void)state;
	/* Fine point 15: 9 squares x 8 pointings, the old one included. */
	with("", "S: Ta1 Pf6:ne reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "P"), 72);
	assert_true(tlegal(game, &pos, "Pf6-h8:ne"));
	assert_text_contains(trefuse(game, &pos, "Pf6-f8:n"), "two its pointed way");
	/* Left out, the pointing stays. */
	tplay(game, &pos, "Pf6-g7");
	assert_text_contains(ttext(game, &pos), "Pg7:ne");
	/* A plane may not leave the board. */
	with("", "S: Ta1 Pk6:e reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "P"), 5 * 8);
	assert_text_contains(trefuse(game, &pos, "Pk6-off"), "plane");
}

static void test_plane_pass_over_rule(void **state)
{
	(void)state;
	/* Blocked only by an enemy shell or plane pointed straight back. */
	with("", "S: Ta1 Pf6:n Pc3:e reserve P0 H0 O0 / N: Tk11 Hf7:s Pd3:ne Bb9b10 reserve P0 H4 O0 / S / 0");
	assert_text_contains(trefuse(game, &pos, "Pf6-f8:n"), "f7");
	assert_true(tlegal(game, &pos, "Pc3-e3:n"));	/* d3 points ne */
	tplay(game, &pos, "Pc3-e3:n");
	assert_text_contains(ttext(game, &pos), "Pd3:ne");	/* not attacked */
	with("", "S: Ta1 Pf6:n reserve P0 H0 O0 / N: Tk11 Pf7:s reserve P0 H5 O0 / S / 0");
	assert_false(tlegal(game, &pos, "Pf6-f8:n"));
	with("", "S: Ta1 Pf6:n reserve P0 H0 O0 / N: Tk11 Pf7:se reserve P0 H5 O0 / S / 0");
	assert_true(tlegal(game, &pos, "Pf6-f8:n"));
	/* Over an enemy ship: the pass attacks nothing. */
	with("", "S: Ta1 Pf6:n reserve P0 H0 O0 / N: Tk11 Bf7f8 reserve P0 H5 O0 / S / 0");
	assert_int_equal(tplay(game, &pos, "Pf6-f8:n").captured, 1);
	with("", "S: Ta1 Pf6:n reserve P0 H0 O0 / N: Tk11 Bf7e7 reserve P0 H5 O0 / S / 0");
	tplay(game, &pos, "Pf6-f8:n");
	assert_text_contains(ttext(game, &pos), "Bf7e7");
}

static void test_plane_launch_onto_an_empty_square(void **state)
{
	(void)state;
	/* Fine point 3: no piece at all, own submarine included. */
	with("", "S: Cf5f6 Ta1 Ue5 reserve P2 H0 O0 / N: Tk11 Og5:n reserve P0 H0 O3 / S / 0");
	assert_int_equal(tcount(game, &pos, "C*"), 8 * 8);
	assert_text_contains(trefuse(game, &pos, "C*e5:n"), "empty");
	assert_text_contains(trefuse(game, &pos, "C*g5:n"), "g5");
	tplay(game, &pos, "C*g7:sw");
	assert_text_contains(ttext(game, &pos), "Pg7:sw reserve P1");
}

static void test_carrier_sunk_loses_its_planes(void **state)
{
	(void)state;
	/* Fine point 13: the reserve becomes 0; planes aloft fly on. */
	with("", "S: Cf5f6 Ta1 Pb2:n reserve P1 H0 O0 / N: Tk11 Hf7:s reserve P0 H4 O0 / N / 0");
	tplay(game, &pos, "Hf7-f6");
	assert_text_contains(ttext(game, &pos), "S: Ta1 Pb2:n reserve P0 H0 O0");
	assert_int_equal(tcount(game, &pos, "C*"), 0);
	assert_int_equal(tcount(game, &pos, "P"), 9 * 8);
}

static void test_shell_flies_and_returns_to_reserve(void **state)
{
	(void)state;
	with("", "S: Ta1 Bc5c6 He10:n reserve P0 H4 O0 / N: Tk1 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "H"), 1);
	tplay(game, &pos, "He10-e11 Tk1-k2");
	assert_text_contains(trefuse(game, &pos, "He11-e12"), "square");
	assert_text_contains(trefuse(game, &pos, "He11-f11"), "pointed way");
	tplay(game, &pos, "He11-off");
	assert_text_contains(ttext(game, &pos), "S: Ta1 Bc5c6 reserve P0 H5 O0");
	/* It may be fired again. */
	tplay(game, &pos, "Tk2-k3 B*d7:n");
	assert_text_contains(ttext(game, &pos), "Hd7:n reserve P0 H4");
}

static void test_shell_never_points_at_its_launcher(void **state)
{
	(void)state;
	/* Fine point 4: the next square only; the rest of the line may. */
	with("", "S: Ta1 Bf5f6 reserve P0 H5 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "B*"), 10 * 8 - 14);
	assert_text_contains(trefuse(game, &pos, "B*f7:s"), "own launcher");
	assert_true(tlegal(game, &pos, "B*f4:s"));
	/* Its line passes the battleship further on: allowed. */
	with("", "S: Ta1 Bf5f6 reserve P0 H5 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_true(tlegal(game, &pos, "B*g7:w"));
}

static void test_armed_transport_fires_shells(void **state)
{
	(void)state;
	with("", "S: Tf5 reserve P0 H5 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "T*"), 0);
	assert_text_contains(trefuse(game, &pos, "T*f6:n"), "armed-transport");
	with("armed-transport", "S: Tf5 reserve P0 H5 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tcount(game, &pos, "T*"), 8 * 7);
}

static void test_reserves_are_pooled(void **state)
{
	(void)state;
	/* Fine point 13: the battleship and the armed transport fire from
	 * one pool of shells. */
	with("armed-transport shells=2", "S: Tf5 Bc5c6 reserve P0 H2 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "B*d7:n Tk11-k10 T*f6:n Tk10-k11");
	assert_text_contains(ttext(game, &pos), "reserve P0 H0 O0 / N:");
	assert_int_equal(tcount(game, &pos, "B*"), 0);
	assert_int_equal(tcount(game, &pos, "T*"), 0);
}

static void test_torpedo_runs_two_squares_when_launched(void **state)
{
	(void)state;
	with("", "S: Ta1 De5 reserve P0 H0 O4 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "D*e6:n");
	assert_text_contains(ttext(game, &pos), "Oe7:n reserve P0 H0 O3");
	/* A launch whose second square is off the board is legal and the
	 * torpedo goes back to reserve (fine point 5). */
	with("", "S: Ta1 Dk5 reserve P0 H0 O4 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "D*k6:e");
	assert_text_contains(ttext(game, &pos), "S: Ta1 Dk5 reserve P0 H0 O4");
	/* Later moves: one square. */
	with("", "S: Ta1 Oe7:n reserve P0 H0 O3 / N: Tk1 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "Oe7-e8");
	assert_text_contains(ttext(game, &pos), "Oe8:n");
}

static void test_torpedo_launch_entries(void **state)
{
	(void)state;
	/* Fine point 5: both squares are entries. An own surface piece on
	 * either makes the launch illegal; a hit on the first square stops
	 * the torpedo there. */
	with("", "S: Ta1 De5 Bg7h8 reserve P0 H0 O4 / N: Tk11 Ce6d6 Bf7f8 reserve P0 H0 O0 / S / 0");
	assert_text_contains(trefuse(game, &pos, "D*f6:ne"), "g7");
	struct rules_outcome out = tplay(game, &pos, "D*e6:e");
	assert_int_equal(out.captured, 1);
	assert_true(out.flags & RULES_CAPTURE);
	/* Stopped on e6: the battleship on f6's line... f7 is untouched. */
	assert_text_contains(ttext(game, &pos), "N: Tk11 Bf7f8");
	assert_text_contains(ttext(game, &pos), "reserve P0 H0 O4 / N:");
	with("", "S: Ta1 De5 reserve P0 H0 O4 / N: Tk11 Bf7f8 reserve P0 H0 O0 / S / 0");
	out = tplay(game, &pos, "D*f6:n");	/* second square f7 */
	assert_int_equal(out.captured, 1);
	assert_text_contains(ttext(game, &pos), "N: Tk11 reserve");
}

static void test_torpedo_launchers_are_two_moves(void **state)
{
	(void)state;
	/* Fine point 6: the same launch by the destroyer and by the
	 * submarine are two moves. */
	with("", "S: Ta1 De5 Ug5 reserve P0 H0 O4 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_true(tlegal(game, &pos, "D*f6:n"));
	assert_true(tlegal(game, &pos, "U*f6:n"));
	assert_int_equal(tcount(game, &pos, "D*"), 8 * 7);
	/* The destroyer's square next to the launch square: U*f5:w points
	 * at e5, not at its own launcher: but e5 holds an own surface
	 * piece, the second square's entry. */
	assert_false(tlegal(game, &pos, "U*f5:w"));
	assert_false(tlegal(game, &pos, "D*f5:w"));
}

static void test_missiles_fly_on_after_the_launcher_sinks(void **state)
{
	(void)state;
	with("", "S: Ta1 Bc5c6 Hf5:n Of8:e reserve P0 H4 O3 / N: Tk11 Pc4:n reserve P0 H5 O4 / N / 0");
	tplay(game, &pos, "Pc4-c5:n");		/* sinks the battleship */
	assert_text_contains(ttext(game, &pos), "S: Ta1 Hf5:n Of8:e");
	assert_true(tlegal(game, &pos, "Hf5-f6"));
	assert_int_equal(tcount(game, &pos, "B*"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_default, teardown_game)
		T(test_board_sizes_and_start),
		T(test_board_for_a_sensed_table),
		T(test_deploy_is_a_named_table),
		T(test_dark_squares_a1_and_corners),
		T(test_first_option),
		T(test_option_errors),
		T(test_handicap_and_counts),
		T(test_ship_has_sixteen_moves_in_open_water),
		T(test_pivot_reversed_is_not_a_slide),
		T(test_ship_enters_only_its_new_square),
		T(test_transport_moves_one_square),
		T(test_submarine_dark_diagonals_and_first_double),
		T(test_destroyer_first_double_and_pass_rule),
		T(test_first_move_not_used_by_a_launch),
		T(test_plane_moves_then_any_pointing),
		T(test_plane_pass_over_rule),
		T(test_plane_launch_onto_an_empty_square),
		T(test_carrier_sunk_loses_its_planes),
		T(test_shell_flies_and_returns_to_reserve),
		T(test_shell_never_points_at_its_launcher),
		T(test_armed_transport_fires_shells),
		T(test_reserves_are_pooled),
		T(test_torpedo_runs_two_squares_when_launched),
		T(test_torpedo_launch_entries),
		T(test_torpedo_launchers_are_two_moves),
		T(test_missiles_fly_on_after_the_launcher_sinks),
#undef T
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("transport rules", tests, NULL, NULL);
}
