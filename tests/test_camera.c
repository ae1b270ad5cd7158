/*
 * test_camera.c - the camera's parts on rendered photos (tests/render.c):
 * the MJPEG stream parted into frames, the still board, the calibration
 * found and written back, and frames read place by place: empty pits
 * exact, every range holding the true count, a hand declined, a moved
 * board refused.
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

#include "camera/frames.h"
#include "camera/still.h"
#include "camera/view.h"
#include "tests/render.h"

static const char *const names[14] = {
	"a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F", "S", "N"
};
static const int start[14] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0 };

static void write_file(const char *path, const unsigned char *b, size_t n);

static void render(struct render_scene *s, unsigned char **jpeg, size_t *len)
{
	assert_int_equal(render_jpeg(s, jpeg, len), 0);
}

/* ------------------------------------------------------------ mjpeg */

static void feed_bytes(struct cam_mjpeg *m, const unsigned char *b, size_t n)
{
	size_t room;
	unsigned char *at = cam_mjpeg_room(m, &room);

	assert_true(room >= n);
	memcpy(at, b, n);
	cam_mjpeg_added(m, n);
}

static void test_mjpeg_stream_parted_into_frames(void **state)
{
	static const int counts[14] = { 0 };
	/* An APP1 segment holding an end marker, as an EXIF thumbnail. */
	static const unsigned char app1[] = { 0xff, 0xe1, 0x00, 0x06, 0xff,
					      0xd9, 0xff, 0xd8 };
	struct render_scene s;
	unsigned char *a, *b, *withexif;
	size_t na, nb;
	struct cam_mjpeg m;
	const unsigned char *got;
	size_t len;

	(void)state;
	render_defaults(&s, counts);
	s.empty = 1;
	s.w = 320;
	s.h = 180;
	render(&s, &a, &na);
	s.seed = 2;
	s.gain = 0.7;
	render(&s, &b, &nb);
	withexif = malloc(nb + sizeof(app1));
	memcpy(withexif, b, 2);
	memcpy(withexif + 2, app1, sizeof(app1));
	memcpy(withexif + 2 + sizeof(app1), b + 2, nb - 2);
	assert_int_equal(cam_mjpeg_init(&m, 1 << 20), 0);
	feed_bytes(&m, (const unsigned char *)"junk", 4);
	feed_bytes(&m, a, na / 2);
	assert_int_equal(cam_mjpeg_take(&m, &got, &len), 0);
	feed_bytes(&m, a + na / 2, na - na / 2);
	feed_bytes(&m, withexif, 100);
	assert_int_equal(cam_mjpeg_take(&m, &got, &len), 1);
	assert_int_equal(len, na);
	assert_memory_equal(got, a, na);
	assert_int_equal(cam_mjpeg_take(&m, &got, &len), 0);
	feed_bytes(&m, withexif + 100, nb + sizeof(app1) - 100);
	assert_int_equal(cam_mjpeg_take(&m, &got, &len), 1);
	assert_int_equal(len, nb + sizeof(app1));
	assert_int_equal(cam_mjpeg_take(&m, &got, &len), 0);
	cam_mjpeg_free(&m);
	free(a);
	free(b);
	free(withexif);
}

/* A command's MJPEG output (rpicam-vid's way) parted into its frames,
 * and the end of its output said. */
static void test_pipe_of_a_command(void **state)
{
	static const int counts[14] = { 0 };
	char dir[] = "/tmp/pitboss-test-pipe-XXXXXX", cmd[400], path[100],
	     err[200];
	struct render_scene s;
	struct cam_frames_opts o;
	struct cam_frames *f;
	const unsigned char *jpeg;
	unsigned char *one;
	size_t n, len;
	int frames = 0, rc;

	(void)state;
	assert_non_null(mkdtemp(dir));
	render_defaults(&s, counts);
	s.empty = 1;
	s.w = 320;
	s.h = 180;
	render(&s, &one, &n);
	snprintf(path, sizeof(path), "%s/one.jpg", dir);
	write_file(path, one, n);
	free(one);
	snprintf(cmd, sizeof(cmd), "cat %s %s %s", path, path, path);
	cam_frames_opts_default(&o);
	o.command = cmd;
	assert_ptr_equal(cam_frames_for("pipe", &o), &cam_frames_pipe);
	f = cam_frames_pipe.open("pipe", &o, err, sizeof(err));
	assert_non_null(f);
	for (int tries = 0; tries < 2000; tries++) {
		rc = cam_frames_pipe.next(f, &jpeg, &len, err, sizeof(err));
		if (rc < 0)
			break;
		if (rc == 1) {
			assert_int_equal(len, n);
			frames++;
		} else {
			usleep(5000);
		}
	}
	assert_int_equal(frames, 3);
	assert_non_null(strstr(err, "its output ended"));
	cam_frames_pipe.close(f);
	unlink(path);
	rmdir(dir);
}

/* ------------------------------------------------------------ still */

static void test_still_board_after_the_settle_time(void **state)
{
	struct cam_image one, two;
	struct cam_still st;

	(void)state;
	assert_int_equal(cam_image_alloc(&one, 128, 72), 0);
	assert_int_equal(cam_image_alloc(&two, 128, 72), 0);
	memset(one.rgb, 100, 128 * 72 * 3);
	memset(two.rgb, 100, 128 * 72 * 3);
	for (int y = 20; y < 60; y++)		/* a hand's blob */
		memset(cam_px(&two, 20, y), 220, 60 * 3);
	cam_still_init(&st, 500000, 3);
	assert_int_equal(cam_still_feed(&st, &one, 1000000), 0);
	assert_int_equal(cam_still_feed(&st, &one, 1200000), 0);
	assert_int_equal(cam_still_feed(&st, &one, 1600000), 0);
	assert_int_equal(cam_still_feed(&st, &one, 1800000), 1);
	assert_int_equal(cam_still_feed(&st, &one, 2000000), 0);	/* once */
	assert_int_equal(cam_still_feed(&st, &two, 2200000), 0);	/* moved */
	assert_int_equal(cam_still_feed(&st, &two, 2400000), 0);
	assert_int_equal(cam_still_feed(&st, &two, 2800000), 0);
	assert_int_equal(cam_still_feed(&st, &two, 3000000), 1);
	cam_still_decline(&st);		/* declined: read again when still */
	assert_int_equal(cam_still_feed(&st, &two, 3100000), 0);
	assert_int_equal(cam_still_feed(&st, &two, 3700000), 1);
	cam_image_free(&one);
	cam_image_free(&two);
}

/* ------------------------------------------------------------ views */

static char empty_path[64];
static struct cam_view view;

static void write_file(const char *path, const unsigned char *b, size_t n)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* The scene's frame read by the view. */
static void shoot(struct render_scene *s, struct cam_reading *rd, char *snap,
		  size_t len)
{
	unsigned char *jpeg;
	size_t n;
	struct cam_image img;
	char err[200];

	render(s, &jpeg, &n);
	assert_int_equal(cam_view_decode(&view, jpeg, n, &img, err,
					 sizeof(err)), 0);
	free(jpeg);
	assert_int_equal(cam_view_read(&view, &img, rd, snap, len), 0);
	cam_image_free(&img);
}

static int setup_view(void **state)
{
	struct render_scene s;
	struct cam_reading rd;
	unsigned char *jpeg;
	size_t n;
	char err[300], snap[512];
	int fd;

	(void)state;
	strcpy(empty_path, "/tmp/pitboss-test-camera-XXXXXX");
	fd = mkstemp(empty_path);
	if (fd < 0)
		return -1;
	close(fd);
	render_defaults(&s, start);
	s.empty = 1;
	if (render_jpeg(&s, &jpeg, &n) < 0)
		return -1;
	write_file(empty_path, jpeg, n);
	free(jpeg);
	if (cam_view_open_empty(&view, empty_path, names, 14, err,
				sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	render_defaults(&s, start);
	s.seed = 77;
	shoot(&s, &rd, snap, sizeof(snap));
	return rd.status == CAM_READ_OK &&
	       cam_view_learn(&view, &rd, start) == 0 ? 0 : -1;
}

static int teardown_view(void **state)
{
	(void)state;
	cam_view_close(&view);
	unlink(empty_path);
	return 0;
}

static void test_places_found_where_they_are(void **state)
{
	struct render_scene s;
	struct cam_calib truth;

	(void)state;
	render_defaults(&s, start);
	render_places(&s, names, &truth);
	for (int i = 0; i < 14; i++) {
		const struct cam_place *t = &truth.place[i];
		const struct cam_place *p = &view.calib.place[view.order[i]];

		assert_string_equal(p->name, names[i]);
		assert_int_equal(p->store, t->store);
		if (hypot(p->x - t->x, p->y - t->y) > 6 ||
		    fabs(p->ry - t->ry) > 0.15 * t->ry)
			fail_msg("place %s at %.0f,%.0f r %.0f, truly %.0f,%.0f "
				 "r %.0f", names[i], p->x, p->y, p->ry, t->x,
				 t->y, t->ry);
	}
}

/* The places found on boards of other sizes and woods under other
 * lights: a small board on a dark cloth with its corners shaded and out
 * of focus, and one under a lamp's glare over a pit. */
static void test_places_found_on_other_boards(void **state)
{
	static const struct {
		double scale, vignette, blur, glare, gx, gy;
		unsigned board;
	} sess[] = {
		{ 0.75, 0.25, 1, 0, 0, 0, 7 },
		{ 0.85, 0.2, 1, 0.3, 0.3, 0.6, 9 },
	};
	char path[] = "/tmp/pitboss-test-camera-XXXXXX", err[300];
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	for (size_t k = 0; k < sizeof(sess) / sizeof(sess[0]); k++) {
		struct render_scene s;
		struct cam_calib truth;
		struct cam_view v;
		unsigned char *jpeg;
		size_t n;

		render_defaults(&s, start);
		s.empty = 1;
		s.scale = sess[k].scale;
		s.vignette = sess[k].vignette;
		s.blur = sess[k].blur;
		s.glare = sess[k].glare;
		s.glare_x = sess[k].gx;
		s.glare_y = sess[k].gy;
		s.board = sess[k].board;
		assert_int_equal(render_jpeg(&s, &jpeg, &n), 0);
		write_file(path, jpeg, n);
		free(jpeg);
		if (cam_view_open_empty(&v, path, names, 14, err,
					sizeof(err)) < 0)
			fail_msg("board %zu: %s", k, err);
		render_places(&s, names, &truth);
		for (int i = 0; i < 14; i++) {
			const struct cam_place *t = &truth.place[i];
			const struct cam_place *p = &v.calib.place[v.order[i]];

			if (hypot(p->x - t->x, p->y - t->y) > 6 ||
			    fabs(p->ry - t->ry) > 0.15 * t->ry)
				fail_msg("board %zu: place %s at %.0f,%.0f r %.0f, "
					 "truly %.0f,%.0f r %.0f", k, names[i],
					 p->x, p->y, p->ry, t->x, t->y, t->ry);
		}
		cam_view_close(&v);
	}
	unlink(path);
}

/* Every place's range holds its true count; empty places read 0. */
static void assert_fits(const struct cam_reading *rd, const int *counts)
{
	assert_int_equal(rd->status, CAM_READ_OK);
	for (int i = 0; i < 14; i++) {
		int k = view.order[i];

		if (counts[i] < rd->lo[k] || counts[i] > rd->hi[k])
			fail_msg("%s holds %d, read %d-%d", names[i], counts[i],
				 rd->lo[k], rd->hi[k]);
		if (counts[i] == 0 && rd->hi[k] != 0)
			fail_msg("%s is empty, read %d-%d", names[i], rd->lo[k],
				 rd->hi[k]);
	}
}

static void test_frames_read_in_changing_light(void **state)
{
	static const int counts[][14] = {
		{ 4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4, 1, 0 },
		{ 0, 1, 2, 3, 0, 8, 0, 12, 1, 1, 0, 6, 9, 5 },
		{ 1, 0, 0, 0, 2, 0, 0, 3, 0, 0, 1, 0, 21, 20 },
	};
	struct render_scene s;
	struct cam_reading rd;
	char snap[512];

	(void)state;
	for (int c = 0; c < 3; c++)
		for (int p = 0; p < RENDER_PALETTES; p++) {
			render_defaults(&s, counts[c]);
			s.seed = (unsigned)(10 * c + p + 1);
			s.palette = (enum render_palette)p;
			s.gain = 0.8 + 0.2 * p;
			s.grad_x = 0.25 - 0.25 * c;
			s.shadow = c == 1 ? 0.35 : 0;
			s.dx = p - 1.0;
			s.dy = 1.0 - c;
			shoot(&s, &rd, snap, sizeof(snap));
			assert_fits(&rd, counts[c]);
		}
}

static void test_hand_declined_and_moved_board_refused(void **state)
{
	struct render_scene s;
	struct cam_reading rd;
	char snap[512];

	(void)state;
	for (unsigned seed = 1; seed <= 4; seed++) {
		render_defaults(&s, start);
		s.hand = 1;
		s.seed = seed;
		shoot(&s, &rd, snap, sizeof(snap));
		assert_int_equal(rd.status, CAM_READ_HAND);
		assert_string_equal(snap, "");
	}
	render_defaults(&s, start);
	s.dx = 30;
	s.dy = -12;
	shoot(&s, &rd, snap, sizeof(snap));
	assert_int_equal(rd.status, CAM_READ_MOVED);
	assert_non_null(strstr(rd.why, "the board moved"));
}

/* ------------------------------------------------------------ files */

static void test_calibration_written_and_read_back(void **state)
{
	char path[] = "/tmp/pitboss-test-cal-XXXXXX", err[600];
	struct cam_calib c;
	FILE *f;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(cam_calib_save(&view.calib, path, err, sizeof(err)), 0);
	assert_int_equal(cam_calib_load(&c, path, err, sizeof(err)), 0);
	assert_int_equal(c.nplaces, 14);
	assert_true(fabs(c.seed_area - view.calib.seed_area) < 1);
	assert_true(fabs(c.place[3].x - view.calib.place[3].x) < 0.1);
	assert_int_equal(c.empty.w, view.calib.empty.w);
	cam_calib_free(&c);
	f = fopen(path, "w");
	fprintf(f, "size 1280 720\nplace a pot 1 2 3\n");
	fclose(f);
	memset(&c, 0, sizeof(c));
	assert_int_equal(cam_calib_read(&c, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: 'pot' is neither pit nor store"));
	unlink(path);
}

static void test_reading_as_snapshot_text(void **state)
{
	struct cam_reading rd = { .lo = { 0, 3, 12 }, .hi = { 0, 5, 12 },
				  .seeds = { 0, 3.74, 11.2 } };
	int order[3] = { 2, 0, 1 };
	char buf[64];

	(void)state;
	assert_int_equal(cam_reading_format(&rd, order, 3, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "12 0 3-5~3.7");
	assert_int_equal(cam_reading_format(&rd, order, 3, buf, 6), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mjpeg_stream_parted_into_frames),
		cmocka_unit_test(test_pipe_of_a_command),
		cmocka_unit_test(test_still_board_after_the_settle_time),
		cmocka_unit_test(test_reading_as_snapshot_text),
		/* The rest on the view the group's setup calibrated. */
		cmocka_unit_test(test_places_found_where_they_are),
		cmocka_unit_test(test_places_found_on_other_boards),
		cmocka_unit_test(test_frames_read_in_changing_light),
		cmocka_unit_test(test_hand_declined_and_moved_board_refused),
		cmocka_unit_test(test_calibration_written_and_read_back),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
