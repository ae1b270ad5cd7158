/*
 * test_camera_blind.c - a pit the lamp's glare lights over most of its
 * floor (lit over CAM_TOUCHED, washed out under CAM_WASHED) without
 * saturating the sensor: the glare's light, added to the seeds and the
 * floor alike, leaves every seed's outline and shade as they were, so no
 * seed hides there. An empty pit reads exactly 0, and every range holds
 * the true count. Under a glare strong enough to saturate the frame over
 * a seed's area in the pit, a seed may hide there: the empty pit reads
 * 0 or more (a guard: a white blob in the pit is read as seeds
 * there, a seed either way, as well).
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
			if (n == 0 && rd.hi[q] != 0)
				fail_msg("an empty pit read as %d-%d",
					 rd.lo[q], rd.hi[q]);
		}
}

/* The frame saturated (white) over a disc of `k` seeds' area in pit C,
 * at the glare's centre: what a glare brighter than the calibration's
 * does where it clips. */
static void saturate(struct cam_image *img, double k)
{
	const struct cam_place *p = &view.calib.place[view.order[LIT]];
	double sh = view.calib.shrink, u = view.calib.seed_area / (sh * sh);
	double cx = p->x / sh, cy = (p->y + 0.5 * p->ry) / sh;
	double r2 = k * u / 3.14159;

	for (int y = 0; y < img->h; y++)
		for (int x = 0; x < img->w; x++)
			if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r2)
				memset(img->rgb + ((size_t)y * img->w + x) * 3,
				       255, 3);
}

static void test_saturated_may_hide_a_seed(void **state)
{
	int q = view.order[LIT];

	(void)state;
	for (unsigned seed = 1; seed <= 2; seed++) {
		int counts[14] = { 4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 0, 4 };
		struct render_scene s;
		struct cam_reading rd;
		struct cam_image img;
		unsigned char *jpeg;
		char snap[512], err[200];
		size_t n;

		session(&s, counts);
		s.seed = 90 + seed;
		assert_int_equal(render_jpeg(&s, &jpeg, &n), 0);
		assert_int_equal(cam_view_decode(&view, jpeg, n, &img, err,
						 sizeof(err)), 0);
		free(jpeg);
		saturate(&img, 1.5);
		assert_int_equal(cam_view_read(&view, &img, &rd, snap,
					       sizeof(snap)), 0);
		cam_image_free(&img);
		assert_int_equal(rd.status, CAM_READ_OK);
		if (getenv("PROBE"))
			fprintf(stderr, "saturated 1.5: %d-%d\n", rd.lo[q],
				rd.hi[q]);
		assert_int_equal(rd.lo[q], 0);
		assert_true(rd.hi[q] >= 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lit_unsaturated_hides_no_seed),
		cmocka_unit_test(test_saturated_may_hide_a_seed),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
