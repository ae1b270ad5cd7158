/*
 * test_camera_sleeve.c - a dark cloth sleeve in dim light: the scene's
 * light at half (the bare board about (52, 45, 34)), a sleeve of flat
 * dark grey, navy or reddish brown with its own shading and noise lying
 * over the board from the frame's bottom edge, with and without a soft
 * shadow over the frame. Its brightness is within what the light lets
 * a pixel stray by, but its colour is not the board's over whole
 * blocks, so the frame is declined every time; the same frames without
 * the sleeve are read.
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
	s->gain = 0.5;
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-sleeve-XXXXXX", session,
			    camera_shoot);
}

/* A small generator of its own, so the noise is the same each run. */
static double noise(unsigned long *st)
{
	*st = *st * 6364136223846793005ul + 1442695040888963407ul;
	return (double)(*st >> 33) / 2147483648.0 * 2 - 1;
}

/* A sleeve of colour c over img: a band 0.045 of the width wide from
 * below the bottom edge up to 0.55 of the height at 0.3 of the width,
 * darker toward its sides, with noise of 4 levels in each colour. */
static void paint_sleeve(struct cam_image *img, const double *c)
{
	double ax = img->w * 0.3, ay = img->h + 10, bx = ax + 20;
	double by = img->h * 0.55, rad = 0.045 * img->w;
	double vx = bx - ax, vy = by - ay;
	unsigned long st = 99;

	for (int y = 0; y < img->h; y++)
		for (int x = 0; x < img->w; x++) {
			double t = ((x - ax) * vx + (y - ay) * vy) /
				   (vx * vx + vy * vy);
			double d;

			t = t < 0 ? 0 : t > 1 ? 1 : t;
			d = hypot(x - ax - t * vx, y - ay - t * vy) / rad;
			if (d >= 1)
				continue;
			for (int k = 0; k < 3; k++) {
				double v = c[k] * (1 - 0.25 * d * d) +
					   4 * noise(&st);
				size_t i = ((size_t)y * img->w + x) * 3 + k;

				img->rgb[i] = (unsigned char)(v < 0 ? 0 : v > 255 ?
							      255 : v + 0.5);
			}
		}
}

/* The start position in dim light, `shadow` deep, with a sleeve of
 * colour c painted on the decoded frame (none when c is NULL). */
static void shoot_sleeve(double shadow, const double *c,
			 struct cam_reading *rd)
{
	struct render_scene s;
	struct cam_image img;
	unsigned char *jpeg;
	char err[200], snap[512];
	size_t n;

	session(&s, start);
	s.seed = 11;
	s.shadow = shadow;
	s.noise = 4;
	s.quality = 75;
	assert_int_equal(render_jpeg(&s, &jpeg, &n), 0);
	assert_int_equal(cam_view_decode(&view, jpeg, n, &img, err,
					 sizeof(err)), 0);
	free(jpeg);
	if (c != NULL)
		paint_sleeve(&img, c);
	assert_int_equal(cam_view_read(&view, &img, rd, snap, sizeof(snap)), 0);
	cam_image_free(&img);
}

static const double shadows[] = { 0, 0.3 };

static void test_dark_sleeve_declined(void **state)
{
	static const struct {
		const char *name;
		double c[3];
	} cloth[] = {
		{ "grey 26", { 26, 26, 26 } },
		{ "grey 35", { 35, 35, 35 } },
		{ "navy", { 22, 26, 40 } },
		{ "brown", { 44, 30, 22 } },
	};

	(void)state;
	for (size_t k = 0; k < sizeof(cloth) / sizeof(cloth[0]); k++)
		for (size_t s = 0; s < 2; s++) {
			struct cam_reading rd;

			shoot_sleeve(shadows[s], cloth[k].c, &rd);
			print_message("# %s sleeve, shadow %.1f: %.2f%% of the "
				      "bare board differs\n", cloth[k].name,
				      shadows[s], 100 * rd.changed);
			if (rd.status == CAM_READ_OK)
				fail_msg("%s sleeve, shadow %.1f, read as a board",
					 cloth[k].name, shadows[s]);
		}
}

static void test_dim_board_read(void **state)
{
	(void)state;
	for (size_t s = 0; s < 2; s++) {
		struct cam_reading rd;

		shoot_sleeve(shadows[s], NULL, &rd);
		print_message("# no sleeve, shadow %.1f: %.2f%% differs\n",
			      shadows[s], 100 * rd.changed);
		if (rd.status != CAM_READ_OK)
			fail_msg("dim board, shadow %.1f, not read: %s",
				 shadows[s], rd.why);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dark_sleeve_declined),
		cmocka_unit_test(test_dim_board_read),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
