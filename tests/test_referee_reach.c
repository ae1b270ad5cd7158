/*
 * test_referee_reach.c - one pulse within reach of the hand that made
 * the move before. N's D (E F N a b) taken at the pause, then a pulse
 * in pit c, next to pit b where that sowing ended, and then N's button:
 * a piece of N's hand late or rolled next door, or S's b (one seed,
 * into c) made at once. The button is N's, not S's: S's b is held
 * naming both and what to check, not taken. S's own button after the
 * pulse, even after the pause that may part two moves, says the move
 * is S's; a pulse away from where N's sowing ended
 * is no piece of it.
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

/* N's D sown and taken at the pause, then one pulse in `place`, the
 * button of `seat` `dt` s after it and (`then` not NULL) the button of
 * `then` `dt2` s after it, and the quiet period over; the verdict about
 * ply 2 (NULL: none). */
static const struct verdict *pressed_after_d(struct fix *f,
					     const char *place,
					     const char *seat, double dt,
					     const char *then, double dt2)
{
	double t;

	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 0 4 4 4 1/4 4 4 5 4 4/3 3/N");
	t = sow(f, 1.0, 0.4, "E F N a b");	/* D */
	tick(f, t + 0.8);
	if (referee_plies(f->ref) != 1)
		dump(f);
	assert_int_equal(referee_plies(f->ref), 1);
	feed(f, t + 1.0, OBS_DROP, place);
	feed(f, t + 1.0 + dt, OBS_BUTTON, seat);
	if (then != NULL) {
		tick(f, t + 1.0 + dt2 - 0.05);
		feed(f, t + 1.0 + dt2, OBS_BUTTON, then);
	}
	tick(f, t + 12.0);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].ply == 2 && (f->v[i].kind == VERDICT_ACCEPT ||
					 f->v[i].kind == VERDICT_WARN ||
					 f->v[i].kind == VERDICT_HOLD ||
					 f->v[i].kind == VERDICT_FOUL))
			return &f->v[i];
	return NULL;
}

static const struct verdict *after_d(struct fix *f, const char *place,
				     const char *seat)
{
	return pressed_after_d(f, place, seat, 0.4, NULL, 0.0);
}

/* The pulse in c, then N's button: S's b held, naming D and pit b. */
static void test_pulse_next_to_the_last_drop_is_held(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = after_d(f, "c", "N");
	if (v == NULL || v->kind != VERDICT_HOLD)
		dump(f);
	assert_non_null(v);
	assert_int_equal(v->kind, VERDICT_HOLD);
	assert_string_equal(v->move, "b");
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_says(v, "next to pit b");
	assert_says(v, "sowing of D ended, then the button of N, who made it");
	assert_says(v, "pit b should now be empty");
	assert_non_null(strstr(v->evidence,
			       "move=b reach=next button=last decided=hold"));
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

/* The pulse in c, then S's button: S's b, taken. */
static void test_the_next_players_button_takes_it(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = after_d(f, "c", "S");
	assert_non_null(v);
	assert_int_equal(v->kind, VERDICT_ACCEPT);
	assert_string_equal(v->move, "b");
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

/* The pulse in c, N's button 0.3 s after it, and S's own 1.5 s after
 * it (longer than the pause that may part two moves, within the quiet
 * period): S's button says the move is S's, b taken. */
static void test_the_next_players_late_button_takes_it(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = pressed_after_d(f, "c", "N", 0.3, "S", 1.5);
	if (v == NULL || v->kind != VERDICT_ACCEPT)
		dump(f);
	assert_non_null(v);
	assert_int_equal(v->kind, VERDICT_ACCEPT);
	assert_string_equal(v->move, "b");
	assert_int_equal(referee_plies(f->ref), 2);
	fix_close(f);
}

/* The pulse in store S (S's f), far from pit b, then N's button: no
 * piece of D's, S's f taken as before. */
static void test_pulse_out_of_reach_is_taken(void **state)
{
	struct fix *f = started("");
	const struct verdict *v;

	(void)state;
	v = after_d(f, "S", "N");
	assert_non_null(v);
	assert_int_equal(v->kind, VERDICT_ACCEPT);
	assert_string_equal(v->move, "f");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pulse_next_to_the_last_drop_is_held),
		cmocka_unit_test(test_the_next_players_button_takes_it),
		cmocka_unit_test(test_the_next_players_late_button_takes_it),
		cmocka_unit_test(test_pulse_out_of_reach_is_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
