/*
 * read.h - what a still frame shows of the board: per place, the seeds
 * it may hold, as a range when a pile hides how many, or why the frame
 * cannot be read (a hand in view, the board moved).
 *
 * Each pixel of a place is compared with the empty board's pixels
 * around the same point (so that a shift of a pixel or two is not a
 * seed), each place where its wall and rim fit best within two pixels
 * of the board's shift, after the light is matched: a plane of gain over the whole
 * board, corrected by the ring of bare board around each place. The
 * pixels that differ, cleaned by a morphological opening (leptonica),
 * give the place's seed area and its components. The area over one
 * seed's, with the components as a floor, is the count; it is given as
 * a range that widens where seeds pile up and hide each other (full
 * pits, stores): the referee picks among the boards the legal moves
 * leave, so a range is enough where the candidates differ elsewhere.
 */
#ifndef PITBOSS_CAMERA_READ_H
#define PITBOSS_CAMERA_READ_H

#include <stddef.h>

#include "camera/calib.h"

enum cam_read_status {
	CAM_READ_OK,
	CAM_READ_HAND,		/* something over the board: declined */
	CAM_READ_MOVED,		/* the board is not where it was calibrated */
	CAM_READ_BAD		/* not a frame of this camera */
};

/* The upper end of a heap's range: as many as the board may hold. */
#define CAM_COUNT_MAX 99

struct cam_reading {
	enum cam_read_status status;
	char why[200];
	int dx, dy;			/* the board's shift, working pixels */
	double changed;			/* share of the bare board that
					   differs from the empty board */
	int lo[CAM_PLACES_MAX], hi[CAM_PLACES_MAX];
	double area[CAM_PLACES_MAX];	/* seed pixels (working scale) */
	int parts[CAM_PLACES_MAX];	/* components of a seed's size */
	double seeds[CAM_PLACES_MAX];	/* the seed area in seeds; -1:
					   not read (glare washes it out) */
};

struct cam_reader;

struct cam_reader *cam_reader_open(const struct cam_calib *calib);
void cam_reader_close(struct cam_reader *r);

/* Reads a frame at the calibration's working scale. 0 (see
 * out->status), or -1 when out of memory. */
int cam_read(struct cam_reader *r, const struct cam_image *frame,
	     struct cam_reading *out);

/* A reading of a board whose counts are known (per place, in the
 * calibration's order): learns one seed's area from it (stored in the
 * calibration). 0, or -1 when it has too few seeds to tell, or its
 * seeds do not show against the empty board (the empty board itself,
 * or the calibration's own photo, given as the start). */
int cam_reader_learn(struct cam_reader *r, struct cam_calib *calib,
		     const struct cam_reading *rd, const int *counts);

/* The reading as a snapshot's text: the places `order[0..n)` (indices
 * of the calibration), each a count, or a range with the seeds its seed
 * area alone makes, "LO-HI~X.X" ("LO-HI" where not read), blank
 * between. */
int cam_reading_format(const struct cam_reading *rd, const int *order,
		       int n, char *buf, size_t len);

#endif
