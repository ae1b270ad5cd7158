/*
 * camera_fixture.h - what the camera's tests on rendered photos
 * (tests/render.c) share: a Kalah board's places and start, and a view
 * calibrated on a rendered empty board and learnt on a rendered start
 * position, set up and torn down around the tests; a rendered scene
 * read with it.
 */
#ifndef PITBOSS_TESTS_CAMERA_FIXTURE_H
#define PITBOSS_TESTS_CAMERA_FIXTURE_H

static const char *const names[14] = {
	"a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F", "S", "N"
};
static const int start[14] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0 };

static char empty_path[64];
static struct cam_view view;

/* Opens `view` on an empty board rendered by `session` into a file
 * made from `template` (mkstemp's), then learns the start position as
 * `shoot` reads it. */
static inline int camera_setup(const char *template,
			       void (*session)(struct render_scene *,
					       const int *),
			       void (*shoot)(const struct render_scene *,
					     struct cam_reading *))
{
	struct render_scene s;
	struct cam_reading rd;
	unsigned char *jpeg;
	size_t n;
	char err[300];
	int fd;
	FILE *f;

	snprintf(empty_path, sizeof(empty_path), "%s", template);
	fd = mkstemp(empty_path);
	if (fd < 0)
		return -1;
	session(&s, start);
	s.empty = 1;
	f = fdopen(fd, "wb");
	if (f == NULL || render_jpeg(&s, &jpeg, &n) < 0)
		return -1;
	fwrite(jpeg, 1, n, f);
	fclose(f);
	free(jpeg);
	if (cam_view_open_empty(&view, empty_path, names, 14, err,
				sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	session(&s, start);
	s.seed = 5;
	shoot(&s, &rd);
	return rd.status == CAM_READ_OK &&
	       cam_view_learn(&view, &rd, start) == 0 ? 0 : -1;
}

/* Renders `s`, decodes it and reads it with `view`: the reading in *rd,
 * its snapshot text in `snap`. */
static inline void camera_shoot_snap(const struct render_scene *s,
				     struct cam_reading *rd, char *snap,
				     size_t len)
{
	unsigned char *jpeg;
	struct cam_image img;
	char err[200];
	size_t n;

	assert_int_equal(render_jpeg(s, &jpeg, &n), 0);
	assert_int_equal(cam_view_decode(&view, jpeg, n, &img, err,
					 sizeof(err)), 0);
	free(jpeg);
	assert_int_equal(cam_view_read(&view, &img, rd, snap, len), 0);
	cam_image_free(&img);
}

static inline void camera_shoot(const struct render_scene *s,
				struct cam_reading *rd)
{
	char snap[512];

	camera_shoot_snap(s, rd, snap, sizeof(snap));
}

static inline int teardown_view(void **state)
{
	(void)state;
	cam_view_close(&view);
	unlink(empty_path);
	return 0;
}

#endif
