/*
 * test_transport_sensing.c - the referee reading Transport from an
 * occupancy board: a move one legal move fits taken, several fits (a
 * launch's pointing) held with the moves that fit and completed by an
 * entry, a board no move fits called a foul with the squares named, a
 * piece lifted and put back no move, a stuck switch told and never
 * the cause of a foul, a square the board cannot read left out.
 */
#include "config.h"

#include "tests/transport_util.h"

#include "referee/referee.h"
#include "referee/sensing.h"

#define VERDICTS_MAX 256

struct fix {
	struct referee *ref;
	const struct sensing *sense;
	struct rules_game *game;
	struct transport_pos pos;	/* the board as the players made it */
	struct verdict v[VERDICTS_MAX];
	int n;
	int stuck;			/* a square whose switch reads
					   occupied always, or -1 */
};

static void on_verdict(void *ctx, const struct verdict *v)
{
	struct fix *f = ctx;

	if (f->n < VERDICTS_MAX)
		f->v[f->n++] = *v;
}

static uint64_t ms(double t)
{
	return (uint64_t)(t * 1000.0 + 0.5) * 1000;
}

static void feed(struct fix *f, double t, enum obs_kind kind, const char *text)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = ms(t);
	o.table = 1;
	o.kind = kind;
	if (text != NULL)
		snprintf(o.text, sizeof(o.text), "%s", text);
	referee_feed(f->ref, &o);
}

/* The switches' snapshot of `pos`, squares in `empty` read empty. */
static void board(struct fix *f, double t, const struct transport_pos *pos,
		  int empty)
{
	int counts[TRANSPORT_SQUARES_MAX + 1];
	char text[TRANSPORT_SQUARES_MAX * 2];

	f->sense->counts(f->game, pos, counts);
	if (empty >= 0)
		counts[empty] = 0;
	if (f->stuck >= 0)
		counts[f->stuck] = 1;
	assert_int_equal(f->sense->snapshot_format(f->game, counts, text,
						   sizeof(text)), 0);
	feed(f, t, OBS_SNAPSHOT, text);
}

static struct fix *started(void)
{
	struct fix *f = calloc(1, sizeof(*f));
	char err[256] = "";

	assert_non_null(f);
	f->ref = referee_new(1, "transport", "size=8", NULL, on_verdict, f,
			     err, sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	f->sense = sensing_find("transport");
	assert_non_null(f->sense);
	f->game = tgame("size=8");
	transport_rules.start(f->game, &f->pos);
	f->stuck = -1;
	feed(f, 0, OBS_START, NULL);
	return f;
}

static void fix_close(struct fix *f)
{
	referee_free(f->ref);
	rules_game_free(f->game);
	free(f);
}

static int count(const struct fix *f, enum verdict_kind kind)
{
	int n = 0;

	for (int i = 0; i < f->n; i++)
		n += f->v[i].kind == kind;
	return n;
}

static const struct verdict *last(const struct fix *f, enum verdict_kind kind)
{
	for (int i = f->n - 1; i >= 0; i--)
		if (f->v[i].kind == kind)
			return &f->v[i];
	for (int i = 0; i < f->n; i++) {
		char line[VERDICT_LINE_MAX];

		verdict_format(&f->v[i], line, sizeof(line));
		print_message("  %s\n", line);
	}
	fail_msg("no '%s' verdict among %d", verdict_kind_name(kind), f->n);
	return &f->v[VERDICTS_MAX - 1];
}

static void assert_has(const char *text, const char *part)
{
	if (strstr(text, part) == NULL)
		fail_msg("'%s' does not hold '%s'", text, part);
}

/* Square index on the 8x8 board: "c3". */
static int sq(const char *name)
{
	return (name[1] - '1') * 8 + (name[0] - 'a');
}

static int about(const struct verdict *v, const char *name)
{
	for (int i = 0; i < v->nplaces; i++)
		if (v->places[i] == sq(name))
			return 1;
	return 0;
}

static void test_one_fit_is_taken(void **state)
{
	struct fix *f = started();

	(void)state;
	tplay(f->game, &f->pos, "Td1-d2");
	board(f, 1.0, &f->pos, -1);
	/* Not before the board has been still for the settle time. */
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	referee_tick(f->ref, ms(2.5));
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "Td1-d2");
	assert_int_equal(last(f, VERDICT_ACCEPT)->cause, CAUSE_SENSED);
	assert_int_equal(referee_mover(f->ref), 1);
	fix_close(f);
}

static void test_launch_held_for_its_direction(void **state)
{
	struct fix *f = started();
	const struct verdict *v;

	(void)state;
	tplay(f->game, &f->pos, "C*c3:ne");
	board(f, 1.0, &f->pos, -1);
	referee_tick(f->ref, ms(2.5));
	v = last(f, VERDICT_HOLD);
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_true(about(v, "c3"));
	assert_int_equal(v->nplaces, 1);
	assert_has(v->evidence, "missing=direction");
	assert_has(v->evidence, "candidates=");
	assert_has(v->evidence, "C*c3:ne");
	assert_has(v->evidence, "C*c3:n,");
	assert_has(v->text, "c3 filled fits");
	assert_has(v->text, "enter the direction");
	assert_true(referee_held(f->ref));
	/* The direction entered completes it. */
	feed(f, 4.0, OBS_ENTRY, "C*c3:ne");
	assert_false(referee_held(f->ref));
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "C*c3:ne");
	assert_int_equal(referee_plies(f->ref), 1);
	assert_int_equal(referee_mover(f->ref), 1);
	fix_close(f);
}

static void test_flight_held_with_its_candidates(void **state)
{
	struct fix *f = started();
	const struct verdict *v;

	(void)state;
	tplay(f->game, &f->pos, "C*c3:ne");
	board(f, 1.0, &f->pos, -1);
	referee_tick(f->ref, ms(2.5));
	feed(f, 3.0, OBS_ENTRY, "C*c3:ne");
	tplay(f->game, &f->pos, "Da8-a7");
	board(f, 4.0, &f->pos, -1);
	referee_tick(f->ref, ms(5.5));
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "Da8-a7");
	/* The plane flies c3-e5: its pointing unseen, eight moves fit. */
	tplay(f->game, &f->pos, "Pc3-e5:n");
	board(f, 7.0, &f->pos, -1);
	referee_tick(f->ref, ms(8.5));
	v = last(f, VERDICT_HOLD);
	assert_int_equal(v->cause, CAUSE_AMBIGUOUS);
	assert_true(about(v, "c3") && about(v, "e5"));
	assert_has(v->text, "c3 emptied, e5 filled fits 8 moves");
	assert_has(v->evidence, "missing=direction");
	assert_has(v->evidence, "Pc3-e5:n,Pc3-e5:ne");
	feed(f, 9.0, OBS_CORRECT, "Pc3-e5:n");
	assert_false(referee_held(f->ref));
	assert_int_equal(referee_plies(f->ref), 3);
	fix_close(f);
}

static void test_no_fit_is_a_foul_naming_the_squares(void **state)
{
	struct fix *f = started();
	struct transport_pos seen = f->pos;
	const struct verdict *v;

	(void)state;
	/* The transport from d1 to e6: no piece of South goes there. */
	tset(f->game, &seen, ttext(f->game, &f->pos));
	seen.ship[0][TRANSPORT_T].sq = (uint8_t)sq("e6");
	board(f, 1.0, &seen, -1);
	referee_tick(f->ref, ms(2.5));
	v = last(f, VERDICT_FOUL);
	assert_int_equal(v->cause, CAUSE_NO_FIT);
	assert_has(v->text, "d1 emptied, e6 filled: no piece of S can make "
		   "that move");
	assert_has(v->text, "restore the board");
	assert_true(about(v, "d1") && about(v, "e6"));
	assert_int_equal(v->nplaces, 2);
	assert_true(referee_restoring(f->ref));
	/* Read again before the transport is taken off e6: e6 is no
	 * stuck switch. */
	board(f, 2.8, &seen, -1);
	assert_true(referee_restoring(f->ref));
	/* The board put back ends it. */
	board(f, 3.0, &f->pos, -1);
	assert_false(referee_restoring(f->ref));
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	assert_int_equal(count(f, VERDICT_WARN), 0);
	assert_int_equal(referee_line(f->ref, sq("e6"))->state, LINE_OK);
	fix_close(f);
}

/* After a foul the board is back only when it reads as the position: a
 * square off is a piece still in the hand; one that stays off for the
 * settle time is a switch stuck as the board was put back. */
static void test_restored_board_read_once_still(void **state)
{
	struct fix *f = started();
	struct transport_pos seen = f->pos;
	const struct verdict *v;

	(void)state;
	seen.ship[0][TRANSPORT_T].sq = (uint8_t)sq("e6");
	board(f, 1.0, &seen, -1);
	referee_tick(f->ref, ms(2.5));
	assert_true(referee_restoring(f->ref));
	/* The transport in the hand, d1 and e6 empty, for long. */
	board(f, 3.0, &f->pos, sq("d1"));
	referee_tick(f->ref, ms(4.5));
	assert_true(referee_restoring(f->ref));
	/* Put back on d1 as e4's switch sticks: back once still. */
	f->stuck = sq("e4");
	board(f, 5.0, &f->pos, -1);
	assert_true(referee_restoring(f->ref));
	referee_tick(f->ref, ms(5.5));
	assert_true(referee_restoring(f->ref));
	referee_tick(f->ref, ms(6.5));
	assert_false(referee_restoring(f->ref));
	v = last(f, VERDICT_WARN);
	assert_int_equal(v->cause, CAUSE_SENSOR_STUCK);
	assert_true(about(v, "e4"));
	/* Play goes on, e4 left out. */
	tplay(f->game, &f->pos, "Td1-d2");
	board(f, 8.0, &f->pos, -1);
	referee_tick(f->ref, ms(9.5));
	assert_string_equal(last(f, VERDICT_WARN)->move, "Td1-d2");
	assert_int_equal(count(f, VERDICT_FOUL), 1);
	fix_close(f);
}

static void test_lift_and_put_back_is_no_move(void **state)
{
	struct fix *f = started();

	(void)state;
	/* A hand lifts the transport, thinks, puts it back. */
	board(f, 1.0, &f->pos, sq("d1"));
	board(f, 1.6, &f->pos, -1);
	referee_tick(f->ref, ms(10.0));
	assert_int_equal(f->n, 1);	/* the start only */
	/* Lifted, carried over, put down elsewhere: the move once still. */
	board(f, 11.0, &f->pos, sq("d1"));
	tplay(f->game, &f->pos, "Td1-c2");
	board(f, 11.5, &f->pos, -1);
	referee_tick(f->ref, ms(12.0));
	assert_int_equal(count(f, VERDICT_ACCEPT), 0);
	referee_tick(f->ref, ms(12.6));
	assert_string_equal(last(f, VERDICT_ACCEPT)->move, "Td1-c2");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

static void test_stuck_switch_is_told(void **state)
{
	struct fix *f = started();
	const struct verdict *v;

	(void)state;
	f->stuck = sq("e4");
	board(f, 1.0, &f->pos, -1);
	referee_tick(f->ref, ms(2.5));
	assert_int_equal(f->v[1].kind, VERDICT_WARN);
	assert_int_equal(f->v[1].cause, CAUSE_SNAPSHOT_FAR);
	assert_true(about(&f->v[1], "e4"));
	assert_has(f->v[1].text, "square e4 reads 1, expected 0");
	/* Then the switch is said stuck, its square in the verdict. */
	v = last(f, VERDICT_WARN);
	assert_int_equal(v->cause, CAUSE_SENSOR_STUCK);
	assert_true(about(v, "e4"));
	assert_string_equal(v->evidence, "stuck=e4");
	assert_int_equal(referee_line(f->ref, sq("e4"))->state, LINE_STUCK);
	/* Moves are still read, the stuck square named each time. */
	tplay(f->game, &f->pos, "Td1-d2");
	board(f, 4.0, &f->pos, -1);
	referee_tick(f->ref, ms(5.5));
	v = last(f, VERDICT_WARN);
	assert_string_equal(v->move, "Td1-d2");
	assert_int_equal(v->cause, CAUSE_SENSED_FAULT);
	assert_true(about(v, "e4"));
	assert_string_equal(v->evidence, "stuck=e4");
	assert_int_equal(referee_plies(f->ref), 1);
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	fix_close(f);
}

/* A switch that sticks closed as a move is made: the move is held
 * naming the square, not called a foul; once it is confirmed the
 * switch is known stuck, later moves are taken with a warning, and the
 * switch reading empty again is said to work. */
static void test_switch_sticking_during_a_move(void **state)
{
	struct fix *f = started();
	const struct verdict *v;

	(void)state;
	f->stuck = sq("e4");
	tplay(f->game, &f->pos, "Td1-d2");
	board(f, 1.0, &f->pos, -1);
	referee_tick(f->ref, ms(2.5));
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	v = last(f, VERDICT_HOLD);
	assert_string_equal(v->move, "Td1-d2");
	assert_int_equal(v->cause, CAUSE_SNAPSHOT_OFF);
	assert_true(about(v, "e4"));
	assert_has(v->evidence, "off=e4");
	feed(f, 3.0, OBS_CONFIRM, NULL);
	assert_int_equal(referee_plies(f->ref), 1);
	assert_int_equal(referee_line(f->ref, sq("e4"))->state, LINE_STUCK);
	tplay(f->game, &f->pos, "Te8-e7");
	board(f, 5.0, &f->pos, -1);
	referee_tick(f->ref, ms(6.5));
	v = last(f, VERDICT_WARN);
	assert_string_equal(v->move, "Te8-e7");
	assert_int_equal(v->cause, CAUSE_SENSED_FAULT);
	assert_string_equal(v->evidence, "stuck=e4");
	assert_int_equal(count(f, VERDICT_FOUL), 0);
	/* The switch reads empty again: it works, and is said so. */
	f->stuck = -1;
	board(f, 8.0, &f->pos, -1);
	v = last(f, VERDICT_NOTE);
	assert_int_equal(v->cause, CAUSE_SENSOR_BACK);
	assert_true(about(v, "e4"));
	assert_int_equal(referee_line(f->ref, sq("e4"))->state, LINE_FLAKY);
	fix_close(f);
}

/* A square the board says it cannot read ('?', a scanner's alarm) is
 * said stuck and left out: a legal move is taken, an illegal one is
 * still a foul. */
static void test_square_the_board_cannot_read(void **state)
{
	struct fix *f = started();
	struct transport_pos seen;
	const struct verdict *v;
	char text[TRANSPORT_SQUARES_MAX * 2];
	int counts[TRANSPORT_SQUARES_MAX + 1];

	(void)state;
	tplay(f->game, &f->pos, "Td1-d2");
	f->sense->counts(f->game, &f->pos, counts);
	counts[sq("h5")] = -1;
	assert_int_equal(f->sense->snapshot_format(f->game, counts, text,
						   sizeof(text)), 0);
	assert_non_null(strchr(text, '?'));
	feed(f, 1.0, OBS_SNAPSHOT, text);
	v = last(f, VERDICT_WARN);
	assert_int_equal(v->cause, CAUSE_SENSOR_STUCK);
	assert_true(about(v, "h5"));
	assert_has(v->text, "cannot be read");
	referee_tick(f->ref, ms(2.5));
	v = last(f, VERDICT_WARN);
	assert_string_equal(v->move, "Td1-d2");
	assert_int_equal(v->cause, CAUSE_SENSED_FAULT);
	assert_string_equal(v->evidence, "stuck=h5");
	/* North's transport carried astray (d8 to e3), h5 unread: a foul. */
	seen = f->pos;
	seen.ship[1][TRANSPORT_T].sq = (uint8_t)sq("e3");
	f->sense->counts(f->game, &seen, counts);
	counts[sq("h5")] = -1;
	assert_int_equal(f->sense->snapshot_format(f->game, counts, text,
						   sizeof(text)), 0);
	feed(f, 4.0, OBS_SNAPSHOT, text);
	referee_tick(f->ref, ms(5.5));
	v = last(f, VERDICT_FOUL);
	assert_int_equal(v->cause, CAUSE_NO_FIT);
	assert_false(about(v, "h5"));
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_fit_is_taken),
		cmocka_unit_test(test_launch_held_for_its_direction),
		cmocka_unit_test(test_flight_held_with_its_candidates),
		cmocka_unit_test(test_no_fit_is_a_foul_naming_the_squares),
		cmocka_unit_test(test_restored_board_read_once_still),
		cmocka_unit_test(test_lift_and_put_back_is_no_move),
		cmocka_unit_test(test_stuck_switch_is_told),
		cmocka_unit_test(test_switch_sticking_during_a_move),
		cmocka_unit_test(test_square_the_board_cannot_read),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("transport sensing", tests, NULL,
					   NULL);
}
