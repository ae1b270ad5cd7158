/*
 * test_camera_lamp.c - a lamp's glare on the board (tests/render.c)
 * photographed for the calibration, then frames brighter or dimmer than
 * that photo: the glare's added light does not scale with the frame, yet
 * the empty board under it is not taken for a hand, and a frame with
 * seeds is read, every true count in its range; an arm reaching into
 * the glare, and a hand wherever it lies, are still declined under every
 * such light.
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

#define LAMP 0.5		/* the glare's strength */
#define LAMP_X 0.75		/* and where it lies */
#define LAMP_Y 0.5

/* A session's board under a lamp whose glare lies on it. */
static void session(struct render_scene *s, const int *counts)
{
	render_defaults(s, counts);
	s->palette = RENDER_PEBBLES;
	s->glare = LAMP;
	s->glare_x = LAMP_X;
	s->glare_y = LAMP_Y;
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-lamp-XXXXXX", session,
			    camera_shoot);
}

/* Light as a room's changes between frames: the lamp stays, the rest
 * brighter or dimmer, a little warmer or colder. */
static const struct shot {
	double gain, cast_r, cast_b;
} shots[] = {
	{ 0.6, 1.0, 1.0 }, { 0.7, 1.04, 0.97 }, { 0.8, 1.0, 1.0 },
	{ 1.2, 1.0, 1.0 }, { 1.3, 0.97, 1.03 }, { 1.4, 1.0, 1.0 },
};

static void light(struct render_scene *s, const struct shot *t)
{
	s->gain *= t->gain;
	s->cast[0] = t->cast_r;
	s->cast[2] = t->cast_b;
}

static void test_glare_under_other_light_read(void **state)
{
	static const int counts[14] = { 0, 2, 5, 1, 4, 4, 3, 0, 4, 6, 1, 5,
					7, 6 };

	(void)state;
	for (size_t k = 0; k < sizeof(shots) / sizeof(shots[0]); k++) {
		struct render_scene s;
		struct cam_reading rd;

		session(&s, counts);
		light(&s, &shots[k]);
		s.seed = (unsigned)(300 + k);
		camera_shoot(&s, &rd);
		if (rd.status != CAM_READ_OK)
			fail_msg("light %.2f: not read: %s", shots[k].gain,
				 rd.why);
		for (int i = 0; i < 14; i++) {
			int q = view.order[i];

			if (counts[i] < rd.lo[q] || counts[i] > rd.hi[q])
				fail_msg("light %.2f: %s holds %d, read %d-%d",
					 shots[k].gain, names[i], counts[i],
					 rd.lo[q], rd.hi[q]);
		}
	}
}

/* The empty board as the calibration saw it, its light (all but the
 * lamp's) times `gain`: the lamp adds (1 - gain) times its own light
 * where a plain change of gain would not. */
static void relit(double gain, struct cam_image *img)
{
	const struct cam_image *e = &view.calib.empty;

	assert_int_equal(cam_image_alloc(img, e->w, e->h), 0);
	for (int y = 0; y < e->h; y++)
		for (int x = 0; x < e->w; x++) {
			double gx = (x - LAMP_X * e->w) / (0.07 * e->w);
			double gy = (y - LAMP_Y * e->h) / (0.05 * e->w);
			double a = 255 * LAMP * exp(-(gx * gx + gy * gy));

			for (int k = 0; k < 3; k++) {
				size_t i = ((size_t)y * e->w + x) * 3 + k;
				double v = gain * e->rgb[i] + (1 - gain) * a;

				img->rgb[i] = (unsigned char)(v > 255 ? 255 :
							      v + 0.5);
			}
		}
}

static void test_lamp_on_empty_board_not_a_hand(void **state)
{
	static const double gains[] = { 0.5, 0.6, 0.7, 1.3, 1.5 };

	(void)state;
	for (size_t k = 0; k < sizeof(gains) / sizeof(gains[0]); k++) {
		struct cam_image img;
		struct cam_reading rd;
		char snap[512];

		relit(gains[k], &img);
		assert_int_equal(cam_view_read(&view, &img, &rd, snap,
					       sizeof(snap)), 0);
		cam_image_free(&img);
		print_message("# light %.2f: %.2f%% of the bare board differs\n",
			      gains[k], 100 * rd.changed);
		if (rd.status != CAM_READ_OK)
			fail_msg("light %.2f: not read: %s", gains[k], rd.why);
	}
}

/* A forearm and hand of skin lit as the rest (times `gain`, the lamp's
 * light added), reaching from the frame's lower edge to the glare's
 * middle, shading toward its sides. */
static void arm_in_glare(double gain, struct cam_image *img)
{
	static const double skin[3] = { 205, 150, 120 };
	int cx = (int)(LAMP_X * img->w), cy = (int)(LAMP_Y * img->h);
	int half = (int)(0.045 * img->w);

	for (int y = cy - half; y < img->h; y++)
		for (int x = cx - half; x <= cx + half; x++) {
			double d = (double)(x - cx) / half;
			double gx = (x - LAMP_X * img->w) / (0.07 * img->w);
			double gy = (y - LAMP_Y * img->h) / (0.05 * img->w);
			double a = 255 * LAMP * exp(-(gx * gx + gy * gy));

			if (y < cy && hypot(x - cx, y - cy) > half)
				continue;
			for (int k = 0; k < 3; k++) {
				double v = gain * skin[k] * (1.05 - 0.35 * d * d) + a;

				img->rgb[((size_t)y * img->w + x) * 3 + k] =
					(unsigned char)(v > 255 ? 255 : v);
			}
		}
}

static void test_arm_in_glare_declined(void **state)
{
	static const double gains[] = { 0.5, 0.6, 0.7, 0.85, 1, 1.15, 1.3,
					1.5 };

	(void)state;
	for (size_t k = 0; k < sizeof(gains) / sizeof(gains[0]); k++) {
		struct cam_image img;
		struct cam_reading rd;
		char snap[512];

		relit(gains[k], &img);
		arm_in_glare(gains[k], &img);
		assert_int_equal(cam_view_read(&view, &img, &rd, snap,
					       sizeof(snap)), 0);
		cam_image_free(&img);
		print_message("# light %.2f, an arm: %.2f%% of the bare board "
			      "differs\n", gains[k], 100 * rd.changed);
		if (rd.status == CAM_READ_OK)
			fail_msg("light %.2f: an arm in the glare read as a "
				 "board", gains[k]);
	}
}

/* A hand, in the glare or beside it, under the same light as the
 * calibration's and under every other: never read as a board. */
static void test_hand_declined_in_and_out_of_glare(void **state)
{
	int declined = 0;

	(void)state;
	for (size_t k = 0; k <= sizeof(shots) / sizeof(shots[0]); k++)
		for (unsigned h = 0; h < 8; h++) {
			struct render_scene s;
			struct cam_reading rd;

			session(&s, start);
			if (k < sizeof(shots) / sizeof(shots[0]))
				light(&s, &shots[k]);
			s.hand = 1;
			s.seed = (unsigned)(400 + 31 * h + 7 * k);
			camera_shoot(&s, &rd);
			if (rd.status == CAM_READ_OK)
				fail_msg("light %.2f, hand %u: a hand read "
					 "as a board", s.gain, h);
			declined++;
		}
	assert_int_equal(declined, 56);
}

int main(void)
{
	const struct CMUnitTest lamp_tests[] = {
		cmocka_unit_test(test_lamp_on_empty_board_not_a_hand),
		cmocka_unit_test(test_arm_in_glare_declined),
		cmocka_unit_test(test_glare_under_other_light_read),
		cmocka_unit_test(test_hand_declined_in_and_out_of_glare),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(lamp_tests, setup_view, teardown_view);
}
