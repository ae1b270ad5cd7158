/*
 * test_referee_late_doubt.c - a held move's last seed fallen late, or
 * the next move. S sows b (7 seeds: c d e f S A B); B's seed falls long
 * after the others, once the move is held a seed short. The arbiter
 * confirms b. The kept pulse in B is b's last seed, or N's sowing of A
 * (its one seed, into B): N's A is not taken on it alone, but held
 * naming what to check. S's button pressed after that pulse does not
 * tell them apart (a button forgotten is pressed late as well): still
 * held.
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

#define B_SEVEN "4 7 4 4 4 4/0 4 4 4 4 5/0 0/S"

/* b's drops but its last, held a seed short; then the pulse in B
 * (with S's button after it when `button`), and the arbiter's
 * confirmation. */
static struct fix *late_b(int button)
{
	struct fix *f = started("");
	double t;

	/* (no buttons) */
	feed(f, 0.5, OBS_POSITION, B_SEVEN);
	t = sow(f, 1.0, 0.3, "c d e f S A");
	tick(f, t + 5.1);
	assert_non_null(last(f, VERDICT_HOLD));
	assert_string_equal(last(f, VERDICT_HOLD)->move, "b");
	feed(f, t + 5.4, OBS_DROP, "B");
	if (button)
		feed(f, t + 6.0, OBS_BUTTON, "S");
	feed(f, t + 8.0, OBS_CONFIRM, NULL);
	tick(f, t + 16.0);
	return f;
}

static void test_late_seed_or_next_move_held(void **state)
{
	static const int a_b[] = { PIT_A + 6, PIT_B + 6, -1 };
	struct fix *f = late_b(0);
	const struct verdict *v;

	(void)state;
	assert_int_equal(count(f, VERDICT_ACCEPT), 1);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "A");
	assert_about(v, CAUSE_AMBIGUOUS, a_b);
	assert_says(v, "the drop B is A, or the last seed of b fallen "
		    "late: pit A should now be empty");
	assert_non_null(strstr(v->evidence, "late=b:1"));
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

static void test_movers_button_after_it_does_not_tell(void **state)
{
	struct fix *f = late_b(1);

	(void)state;
	assert_int_equal(count(f, VERDICT_ACCEPT), 1);
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "b");
	assert_string_equal(last(f, VERDICT_HOLD)->move, "A");
	assert_non_null(strstr(last(f, VERDICT_HOLD)->evidence, "late=b:1"));
	assert_int_equal(referee_plies(f->ref), 1);
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_late_seed_or_next_move_held),
		cmocka_unit_test(test_movers_button_after_it_does_not_tell),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
