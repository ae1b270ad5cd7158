/*
 * test_camera_learn.c - one seed's area is learned only from a frame
 * that shows the seeds of the start position (tests/render.c): a
 * calibration made from the start photo itself, or an empty board given
 * as the start, shows none against the calibration's photo, and
 * learning from it is refused rather than leaving the seed's size
 * unknown (each frame's seeds then sized by the frame); a true start
 * photo is learned from.
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

static const char *const names[14] = {
	"a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F", "S", "N"
};
static const int start[14] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0 };

/* A view calibrated on a rendered photo of the empty board (or, with
 * `on_start`, of the start position about to be read), then the start
 * position (or, with `empty_start`, the empty board) read with it and
 * learned from: what cam_view_learn answers. */
static int learn(int on_start, int empty_start)
{
	char path[64] = "/tmp/pitboss-test-learn-XXXXXX", err[300];
	char snap[512];
	struct render_scene s;
	struct cam_reading rd;
	struct cam_image img;
	struct cam_view view;
	unsigned char *jpeg;
	size_t n;
	int fd = mkstemp(path), rc;
	FILE *f;

	assert_true(fd >= 0);
	render_defaults(&s, start);
	s.empty = !on_start;
	s.seed = 9;
	assert_int_equal(render_jpeg(&s, &jpeg, &n), 0);
	f = fdopen(fd, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(jpeg, 1, n, f), n);
	fclose(f);
	free(jpeg);
	assert_int_equal(cam_view_open_empty(&view, path, names, 14, err,
					     sizeof(err)), 0);
	render_defaults(&s, start);
	s.empty = empty_start;
	s.seed = 9;
	assert_int_equal(render_jpeg(&s, &jpeg, &n), 0);
	assert_int_equal(cam_view_decode(&view, jpeg, n, &img, err,
					 sizeof(err)), 0);
	free(jpeg);
	assert_int_equal(cam_view_read(&view, &img, &rd, snap, sizeof(snap)),
			 0);
	cam_image_free(&img);
	assert_int_equal(rd.status, CAM_READ_OK);
	rc = cam_view_learn(&view, &rd, start);
	if (rc == 0)
		assert_true(view.calib.seed_area > 0);
	cam_view_close(&view);
	unlink(path);
	return rc;
}

static void test_start_photo_is_learned_from(void **state)
{
	(void)state;
	assert_int_equal(learn(0, 0), 0);
}

static void test_calibrated_on_the_start_photo_is_refused(void **state)
{
	(void)state;
	assert_int_equal(learn(1, 0), -1);
}

static void test_empty_board_as_start_is_refused(void **state)
{
	(void)state;
	assert_int_equal(learn(0, 1), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_photo_is_learned_from),
		cmocka_unit_test(test_calibrated_on_the_start_photo_is_refused),
		cmocka_unit_test(test_empty_board_as_start_is_refused),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
