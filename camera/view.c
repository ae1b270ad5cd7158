/*
 * view.c - frames of one board to snapshots (see view.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "camera/view.h"

static int map_order(struct cam_view *v, const char *const *names, int n,
		     char *err, size_t errlen)
{
	if (n > CAM_PLACES_MAX) {
		snprintf(err, errlen, "%d places: at most %d", n, CAM_PLACES_MAX);
		return -1;
	}
	v->n = n;
	for (int i = 0; i < n; i++) {
		v->order[i] = cam_calib_place(&v->calib, names[i]);
		if (v->order[i] < 0) {
			snprintf(err, errlen, "the calibration has no place "
				 "'%s'", names[i]);
			return -1;
		}
	}
	/* Every place calibrated is read (a hand over one declines the
	 * frame): a calibration of another board is not this game's. */
	if (v->calib.nplaces != n) {
		snprintf(err, errlen, "the calibration has %d places, the "
			 "game's board %d: calibrate this board for this game",
			 v->calib.nplaces, n);
		return -1;
	}
	return 0;
}

static int start_reader(struct cam_view *v, char *err, size_t errlen)
{
	v->reader = cam_reader_open(&v->calib);
	if (v->reader == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

int cam_view_open(struct cam_view *v, const char *calib,
		  const char *const *names, int n, char *err, size_t errlen)
{
	memset(v, 0, sizeof(*v));
	if (cam_calib_load(&v->calib, calib, err, errlen) < 0 ||
	    map_order(v, names, n, err, errlen) < 0 ||
	    start_reader(v, err, errlen) < 0) {
		cam_view_close(v);
		return -1;
	}
	return 0;
}

int cam_view_open_empty(struct cam_view *v, const char *photo,
			const char *const *names, int n, char *err,
			size_t errlen)
{
	struct cam_image img;
	char why[300];

	memset(v, 0, sizeof(*v));
	if (n < 4 || n % 2 != 0) {
		snprintf(err, errlen, "not a board of two rows and two stores");
		return -1;
	}
	if (cam_image_load(photo, 1, &img, err, errlen) < 0)
		return -1;
	if (cam_calib_set_empty(&v->calib, &img, photo, err, errlen) < 0) {
		cam_image_free(&img);
		return -1;
	}
	cam_image_free(&img);
	if (cam_calib_find(&v->calib, n / 2 - 1, names, why,
			   sizeof(why)) < 0) {
		snprintf(err, errlen, "%s: %s", photo, why);
		cam_view_close(v);
		return -1;
	}
	if (map_order(v, names, n, err, errlen) < 0 ||
	    start_reader(v, err, errlen) < 0) {
		cam_view_close(v);
		return -1;
	}
	return 0;
}

void cam_view_close(struct cam_view *v)
{
	cam_reader_close(v->reader);
	v->reader = NULL;
	cam_calib_free(&v->calib);
}

int cam_view_decode(const struct cam_view *v, const void *jpeg, size_t len,
		    struct cam_image *img, char *err, size_t errlen)
{
	return cam_image_decode(jpeg, len, v->calib.shrink, img, err, errlen);
}

int cam_view_read(struct cam_view *v, const struct cam_image *img,
		  struct cam_reading *rd, char *snap, size_t len)
{
	if (cam_read(v->reader, img, rd) < 0)
		return -1;
	snap[0] = '\0';
	if (rd->status == CAM_READ_OK &&
	    cam_reading_format(rd, v->order, v->n, snap, len) < 0)
		return -1;
	return 0;
}

int cam_view_learn(struct cam_view *v, const struct cam_reading *rd,
		   const int *counts)
{
	int c[CAM_PLACES_MAX] = { 0 };

	for (int i = 0; i < v->n; i++)
		c[v->order[i]] = counts[i];
	return cam_reader_learn(v->reader, &v->calib, rd, c);
}
