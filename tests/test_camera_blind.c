/*
 * test_camera_blind.c - a pit the lamp's glare lights over most of its
 * floor (lit over CAM_TOUCHED, washed out under CAM_WASHED) without
 * saturating the sensor: the glare's light, added to the seeds and the
 * floor alike, leaves every seed's outline and shade as they were, so no
 * seed hides there. An empty pit reads exactly 0, and every range holds
 * the true count. (A glare that clips the frame: test_camera_clip.c.)
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

/* Pit C, the glare a little below its centre. */
enum { LIT = 8, STORE = 13 };

static double strength = 0.2;	/* the glare's, of white */

static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;
	const struct cam_place *p;

	render_defaults(s, counts);
	s->palette = RENDER_BEANS;
	render_places(s, names, &truth);
	p = &truth.place[LIT];
	s->glare = strength;
	s->glare_x = p->x / s->w;
	s->glare_y = (p->y + 0.5 * p->ry) / s->h;
}

static int setup_view(void **state)
{
	(void)state;
	if (getenv("STRENGTH"))
		strength = atof(getenv("STRENGTH"));
	return camera_setup("/tmp/pitboss-test-blind-XXXXXX", session,
			    camera_shoot);
}

/* Pit C with `n` seeds (the rest in North's store), shot `seed`. */
static void shoot_pit(int n, unsigned seed, struct cam_reading *rd)
{
	int counts[14] = { 4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 0, 0 };
	struct render_scene s;
	char snap[512];

	counts[LIT] = n;
	counts[STORE] = 4 - n;
	session(&s, counts);
	s.seed = 80 + 5 * n + seed;
	camera_shoot_snap(&s, rd, snap, sizeof(snap));
	assert_int_equal(rd->status, CAM_READ_OK);
}

static void test_lit_unsaturated_hides_no_seed(void **state)
{
	double washed[CAM_PLACES_MAX], touched[CAM_PLACES_MAX];
	int q = view.order[LIT];

	(void)state;
	cam_calib_washed(&view.calib, washed, touched);
	if (getenv("PROBE"))
		fprintf(stderr, "washed %.2f touched %.2f\n", washed[q],
			touched[q]);
	assert_true(touched[q] > 0.5);
	assert_true(washed[q] <= CAM_WASHED);
	for (int n = 0; n <= 2; n++)
		for (unsigned seed = 1; seed <= 4; seed++) {
			struct cam_reading rd;

			shoot_pit(n, seed, &rd);
			if (getenv("PROBE"))
				fprintf(stderr, "%d: %d-%d area %.1f\n", n,
					rd.lo[q], rd.hi[q], rd.seeds[q]);
			if (rd.lo[q] > n || rd.hi[q] < n)
				fail_msg("%d seeds read as %d-%d", n, rd.lo[q],
					 rd.hi[q]);
			/* exact where the empty board shows no pixel
			 * washed out there, a seed over at most elsewhere */
			if (n == 0 && rd.hi[q] > (washed[q] > 0))
				fail_msg("an empty pit read as %d-%d",
					 rd.lo[q], rd.hi[q]);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lit_unsaturated_hides_no_seed),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
