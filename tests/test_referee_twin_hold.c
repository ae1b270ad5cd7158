/*
 * test_referee_twin_hold.c - drops alone that are exactly a legal
 * move's and another pit's seed sown the wrong way round: pits a and c
 * hold one seed each, a (into b) and c backwards (into b) make the same
 * one drop. No drop tells them apart. When either player has been seen
 * sowing the wrong way round earlier in the same game, the move is held
 * naming both pits and what each should hold; otherwise (another game,
 * no one) a is taken (the record then questions it should the same
 * drops come again).
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

#define TWINS "1 2 1 4 4 4/4 4 4 4 4 4/8 0/S"
#define TWINS_N "4 4 4 4 4 4/1 2 1 4 4 4/0 8/N"

/* The one drop into b, S's button, in the game under way: a, or c sown
 * backwards. */
static void twins_here(struct fix *f, double t)
{
	feed(f, t + 0.5, OBS_POSITION, TWINS);
	feed(f, t + 1.0, OBS_DROP, "b");
	feed(f, t + 2.0, OBS_BUTTON, "S");
}

/* The same in a new game. */
static void one_drop_into_b(struct fix *f, double t)
{
	feed(f, t, OBS_START, NULL);
	twins_here(f, t);
}

/* S sows pit c the wrong way round (a foul). */
static struct fix *s_sowed_backwards(void)
{
	struct fix *f = started("");

	sow(f, 1.0, 0.3, "b a F E");
	feed(f, 3.0, OBS_BUTTON, "S");
	assert_says(last(f, VERDICT_FOUL), "sowing c the wrong way round");
	return f;
}

/* S sowed pit c the wrong way round earlier in this game (a foul), then
 * the twins: held, naming pits a and c. */
static void test_twin_held_where_people_sow_backwards(void **state)
{
	static const int a_c[] = { PIT_A, PIT_C, -1 };
	struct fix *f = s_sowed_backwards();
	const struct verdict *v;

	(void)state;
	twins_here(f, 10.0);
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	v = last(f, VERDICT_HOLD);
	assert_non_null(v);
	assert_string_equal(v->move, "a");
	assert_about(v, CAUSE_AMBIGUOUS, a_c);
	assert_says(v, "the drops are those of a, or of sowing c the wrong "
		    "way round: pit a should now be empty and pit c should "
		    "hold 1");
	assert_non_null(strstr(v->evidence, "reverse=c reversed-fouls=1"));
	assert_non_null(strstr(v->evidence, "decided=hold"));
	/* Confirmed: a taken. */
	feed(f, 14.0, OBS_CONFIRM, NULL);
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* S sowed backwards: N's twins (A, or C backwards into B) in the same
 * game are held too, on the same board. */
static void test_other_seats_twin_held(void **state)
{
	struct fix *f = s_sowed_backwards();

	(void)state;
	feed(f, 10.5, OBS_POSITION, TWINS_N);
	feed(f, 11.0, OBS_DROP, "B");
	feed(f, 12.0, OBS_BUTTON, "N");
	assert_int_equal(count(f, VERDICT_ACCEPT) + count(f, VERDICT_WARN), 0);
	assert_non_null(last(f, VERDICT_HOLD));
	assert_string_equal(last(f, VERDICT_HOLD)->move, "A");
	fix_close(f);
}

/* S sowed backwards in the game before: in a new game, S's twins are
 * taken (a game's trace judged alone is judged the same). */
static void test_new_games_twin_taken(void **state)
{
	struct fix *f = s_sowed_backwards();

	(void)state;
	one_drop_into_b(f, 10.0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* No one has sown the wrong way round here: a taken. */
static void test_twin_taken_where_none_sowed_backwards(void **state)
{
	struct fix *f = started("");

	(void)state;
	one_drop_into_b(f, 1.0);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "a");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_twin_held_where_people_sow_backwards),
		cmocka_unit_test(test_twin_taken_where_none_sowed_backwards),
		cmocka_unit_test(test_other_seats_twin_held),
		cmocka_unit_test(test_new_games_twin_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
