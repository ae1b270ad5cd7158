/*
 * test_transport_contact.c - Transport's contact rules and the end of the
 * game by name (RULES.md §3, its decisions and fine points): the
 * vulnerability table, destruction, shared squares, strata, pass-overs,
 * the transport sunk, no legal move, quiet plies, repetition,
 * resignation, the declared draw and teams.
 */
#include "config.h"

#include "tests/transport_play.h"

/* ------------------------------------------------------------ contact */

/* Piece `mover` (a move text) entering the square of the piece in
 * `victim`: destroyed (1), shares (0) or refused (-1). */
static int entering(const char *fleet_s, const char *fleet_n,
		    const char *move)
{
	char text[512];
	struct rules_move m;
	struct rules_outcome out;
	char err[RULES_ERR_MAX];

	snprintf(text, sizeof(text), "S: Ta1 %s / N: Tk11 %s / S / 0",
		 fleet_s, fleet_n);
	with("", text);
	if (transport_rules.move_parse(game, &pos, move, &m, err,
				       sizeof(err)) < 0)
		fail_msg("%s: %s", move, err);
	if (transport_rules.apply(game, &pos, &m, &out, err, sizeof(err)) < 0)
		return -1;
	return out.captured;
}

static void test_vulnerability_table(void **state)
{
	/* Attackers entering e5 (from e4, pointed n) onto each victim. */
	static const struct {
		const char *s, *n, *move;
		int expect;
	} rows[] = {
		/* shell: sinks B C T D, shoots down P; not U; nothing O */
		{ "He4:n reserve P0 H4 O0", "Be5e6 reserve P0 H0 O0", "He4-e5", 1 },
		{ "He4:n reserve P0 H4 O0", "Ce5e6 reserve P0 H0 O0", "He4-e5", 1 },
		{ "He4:n reserve P0 H4 O0", "De5 reserve P0 H0 O0", "He4-e5", 1 },
		{ "He4:n reserve P0 H4 O0", "Pe5:n reserve P0 H0 O0", "He4-e5", 1 },
		{ "He4:n reserve P0 H4 O0", "Ue5 reserve P0 H0 O0", "He4-e5", 0 },
		{ "He4:n reserve P0 H4 O0", "Oe5:s reserve P0 H0 O3", "He4-e5", 0 },
		{ "He4:n reserve P0 H4 O0", "He5:s reserve P0 H4 O0", "He4-e5", 0 },
		/* torpedo: sinks B C T; not D (the markings win), U, P */
		{ "Oe4:n reserve P0 H0 O3", "Be5e6 reserve P0 H0 O0", "Oe4-e5", 1 },
		{ "Oe4:n reserve P0 H0 O3", "Ce5e6 reserve P0 H0 O0", "Oe4-e5", 1 },
		{ "Oe4:n reserve P0 H0 O3", "De5 reserve P0 H0 O0", "Oe4-e5", 0 },
		{ "Oe4:n reserve P0 H0 O3", "Ue5 reserve P0 H0 O0", "Oe4-e5", 0 },
		{ "Oe4:n reserve P0 H0 O3", "Pe5:n reserve P0 H0 O0", "Oe4-e5", 0 },
		/* plane: destroys every fleet unit and planes; not H (refused) */
		{ "Pe4:n reserve P0 H0 O0", "Be5e6 reserve P0 H0 O0", "Pe4-e5", 1 },
		{ "Pe4:n reserve P0 H0 O0", "De5 reserve P0 H0 O0", "Pe4-e5", 1 },
		{ "Pe4:n reserve P0 H0 O0", "Ue5 reserve P0 H0 O0", "Pe4-e5", 1 },
		{ "Pe4:n reserve P0 H0 O0", "Pe5:e reserve P0 H0 O0", "Pe4-e5", 1 },
		{ "Pe4:n reserve P0 H0 O0", "He5:s reserve P0 H4 O0", "Pe4-e5", -1 },
		{ "Pe4:n reserve P0 H0 O0", "Oe5:s reserve P0 H0 O3", "Pe4-e5", 0 },
		/* destroyer: rams U only; refused onto H or P */
		{ "De4 reserve P0 H0 O0", "Ue5 reserve P0 H0 O0", "De4-e5", 1 },
		{ "De4 reserve P0 H0 O0", "Be5e6 reserve P0 H0 O0", "De4-e5", 0 },
		{ "De4 reserve P0 H0 O0", "Oe5:s reserve P0 H0 O3", "De4-e5", 0 },
		{ "De4 reserve P0 H0 O0", "He5:s reserve P0 H4 O0", "De4-e5", -1 },
		{ "De4 reserve P0 H0 O0", "Pe5:s reserve P0 H0 O0", "De4-e5", -1 },
		/* submarine: refused onto D or P; shares with the rest */
		{ "Ud4 reserve P0 H0 O0", "De5 reserve P0 H0 O0", "Ud4-e5", -1 },
		{ "Ud4 reserve P0 H0 O0", "Pe5:s reserve P0 H0 O0", "Ud4-e5", -1 },
		{ "Ud4 reserve P0 H0 O0", "He5:s reserve P0 H4 O0", "Ud4-e5", 0 },
		{ "Ud4 reserve P0 H0 O0", "Be5e6 reserve P0 H0 O0", "Ud4-e5", 0 },
		/* transport: refused onto H, O, P; shares with ships, U */
		{ "Te4 reserve P0 H0 O0", "Oe5:s reserve P0 H0 O3", "Te4-e5", -1 },
		{ "Te4 reserve P0 H0 O0", "Ue5 reserve P0 H0 O0", "Te4-e5", 0 },
		{ "Te4 reserve P0 H0 O0", "De5 reserve P0 H0 O0", "Te4-e5", 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[128];
		int got;

		/* The transport row moves the only transport: drop Ta1. */
		if (rows[i].s[0] == 'T') {
			snprintf(s, sizeof(s), "%s", rows[i].s);
			char text[512];
			struct rules_move m;
			struct rules_outcome out;
			char err[RULES_ERR_MAX];

			snprintf(text, sizeof(text),
				 "S: %s / N: Tk11 %s / S / 0", s, rows[i].n);
			with("", text);
			assert_int_equal(transport_rules.move_parse(game, &pos,
				rows[i].move, &m, err, sizeof(err)), 0);
			got = transport_rules.apply(game, &pos, &m, &out, err,
						    sizeof(err)) < 0 ? -1 :
			      out.captured;
		} else {
			got = entering(rows[i].s, rows[i].n, rows[i].move);
		}
		if (got != rows[i].expect)
			fail_msg("row %zu: %s onto N's %s: %d, expected %d", i,
				 rows[i].move, rows[i].n, got, rows[i].expect);
	}
}

static void test_destroying_missile_returns_and_attackers_stay(void **state)
{
	(void)state;
	assert_int_equal(entering("He4:n reserve P0 H4 O0",
				  "De5 reserve P0 H0 O0", "He4-e5"), 1);
	assert_text_contains(ttext(game, &pos), "S: Ta1 reserve P0 H5 O0");
	assert_int_equal(entering("Pe4:n reserve P0 H0 O0",
				  "De5 reserve P0 H0 O0", "Pe4-e5:w"), 1);
	assert_text_contains(ttext(game, &pos), "S: Ta1 Pe5:w");
	assert_int_equal(entering("De4 reserve P0 H0 O0",
				  "Ue5 reserve P0 H0 O0", "De4-e5"), 1);
	assert_text_contains(ttext(game, &pos), "S: Ta1 De5");
	/* A missile sharing a square without effect stays on it. */
	assert_int_equal(entering("He4:n reserve P0 H4 O0",
				  "Ue5 reserve P0 H0 O0", "He4-e5"), 0);
	assert_text_contains(ttext(game, &pos), "He5:n");
	assert_text_contains(ttext(game, &pos), "Ue5");
}

static void test_plane_destroys_every_unit_on_its_square(void **state)
{
	(void)state;
	/* A destroyer and a submarine of N on e5 (and a torpedo, not
	 * vulnerable to planes): the plane sinks both units. */
	assert_int_equal(entering("Pe4:n reserve P0 H0 O0",
				  "De5 Ue5 reserve P0 H0 O0", "Pe4-e5"), 2);
	assert_text_contains(ttext(game, &pos), "N: Tk11 reserve");
	/* A two-square ship is hit on either square and counts once. */
	assert_int_equal(entering("Pe4:n reserve P0 H0 O0",
				  "Ce6e5 reserve P0 H0 O0", "Pe4-e5"), 1);
	assert_text_contains(ttext(game, &pos), "N: Tk11 reserve P0");
}

static void test_plane_destroys_plane_the_mover_wins(void **state)
{
	(void)state;
	/* Fine point 16, the patent's 6a and 6b. */
	assert_int_equal(entering("Pe3:n reserve P0 H0 O0",
				  "Pe5:s reserve P0 H0 O0", "Pe3-e5"), 1);
	assert_text_contains(ttext(game, &pos), "S: Ta1 Pe5:n");
}

static void test_own_pieces_one_per_stratum(void **state)
{
	char err[RULES_ERR_MAX];

	(void)state;
	/* Own submarine under own shell: fine; two own surface: not. */
	with("", "S: Ta1 Ue5 He4:n reserve P0 H4 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "He4-e5");
	assert_text_contains(ttext(game, &pos), "Ue5 Ta1 He5:n");
	assert_int_equal(transport_rules.position_parse(game,
		"S: Te5 De5 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0",
		&pos, err, sizeof(err)), -1);
	assert_text_contains(err, "stratum");
	with("", "S: Te5 De4 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_text_contains(trefuse(game, &pos, "De4-e5"), "own transport");
	/* A torpedo is a surface piece: it blocks an own ship, and shares
	 * with an own submarine. */
	with("", "S: Te1 De4 Ue5 Oe5:n reserve P0 H0 O3 / N: Tk11 reserve P0 H0 O0 / S / 0");
	assert_text_contains(trefuse(game, &pos, "De4-e5"), "own torpedo");
	/* Own pieces never harm each other: an own plane onto an own
	 * destroyer's square is an entry of no effect. */
	with("", "S: Te1 De5 Pe4:n reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "Pe4-e5");
	assert_text_contains(ttext(game, &pos), "De5");
}

static void test_pass_over_attacks_nothing(void **state)
{
	(void)state;
	/* The submarine's double passes under an enemy destroyer. */
	with("", "S: Ta1 Ue5! reserve P0 H0 O0 / N: Tk11 Df6 reserve P0 H0 O0 / S / 0");
	assert_int_equal(tplay(game, &pos, "Ue5-g7").captured, 0);
	assert_text_contains(ttext(game, &pos), "Df6");
}

/* --------------------------------------------------------------- end */

static void test_transport_destroyed_wins(void **state)
{
	struct rules_outcome out;

	(void)state;
	with("", "S: Ta1 Pf9:n reserve P0 H0 O0 / N: Tf10 reserve P0 H0 O0 / S / 7");
	out = tplay(game, &pos, "Pf9-f10");
	assert_true(out.flags & RULES_GAME_OVER);
	assert_int_equal(out.next.seat, -1);
	assert_int_equal(result().verdict, RULES_WIN);
	assert_int_equal(result().winner, 0);
	assert_int_equal(result().points[0], 1);
	assert_text_contains(ttext(game, &pos), "/ S-won:sunk / 0");
	assert_text_contains(trefuse(game, &pos, "Ta1-a2"), "over");
}

static void test_no_legal_move_loses(void **state)
{
	struct rules_outcome out;

	(void)state;
	/* South's transport is boxed in by enemy shells; after North's
	 * move South has no move and loses. */
	with("", "S: Ta1 reserve P0 H0 O0 / N: Tk11 Ha2:e Hb1:e Hb2:e reserve P0 H2 O0 / N / 0");
	out = tplay(game, &pos, "Tk11-k10");
	assert_true(out.flags & RULES_GAME_OVER);
	assert_int_equal(result().winner, 1);
	assert_text_contains(ttext(game, &pos), "N-won:no-move");
}

static void test_quiet_plies_draw(void **state)
{
	(void)state;
	with("quiet-plies=4", NULL);
	tplay(game, &pos, "Tf1-f2 Tf11-f10 Tf2-f3");
	assert_int_equal(result().verdict, RULES_ONGOING);
	tplay(game, &pos, "Tf10-f9");
	assert_int_equal(result().verdict, RULES_DRAW);
	assert_text_contains(ttext(game, &pos), "drawn:quiet / 4");
	/* quiet-plies=0: never. */
	with("quiet-plies=0", "S: Ta1 reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 999");
	tplay(game, &pos, "Ta1-a2");
	assert_int_equal(result().verdict, RULES_ONGOING);
}

static void test_missile_return_is_not_a_destruction(void **state)
{
	(void)state;
	/* Fine point 11. */
	with("", "S: Ta1 Ha11:n reserve P0 H4 O0 / N: Tk1 reserve P0 H0 O0 / S / 5");
	tplay(game, &pos, "Ha11-off");
	assert_text_contains(ttext(game, &pos), "/ N / 6");
}

static void test_win_checked_before_quiet_draw(void **state)
{
	(void)state;
	/* Fine point 12: the last quiet ply sinks the transport: a win. */
	with("quiet-plies=4", "S: Ta1 Pf9:n reserve P0 H0 O0 / N: Tf10 reserve P0 H0 O0 / S / 3");
	tplay(game, &pos, "Pf9-f10");
	assert_int_equal(result().verdict, RULES_WIN);
	/* And a destruction resets the count. */
	with("quiet-plies=4", "S: Ta1 Pf9:n reserve P0 H0 O0 / N: Tk11 Df10 reserve P0 H0 O0 / S / 3");
	tplay(game, &pos, "Pf9-f10");
	assert_int_equal(result().verdict, RULES_ONGOING);
	assert_text_contains(ttext(game, &pos), "/ N / 0");
}

static void test_third_repetition_draws(void **state)
{
	(void)state;
	/* Fine point 10: the start counts as the first occurrence. */
	with("", NULL);
	tplay(game, &pos, "Tf1-f2 Tf11-f10 Tf2-f1 Tf10-f11");
	assert_int_equal(result().verdict, RULES_ONGOING);
	tplay(game, &pos, "Tf1-f2 Tf11-f10 Tf2-f1");
	assert_int_equal(result().verdict, RULES_ONGOING);
	tplay(game, &pos, "Tf10-f11");
	assert_int_equal(result().verdict, RULES_DRAW);
	assert_text_contains(ttext(game, &pos), "drawn:repetition");
	/* Pointings are part of the position: a plane turning each time
	 * makes new positions. */
	with("", "S: Ta1 Pe5:n reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "Pe5-e6:e Tk11-k10 Pe6-e5:n Tk10-k11");
	tplay(game, &pos, "Pe5-e6:e Tk11-k10 Pe6-e5:n Tk10-k11");
	assert_int_equal(result().verdict, RULES_DRAW);
	with("", "S: Ta1 Pe5:n reserve P0 H0 O0 / N: Tk11 reserve P0 H0 O0 / S / 0");
	tplay(game, &pos, "Pe5-e6:e Tk11-k10 Pe6-e5:w Tk10-k11");
	tplay(game, &pos, "Pe5-e6:e Tk11-k10 Pe6-e5:n Tk10-k11");
	assert_int_equal(result().verdict, RULES_ONGOING);
}

static void test_first_move_flag_makes_a_new_position(void **state)
{
	(void)state;
	/* The destroyer's first move is part of the position: going and
	 * coming back is not a repetition of the start. */
	with("", NULL);
	tplay(game, &pos, "Dk1-k2 Da11-a10 Dk2-k1 Da10-a11");
	tplay(game, &pos, "Dk1-k2 Da11-a10 Dk2-k1 Da10-a11");
	assert_int_equal(result().verdict, RULES_ONGOING);
	tplay(game, &pos, "Dk1-k2 Da11-a10");
	assert_int_equal(result().verdict, RULES_DRAW);
}

static void test_resignation_and_declared_draw(void **state)
{
	struct rules_move m;
	char err[RULES_ERR_MAX];

	(void)state;
	with("", NULL);
	tplay(game, &pos, "resign");
	assert_int_equal(result().winner, 1);
	assert_text_contains(ttext(game, &pos), "N-won:resigned");
	with("", NULL);
	/* Out of turn: North resigns while South is to move. */
	assert_int_equal(transport_rules.move_parse(game, &pos, "N:resign",
						    &m, err, sizeof(err)), 0);
	assert_int_equal(transport_rules.move_seat(game, &pos, &m), 1);
	tplay(game, &pos, "N:resign");
	assert_int_equal(result().winner, 0);
	with("", NULL);
	tplay(game, &pos, "draw");
	assert_int_equal(result().verdict, RULES_DRAW);
	assert_text_contains(ttext(game, &pos), "drawn:declared");
	/* Neither is among the legal moves (perft does not count them). */
	with("", NULL);
	assert_int_equal(tcount(game, &pos, "resign"), 0);
	assert_int_equal(tcount(game, &pos, "draw"), 0);
}

static void test_teams_take_turns(void **state)
{
	struct rules_turn t;

	(void)state;
	with("teams=2", NULL);
	t = transport_rules.to_move(game, &pos);
	assert_int_equal(t.members, 2);
	assert_int_equal(t.member, 0);
	tplay(game, &pos, "Tf1-f2 Tf11-f10");
	t = transport_rules.to_move(game, &pos);
	assert_int_equal(t.seat, 0);
	assert_int_equal(t.member, 1);
	assert_text_contains(ttext(game, &pos), "/ team=2.2");
	tplay(game, &pos, "Tf2-f1");
	assert_text_contains(ttext(game, &pos), "/ team=1.2");
}

static void test_max_moves_is_a_bound(void **state)
{
	(void)state;
	/* A crowded position on 15x15 with every piece out in the open. */
	with("size=15 planes=4 shells=9 torpedoes=9 armed-transport",
	     "S: Ue5 Cc8c9 Th8 Bl8l9 Dg12 Pc3:n Pf3:n Pi3:n Pl3:n reserve P0 H9 O9 / N: To15 reserve P0 H0 O0 / S / 0");
	size_t n = transport_rules.legal_moves(game, &pos, NULL, 0);
	assert_true(n <= transport_rules.max_moves);
	assert_true(n > 500);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_default, teardown_game)
		T(test_vulnerability_table),
		T(test_destroying_missile_returns_and_attackers_stay),
		T(test_plane_destroys_every_unit_on_its_square),
		T(test_plane_destroys_plane_the_mover_wins),
		T(test_own_pieces_one_per_stratum),
		T(test_pass_over_attacks_nothing),
		T(test_transport_destroyed_wins),
		T(test_no_legal_move_loses),
		T(test_quiet_plies_draw),
		T(test_missile_return_is_not_a_destruction),
		T(test_win_checked_before_quiet_draw),
		T(test_third_repetition_draws),
		T(test_first_move_flag_makes_a_new_position),
		T(test_resignation_and_declared_draw),
		T(test_teams_take_turns),
		T(test_max_moves_is_a_bound),
#undef T
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("transport contact", tests, NULL, NULL);
}
