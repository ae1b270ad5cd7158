/*
 * test_camera_glare.c - a lamp's glare over two pits of the board
 * (tests/render.c): the board is calibrated all the same, its rows'
 * layout placing the pits the glare hides; those pits are marked as
 * washed out, read with no top and no estimate (the seeds that show a
 * lower bound), and a move that only
 * they would tell is not taken (nor the next board, which no move
 * explains, called a foul), while a move the other places show is.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "camera/view.h"
#include "referee/referee.h"
#include "tests/render.h"

#include "tests/camera_fixture.h"
#include "tests/referee_fixture.h"

/* Pits b and c, under the glare. */
enum { GLARED_B = 1, GLARED_C = 2 };

/* A board a little smaller in the frame, a strong lamp's glare between
 * pits b and c (which hides them from the finder of single hollows). */
static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;

	render_defaults(s, counts);
	s->palette = RENDER_PEBBLES;
	s->scale = 0.85;
	render_places(s, names, &truth);
	s->glare = 0.6;
	s->glare_x = (truth.place[GLARED_B].x + truth.place[GLARED_C].x) / 2 /
		     s->w;
	s->glare_y = (truth.place[GLARED_B].y + truth.place[GLARED_C].y) / 2 /
		     s->h;
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-glare-XXXXXX", session,
			    camera_shoot);
}

static void test_glared_board_is_calibrated(void **state)
{
	struct render_scene s;
	struct cam_calib truth;

	(void)state;
	session(&s, start);
	render_places(&s, names, &truth);
	for (int i = 0; i < 14; i++) {
		const struct cam_place *a = &truth.place[i];
		const struct cam_place *b = &view.calib.place[view.order[i]];

		/* a store's outline is its hollow's box, a little wider
		 * than the rounded floor drawn */
		if (hypot(a->x - b->x, a->y - b->y) > 4 ||
		    fabs(a->rx - b->rx) > (i < 12 ? 3 : 0.15 * a->rx) ||
		    fabs(a->ry - b->ry) > (i < 12 ? 3 : 0.15 * a->ry))
			fail_msg("%s found at %.1f,%.1f r %.1f, truly "
				 "%.1f,%.1f r %.1f", names[i], b->x, b->y,
				 b->rx, a->x, a->y, a->rx);
	}
}

static void test_glared_pits_are_marked(void **state)
{
	double washed[CAM_PLACES_MAX];

	(void)state;
	cam_calib_washed(&view.calib, washed, NULL);
	for (int i = 0; i < 14; i++) {
		double w = washed[view.order[i]];

		if (i == GLARED_B || i == GLARED_C)
			assert_true(w > CAM_WASHED);
		else if (w > CAM_WASHED / 2)
			fail_msg("%s marked washed out (%.2f)", names[i], w);
	}
}

/* The snapshot text's place i. */
static void place_text(const char *snap, int i, char *out, size_t len)
{
	const char *p = snap;

	for (int k = 0; k < i; k++)
		p = strchr(p, ' ') + 1;
	snprintf(out, len, "%.*s", (int)strcspn(p, " "), p);
}

static void test_glared_pits_are_not_read(void **state)
{
	static const int counts[14] = { 2, 3, 1, 0, 5, 1, 4, 0, 2, 6, 1, 3,
					10, 10 };
	struct render_scene s;
	struct cam_reading rd;
	char snap[512], one[32];

	(void)state;
	session(&s, counts);
	s.seed = 31;
	camera_shoot_snap(&s, &rd, snap, sizeof(snap));
	assert_int_equal(rd.status, CAM_READ_OK);
	for (int i = 0; i < 14; i++) {
		int q = view.order[i];

		place_text(snap, i, one, sizeof(one));
		if (i == GLARED_B || i == GLARED_C) {
			/* no top, no estimate; the seeds seen a lower
			 * bound */
			assert_int_equal(rd.hi[q], CAM_COUNT_MAX);
			assert_true(rd.lo[q] <= counts[i]);
			assert_true(rd.seeds[q] < 0);
			assert_null(strchr(one, '~'));
		} else if (counts[i] < rd.lo[q] || counts[i] > rd.hi[q]) {
			fail_msg("%s holds %d, read %s", names[i], counts[i],
				 one);
		}
	}
}

/* The referee set as for a camera, at `pos`. */
static struct fix *camera_referee(const char *pos)
{
	struct fix *f = started_camera(1);

	feed(f, 1, OBS_POSITION, pos);
	assert_string_equal(position(f), pos);
	return f;
}

/* The frame of the board `counts` fed to the referee. */
static void frame(struct fix *f, double t, const int *counts, unsigned seed)
{
	struct render_scene s;
	struct cam_reading rd;
	char snap[512];

	session(&s, counts);
	s.seed = seed;
	camera_shoot_snap(&s, &rd, snap, sizeof(snap));
	assert_int_equal(rd.status, CAM_READ_OK);
	feed(f, t, OBS_SNAPSHOT, snap);
}

static void test_move_only_glared_pits_tell_is_not_taken(void **state)
{
	static const char *before = "4 1 3 4 4 4/4 4 4 4 4 4/2 2/S";
	/* b sown: one seed into c, nothing else changes */
	static const int after_b[14] = { 4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
					 2, 2 };
	/* then A by North */
	static const int after_b_a[14] = { 4, 0, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4,
					   2, 2 };
	/* d sown: e, f, the store and A, all in plain view */
	static const int after_d[14] = { 4, 1, 3, 0, 5, 5, 5, 4, 4, 4, 4, 4,
					 3, 2 };
	struct fix *f = camera_referee(before);
	int taken = f->n;

	(void)state;
	frame(f, 5, after_b, 41);
	frame(f, 7, after_b, 42);
	assert_string_equal(position(f), before);
	for (int i = taken; i < f->n; i++)
		if (f->v[i].kind == VERDICT_ACCEPT)
			fail_msg("taken on glared pits: %s", f->v[i].text);
	/* North moves next: the board fits no move of South's, but seeds
	 * may lie unseen under the glare: held, not a foul */
	frame(f, 9, after_b_a, 45);
	frame(f, 11, after_b_a, 46);
	for (int i = taken; i < f->n; i++)
		if (f->v[i].kind == VERDICT_FOUL ||
		    f->v[i].kind == VERDICT_ACCEPT)
			fail_msg("glared pits unread: %s", f->v[i].text);
	assert_int_equal(count(f, VERDICT_HOLD) + count(f, VERDICT_WARN) > 0,
			 1);
	fix_close(f);

	f = camera_referee(before);
	frame(f, 5, after_d, 43);
	frame(f, 7, after_d, 44);
	assert_string_equal(position(f), "4 1 3 0 5 5/5 4 4 4 4 4/3 2/N");
	fix_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_glared_board_is_calibrated),
		cmocka_unit_test(test_glared_pits_are_marked),
		cmocka_unit_test(test_glared_pits_are_not_read),
		cmocka_unit_test(test_move_only_glared_pits_tell_is_not_taken),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
