/*
 * test_camera_clip.c - a lamp's glare strong enough to clip the camera
 * over part of a pit's floor, in the empty board and the frame alike
 * (nothing seed-coloured there, nothing changed since calibration): a
 * seed may hide where the frame clips, so an empty pit there is read
 * 0 or more, never an exact 0. Whether the camera's white clips at 255,
 * at 230 (a limited-range camera), or one channel clips first (a
 * tinted lamp); and likewise where the empty board shows the glare
 * washing out part of the floor though the frame clips nowhere.
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

static const struct clip {
	double strength, size, white[3], dim[3];
} clips[] = {
	{ 0.9, 0.015, { 0, 0, 0 }, { 0, 0, 0 } },	/* white at 255 */
	{ 0.9, 0.015, { 230, 230, 230 }, { 0, 0, 0 } },	/* white at 230 */
	{ 0.55, 0, { 0, 0, 0 }, { 0, 0.3, 0.45 } },	/* red clips first */
	{ 0.28, 0, { 0, 0, 0 }, { 0, 0, 0 } },		/* washed out in part
							   in the empty board */
};
static const struct clip *clip;

static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;
	const struct cam_place *p;

	render_defaults(s, counts);
	s->palette = RENDER_BEANS;
	render_places(s, names, &truth);
	p = &truth.place[LIT];
	s->glare = getenv("STRENGTH") ? atof(getenv("STRENGTH")) :
		   clip->strength;
	s->glare_r = getenv("SIZE") ? atof(getenv("SIZE")) : clip->size;
	s->glare_x = p->x / s->w;
	s->glare_y = (p->y + 0.5 * p->ry) / s->h;
	for (int k = 0; k < 3; k++) {
		s->white[k] = clip->white[k];
		s->glare_dim[k] = clip->dim[k];
	}
}

static int setup_clip(const struct clip *c)
{
	clip = c;
	return camera_setup("/tmp/pitboss-test-clip-XXXXXX", session,
			    camera_shoot);
}

static int setup_255(void **state)
{
	(void)state;
	return setup_clip(&clips[0]);
}

static int setup_230(void **state)
{
	(void)state;
	return setup_clip(&clips[1]);
}

static int setup_red(void **state)
{
	(void)state;
	return setup_clip(&clips[2]);
}

static int setup_washed(void **state)
{
	(void)state;
	return setup_clip(&clips[3]);
}

/* Pit C empty (its seeds in North's store), and with one seed: the
 * empty pit is read 0 or more, never exactly 0, and every range holds
 * the truth. */
static void test_clipped_may_hide_a_seed(void **state)
{
	double washed[CAM_PLACES_MAX], touched[CAM_PLACES_MAX];
	int q = view.order[LIT];

	(void)state;
	cam_calib_washed(&view.calib, washed, touched);
	if (getenv("PROBE"))
		fprintf(stderr, "washed %.2f touched %.2f\n", washed[q],
			touched[q]);
	assert_true(touched[q] > CAM_TOUCHED);
	assert_true(washed[q] <= CAM_WASHED);
	for (int n = 0; n <= 1; n++)
		for (unsigned seed = 1; seed <= 3; seed++) {
			int counts[14] = { 4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4,
					   0, 0 };
			struct render_scene s;
			struct cam_reading rd;

			counts[LIT] = n;
			counts[STORE] = 4 - n;
			session(&s, counts);
			s.seed = 60 + 5 * n + seed;
			camera_shoot(&s, &rd);
			assert_int_equal(rd.status, CAM_READ_OK);
			if (getenv("PROBE"))
				fprintf(stderr, "%d: %d-%d\n", n, rd.lo[q],
					rd.hi[q]);
			if (rd.lo[q] > n || rd.hi[q] < n)
				fail_msg("%d seeds read as %d-%d", n, rd.lo[q],
					 rd.hi[q]);
			if (n == 0 && rd.hi[q] < 1)
				fail_msg("an empty pit, clipped in part, read "
					 "exactly 0");
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_clipped_may_hide_a_seed,
						setup_255, teardown_view),
		cmocka_unit_test_setup_teardown(test_clipped_may_hide_a_seed,
						setup_230, teardown_view),
		cmocka_unit_test_setup_teardown(test_clipped_may_hide_a_seed,
						setup_red, teardown_view),
		cmocka_unit_test_setup_teardown(test_clipped_may_hide_a_seed,
						setup_washed, teardown_view),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
