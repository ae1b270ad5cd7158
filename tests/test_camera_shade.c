/*
 * test_camera_shade.c - a soft shadow over the dark table beside the
 * board, with the sensor's and the compression's noise of a few levels
 * in each colour: the shade darkens every colour alike, so the frame is
 * read as a board, not declined as a hand, however dark the table is
 * under it; a hand in the same shadow is still declined.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "camera/view.h"
#include "tests/render.h"

#include "tests/camera_fixture.h"

static void session(struct render_scene *s, const int *counts)
{
	render_defaults(s, counts);
	s->palette = RENDER_BEANS;
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-shade-XXXXXX", session,
			    camera_shoot);
}

/* A small generator of its own, so the noise is the same each run. */
static double noise(unsigned long *st)
{
	*st = *st * 6364136223846793005ul + 1442695040888963407ul;
	return (double)(*st >> 33) / 2147483648.0 * 2 - 1;
}

/* The empty board as calibrated, a shadow `depth` deep over the frame's
 * left fifth (the table beside the board, the board's end), soft toward
 * the middle, and noise of up to `levels` levels in each colour. */
static void shaded(double depth, double levels, struct cam_image *img)
{
	const struct cam_image *e = &view.calib.empty;
	unsigned long st = 12345;

	assert_int_equal(cam_image_alloc(img, e->w, e->h), 0);
	for (int y = 0; y < e->h; y++)
		for (int x = 0; x < e->w; x++) {
			double u = (double)x / e->w;
			double s = u < 0.2 ? depth : u < 0.3 ?
				   depth * (0.3 - u) / 0.1 : 0;

			for (int k = 0; k < 3; k++) {
				size_t i = ((size_t)y * e->w + x) * 3 + k;
				double v = e->rgb[i] * (1 - s) + levels * noise(&st);

				img->rgb[i] = (unsigned char)(v < 0 ? 0 : v > 255 ?
							      255 : v + 0.5);
			}
		}
}

static void test_noisy_shadow_on_dark_table_read(void **state)
{
	static const double depths[] = { 0.3, 0.4, 0.45 };

	(void)state;
	for (size_t k = 0; k < sizeof(depths) / sizeof(depths[0]); k++) {
		struct cam_image img;
		struct cam_reading rd;
		char snap[512];

		shaded(depths[k], 4, &img);
		assert_int_equal(cam_view_read(&view, &img, &rd, snap,
					       sizeof(snap)), 0);
		cam_image_free(&img);
		print_message("# shadow %.2f deep: %.2f%% of the bare board "
			      "differs\n", depths[k], 100 * rd.changed);
		if (rd.status != CAM_READ_OK)
			fail_msg("shadow %.2f deep: not read: %s", depths[k],
				 rd.why);
	}
}

/* Rendered hands, under the renderer's soft shadows and noise: declined
 * every time. */
static void test_hand_in_shadow_declined(void **state)
{
	(void)state;
	for (unsigned h = 0; h < 12; h++) {
		struct render_scene s;
		struct cam_reading rd;

		session(&s, start);
		s.hand = 1;
		s.seed = 70 + h;
		s.shadow = 0.3 + 0.02 * h;
		s.noise = 5;
		s.quality = 70;
		camera_shoot(&s, &rd);
		if (rd.status == CAM_READ_OK)
			fail_msg("hand %u in a shadow read as a board", h);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_noisy_shadow_on_dark_table_read),
		cmocka_unit_test(test_hand_in_shadow_declined),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
