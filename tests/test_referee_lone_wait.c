/*
 * test_referee_lone_wait.c - one pulse that reads as a whole move
 * handing the turn over, on a table whose players press the turn
 * button. It waits through the quiet period for the mover's button, or
 * for the rest of a sowing whose hand's shadow it was; with neither it
 * is taken at the end, but for the next player's one-pulse move read
 * off the tail of a sowing with no button from either player, which is
 * held naming what to check.
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

/* A table whose players press the button: N's button seen, then the
 * position `pos`. */
static struct fix *with_buttons(const char *pos)
{
	struct fix *f = started("");

	feed(f, 0.2, OBS_BUTTON, "N");
	feed(f, 0.5, OBS_POSITION, pos);
	return f;
}

/* N lifts E (3 seeds: F N a); its hand's shadow on E, then F, the store
 * and a, slower than the pause that ends a sowing. D holds one seed: the
 * pulse on E alone spells D, which hands the turn over; it is not taken
 * before the sowing goes on, and E is taken at N's button. */
static void test_shadow_then_the_sowing_is_one_move(void **state)
{
	struct fix *f = with_buttons("4 4 4 4 4 4/4 4 4 1 3 4/0 4/N");
	const struct verdict *m[8];

	(void)state;
	feed(f, 1.0, OBS_DROP, "E");
	tick(f, 1.8);
	assert_int_equal(moves(f, m, 8), 0);
	sow(f, 1.95, 0.45, "F N a");
	feed(f, 3.4, OBS_BUTTON, "N");
	tick(f, 8.0);
	if (count(f, VERDICT_FOUL) != 0 || moves(f, m, 8) != 1)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "E");
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* The pulse on E alone, then N's button: D, taken at the button. */
static void test_lone_pulse_taken_at_the_button(void **state)
{
	struct fix *f = with_buttons("4 4 4 4 4 4/4 4 4 1 3 4/0 4/N");
	const struct verdict *m[8];

	(void)state;
	feed(f, 1.0, OBS_DROP, "E");
	feed(f, 2.0, OBS_BUTTON, "N");
	assert_int_equal(moves(f, m, 8), 1);
	assert_string_equal(m[0]->move, "D");
	assert_int_equal(m[0]->kind, VERDICT_ACCEPT);
	fix_close(f);
}

/* N sows E (4 seeds: F N a b), and one pulse more in d at the hand's
 * tempo, with no button from anyone. S's c (one seed) spells that pulse:
 * the next player's move read off the tail of the sowing, two turns
 * passed and neither said so by a button, on one pulse that is as much
 * a stray or N's own. E is taken; c is held, naming pit c, not taken. */
static void test_tail_pulse_without_buttons_is_held(void **state)
{
	struct fix *f = with_buttons("4 4 1 4 4 4/4 4 4 4 4 0/3 4/N");
	const struct verdict *m[8];

	(void)state;
	sow(f, 1.0, 0.6, "F N a b d");
	tick(f, 6.0);
	tick(f, 9.0);
	if (!referee_held(f->ref))
		dump(f);
	for (int i = 0; i < f->n; i++)
		assert_false((f->v[i].kind == VERDICT_ACCEPT ||
			      f->v[i].kind == VERDICT_WARN) &&
			     strcmp(f->v[i].move, "c") == 0);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[0]->move, "E");
	assert_true(referee_held(f->ref));
	assert_string_equal(m[1]->move, "c");
	assert_int_equal(m[1]->kind, VERDICT_HOLD);
	assert_says(m[1], "pit c should now be empty");
	fix_close(f);
}

/* The same sowing, then S's button after the last pulse: S said c was
 * made, and it is taken. */
static void test_tail_pulse_with_its_button_is_taken(void **state)
{
	struct fix *f = with_buttons("4 4 1 4 4 4/4 4 4 4 4 0/3 4/N");

	(void)state;
	sow(f, 1.0, 0.6, "F N a b d");
	feed(f, 4.0, OBS_BUTTON, "S");
	tick(f, 9.0);
	if (count(f, VERDICT_HOLD) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_HOLD), 0);
	assert_false(referee_held(f->ref));
	assert_int_equal(referee_plies(f->ref), 2);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "c");
	fix_close(f);
}

/* N's C (one seed, into D) with no button, and S's b (one seed, into
 * c) a little after the pause, then S's button: the next player's
 * sowing begun after the pause says the turn passed. C is judged first,
 * as at the pause, and both moves are taken; S's pulse is not read with
 * N's. */
static void test_next_player_begun_judges_the_pulse_first(void **state)
{
	struct fix *f = with_buttons("4 1 4 4 4 4/4 4 1 4 4 3/3 4/N");
	const struct verdict *m[8];

	(void)state;
	feed(f, 1.0, OBS_DROP, "D");
	feed(f, 1.62, OBS_DROP, "c");
	feed(f, 2.4, OBS_BUTTON, "S");
	tick(f, 9.0);
	if (moves(f, m, 8) != 2 || count(f, VERDICT_FOUL) != 0)
		dump(f);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	assert_int_equal(moves(f, m, 8), 2);
	assert_string_equal(m[0]->move, "C");
	/* judged at N's drop, not at S's button */
	assert_true(m[0]->t_us == ms(1.62));
	assert_string_equal(m[1]->move, "b");
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shadow_then_the_sowing_is_one_move),
		cmocka_unit_test(test_lone_pulse_taken_at_the_button),
		cmocka_unit_test(test_tail_pulse_without_buttons_is_held),
		cmocka_unit_test(test_tail_pulse_with_its_button_is_taken),
		cmocka_unit_test(
			test_next_player_begun_judges_the_pulse_first),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
