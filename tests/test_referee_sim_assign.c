/*
 * test_referee_sim_assign.c - the simulator's figures pair the
 * referee's verdicts with the moves made (sim_assign()): a move read as
 * another is one misreading, not a move with no verdict beside a move
 * that no move made; a verdict naming a later move is about it when the
 * move before made no verdict; a move taken beyond the moves made is
 * one no move made; a move after a hold is not counted without one; the
 * referee's own new reading of a move of an earlier batch is no verdict
 * on a move of this one.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "referee/sim_impl.h"

static struct logged said(enum verdict_kind kind, const char *move)
{
	struct logged l;

	memset(&l, 0, sizeof(l));
	l.kind = kind;
	snprintf(l.move, sizeof(l.move), "%s", move);
	return l;
}

/* Pairs `nv` verdicts with the legal moves in `moves` (one letter
 * each); of[], alone[] as sim_assign() gives them. */
static int pair(const char *moves, const struct logged *v, int nv, int *of,
		int *alone)
{
	static char text[SIM_ASSIGN_MOVES][2];
	struct sim_said m[SIM_ASSIGN_MOVES];
	const struct logged *vs[16];
	int n = (int)strlen(moves);

	for (int i = 0; i < n; i++) {
		text[i][0] = moves[i];
		text[i][1] = '\0';
		m[i] = (struct sim_said){ text[i], 1 };
	}
	for (int k = 0; k < nv; k++)
		vs[k] = &v[k];
	return sim_assign(m, n, vs, nv, of, alone);
}

/* b C d made; d (b misread), C, a foul (on d) and e taken: b misread,
 * C taken, d fouled, e one move no move made. */
static void test_misread_is_no_silence(void **state)
{
	struct logged v[4] = { said(VERDICT_ACCEPT, "d"),
			       said(VERDICT_ACCEPT, "C"),
			       said(VERDICT_FOUL, ""),
			       said(VERDICT_ACCEPT, "e") };
	int of[3], alone[4];

	(void)state;
	assert_int_equal(pair("bCd", v, 4, of, alone), 1);
	assert_int_equal(of[0], 0);
	assert_int_equal(of[1], 1);
	assert_int_equal(of[2], 2);
	assert_int_equal(alone[0], 3);
}

/* f (no pulse at all) then a made; a taken: f had no verdict. */
static void test_later_move_named_skips_a_silent_one(void **state)
{
	struct logged v[1] = { said(VERDICT_ACCEPT, "a") };
	int of[2], alone[1];

	(void)state;
	assert_int_equal(pair("fa", v, 1, of, alone), 0);
	assert_int_equal(of[0], -1);
	assert_int_equal(of[1], 0);
}

/* a made; a and B taken: B is a move no move made. */
static void test_move_beyond_the_moves_made(void **state)
{
	struct logged v[2] = { said(VERDICT_ACCEPT, "a"),
			       said(VERDICT_WARN, "B") };
	int of[1], alone[2];

	(void)state;
	assert_int_equal(pair("a", v, 2, of, alone), 1);
	assert_int_equal(of[0], 0);
	assert_int_equal(alone[0], 1);
	assert_int_equal(sim_alone_cost(&v[1]), 1);
}

/* a B made; a held, and nothing more: B waits on the hold (no verdict,
 * not a fault of the pairing), and a hold beyond the moves costs
 * nothing. */
static void test_moves_after_a_hold(void **state)
{
	struct logged v[2] = { said(VERDICT_HOLD, "a"),
			       said(VERDICT_HOLD, "C") };
	int of[2], alone[2];

	(void)state;
	assert_int_equal(pair("aB", v, 1, of, alone), 0);
	assert_int_equal(of[0], 0);
	assert_int_equal(of[1], -1);
	assert_int_equal(pair("a", v, 2, of, alone), 1);
	assert_int_equal(of[0], 0);
	assert_int_equal(sim_alone_cost(&v[1]), 0);
}

/* f a f made; f taken, then b held (a misread, held): the hold is about
 * a, not left aside to excuse a and f their verdicts. */
static void test_hold_is_about_a_move(void **state)
{
	struct logged v[2] = { said(VERDICT_ACCEPT, "f"),
			       said(VERDICT_HOLD, "b") };
	int of[3], alone[2];

	(void)state;
	assert_int_equal(pair("faf", v, 2, of, alone), 0);
	assert_int_equal(of[0], 0);
	assert_int_equal(of[1], 1);
	assert_int_equal(of[2], -1);
}

/* F E B made; E taken (F misread), then F held (E misread): each verdict
 * is about the move in its place, not E left aside as a move no move
 * made. */
static void test_verdicts_in_their_places(void **state)
{
	struct logged v[2] = { said(VERDICT_ACCEPT, "E"),
			       said(VERDICT_HOLD, "F") };
	int of[3], alone[2];

	(void)state;
	assert_int_equal(pair("FEB", v, 2, of, alone), 0);
	assert_int_equal(of[0], 0);
	assert_int_equal(of[1], 1);
	assert_int_equal(of[2], -1);
}

/* c made; the referee takes back its a of the batch before and reads it
 * again with more drops (a), then takes c: the new reading of a is about
 * no move of this batch, and no move no move made. */
static void test_new_reading_of_an_earlier_move(void **state)
{
	struct logged v[2] = { said(VERDICT_WARN, "a"),
			       said(VERDICT_ACCEPT, "c") };
	int of[1], alone[2];

	(void)state;
	v[0].earlier = 1;
	assert_int_equal(pair("c", v, 2, of, alone), 1);
	assert_int_equal(of[0], 1);
	assert_int_equal(alone[0], 0);
	assert_int_equal(sim_alone_cost(&v[0]), 0);
	/* E made (illegally); F of the batch before read again with E's
	 * drops into a hold: that hold is about E. */
	v[0] = said(VERDICT_HOLD, "E");
	v[0].earlier = 1;
	{
		struct sim_said e[1] = { { "E", 0 } };
		const struct logged *vs[1] = { &v[0] };

		assert_int_equal(sim_assign(e, 1, vs, 1, of, alone), 0);
		assert_int_equal(of[0], 0);
	}
}

/* The verdicts after a hold confirmed: the moves after the held one are
 * paired with what the referee made of the drops it kept. C by the next
 * player begun before d's last seed fell (illegal), taken: that illegal
 * move is accepted. F made and taken stands. No move after a, and X
 * taken: a move no move made. */
static void test_drops_kept_read_after_a_confirm(void **state)
{
	struct sim_said c[1] = { { "C", 0 } };
	struct logged v[1] = { said(VERDICT_ACCEPT, "C") };
	const struct logged *vs[1] = { &v[0] };
	int of[SIM_ASSIGN_MOVES], alone[4];

	(void)state;
	assert_int_equal(sim_assign(c, 1, vs, 1, of, alone), 0);
	assert_int_equal(of[0], 0);
	v[0] = said(VERDICT_WARN, "F");
	assert_int_equal(pair("F", v, 1, of, alone), 0);
	assert_int_equal(of[0], 0);
	v[0] = said(VERDICT_ACCEPT, "X");
	assert_int_equal(pair("", v, 1, of, alone), 1);
	assert_int_equal(alone[0], 0);
	assert_int_equal(sim_alone_cost(&v[0]), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_misread_is_no_silence),
		cmocka_unit_test(test_later_move_named_skips_a_silent_one),
		cmocka_unit_test(test_move_beyond_the_moves_made),
		cmocka_unit_test(test_moves_after_a_hold),
		cmocka_unit_test(test_hold_is_about_a_move),
		cmocka_unit_test(test_verdicts_in_their_places),
		cmocka_unit_test(test_new_reading_of_an_earlier_move),
		cmocka_unit_test(test_drops_kept_read_after_a_confirm),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
