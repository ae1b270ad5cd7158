/*
 * calib.h - where a board's places are in the camera's view, and what
 * the board looks like empty: a table's calibration.
 *
 * A calibration is a text file: the frame size it was made at, the
 * photo of the empty board it was made from (kept beside it), every
 * place as an ellipse (a pit: a circle; a store: its outline), and,
 * once learned, the area one seed covers. It is made from a photo of
 * the empty board, its places found there (two rows of pits with a store
 * at each end) or given in a file of the same `place` lines.
 *
 *   size 1280 720
 *   empty table1-empty.jpg
 *   place a pit 205.0 530.0 52.0 52.0
 *   place S store 1175.0 360.0 55.0 170.0
 *   seed-area 610
 */
#ifndef PITBOSS_CAMERA_CALIB_H
#define PITBOSS_CAMERA_CALIB_H

#include <stddef.h>

#include "camera/image.h"

#define CAM_PLACES_MAX 64
#define CAM_NAME_MAX 8
#define CAM_PATH_MAX 512

struct cam_place {
	char name[CAM_NAME_MAX];
	int store;			/* a store (else a pit) */
	double x, y, rx, ry;		/* centre and half axes, in pixels of
					   the calibration's frame size */
};

struct cam_calib {
	int w, h;			/* the frame size */
	char empty_path[CAM_PATH_MAX];	/* the empty board's photo */
	int nplaces;
	struct cam_place place[CAM_PLACES_MAX];
	double seed_area;		/* pixels of one seed, 0: not known */
	/* Loaded: the empty board at the working scale (w/shrink). */
	int shrink;
	struct cam_image empty;
};

/* The working scale for a frame `w` pixels wide: 1, 2, 4 or 8. */
int cam_calib_shrink_for(int w);

/*
 * The places of a board of two rows of `pits` pits and a store at each
 * end, found in the calibration's empty board (cam_calib_set_empty): the
 * first row the one nearer the bottom of the frame, left to right, its
 * store on the right; the other row right to left, its store on the
 * left. `names` gives the places' names in that order (2 * pits + 2).
 * 0, or -1 with why in `err`.
 */
int cam_calib_find(struct cam_calib *c, int pits, const char *const *names,
		   char *err, size_t errlen);

/* Reads `place` (and the other) lines from a file into `c`, keeping
 * what it does not say. 0, or -1 with FILE:LINE: why in `err`. */
int cam_calib_read(struct cam_calib *c, const char *path, char *err,
		   size_t errlen);
/* Loads a calibration and its empty board's photo (a relative photo
 * path is taken from the calibration's folder). */
int cam_calib_load(struct cam_calib *c, const char *path, char *err,
		   size_t errlen);
/* Sets the empty board's photo (the full-size image `img`, saved at
 * `photo`) of a calibration. */
int cam_calib_set_empty(struct cam_calib *c, const struct cam_image *img,
			const char *photo, char *err, size_t errlen);
int cam_calib_save(const struct cam_calib *c, const char *path, char *err,
		   size_t errlen);
void cam_calib_free(struct cam_calib *c);

/* How far (x, y) is from place p's centre, 1 on its outline: a pit's
 * circle, or a store's rounded rectangle (a superellipse of degree 4
 * with the half axes rx, ry). */
double cam_place_distance(const struct cam_place *p, double x, double y);

/*
 * How much of each place's floor a lamp's glare washes out in the empty
 * board, 0..1, into washed[0..nplaces): its pixels near white in every
 * channel, or much brighter and greyer than the pits' floors are as a
 * rule (light added over the colour), where a seed would show little or
 * nothing. A place washed out over CAM_WASHED of its floor is read with
 * low confidence: its count is not read. `touched` (may be NULL): the
 * share the glare lights at all (brighter and greyer by a little); over
 * CAM_TOUCHED, the place's count is read with the glare's patch in mind
 * (seeds seen there, or the frame saturated there, widen its range).
 */
#define CAM_WASHED 0.2
#define CAM_TOUCHED 0.02
void cam_calib_washed(const struct cam_calib *c, double *washed,
		      double *touched);

/* The glare's patch over the places' floors in the empty board, per pixel
 * of it (empty.w x empty.h, row by row) into map: 2 where it washes the
 * floor out, 1 where it only lights it (as cam_calib_washed), else 0. */
void cam_calib_glare(const struct cam_calib *c, unsigned char *map);

/* The place named `name`, or -1. */
int cam_calib_place(const struct cam_calib *c, const char *name);

/* Draws the places' outlines over `img` (of any scale), each green,
 * orange where glare washes it out, or red where `doubt` (per place,
 * may be NULL) is set, with a dot at the first place of each row to
 * show the order. */
void cam_calib_draw(const struct cam_calib *c, struct cam_image *img,
		    const int *doubt);

#endif
