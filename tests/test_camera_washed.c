/*
 * test_camera_washed.c - a pit the lamp's glare washes out (calibrated
 * so) is read as a lower bound with no top and no estimate: the glare
 * hides seeds but makes none, so the seeds that still show there are at
 * least that many, and an empty pit reads as any count from none up.
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

/* Pit e, under the glare. */
enum { GLARED = 4 };

static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;

	render_defaults(s, counts);
	s->palette = RENDER_BEANS;
	render_places(s, names, &truth);
	s->glare = 0.5;
	s->glare_x = truth.place[GLARED].x / s->w;
	s->glare_y = truth.place[GLARED].y / s->h;
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-washed-XXXXXX", session,
			    camera_shoot);
}

static void test_seeds_seen_under_glare_are_a_lower_bound(void **state)
{
	double washed[CAM_PLACES_MAX];
	int q = view.order[GLARED], seen = 0;

	(void)state;
	cam_calib_washed(&view.calib, washed, NULL);
	assert_true(washed[q] > CAM_WASHED);
	for (int n = 0; n <= 6; n++)
		for (unsigned seed = 1; seed <= 3; seed++) {
			int counts[14] = { 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4,
					   0, 0 };
			struct render_scene s;
			struct cam_reading rd;
			char snap[512];

			counts[GLARED] = n;
			counts[12] = 4 - n + 4;
			session(&s, counts);
			s.seed = 40 + 7 * n + seed;
			camera_shoot_snap(&s, &rd, snap, sizeof(snap));
			assert_int_equal(rd.status, CAM_READ_OK);
			if (getenv("PROBE"))
				fprintf(stderr, "%d: %d-%d area %.1f\n", n,
					rd.lo[q], rd.hi[q], rd.area[q]);
			/* no top, no estimate, never over the seeds there */
			assert_int_equal(rd.hi[q], CAM_COUNT_MAX);
			assert_true(rd.seeds[q] < 0);
			if (rd.lo[q] > n)
				fail_msg("%d seeds read as %d or more", n,
					 rd.lo[q]);
			seen += n > 0 && rd.lo[q] > 0;
		}
	/* seeds that show under the glare are counted */
	assert_true(seen >= 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeds_seen_under_glare_are_a_lower_bound),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
