/*
 * test_camera_lit.c - a pit the lamp's glare lights only at its edge
 * (calibrated so: lit over CAM_TOUCHED of its floor, washed out nowhere
 * near CAM_WASHED) is read by the seeds outside the glare's patch: the
 * glare adds light over its patch alone, so it can neither make nor hide
 * a seed where it is too small to hold one. Every range holds the true
 * count, and the pit reads exact, empty or not, where its seeds lie
 * outside the patch.
 */
#include "config.h"

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
#include "tests/render.h"

#include "tests/camera_fixture.h"

/* Pit f, lit at its edge by a glare beyond it, towards the store. */
enum { LIT = 5, STORE = 12 };

static double reach;	/* the glare's centre, from f towards S */

static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;
	const struct cam_place *f, *st;

	render_defaults(s, counts);
	s->palette = RENDER_BEANS;
	render_places(s, names, &truth);
	f = &truth.place[LIT];
	st = &truth.place[STORE];
	s->glare = 0.35;
	s->glare_x = (f->x + reach * (st->x - f->x)) / s->w;
	s->glare_y = (f->y + 1.6 * f->ry) / s->h;
}

static int setup_view(void **state)
{
	(void)state;
	reach = getenv("REACH") ? atof(getenv("REACH")) : 0.7;
	return camera_setup("/tmp/pitboss-test-lit-XXXXXX", session,
			    camera_shoot);
}

static void test_seeds_outside_the_glare_read_exact(void **state)
{
	double washed[CAM_PLACES_MAX], touched[CAM_PLACES_MAX];
	int q = view.order[LIT], exact = 0, shots = 0;

	(void)state;
	cam_calib_washed(&view.calib, washed, touched);
	if (getenv("PROBE"))
		fprintf(stderr, "washed %.2f touched %.2f\n", washed[q],
			touched[q]);
	assert_true(touched[q] > CAM_TOUCHED);
	assert_true(washed[q] <= CAM_WASHED);
	for (int n = 0; n <= 3; n++)
		for (unsigned seed = 1; seed <= 4; seed++) {
			int counts[14] = { 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4,
					   0, 0 };
			struct render_scene s;
			struct cam_reading rd;
			char snap[512];

			counts[LIT] = n;
			counts[STORE] = 4 - n;
			session(&s, counts);
			s.seed = 60 + 5 * n + seed;
			camera_shoot_snap(&s, &rd, snap, sizeof(snap));
			assert_int_equal(rd.status, CAM_READ_OK);
			if (getenv("PROBE"))
				fprintf(stderr, "%d: %d-%d area %.1f\n", n,
					rd.lo[q], rd.hi[q], rd.seeds[q]);
			if (rd.lo[q] > n || rd.hi[q] < n)
				fail_msg("%d seeds read as %d-%d", n, rd.lo[q],
					 rd.hi[q]);
			shots++;
			exact += rd.lo[q] == n && rd.hi[q] == n;
			/* nothing in the patch to make or hide a seed */
			if (n == 0 && rd.hi[q] != 0)
				fail_msg("an empty pit read as %d-%d",
					 rd.lo[q], rd.hi[q]);
		}
	/* more than the empty ones read exact */
	if (exact < shots / 3)
		fail_msg("%d of %d read exact", exact, shots);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeds_outside_the_glare_read_exact),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
