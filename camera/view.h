/*
 * view.h - a camera's view of one board: its calibration, its reader,
 * and the places in the game's order, from JPEG frames to snapshots.
 * The seeds' area is learned from a frame of a board whose counts are
 * known (the start position, or the position a game resumes at).
 */
#ifndef PITBOSS_CAMERA_VIEW_H
#define PITBOSS_CAMERA_VIEW_H

#include <stddef.h>

#include "camera/read.h"

struct cam_view {
	struct cam_calib calib;
	struct cam_reader *reader;
	int n;				/* places of the game */
	int order[CAM_PLACES_MAX];	/* their calibration indices */
};

/* From a calibration file, for a game whose places are `names[0..n)`.
 * 0, or -1 with why in `err`. */
int cam_view_open(struct cam_view *v, const char *calib, const char *const *names,
		  int n, char *err, size_t errlen);
/* Calibrated on the fly from a photo of the empty board, its places
 * found (a board of two rows and two stores: n = 2 * pits + 2). */
int cam_view_open_empty(struct cam_view *v, const char *photo,
			const char *const *names, int n, char *err,
			size_t errlen);
void cam_view_close(struct cam_view *v);

/* A JPEG frame decoded at the working scale. */
int cam_view_decode(const struct cam_view *v, const void *jpeg, size_t len,
		    struct cam_image *img, char *err, size_t errlen);
/* A frame read; when readable, its snapshot text in `snap`. 0 (see
 * rd->status), or -1 when out of memory. */
int cam_view_read(struct cam_view *v, const struct cam_image *img,
		  struct cam_reading *rd, char *snap, size_t len);
/* Learns a seed's area from a reading of the counts `counts` (the
 * game's order). 0, or -1. */
int cam_view_learn(struct cam_view *v, const struct cam_reading *rd,
		   const int *counts);

#endif
