/*
 * test_referee_end_kept.c - drops after the end of the game, sensed
 * while the move that ended it was held: once the arbiter confirms that
 * move, they are play after the end ("the game is over: restore the
 * board"), whatever move they resemble, never dropped unread. A pulse
 * read with the held move that is none of its pieces (every piece of
 * the move went unseen) fell after the end too, and so does a pulse
 * read with the last move taken after its own last drop.
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

#include "tests/referee_fixture.h"

/* N's last move is F, one seed into store N; S's side still holds
 * seeds, swept into store S at the end. */
#define LAST_MOVE "2 0 0 0 0 1/0 0 0 0 0 1/20 24/N"

/* The foul for play after the end, about `place`. */
static void assert_after_end(struct fix *f, int place)
{
	const struct verdict *v = last(f, VERDICT_FOUL);
	const int places[] = { place, -1 };

	if (v->cause != CAUSE_AFTER_END)
		dump(f);
	assert_about(v, CAUSE_AFTER_END, places);
	assert_says(v, "the game is over: restore the board");
}

/* F's seed into store N went unseen; a seed then falls in pit d: N's F
 * is held (the store missed, a pulse on d). Confirmed, the game is over
 * and the pulse on d, none of F's, was play after the end. */
static void test_pulse_read_with_the_last_move_is_after_the_end(void **s)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)s;
	feed(f, 0.5, OBS_POSITION, LAST_MOVE);
	feed(f, 3.0, OBS_DROP, "d");
	tick(f, 10.0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "F");
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	assert_after_end(f, PIT_D);
	fix_close(f);
}

/* The same, and a seed falls in pit b while F is held: kept, then read
 * after the confirmation as play after the end (one foul). */
static void test_drops_kept_after_the_last_move_are_after_the_end(void **s)
{
	struct fix *f = started("");

	(void)s;
	feed(f, 0.5, OBS_POSITION, LAST_MOVE);
	feed(f, 3.0, OBS_DROP, "d");
	tick(f, 10.0);
	assert_string_equal(last(f, VERDICT_HOLD)->move, "F");
	feed(f, 11.0, OBS_DROP, "b");
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	fix_close(f);
}

/* F sensed whole (its seed in store N) and then a seed in pit F, away
 * from the path, a pulse on the origin: the hand's shadow at the lift,
 * not play after the end. Two tests in one: a held move whose pieces
 * were sensed has no pulses after the end read from its reading. */
static void test_kept_drop_in_a_pit_after_a_held_last_move(void **s)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)s;
	feed(f, 0.5, OBS_POSITION, LAST_MOVE);
	feed(f, 2.0, OBS_DROP, "F");		/* the lift's shadow */
	tick(f, 10.0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "F");
	feed(f, 11.0, OBS_DROP, "c");		/* S sows after the end */
	feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	assert_after_end(f, PIT_C);
	fix_close(f);
}

/* N's last move F sows store N and pit a; store N's pulse missed, a
 * sensed, then a seed in pit c before the pause ended: F is taken with
 * its faults and ends the game; the pulse on c, after F's own last
 * drop and none of its pieces, was play after the end (so too when
 * F is held and confirmed). */
static void test_pulse_after_the_last_move_taken_is_after_the_end(void **s)
{
	struct fix *f = started("");

	(void)s;
	feed(f, 0.5, OBS_POSITION, "2 0 0 0 0 1/0 0 0 0 0 2/20 23/N");
	feed(f, 3.0, OBS_DROP, "a");
	feed(f, 3.8, OBS_DROP, "c");
	tick(f, 10.0);
	if (f->v[f->n - 1].kind == VERDICT_HOLD)	/* (a board new to it) */
		feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	if (count(f, VERDICT_OVER) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "F");
	assert_after_end(f, PIT_C);
	fix_close(f);
}

/* F sown as before, and a pulse in pit c 0.2 s after pit a's: too
 * soon for a hand to have begun again (a stray, a roll): F's own
 * reading, and nothing follows the end of the game. */
static void test_pulse_too_soon_after_the_last_move_is_its_own(void **s)
{
	struct fix *f = started("");

	(void)s;
	feed(f, 0.5, OBS_POSITION, "2 0 0 0 0 1/0 0 0 0 0 2/20 23/N");
	feed(f, 3.0, OBS_DROP, "a");
	feed(f, 3.2, OBS_DROP, "c");
	tick(f, 10.0);
	if (f->v[f->n - 1].kind == VERDICT_HOLD)	/* (a board new to it) */
		feed(f, 12.0, OBS_CONFIRM, NULL);
	tick(f, 20.0);
	assert_int_equal(count(f, VERDICT_OVER), 1);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pulse_read_with_the_last_move_is_after_the_end),
		cmocka_unit_test(test_drops_kept_after_the_last_move_are_after_the_end),
		cmocka_unit_test(test_kept_drop_in_a_pit_after_a_held_last_move),
		cmocka_unit_test(test_pulse_after_the_last_move_taken_is_after_the_end),
		cmocka_unit_test(test_pulse_too_soon_after_the_last_move_is_its_own),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
