/*
 * test_camera_offset.c - a pit the lamp's glare washes out (calibrated
 * so) but that the frame does not saturate: the glare's added light,
 * fitted over the pit's floor and rim and taken out, leaves its seeds
 * to be read in levels, so the pit reads a bounded range holding the
 * true count and an estimate near it; an empty pit reads none.
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
#include <math.h>

#include <cmocka.h>

#include "camera/view.h"
#include "tests/render.h"

#include "tests/camera_fixture.h"

/* Pit e, under the glare. */
enum { GLARED = 4 };

static double strength = 0.4;	/* the glare's, of white */

static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;

	render_defaults(s, counts);
	s->palette = RENDER_BEANS;
	render_places(s, names, &truth);
	s->glare = strength;
	s->glare_x = truth.place[GLARED].x / s->w;
	s->glare_y = truth.place[GLARED].y / s->h;
}

static int setup_view(void **state)
{
	(void)state;
	if (getenv("STRENGTH"))
		strength = atof(getenv("STRENGTH"));
	return camera_setup("/tmp/pitboss-test-offset-XXXXXX", session,
			    camera_shoot);
}

static void test_glare_taken_out_bounds_the_count(void **state)
{
	double washed[CAM_PLACES_MAX];
	int q = view.order[GLARED], close = 0, shots = 0;

	(void)state;
	cam_calib_washed(&view.calib, washed, NULL);
	if (getenv("PROBE"))
		fprintf(stderr, "washed %.2f\n", washed[q]);
	assert_true(washed[q] > CAM_WASHED);
	for (int n = 0; n <= 3; n++)
		for (unsigned seed = 1; seed <= 3; seed++) {
			int counts[14] = { 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4,
					   0, 0 };
			struct render_scene s;
			struct cam_reading rd;
			char snap[512];

			counts[GLARED] = n;
			counts[12] = 4 - n + 4;
			session(&s, counts);
			s.seed = 60 + 7 * n + seed;
			camera_shoot_snap(&s, &rd, snap, sizeof(snap));
			assert_int_equal(rd.status, CAM_READ_OK);
			if (getenv("PROBE"))
				fprintf(stderr, "%d: %d-%d est %.2f\n", n,
					rd.lo[q], rd.hi[q], rd.seeds[q]);
			if (rd.lo[q] > n || rd.hi[q] < n)
				fail_msg("%d seeds read as %d-%d", n, rd.lo[q],
					 rd.hi[q]);
			/* bounded, as a pit the glare does not light */
			if (rd.hi[q] > 3 * n + 3)
				fail_msg("%d seeds read as %d-%d", n, rd.lo[q],
					 rd.hi[q]);
			if (n == 0 && rd.hi[q] != 0)
				fail_msg("an empty pit read as %d-%d",
					 rd.lo[q], rd.hi[q]);
			shots++;
			close += rd.seeds[q] >= 0 &&
				 fabs(rd.seeds[q] - n) < 0.5;
		}
	/* an estimate near the true count, mostly */
	assert_true(close >= shots / 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_glare_taken_out_bounds_the_count),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
