/*
 * test_camera_pose.c - a board turned or shifted a little since the
 * calibration (tests/render.c): each pit is matched where it lies, so
 * its wall does not show as a seed along the floor's edge: pits lying
 * off the board's shift read empty, and on turned and shifted frames
 * empty pits read 0 and every true count lies in the range read.
 */
#include "config.h"

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

/* A session's camera and board: smaller in the frame, a little out of
 * focus, darker corners. */
static void session(struct render_scene *s, const int *counts)
{
	render_defaults(s, counts);
	s->palette = RENDER_PEBBLES;
	s->scale = 0.9;
	s->blur = 1.5;
	s->vignette = 0.3;
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-pose-XXXXXX", session,
			    camera_shoot);
}

/* Turns and shifts as large as a camera knocked slightly may make. */
static const struct pose {
	double dx, dy, turn;
} poses[] = {
	{ 4.5, 0.5, 0.005 }, { -4.5, 1.5, -0.005 }, { 0.5, 4.5, 0.005 },
	{ 9.5, -2.5, -0.005 }, { -2.5, 9.5, 0.004 }, { 8.5, 8.5, -0.004 },
	{ -9.5, 0.5, 0.003 }, { 0.5, -9.5, -0.003 },
};

static void test_turned_board_reads_in_range(void **state)
{
	static const int counts[][14] = {
		{ 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 2 },
		{ 0, 2, 0, 1, 0, 3, 0, 1, 0, 0, 2, 0, 10, 9 },
	};
	int empty = 0;

	(void)state;
	for (size_t k = 0; k < sizeof(poses) / sizeof(poses[0]); k++)
		for (int c = 0; c < 2; c++) {
			struct render_scene s;
			struct cam_reading rd;

			session(&s, counts[c]);
			s.palette = c ? RENDER_SHELLS : RENDER_PEBBLES;
			s.noise = 6;
			s.quality = 65;
			s.seed = (unsigned)(200 + 10 * k + c);
			s.dx = poses[k].dx;
			s.dy = poses[k].dy;
			s.turn = poses[k].turn;
			camera_shoot(&s, &rd);
			assert_int_equal(rd.status, CAM_READ_OK);
			for (int i = 0; i < 14; i++) {
				int q = view.order[i], n = counts[c][i];

				if (n < rd.lo[q] || n > rd.hi[q])
					fail_msg("pose %zu: %s holds %d, read "
						 "%d-%d", k, names[i], n,
						 rd.lo[q], rd.hi[q]);
				if (n == 0 && i < 12) {
					empty++;
					if (rd.lo[q] != 0)
						fail_msg("pose %zu: %s is empty, "
							 "read %d-%d", k, names[i],
							 rd.lo[q], rd.hi[q]);
				}
			}
		}
	assert_true(empty > 50);
}

/* The empty board with the pits `moved` (game order) lying (u, v)
 * working pixels off the rest, their walls and rims with them. */
static void pits_moved(const int *moved, int n, int u, int v,
		       struct cam_image *img)
{
	const struct cam_image *e = &view.calib.empty;
	double s = view.calib.shrink;

	assert_int_equal(cam_image_alloc(img, e->w, e->h), 0);
	memcpy(img->rgb, e->rgb, (size_t)e->w * e->h * 3);
	for (int k = 0; k < n; k++) {
		const struct cam_place *p = &view.calib.place[view.order[moved[k]]];
		int x0 = (int)((p->x - 1.6 * p->rx) / s), x1 = (int)((p->x + 1.6 * p->rx) / s);
		int y0 = (int)((p->y - 1.6 * p->ry) / s), y1 = (int)((p->y + 1.6 * p->ry) / s);

		for (int y = y0; y <= y1; y++)
			for (int x = x0; x <= x1; x++)
				memcpy(img->rgb + ((size_t)y * e->w + x) * 3,
				       e->rgb + ((size_t)(y - v) * e->w + x - u) * 3, 3);
	}
}

/* Pits lying three pixels off the board's shift (the ends of a board
 * turned a little): their walls are not read as seeds. */
static void test_pits_off_the_shift_read_empty(void **state)
{
	static const int moved[] = { 0, 2, 5, 6, 9, 11 };
	static const int dir[][2] = { { 3, 0 }, { 0, 3 }, { -3, 1 }, { 1, -3 } };

	(void)state;
	for (int d = 0; d < 4; d++) {
		struct cam_image img;
		struct cam_reading rd;
		char snap[512];

		pits_moved(moved, 6, dir[d][0], dir[d][1], &img);
		assert_int_equal(cam_view_read(&view, &img, &rd, snap,
					       sizeof(snap)), 0);
		cam_image_free(&img);
		assert_int_equal(rd.status, CAM_READ_OK);
		for (int i = 0; i < 12; i++) {
			int q = view.order[i];

			if (rd.lo[q] != 0 || rd.hi[q] != 0)
				fail_msg("pits moved by %d,%d: %s is empty, "
					 "read %d-%d", dir[d][0], dir[d][1],
					 names[i], rd.lo[q], rd.hi[q]);
		}
	}
}

int main(void)
{
	const struct CMUnitTest view_tests[] = {
		cmocka_unit_test(test_pits_off_the_shift_read_empty),
		cmocka_unit_test(test_turned_board_reads_in_range),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(view_tests, setup_view, teardown_view);
}
