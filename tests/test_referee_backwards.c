/*
 * test_referee_backwards.c - a sowing the wrong way round whose first
 * drop is exactly a one-seed move's, the hand pausing after it: the
 * one-seed move is taken at the pause, then the same hand goes on into
 * the places before. Read as the next player's sowing those drops fit
 * nothing; with the move's own drop they are another pit sown the wrong
 * way round: the referee takes its move back and calls the foul.
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

#include "referee/referee.h"
#include "referee/trace.h"

#include "tests/referee_fixture.h"

/* c holds one seed (c into d is a move); e holds four. */
#define ONE_IN_C "4 4 1 4 4 4/4 4 4 4 4 4/3 0/S"

/* e sown backwards, d c b a, with a pause after d: c taken back, a
 * foul naming e. */
static void test_backwards_sowing_after_a_pause_is_revised(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	feed(f, 0.5, OBS_POSITION, ONE_IN_C);
	feed(f, 1.0, OBS_DROP, "d");
	sow(f, 2.2, 0.3, "c b a");
	feed(f, 3.5, OBS_BUTTON, "S");
	v = last(f, VERDICT_FOUL);
	assert_non_null(v);
	assert_int_equal(v->cause, CAUSE_ILLEGAL);
	assert_says(v, "sowing e the wrong way round");
	assert_int_equal(referee_plies(f->ref), 0);
	fix_close(f);
}

/* c sown, then N's own sowing after a pause: c stands, N's move taken. */
static void test_one_seed_move_then_the_next_player_stands(void **state)
{
	struct fix *f = started("");

	(void)state;
	feed(f, 0.5, OBS_POSITION, ONE_IN_C);
	feed(f, 1.0, OBS_DROP, "d");
	sow(f, 2.2, 0.3, "B C D E");
	feed(f, 3.5, OBS_BUTTON, "N");
	assert_int_equal(count(f, VERDICT_FOUL) + count(f, VERDICT_HOLD), 0);
	assert_int_equal(referee_plies(f->ref), 2);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "A");
	fix_close(f);
}

/* N's C sown backwards, B A f e, a long pause after each seed, on a
 * board whose lines of e f S A have never failed; N's A holds one seed
 * (B alone is A), S's e one (f alone is e). A is taken at the first
 * pause. B A f, though it begins C backwards, is not yet a whole
 * misplay: A is not taken back for it (it would then stand with an
 * extra pulse, and f be taken as S's e); once B A f e is whole, A is
 * taken back and the foul called. */
static void test_slow_backwards_sowing_is_read_whole(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;
	double t = 0;
	int before;

	(void)state;
	/* Game after game of d sown cleanly: the lines of e f S A have
	 * sensed every seed they were to sense. */
	for (int g = 0; g < 120; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, 0.3, "e f S A");
		feed(f, t + 3, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_ACCEPT), 120);
	before = f->n;
	feed(f, t + 0.1, OBS_START, NULL);
	feed(f, t + 0.5, OBS_POSITION, "3 5 2 2 1 2/1 4 4 1 1 2/11 9/N");
	feed(f, t + 1.0, OBS_DROP, "B");
	feed(f, t + 2.584, OBS_DROP, "A");
	feed(f, t + 3.907, OBS_DROP, "f");
	feed(f, t + 5.368, OBS_DROP, "e");
	tick(f, t + 12.0);
	v = last(f, VERDICT_FOUL);
	assert_non_null(v);
	assert_says(v, "sowing C the wrong way round");
	for (int i = before; i < f->n; i++)
		assert_false(f->v[i].kind == VERDICT_ACCEPT &&
			     strcmp(f->v[i].move, "e") == 0);
	assert_int_equal(referee_plies(f->ref), 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_backwards_sowing_after_a_pause_is_revised),
		cmocka_unit_test(test_one_seed_move_then_the_next_player_stands),
		cmocka_unit_test(test_slow_backwards_sowing_is_read_whole),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
