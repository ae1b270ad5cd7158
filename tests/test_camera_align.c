/*
 * test_camera_align.c - the board found where it lies in a frame: the
 * empty board as a soft (defocused) calibration photo saw it, shifted
 * by a pixel or two and lit darker, brighter or unevenly (a shadow over
 * one side of the table), is found at its shift and read as a board,
 * not declined as something over it; a hand over the shifted board is
 * still declined.
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
	s->palette = RENDER_GLASS;
	s->blur = 2;		/* the board's outline a few pixels soft */
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-align-XXXXXX", session,
			    camera_shoot);
}

/* How a frame differs from the calibration's photo: the board shifted
 * by (dx, dy) working pixels, the light times `gain`, and darker by
 * `shade` toward the frame's left edge (falling to nothing at its
 * middle). */
static const struct shot {
	int dx, dy;
	double gain, shade;
} shots[] = {
	{ 0, 1, 0.8, 0.4 }, { 0, -1, 0.8, 0.4 }, { 1, 0, 0.8, 0.4 },
	{ 1, 1, 0.7, 0.3 }, { 0, 2, 0.75, 0.35 }, { -2, 1, 0.85, 0.4 },
	{ 0, 1, 1.2, 0.3 }, { 2, -2, 0.9, 0.45 },
};

static void shifted(const struct shot *t, struct cam_image *img)
{
	const struct cam_image *e = &view.calib.empty;

	assert_int_equal(cam_image_alloc(img, e->w, e->h), 0);
	for (int y = 0; y < e->h; y++)
		for (int x = 0; x < e->w; x++) {
			int sx = x - t->dx, sy = y - t->dy;
			double side = 1 - 2.0 * x / e->w;
			double g = t->gain * (1 - t->shade * (side > 0 ? side : 0));

			sx = sx < 0 ? 0 : sx >= e->w ? e->w - 1 : sx;
			sy = sy < 0 ? 0 : sy >= e->h ? e->h - 1 : sy;
			for (int k = 0; k < 3; k++) {
				double v = g * e->rgb[((size_t)sy * e->w + sx) * 3 + k];

				img->rgb[((size_t)y * e->w + x) * 3 + k] =
					(unsigned char)(v > 255 ? 255 : v + 0.5);
			}
		}
}

static void test_shifted_board_found_and_read(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(shots) / sizeof(shots[0]); k++) {
		const struct shot *t = &shots[k];
		struct cam_image img;
		struct cam_reading rd;
		char snap[512];

		shifted(t, &img);
		assert_int_equal(cam_view_read(&view, &img, &rd, snap,
					       sizeof(snap)), 0);
		cam_image_free(&img);
		print_message("# shift %d,%d light %.2f shade %.2f: found at "
			      "%d,%d, %.2f%% of the bare board differs\n",
			      t->dx, t->dy, t->gain, t->shade, rd.dx, rd.dy,
			      100 * rd.changed);
		if (rd.dx != t->dx || rd.dy != t->dy)
			fail_msg("shift %d,%d found at %d,%d", t->dx, t->dy,
				 rd.dx, rd.dy);
		if (rd.status != CAM_READ_OK)
			fail_msg("shift %d,%d: not read: %s", t->dx, t->dy,
				 rd.why);
	}
}

/* A rendered hand over the board, the frame shifted and lit as above:
 * declined every time. */
static void test_hand_over_shifted_board_declined(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(shots) / sizeof(shots[0]); k++)
		for (unsigned h = 0; h < 4; h++) {
			struct render_scene s;
			struct cam_reading rd;

			session(&s, start);
			s.hand = 1;
			s.seed = 40 + 4 * (unsigned)k + h;
			s.dx = 2 * shots[k].dx;
			s.dy = 2 * shots[k].dy;
			s.gain = shots[k].gain;
			s.grad_x = shots[k].shade;
			camera_shoot(&s, &rd);
			if (rd.status == CAM_READ_OK)
				fail_msg("shift %d,%d: a hand read as a board",
					 shots[k].dx, shots[k].dy);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shifted_board_found_and_read),
		cmocka_unit_test(test_hand_over_shifted_board_declined),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
